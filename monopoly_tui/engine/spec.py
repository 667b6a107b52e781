"""The edition as the engine sees it: plain, frozen, index-based data.

The pydantic models in ``monopoly_tui.rules`` are for authors; ``monopoly_tui.rules.compile``
turns a validated ruleset into this ``Spec``. The engine reads only this, so it never imports
pydantic or YAML, and every lookup on the hot path is a list index.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any, Final

from monopoly_tui.engine.frame import MechanicConfig

# Space kinds
GO: Final = "go"
STREET: Final = "street"
COUNT_RENT: Final = "count_rent"
DICE_RENT: Final = "dice_rent"
JAIL: Final = "jail"
GO_TO_JAIL: Final = "go_to_jail"
FREE_PARKING: Final = "free_parking"
CARDS: Final = "cards"
TAX: Final = "tax"
LOCATION: Final = "location"
"""A location to secure (its deed's kind too): the Adventure mechanics' own."""
PORTAL: Final = "portal"
PROPERTY_KINDS: Final = frozenset({STREET, COUNT_RENT, DICE_RENT})

# What the engine can hold (``rules.models.engine_limits`` refuses a ruleset over them)
MAX_DECK_CARDS: Final = 1000
"""The most cards one deck holds, every copy counted, and for the deck the Dungeon Master's
monsters are shuffled into, every one of them too: a monster card rides on its check as
``deck * MAX_DECK_CARDS + card`` (``mechanics.dnd_cards.card_code``), so a card at 1000 or
more would be read back as a card of the next deck."""
MAX_SPACES: Final = 65_535
"""The most spaces a board has: a bot's shared choices are keyed by their target (a deed,
at most one for each space) in 16 bits (``bots.base.simple_action``)."""


@dataclass(frozen=True, slots=True)
class SpaceSpec:
    index: int
    id: str
    name: str
    short: str
    kind: str
    deed: int = -1
    """The deed this space belongs to, or -1."""
    deck: int = -1
    tax_amount: int = 0
    tax_percent: int = 0


@dataclass(frozen=True, slots=True)
class DeedSpec:
    index: int
    id: str
    name: str
    kind: str
    group: int
    spaces: tuple[int, ...]
    """Every space that shows this deed (more than one where an edition has versions)."""
    price: int
    mortgage: int
    rent: tuple[int, ...] = ()
    """Streets: unimproved, with 1..N houses, with a hotel."""
    house_cost: int = 0
    hotel_cost: int = 0
    rent_alone: int = -1


@dataclass(frozen=True, slots=True)
class DiceRentSpec:
    new_roll: bool
    dice: int
    multiplier: int


@dataclass(frozen=True, slots=True)
class GroupSpec:
    index: int
    id: str
    name: str
    color: str
    kind: str
    deeds: tuple[int, ...]
    rent_by_count: tuple[int, ...] = ()
    dice_rent: tuple[DiceRentSpec, ...] = ()


# Card effect kinds
MOVE_TO: Final = "move_to"
MOVE_TO_NEAREST: Final = "move_to_nearest"
MOVE_BY: Final = "move_by"
COLLECT: Final = "collect"
PAY: Final = "pay"
COLLECT_FROM_EACH: Final = "collect_from_each"
PAY_EACH: Final = "pay_each"
REPAIRS: Final = "repairs"
GO_TO_JAIL_CARD: Final = "go_to_jail"
GET_OUT_OF_JAIL_FREE: Final = "get_out_of_jail_free"
# ... of the Adventure mechanics (their effects are registered by those mechanics)
ITEM: Final = "item"
MONSTER: Final = "monster"
LOSE_ITEM: Final = "lose_item"
LOSE_ALL_ITEMS: Final = "lose_all_items"
DRAW: Final = "draw"
COLLECT_PER_LOCATION: Final = "collect_per_location"
MOVE_TO_NEXT: Final = "move_to_next"
MOVE_AHEAD_TO: Final = "move_ahead_to"
"""Forward to the next space ahead of a kind (``space_kind``), or the next version of the deed
of the space ``target``."""


@dataclass(frozen=True, slots=True)
class CardSpec:
    text: str
    kind: str
    target: int = -1
    group: int = -1
    amount: int = 0
    steps: int = 0
    per_house: int = 0
    per_hotel: int = 0
    rent_multiplier: int = 1
    dice_multiplier: int = 0
    salary: bool = True
    reroll: bool = False
    """An item that rolls the check die again (an item that adds has its ``amount``)."""
    check: int = 0
    """A monster's target on the check die."""
    lose_kind: str = ""
    """What losing to a monster costs: ``pay`` (``lose_amount``), ``go_to_jail``,
    ``lose_item``, ``lose_all_items``."""
    lose_amount: int = 0
    deck: int = -1
    """The deck a ``draw`` draws from."""
    space_kind: str = ""
    """The kind of space a ``move_to_next`` goes to (``portal``, ``location``)."""
    unsecured: bool = False
    """A ``move_to_next`` location: the next one nobody has secured."""


