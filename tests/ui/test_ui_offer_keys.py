"""A trade offer comes when its partner may be pressing keys meant for another screen: a
computer's offer arrives as a human's turn comes round, while they press ``r`` or Enter for the
dice. Its answers take keys no other screen uses (shifted: ``A``, ``R``, ``C``), and no button
has the focus, so nothing pressed for the dice answers it (issue 33, item 4)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import pytest
from driver import settle, shown_keys, started
from states import human_and_computer
from textual.binding import Binding
from textual.screen import Screen

import monopoly_tui.ui
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.frames import TradeFrame
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.ui.trade import TradeReview


def _keys(cls: type) -> dict[str, str]:
    """The keys a screen class binds (its own and its bases'), each with its action."""
    keys: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        for b in vars(klass).get("BINDINGS", []):
            if isinstance(b, Binding):
                for key in b.key.split(","):
                    keys[key.strip()] = b.action
    return keys


def _screens() -> list[type]:
    found: list[type] = []
    for mod in pkgutil.walk_packages(monopoly_tui.ui.__path__, "monopoly_tui.ui."):
        module = importlib.import_module(mod.name)
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if issubclass(obj, Screen) and obj.__module__ == module.__name__:
                found.append(obj)
    return found


def test_no_other_screen_binds_the_keys_of_an_offer() -> None:
    answers = {k for k, action in _keys(TradeReview).items()
               if action.startswith("choose(") or action == "counter"}
    assert answers == {"A", "R", "C"}
    clashes = {(cls.__name__, key) for cls in _screens() if not issubclass(cls, TradeReview)
               for key in _keys(cls) if key in answers}
    assert clashes == set()


def _offer_as_turn_comes() -> Any:
    """Ann's turn has come round (she is to roll) and Bob, a computer, has put an offer to her:
    his deed for 100."""
    s = human_and_computer(seed=1)
    st = s.game.st
    st.owner[1] = 1
    st.current = 0
    st.frames.append(TradeFrame(TradeOffer(1, 0, (1,), (), 0, 100)))
    return s


@pytest.mark.parametrize("size", [(100, 30), (160, 50)])
async def test_keys_pressed_for_the_dice_do_not_answer_an_offer(size: tuple[int, int]) -> None:
    s = _offer_as_turn_comes()
    made = s.game.st.decisions
    async with started(s, size=size) as (app, pilot):
        assert type(app.screen).__name__ == "TradeReview"
        assert s.pending.kind == A.TRADE and s.pending.player == 0
        assert {"A", "R", "C"} <= shown_keys(app)
        assert "r" not in shown_keys(app)
        for key in ("r", "enter", "space", "a", "c", "e", "b", "n", "y"):
            await pilot.press(key)
            await settle(pilot)
            assert type(app.screen).__name__ == "TradeReview", key
            assert s.game.st.decisions == made, key
        await pilot.press("R")
        await settle(pilot)
        assert type(app.screen).__name__ == "GameScreen"
        assert s.game.st.owner[1] == 1  # turned down: the deed stays Bob's
        assert s.pending.kind == A.ROLL and s.pending.player == 0


async def test_an_offer_is_accepted_by_shift_a() -> None:
    s = _offer_as_turn_comes()
    async with started(s, size=(160, 50)) as (app, pilot):
        assert type(app.screen).__name__ == "TradeReview"
        await pilot.press("A")
        await settle(pilot)
        assert s.game.st.owner[1] == 0
        assert type(app.screen).__name__ == "GameScreen"
