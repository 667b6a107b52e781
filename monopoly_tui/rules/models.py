"""The ruleset schema: everything an edition is, as pydantic models.

A ruleset is one YAML file. These models are the contract between ruleset authors and the
engine: every model forbids unknown keys, is frozen once loaded, and the cross-field checks
(a street's group exists, a card's target exists, positions are complete) live in
``model_validator``s so that an author gets every problem at once.

Values that no source prints are marked ``designed`` (a one-line reason) wherever they stand.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from monopoly_tui.engine.spec import MAX_DECK_CARDS, MAX_SPACES

Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", description="A lowercase identifier")]
Money = Annotated[int, Field(ge=0)]
ContentHash = Annotated[str, Field(pattern=r"^[0-9a-f]{16}$",
                                   description="A ruleset's content hash (16 hex digits)")]
Designed = Annotated[
    str | None,
    Field(description="Why this value is ours: no source prints it (a one-line reason)."),
]


class Strict(BaseModel):
    """Base of every ruleset model: unknown keys are errors and loaded rules never change."""

    model_config = ConfigDict(extra="forbid", frozen=True)


# ---------------------------------------------------------------- metadata and vocabulary


class PlayerRange(Strict):
    min: int = Field(2, ge=1, le=12)
    max: int = Field(8, ge=1, le=12)

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise ValueError(f"min ({self.min}) is more than max ({self.max})")
        return self


class Vocabulary(Strict):
    """The edition's words. Every label and log line takes its words from here."""

    money_format: str = Field(
        "${amount}",
        description="How an amount is written; {amount} stands for the number, e.g. 'M{amount}'.",
    )
    money_format_one: str = Field(
        "", description="How an amount of exactly 1 is written where it differs: "
        "'{amount} Gold Dragon' (empty: as money_format).",
    )
    currency: str = Field("dollars", description="The money's name, in the plural.")
    house: str = "house"
    houses: str = "houses"
    hotel: str = "hotel"
    hotels: str = "hotels"
    house_article: str = Field(
        "a", min_length=1, description="The article before the house's word: 'an' for 'Outpost'."
    )
    hotel_article: str = Field("a", min_length=1, description="The article before the hotel's "
                               "word ('a Keep', 'an Inn').")
    go: str = "GO"
    jail: str = "Jail"
    just_visiting: str = "Just Visiting"
    bank: str = "Bank"
    salary: str = "salary"
    deed: str = "title deed"
    deeds: str = "title deeds"
    get_out_of_jail_free: str = "Get Out of Jail Free"
    mortgage: str = "mortgage"
    mortgage_article: str = Field("a", min_length=1, description="The article before the "
                                  "mortgage's word ('took a mortgage').")
    # The words of the Adventure mechanics (Dungeons & Dragons); left out of the content hash
    # while they hold these defaults (rules/compile.py, LATER_FIELDS).
    location: str = Field("location", description="A space to secure ('location').")
    locations: str = "locations"
    secure: str = Field("secure", description="The verb: 'Ann secures Waterdeep'.")
    secured: str = "secured"
    unsecured: str = "unsecured"
    tax: str = Field("tax", description="What a lander pays a secured location's owner.")
    adventure: str = Field("Adventure card", description="The card a location is secured by.")
    close_to_death: str = Field("close to death", description="A player who could not pay.")
    revive: str = "revive"
    critical_fail: str = Field("Critical Fail", description="A natural 1 on the check die.")
    critical_success: str = Field("Critical Success", description="A natural 20.")
    item: str = Field("Item card", description="A kept card that helps a check roll.")
    portal: str = "Portal"
    character: str = "character"
    # The words of the versions and the buy-out (Longest Game Ever); left out of the content
    # hash while they hold these defaults.
    version: str = Field("version", description="One of the spaces that share a title deed "
                         "('Boardwalk 2 is a version of Boardwalk').")
    buy_out: str = Field("buy out", description="The verb for a forced buy-out.")
    pot: str = Field("the pot", description="Where taxes and fees wait for a Free Parking "
                     "lander ('the middle').")

    @model_validator(mode="after")
    def _format_has_amount(self) -> Vocabulary:
        if "{amount}" not in self.money_format:
            raise ValueError("money_format must contain {amount}")
        if self.money_format_one and "{amount}" not in self.money_format_one:
            raise ValueError("money_format_one must contain {amount}")
        return self


# ---------------------------------------------------------------- dice


class DieFace(Strict):
    """One face of a die: what it counts and how it is shown."""

    value: int = Field(ge=0, description="What the face counts for movement and dice rents.")
    label: str | None = Field(None, description="Shown instead of the number, e.g. 'Eye'.")
    mark: Id | None = Field(
        None, description="A tag that mechanics look for, e.g. 'eye' for the Eye of Sauron."
    )


class Dice(Strict):
    count: int = Field(2, ge=1, le=3, description="How many dice are rolled to move.")
    faces: list[DieFace | int] = Field(
        default_factory=lambda: list[DieFace | int]([1, 2, 3, 4, 5, 6]),
        min_length=2,
        description="The faces of each die: a number, or a face with a label and a mark.",
    )
    doubles: bool = Field(True, description="Whether equal faces give another roll.")

    def face_list(self) -> list[DieFace]:
        return [f if isinstance(f, DieFace) else DieFace(value=f, label=None, mark=None)
                for f in self.faces]


class NamedDie(Strict):
    """A die besides the movement dice, named for the mechanic that rolls it (the red d20 that
    secures a location)."""

    id: Id = Field(description="The die's name, as mechanics ask for it ('red').")
    name: str = Field(description="How the die is called in labels and log lines ('red die').")
    faces: list[int] = Field(min_length=2, description="The faces' values, e.g. 1 to 20.")


# ---------------------------------------------------------------- groups and spaces


class Group(Strict):
    """A set of deeds that count together: a colour group, the railroads, the utilities."""

    id: Id
    name: str
    color: str = Field("#888888", description="A colour for the board: '#rrggbb' or a name.")
    rent_by_count: list[Money] | None = Field(
        None,
        description="Count-based rent: the rent when the owner holds 1, 2, ... of this group.",
    )
    dice_rent: list[DiceRent] | None = Field(
        None, description="Dice-based rent, by how many of this group the owner holds."
    )
    designed: Designed = None


class DiceRent(Strict):
    """Rent taken from dice: 'multiplier' times a roll."""

    roll: Literal["landing", "new"] = Field(
        "landing",
        description="'landing': the roll that brought the visitor; 'new': the visitor rolls now.",
    )
    dice: int = Field(2, ge=1, le=3, description="How many dice a new roll uses.")
    multiplier: int = Field(1, ge=1)


