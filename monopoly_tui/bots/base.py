"""What every bot shares: the ``Bot`` protocol, the board facts bots reason with, and the
limit on extra choices per decision.

A bot is asked for the decision its seat owes (``game.waiting_for`` names the seat). It answers
with one of the pending decision's choices, or with a choice open "at any time" (build, sell,
mortgage, lift a mortgage, propose a trade) before it makes the decision. It is asked again
after each such extra choice, so a bot limits itself: at most ``MAX_EXTRAS`` voluntary extra
choices per decision. Raising cash for a debt is not voluntary and is not limited that way, but
it always ends: every sale or mortgage lowers what is left to raise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Protocol

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import ANYTIME, Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import LOCATION, STREET, Spec
from monopoly_tui.engine.state import GameState

MAX_EXTRAS: Final = 4
"""Voluntary at-any-time choices a bot may make before one decision."""


class NoChoiceError(Exception):
    """The game waits for a decision that has no legal choice (an engine fault)."""


class Bot(Protocol):
    """A computer player for one seat. (Not ``runtime_checkable``: mypyc, which can compile
    the bots, does not support it.)"""

    name: str

    def choose(self, game: Game, player: int) -> Action:
        """The choice for the decision ``player`` owes now (``game.waiting_for``): one of its
        legal choices, or a legal at-any-time choice to make first."""
        ...


class DecidingBot:
    """The base of the built-in bots: ``decide`` answers for a caller that has read
    ``game.waiting_for`` already, and ``choose`` reads it and checks the seat first. A
    simulation calls ``decide`` of such a bot directly (compiled, a native call: no Python
    call and no parsing of its arguments at each decision)."""

    def choose(self, game: Game, player: int) -> Action:
        """The bot's choice for the decision ``player`` owes now."""
        kind, who = game.waiting_for
        if who != player:
            raise ValueError(f"player {player} has no decision to make ({kind} is {who}'s)")
        return self.decide(game, kind, player)

    def decide(self, game: Game, kind: str, player: int) -> Action:
        """``choose`` for a caller that has just read ``game.waiting_for`` (``kind`` and
        ``player`` must be what it says)."""
        raise NotImplementedError


def decider(bot: Bot) -> Callable[[Game, str, int], Action]:
    """A call ``(game, kind, player) -> Action`` for a caller that has read
    ``game.waiting_for`` already: the bot's ``decide`` when it has one (it skips reading it
    again), else its ``choose``."""
    if isinstance(bot, DecidingBot):
        return bot.decide
    decide: Callable[[Game, str, int], Action] | None = getattr(bot, "decide", None)
    if decide is not None:
        return decide

    def via_choose(game: Game, kind: str, player: int) -> Action:
        return bot.choose(game, player)

    return via_choose


