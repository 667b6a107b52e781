"""Securing locations (Dungeons & Dragons: Honor Among Thieves), the mechanic ``adventures``,
whose numbers are the spec's ``AdventuresSpec``; its checks are ``d20_checks``'.

The clauses, in our words:

- **An unsecured location**: its first lander pays the bank the printed amount and its
  Adventure card is revealed; a first lander who cannot pay does nothing (no debt). Once
  revealed, a lander pays no fee. Then the lander pays the card's price to secure it at once,
  or rolls the check die against the card's target (``SecureFrame``). Failing leaves the
  card revealed at the space for the next lander.
- **A card's own outcome**: on a natural 1 or 20 the card's own outcome (if it has one) comes
  on top of the critical's gold.
- **A secured location**: a lander pays its owner the printed amount as tax, double when the
  owner holds both of the pair; on your own, nothing.
- **The end**: the moment every location is secured, every player collects from the bank each
  of their locations' tax (double for a pair); the most gold wins (a tie: more locations,
  then seat order). The roll that secures the last location is settled in full first (the
  card's own outcome, a card drawn and whatever it asks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monopoly_tui.engine import cards, spaces
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frame import Frame, MechanicState, frame_type, mechanic_state
from monopoly_tui.engine.frames import trade_allowed
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_checks import (
    config as check_config,
)
from monopoly_tui.engine.mechanics.dnd_checks import (
    item_card,
    items_of,
    on_check_done,
    start_check,
)
from monopoly_tui.engine.mechanics.dnd_config import ADVENTURES, AdventureSpec, AdventuresSpec
from monopoly_tui.engine.spec import (
    COLLECT_PER_LOCATION,
    DRAW,
    LOCATION,
    CardSpec,
    SpaceSpec,
    Spec,
)
from monopoly_tui.engine.state import ABOUT_FIELD, RANKED_BY_CASH, GameState

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

SECURE = "secure"
"""The decision kind: pay the price or roll the check die to secure a location."""
A_PAY_SECURE = "pay_to_secure"
A_ROLL_SECURE = "roll_to_secure"
END_REASON = "all_locations_secured"

ABOUT_FIELD.update({"bank_fee": "deed", "secure_price": "deed", "location_tax": "deed"})


@dataclass(slots=True)
class AdventuresState(MechanicState):
    """Which locations' Adventure cards are revealed (by deed); secured ones are owned."""

    revealed: list[bool] = field(default_factory=list)


mechanic_state(AdventuresState, ADVENTURES)


def config(spec: Spec) -> AdventuresSpec:
    c = spec.mechanics[ADVENTURES]
    assert isinstance(c, AdventuresSpec)
    return c


def state(game: Game) -> AdventuresState:
    s = game.st.mech[ADVENTURES]
    assert isinstance(s, AdventuresState)
    if len(s.revealed) < len(game.spec.deeds):
        s.revealed.extend([False] * (len(game.spec.deeds) - len(s.revealed)))
    return s


def card_of(game: Game, deed: int) -> AdventureSpec:
    card = config(game.spec).card_at(game.spec.deeds[deed].spaces[0])
    assert card is not None, f"no Adventure card for {game.spec.deeds[deed].id}"
    return card


def success_odds(game: Game, p: int, target: int) -> float:
    """The chance that a check against ``target`` succeeds for ``p``, using the held items as
    needed: every add after a miss, a reroll when the adds do not reach."""
    c = check_config(game.spec)
    values = game.spec.die(c.die).values
    held = [item_card(game, h) for h in items_of(game, p)]
    adds = sum(h.amount for h in held if not h.reroll)
    rerolls = sum(1 for h in held if h.reroll)

    def wins(natural: int, left: int) -> float:
        if natural + adds >= target:
            return 1.0
        if not left:
            return 0.0
        outs = [min(max(v, c.clamp_lo), c.clamp_hi) for v in values]
        return sum(wins(v, left - 1) for v in outs) / len(outs)

    total = 0.0
    for v in values:
        if v == c.fail_face:
            continue
        if v == c.success_face or v >= target:
            total += 1
        else:
            total += wins(v, rerolls)
    return total / len(values)


