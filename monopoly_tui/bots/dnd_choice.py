"""The basic bot's habits for the Dungeons & Dragons decisions (docs/design/dnd.md §8).

- **Pay or roll** for a location: the odds of securing it by rolling, counting the Item cards
  held (``success_odds``, what the dialog shows too); pay the price when it leaves at least
  ``KEEP`` gold and the odds are below ``PAY_BELOW``; otherwise roll.
- **Items** after seeing a missed roll: the smallest single add that reaches the target; else,
  when the adds together reach it, the biggest add first; else a reroll if one is held; else
  let the roll stand. Never once the target is met (the engine offers none then). The same
  for monsters, Szass Tam and revival rolls.
- **Which item to lose**: the weakest (the smallest add; a reroll counts as ``REROLL_WORTH``).
- **In trades** (``bots.basic.trade_value``): a secured location is worth at least its
  Adventure card's price, what securing it from the bank at once costs (``secure_price``:
  nobody sensible sells for its printed amount a location that cost several times that to
  secure); an Item card is worth the chance it turns a missed securing roll into a success
  times the price that success saves, over the locations not yet secured
  (``item_trade_worth``).

``HABITS`` maps each decision kind to its habit; the basic bot asks it for a decision it has
no habit of its own for (a mechanic's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from monopoly_tui.bots.base import ACQUIRING_COSTS, KEPT_CARD_WORTHS
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_adventures import (
    A_PAY_SECURE,
    A_ROLL_SECURE,
    ADVENTURES,
    SECURE,
    success_odds,
)
from monopoly_tui.engine.mechanics.dnd_adventures import config as adventures_config
from monopoly_tui.engine.mechanics.dnd_cards import A_GIVE_UP_ITEM, LOSE_AN_ITEM
from monopoly_tui.engine.mechanics.dnd_checks import (
    A_NO_ITEM,
    A_USE_ITEM,
    CHECKS,
    USE_ITEMS,
    item_card,
    items_of,
)
from monopoly_tui.engine.mechanics.dnd_checks import config as check_config
from monopoly_tui.engine.spec import Spec

KEEP: Final = 60
"""Gold the bot keeps after paying a price (an unpaired dark-blue tax and a Critical Fail)."""
PAY_BELOW: Final = 0.6
"""The bot pays to secure when rolling would succeed less often than this."""
REROLL_WORTH: Final = 5
"""What a reroll item counts as when the bot ranks its items."""

Habit = Callable[[Game, int], Action]
"""(game, the deciding player) -> the choice."""

HABITS: Final[dict[str, Habit]] = {}
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


def secure_price(spec: Spec, deed: int) -> int:
    """What securing ``deed`` from the bank at once costs: its Adventure card's price (0 for
    a deed without one, or an edition without Adventure cards)."""
    if ADVENTURES not in spec.mechanics:
        return 0
    spaces = spec.deeds[deed].spaces
    card = adventures_config(spec).card_at(spaces[0]) if spaces else None
    return card.price if card is not None else 0


def item_trade_worth(game: Game, player: int, held: tuple[int, int]) -> int | None:
    """What an Item card is worth to its holder in a trade: over the locations not yet
    secured, the mean of the chance that it turns a missed natural roll into a success (an
    add: the misses it lifts to the target; a reroll: a miss times a second roll's success)
    times the location's Adventure card price. None for a card that is not an item."""
    spec = game.spec
    if CHECKS not in spec.mechanics or ADVENTURES not in spec.mechanics:
        return None
    card = item_card(game, held)
    if not card.reroll and card.amount <= 0:
        return None
    c = check_config(spec)
    values = spec.die(c.die).values
    cards = adventures_config(spec).cards
    total, n = 0.0, 0
    for d in spec.deeds:
        if game.st.owner[d.index] >= 0 or not d.spaces:
            continue
        adventure = next((a for a in cards if a.space == d.spaces[0]), None)
        if adventure is None:
            continue
        target = adventure.target
        misses = [v for v in values if v != c.fail_face and v != c.success_face
                  and v < target]
        if card.reroll:
            again = sum(1 for v in values if v != c.fail_face
                        and min(max(v, c.clamp_lo), c.clamp_hi) >= target)
            share = len(misses) / len(values) * again / len(values)
        else:
            share = sum(1 for v in misses if v + card.amount >= target) / len(values)
        total += share * adventure.price
        n += 1
    return round(total / n) if n else 0


ACQUIRING_COSTS.append(secure_price)
KEPT_CARD_WORTHS.append(item_trade_worth)
