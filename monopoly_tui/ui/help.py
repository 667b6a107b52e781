"""Help (key ``?``) and the rules: the keys, a summary of the edition's rules in its own words
(with the variant and house rules of the game being played), and the edition's notes."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, Label, Markdown, Select, TabbedContent, TabPane

from monopoly_tui.engine.describe import claim_window_words
from monopoly_tui.engine.jail import rolls_out
from monopoly_tui.engine.spec import PROPERTY_KINDS
from monopoly_tui.ui.mechanics import called_words, screens_for
from monopoly_tui.ui.mechanics import first as first_of

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec
    from monopoly_tui.ui.session import Session

KEYS_MD = """\
| key | what it does |
|---|---|
| `r` / Enter | roll the dice, or confirm the default choice |
| `b` | buy the deed you landed on |
| `a` | send it to auction instead |
| digits, Enter | in an auction: type an amount and bid it |
| `+` | in an auction: raise by the smallest step (the buttons: bigger steps) |
| `d` | in an auction: pass (you may raise again while it is open) |
| `m` | manage properties: build, sell, mortgage, lift mortgages |
| `t` | propose a trade |
| `A` / `R` / `C` | a trade offer: accept, reject, counter-offer (shifted; taken once it is seen) |
| `e` | end your turn |
| `u` | undo your last decision (no dice, card or other player's choice since) |
| `c` | ask for rent you are owed (editions where the owner must ask) |
| `s` | save the game |
| `g` | statistics so far: net worth, rent by colour group, the landing heat map |
| `h` | hint: what the master computer player would choose at your decision, and why |
| arrows / click | pick a space to see its title deed (Esc: back to the last card) |
| PgUp / PgDn | scroll the log |
| `?` | this help |
| `ctrl+p` | command palette: save, load, rules, theme, quit |
| `ctrl+q` | quit (asks first during a game) |

The footer shows only the keys you can use at that moment. The mouse works too.

**On the board** each space shows its colour band (with ▮ per building, or the first letter of
the edition's word for a hotel), its short name (struck through when mortgaged), the owner's ●
and seat number (●2) in their colour, an **M** when mortgaged, and the numbered tokens of the
players standing there. In the player panels ▶ marks whose turn it is and ▷ another player
deciding now (a bid, a trade answer).
"""


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def rules_summary(spec: Spec, extras: list[str] | None = None) -> str:
    """The edition's rules, in its own words, from its rule switches and its mechanics (each
    mechanic's screens add words to a clause and clauses of their own: ``ui.mechanics``): no
    sentence here is true of one edition only unless that edition's data says it."""
    v, r = spec.vocab, spec.rules
    m = v.money
    d = spec.dice
    mechs = screens_for(spec)

    def added(clause: str) -> str:
        return "".join(mech.rules_clause(spec, clause) for mech in mechs)

    out = [f"## {spec.name}" + (f" ({spec.year})" if spec.year else ""), "", spec.description, ""]
    if extras:
        out += ["**This game:** " + ", ".join(extras), ""]
    faces = ", ".join(dict.fromkeys(d.labels))
    out.append(f"- **Players**: {spec.players_min} to {spec.players_max}; each starts with "
               f"{m(spec.starting_money)}.")
    dice = f"- **Dice**: {d.count} {'die' if d.count == 1 else 'dice'} (faces {faces})"
    counted = [f"{label} counts {value}" for label, value in zip(d.labels, d.values, strict=True)
               if not label.isdigit() or int(label) != value]
    if counted:
        dice += "; " + ", ".join(dict.fromkeys(counted))
    if d.doubles and d.count > 1:
        dice += "; doubles roll again"
        if r.doubles_to_jail:
            dice += f", and {r.doubles_to_jail} doubles in one turn send you to {v.jail}"
            dice += added("doubles_jail")
    out.append(dice + ".")
    first = {
        "highest_roll": "The highest roll goes first (ties roll again)",
        "coin_flip_chain": "Two players flip a coin; the winner flips against the next player, "
        "and so on: the last winner goes first",
    }.get(r.first_player, _cap(r.first_player.replace("_", " ")))
    first += added("who_starts")
    out.append(f"- **Who starts**: {first}.")
    if r.deal_deeds:
        paid = "paying the printed price" if r.dealt_deeds_paid else "free"
        out.append(f"- **Deal**: each player is dealt {r.deal_deeds} {v.deeds} at the start, "
                   f"{paid}.")
    salary = f"- **{v.go}**: collect {v.salary_of(r.salary)} each time you pass"
    salary += added("go")
    if r.salary_on_landing_back:
        salary += " or land on it (a card moving you back onto it too)"
    if r.go_landing_bonus:
        salary += f"; land right on it for {m(r.go_landing_bonus)} more"
    out.append(salary + ".")
    # what the edition's data has: deeds for sale, buildings, mortgages (D&D's locations are
    # secured, never bought, built on or mortgaged: its Rules tab said all three)
    sells = any(spec.spaces[dd.spaces[0]].kind in PROPERTY_KINDS for dd in spec.deeds
                if dd.spaces)
    builds = any(dd.house_cost for dd in spec.deeds)
    mortgages = any(dd.mortgage > 0 for dd in spec.deeds)
    buy = "- **Buying**: land on a deed no one owns and you may buy it at its price"
    if r.auctions:
        buy += (f"; if you don't, the {v.bank} auctions it to the highest bidder (you may "
                f"bid too; bids from {m(r.auction_min_bid)}; "
                + ("whoever passes is out)" if r.auction_pass_final else
                   "a player who passed may raise again; it ends when no one will raise)"))
    else:
        buy += f"; if you don't, it stays with the {v.bank}"
    if sells:
        out.append(buy + ".")
    # (no deed for sale: the charge a lander pays is the edition's own, D&D's tax)
    rent = f"- **{'Rent' if sells else _cap(v.tax)}**: the owner is paid automatically"
    if r.rent_collection == "owner_must_ask":
        rent = ("- **Rent**: the owner must ask for it before "
                + claim_window_words(r.rent_claim_window, "the one who landed"))
    elif any(o.overrides.get("rent_collection") == "owner_must_ask" for o in spec.options):
        rent += " (the rulebook has the owner ask for it: an option, below)"
    if sells:
        rent += "; a whole colour group doubles the rent of its unimproved streets"
    if r.set_rent_despite_mortgage and mortgages:
        rent += f" (even with one of them under {v.mortgage})"
    if mortgages:
        rent += f"; no rent on a deed under {v.mortgage}"
    rent += added("rent")
    out.append(rent + ".")
    if r.no_rent_in_jail:
        out.append(f"- **No rent from {v.jail}**: owners in {v.jail} collect no rent.")
    if not builds:
        pass
    elif r.even_building and r.building_scope == "group" and not r.build_on_own_turn \
            and r.auctions:
        out.append(
            f"- **Building**: {v.houses} go on whole colour groups you own with nothing under "
            f"{v.mortgage}, evenly; {r.houses_per_hotel} {v.houses} then a {v.hotel}. The "
            f"{v.bank} has {r.building_supply_houses} {v.houses} and "
            f"{r.building_supply_hotels} {v.hotels}; when there are too few for everyone who "
            f"wants one, they are auctioned. They sell back at {r.building_sell_percent}% of "
            "their cost."
        )
    else:
        when = " on your own turn" if r.build_on_own_turn else ""
        even = ", evenly" if r.even_building else ", split between its streets as you like"
        short = ("when there are too few for everyone who wants one, they are auctioned"
                 if r.auctions else "when they run out, none until some are sold back")
        stay = (f"; they stay with their street when it changes hands, and only its own are "
                f"sold before it goes under {v.mortgage}"
                if r.building_scope == "street" else "")
        out.append(
            f"- **Building**: {v.houses} go{when} on whole colour groups you own with nothing "
            f"under {v.mortgage}{even}; {r.houses_per_hotel} {v.houses} on a street then a "
            f"{v.hotel}{stay}. The {v.bank} has {r.building_supply_houses} {v.houses} and "
            f"{r.building_supply_hotels} {v.hotels}; {short}. They sell back at "
            f"{r.building_sell_percent}% of their cost."
        )
    if mortgages:
        out.append(
            f"- **{_cap(v.mortgage)}s**: the {v.bank} lends a deed's {v.mortgage} value; "
            f"lifting it costs that plus {r.mortgage_interest_percent}% interest. A deed "
            f"received under {v.mortgage} in a trade is lifted at once or kept (paying the "
            "interest now)."
        )
    if r.trade_any_time:
        out.append(f"- **Trades**: at any time (`t`), even while a decision waits (a roll just "
                   f"seen, say): {v.deeds}, {v.currency}, {v.get_out_of_jail_free} cards and "
                   f"the cards you keep ({v.item}s).")
    jail = f"- **{v.jail}**: pay {m(r.jail_fine)}"
    if r.jail_fine_turns and rolls_out(r):
        jail += (f" before rolling on one of your first {r.jail_fine_turns} turns there")
    if not (r.jail_roll_for_doubles or r.jail_leave_on_face):  # no roll gets you out
        jail += f" at the start of your next turn or use a {v.get_out_of_jail_free} card, " \
            "then roll and move"
    else:
        jail += f", use a {v.get_out_of_jail_free} card"
    if r.jail_roll_for_doubles:
        tries = 1 if r.jail_exit_next_turn else r.jail_max_turns
        jail += (f", or roll for doubles (up to {tries} "
                 f"{'try' if tries == 1 else 'tries'}; after the last failed one you pay and "
                 "move)")
    elif r.jail_leave_on_face:  # one die: a face frees you (D&D's 6)
        then = "then roll again and move" if r.jail_last_try == "pay_and_roll_again" else \
            "move by that roll"
        jail += (f", or roll for a {r.jail_leave_on_face} (up to {r.jail_max_turns} "
                 f"{'try' if r.jail_max_turns == 1 else 'tries'}; after the last failed one "
                 f"you pay, {then})")
    jail += added("jail")
    out.append(jail + ".")
    taxes = [s for s in spec.spaces if s.kind == "tax"]
    if taxes:
        # each tax once, with how many spaces charge it (Longest Game Ever's three of each
        # were listed three times)
        counts: dict[str, int] = {}
        for t in taxes:
            if t.tax_percent and not r.income_tax_flat:
                part = (f"{t.name}: {m(t.tax_amount)} or {t.tax_percent}% of your total worth, "
                        "chosen before counting")
            else:
                part = f"{t.name}: {m(t.tax_amount)}"
            counts[part] = counts.get(part, 0) + 1
        parts = [p if n == 1 else f"{p} ({n} spaces)" for p, n in counts.items()]
        line = "- **Taxes**: " + "; ".join(parts)
        line += added("taxes")
        out.append(line + ".")
    if r.free_parking_jackpot:
        parking = next((s.name for s in spec.spaces if s.kind == "free_parking"), "Free Parking")
        pot = ("taxes, card fees and the " + v.jail + " fine" if r.jail_fine_to_pot else
               f"taxes and card fees (not the {v.jail} fine)")
        line = f"- **{parking} jackpot**: {pot} go to a pot; landing on {parking} takes it"
        if r.free_parking_seed:
            line += (f"; the {v.bank} puts {m(r.free_parking_seed)} in it at the start and "
                     "again each time it is taken")
        out.append(line + ".")
    for mech in mechs:
        out += mech.rules_section(spec)
    own_end = first_of(mech.end_clause(spec) for mech in mechs)
    end = own_end or {
        "last_standing": "the last player not bankrupt wins",
        "first_bankruptcy": "the game ends at the first bankruptcy; the richest player wins "
        "(cash, deeds at their price, half for those under " + v.mortgage + ", buildings at "
        "cost)",
    }.get(r.end, r.end.replace("_", " "))
    richest = called_words(spec)
    if r.turn_limit:
        end += f"; after {r.turn_limit} rounds {richest}"
    if r.time_call:
        end += f"; at the hour the players agreed (at the start of the next turn) {richest}"
    if r.end == "one_owner" and own_end is None:
        end = f"only when one player owns every {v.deed} (under {v.mortgage} or not): they win"
        if r.turn_limit:
            end += f"; after {r.turn_limit} rounds the richest player wins"
    end += added("end")
    out.append(f"- **The end**: {end}.")
    if any(mech.replaces_bankruptcy(spec) for mech in mechs):
        pass  # (its own clause says what happens instead: close to death)
    elif r.bankrupt_stays_in:
        out.append("- **Bankruptcy**: only when even selling every building and mortgaging "
                   "every deed would not pay; the cash, the deeds (under "
                   f"{v.mortgage}) and the cards go to the creditor (or the deeds back to the "
                   f"{v.bank}, free of {v.mortgage}), and you stay in the game with nothing.")
    else:
        out.append("- **Bankruptcy**: only when even selling every building and mortgaging "
                   "every deed would not pay; everything goes to the creditor (or back to the "
                   f"{v.bank}, which auctions the deeds).")
    if spec.variants:
        out += ["", "### Variants", ""]
        for var in spec.variants:
            out.append(f"- **{var.name}**: {var.description}")
    if spec.options:  # the rulebook's own rules a table may choose (owners must ask for rent)
        out += ["", "### As the rulebook prints it (chosen at setup)", ""]
        for opt in spec.options:
            out.append(f"- **{opt.name}**: {opt.description}")
    from monopoly_tui.engine.house_rules import house_rules_for

    out += ["", "### House rules (all off unless chosen)", ""]
    for name, desc in house_rules_for(spec, richest).values():
        out.append(f"- **{name}**: {desc}")
    return "\n".join(out)


def edition_notes(edition_id: str) -> str:
    """The ruleset's notes (sources and designed values), as a Markdown list."""
    try:
        from monopoly_tui.rules.loader import load_edition

        notes = load_edition(edition_id).notes
    except Exception as e:  # a broken user ruleset: say so
        return f"The notes could not be read: {e}"
    if not notes:
        return "This edition has no notes."
    return "\n".join(f"- {n}" for n in notes)


class HelpScreen(ModalScreen[None]):
    """Keys, the rules and the edition's notes. Without a game, an edition can be picked."""

    CSS_PATH = "help.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="close"),
        Binding("question_mark", "close", "Close", show=False, key_display="?"),
        # The page scrolls by keyboard (the focus sits on the tabs, which take only left and
        # right: the rules below the window were out of reach without a mouse).
        Binding("down", "scroll(1)", "Scroll", key_display="↑↓", id="scroll"),
        # the tabs change by ← and →, and the footer says so (it did not)
        Binding("right", "tab(1)", "Tab", key_display="←→", id="tabs", priority=True),
        Binding("left", "tab(-1)", "Tab", show=False, priority=True),
        Binding("up", "scroll(-1)", "Scroll", show=False),
        Binding("pagedown", "scroll(0, 1)", "Page", show=False),
        Binding("pageup", "scroll(0, -1)", "Page", show=False),
        Binding("home", "scroll_edge(0)", "Top", show=False),
        Binding("end", "scroll_edge(1)", "End", show=False),
    ]

    def __init__(self, edition: str | None = None, session: Session | None = None,
                 tab: str = "keys") -> None:
        super().__init__()
        self.edition = edition
        self.session = session
        self.tab = tab

    def compose(self) -> ComposeResult:
        with Vertical(id="help"):
            with Horizontal(id="help-head"):
                yield Label("Help and rules", classes="title")
                if self.session is None:
                    from monopoly_tui.rules.loader import list_editions

                    editions = list_editions()
                    ids = [e.id for e in editions]
                    if self.edition not in ids:
                        self.edition = ids[0] if ids else None
                    yield Select(
                        [(Text(e.name + (f" ({e.year})" if e.year else "")), e.id)
                         for e in editions],
                        value=self.edition if self.edition else Select.BLANK,
                        id="edition",
                        allow_blank=not editions,
                        prompt="edition",
                    )
            with TabbedContent(initial=self.tab):
                with TabPane("Keys", id="keys"):
                    yield Markdown(KEYS_MD)
                with TabPane("Rules", id="rules"):
                    yield Markdown("", id="rules-md")
                with TabPane("Edition notes", id="notes"):
                    yield Markdown("", id="notes-md")
        yield Footer()

    def on_mount(self) -> None:
        self.show_edition()

    def show_edition(self) -> None:
        if self.session is not None:
            spec = self.session.spec
            extras = self.session.options_summary()
            edition = self.session.edition
        elif self.edition:
            from monopoly_tui.rules import load_spec

            try:
                spec = load_spec(self.edition)
            except Exception as e:
                self.query_one("#rules-md", Markdown).update(f"Cannot read this edition: {e}")
                return
            extras = []
            edition = self.edition
        else:
            return
        self.query_one("#rules-md", Markdown).update(rules_summary(spec, extras))
        self.query_one("#notes-md", Markdown).update(edition_notes(edition))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.BLANK and event.value != self.edition:
            self.edition = str(event.value)
            self.show_edition()

    def _page(self) -> Widget:
        """The tab shown now: its pane scrolls."""
        tabs = self.query_one(TabbedContent)
        return tabs.get_pane(tabs.active)

    def action_tab(self, step: int) -> None:
        """The next tab to the right (``step`` 1) or the left (-1), round the ends."""
        tabs = self.query_one(TabbedContent)
        ids = [pane.id for pane in tabs.query(TabPane) if pane.id]
        if tabs.active in ids:
            tabs.active = ids[(ids.index(tabs.active) + step) % len(ids)]

    def action_scroll(self, lines: int, pages: int = 0) -> None:
        pane = self._page()
        if pages:
            pane.scroll_relative(y=pages * max(1, pane.scrollable_content_region.height - 1),
                                 animate=False)
        else:
            pane.scroll_relative(y=lines, animate=False)

    def action_scroll_edge(self, end: int) -> None:
        pane = self._page()
        if end:
            pane.scroll_end(animate=False)
        else:
            pane.scroll_home(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
