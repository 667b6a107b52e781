"""The game state: plain data, nothing but ints, strings, lists and small records.

Everything that a save needs is here, including the random generator's state, so a game can be
copied, saved and resumed at any decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any


@dataclass(slots=True)
class Player:
    name: str
    token: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    """Failed tries for doubles during this stay in jail."""
    bankrupt: bool = False
    cards: list[tuple[int, int]] = field(default_factory=list)
    """Get Out of Jail Free cards held, as (deck, card) pairs."""


@dataclass(slots=True)
class Auction:
    """A deed (or a building in short supply) going to the highest bidder."""

    deed: int
    """The deed for sale, or -1 when a building is auctioned."""
    bidders: list[int]
    """Players still in the auction, in the order they are asked."""
    turn: int = 0
    """Index into bidders of whoever is asked next."""
    high_bid: int = 0
    high_bidder: int = -1
    building: str = ""
    """'house' or 'hotel' when a building in short supply is auctioned."""
    requester: int = -1
    request_deed: int = -1
    floor: int = 0
    """The lowest bid allowed (a building's price in a shortage auction)."""


@dataclass(slots=True)
class Debt:
    """A payment owed and not yet made: settled before the game goes on.

    ``__init__`` is written out (the same as the generated one), as for ``Event``: a debt is
    made at every payment, and compiled, a written-out one is built natively."""

    debtor: int
    creditor: int
    """A player, or -1 for the bank."""
    amount: int
    reason: str
    to_pot: bool = False
    """Paid into the Free Parking pot instead of the bank (when that rule is on)."""

    def __init__(self, debtor: int, creditor: int, amount: int, reason: str,
                 to_pot: bool = False) -> None:
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.reason = reason
        self.to_pot = to_pot


@dataclass(slots=True)
class Claim:
    """Rent an owner may ask for until the next player rolls (the 'owner must ask' option)."""

    owner: int
    payer: int
    amount: int
    deed: int


@dataclass(frozen=True, slots=True)
class TradeOffer:
    """A deal between two players: deeds, cash and Get Out of Jail Free cards each way."""

    proposer: int
    partner: int
    give_deeds: tuple[int, ...] = ()
    take_deeds: tuple[int, ...] = ()
    give_cash: int = 0
    take_cash: int = 0
    give_cards: int = 0
    take_cards: int = 0


@dataclass(slots=True)
class MortgagedTransfer:
    """A mortgaged deed that changed hands: its new owner pays interest now or lifts it."""

    player: int
    deed: int


@dataclass(slots=True)
class RingTally:
    """The Ring's story so far, for statistics (counted by ``engine.ring``)."""

    offered: int = 0
    """Times a bearer offered the Ring to a player met on the way."""
    battles: int = 0
    battles_won: int = 0
    """Battles the challenger won (the Ring changed hands)."""
    found: int = 0
    """Times a Ring lying alone was picked up."""
    eye_drops: int = 0
    eye_penalties: int = 0
    """Money the Eye cost bearers (the circles' penalties owed)."""
    jail_drops: int = 0
    bankrupt_drops: int = 0
    bearer_turns: int = 0
    """Turns started with the Ring (each moved the tracker one circle)."""
    best_circle: int = 0
    """The furthest circle the tracker reached."""


@dataclass(slots=True)
class GameState:
    players: list[Player]
    owner: list[int]
    """Per deed: the owning player, or -1 for the bank."""
    buildings: list[int]
    """Per deed: 0..houses_per_hotel houses, or houses_per_hotel + 1 for a hotel."""
    mortgaged: list[bool]
    bank_houses: int
    bank_hotels: int
    decks: list[list[int]]
    """Per deck: card indices, the top first."""
    rng: random.Random = field(default_factory=random.Random)
    """The seeded generator behind every die and shuffle."""
    current: int = 0
    first_player: int = 0
    stage: str = "pre_roll"
    """'pre_roll' (the player must roll), 'post_move' (the move is resolved)."""
    again: bool = False
    """The last roll was doubles: the player rolls again after this move."""
    doubles: int = 0
    """Doubles rolled in a row this turn."""
    last_roll: tuple[int, ...] = ()
    """Face indices of the last movement roll."""
    rounds: int = 0
    """Completed rounds (every player has had a turn)."""
    turns: int = 0
    """Player-turns taken."""
    decisions: int = 0
    buy_deed: int = -1
    tax_space: int = -1
    pending_move: int = 0
    """Spaces still to move once a debt is settled (leaving jail after the third try)."""
    auction: Auction | None = None
    auction_queue: list[int] = field(default_factory=list)
    debts: list[Debt] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)
    trade: TradeOffer | None = None
    transfers: list[MortgagedTransfer] = field(default_factory=list)
    place_building: int = -1
    """A player who won a building auction and must place it."""
    place_kind: str = ""
    place_bid: int = 0
    """The winning bid for that building; it is paid when the building is placed."""
    pot: int = 0
    bank_net: int = 0
    """Money the bank has paid out minus what it has taken in (the ledger's balance)."""
    starting_total: int = 0
    over: bool = False
    winner: int = -1
    end_reason: str = ""
    ranking: list[int] = field(default_factory=list)
    landings: list[int] = field(default_factory=list)
    """How often each space was landed on (for statistics)."""
    last_card: tuple[int, int] = (-1, -1)
    # A move that goes space by space (when the edition has the Ring): it can stop to ask the
    # mover something and resume from here.
    moving: bool = False
    """A step-by-step move is under way: the space is resolved when move_left reaches 0."""
    move_left: int = 0
    """Spaces still to walk in the move under way."""
    move_rent_mult: int = 1
    """Rent multiplier for the space the move ends on (a card's 'pay twice the rent')."""
    move_dice_mult: int = 0
    """Dice multiplier for the space the move ends on (a card's 'roll and pay ten times')."""
    # The Ring (monopoly_tui.engine.ring)
    ring_bearer: int = -1
    """The player who bears the Ring, or -1."""
    ring_space: int = -1
    """The space where the Ring lies alone, or -1."""
    ring_circle: int = 0
    """Where the tracker stands: 0 is Start."""
    ring_meet: list[int] = field(default_factory=list)
    """Players on the mover's current space still to be asked about (offer the Ring to them,
    or battle them for it)."""
    ring_eye: bool = False
    """The bearer rolled the Eye this move: the Ring drops when the move is resolved."""
    ring_tally: RingTally = field(default_factory=RingTally)


