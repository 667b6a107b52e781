"""What a player sees of securing locations (``engine/mechanics/dnd_adventures.py``): the
Adventure card as a dialog (its picture side, then its details: pay the price, with what is
left, or roll, with the target and the odds with the held items), a face-down mark on each
location whose card is revealed but not yet secured, the rules' clauses and the end."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Static

from monopoly_tui.engine.mechanics.dnd_adventures import (
    A_PAY_SECURE,
    A_ROLL_SECURE,
    END_REASON,
    SECURE,
    card_of,
)
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures_state
from monopoly_tui.engine.mechanics.dnd_config import ADVENTURES, AdventuresSpec
from monopoly_tui.engine.spec import LOCATION
from monopoly_tui.ui.decisions import DecisionScreen
from monopoly_tui.ui.mechanics import MechanicScreens, register
from monopoly_tui.ui.render import money

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action, Pending
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec

REVEALED_MARK = "▣"
"""A location whose Adventure card is revealed, not yet secured (the card lies face up)."""
REVEALED_STYLE = "bold #dcb060"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class SecureScreen(DecisionScreen):
    """An unsecured location's Adventure card: its picture side and its details, then pay
    the price to secure it at once, or roll the check die against its target."""

    kind = SECURE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "choose('pay_to_secure')", "Pay", id="pay"),
        Binding("r", "choose('roll_to_secure')", "Roll", id="roll"),
        Binding("t", "trade", "Trade", id="trade"),  # "trade ... at any time"
    ]
    BUTTONS = (
        ("Pay", A_PAY_SECURE, "primary"),
        ("Roll", A_ROLL_SECURE, "warning"),
    )

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        v = game.spec.vocab
        ctx = pend.context
        deed = int(str(ctx["deed"]))
        name = game.spec.deeds[deed].name
        price, target = int(str(ctx["price"])), int(str(ctx["target"]))
        odds = float(str(ctx.get("odds", 0.0)))
        cash = game.st.players[pend.player].cash
        self.query_one("#head", Static).update(
            self.heading(f"{v.secure} {name}: pay or roll"))
        body = Text()
        body.append(f"{_cap(v.adventure)}: ", style="dim")
        body.append(f"{ctx.get('picture', '')}\n", style="italic #dcb060")
        body.append(f"{ctx.get('text', '')}\n\n")
        body.append("Pay ", style="bold")
        body.append(f"{money(game, price)} to {v.secure} it now")
        if cash >= price:
            body.append(f" ({money(game, cash - price)} left)\n", style="dim")
        else:
            body.append(f" (you hold {money(game, cash)}: not enough)\n", style="dim")
        body.append("Roll ", style="bold")
        body.append(f"{target} or more on the red die: {round(odds * 100)}% to succeed")
        body.append(" with your items" if ctx.get("items") else "", style="dim")
        body.append(f"\nFailing leaves the {v.adventure} revealed here for the next lander.",
                    style="dim")
        self.query_one("#body", Static).update(body)
        self.set_button(A_PAY_SECURE, A_PAY_SECURE, f"Pay {money(game, price)} [p]")
        self.set_button(A_ROLL_SECURE, A_ROLL_SECURE, f"Roll for {target}+ [r]")
        self.focus_default(A_ROLL_SECURE if odds >= 0.6 else A_PAY_SECURE, A_ROLL_SECURE)


class AdventuresScreens(MechanicScreens):
    """The screens of securing locations."""

    NAME = ADVENTURES
    config: AdventuresSpec

    def news_kinds(self) -> frozenset[str]:
        """A location secured (its price paid, or by the roll: how deeds leave the bank here)
        and the end's payout."""
        return frozenset({"secured", "end_payout"})

    def dialogs(self) -> Mapping[str, type[DecisionScreen]]:
        return {SECURE: SecureScreen}

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        if pend.kind != SECURE:
            return None
        deed = int(str(pend.context.get("deed", -1)))
        name = game.spec.deeds[deed].name if 0 <= deed < len(game.spec.deeds) else ""
        return f"{game.spec.vocab.secure} {name}: pay or roll".replace("  ", " ")

    def choice_label(self, game: Game, action: Action) -> str | None:
        v = game.spec.vocab
        if action.kind == A_PAY_SECURE:
            return f"Pay to {v.secure} {game.spec.deeds[action.target].name}"
        if action.kind == A_ROLL_SECURE:
            return f"Roll to {v.secure} {game.spec.deeds[action.target].name}"
        return None

    def board_key(self, game: Game, space: int) -> object:
        deed = game.spec.spaces[space].deed
        if deed < 0:
            return None
        return adventures_state(game).revealed[deed]

    def space_marks(self, game: Game, space: int) -> Text | None:
        """A face-up Adventure card on an unsecured location."""
        sp = game.spec.spaces[space]
        if sp.kind != LOCATION or sp.deed < 0 or game.st.owner[sp.deed] >= 0:
            return None
        if adventures_state(game).revealed[sp.deed]:
            return Text(REVEALED_MARK, style=REVEALED_STYLE)
        return None

    def deed_status(self, game: Game, deed: int, compact: bool) -> Text | None:
        """An unsecured location: how it is taken (the first lander's fee reveals its card),
        or its revealed Adventure card, face up (its words left out on the small card), with
        its target and price."""
        d = game.spec.deeds[deed]
        if d.kind != LOCATION:
            return None
        v = game.spec.vocab
        out = Text()
        out.append(f"{_cap(v.unsecured)}", style="italic")
        if not adventures_state(game).revealed[deed]:
            out.append(f": the first to land pays the {v.bank} {money(game, d.price)} and "
                       f"reveals its {v.adventure}", style="italic")
            return out
        card = card_of(game, deed)
        out.append(f" · {v.adventure} revealed {REVEALED_MARK}\n", style="italic")
        if not compact:
            out.append(f"{card.picture}\n", style="italic #c09040")
            out.append(f"{card.text}\n")
        out.append(f"Roll {card.target}+ on the red die or pay {money(game, card.price)} to "
                   f"{v.secure} it", style="bold")
        return out

    def rules_clause(self, spec: Spec, clause: str) -> str:
        v = spec.vocab
        if clause == "rent":
            return (f"; a {v.secured} {v.location}'s {v.tax} is its printed amount, double "
                    "when the owner holds both of the pair")
        return ""

    def called_words(self, spec: Spec) -> str | None:
        """The game called early ends as the real end: the payout, then the most gold."""
        c = spec.mechanics.get(ADVENTURES)
        if not isinstance(c, AdventuresSpec) or not c.called_payout:
            return None
        v = spec.vocab
        if c.called_payout == "location_tax":
            return (f"everyone collects their {v.locations}' {v.tax} as at the end, and the "
                    f"most {v.currency} wins")
        return f"the most {v.currency} wins"

    def rules_section(self, spec: Spec) -> list[str]:
        v = spec.vocab
        return [
            f"- **{_cap(v.unsecured)} {v.locations}**: the first to land pays the {v.bank} the "
            f"printed amount and reveals its {v.adventure} (who cannot pay does nothing). "
            f"Then pay the card's price to {v.secure} it at once, or roll the red die against "
            f"the card's target. Failing leaves the card revealed ({REVEALED_MARK} on the "
            "board): the next lander pays no fee and tries again.",
        ]

    def end_clause(self, spec: Spec) -> str | None:
        """The end when every location is secured (one clause with the round cap's)."""
        v = spec.vocab
        return (f"the moment every {v.location} is {v.secured}, everyone collects each of "
                f"their {v.locations}' {v.tax} from the {v.bank} (double for a pair); the most "
                f"{v.currency} wins")

    def end_words(self, game: Game, reason: str) -> str | None:
        if reason == END_REASON:
            v = game.spec.vocab
            return (f"the player with the most {v.currency} when every {v.location} was "
                    f"{v.secured}")
        return None


register(AdventuresScreens)
