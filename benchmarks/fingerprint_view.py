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

from monopoly_tui.engine.frame import TAG_OF
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


CLOSED = {
    "buy_deed": -1, "tax_space": -1, "pending_move": 0, "auction": None, "auction_queue": [],
    "debts": [], "trade": None, "transfers": [], "place_building": -1, "place_kind": "",
    "place_bid": 0, "moving": False, "move_left": 0, "move_rent_mult": 1, "move_dice_mult": 0,
    "ring_meet": [], "ring_eye": False,
}
"""The decision fields of the first shape, as they read when nothing waits. A finished game
waits for nothing, so they are read so there: the first shape's ``close_decisions`` left some
of them set (``pending_move``, ``moving``, ``ring_meet``), which was no behaviour of the game."""


def behaviour_view(game: Game) -> list[tuple[str, Any]]:
    """(name, value) for each of ``LEGACY_FIELDS``."""
    st = game.st
    names = {f.name for f in fields(st)}
    if "buy_deed" in names:  # the first shape itself
        read = lambda name: getattr(st, name)  # noqa: E731
    else:
        read = lambda name: _framed(game, name)  # noqa: E731
    return [(name, CLOSED[name] if st.over and name in CLOSED else read(name))
            for name in LEGACY_FIELDS]


def _first(game: Game, tag: str) -> Any:
    return next((f for f in reversed(game.st.frames) if TAG_OF.get(type(f)) == tag), None)


def _framed(game: Game, name: str) -> Any:
    """A field of the first shape, read from the frames and the mechanics' states."""
    st = game.st
    if name == "players":  # a player's status was ``bankrupt`` then
        return [(p.name, p.token, p.cash, p.position, p.in_jail, p.jail_turns, p.bankrupt,
                 p.cards) for p in st.players]
    if name == "claims":  # a claim was (owner, payer, amount, deed) then; ``turn`` came later
        return [(c.owner, c.payer, c.amount, c.deed) for c in st.claims]
    if hasattr(st, name):
        return getattr(st, name)
    ring = st.mech.get("ring")
    if name.startswith("ring_"):
        if name == "ring_meet":
            f = _first(game, "ring_meeting")
            return list(f.meet) if f is not None else []
        if name == "ring_eye":
            return _first(game, "ring_eye") is not None
        if ring is None:
            from monopoly_tui.engine.mechanics.ring import RingTally
            return {"ring_bearer": -1, "ring_space": -1, "ring_circle": 0,
                    "ring_tally": RingTally()}[name]
        return getattr(ring, name[len("ring_"):])
    buy, tax, walk = _first(game, "buy"), _first(game, "tax"), _first(game, "walk")
    place, move = _first(game, "place_building"), _first(game, "move_after_debt")
    if name == "buy_deed":
        return buy.deed if buy is not None else -1
    if name == "tax_space":
        return tax.space if tax is not None else -1
    if name == "pending_move":
        return move.steps if move is not None else 0
    if name == "auction":
        a = _first(game, "auction")
        return None if a is None else (a.deed, a.bidders, a.turn, a.high_bid, a.high_bidder,
                                       a.building, a.requester, a.request_deed, a.floor)
    if name == "auction_queue":
        q = _first(game, "auction_queue")
        return list(q.deeds) if q is not None else []
    if name == "debts":
        d = _first(game, "debts")
        return [] if d is None else [(x.debtor, x.creditor, x.amount, _reason(x.reason, x.target),
                                      x.to_pot) for x in d.debts]
    if name == "trade":
        t = _first(game, "trade")
        return legacy_offer(t.offer) if t is not None else None
    if name == "transfers":
        t = _first(game, "transfers")
        return list(t.transfers) if t is not None else []
    if name == "place_building":
        return place.player if place is not None else -1
    if name == "place_kind":
        return place.building if place is not None else ""
    if name == "place_bid":
        return place.bid if place is not None else 0
    if name == "moving":
        return walk is not None
    if name == "move_left":
        return walk.left if walk is not None else 0
    if name == "move_rent_mult":
        return walk.rent_mult if walk is not None else 1
    if name == "move_dice_mult":
        return walk.dice_mult if walk is not None else 0
    raise KeyError(name)


_ABOUT = {"rent", "auction", "interest", "tax", "card"}
"""Reasons the first shape wrote with what they are about ('rent:12')."""


def _reason(reason: str, target: int) -> str:
    return f"{reason}:{target}" if reason in _ABOUT and target >= 0 else reason


OFFER_FIELDS = ("proposer", "partner", "give_deeds", "take_deeds", "give_cash", "take_cash",
                "give_cards", "take_cards")
"""A trade offer's fields in the first shape (kept cards other than Get Out of Jail Free came
later: an offer without them reads as it did)."""


def legacy_offer(offer: Any) -> Any:
    """A trade offer in the first shape: without the kept cards a mechanic's players hold
    (``give_kept``, ``take_kept``) while the offer carries none."""
    if getattr(offer, "give_kept", ()) or getattr(offer, "take_kept", ()):
        return offer
    return tuple(getattr(offer, f) for f in OFFER_FIELDS)


def legacy_action(action: Any) -> str:
    """An action's repr in the first shape: its trade offer as ``legacy_offer`` reads it."""
    trade = getattr(action, "trade", None)
    if trade is None or getattr(trade, "give_kept", ()) or getattr(trade, "take_kept", ()):
        return repr(action)
    text = repr(action)
    old = repr(trade)
    kept = ", give_kept=(), take_kept=()"
    return text.replace(old, old.replace(kept, "")) if kept in old else text


LOG_ONLY_EVENTS = frozenset({"ring_stopped", "ring_met", "no_rent_mortgaged"})
"""Events added for the log alone, after the first fingerprint (they change nothing in the
game): "Ann stopped on X to battle Bob" before a battle that ends a move early; who a walk
met where it stops ("Ann reached X on the way, with Bob there bearing the Ring"); no rent on
another's mortgaged deed ("Ann pays no rent for X: Bob has it under mortgage")."""


def legacy_events(events: Any) -> list[tuple[Any, ...]]:
    """The events of one choice in the first shape, without those made for the log alone."""
    return [legacy_event(e) for e in events if e.kind not in LOG_ONLY_EVENTS]


def legacy_event(event: Any) -> tuple[Any, ...]:
    """An event as the tuple of its fields' values in the first shape: a payment's reason
    said what it was about in its text ('rent:12', 'tax:4', 'card:1'); the deed, space or deck
    it names is in a field of its own now; a building built or sold named its deed only (the
    version it stands on came with buildings counted per space); a walk stopped on the way
    (a meeting there) did not say so (``moved`` with the text ``on_the_way``, for the log); a
    buy-out did not say what stood on the versions taken (``bought_out``'s text, for the
    log)."""
    kind, text, space, deed, card = event.kind, event.text, event.space, event.deed, event.card
    if kind == "moved" and text == "on_the_way":
        text = ""
    if kind == "bought_out":
        text = ""
    if kind in ("built", "sold_building"):
        space = -1
    if kind in ("paid", "in_debt") and ":" not in text:
        if text in ("rent", "auction", "interest") and deed >= 0:
            text, deed = f"{text}:{deed}", -1
        elif text == "building_auction":
            deed = -1
        elif text == "tax" and space >= 0:
            text = f"tax:{space}"
            if kind == "in_debt":
                space = -1
        elif text == "card" and card[0] >= 0:
            text, card = f"card:{card[0]}", (-1, -1)
    return (kind, event.player, event.amount, space, deed, event.other, event.dice, card, text)
