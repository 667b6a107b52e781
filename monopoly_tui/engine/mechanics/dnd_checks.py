"""The check die and the Item cards (Dungeons & Dragons: Honor Among Thieves), the mechanic
``d20_checks``, whose numbers are the spec's ``CheckDieSpec``.

The clauses, in our words:

- **A check** rolls the check die (the red d20) against a target: the target or more
  succeeds (``start_check``; the mechanic that asked is called back with the result through
  ``CHECK_DONE``, by the check's purpose).
- **Critical Fail**: a natural 1 fails and costs the fee to the bank, on top of any other
  penalty (a mechanic may waive the charge ``critical_fail``: Holga). **Critical Success**: a
  natural 20 succeeds and collects the reward from the bank, on top of any other reward.
- **Items**: an Item card drawn is kept (any number of them); after seeing a natural roll of 2
  to 19 that misses, the player may use items one after another (``CheckFrame``): one that
  adds, adds to the roll; one that rerolls, rolls the die again and the new roll counts,
  within the reroll clamp, so an item never makes or removes a critical. Each item used goes
  to the bottom of its deck. The player may stop using items at any time (the check fails).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monopoly_tui.engine import cards
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frame import Frame, MechanicState, frame_type, mechanic_state
from monopoly_tui.engine.frames import trade_allowed
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_config import CHECKS, CheckDieSpec
from monopoly_tui.engine.spec import ITEM, CardSpec, Spec
from monopoly_tui.engine.state import GameState

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

USE_ITEMS = "use_items"
"""The decision kind: use an item on the roll just seen, or stop."""
A_USE_ITEM = "use_item"
"""Use the held item ``target`` (its place in the player's items)."""
A_NO_ITEM = "no_item"
"""Use no (more) item: the roll stands."""

CheckDone = Callable[["Game", int, int, bool, int], None]
"""(game, player, what the check was about, succeeded, the natural roll)."""

CHECK_DONE: dict[str, CheckDone] = {}
"""What each purpose of a check does with its result (registered by the mechanic asking)."""


def on_check_done(purpose: str, done: CheckDone) -> None:
    """Make ``done`` what a check of ``purpose`` calls back with its result."""
    CHECK_DONE[purpose] = done


@dataclass(slots=True)
class ChecksState(MechanicState):
    """The Item cards each player keeps, as (deck, card) pairs."""

    items: list[list[tuple[int, int]]] = field(default_factory=list)


mechanic_state(ChecksState, CHECKS)


def config(spec: Spec) -> CheckDieSpec:
    c = spec.mechanics[CHECKS]
    assert isinstance(c, CheckDieSpec)
    return c


def state(game: Game) -> ChecksState:
    s = game.st.mech[CHECKS]
    assert isinstance(s, ChecksState)
    return s


def items_of(game: Game, p: int) -> list[tuple[int, int]]:
    """The Item cards player ``p`` holds."""
    s = state(game)
    while len(s.items) <= p:
        s.items.append([])
    return s.items[p]


def item_card(game: Game, held: tuple[int, int]) -> CardSpec:
    return game.spec.decks[held[0]].cards[held[1]]


def roll_check_die(game: Game) -> int:
    """One roll of the check die: its value."""
    c = config(game.spec)
    face = game.roll_faces(1, c.die)[0]
    return game.spec.die(c.die).values[face]


def start_check(game: Game, p: int, target: int, purpose: str, about: int) -> None:
    """Roll the check die for ``p`` against ``target``; the result goes to ``CHECK_DONE``
    [``purpose``] (at once, or after the player's choice of items)."""
    c = config(game.spec)
    natural = roll_check_die(game)
    game.emit(Event("red_die", player=p, amount=natural, space=about, dice=(target,),
                    text=purpose))
    if natural == c.fail_face:
        waived = any(m.waives(game, "critical_fail", p, -1, -1, about) for m in game.on_waives)
        game.emit(Event("critical_fail", player=p, amount=0 if waived else c.fail_fee))
        if not waived:
            game.owe(p, -1, c.fail_fee, "critical_fail")
        CHECK_DONE[purpose](game, p, about, False, natural)
        return
    if natural == c.success_face:
        game.bank_pays(p, c.success_reward)
        game.emit(Event("critical_success", player=p, amount=c.success_reward))
        CHECK_DONE[purpose](game, p, about, True, natural)
        return
    if natural < target and items_of(game, p):
        game.push(CheckFrame(p, target, purpose, about, natural, natural))
        return
    CHECK_DONE[purpose](game, p, about, natural >= target, natural)


@dataclass(slots=True)
class CheckFrame(Frame):
    """A check roll seen and missed: use an item (each held one, with what it would do), or
    let the roll stand."""

    player: int
    target: int
    purpose: str
    about: int
    natural: int
    total: int

    def kind(self) -> str:
        return USE_ITEMS

    def rank(self) -> int:
        return 32

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        return trade_allowed(game, kind)  # "trade ... at any time"

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        held = items_of(game, self.player)
        return [Action(A_USE_ITEM, self.player, i) for i in range(len(held))] + [
            Action(A_NO_ITEM, self.player)]

    def context(self, game: Game) -> dict[str, object]:
        c = config(game.spec)
        held = items_of(game, self.player)
        return {
            "roll": self.natural, "total": self.total, "target": self.target,
            "purpose": self.purpose, "about": self.about,
            "items": [(item_card(game, h).text, item_card(game, h).amount,
                       item_card(game, h).reroll) for h in held],
            "reroll_wins": sum(
                1 for v in game.spec.die(c.die).values
                if min(max(v, c.clamp_lo), c.clamp_hi) + self.total - self.natural
                >= self.target),
        }

    def apply(self, game: Game, action: Action) -> None:
        held = items_of(game, self.player)
        if action.kind == A_NO_ITEM:
            game.pop(self)
            CHECK_DONE[self.purpose](game, self.player, self.about, False, self.natural)
            return
        if action.kind != A_USE_ITEM:
            raise IllegalAction(action, f"'{action.kind}' is not a choice now: use an item "
                                "or let the roll stand")
        if not 0 <= action.target < len(held):
            raise IllegalAction(action, f"no held item {action.target}")
        deck, ci = held.pop(action.target)
        game.st.decks[deck].append(ci)  # used: to the bottom of the deck
        card = game.spec.decks[deck].cards[ci]
        if card.reroll:
            c = config(game.spec)
            added = self.total - self.natural
            self.natural = min(max(roll_check_die(game), c.clamp_lo), c.clamp_hi)
            self.total = self.natural + added
        else:
            self.total += card.amount
        game.emit(Event("item_used", player=self.player, amount=self.total, card=(deck, ci),
                        dice=(self.target,)))
        if self.total >= self.target or not held:
            game.pop(self)
            CHECK_DONE[self.purpose](game, self.player, self.about, self.total >= self.target,
                                     self.natural)


frame_type(CheckFrame, "dnd_check")


def keep_item(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """An Item card is kept until used (any number of them)."""
    order = game.st.decks[deck]
    ci = order.pop()  # ``draw`` put it at the bottom before its effect
    items_of(game, p).append((deck, ci))
    game.emit(Event("item_kept", player=p, card=(deck, ci)))


cards.register(ITEM, keep_item)


class Checks(Mechanic):
    """The check die, its criticals and the Item cards (the module's docstring)."""

    NAME = CHECKS

    def new_state(self) -> MechanicState | None:
        return ChecksState()

    def setup(self, game: Game) -> None:
        state(game).items = [[] for _ in game.st.players]

    def leaves(self, game: Game, player: int) -> None:
        for deck, ci in items_of(game, player):
            game.st.decks[deck].append(ci)
        items_of(game, player).clear()

    def held_cards(self, st: GameState) -> list[tuple[int, int]]:
        s = st.mech.get(CHECKS)
        if not isinstance(s, ChecksState):
            return []
        return [h for held in s.items for h in held]

    def check(self, spec: Spec, st: GameState) -> list[str]:
        s = st.mech.get(CHECKS)
        if not isinstance(s, ChecksState):
            return []
        out = []
        for p, held in enumerate(s.items):
            for deck, ci in held:
                if not (0 <= deck < len(spec.decks) and 0 <= ci < len(spec.decks[deck].cards)
                        and spec.decks[deck].cards[ci].kind == ITEM):
                    out.append(f"mech.{CHECKS}.items[{p}]: ({deck}, {ci}) is not an Item card")
        return out

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"red_die", "critical_fail", "critical_success", "item_used",
                          "item_kept"})

    def describe(self, words: Words, event: Event) -> str | None:
        w, e, v = words, event, words.spec.vocab
        if e.kind == "red_die":
            target = e.dice[0] if e.dice else 0
            die = config(w.spec).die  # the die's id in the ruleset ('red': the red die)
            return f"{w.Who(e.player)} rolled {e.amount} on the {die} die (needs {target})"
        if e.kind == "critical_fail":
            if not e.amount:  # the fee waived (the waiver's own event says why)
                return f"{v.critical_fail}! {w.Who(e.player)} owes the {v.bank} nothing"
            return f"{v.critical_fail}! {w.Who(e.player)} owes the {v.bank} {w.money(e.amount)}"
        if e.kind == "critical_success":
            return (f"{v.critical_success}! {w.Who(e.player)} collects {w.money(e.amount)} "
                    f"from the {v.bank}")
        if e.kind == "item_used":
            text = _card_name(w.spec, e.card)
            return f"{w.Who(e.player)} used {text}: the roll counts {e.amount}"
        if e.kind == "item_kept":
            return f"{w.Who(e.player)} keeps the {v.item} {_card_name(w.spec, e.card)}"
        return None

    def action_words(self, words: Words, action: Action) -> str | None:
        """An Item card used on a check roll (``target``: its place among the player's items
        then), or the roll let stand."""
        from monopoly_tui.engine.describe import kept_card_words

        if action.kind == A_NO_ITEM:
            return f"let the {config(words.spec).die} die's roll stand"
        if action.kind != A_USE_ITEM:
            return None
        held = items_of(words.game, action.player) \
            if 0 <= action.player < len(words.game.st.players) else []
        if not 0 <= action.target < len(held):
            return f"use an {words.v.item}"
        return f"use {kept_card_words(words.spec, held[action.target])} on the roll"

    def reason_words(self, words: Words, reason: str, target: int) -> str | None:
        if reason == "critical_fail":
            return f"a {words.spec.vocab.critical_fail}"
        return None


def _card_name(spec: Spec, card: tuple[int, int]) -> str:
    """An item's name: its text up to the first full stop."""
    deck, ci = card
    if not (0 <= deck < len(spec.decks) and 0 <= ci < len(spec.decks[deck].cards)):
        return "an item"
    return spec.decks[deck].cards[ci].text.split(".")[0]


register(Checks)
