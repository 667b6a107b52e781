"""The board never shows two different spaces under one label (issue 33, item 9): at 100x30 the
names were cut to 'St.…' for St. James and St. Charles, 'Never…' for Neverwinter and
Neverlight, 'The…' for four Game of Thrones spaces, 'Nars…' for both shards of Narsil.

``board_labels`` is checked for every edition in rulesets/ on every tile size from the
smallest the board draws (5 columns, one line for the name) to the largest (12 columns, four
lines), cut on one line or wrapped; the app is then opened at 160x50, 130x40 and 100x30 to
check that every tile it draws has a size in that range and that the names it shows differ."""

from __future__ import annotations

from pathlib import Path

import pytest
from driver import new_session, started

from monopoly_tui.rules import load_spec
from monopoly_tui.rules.loader import load_ruleset
from monopoly_tui.ui.board import SpaceTile, drawn_width
from monopoly_tui.ui.labels import board_labels, wrap

RULESETS = Path(__file__).parents[2] / "rulesets"
EDITIONS = sorted(load_ruleset(p).id for p in RULESETS.glob("*.yaml"))
WIDTHS = range(5, 13)
"""The columns a tile draws its name in, from 100x30 (5) to 160x50 (12, D&D's 32 spaces)."""
LINES = range(1, 5)
SIZES = [(160, 50), (130, 40), (100, 30)]


def clashes(names: tuple[str, ...], labels: tuple[tuple[str, ...], ...]) -> list[str]:
    """The labels two different names share."""
    owner: dict[tuple[str, ...], str] = {}
    out = []
    for name, label in zip(names, labels, strict=True):
        if owner.setdefault(label, name) != name:
            out.append(f"{owner[label]!r} and {name!r} both {'|'.join(label)!r}")
    return out


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_two_spaces_share_a_label_on_any_tile(edition: str) -> None:
    names = tuple(sp.short for sp in load_spec(edition).spaces)
    for width in WIDTHS:
        for lines in LINES:
            for cut in (False, True):
                labels = board_labels(names, width, lines, cut)
                assert not clashes(names, labels), (edition, width, lines, cut)
                for label in labels:
                    assert 1 <= len(label) <= lines and all(len(x) <= width for x in label)


def test_a_name_that_is_unique_keeps_its_cut_and_clashing_ones_shrink_the_shared_words() -> None:
    names = ("St. Charles Pl", "St. James Pl", "Baltic Ave", "Penn. Avenue", "Penn. Railroad",
             "The Twins", "The Wall", "Minas Tirith", "Minas Morgul", "Neverwinter",
             "Neverlight", "Mediterr. 2", "Mediterr. 3", "Chance", "Chance")
    got = dict(zip(names, ("|".join(x) for x in board_labels(names, 6, 1)), strict=False))
    assert got["Baltic Ave"] == "|".join(wrap("Baltic Ave", 6, 1)) == "Balti…"
    assert got["St. Charles Pl"] == "St.Ch…" and got["St. James Pl"] == "St.Ja…"
    assert got["Penn. Avenue"] == "P.Ave…" and got["Penn. Railroad"] == "P.Rai…"
    assert got["The Twins"] == "Twins" and got["The Wall"] == "Wall"
    assert got["Minas Tirith"] == "M.Tir…" and got["Minas Morgul"] == "M.Mor…"
    assert got["Neverwinter"] == "Neverw" and got["Neverlight"] == "Neverl"
    assert got["Mediterr. 2"] != got["Mediterr. 3"] and got["Mediterr. 2"].endswith(" 2")
    assert board_labels(("Chance", "Chance"), 5)[0] == board_labels(("Chance", "Chance"), 5)[1]


def test_names_too_alike_for_the_room_are_told_apart_by_a_number() -> None:
    names = ("Aaaaaaa x", "Aaaaaaa y", "Aaaaaaa z", "Aaaaaaa")
    labels = board_labels(names, 4, 1)
    assert len(set(labels)) == 4 and all(len(x[0]) <= 4 for x in labels)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("edition", EDITIONS)
async def test_the_tiles_the_app_draws_show_different_names(edition: str,
                                                            size: tuple[int, int]) -> None:
    s = new_session(edition, [("Ann", True), ("Bob", False)])
    async with started(s, size=size) as (app, _pilot):
        shown: dict[str, str] = {}
        for tile in app.screen.query(SpaceTile):
            if tile.space < 0:
                continue
            w, h = drawn_width(tile.content_size.width), tile.content_size.height
            assert w in WIDTHS and max(1, h - 2) in LINES, (w, h)
            lines = tile.render().plain.splitlines()
            name = " ".join(x.strip() for x in (lines[1:h - 1] if h >= 3 else lines[:1]))
            space = s.spec.spaces[tile.space].name
            assert shown.setdefault(name, space) == space, (name, shown[name], space)
