"""The headless simulator: reproducible output, the invariant checker catches broken states and
names the seed and decision that replay them, and the statistics add up."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

import pytest

from monopoly_tui import simulate as S
from monopoly_tui.cli import main
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec


def _game(players: int = 2, seed: int = 0) -> Game:
    spec = load_spec("classic")
    return Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(players)], seed=seed)


def _group(game: Game, group_id: str) -> tuple[int, ...]:
    return next(g.deeds for g in game.spec.groups if g.id == group_id)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["simulate", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------------ the checker


def test_a_fresh_game_breaks_no_invariant() -> None:
    assert S.check_invariants(_game()) == []


def test_checker_catches_negative_cash_and_an_unbalanced_ledger() -> None:
    game = _game()
    game.st.players[0].cash = -5
    problems = S.check_invariants(game)
    assert any("negative cash" in p for p in problems)
    assert any("ledger" in p for p in problems)


def test_checker_catches_money_from_nowhere() -> None:
    """Money moves only between players and the bank by a rule: cash that appears without the
    bank paying it breaks the ledger."""
    game = _game()
    game.st.players[1].cash += 100
    assert [p for p in S.check_invariants(game) if "ledger" in p]


def test_checker_catches_a_deed_of_a_bankrupt_player_and_a_bogus_owner() -> None:
    game = _game()
    st = game.st
    st.players[1].bankrupt = True
    st.bank_net -= st.players[1].cash
    st.players[1].cash = 0
    st.owner[0] = 1
    st.owner[1] = 7
    problems = S.check_invariants(game)
    assert any("owned by bankrupt player 1" in p for p in problems)
    assert any("not a player" in p for p in problems)


def test_checker_catches_uneven_buildings() -> None:
    game = _game()
    st = game.st
    a, b = _group(game, "brown")
    st.owner[a] = st.owner[b] = 0
    st.buildings[a] = 2
    st.bank_houses -= 2
    assert any("unevenly" in p for p in S.check_invariants(game))


def test_checker_catches_buildings_without_the_whole_group_or_on_a_mortgage() -> None:
    game = _game()
    st = game.st
    a, b = _group(game, "brown")
    st.owner[a], st.owner[b] = 0, 1
    st.buildings[a] = st.buildings[b] = 1
    st.bank_houses -= 2
    assert any("no single owner" in p for p in S.check_invariants(game))
    st.owner[b] = 0
    st.mortgaged[b] = True
    assert any("mortgaged" in p for p in S.check_invariants(game))


def test_checker_catches_buildings_beyond_the_banks_supply() -> None:
    game = _game()
    st = game.st
    a, b = _group(game, "brown")
    st.owner[a] = st.owner[b] = 0
    st.buildings[a] = st.buildings[b] = 1  # built without taking them from the bank
    assert any("houses: bank" in p for p in S.check_invariants(game))


def test_checker_catches_a_lost_jail_card() -> None:
    game = _game()
    game.st.decks[0].pop()
    assert any("in the deck" in p for p in S.check_invariants(game))


def _corrupt_at(decision: int, how: Callable[[Game], None]) -> Callable[[Game], None]:
    def hook(game: Game) -> None:
        if game.st.decisions == decision:
            how(game)

    return hook


def _two_owners_of_one_building_group(game: Game) -> None:
    a, b = _group(game, "dark-blue")
    game.st.owner[a], game.st.owner[b] = 0, 1
    game.st.buildings[a] = 1
    game.st.bank_houses -= 1


@pytest.mark.parametrize(
    "how",
    [
        lambda g: setattr(g.st.players[0], "cash", -1),
        _two_owners_of_one_building_group,
        lambda g: setattr(g.st, "bank_hotels", g.st.bank_hotels - 1),
    ],
    ids=["negative-cash", "split-group-with-building", "hotel-vanishes"],
)
def test_a_corrupted_game_reports_its_seed_and_decision(how: Callable[[Game], None]) -> None:
    spec = load_spec("classic")
    result, failure = S.play_game(spec, ["basic"] * 4, seed=31, index=4,
                                  after_decision=_corrupt_at(17, how))
    assert failure is not None
    assert (failure.seed, failure.decision, failure.kind, failure.index) == (31, 17, "invariant", 4)
    assert result.end == "failed" and result.winner == -1


@pytest.mark.pure_python_only("monopoly_tui.simulate",
                              "patches the basic bot's decide, which compiled simulate calls "
                              "natively")
def test_a_crash_reports_its_seed_and_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that answers with an illegal choice at its ninth decision: the game stops and the
    failure names the decision during which it broke."""
    from monopoly_tui.bots import BasicBot

    real = BasicBot.decide

    def broken(self: BasicBot, game: Game, kind: str, player: int) -> Action:
        if game.st.decisions == 8:
            return Action("end_turn", (player + 1) % 4)
        return real(self, game, kind, player)

    monkeypatch.setattr(BasicBot, "decide", broken)
    _, failure = S.play_game(load_spec("classic"), ["basic"] * 4, seed=5)
    assert failure is not None
    assert (failure.seed, failure.decision, failure.kind) == (5, 9, "crash")
    assert "IllegalAction" in failure.problems[0]


