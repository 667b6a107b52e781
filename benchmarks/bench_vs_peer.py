"""Our engine side by side with gamescomputersplay/monopoly, the fastest Python Monopoly
simulator we know, in one run: player-turns per second of complete classic games with four of
each side's plain bots, on one core, in CPU seconds.

    .venv/bin/python benchmarks/bench_vs_peer.py --peer DIR
        [--compiled PYTHON | --mypyc | --built DIR] [--games 300] [--rounds 3]

``--peer DIR`` is a checkout of gamescomputersplay/monopoly (measured at commit 7c4df31). It is
not part of this project and is never copied into it: get it yourself, anywhere outside this
checkout; its code runs in a process of its own, with that folder first on ``sys.path``.

The three sides:

- **peer**: its own game function, ``monopoly.core.game.monopoly_game((number, seed))``, with
  its default settings (4 standard players, shuffled, 1,000 rounds at most, the "all rich" end)
  and its game log off (``LogSettings.KEEP_GAME_LOG = False``, as its fast runs have it; its
  bankruptcies list still appends a line per bankruptcy, to a file in a temporary folder). The
  seeds are the ones its ``scripts/simulate.py`` draws (``random.Random(0).getrandbits(32)``
  per game). **A player-turn is one call of ``Player.make_a_move`` from its game loop**: one
  player's turn, with the rolls again after doubles counted in it (they are recursive calls,
  not counted again). They are counted in a pass of their own before the timed pass (the
  same seeded games), so counting costs the timed pass nothing.
- **ours, pure**: ``bench_engine.play`` (``simulate.play_game`` without invariant checks), 4
  ``basic`` bots, seeds 0..games-1, on the ``monopoly_tui`` this Python imports (the checkout,
  in the developers' editable venv). **A player-turn is ``GameState.turns``**: it counts once
  when play passes to the next player, so a turn with doubles and its rolls again is one.
- **ours, compiled**: the same on the mypyc-compiled engine: ``--compiled PYTHON`` names a
  Python whose venv has the wheel installed (``pip install .``); ``--mypyc`` compiles a copy
  with ``mypyc_build.py`` first (slower to start, same code as the wheel); ``--built DIR``
  measures a copy that ``mypyc_build.py DIR`` compiled before.

Each round runs every side once, one after another, so load on the machine falls on all of
them alike; the figures are the best and the median of the rounds, and the ratios are ours over
the peer's, from the best figures. Both sides' games differ (the peer has no auctions, no
decisions to ask for, other bots), so the ratio compares engines doing their whole job.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _peer_worker(peer: str, games: int) -> dict[str, Any]:
    """Runs in its own process: the peer's games, counted, then timed."""
    import random

    sys.path.insert(0, peer)
    from monopoly.core import game as peer_game  # type: ignore[import-not-found]
    from monopoly.core.player import Player  # type: ignore[import-not-found]
    from monopoly.log_settings import LogSettings  # type: ignore[import-not-found]

    scratch = tempfile.mkdtemp(prefix="bench-peer-")
    LogSettings.KEEP_GAME_LOG = False
    LogSettings.EVENTS_LOG_PATH = Path(scratch) / "events.log"
    LogSettings.BANKRUPTCIES_PATH = Path(scratch) / "bankruptcies.tsv"
    master = random.Random(0)
    pairs = [(i + 1, master.getrandbits(32)) for i in range(games)]

    original = Player.make_a_move
    count = {"turns": 0, "moves": 0, "depth": 0}

    def counted(self: Any, *args: Any) -> Any:
        count["moves"] += 1
        if count["depth"] == 0:
            count["turns"] += 1
        count["depth"] += 1
        try:
            return original(self, *args)
        finally:
            count["depth"] -= 1

    Player.make_a_move = counted
    for pair in pairs:
        peer_game.monopoly_game(pair)
    Player.make_a_move = original

    wall, cpu = time.perf_counter(), time.process_time()
    for pair in pairs:
        peer_game.monopoly_game(pair)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    shutil.rmtree(scratch, ignore_errors=True)
    return {"turns": count["turns"], "moves": count["moves"], "games": games, "cpu": cpu,
            "wall": wall, "build": "gamescomputersplay/monopoly"}


