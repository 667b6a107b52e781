"""The master computer player: the expert, who thinks ahead where a choice matters.

At every decision the master asks the expert what it would do. Where the decision offers
something else of a different kind (buy, or leave the deed to auction; bid, or drop out; accept
a trade, or turn it down; pay the fine, or roll; battle, or let them be...), or where the
expert would first build, mortgage or propose a trade before the decision, the master plays
sampled futures of each candidate (``bots.search``: the same re-drawn dice and cards for every
candidate, so their difference is the choice's and not the luck's) and takes the candidate that
wins most, judged by each future's chance to win for the master. It leaves the expert's choice
only when another is better by more than ``MARGIN`` and by more than ``SURE`` standard errors of
the paired difference: a search of a few dozen futures is noisy, and the expert's choice is a
good prior.

The search is limited by time (``budget_ms``, measured by the process's CPU clock) or, for
tests and reproducible matches, by a count of futures per candidate (``rollouts``): with a count
the master is deterministic for its seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from monopoly_tui.bots.expert import ExpertBot
from monopoly_tui.bots.search import judge_for, rollout, rollout_seed
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import ANYTIME, Action
from monopoly_tui.engine.frames import AuctionFrame
from monopoly_tui.engine.game import Game

MAX_CANDIDATES: Final = 4
"""Choices searched at one decision: the expert's and up to three others."""

MIN_ROLLOUTS: Final = 4
"""Futures a candidate gets even when the time budget is spent sooner."""

MAX_ROLLOUTS: Final = 64
"""Futures a candidate gets at most, however much time is left."""

MARGIN: Final = 0.03
"""The least gain in the chance to win for which the master leaves the expert's choice."""

SURE: Final = 2.0
"""Standard errors of the paired difference by which another choice must beat the expert's."""

POLICY: Final = "basic"
"""Who plays the futures (``bots.search.POLICIES``)."""

BUDGET_MS: Final = 150
"""The master's time to think at one decision, in CPU milliseconds."""

BARGAIN: Final = 0.75
"""The share of a deed's price below which the expert's bid is taken without a search."""

TRIVIAL: Final = frozenset({A.ROLL, A.END_TURN, A.GAME_OVER})
"""Decisions whose own choice is forced (roll, end the turn): searched only when the expert
would first make an at-any-time choice (build, mortgage, trade), against not making it."""


@dataclass(slots=True)
class Option:
    """One candidate searched: its action, and the master's mean chance to win after it."""

    action: Action
    chance: float = 0.0
    futures: int = 0
    results: list[float] = field(default_factory=list)


@dataclass(slots=True)
class Advice:
    """What the master would choose at a decision, and what the search found."""

    player: int
    choice: Action
    expert: Action
    """The expert's choice (the master's prior)."""
    options: list[Option]
    """The candidates searched, best first (empty when there was nothing to weigh)."""
    elapsed_ms: float = 0.0

    @property
    def searched(self) -> bool:
        return len(self.options) > 1


def candidates(game: Game, player: int, expert_choice: Action) -> list[Action]:
    """The choices worth weighing at the decision ``player`` owes: the expert's, then the
    first choice of each other kind the decision offers (a bid at its lowest), and, when the
    expert's is an at-any-time choice, the decision's own first choice (making none)."""
    pend = game.pending
    out = [expert_choice]
    kinds = {expert_choice.kind}
    if expert_choice.kind in ANYTIME:
        kinds.discard(expert_choice.kind)
    elif pend.kind in TRIVIAL or _bargain(game, expert_choice):
        return out
    for choice in pend.choices:
        if choice.kind not in kinds and choice != expert_choice:
            kinds.add(choice.kind)
            out.append(choice)
            if len(out) >= MAX_CANDIDATES:
                break
    return out


