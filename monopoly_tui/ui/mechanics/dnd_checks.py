"""What a player sees of the check die and the Item cards (``engine/mechanics/dnd_checks.py``):
the red die as a die beside its target, a 1 or a 20 named as the edition's criticals, the
dialog that offers the held items after a missed roll (each with what it would do: the new
total, or a reroll's chance), the items on their holder's panel, and the rules' clauses."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType

from monopoly_tui.engine.mechanics.dnd_checks import (
    A_NO_ITEM,
    A_USE_ITEM,
    USE_ITEMS,
    item_card,
    items_of,
)
from monopoly_tui.engine.mechanics.dnd_config import CHECKS, CheckDieSpec
from monopoly_tui.ui.decisions import ChoiceScreen, DecisionScreen
from monopoly_tui.ui.mechanics import MechanicScreens, register
from monopoly_tui.ui.render import money
from monopoly_tui.ui.style import RED as LIGHT_RED

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action, Event, Pending
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import CardSpec, Spec

RED = f"bold {LIGHT_RED}"  # 4.5:1 on a panel and at NO_COLOR (#e05050 was 2.6:1)
"""The red die's colour."""
ITEM_MARK = "✦"
"""An Item card held (on its holder's panel)."""


def item_name(card: CardSpec) -> str:
    """An item's name: its text up to the first full stop."""
    return card.text.split(".")[0]


def item_effect(card: CardSpec) -> str:
    """What an item does to a roll, in short: '+3', or 'reroll'."""
    return "reroll" if card.reroll else f"+{card.amount}"


def red_die(value: int, target: int, total: int | None = None, word: str = "") -> Text:
    """The red die as a box with its value, the target beside it and the total with items
    on a line of its own below: each line short, so a narrow centre never wraps one into the
    box ("(with items: 16)" beside its face broke its right edge)."""
    face = str(value).center(4)
    out = Text()
    out.append("┌────┐\n", style=RED)
    out.append(f"│{face}│", style=RED)
    out.append(f"  needs {target}", style="bold")
    out.append("\n└────┘", style=RED)
    if total is not None and total != value:
        out.append(f"\nwith items {total}", style="bold")
    if word:
        out.append(f"\n{word}", style=RED)
    return out


def last_check(events: Iterable[Event]) -> tuple[int, int, int, str] | None:
    """(natural roll, target, total after items, critical word key) of the last check among
    ``events``; the key is 'fail', 'success' or ''."""
    out: list[object] | None = None
    for e in events:
        if e.kind == "red_die":
            out = [e.amount, e.dice[0] if e.dice else 0, e.amount, ""]
        elif out is not None and e.kind == "item_used":
            out[2] = e.amount
        elif out is not None and e.kind == "critical_fail":
            out[3] = "fail"
        elif out is not None and e.kind == "critical_success":
            out[3] = "success"
    if out is None:
        return None
    return (int(str(out[0])), int(str(out[1])), int(str(out[2])), str(out[3]))


class ItemsScreen(ChoiceScreen):
    """A missed roll of the check die: the die and its target, then each held item with what
    it would do (``ChecksScreens.choice_label``); pick one (Enter), or let the roll stand."""

    kind = USE_ITEMS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "choose('no_item')", "Let the roll stand", id="stand"),
    ]

    def head_text(self, pend: Pending) -> str:
        ctx = pend.context
        total, target = int(str(ctx["total"])), int(str(ctx["target"]))
        return (f"rolled {ctx['roll']}: {short_words(total, target)}, or use an "
                f"{self.game.spec.vocab.item}")

    def body(self, pend: Pending) -> RenderableType:
        ctx = pend.context
        out = red_die(int(str(ctx["roll"])), int(str(ctx["target"])), int(str(ctx["total"])))
        out.append(f"\nUse an {self.game.spec.vocab.item} on this roll, or let it stand (it "
                   "fails).", style="dim")
        return out


