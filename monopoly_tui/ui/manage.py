"""The property manager (key ``m``): build, sell, mortgage and lift mortgages, by colour group,
with what each choice costs or raises shown before it is confirmed.

``ActionList`` is the list itself; the debt and buy dialogs reuse it to raise cash.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Label, OptionList, Static, Tab, Tabs
from textual.widgets.option_list import Option

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import building_words, level_words
from monopoly_tui.ui.render import money, player_tag
from monopoly_tui.ui.style import group_color

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.ui.game import GameScreen

RAISE_KINDS = frozenset({A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE})
MANAGE_KINDS = frozenset(
    {A.A_BUILD, A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE, A.A_UNMORTGAGE, A.A_COLLECT_RENT}
)


def action_effect(game: Game, action: Action) -> tuple[str, int]:
    """What an at-any-time choice does, in words, and the cash it moves (+ raises, - costs)."""
    spec, st = game.spec, game.st
    v = spec.vocab
    k = action.kind
    top = P.hotel_level(spec)
    if k == A.A_BUILD:
        d = spec.deeds[action.target]
        hotel = st.buildings[action.target] + 1 == top
        cost = d.hotel_cost if hotel else d.house_cost
        return f"Build {building_words(game, 'hotel' if hotel else 'house')} on {d.name}", -cost
    if k == A.A_SELL_BUILDING:
        d = spec.deeds[action.target]
        hotel = st.buildings[action.target] >= top
        value = P.sell_price(spec, d.hotel_cost if hotel else d.house_cost)
        return f"Sell {building_words(game, 'hotel' if hotel else 'house')} on {d.name}", value
    if k == A.A_SELL_ALL:
        g = spec.groups[action.target]
        value = sum(P.sell_price(spec, P.building_value(spec, st, d)) for d in g.deeds)
        return f"Sell every building on {g.name}", value
    if k == A.A_MORTGAGE:
        d = spec.deeds[action.target]
        return f"{v.mortgage.capitalize()} {d.name}", d.mortgage
    if k == A.A_UNMORTGAGE:
        d = spec.deeds[action.target]
        return f"Lift the {v.mortgage} on {d.name}", -P.unmortgage_cost(spec, action.target)
    if k == A.A_COLLECT_RENT:
        c = st.claims[action.target]
        return (f"Ask {st.players[c.payer].name} for the rent on {spec.deeds[c.deed].name}",
                c.amount)
    return k.replace("_", " "), 0


def action_group(game: Game, action: Action) -> int:
    """The colour group an at-any-time choice is about (-1 for none)."""
    if action.kind == A.A_SELL_ALL:
        return action.target
    if action.kind == A.A_COLLECT_RENT:
        return -1
    if 0 <= action.target < len(game.spec.deeds):
        return game.spec.deeds[action.target].group
    return -1


def preview(game: Game, action: Action) -> Text:
    """The confirmation text: what the choice does, the cash before and after, and what the
    deed becomes."""
    spec, st = game.spec, game.st
    text_, delta = action_effect(game, action)
    cash = st.players[action.player].cash
    out = Text()
    out.append(text_, style="bold")
    out.append("\n")
    if delta >= 0:
        out.append(f"raises {money(game, delta)}", style="bold green")
    else:
        out.append(f"costs {money(game, -delta)}", style="bold red")
    out.append(f"\ncash {money(game, cash)} → {money(game, cash + delta)}")
    if action.kind in (A.A_BUILD, A.A_SELL_BUILDING) and 0 <= action.target < len(spec.deeds):
        d = spec.deeds[action.target]
        level = st.buildings[action.target]
        new = level + (1 if action.kind == A.A_BUILD else -1)
        top = P.hotel_level(spec)
        out.append(f"\n{d.name}: {level_words(game, level)} → {level_words(game, new)}")
        if d.rent:
            def rent_at(n: int) -> int:
                if n <= 0:
                    return d.rent[0] * 2
                return d.rent[-1] if n >= top else d.rent[n]
            out.append(f"\nrent {money(game, rent_at(level))} → {money(game, rent_at(new))}")
    if action.kind in (A.A_MORTGAGE, A.A_UNMORTGAGE):
        d = spec.deeds[action.target]
        if action.kind == A.A_MORTGAGE:
            out.append(f"\nno rent from {d.name} while under {spec.vocab.mortgage}; lifting it "
                       f"costs {money(game, P.unmortgage_cost(spec, d.index))}", style="dim")
    return out


class ActionList(OptionList):
    """At-any-time choices of one player, grouped by colour group, each with its cash effect."""

    def __init__(self, game: Game, player: int, kinds: Iterable[str], **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.game = game
        self.player = player
        self.kinds = frozenset(kinds)
        self.actions: list[Action] = []

    def reload(self, player: int | None = None) -> None:
        if player is not None:
            self.player = player
        game = self.game
        spec = game.spec
        acts = [a for a in game.legal_actions(self.player) if a.kind in self.kinds]
        order = {k: i for i, k in enumerate(
            (A.A_COLLECT_RENT, A.A_BUILD, A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE,
             A.A_UNMORTGAGE))}
        acts.sort(key=lambda a: (action_group(game, a), order.get(a.kind, 9), a.target))
        highlighted = self.highlighted
        self.clear_options()
        self.actions = []
        options: list[Option | None] = []
        group = -2
        for a in acts:
            g = action_group(game, a)
            if g != group:
                group = g
                if options:
                    options.append(None)
                head = Text()
                if g >= 0:
                    head.append("■ ", style=group_color(spec, g))
                    head.append(spec.groups[g].name, style="bold")
                else:
                    head.append("Rent owed to you", style="bold")
                options.append(Option(head, disabled=True))
            label, delta = action_effect(game, a)
            row = Text("  ")
            row.append(label)
            row.append("  ")
            row.append(
                f"+{money(game, delta)}" if delta >= 0 else f"−{money(game, -delta)}",
                style="bold green" if delta >= 0 else "bold red",
            )
            options.append(Option(row, id=f"act-{len(self.actions)}"))
            self.actions.append(a)
        self.add_options(options)
        if highlighted is not None and highlighted < self.option_count:
            self.highlighted = highlighted
        if self.highlighted is None or self.get_option_at_index(self.highlighted).disabled:
            for i in range(self.option_count):
                if not self.get_option_at_index(i).disabled:
                    self.highlighted = i
                    break

    def action_at(self, index: int | None) -> Action | None:
        if index is None or index >= self.option_count:
            return None
        opt = self.get_option_at_index(index)
        if opt.id is None or not opt.id.startswith("act-"):
            return None
        return self.actions[int(opt.id[4:])]

    @property
    def current(self) -> Action | None:
        return self.action_at(self.highlighted)


class ManageScreen(ModalScreen[None]):
    """Build, sell and mortgage, by colour group; the cost or proceeds shown before confirming."""

    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="close"),
        Binding("m", "close", "Close", show=False),
        Binding("enter", "confirm", "Confirm", id="confirm", show=False),
        Binding("c", "confirm", "Confirm", id="confirm_c"),
    ]

    def __init__(self, flow: GameScreen, players: list[int], player: int) -> None:
        super().__init__(classes="decision")
        self.flow = flow
        self.players = players
        self.player = player

    @property
    def game(self) -> Game:
        return self.flow.session.game

    def compose(self) -> ComposeResult:
        game = self.game
        with Vertical(id="dialog", classes="wide"):
            yield Label("Manage properties", classes="title")
            if len(self.players) > 1:
                yield Tabs(*[Tab(game.st.players[p].name, id=f"who-{p}") for p in self.players],
                           active=f"who-{self.player}")
            yield Static(id="who")
            with Horizontal(classes="split"):
                yield ActionList(game, self.player, MANAGE_KINDS, id="actions")
                yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Confirm", id="confirm", variant="primary")
                yield Button("Close", id="close")
        yield Footer()

    def on_mount(self) -> None:
        self.sync()
        self.query_one(ActionList).focus()

    def sync(self) -> None:
        game = self.game
        lst = self.query_one(ActionList)
        lst.reload(self.player)
        who = player_tag(game, self.player)
        who.append(f"  cash {money(game, game.st.players[self.player].cash)}", style="green")
        self.query_one("#who", Static).update(who)
        self._preview()
        self.refresh_bindings()

    def _preview(self) -> None:
        lst = self.query_one(ActionList)
        act = lst.current
        pv = self.query_one("#preview", Static)
        if act is None:
            pv.update(Text("Nothing to build, sell or mortgage now.", style="dim italic"))
        else:
            pv.update(preview(self.game, act))
        self.query_one("#confirm", Button).disabled = act is None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._preview()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_confirm()

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:
        if event.tab.id and event.tab.id.startswith("who-"):
            self.player = int(event.tab.id[4:])
            self.sync()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "confirm":
            self.action_confirm()
        else:
            self.action_close()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "confirm":
            return self.query_one(ActionList).current is not None if self.is_mounted else False
        return True

    def action_confirm(self) -> None:
        act = self.query_one(ActionList).current
        if act is None:
            return
        self.flow.play(act)
        pend = self.game.pending
        if self.game.over or pend.kind not in (A.ROLL, A.JAIL, A.END_TURN, A.DEBT, A.BUY):
            # The choice started something to decide (a building auction): close and let it.
            self.dismiss(None)
            return
        self.sync()

    def action_close(self) -> None:
        self.dismiss(None)
