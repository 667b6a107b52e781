"""The results rank the players by what decided the game, as the engine's ending ranked them
(``GameState.ranked_by``), show that figure first and say so; and they say which columns count
the end and which the whole game (issue 33, item 3: D&D's results looked ranked by net worth
while the most gold wins; "Adventure cards 3" beside "secured 4" was not explained)."""

from __future__ import annotations

import io
from typing import Any

from driver import as_shown, new_session, settle, started

from monopoly_tui.engine.mechanics.dnd_adventures import END_REASON, most_gold_wins
from monopoly_tui.engine.spec import LOCATION
from monopoly_tui.engine.state import RANKED_BY_CASH, RANKED_BY_LASTING, RANKED_BY_WORTH
from monopoly_tui.ui.results import ResultsScreen, ranking_note, ranking_table
from monopoly_tui.ui.session import Session


def _plain(renderable: Any) -> str:
    from rich.console import Console

    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _rows(table: str, names: list[str]) -> list[list[str]]:
    """The table's rows of these players, top first, each split into its cells."""
    lines = [line.split() for line in table.splitlines()]
    return [row for row in lines if any(name in row for name in names)]


def _gold_beats_worth() -> Session:
    """A D&D game ended as every location secured ends it: Ann holds the four dearest
    locations and little gold (the higher net worth), Bob more gold and none."""
    s = new_session("dnd", [("Ann", False), ("Bob", False)], seed=3)
    game = s.game
    st = game.st
    locations = sorted((d for d in game.spec.deeds if d.kind == LOCATION),
                       key=lambda d: -d.price)[:4]
    for d in locations:
        st.owner[d.index] = 0
    st.players[0].cash, st.players[1].cash = 100, 250
    st.frames = []
    most_gold_wins(game, END_REASON, "none")
    return s


def test_the_engine_says_what_its_ending_ranked_by() -> None:
    s = _gold_beats_worth()
    st = s.game.st
    from monopoly_tui.engine import property as P

    assert P.valuation(s.spec, st, 0) > P.valuation(s.spec, st, 1)  # Ann: the higher worth
    assert st.ranking == [1, 0] and st.winner == 1  # Bob: the more gold
    assert st.ranked_by == RANKED_BY_CASH

    called = new_session("classic", [("Ann", False), ("Bob", False)], seed=3)
    called.game.end_by_valuation("turn_limit")
    assert called.game.st.ranked_by == RANKED_BY_WORTH

    last = new_session("classic", [("Ann", False), ("Bob", False)], seed=3)
    last.game.st.players[1].bankrupt = True
    assert last.game.end_after_bankruptcy()
    assert last.game.st.ranked_by == RANKED_BY_LASTING


def test_dnd_results_rank_by_gold_show_it_first_and_say_so() -> None:
    s = _gold_beats_worth()
    table = _plain(ranking_table(s))
    head = next(line for line in table.splitlines() if "player" in line).split()
    assert head[:3] == ["#", "player", "cash"], table
    bob, ann = _rows(table, ["Ann", "Bob"])
    assert bob[:3] == ["1", "2", "Bob"] and bob[3] == "250", table
    assert ann[:3] == ["2", "1", "Ann"] and ann[3] == "100", table
    note = " ".join(_plain(ranking_note(s)).split())
    assert "Ranked by cash, which decided the winner." in note
    # the deeds held now, beside the locations secured over the game
    assert "Adventure cards held at the end; secured, tax in and out over the whole game" \
        in note


def test_a_called_game_ranks_by_net_worth_first() -> None:
    s = new_session("classic", [("Ann", False), ("Bob", False)], seed=3)
    s.game.st.players[0].cash = 2000
    s.game.end_by_valuation("turn_limit")
    table = _plain(ranking_table(s))
    head = next(line for line in table.splitlines() if "player" in line).split()
    assert head[:4] == ["#", "player", "worth", "cash"], table  # "net" on the line above
    ann, bob = _rows(table, ["Ann", "Bob"])
    assert ann[:3] == ["1", "1", "Ann"] and bob[:3] == ["2", "2", "Bob"], table
    note = " ".join(_plain(ranking_note(s)).split())
    assert note.startswith("Ranked by net worth, which decided the winner.")
    assert "title deeds held at the end; bought, rent in and out, houses built over the whole " \
        "game." in note.lower()


async def test_the_results_screen_shows_the_note_below_the_ranking() -> None:
    s = _gold_beats_worth()
    async with started(s, size=(100, 30)) as (app, pilot):
        app.push_screen(ResultsScreen(s))
        await settle(pilot)
        shown = " ".join(as_shown(app.screen.query_one("#ranking")).split())
        assert "Ranked by cash, which decided the winner." in shown
        assert "Adventure cards held at the end" in shown
