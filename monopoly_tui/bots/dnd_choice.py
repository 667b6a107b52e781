"""The basic bot's habits for the Dungeons & Dragons decisions (docs/design/dnd.md §8).

- **Pay or roll** for a location: the odds of securing it by rolling, counting the Item cards
  held (``success_odds``, what the dialog shows too); pay the price when it leaves at least
  ``KEEP`` gold and the odds are below ``PAY_BELOW``; otherwise roll.
- **Items** after seeing a missed roll: the smallest single add that reaches the target; else,
  when the adds together reach it, the biggest add first; else a reroll if one is held; else
  let the roll stand. Never once the target is met (the engine offers none then). The same
  for monsters, Szass Tam and revival rolls.
- **Which item to lose**: the weakest (the smallest add; a reroll counts as ``REROLL_WORTH``).

``HABITS`` maps each decision kind to its habit; the basic bot asks it for a decision it has
no habit of its own for (a mechanic's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_adventures import (
    A_PAY_SECURE,
    A_ROLL_SECURE,
    SECURE,
    success_odds,
)
from monopoly_tui.engine.mechanics.dnd_cards import A_GIVE_UP_ITEM, LOSE_AN_ITEM
from monopoly_tui.engine.mechanics.dnd_checks import (
    A_NO_ITEM,
    A_USE_ITEM,
    USE_ITEMS,
    item_card,
    items_of,
)

KEEP: Final = 60
"""Gold the bot keeps after paying a price (an unpaired dark-blue tax and a Critical Fail)."""
PAY_BELOW: Final = 0.6
"""The bot pays to secure when rolling would succeed less often than this."""
REROLL_WORTH: Final = 5
"""What a reroll item counts as when the bot ranks its items."""

Habit = Callable[[Game, int], Action]
"""(game, the deciding player) -> the choice."""

HABITS: dict[str, Habit] = {}
"""The habit of each decision kind of a mechanic's (by the decision kind)."""


def habit(kind: str, choose: Habit) -> None:
    """Make ``choose`` the basic bot's answer to decisions of ``kind``."""
    HABITS[kind] = choose


def pay_or_roll(game: Game, player: int) -> Action:
    pend = game.pending
    by_kind = {a.kind: a for a in pend.choices}
    pay = by_kind.get(A_PAY_SECURE)
    if pay is not None:
        price = int(pend.context["price"])
        target = int(pend.context["target"])
        cash = game.st.players[player].cash
        if cash - price >= KEEP and success_odds(game, player, target) < PAY_BELOW:
            return pay
    return by_kind[A_ROLL_SECURE]


def worth(game: Game, held: tuple[int, int]) -> int:
    card = item_card(game, held)
    return REROLL_WORTH if card.reroll else card.amount


def use_items(game: Game, player: int) -> Action:
    pend = game.pending
    gap = int(pend.context["target"]) - int(pend.context["total"])
    held = items_of(game, player)
    adds = [(item_card(game, h).amount, i) for i, h in enumerate(held)
            if not item_card(game, h).reroll]
    reaching = sorted(a for a in adds if a[0] >= gap)
    if reaching:
        return Action(A_USE_ITEM, player, reaching[0][1])
    if adds and sum(a for a, _ in adds) >= gap:
        return Action(A_USE_ITEM, player, max(adds)[1])
    rerolls = [i for i, h in enumerate(held) if item_card(game, h).reroll]
    if rerolls:
        return Action(A_USE_ITEM, player, rerolls[0])
    return Action(A_NO_ITEM, player)


def lose_an_item(game: Game, player: int) -> Action:
    held = items_of(game, player)
    weakest = min(range(len(held)), key=lambda i: (worth(game, held[i]), i))
    return Action(A_GIVE_UP_ITEM, player, weakest)


habit(SECURE, pay_or_roll)
habit(USE_ITEMS, use_items)
habit(LOSE_AN_ITEM, lose_an_item)
