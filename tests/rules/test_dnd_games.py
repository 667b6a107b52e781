"""Dungeons & Dragons: Honor Among Thieves, whole games of basic bots (issue 11, "Done when"):
the simulator's report tells the edition's story in its words."""

from __future__ import annotations

from dataclasses import replace

import pytest
from dnd_helpers import dnd_spec

from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.mechanics.dnd_config import CHARACTERS, CharactersSpec
from monopoly_tui.simulate import count_events, game_tokens, play_game, simulate


def test_the_report_counts_securing_by_how_red_die_rolls_by_purpose_and_monsters() -> None:
    tally: dict[str, int] = {}
    count_events(tally, [Event("secured", text="paid"), Event("secured", text="rolled"),
                         Event("secured", text="rolled"), Event("red_die", text="secure"),
                         Event("critical_fail"), Event("monster", text="lost"),
                         Event("moved")])
    assert tally == {"secured:paid": 1, "secured:rolled": 2, "red_die:secure": 1,
                     "critical_fail": 1, "monster:lost": 1}


def test_a_seeded_dnd_game_is_played_the_same_way_twice() -> None:
    a, fa = play_game(dnd_spec(), ["basic"] * 4, 3)
    b, fb = play_game(dnd_spec(), ["basic"] * 4, 3)
    assert fa is None and fb is None
    assert (a.turns, a.winner, a.tally) == (b.turns, b.winner, b.tally)


def test_the_simulator_reports_securing_criticals_revivals_and_characters() -> None:
    report = simulate(dnd_spec(), 4, 3, seed=1)
    assert report.ok
    text = report.text(games_list=False)
    assert "games ended with every location secured: 3 of 3" in text
    assert "by paying the price" in text and "by the roll" in text
    assert "Critical Fail" in text and "Critical Success" in text
    assert "Close to death per game" in text and "revived" in text
    assert "Wins by character" in text
    story = report.data()["adventures"]
    assert story["all_secured"] == 3
    assert story["secured_paid"] + story["secured_rolled"] == 16
    assert sum(c["games"] for c in story["characters"].values()) == 12


def test_the_dungeon_master_cards_join_a_simulated_game() -> None:
    result, failure = play_game(dnd_spec(), ["basic"] * 4, 1, dm="all")
    assert failure is None and result.end == "all_locations_secured"
    with pytest.raises(ValueError, match="no Dungeon Master card"):
        simulate(dnd_spec(), 4, 1, dm="castle-never")


def test_characters_are_dealt_to_the_seats_by_the_seed_each_at_most_once() -> None:
    spec = dnd_spec()
    with_characters = replace(spec, mechanics={**spec.mechanics,
                                               CHARACTERS: CharactersSpec(())},
                              space_by_id={})
    deals = [game_tokens(with_characters, 4, seed) for seed in range(20)]
    assert all(len(set(d)) == 4 and set(d) <= set(spec.tokens) for d in deals)
    assert len({tuple(d) for d in deals}) > 5
    assert {d[0] for d in deals} == set(spec.tokens)
    assert game_tokens(with_characters, 4, 7) == game_tokens(with_characters, 4, 7)


def test_random_bots_meet_every_dnd_decision_and_keep_the_invariants() -> None:
    """Random legal choices everywhere (trades of locations, gold and kept cards included),
    with every Dungeon Master card: no invariant broken, every game ends all-secured."""
    report = simulate(dnd_spec(), 4, 8, seed=11, bots=["random"], dm="all")
    assert report.ok, [f.problems for f in report.failures]
    assert report.endings() == {"all_locations_secured": 8}
    story = report.data()["adventures"]
    assert story["monsters_won"] + story["monsters_lost"] > 0
