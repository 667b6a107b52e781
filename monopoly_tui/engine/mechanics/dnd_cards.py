"""Magic & Mystery cards (Dungeons & Dragons: Honor Among Thieves), the mechanic
``magic_mystery``; its fights are ``d20_checks`` checks.

The clauses, in our words:

- **Draw the top card**: keep it if it says so (Item cards, Get Out of Jail Free), otherwise
  do what it says and put it at the bottom of the deck (``engine.cards.draw``).
- **A monster**: roll the check die against the monster's number (items may help; a 1 and a
  20 are criticals as always). Meet it and nothing happens; miss it and the card's loss
  follows: pay gold to the bank, go to Jail, lose one Item card (your choice), or lose every
  Item card.
- **A move to the next space of a kind**: go forward to the next Portal (and use it), or to
  the next location (the next one nobody has secured, when the card says so); passing GO pays.
- **Lose an item**: put one of your Item cards (your choice) at the bottom of the deck;
  with none, nothing happens. **Lose all items**: every Item card you hold goes to the bottom.
- **Gold comes in coins**: every player's gold stays a multiple of the smallest coin (an
  invariant the simulator checks).
- **Kept cards are trade goods**: a trade may hand over any Item card a player keeps (the
  ``kept_by`` / ``hand_over`` hooks), as it hands over Get Out of Jail Free cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from monopoly_tui.engine import cards
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frame import Frame, frame_type
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_checks import item_card, items_of, on_check_done, start_check
from monopoly_tui.engine.mechanics.dnd_config import MAGIC_MYSTERY
from monopoly_tui.engine.spec import (
    LOSE_ALL_ITEMS,
    LOSE_ITEM,
    MAX_DECK_CARDS,
    MONSTER,
    MOVE_TO_NEXT,
    PAY,
    CardSpec,
    Spec,
)
from monopoly_tui.engine.state import ABOUT_FIELD, GameState

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

FIGHT = "monster"
"""A check's purpose: a monster fought."""
LOSE_AN_ITEM = "lose_an_item"
"""The decision kind: which Item card to put at the bottom of the deck."""
A_GIVE_UP_ITEM = "give_up_item"
"""Put the held item ``target`` (its place in the player's items) at the bottom."""
GO_TO_JAIL = "go_to_jail"

CARD_STRIDE = MAX_DECK_CARDS
"""A monster's card rides on a check as ``deck * CARD_STRIDE + card`` (so a deck holds at
most ``MAX_DECK_CARDS``, which validation checks)."""

ABOUT_FIELD.update({"monster": "card"})


def card_code(deck: int, ci: int) -> int:
    return deck * CARD_STRIDE + ci


def drawn_card(game: Game, deck: int, card: CardSpec) -> int:
    """The index of the card just drawn (``draw`` put it at the bottom before its effect)."""
    ci = game.st.decks[deck][-1] if game.st.decks[deck] else -1
    if ci >= 0 and game.spec.decks[deck].cards[ci] is card:
        return ci
    return next(i for i, c in enumerate(game.spec.decks[deck].cards) if c is card)


def lose(game: Game, p: int, kind: str, amount: int, deck: int, why: str) -> None:
    """What losing a fight costs ``p``: ``pay`` (``amount`` to the bank), ``go_to_jail``,
    ``lose_item`` (one Item card, the player's choice), ``lose_all_items``."""
    if kind == PAY:
        game.owe(p, -1, amount, why, fee=True, target=deck)
    elif kind == GO_TO_JAIL:
        game.to_jail(p)
    elif kind == LOSE_ITEM:
        lose_item(game, p)
    elif kind == LOSE_ALL_ITEMS:
        lose_all_items(game, p)


