"""Trades: the builder (key ``t``) and the partner's review on the same kind of screen.

The builder puts together a ``TradeOffer`` (deeds, cash, Get Out of Jail Free cards and the
cards a mechanic lets players keep, such as Dungeons & Dragons Item cards, both ways) and
shows the engine's ``trade_problem`` for it as it changes; it can only be proposed
when the engine would take it. The partner reviews it and accepts, rejects or makes a
counter-offer: the builder opens over the offer the other way round, filled in with the same
deal, and the offer stays open until the counter-offer is proposed (the engine's ``A_COUNTER``
answer turns it down then); Esc in the builder goes back to the offer, still to be answered.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Label, Select, SelectionList, Static
from textual.widgets.selection_list import Selection

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.anytime import kept_cards
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.ui import answers
from monopoly_tui.ui.decisions import DecisionScreen
from monopoly_tui.ui.render import Parts, deed_line, kept_line, money, offer_sides, player_tag
from monopoly_tui.ui.toggles import TickList

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.ui.answers import Table


def reversed_offer(offer: TradeOffer) -> TradeOffer:
    """The same deal proposed by the other side (the start of a counter-offer)."""
    return TradeOffer(
        proposer=offer.partner,
        partner=offer.proposer,
        give_deeds=offer.take_deeds,
        take_deeds=offer.give_deeds,
        give_cash=offer.take_cash,
        take_cash=offer.give_cash,
        give_cards=offer.take_cards,
        take_cards=offer.give_cards,
        give_kept=offer.take_kept,
        take_kept=offer.give_kept,
    )


def offer_view(game: Game, offer: TradeOffer) -> Group:
    """Both sides of an offer, side by side in words."""
    from monopoly_tui.ui.render import PlainTable

    gives, takes = offer_sides(game, offer)
    table = PlainTable.grid(expand=True, padding=(0, 2))
    table.add_column(ratio=1)
    table.add_column(ratio=1)
    left = player_tag(game, offer.proposer)
    left.append(" gives", style="bold")
    right = player_tag(game, offer.partner)
    right.append(" gives", style="bold")
    table.add_row(left, right)
    for i in range(max(len(gives), len(takes))):
        table.add_row(gives[i] if i < len(gives) else "", takes[i] if i < len(takes) else "")
    return Group(table)


class TradeScreen(ModalScreen[None]):
    """Build a trade offer and propose it; or (``counter``) build the partner's counter-offer
    to the offer they are answering: from them to its proposer only, proposed as their answer
    (``A_COUNTER``), and Esc goes back to the offer."""

    CSS_PATH = "decisions.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="cancel"),
        Binding("ctrl+s", "propose", "Propose", id="propose"),
    ]

    def __init__(self, table: Table, offer: TradeOffer, counter: bool = False) -> None:
        super().__init__(classes="decision")
        self.table = table
        self.offer = offer
        self.counter = counter
        self._syncing = False
        self._kept: dict[str, list[tuple[int, int]]] = {"give": [], "take": []}
        """The cards each side keeps (Item cards), listed after its deeds: an entry's value
        in the list is ``-1 - i`` for the ``i``-th of them (a deed's is its index)."""

    @property
    def game(self) -> Game:
        return self.table.session.game

    def compose(self) -> ComposeResult:
        game = self.game
        st = game.st
        if self.counter:
            proposers = [self.offer.proposer]
        else:
            proposers = self.table.session.trade_players() or [self.offer.proposer]
        if self.offer.proposer not in proposers:
            self.offer = replace(self.offer, proposer=proposers[0])
        partners = self._partners(self.offer.proposer)
        with Vertical(id="dialog", classes="wide trade"):
            if self.counter:
                yield Label(Text(f"Counter-offer to {st.players[self.offer.partner].name}'s "
                                 "trade"), classes="title")
            else:
                yield Label("Trade", classes="title")
            with Horizontal(classes="who"):
                yield Label("From")
                yield Select(
                    [(Text(st.players[p].name), p) for p in proposers],
                    value=self.offer.proposer,
                    allow_blank=False,
                    id="proposer",
                    disabled=self.counter,
                )
                yield Label("with")
                # Only the other players: no blank entry to pick.
                yield Select(
                    [(Text(st.players[q].name), q) for q in partners],
                    value=self.offer.partner if self.offer.partner in partners
                    else partners[0],
                    allow_blank=False,
                    id="partner",
                    disabled=self.counter,
                )
            with Horizontal(classes="sides"):
                for side in ("give", "take"):
                    with Vertical(classes="side", id=f"side-{side}"):
                        yield Static(id=f"{side}-title", classes="side-title")
                        yield TickList(id=f"{side}-deeds")
                        with Horizontal(classes="amounts"):
                            yield Label("cash")
                            yield Input("0", id=f"{side}-cash", type="integer")
                            yield Label("cards", id=f"{side}-cards-label")
                            yield Input("0", id=f"{side}-cards", type="integer")
            yield Static(id="problem")
            with Horizontal(classes="buttons"):
                yield Button(Text("Propose [ctrl+s]"), id="propose", variant="primary")
                yield Button(Text("Back to the offer [esc]" if self.counter else "Cancel [esc]"),
                             id="cancel")
        yield Footer()

    def on_mount(self) -> None:
        self._fill(self.offer)

    SUMMARY_ROWS = 10
    """The most rows the offer's summary under the lists takes, on a tall screen."""
    OTHER_ROWS = 27
    """The rows the rest of the dialog needs with lists of a few rows each (the screen's
    margin, the title, the players, the lists with their amounts, the buttons)."""

    def on_resize(self, event: events.Resize) -> None:
        """On a short screen (100x30) the summary of what each side gives is cut to the rows
        left over: a long one hid the lists of deeds and the cash fields."""
        rows = max(2, min(self.SUMMARY_ROWS, event.size.height - self.OTHER_ROWS))
        self.query_one("#problem", Static).styles.max_height = rows

    # ------------------------------------------------------------------ filling

    def _partners(self, proposer: int) -> list[int]:
        """Who ``proposer`` may trade with here: the other players still in; a counter-offer
        goes only to the offer's proposer."""
        st = self.game.st
        if self.counter:
            return [self.offer.partner]
        return [q for q, pl in enumerate(st.players) if q != proposer and not pl.bankrupt]

    def _fill(self, offer: TradeOffer) -> None:
        """Show an offer: who, the deeds each side may trade, the amounts."""
        self._syncing = True
        game = self.game
        st = game.st
        partners = self._partners(offer.proposer)
        partner = offer.partner if offer.partner in partners else partners[0]
        sel: Select[int] = self.query_one("#partner", Select)
        options = [(Text(st.players[q].name), q) for q in partners]
        if [v for _, v in sel._options] != partners:
            sel.set_options(options)
        sel.value = partner
        self.offer = replace(offer, partner=partner)
        for side, who, chosen, cash, cards, kept in (
            ("give", offer.proposer, offer.give_deeds, offer.give_cash, offer.give_cards,
             offer.give_kept),
            ("take", partner, offer.take_deeds, offer.take_cash, offer.take_cards,
             offer.take_kept),
        ):
            title = player_tag(game, who)
            title.append(" gives", style="bold")
            # the amount whole on a line ('cash 1,775 Gold' / 'Dragons')
            held = Text(f"cash {money(game, st.players[who].cash)}", style="dim")
            self.query_one(f"#{side}-title", Static).update(Parts([title, held], sep="   "))
            lst: SelectionList[int] = self.query_one(f"#{side}-deeds", SelectionList)
            lst.clear_options()
            items = []
            for d in game.spec.deeds:
                if st.owner[d.index] != who:
                    continue
                built = P.group_has_buildings(game.spec, st, d.group)
                prompt = deed_line(game, d.index)
                if built:
                    prompt.append(f"  (sell the group's {game.spec.vocab.houses} first)",
                                  style="italic")
                items.append(Selection(prompt, d.index, d.index in chosen, disabled=built))
            # the cards the side keeps ("any other Magic & Mystery cards you were keeping")
            self._kept[side] = kept_cards(game, who)
            for i, card in enumerate(self._kept[side]):
                items.append(Selection(kept_line(game, card), -1 - i, card in kept))
            lst.add_options(items)
            self.query_one(f"#{side}-cash", Input).value = str(cash)
            n_cards = len(st.players[who].cards)
            cards_in = self.query_one(f"#{side}-cards", Input)
            cards_in.value = str(cards)
            cards_in.display = n_cards > 0
            self.query_one(f"#{side}-cards-label", Label).display = n_cards > 0
        self._syncing = False
        self._check()

    def _read(self) -> TradeOffer:
        def num(widget_id: str) -> int:
            try:
                return max(0, int(self.query_one(widget_id, Input).value or 0))
            except ValueError:
                return -1

        give: SelectionList[int] = self.query_one("#give-deeds", SelectionList)
        take: SelectionList[int] = self.query_one("#take-deeds", SelectionList)

        def kept(side: str, values: list[int]) -> tuple[tuple[int, int], ...]:
            cards = self._kept[side]
            return tuple(cards[-1 - v] for v in sorted(values, reverse=True)
                         if v < 0 and -1 - v < len(cards))

        return TradeOffer(
            proposer=self.offer.proposer,
            partner=self.offer.partner,
            give_deeds=tuple(sorted(v for v in give.selected if v >= 0)),
            take_deeds=tuple(sorted(v for v in take.selected if v >= 0)),
            give_cash=num("#give-cash"),
            take_cash=num("#take-cash"),
            give_cards=num("#give-cards"),
            take_cards=num("#take-cards"),
            give_kept=kept("give", give.selected),
            take_kept=kept("take", take.selected),
        )

    def _check(self) -> str:
        """Show what the engine says of the offer as it stands; '' when it would take it."""
        if self._syncing:
            return "busy"
        offer = self._read()
        self.offer = offer
        why = self.game.trade_problem(offer)
        box = self.query_one("#problem", Static)
        if why:
            box.update(Text(f"Cannot propose yet: {why}", style="yellow"))
        else:
            box.update(offer_view(self.game, offer))
        self.query_one("#propose", Button).disabled = bool(why)
        self.refresh_bindings()
        return why

    # ------------------------------------------------------------------ events

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another 'from' player or partner: the builder shows that pair. A Select reports an
        empty value (``Select.NULL``) while its options are replaced, and the values it went
        through while the builder refilled it arrive late: only its value now counts."""
        value = event.value
        if self._syncing or not isinstance(value, int) or value != event.select.value:
            return
        if event.select.id == "proposer":
            proposer = value
            if proposer != self.offer.proposer:
                partners = self._partners(proposer)
                partner = self.offer.partner if self.offer.partner in partners else partners[0]
                self._fill(TradeOffer(proposer, partner))
        elif event.select.id == "partner":
            partner = value
            if partner != self.offer.partner:
                self._fill(TradeOffer(self.offer.proposer, partner,
                                      give_deeds=self.offer.give_deeds,
                                      give_cash=self.offer.give_cash,
                                      give_cards=self.offer.give_cards,
                                      give_kept=self.offer.give_kept))

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        self._check()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._check()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "propose":
            self.action_propose()
        else:
            self.action_cancel()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "propose" and self.is_mounted:
            return not self.game.trade_problem(self.offer)
        return True

    def action_propose(self) -> None:
        """Propose the offer built (a counter-offer: as the answer to the offer countered);
        the engine judges it, and the builder stays open when it is refused."""
        if self._check():
            return
        offer = self.offer
        kind = A.A_COUNTER if self.counter else A.A_PROPOSE
        if self.table.answer(Action(kind, offer.proposer, trade=offer)):
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CounterOfferScreen(TradeScreen):
    """The builder for a counter-offer (``TradeScreen`` with ``counter``): Esc reads "back to
    the offer", which it is (the offer is still to be answered), not "no"."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back to the offer", id="cancel"),
    ]

    def __init__(self, table: Table, offer: TradeOffer) -> None:
        super().__init__(table, offer, counter=True)


