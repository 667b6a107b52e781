"""The property manager (key ``m``): build, sell, mortgage and lift mortgages, by colour group,
with what each choice costs or raises shown before it is confirmed.

``ActionList`` is the list itself; the debt and buy dialogs reuse it to raise cash.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Label, OptionList, Static, Tab, Tabs
from textual.widgets.option_list import Option

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine import why
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.describe import action_words as describe_action
from monopoly_tui.engine.describe import building_words, level_words
from monopoly_tui.engine.preview import preview_plan
from monopoly_tui.ui.mechanics import first, screens_for
from monopoly_tui.ui.render import deed_spaces_line, money, player_tag
from monopoly_tui.ui.session import MANAGE_KINDS
from monopoly_tui.ui.style import RED, group_color

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.ui.answers import Table

RAISE_KINDS = frozenset({A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE})


def action_words(game: Game, action: Action) -> str:
    """What an at-any-time choice does, in words (the building it is about: the next level's
    on a build, the top one's on a sale): the one describer of decisions
    (``engine.describe.action_words``), starting a row."""
    words = describe_action(game, action)
    return words[:1].upper() + words[1:]


def action_lines(game: Game, action: Action) -> tuple[str, ...]:
    """``action_words`` in the lines a row too narrow for it shows: a move, where it comes
    from, then where it goes ('Move a House from Atlantic Avenue 2' / 'to Atlantic Avenue
    3'), so that the moves of one house to two places never read alike when the list cuts
    them ('… to Atla…' twice); any other choice on its one line (the preview says it whole)."""
    words = action_words(game, action)
    if action.kind == A.A_MOVE_BUILDING:
        to = f" to {game.spec.spaces[action.amount].name}"
        if words.endswith(to):
            return words[: -len(to)], to.lstrip()
    return (words,)


def action_effect(game: Game, action: Action) -> tuple[str, int]:
    """What an at-any-time choice does, in words, and the cash it moves (+ raises, - costs)
    as the engine plays it (``Game.preview``, on a copy: no rule here). Asking for a rent owed
    moves the claim's amount (the engine's own record of it), even when the payer must raise
    it first; a choice the engine refuses, or one that starts a decision before any cash
    moves (a building the bank is short of goes to auction), moves nothing now: 0."""
    words, delta, _ = _effect(game, action)
    return words, delta


def _effect(game: Game, action: Action) -> tuple[str, int, str]:
    """``action_effect``, and the kind of the decision the choice starts first ('' for
    none)."""
    words = action_words(game, action)
    if action.kind == A.A_COLLECT_RENT:
        return words, game.st.claims[action.target].amount, ""
    try:
        pv = game.preview(action)
    except IllegalAction:
        return words, 0, ""
    return words, pv.delta, pv.waits


def action_group(game: Game, action: Action) -> int:
    """The colour group an at-any-time choice is about (-1 for none)."""
    if action.kind == A.A_SELL_ALL:
        return action.target
    if action.kind == A.A_COLLECT_RENT:
        return -1
    if action.kind == A.A_MOVE_BUILDING:  # about a space, the version it leaves
        deed = game.spec.spaces[action.target].deed
        return game.spec.deeds[deed].group if deed >= 0 else -1
    if 0 <= action.target < len(game.spec.deeds):
        return game.spec.deeds[action.target].group
    return -1


def preview(game: Game, action: Action) -> Text:
    """The confirmation text: what the choice does, the cash before and after, and what the
    deed becomes (the engine plays the choice on a copy: ``Game.preview``)."""
    spec = game.spec
    text_ = action_words(game, action)
    try:
        pv = game.preview(action)
    except IllegalAction as e:
        return Text.assemble((text_, "bold"), "\n", (e.reason, "dim"))
    out = Text()
    out.append(text_, style="bold")
    out.append("\n")
    if pv.waits == A.AUCTION:
        out.append(f"goes to auction first: the {spec.vocab.bank} is short of it",
                   style="bold yellow")
    elif pv.delta >= 0:
        out.append(f"raises {money(game, pv.delta)}", style="bold green")
    else:
        out.append(f"costs {money(game, -pv.delta)}", style=f"bold {RED}")
    out.append(f"\ncash {money(game, pv.cash_before)} → {money(game, pv.cash_after)}")
    if pv.deed >= 0 and action.kind in (A.A_BUILD, A.A_SELL_BUILDING):
        d = spec.deeds[pv.deed]
        out.append(f"\n{d.name}: {level_words(game, pv.level_before)} → "
                   f"{level_words(game, pv.level_after)}")
    if pv.deed >= 0 and pv.rent_before >= 0 and pv.rent_after >= 0:
        where = f" on {spec.spaces[pv.space].name}" if pv.space >= 0 else ""
        out.append(f"\nrent{where} {money(game, pv.rent_before)} → "
                   f"{money(game, pv.rent_after)}")
    if action.kind == A.A_MORTGAGE:
        d = spec.deeds[action.target]
        out.append(f"\nno rent from {d.name} while under {spec.vocab.mortgage}; lifting it "
                   f"costs {money(game, P.unmortgage_cost(spec, d.index))}", style="dim")
    deed = spec.spaces[action.target].deed if action.kind == A.A_MOVE_BUILDING else (
        action.target if action.kind in DEED_KINDS else -1)
    if 0 <= deed < len(spec.deeds) and len(spec.deeds[deed].spaces) > 1:
        out.append("\nnow: ", style="dim")  # which version holds what
        out.append_text(deed_spaces_line(game, deed))
    return out


DEED_KINDS = frozenset({A.A_BUILD, A.A_SELL_BUILDING, A.A_MORTGAGE, A.A_UNMORTGAGE})
"""The manager's choices about one deed (``target``)."""


BUILD_EVENLY = "build_evenly"
"""The manager's one choice for a building on every lowest street of a group."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One row of the list: a choice (one action, or the builds of 'build evenly'), or a
    choice the engine refuses now with its reason."""

    key: tuple[str, int]
    """(kind, target): what the highlight follows when the list is drawn again."""
    group: int
    label: str
    delta: int
    actions: tuple[Action, ...] = ()
    reason: str = ""
    waits: str = ""
    """The decision the choice starts before any cash moves (an auction of a building the
    bank is short of), as the engine's preview says; '' for none."""
    lines: tuple[str, ...] = ()
    """The label broken where a row too narrow for it breaks it (``action_lines``); () for
    a label that stays on one line."""


def entry_key(game: Game, action: Action) -> tuple[str, int]:
    """What a row's highlight follows: its kind and deed; a move, its kind and both spaces."""
    if action.kind == A.A_MOVE_BUILDING:
        return action.kind, action.target * game.spec.size + action.amount
    return action.kind, action.target


def entry_rows(game: Game, player: int, kinds: frozenset[str],
               reasons: bool = False) -> list[Entry]:
    """The rows of a player's list, in order: by colour group, then rent claims, builds,
    'build evenly', sales, mortgages and lifts; with ``reasons``, the refused ones too."""
    acts = [a for a in game.legal_actions(player) if a.kind in kinds]
    rows: list[Entry] = []
    for a in acts:
        label, delta, waits = _effect(game, a)
        lines = action_lines(game, a)
        rows.append(Entry(entry_key(game, a), action_group(game, a), label, delta, (a,),
                          waits=waits, lines=lines if len(lines) > 1 else ()))
    if A.A_BUILD in kinds:
        groups = sorted({action_group(game, a) for a in acts if a.kind == A.A_BUILD})
        for g in groups:
            plan = why.build_evenly(game, player, g)
            if plan:
                cost = -preview_plan(game, plan).delta
                label = (f"Build evenly on {game.spec.groups[g].name}: "
                         f"{building_words(game, 'house', len(plan))}"
                         if game.st.buildings[plan[0].target] + 1 < P.hotel_level(game.spec)
                         else f"Build evenly on {game.spec.groups[g].name}: "
                         f"{building_words(game, 'hotel', len(plan))}")
                rows.append(Entry((BUILD_EVENLY, g), g, label, -cost, tuple(plan)))
    if reasons:
        for a, reason in why.refused(game, player, kinds):
            rows.append(Entry((a.kind, a.target), action_group(game, a),
                              action_words(game, a), 0, reason=reason))
    order = {k: i for i, k in enumerate(
        (A.A_COLLECT_RENT, A.A_BUILD, BUILD_EVENLY, A.A_MOVE_BUILDING, A.A_SELL_BUILDING,
         A.A_SELL_ALL, A.A_MORTGAGE, A.A_UNMORTGAGE))}
    rows.sort(key=lambda e: (e.group, order.get(e.key[0], 9), e.key[1]))
    return rows


def plan_preview(game: Game, entry: Entry) -> Text:
    """'Build evenly': each building, the total cost, the cash before and after."""
    cash = game.st.players[entry.actions[0].player].cash
    out = Text(entry.label, style="bold")
    for a in entry.actions:
        d = game.spec.deeds[a.target]
        out.append(f"\n  {d.name}: {level_words(game, game.st.buildings[a.target])} → "
                   f"{level_words(game, game.st.buildings[a.target] + 1)}")
    out.append(f"\ncosts {money(game, -entry.delta)}", style=f"bold {RED}")
    out.append(f"\ncash {money(game, cash)} → {money(game, cash + entry.delta)}")
    return out


class ActionList(OptionList):
    """At-any-time choices of one player, grouped by colour group, each with its cash effect.
    With ``reasons``, a choice the engine refuses now is listed too, dimmed, with why; the
    highlight stays on the same choice when the list is drawn again (after Enter)."""

    def __init__(self, game: Game, player: int, kinds: Iterable[str], reasons: bool = False,
                 **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.game = game
        self.player = player
        self.kinds = frozenset(kinds)
        self.reasons = reasons
        self.actions: list[Action] = []
        """The single choices listed (what the raise-cash lists play)."""
        self.entries: list[Entry] = []
        self._drawn_width = 0
        """The width the rows were last laid out for (a row too long for it breaks)."""

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._drawn_width and any(e.lines for e in self.entries):
            self.reload()

    def _room(self) -> int:
        """The columns a row has (0 before the list is laid out): its width less its border,
        padding and a scrollbar's columns, whether the scrollbar shows or not (a row's lines
        must not change as it comes and goes)."""
        if not self.size.width:
            return 0
        return max(0, self.content_size.width - self.styles.scrollbar_size_vertical)

    def reload(self, player: int | None = None) -> None:
        if player is not None and player != self.player:
            self.player = player
            self.highlighted = None
        game = self.game
        spec = game.spec
        was = self.current_entry
        highlighted = self.highlighted
        rows = entry_rows(game, self.player, self.kinds, self.reasons)
        room = self._room() or 10_000
        self._drawn_width = self.size.width
        self.clear_options()
        self.actions = []
        self.entries = []
        options: list[Option | None] = []
        group = -2
        for e in rows:
            g = e.group
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
            row = Text("  ")
            if e.reason:
                row.append(e.label)  # the list's colour for a choice not open now
                row.append(f"  ({e.reason})", style="italic")
            elif e.waits:
                row.append(e.label)
                then = first(m.then_words(game, e.waits) for m in screens_for(spec))
                row.append(f"  ({then or e.waits.replace('_', ' ') + ' first'})",
                           style="bold yellow")
            else:
                amount = (f"+{money(game, e.delta)}" if e.delta >= 0
                          else f"−{money(game, -e.delta)}")
                if e.lines and len(row) + len(e.label) + 2 + len(amount) > room:
                    row.append("\n    ".join(e.lines))
                else:
                    row.append(e.label)
                row.append("  ")
                row.append(amount, style="bold green" if e.delta >= 0 else "bold red")
            options.append(Option(row, id=f"act-{len(self.entries)}"))
            self.entries.append(e)
            if len(e.actions) == 1 and not e.reason:
                self.actions.append(e.actions[0])
        self.add_options(options)
        target = self._index_of(was) if was is not None else None
        if target is None and highlighted is not None and highlighted < self.option_count:
            target = highlighted
        if target is None or self.get_option_at_index(target).disabled:
            target = next((i for i in range(self.option_count)
                           if not self.get_option_at_index(i).disabled), None)
        self.highlighted = target

    def _index_of(self, was: Entry) -> int | None:
        """Where the same choice is now: the same kind on the same deed (taken or refused),
        else the same kind in the same group; never another kind of choice."""
        best = None
        for i in range(self.option_count):
            e = self.entry_at(i)
            if e is None:
                continue
            if e.key == was.key:
                return i
            if best is None and e.key[0] == was.key[0] and e.group == was.group:
                best = i
        return best

    def highlight_key(self, key: tuple[str, int]) -> None:
        """Highlight the row of the same choice (kind and deed), else the same kind in the
        same group, if there is one."""
        for i in range(self.option_count):
            e = self.entry_at(i)
            if e is not None and e.key == key:
                self.highlighted = i
                return
        was = next((e for e in self.entries if e.key[0] == key[0]), None)
        target = self._index_of(was) if was is not None else None
        if target is not None:
            self.highlighted = target

    def entry_at(self, index: int | None) -> Entry | None:
        if index is None or index >= self.option_count:
            return None
        opt = self.get_option_at_index(index)
        if opt.id is None or not opt.id.startswith("act-"):
            return None
        return self.entries[int(opt.id[4:])]

    def action_at(self, index: int | None) -> Action | None:
        """The single choice at a row (None for a heading, a refused choice or a plan)."""
        e = self.entry_at(index)
        if e is None or e.reason or len(e.actions) != 1:
            return None
        return e.actions[0]

    @property
    def current(self) -> Action | None:
        return self.action_at(self.highlighted)

    @property
    def current_entry(self) -> Entry | None:
        return self.entry_at(self.highlighted)


MANAGE_LIST_ROWS = 16
"""The rows of the manager's list (with its border) when the screen has them."""
MANAGE_FIXED_ROWS = 15
"""The manager's other rows: its border, title, tabs, whose cash, and buttons."""


class ManageScreen(ModalScreen[int | None]):
    """Build, sell and mortgage, by colour group; the cost or proceeds shown before confirming.

    A choice that starts something to decide (a building auction, a building to place on a
    version) closes it with the player whose properties it showed: the game opens it again for
    them once that is decided, so building several houses stays one visit to the manager."""

    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="close"),
        Binding("m", "close", "Close", show=False),
        # Enter applies the highlighted choice, and the footer says so; c does too, unshown
        # (the footer showed "c Confirm" though Enter already applied it)
        Binding("enter", "confirm", "Confirm", id="confirm", priority=True),
        Binding("c", "confirm", "Confirm", id="confirm_c", show=False),
    ]

    def __init__(self, table: Table, players: list[int], player: int,
                 at: tuple[str, int] | None = None) -> None:
        super().__init__(classes="decision")
        self.table = table
        self.players = players
        self.player = player
        self.at = at
        """The row to highlight first (the choice it closed for, when it comes back)."""
        self.left_at: tuple[str, int] | None = None
        """The row of the choice that closed it for a decision."""

    @property
    def game(self) -> Game:
        return self.table.session.game

    def compose(self) -> ComposeResult:
        game = self.game
        with Vertical(id="dialog", classes="wide"):
            yield Label("Manage properties", classes="title")
            if len(self.players) > 1:
                yield Tabs(*[Tab(Text(game.st.players[p].name), id=f"who-{p}")
                             for p in self.players],
                           active=f"who-{self.player}")
            yield Static(id="who")
            with Horizontal(classes="split"):
                yield ActionList(game, self.player, MANAGE_KINDS, reasons=True, id="actions")
                yield Static(id="preview", classes="preview")
            with Horizontal(classes="buttons"):
                yield Button("Confirm", id="confirm", variant="primary")
                yield Button("Close", id="close")
        yield Footer()

    def on_mount(self) -> None:
        self.sync()
        lst = self.query_one(ActionList)
        if self.at is not None:
            lst.highlight_key(self.at)
            self._preview()
        lst.focus()
        self._fit(self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._fit(event.size.height)

    def _fit(self, height: int) -> None:
        """The list and the preview give up rows on a short screen, so the dialog's buttons
        and its tabs of players stay on it (at 100×30 they were cut off below)."""
        rows = max(4, min(MANAGE_LIST_ROWS, int(height * 0.96) - MANAGE_FIXED_ROWS))
        for widget in (self.query_one(ActionList), self.query_one("#preview", Static)):
            widget.styles.max_height = rows

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
        entry = lst.current_entry
        pv = self.query_one("#preview", Static)
        if entry is None:
            pv.update(Text("Nothing to build, sell or mortgage now.", style="dim italic"))
        elif entry.reason:
            out = Text(entry.label, style="bold")
            out.append(f"\nnot now: {entry.reason}", style="yellow")
            pv.update(out)
        elif len(entry.actions) > 1:
            pv.update(plan_preview(self.game, entry))
        else:
            pv.update(preview(self.game, entry.actions[0]))
        self.query_one("#confirm", Button).disabled = entry is None or bool(entry.reason)

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
            if not self.is_mounted:
                return False
            lst = self.query_one(ActionList)
            if self.focused is not lst:  # Enter on a button presses the button
                return False
            entry = lst.current_entry
            return entry is not None and not entry.reason
        return True

    def action_confirm(self) -> None:
        entry = self.query_one(ActionList).current_entry
        if entry is None or entry.reason:
            return
        for act in entry.actions:
            if not self.table.answer(act):
                break
            pend = self.game.pending
            if self.game.over or pend.kind not in (A.ROLL, A.JAIL, A.END_TURN, A.DEBT, A.BUY,
                                                    A.BUY_OUT):
                # The choice started something to decide (a building auction, a version to
                # place on): close, let it be decided, and come back to the same row.
                self.left_at = entry.key
                self.dismiss(self.player)
                return
        self.sync()

    def action_close(self) -> None:
        self.dismiss(None)
