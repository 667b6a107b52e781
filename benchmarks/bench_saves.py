"""How long saving and resuming take on the saves journal (issue 26's budgets: an autosave
≤ 2 ms at the median, the disk included, at 200, 20,000 and 100,000 decisions, flat; resuming a
20,000-decision game ≤ 50 ms).

Run: ``python benchmarks/bench_saves.py [--runs N] [--decisions D ...]``

For each D (200, 20,000 and 100,000 by default) plays a legal Longest Game Ever game of D
decisions (``tests/long_game.py``: a trade offer proposed and rejected every turn, nothing
bought, so it never ends), writes it to a fresh journal in a temporary folder, then times:

- ``autosave``: one more decision, then the autosave the app makes after it: its row and the
  position (the state, sealed), one transaction, committed to the WAL on disk;
- ``app: autosave + table``: the same through the app's door (``saves_port.autosave``), which
  also keeps the running statistics and the log's last lines;
- ``resume``: ``load_save`` of the game: its log read from the journal and decoded, the
  position's seal checked (an HMAC of the log and the state), the state decoded and checked
  against the rules; the rules already loaded;
- ``app: resume``: ``load_save`` and ``saves_port.session_from``: the table shown as it was;
- ``resume, not sealed``: the position not trusted (another key): the log replayed;
- ``named save``: a bookmark at the latest decision;
- ``list``: ``list_saves(check=True)`` per entry, as the Load screen lists them;
- the journal's size on disk per decision.

Prints the median and the slowest of N runs and the ratio of the autosave at the largest D to
the smallest; exits 1 when a budget is missed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from long_game import long_game, next_choice  # noqa: E402

from monopoly_tui.engine.game import Game  # noqa: E402
from monopoly_tui.saves import autosave, journal, keys, load_save, new_meta, store  # noqa: E402
from monopoly_tui.saves.files import SaveMeta  # noqa: E402
from monopoly_tui.ui import saves_port  # noqa: E402
from monopoly_tui.ui.session import Seat, Session  # noqa: E402

SAVE_BUDGET_MS = 2.0
RESUME_BUDGET_MS = 50.0
SAME_COST = 1.5
"""An autosave at the largest game may cost at most this many times one at the smallest."""


def game_of(decisions: int) -> tuple[Game, set[int]]:
    game = long_game()
    offered: set[int] = set()
    while len(game.history) < decisions:
        game.act(next_choice(game, offered))
    return game, offered


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
    ok = budget is None or med <= budget
    verdict = "" if budget is None else f"  budget {budget:.0f} ms: {'ok' if ok else 'MISSED'}"
    print(f"{label:<24} median {med:7.2f} ms   slowest {worst:7.2f} ms{verdict}")
    return ok


def _reopen(name: str, meta: SaveMeta, folder: str) -> store.LoadedGame:
    store.release(meta)
    return load_save(name, folder)


def measure(decisions: int, runs: int) -> tuple[bool, float]:
    """Time one game size; whether its budgets were met, and the autosave's median."""
    game, offered = game_of(decisions)
    print(f"lge: {game.st.rounds} rounds, {len(game.history):,} decisions, {runs} runs each")
    ok = True
    with tempfile.TemporaryDirectory() as folder:
        meta = new_meta(game, saves_dir=folder)
        autosave(game, meta)  # the game so far, in one transaction

        def step() -> None:
            game.act(next_choice(game, offered))

        auto_ms = timings(lambda: autosave(game, meta), runs, step)
        ok &= report("autosave", auto_ms, SAVE_BUDGET_MS)
        name = store.autosave_name(game, meta)
        session = Session(game=game, seats=[Seat(p.name, p.token) for p in game.st.players],
                          edition=game.spec.id)
        session.save_meta = meta
        session.log = [f"line {i} of the log, as long as a line of the log is" for i in
                       range(saves_port.TABLE_LINES)]
        report("named save", timings(lambda: store.save_game(game, "bench", meta),
                                     max(3, runs // 3), step), None)
        ok &= report("app: autosave + table",
                     timings(lambda: saves_port.autosave(session), runs, step), SAVE_BUDGET_MS)
        holder: list[store.LoadedGame] = [_reopen(name, meta, folder)]

        def resume() -> None:
            holder[0] = load_save(name, folder)

        def let_go() -> None:
            store.release(holder[0].meta)

        resume_ms = timings(resume, runs, let_go)
        assert holder[0].sealed and len(holder[0].game.history) == len(game.history)
        if decisions >= 20_000:
            ok &= report("resume", resume_ms, RESUME_BUDGET_MS if decisions == 20_000 else None)
        else:
            report("resume", resume_ms, None)

        def app_resume() -> None:
            holder[0] = load_save(name, folder)
            saves_port.session_from(holder[0])

        report("app: resume", timings(app_resume, runs, let_go), None)
        assert holder[0].table is not None  # the table as it was: no replay
        let_go()
        state = keys.folder_key(Path(folder))
        fake = keys.KeyState(b"" * 16 + bytes(range(16)))

        def unsealed() -> None:
            j = store._journal(Path(folder))
            j._key = fake
            holder[0] = load_save(name, folder)

        report("resume, not sealed", timings(unsealed, max(3, runs // 5), let_go), None)
        assert holder[0].replayed
        let_go()
        store._journal(Path(folder))._key = state
        count = len(store.list_saves(folder))
        per = [m / count for m in timings(lambda: store.list_saves(folder, check=True), runs,
                                          store._DAMAGE.clear)]
        report(f"list, checked ({count})", per, None)
        size = sum(p.stat().st_size for p in Path(folder).iterdir()
                   if p.name.startswith(journal.DB_NAME))
        print(f"{'journal on disk':<24} {size / 1e6:7.2f} MB, {size / len(game.history):.0f} "
              "bytes a decision")
        journal.forget_journal(Path(folder).resolve())
    return ok, statistics.median(auto_ms)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--runs", type=int, default=50)
    ap.add_argument("--decisions", type=int, nargs="+", default=[200, 20_000, 100_000])
    args = ap.parse_args()
    ok = True
    autos = []
    for n in sorted(args.decisions):
        met, auto = measure(n, args.runs)
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
