"""``monopoly-tui serve``: what it serves and where, without a browser (the browser test is in
test_serve_browser.py)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import aiohttp
import pyte
import pytest
from aiohttp.test_utils import TestServer

from monopoly_tui import cli
from monopoly_tui.ui import serve, serve_server


def test_help_says_there_is_no_authentication_and_only_this_machine(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["serve", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "NO AUTHENTICATION" in out
    assert "127.0.0.1" in out
    assert "--port N" in out
    assert "--max-games N" in out
    assert "anyone who can run a browser as you on it can" in out
    assert "other users of this machine with a program of their own" in out
    assert cli.main(["--help"]) == 0
    assert "no authentication" in " ".join(capsys.readouterr().out.split())


def test_each_tab_runs_the_game_on_one_saves_folder(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    p = serve.plan(8123, Path("rel/saves"))
    assert p.url == "http://127.0.0.1:8123"
    assert p.saves == tmp_path / "rel" / "saves"  # absolute: the same folder for every tab
    assert shlex.split(p.command) == [sys.executable, "-m", "monopoly_tui", "--saves",
                                      str(tmp_path / "rel" / "saves")]
    srv = serve.server(p)
    assert srv.host == serve.HOST == "127.0.0.1"
    assert srv.port == 8123
    assert srv.command == p.command
    assert (Path(srv.templates_path) / "app_index.html").is_file()
    assert (Path(srv.templates_path) / "full.html").is_file()
    assert (Path(srv.statics_path) / "js" / "textual.js").is_file()


def test_the_page_loads_nothing_from_outside() -> None:
    page = (serve.TEMPLATES / "app_index.html").read_text(encoding="utf-8")
    assert "{{ config.static.url }}js/textual.js" in page
    assert "https://" not in page and "http://" not in page


def test_the_saves_option_reaches_the_plan(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path))  # main() sets it: restored after
    seen: list[tuple[int, Path | None, int]] = []
    monkeypatch.setattr(serve, "serve",
                        lambda port, saves, games: seen.append((port, saves, games)) or 0)
    assert cli.main(["serve", "--port", "8200", "--saves", str(tmp_path)]) == 0
    assert cli.main(["--saves", str(tmp_path / "b"), "serve", "--max-games", "2"]) == 0
    assert seen == [(8200, tmp_path, serve.DEFAULT_MAX_GAMES),
                    (serve.DEFAULT_PORT, tmp_path / "b", 2)]


def test_a_bad_port_or_cap_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert serve.serve(0) == 2
    assert "--port must be between 1 and 65535" in capsys.readouterr().err
    assert serve.serve(8123, max_games=0) == 2
    assert "--max-games must be at least 1" in capsys.readouterr().err


def test_a_port_in_use_is_said_plainly(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert serve.serve(port, tmp_path) == 1
    err = capsys.readouterr().err
    assert f"Cannot serve on 127.0.0.1:{port}" in err
    assert "try --port N" in err
    assert "Traceback" not in err


# ---------------------------------------------------------------- what a page may ask

def test_a_size_asked_for_is_a_whole_number_within_a_real_screen() -> None:
    most = (serve.MAX_COLUMNS, serve.MAX_ROWS)
    assert serve.clamp_size("120", "40") == (120, 40)
    assert serve.clamp_size(120, 40) == (120, 40)
    assert serve.clamp_size("20000", "20000") == most
    assert serve.clamp_size(10**12, 10**12) == most
    assert serve.clamp_size("9" * 400, "9" * 400) == (80, 24)  # not parsed: the default
    assert serve.clamp_size(0, -5) == (1, 1)
    for hostile in (None, "", "-3", "1e9", "12px", "١٢", 12.5, True, [], {}, "0x40"):
        assert serve.clamp_size(hostile, hostile) == (80, 24), hostile


def test_only_the_servers_own_names_and_pages() -> None:
    assert serve.allowed_hosts(8123) == {"127.0.0.1:8123", "localhost:8123"}
    assert serve.allowed_origins(8123) == {"http://127.0.0.1:8123", "http://localhost:8123"}
    assert serve.allowed_hosts(80) == {"127.0.0.1:80", "localhost:80", "127.0.0.1",
                                       "localhost"}


def test_the_page_says_why_its_game_stopped() -> None:
    page = (serve.TEMPLATES / "app_index.html").read_text(encoding="utf-8")
    assert f"SERVER_STOPPED = {serve.CLOSE_SERVER_STOPPED}, FULL = {serve.CLOSE_FULL}" in page
    assert "The server on this machine stopped" in page
    assert "Start monopoly-tui serve again" in page
    assert 'fetch("/alive"' in page  # the button asks the server before it reloads


# ---------------------------------------------------------------- the server, with its games

WAIT = 60.0
"""Seconds to wait for a game to start or stop (a busy machine is slow)."""

Server = Any


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _until(what: str, check: Callable[[], bool], seconds: float = WAIT) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {seconds:.0f} s")
        await asyncio.sleep(0.05)


@contextlib.asynccontextmanager
async def _serving(tmp_path: Path, max_games: int = serve.DEFAULT_MAX_GAMES
                   ) -> AsyncIterator[tuple[Server, Any]]:
    """The server on a free port (its app in this test's loop), and a client session."""
    port = _free_port()
    srv = serve.server(serve.plan(port, tmp_path / "saves", max_games))
    site = TestServer(await srv._make_app(), host="127.0.0.1", port=port)
    await site.start_server()
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as client:
            yield srv, client
    finally:
        await site.close()  # the app's shutdown: every game stopped


async def _connect(port: int, client: Any, query: str = "?width=120&height=40") -> Any:
    """A tab's game, as the server's own page opens it (its origin, its token)."""
    page = await (await client.get("/")).text()
    found = re.search(r'data-session-websocket-url="ws://127\.0\.0\.1:\d+(/ws/[^"]+)"', page)
    assert found, page
    return await client.ws_connect(found.group(1) + query,
                                   headers={"Origin": f"http://127.0.0.1:{port}"})


def _alive(pid: int) -> bool:
    """Whether the process runs (a zombie, ended but not yet reaped, does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


async def _screen(ws: Any, screen: Any, done: Callable[[], bool]) -> None:
    """Feed what the tab is sent into a pyte screen until ``done``."""
    stream = pyte.ByteStream(screen)
    deadline = time.monotonic() + WAIT
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("gave up waiting for the game's screen:\n"
                                 + "\n".join(screen.display[:40]))
        message = await ws.receive(timeout=WAIT)
        if message.type == aiohttp.WSMsgType.BINARY:
            stream.feed(message.data)
        elif message.type != aiohttp.WSMsgType.TEXT:
            raise AssertionError(f"the connection closed: {message}")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_another_host_or_origin_or_no_token_gets_403_a_log_line_and_no_game(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, "monopoly-tui.serve")
    async with _serving(tmp_path) as (srv, client):
        page = await (await client.get("/")).text()
        found = re.search(r'ws://127\.0\.0\.1:\d+(/ws/[^"]+)"', page)
        assert found, page
        ws_path = found.group(1)
        assert srv.token in ws_path and len(srv.token) >= 40
        for path in ("/", "/alive", "/static/js/textual.js", ws_path):
            answer = await client.get(path, headers={"Host": "evil.example"})
            assert answer.status == 403, path
            assert "Host 'evil.example' is not this server" in await answer.text()
        assert (await client.get("/", headers={"Host": f"localhost:{srv.port}"})).status == 200
        own = f"http://127.0.0.1:{srv.port}"
        for path, origin in ((ws_path, "http://evil.example"), (ws_path, None),
                             (ws_path, f"http://127.0.0.1:{srv.port + 1}"),
                             ("/ws", own), (ws_path[:-1], own), ("/ws/" + "A" * 43, own)):
            headers = {"Origin": origin} if origin else {}
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(path, headers=headers)
            assert refused.value.status == 403
        assert srv.games == {} and srv.starting == 0
    lines = [r.getMessage() for r in caplog.records if r.name == "monopoly-tui.serve"]
    assert sum("Host 'evil.example' is not this server" in line for line in lines) == 4
    assert sum("a websocket from Origin" in line for line in lines) == 3
    assert sum("without this server's token" in line for line in lines) == 3
    assert not any(srv.token in line for line in lines)  # the log does not give it away
    assert not any("started" in line for line in lines)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_the_size_a_page_asks_for_is_clamped(tmp_path: Path) -> None:
    cols, rows = serve.MAX_COLUMNS, serve.MAX_ROWS
    async with _serving(tmp_path) as (srv, client):
        ws = await _connect(srv.port, client, "?width=20000&height=20000")
        await _until("the game", lambda: len(srv.games) == 1)
        (game,) = srv.games
        environ = Path(f"/proc/{game.pid}/environ").read_bytes().split(b"\0")
        assert f"COLUMNS={cols}".encode() in environ and f"ROWS={rows}".encode() in environ
        # The game draws at 500 × 200: a screen one bigger each way shows its last column and
        # row painted, and nothing beyond.
        screen = pyte.Screen(cols + 1, rows + 1)

        def painted(x: int, y: int) -> bool:
            return screen.buffer[y][x].bg != "default"

        await _screen(ws, screen, lambda: painted(cols - 1, rows - 1))
        # A resize message is clamped as well: first a small size, then a huge one.
        await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
        screen.reset()
        await _screen(ws, screen, lambda: painted(99, 29))
        await ws.send_str(json.dumps(["resize", {"width": 10**9, "height": 10**9}]))
        await _screen(ws, screen, lambda: painted(cols - 1, rows - 1))
        assert not any(painted(cols, y) for y in range(rows + 1))
        assert not any(painted(x, rows) for x in range(cols + 1))
        # What is not a message of textual's page is dropped; the game goes on.
        for junk in ("not json", "[]", "{}", '["stdin", 5]', '["resize", "big"]',
                     '["ping", "' + "x" * 1000 + '"]', '["who", 1]'):
            await ws.send_str(junk)
        await ws.send_str('["ping", "1"]')
        answer = await ws.receive(timeout=WAIT)
        while answer.type == aiohttp.WSMsgType.BINARY:
            answer = await ws.receive(timeout=WAIT)
        assert json.loads(answer.data) == ["pong", "1"]
        assert _alive(game.pid)
        await ws.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_the_cap_holds_and_a_closed_tab_frees_its_game(tmp_path: Path) -> None:
    async with _serving(tmp_path, max_games=1) as (srv, client):
        first = await _connect(srv.port, client)
        await _until("the first tab's game", lambda: len(srv.games) == 1)
        (game,) = srv.games
        pid = game.pid
        full = await client.get("/")
        assert full.status == 503
        assert "Every game this server runs is taken: it runs at most 1 at once" in \
            " ".join((await full.text()).split())
        assert srv.token not in await full.text()
        # A page loaded before the cap was reached gets its websocket closed, saying why.
        page = await (await client.get("/alive")).read()
        assert page == b""
        path = f"/ws/{srv.token}?width=120&height=40"
        second = await client.ws_connect(path, headers={"Origin": f"http://localhost:{srv.port}"})
        closed = await second.receive(timeout=WAIT)
        assert closed.type == aiohttp.WSMsgType.CLOSE and closed.data == serve.CLOSE_FULL
        assert len(srv.games) == 1 and _alive(pid)
        await first.close()  # the tab goes: so does its game
        await _until("the game to end", lambda: not srv.games and not _alive(pid))
        assert (await client.get("/")).status == 200
        again = await _connect(srv.port, client)
        await _until("a new game", lambda: len(srv.games) == 1)
        await again.close()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_a_game_that_does_not_quit_is_ended_all_the_same(tmp_path: Path) -> None:
    async with _serving(tmp_path) as (srv, client):
        ws = await _connect(srv.port, client)
        await _until("the game", lambda: len(srv.games) == 1)
        (game,) = srv.games
        await _screen(ws, pyte.Screen(120, 40), lambda: game.process.returncode is None
                      and Path(f"/proc/{game.pid}/stat").exists())
        os.kill(game.pid, signal.SIGSTOP)  # it can answer nothing now: not quit, not SIGTERM
        await ws.close()
        await _until("the game to be ended", lambda: not srv.games)
        assert game.process.returncode == -signal.SIGKILL
        assert not _alive(game.pid)


async def _drawn(ws: Any) -> None:
    """Wait until the tab's game has drawn something on its screen."""
    screen = pyte.Screen(120, 40)
    await _screen(ws, screen, lambda: any(line.strip() for line in screen.display))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
async def test_stopping_the_server_tells_every_tab_and_ends_every_game(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # What is checked is that a game quits when asked, not how fast: on a loaded machine a game
    # may take more than the server's second to quit, so here it is given as long as it needs.
    monkeypatch.setattr(serve_server, "STOP_GRACE", WAIT)
    async with _serving(tmp_path) as (srv, client):
        tabs = [await _connect(srv.port, client) for _ in range(2)]
        await _until("two games", lambda: len(srv.games) == 2)
        for ws in tabs:  # each game up and drawing its screen, so it can hear the quit
            await _drawn(ws)
        games = list(srv.games)
        pids = [game.pid for game in games]
        stopping = asyncio.ensure_future(srv.on_shutdown(None))
        for ws in tabs:
            message = await ws.receive(timeout=WAIT)
            while message.type == aiohttp.WSMsgType.BINARY:
                message = await ws.receive(timeout=WAIT)
            assert message.type == aiohttp.WSMsgType.CLOSE
            assert message.data == serve.CLOSE_SERVER_STOPPED
        await stopping
        assert not any(_alive(pid) for pid in pids)
        # Each game quit when asked (its own way out, after its last save), not killed.
        assert [game.process.returncode for game in games] == [0, 0]
        assert srv.games == {}


def _game_pids(log: str) -> list[int]:
    return [int(pid) for pid in re.findall(r"game (\d+) started", log)]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL], ids=["ctrl-c", "killed"])
