"""Our engine side by side with gamescomputersplay/monopoly, the fastest Python Monopoly
simulator we know, in one run: player-turns per second of complete classic games with four of
each side's plain bots, on one core, in CPU seconds.

    .venv/bin/python benchmarks/bench_vs_peer.py --peer DIR
        [--compiled PYTHON | --mypyc | --built DIR] [--against DIR ...] [--no-stripped]
        [--games 300] [--rounds 3]

``--peer DIR`` is a checkout of gamescomputersplay/monopoly (measured at commit 7c4df31). It is
not part of this project and is never copied into it: get it yourself, anywhere outside this
checkout; its code runs in a process of its own, with that folder first on ``sys.path``.

The sides:

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

- **peer, no log**: the same games on a copy of the peer (in a temporary folder, never kept)
  with its disabled log's work taken out (``strip_log``): with the log off the peer still
  formats every ``log.add(f"...")`` line and, every round, each player's net worth and the
  board's state for the log (``log_players_and_board_state``, ``log_board_state``,
  ``log_current_map``), and throws them away; our ``quiet`` games build no events at all. The
  copy is an AST rewrite of its ``monopoly`` package that drops every statement calling
  ``log.add`` / ``events_log.add`` / ``self.log.add`` or one of those functions (its
  bankruptcies list, a log that is kept, stays); it must play the same games: the run stops
  unless it counts the same player-turns and ``make_a_move`` calls as the peer as shipped.
- ``--against DIR``: another tree of ours (``git archive main | tar -x -C DIR``, or a copy
  compiled by ``mypyc_build.py``), to measure before and after in the same run.

Each round runs every side once, one after another, each in a process of its own, **the order
rotated each round** (no side always first or last), so load on the machine falls on all of
them alike. Printed: each side's best and median of the rounds, and **paired ratios**, ours over
each peer side's rate in the same round (min, median and max over the rounds), not best
against best. Both sides' games differ (the peer has no auctions, no decisions to ask for,
other bots), so the ratio compares engines doing their whole job.
"""

from __future__ import annotations

import argparse
import ast
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
LOG_NAMES = ("log", "events_log")
"""The names the peer's game log goes by (``self.log`` too, in its dice): ``X.add(...)`` on one
of them is a line of its disabled log."""
PER_ROUND_LOG_CALLS = ("log_players_and_board_state", "log_board_state", "log_current_map")
"""The peer's calls that only write its game log (each player's net worth every round, the
board's state): with the log off they compute and format what nobody keeps."""


class _NoLog(ast.NodeTransformer):
    """Takes the disabled log's work out of the peer's code: every statement that is a call of
    ``log.add(...)`` (``events_log``, ``self.log``) or of a per-round log function. A block
    left empty gets a ``pass``. Counts what it took out (``removed``)."""

    def __init__(self) -> None:
        self.removed = 0

    @staticmethod
    def _is_log_call(node: ast.stmt) -> bool:
        if not isinstance(node, ast.Expr) or not isinstance(node.value, ast.Call):
            return False
        f = node.value.func
        if isinstance(f, ast.Attribute) and f.attr == "add":
            target = f.value
            if isinstance(target, ast.Name) and target.id in LOG_NAMES:
                return True
            if isinstance(target, ast.Attribute) and target.attr == "log" \
                    and isinstance(target.value, ast.Name) and target.value.id == "self":
                return True
        name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) \
            else ""
        return name in PER_ROUND_LOG_CALLS

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for field in ("body", "orelse", "finalbody"):
            stmts = getattr(node, field, None)
            if not isinstance(stmts, list) or not stmts or not isinstance(stmts[0], ast.stmt):
                continue
            kept = [s for s in stmts if not self._is_log_call(s)]
            self.removed += len(stmts) - len(kept)
            if not kept and field == "body":
                kept = [ast.Pass()]
            setattr(node, field, kept)
        return node


