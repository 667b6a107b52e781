"""Longest Game Ever's 96-space board for the app's tests (``rulesets/lge.yaml``)."""

from __future__ import annotations

from typing import Any

from monopoly_tui.engine.spec import Spec
from monopoly_tui.rules import load_spec
from monopoly_tui.ui.session import Seat, Session


def lge_spec() -> Spec:
    return load_spec("lge")


def lge_session(seats: list[tuple[str, bool]], seed: int = 1, **kw: Any) -> Session:
    spec = lge_spec()
    return Session.new(
        "lge",
        [Seat(name, spec.tokens[i], human) for i, (name, human) in enumerate(seats)],
        seed=seed,
        pace="instant",
        **kw,
    )


def space_id(session: Session, name: str) -> int:
    """A space by its name ('Boardwalk 2')."""
    return next(i for i, sp in enumerate(session.spec.spaces) if sp.name == name)
