"""The game state: plain data, nothing but ints, strings, lists and small records.

Everything that a save needs is here, including the random generator's state, so a game can be
copied, saved and resumed at any decision.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Final

from monopoly_tui.engine.frame import Frame, MechanicState

PLAYING: Final = "playing"
"""A player in the game."""
INSOLVENT: Final = "insolvent"
"""A player who could not pay and is still in the game, as a mechanic has it (Dungeons &
Dragons' close to death, rolling to revive)."""
OUT: Final = "out"
"""A player who went bankrupt and left the game."""
STATUSES: Final = (PLAYING, INSOLVENT, OUT)


@dataclass(slots=True)
class Player:
    name: str
    token: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    """Failed tries for doubles during this stay in jail."""
    status: str = PLAYING
    """playing, insolvent (still in the game) or out (``STATUSES``)."""
    cards: list[tuple[int, int]] = field(default_factory=list)
    """Get Out of Jail Free cards held, as (deck, card) pairs."""
    bankruptcies: int = 0
    """Times this player went bankrupt and stayed in the game (``rules.bankrupt_stays_in``)."""

    @property
    def bankrupt(self) -> bool:
        """Out of the game (bankrupt)."""
        return self.status == OUT

    @bankrupt.setter
    def bankrupt(self, value: bool) -> None:
        self.status = OUT if value else PLAYING


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
    """What it is for: rent, tax, card, auction, interest, jail_fine, building_auction, or a
    mechanic's own charge (ring_penalty)."""
    to_pot: bool = False
    """Paid into the Free Parking pot instead of the bank (when that rule is on)."""
    target: int = -1
    """What the reason is about: the deed (rent, auction, interest), the space (tax) or the
    deck (card); -1 when the reason names no thing."""

    def __init__(self, debtor: int, creditor: int, amount: int, reason: str,
                 to_pot: bool = False, target: int = -1) -> None:
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.reason = reason
        self.to_pot = to_pot
        self.target = target

    # copy and deepcopy make a new one by this __init__ (compiled, the class has no __dict__
    # to fill, and making one with no arguments calls __init__ without them); the fields'
    # values are immutable, so a copy shares them
    def __copy__(self) -> Debt:
        return Debt(self.debtor, self.creditor, self.amount, self.reason, self.to_pot,
                    self.target)

    def __deepcopy__(self, memo: dict[int, Any]) -> Debt:
        return self.__copy__()


ABOUT_FIELD = {"rent": "deed", "auction": "deed", "interest": "deed",
                "building_auction": "deed", "buy_out": "deed", "tax": "space", "card": "card"}
"""Which field of a payment's event holds what its reason is about."""


def payment_about(debt: Debt) -> tuple[int, int, tuple[int, int]]:
    """(deed, space, card) of a payment's event: what its reason is about (the deed, the tax
    space, the deck), -1 where it is about none."""
    return about(debt.reason, debt.target)


def about(reason: str, t: int) -> tuple[int, int, tuple[int, int]]:
    """(deed, space, card) of a payment for ``reason`` about the thing ``t`` (``Debt.target``)."""
    if t >= 0:
        name = ABOUT_FIELD.get(reason, "")
        if name == "deed":
            return t, -1, (-1, -1)
        if name == "space":
            return -1, t, (-1, -1)
        if name == "card":
            return -1, -1, (t, -1)
    return -1, -1, (-1, -1)


@dataclass(slots=True)
class Claim:
    """Rent an owner may ask for (the 'owner must ask' option) until the next player rolls, or
    the second player after the payer (``rules.rent_claim_window``: ``live_claims``)."""

    owner: int
    payer: int
    amount: int
    deed: int
    turn: int = -1
    """The player-turn (``GameState.turns``) the rent fell due in; -1 in a save made before
    claims kept it (such a claim closes at the next roll by another player)."""


def live_claims(st: GameState, window: int, roller: int) -> list[Claim]:
    """The claims still open when ``roller`` rolls the dice: a claim closes when the player
    ``window`` turns after the payer's rolls ("before the next player rolls": 1; "before the
    second player following throws the dice": 2), or at any roll after that. Rolls of the turn
    the rent fell due in (the payer's doubles) close none."""
    turns = st.turns
    return [c for c in st.claims
            if (turns - c.turn < window if c.turn >= 0 else c.payer == roller)]


@dataclass(slots=True, unsafe_hash=True)
class TradeOffer:
    """A deal between two players: deeds, cash, Get Out of Jail Free cards and any other kept
    cards (a mechanic's, such as Item cards) each way.

    Read-only by convention, with ``__init__`` written out, as ``actions.Action`` (built
    natively when compiled); offers compare and hash by value."""

    proposer: int
    partner: int
    give_deeds: tuple[int, ...] = ()
    take_deeds: tuple[int, ...] = ()
    give_cash: int = 0
    take_cash: int = 0
    give_cards: int = 0
    take_cards: int = 0
    give_kept: tuple[tuple[int, int], ...] = ()
    """Cards a mechanic keeps for its players (Item cards), as (deck, card), handed over."""
    take_kept: tuple[tuple[int, int], ...] = ()

    def __init__(self, proposer: int, partner: int, give_deeds: tuple[int, ...] = (),
                 take_deeds: tuple[int, ...] = (), give_cash: int = 0, take_cash: int = 0,
                 give_cards: int = 0, take_cards: int = 0,
                 give_kept: tuple[tuple[int, int], ...] = (),
                 take_kept: tuple[tuple[int, int], ...] = ()) -> None:
        self.proposer = proposer
        self.partner = partner
        self.give_deeds = give_deeds
        self.take_deeds = take_deeds
        self.give_cash = give_cash
        self.take_cash = take_cash
        self.give_cards = give_cards
        self.take_cards = take_cards
        self.give_kept = give_kept
        self.take_kept = take_kept

    # copy and deepcopy make a new one by this __init__ (compiled, the class has no __dict__
    # to fill, and making one with no arguments calls __init__ without them); the fields'
    # values are immutable, so a copy shares them
    def __copy__(self) -> TradeOffer:
        return TradeOffer(self.proposer, self.partner, self.give_deeds, self.take_deeds,
                          self.give_cash, self.take_cash, self.give_cards, self.take_cards,
                          self.give_kept, self.take_kept)

    def __deepcopy__(self, memo: dict[int, Any]) -> TradeOffer:
        return self.__copy__()


@dataclass(slots=True)
class MortgagedTransfer:
    """A mortgaged deed that changed hands: its new owner pays interest now or lifts it."""

    player: int
    deed: int

    def __init__(self, player: int, deed: int) -> None:  # (built natively when compiled)
        self.player = player
        self.deed = deed

    # copy and deepcopy make a new one by this __init__ (compiled, the class has no __dict__
    # to fill, and making one with no arguments calls __init__ without them); the fields'
    # values are immutable, so a copy shares them
    def __copy__(self) -> MortgagedTransfer:
        return MortgagedTransfer(self.player, self.deed)

    def __deepcopy__(self, memo: dict[int, Any]) -> MortgagedTransfer:
        return MortgagedTransfer(self.player, self.deed)


@dataclass(slots=True)
class GameState:
    players: list[Player]
    owner: list[int]
    """Per deed: the owning player, or -1 for the bank."""
    buildings: list[int]
    """Per deed: 0..houses_per_hotel houses, or houses_per_hotel + 1 for a hotel (the rules'
    count; where they stand: ``placed``)."""
    mortgaged: list[bool]
    bank_houses: int
    bank_hotels: int
    decks: list[list[int]]
    """Per deck: card indices, the top first."""
    placed: list[int] = field(default_factory=list)
    """Per space: the buildings standing on it, counted as ``buildings`` counts them; a deed's
    versions together hold its count (``engine.buildings``)."""
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
    frames: list[Frame] = field(default_factory=list)
    """The decisions and steps under way, the one on top deciding next (``engine.frames``)."""
    claims: list[Claim] = field(default_factory=list)
    pot: int = 0
    bank_net: int = 0
    """Money the bank has paid out minus what it has taken in (the ledger's balance)."""
    starting_total: int = 0
    over: bool = False
    winner: int = -1
    end_reason: str = ""
    ranking: list[int] = field(default_factory=list)
    ranked_by: str = ""
    """What decided the ranking (and so the winner), as the ending ranked the players: one of
    ``RANKED_BY`` (net worth, cash, deeds held, or how long each lasted)."""
    landings: list[int] = field(default_factory=list)
    """How often each space was landed on (for statistics)."""
    last_card: tuple[int, int] = (-1, -1)
    mech: dict[str, MechanicState] = field(default_factory=dict)
    """Each switched-on mechanic's own state, by the mechanic's name."""


RANKED_BY_WORTH = "worth"
"""Ranked by net worth (``property.valuation``): the richest when the game is called."""
RANKED_BY_CASH = "cash"
"""Ranked by cash alone (D&D's "count up your gold", the Ring's end of the track)."""
RANKED_BY_DEEDS = "deeds"
"""Ranked by the deeds held (one player owns them all; the others by how many they hold)."""
RANKED_BY_LASTING = "lasting"
"""Ranked by how long each lasted: the last player not bankrupt first, the last out next."""
RANKED_BY = (RANKED_BY_WORTH, RANKED_BY_CASH, RANKED_BY_DEEDS, RANKED_BY_LASTING)
"""What an ending may rank the players by (``GameState.ranked_by``)."""


def close_decisions(st: GameState) -> None:
    """Leave nothing waiting: no frame (auction, debt, trade offer, mortgaged deed to settle,
    deed to buy, tax to choose, building to place, move under way) is left."""
    st.frames = []


def copy_state(st: GameState) -> GameState:
    """An independent copy of a state, its random generator included: what a computer player
    that looks ahead plays on, leaving the real game untouched. (The compiled engine's objects
    cannot be deep-copied; this copies field by field.)

    Written out for the fields a rollout copies at every sampled future (the players, the
    board's lists, the generator); the frames, claims and mechanics' states, often empty, by
    the generic ``_copy``. ``tests/test_copy.py`` checks every field of ``GameState`` and
    ``Player`` is copied (a new field must be added here)."""
    return GameState(
        players=[copy_player(p) for p in st.players],
        owner=st.owner.copy(),
        buildings=st.buildings.copy(),
        mortgaged=st.mortgaged.copy(),
        bank_houses=st.bank_houses,
        bank_hotels=st.bank_hotels,
        decks=[d.copy() for d in st.decks],
        placed=st.placed.copy(),
        rng=copy_rng(st.rng),
        current=st.current,
        first_player=st.first_player,
        stage=st.stage,
        again=st.again,
        doubles=st.doubles,
        last_roll=st.last_roll,
        rounds=st.rounds,
        turns=st.turns,
        decisions=st.decisions,
        frames=[_copy(f) for f in st.frames] if st.frames else [],
        claims=[_copy(c) for c in st.claims] if st.claims else [],
        pot=st.pot,
        bank_net=st.bank_net,
        starting_total=st.starting_total,
        over=st.over,
        winner=st.winner,
        end_reason=st.end_reason,
        ranking=st.ranking.copy(),
        ranked_by=st.ranked_by,
        landings=st.landings.copy(),
        last_card=st.last_card,
        mech={k: _copy(v) for k, v in st.mech.items()} if st.mech else {},
    )


def copy_player(p: Player) -> Player:
    """An independent copy of a player (its cards are (deck, card) tuples, shared)."""
    return Player(name=p.name, token=p.token, cash=p.cash, position=p.position,
                  in_jail=p.in_jail, jail_turns=p.jail_turns, status=p.status,
                  cards=p.cards.copy(), bankruptcies=p.bankruptcies)


def copy_rng(rng: random.Random) -> random.Random:
    """A generator in the same state as ``rng``: made without seeding (``random.Random()``
    seeds itself from the system's entropy, then ``setstate`` overwrites it: twice the work)."""
    copied = random.Random.__new__(type(rng))
    copied.setstate(rng.getstate())
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
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, random.Random):
        return copy_rng(value)
    if is_dataclass(value) and not isinstance(value, type):
        cls: Any = type(value)
        params = getattr(cls, "__dataclass_params__", None)
        if params is not None and params.frozen:
            return value
        return cls(**{f.name: _copy(getattr(value, f.name)) for f in fields(value)})
    raise TypeError(f"cannot copy a {type(value).__name__} in the game state")
