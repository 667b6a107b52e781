"""Taking back a slip: the last decisions of the player whose turn it is.

The rule: a decision may be taken back when

- the player whose turn it is made it, in their turn (the turn has not passed since);
- nothing hidden or random has been shown since it: no die rolled, no card drawn or looked at
  (no card has left the top of a deck), no shuffle (the game's generator is where it was),
  nothing face down turned over (a mechanic's ``shown``: a Dungeons & Dragons Adventure card
  revealed by choosing a Portal's destination), in every edition;
- no other player has decided since (a trade answer, a bid, a mortgage in someone else's name);
- the game is not over.

Taking back one decision restores the game exactly as it was before it: the frames, every
mechanic's state, the random generator, the history and the decisions count. Pressing again
goes further back, one decision at a time, as far as the rule allows.

How: a game that keeps an ``UndoLog`` (``Game.keep_undo``; the table's session does, the bots
and simulations do not, so they pay nothing) copies its state before each decision. After the
decision the log keeps the copy only while the rule still allows going back to it: a roll, a
card, a shuffle, another player's decision or the turn passing clears the log (nothing before
it can ever be taken back), and says why, for a player who asks.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monopoly_tui.engine.actions import Action, Event
from monopoly_tui.engine.state import GameState, copy_state

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game

REVEALING_EVENTS = frozenset({"rolled", "card", "deck_empty", "shuffled"})
"""Events that show something random (an event carrying dice does too)."""


@dataclass(slots=True)
class Kept:
    """One decision that may be taken back: the state before it and the history's length."""

    before: GameState
    history: int
    action: Action
    events: list[Event]
    """What the decision made happen (for the words of what is taken back)."""


@dataclass(slots=True)
class UndoLog:
    """The decisions that may still be taken back, the latest last."""

    kept: list[Kept] = field(default_factory=list)
    why_not: str = "nothing has been decided yet"
    """Why nothing (more) can be taken back, in words, when ``kept`` is empty."""

    def before(self, game: Game) -> GameState:
        """A copy of the state before a decision (``Game.act`` takes it)."""
        return copy_state(game.st)

    def after(self, game: Game, before: GameState, action: Action) -> None:
        """The decision was played: keep it, or clear what can no longer be taken back."""
        why = barrier(game, before, action)
        if why:
            self.kept.clear()
            self.why_not = why
            return
        self.kept.append(Kept(before, len(game.history) - 1, action, list(game.last_events)))


def barrier(game: Game, before: GameState, action: Action) -> str:
    """Why the decision just played (from ``before``) ends what may be taken back, or ''."""
    st = game.st
    players = st.players
    if st.over:
        return "the game is over"
    if action.player != before.current:
        who = players[action.player].name if 0 <= action.player < len(players) else "a player"
        return f"{who} decided since"
    if st.current != before.current:
        return f"the turn passed to {players[st.current].name}"
    for e in game.last_events:
        if e.kind in REVEALING_EVENTS or e.dice:
            return "a card was drawn since" if e.kind in ("card", "deck_empty") else \
                "the dice were rolled since"
    if st.rng.getstate() != before.rng.getstate():
        return "something random was revealed since"
    for order, now in zip(before.decks, st.decks, strict=False):
        # only a draw takes a card from the top; a card put back goes to the bottom
        if now[:len(order)] != order:
            return "a card was drawn since"
    for m in game.mechanics:
        why = m.shown(game, before)
        if why:
            return why
    return ""


def undo_problem(game: Game) -> str:
    """Why nothing can be taken back now, or '' when the last decision can be."""
    log = game.undo_log
    if log is None:
        return "this game does not keep what it could take back"
    if game.st.over:
        return "the game is over"
    if not log.kept:
        return log.why_not
    return ""


def can_undo(game: Game) -> bool:
    """Whether the last decision can be taken back now (``undo_problem`` says why not)."""
    return undo_problem(game) == ""


def undo_player(game: Game) -> int:
    """Who made the decision that would be taken back (-1: none can be)."""
    log = game.undo_log
    return log.kept[-1].action.player if log is not None and log.kept and not game.st.over \
        else -1


def undo(game: Game) -> Kept:
    """Take back the last decision: the game is exactly as it was before it (its events: one
    ``undone``). Returns what was taken back; ``ValueError`` (with ``undo_problem``'s words)
    when nothing can be. (After the last one kept, ``why_not`` still says why the log stops
    there: the roll, the card or the other player's decision before it.)"""
    why = undo_problem(game)
    if why:
        raise ValueError(f"nothing to take back: {why}")
    log = game.undo_log
    assert log is not None
    kept = log.kept.pop()
    st = kept.before
    # The generator is where it was (the rule): keep the game's own object, so a generator a
    # test or a tool put in its place stays.
    st.rng = game.st.rng
    game.st = st
    game.history = game.history[:kept.history]  # a new list: a save's log buffer sees it
    game.emit(Event("undone", player=kept.action.player, text=kept.action.kind))
    return kept
