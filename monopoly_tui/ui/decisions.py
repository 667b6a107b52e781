"""A modal for each kind of decision the engine asks a human for.

A ``DecisionScreen`` stays open while the game waits for its kind of decision: it shows whose
choice it is (a computer's turn in an auction shows "thinking"), offers exactly the choices
``game.pending`` lists (keys and buttons for the others are hidden or disabled), hands the pick
back as its answer (``ui.answers``: to the ``Table`` it was given, the game screen), and is
closed by the table when the engine moves on. No dialog here knows the game screen.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.button import ButtonVariant
from textual.widgets.option_list import Option

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import action_words, building_words, level_words, reason_text
from monopoly_tui.engine.jail import rolls_out
from monopoly_tui.ui import answers
from monopoly_tui.ui.answers import Table
from monopoly_tui.ui.footer import Footer
from monopoly_tui.ui.keys import after_keys
from monopoly_tui.ui.manage import RAISE_KINDS, ActionList
from monopoly_tui.ui.mechanics import first, screens_for
from monopoly_tui.ui.render import (
    Parts,
    Tail,
    card_text,
    deed_card,
    money,
    player_tag,
    rows_of,
)
from monopoly_tui.ui.style import RED
from monopoly_tui.ui.words import decision_words, jail_after_last, jail_tries, jail_way

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.ui.session import Session

def raise_steps(game: Game) -> tuple[int, ...]:
    """The auction's raise buttons, scaled to the edition's money: about 1/200, 1/20, 1/4 and
    1/2 of a middling deed's price, each rounded to 1, 2 or 5 times a power of ten, at least
    the smallest bid step, three at least (classic: 1, 10, 50, 100; Lord of the Rings, where
    deeds cost M1 to M9: 1, 2, 5)."""
    prices = sorted(d.price for d in game.spec.deeds) or [game.spec.starting_money // 10]
    middle = prices[len(prices) // 2]
    floor = max(1, game.spec.rules.auction_min_bid)

    def nice(x: float) -> int:
        n = 1
        while True:
            for k in (1, 2, 5):
                if n * k >= x:
                    return max(floor, n * k)
            n *= 10

    steps: list[int] = []
    for part in (200, 20, 4, 2):
        step = nice(middle / part)
        if step not in steps:
            steps.append(step)
    while len(steps) < 3:
        steps.append(nice(steps[-1] + 1))
    return tuple(steps)


KEY_GUARD_SECONDS = 0.4
"""How long a decision that comes unasked (``DecisionScreen.KEY_GUARD``) lets keys go by once
it is on the screen: a key pressed in that moment was meant for the screen before it (the
tests set it to 0, and their keys, pressed after the dialog is up, count at once)."""


class DecisionScreen(ModalScreen[None]):
    """The base of the decision modals (a mechanic's own, in ``ui/mechanics/``, too: the style
    sheet's path is absolute, so a subclass elsewhere finds it).

    A decision that can come while its player is pressing keys meant for another screen
    (``KEY_GUARD``: an offer that arrives as their turn comes round, while they press ``r``
    for the dice) takes no key pressed before it was mounted nor in the ``KEY_GUARD_SECONDS``
    after: the player sees it before a key answers it (``takes_key``)."""

    CSS_PATH = str(Path(__file__).with_name("decisions.tcss"))
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo", id="undo"),
        Binding("h", "hint", "Hint", id="hint"),
    ]
    kind: ClassVar[str] = ""
    KEY_GUARD: ClassVar[bool] = False
    """The decision can come unasked, while its player presses keys for another screen."""
    BUTTONS: ClassVar[tuple[tuple[str, str, ButtonVariant], ...]] = ()
    """A plain dialog's buttons: (label, the choice kind it takes, its variant)."""

    def compose(self) -> ComposeResult:
        """A plain dialog: a heading, a body and one button per choice."""
        with Vertical(id="dialog"):
            yield Static(id="head", classes="title")
            yield Static(id="body")
            with Horizontal(classes="buttons"):
                for label, kind, variant in self.BUTTONS:
                    yield Button(label, id=kind, variant=variant)
        yield Footer()

    def __init__(self, table: Table) -> None:
        super().__init__(classes="decision")
        self.table = table
        self._dismissed = False
        self._keys_from: float | None = None
        """When keys start to count (``KEY_GUARD``): its mount, plus the guard; None before
        its mount, when no key counts."""

    class KeysGuarded(Message):
        """The decision shows something new (another offer): keys count again only after
        ``KEY_GUARD_SECONDS`` from now (the message's stamp)."""

    @on(events.Mount)
    @on(KeysGuarded)
    def _guard_keys(self, event: Message) -> None:
        # (the events' own clock: a key's stamp says when it was read)
        self._keys_from = event.time + KEY_GUARD_SECONDS

    def guard_keys(self) -> None:
        """Let keys go by again for a moment: the decision shows something new to decide (a
        ``KEY_GUARD`` screen that stays open for the next offer)."""
        if self.KEY_GUARD and self.is_mounted:
            self._keys_from = None
            self.post_message(self.KeysGuarded())

    def takes_key(self, event: events.Key) -> bool:
        """Whether a key counts on this screen: always, unless the decision comes unasked
        (``KEY_GUARD``) and the key was pressed before it was on the screen or in the moment
        after (``KEY_GUARD_SECONDS``); such a key does nothing here."""
        if not self.KEY_GUARD:
            return True
        return self._keys_from is not None and event.time >= self._keys_from

    @property
    def session(self) -> Session:
        return self.table.session

    @property
    def game(self) -> Game:
        return self.table.session.game

    @property
    def pend(self) -> A.Pending:
        return self.game.pending

    def mine(self) -> bool:
        """A human decides now (and the game still waits for this kind of decision)."""
        pend = self.pend
        return pend.kind == self.kind and self.session.is_human(pend.player)

    def choice(self, kind: str) -> Action | None:
        """The pending choice of this kind, when a human may take it now."""
        if not self.mine():
            return None
        for c in self.pend.choices:
            if c.kind == kind:
                return c
        return None

    def take(self, kind: str, **changes: Any) -> None:
        act = self.choice(kind)
        if act is None:
            return
        if changes:
            from dataclasses import replace

            act = replace(act, **changes)
        self.table.answer(act)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A 'choose' key is shown only while its choice is offered to a human now; 'u' only
        while the last decision may be taken back."""
        if action == "choose":
            return self.choice(str(parameters[0])) is not None
        if action == "raise_cash":
            return self.raise_choice() is not None
        if action == "undo":
            return self.table.may_undo()
        if action == "hint":
            return self.mine()
        if action == "trade":  # (a dialog with a 't' key: where the rules let a trade in)
            return self.mine() and bool(self.session.trade_players())
        return True

    def action_trade(self) -> None:
        """Open the trade builder over this decision (the engine says when a trade may be
        proposed: "at any time" in some editions); the decision waits."""
        self.table.answer(answers.TRADE)

    def action_undo(self) -> None:
        """Take back the last decision (this dialog closes when the game goes back to another
        kind of decision)."""
        self.table.answer(answers.UNDO)

    def action_choose(self, kind: str) -> None:
        self.take(kind)

    def action_hint(self) -> None:
        """What the master computer player would choose here, and why (``ui.hint``)."""
        if not self.mine():
            return
        from monopoly_tui.ui.hint import hint_text

        self.notify(hint_text(self.session.game, self.pend.player), title="Hint", timeout=15)

    def raise_choice(self) -> Action | None:
        """The sale or mortgage highlighted in the focused raise-cash list (buy, debt)."""
        focused = self.focused
        if not isinstance(focused, ActionList) or not self.mine():
            return None
        act = focused.current
        return act if act is not None and act.player == self.pend.player else None

    def action_raise_cash(self) -> None:
        after_keys(self, self._raise_cash)

    def _raise_cash(self) -> None:
        act = self.raise_choice()
        if act is not None:
            self.table.answer(act)
            self.sync()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A button's id is the kind of the choice it takes."""
        self.take(event.button.id or "")

    def close(self) -> None:
        """Close once. The flow may look again before the close is reported back to it (when
        the game screen comes back on top first); a second dismiss would pop the game screen."""
        if self._dismissed:
            return
        self._dismissed = True
        self.dismiss(None)

    def on_mount(self) -> None:
        self._ready = True
        self.sync()

    def sync(self) -> None:
        """Show the state of the decision now (once the screen is up, and not once it is
        closing: a look of the flow that comes as the dialog is taken down finds its widgets
        gone, which crashed a loaded machine's buy dialog: no node '#raise')."""
        if not getattr(self, "_ready", False) or self._dismissed:
            return
        try:
            self.draw()
        except NoMatches:
            if self.is_attached and not self._dismissed:
                raise
            return
        self.refresh_bindings()
        if self.query("#raise"):
            self.call_after_refresh(self._fit_list)

    RAISE_ROWS = 16
    """The raise list's most rows (with its border) on a screen with room for it."""

    def on_resize(self, event: events.Resize) -> None:
        for lst in self.query("#raise").results(ActionList):
            lst.styles.max_height = self.RAISE_ROWS
            self.call_after_refresh(self._fit_list)

    def _fit_list(self) -> None:
        """On a short screen (100x30) a dialog's list of sales and mortgages to raise cash
        gives up rows so that the buttons under it stay on the dialog (a debt's Pay and Trade,
        Buy and Auction when short of the price, were cut off by a long list)."""
        if not self.is_mounted:
            return
        dialog = self.query_one("#dialog")
        for lst in self.query("#raise").results(ActionList):
            over = dialog.virtual_size.height - dialog.content_size.height
            if lst.display and over > 0 and lst.outer_size.height > 3:
                lst.styles.max_height = max(3, lst.outer_size.height - over)

    def draw(self) -> None:
        """Draw the decision from the game state (each modal its own)."""

    def set_button(self, button_id: str, kind: str, label: str | None = None) -> None:
        """Enable a button when its choice is offered now; hide it when it never is here."""
        btn = self.query_one(f"#{button_id}", Button)
        offered = self.choice(kind) is not None
        btn.disabled = not offered
        if label is not None:
            btn.label = Text(label)  # plain text: '[b]' is not markup

    def focus_default(self, *button_ids: str) -> None:
        """Enter takes the first of these buttons that is offered now (the default choice)."""
        for bid in button_ids:
            btn = self.query_one(f"#{bid}", Button)
            if btn.display and not btn.disabled:
                btn.focus()
                return

    def heading(self, text: str) -> Text:
        pend = self.pend
        out = Text()
        if 0 <= pend.player < len(self.game.st.players):
            out.append_text(player_tag(self.game, pend.player))
            out.append("  ")
        out.append(text, style="bold")
        return out


# ---------------------------------------------------------------- buy or auction


class BuyScreen(DecisionScreen):
    kind = A.BUY
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "choose('buy')", "Buy", id="buy"),
        Binding("a", "choose('auction')", "Auction", id="auction"),
        Binding("n", "choose('decline')", "Don't buy", id="decline"),
        Binding("m", "manage", "Raise cash", id="manage", show=False),
        # shown only where the rules let a buyer make deals first (``deals_while_buying``)
        Binding("t", "trade", "Trade", id="trade"),
        # priority: the focused list's own Enter would hide this one from the footer
        Binding("enter", "raise_cash", "Sell or mortgage", id="raise_cash", priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="head", classes="title")
            with Horizontal(classes="split"):
                yield Static(id="deed", classes="deed")
                with Vertical(classes="side"):
                    yield Static(id="body")
                    yield ActionList(self.game, self.pend.player, RAISE_KINDS, id="raise")
            with Horizontal(classes="buttons"):
                yield Button("Buy", id="buy", variant="success")
                yield Button("Auction", id="auction", variant="warning")
                yield Button("Don't buy", id="decline")
        yield Footer()

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        spec = game.spec
        deed = pend.context["deed"]
        price = pend.context["price"]
        cash = game.st.players[pend.player].cash
        d = spec.deeds[deed]
        at = game.st.players[pend.player].position
        space = at if at in d.spaces else d.spaces[0]
        self.query_one("#head", Static).update(self.heading(f"landed on {spec.spaces[space].name}"))
        self.query_one("#deed", Static).update(deed_card(game, deed, width=44, compact=True,
                                                         space=space))
        body = Text()
        body.append(f"Price {money(game, price)}", style="bold")
        if len(d.spaces) > 1:  # one title deed for several spaces: it buys them all
            names = ", ".join(spec.spaces[x].name for x in d.spaces)
            body.append(f"\nThe {spec.vocab.deed} is for all {len(d.spaces)}: {names}.",
                        style="dim")
        body.append(f"\nCash {money(game, cash)}")
        lst = self.query_one("#raise", ActionList)
        lst.reload(pend.player)
        short = cash < price
        lst.display = short and bool(lst.actions)
        if short:
            deal = ", or make a deal [t]" if self.check_action("trade", ()) else ""
            if lst.actions:
                body.append("\nNot enough cash: raise it below (sell or "
                            f"{spec.vocab.mortgage}{deal}), or ", style="yellow")
            elif deal:
                body.append("\nNot enough cash: make a deal [t], or ", style="yellow")
            else:
                body.append("\nNot enough cash, and nothing to sell: ", style="yellow")
            body.append("send it to auction." if spec.rules.auctions else "leave it.",
                        style="yellow")
        elif spec.rules.auctions:
            body.append("\nNot bought, it goes to auction (you may bid too).", style="dim")
        self.query_one("#body", Static).update(body)
        self.set_button("buy", A.A_BUY, f"Buy for {money(game, price)} [b]")
        if not short:
            self.query_one("#buy", Button).focus()  # Enter buys
        self.query_one("#auction", Button).display = spec.rules.auctions
        self.query_one("#decline", Button).display = not spec.rules.auctions
        self.set_button("auction", A.A_AUCTION, "Auction [a]")
        self.set_button("decline", A.A_DECLINE, "Don't buy [n]")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id in ("buy", "auction", "decline"):
            self.take(event.button.id)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        act = self.query_one("#raise", ActionList).action_at(event.option_index)
        if act is not None:
            self.table.answer(act)
            self.sync()

    def action_manage(self) -> None:
        self.query_one("#raise", ActionList).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "trade":  # the engine says whether a buyer may make deals now
            return self.mine() and bool(self.session.trade_players())
        return super().check_action(action, parameters)

    def action_trade(self) -> None:
        self.table.answer(answers.TRADE)


