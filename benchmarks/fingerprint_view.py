"""The game as the behaviour fingerprint sees it: the state and the events in the shape they had
when the fingerprint was first taken (before the engine kept its decisions as frames and its
mechanics' state in slots of their own).

A change of shape alone (a field moved, a marker become a frame) must not change the
fingerprint; a change of behaviour must. So the view names each value as the first shape did:
``buy_deed``, ``debts``, ``ring_bearer``..., read from wherever the engine now keeps it.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from monopoly_tui.engine.game import Game

LEGACY_FIELDS = (
    "players", "owner", "buildings", "mortgaged", "bank_houses", "bank_hotels", "decks",
    "current", "first_player", "stage", "again", "doubles", "last_roll", "rounds", "turns",
    "decisions", "buy_deed", "tax_space", "pending_move", "auction", "auction_queue", "debts",
    "claims", "trade", "transfers", "place_building", "place_kind", "place_bid", "pot",
    "bank_net", "starting_total", "over", "winner", "end_reason", "ranking", "landings",
    "last_card", "moving", "move_left", "move_rent_mult", "move_dice_mult", "ring_bearer",
    "ring_space", "ring_circle", "ring_meet", "ring_eye", "ring_tally",
)
"""The state's fields, in order, as the first fingerprint saw them (the generator left out)."""


def behaviour_view(game: Game) -> list[tuple[str, Any]]:
    """(name, value) for each of ``LEGACY_FIELDS``."""
    st = game.st
    names = {f.name for f in fields(st)}
    if "buy_deed" in names:  # the first shape itself
        return [(name, getattr(st, name)) for name in LEGACY_FIELDS]
    raise NotImplementedError


def legacy_event(event: Any) -> tuple[Any, ...]:
    """An event as the tuple of its fields' values in the first shape."""
    return (event.kind, event.player, event.amount, event.space, event.deed, event.other,
            event.dice, event.card, event.text)
