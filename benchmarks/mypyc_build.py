"""Compile the engine, the bots and the simulator with mypyc, in a copy outside the working
tree, to measure what compiling gives. Nothing in the checkout changes: compiled modules next
to the sources would shadow them, and others edit those sources.

    .venv/bin/python benchmarks/mypyc_build.py [DEST]

prints the folder to put first on ``PYTHONPATH`` (``bench_engine.py --mypyc`` and
``engine_fingerprint.py --mypyc`` do all of this themselves). The compile is the wheel
build's (``mypyc_compile.py`` at the project root, which ``hatch_build.py`` uses too), on every
hot module (``HOT_MODULES``), any the wheel holds back (``HELD_BACK``) included: this measures
what compiling them all gives. Needs a C compiler; mypyc comes with
mypy, a test dependency.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _load_compile_module() -> ModuleType:
    """The project's ``mypyc_compile.py``, loaded by path: putting the project root on
    ``sys.path`` would also make the checkout's ``monopoly_tui`` importable, and in a venv with
    the installed wheel that would hide the package being measured."""
    path = ROOT / "mypyc_compile.py"
    spec = importlib.util.spec_from_file_location("monopoly_tui_mypyc_compile", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mypyc_compile = _load_compile_module()
COMPILED: tuple[str, ...] = mypyc_compile.HOT_MODULES
"""The modules compiled: every hot module (``mypyc_compile.HOT_MODULES``). Files that are not
there (yet) are skipped."""


def build(dest: Path | None = None) -> Path:
    """Copy the package and rulesets to ``dest`` (a new temporary folder by default), compile
    the hot modules there, and return the folder."""
    out = Path(tempfile.mkdtemp(prefix="monopoly-mypyc-")) if dest is None else dest
    out.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(out / "rulesets", ignore_errors=True)
    shutil.copytree(ROOT / "rulesets", out / "rulesets")
    try:
        mypyc_compile.compile_modules(ROOT, out, COMPILED)
    except mypyc_compile.CompileError as e:
        sys.stderr.write(f"{e.output}\n")
        raise SystemExit(str(e)) from e
    return out


def main(argv: list[str] | None = None) -> int:
    """Build into the folder named on the command line (or a temporary one) and print it."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("dest", nargs="?", type=Path,
                    help="the folder to build in, outside the checkout (default: a new "
                         "temporary folder); put it first on PYTHONPATH to use it")
    args = ap.parse_args(argv)
    print(build(args.dest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
