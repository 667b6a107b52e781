"""A fingerprint of the engine's behaviour: a hash of every choice, every event and the final
state of many seeded bot games. An optimisation must leave it unchanged.

    .venv/bin/python benchmarks/engine_fingerprint.py [--games 200] [--save FILE | --check FILE]
        [--mypyc]

Games cycle through the built-in editions and both bots (random bots stress auctions, trades,
debts and mortgages; basic bots reach buildings and shortages). Printed per edition, so a
change can be traced to an edition. ``--mypyc`` computes it with the engine and bots compiled
by mypyc (``mypyc_build.py``): compiling must not change behaviour either. Which engine build
ran (``monopoly_tui.buildinfo``) goes to stderr; CI saves the fingerprint with the checkout and
checks it with the installed compiled wheel.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

from monopoly_tui.bots import make_bot
from monopoly_tui.buildinfo import engine_build
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.state import GameState
from monopoly_tui.rules import load_spec

EDITIONS = ("classic", "got", "nfl", "lotr")
BOTS = ("basic", "random")


def _state_repr(st: GameState) -> str:
    return repr([(f.name, getattr(st, f.name)) for f in fields(st) if f.name != "rng"])


def fingerprint(games: int, max_turns: int = 600) -> dict[str, str]:
    """Per edition, the hash of its games' choices, events and final states."""
    hashes = {e: hashlib.sha256() for e in EDITIONS}
    for i in range(games):
        edition = EDITIONS[i % len(EDITIONS)]
        bot = BOTS[(i // len(EDITIONS)) % len(BOTS)]
        try:
            spec = load_spec(edition)
        except Exception:  # an edition not there yet
            continue
        h = hashes[edition]
        game = Game.new(spec, [(f"P{s}", spec.tokens[s]) for s in range(4)], seed=i)
        bots = [make_bot(bot, i * 16 + s) for s in range(4)]
        h.update(repr(game.last_events).encode())
        while not game.over and game.st.turns < max_turns:
            _, who = game.waiting_for
            action = bots[who].choose(game, who)
            events = game.act(action)
            h.update(repr(action).encode())
            h.update(repr(events).encode())
        h.update(_state_repr(game.st).encode())
    return {e: h.hexdigest()[:16] for e, h in hashes.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--save", metavar="FILE")
    ap.add_argument("--check", metavar="FILE")
    ap.add_argument("--mypyc", action="store_true")
    argv = sys.argv[1:] if argv is None else argv
    args = ap.parse_args(argv)
    if args.mypyc:
        sys.path.insert(0, str(Path(__file__).parent))
        from mypyc_build import build

        out = build()
        try:
            env = dict(os.environ, PYTHONPATH=str(out))
            rest = [a for a in argv if a != "--mypyc"]
            cmd = [sys.executable, str(Path(__file__).resolve()), *rest]
            return subprocess.run(cmd, env=env, check=False).returncode
        finally:
            shutil.rmtree(out, ignore_errors=True)
    print(f"engine: {engine_build()}", file=sys.stderr)
    fp = fingerprint(args.games)
    print(json.dumps(fp, indent=1))
    if args.save:
        with open(args.save, "w") as f:
            json.dump(fp, f)
    if args.check:
        with open(args.check) as f:
            old = json.load(f)
        diff = [e for e in fp if fp[e] != old.get(e)]
        if diff:
            print("CHANGED:", ", ".join(diff))
            return 1
        print("same behaviour")
    return 0


if __name__ == "__main__":
    sys.exit(main())
