"""Test settings shared by the whole suite.

On CI (``CI`` set in the environment) hypothesis runs derandomized: the same examples every
run, so a submission's result never depends on the luck of the draw. On a developer's machine
it draws new examples each run, to keep exploring; a failure prints the example to reproduce.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
