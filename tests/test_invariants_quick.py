"""The invariants' quick pass (``engine.invariants.holds``) agrees with the rule-by-rule check
(``breaches``) on every state: sound ones from whole games of every edition, and the same
states broken on purpose, one rule at a time; and a simulation that checks once a player-turn
still names the decision after which an invariant broke."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from monopoly_tui import simulate as S
from monopoly_tui.bots import make_bot
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import breaches, check_play, holds
from monopoly_tui.engine.spec import STREET
from monopoly_tui.engine.state import OUT
from monopoly_tui.rules import load_spec


def _break_one(game: Game, r: random.Random) -> str:
    """Break one rule of ``check_play`` at random; return which."""
    st, spec = game.st, game.spec
    how = r.randrange(12)
    if how == 10:
        empty = next(sp.index for sp in spec.spaces if sp.deed < 0)
        st.placed[empty] += 1
        return "a building on a space with no deed"
    if how == 11:
        built = [d for d in spec.deeds if st.buildings[d.index]]
        if built:  # the same number of buildings, one on the wrong space
            here = built[0].spaces[0]
            there = next(sp.index for sp in spec.spaces if sp.deed >= 0 and sp.index != here)
            st.placed[here] -= 1
            st.placed[there] += 1
            return "a building standing off its deed's space"
        st.placed[spec.deeds[0].spaces[0]] = 1
        return "a building placed that no deed counts"
    if how == 0:
        st.players[r.randrange(len(st.players))].cash -= 10**6
        return "negative cash"
    if how == 1:
        st.pot += 1
        return "ledger"
    if how == 2:
        st.owner[r.randrange(len(st.owner))] = len(st.players)
        return "owner out of range"
    if how == 3:
        d = r.randrange(len(st.owner))
        st.owner[d], st.mortgaged[d] = -1, True
        return "bank's deed mortgaged"
    if how == 4:
        st.bank_houses -= 1
        return "a house vanished"
    if how == 5:
        st.bank_hotels += 1
        return "a hotel appeared"
    if how == 6 and any(d.kind != STREET for d in spec.deeds):
        d = next(d.index for d in spec.deeds if d.kind != STREET)
        st.buildings[d] += 1
        st.bank_houses -= 1
        return "a house on a railroad"
    if how == 7:
        g = next(g for g in spec.groups if g.kind == STREET and len(g.deeds) > 1)
        a, b = g.deeds[0], g.deeds[1]
        st.owner[a], st.owner[b] = 0, 1
        st.buildings[a] += 1
        st.bank_houses -= 1
        return "a building on a split group"
    if how == 8:
        pl = st.players[-1]
        st.bank_net -= pl.cash
        pl.cash = 0
        pl.status = OUT
        if -1 in st.owner:
            st.owner[st.owner.index(-1)] = len(st.players) - 1
        else:
            pl.cards.append((0, 0))
        return "a bankrupt player holds a deed or a card"
    if st.decks and st.decks[0]:
        st.decks[0].pop()
    else:
        st.players[0].cards.append((0, 0))
    return "a card lost or made up"


@pytest.mark.parametrize("edition", ["classic", "got", "nfl", "lotr"])
def test_the_quick_pass_says_yes_exactly_when_nothing_is_broken(edition: str) -> None:
    spec = load_spec(edition)
    r = random.Random(edition)
    sound = broken = 0
    for seed in range(3):
        game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(4)], seed=seed)
        bots = [make_bot("random" if seed % 2 else "basic", seed * 16 + i) for i in range(4)]
        while not game.over and game.st.turns < 300:
            _, who = game.waiting_for
            game.act(bots[who].choose(game, who))
            assert holds(game) == (not breaches(game)) == (not check_play(game))
            sound += 1
            if game.st.decisions % 7 == 0:
                bad = game.copy()
                what = _break_one(bad, r)
                assert breaches(bad), what
                assert not holds(bad), what
                assert check_play(bad) == breaches(bad)
                broken += 1
    assert sound > 300 and broken > 40


def _turn_of_each_decision(seed: int) -> list[int]:
    """The player-turn each decision of a basic bots' game was taken in (index 0 is decision
    1)."""
    turns: list[int] = []

    def note(game: Game) -> None:
        turns.append(game.st.turns)

    S.play_game(load_spec("classic"), ["basic"] * 4, seed, check=False, after_decision=note,
                max_turns=60)
    return turns


def _corrupt_at(decision: int, how: Callable[[Game], None]) -> Callable[[Game], None]:
    def hook(game: Game) -> None:
        if game.st.decisions == decision:
            how(game)

    return hook


def test_a_breach_in_the_middle_of_a_player_turn_names_its_own_decision() -> None:
    """The check runs once a player-turn; a state broken at a decision that is not the last
    of its player-turn is still reported at that decision (found by playing the game again)."""
    turns = _turn_of_each_decision(8)
    # decision k (1-based) is mid-turn when decision k + 1 is in the same player-turn, and
    # is not the first decision of its turn either
    mid = next(k for k in range(2, len(turns)) if turns[k - 2] == turns[k - 1] == turns[k]
               and k > 20)

    def lose_a_hotel(game: Game) -> None:
        game.st.bank_hotels -= 1

    _, failure = S.play_game(load_spec("classic"), ["basic"] * 4, seed=8,
                             after_decision=_corrupt_at(mid, lose_a_hotel))
    assert failure is not None
    assert (failure.decision, failure.kind) == (mid, "invariant")
    assert any("hotels" in p for p in failure.problems)


def test_a_breach_the_game_played_again_does_not_repeat_is_still_reported() -> None:
    """An ``after_decision`` that breaks the state only the first time: playing the game again
    finds nothing, so the failure names the decision at which the player-turn's check found
    it."""
    done: list[int] = []

    def once(game: Game) -> None:
        if game.st.decisions == 30 and not done:
            done.append(1)
            game.st.bank_houses -= 1

    _, failure = S.play_game(load_spec("classic"), ["basic"] * 4, seed=8, after_decision=once)
    assert failure is not None and failure.kind == "invariant"
    assert failure.decision >= 30
    assert any("houses" in p for p in failure.problems)

