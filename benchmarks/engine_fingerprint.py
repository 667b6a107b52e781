"""A fingerprint of the engine's behaviour: a hash of every choice, every event and the final
state of many seeded bot games. An optimisation must leave it unchanged.

    .venv/bin/python benchmarks/engine_fingerprint.py [--games 200] [--save FILE | --check FILE]
        [--mypyc] [--rule NAME=JSON ...]

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
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

from fingerprint_view import behaviour_view, legacy_action, legacy_events

from monopoly_tui.bots import make_bot
from monopoly_tui.buildinfo import engine_build
from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec

EDITIONS = ("classic", "got", "nfl", "lotr")
LATER_EDITIONS = ("dnd", "lge")
"""Editions fingerprinted since: their games (as many each as each of the first four's) come
after the first four's, so those keep the hashes they had."""
BOTS = ("basic", "random")


def _schedule(games: int) -> list[tuple[int, str, str]]:
    """(seed, edition, bot) of each game, the first four editions' first."""
    out = [(i, EDITIONS[i % len(EDITIONS)], BOTS[(i // len(EDITIONS)) % len(BOTS)])
           for i in range(games)]
    later = games * len(LATER_EDITIONS) // len(EDITIONS)
    out += [(i, LATER_EDITIONS[i % len(LATER_EDITIONS)],
             BOTS[(i // len(LATER_EDITIONS)) % len(BOTS)]) for i in range(later)]
    return out


def _plain(value: Any) -> Any:
    """A value without its class names: a record as the tuple of its fields' values, so the
    fingerprint follows what the state holds, not how its records are named."""
    if is_dataclass(value) and not isinstance(value, type):
        return tuple(_plain(getattr(value, f.name)) for f in fields(value))
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    return value


def _state_repr(game: Game) -> str:
    """The final state, field by field, in the shape the state had when the fingerprint was
    first taken (``behaviour_view``), so that a change of the state's shape alone (a field moved
    into a mechanic, a marker field become a decision frame) leaves the fingerprint as it was."""
    view = behaviour_view(game)
    return repr([(name, _plain(value)) for name, value in view])


def _event_repr(events: list[Any]) -> str:
    """Events as their fields' values in the first shape (``legacy_events``)."""
    return repr(legacy_events(events))


def fingerprint(games: int, max_turns: int = 600,
                rules: dict[str, Any] | None = None) -> dict[str, str]:
    """Per edition, the hash of its games' choices, events and final states; ``rules``
    changes rule switches in every edition (to show a rule change is only that rule's)."""
    hashes = {e: hashlib.sha256() for e in (*EDITIONS, *LATER_EDITIONS)}
    for i, edition, bot in _schedule(games):
        try:
            spec = load_spec(edition)
        except Exception:  # an edition not there yet
            continue
        if rules:
            spec = spec.with_rules(spec.rules.with_overrides(rules))
        h = hashes[edition]
        game = Game.new(spec, [(f"P{s}", spec.tokens[s]) for s in range(4)], seed=i)
        bots = [make_bot(bot, i * 16 + s) for s in range(4)]
        h.update(_event_repr(game.last_events).encode())
        while not game.over and game.st.turns < max_turns:
            _, who = game.waiting_for
            action = bots[who].choose(game, who)
            events = game.act(action)
            h.update(legacy_action(action).encode())
            h.update(_event_repr(events).encode())
        h.update(_state_repr(game).encode())
    return {e: h.hexdigest()[:16] for e, h in hashes.items()}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--save", metavar="FILE")
    ap.add_argument("--check", metavar="FILE")
    ap.add_argument("--mypyc", action="store_true")
    ap.add_argument("--rule", action="append", default=[], metavar="NAME=JSON",
                    help="change a rule switch in every edition, e.g. auction_pass_final=true")
    argv = sys.argv[1:] if argv is None else argv
    args = ap.parse_args(argv)
    rules = {}
    for item in args.rule:
        name, _, value = item.partition("=")
        rules[name] = json.loads(value)
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
    fp = fingerprint(args.games, rules=rules)
    print(json.dumps(fp, indent=1))
    if args.save:
        with open(args.save, "w") as f:
            json.dump(fp, f)
    if args.check:
        with open(args.check) as f:
            old = json.load(f)
        unknown = [e for e in fp if e not in old]
        if unknown:  # a file saved before these editions were fingerprinted
            print(f"not in {args.check}, so not checked: {', '.join(unknown)}")
        diff = [e for e in fp if e in old and fp[e] != old[e]]
        if diff:
            print("CHANGED:", ", ".join(diff))
            return 1
        print("same behaviour")
    return 0


if __name__ == "__main__":
    sys.exit(main())
