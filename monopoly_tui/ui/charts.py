"""Charts of how a game went: net worth over the game, rent earned by colour group, and the
landing heat map's scale; ``StatsPanel`` puts them together for the results screen and the
in-game statistics view (``StatsScreen``: the heat map on the board's own shape, the charts in
its centre).

The numbers come from ``monopoly_tui.stats`` (the engine's history and events); this module
only draws them, in the edition's colours (its groups', the players') and words (its group
names, its money). Colour is never the only sign: each player's line and bar is drawn with
that player's own mark (``player_mark``: ● ■ ▲ ◆ ...), named in the legend beside the seat
number, so the charts read in a monochrome terminal too (``NO_COLOR``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from monopoly_tui.engine.counts import round_number
from monopoly_tui.stats import GameStats, game_stats
from monopoly_tui.ui.board import HEAT_BARS, Board, section_word, sections
from monopoly_tui.ui.render import cap, player_tag, rent_word
from monopoly_tui.ui.style import group_color, heat_color, player_color

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game
    from monopoly_tui.ui.session import Session

PLAYER_MARKS = ("●", "■", "▲", "◆", "▼", "○", "□", "◇")
"""Each seat's mark in the charts, by seat (the legend names it)."""


def player_mark(p: int) -> str:
    return PLAYER_MARKS[p % len(PLAYER_MARKS)]


def nice_ceiling(value: float) -> int:
    """The smallest of 1, 2, 2.5 or 5 times a power of ten that is at least ``value`` (1 at
    least): a round step or top for a chart's scale."""
    step = 1
    while True:
        for m in (1, 2, 2.5, 5):
            top = m * step
            if top >= value and top == int(top):
                return int(top)
        step *= 10


