"""The engine's face: the decision it waits for, the choices, the events and the errors."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from monopoly_tui.engine.state import TradeOffer

# Decision kinds (what the game waits for)
ROLL: Final = "roll"
JAIL: Final = "jail"
BUY: Final = "buy"
AUCTION: Final = "auction"
TAX: Final = "tax"
DEBT: Final = "debt"
TRADE: Final = "trade"
MORTGAGED_TRANSFER: Final = "mortgaged_transfer"
PLACE_BUILDING: Final = "place_building"
END_TURN: Final = "end_turn"
GAME_OVER: Final = "game_over"
RING: Final = "ring_encounter"
"""The mover meets a player on the way: offer them the Ring, or battle them for it."""
PLACE_VERSION: Final = "place_version"
"""A building of a deed with versions: which version it stands on (``mechanics.versions``)."""
BUY_OUT: Final = "buy_out"
"""On another's unmortgaged property: pay the rent, or buy it out for the rent plus a sum."""

# Choice kinds
A_ROLL: Final = "roll"
A_PAY_FINE: Final = "pay_fine"
A_USE_CARD: Final = "use_card"
A_BUY: Final = "buy"
A_AUCTION: Final = "auction"
A_DECLINE: Final = "decline"
A_BID: Final = "bid"
A_DROP: Final = "drop"
A_TAX_FLAT: Final = "tax_flat"
A_TAX_PERCENT: Final = "tax_percent"
A_PAY_DEBT: Final = "pay_debt"
A_BANKRUPT: Final = "bankrupt"
A_ACCEPT: Final = "accept_trade"
A_REJECT: Final = "reject_trade"
A_COUNTER: Final = "counter_trade"
COUNTERED: Final = "countered"
"""The text of the ``trade_rejected`` event of an offer answered with a counter-offer."""
"""``trade``: the partner's own offer to the proposer, their answer to a trade offered: the
offer answered is turned down and the new one is put to its proposer (``TradeFrame``)."""
A_LIFT: Final = "lift_mortgage"
A_KEEP: Final = "keep_mortgage"
A_PLACE: Final = "place_building"
A_END_TURN: Final = "end_turn"
A_OFFER_RING: Final = "offer_ring"
A_BATTLE: Final = "battle"
A_PASS_BY: Final = "pass_by"
A_PLACE_VERSION: Final = "place_version"
"""``target``: the space (version) the building goes on."""
A_PAY_RENT: Final = "pay_rent"
A_BUY_OUT: Final = "buy_out"
"""``target``: the deed; ``amount``: the buy-out price."""
# Choices open "at any time" the rules allow
A_BUILD: Final = "build"
A_SELL_BUILDING: Final = "sell_building"
A_SELL_ALL: Final = "sell_all_buildings"
A_MORTGAGE: Final = "mortgage"
A_UNMORTGAGE: Final = "unmortgage"
A_PROPOSE: Final = "propose_trade"
A_COLLECT_RENT: Final = "collect_rent"
A_CALL_TIME: Final = "call_time"
"""The hour the players agreed has come (a game that ends at a clock time): the table says so
between two turns. The engine never reads a clock; the table passes the wall clock in as this
choice, and a replay plays it where it was made."""
A_MOVE_BUILDING: Final = "move_building"
"""Move a house (or the hotel) between versions: ``target`` the space it leaves, ``amount``
the space it goes to (``mechanics.versions``)."""

ANYTIME: Final = frozenset(
    {A_BUILD, A_SELL_BUILDING, A_SELL_ALL, A_MORTGAGE, A_UNMORTGAGE, A_PROPOSE, A_COLLECT_RENT,
     A_CALL_TIME, A_MOVE_BUILDING}
)


@dataclass(slots=True, unsafe_hash=True)
class Action:
    """One choice a player can make.

    ``target`` is a deed (buy, build, mortgage...), a group (sell all buildings) or a claim;
    ``amount`` is a bid.

    Read-only by convention, not frozen, with ``__init__`` written out, as ``Event``: compiled,
    a frozen dataclass is built by the generated Python ``__init__`` (each field through
    ``object.__setattr__``: some 7,000 machine instructions an action); this one natively.
    Actions compare and hash by value as before.
    """

    kind: str
    player: int
    target: int = -1
    amount: int = 0
    trade: TradeOffer | None = None

    def __init__(self, kind: str, player: int, target: int = -1, amount: int = 0,
                 trade: TradeOffer | None = None) -> None:
        self.kind = kind
        self.player = player
        self.target = target
        self.amount = amount
        self.trade = trade

    # copy and deepcopy make a new one by this __init__ (compiled, the class has no __dict__
    # to fill, and making one with no arguments calls __init__ without them); the fields'
    # values are immutable, so a copy shares them
    def __copy__(self) -> Action:
        return Action(self.kind, self.player, self.target, self.amount, self.trade)

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        trade = self.trade
        return Action(self.kind, self.player, self.target, self.amount,
                      None if trade is None else trade.__deepcopy__(memo))


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

    # copy and deepcopy make a new one by this __init__ (compiled, the class has no __dict__
    # to fill, and making one with no arguments calls __init__ without them); the fields'
    # values are immutable, so a copy shares them
    def __copy__(self) -> Event:
        return Event(self.kind, self.player, self.amount, self.space, self.deed, self.other,
                     self.dice, self.card, self.text)

    def __deepcopy__(self, memo: dict[int, Any]) -> Event:
        return self.__copy__()


class IllegalAction(Exception):
    """A choice the rules do not allow now. The game is unchanged."""

    def __init__(self, action: Action, reason: str) -> None:
        super().__init__(f"{action.kind} by player {action.player}: {reason}")
        self.action = action
        self.reason = reason


class GameOverError(IllegalAction):
    """The game has ended; no more choices are taken."""
