"""Compile the engine, the bots and the simulator with mypyc, in a copy outside the working
tree, to measure what compiling would give. Nothing in the checkout changes: compiled modules
next to the sources would shadow them, and others edit those sources.

    .venv/bin/python benchmarks/mypyc_build.py [DEST]

prints the folder to put first on ``PYTHONPATH`` (``bench_engine.py --mypyc`` and
``engine_fingerprint.py --mypyc`` do all of this themselves). Needs a C compiler; mypyc comes
with mypy, a test dependency.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPILED = [
    "monopoly_tui/engine/actions.py",
    "monopoly_tui/engine/state.py",
    "monopoly_tui/engine/spec.py",
    "monopoly_tui/engine/property.py",
    "monopoly_tui/engine/ring.py",
    "monopoly_tui/engine/game.py",
    "monopoly_tui/bots/base.py",
    "monopoly_tui/bots/basic.py",
    "monopoly_tui/bots/random_bot.py",
    "monopoly_tui/bots/ring_choice.py",
    "monopoly_tui/simulate.py",
]
"""The hot modules. Files that are not there (yet) are skipped."""
MYPY_CONFIG = """[tool.mypy]
python_version = "3.11"
check_untyped_defs = true
ignore_missing_imports = true
"""


def build(dest: Path | None = None) -> Path:
    """Copy the package and rulesets to ``dest`` (a new temporary folder by default), compile
    the hot modules there, and return the folder."""
    out = Path(tempfile.mkdtemp(prefix="monopoly-mypyc-")) if dest is None else dest
    out.mkdir(parents=True, exist_ok=True)
    for name in ("monopoly_tui", "rulesets"):
        shutil.rmtree(out / name, ignore_errors=True)
        shutil.copytree(ROOT / name, out / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", ".mypy_cache"))
    (out / "pyproject.toml").write_text(MYPY_CONFIG)
    files = [f for f in COMPILED if (out / f).exists()]
    mypyc = Path(sys.executable).with_name("mypyc")
    proc = subprocess.run([str(mypyc), *files], cwd=out, capture_output=True, text=True)
    if proc.returncode:
        sys.stderr.write(proc.stdout[-4000:] + proc.stderr[-4000:])
        raise SystemExit(f"mypyc failed (exit {proc.returncode})")
    return out


def main() -> int:
    dest = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    print(build(dest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
