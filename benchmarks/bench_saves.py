"""How long saving and resuming take (budgets: an autosave under 5 ms and no dearer at decision
20,000 than at decision 200; resuming a 20,000-decision game under 100 ms).

Run: ``python benchmarks/bench_saves.py [--runs N] [--decisions D ...] [--edition ID]``

For each D (200 and 20,000 by default) plays a seeded game of D decisions with random legal
choices (trades, auctions, mortgages, buildings now and then), then times, in a temporary
folder:

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
- ``resume, not sealed``: a save without its folder's seal (edited, copied from elsewhere,
  or written by version 1): the whole log is replayed and compared with the snapshot;
- ``  replay per decision``: that replay's cost divided by the decisions;
- ``app: rebuild by replay``: ``saves_port.session_from`` of a save without the app's table
  (or without the seal): the statistics from every decision and the log's last 400
  decisions, by a replay;
- ``app: autosave + table``: the app's autosave (``saves_port.autosave``), which also keeps
  the statistics and the log's last lines;
- ``app: resume``: ``load_save`` and ``session_from`` of that autosave: the table is shown as
  it was, without a replay;
- ``list, headers only``: ``list_saves`` of the folder (the autosave and the named save), per
  save: the header read from the file's first lines (what loading uses to find later saves);
- ``list, checked``: ``list_saves(check=True)``, as the Load screen, ``monopoly-tui saves`` and
  the title's Resume list them, per save, with no verdict kept from before: a sealed save is
  read whole and its seal's HMAC checked;
- ``list, checked, unsealed``: the same for the copy in another folder (not sealed there):
  its snapshot decoded and checked and its log replayed, once; ``(again)``: listed again, the
  file unchanged, the kept verdict (one ``stat``).

Prints the median and the slowest of N runs, then the ratio of the autosave at the largest D
to the smallest; exits 1 when a budget is missed.
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
from monopoly_tui.ui import saves_port

SAVE_BUDGET_MS = 5.0
RESUME_BUDGET_MS = 100.0
LIST_BUDGET_MS = 5.0
"""A checked listing, per sealed save."""
SAME_COST = 1.5
"""An autosave at the largest game may cost at most this many times one at the smallest."""


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


def long_game(edition: str, decisions: int) -> Game:
    """A seeded game of ``decisions`` decisions (the first seed whose game lasts that long)."""
    spec = load_spec(edition)
    for seed in range(1, 200):
        game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1]),
                               ("Cid", spec.tokens[2]), ("Dee", spec.tokens[3])], seed=seed)
        r = random.Random(seed)
        while not game.over and len(game.history) < decisions:
            game.act(choose(game, r))
        if len(game.history) >= decisions:
            return game
    raise SystemExit(f"no seed gave a {decisions}-decision game of {edition}")


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


def measure(edition: str, decisions: int, runs: int) -> tuple[bool, float]:
    """Time one game size; whether its budgets were met, and the autosave's median."""
    game = long_game(edition, decisions)
    print(f"{edition}: {game.st.turns} turns, {len(game.history)} decisions, {runs} runs each")
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        meta = new_meta(game, saves_dir=folder)
        autosave(game, meta)  # the log is encoded once, as in a game saved after every decision
        auto_ms = timings(lambda: autosave(game, meta), runs)
        ok &= report("autosave", auto_ms, SAVE_BUDGET_MS)
        report("  of which encoding", timings(lambda: store.render(game, meta, "x"), runs),
               None)
        path = save_game(game, "bench", saves_dir=folder)
        report(
            "save (cold)",
            timings(lambda: save_game(game, "bench", saves_dir=folder), runs,
                    store._action_line.cache_clear),
            None,
        )
        print(f"{'':24} file: {path.stat().st_size / 1024:.0f} KiB")
        report("resume", timings(lambda: load_save(path), runs, _clear_rules_cache), None)
        load_save(path)
        ok &= report("resume (rules cached)", timings(lambda: load_save(path), runs),
                     RESUME_BUDGET_MS)
        loose = Path(folder) / "elsewhere"
        loose.mkdir()
        copied = loose / "bench.json"
        copied.write_bytes(path.read_bytes())  # another folder's key: not sealed here
        unsealed = timings(lambda: load_save(copied), max(3, runs // 3))
        report("resume, not sealed", unsealed, None)
        replay = timings(lambda: store.replay_game(store.read_save(path)), max(3, runs // 3))
        per = statistics.median(replay) * 1000 / max(1, len(game.history))
        print(f"{'  replay per decision':<24} {per:7.2f} µs (the whole log: "
              f"{statistics.median(replay):.1f} ms)")
        loaded = load_save(path)
        report("app: rebuild by replay", timings(lambda: saves_port.session_from(loaded),
                                                 max(3, runs // 3)), None)
        session = saves_port.session_from(loaded)
        session.save_meta.saves_dir = Path(folder)
        saves_port.autosave(session)
        ok &= report("app: autosave + table", timings(lambda: saves_port.autosave(session), runs),
                     SAVE_BUDGET_MS)
        app_save = Path(folder) / f"{store.autosave_name(session.game, session.save_meta)}.json"
        ok &= report("app: resume",
                     timings(lambda: saves_port.session_from(load_save(app_save)), runs),
                     RESUME_BUDGET_MS)
        ok &= list_timings(Path(folder), loose, runs)
    return ok, statistics.median(auto_ms)


def list_timings(folder: Path, loose: Path, runs: int) -> bool:
    """The listings' cost per save: headers only, checked (sealed), checked (not sealed)."""
    count = len(store.list_saves(folder))
    assert count and not any(e.damaged for e in store.list_saves(folder, check=True))

    def per_save(ms: list[float], n: int = count) -> list[float]:
        return [m / n for m in ms]

    report(f"list, headers only ({count})", per_save(timings(lambda: store.list_saves(folder),
                                                             runs)), None)
    ok = report("list, checked", per_save(timings(
        lambda: store.list_saves(folder, check=True), runs, store._DAMAGE.clear)),
        LIST_BUDGET_MS)
    report("list, checked, unsealed", timings(
        lambda: store.list_saves(loose, check=True), max(3, runs // 3), store._DAMAGE.clear),
        None)
    report("  (again)", timings(lambda: store.list_saves(loose, check=True), runs), None)
    return ok



def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--decisions", type=int, nargs="+", default=[200, 20_000])
    ap.add_argument("--edition", default="classic")
    args = ap.parse_args()
    ok = True
    autos = []
    for n in sorted(args.decisions):
        met, auto = measure(args.edition, n, args.runs)
        ok &= met
        autos.append(auto)
        print()
    if len(autos) > 1:
        ratio = autos[-1] / autos[0]
        same = ratio <= SAME_COST
        ok &= same
        print(f"autosave at {max(args.decisions):,} decisions / at {min(args.decisions):,}: "
              f"{ratio:.2f} (at most {SAME_COST}: {'ok' if same else 'MISSED'})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