def test_a_bot_of_its_own_is_asked_by_choose_and_its_crash_reported() -> None:
    """A bot without the built-in bots' base (only ``choose``) plays through ``choose``; when
    it answers with an illegal choice at its ninth decision, the failure names that decision
    (the same game as the basic bot's until then)."""
    from monopoly_tui import bots
    from monopoly_tui.bots import BasicBot

    class Broken:
        name = "broken"

        def __init__(self, seed: int = 0) -> None:
            self.basic = BasicBot(seed)

        def choose(self, game: Game, player: int) -> Action:
            if game.st.decisions == 8:
                return Action("end_turn", (player + 1) % 4)
            return self.basic.choose(game, player)

    table = cast(dict[str, Any], bots.BOTS)
    table["broken"] = Broken
    try:
        _, failure = S.play_game(load_spec("classic"), ["broken"] * 4, seed=5)
    finally:
        del table["broken"]
    assert failure is not None
    assert (failure.seed, failure.decision, failure.kind) == (5, 9, "crash")
    assert "IllegalAction" in failure.problems[0]


@pytest.mark.pure_python_only("monopoly_tui.simulate",
                              "replaces check_invariants, which compiled code binds at import")
def test_cli_exits_non_zero_and_names_seed_and_decision(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = S.check_invariants

    def broken(game: Game) -> list[str]:
        # from decision 40 on, as a broken rule stays broken (the check runs once a
        # player-turn; the game played again finds the first decision)
        if game.options["seed"] == 12 and game.st.decisions >= 40:
            return ["made up for the test"]
        return real(game)

    monkeypatch.setattr(S, "check_invariants", broken)
    code, out, err = _run(capsys, "--games", "4", "--seed", "10", "--max-turns", "200")
    assert code == 1
    assert "seed 12 decision 40 (invariant): made up for the test" in out
    assert "seed 12, decision 40" in err
    assert "--games 1 --seed 12" in err


# ------------------------------------------------------------------ the run and its report


def test_output_is_byte_identical_across_runs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--edition", "classic", "--players", "3", "--games", "6", "--seed", "3",
            "--max-turns", "300")
    first = _run(capsys, *args)
    second = _run(capsys, *args)
    assert first[0] == 0
    assert first == second
    j1 = _run(capsys, *args, "--json")
    j2 = _run(capsys, *args, "--json")
    assert j1 == j2
    data = json.loads(j1[1])
    assert data["games"] == 6 and len(data["results"]) == 6
    assert data["summary"]["violations"] == 0