async def test_a_stopped_server_leaves_no_game_running(tmp_path: Path, sig: int) -> None:
    """Ctrl+C: the server asks each game to quit and is gone with status 0; killed (it could
    not ask), each game sees its server gone and quits by itself."""
    port = _free_port()
    out = tmp_path / "server.log"
    with out.open("wb") as log:
        proc = subprocess.Popen(
            [sys.executable, "-m", "monopoly_tui", "--saves", str(tmp_path / "saves"), "serve",
             "--port", str(port)], stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True)
    try:
        async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as client:
            async def up() -> bool:
                try:
                    return (await client.get("/alive")).status == 204
                except aiohttp.ClientConnectionError:
                    return False

            deadline = time.monotonic() + WAIT
            while not await up():
                assert proc.poll() is None, out.read_text()
                assert time.monotonic() < deadline, out.read_text()
                await asyncio.sleep(0.1)
            ws = await _connect(port, client)
            await _until("the game's start in the log", lambda: bool(_game_pids(
                out.read_text())))
            (pid,) = _game_pids(out.read_text())
            await _screen(ws, pyte.Screen(120, 40), lambda: True)
            os.kill(proc.pid, sig)
            closed = await ws.receive(timeout=WAIT)
            while closed.type == aiohttp.WSMsgType.BINARY:
                closed = await ws.receive(timeout=WAIT)
            if sig == signal.SIGINT:
                assert closed.data == serve.CLOSE_SERVER_STOPPED
        await _until("the server to stop", lambda: proc.poll() is not None)
        await _until("the game to end", lambda: not _alive(pid))
        if sig == signal.SIGINT:
            assert proc.returncode == 0
            assert "The server stopped." in out.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_second_ctrl_c_while_stopping_changes_nothing(tmp_path: Path) -> None:
    from aiohttp.web_runner import GracefulExit

    srv = serve.server(serve.plan(_free_port(), tmp_path / "saves"))
    with pytest.raises(GracefulExit):
        srv.request_exit()
    srv.request_exit()  # the stop is under way: no second exit thrown into it