# ---------------------------------------------------------------- auction


class AmountInput(Input):
    """The auction's amount: its Enter bids, and the footer says so while typing."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "submit", "Bid the amount", id="bid_typed"),
    ]


class AuctionScreen(DecisionScreen):
    kind = A.AUCTION
    AUTO_FOCUS = ""  # the dialog's keys first: digits, Enter, + and d
    _prefilled: tuple[int, int, int] | None = None
    """The bidder's turn the amount field was last filled for."""
    _started = False
    """A digit has been typed since (the next ones follow it)."""
    BINDINGS: ClassVar[list[BindingType]] = [
        # Digits type the amount into the field (it starts on the next smallest bid) and
        # Enter bids it; a focused button takes its own Enter, the field its own (the same
        # bid). Not priority: Enter must come after the digits typed before it.
        Binding("enter", "bid_typed", "Bid the amount", id="bid_typed"),
        Binding("plus", "raise_by(0)", "Raise", key_display="+", id="raise"),
        Binding("d", "drop", "Pass", id="drop"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Static(id="head", classes="title")
            with Horizontal(classes="split"):
                yield Static(id="deed", classes="deed")
                with Vertical(classes="side"):
                    yield Static(id="high", classes="big")
                    yield Static(id="bidders")
                    yield Static(id="turn")
                    yield Static(id="recent", classes="recent")
            with Horizontal(classes="buttons"):
                yield AmountInput(placeholder="amount", id="amount", type="integer",
                                  select_on_focus=False)
                yield Button(Text("Bid [enter]"), id="bid", variant="primary")
                for i, k in enumerate(self.steps):
                    yield Button(Text(f"+{k}" + (" [+]" if i == 0 else "")), id=f"raise-{i}",
                                 classes="raise")
                yield Button(Text("Pass [d]"), id="drop", variant="error")
        yield Footer()

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        spec = game.spec
        ctx = pend.context
        deed = ctx["deed"]
        building = ctx.get("building") or ""
        what = spec.deeds[deed].name if deed >= 0 else building_words(game, building or "house")
        title = Text("Auction: ", style="bold")
        title.append(what, style="bold")
        if building:
            title.append(f"  (the {spec.vocab.bank} is short of "
                         f"{spec.vocab.hotels if building == 'hotel' else spec.vocab.houses})",
                         style="dim")
        self.query_one("#head", Static).update(title)
        deed_box = self.query_one("#deed", Static)
        deed_box.display = deed >= 0
        if deed >= 0:
            deed_box.update(deed_card(game, deed, width=44, compact=True))
        high = Text()
        if ctx["high_bidder"] >= 0:
            high.append("High bid ")
            high.append(money(game, ctx["high_bid"]), style="bold green")
            high.append("  by ")
            high.append_text(player_tag(game, ctx["high_bidder"]))
        else:
            high.append("No bids yet", style="bold")
            high.append(f"  (opening bid at least {money(game, ctx['min_bid'])})", style="dim")
        self.query_one("#high", Static).update(high)
        # each bidder whole on a line ('1' / 'Ann' and '▶' / '4  Player 4' were broken apart)
        parts = [Text("Still bidding:", style="dim")]
        passed = ctx.get("passed", [])
        for b in ctx["bidders"]:
            part = Text()
            if b == pend.player:
                part.append("▶", style="bold yellow")
            part.append_text(player_tag(game, b))
            if b in passed:
                part.append(" (passed)", style="dim")
            parts.append(part)
        self._bidders = Parts(parts, sep="  ")
        self._note = Text("A player who passed may still raise; the auction closes when "
                          "everyone else has passed after the last raise.", style="dim") \
            if passed else None
        self._show_side()
        turn = player_tag(game, pend.player)
        human = self.session.is_human(pend.player)
        if human:
            # the amount kept with its words ('or + to bid' / '$16' was broken apart)
            turn.append("'s bid ·", style="bold")
            how = [turn, Text("type an amount and Enter,", style="bold"),
                   Text(f"or + to bid {money(game, self.raise_amount(self.steps[0]))}",
                        style="bold")]
            self.query_one("#turn", Static).update(Group(
                Parts(how, sep=" "),
                Text(f"at least {money(game, ctx['min_bid'])}"
                     f" · at most {money(game, ctx['max_bid'])} (cash and what can be raised)",
                     style="dim")))
        else:
            turn.append(" (computer) is thinking…", style="italic")
            self.query_one("#turn", Static).update(turn)
        # not dim as well: the .recent box's muted colour is enough (both were 3.6:1)
        self._recent = tuple(Text(line) for line in self.session.log[-self.RECENT:])
        self._show_side()
        can_bid = self.choice(A.A_BID) is not None
        for i, k in enumerate(self.steps):
            btn = self.query_one(f"#raise-{i}", Button)
            btn.disabled = not can_bid or self.raise_amount(k) > ctx["max_bid"]
        field = self.query_one("#amount", Input)
        field.disabled = not can_bid
        self.query_one("#bid", Button).disabled = not can_bid
        self.query_one("#drop", Button).disabled = self.choice(A.A_DROP) is None
        turn_key = (pend.player, ctx["high_bid"], ctx["high_bidder"]) if can_bid else None
        if turn_key != self._prefilled:
            # A new bidder's turn: the field offers the next smallest bid, selected, so Enter
            # bids it and typing replaces it.
            self._prefilled = turn_key
            self._started = False
            if can_bid:
                field.value = str(self.raise_amount(self.steps[0]))
                self.set_focus(None)  # digits, Enter, + and d are the dialog's keys

        self.call_after_refresh(self._fit)

    RECENT = 4
    """The log's newest lines the dialog shows (as many of their rows as fit)."""
    _bidders: RenderableType = ""
    _note: Text | None = None
    """What passing means, while a bidder has passed."""
    _recent: tuple[Text, ...] = ()
    _fitted: tuple[bool, int | None] = (True, None)
    """What fits beside the title deed: the note on passing, and the rows of the recent
    lines (None: all of them)."""

    def _show_side(self) -> None:
        """The bidders (with the note on passing when it fits) and the recent lines."""
        note, rows = self._fitted
        self.query_one("#bidders", Static).update(
            Group(self._bidders, self._note) if note and self._note is not None
            else self._bidders)
        recent = self.query_one("#recent", Static)
        recent.display = rows is None or rows > 0
        recent.update(Tail(self._recent, rows))

    def on_resize(self, event: events.Resize) -> None:
        self._fitted = (True, None)
        self._show_side()
        self.call_after_refresh(self._fit)

    def _fit(self) -> None:
        """Keep the amount field and the buttons on the dialog: the recent lines of the log
        give up rows where the dialog is short of them (100x30 and a long log pushed the field
        and the buttons off the screen), the oldest first, then the note on passing; they take
        the room back beside a taller title deed or on a bigger screen."""
        if not self.is_mounted or self.pend.kind != self.kind:
            return
        dialog = self.query_one("#dialog")
        side = self.query_one(".side")
        bidders = self.query_one("#bidders", Static)
        recent = self.query_one("#recent", Static)
        # the dialog's most rows: its share of the screen above the footer
        docked = sum(w.outer_size.height for w in self.children
                     if w.display and w.styles.dock in ("top", "bottom"))
        area = Size(self.size.width, self.size.height - docked)
        most = dialog.styles.max_height
        top = min(area.height, int(most.resolve(area, self.app.size))) \
            if most is not None else area.height
        over = max(0, dialog.virtual_size.height - dialog.content_size.height)
        slack = top - dialog.outer_size.height - over  # < 0: the rows it is over by
        # the side column may grow to the split's height and the slack; the rows it holds
        # besides the bidders and the recent lines stay
        shown = bidders.content_size.height + (recent.content_size.height
                                               if recent.display else 0)
        room = (self.query_one(".split").outer_size.height + slack
                - (side.outer_size.height - shown))
        width = side.content_size.width
        room -= rows_of(self.app.console, self._bidders, width)
        note = self._note is None or room >= rows_of(self.app.console, self._note, width)
        if self._note is not None and note:
            room -= rows_of(self.app.console, self._note, width)
        wanted = rows_of(self.app.console, Tail(self._recent), width)
        fitted = (note, None if room >= wanted else max(0, room))
        if fitted != self._fitted:
            self._fitted = fitted
            self._show_side()

    @property
    def steps(self) -> tuple[int, ...]:
        """The raise buttons' steps (``raise_steps``)."""
        if not hasattr(self, "_steps"):
            self._steps = raise_steps(self.game)
        return self._steps

    def raise_amount(self, by: int) -> int:
        ctx = self.pend.context
        if self.pend.kind != self.kind:
            return 0
        return max(ctx["min_bid"], ctx["high_bid"] + by)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("raise_by", "drop") and self._typing():
            return False  # the field takes the keys as typing
        if action == "raise_by":
            if self.choice(A.A_BID) is None:
                return False
            amount = self.raise_amount(self.steps[int(str(parameters[0]))])
            return amount <= self.pend.context["max_bid"]
        if action == "drop":
            return self.choice(A.A_DROP) is not None
        if action == "bid_typed":
            # not while a button has the focus: Enter presses it
            return not isinstance(self.focused, Button) and self.choice(A.A_BID) is not None
        if action == "undo" and self._typing():
            return False
        return super().check_action(action, parameters)

    def on_key(self, event: Any) -> None:
        """A digit typed anywhere in the dialog starts the amount in the field."""
        char = getattr(event, "character", None)
        if char is None or not char.isdigit() or self._typing() or \
                self.choice(A.A_BID) is None:
            return
        field = self.query_one("#amount", Input)
        # The first digit replaces the offered amount; digits typed before the focus has
        # moved to the field (a fast typist, a paste) follow it.
        field.value = field.value + char if self._started else char
        self._started = True
        field.focus()
        field.cursor_position = len(field.value)
        event.stop()
        event.prevent_default()

    def _typing(self) -> bool:
        """The amount field has the focus."""
        focused = self.focused
        return focused is not None and focused.id == "amount"

    def action_bid_typed(self) -> None:
        self._typed()

    def bid(self, amount: int) -> None:
        act = self.choice(A.A_BID)
        if act is None:
            return
        ctx = self.pend.context
        if amount < ctx["min_bid"]:
            self.notify(f"The bid must be at least {money(self.game, ctx['min_bid'])}.",
                        severity="warning")
            return
        if amount > ctx["max_bid"]:
            self.notify(f"You cannot raise more than {money(self.game, ctx['max_bid'])}.",
                        severity="warning")
            return
        self.take(A.A_BID, amount=amount)

    def action_raise_by(self, step: int) -> None:
        """Bid the high bid plus the step (by its place among the buttons)."""
        self.bid(self.raise_amount(self.steps[int(step)]))

    def action_drop(self) -> None:
        self.take(A.A_DROP)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        if bid.startswith("raise-"):
            self.action_raise_by(int(bid[6:]))
        elif bid == "bid":
            self._typed()
        elif bid == "drop":
            self.action_drop()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self._typed()

    def _typed(self) -> None:
        field = self.query_one("#amount", Input)
        try:
            amount = int(field.value)
        except ValueError:
            self.notify("Type a whole amount to bid.", severity="warning")
            return
        self.bid(amount)


# ---------------------------------------------------------------- jail


class JailScreen(DecisionScreen):
    kind = A.JAIL
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "choose('pay_fine')", "Pay the fine", id="pay_fine"),
        Binding("c", "choose('use_card')", "Use a card", id="use_card"),
        Binding("r", "choose('roll')", "Roll for doubles", id="roll"),
        Binding("m", "manage", "Manage", id="manage"),
        Binding("t", "trade", "Trade", id="trade"),
    ]

    BUTTONS = (
        ("Pay the fine", "pay_fine", "warning"),
        ("Use a card", "use_card", "success"),
        ("Roll for doubles", "roll", "primary"),
    )

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        spec = game.spec
        v, r = spec.vocab, spec.rules
        pl = game.st.players[pend.player]
        self.query_one("#head", Static).update(self.heading(f"is in {v.jail}"))
        body = Text()
        if rolls_out(r):  # which try at the dice this is, of how many (a 6 in D&D)
            n, most = jail_tries(game, pend.player)
            way = jail_way(game)
            if most == 1:
                body.append(f"One try for {way}, this turn.\n")
            else:
                body.append(f"This roll is try {n} of {most} for {way}"
                            f"{' (the last)' if n == most else ''}.\n")
            frees = "Doubles free" if way == "doubles" else f"{way[:1].upper()}{way[1:]} frees"
            failed = "If it fails" if most == 1 else "After the last failed try"
            body.append(f"{frees} you and you move by that roll. {failed}, you "
                        f"{jail_after_last(game)}.\n", style="dim")
        body.append(f"Cash {money(game, pl.cash)}")
        if pl.cards:
            body.append(f" · {len(pl.cards)} {v.get_out_of_jail_free} card(s)")
        self.query_one("#body", Static).update(body)
        self.set_button("pay_fine", A.A_PAY_FINE, f"Pay {money(game, r.jail_fine)} [p]")
        self.set_button("use_card", A.A_USE_CARD, f"Use {v.get_out_of_jail_free} [c]")
        # the roll that frees a prisoner: doubles, or the face the rules name (D&D's 6)
        way = jail_way(game)
        roll_words = "Roll for doubles" if way == "doubles" else f"Roll {way}"
        rolling = self.choice(A.A_ROLL) is not None
        self.set_button("roll", A.A_ROLL, f"{roll_words} [r]")
        self.query_one("#use_card", Button).display = bool(pl.cards)
        # shown whenever the rules offer the roll (it was hidden where doubles free no one,
        # and the footer's 'Roll for doubles' was the only sign of D&D's roll for a 6)
        self.query_one("#roll", Button).display = rolling
        if rolling:  # the footer's words too (this dialog's own copy of its keys)
            self._bindings.key_to_bindings["r"] = [
                Binding("r", "choose('roll')", roll_words, id="roll")]
        self.focus_default("roll", "use_card", "pay_fine")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "manage":
            return self.mine() and bool(self.session.manage_players())
        if action == "trade":
            return self.mine() and bool(self.session.trade_players())
        return super().check_action(action, parameters)

    def action_manage(self) -> None:
        self.table.answer(answers.manage(self.pend.player))

    def action_trade(self) -> None:
        self.table.answer(answers.TRADE)


