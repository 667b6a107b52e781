"""The engine says what a choice would do before it is made (``Game.preview``): the property
manager shows it, so the rules stay the engine's."""

from __future__ import annotations

import pytest

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.frames import BuyFrame, DebtsFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.state import Debt
from monopoly_tui.rules import load_spec


def _game() -> Game:
    spec = load_spec("classic")
    game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])], seed=1)
    game.st.current = game.st.first_player = 0
    return game


def _deed(game: Game, deed_id: str) -> int:
    return next(d.index for d in game.spec.deeds if d.id == deed_id)


def test_preview_of_a_house_tells_the_cost_the_level_and_the_rent() -> None:
    """A house on Baltic (brown set owned): $50, rent $8 (the set's double of $4) to $20."""
    game = _game()
    med, baltic = _deed(game, "mediterranean"), _deed(game, "baltic")
    game.st.owner[med] = game.st.owner[baltic] = 0
    before = game.st.players[0].cash
    pv = game.preview(Action(A.A_BUILD, 0, baltic))
    assert (pv.cash_before, pv.cash_after, pv.delta) == (before, before - 50, -50)
    assert (pv.level_before, pv.level_after) == (0, 1)
    assert (pv.rent_before, pv.rent_after) == (8, 20)
    assert game.st.buildings[baltic] == 0 and game.st.players[0].cash == before  # untouched


def test_preview_of_a_mortgage_raises_its_value_and_the_rent_falls_to_nothing() -> None:
    game = _game()
    boardwalk = _deed(game, "boardwalk")
    game.st.owner[boardwalk] = 0
    pv = game.preview(Action(A.A_MORTGAGE, 0, boardwalk))
    assert pv.delta == 200 and pv.mortgaged_after
    assert (pv.rent_before, pv.rent_after) == (50, 0)


def test_preview_of_a_refused_choice_gives_the_engines_reason() -> None:
    game = _game()
    baltic = _deed(game, "baltic")
    game.st.owner[baltic] = 0
    with pytest.raises(IllegalAction, match="whole"):
        game.preview(Action(A.A_BUILD, 0, baltic))


def test_who_may_trade_is_the_engines_word() -> None:
    """Between rolls anyone in the game may propose a trade; while a deed waits to be bought,
    no one; while a debt waits, only the debtor (to raise the cash)."""
    game = _game()
    assert game.traders() == [0, 1]
    game.st.frames = [BuyFrame(0, _deed(game, "baltic"))]
    assert game.traders() == []
    game.st.frames = [DebtsFrame([Debt(1, 0, 5000, "rent", target=_deed(game, "baltic"))])]
    assert game.traders() == [1]


def test_a_mortgage_to_pay_for_a_deed_waits_for_nothing_new() -> None:
    """Mortgaging while a deed waits to be bought settles at once: the buy decision was there
    before (the buy dialog listed 'Mortgage Vermont Avenue (buy first)' with no amount)."""
    game = _game()
    vermont = _deed(game, "vermont")
    game.st.owner[vermont] = 0
    game.st.players[0].cash = 10
    game.st.frames = [BuyFrame(0, _deed(game, "connecticut"))]
    pv = game.preview(Action(A.A_MORTGAGE, 0, vermont))
    assert pv.waits == "" and pv.delta == 50
