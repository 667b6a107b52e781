"""Which build of the engine is running: compiled with mypyc (a wheel from ``pip install .``)
or pure Python (an editable install, a checkout, ``MONOPOLY_TUI_PURE=1``, or a wheel built
where no C compiler was found). ``monopoly-tui --version`` and ``benchmarks/bench_engine.py``
show it.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util

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