@dataclass(slots=True)
class SecureFrame(Frame):
    """On an unsecured location whose card is revealed: pay the price, or roll."""

    player: int
    deed: int

    def kind(self) -> str:
        return SECURE

    def rank(self) -> int:
        return 30

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        return trade_allowed(game, kind)  # "trade ... at any time"

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        out = []
        if game.st.players[self.player].cash >= card_of(game, self.deed).price:
            out.append(Action(A_PAY_SECURE, self.player, self.deed))
        out.append(Action(A_ROLL_SECURE, self.player, self.deed))
        return out

    def context(self, game: Game) -> dict[str, object]:
        card = card_of(game, self.deed)
        return {"deed": self.deed, "space": card.space, "picture": card.picture,
                "text": card.text, "target": card.target, "price": card.price,
                "odds": success_odds(game, self.player, card.target)}

    def apply(self, game: Game, action: Action) -> None:
        card = card_of(game, self.deed)
        if action.kind == A_PAY_SECURE:
            if game.st.players[self.player].cash < card.price:
                raise IllegalAction(action, f"the price is {game.spec.vocab.money(card.price)}")
            game.pop(self)
            game.owe(self.player, -1, card.price, "secure_price", target=self.deed)
            secure(game, self.player, self.deed, "paid", card.price)
            end_if_all_secured(game)
            return
        if action.kind != A_ROLL_SECURE:
            raise IllegalAction(action, f"'{action.kind}' is not a choice now: pay or roll")
        game.pop(self)
        start_check(game, self.player, card.target, SECURE, self.deed)


frame_type(SecureFrame, "dnd_secure")


def land_on_location(game: Game, p: int, sp: SpaceSpec, roll: int, rent_mult: int,
                     dice_mult: int) -> None:
    """A secured location: its tax (the core's rent rules: none on your own); an unsecured
    one: the first lander's fee and the card revealed, then pay or roll."""
    st = game.st
    d = sp.deed
    owner = st.owner[d]
    if owner >= 0:
        if owner == p:
            return
        for m in game.on_waives:
            if m.waives(game, "rent", p, owner, d, sp.index):
                return
        tax = P.rent_due(game.spec, st, d, roll, rent_mult)
        for m in game.on_adjusts:
            tax = m.adjusts(game, "rent", p, owner, d, tax)
        game.owe(p, owner, tax, "location_tax", target=d)
        return
    s = state(game)
    if not s.revealed[d]:
        fee = game.spec.deeds[d].price
        if st.players[p].cash < fee:
            game.emit(Event("bank_fee_skipped", player=p, space=sp.index, amount=fee))
            return
        game.owe(p, -1, fee, "bank_fee", target=d)
        s.revealed[d] = True
        game.emit(Event("adventure_revealed", player=p, space=sp.index, deed=d,
                        text=card_of(game, d).picture))
    game.push(SecureFrame(p, d))


spaces.register(LOCATION, land_on_location)


def secure(game: Game, p: int, deed: int, how: str, price: int = 0) -> None:
    """``p`` secures the location (``how``: paid, its ``price``; rolled)."""
    game.st.owner[deed] = p
    state(game).revealed[deed] = True
    game.emit(Event("secured", player=p, deed=deed, amount=price, text=how))


def outcome(game: Game, p: int, effect: CardSpec | None) -> None:
    """An Adventure card's own outcome of a 1 or a 20: a card effect."""
    if effect is None:
        return
    game.emit(Event("adventure_outcome", player=p, text=effect.text))
    run = cards.CARD_EFFECTS.get(effect.kind)
    if run is not None:
        run(game, p, effect.deck, effect)