# ---------------------------------------------------------------- tax


class TaxScreen(DecisionScreen):
    kind = A.TAX
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f", "choose('tax_flat')", "Pay the flat amount", id="tax_flat"),
        Binding("p", "choose('tax_percent')", "Pay the percentage", id="tax_percent"),
    ]

    BUTTONS = (("Flat", "tax_flat", "primary"), ("Percent", "tax_percent", "primary"))

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        ctx = pend.context
        sp = game.spec.spaces[ctx["space"]]
        self.query_one("#head", Static).update(self.heading(f"landed on {sp.name}"))
        body = Text()
        body.append(f"Pay {money(game, ctx['amount'])}, or {ctx['percent']}% of your total "
                    "worth (cash, the printed price of every deed, mortgaged or not, and what "
                    "your buildings cost).\n")
        body.append("The rules say: choose before you count.", style="italic dim")
        self.query_one("#body", Static).update(body)
        self.set_button("tax_flat", A.A_TAX_FLAT, f"Pay {money(game, ctx['amount'])} [f]")
        self.set_button("tax_percent", A.A_TAX_PERCENT, f"Pay {ctx['percent']}% [p]")
        self.focus_default("tax_flat", "tax_percent")



# ---------------------------------------------------------------- debt


class DebtScreen(DecisionScreen):
    kind = A.DEBT
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pay", "Pay", id="pay"),
        Binding("t", "trade", "Trade", id="trade"),
        Binding("B", "bankrupt", "Declare bankruptcy", id="bankrupt"),
        # priority: the focused list's own Enter would hide this one from the footer
        Binding("enter", "raise_cash", "Sell or mortgage", id="raise_cash", priority=True),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Static(id="head", classes="title")
            yield Static(id="body")
            yield Label("", classes="hint", id="raise-hint")
            yield ActionList(self.game, self.pend.player, RAISE_KINDS, id="raise")
            with Horizontal(classes="buttons"):
                yield Button("Pay", id="pay", variant="success")
                yield Button(Text("Trade [t]"), id="trade")
                yield Button(Text("Declare bankruptcy [B]"), id="bankrupt", variant="error")
        yield Footer()

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        ctx = pend.context
        st = game.st
        to = st.players[ctx["creditor"]].name if ctx["creditor"] >= 0 else \
            f"the {game.spec.vocab.bank}"
        why = reason_text(game, ctx["reason"], ctx.get("target", -1))
        self.query_one("#head", Static).update(
            self.heading(f"owes {money(game, ctx['amount'])} to {to}"))
        cash = st.players[pend.player].cash
        body = Text()
        body.append(f"{why[:1].upper()}{why[1:]}.\n")
        body.append(f"Cash {money(game, cash)}", style="bold")
        short = ctx["amount"] - cash
        if short > 0:
            body.append(f" · short by {money(game, short)}", style=f"bold {RED}")
        body.append(f" · could still raise {money(game, ctx['raisable'])}", style="dim")
        if self.choice(A.A_BANKRUPT) is not None:
            body.append("\nEven selling everything would not pay this debt.", style=f"bold {RED}")
        self.query_one("#body", Static).update(body)
        lst = self.query_one("#raise", ActionList)
        lst.reload(pend.player)
        # nothing to sell or mortgage: said in words, and no empty list to Tab into
        v = game.spec.vocab
        empty = not lst.entries
        lst.display = not empty
        # the ways the edition has (D&D has no buildings and no mortgages: it said "Nothing
        # left to sell or mortgage")
        ways = [w for w, has in (("sell", any(d.house_cost for d in game.spec.deeds)),
                                 (v.mortgage, any(d.mortgage > 0 for d in game.spec.deeds)))
                if has]
        self.query_one("#raise-hint", Label).update(
            (f"Nothing left to {' or '.join(ways)}." if ways else
             f"Nothing is sold back to the {v.bank} in this edition: only a trade raises "
             f"{v.currency}.") if empty else
            f"Raise cash: every sale and {v.mortgage}, with what it raises (Enter to do it)")
        self.set_button("pay", A.A_PAY_DEBT, f"Pay {money(game, ctx['amount'])} [p]")
        bankrupt = self.query_one("#bankrupt", Button)
        bankrupt.display = self.choice(A.A_BANKRUPT) is not None
        if bankrupt.display:
            label = self.give_up_words()[0]
            bankrupt.label = Text(f"{label} [B]")
            # the footer's words too (this dialog's own copy of its keys)
            self._bindings.key_to_bindings["B"] = [
                Binding("B", "bankrupt", label, id="bankrupt")]
        self.query_one("#trade", Button).disabled = not (
            self.mine() and self.session.trade_players())
        if self.mine():
            # the list first, and the control the player moved to stays focused when the
            # dialog is drawn again (a sale made, a trade closed): Enter acts on it, as the
            # footer says, not on the list's next mortgage
            focused = self.focused
            if not empty and (focused is None or focused is lst):
                lst.focus()
            elif focused is None or focused is lst or not (focused.display and
                                                            focused.focusable):
                self.focus_default("pay", "trade", "bankrupt")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pay":
            return self.choice(A.A_PAY_DEBT) is not None
        if action == "bankrupt":
            return self.choice(A.A_BANKRUPT) is not None
        if action == "trade":
            return self.mine() and bool(self.session.trade_players())
        return super().check_action(action, parameters)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        act = self.query_one("#raise", ActionList).action_at(event.option_index)
        if act is not None and self.mine() and act.player == self.pend.player:
            self.table.answer(act)

    def action_pay(self) -> None:
        self.take(A.A_PAY_DEBT)

    def action_trade(self) -> None:
        self.table.answer(answers.TRADE)

    def action_bankrupt(self) -> None:
        if self.choice(A.A_BANKRUPT) is None:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.take(A.A_BANKRUPT)

        label, question = self.give_up_words()
        self.app.push_screen(ConfirmScreen(question, yes=label), answer)

    def give_up_words(self) -> tuple[str, str]:
        """The words of giving up on the debt: bankruptcy as printed, or what a mechanic makes
        of it (close to death: pay what you can and stay in the game)."""
        game = self.game
        ctx = self.pend.context
        to = game.st.players[ctx["creditor"]].name if ctx["creditor"] >= 0 else \
            f"the {game.spec.vocab.bank}"
        for m in screens_for(game.spec):
            words = m.give_up_words(game, self.pend.player, to)
            if words is not None:
                return words
        v = game.spec.vocab
        if game.spec.rules.bankrupt_stays_in:  # "players aren't out of the game when they go
            if ctx["creditor"] >= 0:            # bankrupt"
                what = (f"your cash, your {v.deeds} (under {v.mortgage}) and your "
                        f"{v.get_out_of_jail_free} cards go to {to}")
            else:
                what = (f"your {v.deeds} go back to the {v.bank}, free of {v.mortgage}, and "
                        f"your {v.get_out_of_jail_free} cards under their decks")
            return ("Declare bankruptcy",
                    f"Declare bankruptcy? {what[0].upper()}{what[1:]}; you stay in the game "
                    "with nothing.")
        return ("Declare bankruptcy",
                f"Declare bankruptcy? Everything you own goes to {to}, and you are out of the "
                "game.")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "pay":
            self.action_pay()
        elif event.button.id == "trade":
            self.action_trade()
        elif event.button.id == "bankrupt":
            self.action_bankrupt()


