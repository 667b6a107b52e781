"""The results screen's landing heat map read as the screen shows it, at 100×30 and 160×50:
each space's count on its tile's first line, so a row of tiles reads as a row of numbers, never
a number beside a neighbour's name (or its version's number: "Ave 2 2  75"); on a long track's
overview, numbers only where each keeps a blank column after it (they ran together:
"3015301515"), else bars; and ] / [ page the long track's thirds so every count can be read."""

from __future__ import annotations

import re
from typing import Any

import pytest
from driver import new_session, settle, shown_keys
from long_track import lge_session

from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.board import Board, TrackOverview
from monopoly_tui.ui.results import ResultsScreen
from monopoly_tui.ui.session import Session

SIZES = [(100, 30), (160, 50)]
BARS = "▁▂▃▄▅▆▇█"


def finished(session: Session, counts: list[int]) -> Session:
    """The game ended by hand (the results read the state), with these landing counts."""
    st = session.game.st
    st.over, st.winner, st.end_reason, st.ranking, st.frames = True, 0, "turn_limit", [0, 1], []
    st.landings = list(counts)
    return session


def counts_of(size: int) -> list[int]:
    """One, two and three digits side by side, and a few spaces never landed on."""
    return [0 if i % 13 == 5 else (7, 42, 905, 118, 3, 61, 999, 250)[i % 8] for i in range(size)]


def screen_lines(app: MonopolyApp) -> list[str]:
    """The screen's text as a player reads it."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


async def on_results(pilot: Any, app: MonopolyApp, session: Session) -> Board:
    app.push_screen(ResultsScreen(session))
    await settle(pilot)
    return app.screen.query_one("#heatmap", Board)


def row_counts(lines: list[str], board: Board, y: int) -> tuple[list[str], list[str]]:
    """The first line of the tiles whose top is at ``y``, read across the board, and the
    counts of those tiles' spaces from left to right."""
    row = sorted((t for t in board.tiles if t.region.y == y and t.space >= 0),
                 key=lambda t: t.region.x)
    left, right = row[0].region.x, row[-1].region.right
    landings = board.game.st.landings
    return lines[y][left:right].split(), [str(landings[t.space]) for t in row]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("edition", ["classic", "dnd"])
async def test_each_count_heads_its_tile_and_a_row_of_counts_reads_as_numbers(
    edition: str, size: tuple[int, int],
) -> None:
    s = new_session(edition, [("Ann", True), ("Bob", True)], seed=3)
    finished(s, counts_of(s.spec.size))
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=size) as pilot:
        board = await on_results(pilot, app, s)
        lines = screen_lines(app)
        tops = sorted({t.region.y for t in board.tiles})
        for y in (tops[0], tops[-1]):  # the top and the bottom row: one line of numbers
            shown, want = row_counts(lines, board, y)
            assert shown == want, f"row at {y}: {lines[y]!r}"
        landings = s.game.st.landings
        for tile in board.tiles:  # every tile, the side columns too: its count first
            r = tile.content_region
            first = lines[r.y][r.x:r.right]
            assert first.strip() == str(landings[tile.space]), (tile.space, first)
            assert first.rstrip() == first.rstrip().rjust(len(first.rstrip()))
            assert first[-1] == " " or r.width < 5  # the blank column after it
            under = [lines[y][r.x:r.right] for y in range(r.y + 1, r.bottom)]
            assert not any(re.search(r"\d", line) for line in under), (tile.space, under)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_a_long_tracks_overview_never_runs_counts_together(size: tuple[int, int]) -> None:
    s = finished(lge_session([("Ann", True), ("Bob", True)], seed=2), counts_of(96))
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=size) as pilot:
        board = await on_results(pilot, app, s)
        overview = board.query_one(TrackOverview)
        r = overview.content_region
        cells = r.x + overview.label_width()  # after each section's label ('GO 2')
        lines = [line[cells:r.right] for line in screen_lines(app)[r.y:r.bottom]]
        landings = s.game.st.landings
        per = overview.lines_per_section()
        for k in range(board.count):
            shown = lines[k * per:(k + 1) * per]
            numbers = [n for line in shown for n in re.findall(r"\d+", line)]
            # the seat numbers of tokens are not drawn on the heat map: no digits but counts
            assert numbers in ([], [str(c) for c in landings[k * 32:(k + 1) * 32]]), shown
            if not numbers:  # too narrow for the numbers: a bar per space, in order
                bars = "".join(c for line in shown for c in line if c in BARS)
                assert len(bars) >= sum(1 for c in landings[k * 32:(k + 1) * 32] if c)


async def test_brackets_page_the_long_tracks_thirds_on_the_results() -> None:
    s = finished(lge_session([("Ann", True), ("Bob", True)], seed=2), counts_of(96))
    s.game.st.players[0].position = 3
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        board = await on_results(pilot, app, s)
        assert "right_square_bracket" in shown_keys(app)  # '] Next third'
        tops = sorted({t.region.y for t in board.tiles})
        for section in (1, 2, 0):
            await pilot.press("right_square_bracket")
            await settle(pilot)
            assert board.section == section
            shown, want = row_counts(screen_lines(app), board, tops[0])
            assert shown == want  # what is drawn is that third's counts, not the last one's
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert board.section == 2
        await pilot.press("t")  # the results' own keys still work
        await settle(pilot)
        assert type(app.screen).__name__ == "TitleScreen"


async def test_a_40_space_results_screen_has_no_third_keys() -> None:
    s = finished(new_session("classic", [("Ann", True), ("Bob", True)], seed=3),
                 counts_of(40))
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(100, 30)) as pilot:
        await on_results(pilot, app, s)
        assert "right_square_bracket" not in shown_keys(app)
        assert {"n", "t", "q"} <= shown_keys(app)


async def test_the_statistics_so_far_page_a_long_tracks_thirds_too() -> None:
    from driver import started

    s = lge_session([("Ann", True), ("Bob", True)], seed=2)
    s.game.st.landings = counts_of(96)
    async with started(s, size=(100, 30)) as (app, pilot):
        await pilot.press("g")
        await settle(pilot)
        assert type(app.screen).__name__ == "StatsScreen"
        board = app.screen.query_one(Board)
        first = board.section
        assert "right_square_bracket" in shown_keys(app)
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert board.section == (first + 1) % 3
        tops = sorted({t.region.y for t in board.tiles})
        shown, want = row_counts(screen_lines(app), board, tops[0])
        assert shown == want
        await pilot.press("escape")
        await settle(pilot)
        assert type(app.screen).__name__ == "GameScreen"
