"""The rollout loop: a game played on by bots for a number of player-turns, quietly (no
invariant checks, no statistics), as a computer player that looks ahead plays its sampled
futures (``bots.search``, the master) on a ``Game.copy()``, and as ``simulate.play_game``
plays a whole game with its checks. It sits below the bots that play rollouts and below
``simulate`` (which imports it), so neither imports the other back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from monopoly_tui.bots.base import Bot, DecidingBot, decider, simple_action
from monopoly_tui.bots.basic import BasicBot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game

STUCK_DECISIONS: Final = 10_000
"""More decisions than this within one player-turn means the game (or a bot) is stuck."""
OPEN_KINDS: Final = (A.ROLL, A.JAIL, A.END_TURN)
"""Decisions during which any player may act (ask for rent owed)."""


def standing_rolls(bots: Sequence[Bot]) -> list[Action | None]:
    """Per seat, the bot's answer to a roll when it cannot change, else None: a basic bot
    always rolls when it is asked to roll (``BasicBot.decide`` returns its seat's shared
    ``simple_action`` roll before it looks at the board), so the loop takes that answer
    without asking it. (Only the basic bot itself: a subclass, or the expert, may do other
    things first.)"""
    return [simple_action(A.A_ROLL, seat) if type(bot) is BasicBot else None
            for seat, bot in enumerate(bots)]


def play_turns(game: Game, bots: Sequence[Bot], turns: int) -> int:
    """Play ``turns`` player-turns (fewer when the game ends first) of ``game`` with ``bots``,
    one a seat, as ``play_game`` plays them without its checks: a rollout, the sampled future a
    computer player that looks ahead plays on a ``Game.copy()``. Returns the player-turns
    played. Raises ``RuntimeError`` when a player-turn takes more than ``STUCK_DECISIONS``
    decisions."""
    st = game.st
    deciding: list[DecidingBot | None] = [b if isinstance(b, DecidingBot) else None
                                          for b in bots]
    players = [decider(bot) for bot in bots]
    rolls = standing_rolls(bots)
    start = st.turns
    stop = start + turns
    mark, in_turn = start, 0
    while not st.over and st.turns < stop:
        if st.turns != mark:
            mark, in_turn = st.turns, 0
        in_turn += 1
        if in_turn > STUCK_DECISIONS:
            raise RuntimeError(f"more than {STUCK_DECISIONS} decisions in player-turn "
                               f"{st.turns}")
        kind, who = game.waiting_for
        if st.claims and kind in OPEN_KINDS:
            game.act(Action(A.A_COLLECT_RENT, st.claims[0].owner, 0))
            continue
        if kind == A.ROLL:
            roll = rolls[who]
            if roll is not None:
                game.act(roll)
                continue
        native = deciding[who]
        game.act(native.decide(game, kind, who) if native is not None
                 else players[who](game, kind, who))
    return st.turns - start
