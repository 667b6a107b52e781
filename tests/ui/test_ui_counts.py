"""One count everywhere: the round and turn in the game's header, the results and the saves'
listing mean the same thing (the one being played; at the end, the last one played)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from driver import new_session, settle, started, text_of
from test_ui_flows import ready

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.counts import round_number, turn_number
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.results import how_it_ended
from monopoly_tui.ui.session import FirstLegalBot, Session


def _play_to_the_end(s: Session) -> None:
    """The computer players play every seat."""
    for _ in range(50_000):
        if s.game.over:
            return
        s.play(s.bot_choice(s.pending.player))
    raise AssertionError("the game did not end")


def _plain(renderable: Any) -> str:
    import io

    from rich.console import Console

    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_a_time_limit_game_lasts_its_rounds_in_every_count() -> None:
    s = new_session("classic", [("Ann", False), ("Bob", False)], seed=3,
                    house_rules={"turn_limit": 3})
    _play_to_the_end(s)
    assert s.game.st.end_reason == "turn_limit"
    assert round_number(s.game) == 3
    ended = _plain(how_it_ended(s))
    assert f"3 rounds · {turn_number(s.game)} turns" in ended
    assert turn_number(s.game) == s.game.st.turns  # no turn was begun after the last round


def test_a_game_ended_during_a_round_counts_that_round() -> None:
    """A bankruptcy in round N: the header said 'round N', and so do the results."""
    s = new_session("got", [("Ann", False), ("Bob", False)], seed=2, variant="speed")
    _play_to_the_end(s)
    assert s.game.st.end_reason != "turn_limit"  # a bankruptcy ended it
    st = s.game.st
    assert round_number(s.game) == st.rounds + 1
    assert f"{st.rounds + 1} round" in _plain(how_it_ended(s))
    # and the statistics of the results: the title and the net worth chart's last mark
    from monopoly_tui.stats import game_stats
    from monopoly_tui.ui.charts import stats_renderable

    charts = _plain(stats_renderable(s, game_stats(s.game), so_far=False))
    assert f"How the game went · {s.spec.name} · {st.rounds + 1} rounds" in charts, charts
    assert f"the end, round {st.rounds + 1}" in charts
    assert f"after {st.rounds} rounds" not in charts


async def test_the_header_and_the_results_say_the_same_round() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", False)], seed=3,
                    house_rules={"turn_limit": 2})
    async with started(s) as (app, pilot):
        screen: Any = app.screen
        header = _plain(screen.header_info())
        assert "round 1 of 2" in header.replace("\u00a0", " ")
        # play it out: the human rolls and ends turns, everything else the plain bot
        bot = FirstLegalBot()
        for _ in range(400):
            if s.game.over:
                break
            pend = s.pending
            if pend.kind == A.ROLL and s.is_human(pend.player):
                await pilot.press("r")
            elif pend.kind == A.END_TURN and s.is_human(pend.player):
                await pilot.press("e")
            elif s.is_human(pend.player):
                screen.play(bot.choose(s.game, pend.player))
            await settle(pilot)
            while type(app.screen).__name__ == "CardScreen":
                await pilot.press("enter")
                await settle(pilot)
        assert s.game.over
        await settle(pilot)
        shown = text_of(app, "#ended")
        header = _plain(app.game_screen().header_info()).replace("\u00a0", " ")  # type: ignore[union-attr]
        assert "round 2 of 2" in header, header
        assert "2 rounds" in shown, shown


async def test_the_load_list_says_one_turn(saves_folder: Path) -> None:
    from monopoly_tui.ui import saves_port

    s = new_session("nfl", [("Ann", True), ("Bob", True)], seed=1)
    for _ in range(12):
        s.play(FirstLegalBot().choose(s.game, s.pending.player))
    saves_port.save(s, "kept")
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        await ready(pilot)
        await pilot.press("l")
        await settle(pilot)
        info = text_of(app, "#save-info")
        turns = set(re.findall(r"turn (\d+)", info))
        assert turns == {str(turn_number(s.game))}, info
        assert f"Round {round_number(s.game)}" in info


def test_the_saves_command_counts_the_turn_as_the_game_does(
        saves_folder: Path, capsys: Any, monkeypatch: Any) -> None:
    from monopoly_tui import cli
    from monopoly_tui.ui import saves_port

    monkeypatch.setenv("COLUMNS", "200")
    s = new_session("nfl", [("Ann", True), ("Bob", True)], seed=1)
    for _ in range(12):
        s.play(FirstLegalBot().choose(s.game, s.pending.player))
    saves_port.save(s, "kept")
    assert cli.main(["saves"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "kept" in line)
    cells = [c.strip() for c in row.split("│")]
    assert str(turn_number(s.game)) in cells, row


async def test_the_time_limit_header_never_splits_a_part_at_the_smallest_size() -> None:
    import io

    from rich.console import Console

    s = new_session("nfl", [("Ann", True), ("Bob", True), ("Cy", True), ("Di", True)],
                    seed=1, variant="time-limit")
    async with started(s, size=(100, 30)) as (app, _pilot):
        screen: Any = app.screen
        banner = screen.query_one("#banner")
        width = banner.content_size.width
        assert width > 0
        console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
        console.print(screen.header_info())
        lines = [line.replace("\u00a0", " ").strip()
                 for line in console.export_text().splitlines()]
        assert any("round 1 of 40" in line for line in lines), lines
        assert not any(line.endswith("round") for line in lines), lines


def test_the_results_say_the_buildings_built_over_the_game() -> None:
    """The ranking's buildings column counts what each player built during the game (a player
    who sold or lost everything still shows what they built), and its heading says so."""
    from monopoly_tui.ui.results import ranking_table

    s = new_session("classic", [("Ann", False), ("Bob", False)], seed=3,
                    house_rules={"turn_limit": 3})
    _play_to_the_end(s)
    s.stats.built[1] = 4  # Bob built four, none of them standing now
    table = _plain(ranking_table(s))
    lines = table.splitlines()
    over = next(i for i, line in enumerate(lines) if line.split()[-1:] == ["houses"])
    assert lines[over + 1].split()[-1] == "built", table
    bob = next(line for line in table.splitlines() if "Bob" in line)
    assert bob.rstrip().endswith("4"), bob


def test_a_locations_tax_counts_as_rent_and_no_buildings_column_where_none_are_built() -> None:
    """Dungeons & Dragons: the tax a lander pays a location's owner is the owner's rent in the
    results (every "rent in" read 0), and an edition with nothing to build has no "houses
    built" column."""
    from monopoly_tui.ui.results import ranking_table

    s = new_session("dnd", [("Ann", False), ("Bob", False), ("Cy", False)], seed=4,
                    house_rules={"turn_limit": 12})
    taxes = [0, 0, 0]
    for _ in range(50_000):
        if s.game.over:
            break
        for e in s.play(s.bot_choice(s.pending.player)):
            if e.kind == "paid" and e.text == "location_tax" and e.other >= 0:
                taxes[e.other] += e.amount
    assert s.game.over and sum(taxes) > 0
    assert s.stats is not None and s.stats.rent_received == taxes
    table = _plain(ranking_table(s))
    # the lander pays the location's tax: the columns say so, not classic's "rent"
    assert "tax" in table and "rent" not in table and "built" not in table, table


