"""Which engine build runs (``monopoly_tui.buildinfo``), and the guard that proves CI's
compiled run really ran the compiled wheel.

The normal suite runs on the editable install: the engine is the checkout's pure Python, and
no compiled file may sit in the checkout (an extension module next to its ``.py`` is imported
instead of it, hiding every edit). CI also runs the engine's tests against the installed,
compiled wheel with ``MONOPOLY_TUI_EXPECT_COMPILED=1``: then every hot module must come from an
extension module of the installed package, not from the checkout.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
from pathlib import Path

import pytest

import monopoly_tui
from monopoly_tui import __version__, cli
from monopoly_tui.buildinfo import COMPILED, PURE, engine_build, is_compiled

ROOT = Path(__file__).resolve().parents[1]
EXPECT_COMPILED = os.environ.get("MONOPOLY_TUI_EXPECT_COMPILED") == "1"
"""Set by CI when it runs these tests against the installed compiled wheel."""


def _modules(which: str) -> list[str]:
    """Import names of a list in ``mypyc_compile`` (``WHEEL_MODULES``, ``HOT_MODULES`` or
    ``HELD_BACK``), loaded by path: the project root must not go on ``sys.path``, or the
    checkout would shadow the installed wheel."""
    spec = importlib.util.spec_from_file_location("mypyc_compile_for_buildinfo",
                                                  ROOT / "mypyc_compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [name.removesuffix(".py").replace("/", ".") for name in getattr(module, which)]


def _from_checkout() -> bool:
    return Path(monopoly_tui.__file__).resolve().is_relative_to(ROOT)


def test_no_compiled_file_sits_in_the_checkout() -> None:
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = [p for p in (ROOT / "monopoly_tui").rglob("*") if p.name.endswith(suffixes)]
    assert not found, f"compiled files in the checkout shadow their sources: {found}"


@pytest.mark.skipif(EXPECT_COMPILED, reason="this run tests the installed compiled wheel")
def test_the_editable_install_runs_the_pure_python_engine() -> None:
    assert _from_checkout(), f"monopoly_tui comes from {monopoly_tui.__file__}, not the checkout"
    assert engine_build() == PURE
    assert not [m for m in _modules("HOT_MODULES") if is_compiled(m)]


@pytest.mark.skipif(not EXPECT_COMPILED, reason="only when testing the compiled wheel")
def test_the_installed_wheel_runs_its_modules_compiled_and_the_held_back_ones_pure() -> None:
    assert not _from_checkout(), "the tests imported the checkout, not the installed wheel"
    assert engine_build() == COMPILED
    uncompiled = [m for m in _modules("WHEEL_MODULES") if not is_compiled(m)]
    assert not uncompiled, f"not compiled: {uncompiled}"
    assert not [m for m in _modules("HELD_BACK") if is_compiled(m)]


def test_a_module_not_compiled_is_pure_python() -> None:
    assert not is_compiled("monopoly_tui.buildinfo")  # never in the hot set
    assert not is_compiled("monopoly_tui.no_such_module")


def test_version_names_the_engine_build(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"monopoly-tui {__version__}, engine: {engine_build()}\n"


def test_declared_field_types_are_the_type_hints_of_every_saved_dataclass() -> None:
    """A compiled dataclass keeps only runtime classes in its annotations; the save codec then
    reads the declared types from the source. Read that way, every dataclass of the state and
    the decision log has exactly the types ``typing.get_type_hints`` gives the pure module, and
    the codec uses them (on the compiled wheel, ``field_types`` takes that path)."""
    import dataclasses
    import typing

    from monopoly_tui.buildinfo import declared_field_types
    from monopoly_tui.engine import actions, frames, spec, state
    from monopoly_tui.engine.mechanics import ring
    from monopoly_tui.engine.snapshot import field_types

    classes = [
        obj for module in (state, actions, frames, ring, spec) for obj in vars(module).values()
        if isinstance(obj, type) and dataclasses.is_dataclass(obj)
        and obj.__module__ == module.__name__
    ]
    assert {c.__name__ for c in classes} >= {"GameState", "Player", "AuctionFrame", "Debt", "Claim",
                                             "TradeOffer", "MortgagedTransfer", "Action",
                                             "Spec", "DeedSpec", "VariantSpec"}
    for cls in classes:
        declared = declared_field_types(cls)
        assert {f.name for f in dataclasses.fields(cls)} <= set(declared)
        assert field_types(cls) == declared
        if not is_compiled(cls.__module__):  # the fields' hints (class constants aside)
            hints = typing.get_type_hints(cls)
            assert declared == {f.name: hints[f.name] for f in dataclasses.fields(cls)}


def test_declared_field_types_parse_each_source_file_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Decoding an edition's ``Spec`` (a dozen dataclasses of one module) from the edition cache
    or a save on the compiled wheel reads and parses ``engine/spec.py`` once, not once a class
    (and takes each type's text from the tree, not by splitting the file again per field)."""
    import ast
    import dataclasses

    from monopoly_tui import buildinfo
    from monopoly_tui.engine import spec

    parsed: list[str] = []
    original = ast.parse

    def parse(source: str, filename: str = "<unknown>", *args: object, **kw: object) -> object:
        parsed.append(filename)
        return original(source, filename, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(ast, "parse", parse)
    buildinfo._declared_annotations.cache_clear()
    classes = [obj for obj in vars(spec).values() if isinstance(obj, type)
               and dataclasses.is_dataclass(obj) and obj.__module__ == spec.__name__]
    assert len(classes) > 5
    for cls in classes:
        buildinfo.declared_field_types(cls)
    assert [p.rpartition("/")[2] for p in parsed] == ["spec.py"]
