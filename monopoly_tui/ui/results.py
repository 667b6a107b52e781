"""The end of the game: the ranking, how it ended, net worth, statistics and a landing heat map
(the board again, each space coloured by how often it was landed on), with the charts of how
the game went in its centre (``charts.StatsPanel``: net worth over the game, rent by colour
group)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.box import Box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from monopoly_tui.engine import property as P
from monopoly_tui.engine.counts import round_number, turn_number
from monopoly_tui.engine.describe import end_reason_words
from monopoly_tui.engine.spec import PROPERTY_KINDS
from monopoly_tui.engine.state import (
    RANKED_BY_CASH,
    RANKED_BY_DEEDS,
    RANKED_BY_LASTING,
    RANKED_BY_WORTH,
)
from monopoly_tui.ui.board import Board
from monopoly_tui.ui.charts import StatsPanel, bind_sections
from monopoly_tui.ui.mechanics import first, screens_for
from monopoly_tui.ui.render import PlainTable, money, player_tag, rent_word
from monopoly_tui.ui.session import Session
from monopoly_tui.ui.style import RED, heat_color

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game

_STANDING = (RANKED_BY_WORTH, RANKED_BY_CASH, RANKED_BY_DEEDS)
"""The ranking's columns of where each player stands at the end: net worth, cash, the deeds
held; the one the ranking was decided by first (``GameState.ranked_by``)."""
_OVER_THE_GAME = ("in", "out")
"""The headings of what each player was paid and paid out, after the edition's word for it
(``render.rent_word``: 'rent in', D&D's 'tax in')."""
"""The columns of what happened over the game (after the deeds bought; then the buildings
built)."""


def bought_heading(game: Game) -> str:
    """The heading of the deeds each player took from the bank over the game: 'bought' where
    deeds are bought, and the word of each mechanic's way of taking one ('secured': a D&D
    location is secured, never bought)."""
    spec = game.spec
    words = ["bought"] if any(spec.spaces[d.spaces[0]].kind in PROPERTY_KINDS
                              for d in spec.deeds) else []
    for m in game.mechanics:
        words += [w for w in m.acquisitions(spec).values() if w not in words]
    return " or ".join(words) or "bought"


HEAD_RULE = Box("    \n    \n ─  \n    \n    \n    \n    \n    \n")
"""A line under each column's heading, broken between columns: a heading wider than its
amounts ("Outposts built") reads as the heading of the column its line is over, never of
its neighbour's ("bought")."""


def standing_heading(game: Game, key: str) -> str:
    """The heading of one of the standing columns (``_STANDING``), in the edition's words."""
    if key == RANKED_BY_DEEDS:
        return f"{game.spec.vocab.deeds} held"
    return "net worth" if key == RANKED_BY_WORTH else "cash"


def standing_columns(game: Game) -> list[str]:
    """The standing columns in order: the one the ending ranked the players by first."""
    by = game.st.ranked_by
    return sorted(_STANDING, key=lambda key: key != by)


def ranking_note(session: Session) -> Text:
    """What the ranking is by (the ending's own measure, ``GameState.ranked_by``: the richest
    by net worth when a game is called, the most gold in D&D) and which columns count the end
    and which the whole game (the deeds held now beside those taken over the game, which
    differ when deeds changed hands), in the edition's words."""
    game = session.game
    spec, st = game.spec, game.st
    by = st.ranked_by
    if by == RANKED_BY_LASTING:
        how = "Ranked by how long each lasted: the last out highest"
    elif by in _STANDING:
        how = f"Ranked by {standing_heading(game, by)}, which decided the winner"
    else:
        how = "Ranked as the game ended"
    over = [bought_heading(game), f"{rent_word(spec)} in and out"]
    if any(d.house_cost for d in spec.deeds):
        over.append(f"{spec.vocab.houses} built")
    parts = [how, f"{spec.vocab.deeds} held at the end; {', '.join(over)} over the whole game"]
    if len(spec.vocab.money(1000)) > len("1,000") + 2:
        parts.append(f"Amounts in {spec.vocab.currency}")
    return Text(". ".join(part[:1].upper() + part[1:] for part in parts) + ".", style="dim")


def ranking_table(session: Session, columns: str = "all") -> Table:
    """The players in their final order. ``columns``: "all" (where each stands and what they
    did over the game), "standing" (net worth, cash, deeds) or "over the game" (deeds bought,
    rent in and out, buildings built where the edition has buildings) — the two halves of
    "all" for a narrow screen; "over the game" halved again: "rent" and "taken" (the deeds
    bought and the buildings built)."""
    game = session.game
    spec, st = game.spec, game.st
    stats = session.stats
    # A long money format ("1,500 Gold Dragons") in five columns does not fit beside the heat
    # map: the amounts were cut to "6,9… Gold Dra…". Then the table shows bare amounts and says
    # the money's name once, below it.
    long_money = len(spec.vocab.money(1000)) > len("1,000") + 2

    def cash(amount: int) -> str:
        return f"{amount:,}" if long_money else money(game, amount)

    standing = columns in ("all", "standing")
    rent = columns in ("all", "over the game", "rent")
    taken = columns in ("all", "over the game", "taken")
    headings: list[str] = []
    order = standing_columns(game)
    if standing:
        headings += [standing_heading(game, key) for key in order]
    builds = any(d.house_cost for d in spec.deeds)  # an edition with buildings to build
    if taken:
        headings.append(bought_heading(game))
    if rent:
        headings += [f"{rent_word(spec)} {way}" for way in _OVER_THE_GAME]
    if taken and builds:
        headings.append(f"{spec.vocab.houses} built")  # not standing at the end
    # (the amounts' currency, what the ranking is by: ``ranking_note``, below the tables)
    table = PlainTable(expand=True, header_style="bold", box=HEAD_RULE, show_edge=False,
                       padding=(0, 0, 0, 1))
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("player")  # "bankrupt" may go under the name: amounts need the room
    for heading in headings:
        # a word to a line: a heading is never cut inside a word ("Villag…"); an amount is
        # never wrapped
        table.add_column(Text("\n".join(heading.split())), justify="right", no_wrap=True)
    for place, p in enumerate(st.ranking or range(len(st.players)), start=1):
        pl = st.players[p]
        tag = player_tag(game, p)
        if pl.bankrupt:
            tag.append("  bankrupt", style=RED)
        cells: list[str] = []
        if standing:
            values = {RANKED_BY_WORTH: "—" if pl.bankrupt else cash(P.valuation(spec, st, p)),
                      RANKED_BY_CASH: cash(pl.cash),
                      RANKED_BY_DEEDS: str(sum(1 for o in st.owner if o == p))}
            cells += [values[key] for key in order]
        if taken:
            cells.append(str(stats.bought[p]) if stats else "")
        if rent:
            cells += [cash(stats.rent_received[p]) if stats else "",
                      cash(stats.rent_paid[p]) if stats else ""]
        if taken and builds:
            cells.append(str(stats.built[p]) if stats else "")
        table.add_row(str(place), tag, *cells)
    return table


class Ranking:
    """The ranking as wide as it is given: one table where every amount fits whole, else two
    (where each player stands, then what each did over the game), so no amount is ever cut
    short ("$7,…") on a narrow screen."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        def fits(table: Table) -> bool:
            table.expand = False  # measured at its narrowest, not at the width it would fill
            narrowest = Measurement.get(console, options.update_width(1000), table).minimum
            table.expand = True
            return narrowest <= options.max_width

        note = ranking_note(self.session)
        whole = ranking_table(self.session)
        if fits(whole):
            yield whole
            yield note
            return
        yield ranking_table(self.session, "standing")
        over = ranking_table(self.session, "over the game")
        # still too wide (100x30 with the deeds bought and NFL's 'seating sections built'):
        # the rent apart from the deeds and buildings
        parts = [over] if fits(over) else [ranking_table(self.session, "rent"),
                                           ranking_table(self.session, "taken")]
        for part in parts:
            yield Text("")
            yield part
        yield note


def how_it_ended(session: Session) -> Text:
    game = session.game
    st = game.st
    out = Text()
    if 0 <= st.winner < len(st.players):
        out.append_text(player_tag(game, st.winner, token=True))
        out.append(" wins", style="bold")
    how = end_reason_words(game.spec, st.end_reason, st.ranked_by)
    how = first(m.end_words(game, st.end_reason) for m in screens_for(game.spec)) or how
    if how:
        out.append(f" as {how}.")
    rounds, turns = round_number(game), turn_number(game)  # as the game's header counted them
    out.append(f"\n{rounds} round{'s' if rounds != 1 else ''} · {turns} turn"
               f"{'s' if turns != 1 else ''} · {st.decisions} decisions", style="dim")
    extras = session.options_summary()
    if extras:
        out.append("\n" + " · ".join(extras), style="dim")
    return out


def hot_spaces(session: Session, n: int = 6) -> Text:
    game = session.game
    landings = game.st.landings
    most = max(landings) if landings else 0
    ranked = sorted(range(len(landings)), key=lambda i: (-landings[i], i))[:n]
    out = Text("Landed on most\n", style="bold")
    for i in ranked:
        bg = heat_color(landings[i] / most if most else 0)
        out.append("  ", style=f"on {bg}")
        out.append(f" {game.spec.spaces[i].name}: {landings[i]}\n")
    return out


class ResultsScreen(Screen[None]):
    CSS_PATH = "results.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game", id="new_game"),
        Binding("t", "title", "Title", id="title"),
        Binding("q", "quit", "Quit", id="quit_game"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.leaving = False
        """True once a choice was made: keys pressed after it (q then n) do nothing, so the
        app never opens a new screen while it quits."""
        bind_sections(self, session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("new_game", "title", "quit"):
            return not self.leaving
        return True

    def compose(self) -> ComposeResult:
        s = self.session
        with Horizontal(id="results"):
            # it scrolls: on a small screen the ranking in two tables, the most landed
            # spaces and the buttons do not all fit
            with VerticalScroll(id="summary"):
                yield Static(Text("Game over", style="bold"), id="over-title")
                yield Static(how_it_ended(s), id="ended")
                yield Static(Ranking(s), id="ranking")
                yield Static(hot_spaces(s), id="hot")
                with Horizontal(classes="buttons"):
                    yield Button(Text("New game [n]"), id="new_game", variant="primary")
                    yield Button(Text("Title [t]"), id="title")
                    yield Button(Text("Quit [q]"), id="quit_game", variant="error")
            yield Board(s.game, StatsPanel(s, so_far=False, id="heat-legend"), heat=True,
                        id="heatmap")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self.leaving:
            return
        if event.button.id == "new_game":
            self.action_new_game()
        elif event.button.id == "title":
            self.action_title()
        else:
            self.action_quit()

    def action_section(self, step: int) -> None:
        """Show another section of a long track on the heat map (``]``, ``[``)."""
        self.query_one("#heatmap", Board).show_other_section(step)

    def action_new_game(self) -> None:
        if self.leaving:
            return
        self.leaving = True
        self.app.call_later(self.app.action_new_game)  # type: ignore[attr-defined]

    def action_title(self) -> None:
        if self.leaving:
            return
        self.leaving = True
        self.app.call_later(self.app.action_to_title)  # type: ignore[attr-defined]

    def action_quit(self) -> None:
        if self.leaving:
            return
        self.leaving = True
        self.app.exit(0)
