"""SVG snapshots of the main screens (pytest-textual-snapshot). Fixed seeds and hand-built
states; nothing depends on the clock. Update with
``pytest tests/ui/test_ui_snapshots.py --snapshot-update`` (this file by name: one process,
where syrupy also deletes a snapshot no test uses) after checking the new pictures in the
report."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from driver import new_session, step
from states import at_buy, deed_id

from monopoly_tui.engine import buildings as B
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.demo import late_game, play_plain
from monopoly_tui.ui.session import Session

SIZE = (160, 50)


async def _idle(pilot: Any) -> None:
    for _ in range(200):  # the title screen looks for saves just after it is up
        if getattr(pilot.app.screen, "saves_checked", True):
            break
        await pilot.pause(0.02)
    await pilot.app.workers.wait_for_complete()
    for _ in range(3):
        await pilot.pause()


def _with(session: Session, then: Any = None) -> Any:
    async def run_before(pilot: Any) -> None:
        await _idle(pilot)
        pilot.app.start_session(session, first=False)
        await _idle(pilot)
        if then is not None:
            await then(pilot)
            await _idle(pilot)

    return run_before


def test_title(snap_compare: Any) -> None:
    assert snap_compare(MonopolyApp(), terminal_size=SIZE, run_before=_idle)


def test_new_game(snap_compare: Any) -> None:
    async def before(pilot: Any) -> None:
        await _idle(pilot)
        await pilot.press("n")
        await _idle(pilot)

    assert snap_compare(MonopolyApp(seed=1), terminal_size=SIZE, run_before=before)


def test_game_early(snap_compare: Any) -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cy", False)], seed=4)
    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE, run_before=_with(s))


def test_game_late_with_buildings_and_mortgages(snap_compare: Any) -> None:
    s = late_game("classic", players=6, humans=1, seed=7)
    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE, run_before=_with(s))


def test_game_late_got_at_the_smallest_size(snap_compare: Any) -> None:
    s = late_game("got", players=4, humans=2, seed=3)

    async def pick(pilot: Any) -> None:
        await pilot.click("#space-39")

    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=(100, 30),
                        run_before=_with(s, pick))


def test_auction(snap_compare: Any) -> None:
    s = new_session("got", [("Ann", True), ("Bob", True), ("Cy", False)], seed=2)
    at_buy(s, 0, deed_id(s, "Winterfell"))

    async def to_auction(pilot: Any) -> None:
        await pilot.press("a")
        await _idle(pilot)
        await pilot.press("5", "0", "enter")  # Ann bids 50: Bob's bid next

    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE,
                        run_before=_with(s, to_auction))


def test_trade(snap_compare: Any) -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=2)
    st = s.game.st
    st.current = 0
    for name in ("Boardwalk", "Park Place", "Reading Railroad"):
        st.owner[deed_id(s, name)] = 0
    for name in ("Baltic Avenue", "Mediterranean Avenue"):
        st.owner[deed_id(s, name)] = 1

    async def build(pilot: Any) -> None:
        await pilot.press("t")
        await _idle(pilot)
        screen = pilot.app.screen
        screen.query_one("#give-deeds").select(deed_id(s, "Reading Railroad"))
        screen.query_one("#take-deeds").select(deed_id(s, "Baltic Avenue"))
        screen.query_one("#take-cash").value = "120"

    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE,
                        run_before=_with(s, build))


def test_end_of_the_game(snap_compare: Any) -> None:
    s = new_session("nfl", [("Ann", True), ("Bob", False), ("Cy", False)], seed=6,
                    house_rules={"turn_limit": 12})
    play_plain(s, 100_000, stop_at_human_roll=False)
    assert s.game.over
    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE, run_before=_with(s))


def test_statistics_view(snap_compare: Any) -> None:
    """g during a game: the landing heat map on the board, net worth and rent by group."""
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cy", False), ("Di", False)],
                    seed=5)
    play_plain(s, 500)

    async def open_stats(pilot: Any) -> None:
        await pilot.press("g")

    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE,
                        run_before=_with(s, open_stats))


def test_late_ring_game_at_no_color(snap_compare: Any, monkeypatch: Any) -> None:
    """Lord of the Rings late on (owners, buildings, mortgages, the Ring) at NO_COLOR: the
    owners' ●N, the M of a mortgage, ▶ for whose turn, the Ring's bearer, in greys."""
    monkeypatch.setenv("NO_COLOR", "1")
    s = late_game("lotr", players=4, humans=2, seed=11)
    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE, run_before=_with(s))


@pytest.mark.parametrize("edition", ["lotr", "dnd"])
def test_late_game_in_its_theme(snap_compare: Any, edition: str) -> None:
    """The editions whose theme no other snapshot shows in colour, late on: the contrast test
    (test_ui_contrast.py) reads every theme's colours from a snapshot."""
    s = late_game(edition, players=4, humans=1, seed=11)
    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE, run_before=_with(s))