class SpaceBase(Strict):
    id: Id
    name: str
    short: str | None = Field(None, max_length=14, description="A short name for the board.")
    position: int | None = Field(
        None, ge=0, description="Optional: where the space stands (0 is GO); must match order."
    )
    designed: Designed = None


class PropertyBase(SpaceBase):
    group: Id
    price: Money
    mortgage: Money | None = Field(None, description="Mortgage value; half the price if absent.")
    deed: Id | None = Field(
        None,
        description="Another space whose title deed this space shares (three versions of a "
        "property on one deed).",
    )


class Street(PropertyBase):
    """A street in a colour group: its rent rises with the group and with buildings."""

    type: Literal["street"]
    rent: list[Money] = Field(
        min_length=2,
        max_length=7,
        description="Rent unimproved, with 1, 2, 3, 4 houses, and with a hotel.",
    )
    house_cost: Money
    hotel_cost: Money | None = Field(None, description="Hotel cost; the house cost if absent.")


class CountRent(PropertyBase):
    """A property whose rent is set by how many of its group the owner holds (railroads)."""

    type: Literal["count_rent"]
    rent_alone: Money | None = Field(
        None, description="This deed's own rent when its owner holds only it, if it differs."
    )


class DiceRentProperty(PropertyBase):
    """A property whose rent is taken from dice (utilities)."""

    type: Literal["dice_rent"]


class Go(SpaceBase):
    type: Literal["go"]


class Jail(SpaceBase):
    type: Literal["jail"]


class GoToJail(SpaceBase):
    type: Literal["go_to_jail"]


class FreeParking(SpaceBase):
    type: Literal["free_parking"]


class CardSpace(SpaceBase):
    type: Literal["cards"]
    deck: Id


class Tax(SpaceBase):
    """Pay the bank: a flat amount, or (when percent is set) the flat amount or a percentage
    of total worth, chosen before counting."""

    type: Literal["tax"]
    amount: Money
    percent: int | None = Field(None, ge=1, le=100)


class Location(SpaceBase):
    """A location to secure (Dungeons & Dragons): its first lander pays ``amount`` to the bank
    and reveals its Adventure card; once secured, a lander pays its owner ``amount`` as tax,
    double when the owner holds the whole pair."""

    type: Literal["location"]
    group: Id
    amount: Money = Field(description="The printed amount: the first lander's fee, then the tax.")
    adventure: Id = Field(description="The id of the location's Adventure card (adventures).")


class Portal(SpaceBase):
    """A Portal: move to any location up to the next Portal (the ``portals`` block)."""

    type: Literal["portal"]


Space = Annotated[
    Street | CountRent | DiceRentProperty | Go | Jail | GoToJail | FreeParking | CardSpace | Tax
    | Location | Portal,
    Field(discriminator="type"),
]
PROPERTY_TYPES = (Street, CountRent, DiceRentProperty)


# ---------------------------------------------------------------- cards


class MoveTo(Strict):
    """Advance to a named space; passing GO pays the salary unless 'salary' is false."""

    type: Literal["move_to"]
    target: Id
    salary: bool = True


class MoveToNearest(Strict):
    """Advance to the nearest space of a group; if owned, pay a special rent."""

    type: Literal["move_to_nearest"]
    group: Id
    rent_multiplier: int = Field(1, ge=1, description="Times the normal rent (2 for railroads).")
    dice_multiplier: int | None = Field(
        None, description="If set: roll the dice and pay this many times the roll."
    )


class MoveBy(Strict):
    """Move a number of spaces: negative goes back. Going back never passes GO."""

    type: Literal["move_by"]
    steps: int


class Collect(Strict):
    type: Literal["collect"]
    amount: Money


class Pay(Strict):
    type: Literal["pay"]
    amount: Money


class CollectFromEach(Strict):
    type: Literal["collect_from_each"]
    amount: Money


class PayEach(Strict):
    type: Literal["pay_each"]
    amount: Money


class Repairs(Strict):
    type: Literal["repairs"]
    per_house: Money
    per_hotel: Money


class GoToJailCard(Strict):
    type: Literal["go_to_jail"]


class GetOutOfJailFree(Strict):
    type: Literal["get_out_of_jail_free"]


class Item(Strict):
    """A kept card that helps a check roll (the d20): after seeing a roll of 2 to 19, add
    ``add`` to it, or roll it again (``reroll``). Once used it goes to the bottom of its deck."""

    type: Literal["item"]
    add: int | None = Field(None, ge=1, le=18, description="What the item adds to the roll.")
    reroll: bool = Field(False, description="The item rolls the die again; the new roll counts.")

    @model_validator(mode="after")
    def _one_power(self) -> Item:
        if (self.add is None) == (not self.reroll):
            raise ValueError("an item either adds to the roll (add: n) or rolls it again "
                             "(reroll: true), not both and not neither")
        return self


class LoseItem(Strict):
    """Put one of your Item cards (your choice) at the bottom of its deck."""

    type: Literal["lose_item"]


class LoseAllItems(Strict):
    """Put all your Item cards at the bottom of their deck."""

    type: Literal["lose_all_items"]


class DrawCard(Strict):
    """Draw a card of a deck now."""

    type: Literal["draw"]
    deck: Id


class CollectPerLocation(Strict):
    """Collect ``amount`` for each location you have secured."""

    type: Literal["collect_per_location"]
    amount: Money


class MoveAheadTo(Strict):
    """Go forward to the next space ahead of a kind (``kind: go``) or showing a deed (``deed``:
    the next of its versions); passing a GO pays the salary as any move does."""

    type: Literal["move_ahead_to"]
    kind: Literal["go", "jail", "free_parking"] | None = None
    deed: Id | None = None

    @model_validator(mode="after")
    def _one_target(self) -> MoveAheadTo:
        if (self.kind is None) == (self.deed is None):
            raise ValueError("name either a kind of space or a deed to go to")
        return self


class MoveToNext(Strict):
    """Go forward to the next space of a kind (a Portal, a location; ``unsecured``: the next
    location nobody has secured); passing GO pays the salary."""

    type: Literal["move_to_next"]
    kind: Literal["portal", "location"]
    unsecured: bool = False


Loss = Annotated[
    Pay | GoToJailCard | LoseItem | LoseAllItems,
    Field(discriminator="type"),
]
"""What losing a check against a monster or a red wizard costs."""


class Monster(Strict):
    """A fight on the check die now: ``target`` or more wins (items allowed, criticals count);
    less costs ``lose``."""

    type: Literal["monster"]
    target: int = Field(ge=2, le=19, description="The roll that wins: 2 to 19, so a natural 1 "
                        "always loses and a 20 always wins.")
    lose: Loss


