"""Rollouts: ``simulate.play_turns`` (the quiet loop a computer player that looks ahead plays on a
``Game.copy()``) plays exactly the game the bots play when each is asked every decision, and
the standing answers it takes without asking are the bots' own."""

from __future__ import annotations

import pytest

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.basic import BasicBot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec
from monopoly_tui.simulate import bot_seed, game_tokens, play_turns, standing_rolls

EDITIONS = ("classic", "got", "nfl", "lotr", "dnd", "lge")


def _new(edition: str, seed: int) -> Game:
    spec = load_spec(edition)
    tokens = game_tokens(spec, 4, seed)
    return Game.new(spec, [(f"basic {i + 1}", tokens[i]) for i in range(4)], seed=seed)


@pytest.mark.parametrize("edition", EDITIONS)
def test_play_turns_plays_the_game_the_bots_choose(edition: str) -> None:
    """The same seeded game, once with every bot asked at every decision (``choose``; rent an
    owner must ask for asked at once, as ``play_game`` has it), once by ``play_turns`` in
    rollouts of 40 player-turns: the same decisions, the same state."""
    asked, looped = _new(edition, 7), _new(edition, 7)
    looped.quiet = True
    bots = [make_bot("basic", bot_seed(7, i)) for i in range(4)]
    st = asked.st
    while not asked.over and st.turns < 300:
        kind, who = asked.waiting_for
        if st.claims and kind in (A.ROLL, A.JAIL, A.END_TURN):  # (as play_game: owners ask)
            asked.act(Action(A.A_COLLECT_RENT, st.claims[0].owner, 0))
        else:
            asked.act(bots[who].choose(asked, who))
    bots = [make_bot("basic", bot_seed(7, i)) for i in range(4)]
    played = 0
    while not looped.over and looped.st.turns < 300:
        played += play_turns(looped, bots, min(40, 300 - looped.st.turns))
    assert played == asked.st.turns > 40
    assert looped.history == asked.history
    assert looped.st.players == asked.st.players and looped.st.owner == asked.st.owner


def test_a_rollout_on_a_copy_leaves_the_game_as_it_was() -> None:
    game = _new("classic", 3)
    play_turns(game, [make_bot("basic", i) for i in range(4)], 30)
    history, cash = list(game.history), [p.cash for p in game.st.players]
    trial = game.copy()
    trial.quiet = True
    assert play_turns(trial, [make_bot("basic", 100 + i) for i in range(4)], 40) > 0
    assert game.history == history and [p.cash for p in game.st.players] == cash


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_standing_roll_is_the_basic_bots_own_answer(edition: str) -> None:
    """Wherever a basic bot is asked to roll, its answer is the one ``standing_rolls`` takes
    for it (the very same shared action); other bots get none."""
    game = _new(edition, 11)
    bots = [make_bot("basic", bot_seed(11, i)) for i in range(4)]
    rolls = standing_rolls(bots)
    asked = 0
    while not game.over and game.st.turns < 200:
        kind, who = game.waiting_for
        action = bots[who].choose(game, who)
        if kind == A.ROLL:
            assert action is rolls[who]
            asked += 1
        game.act(action)
    assert asked > 50
    assert standing_rolls([make_bot("expert", 0), make_bot("random", 1)]) == [None, None]

    try:  # a bot of its own that builds on the basic one may roll otherwise
        mine = type("Mine", (BasicBot,), {})(0)
    except TypeError:  # (compiled, the class takes no Python subclasses)
        return
    assert standing_rolls([mine]) == [None]
