"""Editions as data: the ruleset schema, the YAML loader and the compiler to the engine's spec.

``load_spec(edition_id)`` is the one call most code needs: it finds the edition (built-in or
the player's own), validates it and returns the engine's ``Spec``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec


@lru_cache(maxsize=32)
def load_spec(edition_id: str) -> Spec:
    """The engine's view of an edition, loaded once per process (and, while neither the ruleset
    nor the game changes, validated once: ``monopoly_tui.rules.cache``).

    Raises ``monopoly_tui.rules.loader.RulesetError`` (with every problem, placed at its file,
    line and column) when the edition is missing or broken.
    """
    from monopoly_tui.rules.loader import load_edition_spec

    return load_edition_spec(edition_id)