CardEffect = Annotated[
    MoveTo
    | MoveToNearest
    | MoveBy
    | Collect
    | Pay
    | CollectFromEach
    | PayEach
    | Repairs
    | GoToJailCard
    | GetOutOfJailFree
    | Item
    | LoseItem
    | LoseAllItems
    | DrawCard
    | CollectPerLocation
    | MoveToNext
    | MoveAheadTo
    | Monster,
    Field(discriminator="type"),
]


class Card(Strict):
    text: str = Field(description="The card's words (always our own).")
    effect: CardEffect
    copies: int = Field(1, ge=1, le=8, description="How many of this card the deck holds.")
    designed: Designed = None


class Deck(Strict):
    id: Id
    name: str
    a_card: str | None = Field(
        None, description="One card of the deck, as a line says it: 'an AFC card', 'an Iron "
        "Throne card' (default: 'a <name> card')."
    )
    cards: list[Card] = Field(min_length=1)
    designed: Designed = None


# ---------------------------------------------------------------- rule switches


class BuildingSupply(Strict):
    houses: int = Field(32, ge=0)
    hotels: int = Field(12, ge=0)


class Rules(Strict):
    """The rule switches and their numbers."""

    salary: Money = 200
    go_landing_bonus: Money = Field(
        0, description="Extra paid for landing exactly on GO (house rule: double salary)."
    )
    trade_any_time: bool = Field(
        False, description="Trades may be proposed while a mechanic's decision waits too "
        "(pay or roll, items on a roll just seen, a Portal): 'You can buy, sell, or trade ... "
        "at any time'; off, between rolls and where the decision allows.",
    )
    salary_on_landing_back: bool = Field(
        False, description="A move back (a card's 'go back 3 spaces') that ends on GO pays the "
        "salary too ('When you pass or land on the GO space, collect ...'); off, only a move "
        "forward past or onto GO pays. Moving back past GO never pays.",
    )
    jail_fine: Money = 50
    jail_max_turns: int = Field(3, ge=1, description="Turns a prisoner may try for doubles.")
    jail_exit_next_turn: bool = Field(
        False,
        description="Leave jail on the next turn: roll for doubles, and if that fails pay the "
        "fine and move on the same turn.",
    )
    jail_roll_for_doubles: bool = Field(True, description="Whether rolling doubles frees you.")
    jail_fine_turns: int = Field(
        0, ge=0, description="The turns in jail on which the fine may be paid before rolling "
        "(classic: 'paying a fine of $50 before you roll the dice on either of your next two "
        "turns': 2); on a later turn the prisoner rolls, and pays only when that roll fails. 0: "
        "on every turn in jail."
    )
    jail_leave_on_face: int = Field(
        0, ge=0, description="A roll showing this face frees a prisoner: that roll moves them "
        "and the turn is over (Dungeons & Dragons: a 6); 0 for no such face."
    )
    jail_last_try: Literal["pay_and_move", "pay_and_roll_again"] = Field(
        "pay_and_move", description="After the last try without getting out: pay the fine and "
        "move by that roll (pay_and_move), or pay it, roll again and move (pay_and_roll_again)."
    )
    doubles_to_jail: int = Field(3, ge=0, description="Doubles in one turn that send you to "
                                 "jail; 0 for never.")
    auctions: bool = True
    auction_min_bid: Money = 1
    auction_pass_final: bool = Field(
        False,
        description="House rule: a player who passes is out of the auction. By the rulebooks "
        "a player who passed may raise again while the auction is open; it closes when, after "
        "the last raise, every other player still able to bid has passed.",
    )
    building_auction_opening: Literal["cost", "min_bid"] = Field(
        "cost",
        description="A building in short supply auctioned: 'cost' opens the bidding at the "
        "building's cost and the winner pays at least that; 'min_bid' starts at the auction's "
        "smallest bid and the winner pays the bid ('Bids start at M1').",
    )
    mortgage_interest_percent: int = Field(10, ge=0, le=100)
    mortgage_transfer_interest: bool = Field(
        True,
        description="Whether the new owner of a mortgaged deed (a trade, a bankruptcy) pays the "
        "interest to keep it mortgaged; without it they lift it or keep it for nothing.",
    )
    half_rounding: Literal["down", "up"] = Field(
        "down",
        description="How a share of a price rounds to whole money: buildings sold back to the "
        "bank, a mortgaged deed valued at half its price.",
    )
    houses_per_hotel: int = Field(4, ge=1, le=5)
    building_supply: BuildingSupply = BuildingSupply.model_validate({})
    building_sell_percent: int = Field(50, ge=0, le=100)
    rent_collection: Literal["automatic", "owner_must_ask"] = "automatic"
    first_player: Literal["highest_roll", "coin_flip_chain"] = "highest_roll"
    deal_deeds: int = Field(0, ge=0, le=10, description="Deeds dealt to each player at the start.")
    dealt_deeds_paid: bool = Field(False, description="Whether dealt deeds are paid for.")
    free_parking_jackpot: bool = Field(False, description="Taxes and fees go to a pot that "
                                       "Free Parking pays out.")
    free_parking_seed: Money = Field(0, description="What the bank puts in the pot each time.")
    no_rent_in_jail: bool = Field(False, description="House rule: owners in jail collect no rent.")
    deals_while_buying: bool = Field(
        False, description="A player deciding to buy a deed (or to buy one out) may make deals "
        "with other players first to raise the price ('You can try to raise funds by "
        "mortgaging properties or making deals with other players')."
    )
    rent_claim_window: int = Field(
        1, ge=1, description="Under rent_collection 'owner_must_ask': the owner may ask until "
        "this player after the one who landed rolls: 1, 'before the next player rolls'; 2, "
        "'before the second player following throws the dice' (classic, NFL)."
    )
    end: Literal["last_standing", "first_bankruptcy", "one_owner"] = Field(
        "last_standing",
        description="'first_bankruptcy' ends at the first bankruptcy; the richest then wins. "
        "'one_owner' ends only when one player owns every deed, and that player wins.",
    )
    turn_limit: int | None = Field(
        None, ge=1, description="End after this many rounds; the richest wins."
    )
    income_tax_flat: bool = Field(
        False, description="Tax spaces charge their flat amount only and ignore 'percent' "
        "(a short-game rule: 'the penalty for Income Tax is a flat 200')."
    )
    set_rent_despite_mortgage: bool = Field(
        False,
        description="A whole colour group still doubles the rent of its unmortgaged deeds when "
        "another deed of the group is mortgaged ('the increased rent level can be collected on "
        "the unmortgaged Locations in a colour set').",
    )
    # Added for Longest Game Ever; left out of the content hash while they hold these
    # defaults (rules/compile.py, LATER_FIELDS).
    even_building: bool = Field(
        True, description="Build and sell evenly across a colour group (false: 'split those "
        "four Houses ... any way you'd like').")
    building_scope: Literal["group", "street"] = Field(
        "group", description="'group': buildings stand only while their owner holds the whole, "
        "unmortgaged group, and the group's buildings are sold before a deed of it is traded or "
        "mortgaged; 'street': buildings belong to their street (they stay when the group is "
        "split, go with the street in a trade, and only the street's own are sold before it is "
        "mortgaged). Building still needs the whole group.")
    build_on_own_turn: bool = Field(
        False, description="Buildings are bought (and moved) only on the player's own turn.")
    bankrupt_stays_in: bool = Field(
        False, description="A bankrupt player is not out: they give up what they have and go "
        "on playing with nothing ('players aren't out of the game when they go bankrupt').")
    jail_fine_to_pot: bool = Field(
        True, description="Under the Free Parking jackpot, the jail fine goes into the pot too "
        "(false: only taxes and card fees do).")


