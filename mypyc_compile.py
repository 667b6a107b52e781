"""The game's hot modules and their mypyc compile, in one place for the two users of it:

- ``hatch_build.py``, the wheel build hook: ``pip install .`` ships ``WHEEL_MODULES`` compiled;
- ``benchmarks/mypyc_build.py``: a copy with all ``HOT_MODULES`` compiled, to measure
  (``bench_engine.py --mypyc``) and to check for unchanged behaviour
  (``engine_fingerprint.py --mypyc``).

The compile always runs in a copy of the package in a folder outside the working tree: an
extension module next to its ``.py`` is imported instead of it, so a compiled file left in the
checkout would hide every later edit of that module.

Standard library only, and loaded by path (the build hook runs in pip's isolated build
environment, where neither this checkout nor the game is importable). mypyc comes with mypy and
builds with setuptools and a C compiler.
"""

from __future__ import annotations

import importlib.machinery
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

PACKAGE = "monopoly_tui"
"""The package that is copied and compiled."""
HOT_MODULES: tuple[str, ...] = (
    "monopoly_tui/engine/actions.py",
    "monopoly_tui/engine/state.py",
    "monopoly_tui/engine/spec.py",
    "monopoly_tui/engine/property.py",
    "monopoly_tui/engine/buildings.py",
    "monopoly_tui/engine/frame.py",
    "monopoly_tui/engine/frames.py",
    "monopoly_tui/engine/dice.py",
    "monopoly_tui/engine/spaces.py",
    "monopoly_tui/engine/cards.py",
    "monopoly_tui/engine/anytime.py",
    "monopoly_tui/engine/bankruptcy.py",
    "monopoly_tui/engine/endings.py",
    "monopoly_tui/engine/mechanics/__init__.py",
    "monopoly_tui/engine/mechanics/base.py",
    "monopoly_tui/engine/mechanics/ring.py",
    "monopoly_tui/engine/mechanics/versions.py",
    "monopoly_tui/engine/mechanics/dnd_config.py",
    "monopoly_tui/engine/mechanics/dnd_checks.py",
    "monopoly_tui/engine/mechanics/dnd_adventures.py",
    "monopoly_tui/engine/mechanics/dnd_close_to_death.py",
    "monopoly_tui/engine/mechanics/dnd_cards.py",
    "monopoly_tui/engine/mechanics/dnd_dungeon_master.py",
    "monopoly_tui/engine/mechanics/dnd_party_jail.py",
    "monopoly_tui/engine/mechanics/dnd_characters.py",
    "monopoly_tui/engine/mechanics/dnd_portals.py",
    "monopoly_tui/engine/jail.py",
    "monopoly_tui/engine/setup.py",
    "monopoly_tui/engine/game.py",
    "monopoly_tui/engine/invariants.py",
    "monopoly_tui/bots/base.py",
    "monopoly_tui/bots/basic.py",
    "monopoly_tui/bots/random_bot.py",
    "monopoly_tui/bots/ring_choice.py",
    "monopoly_tui/bots/value_model.py",
    "monopoly_tui/bots/expert.py",
    "monopoly_tui/bots/expert_dnd.py",
    "monopoly_tui/bots/expert_lge.py",
    "monopoly_tui/bots/expert_ring.py",
    "monopoly_tui/bots/dnd_choice.py",
    "monopoly_tui/bots/dnd_moves.py",
    "monopoly_tui/bots/collector.py",
    "monopoly_tui/bots/rollout.py",
    "monopoly_tui/simulate.py",
)
"""The hot modules, relative to the project root: the engine, the bots and the simulator, where
bot games spend their time. The benchmarks compile all of them; the wheel all but
``HELD_BACK``. Files that are not there are skipped."""
HELD_BACK: dict[str, str] = {}
"""Hot modules the wheel ships as pure Python, each with the reason (none now). A module whose
compiled form breaks something (a test of CI's compiled run fails) waits here until it is
fixed. engine/state.py and engine/actions.py once did: mypyc keeps only runtime classes in a
compiled dataclass's annotations (``list`` for ``list[Player]``), and the save codec read its
types from them; it now reads them from the source (``buildinfo.declared_field_types``)."""
WHEEL_MODULES: tuple[str, ...] = tuple(f for f in HOT_MODULES if f not in HELD_BACK)
"""The modules ``pip install .`` ships compiled."""
MYPY_CONFIG = """[tool.mypy]
python_version = "3.11"
check_untyped_defs = true
ignore_missing_imports = true
"""
"""The mypy settings mypyc compiles with (written into the copy, so the project's own mypy
settings, which name the whole package, do not apply)."""
OUTPUT_TAIL_LINES = 25
"""How many of mypyc's last output lines a failure reports."""


