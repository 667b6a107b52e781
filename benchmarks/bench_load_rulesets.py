"""How long loading the rulesets takes (budget: well under 100 ms for all built-in ones together).

Run: ``python benchmarks/bench_load_rulesets.py [--runs N] [PATH...]``

Every run is cold as far as the loader goes: each call reads, parses, merges (``extends``) and
validates from scratch, caching base editions only within the call, as real use does. Python's
imports and pydantic's first-use work are done once before timing. Prints the median and the
fastest of N runs for each file, and for ``scan_editions()`` (every built-in and user edition in
one call, as the editions menu does): validating every file (the compiled-edition cache off),
and reading them back from a warm cache (``monopoly_tui.rules.cache``, in a temporary folder of
this benchmark's own), as every start after the first does.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from monopoly_tui.rules.loader import builtin_dir, load_ruleset, scan_editions


def timings(fn: Callable[[], object], runs: int) -> list[float]:
    """Wall-clock seconds of ``runs`` calls of ``fn``."""
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def report(label: str, times: list[float]) -> None:
    median = statistics.median(times) * 1000
    best = min(times) * 1000
    print(f"{label:<40} median {median:7.2f} ms   best {best:7.2f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50, help="runs per measurement (50)")
    parser.add_argument("paths", nargs="*", type=Path, help="ruleset files (default: built-in)")
    args = parser.parse_args()
    paths = args.paths or sorted(builtin_dir().glob("*.yaml"))
    if not paths:
        print(f"no rulesets in {builtin_dir()}")
        return 1
    for path in paths:  # warm up: imports, pydantic's lazy schema work
        load_ruleset(path)
    print(f"{args.runs} runs each, Python {sys.version.split()[0]}")
    total = 0.0
    for path in paths:
        times = timings(lambda p=path: load_ruleset(p), args.runs)
        total += statistics.median(times)
        report(f"load_ruleset({path.name})", times)
    print(f"{'sum of the medians':<40} {total * 1000:7.2f} ms")
    if not args.paths:
        os.environ["MONOPOLY_TUI_CACHE"] = ""  # off: every file validated
        report("scan_editions(), validating", timings(scan_editions, args.runs))
        folder = tempfile.mkdtemp(prefix="bench-rulesets-cache-")
        os.environ["MONOPOLY_TUI_CACHE"] = folder
        try:
            scan_editions()  # fills the cache
            report("scan_editions(), warm cache", timings(scan_editions, args.runs))
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
