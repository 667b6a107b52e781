"""The mechanics an edition can switch on, by name (``Spec.mechanics`` names them and holds
each one's numbers and words). A new mechanic is a module here with a ``Mechanic`` subclass,
registered with ``register``; see ``docs/architecture.md``, "How to add a mechanic"."""

from __future__ import annotations

from monopoly_tui.engine.mechanics.base import HOOKS, Mechanic, overrides

REGISTRY: dict[str, type[Mechanic]] = {}
"""The mechanic classes by name."""


def register(cls: type[Mechanic]) -> type[Mechanic]:
    """Class decorator: make a mechanic known by its ``NAME``."""
    if not cls.NAME:
        raise TypeError(f"{cls.__name__} needs a NAME")
    REGISTRY[cls.NAME] = cls
    return cls


def _builtin() -> None:
    # The built-in mechanics register themselves when imported.
    from monopoly_tui.engine.mechanics import ring  # noqa: F401


_builtin()

__all__ = ["HOOKS", "REGISTRY", "Mechanic", "overrides", "register"]
