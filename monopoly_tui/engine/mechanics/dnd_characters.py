"""The characters (Dungeons & Dragons: Honor Among Thieves), the mechanic ``characters``,
whose cards are the spec's ``CharactersSpec``.

The clauses, in our words:

- **Setup**: each player takes one of the characters, each at most once. A player's token is
  their character (the edition's tokens are the characters, and every player's token is their
  own), so the choice is made where the token is chosen, and kept in the save with the
  players; the seats' characters are this mechanic's state.
- **Powers** (each character card's, the ``CharacterSpec.power``):
  - ``jail_escape`` (Edgin): whenever he is sent to Jail he may walk straight out, onto Just
    Visiting (``EscapeFrame``); standing there so frees nobody.
  - ``no_critical_fail_fee`` (Holga): a natural 1 on the check die costs her no Critical Fail
    fee (the charge ``critical_fail`` is waived; a card's own outcome of a 1 still comes).
  - ``portal_anywhere`` (Simon): from a Portal he may go to any location; to one beyond the
    Portal's own range he collects no GO gold (``dnd_portals`` asks ``has_power``).
  - ``draw_two_keep_one`` (Doric): "Any time you need to draw a Magic & Mystery card, you
    may take two cards. Choose one, and return the other to the bottom of the deck": a
    choice, before either card is seen (``DrawHowFrame``): one card as anyone draws it, or
    two, of which he keeps one and puts the other at the bottom of the deck (``KeepOneFrame``:
    the two drawn cards' indices). With one card left in the deck there is no choice.
  - ``revive_target`` (Xenk): close to death, he revives on his own target (4) or more
    (``dnd_close_to_death`` asks ``revive_target_of``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monopoly_tui.engine import cards
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frame import Frame, MechanicState, frame_type, mechanic_state
from monopoly_tui.engine.frames import trade_allowed
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_config import (
    CHARACTERS,
    DRAW_TWO_KEEP_ONE,
    JAIL_ESCAPE,
    NO_CRITICAL_FAIL_FEE,
    REVIVE_TARGET,
    CharacterSpec,
    CharactersSpec,
)
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import GameState

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

JAIL_ESCAPE_CHOICE = "jail_escape"
"""The decision kind: walk out of Jail at once (Edgin), or stay."""
A_WALK_OUT = "walk_out_of_jail"
A_STAY_IN = "stay_in_jail"
DRAW_HOW = "draw_one_or_two"
"""The decision kind: draw one card, or two and keep one (Doric)."""
A_DRAW_TWO = "draw_two_cards"
A_DRAW_ONE = "draw_one_card"
KEEP_ONE = "keep_one_card"
"""The decision kind: which of the two cards drawn to keep (Doric)."""
A_KEEP_CARD = "keep_card"
"""Keep the card ``target`` (its index in the deck); the other goes to the bottom."""


def config(spec: Spec) -> CharactersSpec:
    c = spec.mechanics[CHARACTERS]
    assert isinstance(c, CharactersSpec)
    return c


@dataclass(slots=True)
class CharactersState(MechanicState):
    """Each seat's character, as its index in the edition's characters."""

    chars: list[int] = field(default_factory=list)


mechanic_state(CharactersState, CHARACTERS)


def character_of(game: Game, p: int) -> CharacterSpec | None:
    """The character player ``p`` plays, or None (an edition without characters)."""
    s = game.st.mech.get(CHARACTERS)
    if not isinstance(s, CharactersState) or not 0 <= p < len(s.chars):
        return None
    return config(game.spec).characters[s.chars[p]]


def has_power(game: Game, p: int, power: str) -> bool:
    """Whether player ``p``'s character has ``power``."""
    c = character_of(game, p)
    return c is not None and c.power == power


def revive_target_of(game: Game, p: int, usual: int) -> int:
    """The roll that revives ``p`` from close to death: their character's own, else
    ``usual``."""
    c = character_of(game, p)
    if c is not None and c.power == REVIVE_TARGET and c.revive_target:
        return c.revive_target
    return usual


def characters_for(spec: Spec, tokens: list[str]) -> list[int]:
    """Each seat's character, from its token; a token that is no character, or a character
    taken twice, is refused saying which."""
    by_name = {c.name: i for i, c in enumerate(config(spec).characters)}
    out = []
    for seat, token in enumerate(tokens):
        if token not in by_name:
            raise ValueError(f"player {seat + 1}'s token '{token}' is not a "
                             f"{spec.vocab.character} of {spec.name} (one of: "
                             f"{', '.join(by_name)})")
        if by_name[token] in out:
            raise ValueError(f"the {spec.vocab.character} {token} is taken twice: each "
                             "player takes a different one")
        out.append(by_name[token])
    return out


