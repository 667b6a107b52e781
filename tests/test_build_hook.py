"""The wheel build hook (``hatch_build.py``): standard wheels ship the hot modules compiled
with mypyc, editable installs and ``MONOPOLY_TUI_PURE=1`` builds stay pure Python, and a failed
compile falls back to pure Python with a warning, or fails the build under
``MONOPOLY_TUI_COMPILED=1``.

No test here runs mypyc (a real compile takes a minute; CI builds and tests a compiled wheel
in ``.ci/run``): the compile is replaced by a stand-in that writes empty extension files, or
fails.
"""

from __future__ import annotations

import importlib.util
import tarfile
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


hatch_build = _load("hatch_build_under_test", ROOT / "hatch_build.py")
mypyc_compile = hatch_build.mypyc_compile
SUFFIX = mypyc_compile.extension_suffixes()[0]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Neither switch is set unless a test sets it."""
    monkeypatch.delenv(hatch_build.PURE_ENV, raising=False)
    monkeypatch.delenv(hatch_build.COMPILED_ENV, raising=False)


def _hook(tmp_path: Path, target: str = "wheel") -> Any:
    return hatch_build.CompiledEngineHook(str(ROOT), {}, None, None, str(tmp_path), target)


def _build_data() -> dict[str, Any]:
    return {"pure_python": True, "infer_tag": False, "force_include": {}}


def _fake_compile(hook: Any, dest: Path) -> list[Path]:
    """Stands in for mypyc: one empty extension file per module of the wheel, and the shared
    library."""
    made = [dest / f"abc123__mypyc{SUFFIX}"]
    made += [dest / Path(f).with_suffix(SUFFIX) for f in mypyc_compile.WHEEL_MODULES]
    for path in made:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    return made


def _no_compile(hook: Any, dest: Path) -> list[Path]:
    raise AssertionError("the hook compiled where it must not")


def _failing_compile(hook: Any, dest: Path) -> list[Path]:
    raise mypyc_compile.CompileError("mypyc failed (exit status 1)",
                                     "error: command 'gcc' failed: No such file or directory")


def test_every_hot_module_names_a_file_of_the_package() -> None:
    assert mypyc_compile.HOT_MODULES
    for name in mypyc_compile.HOT_MODULES:
        assert name.startswith(f"{mypyc_compile.PACKAGE}/") and name.endswith(".py"), name
        assert (ROOT / name).is_file(), f"{name} is in HOT_MODULES but not in the package"


def test_the_wheel_compiles_every_hot_module_but_those_held_back_for_a_reason() -> None:
    held = mypyc_compile.HELD_BACK
    assert set(held) <= set(mypyc_compile.HOT_MODULES)
    assert all(reason.strip() for reason in held.values())
    assert set(mypyc_compile.WHEEL_MODULES) == set(mypyc_compile.HOT_MODULES) - set(held)
    assert "monopoly_tui/engine/game.py" in mypyc_compile.WHEEL_MODULES  # what --version probes


def test_the_benchmarks_compile_the_wheels_hot_modules() -> None:
    """One list for both: ``benchmarks/mypyc_build.py`` has no list of its own (it compiles
    every hot module, the held-back ones too)."""
    bench = _load("mypyc_build_under_test", ROOT / "benchmarks" / "mypyc_build.py")
    assert bench.COMPILED == mypyc_compile.HOT_MODULES
    assert "monopoly_tui/engine/" not in (ROOT / "benchmarks" / "mypyc_build.py").read_text()


def test_editable_builds_stay_pure_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hatch_build.CompiledEngineHook, "compile", _no_compile)
    data = _build_data()
    _hook(tmp_path).initialize("editable", data)
    assert data == _build_data()


def test_only_the_wheel_target_is_compiled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hatch_build.CompiledEngineHook, "compile", _no_compile)
    data = _build_data()
    _hook(tmp_path, target="sdist").initialize("standard", data)
    assert data == _build_data()


def test_monopoly_tui_pure_builds_a_pure_python_wheel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hatch_build.CompiledEngineHook, "compile", _no_compile)
    monkeypatch.setenv(hatch_build.PURE_ENV, "1")
    data = _build_data()
    _hook(tmp_path).initialize("standard", data)
    assert data == _build_data()


def test_a_compiled_wheel_holds_every_extension_at_its_module_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hatch_build.CompiledEngineHook, "compile", _fake_compile)
    hook = _hook(tmp_path)
    data = _build_data()
    hook.initialize("standard", data)
    assert data["pure_python"] is False and data["infer_tag"] is True
    temp = hook.temp_dir
    assert temp is not None and ROOT not in temp.resolve().parents, "compiled in the checkout"
    expected = {Path(f).with_suffix(SUFFIX).as_posix() for f in mypyc_compile.WHEEL_MODULES}
    expected.add(f"abc123__mypyc{SUFFIX}")
    assert set(data["force_include"].values()) == expected
    for source, inside in data["force_include"].items():
        assert Path(source) == temp / inside
    hook.finalize("standard", data, str(tmp_path / "x.whl"))
    assert not temp.exists(), "finalize leaves the compile's folder behind"


def test_a_failed_compile_falls_back_to_pure_python_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(hatch_build.CompiledEngineHook, "compile", _failing_compile)
    hook = _hook(tmp_path)
    data = _build_data()
    hook.initialize("standard", data)
    assert data == _build_data()
    assert hook.temp_dir is None
    err = capsys.readouterr().err
    assert "WARNING" in err and "pure-Python engine" in err
    assert "command 'gcc' failed" in err, "the warning does not say why"


def test_monopoly_tui_compiled_turns_a_failed_compile_into_a_failed_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hatch_build.CompiledEngineHook, "compile", _failing_compile)
    monkeypatch.setenv(hatch_build.COMPILED_ENV, "1")
    with pytest.raises(hatch_build.CompileRequiredError, match="command 'gcc' failed"):
        _hook(tmp_path).initialize("standard", _build_data())


def test_asking_for_both_a_pure_and_a_compiled_wheel_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hatch_build.CompiledEngineHook, "compile", _no_compile)
    monkeypatch.setenv(hatch_build.PURE_ENV, "1")
    monkeypatch.setenv(hatch_build.COMPILED_ENV, "1")
    with pytest.raises(hatch_build.CompileRequiredError, match="contradict"):
        _hook(tmp_path).initialize("standard", _build_data())


def test_the_compile_reports_the_end_of_mypycs_output_when_mypyc_fails(tmp_path: Path) -> None:
    """A Python that has no mypyc: the failure says so, and the checkout is untouched."""
    fake_python = tmp_path / "python"
    fake_python.write_text("#!/bin/sh\necho 'No module named mypyc' >&2\nexit 1\n")
    fake_python.chmod(0o755)
    with pytest.raises(mypyc_compile.CompileError) as failure:
        mypyc_compile.compile_modules(ROOT, tmp_path / "copy", mypyc_compile.WHEEL_MODULES,
                                      python=str(fake_python))
    assert "exit status 1" in str(failure.value)
    assert "No module named mypyc" in failure.value.output
    assert (tmp_path / "copy" / "monopoly_tui" / "engine" / "game.py").is_file()


def test_the_compile_never_writes_into_the_project() -> None:
    for dest in (ROOT, ROOT / "build"):
        with pytest.raises(ValueError, match="outside the project"):
            mypyc_compile.compile_modules(ROOT, dest, mypyc_compile.WHEEL_MODULES)


def test_a_pure_wheel_from_hatchling_is_untagged_and_holds_the_rulesets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real hatchling build, through the hook as pyproject.toml configures it."""
    from hatchling.builders.wheel import WheelBuilder

    monkeypatch.setenv(hatch_build.PURE_ENV, "1")
    (wheel,) = WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])
    assert wheel.endswith("-py3-none-any.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "monopoly_tui/rulesets/classic.yaml" in names
    assert "monopoly_tui/engine/game.py" in names
    assert not [n for n in names if n.endswith(mypyc_compile.extension_suffixes())]


def test_the_sdist_holds_what_builds_the_wheel(tmp_path: Path) -> None:
    """``pip install`` from an sdist runs the hook: it needs the hook, the compile module and
    the rulesets the wheel copies in."""
    from hatchling.builders.sdist import SdistBuilder

    (sdist,) = SdistBuilder(str(ROOT)).build(directory=str(tmp_path))
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for needed in ("pyproject.toml", "hatch_build.py", "mypyc_compile.py",
                   "rulesets/classic.yaml", "monopoly_tui/engine/game.py", "README.md"):
        assert needed in names, f"the sdist lacks {needed}"