def test_the_locations_secured_count_as_taken_under_the_editions_word() -> None:
    """Dungeons & Dragons: a location is secured, never bought, and the results' column of
    deeds taken from the bank counted none of them. It counts each location secured, headed
    'secured'; classic's column is headed 'bought' and counts buys and auctions won."""
    from monopoly_tui.ui.results import bought_heading, ranking_table

    s = new_session("dnd", [("Ann", False), ("Bob", False), ("Cy", False)], seed=4,
                    house_rules={"turn_limit": 12})
    secured = [0, 0, 0]
    for _ in range(50_000):
        if s.game.over:
            break
        for e in s.play(s.bot_choice(s.pending.player)):
            if e.kind == "secured":
                secured[e.player] += 1
    assert s.game.over and sum(secured) > 0
    assert s.stats is not None and s.stats.bought == secured
    assert bought_heading(s.game) == "secured"
    table = _plain(ranking_table(s, "over the game"))
    head = next(line for line in table.splitlines() if "player" in line).split()
    assert head[:3] == ["#", "player", "secured"], table
    for p, name in enumerate(("Ann", "Bob", "Cy")):
        row = next(line for line in table.splitlines() if name in line)
        assert row.split()[row.split().index(name) + 1] == str(secured[p]), (row, secured)

    classic = new_session("classic", [("Ann", False), ("Bob", False)], seed=3,
                          house_rules={"turn_limit": 3})
    assert bought_heading(classic.game) == "bought"
    bought = [0, 0]
    for _ in range(50_000):
        if classic.game.over:
            break
        for e in classic.play(classic.bot_choice(classic.pending.player)):
            if e.kind in ("bought", "won_auction") and e.deed >= 0:
                bought[e.player] += 1
    assert classic.stats is not None and classic.stats.bought == bought and sum(bought) > 0


def test_a_longest_game_ever_buy_out_counts_in_the_bought_column() -> None:
    """Longest Game Ever: a deed taken by the forced buy-out ('buy the property from that
    player for the price of rent plus M10') was bought, and the results' "bought" column did
    not count it (``Mechanic.acquisitions``: the buy-out's event is one)."""
    from monopoly_tui.engine.actions import Action
    from monopoly_tui.engine.dice import ScriptedFaces
    from monopoly_tui.ui.results import bought_heading

    s = new_session("lge", [("Ann", True), ("Bob", True)], seed=1)
    game = s.game
    st, spec = game.st, game.spec
    d = next(x.index for x in spec.deeds if x.name == "Boardwalk")
    st.owner[d] = 1
    st.current = 0
    st.players[0].position = spec.deeds[d].spaces[1] - 1  # a 1 lands on Boardwalk 2
    game.dice_source = ScriptedFaces([0])
    s.play(Action(A.A_ROLL, 0))
    assert s.pending.kind == A.BUY_OUT
    s.play(next(a for a in s.pending.choices if a.kind == A.A_BUY_OUT))
    assert st.owner[d] == 0
    assert s.stats is not None and s.stats.bought == [1, 0]
    assert bought_heading(game) == "bought"