@dataclass(frozen=True, slots=True)
class DeckSpec:
    index: int
    id: str
    name: str
    cards: tuple[CardSpec, ...]
    """One entry per physical card (copies expanded)."""
    a_card: str = ""
    """One card of the deck in a line ('an AFC card'); empty: 'a <name> card'."""

    @property
    def one_card(self) -> str:
        """One card of the deck, with its article: 'a Chance card', 'an AFC card'."""
        return self.a_card or f"a {self.name} card"


@dataclass(frozen=True, slots=True)
class DiceSpec:
    """A set of dice of one kind: how many are rolled together, and each face's value, label
    and mark (the Eye's face counts 0 and is marked ``eye``)."""

    count: int
    values: tuple[int, ...]
    labels: tuple[str, ...]
    marks: tuple[str, ...]
    doubles: bool = True
    name: str = "dice"
    """The dice's name: ``dice`` for the movement dice; a mechanic names its own."""


@dataclass(frozen=True, slots=True)
class RulesSpec:
    """The rule switches, as in the ruleset's ``rules`` block (see the models for meaning)."""

    salary: int = 200
    go_landing_bonus: int = 0
    trade_any_time: bool = False
    """Trades may be proposed while a mechanic's decision waits (``frames.trade_allowed``)."""
    salary_on_landing_back: bool = False
    """A move back that ends on GO pays the salary too (only a forward move does otherwise)."""
    jail_fine: int = 50
    jail_max_turns: int = 3
    jail_exit_next_turn: bool = False
    jail_roll_for_doubles: bool = True
    jail_fine_turns: int = 0
    """The turns in jail on which the fine may be paid before rolling; 0: every turn."""
    jail_leave_on_face: int = 0
    """A roll showing this face frees a prisoner (the roll moves them); 0: no such face."""
    jail_last_try: str = "pay_and_move"
    """After the last try without getting out: ``pay_and_move`` (by that roll) or
    ``pay_and_roll_again`` (pay, then roll again and move)."""
    doubles_to_jail: int = 3
    auctions: bool = True
    auction_min_bid: int = 1
    auction_pass_final: bool = False
    building_auction_opening: str = "cost"
    mortgage_interest_percent: int = 10
    mortgage_transfer_interest: bool = True
    half_rounding: str = "down"
    houses_per_hotel: int = 4
    building_supply_houses: int = 32
    building_supply_hotels: int = 12
    building_sell_percent: int = 50
    rent_collection: str = "automatic"
    first_player: str = "highest_roll"
    deal_deeds: int = 0
    dealt_deeds_paid: bool = False
    free_parking_jackpot: bool = False
    free_parking_seed: int = 0
    no_rent_in_jail: bool = False
    rent_claim_window: int = 1
    """Under 'owner must ask': the claim lasts until this player after the payer rolls."""
    deals_while_buying: bool = False
    """A player deciding to buy (or buy out) may make deals first to raise the price."""
    end: str = "last_standing"
    turn_limit: int = 0
    time_call: bool = False
    income_tax_flat: bool = False
    set_rent_despite_mortgage: bool = False
    even_building: bool = True
    building_scope: str = "group"
    build_on_own_turn: bool = False
    bankrupt_stays_in: bool = False
    jail_fine_to_pot: bool = True

    def with_overrides(self, overrides: dict[str, Any]) -> RulesSpec:
        """These rules with some switches changed (a variant or a house rule)."""
        flat: dict[str, Any] = {}
        for key, value in overrides.items():
            if key == "building_supply" and isinstance(value, dict):
                if "houses" in value:
                    flat["building_supply_houses"] = value["houses"]
                if "hotels" in value:
                    flat["building_supply_hotels"] = value["hotels"]
            elif key == "turn_limit" and value is None:
                flat[key] = 0
            else:
                flat[key] = value
        names = {f.name for f in fields(self)}
        unknown = sorted(set(flat) - names)
        if unknown:
            raise KeyError(f"unknown rule switch: {', '.join(unknown)}")
        return replace(self, **flat)


