"""Which build of the engine is running: compiled with mypyc (a wheel from ``pip install .``)
or pure Python (an editable install, a checkout, ``MONOPOLY_TUI_PURE=1``, or a wheel built
where no C compiler was found). ``monopoly-tui --version`` and ``benchmarks/bench_engine.py``
show it.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import importlib.machinery
import importlib.util
import sys
from pathlib import Path
from typing import Any

COMPILED = "compiled (mypyc)"
"""``engine_build()`` when the engine runs from extension modules."""
PURE = "pure Python"
"""``engine_build()`` when the engine runs from its ``.py`` sources."""
PROBE = "monopoly_tui.engine.game"
"""The module whose origin tells the build: the heart of the engine, compiled in every
compiled build."""


def is_compiled(module: str) -> bool:
    """Whether ``module`` is (or, not imported yet, would be) loaded from an extension module.
    Finding it imports its parent packages, not the module itself."""
    spec = importlib.util.find_spec(module)
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def engine_build() -> str:
    """``"compiled (mypyc)"`` when the engine's ``Game`` runs compiled, else ``"pure Python"``."""
    return COMPILED if is_compiled(PROBE) else PURE


def declared_field_types(cls: type) -> dict[str, Any]:
    """The field types of a dataclass from a compiled module, as its source declares them.

    A compiled class keeps only runtime classes in its annotations (``list`` for
    ``list[Player]``); the save codec needs the declared types. They are read from the module's
    ``.py`` file, which the wheel ships beside the compiled one, and evaluated in the module's
    namespace, as ``typing.get_type_hints`` evaluates the annotations of a module with
    ``from __future__ import annotations``. Each source file is read and parsed once. The
    fields a dataclass takes from a dataclass base (a frame's ``player`` from ``PlayerFrame``)
    are read from the base's source."""
    inherited: dict[str, Any] = {}
    for base in reversed(cls.__mro__[1:]):
        if dataclasses.is_dataclass(base) and base.__module__.startswith("monopoly_tui."):
            inherited.update(_own_declared_field_types(base))
    return {**inherited, **_own_declared_field_types(cls)}


def _own_declared_field_types(cls: type) -> dict[str, Any]:
    """The field types a class's own body declares (``declared_field_types``)."""
    module = sys.modules[cls.__module__]
    source = Path(str(module.__file__)).parent / (module.__name__.rpartition(".")[2] + ".py")
    try:
        fields = _declared_annotations(source).get(cls.__name__)
    except OSError as e:
        raise TypeError(
            f"the types of the compiled {cls.__name__} are read from {source}, which cannot be "
            f"read ({e.strerror}): reinstall monopoly-tui"
        ) from None
    if fields is None:
        raise TypeError(f"{source} has no class {cls.__name__}: reinstall monopoly-tui")
    namespace = vars(module)
    names = {f.name for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else None
    return {  # the package's own source
        name: eval(text_of_type, namespace) for name, text_of_type in fields
        if names is None or name in names
    }


@functools.cache
def _declared_annotations(source: Path) -> dict[str, tuple[tuple[str, str], ...]]:
    """The annotated fields (name, type as source text) of every top-level class of a source
    file (``OSError`` when it cannot be read)."""
    text = source.read_text(encoding="utf-8")
    classes: dict[str, tuple[tuple[str, str], ...]] = {}
    for node in ast.parse(text, filename=str(source)).body:
        if isinstance(node, ast.ClassDef) and node.name not in classes:
            classes[node.name] = tuple(
                (stmt.target.id, ast.unparse(stmt.annotation)) for stmt in node.body
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
            )
    return classes
