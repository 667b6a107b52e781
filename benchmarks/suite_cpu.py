"""Where the test suite's time goes, in CPU seconds: a pytest plugin.

    PYTHONPATH=benchmarks .venv/bin/python -m pytest -p suite_cpu [-n 0] [--suite-cpu-top 40]

On a shared machine a test's wall time says more about the others' load than about the test,
so this counts each test's CPU seconds (``time.process_time`` of the process that ran it: a
worker's under xdist) for setup, call and teardown together, and, for Textual tests, how many
apps a test started (``App.run_test``), how many ``Pilot.pause`` calls it made, how many times
Textual waited for the app to go idle (``wait_for_idle``: one a pause, two a key pressed) and
how many seconds those waits slept (each sleeps 20 ms at least, and on in 20 ms steps while the
app still works: wall time that costs no CPU beyond the app's own work). At the end it prints
the slowest tests by CPU and the totals (the workers' too, under xdist: each worker hands its
rows to the controller when it stops).
"""

from __future__ import annotations

import time
from collections.abc import Generator
from typing import Any

import pytest

_COUNTS = {"apps": 0, "pauses": 0, "waits": 0, "slept": 0.0}
_ROWS: list[tuple[float, str, int, int, int, float]] = []


def _patch_textual() -> None:
    """Count app starts, pauses and waits for idle (the pilot's sleeps are timed where they
    happen)."""
    import asyncio

    from textual import _wait, app, pilot
    from textual.app import App
    from textual.pilot import Pilot

    run_test = App.run_test

    def counted_run_test(self: Any, *args: Any, **kwargs: Any) -> Any:
        _COUNTS["apps"] += 1
        return run_test(self, *args, **kwargs)

    pause = Pilot.pause

    async def counted_pause(self: Any, *args: Any, **kwargs: Any) -> None:
        _COUNTS["pauses"] += 1
        await pause(self, *args, **kwargs)

    async def timed_sleep(delay: float, *args: Any) -> Any:
        start = time.monotonic()
        try:
            return await asyncio.sleep(delay, *args)
        finally:
            _COUNTS["slept"] += time.monotonic() - start

    wait_for_idle = _wait.wait_for_idle

    async def counted_wait(*args: Any, **kwargs: Any) -> None:
        _COUNTS["waits"] += 1
        await wait_for_idle(*args, **kwargs)

    app.wait_for_idle = pilot.wait_for_idle = counted_wait  # type: ignore[assignment]
    App.run_test = counted_run_test  # type: ignore[method-assign]
    Pilot.pause = counted_pause  # type: ignore[method-assign]
    _wait.sleep = timed_sleep  # type: ignore[assignment]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--suite-cpu-top", type=int, default=40,
                     help="how many of the slowest tests (by CPU seconds) to list")


def pytest_configure(config: pytest.Config) -> None:
    _patch_textual()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Generator[None, None, None]:
    before = dict(_COUNTS)
    cpu = time.process_time()
    yield
    _ROWS.append((time.process_time() - cpu, item.nodeid,
                  int(_COUNTS["apps"] - before["apps"]),
                  int(_COUNTS["pauses"] - before["pauses"]),
                  int(_COUNTS["waits"] - before["waits"]),
                  float(_COUNTS["slept"] - before["slept"])))


def pytest_sessionfinish(session: pytest.Session) -> None:
    worker = getattr(session.config, "workerinput", None)
    if worker is not None:
        # a worker: hand its rows to the controller
        session.config.workeroutput["suite_cpu_rows"] = _ROWS  # type: ignore[attr-defined]
        session.config.workeroutput["suite_cpu_total"] = time.process_time()  # type: ignore[attr-defined]


_WORKERS: dict[str, float] = {}


def pytest_testnodedown(node: Any, error: Any) -> None:
    out = getattr(node, "workeroutput", {})
    _ROWS.extend(tuple(row) for row in out.get("suite_cpu_rows", []))  # type: ignore[misc]
    _WORKERS[node.gateway.id] = float(out.get("suite_cpu_total", 0.0))


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    if getattr(config, "workerinput", None) is not None:
        return
    rows = sorted(_ROWS, reverse=True)
    write = terminalreporter.write_line
    top = config.getoption("--suite-cpu-top")
    write(f"--- suite_cpu: the {min(top, len(rows))} slowest tests by CPU seconds "
          "(apps started, pauses, waits for idle, seconds slept in those waits) ---")
    for cpu, nodeid, apps, pauses, waits, slept in rows[:top]:
        write(f"{cpu:7.2f} s {apps:3d} apps {pauses:5d} pauses {waits:5d} waits "
              f"{slept:6.1f} s slept  {nodeid}")
    total = sum(r[0] for r in rows)
    ui = sum(r[0] for r in rows if "/ui/" in r[1])
    waits = sum(r[4] for r in rows)
    write(f"tests: {len(rows)}; CPU in the tests {total:.1f} s (tests/ui {ui:.1f} s); apps "
          f"{sum(r[2] for r in rows)}; pauses {sum(r[3] for r in rows)}; waits for idle "
          f"{waits} (each sleeps 20 ms or more: at least {waits * 0.02:.1f} s of wall time "
          f"without CPU), slept {sum(r[5] for r in rows):.1f} s")
    if _WORKERS:
        write("workers' whole CPU (imports and collection included): " + ", ".join(
            f"{k} {v:.1f} s" for k, v in sorted(_WORKERS.items())))
    else:
        write(f"this process's whole CPU: {time.process_time():.1f} s")
