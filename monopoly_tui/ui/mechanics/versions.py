"""What a player sees of Longest Game Ever's mechanics (``engine/mechanics/versions.py``),
registered under the engine mechanics' names:

- ``buyout``: landing on another player's unmortgaged property, the choice of paying the rent
  or buying the property out for that rent plus the edition's extra (``BuyOutScreen``: both
  amounts, what comes with the deed: every version and what is built on them; cash may be
  raised first in the dialog);
- ``versions``: a building bought, or the houses of a sold hotel, placed on the version the
  owner chooses (``PlaceVersionScreen``: each version with what it holds). Moving buildings
  between versions is in the property manager (``m``), where every row of a street with
  versions shows which version holds what.

Every word from the edition's vocabulary; every amount and every choice from the engine's
pending decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.describe import building_words
from monopoly_tui.engine.mechanics.versions import BUYOUT, EVERY_GO, VERSIONS, BuyoutSpec
from monopoly_tui.engine.spec import GO
from monopoly_tui.ui import answers
from monopoly_tui.ui.decisions import DecisionScreen
from monopoly_tui.ui.footer import Footer
from monopoly_tui.ui.manage import RAISE_KINDS, ActionList
from monopoly_tui.ui.mechanics import MechanicScreens, register
from monopoly_tui.ui.render import deed_card, deed_spaces_line, money, player_tag, version_holds

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Action, Pending
    from monopoly_tui.engine.game import Game
    from monopoly_tui.engine.spec import Spec


class BuyOutScreen(DecisionScreen):
    """On another player's unmortgaged property: pay the rent, or buy it out for the rent plus
    the edition's extra; the owner must sell. Short of the price, cash can be raised in the
    list first (sell, mortgage)."""

    kind = A.BUY_OUT
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "choose('pay_rent')", "Pay the rent", id="pay_rent"),
        Binding("b", "choose('buy_out')", "Buy out", id="buy_out"),
        Binding("m", "manage", "Raise cash", id="manage", show=False),
        # "You can try to raise funds by mortgaging properties or making deals with other
        # players": shown while the engine allows a deal (``deals_while_buying``)
        Binding("t", "trade", "Trade", id="trade"),
        # priority: the focused list's own Enter would hide this one from the footer
        Binding("enter", "raise_cash", "Sell or mortgage", id="raise_cash", priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Static(id="head", classes="title")
            with Horizontal(classes="split"):
                yield Static(id="deed", classes="deed")
                with Vertical(classes="side"):
                    yield Static(id="body")
                    yield ActionList(self.game, self.pend.player, RAISE_KINDS, id="raise")
            with Horizontal(classes="buttons"):
                yield Button("Pay the rent", id="pay_rent", variant="primary")
                yield Button("Buy out", id="buy_out", variant="success")
        yield Footer()

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        spec, st = game.spec, game.st
        v = spec.vocab
        ctx = pend.context
        deed, space = int(ctx["deed"]), int(ctx["space"])
        owner, rent, price = int(ctx["owner"]), int(ctx["rent"]), int(ctx["price"])
        d = spec.deeds[deed]
        cash = st.players[pend.player].cash
        head = self.heading(f"landed on {spec.spaces[space].name}, ")
        head.append_text(player_tag(game, owner))
        head.append("'s", style="bold")
        self.query_one("#head", Static).update(head)
        self.query_one("#deed", Static).update(
            deed_card(game, deed, width=44, compact=True, space=space))
        body = Text()
        body.append("Pay the rent ", style="bold")
        body.append(money(game, rent), style="bold")
        body.append(f", or {v.buy_out} the property for ", style="bold")
        body.append(money(game, price), style="bold green")
        extra = int(ctx["extra"])
        if price - extra == rent:
            body.append(f" (the rent + {money(game, extra)}): "
                        f"{st.players[owner].name} must sell.\n")
        else:  # the price counts what stands on the other versions too
            body.append(f" (the rent for what is built on all its {v.version}s, "
                        f"{money(game, price - extra)}, + {money(game, extra)}): "
                        f"{st.players[owner].name} must sell.\n")
        names = [spec.spaces[s].name for s in d.spaces]
        body.append(f"It comes with every {v.version}: {', '.join(names)}", style="dim")
        if st.buildings[deed]:
            body.append(", and what is built on them:", style="dim")
            body.append("\n")
            body.append_text(deed_spaces_line(game, deed))
        else:
            body.append(".", style="dim")
        body.append(f"\nCash {money(game, cash)}")
        lst = self.query_one("#raise", ActionList)
        lst.reload(pend.player)
        short = cash < price
        lst.display = short and bool(lst.actions) and self.mine()
        if short and self.mine():
            deal = ", or make a deal [t]" if self.check_action("trade", ()) else ""
            if lst.actions:
                body.append(f"\nNot enough cash to {v.buy_out}: raise it below (sell or "
                            f"{v.mortgage}{deal}), or pay the rent.", style="yellow")
            elif deal:
                body.append(f"\nNot enough cash to {v.buy_out}: make a deal [t], or pay the "
                            "rent.", style="yellow")
            else:
                body.append(f"\nNot enough cash to {v.buy_out}, and nothing to sell: "
                            "pay the rent.", style="yellow")
        self.query_one("#body", Static).update(body)
        self.set_button("pay_rent", A.A_PAY_RENT, f"Pay {money(game, rent)} rent [p]")
        self.set_button("buy_out", A.A_BUY_OUT, f"{v.buy_out.capitalize()} for "
                                                f"{money(game, price)} [b]")
        if not (isinstance(self.focused, ActionList) and lst.display):
            self.focus_default("pay_rent", "buy_out")  # Enter pays the rent

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id in ("pay_rent", "buy_out"):
            self.take(event.button.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        act = self.query_one("#raise", ActionList).action_at(event.option_index)
        if act is not None:
            self.table.answer(act)
            self.sync()

    def action_manage(self) -> None:
        lst = self.query_one("#raise", ActionList)
        if lst.display:
            lst.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "trade":  # the engine says whether a deal may be made now
            return self.mine() and bool(self.session.trade_players())
        return super().check_action(action, parameters)

    def action_trade(self) -> None:
        self.table.answer(answers.TRADE)


class PlaceVersionScreen(DecisionScreen):
    """A building bought (or the houses of a sold hotel): which version of the street it stands
    on. Each version is listed with what it holds now; Enter puts it there."""

    kind = A.PLACE_VERSION
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "place", "Put it here", id="place", priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="head", classes="title")
            yield Static(id="body")
            yield Label("Choose a version (↑ ↓, Enter):", classes="hint")
            yield OptionList(id="versions")
        yield Footer()

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        spec = game.spec
        v = spec.vocab
        ctx = pend.context
        deed = int(ctx["deed"])
        building = str(ctx.get("building") or "house")
        left = int(ctx.get("left", 1))
        word = v.hotel if building == "hotel" else v.house
        street = spec.deeds[deed].name
        if left > 1:
            head = f"place {building_words(game, building, left)} on the {v.version}s of {street}"
        else:
            head = f"place the {word} on a {v.version} of {street}"
        self.query_one("#head", Static).update(self.heading(head))
        body = Text()
        if building == "house" and left > 1:
            body.append(f"{left} to place, one at a time.\n", style="dim")
        body.append_text(deed_spaces_line(game, deed))
        self.query_one("#body", Static).update(body)
        lst = self.query_one("#versions", OptionList)
        was = lst.highlighted
        lst.clear_options()
        for c in pend.choices:
            label = Text(spec.spaces[c.target].name, style="bold")
            label.append(f"  holds {version_holds(game, c.target)}", style="dim")
            if c.target == ctx.get("from"):
                waiting = f"the {word} stands" if left == 1 else f"the {v.houses} stand"
                label.append(f" ({waiting} here until you choose)", style="dim italic")
            lst.add_option(Option(label, id=f"version-{c.target}"))
        lst.disabled = not self.mine()
        if lst.option_count:
            lst.highlighted = was if was is not None and was < lst.option_count else 0
        if self.mine():
            lst.focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "place":
            return self.mine() and self.is_mounted and \
                self.query_one("#versions", OptionList).highlighted is not None
        return super().check_action(action, parameters)

    def action_place(self) -> None:
        lst = self.query_one("#versions", OptionList)
        if lst.highlighted is None or not self.mine():
            return
        option = lst.get_option_at_index(lst.highlighted)
        if option.id:
            self.take(A.A_PLACE_VERSION, target=int(option.id[len("version-"):]))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_place()


class BuyoutScreens(MechanicScreens):
    """The forced buy-out's screens: its dialog and the banner's words."""

    NAME = BUYOUT

    def news_kinds(self) -> frozenset[str]:
        """A deed bought out from its owner."""
        return frozenset({"bought_out"})

    def dialogs(self) -> Mapping[str, type[DecisionScreen]]:
        return {A.BUY_OUT: BuyOutScreen}

    def rules_section(self, spec: Spec) -> list[str]:
        """The forced buy-out: "they have the option of forcing you to sell it to them for rent
        plus M10! Even if it's in a color set or has a building on it"; "You may not buy a
        mortgaged property"."""
        v = spec.vocab
        extra = self.config.extra if isinstance(self.config, BuyoutSpec) else 0
        return [f"- **{_cap(v.buy_out)}**: landing on another player's {v.deed}, you pay the "
                f"rent or {v.buy_out} the {v.deed} for that rent plus {v.money(extra)}, and the "
                f"owner must sell, even one of a whole colour group or with {v.houses} on it "
                f"(they come with it); never a {v.deed} under {v.mortgage}."]

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        if pend.kind != A.BUY_OUT:
            return None
        spec, ctx = game.spec, pend.context
        return (f"pay {money(game, ctx['rent'])} rent or {spec.vocab.buy_out} "
                f"{spec.spaces[ctx['space']].name} for {money(game, ctx['price'])}")


