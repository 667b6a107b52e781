"""The words on screen, each as the edition's rulebook and the game's own state say it (issue
33, item 7): every wrong or misleading word found by new players, pinned where it is made."""

from __future__ import annotations

import io
from typing import Any

from driver import new_session
from rich.console import Console

from monopoly_tui.engine.mechanics.dnd_adventures import card_of
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures_state
from monopoly_tui.engine.spec import LOCATION
from monopoly_tui.rules import load_spec
from monopoly_tui.ui.render import deed_card


def plain(renderable: Any, width: int = 60) -> str:
    """A renderable as a player reads it, without colour."""
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def flat(text: str) -> str:
    """The words of a text, whatever its line breaks and borders."""
    return " ".join(text.replace("│", " ").replace("╰", " ").replace("╯", " ").split())


def test_a_money_printed_as_m_is_never_called_dollars() -> None:
    """Longest Game Ever's rulebook prints its money as M: its deeds said "in dollars"."""
    for edition in ("classic", "nfl", "lge", "lotr", "got", "dnd"):
        v = load_spec(edition).vocab
        if not v.money(5).startswith("$"):
            assert "dollar" not in v.currency.lower(), edition
    s = new_session("lge", [("Ann", True), ("Bob", False)], seed=1)
    card = plain(deed_card(s.game, 0, width=44, compact=True), 44)
    assert "in Monopoly money" in card and "dollars" not in card, card


def test_an_unsecured_location_is_not_for_sale_and_shows_its_revealed_card() -> None:
    """D&D: a location is secured, never bought from the Bank; once its Adventure card is
    revealed its card shows it (picture, text, target and price)."""
    s = new_session("dnd", [("Ann", True), ("Bob", False)], seed=1)
    game = s.game
    d = next(d for d in game.spec.deeds if d.kind == LOCATION)
    hidden = flat(plain(deed_card(game, d.index, width=50), 50))
    assert "For sale" not in hidden, hidden
    assert "Unsecured: the first to land pays the Bank" in hidden, hidden
    adventures_state(game).revealed[d.index] = True
    card = card_of(game, d.index)
    shown = flat(plain(deed_card(game, d.index, width=60), 60))
    assert "For sale" not in shown
    assert "Adventure card revealed" in shown, shown
    for words in (card.picture, card.text,
                  f"Roll {card.target}+ on the red die or pay {card.price} gold"):
        assert flat(words) in shown, (words, shown)
    small = plain(deed_card(game, d.index, width=44, compact=True), 44)
    assert len(small.splitlines()) <= 11, small  # the small card's rows
    assert f"Roll {card.target}+ on the red die" in flat(small), small
    # a deed of an edition that sells them still says so
    classic = new_session("classic", [("Ann", True), ("Bob", False)], seed=1)
    assert "For sale by the Bank" in flat(plain(deed_card(classic.game, 0, width=44), 44))
