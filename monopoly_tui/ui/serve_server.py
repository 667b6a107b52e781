"""The server of ``monopoly-tui serve``: textual-serve's ``Server`` and ``AppService``, with
the checks and bounds that ``ui.serve``'s docstring lists. Imported only by ``serve`` (it needs
textual-serve and aiohttp, which nothing else in the game does)."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import secrets
import shlex
import signal
import sys
from asyncio.subprocess import Process
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from monopoly_tui.ui.serve import (
    CLOSE_FULL,
    CLOSE_SERVER_STOPPED,
    HOST,
    KILL_GRACE,
    MAX_MESSAGE,
    STOP_GRACE,
    TEMPLATES,
    ServePlan,
    allowed_hosts,
    allowed_origins,
    clamp_size,
)

log = logging.getLogger("monopoly-tui.serve")

LOGS = ("monopoly-tui.serve", "textual-serve")
"""The loggers the server's log shows: ours, and textual-serve's (a game that failed to
start)."""


class GameProcess(AppService):
    """One tab's game: started without a shell (one process a tab) in a session of its own (a
    Ctrl+C typed in the server's terminal does not reach it: the server stops it), and stopped
    within ``STOP_GRACE + KILL_GRACE`` seconds: asked to quit as textual-serve asks, then
    SIGTERM (on which the game's driver quits too), then SIGKILL."""

    def __init__(self, argv: list[str], **kwargs: Any) -> None:
        super().__init__(shlex.join(argv), **kwargs)
        self.argv = argv
        self._stopping: asyncio.Future[None] | None = None

    @property
    def process(self) -> Process | None:
        """The game's process, once started."""
        return self._process

    @property
    def pid(self) -> int | None:
        return self._process.pid if self._process is not None else None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        environment = self._build_environment(width=width, height=height)
        # how another window names this one when it opens the same game ("open in a browser
        # tab, process 4242 on this machine, since 21:04")
        environment["MONOPOLY_TUI_WINDOW"] = "a browser tab"
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=environment, start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def stop(self) -> None:
        """Stop the game (once, however many callers ask): it has ended when this returns."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        process = self._process
        if process is None:
            return
        if process.returncode is None:
            await self.send_meta({"type": "quit"})
            for sig, grace in ((signal.SIGTERM, STOP_GRACE), (signal.SIGKILL, KILL_GRACE)):
                try:
                    await asyncio.wait_for(asyncio.shield(process.wait()), grace)
                    break
                except TimeoutError:
                    log.warning("game %s did not quit within %.1f s: sending %s", process.pid,
                                grace, sig.name)
                    with contextlib.suppress(ProcessLookupError):
                        process.send_signal(sig)
            await process.wait()
        task, self._task = self._task, None
        if task is not None:
            # Its output read to the end; the end is not awaited beyond KILL_GRACE: a tab that
            # reads nothing (gone, or hostile) would keep its last bytes waiting for ever.
            await asyncio.wait({task}, timeout=KILL_GRACE)
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)


class GameServer(Server):
    """textual-serve's server, answering only its own names and pages, bounded, and quick to
    stop (``ui.serve``'s docstring says each rule)."""

    def __init__(self, serve_plan: ServePlan) -> None:
        statics = Path(textual_serve.__file__).resolve().parent / "static"
        super().__init__(serve_plan.command, host=HOST, port=serve_plan.port,
                         title="monopoly-tui", statics_path=statics, templates_path=TEMPLATES)
        self.plan = serve_plan
        self.argv = shlex.split(serve_plan.command)
        self.token = secrets.token_urlsafe(32)
        """The per-server secret in the page's websocket address."""
        self.hosts = allowed_hosts(serve_plan.port)
        self.origins = allowed_origins(serve_plan.port)
        self.games: dict[GameProcess, web.WebSocketResponse] = {}
        """The games running, each with its tab's connection."""
        self.starting = 0
        """Connections let in whose game is not running yet (counted in the cap)."""
        self.stopping = False
        self._endings: set[asyncio.Future[None]] = set()
        """Tabs' games being stopped (kept here: a task nobody holds may be lost)."""
        self._log_handler: logging.Handler | None = None
        self._exiting = False

    # -- requests ----------------------------------------------------------------------------

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._check_host)
        app.router.add_get("/ws/{token}", self.handle_websocket, name="game")
        app.router.add_get("/alive", self.handle_alive, name="alive")
        return app

    def refuse(self, request: web.Request, why: str) -> web.Response:
        """A plain 403, and the reason in the server's log."""
        path = "/ws/…" if request.path.startswith("/ws/") else request.path  # not the token
        log.warning("refused %s %s from %s: %s", request.method, path, request.remote or "?",
                    why)
        return web.Response(status=403, text=f"403 Forbidden: {why}\n")

    @web.middleware
    async def _check_host(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Every request names this server in its ``Host``, or gets a 403."""
        host = request.headers.get("Host", "")
        if host.lower() not in self.hosts:
            return self.refuse(request, f"Host {host!r} is not this server "
                                        f"({', '.join(sorted(self.hosts))})")
        response: web.StreamResponse = await handler(request)
        return response

    def running(self) -> int:
        """The games running or starting: what the cap counts."""
        return len(self.games) + self.starting

    def full(self) -> bool:
        return self.running() >= self.plan.max_games

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The game's page, its websocket address holding the token; the full page (503) when
        every game is taken."""
        if self.full():
            log.info("full: %d games running (--max-games %d); a new tab is told so",
                     self.running(), self.plan.max_games)
            return self._page(request, "full.html", status=503)
        raw = request.query.get("fontsize", "")
        font_size = max(6, int(raw)) if raw.isascii() and raw.isdigit() and len(raw) <= 2 else 16
        return self._page(request, "app_index.html", font_size=font_size,
                          app_websocket_url=f"ws://{request.host}/ws/{self.token}")

    def _page(self, request: web.Request, template: str, status: int = 200,
              **context: Any) -> web.StreamResponse:
        context |= {"config": {"static": {"url": "/static/"}}, "application": {"name": self.title},
                    "max_games": self.plan.max_games}
        response: web.StreamResponse = aiohttp_jinja2.render_template(
            template, request, context, status=status)
        response.headers["Cache-Control"] = "no-store"  # the token is new with each server
        return response

    async def handle_alive(self, request: web.Request) -> web.Response:
        """What a page asks when its game's connection has closed: is the server still here."""
        return web.Response(status=204, headers={"Cache-Control": "no-store"})

    # -- a tab's game -------------------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        """A tab's game: only for the server's own page (its origin and its token), only while
        a game is free, at a clamped size; stopped when the connection goes."""
        origin = request.headers.get("Origin")
        if origin not in self.origins:
            return self.refuse(request, f"a websocket from Origin {origin!r}, not from this "
                                        "server's own page")
        token = request.match_info.get("token", "")
        if not hmac.compare_digest(token.encode(), self.token.encode()):
            return self.refuse(request, "a websocket without this server's token (not from a "
                                        "page this server handed out)")
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE)
        await websocket.prepare(request)
        if self.stopping or self.full():
            if not self.stopping:
                log.info("full: a tab's game refused (--max-games %d)", self.plan.max_games)
            await websocket.close(
                code=CLOSE_SERVER_STOPPED if self.stopping else CLOSE_FULL,
                message=b"the server is stopping" if self.stopping else b"every game is taken")
            return websocket
        width, height = clamp_size(request.query.get("width"), request.query.get("height"))
        game = GameProcess(self.argv, write_bytes=websocket.send_bytes,
                           write_str=websocket.send_str, close=websocket.close,
                           download_manager=self.download_manager, debug=self.debug)
        self.starting += 1
        try:
            try:
                await game.start(width, height)
            finally:
                self.starting -= 1
            self.games[game] = websocket
            log.info("game %s started for a tab at %d×%d (%d running)", game.pid, width, height,
                     len(self.games))
            await self._process_messages(websocket, game)
        except asyncio.CancelledError:
            pass
        except Exception as error:  # one broken tab does not stop the server
            log.exception(error)
        finally:
            # In a task of its own: aiohttp cancels this handler when the tab's connection
            # drops, and the game must still be stopped and let go of.
            ending = asyncio.ensure_future(self._end(game, websocket))
            self._endings.add(ending)
            ending.add_done_callback(self._endings.discard)
            await asyncio.shield(ending)
        return websocket

    async def _end(self, game: GameProcess, websocket: web.WebSocketResponse) -> None:
        """Stop a tab's game, and close its connection."""
        await game.stop()
        if self.games.pop(game, None) is not None:
            log.info("game %s ended: %s (%d running)", game.pid,
                     "the server is stopping" if self.stopping
                     else "its tab's connection closed", len(self.games))
        if not websocket.closed:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(), KILL_GRACE)

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        """The page's messages to its game: keys, a size (clamped), ping, focus and blur.
        Anything else (not JSON, another shape, another kind) is dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind = envelope[0]
            data = envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(
                    *clamp_size(data.get("width"), data.get("height")))
            elif kind == "ping" and isinstance(data, str) and len(data) <= 32:
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    # -- stopping -----------------------------------------------------------------------------

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C: tell every tab the server is stopping, and stop every game at once (each
        within ``STOP_GRACE + KILL_GRACE`` seconds)."""
        self.stopping = True
        games = list(self.games.items())
        log.info("stopping: %d game(s) to end", len(games))

        async def tell(websocket: web.WebSocketResponse) -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(websocket.close(
                    code=CLOSE_SERVER_STOPPED, message=b"the server stopped"), KILL_GRACE)

        await asyncio.gather(*(tell(ws) for _, ws in games),
                             *(game.stop() for game, _ in games), return_exceptions=True)
        await asyncio.gather(*self._endings, return_exceptions=True)

    def initialize_logging(self) -> None:
        """The server's log, while it serves: one plain line each, on stdout (textual-serve's
        wraps lines at the console's width, which a log read by grep does not want)."""
        handler = logging.StreamHandler(sys.stdout)
        handler.setFormatter(logging.Formatter("[%(asctime)s] %(levelname)s %(message)s",
                                               "%H:%M:%S"))
        self._log_handler = handler
        for name in LOGS:
            logger = logging.getLogger(name)
            logger.addHandler(handler)
            logger.setLevel(logging.DEBUG if self.debug else logging.INFO)

    def _end_logging(self) -> None:
        if self._log_handler is not None:
            for name in LOGS:
                logging.getLogger(name).removeHandler(self._log_handler)
            self._log_handler = None

    async def on_startup(self, app: web.Application) -> None:
        """Nothing to print: ``serve`` has said where to go."""

    def request_exit(self) -> None:
        """Ctrl+C (or SIGTERM): stop, once. A second Ctrl+C while the games are being
        stopped changes nothing (the stop is already bounded)."""
        if self._exiting:
            return
        self._exiting = True
        super().request_exit()

    def serve(self, debug: bool = False) -> None:
        """textual-serve's ``serve``, with the request handlers given only a short time to
        finish once the games are stopped (``on_shutdown``), and no access log."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, self.request_exit)
        try:
            web.run_app(self._make_app(), host=self.host, port=self.port,
                        handle_signals=False, loop=loop, print=lambda *args: None,
                        shutdown_timeout=STOP_GRACE + KILL_GRACE, access_log=None)
        finally:
            self._end_logging()