def strip_log(peer: Path, dest: Path) -> int:
    """A copy of the peer's checkout in ``dest`` with its disabled log's work taken out of every
    module of its ``monopoly`` package (``_NoLog``); returns how many statements went."""
    shutil.copytree(peer, dest, ignore=shutil.ignore_patterns(".git", "__pycache__"))
    removed = 0
    for path in sorted((dest / "monopoly").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        cut = _NoLog()
        tree = cut.visit(tree)
        if cut.removed:
            path.write_text(ast.unparse(ast.fix_missing_locations(tree)) + "\n",
                            encoding="utf-8")
            removed += cut.removed
    return removed


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
    ap.add_argument("--against", metavar="DIR", action="append", default=[],
                    help="another tree of ours (its monopoly_tui/ at the top, e.g. "
                         "`git archive main | tar -x -C DIR`, or a compiled copy) to measure "
                         "beside, as 'ours, DIR'")
    ap.add_argument("--no-stripped", action="store_true",
                    help="leave out the peer without its log's work")
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
    scratch = Path(tempfile.mkdtemp(prefix="bench-vs-peer-"))
    # (label, python, env, the peer's folder or None for ours)
    sides: list[tuple[str, str, dict[str, str] | None, str | None]] = [
        ("peer", sys.executable, None, peer)]
    if not args.no_stripped:
        removed = strip_log(Path(peer), scratch / "peer-no-log")
        print(f"the peer without its log's work: {removed} statements taken out",
              file=sys.stderr)
        sides.append(("peer, no log", sys.executable, None, str(scratch / "peer-no-log")))
    sides.append(("ours, pure", sys.executable, None, None))
    built_here: str | None = None
    if args.mypyc:
        sys.path.insert(0, str(HERE))
        from mypyc_build import build

        print("compiling with mypyc...", file=sys.stderr)
        built_here = str(build(scratch / "compiled"))
        sides.append(("ours, compiled", sys.executable,
                      dict(os.environ, PYTHONPATH=built_here), None))
    elif args.built:
        sides.append(("ours, compiled", sys.executable,
                      dict(os.environ, PYTHONPATH=str(Path(args.built).resolve())), None))
    elif args.compiled:
        sides.append(("ours, compiled", args.compiled, None, None))
    for other in args.against:
        sides.append((f"ours, {other}", sys.executable,
                      dict(os.environ, PYTHONPATH=str(Path(other).resolve())), None))
    results: dict[str, list[dict[str, Any]]] = {label: [] for label, _, _, _ in sides}
    loads = [os.getloadavg()[0]]
    try:
        for r in range(args.rounds):
            # the order of the sides rotated each round: none always runs first, or last
            k = r % len(sides)
            for label, python, env, folder in sides[k:] + sides[:k]:
                if folder is not None:
                    cmd = ["--peer", folder, "--games", str(args.games), "--worker", "peer"]
                else:
                    cmd = ["--peer", peer, "--games", str(args.games), "--worker", "ours"]
                results[label].append(_run(python, cmd, env))
            loads.append(os.getloadavg()[0])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if "peer, no log" in results:
        plain, stripped = results["peer"][0], results["peer, no log"][0]
        if (plain["turns"], plain["moves"]) != (stripped["turns"], stripped["moves"]):
            raise SystemExit(
                f"the peer without its log played other games: {stripped['turns']} "
                f"player-turns ({stripped['moves']} moves) against {plain['turns']} "
                f"({plain['moves']})")
    print(f"classic, 4 plain bots a side, {args.games} games a side, {args.rounds} rounds, "
          f"the sides' order rotated each round (load average {min(loads):.2f}-"
          f"{max(loads):.2f} on {os.cpu_count()} CPUs)")
    rates: dict[str, list[float]] = {}
    for label, runs in results.items():
        rates[label] = [r["turns"] / r["cpu"] for r in runs]
        r0 = runs[0]
        extra = (f"{r0['moves']} make_a_move calls with doubles" if "moves" in r0
                 else f"{r0['decisions']} decisions")
        print(f"  {label:<15} {r0['build']:<28} {r0['turns']:>7} player-turns ({extra}):"
              f" best {max(rates[label]):9,.0f} /s, median "
              f"{statistics.median(rates[label]):9,.0f} /s (CPU)")
    if "peer, no log" in rates:
        same = [a / b for a, b in zip(rates["peer"], rates["peer, no log"], strict=True)]
        print(f"  the peer's disabled log costs it: no log {1 / max(same):.2f}-{1 / min(same):.2f}"
              f" times as fast (paired by round)")
    # each round's sides ran back to back: the ratio of one round's rates is a paired figure
    for base in ("peer", "peer, no log"):
        if base not in rates:
            continue
        for label, side in rates.items():
            if label.startswith("ours"):
                paired = sorted(a / b for a, b in zip(side, rates[base], strict=True))
                print(f"  {label} / {base}: min {paired[0]:.2f}, median "
                      f"{statistics.median(paired):.2f}, max {paired[-1]:.2f} (paired by round)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