# ---------------------------------------------------------------- a mortgaged deed received


class TransferScreen(DecisionScreen):
    kind = A.MORTGAGED_TRANSFER
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("l", "choose('lift_mortgage')", "Lift it", id="lift"),
        Binding("k", "choose('keep_mortgage')", "Keep it", id="keep"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="head", classes="title")
            with Horizontal(classes="split"):
                yield Static(id="deed", classes="deed")
                yield Static(id="body", classes="side")
            with Horizontal(classes="buttons"):
                yield Button("Lift", id="lift_mortgage", variant="success")
                yield Button("Keep", id="keep_mortgage", variant="warning")
        yield Footer()

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        v = game.spec.vocab
        ctx = pend.context
        d = game.spec.deeds[ctx["deed"]]
        self.query_one("#head", Static).update(
            self.heading(f"received {d.name} under {v.mortgage}"))
        self.query_one("#deed", Static).update(deed_card(game, d.index, width=44, compact=True))
        body = Text()
        body.append(f"Lift the {v.mortgage} now for {money(game, ctx['lift_cost'])}", style="bold")
        if ctx["interest"]:
            body.append(f", or keep it under {v.mortgage} and pay "
                        f"{money(game, ctx['interest'])} interest now; lifting it later costs "
                        "the interest again.\n")
        else:
            body.append(f", or keep it under {v.mortgage} for nothing now (lift it later).\n")
        body.append(f"Cash {money(game, game.st.players[pend.player].cash)}")
        self.query_one("#body", Static).update(body)
        self.set_button("lift_mortgage", A.A_LIFT, f"Lift for {money(game, ctx['lift_cost'])} [l]")
        self.set_button("keep_mortgage", A.A_KEEP,
                        f"Keep, pay {money(game, ctx['interest'])} [k]" if ctx["interest"]
                        else "Keep [k]")
        self.focus_default("lift_mortgage", "keep_mortgage")



