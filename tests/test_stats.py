"""monopoly_tui.stats: a game's statistics from its history, and the charts drawn from them
(monopoly_tui.ui.charts, rendered here with Rich alone)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from rich.text import Text

from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event
from monopoly_tui.engine.game import Game
from monopoly_tui.stats import (
    GameStats,
    WorthPoint,
    game_stats,
    rent_deed,
    rent_reasons,
    worths,
)
from monopoly_tui.ui.charts import (
    PLAYER_MARKS,
    RentChart,
    WorthChart,
    bar_parts,
    nice_ceiling,
    stats_renderable,
    worth_scale,
)
from monopoly_tui.ui.demo import play_plain, seats_for
from monopoly_tui.ui.session import Session


def _played(edition: str, decisions: int, seed: int = 3, players: int = 4,
            house_rules: dict[str, int | bool] | None = None) -> tuple[Session, list[Event]]:
    """A session played with plain choices, and every event the live game made."""
    session = Session.new(edition, seats_for(edition, players, 0), seed=seed, pace="instant",
                          house_rules=house_rules)
    seen = list(session.game.last_events)
    play = session.play

    def recording(action: Action) -> list[Event]:
        events = play(action)
        seen.extend(events)
        return events

    session.play = recording  # type: ignore[method-assign]
    play_plain(session, decisions, stop_at_human_roll=False)
    return session, seen


@pytest.mark.parametrize("edition", ["classic", "got", "nfl", "lotr"])
def test_the_replay_is_the_game(edition: str) -> None:
    session, events = _played(edition, 1500)
    game = session.game
    stats = game_stats(game)
    assert stats.complete
    assert stats.replayed == len(game.history) == game.st.decisions
    assert stats.players == [pl.name for pl in game.st.players]
    # net worth: the engine's valuation, at the start and after each player-turn
    assert stats.worth[-1].worth == worths(game)
    for p, pl in enumerate(game.st.players):
        assert stats.worth[-1].worth[p] == (0 if pl.bankrupt else
                                            P.valuation(game.spec, game.st, p))
    fresh = Game.new(game.spec, [(pl.name, pl.token) for pl in game.st.players],
                     seed=int(game.options["seed"]))  # type: ignore[call-overload]
    assert stats.worth[0] == WorthPoint(0, 0, worths(fresh))
    turns = [point.turns for point in stats.worth]
    assert turns[: game.st.turns + 1] == list(range(game.st.turns + 1))
    assert len(turns) - (game.st.turns + 1) in (0, 1)  # and now, when mid-turn
    # rent: every rent payment the live game made, under its deed's group, for the owner paid
    expected = [[0] * len(game.st.players) for _ in game.spec.groups]
    for e in events:
        if e.kind == "paid" and e.text == "rent":
            expected[game.spec.deeds[e.deed].group][e.other] += e.amount
    assert stats.rent_by_group == expected
    assert [stats.rent_of_player(p) for p in range(len(game.st.players))] == \
        session.stats.rent_received  # type: ignore[union-attr]
    assert sum(map(sum, expected)) > 0
    assert stats.landings == game.st.landings


def test_a_finished_game_ends_on_its_final_worth() -> None:
    session, _ = _played("nfl", 100_000, seed=6, players=3, house_rules={"turn_limit": 12})
    game = session.game
    assert game.over
    stats = game_stats(game)
    assert stats.complete
    assert stats.worth[-1].worth == worths(game)
    for p in range(3):
        if game.st.players[p].bankrupt:
            assert stats.worth[-1].worth[p] == 0


def test_a_state_set_by_hand_is_said_and_ends_as_the_game_is_now() -> None:
    session, _ = _played("classic", 200)
    game = session.game
    game.st.players[0].cash += 5000  # not from any decision
    stats = game_stats(game)
    assert not stats.complete
    assert stats.worth[-1].worth == worths(game)
    assert stats.worth[-1].worth[0] == stats.worth[-2].worth[0] + 5000


def test_rent_deed_reads_only_rent() -> None:
    assert rent_deed(Event("paid", player=0, other=1, amount=6, text="rent", deed=3)) == 3
    assert rent_deed(Event("paid", player=0, other=-1, amount=200, text="tax")) == -1
    assert rent_deed(Event("paid", player=0, other=1, amount=6, text="bankrupt")) == -1
    assert rent_deed(Event("salary", player=0, amount=200, text="rent", deed=3)) == -1


def test_a_mechanics_rent_counts_by_group_as_the_players_statistics_count_it() -> None:
    """D&D's location tax is its mechanic's own reason (``location_tax``), an owner's income
    from a landing: counted under the location's group, as the players' rent received is
    (issue 33, item 2: every group read 0)."""
    session, events = _played("dnd", 1500, players=3)
    game = session.game
    reasons = rent_reasons(game)
    assert "location_tax" in reasons
    stats = game_stats(game)
    assert stats.complete
    expected = [[0] * len(game.st.players) for _ in game.spec.groups]
    for e in events:
        if e.kind == "paid" and e.text == "location_tax":
            expected[game.spec.deeds[e.deed].group][e.other] += e.amount
    assert sum(map(sum, expected)) > 0
    assert stats.rent_by_group == expected
    assert [stats.rent_of_player(p) for p in range(len(game.st.players))] == \
        session.stats.rent_received  # type: ignore[union-attr]
    tax = Event("paid", player=0, other=1, amount=6, text="location_tax", deed=3)
    assert rent_deed(tax) == -1 and rent_deed(tax, reasons) == 3


# ---------------------------------------------------------------- the charts


def _plain(renderable: object, width: int) -> list[str]:
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text().rstrip("\n").split("\n")


def test_bar_parts_add_up_and_show_every_share() -> None:
    assert bar_parts([10, 0, 30], 8) == [2, 0, 6]
    assert bar_parts([1, 1000, 1], 10) == [1, 8, 1]
    assert bar_parts([5, 5, 5], 10) == [4, 3, 3]
    assert bar_parts([0, 0], 5) == [0, 0]
    for shares in ([3, 1, 0, 7], [1, 1, 1, 1], [999, 1, 1, 1]):
        for length in range(4, 30):
            parts = bar_parts(shares, length)
            assert sum(parts) == length
            assert all((part > 0) == (share > 0) for part, share in zip(parts, shares,
                                                                          strict=True))


def test_round_scales() -> None:
    assert [nice_ceiling(v) for v in (0, 1, 1.5, 3, 7, 12, 26, 240, 251, 1001)] == \
        [1, 1, 2, 5, 10, 20, 50, 250, 500, 2000]
    assert worth_scale([1447, 2063, 1664], 9) == (1400, 2200)
    assert worth_scale([0, 4948, 1500], 9) == (0, 6000)
    assert worth_scale([1500, 1500], 9) == (0, 2000)
    assert worth_scale([], 9) == (0, 1)


def test_worth_chart_draws_each_player_with_their_mark_on_a_round_scale() -> None:
    session, _ = _played("classic", 1500)
    game = session.game
    stats = game_stats(game)
    for width in (40, 72, 130):
        lines = _plain(WorthChart(game, stats), width)
        assert all(len(line) <= width for line in lines)
        plot = lines[:9]
        bottom, top = worth_scale([w for pt in stats.worth for w in pt.worth], 9)
        assert plot[0].lstrip().startswith(game.spec.vocab.money(top))
        assert plot[-1].lstrip().startswith(game.spec.vocab.money(bottom))
        assert "now, round " in lines[10] and "start" in lines[10]
        legend = lines[11:]
        assert len(legend) == 4
        for p, line in enumerate(legend):
            pl = game.st.players[p]
            assert line.startswith(PLAYER_MARKS[p])
            assert f"{p + 1}  {pl.name}" in line  # the seat number: readable without colour
            assert game.spec.vocab.money(stats.worth[-1].worth[p]) in line
        for p in range(4):
            assert any(PLAYER_MARKS[p] in row for row in plot)


def test_worth_chart_follows_the_values() -> None:
    """A player whose worth rises ends higher on the chart than one whose worth falls."""
    session, _ = _played("classic", 10)
    game = session.game
    stats = GameStats(players=["A", "B"], worth=[
        WorthPoint(t, t // 2, (1000 + 100 * t, 2000 - 100 * t)) for t in range(11)])
    chart = WorthChart(game, stats)
    rows = _plain(chart, 60)[:9]
    col_a_end = next(r for r, row in enumerate(rows) if row.rstrip().endswith(PLAYER_MARKS[0]))
    col_b_end = next(r for r, row in enumerate(rows) if row.rstrip().endswith(PLAYER_MARKS[1]))
    assert col_a_end < col_b_end  # A (2,000 at the end) above B (1,000)
    assert rows[0].lstrip().startswith("$2,000") and rows[-1].lstrip().startswith("$1,000")


def test_rent_chart_a_bar_per_group_in_the_editions_names() -> None:
    session, _ = _played("got", 1500)
    game = session.game
    stats = game_stats(game)
    lines = _plain(RentChart(game, stats), 80)
    assert len(lines) == len(game.spec.groups)
    totals = [stats.rent_of_group(g.index) for g in game.spec.groups]
    for g, line, total in zip(game.spec.groups, lines, totals, strict=True):
        assert line.startswith(f"■ {g.name[:17]}")
        assert line.rstrip().endswith(f"{total:,}")  # long money: bare amounts
        if total:
            paid = [p for p, share in enumerate(stats.rent_by_group[g.index]) if share]
            assert all(PLAYER_MARKS[p] in line[2:] for p in paid)
    # bars in proportion: the group that earned most has the longest, the others to scale
    bars = [sum(line[2:].count(m) for m in PLAYER_MARKS) for line in lines]  # after the swatch
    best = totals.index(max(totals))
    assert bars[best] == max(bars) > 20
    for g, bar, total in zip(game.spec.groups, bars, totals, strict=True):
        if total:  # within rounding, or one cell for each player paid where a bar is short
            payers = sum(1 for x in stats.rent_by_group[g.index] if x)
            assert abs(bar - total * bars[best] / totals[best]) <= max(1, payers - 1) or \
                bar == payers


def test_the_panel_names_the_currency_once_for_long_money() -> None:
    session, _ = _played("got", 300)
    text = "\n".join(_plain(stats_renderable(session, game_stats(session.game), so_far=True),
                            100))
    assert "Statistics so far · Game of Thrones" in text
    assert f"amounts in {session.spec.vocab.currency}" in text
    for heading in ("Landing heat map", "Net worth", "Rent earned by colour group"):
        assert heading in text
    assert isinstance(stats_renderable(session, game_stats(session.game), so_far=False)
                      .renderables[0], Text)