class RulesOverlay(Strict):
    """A named set of rule changes: a variant from the rulebook."""

    id: Id
    name: str
    description: str = ""
    rules: dict[str, object] = Field(
        default_factory=dict, description="Rule switches to change, by name (see 'rules')."
    )
    designed: Designed = None


# ---------------------------------------------------------------- the Ring


class RingCircle(Strict):
    """One circle of the Ring's track: what it costs and what it grants while the tracker
    stands on it."""

    penalty: Money = Field(
        0, description="Paid to the bank by a bearer who rolls the Eye while the tracker is here."
    )
    go_salary: Money | None = Field(
        None, description="The bearer's salary at GO while the tracker is here (else the usual)."
    )
    double_rent: bool = Field(
        False, description="While the tracker is here the bearer charges double rent."
    )
    label: str | None = Field(None, description="How the circle is shown, e.g. 'M4'.")
    designed: Designed = None


class RingNames(Strict):
    """The Ring's words, for labels and log lines."""

    ring: str = "the Ring"
    bearer: str = "Ring-bearer"
    tracker: str = "Ring Tracker"
    start: str = "Start"
    end: str = "the end of the track"
    battle: str = "battle"
    eye: str = "the Eye"


class RingRules(Strict):
    """A Ring that rides on one token: the bearer pays no rent or tax and does not go to jail
    from the board, a tracker moves one circle at the start of each of the bearer's turns, an
    Eye rolled by the bearer drops the Ring and costs the circle's penalty, players meeting on
    the way offer it or battle for it, and the tracker reaching the end finishes the game."""

    track: list[RingCircle] = Field(
        min_length=1,
        description="The circles from Start (the first) to the last one before the end.",
    )
    end_reward: Money = Field(
        0, description="Paid to the bearer when the tracker moves past the last circle."
    )
    end_reason: Id = Field(
        "ring_end", description="The game's end reason when the tracker reaches the end."
    )
    end_payout: bool = Field(
        True,
        description="At the end every player collects from the bank the rent of each "
        "unmortgaged property (double for a whole colour group, building rent where built).",
    )
    eye_mark: Id = Field("eye", description="The die face mark that is the Eye.")
    battle_tie: Literal["bearer_keeps", "roll_again"] = Field(
        "bearer_keeps", description="Who wins a battle when both dice show the same."
    )
    names: RingNames = RingNames.model_validate({})
    designed: Designed = None


# ---------------------------------------------------------------- Adventures (D&D)


class Outcome(Strict):
    """An Adventure card's own outcome of a natural 1 or 20, on top of the critical's gold."""

    text: str = Field(description="The card's words for this outcome (our own).")
    effect: CardEffect


class AdventureBody(Strict):
    """The two sides of an Adventure card: the picture side read aloud on the first landing,
    and the details: roll ``target`` or more on the check die, or pay ``price``, to secure."""

    picture: str = Field(description="The picture side, read aloud on the first landing.")
    text: str = Field(description="The details side: what to roll or pay.")
    target: int = Field(ge=2, le=19, description="The roll that secures the location: 2 to 19, "
                        "so a natural 1 always fails and a 20 always succeeds.")
    price: Money = Field(description="The gold that secures the location at once.")
    on_1: Outcome | None = Field(None, description="The card's own outcome of a natural 1.")
    on_20: Outcome | None = Field(None, description="The card's own outcome of a natural 20.")
    designed: Designed = None


class Adventure(AdventureBody):
    """One location's Adventure card."""

    id: Id
    location: Id = Field(description="The location space this card secures.")


class CriticalFail(Strict):
    face: int = Field(1, ge=1, description="The natural roll that is a Critical Fail.")
    fee: Money = Field(description="Paid to the bank on a Critical Fail.")


class CriticalSuccess(Strict):
    face: int = Field(20, ge=1, description="The natural roll that is a Critical Success.")
    reward: Money = Field(description="Collected from the bank on a Critical Success.")


class CheckDie(Strict):
    """The check die (the red d20): the criticals, and what items may touch."""

    die: Id = Field(description="The id of the die rolled for checks (in extra_dice).")
    critical_fail: CriticalFail
    critical_success: CriticalSuccess
    reroll_clamp: tuple[int, int] = Field(
        (2, 19), description="A reroll by an item counts within these (so an item never makes "
        "or removes a critical)."
    )

    @model_validator(mode="after")
    def _clamp(self) -> CheckDie:
        lo, hi = self.reroll_clamp
        if lo > hi:
            raise ValueError(f"reroll_clamp: {lo} is more than {hi}")
        return self


Power = Literal["jail_escape", "no_critical_fail_fee", "portal_anywhere", "draw_two_keep_one",
                "revive_target"]


class Character(Strict):
    """A character a player takes at setup, each at most once, with a power."""

    id: Id
    name: str = Field(description="The character's name: one of the tokens.")
    class_: str = Field("", alias="class", description="The character's class ('bard').")
    power: Power = Field(description="jail_escape: may walk out of Jail when sent there; "
                         "no_critical_fail_fee: pays no Critical Fail fee; portal_anywhere: a "
                         "Portal reaches every location (no GO gold beyond its range); "
                         "draw_two_keep_one: draws two cards, keeps one; revive_target: revives "
                         "on revive_target or more.")
    revive_target: int | None = Field(None, ge=1, description="For revive_target: the roll.")
    text: str = Field(description="The power in the character card's words (our own).")

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _params(self) -> Character:
        if self.power == "revive_target" and self.revive_target is None:
            raise ValueError("the revive_target power needs revive_target: the roll that "
                             "revives this character")
        if self.power != "revive_target" and self.revive_target is not None:
            raise ValueError(f"revive_target is only for the revive_target power (this "
                             f"character's power is {self.power})")
        return self


