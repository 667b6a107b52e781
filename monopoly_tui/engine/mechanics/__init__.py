"""The mechanics an edition can switch on, by name (``Spec.mechanics`` names them and holds
each one's numbers and words). A new mechanic is a module here with a ``Mechanic`` subclass,
registered with ``register``; see ``docs/architecture.md``, "How to add a mechanic"."""

from __future__ import annotations

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
        dnd_checks,
        dnd_close_to_death,
        dnd_config,
        ring,
    )


_builtin()

__all__ = ["HOOKS", "REGISTRY", "Mechanic", "mechanics_for", "overrides", "register"]
