"""Versions of a deed, the forced buy-out, and salary at every GO (rulebook:LGE).

An edition whose deeds are shown on several spaces (``deed:`` in the ruleset: "Boardwalk",
"Boardwalk 2", "Boardwalk 3" share one title deed) switches on:

- ``versions`` — "you can split your buildings up among those versions any way you'd like":
  a building bought goes on the version its owner chooses (``VersionFrame``), a hotel sold
  comes back as houses placed on the versions as the owner chooses, and "You may move any
  number of your Houses to any version of their street at any time on your turn" (the
  at-any-time choice ``move_building``). Rent with a building is due only on the version
  holding it (``engine.buildings``: buildings counted per space).
- ``buyout`` — "when someone lands on a property you own, they have the option of forcing you
  to sell it to them for rent plus M10! Even if it's in a color set or has a building on it";
  "You may not buy a mortgaged property" (``BuyOutFrame``).
- ``every_go`` — "When you pass or land on a GO space, collect M200": every space of the
  kind ``go`` pays the salary, not only the first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.anytime import ANYTIME
from monopoly_tui.engine.describe import building_words
from monopoly_tui.engine.frame import Frame, MechanicConfig, frame_type, mechanic_config
from monopoly_tui.engine.frames import could_deal, raising_to_buy
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.spaces import charge_rent
from monopoly_tui.engine.spec import DICE_RENT, GO, STREET

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec
    from monopoly_tui.engine.state import GameState

VERSIONS = "versions"
BUYOUT = "buyout"
EVERY_GO = "every_go"


@dataclass(frozen=True, slots=True)
class VersionsSpec(MechanicConfig):
    """The ruleset's ``versions`` block."""

    movable: bool = True
    """Buildings move between the versions of their street on their owner's turn."""


@dataclass(frozen=True, slots=True)
class BuyoutSpec(MechanicConfig):
    """The ruleset's ``buyout`` block: the price is the rent due plus ``extra``."""

    extra: int = 10


@dataclass(frozen=True, slots=True)
class EveryGoSpec(MechanicConfig):
    """``every_go_pays: true``: no numbers (the salary is the rules' own)."""


def versions_of(spec: Spec, deed: int) -> tuple[int, ...]:
    """The spaces showing a deed, in board order (one space for a deed without versions)."""
    return spec.deeds[deed].spaces


# ---------------------------------------------------------------- where a building stands


@dataclass(slots=True)
class VersionFrame(Frame):
    """A building bought, or the houses of a sold hotel: its owner chooses the version each
    stands on ("place a House on any version of a street"; "Sell Hotels ... and exchange them
    for four Houses. You may then place those Houses on any version of that Hotel's street").
    The buildings already stand on ``space`` (so the bank's count and the deed's agree at every
    decision); each choice moves one of them (or the hotel) to the chosen version."""

    player: int
    deed: int
    space: int
    """Where the buildings to place stand now."""
    left: int
    """How many are still to place (a hotel: 1)."""
    building: str
    """'house' or 'hotel'."""

    def kind(self) -> str:
        return A.PLACE_VERSION

    def rank(self) -> int:
        return 70

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def decider(self, game: Game) -> int:
        return self.player

    def choices(self, game: Game) -> list[Action]:
        return [Action(A.A_PLACE_VERSION, self.player, s)
                for s in versions_of(game.spec, self.deed)]

    def context(self, game: Game) -> dict[str, object]:
        spaces = versions_of(game.spec, self.deed)
        return {"deed": self.deed, "building": self.building, "left": self.left,
                "from": self.space, "versions": list(spaces),
                "placed": [game.st.placed[s] for s in spaces]}

    def apply(self, game: Game, a: Action) -> None:
        if a.kind != A.A_PLACE_VERSION:
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")
        spec, st = game.spec, game.st
        if a.target not in versions_of(spec, self.deed):
            raise IllegalAction(a, "that is not a version of the street")
        if a.target != self.space:
            count = B.top(spec) if self.building == "hotel" else 1
            B.move(spec, st, self.deed, self.space, a.target, count)
        self.left -= 1
        if self.left <= 0:
            game.pop(self)
        game.emit(Event("placed_version", player=a.player, deed=self.deed, space=a.target,
                        text=self.building))