# ---------------------------------------------------------------- place a building


class PlaceScreen(DecisionScreen):
    kind = A.PLACE_BUILDING

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="head", classes="title")
            yield Label("Choose where it goes (Enter):", classes="hint")
            yield OptionList(id="spots")
        yield Footer()

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        what = building_words(game, pend.context.get("building") or "house")
        self.query_one("#head", Static).update(self.heading(f"won {what}: place it"))
        spots = self.query_one("#spots", OptionList)
        spots.clear_options()
        for c in pend.choices:
            d = game.spec.deeds[c.target]
            label = Text(d.name)
            label.append(f"  now {level_words(game, game.st.buildings[c.target])}", style="dim")
            spots.add_option(Option(label, id=f"deed-{c.target}"))
        spots.disabled = not self.mine()
        if spots.option_count:
            spots.highlighted = 0
        if self.mine():
            spots.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id and self.mine():
            self.take(A.A_PLACE, target=int(event.option.id[5:]))


# ---------------------------------------------------------------- anything else


def choice_label(game: Game, action: Action) -> str:
    """A choice in words, for decisions without a modal of their own (new mechanics): the
    mechanic's own label (``ui.mechanics``), else the one describer of decisions
    (``engine.describe.action_words``)."""
    spec = game.spec
    label = first(m.choice_label(game, action) for m in screens_for(spec))
    if label is not None:
        return label
    words = action_words(game, action)
    return words[:1].upper() + words[1:]


