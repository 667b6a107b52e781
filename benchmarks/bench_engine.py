"""Engine speed on one core: player-turns per second, decisions per second, and complete
four-player bot games per second, with the full rules (no invariant checks, no output).

    .venv/bin/python benchmarks/bench_engine.py [--edition classic] [--bot basic]
        [--games 300] [--players 4] [--max-turns 2000] [--repeat 3] [--profile] [--mypyc]
        [--checked]

Each figure is the best of ``--repeat`` runs over the same seeded games (the games are the same
every run, so the figures compare machines and versions of the engine), in CPU seconds of this
process (``time.process_time``), so other work on the machine disturbs it less; the wall time
is shown too. The games are played by ``simulate.play_game`` without its invariant checks. The
header says which engine build ran (``monopoly_tui.buildinfo``): run as a script, this measures
the ``monopoly_tui`` its Python imports, the checkout in the developers' editable venv, the
installed wheel in a venv that has it.

``--checked`` also plays the same games with the invariants checked, as ``simulate`` checks
them (once a player-turn, ``engine.invariants.check_play``), in the same run, each repeat one
after the other, and prints the checked speed as a share of the unchecked.

``--profile`` prints where the time goes instead (cProfile, sorted by own time; pyinstrument,
if installed, gives a truer tree). ``--mypyc`` compiles the engine, bots and simulator with
mypyc in a temporary copy (``mypyc_build.py``) and measures that.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import shutil
import subprocess
import sys
import time
from pathlib import Path

from monopoly_tui.buildinfo import engine_build
from monopoly_tui.rules import load_spec
from monopoly_tui.simulate import play_game


def play(edition: str, bot: str, games: int, players: int, max_turns: int,
         check: bool = False) -> tuple[int, int]:
    """Play the seeded games; returns (player-turns, decisions)."""
    spec = load_spec(edition)
    seats = [bot] * players
    turns = decisions = 0
    for seed in range(games):
        result, failure = play_game(spec, seats, seed, max_turns=max_turns, check=check)
        if failure is not None:
            raise SystemExit(f"game {seed} failed: {failure.problems}")
        turns += result.turns
        decisions += result.decisions
    return turns, decisions


def _compiled(argv: list[str]) -> int:
    """Build a mypyc-compiled copy and run this benchmark there."""
    sys.path.insert(0, str(Path(__file__).parent))
    from mypyc_build import build

    print("compiling with mypyc...", file=sys.stderr)
    out = build()
    try:
        env = dict(os.environ, PYTHONPATH=str(out))
        args = [a for a in argv if a != "--mypyc"]
        cmd = [sys.executable, str(Path(__file__).resolve()), *args]
        print("(mypyc-compiled engine, bots and simulator)")
        return subprocess.run(cmd, env=env, check=False).returncode
    finally:
        shutil.rmtree(out, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--bot", default="basic")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-turns", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--mypyc", action="store_true")
    ap.add_argument("--checked", action="store_true",
                    help="also time the games with the invariants checked")
    args = ap.parse_args(argv)
    if args.mypyc:
        return _compiled(argv)
    load_spec(args.edition)  # loading the YAML is not the engine's time
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(play, args.edition, args.bot, args.games, args.players, args.max_turns)
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(30)
        return 0
    best = wall = checked = float("inf")
    turns = decisions = 0
    runs: list[float] = []
    checked_runs: list[float] = []
    for _ in range(args.repeat):
        start, cpu = time.perf_counter(), time.process_time()
        turns, decisions = play(args.edition, args.bot, args.games, args.players, args.max_turns)
        runs.append(time.process_time() - cpu)
        best = min(best, runs[-1])
        wall = min(wall, time.perf_counter() - start)
        if args.checked:
            cpu = time.process_time()
            play(args.edition, args.bot, args.games, args.players, args.max_turns, check=True)
            checked_runs.append(time.process_time() - cpu)
            checked = min(checked, checked_runs[-1])
    print(f"{args.edition}, {args.players} {args.bot} bots, {args.games} games "
          f"(cap {args.max_turns} player-turns), {engine_build()} engine, "
          f"best of {args.repeat}:")
    print(f"  {turns} player-turns, {decisions} decisions in {best:.3f} CPU s"
          f" ({wall:.3f} s wall)")
    print(f"  player-turns per second: {turns / best:12,.0f}")
    print(f"  decisions per second:    {decisions / best:12,.0f}")
    print(f"  games per second:        {args.games / best:12,.1f}")
    print(f"  (every run: {', '.join(f'{turns / r:,.0f}' for r in runs)} player-turns/s)")
    if args.checked:
        print(f"  with the invariants checked: {turns / checked:,.0f} player-turns/s, "
              f"{best / checked:.2f} of unchecked (every run: "
              f"{', '.join(f'{turns / r:,.0f}' for r in checked_runs)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
