"""UI tests: saves go to a fresh folder per test, so no test sees another's (or yours)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(folder))
    return folder
