"""How fast the Textual app answers (budgets: a key press late in a 6-player game updates the
screen in under 50 ms; the app starts to an interactive title screen in under 0.6 s).

Run: ``python benchmarks/bench_ui.py [--runs N] [--presses N]``

- **startup**: a whole new Python process that imports the app, shows the title screen and exits
  as soon as it is mounted (``MonopolyApp(exit_on_mount=True)``, headless). Wall clock, median
  and best of N runs. The same for a one-widget Textual app gives the floor on this machine
  (Python plus Textual's own start), so a slow or busy machine can be told apart from a slow app.
- **key press**: a 6-player classic game late on (every group owned, buildings, mortgages,
  ``monopoly_tui.ui.demo.late_game``) on a 160×50 screen. Each timing runs from the key event
  sent to the app until the first screen update written after the key's effect (the cursor
  moved, the roll logged), so it includes waiting for Textual's next frame (at most 1/60 s).
  Two keys: moving the space cursor (two tiles and the title deed redraw), and rolling (the move,
  the tiles, the panels, the log and the banner redraw). All six seats are human (driven here),
  each with extra cash so that no one goes bankrupt during the run. Pilot's ``press`` is not
  used to time: it sleeps at least 40 ms by design to wait for the app to be idle.
- **memory**: the same game played on, roll after roll (``--warm`` rolls first, so that the
  bounded caches of Textual and Rich are full), then what the Python memory the app holds
  (``tracemalloc``, tracing from before the warm rolls) grew by over ``--rolls`` more, per roll,
  after a garbage collection. (Tracing began only after the warm rolls until 2026-12-01: then
  a full bounded cache replacing entries made before tracing counted as growth.) The log keeps
  at most its ``max_lines``; everything else shown is drawn again from the game, so the figure
  should be near nothing (budget: 0.02 MB a roll).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STARTUP_CODE = (
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
"""The floor on this machine: a one-widget Textual app, started and exited the same way."""


def startup(runs: int, code: str = STARTUP_CODE) -> list[float]:
    out = []
    env = dict(os.environ, MONOPOLY_TUI_SAVES=tempfile.mkdtemp(prefix="bench-ui-"))
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=env,
                       cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        out.append(time.perf_counter() - start)
    return out


class Timings:
    """Watches the app's screen updates (``App._display``): the first update written once a
    probe says the key's effect has happened is the one that shows it."""

    def __init__(self, app: object) -> None:
        self.probe: Callable[[], bool] | None = None
        self.hit: float | None = None
        original = app._display  # type: ignore[attr-defined]

        def display(screen: object, renderable: object) -> None:
            original(screen, renderable)
            if self.probe is not None and renderable is not None and self.probe():
                self.hit = time.perf_counter()
                self.probe = None

        app._display = display  # type: ignore[attr-defined]


async def press_and_time(app: object, timings: Timings, key: str,
                         changed: Callable[[], bool]) -> float:
    """Send one key; the seconds until the first screen update that shows its effect."""
    from textual import events

    driver = app._driver  # type: ignore[attr-defined]
    timings.hit = None
    timings.probe = changed
    start = time.perf_counter()
    driver.send_message(events.Key(key, key if len(key) == 1 else None))
    while time.perf_counter() - start < 10:
        await asyncio.sleep(0.0005)
        if timings.hit is not None:
            return timings.hit - start
    raise RuntimeError(f"no screen update after the key {key!r}")