def secure_check_done(game: Game, p: int, deed: int, won: bool, natural: int) -> None:
    """The check for a location: secured on a success, the card's own outcome of a 1 or a
    20, and the end when every location is secured."""
    c = check_config(game.spec)
    card = card_of(game, deed)
    if won:
        secure(game, p, deed, "rolled")
    else:
        game.emit(Event("adventure_failed", player=p, deed=deed))
    if natural == c.success_face:
        outcome(game, p, card.on_20)
    elif natural == c.fail_face:
        outcome(game, p, card.on_1)
    if won:
        game.push(EndCheckFrame())


on_check_done(SECURE, secure_check_done)


@dataclass(slots=True)
class EndCheckFrame(Frame):
    """After a securing roll: once everything it started is settled (the card's own outcome,
    a card drawn and what that card asks, a payment), the game ends if every location is
    secured. A step below every decision, so it runs last."""

    def rank(self) -> int:
        return 5

    def run(self, game: Game) -> None:
        game.pop(self)
        end_if_all_secured(game)


frame_type(EndCheckFrame, "dnd_end_check")


def locations_of(spec: Spec, st: GameState, p: int) -> list[int]:
    return [d.index for d in spec.deeds if d.kind == LOCATION and st.owner[d.index] == p]


def end_if_all_secured(game: Game) -> bool:
    """The moment every location is secured: the payout, and the most gold wins."""
    spec, st = game.spec, game.st
    if game.over or not config(spec).end_when_all_secured:
        return False
    if any(d.kind == LOCATION and st.owner[d.index] < 0 for d in spec.deeds):
        return False
    most_gold_wins(game, END_REASON, config(spec).payout)
    return True


def most_gold_wins(game: Game, reason: str, payout: str) -> None:
    """The end: the payout (``location_tax``: every player collects each of their locations'
    tax; ``none``), then "Now count up your gold. The player with the most wins!" (a tie:
    more locations secured, then seat order)."""
    spec, st = game.spec, game.st
    pay_out(game, payout)
    alive = [i for i, q in enumerate(st.players) if not q.bankrupt]
    ranking = sorted(alive, key=lambda i: (-st.players[i].cash,
                                           -len(locations_of(spec, st, i)), i))
    game.finish(ranking[0], reason, ranking, RANKED_BY_CASH)


def pay_out(game: Game, payout: str) -> None:
    """Every player collects from the bank each of their locations' tax (double for a pair),
    when ``payout`` is ``location_tax``."""
    spec, st = game.spec, game.st
    if payout != "location_tax":
        return
    for p, pl in enumerate(st.players):
        if pl.bankrupt:
            continue
        amount = sum(P.rent_due(spec, st, d, 0) for d in locations_of(spec, st, p))
        if amount:
            game.bank_pays(p, amount)
            game.emit(Event("end_payout", player=p, amount=amount))


