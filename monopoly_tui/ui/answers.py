"""What a dialog hands back to the table, and the one question it asks of it.

A decision dialog, the property manager and the trade builder do not know the game screen:
each is given a ``Table`` and hands its answer to ``Table.answer`` — a choice for the engine
(an ``Action``) or an ``Ask`` for the table (take back the last decision, open the property
manager or the trade builder, counter a trade offer) — as a screen's ``dismiss(result)`` hands
its result to the callback ``push_screen`` was given. A decision dialog stays open while the
game waits for its kind of decision (an auction goes round its bidders), so it may answer
several times; the table closes it when the game moves on. ``answer`` says whether the answer
was taken (a choice the rules refuse is told to the player by the table, and the dialog stays).

The game screen is the table (``ui.game.GameScreen``); a test may be one too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeAlias

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action
    from monopoly_tui.engine.state import TradeOffer
    from monopoly_tui.ui.session import Session


@dataclass(frozen=True, slots=True)
class Ask:
    """A request of the table's, not a choice for the engine."""

    what: str
    """``undo``, ``manage``, ``trade`` or ``counter``."""
    player: int = -1
    """Whose property manager to open first (``manage``)."""
    offer: TradeOffer | None = None
    """The counter-offer to open the trade builder with, over the offer being answered
    (``counter``)."""


UNDO = Ask("undo")
"""Take back the last decision."""
TRADE = Ask("trade")
"""Open the trade builder."""


def manage(player: int) -> Ask:
    """Open the property manager on ``player``'s deeds."""
    return Ask("manage", player=player)


def counter(offer: TradeOffer) -> Ask:
    """Open the trade builder for a counter-offer, starting from ``offer``: the offer being
    answered still waits (Esc in the builder goes back to it); the builder proposes the
    counter-offer as the answer."""
    return Ask("counter", offer=offer)


Answer: TypeAlias = "Action | Ask"


class Table(Protocol):
    """Where a dialog's answers go."""

    @property
    def session(self) -> Session:
        """The game at this table (what the dialog shows)."""
        ...

    def answer(self, answer: Answer) -> bool:
        """Take the dialog's answer; False when it was not taken (the rules refuse it)."""
        ...

    def may_undo(self) -> bool:
        """Whether the last decision may be taken back now (the engine's rule and the flow at
        rest): a dialog shows its undo key only then."""
        ...
