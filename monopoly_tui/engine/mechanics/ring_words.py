"""The Ring's events in words: a line for each, in the edition's words for the Ring, its
bearer, its tracker (the mechanic's ``describe``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.mechanics.ring import ring_of

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words



def _ring_words(w: Words) -> tuple[str, str, str]:
    """The Ring, its bearer and its tracker, in the edition's words."""
    r = ring_of(w.spec)
    if r is None:
        return "the Ring", "bearer", "tracker"
    return r.ring, r.bearer, r.tracker


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _ring_taken(w: Words, e: Event) -> str:
    ring, bearer, _ = _ring_words(w)
    if e.text == "first_roll":
        return f"{w.Who(e.player)} rolled highest and takes {ring}: the first {bearer}"
    if e.text == "offered":
        return f"{w.Who(e.other)} gave {ring} to {w.who(e.player)}, who must take it"
    if e.text == "found":
        return f"{w.Who(e.player)} found {ring} lying on {w.where(e.space)} and took it"
    return f"{w.Who(e.player)} is the {bearer} now"


def _ring_tracker(w: Words, e: Event) -> str:
    r = ring_of(w.spec)
    _, _, tracker = _ring_words(w)
    if e.text == "reset":
        start = r.start if r is not None else "the start"
        return f"The {tracker} goes back to {start}"
    if e.text == "end":
        end = r.end if r is not None else "the end"
        return f"The {tracker} reaches {end}"
    label = r.track[e.amount].label if r is not None and 0 <= e.amount < len(r.track) else ""
    return f"The {tracker} moves on to {label or e.amount} (circle {e.amount})"


def _ring_dropped(w: Words, e: Event) -> str:
    ring, _, _ = _ring_words(w)
    where = w.where(e.space)
    if e.text == "eye":
        r = ring_of(w.spec)
        eye = r.eye if r is not None else "the Eye"
        return f"{w.Who(e.player)} rolled {eye}: {ring} drops on {where}"
    if e.text == "jail":
        return f"{w.Who(e.player)} drops {ring} on {where} on the way to {w.v.jail}"
    return f"{_cap(ring)} falls from {w.who(e.player)} on {where}"


def _ring_passed_by(w: Words, e: Event) -> str:
    ring, _, _ = _ring_words(w)
    if e.text == "offer":
        return f"{w.Who(e.player)} keeps {ring} and passes {w.who(e.other)} by"
    return f"{w.Who(e.player)} lets {w.who(e.other)} keep {ring}"


def _names(w: Words, players: list[int]) -> str:
    """'Bob', 'Bob and Cid', 'Bob, Cid and Dan'."""
    names = [w.who(q) for q in players]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _met(e: Event) -> list[int]:
    """The players a ``ring_met`` event names (its text: their seats, '1,2')."""
    return [int(q) for q in e.text.split(",") if q.lstrip("-").isdigit()]


def met_words(w: Words, e: Event) -> str:
    """Who a walk met where it stopped (``ring_met``: its text the players met, ``other``
    the bearer): "with Bob there bearing the Ring" (the mover may battle them), "with Bob and
    Cid there" (the bearer may offer them the Ring). Said after the move's line."""
    ring, _, _ = _ring_words(w)
    met = _met(e)
    if not met:
        return "with no one there"
    if e.other != e.player and e.other in met:
        return f"with {_names(w, met)} there bearing {ring}"
    return f"with {_names(w, met)} there"


def _ring_met(w: Words, e: Event) -> str:
    """A meeting told on its own (no move's line to join): "Ann meets Bob, the Ring-bearer,
    on Bywater"."""
    _, bearer, _ = _ring_words(w)
    met = _met(e)
    who = _names(w, met) if met else "no one"
    if e.other != e.player and e.other in met:
        who = f"{who}, the {bearer},"
    return f"{w.Who(e.player)} meets {who} on {w.where(e.space)}"


def _ring_stopped(w: Words, e: Event) -> str:
    """The mover battles a bearer they would have passed: the move ends on the bearer's space."""
    ring, _, _ = _ring_words(w)
    r = ring_of(w.spec)
    battle = r.battle if r is not None else "battle"
    return (f"{w.Who(e.player)} stopped on {w.where(e.space)} to {battle} {w.who(e.other)} "
            f"for {ring}")


def _ring_battle(w: Words, e: Event) -> str:
    ring, _, _ = _ring_words(w)
    r = ring_of(w.spec)
    battle = r.battle if r is not None else "battle"
    mine, theirs = (w.dice((f,)) for f in e.dice[:2]) if len(e.dice) >= 2 else ("?", "?")
    head = (f"{w.Who(e.player)} and {w.who(e.other)} {battle} for {ring}: "
            f"{mine} against {theirs}")
    if e.amount < 0:
        return f"{head}, a tie: roll again"
    if e.amount == e.player:
        return f"{head}: {w.who(e.player)} takes {ring}"
    return f"{head}: {w.who(e.other)} keeps {ring}"


def _ring_spared(w: Words, e: Event) -> str:
    ring, _, _ = _ring_words(w)
    who = f"{w.Who(e.player)} bears {ring}"
    if e.text == "rent":
        return f"{who} and pays no rent for {w.deed(e.deed)}"
    if e.text == "tax":
        return f"{who} and pays nothing on {w.space(e.space)}"
    if e.text == "go_to_jail":
        return f"{who} and stays on {w.space(e.space)}; the turn ends"
    return f"{who} and does not go to {w.v.jail} for rolling doubles"


def _ring_double_rent(w: Words, e: Event) -> str:
    ring, _, _ = _ring_words(w)
    return (f"{w.Who(e.other)} bears {ring}: the rent for {w.deed(e.deed)} is doubled "
            f"to {w.money(e.amount)}")


def _ring_reward(w: Words, e: Event) -> str:
    ring, _, _ = _ring_words(w)
    r = ring_of(w.spec)
    end = r.end if r is not None else "the end"
    return f"{w.Who(e.player)} brings {ring} to {end} and collects {w.money(e.amount)}"


def _ring_payout(w: Words, e: Event) -> str:
    roll = f" (rolled {w.dice(e.dice)})" if e.dice else ""
    return (f"{w.Who(e.player)} collects {w.money(e.amount)} from the {w.v.bank} "
            f"for {w.deed(e.deed)}{roll}")


RING_DESCRIBERS: dict[str, Callable[[Words, Event], str]] = {
    "ring_taken": _ring_taken,
    "ring_tracker": _ring_tracker,
    "ring_dropped": _ring_dropped,
    "ring_passed_by": _ring_passed_by,
    "ring_stopped": _ring_stopped,
    "ring_met": _ring_met,
    "ring_battle": _ring_battle,
    "ring_spared": _ring_spared,
    "ring_double_rent": _ring_double_rent,
    "ring_reward": _ring_reward,
    "ring_payout": _ring_payout,
}
"""The Ring's events and their lines."""