class Board:
    """Facts about an edition's deeds that bots look up at every decision, computed once."""

    __slots__ = (
        "base_reserve",
        "count_groups",
        "group_deeds",
        "group_of",
        "group_price",
        "hotel_cost",
        "house_cost",
        "is_street",
        "level_rent",
        "mortgage",
        "price",
        "rents",
        "rents_any",
        "rents_best",
        "rents_buildings",
        "rents_owner",
        "seats",
        "set_bonus",
        "set_groups",
        "spec",
        "street_groups",
        "top",
        "trade_price",
        "unmortgage_cost",
        "unmortgaged",
    )

    def __init__(self, spec: Spec) -> None:
        from monopoly_tui.engine import property as P

        self.spec = spec
        self.top = P.hotel_level(spec)
        deeds = spec.deeds
        self.group_of = [d.group for d in deeds]
        self.group_deeds = [g.deeds for g in spec.groups]
        self.is_street = [d.kind == STREET for d in deeds]
        self.price = [d.price for d in deeds]
        self.mortgage = [d.mortgage for d in deeds]
        self.unmortgage_cost = [P.unmortgage_cost(spec, d.index) for d in deeds]
        self.house_cost = [d.house_cost for d in deeds]
        self.hotel_cost = [d.hotel_cost for d in deeds]
        self.rents = [d.rent for d in deeds]
        self.street_groups = [g.index for g in spec.groups if g.kind == STREET and g.deeds]
        self.set_groups = [g.index for g in spec.groups if g.kind in SET_KINDS and g.deeds]
        """The groups whose whole doubles each deed's rent: colour groups of streets, and
        pairs of locations (their tax doubles for the pair)."""
        self.count_groups = [g.index for g in spec.groups if g.kind not in SET_KINDS
                             and g.deeds]
        self.trade_price = [max(d.price, acquiring_cost(spec, d.index)) for d in deeds]
        """What a deed is worth in a trade: its printed price, or, where the edition's rules
        make getting one from the bank cost more (a location secured by paying its Adventure
        card's price), that cost: nobody sensible sells for less what they could not get
        back for less."""
        self.group_price = [sum(deeds[d].price for d in g.deeds) for g in spec.groups]
        self.set_bonus = [
            sum(self.trade_price[d] for d in g.deeds) if g.kind in SET_KINDS else 0
            for g in spec.groups
        ]
        """What completing a group is worth on top of its deeds' trade prices: owning the
        whole group doubles the rent (and opens building on streets), so bots count it as the
        group's trade price again."""
        self.base_reserve = spec.starting_money // 20
        self.level_rent = [
            [self.rent_at(d.index, level, True) for level in range(self.top + 1)]
            if d.kind == STREET and d.rent else [0] * (self.top + 1)
            for d in deeds
        ]
        """Per street, the rent at each building level with the whole group held (a table, so
        the bots' scans at every turn are list lookups)."""
        self.seats = spec.players_max
        """The most players a game of the edition has."""
        self.rents_buildings: list[int] = []
        self.rents_owner: list[int] = []
        self.rents_best: list[int] = []
        """Per player, the highest rent their buildings charge, for the buildings and owners
        in ``rents_buildings`` and ``rents_owner`` (``count_rents``), shared by every bot of
        the edition (each bot asks at almost every decision)."""
        self.rents_any = False
        """Whether anything stands in ``rents_buildings``: when nothing does, every rent is 0
        whoever owns what, and ``rents_owner`` is not read."""
        self.unmortgaged = [False] * len(deeds)
        """Every deed's "mortgaged" flag unset: a state's ``mortgaged`` equals it when nothing
        is mortgaged (a list comparison, C speed compiled or not)."""

    def count_rents(self, buildings: list[int], owner: list[int]) -> None:
        """Count ``rents_best`` again, for these buildings and owners: per player, the
        highest rent one of their built streets charges. (A bot counts again when the
        buildings changed, or, while something stands, the owners.)"""
        best = [0] * self.seats
        level_rent = self.level_rent
        built = False
        for d, level in enumerate(buildings):
            if level:
                built = True
                o = owner[d]
                if o >= 0:
                    rent = level_rent[d][level]
                    if rent > best[o]:
                        best[o] = rent
        self.rents_buildings = buildings.copy()
        self.rents_owner = owner.copy()
        self.rents_best = best
        self.rents_any = built

    @classmethod
    def of(cls, spec: Spec) -> Board:
        """The board of an edition, shared by the bots of every game of it (the last few
        editions are kept)."""
        key = id(spec)
        hit = _BOARDS.get(key)
        if hit is not None and hit[0] is spec:
            return hit[1]
        board = cls(spec)
        if len(_BOARDS) >= 8:
            del _BOARDS[next(iter(_BOARDS))]
        _BOARDS[key] = (spec, board)
        return board

    def rent_at(self, deed: int, level: int, full: bool) -> int:
        """A street's rent at a building level (0 = unimproved, doubled when ``full``)."""
        rent = self.rents[deed]
        if level == 0:
            return rent[0] * 2 if full else rent[0]
        if level >= self.top:
            return rent[-1]
        return rent[level]

    def step_cost(self, deed: int, level: int) -> int:
        """What the next building on a street at ``level`` costs."""
        return self.hotel_cost[deed] if level + 1 == self.top else self.house_cost[deed]

    def holdings_value(self, owner: list[int], mortgaged: list[bool], player: int) -> int:
        """How much a player's deeds are worth to a bot: each deed's trade price (less the
        cost of lifting its mortgage), plus the group's trade price again for each whole group
        whose rent it doubles (``set_bonus``), plus a quarter of the price per extra deed of a
        count-rent or dice-rent group held."""
        total = 0
        price, lift = self.trade_price, self.unmortgage_cost
        for d, o in enumerate(owner):
            if o == player:
                total += price[d] - lift[d] if mortgaged[d] else price[d]
        for g in self.set_groups:
            if all(owner[d] == player for d in self.group_deeds[g]):
                total += self.set_bonus[g]
        for g in self.count_groups:
            held = [d for d in self.group_deeds[g] if owner[d] == player]
            if len(held) > 1:
                total += sum(price[d] for d in held) * (len(held) - 1) // 4
        return total

    def completes_for(self, owner: list[int], player: int, deed: int) -> bool:
        """Whether getting ``deed`` would give ``player`` a whole colour group."""
        g = self.group_of[deed]
        if not self.is_street[deed]:
            return False
        return all(owner[d] == player for d in self.group_deeds[g] if d != deed)

    def blocks(self, owner: list[int], player: int, deed: int) -> bool:
        """Whether one other player holds every other deed of ``deed``'s colour group, so that
        ``player`` getting it keeps that player from the whole group."""
        if not self.is_street[deed]:
            return False
        others = [owner[d] for d in self.group_deeds[self.group_of[deed]] if d != deed]
        return bool(others) and others[0] >= 0 and others[0] != player and all(
            o == others[0] for o in others
        )


SET_KINDS: Final = (STREET, LOCATION)
"""Group kinds whose whole doubles the rent of each deed (``property.rent_due``)."""

AcquiringCost = Callable[[Spec, int], int]
"""(an edition, a deed) -> what its rules charge to get that deed from the bank other than
buying it at its printed price (0: nothing else)."""

