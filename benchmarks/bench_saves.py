"""How long saving and resuming take (budgets: a save under 20 ms, resuming a 500-turn game
under 200 ms).

Run: ``python benchmarks/bench_saves.py [--runs N] [--turns T] [--edition ID]``

Plays a seeded game of T player-turns (500 by default) with random legal choices (trades,
auctions, mortgages, buildings now and then), then times, in a temporary folder:

- ``autosave``: the save after a decision, as the game does after every one (the log's earlier
  decisions are already encoded, so it encodes the snapshot and the new decision, writes a
  temporary file, fsyncs and renames it);
  ("of which encoding" is the same without the disk: the rest is the write and the fsync,
  which vary with the disk and how busy it is);
- ``save (cold)``: a named save with fresh metadata and no cached lines (the whole log
  encoded);
- ``resume``: ``load_save`` of that file: read, check the structure, load the edition's rules
  (from the YAML, cold), restore the snapshot, check it against the rules and the log's length;
- ``resume (rules cached)``: the same with the rules already loaded in the process;
- ``resume --verify``: also replays the whole log and compares (not on the resume path).

Prints the median and the slowest of N runs; exits 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from monopoly_tui import rules
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.saves import autosave, load_save, new_meta, save_game, store
from monopoly_tui.saves.store import load_spec

SAVE_BUDGET_MS = 20.0
RESUME_BUDGET_MS = 200.0


def choose(game: Game, r: random.Random) -> Action:
    pend = game.pending
    p = pend.player
    extras = [a for a in game.legal_actions(p) if a.kind in A.ANYTIME]
    builds = [a for a in extras if a.kind == A.A_BUILD]
    if builds and r.random() < 0.5:
        return r.choice(builds)
    if extras and (not pend.choices or r.random() < 0.08):
        return r.choice(extras)
    return r.choice(pend.choices)


def long_game(edition: str, turns: int) -> Game:
    """A seeded game that lasts ``turns`` player-turns (the first seed whose game does)."""
    spec = load_spec(edition)
    for seed in range(1, 200):
        game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1]),
                               ("Cid", spec.tokens[2]), ("Dee", spec.tokens[3])], seed=seed)
        r = random.Random(seed)
        while not game.over and game.st.turns < turns:
            game.act(choose(game, r))
        if game.st.turns >= turns:
            return game
    raise SystemExit(f"no seed gave a {turns}-turn game of {edition}")


def timings(fn: Callable[[], object], runs: int, before: Callable[[], object] | None = None
            ) -> list[float]:
    out = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def report(label: str, ms: list[float], budget: float | None) -> bool:
    med, worst = statistics.median(ms), max(ms)
    ok = budget is None or med < budget
    verdict = "" if budget is None else f"  budget {budget:.0f} ms: {'ok' if ok else 'MISSED'}"
    print(f"{label:<24} median {med:7.2f} ms   slowest {worst:7.2f} ms{verdict}")
    return ok


def _clear_rules_cache() -> None:
    cached = getattr(rules, "load_spec", None)
    if cached is not None and hasattr(cached, "cache_clear"):
        cached.cache_clear()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--turns", type=int, default=500)
    ap.add_argument("--edition", default="classic")
    args = ap.parse_args()

    game = long_game(args.edition, args.turns)
    print(f"{args.edition}: {game.st.turns} turns, {len(game.history)} decisions, "
          f"{args.runs} runs each")
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        meta = new_meta(game, saves_dir=folder)
        autosave(game, meta)  # the log is encoded once, as in a game saved after every decision
        ok &= report("autosave", timings(lambda: autosave(game, meta), args.runs),
                     SAVE_BUDGET_MS)
        report("  of which encoding", timings(lambda: store.render(game, meta, "x"), args.runs),
               None)
        path = save_game(game, "bench", saves_dir=folder)
        ok &= report(
            "save (cold)",
            timings(lambda: save_game(game, "bench", saves_dir=folder), args.runs,
                    store._action_line.cache_clear),
            SAVE_BUDGET_MS,
        )
        print(f"{'':24} file: {path.stat().st_size / 1024:.0f} KiB")
        ok &= report("resume", timings(lambda: load_save(path), args.runs, _clear_rules_cache),
                     RESUME_BUDGET_MS)
        load_save(path)
        report("resume (rules cached)", timings(lambda: load_save(path), args.runs), None)
        report("resume --verify", timings(lambda: load_save(path, verify=True),
                                          max(3, args.runs // 5)), None)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