def _ours_worker(games: int) -> dict[str, Any]:
    """Runs in its own process: our seeded games, timed."""
    sys.path.insert(0, str(HERE))
    from bench_engine import play

    from monopoly_tui.buildinfo import engine_build
    from monopoly_tui.rules import load_spec

    load_spec("classic")  # loading the YAML is not the engine's time
    wall, cpu = time.perf_counter(), time.process_time()
    turns, decisions = play("classic", "basic", games, 4, 2000)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    return {"turns": turns, "decisions": decisions, "games": games, "cpu": cpu, "wall": wall,
            "build": engine_build()}


def _run(python: str, args: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    cmd = [python, str(Path(__file__).resolve()), *args]
    out = subprocess.run(cmd, env=env, cwd=tempfile.gettempdir(), capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{out.stderr}")
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--peer", required=True, help="a checkout of gamescomputersplay/monopoly")
    ap.add_argument("--compiled", metavar="PYTHON",
                    help="a Python whose venv has the compiled wheel installed")
    ap.add_argument("--mypyc", action="store_true", help="compile a copy with mypyc to measure")
    ap.add_argument("--built", metavar="DIR",
                    help="a copy compiled already by mypyc_build.py DIR, to measure")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--worker", choices=["peer", "ours"], help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker == "peer":
        print(json.dumps(_peer_worker(args.peer, args.games)))
        return 0
    if args.worker == "ours":
        print(json.dumps(_ours_worker(args.games)))
        return 0
    peer = str(Path(args.peer).resolve())
    if not (Path(peer) / "monopoly" / "core" / "game.py").is_file():
        raise SystemExit(f"{peer} is not a checkout of gamescomputersplay/monopoly")
    common = ["--peer", peer, "--games", str(args.games)]
    sides: list[tuple[str, str, dict[str, str] | None]] = [
        ("peer", sys.executable, None), ("ours, pure", sys.executable, None)]
    built: str | None = None
    if args.mypyc:
        sys.path.insert(0, str(HERE))
        from mypyc_build import build

        print("compiling with mypyc...", file=sys.stderr)
        built = str(build())
        sides.append(("ours, compiled", sys.executable, dict(os.environ, PYTHONPATH=built)))
    elif args.built:
        built = str(Path(args.built).resolve())
        sides.append(("ours, compiled", sys.executable, dict(os.environ, PYTHONPATH=built)))
    elif args.compiled:
        sides.append(("ours, compiled", args.compiled, None))
    results: dict[str, list[dict[str, Any]]] = {label: [] for label, _, _ in sides}
    try:
        for _ in range(args.rounds):
            for label, python, env in sides:
                worker = "peer" if label == "peer" else "ours"
                results[label].append(_run(python, [*common, "--worker", worker], env))
    finally:
        if built is not None:
            shutil.rmtree(built, ignore_errors=True)
    print(f"classic, 4 plain bots a side, {args.games} games a side, {args.rounds} rounds "
          f"(load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs)")
    best: dict[str, float] = {}
    for label, runs in results.items():
        rates = [r["turns"] / r["cpu"] for r in runs]
        best[label] = max(rates)
        r0 = runs[0]
        extra = (f"{r0['moves']} make_a_move calls with doubles" if "moves" in r0
                 else f"{r0['decisions']} decisions")
        print(f"  {label:<15} {r0['build']:<28} {r0['turns']:>7} player-turns ({extra}):"
              f" best {best[label]:9,.0f} /s, median {statistics.median(rates):9,.0f} /s"
              f" (CPU)")
    for label in best:
        if label != "peer":
            print(f"  {label} / peer: {best[label] / best['peer']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