def move_problem(game: Game, p: int, src: int, dst: int) -> str:
    """Why ``p`` may not move a building from version ``src`` to version ``dst`` now, or ''.
    Only their own, on their own turn, between versions of one street; a hotel moves whole."""
    spec, st = game.spec, game.st
    cfg = spec.mechanics.get(VERSIONS)
    if not isinstance(cfg, VersionsSpec) or not cfg.movable:
        return "buildings do not move in this edition"
    if not (0 <= src < spec.size and 0 <= dst < spec.size):
        return "no such space"
    d = spec.spaces[src].deed
    if d < 0 or spec.spaces[dst].deed != d or src == dst:
        return "a building moves only to another version of its street"
    if st.owner[d] != p:
        return "you do not own it"
    if st.current != p:
        return "only on your own turn"
    if st.placed[src] <= 0:
        return "there is no building on that version"
    return ""


def move_building(game: Game, a: Action) -> None:
    """Move one house (or the hotel) from one version of a street to another."""
    why = move_problem(game, a.player, a.target, a.amount)
    if why:
        raise IllegalAction(a, why)
    spec, st = game.spec, game.st
    d = spec.spaces[a.target].deed
    count = B.top(spec) if st.placed[a.target] == B.top(spec) else 1
    B.move(spec, st, d, a.target, a.amount, count)
    game.emit(Event("moved_building", player=a.player, deed=d, space=a.amount, other=a.target,
                    text="hotel" if count > 1 else "house"))


class Versions(Mechanic):
    """Buildings placed on, and moved between, the versions of a street."""

    NAME: ClassVar[str] = VERSIONS

    def placed(self, game: Game, player: int, deed: int, space: int, kind: str) -> None:
        """A building bought, or a sold hotel's houses: the owner chooses their versions."""
        spaces = versions_of(game.spec, deed)
        if len(spaces) < 2:
            return
        if kind == "houses":
            game.push(VersionFrame(player, deed, space, game.st.placed[space], "house"))
        else:
            game.push(VersionFrame(player, deed, space, 1, kind))

    def anytime_choices(self, game: Game, player: int) -> list[Action]:
        """Moving a building: on the player's own turn, between the decisions of the turn."""
        st, spec = game.st, game.spec
        cfg = spec.mechanics.get(VERSIONS)
        if st.current != player or st.frames or not isinstance(cfg, VersionsSpec) \
                or not cfg.movable or game.anytime_problem(player, A.A_MOVE_BUILDING):
            return []
        out: list[Action] = []
        placed, owner = st.placed, st.owner
        for d in spec.deeds:
            if d.kind != STREET or owner[d.index] != player or len(d.spaces) < 2 \
                    or not st.buildings[d.index]:
                continue
            for src in d.spaces:
                if placed[src]:
                    out.extend(Action(A.A_MOVE_BUILDING, player, src, dst)
                               for dst in d.spaces if dst != src)
        return out

    def describe(self, words: Words, event: Event) -> str | None:
        v = words.v
        if event.kind == "placed_version":
            what = v.hotel if event.text == "hotel" else v.house
            return f"{words.Who(event.player)} put the {what} on {words.space(event.space)}"
        if event.kind == "moved_building":
            one = v.a_hotel if event.text == "hotel" else v.a_house
            return (f"{words.Who(event.player)} moved {one} from {words.space(event.other)} "
                    f"to {words.space(event.space)}")
        return None

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"placed_version", "moved_building"})

    def check(self, spec: Spec, st: GameState) -> list[str]:
        """A building to place names a player, a street and one of its versions."""
        out: list[str] = []
        n = len(st.players)
        for i, f in enumerate(st.frames):
            if not isinstance(f, VersionFrame):
                continue
            if not (0 <= f.player < n and 0 <= f.deed < len(spec.deeds)
                    and f.space in spec.deeds[f.deed].spaces and f.left >= 1
                    and f.building in ("house", "hotel")):
                out.append(f"frames[{i}]: a building to place on {f.deed}/{f.space} by "
                           f"{f.player} does not fit the game")
        return out


