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
from textual import events
from textual.binding import Binding
from textual.screen import Screen

import monopoly_tui.ui
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.frames import TradeFrame
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.ui import decisions
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


def _key(screen: Any, key: str, after: float) -> events.Key:
    """The key ``key`` as the terminal would have read it ``after`` seconds after the moment
    the offer starts to take keys (negative: before): a key's stamp is when it was read, so
    no test waits for the moment to pass."""
    event = events.Key(key, key)
    event.time = screen._keys_from + after
    return event


async def test_an_offer_takes_no_key_in_the_moment_after_it_comes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In play a key counts only ``KEY_GUARD_SECONDS`` after the offer is on the screen: R
    pressed just before does nothing, R pressed after it rejects the offer."""
    monkeypatch.setattr(decisions, "KEY_GUARD_SECONDS", 0.4)
    s = _offer_as_turn_comes()
    made = s.game.st.decisions
    async with started(s, size=(160, 50)) as (app, pilot):
        scr = app.screen
        assert isinstance(scr, TradeReview) and scr._keys_from is not None
        for after in (-0.39, -0.2, -0.001):  # pressed for the dice as the offer came
            app.post_message(_key(scr, "R", after))
            await settle(pilot)
            assert app.screen is scr and s.game.st.decisions == made, after
        app.post_message(_key(scr, "R", 0.001))
        await settle(pilot)
        assert type(app.screen).__name__ == "GameScreen"
        assert s.game.st.owner[1] == 1 and s.pending.kind == A.ROLL


async def test_a_key_read_before_the_offer_was_up_never_answers_it() -> None:
    """Without the moment (the tests' 0), a key read before the dialog was mounted still does
    nothing: it was meant for the screen before."""
    s = _offer_as_turn_comes()
    made = s.game.st.decisions
    async with started(s, size=(160, 50)) as (app, pilot):
        scr = app.screen
        assert isinstance(scr, TradeReview)
        app.post_message(_key(scr, "R", -0.05))
        await settle(pilot)
        assert app.screen is scr and s.game.st.decisions == made
        await pilot.press("R")
        await settle(pilot)
        assert type(app.screen).__name__ == "GameScreen"


async def test_the_next_offer_in_the_open_dialog_waits_its_moment_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two offers one after the other to Ann: the dialog stays open for the second, which
    takes no key in the moment after it is shown either (the R that rejected the first,
    pressed twice, leaves the second unanswered)."""
    monkeypatch.setattr(decisions, "KEY_GUARD_SECONDS", 0.4)
    s = human_and_computer(seed=1)
    st = s.game.st
    st.owner[1] = 1
    st.owner[3] = 1
    st.current = 0
    st.frames.append(TradeFrame(TradeOffer(1, 0, (3,), (), 0, 50)))
    st.frames.append(TradeFrame(TradeOffer(1, 0, (1,), (), 0, 100)))
    async with started(s, size=(160, 50)) as (app, pilot):
        scr = app.screen
        assert isinstance(scr, TradeReview) and scr._keys_from is not None
        first_from = scr._keys_from
        app.post_message(_key(scr, "R", 0.001))
        await settle(pilot)
        assert app.screen is scr and s.pending.kind == A.TRADE
        assert s.pending.context["offer"].give_deeds == (3,)
        made = s.game.st.decisions
        assert scr._keys_from is not None and scr._keys_from > first_from
        event = events.Key("R", "R")
        event.time = first_from + 0.002  # the second R of a double press
        app.post_message(event)
        await settle(pilot)
        assert app.screen is scr and s.game.st.decisions == made
        app.post_message(_key(scr, "R", 0.001))
        await settle(pilot)
        assert type(app.screen).__name__ == "GameScreen" and st.owner[3] == 1
