"""Longest Game Ever's 96-space board for the app's tests.

Until ``rulesets/lge.yaml`` is shipped the board comes from the draft ``docs/design/lge.yaml``,
through the rules loader's schema and compiler: the part of the draft today's schema holds (the
board, the deeds, the decks with ``move_to_next`` read as ``move_to``), as
``docs/design/check_drafts.py`` checks it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from monopoly_tui.engine.spec import Spec
from monopoly_tui.rules.compile import compile_ruleset
from monopoly_tui.rules.models import Ruleset
from monopoly_tui.ui.session import Seat, Session

DRAFT = Path(__file__).resolve().parents[2] / "docs" / "design" / "lge.yaml"

_NEW_TOP = {"mechanics", "buildings", "buyout", "go_to_jail", "salary_on", "bankruptcy",
            "end_conditions"}
_NEW_WORDS = {"version", "buy_out", "pot", "bankrupt_in"}


def _today(d: dict[str, Any]) -> dict[str, Any]:
    """The part of the draft that today's schema holds."""
    out = {k: v for k, v in d.items() if k not in _NEW_TOP}
    out["vocabulary"] = {k: v for k, v in d["vocabulary"].items() if k not in _NEW_WORDS}
    decks = []
    for deck in d["decks"]:
        cards = []
        for c in deck["cards"]:
            e = dict(c["effect"])
            if e["type"] == "move_to_next":
                e = {"type": "move_to", "target": e.get("deed") or e.get("kind")}
            cards.append({**c, "effect": e})
        decks.append({**deck, "cards": cards})
    out["decks"] = decks
    return out


_SPEC: list[Spec] = []


def lge_spec() -> Spec:
    """The 96-space board (compiled once)."""
    if not _SPEC:
        d = yaml.safe_load(DRAFT.read_text(encoding="utf-8"))
        _SPEC.append(compile_ruleset(Ruleset.model_validate(_today(d))))
    return _SPEC[0]


def lge_session(seats: list[tuple[str, bool]], seed: int = 1, **kw: Any) -> Session:
    spec = lge_spec()
    return Session.new(
        spec.id,
        [Seat(name, spec.tokens[i], human) for i, (name, human) in enumerate(seats)],
        seed=seed,
        pace="instant",
        spec=spec,
        **kw,
    )


def space_id(session: Session, name: str) -> int:
    """A space by its name ('Boardwalk 2')."""
    return next(i for i, sp in enumerate(session.spec.spaces) if sp.name == name)
