"""The app starts light: the title screen needs only Textual; the engine, the rulesets
(pydantic, YAML) and the saves load when a game is set up or looked for."""

from __future__ import annotations

import subprocess
import sys


def _modules_after(code: str) -> set[str]:
    listing = "\nimport sys\nprint('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code + listing],
                         capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_importing_the_app_loads_no_engine_rules_or_pydantic() -> None:
    mods = _modules_after("import monopoly_tui.ui.app")
    for heavy in ("monopoly_tui.engine", "monopoly_tui.rules", "monopoly_tui.saves", "pydantic",
                  "yaml"):
        assert heavy not in mods, f"the app imports {heavy} at start"


def test_the_title_screen_comes_up_without_them() -> None:
    """Shown and left at once (``exit_on_mount``), the title never looks for saves, however
    slow the machine: here the first frame takes half a second to draw (the menu's first line
    is held up: a busy machine), and every thread the app started is waited for before the
    modules are listed. (The look for saves used to start on a 0.15 s timer, which a slow
    first frame let fire.)"""
    code = (
        "import threading, time\n"
        "from textual.widgets import OptionList\n"
        "from monopoly_tui.ui.app import MonopolyApp\n"
        "drawn = OptionList.render_line\n"
        "held = []\n"
        "def slow_first_line(self, y):\n"
        "    if not held:\n"
        "        held.append(y)\n"
        "        time.sleep(0.5)\n"
        "    return drawn(self, y)\n"
        "OptionList.render_line = slow_first_line\n"
        "MonopolyApp(exit_on_mount=True).run(headless=True, size=(120, 40))\n"
        "assert held, 'the menu was never drawn'\n"
        "for t in threading.enumerate():\n"
        "    if t is not threading.main_thread():\n"
        "        t.join(10)\n"
    )
    mods = _modules_after(code)
    assert "monopoly_tui.ui.title" in mods
    for heavy in ("monopoly_tui.engine.game", "pydantic"):
        assert heavy not in mods, f"showing the title imports {heavy}"


def test_run_is_what_the_cli_calls() -> None:
    from monopoly_tui.ui import app

    assert callable(app.run)