# ---------------------------------------------------------------- the forced buy-out


def buyout_extra(spec: Spec) -> int:
    cfg = spec.mechanics.get(BUYOUT)
    return cfg.extra if isinstance(cfg, BuyoutSpec) else 0


def taken_buildings(spec: Spec, st: GameState, deed: int) -> str:
    """What stands on a deed's versions as it is bought out, for the log ("Then you own
    Boardwalk and that Hotel"): the buildings on each version in board order ("0,4,0"), or ''
    when nothing is built. The ``bought_out`` event carries it in its text."""
    placed = [st.placed[s] for s in versions_of(spec, deed)]
    return ",".join(str(n) for n in placed) if any(placed) else ""


def taken_words(words: Words, deed: int, text: str) -> str:
    """What a buy-out took besides the deed, from the event's text (``taken_buildings``):
    the other versions and the buildings on them ("with every version and a Hotel on
    Boardwalk 2"), '' for a deed of one version with nothing built."""
    spec, v = words.spec, words.v
    spaces = versions_of(spec, deed)
    counts = [int(n) for n in text.split(",")] if text else []
    top = B.top(spec)
    built = [(building_words(words.game, "hotel") if n >= top
              else building_words(words.game, "house", n)) + f" on {words.space(s)}"
             for s, n in zip(spaces, counts, strict=False) if n > 0]
    items = ([f"every {v.version}"] if len(spaces) > 1 else []) + built
    if not items:
        return ""
    if len(items) == 1:
        return f", with {items[0]}"
    return ", with " + ", ".join(items[:-1]) + " and " + items[-1]


def buyout_rent(spec: Spec, st: GameState, deed: int, roll_total: int) -> int:
    """The rent a buy-out's price is made of: "Just pay the rent shown on the Title Deed card
    for a color set or whatever buildings are on that property, plus M10". The buyer takes
    every version and every building on them ("Then you own Boardwalk and that Hotel. You also
    own Boardwalk 2 and Boardwalk 3"), so a street's is the rent of all the buildings on its
    versions together (a Hotel on Boardwalk 2 prices a landing on Boardwalk at the Hotel's
    rent), though the rent paid instead is the version's own."""
    return P.rent_due(spec, st, deed, roll_total)


@dataclass(slots=True)
class BuyOutFrame(Frame):
    """On another player's unmortgaged property: pay the rent, or buy the property for the
    Title Deed's rent of what is built on it (``buyout_rent``) plus the extra ("They must sell
    it to you"). The lander may raise cash first: selling, mortgaging, or, where the rules say
    so (``deals_while_buying``), making deals with other players."""

    player: int
    owner: int
    deed: int
    space: int
    rent: int
    """The rent of the version landed on: what is paid instead of buying."""
    price_rent: int = -1
    """The rent the price is made of (``buyout_rent``); -1 in a save made before it was kept:
    ``rent``."""

    def kind(self) -> str:
        return A.BUY_OUT

    def rank(self) -> int:
        return 30

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def decider(self, game: Game) -> int:
        return self.player

    def price(self, game: Game) -> int:
        rent = self.price_rent if self.price_rent >= 0 else self.rent
        return rent + buyout_extra(game.spec)

    def choices(self, game: Game) -> list[Action]:
        out = [Action(A.A_PAY_RENT, self.player, self.deed, self.rent)]
        if game.st.players[self.player].cash >= self.price(game):
            out.append(Action(A.A_BUY_OUT, self.player, self.deed, self.price(game)))
        return out

    def context(self, game: Game) -> dict[str, object]:
        st = game.st
        return {"deed": self.deed, "space": self.space, "owner": self.owner, "rent": self.rent,
                "price": self.price(game), "extra": buyout_extra(game.spec),
                "buildings": st.buildings[self.deed],
                "versions": list(versions_of(game.spec, self.deed))}

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        return player == self.player and raising_to_buy(game, kind)  # the price first

    def apply(self, game: Game, a: Action) -> None:
        st = game.st
        if a.kind == A.A_PAY_RENT:
            game.pop(self)
            charge_rent(game, self.player, self.owner, self.deed, self.rent)
            return
        if a.kind != A.A_BUY_OUT:
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")
        price = self.price(game)
        if st.players[self.player].cash < price:
            raise IllegalAction(a, "not enough cash: raise it first, or pay the rent")
        if st.owner[self.deed] != self.owner or st.mortgaged[self.deed]:
            raise IllegalAction(a, "the property can no longer be bought out")
        game.pop(self)
        game.owe(self.player, self.owner, price, "buy_out", target=self.deed)
        st.owner[self.deed] = self.player
        if not game.quiet:
            game.emit(Event("bought_out", player=self.player, other=self.owner, deed=self.deed,
                            space=self.space, amount=price,
                            text=taken_buildings(game.spec, st, self.deed)))


