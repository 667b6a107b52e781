"""UI tests: saves go to a fresh folder per test, so no test sees another's (or yours)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def saves_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(folder))
    return folder


@pytest.fixture(autouse=True)
def no_key_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision that comes unasked takes keys at once once mounted (the moment it lets keys
    go by in play would make a test's keys depend on the machine's speed); keys pressed
    before it was mounted still do nothing (``DecisionScreen.takes_key``)."""
    from monopoly_tui.ui import decisions

    monkeypatch.setattr(decisions, "KEY_GUARD_SECONDS", 0.0)