def monster(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """A monster: a fight on the check die against its number."""
    start_check(game, p, card.check, FIGHT, card_code(deck, drawn_card(game, deck, card)))


def monster_done(game: Game, p: int, about: int, won: bool, natural: int) -> None:
    deck, ci = divmod(about, CARD_STRIDE)
    card = game.spec.decks[deck].cards[ci]
    game.emit(Event("monster", player=p, card=(deck, ci), text="won" if won else "lost"))
    if not won:
        lose(game, p, card.lose_kind, card.lose_amount, deck, "monster")


on_check_done(FIGHT, monster_done)


def move_to_next(game: Game, p: int, deck: int, card: CardSpec) -> None:
    """Go forward to the next space of the card's kind (a location nobody has secured, when
    the card says so); passing GO pays. No such space ahead: the token stays."""
    spec, st = game.spec, game.st
    pos = st.players[p].position
    for steps in range(1, spec.size + 1):
        sp = spec.spaces[(pos + steps) % spec.size]
        if sp.kind != card.space_kind:
            continue
        if card.unsecured and (sp.deed < 0 or st.owner[sp.deed] >= 0):
            continue
        game.move(p, steps)
        return
    game.emit(Event("moved", player=p, space=pos, amount=0))


def lose_item(game: Game, p: int, deck: int = -1, card: CardSpec | None = None) -> None:
    """Put one of your Item cards (your choice) at the bottom of the deck; with none held,
    nothing happens; with one, it goes."""
    held = items_of(game, p)
    if not held:
        game.emit(Event("no_item_lost", player=p))
        return
    if len(held) == 1:
        give_up(game, p, 0)
        return
    game.push(LoseItemFrame(p))


def lose_all_items(game: Game, p: int, deck: int = -1, card: CardSpec | None = None) -> None:
    """Every Item card you hold goes to the bottom of its deck."""
    held = items_of(game, p)
    if not held:
        game.emit(Event("no_item_lost", player=p))
    while held:
        give_up(game, p, 0)


def give_up(game: Game, p: int, i: int) -> None:
    deck, ci = items_of(game, p).pop(i)
    game.st.decks[deck].append(ci)
    game.emit(Event("item_lost", player=p, card=(deck, ci)))


@dataclass(slots=True)
class LoseItemFrame(Frame):
    """A card or an Adventure takes one of ``player``'s Item cards: which one."""

    player: int

    def kind(self) -> str:
        return LOSE_AN_ITEM

    def rank(self) -> int:
        return 31

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        return [Action(A_GIVE_UP_ITEM, self.player, i)
                for i in range(len(items_of(game, self.player)))]

    def context(self, game: Game) -> dict[str, object]:
        held = items_of(game, self.player)
        return {"items": [(item_card(game, h).text, item_card(game, h).amount,
                           item_card(game, h).reroll) for h in held]}

    def apply(self, game: Game, action: Action) -> None:
        held = items_of(game, self.player)
        if action.kind != A_GIVE_UP_ITEM:
            raise IllegalAction(action, f"'{action.kind}' is not a choice now: choose the "
                                f"{game.spec.vocab.item} to give up")
        if not 0 <= action.target < len(held):
            raise IllegalAction(action, f"no held {game.spec.vocab.item} {action.target}")
        game.pop(self)
        give_up(game, self.player, action.target)


frame_type(LoseItemFrame, "dnd_lose_item")

cards.register(MONSTER, monster)
cards.register(MOVE_TO_NEXT, move_to_next)
cards.register(LOSE_ITEM, lose_item)
cards.register(LOSE_ALL_ITEMS, lose_all_items)


class MagicMystery(Mechanic):
    """Monsters, moves to the next space of a kind, lost items, kept cards traded (the
    module's docstring)."""

    NAME = MAGIC_MYSTERY

    def check(self, spec: Spec, st: GameState) -> list[str]:
        """Every player's gold is a multiple of the smallest coin (the box has no smaller)."""
        coin = spec.coin
        if coin <= 1:
            return []
        return [f"players[{p}].cash: {pl.cash} gold is not a multiple of the {coin}-gold coin"
                for p, pl in enumerate(st.players) if pl.cash % coin]

    def kept_by(self, game: Game, player: int) -> list[tuple[int, int]]:
        return list(items_of(game, player))

    def hand_over(self, game: Game, giver: int, taker: int, card: tuple[int, int]) -> bool:
        held = items_of(game, giver)
        if card not in held:
            return False
        held.remove(card)
        items_of(game, taker).append(card)
        return True

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"monster", "item_lost", "no_item_lost"})

    def action_words(self, words: Words, action: Action) -> str | None:
        """The Item card given up (``target``: its place among the player's items then)."""
        from monopoly_tui.engine.describe import kept_card_words

        if action.kind != A_GIVE_UP_ITEM:
            return None
        held = items_of(words.game, action.player) \
            if 0 <= action.player < len(words.game.st.players) else []
        if not 0 <= action.target < len(held):
            return f"give up an {words.v.item}"
        deck, _ = held[action.target]
        return (f"put {kept_card_words(words.spec, held[action.target])} at the bottom of "
                f"the {words.deck(deck)} deck")

    def describe(self, words: Words, event: Event) -> str | None:
        w, e, v = words, event, words.spec.vocab
        if e.kind == "monster":
            if e.text == "won":
                return f"{w.Who(e.player)} beats the monster"
            return f"{w.Who(e.player)} loses the fight with the monster"
        if e.kind == "item_lost":
            return (f"{w.Who(e.player)} puts the {v.item} {item_name(w, e.card)} at the "
                    f"bottom of the deck")
        if e.kind == "no_item_lost":
            return f"{w.Who(e.player)} has no {v.item} to lose"
        return None

    def reason_words(self, words: Words, reason: str, target: int) -> str | None:
        if reason == "monster":
            return "losing to a monster"
        return None


def item_name(words: Words, card: tuple[int, int]) -> str:
    """An item's name: its text up to the first full stop."""
    deck, ci = card
    spec = words.spec
    if not (0 <= deck < len(spec.decks) and 0 <= ci < len(spec.decks[deck].cards)):
        return "an item"
    return spec.decks[deck].cards[ci].text.split(".")[0]


register(MagicMystery)
