"""The mechanic: a module of rules an edition switches on, plugged into the core by hooks.

The base class's hooks do nothing; a mechanic overrides the few it needs, as a variant of
python-chess overrides a few methods of its board. The core asks only the mechanics that
override a hook (``Game`` lists them once, when the game is made), so a hook no mechanic uses
costs nothing.

The rule points, in the order a turn meets them:

1. ``setup`` — the game is set up and the first player chosen.
2. ``before_roll`` — the player whose turn it is is about to roll (not from jail); True ends
   the decision there (the mechanic ended the game).
3. ``rolled`` — the movement dice are rolled (before doubles are counted).
4. ``spares_jail`` — a player would go to jail (``why``: ``doubles`` for too many doubles,
   ``space`` for the Go to Jail space); True keeps them out.
5. ``step`` — a move walked space by space passes or ends on a space; overriding it makes
   every forward move a walk (``listens_to_steps``). Pushing a frame stops the walk there.
6. ``landed`` — a move ended on a space, before the space's own rule.
7. ``waives`` / ``adjusts`` — a charge (``rent``, ``tax``) is due: waive it (the mechanic says
   why in an event), or change the amount (double rent...).
8. ``salary`` — GO's salary is paid: the amount may change.
9. ``jailed`` — a player goes to jail. ``draws`` — a player is to draw a card: True when the
   mechanic draws instead (Doric draws two and keeps one).
10. ``insolvent`` — a player cannot pay: True keeps them in the game (the mechanic settles it);
    else ``leaves`` — a player goes bankrupt and leaves the game (before the event is told).
    ``called`` — the game is called early (a round cap, an agreed hour): True when the
    mechanic ends it its own way instead of the core's valuation.
    ``placed`` — buildings were put on a space (bought, or a sold hotel's houses);
    ``anytime_choices`` — the mechanic's own at-any-time choices (asked with the core's).
11. ``held_cards`` — the cards the mechanic keeps out of their decks (counted as held);
    ``kept_by`` / ``hand_over`` — one player's kept cards, which a trade may hand over.
12. ``check`` — the mechanic's invariants: what in the state breaks its rules.
13. ``shown`` — what hidden thing of this mechanic's a decision just showed (a face-down
    Adventure card turned over), comparing the state before it: undo stops there.

And for the log: ``describe`` (a line for each of its ``event_kinds``), ``arrival_words`` (what
an event made on the space a move reaches adds to the move's line), ``reason_words`` (what a
payment of its own reason is for), ``end_words`` (how a game it ended was won) and, for the
statistics, ``acquisitions`` (its events by which a deed is taken: secured, bought out).

A mechanic keeps its state in ``GameState.mech[name]`` (a ``MechanicState`` made by
``new_state``), adds decisions as frames (``engine.frame``), and tells its events in words
through ``describe``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from monopoly_tui.engine.frame import MechanicState

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action, Event
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec
    from monopoly_tui.engine.state import GameState

HOOKS = ("setup", "before_roll", "rolled", "spares_jail", "step", "landed", "waives",
         "adjusts", "salary", "jailed", "draws", "insolvent", "leaves", "called")
"""The hooks the core calls during play (``check`` and ``describe`` are asked by
``engine.invariants`` and ``engine.describe``)."""


class Mechanic:
    """A mechanic switched on for one edition; ``config`` is its block of the ruleset (its
    numbers and words), as the edition's ``Spec`` holds it. (Where the engine is compiled, only
    compiled classes may extend it, as for ``Frame``: mechanics ship in the package.)"""

    NAME: ClassVar[str] = ""

    def __init__(self, spec: Spec, config: Any) -> None:
        self.spec = spec
        self.config = config

    def new_state(self) -> MechanicState | None:
        """The mechanic's own state at the start of a game (None: it keeps none)."""
        return None

    # ------------------------------------------------------------ the rule points

    def setup(self, game: Game) -> None:
        """The game is set up and ``game.st.first_player`` chosen."""

    def before_roll(self, game: Game, player: int) -> bool:
        """``player`` is about to roll to move; True when the game ended here."""
        return False

    def rolled(self, game: Game, player: int, faces: tuple[int, ...]) -> None:
        """The movement dice show ``faces`` (face indices)."""

    def spares_jail(self, game: Game, player: int, why: str) -> bool:
        """True keeps ``player`` out of jail (``why``: doubles, space)."""
        return False

    def step(self, game: Game, player: int, space: int, left: int) -> None:
        """A walk passes (``left`` > 0) or ends on (``left`` == 0) ``space``."""

    def landed(self, game: Game, player: int, space: int) -> None:
        """A move ended on ``space``; the space's rule comes next."""

    def waives(self, game: Game, kind: str, payer: int, payee: int, deed: int,
               space: int) -> bool:
        """True when the charge is not due (the mechanic emits why)."""
        return False

    def adjusts(self, game: Game, kind: str, payer: int, payee: int, deed: int,
                amount: int) -> int:
        """The amount of a charge due, as this mechanic changes it."""
        return amount

    def salary(self, game: Game, player: int, amount: int) -> int:
        """GO's salary for ``player``."""
        return amount

    def jailed(self, game: Game, player: int) -> None:
        """``player`` goes to jail."""

    def draws(self, game: Game, player: int, deck: int) -> bool:
        """``player`` is to draw the top card of ``deck`` (it holds one): True when this
        mechanic draws instead (it carries the card out with ``engine.cards.carry_out``)."""
        return False

    def insolvent(self, game: Game, player: int, creditor: int) -> bool:
        """``player`` cannot pay ``creditor`` (-1: the bank) even by raising every coin; True
        when the mechanic deals with it and the player stays in the game (close to death)."""
        return False

    def leaves(self, game: Game, player: int) -> None:
        """``player`` goes bankrupt and leaves the game."""

    def called(self, game: Game, reason: str) -> bool:
        """The game is called before its own end (``reason``: the round cap ``turn_limit``,
        ``time_called``, ``first_bankruptcy``), which the core ends by valuation: True when
        this mechanic ended it its own way instead (``game.finish``)."""
        return False

    def placed(self, game: Game, player: int, deed: int, space: int, kind: str) -> None:
        """Buildings were put on ``space``, a space of ``deed``: a ``house`` or a ``hotel``
        bought, or the ``houses`` a sold hotel came back as."""

    def anytime_choices(self, game: Game, player: int) -> list[Action]:
        """This mechanic's own at-any-time choices open to ``player`` now (its handlers are in
        ``engine.anytime.ANYTIME``)."""
        return []

    # ------------------------------------------------------------ checks and words

    def held_cards(self, st: GameState) -> list[tuple[int, int]]:
        """The cards this mechanic keeps out of their decks (the Item cards players hold), as
        (deck, card) pairs: the invariants count them as held."""
        return []

    def kept_by(self, game: Game, player: int) -> list[tuple[int, int]]:
        """The cards ``player`` keeps through this mechanic (Item cards), as (deck, card)
        pairs: a trade may hand them over."""
        return []

    def hand_over(self, game: Game, giver: int, taker: int, card: tuple[int, int]) -> bool:
        """A trade hands ``card`` from ``giver`` to ``taker``: True when this mechanic
        keeps it and moved it."""
        return False

    def check(self, spec: Spec, st: GameState) -> list[str]:
        """What in the state breaks this mechanic's rules, as lines naming the field."""
        return []

    def shown(self, game: Game, before: GameState) -> str:
        """What hidden thing of this mechanic's the decision just played showed, comparing
        the state ``before`` it with the game's now ("an Adventure card was turned over"), in
        words, or '' when nothing: once something hidden is shown, the decisions before it
        cannot be taken back (``engine.undo``). Asked only of a game that keeps an undo
        log (the table's)."""
        return ""

    def describe(self, words: Words, event: Event) -> str | None:
        """The log line of one of this mechanic's events, or None when it is not one.
        ``words`` (``engine.describe.Words``) gives names and money in the edition's words."""
        return None

    def action_words(self, words: Words, action: Action) -> str | None:
        """One of this mechanic's choices in words, without who takes it ('go through the
        Portal to Neverwinter'), read from the game as it stands before it is played
        (``engine.describe.action_words``, the replay's and the screens' one describer of
        decisions); None when the choice is not one of its own."""
        return None

    def arrival_words(self, words: Words, event: Event) -> str | None:
        """For one of this mechanic's events that happened as a walked move reached the space
        it names (made before the move's own event, which comes when the walk is done): what
        it adds to the move's line, as "Ann moved to X, <these words>"; None when the event
        is not one (a Portal's event, which makes the move, is told first)."""
        return None

    def event_kinds(self) -> frozenset[str]:
        """The kinds of this mechanic's own events (each has a line from ``describe``)."""
        return frozenset()

    def reason_words(self, words: Words, reason: str, target: int) -> str | None:
        """What a payment of one of this mechanic's reasons is for, in words, or None."""
        return None

    def rent_reasons(self) -> frozenset[str]:
        """This mechanic's payments that are an owner's income from a landing, as rent is
        (a location's tax): counted with rent in the players' statistics."""
        return frozenset()

    def end_words(self, words: Words, reason: str) -> str | None:
        """How the game was won, for an end reason of this mechanic's, or None."""
        return None

    def acquisitions(self, spec: Spec) -> dict[str, str]:
        """This mechanic's events by which a player takes a deed other than the core's buying
        and auctions (a D&D location secured from the bank; a Longest Game Ever buy-out, bought
        from its owner), each with its word in the edition's vocabulary ("secured", "bought"):
        the players' statistics count them with the deeds bought."""
        return {}


def overrides(mechanic: Mechanic, hook: str) -> bool:
    """Whether a mechanic overrides a hook of the base class."""
    return getattr(type(mechanic), hook) is not getattr(Mechanic, hook)
