"""Machine instructions per player-turn of complete bot games, counted by valgrind's callgrind:
a measure of the engine's work that other work on the machine does not change (a shared,
loaded machine makes CPU seconds vary by a fifth or more from run to run; this count varies by
under one per cent), so two versions of the engine compare in one run of each.

    .venv/bin/python benchmarks/count_instructions.py [--games 20] [--checked]
        [--pythonpath DIR]

It plays the same seeded games as ``bench_engine.py`` (classic, four basic bots, seeds
0..games-1) once under callgrind, and once only the start (imports and the ruleset loaded),
and divides the difference by the player-turns played. ``--checked`` counts the games with
the invariants checked as ``simulate`` checks them, and the unchecked ones too, and prints
the share (the instructions' version of ``bench_engine.py --checked``). ``--pythonpath DIR``
measures another checkout (``git archive COMMIT | tar -x -C DIR``): it goes first on
``sys.path``. Needs ``valgrind``; about 40 s for 20 games.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path


def _inner(games: int, checked: bool) -> int:
    """Play the games (none: only the start) and print the player-turns."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_engine import play

    from monopoly_tui.rules import load_spec

    load_spec("classic")
    turns = play("classic", "basic", games, 4, 2000, check=checked)[0] if games else 0
    print(turns)
    return 0


def _count(args: list[str], env: dict[str, str]) -> tuple[int, int]:
    """(instructions, player-turns) of one run of this script's inner part under callgrind."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
           str(Path(__file__).resolve()), "--inner", *args]
    run = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"callgrind failed:\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(run.stdout.split()[-1])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--checked", action="store_true")
    ap.add_argument("--pythonpath", default="")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.inner:
        return _inner(args.games, args.checked)
    env = dict(os.environ)
    if args.pythonpath:
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (args.pythonpath, env.get("PYTHONPATH", "")) if p)
    # a run of the start outside callgrind first: it writes what a first run writes (the
    # modules' bytecode, the ruleset cache), which would otherwise fall in one count only
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--inner", "--games", "0"],
                   env=env, capture_output=True, check=False)
    start, _ = _count(["--games", "0"], env)
    total, turns = _count(["--games", str(args.games)], env)
    per_turn = (total - start) / turns
    print(f"classic, 4 basic bots, {args.games} games, {turns} player-turns "
          f"({args.pythonpath or 'this checkout'}):")
    print(f"  unchecked: {per_turn:,.0f} instructions a player-turn")
    if args.checked:
        checked, _ = _count(["--games", str(args.games), "--checked"], env)
        per_checked = (checked - start) / turns
        print(f"  checked:   {per_checked:,.0f} instructions a player-turn, "
              f"{per_turn / per_checked:.3f} of unchecked's speed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
