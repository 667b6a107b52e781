"""The screens of the mechanics an edition switches on, by the engine mechanic's name.

The UI follows the engine's seam (``engine/mechanics``): what a player sees of a mechanic lives
in ``ui/mechanics/<name>.py``, a ``MechanicScreens`` subclass registered under the name of the
engine mechanic it shows (``"ring"``). The generic screens never name a mechanic: they ask
``screens_for(spec)`` for the screens of the mechanics the edition switches on and ask each,
in the spec's order, for

(a) its dialogs: a ``DecisionScreen`` per kind of its own frames (``dialogs``), the banner's
    words for those decisions (``decision_words``) and a choice's label (``choice_label``,
    for a frame shown in the generic list dialog);
(b) lines on a player's panel (``panel_lines``, redrawn when ``panel_key`` changes), lines in
    the centre under the dice (``centre_lines``) and a view in place of the dice
    (``dice_view``: what its own dice showed since the last roll);
(c) marks on the board: after a space's owner (``space_marks``) and after a player's token
    (``token_marks``), redrawn when ``board_key`` changes; what a deed's card says of a deed
    no player holds (``deed_status``);
(d) its part of the Rules tab: words added to a clause of the generic summary
    (``rules_clause``: ``doubles_jail``, ``who_starts``, ``go``, ``rent``, ``jail``, ``taxes``,
    ``end``) and
    its own clauses (``rules_section``), and how a game it ended was won (``end_words``);
(e) options on the setup screen (``setup_widgets``: widgets on the rules page, read back by
    ``setup_choices`` and checked by ``setup_problems`` before the game starts);
(f) which of its events are worth telling a human as their turn comes round, with what the
    others did since their last turn (``news_kinds``, read by ``ui.news``).

Every hook has a default that shows nothing, so a mechanic overrides only what it shows, and a
mechanic with no screens of its own needs no module here (its frames get the generic list
dialog, their choices labelled from their kinds).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text
    from textual.widget import Widget

    from monopoly_tui.engine.actions import Action, Event, Pending
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec
    from monopoly_tui.ui.decisions import DecisionScreen

RULES_CLAUSES = ("doubles_jail", "who_starts", "go", "rent", "jail", "taxes", "end")
"""The clauses of the generic rules summary a mechanic may add words to (``rules_clause``)."""


class MechanicScreens:
    """What a player sees of one mechanic of an edition. ``config`` is the mechanic's block of
    the spec (``Spec.mechanics[NAME]``: its numbers and words). Every hook shows nothing by
    default."""

    NAME: ClassVar[str] = ""
    """The engine mechanic's name (its key in ``Spec.mechanics``)."""

    def __init__(self, spec: Spec, config: Any) -> None:
        self.spec = spec
        self.config = config

    # ------------------------------------------------------------ (a) dialogs

    def dialogs(self) -> Mapping[str, type[DecisionScreen]]:
        """A dialog class per kind of decision of this mechanic's frames (``Frame.kind()``)."""
        return {}

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        """What a pending decision of this mechanic asks, for the banner ('meets Bob: ...'),
        or None when the decision is not one of its own."""
        return None

    def roll_words(self, game: Game, player: int) -> str | None:
        """What the roll at the start of ``player``'s turn does, when this mechanic makes it
        something other than the roll to move (close to death: the red die to revive), or
        None."""
        return None

    def choice_label(self, game: Game, action: Action) -> str | None:
        """A choice of one of its decisions in words, for the generic list dialog, or None."""
        return None

    def give_up_words(self, game: Game, player: int, creditor: str) -> tuple[str, str] | None:
        """What giving up on a debt ``player`` cannot pay does, when this mechanic changes it
        (close to death instead of bankruptcy): the words of the debt dialog's button and the
        question asked before it; None when it is bankruptcy as printed."""
        return None

    def then_words(self, game: Game, kind: str) -> str | None:
        """What comes next after a choice that starts one of its decisions of ``kind``, for
        the property manager's row ('then choose its version'), or None when not its own."""
        return None

    # ------------------------------------------------------------ (b) panels, centre, dice

    def panel_key(self, game: Game, player: int) -> object:
        """What this mechanic's lines on ``player``'s panel depend on (redrawn on a change)."""
        return None

    def panel_lines(self, game: Game, player: int) -> list[Text]:
        """Lines at the end of ``player``'s panel."""
        return []

    def centre_lines(self, game: Game) -> list[RenderableType]:
        """Lines in the centre of the board, under the dice: the mechanic's state for all
        (each a line of text, or ``ui.render.Parts`` that wrap only between whole parts)."""
        return []

    def has_centre(self) -> bool:
        """Whether the centre keeps a place for this mechanic's lines."""
        return type(self).centre_lines is not MechanicScreens.centre_lines

    def dice_view(self, game: Game, since_roll: Iterable[Event]) -> Text | None:
        """What to show in place of the last roll, from the events since it (its own dice:
        a battle, a check), or None to show the roll."""
        return None

    # ------------------------------------------------------------ (c) the board

    def board_key(self, game: Game, space: int) -> object:
        """What this mechanic's marks on ``space`` depend on (the tile is redrawn on a change)."""
        return None

    def space_marks(self, game: Game, space: int) -> Text | None:
        """Marks after the owner's on ``space`` (what lies there)."""
        return None

    def token_marks(self, game: Game, player: int) -> Text | None:
        """Marks after ``player``'s token on the board (what the player carries)."""
        return None

    def deed_status(self, game: Game, deed: int, compact: bool) -> Text | None:
        """What a deed's card says of a deed no player holds, in place of the core's "For
        sale by the Bank" (a D&D location is secured, never sold: its Adventure card once
        revealed), or None; ``compact``: for the small card (a line or two)."""
        return None

    # ------------------------------------------------------------ (d) help and results

    def rules_clause(self, spec: Spec, clause: str) -> str:
        """Words this mechanic adds at the end of a clause of the rules summary (one of
        ``RULES_CLAUSES``), starting with their own separator; '' for none."""
        return ""

    def rules_section(self, spec: Spec) -> list[str]:
        """This mechanic's own clauses of the rules summary (Markdown list items), put before
        the end of the game."""
        return []

    def end_words(self, game: Game, reason: str) -> str | None:
        """How the game was won, for the results screen, when this mechanic ended it."""
        return None

    def end_clause(self, spec: Spec) -> str | None:
        """How the game ends, for the rules summary's end clause, when this mechanic ends it
        its own way (in place of the core's 'the last player not bankrupt wins'), or None."""
        return None

    def replaces_bankruptcy(self, spec: Spec) -> bool:
        """Whether this mechanic does what bankruptcy does elsewhere (close to death: the
        player pays what they can and plays on), so the core's bankruptcy clause is left out
        of the rules summary (the mechanic's own clause says it)."""
        return False

    def called_words(self, spec: Spec) -> str | None:
        """Who wins when the game is called early (the round cap, an agreed hour), when this
        mechanic ends it its own way (the engine mechanic's ``called``); None: the richest
        player, by the core's valuation."""
        return None

    # ------------------------------------------------------------ (e) setup

    def setup_widgets(self, spec: Spec) -> list[Widget]:
        """Widgets for this mechanic's choices on the setup screen's rules page (under a
        heading of the mechanic's own, the first widget)."""
        return []

    def setup_choices(self, root: Widget, players: int) -> dict[str, object]:
        """The choices made in this mechanic's setup widgets (``root``: the box they are in)
        for a game of ``players`` players. They go to ``Session.new(setup=...)`` and from
        there to ``Game.new(setup={NAME: choices})``, where the engine mechanic reads them."""
        return {}

    def setup_problems(self, root: Widget, players: int) -> list[str]:
        """What is wrong with the choices made, in words (the game cannot start while any is)."""
        return []

    # ------------------------------------------------------------ (f) since your last turn

    def news_kinds(self) -> frozenset[str]:
        """The kinds of this mechanic's events of note for a human who was not watching (what
        changed hands, who is out): their log lines join the list of what happened since the
        human's last turn (``ui.news``)."""
        return frozenset()


