"""Test settings shared by the whole suite.

On CI (``CI`` set in the environment) hypothesis runs derandomized: the same examples every
run, so a submission's result never depends on the luck of the draw. On a developer's machine
it draws new examples each run, to keep exploring; a failure prints the example to reproduce.

``@pytest.mark.patches_module(NAME)`` marks a test that replaces a global of module ``NAME``
(``monkeypatch.setattr(module, "random", ...)``). Code compiled by mypyc binds the globals it
uses when it is imported, so such a test is skipped where ``NAME`` runs compiled (CI runs the
engine's tests against the compiled wheel too); it still runs on the pure-Python engine.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from monopoly_tui.buildinfo import is_compiled

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "patches_module(name): the test replaces a global of module `name`; skipped where "
        "that module runs compiled (mypyc), whose code does not look its globals up again",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for mark in item.iter_markers("patches_module"):
            (name,) = mark.args
            if is_compiled(name):
                item.add_marker(pytest.mark.skip(
                    reason=f"replaces a global of {name}, which runs compiled here"))