@dataclass(frozen=True, slots=True)
class Vocab:
    """The edition's words."""

    money_format: str = "${amount}"
    money_format_one: str = ""
    """An amount of exactly 1, where it is written otherwise (a singular name); '': as the
    others."""
    currency: str = "dollars"
    house: str = "house"
    houses: str = "houses"
    hotel: str = "hotel"
    hotels: str = "hotels"
    go: str = "GO"
    jail: str = "Jail"
    just_visiting: str = "Just Visiting"
    bank: str = "Bank"
    salary: str = "salary"
    deed: str = "title deed"
    deeds: str = "title deeds"
    get_out_of_jail_free: str = "Get Out of Jail Free"
    mortgage: str = "mortgage"
    house_article: str = "a"
    hotel_article: str = "a"
    mortgage_article: str = "a"
    # the Adventure mechanics' words
    location: str = "location"
    locations: str = "locations"
    secure: str = "secure"
    secured: str = "secured"
    unsecured: str = "unsecured"
    tax: str = "tax"
    adventure: str = "Adventure card"
    close_to_death: str = "close to death"
    revive: str = "revive"
    critical_fail: str = "Critical Fail"
    critical_success: str = "Critical Success"
    item: str = "Item card"
    portal: str = "Portal"
    character: str = "character"
    # the versions' and the buy-out's words
    version: str = "version"
    buy_out: str = "buy out"
    pot: str = "the pot"

    def money(self, amount: int) -> str:
        """An amount in the edition's money format ('$200'), or its format for exactly 1
        where it has one (a singular name)."""
        form = self.money_format_one if amount == 1 and self.money_format_one else \
            self.money_format
        return form.replace("{amount}", f"{amount:,}")

    def salary_of(self, amount: int) -> str:
        """The GO salary as an amount: '$200 salary'; when the salary's name already says the
        money ('GO gold'), the amount alone ('40 gold', not '40 gold GO gold')."""
        money = self.money(amount)
        if self.currency and self.currency.lower() in self.salary.lower().split():
            return money
        return f"{money} {self.salary}"

    @property
    def a_house(self) -> str:
        """One house with its article: 'a house', 'an Outpost'."""
        return f"{self.house_article} {self.house}"

    @property
    def a_hotel(self) -> str:
        """One hotel with its article: 'a hotel', 'a Keep'."""
        return f"{self.hotel_article} {self.hotel}"

    @property
    def a_mortgage(self) -> str:
        """'a mortgage', in the edition's word."""
        return f"{self.mortgage_article} {self.mortgage}"


