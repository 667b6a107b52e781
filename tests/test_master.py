"""The master computer player (``bots.master``) and the sampled futures it plays
(``bots.search``): what it may and may not do to the game it thinks about, what it weighs,
and a whole game of masters in every edition. Every search here is by a count of futures, so
nothing depends on the machine's speed."""

from __future__ import annotations

import pytest

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.expert import ExpertBot
from monopoly_tui.bots.master import (
    MARGIN,
    Advice,
    MasterBot,
    Option,
    advise,
    candidates,
    pick,
    win_chances,
)
from monopoly_tui.bots.search import chances, fresh_future, judge_for, rollout
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.snapshot import encode
from monopoly_tui.rules import load_spec
from monopoly_tui.simulate import bot_seed, game_tokens

EDITIONS = ("classic", "got", "nfl", "lotr", "dnd", "lge")


def snapshot(game: Game) -> object:
    """The game's whole state and history, to compare."""
    return encode((game.st, list(game.history)))


def _new(edition: str, seed: int, players: int = 4) -> Game:
    spec = load_spec(edition)
    tokens = game_tokens(spec, players, seed)
    return Game.new(spec, [(f"p{i + 1}", tokens[i]) for i in range(players)], seed=seed)


def _at_buy(edition: str = "classic") -> Game:
    """A game of basic bots played until a player may buy the deed they stand on."""
    game = _new(edition, 3)
    bots = [make_bot("basic", bot_seed(3, i)) for i in range(4)]
    while game.waiting_for[0] != A.BUY:
        who = game.waiting_for[1]
        game.act(bots[who].choose(game, who))
    return game


def test_a_future_redraws_the_dice_and_the_cards_and_leaves_the_game_alone() -> None:
    """A sampled future knows the board and not the order of the dice or the decks: a new
    generator state and the cards left in each deck in a new order; the game itself is as
    it was."""
    game = _new("classic", 1)
    before = snapshot(game)
    future = fresh_future(game, 99)
    assert future.st.rng.getstate() != game.st.rng.getstate()
    assert any(f != g for f, g in zip(future.st.decks, game.st.decks, strict=True))
    assert [sorted(d) for d in future.st.decks] == [sorted(d) for d in game.st.decks]
    assert future.st.owner == game.st.owner and future.st.players[0].cash == \
        game.st.players[0].cash
    assert snapshot(game) == before


def test_chances_sum_to_one_and_a_game_over_is_its_winners() -> None:
    game = _new("classic", 1)
    judge = judge_for(game)
    even = chances(game, judge)
    assert sum(even) == pytest.approx(1.0)
    assert even == pytest.approx([0.25] * 4)  # the same start for everyone
    game.st.players[0].cash += 3000
    rich = chances(game, judge)
    assert rich[0] > 0.5 and sum(rich) == pytest.approx(1.0)
    game.st.over, game.st.winner = True, 2
    assert chances(game, judge) == [0.0, 0.0, 1.0, 0.0]


def test_a_rollout_plays_on_a_copy_and_is_the_same_for_the_same_seed() -> None:
    game = _new("classic", 2)
    before = snapshot(game)
    judge = judge_for(game)
    first = rollout(game, 5, judge)
    assert rollout(game, 5, judge) == first
    assert rollout(game, 6, judge) != first
    assert sum(first) == pytest.approx(1.0)
    assert snapshot(game) == before


def test_candidates_are_the_experts_choice_and_one_of_each_other_kind() -> None:
    """At a deed for sale the master weighs buying against leaving it to auction, the
    expert's choice first."""
    game = _at_buy()
    who = game.waiting_for[1]
    expert = ExpertBot(1).decide(game, A.BUY, who)
    found = candidates(game, who, expert)
    assert found[0] == expert
    assert sorted(a.kind for a in found) == sorted({A.A_BUY, A.A_AUCTION})


def test_a_forced_roll_is_not_searched() -> None:
    game = _new("classic", 1)
    who = game.waiting_for[1]
    advice = advise(game, who, seed=1, rollouts=2)
    assert advice.choice == Action(A.A_ROLL, who) and not advice.searched


def test_the_master_leaves_the_experts_choice_only_for_a_clear_gain() -> None:
    """Another choice must beat the expert's by more than the margin and by more than the
    noise of the paired difference."""
    prior = Option(Action(A.A_BUY, 0), 0.50, 4, [0.5, 0.5, 0.5, 0.5])
    slight = Option(Action(A.A_AUCTION, 0), 0.50 + MARGIN / 2, 4, [0.51, 0.52, 0.51, 0.52])
    assert pick([prior, slight]) is prior
    noisy = Option(Action(A.A_AUCTION, 0), 0.6, 4, [0.1, 0.9, 0.1, 1.3])
    assert pick([prior, noisy]) is prior
    clear = Option(Action(A.A_AUCTION, 0), 0.6, 4, [0.6, 0.61, 0.59, 0.6])
    assert pick([prior, clear]) is clear


def test_advice_is_deterministic_legal_and_leaves_the_game_alone() -> None:
    game = _at_buy()
    who = game.waiting_for[1]
    before = snapshot(game)
    advice = advise(game, who, seed=4, rollouts=6)
    again = advise(game, who, seed=4, rollouts=6)
    assert snapshot(game) == before
    assert isinstance(advice, Advice) and advice.searched
    assert advice.choice == again.choice
    assert [(o.action, o.chance) for o in advice.options] == \
        [(o.action, o.chance) for o in again.options]
    assert advice.choice in game.pending.choices
    assert all(o.futures == 6 for o in advice.options)
    assert advice.options == sorted(advice.options, key=lambda o: -o.chance)


def test_win_chances_sum_to_one_and_leave_the_game_alone() -> None:
    game = _at_buy()
    before = snapshot(game)
    found = win_chances(game, seed=1, futures=4)
    assert len(found) == 4 and sum(found) == pytest.approx(1.0)
    assert snapshot(game) == before


def test_the_master_is_a_seat_kind_by_name() -> None:
    bot = make_bot("master", 3)
    assert isinstance(bot, MasterBot) and bot.name == "master"


@pytest.mark.parametrize("edition", EDITIONS)
def test_three_masters_play_a_game_of_every_edition_by_legal_choices(edition: str) -> None:
    """Three masters and a basic bot, with a small search, play 120 player-turns (or to the
    end) of every edition: every choice legal, the same game for the same seeds."""
    def play() -> tuple[list[Action], int]:
        game = _new(edition, 8)
        bots = [MasterBot(bot_seed(8, i), rollouts=2) for i in range(3)] + \
            [make_bot("basic", 1)]
        while not game.over and game.st.turns < 120:
            who = game.waiting_for[1]
            action = bots[who].choose(game, who)
            game.preview(action)  # raises IllegalAction for a choice the rules do not allow
            game.act(action)
        searched = sum(b.searches for b in bots if isinstance(b, MasterBot))
        return list(game.history), searched

    history, searched = play()
    assert searched > 0
    assert play()[0] == history


def test_a_whole_game_against_three_masters_ends_with_a_winner() -> None:
    """A classic game of three masters (a small search) and a basic bot is played to its end
    by the rulebook: somebody wins, nobody stalls."""
    game = _new("classic", 2)
    game.quiet = True
    bots = [MasterBot(bot_seed(2, i), rollouts=2) for i in range(3)] + [make_bot("basic", 1)]
    while not game.over and game.st.turns < 3000:
        who = game.waiting_for[1]
        game.act(bots[who].choose(game, who))
    assert game.over and game.st.winner >= 0
    assert sum(b.searches for b in bots if isinstance(b, MasterBot)) > 0