class ChoiceScreen(DecisionScreen):
    """Any decision without a modal of its own: its choices as a list (a mechanic's own list
    dialog keeps this shape and gives its own heading and body: ``head_text``, ``body``).
    Enter takes the highlighted choice, and the footer says so (it showed no key at all on a
    Portal)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the list's own Enter is not shown in the footer
        Binding("enter", "pick", "Choose", id="pick", priority=True),
        Binding("t", "trade", "Trade", id="trade"),  # shown only where a trade may be made
    ]

    def __init__(self, table: Table, kind: str | None = None) -> None:
        super().__init__(table)
        if kind is not None:
            self.kind = kind  # type: ignore[misc]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="head", classes="title")
            yield Static(id="body")
            yield OptionList(id="choices")
        yield Footer()

    def head_text(self, pend: A.Pending) -> str:
        """What the decision asks, for the heading."""
        return decision_words(self.game, pend)

    def body(self, pend: A.Pending) -> RenderableType:
        """What is shown above the choices: the mechanics' lines for all."""
        game = self.game
        lines = [line for m in screens_for(game.spec) for line in m.centre_lines(game)]
        return Group(*lines) if lines else ""

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        self.query_one("#head", Static).update(self.heading(self.head_text(pend)))
        self.query_one("#body", Static).update(self.body(pend))
        lst = self.query_one("#choices", OptionList)
        lst.clear_options()
        for i, c in enumerate(pend.choices):
            lst.add_option(Option(Text(choice_label(game, c)), id=f"c-{i}"))
        lst.disabled = not self.mine()
        if lst.option_count:
            lst.highlighted = 0
        if self.mine():
            lst.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._answer(event.option.id)

    def _answer(self, option_id: str) -> None:
        if self.mine():
            i = int(option_id[2:])
            choices = self.pend.choices
            if i < len(choices):
                self.table.answer(choices[i])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            return self.mine() and self.query_one("#choices", OptionList).option_count > 0
        return super().check_action(action, parameters)

    def action_pick(self) -> None:
        """The highlighted choice (Enter)."""
        lst = self.query_one("#choices", OptionList)
        if lst.highlighted is None:
            return
        option = lst.get_option_at_index(lst.highlighted)
        if option.id:
            self._answer(option.id)