@dataclass(frozen=True, slots=True)
class VariantSpec:
    id: str
    name: str
    description: str
    overrides: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Spec:
    """Everything the engine needs to know about an edition."""

    id: str
    name: str
    year: int
    description: str
    players_min: int
    players_max: int
    tokens: tuple[str, ...]
    starting_money: int
    dice: DiceSpec
    rules: RulesSpec
    vocab: Vocab
    spaces: tuple[SpaceSpec, ...]
    deeds: tuple[DeedSpec, ...]
    groups: tuple[GroupSpec, ...]
    decks: tuple[DeckSpec, ...]
    variants: tuple[VariantSpec, ...] = ()
    options: tuple[VariantSpec, ...] = ()
    """Rules the rulebook prints that players may choose at setup, alone or with a variant
    (e.g. 'owners must ask for rent')."""
    content_hash: str = ""
    earlier_hashes: tuple[str, ...] = ()
    """Content hashes of this edition's earlier rulesets that play the same (only words
    changed since, as a space's short name): a game saved under one is the same game today."""
    jail_space: int = -1
    go_space: int = 0
    mechanics: dict[str, MechanicConfig] = field(default_factory=dict, hash=False)
    """The mechanics the edition switches on (``engine.mechanics``), by name, each with its
    numbers and words (the Ring's ``RingSpec``...)."""
    extra_dice: tuple[DiceSpec, ...] = ()
    """Dice besides the movement dice, each named (a mechanic's own die)."""
    coin: int = 0
    """The smallest coin (0: any amount): every sum of money is a multiple of it, so gold
    traded is too."""
    # derived lookups (filled by __post_init__)
    space_by_id: dict[str, int] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        self.space_by_id.clear()
        self.space_by_id.update({s.id: s.index for s in self.spaces})

    @property
    def size(self) -> int:
        return len(self.spaces)

    def variant(self, variant_id: str) -> VariantSpec:
        """A game's variant: one of the edition's variants, any of its options, or a variant
        and options joined by '+' ('time-limit+owners-ask'): their rule switches in that order,
        the options' last."""
        parts = variant_id.split("+")
        chosen = [self._overlay(part) for part in parts]
        if len(chosen) == 1:
            return chosen[0]
        if sum(1 for v in chosen if v in self.variants) > 1:
            raise KeyError(f"'{variant_id}': a game has one variant at most")
        chosen.sort(key=lambda v: v not in self.variants)  # the variant first, then options
        overrides: dict[str, Any] = {}
        for v in chosen:
            overrides.update(v.overrides)
        return VariantSpec(
            "+".join(v.id for v in chosen),
            " + ".join(v.name for v in chosen),
            " ".join(v.description for v in chosen if v.description),
            overrides,
        )

    def _overlay(self, overlay_id: str) -> VariantSpec:
        for v in (*self.variants, *self.options):
            if v.id == overlay_id:
                return v
        known = ", ".join(v.id for v in self.variants) or "none"
        options = ", ".join(v.id for v in self.options)
        also = f"; options: {options}" if options else ""
        raise KeyError(f"edition '{self.id}' has no variant '{overlay_id}' (variants: {known}"
                       f"{also})")

    def die(self, name: str) -> DiceSpec:
        """The dice of this name (``dice``: the movement dice)."""
        if name == self.dice.name:
            return self.dice
        for d in self.extra_dice:
            if d.name == name:
                return d
        raise KeyError(f"edition '{self.id}' has no dice named '{name}'")

    def with_rules(self, rules: RulesSpec) -> Spec:
        return replace(self, rules=rules, space_by_id={})


def jails_ahead(spec: Spec) -> list[int]:
    """Per space, where Go to Jail sends a player standing there: the next In Jail space ahead
    ("Move your token to the next In Jail space"), the one jail of a board with one."""
    jails = [sp.index for sp in spec.spaces if sp.kind == JAIL]
    if len(jails) < 2:
        return [spec.jail_space] * spec.size
    size = spec.size
    return [min(jails, key=lambda j: (j - pos) % size or size) for pos in range(size)]
