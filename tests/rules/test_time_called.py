"""The time limit game by the clock (rulebook:NFL: 'Before starting, agree upon a definite hour
of termination, when the richest player will be declared the winner'): the house rule 'End at
a clock time' lets the table call time between two turns; the engine never reads a clock."""

from __future__ import annotations

import pytest

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec

HOUR = 1_900_000_000  # the agreed hour, a Unix time: only carried, never compared by the engine


def _game(**house_rules: int) -> Game:
    spec = load_spec("nfl")
    return Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1]),
                           ("Cid", spec.tokens[2])], seed=4, variant="time-limit",
                    house_rules=house_rules)


def test_time_called_between_turns_makes_the_richest_player_win() -> None:
    game = _game(end_at=HOUR)
    assert game.spec.rules.time_call
    assert game.spec.rules.turn_limit == 40  # the variant's rounds still stand beside it
    st = game.st
    st.players[2].cash += 5_000
    assert game.pending.kind == A.ROLL
    events = game.act(Action(A.A_CALL_TIME, st.current))
    assert st.over and st.end_reason == "time_called"
    assert st.winner == 2
    assert st.ranking[0] == 2
    worth = [P.valuation(game.spec, st, p) for p in st.ranking]
    assert worth == sorted(worth, reverse=True)
    assert any(e.kind == "game_over" for e in events)
    from monopoly_tui.engine.describe import describe_all

    assert any("when the agreed hour came" in line for line in describe_all(events, game))


def test_time_is_not_called_inside_a_turn_nor_without_the_rule() -> None:
    game = _game(end_at=HOUR)
    st = game.st
    game.act(Action(A.A_ROLL, st.current))
    if not st.over and not st.frames and st.stage == "pre_roll":
        pytest.skip("the roll ended the turn at once")
    with pytest.raises(IllegalAction):
        game.act(Action(A.A_CALL_TIME, st.current))
    assert not st.over
    plain = _game()
    assert not plain.spec.rules.time_call
    with pytest.raises(IllegalAction, match="no agreed hour"):
        plain.act(Action(A.A_CALL_TIME, plain.st.current))


def test_the_call_is_never_offered_to_a_player_or_a_bot() -> None:
    game = _game(end_at=HOUR)
    for p in range(3):
        assert all(a.kind != A.A_CALL_TIME for a in game.legal_actions(p))


def test_the_rules_text_says_the_game_ends_at_the_agreed_hour() -> None:
    from monopoly_tui.ui.help import rules_summary

    assert "at the hour the players agreed" in rules_summary(_game(end_at=HOUR).spec)
    assert "at the hour the players agreed" not in rules_summary(_game().spec)
