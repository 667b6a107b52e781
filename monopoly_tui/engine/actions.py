"""The engine's face: the decision it waits for, the choices, the events and the errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from monopoly_tui.engine.state import TradeOffer

# Decision kinds (what the game waits for)
ROLL = "roll"
JAIL = "jail"
BUY = "buy"
AUCTION = "auction"
TAX = "tax"
DEBT = "debt"
TRADE = "trade"
MORTGAGED_TRANSFER = "mortgaged_transfer"
PLACE_BUILDING = "place_building"
END_TURN = "end_turn"
GAME_OVER = "game_over"
RING = "ring_encounter"
"""The mover meets a player on the way: offer them the Ring, or battle them for it."""

# Choice kinds
A_ROLL = "roll"
A_PAY_FINE = "pay_fine"
A_USE_CARD = "use_card"
A_BUY = "buy"
A_AUCTION = "auction"
A_DECLINE = "decline"
A_BID = "bid"
A_DROP = "drop"
A_TAX_FLAT = "tax_flat"
A_TAX_PERCENT = "tax_percent"
A_PAY_DEBT = "pay_debt"
A_BANKRUPT = "bankrupt"
A_ACCEPT = "accept_trade"
A_REJECT = "reject_trade"
A_LIFT = "lift_mortgage"
A_KEEP = "keep_mortgage"
A_PLACE = "place_building"
A_END_TURN = "end_turn"
A_OFFER_RING = "offer_ring"
A_BATTLE = "battle"
A_PASS_BY = "pass_by"
# Choices open "at any time" the rules allow
A_BUILD = "build"
A_SELL_BUILDING = "sell_building"
A_SELL_ALL = "sell_all_buildings"
A_MORTGAGE = "mortgage"
A_UNMORTGAGE = "unmortgage"
A_PROPOSE = "propose_trade"
A_COLLECT_RENT = "collect_rent"

ANYTIME = frozenset(
    {A_BUILD, A_SELL_BUILDING, A_SELL_ALL, A_MORTGAGE, A_UNMORTGAGE, A_PROPOSE, A_COLLECT_RENT}
)


@dataclass(frozen=True, slots=True)
class Action:
    """One choice a player can make.

    ``target`` is a deed (buy, build, mortgage...), a group (sell all buildings) or a claim;
    ``amount`` is a bid.
    """

    kind: str
    player: int
    target: int = -1
    amount: int = 0
    trade: TradeOffer | None = None


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision the game waits for: who decides, what kind, and the legal choices."""

    kind: str
    player: int
    choices: tuple[Action, ...]
    context: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True, unsafe_hash=True)
class Event:
    """Something that happened. ``describe`` turns it into a log line in the edition's words.

    Read-only by convention, not frozen: the engine makes several events per decision, and a
    frozen dataclass takes about four times as long to build (each field goes through
    ``object.__setattr__``). Events still compare and hash by value. ``__init__`` is written
    out (the same as the generated one) so that mypyc, if the engine is compiled, builds
    events natively instead of calling the generated Python one; a test checks it matches
    the fields."""

    kind: str
    player: int = -1
    amount: int = 0
    space: int = -1
    deed: int = -1
    other: int = -1
    dice: tuple[int, ...] = ()
    card: tuple[int, int] = (-1, -1)
    text: str = ""

    def __init__(self, kind: str, player: int = -1, amount: int = 0, space: int = -1,
                 deed: int = -1, other: int = -1, dice: tuple[int, ...] = (),
                 card: tuple[int, int] = (-1, -1), text: str = "") -> None:
        self.kind = kind
        self.player = player
        self.amount = amount
        self.space = space
        self.deed = deed
        self.other = other
        self.dice = dice
        self.card = card
        self.text = text


class IllegalAction(Exception):
    """A choice the rules do not allow now. The game is unchanged."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(f"{action.kind} by player {action.player}: {reason}")
        self.action = action
        self.reason = reason


class GameOverError(IllegalAction):
    """The game has ended; no more choices are taken."""
