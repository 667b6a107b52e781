"""``Game.copy``: a computer player that looks ahead plays on a copy, and the real game must not
notice. The copy works on the compiled engine too, whose objects cannot be deep-copied."""

from __future__ import annotations

import pytest

from monopoly_tui.bots import make_bot
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.snapshot import encode_state
from monopoly_tui.rules import load_spec

EDITIONS = ("classic", "got", "nfl", "lotr")


def _played(edition: str, decisions: int, seed: int = 3) -> Game:
    spec = load_spec(edition)
    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(4)], seed=seed)
    bots = [make_bot("basic", seed * 10 + i) for i in range(4)]
    while not game.over and len(game.history) < decisions:
        _kind, who = game.waiting_for
        game.act(bots[who].choose(game, who))
    return game


def _play_on(game: Game, decisions: int, seed: int) -> None:
    bots = [make_bot("basic", seed + i) for i in range(4)]
    for _ in range(decisions):
        if game.over:
            return
        _kind, who = game.waiting_for
        game.act(bots[who].choose(game, who))


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_copy_is_the_same_game_and_plays_on_the_same_way(edition: str) -> None:
    """The copy has the same state, history and random generator: the same choices on both
    give the same games."""
    game = _played(edition, 300)
    twin = game.copy()
    assert encode_state(twin.st) == encode_state(game.st)
    assert twin.history == game.history and twin.options == game.options
    _play_on(game, 200, seed=50)
    _play_on(twin, 200, seed=50)
    assert encode_state(twin.st) == encode_state(game.st)
    assert twin.history == game.history


@pytest.mark.parametrize("edition", EDITIONS)
def test_playing_on_a_copy_leaves_the_game_untouched(edition: str) -> None:
    """Whatever happens on the copy (moves, purchases, buildings, debts, the dice drawn), the
    original's state and history stay exactly as they were."""
    game = _played(edition, 300)
    before = encode_state(game.st)
    history = list(game.history)
    twin = game.copy()
    _play_on(twin, 400, seed=77)
    twin.st.players[0].cash += 1  # and a change made by hand
    twin.st.owner[0] = 3
    assert encode_state(game.st) == before
    assert game.history == history
    assert game.st.players[0] is not twin.st.players[0]
    assert game.st.rng is not twin.st.rng