class Buyout(Mechanic):
    """The forced buy-out, offered instead of the rent of a plain landing (a card that says
    what to pay is paid as the card says)."""

    NAME: ClassVar[str] = BUYOUT

    def waives(self, game: Game, kind: str, payer: int, payee: int, deed: int,
               space: int) -> bool:
        """A landing's rent on another's property (the core has left out the mortgaged and
        the lander's own): the lander chooses rent or buy-out, when they could afford it."""
        if kind != "rent" or payee < 0 or deed < 0:
            return False
        spec, st = game.spec, game.st
        d = spec.deeds[deed]
        if d.kind == DICE_RENT and P.dice_rent_needs_new_roll(spec, st, deed)[0]:
            return False  # the rent is known only after a roll: charged as usual
        roll = game.last_total()
        rent = P.rent_due(spec, st, deed, roll, space=space)
        price_rent = buyout_rent(spec, st, deed, roll)
        if st.players[payer].cash + P.raisable(spec, st, payer) < price_rent + buyout_extra(spec) \
                and not could_deal(game, payer):
            return False
        game.push(BuyOutFrame(payer, payee, deed, space, rent, price_rent))
        return True

    def describe(self, words: Words, event: Event) -> str | None:
        if event.kind == "bought_out":
            return (f"{words.Who(event.player)} bought {words.deed(event.deed)} out from "
                    f"{words.who(event.other)} for {words.money(event.amount)}"
                    f"{taken_words(words, event.deed, event.text)}")
        return None

    def acquisitions(self, spec: Spec) -> dict[str, str]:
        """A buy-out is a purchase ("buy the property from that player for the price of rent
        plus M10"): counted with the deeds bought."""
        return {"bought_out": "bought"}

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"bought_out"})

    def reason_words(self, words: Words, reason: str, target: int) -> str | None:
        return f"the {words.v.buy_out} of {words.deed(target)}" if reason == "buy_out" else None

    def check(self, spec: Spec, st: GameState) -> list[str]:
        """A buy-out on offer names two players, a deed and one of its versions."""
        out: list[str] = []
        n = len(st.players)
        for i, f in enumerate(st.frames):
            if not isinstance(f, BuyOutFrame):
                continue
            if not (0 <= f.player < n and 0 <= f.owner < n and f.player != f.owner
                    and 0 <= f.deed < len(spec.deeds) and f.space in spec.deeds[f.deed].spaces
                    and f.rent >= 0):
                out.append(f"frames[{i}]: a buy-out of {f.deed} by {f.player} from "
                           f"{f.owner} does not fit the game")
        return out


# ---------------------------------------------------------------- every GO pays


class EveryGo(Mechanic):
    """Passing or landing on any GO pays the salary (the core pays at the first GO)."""

    NAME: ClassVar[str] = EVERY_GO

    def step(self, game: Game, player: int, space: int, left: int) -> None:
        spec = game.spec
        if space != spec.go_space and spec.spaces[space].kind == GO:
            game.salary(player)


# Registered here, not by decorators: mypyc compiles only undecorated classes natively.
mechanic_config(VersionsSpec, VERSIONS)
mechanic_config(BuyoutSpec, BUYOUT)
mechanic_config(EveryGoSpec, EVERY_GO)
frame_type(VersionFrame, "place_version")
frame_type(BuyOutFrame, "buy_out")
register(Versions)
register(Buyout)
register(EveryGo)
ANYTIME[A.A_MOVE_BUILDING] = move_building
