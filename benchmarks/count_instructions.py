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
the share (the instructions' version of ``bench_engine.py --checked``). ``--split`` also
counts where a player-turn's instructions go: the games' setup (``Game.new``), the rules
(the same games' decisions played again on new games by ``Game.act`` alone, no bot asked:
rolls, moves, rent, cards, auctions, building, the decision checks), and the rest, the
bots' choices and the simulation loop that asks them. ``--pythonpath DIR``
measures another checkout (``git archive COMMIT | tar -x -C DIR``): it goes first on
``sys.path``. Needs ``valgrind``; about 40 s for 20 games.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any


def _inner(games: int, checked: bool) -> int:
    """Play the games (none: only the start) and print the player-turns."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_engine import play

    from monopoly_tui.rules import load_spec

    load_spec("classic")
    turns = play("classic", "basic", games, 4, 2000, check=checked)[0] if games else 0
    print(turns)
    return 0


def _histories(games: int, path: str) -> None:
    """Play the games (as ``bench_engine.play`` does) and keep each one's decisions, in the
    saves' encoding (a compiled engine's actions do not pickle)."""
    import json

    from monopoly_tui.engine.snapshot import encode_action
    from monopoly_tui.rules import load_spec
    from monopoly_tui.simulate import play_game

    spec = load_spec("classic")
    kept: list[tuple[int, list[Any]]] = []
    seen: dict[str, Any] = {}

    def keep(game: Any) -> None:
        seen["game"] = game

    for seed in range(games):
        play_game(spec, ["basic"] * 4, seed, max_turns=2000, check=False, after_decision=keep)
        kept.append((seed, [encode_action(a) for a in seen["game"].history]))
    with open(path, "w", encoding="utf-8") as f:
        json.dump(kept, f)


def _replay(path: str, part: str) -> int:
    """Read the kept games (``part`` "load"), and make them again as ``play_game`` makes
    them ("setup"), and also play their decisions ("replay"), with no bot; print the
    player-turns played."""
    import json

    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.snapshot import decode_action
    from monopoly_tui.rules import load_spec
    from monopoly_tui.simulate import game_tokens

    spec = load_spec("classic")
    with open(path, encoding="utf-8") as f:
        kept = [(seed, [decode_action(a) for a in history]) for seed, history in json.load(f)]
    turns = 0
    for seed, history in kept:
        if part == "load":
            break
        tokens = game_tokens(spec, 4, seed)
        game = Game.new(spec, [(f"basic {i + 1}", tokens[i]) for i in range(4)], seed=seed)
        game.quiet = True  # as in a simulation
        if part == "replay":
            for action in history:
                game.act(action)
            turns += game.st.turns
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
    ap.add_argument("--split", action="store_true")
    ap.add_argument("--pythonpath", default="")
    ap.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--part", default="", help=argparse.SUPPRESS)
    ap.add_argument("--histories", default="", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.inner:
        if args.part == "keep":
            _histories(args.games, args.histories)
            return 0
        if args.part:
            return _replay(args.histories, args.part)
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
    if args.split:
        with tempfile.TemporaryDirectory() as tmp:
            kept = str(Path(tmp) / "histories.json")
            subprocess.run([sys.executable, str(Path(__file__).resolve()), "--inner", "--part",
                            "keep", "--games", str(args.games), "--histories", kept],
                           env=env, check=True)
            loaded, _ = _count(["--part", "load", "--histories", kept], env)
            made, _ = _count(["--part", "setup", "--histories", kept], env)
            replayed, again = _count(["--part", "replay", "--histories", kept], env)
        if again != turns:
            raise SystemExit(f"the games played again took {again} player-turns, not {turns}")
        setup = (made - loaded) / turns
        rules = (replayed - made) / turns
        rest = per_turn - setup - rules
        print("  where a player-turn's instructions go (unchecked):")
        for label, part in (("setup of the games (Game.new)", setup),
                            ("the rules: the decisions played by Game.act, no bot", rules),
                            ("the bots' choices and the loop asking them", rest)):
            print(f"    {label:<54} {part:>9,.0f}  {part / per_turn:6.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