def worth_scale(values: list[int], rows: int) -> tuple[int, int]:
    """(bottom, top) of the net worth chart: round numbers around the lowest and highest values,
    a whole number of round steps apart, so that the lines use the chart's height (every row is
    the same amount). Bankrupt players are at 0, which then is in the range; when everyone is
    worth the same (the start), the scale goes from 0."""
    lo, hi = min(values, default=0), max(values, default=0)
    if hi == lo:  # one level (the start): from 0
        return 0, nice_ceiling(hi) if hi > 0 else 1
    step = nice_ceiling(max(1, hi - lo) / 4)
    bottom = (lo // step) * step
    top = bottom + step * max(1, -(-(hi - bottom) // step))
    return bottom, top


def long_money(game: Game) -> bool:
    """Whether the edition writes money long ("1,000 Gold Dragons"): then the charts show bare
    amounts and name the currency once."""
    return len(game.spec.vocab.money(1000)) > len("1,000") + 2


def amount(game: Game, value: int) -> str:
    return f"{value:,}" if long_money(game) else game.spec.vocab.money(value)


class WorthChart:
    """Each player's net worth over the game: a line per player, in the player's colour and
    mark, on a round scale (``worth_scale``); from the start to now along the bottom, a column
    per player-turn or, when there are more turns than columns, evenly spaced turns. Drawn at
    the width it is given, ``height`` rows of plot."""

    def __init__(self, game: Game, stats: GameStats, height: int = 9) -> None:
        self.game = game
        self.stats = stats
        self.height = max(3, height)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(24, options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def lines(self, width: int) -> list[Text]:
        game, stats = self.game, self.stats
        points = stats.worth
        h = self.height
        bottom, top = worth_scale([w for point in points for w in point.worth], h)
        span = top - bottom
        mid = h // 2
        labels = {0: amount(game, top), h - 1: amount(game, bottom),
                  mid: amount(game, round(top - span * mid / (h - 1)))}
        label_w = max(len(s) for s in labels.values())
        plot_w = max(4, width - label_w - 2)
        n = len(points)
        players = len(stats.players)
        grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_w for _ in range(h)]
        if n:
            for p in reversed(range(players)):  # seat 1 drawn last: on top where lines meet
                color = player_color(p)
                mark = player_mark(p)
                last_row = -1
                for c in range(plot_w):
                    i = c * (n - 1) // (plot_w - 1) if n > 1 and plot_w > 1 else 0
                    value = points[i].worth[p]
                    row = h - 1 - round((value - bottom) * (h - 1) / span)
                    row = min(h - 1, max(0, row))
                    if last_row >= 0 and abs(row - last_row) > 1:
                        step = 1 if row > last_row else -1
                        for r in range(last_row + step, row, step):
                            if grid[r][c][0] == " ":
                                grid[r][c] = ("│", color)
                    grid[row][c] = (mark, f"bold {color}")
                    last_row = row
        out: list[Text] = []
        for r in range(h):
            line = Text(no_wrap=True, overflow="crop")
            line.append(labels.get(r, "").rjust(label_w), style="dim")
            line.append(" ┤" if r in labels else " │", style="dim")
            for ch, style in grid[r]:
                line.append(ch, style=style)
            out.append(line)
        axis = Text(" " * label_w + " └" + "─" * plot_w, style="dim", no_wrap=True)
        out.append(axis)
        if self.game.over:
            last = f"the end, round {round_number(self.game)}"  # as the results count it
        else:  # the round under way, as the title counts it ("round 9", not "after 8 rounds")
            last = f"now, round {round_number(self.game)}"
        foot = Text(" " * (label_w + 2) + "start", style="dim", no_wrap=True)
        gap = label_w + 2 + plot_w - len(foot) - len(last)
        if gap > 0 and len(points) > 1:
            foot.append(" " * gap + last)
        out.append(foot)
        out.extend(self.legend(width))
        return out

    def legend(self, width: int) -> list[Text]:
        """A line per player: mark, seat and name, net worth now."""
        game, stats = self.game, self.stats
        now = stats.worth[-1].worth if stats.worth else ()
        out = []
        for p in range(len(stats.players)):
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f"{player_mark(p)} ", style=f"bold {player_color(p)}")
            line.append_text(player_tag(game, p))
            if p < len(now):
                bankrupt = game.st.players[p].bankrupt
                line.append("  bankrupt" if bankrupt else f"  {amount(game, now[p])}",
                            style="dim" if bankrupt else "bold")
            out.append(line)
        return out


class RentChart:
    """Rent earned by colour group: a bar per group (its colour and name), split by who was
    paid, each player's part drawn with their mark in their colour; the group's total after."""

    def __init__(self, game: Game, stats: GameStats) -> None:
        self.game = game
        self.stats = stats

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(24, options.max_width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def lines(self, width: int) -> list[Text]:
        game, stats = self.game, self.stats
        spec = game.spec
        totals = [stats.rent_of_group(g.index) for g in spec.groups]
        most = max(totals, default=0)
        name_w = min(18, max((len(g.name) for g in spec.groups), default=4))
        money_w = max((len(amount(game, t)) for t in totals), default=1)
        bar_w = max(4, width - name_w - money_w - 5)
        out = []
        for g, total in zip(spec.groups, totals, strict=True):
            line = Text(no_wrap=True, overflow="crop")
            line.append("■ ", style=group_color(spec, g.index))
            name = g.name if len(g.name) <= name_w else g.name[: name_w - 1] + "…"
            line.append(name.ljust(name_w) + " ")
            used = 0
            if total and most:
                shares = stats.rent_by_group[g.index]
                length = max(sum(1 for x in shares if x), round(total * bar_w / most))
                for p, part in enumerate(bar_parts(shares, length)):
                    if part:
                        line.append(player_mark(p) * part, style=player_color(p))
                        used += part
            else:
                line.append("·", style="dim")
                used = 1
            line.append(" " * (bar_w - used + 1))
            line.append(amount(game, total).rjust(money_w), style="bold" if total else "dim")
            out.append(line)
        return out


def bar_parts(shares: list[int], length: int) -> list[int]:
    """Split a bar of ``length`` cells between ``shares`` in proportion (largest remainders),
    with at least one cell for every share above 0 (the bar is at least that long)."""
    total = sum(shares)
    if total <= 0 or length <= 0:
        return [0] * len(shares)
    exact = [x * length / total for x in shares]
    parts = [max(1, int(e)) if x else 0 for x, e in zip(shares, exact, strict=True)]
    order = sorted(range(len(shares)), key=lambda i: exact[i] - int(exact[i]), reverse=True)
    for i in order:
        if sum(parts) >= length:
            break
        if shares[i]:
            parts[i] += 1
    while sum(parts) > length:  # the ones-for-small-shares made it too long
        i = max(range(len(parts)), key=lambda k: parts[k])
        if parts[i] <= 1:
            break
        parts[i] -= 1
    return parts


def heat_scale() -> Text:
    scale = Text("fewest ")
    for k in range(10):
        scale.append("  ", style=f"on {heat_color(k / 9)}")
    scale.append(" most")
    return scale


def bind_sections(screen: Screen[Any], session: Session) -> None:
    """``]`` and ``[`` on a screen with a heat map of a long track shown a section at a time:
    the next and the previous section (each space's number is on the loop only)."""
    count = sections(session.spec.size)[0]
    if count > 1:
        word = section_word(count)
        screen._bindings.bind("right_square_bracket", "section(1)", f"Next {word}",
                              key_display="]")
        screen._bindings.bind("left_square_bracket", "section(-1)", f"Previous {word}",
                              show=False, key_display="[")


def chance_texts(game: Game) -> list[Text]:
    """Each player's chance to win from here, as the master computer player estimates it
    from sampled futures (``ui.hint.chance_lines``), the likeliest first."""
    from monopoly_tui.ui.hint import CHANCE_FUTURES, chance_lines

    rows = chance_lines(game)
    width = max((len(name) for name, _ in rows), default=0)
    out = [Text("Chance to win from here", style="bold"),
           Text(f"(the master's estimate from {CHANCE_FUTURES} sampled futures of the next "
                "rounds)", style="dim")]
    for name, chance in rows:
        bar = "█" * round(chance * 20)
        out.append(Text.assemble(f"{name:<{width}}  ", (f"{bar:<20}", "bold"),
                                 f" {chance:>4.0%}"))
    return out


def stats_renderable(session: Session, stats: GameStats, *, so_far: bool) -> Group:
    """The statistics panel's contents: the heat map's key, net worth, rent by group."""
    game = session.game
    spec = game.spec
    parts: list[Any] = []
    if so_far:
        parts.append(Text(f"Statistics so far · {spec.name} · round {round_number(game)}",
                          style="bold"))
    else:
        rounds = round_number(game)  # as the header and the results count them
        parts.append(Text(f"How the game went · {spec.name} · {rounds} "
                          f"round{'s' if rounds != 1 else ''}", style="bold"))
    if long_money(game):
        parts.append(Text(f"amounts in {spec.vocab.currency}", style="dim"))
    if not stats.complete:
        parts.append(Text(f"(the history replays for {stats.replayed} of "
                          f"{len(game.history)} decisions: the lines end with the game as it "
                          "is now)", style="dim italic"))
    if so_far and not game.over:
        parts += [Text(""), *chance_texts(game)]
    parts += [Text(""), Text("Landing heat map", style="bold"), heat_scale(),
              Text("The number at the top of each space is how often a token landed there.",
                   style="dim")]
    count = sections(spec.size)[0]
    if count > 1:  # the loop shows one section; the overview above it the whole track
        word = section_word(count)
        parts.append(Text(f"Above the board, the whole track: each space's bar rises with its "
                          f"count ({HEAT_BARS[1]} to {HEAT_BARS[-1]}); ] and [ show the "
                          f"next and the previous {word}.", style="dim"))
    parts += [Text(""), Text("Net worth", style="bold"), WorthChart(game, stats), Text(""),
              Text(f"{cap(rent_word(game.spec))} earned by colour group", style="bold"),
              RentChart(game, stats)]
    return Group(*parts)


class StatsPanel(VerticalScroll):
    """The charts, in a scrolling panel (the centre of the heat-map board)."""

    DEFAULT_CSS = """
    StatsPanel { padding: 0 1; scrollbar-size-vertical: 1; }
    StatsPanel > Static { width: 1fr; }
    """

    def __init__(self, session: Session, stats: GameStats | None = None, *, so_far: bool,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self.stats = stats if stats is not None else game_stats(session.game)
        self.so_far = so_far

    def compose(self) -> ComposeResult:
        yield Static(stats_renderable(self.session, self.stats, so_far=self.so_far),
                     id="charts")


class StatsScreen(Screen[None]):
    """During the game: the landing heat map on the board, the charts in its centre, so far.
    The game waits while it is open."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Back to the game", id="close"),
        Binding("g", "close", "Back to the game", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        bind_sections(self, session)

    def action_section(self, step: int) -> None:
        """Show another section of a long track on the heat map (``]``, ``[``)."""
        self.query_one(Board).show_other_section(step)

    def compose(self) -> ComposeResult:
        s = self.session
        yield Board(s.game, StatsPanel(s, so_far=True, id="stats-panel"), heat=True,
                    id="stats-board")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