def test_json_report_is_one_document_with_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--games", "3", "--bot", "basic,random,random,random",
                        "--json", "--max-turns", "400")
    assert code == 0
    data = json.loads(out)
    assert data["bots"] == ["basic", "random", "random", "random"]
    assert sum(s["wins"] for s in data["summary"]["wins_by_seat"]) + data["summary"][
        "no_winner"] == 3
    assert len(data["landings"]) == 40
    assert sum(x["count"] for x in data["landings"]) > 0
    assert set(data["summary"]["turns"]) == {"min", "median", "mean", "p90", "max"}


def test_every_game_ends_or_reaches_the_cap() -> None:
    report = S.simulate(load_spec("classic"), 4, 5, seed=0, bots=["random"], max_turns=50)
    assert report.ok
    for r in report.results:
        assert r.end == "cap" and r.turns == 50 and r.winner == -1


def test_variants_play_by_their_own_end() -> None:
    """NFL's short game ends at the first bankruptcy, won by the richest."""
    report = S.simulate(load_spec("nfl"), 4, 4, seed=0, bots=["basic"], variant="short")
    assert report.ok
    assert {r.end for r in report.results} <= {"first_bankruptcy", "cap"}
    assert any(r.end == "first_bankruptcy" and r.winner >= 0 for r in report.results)


def test_lengths_statistics() -> None:
    report = S.simulate(load_spec("classic"), 2, 0)
    report.results = [S.GameResult(i, i, 0, t, 0, "last_standing") for i, t in
                      enumerate([10, 40, 20, 30, 50, 60, 70, 80, 90, 100])]
    assert report.lengths() == {"min": 10, "median": 55.0, "mean": 55.0, "p90": 90,
                                "max": 100}


def test_heat_map_draws_the_board_as_a_ring() -> None:
    spec = load_spec("classic")
    landings = [1] * 40
    landings[24] = 9  # Illinois Avenue: top row, fifth from the left corner
    lines = S.heat_map(spec, landings)
    ring = lines[:11]
    assert all(len(line.split()) in (2 * 11, 4) for line in ring)
    top = ring[0].split()
    assert top[2 * 4] == S.SHADES[-1]
    assert "Illinois Avenue" in lines[-1].split(",")[0]


def test_bad_arguments_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "--bot", "genius")[0] == 2
    assert _run(capsys, "--players", "9")[0] == 2
    assert _run(capsys, "--variant", "nope", "--games", "1")[0] == 2
    assert _run(capsys, "--edition", "no-such-edition")[0] == 2


def test_rent_owners_must_ask_for_is_asked_for() -> None:
    """Under the 'owner must ask' rent option, the simulated owners ask for every rent owed,
    so rent is paid as in automatic games."""
    spec = load_spec("classic")
    asking = spec.with_rules(spec.rules.with_overrides({"rent_collection": "owner_must_ask"}))
    claimed = 0
    asked = 0

    def count(game: Game) -> None:
        nonlocal claimed, asked
        claimed += sum(1 for e in game.last_events if e.kind == "rent_claimable")
        asked += game.history[-1].kind == "collect_rent" if game.history else 0

    result, failure = S.play_game(asking, ["basic"] * 4, seed=3, after_decision=count)
    assert failure is None
    assert result.end == "last_standing"
    assert claimed > 0
    assert asked == claimed


@pytest.mark.parametrize("edition", ["classic", "got", "nfl", "lotr"])
def test_a_quiet_game_plays_as_one_that_keeps_its_events(edition: str) -> None:
    """``play_game`` keeps no events unless a hook may read them (``Game.quiet``): the rules
    never read events, so the games are the same, decision for decision."""
    spec = load_spec(edition)
    seen: list[int] = []

    def watch(game: Game) -> None:
        assert game.last_events or game.st.over or game.history[-1].kind != "roll"
        seen.append(len(game.history))

    for seed in (1, 2):
        quiet, _ = S.play_game(spec, ["basic", "random", "basic", "random"], seed)
        loud, _ = S.play_game(spec, ["basic", "random", "basic", "random"], seed,
                              after_decision=watch)
        assert quiet == loud
        assert seen[-1] == loud.decisions
