"""What happened since a human's last turn: the short list a human reads as their turn comes
round (``news_screen.NewsScreen``), since the dialogs covered the log while the others played.

``since_last_turn`` reads the session's log lines with the events each tells
(``Session.told``) and keeps, in their order, the lines of note of the others' turns between
the end of the player's previous turn and the start of this one:

- a payment from one player to another (rent, a card's, a debt handed over);
- a deed bought, won at auction; a building built or sold; a mortgage taken or lifted; a
  trade made; a bankruptcy (``CORE_KINDS``);
- a mechanic's events of note (each mechanic's screens name them: ``news_kinds``);
- a card drawn whose effect was one of those for the player who drew it (the card says why).

The words are the log's own (``describe``): nothing is said here that the log does not say.
More than ``NEWS_LINES`` lines are cut to the first ones and "and 5 more: see the log".
No list on a player's first turn (nothing of theirs to count from) nor when no other player
had a turn since theirs.

Pure: no Textual, no I/O.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from monopoly_tui.engine.actions import Event

Told = tuple[str, tuple[Event, ...]]
"""A log line and the events it tells, its own first (``describe.describe_told``)."""

NEWS_LINES = 12
"""The most lines the list shows (the last of them says how many more the log has)."""

CORE_KINDS = frozenset({"bought", "won_auction", "built", "sold_building", "mortgaged",
                        "unmortgaged", "trade_accepted", "bankrupt"})
"""The core's events of note for a player who was not watching: what changed hands or on the
board (a payment between players is of note too: ``of_note``)."""

TURN = "turn"
CARD = "card"
ROLLED = "rolled"


def of_note(e: Event, kinds: Collection[str]) -> bool:
    """Whether an event is worth telling a player who was not watching: one of ``kinds``, or
    money paid by one player to another."""
    if e.kind in kinds:
        return True
    return e.kind == "paid" and e.other >= 0 and e.other != e.player


def _turn_of(item: Told) -> int:
    """The player whose turn a line starts, or -1."""
    for e in item[1]:
        if e.kind == TURN:
            return e.player
    return -1


def since_last_turn(told: Sequence[Told], player: int, kinds: Collection[str] = CORE_KINDS,
                    limit: int = NEWS_LINES) -> list[str]:
    """The lines of note (see the module's docstring) between the end of ``player``'s
    previous turn and the start of the turn they are in now (the last turn begun in
    ``told``); ``kinds``: the events of note (the core's and the mechanics'). Empty when the
    turn now is not theirs, when it is their first in ``told``, and when no other player had
    a turn since theirs. At most ``limit`` lines: beyond, the first ``limit - 1`` and a line
    saying how many more there are."""
    starts = [(i, q) for i, item in enumerate(told) if (q := _turn_of(item)) >= 0]
    if not starts or starts[-1][1] != player:
        return []
    now = starts[-1][0]
    # the last turn of another player before this one, and this player's turn before it
    other = next((k for k in range(len(starts) - 2, -1, -1) if starts[k][1] != player), -1)
    if other < 0:
        return []
    mine = next((k for k in range(other - 1, -1, -1) if starts[k][1] == player), -1)
    if mine < 0:
        return []
    # their turn ended where the next player's began (doubles give them turns in a row)
    end = next(starts[k][0] for k in range(mine + 1, other + 1) if starts[k][1] != player)
    span = told[end:now]
    kept: list[str] = []
    for i, (line, events) in enumerate(span):
        if any(of_note(e, kinds) for e in events) or (
                events[0].kind == CARD and _card_of_note(span, i, kinds)):
            kept.append(line)
    if len(kept) > limit:
        more = len(kept) - (limit - 1)
        kept = [*kept[:limit - 1], f"and {more} more: see the log"]
    return kept


def _card_of_note(span: Sequence[Told], at: int, kinds: Collection[str]) -> bool:
    """Whether the card drawn at ``span[at]`` did something of note for the player who drew
    it: an event of note by them or to them before the next card, roll or turn."""
    who = span[at][1][0].player
    for _, events in span[at + 1:]:
        first = events[0]
        if first.kind in (CARD, ROLLED, TURN):
            return False
        if any(of_note(e, kinds) and who in (e.player, e.other) for e in events):
            return True
    return False
