"""Setup and who goes first (rulebook:NFL 'Setup', 'Play', 'What's different?';
rulebook:GOT 'Set It Up!', 'Who Goes First?')."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from helpers import ScriptedRandom, kinds, scripted_dice, spec_of

from monopoly_tui.engine import game as game_module
from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.engine.game import Game

_REPLACES_GAME_RANDOM = pytest.mark.pure_python_only(
    "monopoly_tui.engine.game", "replaces game.random, which compiled code binds at import")
"""For the tests that script the dice from the first roll by replacing the engine's
``random`` module."""


def _game_with_script(monkeypatch: pytest.MonkeyPatch, edition: str, n: int,
                      script: list[float]) -> Game:
    """A new game whose generator answers ``random()`` from ``script`` from the very start."""
    spec = spec_of(edition)

    def make(seed: Any = None) -> ScriptedRandom:
        return ScriptedRandom(seed, script)

    monkeypatch.setattr(game_module, "random", SimpleNamespace(Random=make))
    return Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(n)], seed=1)


@pytest.mark.parametrize("edition", ["classic", "got", "nfl"])
def test_each_player_starts_with_1500_on_go(edition: str) -> None:
    """'The Bank pays each player $1,500' and 'places it on GO' (NFL Setup 1, 3)."""
    spec = spec_of(edition)
    game = Game.new(spec, [("A", spec.tokens[0]), ("B", spec.tokens[1]), ("C", spec.tokens[2])])
    assert [p.cash for p in game.st.players] == [1500, 1500, 1500]
    assert [p.position for p in game.st.players] == [spec.go_space] * 3
    assert game.st.starting_total == 4500
    assert all(o == -1 for o in game.st.owner)


def test_bank_holds_32_houses_and_12_hotels_at_the_start() -> None:
    """'The Bank holds all Title Deeds, houses, and hotels' (32 houses, 12 hotels)."""
    spec = spec_of("classic")
    game = Game.new(spec, [("A", spec.tokens[0]), ("B", spec.tokens[1])])
    assert (game.st.bank_houses, game.st.bank_hotels) == (32, 12)


def test_highest_roller_starts() -> None:
    """'Starting with the highest roller' / 'The highest roller takes the first turn.'"""
    spec = spec_of("classic")
    game = _game_with_dice("classic", 3, scripted_dice(spec, [(2, 3), (6, 5), (1, 1)]))
    assert game.st.first_player == 1
    assert game.st.current == 1
    assert game.pending.player == 1
    rolls = [e for e in game.last_events if e.kind == "first_roll"]
    assert [(e.player, e.amount) for e in rolls] == [(0, 5), (1, 11), (2, 2)]


def test_tied_highest_rollers_roll_again() -> None:
    """Ties for the highest roll are rolled again, by the tied players only."""
    spec = spec_of("classic")
    dice = scripted_dice(spec, [(6, 6), (1, 2), (6, 6), (1, 1), (3, 3)])
    game = _game_with_dice("classic", 3, dice)
    rolls = [(e.player, e.amount) for e in game.last_events if e.kind == "first_roll"]
    assert rolls == [(0, 12), (1, 3), (2, 12), (0, 2), (2, 6)]
    assert game.st.first_player == 2


@_REPLACES_GAME_RANDOM
def test_nfl_coin_flip_chain_winner_flips_against_the_next(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """'Two players flip; the winner of that flip flips against the next player, and so on.'"""
    # first flip: player 0 against 1, tails (>= 0.5): 1 wins; then 1 against 2, heads: 1 keeps it;
    # then 1 against 3, tails: 3 wins and goes first.
    game = _game_with_script(monkeypatch, "nfl", 4, [0.7, 0.2, 0.9])
    flips = [(e.player, e.other, e.amount) for e in game.last_events if e.kind == "coin_flip"]
    assert flips == [(0, 1, 1), (1, 2, 1), (1, 3, 3)]
    assert game.st.first_player == 3
    assert "first_roll" not in kinds(game.last_events)


def test_nfl_coin_flip_needs_no_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    """NFL: the coin, not the dice, decides who goes first (two players: one flip)."""
    game = _game_with_script(monkeypatch, "nfl", 2, [0.1])
    flips = [e for e in game.last_events if e.kind == "coin_flip"]
    assert len(flips) == 1
    assert game.st.first_player == 0


@pytest.mark.parametrize(("edition", "most"), [("classic", 8), ("got", 6), ("nfl", 8)])
def test_two_to_the_edition_maximum_of_players(edition: str, most: int) -> None:
    """A game needs 2 players at least and one token each at most (GoT has six tokens)."""
    spec = spec_of(edition)
    assert spec.players_min == 2
    assert spec.players_max == most
    for n in (2, most):
        game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(n)])
        assert len(game.st.players) == n
    with pytest.raises(ValueError, match="players"):
        Game.new(spec, [("Solo", spec.tokens[0])])
    too_many = [(f"P{i}", f"token {i}") for i in range(most + 1)]
    with pytest.raises(ValueError, match="players"):
        Game.new(spec, too_many)


def test_each_player_needs_a_different_token() -> None:
    """'Each player picks a token': two players cannot share one."""
    spec = spec_of("classic")
    with pytest.raises(ValueError, match="token"):
        Game.new(spec, [("A", "Boot"), ("B", "Boot")])


def test_same_seed_same_game() -> None:
    """All randomness comes from the seed: two games with one seed start alike."""
    spec = spec_of("classic")
    players = [("A", "Boot"), ("B", "Iron"), ("C", "Thimble")]
    g1, g2 = Game.new(spec, players, seed=7), Game.new(spec, players, seed=7)
    assert g1.st.first_player == g2.st.first_player
    assert g1.st.decks == g2.st.decks


def _game_with_dice(edition: str, n: int, dice: ScriptedFaces) -> Game:
    """A new game whose dice show a script from the very first roll (the engine's seam)."""
    spec = spec_of(edition)
    return Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(n)], seed=1, dice=dice)