async def key_presses(presses: int, warm: int = 0, rolls: int = 0
                     ) -> tuple[dict[str, list[float]], float | None]:
    """The key-press timings, and the memory the app grew by per roll (MB) over ``rolls``
    rolls after ``warm`` more (None without ``rolls``)."""
    from monopoly_tui.engine import actions as A
    from monopoly_tui.ui.app import MonopolyApp
    from monopoly_tui.ui.demo import late_game
    from monopoly_tui.ui.session import FirstLegalBot

    session = late_game("classic", players=6, humans=6, seed=7)
    for player in session.game.st.players:  # deep pockets: nobody goes bankrupt mid-benchmark
        player.cash += 20_000
    app = MonopolyApp(pace="instant")
    times: dict[str, list[float]] = {"cursor (arrow keys)": [], "roll (r)": []}
    async with app.run_test(size=(160, 50)) as pilot:
        timings = Timings(app)
        app.start_session(session, first=False)
        for _ in range(5):
            await pilot.pause()
        screen: Any = app.screen
        arrows = {"right": (1, 0), "left": (-1, 0), "up": (0, -1), "down": (0, 1)}
        for i in range(presses):
            board = screen.board
            before = board.cursor
            # an arrow that moves the cursor from here (the edge of the ring stops some)
            key = "right"
            if before >= 0:
                order = list(arrows)[i % 4:] + list(arrows)[:i % 4]
                key = next(k for k in order if board.layout_.step(before, *arrows[k]) != before)
            def moved(before: int = before) -> bool:
                return bool(screen.board.cursor != before)

            times["cursor (arrow keys)"].append(await press_and_time(app, timings, key, moved))
            await pilot.pause()
        await pilot.press("escape")

        async def roll_on(count: int, roll: Callable[[], Awaitable[None]]) -> int:
            """Play on until ``count`` rolls were made by ``roll``; the rolls made."""
            done = 0
            for _ in range(count * 30):
                if done >= count or session.game.over:
                    break
                pend = session.pending
                name = type(app.screen).__name__
                human = session.is_human(pend.player)
                if name == "GameScreen" and pend.kind == A.ROLL and human:
                    await roll()
                    done += 1
                    await pilot.pause()
                elif name == "GameScreen" and pend.kind == A.END_TURN and human:
                    await pilot.press("e")
                elif name == "CardScreen":
                    await pilot.press("enter")
                elif name != "GameScreen" and human:
                    # a decision modal: a plain choice (raising cash in a debt when it must)
                    choice = FirstLegalBot().choose(session.game, pend.player)
                    table = getattr(app.screen, "table", screen)
                    table.answer(choice)
                    await pilot.pause()
                else:
                    await pilot.pause()
            return done

        async def timed_roll() -> None:
            logged = len(session.log)

            def rolled(logged: int = logged) -> bool:
                return len(session.log) != logged

            times["roll (r)"].append(await press_and_time(app, timings, "r", rolled))

        async def roll() -> None:
            await pilot.press("r")

        await roll_on(presses, timed_roll)
        per_roll = None
        if rolls:
            # traced from before the warm rolls: what was made before tracing and let go
            # during the measured rolls would not be counted, so a bounded cache replacing
            # its older entries would look like growth
            tracemalloc.start()
            await roll_on(warm, roll)
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            made = await roll_on(rolls, roll)
            gc.collect()
            grown = tracemalloc.get_traced_memory()[0] - before
            tracemalloc.stop()
            per_roll = grown / 1e6 / max(1, made)
    return times, per_roll


def report(label: str, times: list[float], budget_ms: float) -> None:
    if not times:
        print(f"{label:<36} no samples")
        return
    median = statistics.median(times) * 1000
    best = min(times) * 1000
    worst = max(times) * 1000
    verdict = "ok" if median < budget_ms else "OVER BUDGET"
    print(f"{label:<36} median {median:8.1f} ms   best {best:8.1f} ms   worst {worst:8.1f} ms"
          f"   (budget {budget_ms:.0f} ms: {verdict}, n={len(times)})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="startup runs")
    parser.add_argument("--presses", type=int, default=20, help="key presses of each kind")
    parser.add_argument("--warm", type=int, default=150,
                        help="rolls played before memory is traced")
    parser.add_argument("--rolls", type=int, default=60,
                        help="rolls over which memory is traced (0: no memory figure)")
    args = parser.parse_args()
    os.environ.setdefault("MONOPOLY_TUI_SAVES", tempfile.mkdtemp(prefix="bench-ui-"))
    print(f"load average now: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    report("startup: a bare Textual app (floor)", startup(args.runs, BARE_TEXTUAL_CODE), 600)
    report("startup to the title screen", startup(args.runs), 600)
    times, per_roll = asyncio.run(key_presses(args.presses, args.warm, args.rolls))
    for label, samples in times.items():
        report(f"key press: {label}", samples, 50)
    if per_roll is not None:
        verdict = "ok" if per_roll < 0.02 else "OVER BUDGET"
        print(f"{'memory grown per roll':<36} {per_roll:8.3f} MB   (after {args.warm} rolls, over "
              f"{args.rolls}; budget 0.02 MB: {verdict})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