class Portals(Strict):
    """Portals: move to any location between this Portal and the next, carry it out, end the
    turn."""

    reach: Literal["to_next_portal"] = "to_next_portal"
    salary_on_pass: bool = Field(True, description="Passing GO on the way pays the salary.")


class PartyJail(Strict):
    """The party's Jail: a player whose move ends on Just Visiting frees every prisoner, who
    stand on Just Visiting too. (How a prisoner leaves by the dice is the ``rules`` block's
    ``jail_leave_on_face`` and ``jail_last_try``.)"""

    freed_by_just_visiting: bool = True


class CloseToDeath(Strict):
    """Who cannot pay pays what they can and is close to death, still in the game: they do not
    move; each turn they roll the check die, and on ``revive_target`` or more take
    ``revive_reward`` from the bank and end the turn; from the next turn they play on."""

    revive_target: int = Field(ge=2, le=20, description="The check roll that revives.")
    revive_reward: Money = Field(description="Taken from the bank on reviving.")


class Versions(Strict):
    """Deeds shown on several spaces (versions, ``deed:``): the owner chooses the version a
    building stands on, may move buildings between the versions of their street on their own
    turn, and places a sold hotel's houses; rent with a building is due only on its version."""

    movable: bool = Field(True, description="Buildings move between versions on your turn.")
    designed: Designed = None


class Buyout(Strict):
    """The forced buy-out: a lander on another player's unmortgaged property may instead buy it
    for the rent due there plus ``extra``; the owner must sell (buildings go with it)."""

    extra: Money = 10
    designed: Designed = None


class EndCondition(Strict):
    """A way the game ends: every location secured, or the round cap (``rules.turn_limit``).
    Then each player collects their locations' tax (``payout``) and the most gold wins."""

    kind: Literal["all_locations_secured", "turn_limit"]
    payout: Literal["location_tax", "none"] = "location_tax"
    winner: Literal["most_money"] = "most_money"


class DMLocation(Strict):
    """A Dungeon Master location: replaces a location of its colour (the players choose
    which) with its own Adventure card; it keeps the space's place and amount."""

    id: Id
    name: str
    short: str | None = Field(None, max_length=14)
    group: Id
    adventure: AdventureBody
    designed: Designed = None


class RedWizard(Strict):
    """Szass Tam: replaces a Magic & Mystery space for the game; a lander rolls the check die:
    ``target`` or more, nothing; less costs ``lose``."""

    name: str
    text: str
    target: int = Field(ge=2, le=19)
    lose: Loss
    designed: Designed = None


class DMMonster(Card):
    """A Dungeon Master monster card: a card of the deck, with the name the setup lists."""

    name: str = Field(min_length=1, description="The monster's name (Rakor the Dragon).")


class DungeonMaster(Strict):
    """The Dungeon Master cards a table may add at setup, any number of them."""

    locations: list[DMLocation] = Field(default_factory=list)
    monsters: list[DMMonster] = Field(default_factory=list, description="Shuffled into the deck "
                                 "of the card spaces when chosen.")
    red_wizard: RedWizard | None = None


# ---------------------------------------------------------------- the edition


class Ruleset(Strict):
    """An edition of the game."""

    schema_: str | None = Field(None, alias="$schema", description="Editors' schema hint.")
    id: Id
    name: str
    year: int | None = None
    description: str = Field("", description="What is different about this edition, in a line.")
    extends: Id | None = Field(None, description="The id of an edition this one builds on.")
    players: PlayerRange = PlayerRange.model_validate({})
    vocabulary: Vocabulary = Vocabulary.model_validate({})
    tokens: list[str] = Field(min_length=2)
    starting_money: Money = 1500
    dice: Dice = Dice.model_validate({})
    rules: Rules = Rules.model_validate({})
    groups: list[Group] = Field(min_length=1)
    spaces: list[Space] = Field(min_length=4)
    decks: list[Deck] = Field(default_factory=list)
    variants: list[RulesOverlay] = Field(default_factory=list)
    options: list[RulesOverlay] = Field(
        default_factory=list,
        description="Rules the rulebook prints that players may choose at setup, alone or "
        "with a variant (e.g. 'owners must ask for rent', where the game collects it by "
        "default). Each is a set of rule switches, like a variant.",
    )
    ring: RingRules | None = Field(
        None, description="The Ring mechanic (bearer, tracker, Eye, battles); off when absent."
    )
    # The Adventure mechanics (Dungeons & Dragons); each is off when absent. Left out of the
    # content hash while empty (rules/compile.py, LATER_FIELDS).
    extra_dice: list[NamedDie] = Field(
        default_factory=list, description="Dice besides the movement dice, each named."
    )
    coin: Money | None = Field(
        None, ge=1, description="The smallest coin: every amount of money is a multiple of it."
    )
    adventures: list[Adventure] = Field(
        default_factory=list, description="One Adventure card per location space."
    )
    check_die: CheckDie | None = Field(
        None, description="The check die (the red d20): criticals and what items may touch."
    )
    characters: list[Character] = Field(
        default_factory=list, description="The characters players take at setup."
    )
    portals: Portals | None = None
    party_jail: PartyJail | None = None
    close_to_death: CloseToDeath | None = None
    end_conditions: list[EndCondition] = Field(
        default_factory=list, description="How the game ends, besides the rules' end."
    )
    dungeon_master: DungeonMaster | None = None
    # Longest Game Ever's mechanics; each is off when absent (LATER_FIELDS).
    versions: Versions | None = None
    buyout: Buyout | None = None
    every_go_pays: bool = Field(
        False, description="Passing or landing on any GO space pays the salary (a board with "
        "several GOs).")
    earlier_hashes: list[ContentHash] = Field(
        default_factory=list,
        description="Content hashes of this edition's earlier rulesets that play the same "
        "(only words changed since, such as a space's short name): a game saved under one "
        "loads as saved under today's rules. Never inherited by an edition that extends it.",
    )
    notes: list[str] = Field(
        default_factory=list, description="Sources, and which values are designed and why."
    )

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="after")
    def _cross_checks(self) -> Ruleset:
        problems = cross_check(self)
        if problems:
            lines = "\n".join(f"{path}: {msg}" for path, msg in problems)
            raise ValueError(CROSS_CHECK_MARK + lines)
        return self