# ---------------------------------------------------------------- cards, confirmations


class CardScreen(ModalScreen[None]):
    """The card a human drew."""

    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "OK", id="ok", priority=True),
        Binding("escape", "close", "OK", show=False),
        Binding("space", "close", "OK", show=False),
    ]

    def __init__(self, game: Game, player: int, deck: int, card: int) -> None:
        super().__init__(classes="decision")
        self.game = game
        self.player = player
        self.deck = deck
        self.card = card

    def compose(self) -> ComposeResult:
        game = self.game
        head = player_tag(game, self.player)
        head.append(f"  drew {game.spec.decks[self.deck].name}", style="bold")
        with Vertical(id="dialog", classes="card"):
            yield Static(head, classes="title")
            yield Static(card_text(game, self.deck, self.card), id="card")
            with Horizontal(classes="buttons"):
                yield Button(Text("OK [Enter]"), id="ok", variant="primary")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes-or-no question."""

    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", id="yes"),
        Binding("n", "answer(False)", "No", id="no"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__(classes="decision")
        self.question = question
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="confirm"):
            yield Static(Text(self.question), id="question")  # names inside: never markup
            with Horizontal(classes="buttons"):
                # plain text: as markup, '[y]' and '[n]' would vanish from the labels
                yield Button(Text(f"{self.yes} [y]"), id="yes", variant="error")
                yield Button(Text(f"{self.no} [n]"), id="no", variant="primary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(bool(yes))