def short_words(total: int, target: int) -> str:
    """How far a missed roll is from its target, while items may still save it (not yet
    failed): '8 short of 14'."""
    return f"{target - total} short of {target}"


def item_choice_label(game: Game, pend: Pending, action: Action) -> str:
    """A choice of the items dialog in words: what the item does to this roll."""
    if action.kind == A_NO_ITEM:
        return "Let the roll stand [s]"
    ctx = pend.context
    held = items_of(game, action.player)
    if not 0 <= action.target < len(held):
        return "Use an item"
    card = item_card(game, held[action.target])
    total, target = int(str(ctx["total"])), int(str(ctx["target"]))
    if card.reroll:
        wins = int(str(ctx.get("reroll_wins", 0)))
        sides = len(game.spec.die(check_config(game.spec).die).values)
        return f"{item_name(card)}: reroll ({wins} in {sides} to reach {target})"
    after = total + card.amount
    outcome = "succeeds" if after >= target else f"still {target - after} short"
    return f"{item_name(card)}: +{card.amount}, the roll counts {after} ({outcome})"


def check_config(spec: Spec) -> CheckDieSpec:
    c = spec.mechanics[CHECKS]
    assert isinstance(c, CheckDieSpec)
    return c


class ChecksScreens(MechanicScreens):
    """The check die's and the Item cards' screens."""

    NAME = CHECKS
    config: CheckDieSpec

    def dialogs(self) -> Mapping[str, type[DecisionScreen]]:
        return {USE_ITEMS: ItemsScreen}

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        if pend.kind != USE_ITEMS:
            return None
        return f"use an {game.spec.vocab.item} on the roll, or let it stand"

    def choice_label(self, game: Game, action: Action) -> str | None:
        if action.kind in (A_USE_ITEM, A_NO_ITEM) and game.pending.kind == USE_ITEMS:
            return item_choice_label(game, game.pending, action)
        return None

    def panel_key(self, game: Game, player: int) -> object:
        return tuple(items_of(game, player))

    def panel_lines(self, game: Game, player: int) -> list[Text]:
        held = items_of(game, player)
        if not held:
            return []
        line = Text(f"{ITEM_MARK} ", style="bold #d4a8ff")
        line.append(", ".join(f"{item_name(item_card(game, h))} {item_effect(item_card(game, h))}"
                              for h in held))
        return [line]

    def dice_view(self, game: Game, since_roll: Iterable[Event]) -> Text | None:
        """The check die since the last roll: its value, the target, the total with items and
        a critical named."""
        check = last_check(since_roll)
        if check is None:
            return None
        natural, target, total, crit = check
        v = game.spec.vocab
        c = self.config
        word = ""
        if crit == "fail":
            word = f"{v.critical_fail}! −{money(game, c.fail_fee)}"
        elif crit == "success":
            word = f"{v.critical_success}! +{money(game, c.success_reward)}"
        elif total >= target:
            word = "success"
        elif game.pending.kind == USE_ITEMS:  # not failed yet: an item may still save it
            word = f"{short_words(total, target)}: an {v.item} may save it"
        else:
            word = "failed"
        return red_die(natural, target, total, word)

    def rules_section(self, spec: Spec) -> list[str]:
        c = self.config
        v = spec.vocab
        m = v.money
        return [
            f"- **The {c.die} die**: a check rolls it against a target; the target or more "
            f"succeeds. A natural {c.fail_face} is a **{v.critical_fail}**: pay "
            f"{m(c.fail_fee)} to the {v.bank} on top of any other penalty. A natural "
            f"{c.success_face} is a **{v.critical_success}**: collect {m(c.success_reward)} on "
            "top of any other reward.",
            f"- **{v.item}s**: kept without limit. After seeing a roll that misses, use as many "
            "as you like, one after another: one adds to the roll, one rerolls it. Each used "
            f"goes to the bottom of its deck. An {v.item} never makes a roll a {c.fail_face} "
            f"or a {c.success_face}, nor turns one into something else.",
        ]


register(ChecksScreens)