ACQUIRING_COSTS: list[AcquiringCost] = []
"""The mechanics' ways of getting a deed from the bank, registered by the bots' modules of
those mechanics (``bots.dnd_choice``: a location's Adventure card price)."""


KeptCardWorth = Callable[[Game, int, tuple[int, int]], int | None]
"""(a game, the player holding it, a kept card as (deck, card)) -> what the card is worth to
its holder, or None when the rule registering it does not know the card."""

KEPT_CARD_WORTHS: list[KeptCardWorth] = []
"""The mechanics' kept cards (Dungeons & Dragons' Item cards), valued for trades by the bots'
modules of those mechanics (``bots.dnd_choice``)."""


def kept_card_worth(game: Game, player: int, held: tuple[int, int]) -> int:
    """What a kept card is worth in a trade by the first registered rule that knows it; a
    card none knows counts as the jail fine (the worth of the kept card every edition has)."""
    for worth in KEPT_CARD_WORTHS:
        value = worth(game, player, held)
        if value is not None:
            return value
    return game.spec.rules.jail_fine


def acquiring_cost(spec: Spec, deed: int) -> int:
    """The most any registered rule of the edition charges to get ``deed`` from the bank."""
    return max((cost(spec, deed) for cost in ACQUIRING_COSTS), default=0)


_BOARDS: Final[dict[int, tuple[Spec, Board]]] = {}
"""Boards by the id of their spec (the spec is kept with it, so the id stays its own)."""


class ExtraLimit:
    """Counts a bot's voluntary extra choices per decision.

    A decision is keyed by the turn, the doubles rolled so far and the decision's kind, so an
    auction started in the middle (a building shortage) does not reset the count of the
    decision it interrupted."""

    __slots__ = ("counts", "doubles", "turn")

    def __init__(self) -> None:
        self.turn = -1
        self.doubles = -1
        self.counts: dict[str, int] = {}

    def allowed(self, st: GameState, kind: str) -> bool:
        if st.turns != self.turn or st.doubles != self.doubles:
            self.turn = st.turns
            self.doubles = st.doubles
            self.counts.clear()
        return self.counts.get(kind, 0) < MAX_EXTRAS

    def used(self, st: GameState, kind: str) -> None:
        self.allowed(st, kind)  # starts a new count if the decision is a new one
        self.counts[kind] = self.counts.get(kind, 0) + 1


_ACTIONS: Final[dict[str, dict[int, Action]]] = {}


def simple_action(kind: str, player: int, target: int = -1) -> Action:
    """The choice ``kind`` by ``player`` on ``target``, with no amount or trade: made once and
    shared (actions are immutable), since bots make the same few choices over and over.
    The key packs the target in 16 bits: a board has at most ``MAX_SPACES`` spaces, so every
    target (a deed, a space) is below that."""
    per_kind = _ACTIONS.get(kind)
    if per_kind is None:
        per_kind = _ACTIONS[kind] = {}
    key = (player << 16) + target + 1
    a = per_kind.get(key)
    if a is None:
        a = per_kind[key] = Action(kind, player, target)
    return a


def extras_in_decision(game: Game, player: int) -> int:
    """How many at-any-time choices this seat has made since the last main choice: read from
    the game's history, so a bot made for a resumed game counts the same."""
    n = 0
    for a in reversed(game.history):
        if a.kind not in ANYTIME:
            break
        if a.player == player:
            n += 1
    return n


_M31: Final = (1 << 31) - 1


def chance(seed: int, *keys: int) -> float:
    """A number in [0, 1) fixed by the seed and the keys: each key is folded into a 31-bit
    state that is then mixed (a multiply-xorshift hash), so neighbouring keys give unrelated
    numbers.

    Bots draw their randomness from the game's position (its turn, the seat) rather than from
    a generator they carry, so a resumed game's computer players choose exactly as they would
    have without the interruption. The state stays within 31 bits and the multipliers within
    27, so every product fits a machine word: cheap in plain Python and native when compiled."""
    x = seed & _M31
    for k in keys:
        x = (x * 31 + (k & _M31) + 0x2545F491) & _M31
        x = ((x ^ (x >> 16)) * 0x45D9F3B) & _M31
        x = ((x ^ (x >> 15)) * 0x45D9F3B) & _M31
        x ^= x >> 16
    return x / 2.0**31


def proposed_this_turn(game: Game, player: int) -> bool:
    """Whether this seat has already proposed a trade since the last turn ended."""
    for a in reversed(game.history):
        if a.kind == A.A_END_TURN:
            return False
        if a.kind == A.A_PROPOSE and a.player == player:
            return True
    return False


def offers_this_turn(game: Game, player: int) -> int:
    """How many trades this seat has proposed since the last turn ended."""
    n = 0
    for a in reversed(game.history):
        if a.kind == A.A_END_TURN:
            break
        if a.kind == A.A_PROPOSE and a.player == player:
            n += 1
    return n