def collect_per_location(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """Collect an amount for each location you have secured."""
    amount = card.amount * len(locations_of(game.spec, game.st, p))
    game.bank_pays(p, amount)
    game.emit(Event("collected", player=p, amount=amount))


def draw_card(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """Draw a card of the named deck now."""
    cards.draw(game, p, card.deck)


cards.register(COLLECT_PER_LOCATION, collect_per_location)
cards.register(DRAW, draw_card)


class Adventures(Mechanic):
    """Locations secured by paying or by the check die (the module's docstring)."""

    NAME = ADVENTURES

    def new_state(self) -> MechanicState | None:
        return AdventuresState(revealed=[False] * len(self.spec.deeds))

    def check(self, spec: Spec, st: GameState) -> list[str]:
        s = st.mech.get(ADVENTURES)
        if not isinstance(s, AdventuresState):
            return []
        out = []
        for d in spec.deeds:
            if d.kind == LOCATION and st.owner[d.index] >= 0 and not s.revealed[d.index]:
                out.append(f"mech.{ADVENTURES}.revealed[{d.index}]: {d.id} is secured but "
                           "its card is not revealed")
        return out

    def called(self, game: Game, reason: str) -> bool:
        """The game called before every location is secured (the round cap, an agreed
        hour), where the edition ends it as the real end ("the same payout and winner"):
        the payout, then the most gold wins, not the core's valuation of cash and deeds."""
        payout = config(game.spec).called_payout
        if not payout:
            return False
        most_gold_wins(game, reason, payout)
        return True

    def shown(self, game: Game, before: GameState) -> str:
        """An Adventure card turned picture-side-down (its details read) is hidden no more."""
        was = before.mech.get(ADVENTURES)
        now = state(game).revealed
        if not isinstance(was, AdventuresState):
            return ""
        for d, seen in enumerate(now):
            if seen and not (d < len(was.revealed) and was.revealed[d]):
                return (f"the {game.spec.vocab.adventure} of {game.spec.deeds[d].name} was "
                        "revealed since")
        return ""

    def action_words(self, words: Words, action: Action) -> str | None:
        """Securing a location (``target``: its deed) by paying its price or by the check
        die."""
        if action.kind not in (A_PAY_SECURE, A_ROLL_SECURE):
            return None
        v, d = words.v, action.target
        if not 0 <= d < len(words.spec.deeds):
            return f"{v.secure} the {v.location}"
        if action.kind == A_ROLL_SECURE:
            return (f"roll the {check_config(words.spec).die} die to {v.secure} "
                    f"{words.deed(d)}")
        return f"pay {words.money(card_of(words.game, d).price)} to {v.secure} {words.deed(d)}"

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"bank_fee_skipped", "adventure_revealed", "secured",
                          "adventure_failed", "adventure_outcome", "end_payout"})

    def describe(self, words: Words, event: Event) -> str | None:
        w, e, v = words, event, words.spec.vocab
        if e.kind == "bank_fee_skipped":
            return (f"{w.Who(e.player)} cannot pay the {v.bank} {w.money(e.amount)} for "
                    f"{w.space(e.space)}: nothing happens")
        if e.kind == "adventure_revealed":
            return f"{w.Who(e.player)} reveals the {v.adventure} of {w.space(e.space)}: {e.text}"
        if e.kind == "secured":  # (after its price paid: the one line says both)
            how = "by the roll" if e.text != "paid" else (
                f"by paying {w.money(e.amount)}" if e.amount else "by paying")
            return f"{w.Who(e.player)} {v.secured} {w.deed(e.deed)} {how}"
        if e.kind == "adventure_failed":
            return (f"{w.Who(e.player)} failed to {v.secure} {w.deed(e.deed)}: its "
                    f"{v.adventure} stays revealed")
        if e.kind == "adventure_outcome":
            return e.text
        if e.kind == "end_payout":
            return (f"{w.Who(e.player)} collects {w.money(e.amount)} {v.tax} for their "
                    f"{v.locations}")
        return None

    def rent_reasons(self) -> frozenset[str]:
        """The tax a lander pays a location's owner is the owner's rent."""
        return frozenset({"location_tax"})

    def acquisitions(self, spec: Spec) -> dict[str, str]:
        """Securing a location is how a player takes it from the bank (there is no buying)."""
        return {"secured": spec.vocab.secured}

    def reason_words(self, words: Words, reason: str, target: int) -> str | None:
        v = words.spec.vocab
        if reason == "bank_fee":
            return f"the {v.bank}'s fee on {words.deed(target)}"
        if reason == "secure_price":
            return f"the price to {v.secure} {words.deed(target)}"
        if reason == "location_tax":
            return f"{v.tax} on {words.deed(target)}"
        return None

    def end_words(self, words: Words, reason: str) -> str | None:
        if reason == END_REASON:
            v = words.spec.vocab
            return f"every {v.location} is {v.secured}: the most {v.currency} wins"
        return None


register(Adventures)