def _lge_table() -> Session:
    """Longest Game Ever a while in: deeds owned (one mortgaged, two houses on Baltic Avenue
    2), M1,250 in the middle, Ann to move on Boardwalk 2, Bob and Cy on Free Parking 3, Di on GO."""
    from long_track import lge_session, space_id

    s = lge_session([("Ann", True), ("Bob", False), ("Cy", False), ("Di", False)], seed=2)
    st = s.game.st
    for name, owner in (("Boardwalk", 1), ("Park Place", 1), ("Reading Railroad", 2),
                        ("Mediterranean Avenue", 0), ("Baltic Avenue", 0),
                        ("Illinois Avenue", 3), ("Water Works", 2)):
        st.owner[deed_id(s, name)] = owner
    st.mortgaged[deed_id(s, "Water Works")] = True
    for _ in range(2):  # two houses on Baltic Avenue 2, none on its other versions
        B.stand(s.spec, st, deed_id(s, "Baltic Avenue"), space_id(s, "Baltic Avenue 2"))
        st.bank_houses -= 1
    st.pot = 1250
    st.current = 0
    st.players[0].position = space_id(s, "Boardwalk 2")
    st.players[1].position = st.players[2].position = space_id(s, "Free Parking 3")
    st.players[3].position = 0
    for p, cash in enumerate((640, 980, 1210, 1500)):
        st.players[p].cash = cash
    return s


def test_lge_board_at_160x50(snap_compare: Any) -> None:
    """96 spaces: the third in play (Boardwalk 2's) full size, the whole track above it with
    every token and owner, the middle's M1,250 on Free Parking."""
    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE,
                        run_before=_with(_lge_table()))


def test_lge_board_at_100x30(snap_compare: Any) -> None:
    """The smallest size: the same game, ']' shows the next third (GO 3's, with Bob and Cy on
    Free Parking 3 and the middle) and its GO's card."""
    async def next_third(pilot: Any) -> None:
        await pilot.press("right_square_bracket")

    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=(100, 30),
                        run_before=_with(_lge_table(), next_third))


def test_every_snapshot_file_has_its_test() -> None:
    """No snapshot is left that no test compares with: syrupy fails a run on one only in a
    run without workers (``pytest tests/ui/test_ui_snapshots.py``, as CI runs this file), not
    under pytest-xdist (the whole suite's ``pytest`` on every core); this says it in every run.
    A test's snapshot is named after it (``test_title.svg``; a parametrized test's
    ``test_x[id].svg``)."""
    folder = Path(__file__).parent / "__snapshots__" / Path(__file__).stem
    tests = {name for name, value in globals().items()
             if name.startswith("test_") and callable(value)}
    unused = sorted(f.name for f in folder.iterdir()
                    if f.suffix != ".svg" or f.stem.split("[")[0] not in tests)
    assert unused == [], f"snapshots no test uses (delete them, or run --snapshot-update on "\
        f"this file alone): {unused}"


def test_since_your_last_turn(snap_compare: Any) -> None:
    """Ann's second turn after the computers played: what they bought and paid since hers,
    over the board (issue 33, item 10)."""
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cat", False)], seed=3)

    async def to_news(pilot: Any) -> None:
        seen: Counter[str] = Counter()
        for _ in range(400):
            if type(pilot.app.screen).__name__ == "NewsScreen":
                return
            await step(pilot, pilot.app, seen)
        raise AssertionError(f"no list of news; seen {dict(seen)}")

    assert snap_compare(MonopolyApp(pace="instant"), terminal_size=SIZE,
                        run_before=_with(s, to_news))