CROSS_CHECK_MARK = "ruleset cross-checks failed:\n"
"""Each line after this mark is 'dotted.path: message'; the loader places each at its line."""


def cross_check(rs: Ruleset) -> list[tuple[str, str]]:
    """Every check that spans fields: references exist, positions are complete, tables fit."""
    problems: list[tuple[str, str]] = []

    def bad(path: str, msg: str) -> None:
        problems.append((path, msg))

    if rs.players.max > len(rs.tokens):
        bad("players.max", f"{rs.players.max} players need {rs.players.max} tokens, "
            f"but only {len(rs.tokens)} are listed")
    first_token: dict[str, int] = {}
    for i, t in enumerate(rs.tokens):
        if t in first_token:
            bad(f"tokens.{i}", f"'{t}' is listed twice (first as tokens.{first_token[t]}): "
                "every player needs a token of their own")
        first_token.setdefault(t, i)
    problems.extend(engine_limits(rs))
    face = rs.rules.jail_leave_on_face
    if face and face not in [f.value for f in rs.dice.face_list()]:
        bad("rules.jail_leave_on_face", f"{face} is not a face of the dice "
            f"({', '.join(str(f.value) for f in rs.dice.face_list())})")
    seen: set[str] = set()
    for i, s in enumerate(rs.spaces):
        if s.id in seen:
            bad(f"spaces.{i}.id", f"'{s.id}' is used by another space")
        seen.add(s.id)
    positions = [s.position for s in rs.spaces]
    if any(p is not None for p in positions):
        for i, p in enumerate(positions):
            if p is None:
                bad(f"spaces.{i}", "either every space gives a position or none does")
            elif p != i:
                bad(f"spaces.{i}.position",
                    f"{p} does not match the space's place in the list ({i})")
    if not isinstance(rs.spaces[0], Go):
        bad("spaces.0.type", "the first space must be GO (type: go)")
    group_ids = {g.id for g in rs.groups}
    deck_ids = {d.id for d in rs.decks}
    members: dict[str, list[type]] = {}
    for i, s in enumerate(rs.spaces):
        if isinstance(s, Location):
            if s.group not in group_ids:
                bad(f"spaces.{i}.group", f"no group '{s.group}' (space '{s.id}')")
            members.setdefault(s.group, []).append(type(s))
        if isinstance(s, PROPERTY_TYPES):
            if s.group not in group_ids:
                bad(f"spaces.{i}.group", f"no group '{s.group}' (space '{s.id}')")
            members.setdefault(s.group, []).append(type(s))
            if s.deed is not None and s.deed not in seen:
                bad(f"spaces.{i}.deed", f"no space '{s.deed}'")
        if isinstance(s, Street) and rs.rules.houses_per_hotel > len(s.rent) - 2:
            bad(f"spaces.{i}.rent", f"{len(s.rent)} rents: unimproved, one for each of "
                f"{rs.rules.houses_per_hotel} {rs.vocabulary.houses}, and the {rs.vocabulary.hotel}"
                f" make {rs.rules.houses_per_hotel + 2}")
        if isinstance(s, CardSpace) and s.deck not in deck_ids:
            bad(f"spaces.{i}.deck", f"no deck '{s.deck}'")
    for i, g in enumerate(rs.groups):
        if g.rent_by_count is not None and g.dice_rent is not None:
            bad(f"groups.{i}", "give rent_by_count or dice_rent, not both")
        kinds = members.get(g.id)
        if not kinds:
            bad(f"groups.{i}.id", f"group '{g.id}' has no spaces")
            continue
        if len(set(kinds)) > 1:
            bad(f"groups.{i}.id", f"group '{g.id}' mixes kinds of property")
        if CountRent in kinds and not g.rent_by_count:
            bad(f"groups.{i}", "rent_by_count is needed by this group's count_rent spaces")
        if DiceRentProperty in kinds and not g.dice_rent:
            bad(f"groups.{i}", "dice_rent is needed by this group's dice_rent spaces")
        deeds = sum(1 for s in rs.spaces if isinstance(s, PROPERTY_TYPES) and s.group == g.id
                    and s.deed is None)
        if g.rent_by_count is not None and len(g.rent_by_count) < deeds:
            bad(f"groups.{i}.rent_by_count", f"{deeds} deeds but {len(g.rent_by_count)} rents")
        if g.dice_rent is not None and len(g.dice_rent) < deeds:
            bad(f"groups.{i}.dice_rent", f"{deeds} deeds but {len(g.dice_rent)} entries")
    if any(isinstance(s, GoToJail) for s in rs.spaces) and not any(
        isinstance(s, Jail) for s in rs.spaces
    ):
        bad("spaces", "a go_to_jail space needs a jail space")
    for di, d in enumerate(rs.decks):
        for ci, c in enumerate(d.cards):
            e = c.effect
            if isinstance(e, MoveTo) and e.target not in seen:
                bad(f"decks.{di}.cards.{ci}.effect.target", f"no space '{e.target}'")
            if isinstance(e, MoveToNearest) and e.group not in group_ids:
                bad(f"decks.{di}.cards.{ci}.effect.group", f"no group '{e.group}'")
    problems.extend(adventure_checks(rs))
    if rs.ring is not None:
        marks = {f.mark for f in rs.dice.face_list()}
        if rs.ring.eye_mark not in marks:
            bad("ring.eye_mark", f"no die face has the mark '{rs.ring.eye_mark}'")
    overlays = [("variants", vi, v) for vi, v in enumerate(rs.variants)]
    overlays += [("options", oi, o) for oi, o in enumerate(rs.options)]
    for kind, vi, v in overlays:
        unknown = [key for key in v.rules if key not in Rules.model_fields]
        for key in unknown:
            bad(f"{kind}.{vi}.rules.{key}", "no such rule switch")
        if unknown:
            continue
        try:
            Rules.model_validate({**rs.rules.model_dump(), **v.rules})
        except ValidationError as e:
            for err in e.errors():
                where = ".".join(str(x) for x in err["loc"])
                bad(f"{kind}.{vi}.rules.{where}", err["msg"])
    ids: dict[str, str] = {}
    for kind, vi, v in overlays:
        if v.id in ids:
            bad(f"{kind}.{vi}.id", f"'{v.id}' is already the id of one of the {ids[v.id]}")
        elif "+" in v.id:
            bad(f"{kind}.{vi}.id", "'+' joins a variant and options in a game: not in an id")
        ids.setdefault(v.id, kind)
    return problems


