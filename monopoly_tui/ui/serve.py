"""Play in a browser: ``monopoly-tui serve`` serves the game with textual-serve.

Each browser tab that opens the page gets its own game: a ``monopoly-tui`` process started for
its connection. Every process saves in the same folder (the one ``monopoly-tui`` with no
command would use, or ``--saves DIR``), so a game started in one tab can be resumed in another,
or later in the terminal.

textual-serve has no accounts. What this module adds to it, each rule checked on every request
(everything a page or a request sends is hostile until checked):

- **Only this machine.** The server listens on 127.0.0.1 only.
- **Only its own names.** A request whose ``Host`` is not ``127.0.0.1:PORT`` or
  ``localhost:PORT`` gets a plain 403 and a line in the server's log (a page on another name
  that resolves to 127.0.0.1, DNS rebinding, gets nothing).
- **Only its own pages.** A websocket whose ``Origin`` is not the server's own (``http://`` one
  of those names) is refused the same way, and so is one without the server's token: a random
  secret made when the server starts, written only in the page the server hands out, in the
  websocket's path. A page of another site cannot read our page (the browser's same-origin
  rule), so it cannot learn the token.
- **Bounded.** The terminal size a page asks for is clamped to ``MAX_COLUMNS`` × ``MAX_ROWS``;
  at most ``max_games`` game processes run at once (more tabs get a page saying so); a tab's
  game is stopped when its connection goes; a message that is not what textual's page sends is
  dropped.
- **Stops promptly.** Ctrl+C (or SIGTERM) asks every game to quit as a tab closing does (the
  game saves after every decision, so nothing is lost), gives them ``STOP_GRACE`` seconds, then
  ends what is left: the server is gone within 2 seconds. The games run in sessions of their
  own, so the terminal's Ctrl+C reaches the server only, which then stops each game cleanly.

What it cannot stop: anyone who can run a browser as this user on this machine can open the
page and play (and see the saves), as they could run ``monopoly-tui`` itself; and another user
of the machine can fetch the page, token and all, with a program of their own (which sends any
``Origin`` it likes). The checks keep out other sites' pages, not the machine's users.

The page is textual-serve's own, without its link to a web font (nothing is loaded from outside
this server), and with words of ours for when the game or the server stops.
"""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
"""The only address served: see the module's docstring (no accounts)."""

DEFAULT_PORT = 8000

DEFAULT_MAX_GAMES = 4
"""How many tabs may have a game running at once, unless ``--max-games`` says otherwise."""

MAX_COLUMNS, MAX_ROWS = 500, 200
"""The biggest terminal a page may ask for: more than a real screen shows at a readable font
(a 4K screen at the smallest font is about 480 × 135). The game's memory and what it sends a tab
grow with the size: 20000 × 20000 took 2 GB."""

MAX_MESSAGE = 64 * 1024
"""The biggest websocket message taken from a page (keys and pastes; textual's page sends
small JSON messages)."""

STOP_GRACE = 1.0
"""Seconds a game is given to quit when asked (its tab closed, or the server stopping) before
it is sent SIGTERM; then ``KILL_GRACE`` more before SIGKILL."""

KILL_GRACE = 0.5

CLOSE_SERVER_STOPPED = 4001
"""The websocket close code telling a tab that the server is stopping (the page says so)."""

CLOSE_FULL = 4002
"""The close code telling a tab that every game this server runs is taken."""

TEMPLATES = Path(__file__).resolve().parent / "web"
"""Our copy of textual-serve's page (``app_index.html``) and the page for a full server."""


@dataclass(frozen=True, slots=True)
class ServePlan:
    """What ``serve`` runs: the command each tab's game is started with, and where."""

    command: str
    port: int
    saves: Path
    max_games: int = DEFAULT_MAX_GAMES

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"


def plan(port: int = DEFAULT_PORT, saves: Path | None = None,
         max_games: int = DEFAULT_MAX_GAMES) -> ServePlan:
    """The command for each tab's game: this Python running ``monopoly_tui`` with the saves
    folder given as an absolute path, so every tab saves in the same folder whatever folder the
    server was started from."""
    if saves is None:
        from monopoly_tui.saves import default_saves_dir

        saves = default_saves_dir()
    folder = saves.expanduser().resolve()
    command = shlex.join([sys.executable, "-m", "monopoly_tui", "--saves", str(folder)])
    return ServePlan(command, port, folder, max_games)


def clamp_size(width: object, height: object) -> tuple[int, int]:
    """A terminal size from a page: whole numbers only (anything else is textual's default,
    80 × 24), at least 1 × 1 and at most ``MAX_COLUMNS`` × ``MAX_ROWS``."""

    def whole(value: object, default: int, most: int) -> int:
        if isinstance(value, bool):
            return default
        if isinstance(value, str):
            value = value.strip()
            if not (value.isascii() and value.isdigit() and len(value) <= 9):
                return default
            value = int(value)
        if not isinstance(value, int):
            return default
        return max(1, min(most, value))

    return whole(width, 80, MAX_COLUMNS), whole(height, 24, MAX_ROWS)


def allowed_hosts(port: int) -> frozenset[str]:
    """The ``Host`` values this server answers: its own address and ``localhost``, with the
    port (and without it on port 80, as browsers send it there)."""
    names = {f"{HOST}:{port}", f"localhost:{port}"}
    if port == 80:
        names |= {HOST, "localhost"}
    return frozenset(names)


def allowed_origins(port: int) -> frozenset[str]:
    """The ``Origin`` of the server's own pages: ``http://`` and one of its hosts."""
    return frozenset(f"http://{h}" for h in allowed_hosts(port))


def server(serve_plan: ServePlan) -> Any:
    """The server for the plan (textual-serve's, with this module's checks), on 127.0.0.1.
    textual-serve and aiohttp are imported here: the rest of the game does not need them."""
    from monopoly_tui.ui.serve_server import GameServer

    return GameServer(serve_plan)


def serve(port: int = DEFAULT_PORT, saves: Path | None = None,
          max_games: int = DEFAULT_MAX_GAMES) -> int:
    """Serve until Ctrl+C; the exit status. A port that cannot be opened is said plainly."""
    if not 0 < port < 65536:
        print(f"--port must be between 1 and 65535, not {port}", file=sys.stderr)
        return 2
    if max_games < 1:
        print(f"--max-games must be at least 1, not {max_games}", file=sys.stderr)
        return 2
    try:
        srv = server(p := plan(port, saves, max_games))
    except ModuleNotFoundError as e:
        print(f"Playing in a browser needs textual-serve ({e}): pip install textual-serve",
              file=sys.stderr)
        return 1
    print(f"monopoly-tui in your browser: open {p.url} (one game per tab, at most "
          f"{p.max_games} at once).")
    print(f"Saves: {p.saves}")
    print("No accounts: only pages this server hands out, on this machine (127.0.0.1), get "
          "in. Ctrl+C stops the server.")
    sys.stdout.flush()
    try:
        srv.serve()
    except OSError as e:
        print(f"Cannot serve on {HOST}:{port}: {e.strerror or e}"
              + (" (is another server using that port? try --port N)"
                 if getattr(e, "errno", None) in (98, 48, 10048) else ""), file=sys.stderr)
        return 1
    print("The server stopped.")
    return 0
