"""The mechanics an edition can switch on, by name (``Spec.mechanics`` names them and holds
each one's numbers and words). A new mechanic is a module here with a ``Mechanic`` subclass,
registered with ``register``; see ``docs/architecture.md``, "How to add a mechanic"."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from monopoly_tui.engine.mechanics.base import HOOKS, Mechanic, overrides

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec

REGISTRY: dict[str, type[Mechanic]] = {}
"""The mechanic classes by name."""


def register(cls: type[Mechanic]) -> type[Mechanic]:
    """Make a mechanic known by its ``NAME`` (a decorator for a mechanic of pure Python; the
    built-in ones call it after the class, which mypyc then compiles natively)."""
    if not cls.NAME:
        raise TypeError(f"{cls.__name__} needs a NAME")
    REGISTRY[cls.NAME] = cls
    return cls


SetupOption = Callable[["Spec", object], "Spec"]
"""(the edition, the table's choice) -> the game's edition (a board derived from the choice)."""

SETUP_OPTIONS: dict[str, SetupOption] = {}
"""The mechanics that take a choice at setup (the Dungeon Master cards), by name."""


def setup_option(name: str, shape: SetupOption) -> None:
    """Make ``shape`` what the setup choice of mechanic ``name`` does to the edition."""
    SETUP_OPTIONS[name] = shape


def shape_for(spec: Spec, setup: Mapping[str, object]) -> Spec:
    """The edition as the table set it up: each mechanic's setup choice applied (raises
    ``ValueError`` naming what is wrong)."""
    for name, choice in setup.items():
        shape = SETUP_OPTIONS.get(name)
        if shape is None or name not in spec.mechanics:
            known = ", ".join(n for n in SETUP_OPTIONS if n in spec.mechanics) or "none"
            raise ValueError(f"{spec.name} has no setup option '{name}' (options: {known})")
        spec = shape(spec, choice)
    return spec


def mechanics_for(spec: Spec) -> list[Mechanic]:
    """The edition's mechanics, made from their blocks of the spec, in the spec's order."""
    out = []
    for name, config in spec.mechanics.items():
        cls = REGISTRY.get(name)
        if cls is None:
            raise KeyError(f"edition '{spec.id}' switches on an unknown mechanic '{name}' "
                           f"(known: {', '.join(sorted(REGISTRY)) or 'none'})")
        out.append(cls(spec, config))
    return out


def _builtin() -> None:
    # The built-in mechanics register themselves when imported.
    from monopoly_tui.engine.mechanics import (  # noqa: F401
        dnd_adventures,
        dnd_cards,
        dnd_characters,
        dnd_checks,
        dnd_close_to_death,
        dnd_config,
        dnd_dungeon_master,
        dnd_party_jail,
        dnd_portals,
        ring,
        versions,
    )


_builtin()

__all__ = ["HOOKS", "REGISTRY", "SETUP_OPTIONS", "Mechanic", "mechanics_for", "overrides",
           "register", "setup_option", "shape_for"]
