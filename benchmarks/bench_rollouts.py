"""Rollouts per second: ``Game.copy()`` of a position and 40 quiet player-turns played on the
copy by four fresh basic bots, what a computer player that looks ahead does for every sampled
future. Every edition, pure and compiled, in one run.

    .venv/bin/python benchmarks/bench_rollouts.py [--editions classic,got,...] [--positions 8]
        [--rollouts 50] [--turns 40] [--rounds 3] [--built DIR] [--against DIR ...]

The positions: for each edition, seeds 0..positions-1, a game of four basic bots played to
player-turn 20, 35, 50... (one position a seed, the later the seed; positions whose game is
over by then are skipped). Each position is rolled out ``--rollouts`` times; each rollout is
``Game.copy()``, ``quiet``, four new ``basic`` bots (seeded by the rollout's number) and
``--turns`` player-turns (fewer when the game ends first) by ``simulate.play_turns`` (with
``--here-loop``, or on an older tree without it, by this script's own loop, in Python, every bot
asked every decision). Times are
CPU seconds of the worker process; besides rollouts/s it prints the copy alone (µs a copy) and
the player-turns played per second within the rollouts.

Sides: this Python's own ``monopoly_tui`` ("pure"), ``--built DIR`` (a copy compiled by
``mypyc_build.py DIR``, "compiled"), and any ``--against DIR`` (another tree's copy, e.g.
``git archive main | tar -x -C DIR``, to compare before and after). Each round runs every side
once in its own process, the order rotated each round, so load on the machine falls on all
alike; the figures are per side the median and best of the rounds.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

EDITIONS = ("classic", "got", "nfl", "lotr", "dnd", "lge")


def _positions(edition: str, count: int) -> list[Any]:
    """The positions of an edition to roll out from (see the module's doc)."""
    from monopoly_tui.bots import make_bot
    from monopoly_tui.engine.game import Game
    from monopoly_tui.rules import load_spec
    from monopoly_tui.simulate import bot_seed, game_tokens

    spec = load_spec(edition)
    out = []
    for seed in range(count):
        tokens = game_tokens(spec, 4, seed)
        game = Game.new(spec, [(f"basic {i + 1}", tokens[i]) for i in range(4)], seed=seed)
        game.quiet = True
        bots = [make_bot("basic", bot_seed(seed, i)) for i in range(4)]
        _play(game, bots, 20 + 15 * (seed % 4))
        if not game.over:
            out.append(game)
    return out


HERE_LOOP = False
"""Play every side by this script's own loop (``--here-loop``), not ``simulate.play_turns``."""


def _play(game: Any, bots: list[Any], turns: int) -> int:
    if HERE_LOOP:
        return _play_here(game, bots, turns)
    try:
        from monopoly_tui.simulate import play_turns
    except ImportError:  # an older tree: the same loop, here
        return _play_here(game, bots, turns)
    played: int = play_turns(game, bots, turns)
    return played


def _play_here(game: Any, bots: list[Any], turns: int) -> int:
    from monopoly_tui.engine import actions as A
    from monopoly_tui.engine.actions import Action

    st = game.st
    start = st.turns
    while not st.over and st.turns < start + turns:
        kind, who = game.waiting_for
        if st.claims and kind in (A.ROLL, A.JAIL, A.END_TURN):
            game.act(Action(A.A_COLLECT_RENT, st.claims[0].owner, 0))
            continue
        game.act(bots[who].decide(game, kind, who))
    played: int = st.turns - start
    return played


def _worker(editions: list[str], positions: int, rollouts: int, turns: int) -> dict[str, Any]:
    """Runs in its own process: every edition's rollouts, timed."""
    from monopoly_tui.bots import make_bot
    from monopoly_tui.buildinfo import engine_build

    out: dict[str, Any] = {"build": engine_build(), "editions": {}}
    for edition in editions:
        starts = _positions(edition, positions)
        cpu = time.process_time()
        for game in starts:
            for _ in range(rollouts):
                game.copy()
        copy_cpu = time.process_time() - cpu
        played = 0
        cpu = time.process_time()
        for game in starts:
            for r in range(rollouts):
                trial = game.copy()
                trial.quiet = True
                played += _play(trial, [make_bot("basic", r * 16 + s) for s in range(4)],
                                turns)
        cpu = time.process_time() - cpu
        n = len(starts) * rollouts
        out["editions"][edition] = {"rollouts": n, "turns": played, "cpu": cpu,
                                    "copy_cpu": copy_cpu}
    return out


def _run(pythonpath: str | None, args: list[str]) -> dict[str, Any]:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    cmd = [sys.executable, str(Path(__file__).resolve()), *args, "--worker"]
    proc = subprocess.run(cmd, env=env, cwd=tempfile.gettempdir(), capture_output=True,
                          text=True, check=False)
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stderr}")
    result: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--editions", default=",".join(EDITIONS))
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--rollouts", type=int, default=50)
    ap.add_argument("--turns", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--built", metavar="DIR", help="a copy compiled by mypyc_build.py DIR")
    ap.add_argument("--against", metavar="DIR", action="append", default=[],
                    help="another tree (its monopoly_tui/ at the top) to measure beside")
    ap.add_argument("--here-loop", action="store_true",
                    help="every side played by this script's loop (in Python, asking every "
                         "bot), so that trees compare by their engine alone")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    editions = [e for e in args.editions.split(",") if e]
    if args.worker:
        global HERE_LOOP
        HERE_LOOP = args.here_loop
        print(json.dumps(_worker(editions, args.positions, args.rollouts, args.turns)))
        return 0
    common = ["--editions", ",".join(editions), "--positions", str(args.positions),
              "--rollouts", str(args.rollouts), "--turns", str(args.turns),
              *(["--here-loop"] if args.here_loop else [])]
    sides: list[tuple[str, str | None]] = [("pure", None)]
    if args.built:
        sides.append(("compiled", str(Path(args.built).resolve())))
    for other in args.against:
        sides.append((f"tree {other}", str(Path(other).resolve())))
    results: dict[str, list[dict[str, Any]]] = {label: [] for label, _ in sides}
    loads = [os.getloadavg()[0]]
    for r in range(args.rounds):
        order = sides[r % len(sides):] + sides[:r % len(sides)]
        for label, path in order:
            results[label].append(_run(path, common))
        loads.append(os.getloadavg()[0])
    print(f"{args.turns} player-turns a rollout, 4 basic bots, {args.rollouts} rollouts of "
          f"each of up to {args.positions} positions an edition, {args.rounds} rounds, sides "
          f"rotated (load average {min(loads):.2f}-{max(loads):.2f} on {os.cpu_count()} CPUs)")
    print(f"  {'side':<10} {'edition':<8} {'rollouts/s':>22} {'copy µs':>8} "
          f"{'player-turns/s':>15}")
    for label, runs in results.items():
        for edition in editions:
            rows = [run["editions"][edition] for run in runs]
            rates = [row["rollouts"] / row["cpu"] for row in rows]
            copy_us = statistics.median(row["copy_cpu"] / row["rollouts"] * 1e6 for row in rows)
            turns = statistics.median(row["turns"] / row["cpu"] for row in rows)
            print(f"  {label:<10} {edition:<8} median {statistics.median(rates):7,.0f} "
                  f"best {max(rates):7,.0f} {copy_us:8.1f} {turns:15,.0f}")
        print(f"  ({label}: {runs[0]['build']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
