"""Is the chance to win the game shows calibrated? Positions of real games, each judged from
sampled futures (``bots.search``: what the statistics screen and the master use), against who
went on to win.

    python benchmarks/bench_calibration.py --edition classic --games 300 --jobs 2

Game ``i`` (seeded ``seed + i``) is played by four bots (``--bots``, the expert by default) to
its end or ``--max-turns``; every ``--every`` player-turns the position is judged from
``--futures`` sampled futures (``HORIZON_TURNS`` player-turns each, as the game judges). Each
future keeps its players' strengths (or its winner, where it ended), so the chances can be
recomputed for any ``STEEPNESS``: the benchmark prints, for several, the Brier score (the mean
squared error of the chances against who won; lower is better, and always guessing an even
share scores 0.1875 with four players) and, for the steepness the game uses and the best one,
the calibration table: the positions' chances in bins of ten points, how many, what the
chances said on average, and how often those players won. Capped games are left out.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.search import (
    STEEPNESS,
    judge_for,
    over_chances,
    play_future,
    rollout_seed,
    softmax,
    strengths,
)
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.rules.loader import load_edition_spec
from monopoly_tui.simulate import bot_seed

STEEPNESSES = (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0)

Future = tuple[bool, list[float], list[bool]]
"""(ended, its winner's chances or the strengths, who is out)"""
Sample = tuple[list[Future], int]
"""A position's futures, and the game's winner."""


def _game(edition: str, seed: int, args: argparse.Namespace) -> list[Sample]:
    from monopoly_tui.engine.game import Game

    spec = load_edition_spec(edition)
    game = Game.new(spec, [(f"seat {i + 1}", spec.tokens[i]) for i in range(4)], seed=seed)
    game.quiet = True
    bots = [make_bot(args.bots, bot_seed(seed, i)) for i in range(4)]
    judge = judge_for(game)
    st = game.st
    positions: list[list[Future]] = []
    mark = -1
    while not st.over and st.turns < args.max_turns:
        if st.turns % args.every == 0 and st.turns != mark and st.turns > 0:
            mark = st.turns
            futures: list[Future] = []
            for k in range(args.futures):
                future = play_future(game, rollout_seed(seed, st.decisions, k))
                if future.st.over:
                    futures.append((True, over_chances(future), []))
                else:
                    futures.append((False, strengths(future, judge),
                                    [pl.bankrupt for pl in future.st.players]))
            positions.append(futures)
        kind, who = game.waiting_for
        if st.claims and kind in (A.ROLL, A.JAIL, A.END_TURN):
            game.act(Action(A.A_COLLECT_RENT, st.claims[0].owner, 0))
            continue
        game.act(bots[who].choose(game, who))
    if not st.over or st.winner < 0:
        return []
    return [(futures, st.winner) for futures in positions]


def _games(edition: str, args: argparse.Namespace, first: int, step: int) -> list[Sample]:
    out: list[Sample] = []
    for i in range(first, args.games, step):
        out += _game(edition, args.seed + i, args)
    return out


def predicted(futures: list[Future], steepness: float) -> list[float]:
    """A position's chances at this steepness: the mean over its futures."""
    n = 4
    total = [0.0] * n
    for ended, values, out in futures:
        found = values if ended else softmax(values, out, steepness)
        for p in range(n):
            total[p] += found[p]
    return [t / len(futures) for t in total]


def brier(samples: list[Sample], steepness: float) -> float:
    errors = 0.0
    count = 0
    for futures, winner in samples:
        for p, c in enumerate(predicted(futures, steepness)):
            errors += (c - (1.0 if p == winner else 0.0)) ** 2
            count += 1
    return errors / count


def table(samples: list[Sample], steepness: float) -> list[str]:
    """The calibration table: bins of ten points."""
    bins: list[list[tuple[float, bool]]] = [[] for _ in range(10)]
    for futures, winner in samples:
        for p, c in enumerate(predicted(futures, steepness)):
            bins[min(9, int(c * 10))].append((c, p == winner))
    lines = ["  | chance said | positions | said on average | won |", "  |---|---|---|---|"]
    for b, rows in enumerate(bins):
        if not rows:
            continue
        said = sum(c for c, _ in rows) / len(rows)
        won = sum(1 for _, w in rows if w) / len(rows)
        lines.append(f"  | {b * 10}–{b * 10 + 10}% | {len(rows)} | {said:.1%} | {won:.1%} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--bots", default="expert")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=20)
    ap.add_argument("--futures", type=int, default=16)
    ap.add_argument("--max-turns", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    for edition in args.edition.split(","):
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                parts = pool.map(_games, [edition] * args.jobs, [args] * args.jobs,
                                 range(args.jobs), [args.jobs] * args.jobs)
                samples = [s for part in parts for s in part]
        else:
            samples = _games(edition, args, 0, 1)
        print(f"{edition}: {len(samples)} positions of {args.games} games of four {args.bots} "
              f"bots, judged every {args.every} player-turns from {args.futures} futures")
        scores = {k: brier(samples, k) for k in STEEPNESSES}
        for k, score in scores.items():
            mark = " (the game's)" if k == STEEPNESS else ""
            print(f"  steepness {k}: Brier {score:.4f}{mark}")
        best = min(scores, key=lambda k: scores[k])
        for k in dict.fromkeys((STEEPNESS, best)):
            print(f"  calibration at steepness {k}:")
            print("\n".join(table(samples, k)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
