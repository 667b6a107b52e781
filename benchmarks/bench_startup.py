"""Start-up cost of the command line and the app, in CPU seconds of a whole new process
(budget: ``monopoly-tui editions`` and ``monopoly-tui simulate --games 1`` under 0.3 s; the app's
title screen within about 1.15 times a bare Textual app).

Run: ``python benchmarks/bench_startup.py [--runs N] [--cold] [--profile]``

Each command runs ``--runs`` times as a new process (``monopoly-tui`` from this Python's venv);
the figure is the process's own CPU time (user + system, ``os.wait4``), median and best, so
other work on the machine disturbs it less than wall time would. The wall time is shown too.

- ``python -c pass``: the floor, Python's own start;
- ``monopoly-tui editions`` and ``monopoly-tui simulate --games 1``: with the compiled-edition
  cache warm (the usual case: every start after the first), and with ``--cold`` also with an
  empty cache each run (a first start, or the first after a ruleset or the game changed);
- the app to its title screen (``MonopolyApp(exit_on_mount=True)``, headless, 160×50), and a
  one-widget Textual app started and stopped the same way (the floor for a Textual app).

Every run uses its own empty saves folder and a cache folder made for this benchmark
(``$MONOPOLY_TUI_CACHE``), so nothing of the user's is read or written.

``--profile`` prints where one run of each command spends its time instead (cProfile, by
cumulative time); ``python -X importtime -m monopoly_tui editions`` shows the imports alone.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
CLI = str(BIN / "monopoly-tui")

APP_CODE = (
    "from monopoly_tui.ui.app import MonopolyApp; "
    "MonopolyApp(exit_on_mount=True).run(headless=True, size=(160, 50))"
)
BARE_TEXTUAL_CODE = (
    "from textual.app import App\n"
    "from textual.widgets import Static\n"
    "class Bare(App):\n"
    "    def compose(self):\n"
    "        yield Static('hello')\n"
    "    def on_mount(self):\n"
    "        self.call_after_refresh(self.exit)\n"
    "Bare().run(headless=True, size=(160, 50))\n"
)

COMMANDS: list[tuple[str, list[str]]] = [
    ("python -c pass (floor)", [sys.executable, "-c", "pass"]),
    ("monopoly-tui editions", [CLI, "editions"]),
    ("monopoly-tui simulate --games 1", [CLI, "simulate", "--games", "1"]),
    ("bare Textual app (floor)", [sys.executable, "-c", BARE_TEXTUAL_CODE]),
    ("app to the title screen", [sys.executable, "-c", APP_CODE]),
]


def run_once(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run of ``cmd`` as a new process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=ROOT, stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n{err.decode()}")
    return usage.ru_utime + usage.ru_stime, wall


def measure(cmd: list[str], runs: int, base_env: dict[str, str], cold: bool
            ) -> tuple[list[float], list[float]]:
    cpu: list[float] = []
    wall: list[float] = []
    for _ in range(runs):
        env = dict(base_env, MONOPOLY_TUI_SAVES=tempfile.mkdtemp(prefix="bench-startup-"))
        if cold:
            shutil.rmtree(env["MONOPOLY_TUI_CACHE"], ignore_errors=True)
        c, w = run_once(cmd, env)
        shutil.rmtree(env["MONOPOLY_TUI_SAVES"], ignore_errors=True)
        cpu.append(c)
        wall.append(w)
    return cpu, wall


def show(label: str, cpu: list[float], wall: list[float]) -> None:
    print(f"  {label:<44} CPU median {statistics.median(cpu) * 1000:6.0f} ms"
          f"  best {min(cpu) * 1000:6.0f} ms   wall median "
          f"{statistics.median(wall) * 1000:6.0f} ms  (n={len(cpu)})")


def profile(base_env: dict[str, str]) -> None:
    for label, cmd in COMMANDS[1:3]:
        print(f"== {label}")
        prof = [sys.executable, "-m", "cProfile", "-s", "cumulative", "-m", "monopoly_tui",
                *cmd[1:]]
        out = subprocess.run(prof, env=base_env, cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout
        head = out[out.find("function calls"):].splitlines()[:45]
        print("\n".join(head))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--cold", action="store_true",
                    help="also measure the commands with an empty edition cache each run")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    cache = tempfile.mkdtemp(prefix="bench-startup-cache-")
    pycache = tempfile.mkdtemp(prefix="bench-startup-pycache-")
    # As a player's install runs: with the modules' bytecode cached (pip compiles a wheel's
    # modules when it installs them; a checkout's are compiled at their first import), in a
    # folder of this benchmark's own.
    base_env = dict(os.environ, MONOPOLY_TUI_CACHE=cache, PYTHONPYCACHEPREFIX=pycache)
    base_env.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        if args.profile:
            profile(base_env)
            return 0
        print(f"load average now: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs; "
              f"{args.runs} runs each")
        floors: dict[str, float] = {}
        for label, cmd in COMMANDS:
            run_once(cmd, base_env)  # warm the cache (and the OS's file cache)
            cpu, wall = measure(cmd, args.runs, base_env, cold=False)
            show(label, cpu, wall)
            floors[label] = statistics.median(cpu)
            if args.cold and cmd[0] == CLI:
                cpu, wall = measure(cmd, args.runs, base_env, cold=True)
                show(f"{label} (empty cache)", cpu, wall)
        ratio = floors["app to the title screen"] / floors["bare Textual app (floor)"]
        print(f"  the app's title over a bare Textual app: {ratio:.2f} times (CPU)")
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(pycache, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
