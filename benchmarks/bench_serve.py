"""``monopoly-tui serve`` under load: what a huge terminal asked for costs, and how long Ctrl+C
takes to stop the server with games running (budget: 2 s; the server gives its games at most
1.5 s: ``ui.serve.STOP_GRACE`` + ``KILL_GRACE``).

Run: ``python benchmarks/bench_serve.py [--games N] [--seconds S]``

- **huge size**: a tab's websocket asks for a 20000 × 20000 terminal (before the clamp it took
  the game to 2.1 GB and the server to 0.9 GB in 30 s, and pushed 1.2 GB to the tab). For
  ``--seconds`` the client reads all it is sent, then the game's and the server's resident
  memory (``/proc/PID/status`` VmHWM, the peak) and the bytes sent are printed.
- **first bytes**: from the websocket opened to the title's first frame received (the 20000
  asked for is drawn at 500 × 200), as a browser's page would get it after the page loaded.
- **stop**: ``--games`` tabs connected, each reading its game, then SIGINT to the server: the
  wall clock until the server's process has exited, and each tab's close code (4001: the server
  said it is stopping).

Linux only (reads ``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _run(games: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-serve-") as folder:
        await _measure(games, seconds, Path(folder))


async def _measure(games: int, seconds: float, work: Path) -> None:
    port = _free_port()
    log = work / "server.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "monopoly_tui", "--saves", str(work / "saves"), "serve",
             "--port", str(port), "--max-games", str(games + 1)],
            stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    origin = {"Origin": f"http://127.0.0.1:{port}"}
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as client:
            while True:
                try:
                    page = await (await client.get("/")).text()
                    break
                except aiohttp.ClientConnectionError:
                    await asyncio.sleep(0.1)
            found = re.search(r'ws://127\.0\.0\.1:\d+(/ws/[^"]+)"', page)
            assert found, page
            path = found.group(1)

            start = time.monotonic()
            big = await client.ws_connect(path + "?width=20000&height=20000", headers=origin)
            sent = 0
            first: float | None = None
            while time.monotonic() - start < seconds:
                try:
                    message = await big.receive(timeout=0.5)
                except TimeoutError:
                    continue
                if message.type == aiohttp.WSMsgType.BINARY:
                    sent += len(message.data)
                    if first is None and sent > 10_000:
                        first = time.monotonic() - start
            (pid,) = [int(p) for p in re.findall(r"game (\d+) started", log.read_text())]
            size = re.search(r"started for a tab at (\S+)", log.read_text())
            print(f"huge size: asked 20000×20000, drawn at {size.group(1) if size else '?'}; "
                  f"in {seconds:.0f} s the game peaked at {_peak_mb(pid):.0f} MB, the server "
                  f"at {_peak_mb(proc.pid):.0f} MB; {sent / 1e6:.2f} MB sent to the tab")
            print(f"first bytes: the title's first frame {1000 * (first or float('nan')):.0f} ms "
                  "after the websocket opened")
            await big.close()

            tabs = [await client.ws_connect(path + "?width=160&height=50", headers=origin)
                    for _ in range(games)]
            for tab in tabs:  # each game up and drawing
                got = 0
                while got < 10_000:
                    message = await tab.receive()
                    if message.type == aiohttp.WSMsgType.BINARY:
                        got += len(message.data)
                    elif message.type != aiohttp.WSMsgType.TEXT:
                        raise SystemExit(f"a tab's game did not start: {message}")
            stopped = time.monotonic()
            proc.send_signal(signal.SIGINT)
            codes = []

            async def drain(tab: aiohttp.ClientWebSocketResponse) -> None:
                async for _ in tab:
                    pass
                codes.append(tab.close_code)

            await asyncio.gather(*(drain(tab) for tab in tabs))
            while proc.poll() is None:
                await asyncio.sleep(0.01)
            print(f"stop: {games} games running, the server exited "
                  f"{time.monotonic() - stopped:.2f} s after SIGINT (status {proc.returncode}); "
                  f"close codes {sorted(set(codes))}")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    asyncio.run(_run(args.games, args.seconds))


if __name__ == "__main__":
    main()
