"""The seams hold: the core of the engine and the generic UI name no mechanic (a mechanic's
rules live in ``engine/mechanics/<name>.py``, what a player sees of it in
``ui/mechanics/<name>.py``), and every mechanic an edition switches on is asked through the
registries."""

from __future__ import annotations

import re
from pathlib import Path

from monopoly_tui.engine.mechanics import REGISTRY as ENGINE_MECHANICS
from monopoly_tui.ui.mechanics import REGISTRY as UI_MECHANICS
from monopoly_tui.ui.mechanics import MechanicScreens, screens_for

PACKAGE = Path(__file__).parents[1] / "monopoly_tui"
UI = PACKAGE / "ui"

MECHANIC_WORDS = ("bearer", "battle", "eye", "doom", "tracker", "sauron")
"""Words of the Ring's that are no generic word of the game."""


def _banned() -> list[re.Pattern[str]]:
    names = set(ENGINE_MECHANICS) | set(UI_MECHANICS)
    assert "ring" in names
    words = sorted(names) + list(MECHANIC_WORDS)
    # a whole word, or the start of a name (ring_of, RingScreen, bearer's): 'during',
    # 'offering' and 'answering' are no mechanic
    return [re.compile(rf"(?<![A-Za-z]){re.escape(w)}(?!(?-i:[a-z]))", re.IGNORECASE)
            for w in words]


def _hits(path: Path) -> list[str]:
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for pattern in _banned():
            if pattern.search(line):
                out.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    return out


def test_the_generic_ui_modules_name_no_mechanic() -> None:
    """Every ``ui/*.py`` (not ``ui/mechanics/``) and its styles: no mechanic's name or words."""
    hits = []
    for path in sorted(UI.glob("*.py")) + sorted(UI.glob("*.tcss")):
        hits += _hits(path)
    assert not hits, "a mechanic named in the generic UI:\n" + "\n".join(hits)


def test_the_engine_core_names_no_mechanic() -> None:
    """``engine/game.py`` is the core: no mechanic's name or field (rules of a mechanic go in
    its module, with hooks and frames)."""
    hits = _hits(PACKAGE / "engine" / "game.py")
    assert not hits, "a mechanic named in the engine's core:\n" + "\n".join(hits)


def test_the_grep_sees_a_mechanic_where_there_is_one() -> None:
    """The check above is not blind: it finds the Ring in the Ring's own screens."""
    assert _hits(UI / "mechanics" / "ring.py")


def test_every_ui_mechanic_shows_an_engine_mechanic() -> None:
    for name, cls in UI_MECHANICS.items():
        assert name in ENGINE_MECHANICS, f"ui/mechanics '{name}' shows no engine mechanic"
        assert issubclass(cls, MechanicScreens) and name == cls.NAME


def test_an_edition_gets_the_screens_of_its_mechanics() -> None:
    from monopoly_tui.rules import load_spec

    assert [m.NAME for m in screens_for(load_spec("lotr"))] == ["ring"]
    assert screens_for(load_spec("classic")) == []


# ---------------------------------------------------------------- no import circle in the UI

DIALOGS = ("decisions", "manage", "trade")


def _ui_imports(module: str) -> set[str]:
    """The ``monopoly_tui.ui`` modules a UI module imports anywhere (at the top, in a function
    or for the type checker only), by their names under ``ui``."""
    import ast

    tree = ast.parse((UI / f"{module}.py").read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            if name.startswith("monopoly_tui.ui."):
                out.add(name.removeprefix("monopoly_tui.ui.").split(".")[0])
    return out


def test_the_dialogs_never_import_the_game_screen() -> None:
    """Decision dialogs, the property manager and the trade builder hand their answers to the
    ``Table`` they are given (``ui.answers``): none imports ``ui.game``, not even for the type
    checker, so the game screen, the dialogs, the manager and the builder make no circle."""
    for module in (*DIALOGS, "answers", "words", "dialogs"):
        assert "game" not in _ui_imports(module), f"ui/{module}.py imports ui.game"
    # and no circle among them: the game screen imports the dialogs, never the other way
    graph = {m: _ui_imports(m) & set((*DIALOGS, "game")) for m in (*DIALOGS, "game")}

    def reaches(start: str, goal: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(n == goal or (n not in seen and reaches(n, goal, seen | {n}))
                   for n in graph[start])

    assert not [m for m in graph if reaches(m, m)], graph


def test_importing_a_dialog_loads_no_game_screen() -> None:
    import subprocess
    import sys

    for module in (*DIALOGS, "mechanics.ring"):
        code = (f"import sys, monopoly_tui.ui.{module}; "
                "print('monopoly_tui.ui.game' in sys.modules)")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True)
        assert out.stdout.strip() == "False", f"importing ui.{module} loads ui.game"
