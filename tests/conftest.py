"""Test settings shared by the whole suite.

On CI (``CI`` set in the environment) hypothesis runs derandomized: the same examples every
run, so a submission's result never depends on the luck of the draw. On a developer's machine
it draws new examples each run, to keep exploring; a failure prints the example to reproduce.

``@pytest.mark.pure_python_only(MODULE, WHY)`` marks a test that needs ``MODULE`` as Python
source: one that replaces a global of it (code compiled by mypyc binds its globals when it is
imported), or inspects what only source gives (a signature). CI also runs the engine's tests
against the compiled wheel; there such a test is skipped, saying why. It still runs on the
pure-Python engine.

The compiled-edition cache (``monopoly_tui.rules.cache``) goes to a folder of this test run's
own (``$MONOPOLY_TUI_CACHE``), never the user's cache folder; the commands the tests start
inherit it.

Every core, where it pays (``-n auto`` in the pytest options, pytest-xdist): a run of a folder
(``pytest``, the whole suite, or ``pytest tests/ui``) goes to one worker a core; a run of named
test files (``pytest tests/test_x.py``) stays in one process, where starting workers would
cost more than they save. ``-n 0`` runs anything in one process, ``-n 2`` on two workers.
The SVG snapshot file's own check that no snapshot is left without its test (syrupy's, made
only in one process) runs when that file is run by name, as CI does; under workers
``test_ui_snapshots.py::test_every_snapshot_file_has_its_test`` makes it.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest
from hypothesis import settings

from monopoly_tui.buildinfo import is_compiled

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


_CACHE = tempfile.mkdtemp(prefix="monopoly-tui-test-cache-")
os.environ["MONOPOLY_TUI_CACHE"] = _CACHE


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_CACHE, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    """How many workers ``-n auto`` starts: one a core for a run of a folder, none (one
    process) for a run of named files; ``PYTEST_XDIST_AUTO_NUM_WORKERS`` still decides when
    set (xdist's own rule)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    paths = [arg.split("::")[0] for arg in config.args]
    if not any(os.path.isdir(os.path.join(config.invocation_params.dir, p)) for p in paths):
        return 0
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "pure_python_only(module, why): the test needs `module` as Python source; skipped "
        "where that module runs compiled (mypyc)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        for mark in item.iter_markers("pure_python_only"):
            module, why = mark.args
            if is_compiled(module):
                item.add_marker(pytest.mark.skip(reason=f"{module} runs compiled: {why}"))
