"""The wheel build hook: ``pip install .`` ships the engine, the bots and the simulator compiled
with mypyc, while ``pip install -e .`` (the developers' and CI's install) stays pure Python.

hatchling runs ``CompiledEngineHook`` for the wheel target (``[tool.hatch.build.targets.wheel.
hooks.custom]`` in pyproject.toml, which also asks pip for mypy and setuptools). For a standard
wheel it compiles the hot modules (``mypyc_compile.WHEEL_MODULES``: ``HOT_MODULES`` but those
``HELD_BACK``) in a temporary copy of the package outside the working tree and adds the
extension files to the wheel beside the ``.py`` files (Python imports an extension module
before the source of the same name); the wheel is then tagged for this interpreter and
platform.

Environment:

- ``MONOPOLY_TUI_PURE=1``: build a pure-Python wheel, no compile;
- ``MONOPOLY_TUI_COMPILED=1``: a failed compile fails the build (CI sets it) instead of
  falling back to a pure-Python wheel with a warning on stderr.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PURE_ENV = "MONOPOLY_TUI_PURE"
"""Set to 1 to build a pure-Python wheel."""
COMPILED_ENV = "MONOPOLY_TUI_COMPILED"
"""Set to 1 to make a failed compile fail the build."""


def _load_compile_module() -> ModuleType:
    """``mypyc_compile.py`` beside this file, loaded by path: the project root is not on
    ``sys.path`` in pip's isolated build environment."""
    path = Path(__file__).resolve().with_name("mypyc_compile.py")
    spec = importlib.util.spec_from_file_location("monopoly_tui_mypyc_compile", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mypyc_compile = _load_compile_module()


def env_flag(name: str) -> bool:
    """Whether the environment variable ``name`` is set to a true value (1, true, yes, on)."""
    return os.environ.get(name, "").strip().lower() in ("1", "true", "yes", "on")


class CompileRequiredError(RuntimeError):
    """The compile failed and ``MONOPOLY_TUI_COMPILED=1`` asked for a compiled wheel."""


class CompiledEngineHook(BuildHookInterface):
    """Adds the mypyc-compiled hot modules to standard wheels (see the module docstring)."""

    PLUGIN_NAME = "custom"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.temp_dir: Path | None = None
        """The folder of this build's compile, removed in ``finalize``."""

    def compile(self, dest: Path) -> list[Path]:
        """Compile the wheel's modules (``mypyc_compile.WHEEL_MODULES``) in a copy of the
        package in ``dest``; returns the extension files."""
        files: list[Path] = mypyc_compile.compile_modules(Path(self.root), dest,
                                                          mypyc_compile.WHEEL_MODULES)
        return files

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile and add the extension files, for a standard wheel only."""
        if self.target_name != "wheel" or version == "editable":
            return
        required = env_flag(COMPILED_ENV)
        if env_flag(PURE_ENV):
            if required:
                raise CompileRequiredError(
                    f"{PURE_ENV}=1 and {COMPILED_ENV}=1 contradict each other: unset one")
            return
        dest = Path(tempfile.mkdtemp(prefix="monopoly-tui-mypyc-"))
        try:
            extensions = self.compile(dest)
        except mypyc_compile.CompileError as e:
            shutil.rmtree(dest, ignore_errors=True)
            reason = f"{e}\n{e.output}".rstrip()
            if required:
                raise CompileRequiredError(
                    f"monopoly-tui: compiling the engine with mypyc failed, and {COMPILED_ENV}=1 "
                    f"asks for a compiled wheel:\n{reason}") from e
            print(f"WARNING: monopoly-tui: compiling the engine with mypyc failed, so this wheel "
                  f"falls back to the pure-Python engine (the same game, slower). Set "
                  f"{PURE_ENV}=1 to skip the compile. mypyc said:\n{reason}",
                  file=sys.stderr, flush=True)
            return
        except BaseException:
            shutil.rmtree(dest, ignore_errors=True)
            raise
        self.temp_dir = dest
        force_include: dict[str, str] = build_data.setdefault("force_include", {})
        for path in extensions:
            force_include[str(path)] = path.relative_to(dest).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Remove the compile's temporary folder."""
        if self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)
            self.temp_dir = None