class CompileError(RuntimeError):
    """mypyc could not compile the hot modules; ``output`` is the end of what it printed."""

    def __init__(self, message: str, output: str = "") -> None:
        super().__init__(message)
        self.output = output


def extension_suffixes() -> tuple[str, ...]:
    """The file endings of extension modules on this interpreter (``.cpython-311-...so``)."""
    return tuple(importlib.machinery.EXTENSION_SUFFIXES)


def present(root: Path, modules: Sequence[str]) -> list[str]:
    """Those of ``modules`` present under ``root`` (a project root or a copy of one)."""
    return [f for f in modules if (root / f).is_file()]


def copy_package(root: Path, dest: Path) -> None:
    """Copy the package from the project ``root`` into ``dest``, without caches and without any
    compiled file (a stray one would be taken for a fresh build)."""
    shutil.rmtree(dest / PACKAGE, ignore_errors=True)
    shutil.copytree(root / PACKAGE, dest / PACKAGE,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", ".mypy_cache"))


def tail(text: str, lines: int = OUTPUT_TAIL_LINES) -> str:
    """The last ``lines`` non-blank lines of ``text``."""
    kept = [line for line in text.splitlines() if line.strip()]
    return "\n".join(kept[-lines:])


def extension_files(dest: Path) -> list[Path]:
    """The extension modules a compile produced in ``dest``: one per compiled module inside the
    package, and mypyc's shared library (``<hash>__mypyc.<suffix>``) at the top of ``dest``.
    Sorted, so a wheel lists them in the same order every build."""
    suffixes = extension_suffixes()
    found = [p for p in (dest / PACKAGE).rglob("*") if p.name.endswith(suffixes)]
    found += [p for p in dest.iterdir() if p.is_file() and p.name.endswith(suffixes)]
    return sorted(found)


def compile_modules(root: Path, dest: Path, modules: Sequence[str],
                    python: str | None = None) -> list[Path]:
    """Copy the package from ``root`` to ``dest`` (which must be outside the working tree),
    compile those of ``modules`` that exist (``WHEEL_MODULES`` for the wheel, ``HOT_MODULES``
    for the benchmarks) there with mypyc run by ``python`` (this interpreter by default), and
    return the extension files produced, all under ``dest``.

    Raises ``CompileError`` with the end of mypyc's output when mypyc fails or leaves a module
    uncompiled, and ``ValueError`` when ``dest`` is ``root`` or inside it.
    """
    here, there = root.resolve(), dest.resolve()
    if there == here or here in there.parents:
        raise ValueError(f"compile outside the project, not in {dest}: compiled modules next to "
                         "their sources would shadow them")
    dest.mkdir(parents=True, exist_ok=True)
    copy_package(root, dest)
    (dest / "pyproject.toml").write_text(MYPY_CONFIG)
    todo = present(dest, modules)
    if not todo:
        raise CompileError(f"none of the modules to compile is in {root / PACKAGE}")
    cmd = [python or sys.executable, "-m", "mypyc", *todo]
    try:
        proc = subprocess.run(cmd, cwd=dest, capture_output=True, text=True, check=False)
    except OSError as e:
        raise CompileError(f"could not run mypyc: {e}") from e
    output = proc.stdout + proc.stderr
    if proc.returncode:
        raise CompileError(f"mypyc failed (exit status {proc.returncode})", tail(output))
    missing = [f for f in todo
               if not any((dest / f).with_suffix(s).is_file() for s in extension_suffixes())]
    if missing:
        raise CompileError(f"mypyc left {', '.join(missing)} uncompiled", tail(output))
    return extension_files(dest)
