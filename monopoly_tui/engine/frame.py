"""What a decision frame is, and the records saved with a tag.

The game keeps a stack of frames (``GameState.frames``): each is a decision under way (a deed
to buy or auction, a bid, a debt to settle, a trade to answer, a Ring meeting...) or a step
that runs by itself (a move walked space by space, a queue of auctions). The frame on top goes
first. A frame class says who decides, the choices, the context a screen needs, and how a
choice is applied; a step's ``run`` does its work and pops itself or pushes another frame.

A frame's ``rank`` says what it interrupts. A frame pushed goes above every frame of a lower
or equal rank and below any of a higher one, so a payment owed (rank 60) is settled before an
auction (50) goes on, and a trade offer (90) is answered before anything else; frames of one
rank come in the order they were pushed. The ranks, high to low: trade answer 90, mortgaged
deed received 80, building to place 70, debts 60, auction 50, auction queue 45, meeting on the
way (the Ring) 40, move under way 35, buy or tax choice 30, the Eye's drop (the Ring) 20, a
move after a debt 10. The turn's own decisions (roll, jail, end the turn) come when the stack
is empty.

Records of several kinds saved in one list or dict (frames, the mechanics' states) carry a
tag, registered with ``tagged``; the save codec writes it (``TAG_OF``) and reads the class
back from ``TAGGED``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action
    from monopoly_tui.engine.game import Game

try:  # where the engine is compiled, Python classes (a test's own mechanic) may extend these
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - mypy_extensions comes with mypy, which builds the wheel
    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


TAGGED: dict[str, dict[str, type]] = {"frame": {}, "mechanic": {}, "config": {}}
"""Per family (``frame``, ``mechanic`` for a mechanic's state, ``config`` for a mechanic's
numbers and words in the spec), the record classes by tag: what the codec reads."""
TAG_OF: dict[type, str] = {}
"""Each registered record class's tag: what the save codec writes."""


def tagged(family: str, cls: type, tag: str) -> type:
    """Register a record class under a tag in a family (``frame`` or ``mechanic``)."""
    if not tag:
        raise TypeError(f"{cls.__name__} needs a tag")
    known = TAGGED[family].get(tag)
    if known is not None and known.__qualname__ != cls.__qualname__:
        raise TypeError(f"two {family} records are tagged {tag!r}: {known.__name__}, "
                        f"{cls.__name__}")
    TAGGED[family][tag] = cls
    TAG_OF[cls] = tag
    return cls


def frame_type(cls: type, tag: str) -> type:
    """Register a frame class under its tag. (Called after the class, not as a decorator:
    mypyc compiles a decorated class as a plain Python class; and the kind and rank are
    methods, not class constants, which a compiled dataclass would take for fields.)"""
    return tagged("frame", cls, tag)


def mechanic_state(cls: type, tag: str) -> type:
    """Register a mechanic's state class under its tag (the mechanic's name)."""
    return tagged("mechanic", cls, tag)


def mechanic_config(cls: type, tag: str) -> type:
    """Register a mechanic's spec block (its numbers and words) under the mechanic's name."""
    return tagged("config", cls, tag)


@mypyc_attr(allow_interpreted_subclasses=True)
class MechanicConfig:
    """The base of a mechanic's block of the spec (``Spec.mechanics``): frozen data."""


@mypyc_attr(allow_interpreted_subclasses=True)
class MechanicState:
    """The base of a mechanic's own slice of the state (``GameState.mech``)."""


class Frame:
    """A decision or a step under way. Subclasses are dataclasses registered with
    ``frame_type``; the defaults here make a step that decides nothing.

    Where the engine is compiled, only compiled classes may extend it: a frame is asked at every
    decision, and allowing Python subclasses made the compiled engine 9% slower."""

    def kind(self) -> str:
        """The decision kind it waits for (``actions.BUY``...), or '' for a step that runs."""
        return ""

    def rank(self) -> int:
        """What it interrupts: it goes above the frames of a lower or equal rank."""
        return 0

    def decider(self, game: Game) -> int:
        """The player who decides now."""
        return -1

    def choices(self, game: Game) -> list[Action]:
        """The legal choices of the decision (the at-any-time ones aside)."""
        return []

    def context(self, game: Game) -> dict[str, object]:
        """What a screen needs to show the decision."""
        return {}

    def apply(self, game: Game, action: Action) -> None:
        """Play a choice: raise ``IllegalAction`` before changing anything if it is not legal;
        pop the frame (``game.pop(self)``) when the decision is made."""
        raise NotImplementedError(f"{type(self).__name__} takes no choices")

    def run(self, game: Game) -> None:
        """A step's work, done when it is on top: it must pop itself or push a frame above."""
        raise NotImplementedError(f"{type(self).__name__} is a decision, not a step")

    def belongs_to(self, player: int) -> bool:
        """Whether the frame is ``player``'s alone (their move, their choice), to go when they
        leave the game."""
        return False

    def anytime(self, game: Game, player: int, kind: str) -> bool:
        """Whether ``player`` may make the at-any-time choice ``kind`` (build, mortgage,
        trade...) while this decision waits. By default nothing may be done."""
        return False


@dataclass(slots=True)
class PlayerFrame(Frame):
    """A frame of one player's (their move under way, their choice), which goes when they leave
    the game: its first field is the ``player``. A subclass adds its own fields after it."""

    player: int

    def belongs_to(self, player: int) -> bool:
        return player == self.player


@dataclass(slots=True)
class PlayerDecision(PlayerFrame):
    """A decision one player makes (buy or auction, the tax, where a building goes), which
    goes when they leave the game."""

    def decider(self, game: Game) -> int:
        return self.player
