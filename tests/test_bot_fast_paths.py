"""The basic bot's quick ways of knowing its position give what the plain definitions give.

Speed work (``benchmarks/bench_engine.py``) made the bot count some things once per change and
share them, and draw its turn's chance of a trade proposal only when a proposal could come of
it. Each test states what the bot needs to know, computes it the plain way, and checks the
quick way agrees on many random positions.
"""

from __future__ import annotations

import itertools
import random

import pytest

from monopoly_tui.bots import BasicBot
from monopoly_tui.bots.base import Board, chance, simple_action
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec

EDITIONS = ("classic", "got", "nfl", "lotr")


def _game(edition: str, players: int = 4) -> Game:
    spec = load_spec(edition)
    return Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(players)], seed=1)


def _shuffle_holdings(game: Game, rng: random.Random, players: int) -> None:
    """Random owners, mortgages and building levels (not always a legal position: the bot's
    counts are plain functions of these lists, legal or not)."""
    st = game.st
    top = Board.of(game.spec).top
    st.owner[:] = [rng.randrange(-1, players) for _ in st.owner]
    st.mortgaged[:] = [o >= 0 and rng.random() < 0.15 for o in st.owner]
    st.buildings[:] = [
        rng.randrange(0, top + 1) if o >= 0 and rng.random() < 0.3 else 0 for o in st.owner
    ]


@pytest.mark.parametrize("edition", EDITIONS)
def test_threat_is_the_highest_rent_of_an_opponents_buildings(edition: str) -> None:
    """A bot's threat is the highest rent any opponent's built street charges now (0 while
    nobody has built), however often and in whatever order the bots ask."""
    game = _game(edition)
    board = Board.of(game.spec)
    bots = [BasicBot(seed=i) for i in range(4)]
    for bot in bots:  # (set at a bot's first decision; set directly here)
        bot.board = board
    rng = random.Random(7)
    st = game.st
    for _ in range(400):
        if rng.random() < 0.6:
            _shuffle_holdings(game, rng, 4)
        for p in rng.sample(range(4), 4):
            plain = max(
                (
                    board.level_rent[d][level]
                    for d, level in enumerate(st.buildings)
                    if level and st.owner[d] >= 0 and st.owner[d] != p
                ),
                default=0,
            )
            assert bots[p].threat(st, p) == plain


@pytest.mark.parametrize("edition", EDITIONS)
def test_one_deed_short_means_some_group_lacks_one_deed_another_player_holds(
    edition: str,
) -> None:
    """A proposal can only come of a turn when one of the bot's colour groups (of two deeds or
    more) lacks exactly one deed, held by another player."""
    game = _game(edition)
    board = Board.of(game.spec)
    bot = BasicBot(seed=3)
    bot.board = board
    rng = random.Random(11)
    st = game.st
    for _ in range(400):
        _shuffle_holdings(game, rng, 4)
        for p in range(4):
            plain = False
            for g in board.street_groups:
                deeds = board.group_deeds[g]
                missing = [d for d in deeds if st.owner[d] != p]
                if len(deeds) > 1 and len(missing) == 1 and st.owner[missing[0]] >= 0:
                    plain = True
            assert bot._one_deed_short(st, p) == plain
            full = [
                g for g in board.street_groups
                if all(st.owner[d] == p for d in board.group_deeds[g])
            ]
            assert bot._full_groups(st, p) == full


def test_bot_chance_is_fixed_by_its_keys_and_spread_evenly() -> None:
    """The bots' chance is a number in [0, 1) fixed by the seed and the position: the same
    keys give the same number, and over many positions about a tenth fall under 0.1, with no
    run from one turn to the next."""
    assert chance(5, 100, 2) == chance(5, 100, 2)
    values = [chance(seed, turn, seat) for seed in range(10) for turn in range(500)
              for seat in range(4)]
    assert all(0.0 <= v < 1.0 for v in values)
    share = sum(v < 0.1 for v in values) / len(values)
    assert 0.09 < share < 0.11
    assert 0.45 < sum(values) / len(values) < 0.55
    hits = [chance(7, turn, 0) < 0.1 for turn in range(20_000)]
    both = sum(a and b for a, b in itertools.pairwise(hits)) / len(hits)
    assert both < 0.02  # independent turns: about 0.1 * 0.1


def test_simple_actions_are_shared_and_equal_to_new_ones() -> None:
    """The same plain choice is one shared object, equal to a newly made one."""
    a = simple_action(A.A_BUILD, 2, 17)
    assert a is simple_action(A.A_BUILD, 2, 17)
    assert a == A.Action(A.A_BUILD, 2, 17)
    assert simple_action(A.A_ROLL, 1) == A.Action(A.A_ROLL, 1)
    assert simple_action(A.A_ROLL, 1) != simple_action(A.A_ROLL, 2)


def test_a_bot_asked_for_several_seats_answers_for_the_seat_asked() -> None:
    """The bot keeps its seat's roll and end of turn at hand; asked for another seat (one bot
    playing several), it answers with that seat's choice."""
    game = _game("classic")
    bot = BasicBot(seed=0)
    for p in (0, 1, 1, 3, 0):
        roll = bot.decide(game, A.ROLL, p)
        assert roll == simple_action(A.A_ROLL, p)
        assert roll.player == p