def engine_limits(rs: Ruleset) -> list[tuple[str, str]]:
    """What would make the engine loop without end or break a game at its start, though every
    value has the right shape: dice that always tie or go round the board more than once, a
    card that moves by nothing or by laps, a jail that is needed but missing, dealt deeds that
    cost more than the starting money. The engine relies on these checks."""
    problems: list[tuple[str, str]] = []

    def bad(path: str, msg: str) -> None:
        problems.append((path, msg))

    size = len(rs.spaces)
    faces = rs.dice.face_list()
    for fi, f in enumerate(faces):
        if f.value > size:
            bad(f"dice.faces.{fi}", f"a face of {f.value} is more than the board's {size} "
                f"spaces: a face counts at most {size}")
    values = {f.value for f in faces}
    if len(values) < 2:
        bad("dice.faces", f"every face counts {faces[0].value}: rolls would always tie, so "
            "choosing who goes first would never end; give the faces at least two values")
    if size > MAX_SPACES:
        bad(f"spaces.{MAX_SPACES}", f"the board has {size} spaces; the engine holds at most "
            f"{MAX_SPACES:,} (this is space {MAX_SPACES + 1:,})")
    problems.extend(deck_limits(rs))
    has_jail = any(isinstance(s, Jail) for s in rs.spaces)
    for di, d in enumerate(rs.decks):
        for ci, c in enumerate(d.cards):
            e = c.effect
            where = f"decks.{di}.cards.{ci}.effect"
            if isinstance(e, MoveBy) and not 0 < abs(e.steps) < size:
                bad(f"{where}.steps", f"{e.steps} steps: a card moves 1 to {size - 1} spaces "
                    f"forward, or -1 to -{size - 1} back (the board has {size})")
            if isinstance(e, GoToJailCard) and not has_jail:
                bad(f"{where}.type", "this card sends a player to jail, but the board has no "
                    "jail space (add a space of type: jail)")
    deed_prices = sorted((s.price for s in rs.spaces
                          if isinstance(s, PROPERTY_TYPES) and s.deed is None), reverse=True)
    overlays: list[tuple[str, Rules]] = [("rules", rs.rules)]
    for vi, v in enumerate(rs.variants):
        try:
            overlays.append((f"variants.{vi}.rules",
                             Rules.model_validate({**rs.rules.model_dump(), **v.rules})))
        except ValidationError:
            continue  # reported by cross_check
    for where, rules in overlays:
        if rules.doubles_to_jail and not has_jail:
            bad(f"{where}.doubles_to_jail", f"{rules.doubles_to_jail} doubles send a player to "
                "jail, but the board has no jail space (add a space of type: jail, or set "
                "doubles_to_jail: 0)")
        if rules.deal_deeds and rules.dealt_deeds_paid:
            worst = sum(deed_prices[:rules.deal_deeds])
            if worst > rs.starting_money:
                bad(f"{where}.deal_deeds", f"{rules.deal_deeds} dealt deeds, paid for, can cost "
                    f"{worst}, more than the starting money ({rs.starting_money}): a player "
                    "would start in debt")
    return problems


def deck_limits(rs: Ruleset) -> list[tuple[str, str]]:
    """Every deck holds at most ``MAX_DECK_CARDS`` cards, each copy counted; the deck of the
    first card space holds the Dungeon Master's monsters too (each copy), since a table may
    shuffle them all in. The problem is placed at the card that goes over, the monsters
    counted first."""
    problems: list[tuple[str, str]] = []
    dm_deck = next((s.deck for s in rs.spaces if isinstance(s, CardSpace)), None)
    monsters = rs.dungeon_master.monsters if rs.dungeon_master is not None else []
    extra = sum(m.copies for m in monsters)
    for di, d in enumerate(rs.decks):
        own = sum(c.copies for c in d.cards)
        added = extra if d.id == dm_deck else 0
        if own + added <= MAX_DECK_CARDS:
            continue
        count, over = added, 0
        for ci, c in enumerate(d.cards):
            count += c.copies
            if count > MAX_DECK_CARDS:
                over = ci  # the card that goes over
                break
        holds = (f"{own:,} cards" if not added else f"{own:,} cards, and the {added} Dungeon "
                 f"Master monsters are shuffled into it: {own + added:,}")
        problems.append((f"decks.{di}.cards.{over}", (
            f"the deck '{d.id}' holds {holds} (each copy counted); a deck holds at most "
            f"{MAX_DECK_CARDS:,}: this card makes {count:,}")))
    return problems


MONEY_KEYS: frozenset[str] = frozenset({
    "starting_money", "salary", "go_landing_bonus", "jail_fine", "auction_min_bid",
    "free_parking_seed", "amount", "price", "mortgage", "house_cost", "hotel_cost", "per_house",
    "per_hotel", "rent", "rent_by_count", "rent_alone", "fee", "reward", "revive_reward",
})
"""The keys whose values are money, for the ``coin`` check."""


def _money(node: object, path: str) -> list[tuple[str, int]]:
    """Every amount of money in a dumped ruleset, with its dotted path."""
    out: list[tuple[str, int]] = []
    if isinstance(node, dict):
        for k, v in node.items():
            where = f"{path}.{k}" if path else str(k)
            if k in MONEY_KEYS and isinstance(v, int) and not isinstance(v, bool):
                out.append((where, v))
            elif k in MONEY_KEYS and isinstance(v, list):
                out += [(f"{where}.{i}", x) for i, x in enumerate(v) if isinstance(x, int)]
            else:
                out += _money(v, where)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _money(v, f"{path}.{i}")
    return out