@dataclass(slots=True)
class EscapeFrame(Frame):
    """Sent to Jail with the ``jail_escape`` power: walk straight out onto Just Visiting, or
    stay in."""

    player: int

    def kind(self) -> str:
        return JAIL_ESCAPE_CHOICE

    def rank(self) -> int:
        return 15

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        return trade_allowed(game, kind)  # "trade ... at any time"

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        return [Action(A_WALK_OUT, self.player), Action(A_STAY_IN, self.player)]

    def context(self, game: Game) -> dict[str, object]:
        c = character_of(game, self.player)
        return {"character": c.name if c else "", "power": c.text if c else ""}

    def apply(self, game: Game, action: Action) -> None:
        if action.kind not in (A_WALK_OUT, A_STAY_IN):
            raise IllegalAction(action, f"'{action.kind}' is not a choice now: walk out of "
                                "Jail or stay")
        game.pop(self)
        if action.kind == A_STAY_IN:
            return
        pl = game.st.players[self.player]
        pl.in_jail = False
        pl.jail_turns = 0
        pl.position = game.spec.jail_space
        game.emit(Event("walks_out", player=self.player, space=pl.position))


frame_type(EscapeFrame, "dnd_jail_escape")


@dataclass(slots=True)
class DrawHowFrame(Frame):
    """A card to draw from ``deck`` with the ``draw_two_keep_one`` power: "you may take two
    cards": two (keep one, the other to the bottom), or the top one as anyone draws it."""

    player: int
    deck: int

    def kind(self) -> str:
        return DRAW_HOW

    def rank(self) -> int:
        return 30

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        return trade_allowed(game, kind)  # "trade ... at any time"

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        return [Action(A_DRAW_TWO, self.player), Action(A_DRAW_ONE, self.player)]

    def context(self, game: Game) -> dict[str, object]:
        c = character_of(game, self.player)
        return {"deck": self.deck, "character": c.name if c else "",
                "power": c.text if c else ""}

    def apply(self, game: Game, action: Action) -> None:
        if action.kind not in (A_DRAW_TWO, A_DRAW_ONE):
            raise IllegalAction(action, f"'{action.kind}' is not a choice now: draw one card "
                                "or two")
        game.pop(self)
        order = game.st.decks[self.deck]
        if action.kind == A_DRAW_TWO and len(order) >= 2:
            draw_two(game, self.player, self.deck)
        elif order:
            cards.carry_out(game, self.player, self.deck, order.pop(0))
        else:
            game.emit(Event("deck_empty", player=self.player, card=(self.deck, -1)))


frame_type(DrawHowFrame, "dnd_draw_how")


def draw_two(game: Game, p: int, deck: int) -> None:
    """Doric takes the top two cards, to keep one (``KeepOneFrame``)."""
    order = game.st.decks[deck]
    drawn = [order.pop(0), order.pop(0)]
    game.emit(Event("draws_two", player=p, card=(deck, -1)))
    game.push(KeepOneFrame(p, deck, drawn))


@dataclass(slots=True)
class KeepOneFrame(Frame):
    """Two cards drawn with the ``draw_two_keep_one`` power (``cards``: their indices in the
    deck ``deck``): keep one, which is carried out as drawn; the other goes to the bottom."""

    player: int
    deck: int
    cards: list[int] = field(default_factory=list)

    def kind(self) -> str:
        return KEEP_ONE

    def rank(self) -> int:
        return 30

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        return trade_allowed(game, kind)  # "trade ... at any time"

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        return [Action(A_KEEP_CARD, self.player, ci) for ci in self.cards]

    def context(self, game: Game) -> dict[str, object]:
        deck = game.spec.decks[self.deck]
        return {"deck": self.deck, "cards": list(self.cards),
                "texts": [deck.cards[ci].text for ci in self.cards],
                "kinds": [deck.cards[ci].kind for ci in self.cards]}

    def apply(self, game: Game, action: Action) -> None:
        if action.kind != A_KEEP_CARD or action.target not in self.cards:
            raise IllegalAction(action, "choose one of the two cards drawn to keep")
        game.pop(self)
        order = game.st.decks[self.deck]
        for ci in self.cards:
            if ci != action.target:
                order.append(ci)  # the other: to the bottom
        game.emit(Event("keeps_one", player=self.player, card=(self.deck, action.target)))
        cards.carry_out(game, self.player, self.deck, action.target)