class TradeReview(DecisionScreen):
    """The partner of a trade accepts, rejects or makes a counter-offer."""

    kind = A.TRADE
    # An offer comes when its partner may be pressing keys meant for another screen (a
    # computer's offer arrives as a human's turn comes round, while they press r or Enter to
    # roll): its answers take shifted keys no other screen uses, and no button has the focus,
    # so Enter and Space do not answer it either (Tab reaches the buttons).
    AUTO_FOCUS = "#offer-box"
    KEY_GUARD = True  # and no key pressed before it is seen, nor in the moment after, counts
    _offer_shown: TradeOffer | None = None
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("A", "choose('accept_trade')", "Accept", id="accept"),
        Binding("R", "choose('reject_trade')", "Reject", id="reject"),
        Binding("C", "counter", "Counter-offer", id="counter"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="wide"):
            yield Static(id="head", classes="title")
            # a long offer scrolls (arrow keys once Tab is on it) and the buttons stay
            with VerticalScroll(id="offer-box"):
                yield Static(id="offer")
            yield Static(id="problem")
            with Horizontal(classes="buttons"):
                yield Button(Text("Accept [A]"), id="accept_trade", variant="success")
                yield Button(Text("Reject [R]"), id="reject_trade", variant="error")
                yield Button(Text("Counter-offer [C]"), id="counter", variant="primary")
        yield Footer()

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        game = self.game
        offer: TradeOffer = pend.context["offer"]
        if self._offer_shown is not None and offer != self._offer_shown:
            self.guard_keys()  # another offer in the same dialog: seen before it is answered
        self._offer_shown = offer
        head = Text()
        head.append_text(player_tag(game, offer.partner))
        head.append(f", {game.st.players[offer.proposer].name} offers you a trade",
                    style="bold")
        self.query_one("#head", Static).update(head)
        self.query_one("#offer", Static).update(offer_view(game, offer))
        why = game.trade_problem(offer)
        self.query_one("#problem", Static).update(
            Text(f"This trade can no longer be made: {why}", style="yellow") if why else "")
        if not self.mine():
            self.query_one("#problem", Static).update(
                Text("Waiting for the computer's answer…", style="italic"))
        self.set_button("accept_trade", A.A_ACCEPT)
        self.set_button("reject_trade", A.A_REJECT)
        self.query_one("#counter", Button).disabled = not self.may_counter()

    def may_counter(self) -> bool:
        """A human answers the offer now and the engine takes a counter-offer as the answer
        (``context["counter"]``)."""
        return self.mine() and bool(self.pend.context.get("counter"))
        self.call_after_refresh(self._fit_offer)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#offer-box").styles.max_height = None
        self.call_after_refresh(self._fit_offer)

    def _fit_offer(self) -> None:
        """At 100x30 an offer of many deeds gives up rows, and scrolls, so that Accept, Reject
        and Counter-offer stay on the dialog (an offer of every deed pushed them off)."""
        if not self.is_mounted:
            return
        dialog = self.query_one("#dialog")
        box = self.query_one("#offer-box")
        over = dialog.virtual_size.height - dialog.content_size.height
        if over > 0 and box.outer_size.height > 3:
            box.styles.max_height = max(3, box.outer_size.height - over)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            return self.choice(str(parameters[0])) is not None
        if action == "counter":
            return self.may_counter()
        return super().check_action(action, parameters)

    def action_choose(self, kind: str) -> None:
        self.take(kind)

    def action_counter(self) -> None:
        """Open the builder for a counter-offer, the same deal the other way round to start
        from; nothing is answered yet (the offer waits until the counter-offer is proposed)."""
        if not self.may_counter():
            return
        offer: TradeOffer = self.pend.context["offer"]
        self.table.answer(answers.counter(reversed_offer(offer)))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "counter":
            self.action_counter()
        else:
            self.take(event.button.id or "")