def adventure_checks(rs: Ruleset) -> list[tuple[str, str]]:
    """The checks of the Adventure mechanics (Dungeons & Dragons): every location has exactly
    one Adventure card and every card one location; the check die exists and shows its
    criticals; what a card, a Portal, a character or an end condition needs is there; every
    amount is a multiple of the coin."""
    problems: list[tuple[str, str]] = []

    def bad(path: str, msg: str) -> None:
        problems.append((path, msg))

    locations = {s.id: i for i, s in enumerate(rs.spaces) if isinstance(s, Location)}
    adventure_ids: dict[str, int] = {}
    for ai, a in enumerate(rs.adventures):
        if a.id in adventure_ids:
            bad(f"adventures.{ai}.id", f"'{a.id}' is used by another Adventure card "
                f"(adventures.{adventure_ids[a.id]})")
        adventure_ids.setdefault(a.id, ai)
        if a.location not in locations:
            bad(f"adventures.{ai}.location", f"no location space '{a.location}' (a space of "
                "type: location)")
    for sid, i in locations.items():
        loc = rs.spaces[i]
        assert isinstance(loc, Location)
        found = adventure_ids.get(loc.adventure)
        if found is None:
            bad(f"spaces.{i}.adventure", f"no Adventure card '{loc.adventure}' (adventures)")
        elif rs.adventures[found].location != sid:
            bad(f"spaces.{i}.adventure", f"the Adventure card '{loc.adventure}' is for "
                f"'{rs.adventures[found].location}', not for '{sid}'")
    if rs.adventures and not locations:
        bad("adventures", "Adventure cards need location spaces (type: location)")

    die_ids: dict[str, int] = {}
    for di, d in enumerate(rs.extra_dice):
        if d.id in die_ids or d.id == "dice":
            bad(f"extra_dice.{di}.id", f"'{d.id}' names another die ('dice' is the movement "
                "dice)")
        die_ids.setdefault(d.id, di)
    cd = rs.check_die
    checks_needed: list[str] = []
    if locations:
        checks_needed.append("spaces")
    if rs.close_to_death is not None:
        checks_needed.append("close_to_death")
    for di, deck in enumerate(rs.decks):
        for ci, c in enumerate(deck.cards):
            if isinstance(c.effect, (Item, Monster)):
                checks_needed.append(f"decks.{di}.cards.{ci}.effect")
    if cd is None:
        for where in checks_needed[:1]:
            bad(where, "a check roll is needed here (locations, items, monsters or close to "
                "death), but there is no check_die block naming the die it uses")
    elif cd.die not in die_ids:
        bad("check_die.die", f"no die '{cd.die}' in extra_dice")
    else:
        faces = rs.extra_dice[die_ids[cd.die]].faces
        for what, face in (("critical_fail", cd.critical_fail.face),
                           ("critical_success", cd.critical_success.face)):
            if face not in faces:
                bad(f"check_die.{what}.face", f"the {cd.die} die has no face {face}")
        lo, hi = min(faces), max(faces)
        for ai, a in enumerate(rs.adventures):
            if not lo < a.target <= hi:
                bad(f"adventures.{ai}.target", f"{a.target} cannot be rolled between a "
                    f"critical fail and a success on a die of {lo} to {hi}")
        if rs.close_to_death is not None and rs.close_to_death.revive_target > hi:
            bad("close_to_death.revive_target", f"{rs.close_to_death.revive_target} is more "
                f"than the {cd.die} die's highest face ({hi})")

    deck_ids = {d.id for d in rs.decks}
    kinds = {type(s) for s in rs.spaces}
    property_ids = {s.id for s in rs.spaces if isinstance(s, PROPERTY_TYPES)}

    def effect_checks(e: object, where: str) -> None:
        if isinstance(e, DrawCard) and e.deck not in deck_ids:
            bad(f"{where}.deck", f"no deck '{e.deck}'")
        if isinstance(e, MoveAheadTo):
            if e.deed is not None and e.deed not in property_ids:
                bad(f"{where}.deed", f"no property '{e.deed}' (a deed to go to)")
            kind_types = {"go": Go, "jail": Jail, "free_parking": FreeParking}
            if e.kind is not None and kind_types[e.kind] not in kinds:
                bad(f"{where}.kind", f"the board has no space of type: {e.kind}")
        if isinstance(e, MoveToNext):
            need = Portal if e.kind == "portal" else Location
            if need not in kinds:
                bad(f"{where}.kind", f"the board has no space of type: {e.kind}")

    for di, deck in enumerate(rs.decks):
        for ci, c in enumerate(deck.cards):
            effect_checks(c.effect, f"decks.{di}.cards.{ci}.effect")
    for ai, a in enumerate(rs.adventures):
        for side in ("on_1", "on_20"):
            out = getattr(a, side)
            if out is not None:
                effect_checks(out.effect, f"adventures.{ai}.{side}.effect")

    if Portal in kinds and rs.portals is None:
        bad("spaces", "the board has Portal spaces but no portals block saying how they move")
    if rs.portals is not None and Portal not in kinds:
        bad("portals", "a portals block, but no space of type: portal")
    if rs.party_jail is not None and Jail not in kinds:
        bad("party_jail", "the party's Jail needs a jail space")

    char_ids: set[str] = set()
    for ci, ch in enumerate(rs.characters):
        if ch.id in char_ids:
            bad(f"characters.{ci}.id", f"'{ch.id}' is used by another character")
        char_ids.add(ch.id)
        if ch.name not in rs.tokens:
            bad(f"characters.{ci}.name", f"'{ch.name}' is not one of the tokens "
                f"({', '.join(rs.tokens)}): each character is played with its own token")
        if ch.power == "revive_target" and rs.close_to_death is None:
            bad(f"characters.{ci}.power", "revive_target needs a close_to_death block")
        if ch.power == "portal_anywhere" and rs.portals is None:
            bad(f"characters.{ci}.power", "portal_anywhere needs a portals block")
    if rs.characters and rs.players.max > len(rs.characters):
        bad("players.max", f"{rs.players.max} players, but only {len(rs.characters)} "
            "characters: each player takes a character of their own")

    for ei, ec in enumerate(rs.end_conditions):
        if ec.kind == "all_locations_secured" and not locations:
            bad(f"end_conditions.{ei}.kind", "the board has no location spaces")
        if ec.kind == "turn_limit" and rs.rules.turn_limit is None:
            bad(f"end_conditions.{ei}.kind", "a turn_limit end needs rules.turn_limit")

    dm = rs.dungeon_master
    if dm is not None:
        location_groups = {rs.spaces[i].group for i in locations.values()  # type: ignore[union-attr]
                           }
        for li, dl in enumerate(dm.locations):
            if dl.group not in location_groups:
                bad(f"dungeon_master.locations.{li}.group", f"no location of the group "
                    f"'{dl.group}' to replace")
            if dl.id in locations:
                bad(f"dungeon_master.locations.{li}.id", f"'{dl.id}' is already a location")
        for ci, c in enumerate(dm.monsters):
            effect_checks(c.effect, f"dungeon_master.monsters.{ci}.effect")
        if dm.red_wizard is not None and CardSpace not in kinds:
            bad("dungeon_master.red_wizard", "Szass Tam replaces a card space, but the board "
                "has none")

    if rs.coin is not None:
        for where, amount in _money(rs.model_dump(by_alias=True), ""):
            if where == "rules.auction_min_bid" and not rs.rules.auctions:
                continue  # no auctions: the smallest bid is never asked for
            if amount % rs.coin:
                bad(where, f"{amount} is not a multiple of the coin ({rs.coin})")
    return problems