def close_decisions(st: GameState) -> None:
    """Leave nothing waiting: no auction (or queued auction), debt, trade offer, mortgaged deed
    to settle, deed to buy, tax to choose or building to place."""
    st.auction = None
    st.auction_queue = []
    st.debts = []
    st.trade = None
    st.transfers = []
    st.buy_deed = st.tax_space = st.place_building = -1


def copy_state(st: GameState) -> GameState:
    """An independent copy of a state, its random generator included: what a computer player
    that looks ahead plays on, leaving the real game untouched. (The compiled engine's objects
    cannot be deep-copied; this copies field by field.)"""
    copied = _copy(st)
    assert isinstance(copied, GameState)
    return copied


_IMMUTABLE = (int, str, float, type(None), tuple)
"""Values shared by a copy as they are (the state's tuples hold only numbers)."""


def _copy(value: Any) -> Any:
    if isinstance(value, _IMMUTABLE):
        return value
    if isinstance(value, list):
        if not value or isinstance(value[0], _IMMUTABLE):  # the state's lists are of one type
            return value.copy()
        return [_copy(v) for v in value]
    if isinstance(value, random.Random):
        rng = random.Random()
        rng.setstate(value.getstate())
        return rng
    if is_dataclass(value) and not isinstance(value, type):
        cls: Any = type(value)
        params = getattr(cls, "__dataclass_params__", None)
        if params is not None and params.frozen:
            return value
        return cls(**{f.name: _copy(getattr(value, f.name)) for f in fields(value)})
    raise TypeError(f"cannot copy a {type(value).__name__} in the game state")