REGISTRY: dict[str, type[MechanicScreens]] = {}
"""The mechanics' screens by the engine mechanic's name."""


def register(cls: type[MechanicScreens]) -> type[MechanicScreens]:
    """Make a mechanic's screens known by its ``NAME``."""
    if not cls.NAME:
        raise TypeError(f"{cls.__name__} needs a NAME")
    REGISTRY[cls.NAME] = cls
    return cls


_loaded = False


def _builtin() -> None:
    """Import the built-in mechanics' screens (they register themselves). Not at import time:
    their dialogs build on ``ui.decisions``, which asks this registry."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    from monopoly_tui.ui.mechanics import (  # noqa: F401
        dnd_adventures,
        dnd_characters,
        dnd_checks,
        dnd_close_to_death,
        dnd_dungeon_master,
        dnd_party_jail,
        dnd_portals,
        ring,
        versions,
    )


_cache: dict[int, tuple[Spec, list[MechanicScreens]]] = {}


def screens_for(spec: Spec) -> list[MechanicScreens]:
    """The screens of the mechanics ``spec`` switches on, in the spec's order (a mechanic with
    no screens of its own gets none)."""
    hit = _cache.get(id(spec))
    if hit is not None and hit[0] is spec:
        return hit[1]
    _builtin()
    out = [REGISTRY[name](spec, config) for name, config in spec.mechanics.items()
           if name in REGISTRY]
    if len(_cache) > 64:
        _cache.clear()
    _cache[id(spec)] = (spec, out)
    return out


def dialog_for(spec: Spec, kind: str) -> type[DecisionScreen] | None:
    """The dialog a mechanic of the edition gives its decisions of ``kind``, or None."""
    for m in screens_for(spec):
        cls = m.dialogs().get(kind)
        if cls is not None:
            return cls
    return None


def first(values: Iterable[str | None]) -> str | None:
    """The first answer that is not None (the mechanics are asked in the spec's order)."""
    for v in values:
        if v is not None:
            return v
    return None


def called_words(spec: Spec) -> str:
    """Who wins a game called early (a round cap, an agreed hour): a mechanic's own words where
    it ends the game its way (D&D: the payout, then the most gold), else the core's richest
    player (``engine.house_rules.CALLED_WORDS``)."""
    from monopoly_tui.engine.house_rules import CALLED_WORDS

    return first(m.called_words(spec) for m in screens_for(spec)) or CALLED_WORDS


def news_kinds(spec: Spec) -> frozenset[str]:
    """The event kinds of note of the mechanics ``spec`` switches on (``news_kinds``)."""
    return frozenset().union(*(m.news_kinds() for m in screens_for(spec)))


__all__ = ["REGISTRY", "RULES_CLAUSES", "MechanicScreens", "called_words", "dialog_for", "first",
           "news_kinds", "register", "screens_for"]