class VersionsScreens(MechanicScreens):
    """The versions' screens: the dialog placing a building on a version, the banner's words,
    and a version named by its space in the plain list of choices."""

    NAME = VERSIONS

    def news_kinds(self) -> frozenset[str]:
        """A building placed on a version of a street, or moved."""
        return frozenset({"placed_version", "moved_building"})

    def dialogs(self) -> Mapping[str, type[DecisionScreen]]:
        return {A.PLACE_VERSION: PlaceVersionScreen}

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        if pend.kind != A.PLACE_VERSION:
            return None
        spec, ctx = game.spec, pend.context
        v = spec.vocab
        word = v.hotel if ctx.get("building") == "hotel" else v.house
        return f"place the {word} on a {v.version} of {spec.deeds[ctx['deed']].name}"

    def then_words(self, game: Game, kind: str) -> str | None:
        return f"then choose its {game.spec.vocab.version}" if kind == A.PLACE_VERSION else None

    def rules_section(self, spec: Spec) -> list[str]:
        """The versions of a deed: "When you own Boardwalk, you automatically own Boardwalk 2
        and Boardwalk 3, and you can split your buildings up among those versions"; "players
        have to land on the version of a street that has the physical building in order to
        owe rent with a building"; "You may move any number of your Houses to any version of
        their street at any time on your turn"."""
        v = spec.vocab
        shared = [d for d in spec.deeds if len(d.spaces) > 1]
        if not shared:
            return []
        d = shared[-1]
        names = ", ".join(spec.spaces[x].name for x in d.spaces)
        moved = (f"; you may move them between its {v.version}s at any time on your own turn "
                 "(`m`)" if self.config.movable else "")
        return [f"- **{_cap(v.version)}s**: one {v.deed} holds every {v.version} of a "
                f"property ({names}): buying it buys them all, rent is due on each, and a "
                f"whole colour group doubles the rent on each. A {v.house} or {v.hotel} stands "
                f"on the {v.version} its owner chooses, and only a lander on that {v.version} "
                f"pays the rent with it{moved}."]

    def choice_label(self, game: Game, action: Action) -> str | None:
        spec = game.spec
        if action.kind == A.A_PLACE_VERSION and 0 <= action.target < len(spec.spaces):
            return f"Put it on {spec.spaces[action.target].name}"  # a version of the street
        return None


class EveryGoScreens(MechanicScreens):
    """Salary at every GO: the Rules tab says how many pay."""

    NAME = EVERY_GO

    def rules_clause(self, spec: Spec, clause: str) -> str:
        """ "When you pass or land on a GO space, collect M200": each of the board's GOs."""
        if clause != "go":
            return ""
        n = sum(1 for sp in spec.spaces if sp.kind == GO)
        return f" or land on any of the {n} {spec.vocab.go} spaces" if n > 1 else ""


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


register(BuyoutScreens)
register(VersionsScreens)
register(EveryGoScreens)
