"""Play in a browser: ``monopoly-tui serve`` serves the game with textual-serve.

The server listens on 127.0.0.1 only: textual-serve has no authentication, so anyone who can
reach the port can play (and see the saves), and this machine's own browser is the only one
let in. Each browser tab that opens the page gets its own game: textual-serve starts a new
``monopoly-tui`` process per connection. Every process saves in the same folder (the one
``monopoly-tui`` with no command would use, or ``--saves DIR``), so a game started in one tab
can be resumed in another, or later in the terminal.

The page is textual-serve's own, without its link to a web font: nothing is loaded from outside
this server.
"""

from __future__ import annotations

import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HOST = "127.0.0.1"
"""The only address served: see the module's docstring (no authentication)."""

DEFAULT_PORT = 8000

TEMPLATES = Path(__file__).resolve().parent / "web"
"""Our copy of textual-serve's page (``app_index.html``)."""


@dataclass(frozen=True, slots=True)
class ServePlan:
    """What ``serve`` runs: the command each tab's game is started with, and where."""

    command: str
    port: int
    saves: Path

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}"


def plan(port: int = DEFAULT_PORT, saves: Path | None = None) -> ServePlan:
    """The command for each tab's game: this Python running ``monopoly_tui`` with the saves
    folder given as an absolute path, so every tab saves in the same folder whatever folder the
    server was started from."""
    if saves is None:
        from monopoly_tui.saves import default_saves_dir

        saves = default_saves_dir()
    folder = saves.expanduser().resolve()
    command = shlex.join([sys.executable, "-m", "monopoly_tui", "--saves", str(folder)])
    return ServePlan(command, port, folder)


def server(serve_plan: ServePlan) -> Any:
    """A textual-serve ``Server`` for the plan, on 127.0.0.1, with our page."""
    import textual_serve
    from textual_serve.server import Server

    statics = Path(textual_serve.__file__).resolve().parent / "static"
    return Server(serve_plan.command, host=HOST, port=serve_plan.port, title="monopoly-tui",
                  statics_path=statics, templates_path=TEMPLATES)


def serve(port: int = DEFAULT_PORT, saves: Path | None = None) -> int:
    """Serve until Ctrl+C; the exit status. A port that cannot be opened is said plainly."""
    if not 0 < port < 65536:
        print(f"--port must be between 1 and 65535, not {port}", file=sys.stderr)
        return 2
    try:
        srv = server(p := plan(port, saves))
    except ModuleNotFoundError as e:
        print(f"Playing in a browser needs textual-serve ({e}): pip install textual-serve",
              file=sys.stderr)
        return 1
    print(f"monopoly-tui in your browser: open {p.url} (one game per tab).")
    print(f"Saves: {p.saves}")
    print("No password: only this machine (127.0.0.1) is let in. Ctrl+C stops the server.")
    sys.stdout.flush()
    try:
        srv.serve()
    except OSError as e:
        print(f"Cannot serve on {HOST}:{port}: {e.strerror or e}"
              + (" (is another server using that port? try --port N)"
                 if getattr(e, "errno", None) in (98, 48, 10048) else ""), file=sys.stderr)
        return 1
    return 0
