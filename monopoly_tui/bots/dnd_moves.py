"""The basic bot's habits for the Dungeons & Dragons moves and powers (docs/design/dnd.md §8),
registered in ``bots.dnd_choice.HABITS``:

- **Portal** (Simon's wider reach too): score each location in reach and go to the best
  (ties: the nearest). Unsecured: its amount minus three times its target (cheaper and
  easier first), plus ``PAIR_BONUS`` when the bot holds the other of the pair; its own
  secured location: 0 (safe); another's: minus the tax it would pay. A location the move
  reaches without the GO gold it would otherwise collect costs that gold.
- **Doric's pick**: an Item card, then a gain, a Get Out of Jail Free card, a move, and last
  a loss or a monster; the other goes to the bottom.
- **Edgin**: always walks out of Jail.
"""

from __future__ import annotations

from typing import Final

from monopoly_tui.bots.dnd_choice import habit
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_adventures import card_of
from monopoly_tui.engine.mechanics.dnd_characters import (
    A_DRAW_TWO,
    A_WALK_OUT,
    DRAW_HOW,
    JAIL_ESCAPE_CHOICE,
    KEEP_ONE,
)
from monopoly_tui.engine.mechanics.dnd_portals import PORTAL_MOVE, passes_go
from monopoly_tui.engine.spec import (
    COLLECT,
    COLLECT_FROM_EACH,
    COLLECT_PER_LOCATION,
    GET_OUT_OF_JAIL_FREE,
    ITEM,
    MOVE_BY,
    MOVE_TO,
    MOVE_TO_NEXT,
)

PAIR_BONUS: Final = 20
"""What completing a pair adds to an unsecured location's score."""
KEEP_RANK: Final = {ITEM: 0, COLLECT: 1, COLLECT_FROM_EACH: 1, COLLECT_PER_LOCATION: 1,
                    GET_OUT_OF_JAIL_FREE: 2, MOVE_TO: 3, MOVE_TO_NEXT: 3, MOVE_BY: 3}
"""Doric keeps the card of the lowest rank; any other kind (a loss, a monster) ranks 4."""


def location_score(game: Game, player: int, space: int) -> int:
    """What the bot thinks of landing on the location at ``space`` (the module's docstring)."""
    spec, st = game.spec, game.st
    d = spec.spaces[space].deed
    owner = st.owner[d]
    if owner == player:
        return 0
    if owner >= 0:
        return -P.rent_due(spec, st, d, 0)
    deed = spec.deeds[d]
    score = deed.rent[0] - 3 * card_of(game, d).target
    if any(st.owner[o] == player for o in spec.groups[deed.group].deeds if o != d):
        score += PAIR_BONUS
    return score


def portal_move(game: Game, player: int) -> Action:
    pend = game.pending
    ctx = pend.context
    portal = int(str(ctx["portal"]))
    no_salary = set(ctx["no_salary"]) if isinstance(ctx["no_salary"], list) else set()
    size = game.spec.size

    def score(a: Action) -> tuple[int, int]:
        s = location_score(game, player, a.target)
        if a.target in no_salary and passes_go(game.spec, portal, a.target):
            s -= game.spec.rules.salary
        return (s, -((a.target - portal) % size))

    return max(pend.choices, key=score)


def keep_one(game: Game, player: int) -> Action:
    pend = game.pending
    deck = game.spec.decks[int(str(pend.context["deck"]))]
    return min(pend.choices, key=lambda a: KEEP_RANK.get(deck.cards[a.target].kind, 4))


def draw_two(game: Game, player: int) -> Action:
    """Doric takes two cards whenever he may: two to choose from are never worse than one."""
    return Action(A_DRAW_TWO, player)


def walk_out(game: Game, player: int) -> Action:
    return Action(A_WALK_OUT, player)


habit(PORTAL_MOVE, portal_move)
habit(KEEP_ONE, keep_one)
habit(DRAW_HOW, draw_two)
habit(JAIL_ESCAPE_CHOICE, walk_out)