frame_type(KeepOneFrame, "dnd_keep_one")


class Characters(Mechanic):
    """The characters and their powers (the module's docstring)."""

    NAME = CHARACTERS

    def new_state(self) -> MechanicState | None:
        return CharactersState()

    def setup(self, game: Game) -> None:
        s = game.st.mech[CHARACTERS]
        assert isinstance(s, CharactersState)
        s.chars = characters_for(game.spec, [pl.token for pl in game.st.players])

    def jailed(self, game: Game, player: int) -> None:
        if has_power(game, player, JAIL_ESCAPE):
            game.push(EscapeFrame(player))

    def waives(self, game: Game, kind: str, payer: int, payee: int, deed: int,
               space: int) -> bool:
        if kind == "critical_fail" and has_power(game, payer, NO_CRITICAL_FAIL_FEE):
            game.emit(Event("fee_waived", player=payer, text=kind))
            return True
        return False

    def draws(self, game: Game, player: int, deck: int) -> bool:
        order = game.st.decks[deck]
        if len(order) < 2 or not has_power(game, player, DRAW_TWO_KEEP_ONE):
            return False
        game.push(DrawHowFrame(player, deck))  # "may take two": his choice, first
        return True

    def held_cards(self, st: GameState) -> list[tuple[int, int]]:
        return [(f.deck, ci) for f in st.frames if isinstance(f, KeepOneFrame)
                for ci in f.cards]

    def check(self, spec: Spec, st: GameState) -> list[str]:
        s = st.mech.get(CHARACTERS)
        if not isinstance(s, CharactersState):
            return []
        out = []
        n = len(config(spec).characters)
        if len(s.chars) != len(st.players):
            out.append(f"mech.{CHARACTERS}.chars: {len(s.chars)} characters for "
                       f"{len(st.players)} players")
        for p, c in enumerate(s.chars):
            if not 0 <= c < n:
                out.append(f"mech.{CHARACTERS}.chars[{p}]: {c} is not a character")
            elif s.chars.index(c) != p:
                out.append(f"mech.{CHARACTERS}.chars[{p}]: character {c} is taken twice")
        return out

    def action_words(self, words: Words, action: Action) -> str | None:
        """The powers' choices: walking out of jail or staying, drawing one card or two, and
        which of the two drawn is kept (``target``: its place in the deck)."""
        v, k = words.v, action.kind
        if k == A_WALK_OUT:
            return f"walk out of {v.jail} onto {v.just_visiting}"
        if k == A_STAY_IN:
            return f"stay in {v.jail}"
        if k not in (A_DRAW_TWO, A_DRAW_ONE, A_KEEP_CARD):
            return None
        frame = next((f for f in reversed(words.game.st.frames)
                      if isinstance(f, DrawHowFrame | KeepOneFrame)
                      and f.player == action.player), None)
        deck = frame.deck if frame is not None else -1
        name = words.deck(deck)
        if k == A_DRAW_ONE:
            return f"draw one {name} card"
        if k == A_DRAW_TWO:
            return f"draw two {name} cards and keep one"
        cards = words.spec.decks[deck].cards if 0 <= deck < len(words.spec.decks) else ()
        if not 0 <= action.target < len(cards):
            return "keep one of the two cards drawn"
        return f"keep the {name} card \"{cards[action.target].text}\""

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"walks_out", "fee_waived", "draws_two", "keeps_one"})

    def describe(self, words: Words, event: Event) -> str | None:
        w, e, v = words, event, words.spec.vocab
        char = character_of(w.game, e.player) if e.player >= 0 else None
        who = f"{w.Who(e.player)} ({char.name})" if char else w.Who(e.player)
        if e.kind == "walks_out":
            return f"{who} walks straight out of {v.jail} onto {v.just_visiting}"
        if e.kind == "fee_waived":
            return f"{who} pays no {v.critical_fail} fee"
        if e.kind == "draws_two":
            return f"{who} draws two cards from {w.deck(e.card[0])} to keep one"
        if e.kind == "keeps_one":
            return f"{who} keeps one; the other goes to the bottom of {w.deck(e.card[0])}"
        return None


register(Characters)