def _bargain(game: Game, choice: Action) -> bool:
    """A bid in a deed's auction while the price is still below ``BARGAIN`` of the deed's
    printed price: not weighed against dropping out (the auction's early steps are most of
    its decisions, and a deed that cheap is worth bidding for)."""
    frame = game.frame
    if choice.kind != A.A_BID or not isinstance(frame, AuctionFrame) or frame.deed < 0:
        return False
    return frame.high_bid < BARGAIN * game.spec.deeds[frame.deed].price


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _paired_se(a: list[float], b: list[float]) -> float:
    """The standard error of the mean of ``a[i] - b[i]``."""
    n = min(len(a), len(b))
    if n < 2:
        return math.inf
    diffs = [a[i] - b[i] for i in range(n)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(var / n)


def search(game: Game, player: int, actions: list[Action], *, seed: int,
           budget_ms: float = BUDGET_MS, rollouts: int | None = None,
           policy: str = POLICY) -> list[Option]:
    """Play futures of each action (the same futures for each: one seed a round) until the
    budget is spent (at least ``MIN_ROLLOUTS`` rounds) or, given ``rollouts``, that many
    rounds; the options in the order of ``actions``."""
    judge = judge_for(game)
    options = [Option(a) for a in actions]
    decision = game.st.decisions
    rounds = rollouts if rollouts is not None else MAX_ROLLOUTS
    start = time.process_time()
    for index in range(rounds):
        future_seed = rollout_seed(seed, decision, index)
        for option in options:
            option.results.append(
                rollout(game, future_seed, judge, option.action, policy=policy)[player])
        if (rollouts is None and index + 1 >= MIN_ROLLOUTS
                and (time.process_time() - start) * 1000 >= budget_ms):
            break
    for option in options:
        option.futures = len(option.results)
        option.chance = _mean(option.results)
    return options


def pick(options: list[Option]) -> Option:
    """The first option (the expert's) unless another beats it by more than ``MARGIN`` and
    ``SURE`` standard errors of the paired difference; then the best such."""
    prior = options[0]
    best = prior
    for option in options[1:]:
        gain = option.chance - prior.chance
        if gain > max(MARGIN, SURE * _paired_se(option.results, prior.results)) \
                and option.chance > best.chance:
            best = option
    return best


def advise(game: Game, player: int, *, seed: int = 0, budget_ms: float = BUDGET_MS,
           rollouts: int | None = None, expert: ExpertBot | None = None,
           policy: str = POLICY) -> Advice:
    """What the master would choose at the decision ``player`` owes now, with the search
    behind it. ``game`` is not changed."""
    start = time.process_time()
    kind, who = game.waiting_for
    if who != player:
        raise ValueError(f"player {player} has no decision to make ({kind} is {who}'s)")
    thinker = expert if expert is not None else ExpertBot(seed)
    expert_choice = thinker.decide(game, kind, player)
    actions = candidates(game, player, expert_choice)
    if len(actions) < 2:
        return Advice(player, expert_choice, expert_choice, [])
    options = search(game, player, actions, seed=seed, budget_ms=budget_ms, rollouts=rollouts,
                     policy=policy)
    chosen = pick(options)
    ranked = sorted(options, key=lambda o: -o.chance)
    return Advice(player, chosen.action, expert_choice, ranked,
                  (time.process_time() - start) * 1000)


def win_chances(game: Game, *, seed: int = 0, futures: int = 16) -> list[float]:
    """Each player's chance to win from where ``game`` stands, by ``futures`` sampled
    futures (``bots.search``); they sum to 1. ``game`` is not changed."""
    judge = judge_for(game)
    n = len(game.st.players)
    totals = [0.0] * n
    decision = game.st.decisions
    for index in range(futures):
        for p, c in enumerate(rollout(game, rollout_seed(seed, decision, index), judge)):
            totals[p] += c
    return [t / futures for t in totals]


class MasterBot:
    """The master (see the module), deterministic for its seed when given ``rollouts``.
    (Not a ``DecidingBot``: that base is compiled in the wheel, and this module is not, and an
    interpreted class cannot inherit from a compiled one. ``decide`` is found by name.)"""

    name = "master"

    def __init__(self, seed: int = 0, budget_ms: float = BUDGET_MS,
                 rollouts: int | None = None, policy: str = POLICY) -> None:
        self.seed = seed
        self.policy = policy
        self.budget_ms = budget_ms
        self.rollouts = rollouts
        self.expert = ExpertBot(seed)
        self.searches = 0
        """Decisions searched so far."""
        self.on_search: Callable[[Advice], None] | None = None
        """Told each searched decision's advice (benchmarks measure with it)."""

    def choose(self, game: Game, player: int) -> Action:
        """The master's choice for the decision ``player`` owes now."""
        kind, who = game.waiting_for
        if who != player:
            raise ValueError(f"player {player} has no decision to make ({kind} is {who}'s)")
        return self.decide(game, kind, player)

    def decide(self, game: Game, kind: str, player: int) -> Action:
        """The expert's choice, or a better one the search found (see the module)."""
        advice = advise(game, player, seed=self.seed, budget_ms=self.budget_ms,
                        rollouts=self.rollouts, expert=self.expert, policy=self.policy)
        if advice.searched:
            self.searches += 1
            if self.on_search is not None:
                self.on_search(advice)
        return advice.choice
