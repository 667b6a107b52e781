"""Sampled futures: what a computer player that thinks ahead plays on copies of the game.

A *future* is a copy of the game (``Game.copy``) whose hidden chance is drawn afresh: its
random generator reseeded and the cards still in each deck shuffled, so a player who looks
ahead knows what every player at the table knows (the board, the cash, the cards kept) and
nothing of the order of the dice or of the decks. A *rollout* plays a future on, quietly, for
``HORIZON_TURNS`` player-turns, every seat played by the basic bot (fast and plain: what
matters is that every candidate is played on by the same players through the same dice) or
by the expert (``POLICIES``), and
then *judges* it: each player's chance to win from where the future stands.

The judge: a game over is won by its winner (1 to them, 0 to the rest). Otherwise each
player still in has a *strength*, what the expert's value model says their position is worth
(cash, the buildings at cost, and the deeds with what their groups will earn:
``ExpertBot.holdings``), and the chances are a softmax of the strengths relative to their
mean (``STEEPNESS``): equal strengths are equal chances, and a player twice as strong as the
mean is ``e ** STEEPNESS`` times likelier to win than one at the mean.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from monopoly_tui.bots.base import Bot
from monopoly_tui.bots.basic import BasicBot
from monopoly_tui.bots.expert import ExpertBot
from monopoly_tui.bots.rollout import play_turns
from monopoly_tui.bots.value_model import model_of
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.dice import shuffle
from monopoly_tui.engine.game import Game

HORIZON_TURNS: Final = 40
"""Player-turns a rollout plays before it is judged (10 rounds of four players)."""

STEEPNESS: Final = 2.5
"""How sharply the judge turns a lead in strength into a chance to win (see the module).
(designed: the calibration table of ``benchmarks/bench_master.py --calibrate`` tunes it)"""

_SEED_MIX: Final = 0x9E3779B1
"""An odd constant that spreads consecutive seeds over the generator's seeds."""


def rollout_seed(seed: int, decision: int, index: int) -> int:
    """The seed of the ``index``-th future sampled at a game's ``decision``-th decision by a
    player seeded ``seed``: the same futures for the same game, seed and count, and different
    futures at different decisions."""
    return (seed * 1_000_003 + decision * 7_919 + index * _SEED_MIX) & 0xFFFF_FFFF


def fresh_future(game: Game, seed: int) -> Game:
    """A quiet copy of ``game`` with its hidden chance drawn afresh from ``seed``: a new
    generator state for the dice, and the cards left in each deck in a new order."""
    future = game.copy()
    future.quiet = True
    future.dice_source = None  # (a test's script is not the future's dice)
    st = future.st
    st.rng.seed(seed)
    for deck in st.decks:
        shuffle(st.rng, deck)
    return future


def judge_for(game: Game) -> ExpertBot:
    """An expert whose value model is the game's edition, used only to value positions
    (``strengths``); it never decides anything."""
    judge = ExpertBot(0)
    judge.model = model_of(game.spec)
    return judge


def strengths(game: Game, judge: ExpertBot) -> list[float]:
    """Each player's strength (see the module): 0 once bankrupt."""
    spec, st = game.spec, game.st
    horizon = judge.horizon(st)
    out: list[float] = []
    for p, pl in enumerate(st.players):
        if pl.bankrupt:
            out.append(0.0)
            continue
        built = sum(P.building_value(spec, st, d) for d, o in enumerate(st.owner) if o == p)
        held = judge.holdings(st.owner, st.mortgaged, p, horizon, float(pl.cash))
        out.append(max(1.0, pl.cash + built + held))
    return out


def chances(game: Game, judge: ExpertBot, steepness: float = STEEPNESS) -> list[float]:
    """Each player's chance to win from where ``game`` stands (see the module); they sum
    to 1."""
    st = game.st
    if st.over:
        return over_chances(game)
    return softmax(strengths(game, judge), [pl.bankrupt for pl in st.players], steepness)


def over_chances(game: Game) -> list[float]:
    """A game over is its winner's (shared by everyone when it ended without one)."""
    st = game.st
    n = len(st.players)
    if st.winner >= 0:
        return [1.0 if p == st.winner else 0.0 for p in range(n)]
    return [1.0 / n] * n


def softmax(power: list[float], out: list[bool], steepness: float = STEEPNESS) -> list[float]:
    """Chances from strengths (see the module); a player who is ``out`` has none."""
    alive = [p for p in range(len(power)) if not out[p]]
    mean = sum(power[p] for p in alive) / len(alive)
    weights = [0.0 if out[p] else math.exp(steepness * power[p] / mean)
               for p in range(len(power))]
    total = sum(weights)
    return [w / total for w in weights]


POLICIES: Final[dict[str, Callable[[int], Bot]]] = {
    "basic": BasicBot, "expert": ExpertBot}
"""Who plays every seat in a rollout, by name: the basic bot (fast) or the expert."""


def play_future(game: Game, seed: int, first: Action | None = None,
                turns: int = HORIZON_TURNS, policy: str = "basic") -> Game:
    """One future of ``game`` (``fresh_future``) played on, ``first`` taken first when given,
    for ``turns`` player-turns by the ``policy``'s bots. ``game`` is not changed."""
    future = fresh_future(game, seed)
    if first is not None:
        future.act(first)
    make = POLICIES[policy]
    bots = [make((seed + seat * _SEED_MIX) & 0xFFFF_FFFF) for seat in
            range(len(future.st.players))]
    play_turns(future, bots, turns)
    return future


def rollout(game: Game, seed: int, judge: ExpertBot, first: Action | None = None,
            turns: int = HORIZON_TURNS, policy: str = "basic") -> list[float]:
    """Each player's chance to win as judged at the end of one future (``play_future``)."""
    return chances(play_future(game, seed, first, turns, policy), judge)
