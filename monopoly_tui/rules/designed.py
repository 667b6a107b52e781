"""The values that no source prints: every ``designed`` marker of every built-in edition.

``docs/designed-values.md`` is made from this (``monopoly-tui designed > docs/designed-values.md``)
so that a player who owns the box can find and correct what we designed; a test keeps the
document in step with the rulesets.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel

from monopoly_tui.rules.models import Ruleset


@dataclass(frozen=True)
class DesignedValue:
    path: str
    """Where the marker stands, e.g. 'spaces.1'."""
    what: str
    """The marked item's name (or its id)."""
    reason: str


def designed_values(rs: Ruleset) -> list[DesignedValue]:
    """Every designed marker in a ruleset, in document order."""
    return list(_walk(rs, ""))


def _walk(node: object, path: str) -> Iterator[DesignedValue]:
    if isinstance(node, BaseModel):
        reason = getattr(node, "designed", None)
        if isinstance(reason, str) and reason:
            what = getattr(node, "name", None) or getattr(node, "id", None) \
                or getattr(node, "text", None) or path
            yield DesignedValue(path or "(edition)", str(what), reason)
        for name in type(node).model_fields:
            if name == "designed":
                continue
            child = getattr(node, name)
            yield from _walk(child, f"{path}.{name}" if path else name)
    elif isinstance(node, list | tuple):
        for i, item in enumerate(node):
            yield from _walk(item, f"{path}.{i}")


def designed_notes(rs: Ruleset) -> list[str]:
    """The edition's notes that begin with 'Designed' (what no marker can hold: token names,
    the player count, readings of unclear rules), as a list under the table."""
    notes = [n for n in rs.notes if n.startswith("Designed")]
    if not notes:
        return []
    return ["", "Also designed (from the edition's notes):", "", *(f"- {n}" for n in notes)]


def designed_markdown() -> str:
    """The document listing every designed value of every built-in edition."""
    from monopoly_tui.rules.loader import load_edition, scan_editions

    lines = [
        "# Designed values",
        "",
        "Values that no source we have prints: designed by us in the edition's spirit, marked",
        "`designed` in the edition's YAML with the reason. If you own the box and a value differs,",
        "correct the YAML (and tell us). Card texts are always our own words.",
        "",
        "This file is made by `monopoly-tui designed > docs/designed-values.md`.",
    ]
    for info in scan_editions().editions:
        if info.source != "built-in":
            continue
        rs = load_edition(info.id)
        values = designed_values(rs)
        notes = designed_notes(rs)
        lines += ["", f"## {info.name} (`{info.id}`)", ""]
        if not values:  # its notes may still hold designed readings
            lines.append("No value is marked designed: every number and name comes from a source."
                         if notes else "Nothing designed: every value comes from a source.")
        else:
            lines += ["| where | what | why it is ours |", "|---|---|---|"]
            for v in values:
                what = v.what.replace("|", "\\|").replace("\n", " ")
                reason = v.reason.replace("|", "\\|").replace("\n", " ")
                lines.append(f"| `{v.path}` | {what} | {reason} |")
        lines += notes
    return "\n".join(lines) + "\n"
