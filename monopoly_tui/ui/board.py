"""The board: a loop of spaces around a centre area, laid out from the track's length.

``loop_layout(n)`` puts ``n`` spaces on the edge of a near-square grid (11 per side for 40
spaces): space 0 in the bottom-right corner, then leftwards along the bottom, up the left side,
along the top and down the right side, as on the printed board. The centre area is whatever
widget the screen gives.

A track too long for one readable loop (more than ``LOOP_MAX`` spaces: Longest Game Ever's 96)
is cut into equal sections (``sections``: three thirds of 32 for 96). The loop then shows one
section, full size, the one the action is in (the current player's token, or the space the
cursor picked); above it ``TrackOverview`` draws the whole track, a line per section, with
every token on it, so every token is always findable. ``[`` and ``]`` show another section.

Each ``SpaceTile`` draws its space from the game state: the colour band with the buildings, the
short name (struck through when mortgaged), the owner's mark and the tokens standing on it. A
tile fits what room it has: 2 rows at the smallest terminal, 4 or 5 on a big one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.spec import CARDS, FREE_PARKING, GO, GO_TO_JAIL, JAIL, TAX
from monopoly_tui.ui.labels import board_labels, fit
from monopoly_tui.ui.mechanics import screens_for
from monopoly_tui.ui.style import RED, contrast_text, heat_color, player_color, space_color

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


@dataclass(frozen=True, slots=True)
class LoopLayout:
    cols: int
    rows: int
    cells: tuple[tuple[int, int], ...]
    """(column, row) of each space, by space index."""

    def at(self, col: int, row: int) -> int:
        """The space at a grid cell, or -1."""
        try:
            return self.cells.index((col, row))
        except ValueError:
            return -1

    def step(self, space: int, dx: int, dy: int) -> int:
        """The space reached from ``space`` by an arrow key: the next cell of the loop in that
        direction on screen; across the centre when the edge goes no further that way."""
        col, row = self.cells[space]
        c, r = col + dx, row + dy
        while 0 <= c < self.cols and 0 <= r < self.rows:
            s = self.at(c, r)
            if s >= 0:
                return s
            c, r = c + dx, r + dy
        return space


def loop_layout(n: int) -> LoopLayout:
    """Cells for ``n`` spaces around a grid of near-equal sides (at least 3 by 3)."""
    n = max(n, 8)
    half = -(-(n + 4) // 2)
    cols = max(3, -(-half // 2))
    rows = max(3, half - cols)
    loop: list[tuple[int, int]] = []
    for i in range(cols):  # bottom, right to left
        loop.append((cols - 1 - i, rows - 1))
    for j in range(1, rows):  # left side, bottom to top
        loop.append((0, rows - 1 - j))
    for i in range(1, cols):  # top, left to right
        loop.append((i, 0))
    for j in range(1, rows - 1):  # right side, top to bottom
        loop.append((cols - 1, j))
    return LoopLayout(cols, rows, tuple(loop[:n]))


LOOP_MAX = 48
"""The most spaces one loop shows readably (13 a side); a longer track is cut into sections."""


def sections(n: int) -> tuple[int, int]:
    """How a track of ``n`` spaces is shown: (how many sections, spaces per section). One loop
    up to ``LOOP_MAX`` spaces; beyond, sections of at most 40 (96 spaces: 3 of 32)."""
    if n <= LOOP_MAX:
        return 1, n
    count = -(-n // 40)
    return count, -(-n // count)


SECTION_WORDS = {2: "half", 3: "third", 4: "quarter"}


def section_word(count: int) -> str:
    """What one section of the track is called: 'third' for three."""
    return SECTION_WORDS.get(count, "part")



POT_STYLE = "bold #f0c040"


def pot_text(game: Game, space: int) -> str:
    """The Free Parking pot on a Free Parking space, when the rules keep one ('M500'); ''
    elsewhere."""
    spec = game.spec
    if not spec.rules.free_parking_jackpot or spec.spaces[space].kind != FREE_PARKING:
        return ""
    return spec.vocab.money(game.st.pot)


_KIND_MARK = {GO: "→", JAIL: "#", GO_TO_JAIL: "!", FREE_PARKING: "P", CARDS: "?", TAX: "$"}


def drawn_width(width: int) -> int:
    """The columns a tile draws in: all but the last, left blank, so that a name, a count or
    an owner's mark never runs into the next tile's (the tiles of a row touch); a tile too
    narrow to spare one draws in them all."""
    return width - 1 if width >= 5 else width


class SpaceTile(Widget):
    """One space of the loop."""

    DEFAULT_CSS = """
    SpaceTile { width: 1fr; height: 1fr; }
    """

    class Picked(Message):
        """A space was clicked."""

        def __init__(self, space: int) -> None:
            super().__init__()
            self.space = space

    def __init__(self, game: Game, space: int, *, heat: bool = False,
                 id: str | None = None) -> None:
        super().__init__(id=f"space-{space}" if id is None else id, classes="tile")
        self.game = game
        self.space = -1
        self.heat = heat
        self.cut_names = False
        """Names cut on one line where they stop fitting (a sectioned board's tiles)."""
        self.show(space)

    def show(self, space: int) -> None:
        """Show another space (a sectioned board's loop shows one section at a time); -1: an
        empty cell (the last section of a track that does not divide evenly)."""
        self.space = space
        if not 0 <= space < self.game.spec.size:
            self.space = -1
            self.set_class(True, "-blank")
            self.tooltip = None
            return
        self.set_class(False, "-blank")
        sp = self.game.spec.spaces[space]
        self.set_class(space % 2 == 0, "-even")
        self.set_class(space % 2 == 1, "-odd")
        self.set_class(sp.kind in (GO, JAIL, GO_TO_JAIL, FREE_PARKING), "-corner")
        self.tooltip = sp.name

    def label(self, width: int, lines: int, *, cut: bool = False) -> tuple[str, ...]:
        """The space's short name on ``lines`` lines of ``width``: cut so that no other space
        of the board, on a tile of that size, shows the same (``labels.board_labels``)."""
        names = tuple(sp.short for sp in self.game.spec.spaces)
        return board_labels(names, width, lines, cut)[self.space]

    def on_click(self) -> None:
        if self.space >= 0:
            self.post_message(self.Picked(self.space))

    def signature(self) -> tuple[object, ...]:
        """What the tile shows; it is redrawn only when this changes."""
        if self.space < 0:
            return (-1,)
        st = self.game.st
        sp = self.game.spec.spaces[self.space]
        deed = sp.deed
        tokens = tuple(
            (p, pl.in_jail) for p, pl in enumerate(st.players)
            if pl.position == self.space and not pl.bankrupt
        )
        if self.heat:  # (the space: a sectioned board's tile shows another when paged)
            return (self.space, tuple(st.landings))
        marks = (self.space,
                 tuple(m.board_key(self.game, self.space) for m in screens_for(self.game.spec)))
        if deed < 0:
            return (tokens, marks, st.pot if sp.kind == FREE_PARKING else 0)
        return (tokens, marks, st.owner[deed], B.on_space(st, self.space), st.mortgaged[deed])

    # ------------------------------------------------------------------ drawing

    def render(self) -> Text:
        w, h = self.content_size.width, self.content_size.height
        if w <= 0 or h <= 0 or self.space < 0:
            return Text("")
        w = drawn_width(w)
        if self.heat:
            return self._render_heat(w, h)
        game = self.game
        spec, st = game.spec, game.st
        sp = spec.spaces[self.space]
        color = space_color(spec, self.space)
        deed = sp.deed
        mortgaged = deed >= 0 and st.mortgaged[deed]
        name_style = "strike dim" if mortgaged else "bold"

        # the buildings standing on this space (a deed of several spaces holds them on its
        # spaces as its owner placed them)
        level = B.on_space(st, self.space) if deed >= 0 else 0
        top = spec.rules.houses_per_hotel + 1
        build = Text()
        if level >= top:
            build.append(spec.vocab.hotel[:1].upper(), style="bold #ffffff on #c0392b")
        elif level:
            build.append("▮" * level, style="bold #3ddc6a")

        # status: tokens left, owner (and mortgage) right. The owner is "●" and the seat
        # number, so ownership reads without colour too (NO_COLOR, a monochrome theme).
        right = Text()
        if deed >= 0 and st.owner[deed] >= 0:
            owner = st.owner[deed]
            right.append(f"●{owner + 1}", style=f"bold {player_color(owner)}")
        if mortgaged:
            right.append("M", style=f"bold {RED}")
        mechs = screens_for(spec)
        for m in mechs:  # what a mechanic puts on the space (a dropped treasure)
            lies = m.space_marks(game, self.space)
            if lies is not None:
                right.append_text(lies)
        pot = pot_text(game, self.space)
        here = [p for p, pl in enumerate(st.players)
                if pl.position == self.space and not pl.bankrupt]
        gap = " " if 2 * len(here) + len(right) <= w else ""
        status = Text(no_wrap=True, overflow="crop")
        for k, p in enumerate(here):
            if k and gap:
                status.append(gap)
            style = f"bold #101010 on {player_color(p)}"
            if st.players[p].in_jail:
                style = f"bold {player_color(p)} on #3a1010"
            status.append(str(p + 1), style=style)
            for m in mechs:  # what a mechanic puts on the token (what it carries)
                carried = m.token_marks(game, p)
                if carried is not None:
                    status.append_text(carried)

        lines: list[Text] = []
        if h >= 3:
            band = Text(no_wrap=True, overflow="crop")
            if color:
                band_style = f"{contrast_text(color)} on {color}"
                band.append(" " * w, style=band_style)
                if build:
                    band = Text(no_wrap=True, overflow="crop")
                    # on the band, the buildings in black or white, whichever reads on the
                    # group's colour (green houses were 1.2:1 on a light blue band)
                    inner = Text(build.plain, style=f"bold {contrast_text(color)}")
                    pad = max(0, w - len(inner))
                    band.append(" " * (pad // 2), style=f"on {color}")
                    band.append_text(inner)
                    band.append(" " * (pad - pad // 2), style=f"on {color}")
                    band.stylize(f"on {color}")
            else:
                mark = _KIND_MARK.get(sp.kind, "")
                if pot and len(mark) + 1 + len(pot) <= w:
                    band.append(f"{mark} {pot}".center(w), style=POT_STYLE)
                elif pot:
                    band.append(pot.center(w), style=POT_STYLE)
                else:
                    # not dim: dimmed on a corner's or the cursor's tint it was 4.0:1
                    band.append(mark.center(w))
            lines.append(band)
            for line in self.label(w, h - 2, cut=self.cut_names):
                lines.append(Text(line, style=name_style))
            while len(lines) < h - 1:
                lines.append(Text(""))
            lines.append(self._status_line(status, right, w))
        else:
            head = Text(no_wrap=True, overflow="ellipsis")
            room = w - len(build)
            name = "".join(self.label(room, 1, cut=True))
            if pot:  # no room for the name and the pot: the pot, after the space's mark
                mark = _KIND_MARK.get(sp.kind, "")
                name = f"{mark} {pot}" if len(mark) + 1 + len(pot) <= room else fit(pot, room)
            if color:
                head.append(name.ljust(room), style=f"{contrast_text(color)} on {color}")
            else:
                head.append(name.ljust(room), style=POT_STYLE if pot else name_style)
            head.append_text(build)
            lines.append(head)
            if h == 2:
                lines.append(self._status_line(status, right, w))
        return Text("\n").join(lines)

    @staticmethod
    def _status_line(left: Text, right: Text, w: int) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        out.append_text(left)
        gap = w - len(left) - len(right)
        if gap > 0:
            out.append(" " * gap)
            out.append_text(right)
        return out

    def _render_heat(self, w: int, h: int) -> Text:
        """The space's landings on its first line, flush right and bold, then its name: the
        counts of a row of tiles stand on one line, numbers beside numbers and names beside
        names (under its name, the count's line changed with the name's length, and a count
        sat beside a neighbour's name or its version's number: 'Ave 2 2  75')."""
        st = self.game.st
        landings = st.landings
        most = max(landings) if landings else 0
        count = landings[self.space] if self.space < len(landings) else 0
        value = count / most if most else 0.0
        bg = heat_color(value)
        fg = contrast_text(bg)
        shown = str(count) if len(str(count)) <= w else ("9" * (w - 1) + "+")  # '99+'
        lines = [Text(shown.rjust(w), style=f"bold {fg} on {bg}")]
        lines += [Text(line.ljust(w), style=f"{fg} on {bg}")
                  for line in self.label(w, h - 1)]
        while len(lines) < h:
            lines.append(Text(" " * w, style=f"on {bg}"))
        return Text("\n").join(lines[:h])


HEAT_BARS = " ▁▂▃▄▅▆▇█"
"""A landing count as a bar, for a cell too narrow for its number: higher for more."""


def heat_bar(count: int, most: int) -> str:
    """The bar of a count out of the most any space had: none for no landing, the lowest bar
    for one, the full block for the most."""
    if count <= 0 or most <= 0:
        return HEAT_BARS[0]
    return HEAT_BARS[max(1, round(count / most * (len(HEAT_BARS) - 1)))]


class TrackOverview(Widget):
    """The whole track of a sectioned board, one line per section: each space a cell in its
    colour (a mark for GO, jail, the cards, the taxes, Free Parking), every token on it as its
    seat number, the section the loop shows marked ▶ and the cursor's space lit. A click on a
    cell picks that space. On a taller board each section has a second line: the owners (●N)
    or, on the heat map, the landings."""

    DEFAULT_CSS = """
    TrackOverview { width: 1fr; height: 1fr; background: $background; }
    """

    def __init__(self, board: Board) -> None:
        super().__init__(id=f"{board.id or 'board'}-overview", classes="overview")
        self.board = board

    def label_width(self) -> int:
        """Room for each line's label: the section's first space ('GO 2') when the cells keep
        two columns (two tokens side by side), else only the ▶ of the section shown."""
        b = self.board
        w = self.size.width
        full = max((len(self._label(k)) for k in range(b.count)), default=0) + 2
        for width, least in ((full, 2), (1, 2), (full, 1), (1, 1)):
            if w - width >= least * b.length:
                return width
        return 0

    def _label(self, k: int) -> str:
        b = self.board
        return b.game.spec.spaces[k * b.length].short

    def cell_width(self) -> int:
        b = self.board
        return max(1, (self.size.width - self.label_width()) // max(1, b.length))

    def lines_per_section(self) -> int:
        return 2 if self.size.height >= 2 * self.board.count else 1

    def signature(self) -> tuple[object, ...]:
        st = self.board.game.st
        if self.board.heat:
            return (tuple(st.landings), self.board.section)
        return (tuple((pl.position, pl.in_jail, pl.bankrupt) for pl in st.players),
                tuple(st.owner), tuple(st.mortgaged), self.board.section, self.board.cursor)

    def space_at(self, x: int, y: int) -> int:
        """The space drawn at a point of the widget, or -1."""
        b = self.board
        k = y // self.lines_per_section()
        cell = (x - self.label_width()) // self.cell_width()
        if x < self.label_width() or not (0 <= k < b.count and 0 <= cell < b.length):
            return -1
        space = k * b.length + cell
        return space if space < b.game.spec.size else -1

    def on_click(self, event: events.Click) -> None:
        space = self.space_at(event.x, event.y)
        if space >= 0:
            self.post_message(SpaceTile.Picked(space))

    def render(self) -> Text:
        b = self.board
        game = b.game
        spec, st = game.spec, game.st
        w = self.size.width
        if w <= 0:
            return Text("")
        label_w, cw = self.label_width(), self.cell_width()
        two = self.lines_per_section() == 2
        most = max(st.landings) if b.heat and st.landings else 0
        out: list[Text] = []
        for k in range(b.count):
            top = Text(no_wrap=True, overflow="crop")
            under = Text(no_wrap=True, overflow="crop")
            if label_w:
                shown = k == b.section
                label = (("▶" if shown else " ") + self._label(k))[:label_w]
                top.append(label.ljust(label_w), style="bold" if shown else "dim")
                under.append(" " * label_w)
            for i in range(k * b.length, min(spec.size, (k + 1) * b.length)):
                # (the heat map shows no token, as its tiles: a seat number among the bars
                # would read as a count)
                here = [] if b.heat else [p for p, pl in enumerate(st.players)
                                          if pl.position == i and not pl.bankrupt]
                color = space_color(spec, i)
                if b.heat:
                    count = st.landings[i] if i < len(st.landings) else 0
                    bg = heat_color(count / most if most else 0.0)
                    base = f"{contrast_text(bg)} on {bg}"
                elif color:
                    base = f"{contrast_text(color)} on {color}"
                else:
                    base = "on #303030"
                if i == b.cursor:
                    base += " reverse"
                cell = Text(no_wrap=True, overflow="crop")
                for p in here[:cw]:
                    cell.append(str(p + 1), style=f"bold #101010 on {player_color(p)}")
                if len(here) > cw:  # more tokens than room: the last digit says how many more
                    cell = Text(no_wrap=True, overflow="crop")
                    for p in here[: cw - 1]:
                        cell.append(str(p + 1), style=f"bold #101010 on {player_color(p)}")
                    cell.append("+", style="bold")
                if not here and b.heat and not two:  # one line: the heat as a bar too
                    cell.append(self._bar(i, cw, most), style=base)
                elif not here:
                    sp = spec.spaces[i]
                    mark = _KIND_MARK.get(sp.kind, "") if sp.deed < 0 else ""
                    cell.append(mark[:cw], style=base)
                pad = cw - len(cell)
                cell.append(" " * pad, style=base)
                top.append_text(cell)
                if two:
                    under.append_text(self._under(i, cw, most))
            out.append(top)
            if two:
                out.append(under)
        return Text("\n").join(out)

    def _bar(self, space: int, cw: int, most: int) -> str:
        """A cell's landings as a bar, a blank column after it where there is room (the bars
        of two spaces side by side stay two)."""
        st = self.board.game.st
        count = st.landings[space] if space < len(st.landings) else 0
        bar = heat_bar(count, most)
        return bar * max(1, cw - 1) + " " * (cw > 1)

    def _under(self, space: int, cw: int, most: int) -> Text:
        """The second line of a cell: the owner (●N, M if mortgaged), or the landings: the
        number, flush right with a blank column after it, where every space's number fits
        so (numbers side by side ran together: '3015301515'), else a bar as high as the
        count."""
        game = self.board.game
        st = game.st
        if self.board.heat:
            if len(str(most)) < cw:
                count = st.landings[space] if space < len(st.landings) else 0
                return Text(str(count).rjust(cw - 1) + " ", style="bold")
            return Text(self._bar(space, cw, most), style="bold")
        deed = game.spec.spaces[space].deed
        if deed < 0 or st.owner[deed] < 0:
            return Text(" " * cw)
        owner = st.owner[deed]
        mark = f"●{owner + 1}" if cw >= 2 else str(owner + 1)
        if st.mortgaged[deed] and len(mark) < cw:
            mark += "M"
        return Text(mark[:cw].ljust(cw), style=f"bold {player_color(owner)}")


class Board(Container):
    """The loop of spaces around a centre widget; a cursor picks a space.

    A track longer than ``LOOP_MAX`` is cut into sections (``sections``): the loop shows one
    section at a time and a ``TrackOverview`` above it the whole track."""

    DEFAULT_CSS = """
    Board { layout: grid; grid-gutter: 0; height: 1fr; width: 1fr; }
    Board > .centre { column-span: 1; row-span: 1; }
    """

    cursor: reactive[int] = reactive(-1)

    def __init__(self, game: Game, centre: Widget, *, heat: bool = False, id: str | None = None):
        super().__init__(id=id)
        self.game = game
        self.centre = centre
        self.heat = heat
        self.count, self.length = sections(game.spec.size)
        self.section = 0
        self.layout_ = loop_layout(self.length)
        self._drawn: list[tuple[object, ...] | None] = [None] * self.length
        self._overview_drawn: tuple[object, ...] | None = None
        if self.count == 1:
            self.tiles = [SpaceTile(game, i, heat=heat) for i in range(self.length)]
            self.overview: TrackOverview | None = None
        else:
            prefix = f"{id}-" if id and id != "board" else ""
            self.tiles = [SpaceTile(game, i, heat=heat, id=f"{prefix}slot-{i}")
                          for i in range(self.length)]
            for tile in self.tiles:
                tile.cut_names = True
            self.overview = TrackOverview(self)
            self._show_section(self.section_of(self._start_space()))

    def compose(self) -> ComposeResult:
        lay = self.layout_
        self.styles.grid_size_columns = lay.cols
        rows = lay.rows
        if self.overview is not None:
            self.styles.grid_size_rows = rows + 1
            self._size_overview(0)
            self.overview.styles.column_span = lay.cols
            yield self.overview
        else:
            self.styles.grid_size_rows = rows
        self.centre.add_class("centre")
        self.centre.styles.column_span = lay.cols - 2
        self.centre.styles.row_span = lay.rows - 2
        by_cell = {cell: i for i, cell in enumerate(lay.cells)}
        centre_done = False
        for row in range(lay.rows):
            for col in range(lay.cols):
                edge = row in (0, lay.rows - 1) or col in (0, lay.cols - 1)
                if edge:
                    i = by_cell.get((col, row), -1)
                    yield self.tiles[i] if i >= 0 else Widget(classes="tile -blank")
                elif not centre_done:
                    centre_done = True
                    yield self.centre

    def _size_overview(self, height: int) -> None:
        """The overview's rows: two lines per section on a board tall enough for the loop's
        tiles to keep three lines each, else one."""
        lines = 2 if height - 2 * self.count >= 3 * self.layout_.rows else 1
        rows = " ".join(["1fr"] * self.layout_.rows)
        self.styles.grid_rows = f"{lines * self.count} {rows}"

    def on_resize(self, event: events.Resize) -> None:
        if self.overview is not None:
            self._size_overview(event.size.height)

    # ------------------------------------------------------------------ sections

    def section_of(self, space: int) -> int:
        """The section a space is in."""
        return min(self.count - 1, max(0, space) // self.length)

    def tile_of(self, space: int) -> SpaceTile | None:
        """The tile showing a space now, or None (a sectioned board shows one section)."""
        for tile in self.tiles:
            if tile.space == space:
                return tile
        return None

    def _action_space(self) -> int:
        """Where the action is: the space the cursor picked, else the current player's token."""
        if self.cursor >= 0:
            return self.cursor
        return self._start_space()

    def _show_section(self, k: int) -> None:
        self.section = k
        base = k * self.length
        for j, tile in enumerate(self.tiles):
            tile.show(base + j)
            tile.set_class(tile.space == self.cursor and tile.space >= 0, "-cursor")

    def follow(self) -> None:
        """Show the section the action is in (a sectioned board)."""
        if self.overview is None:
            return
        k = self.section_of(self._action_space())
        if k != self.section:
            self._show_section(k)

    def show_other_section(self, step: int) -> None:
        """Show the next (``step`` 1) or previous (-1) section: the cursor moves to the same
        place of it (its first space when no space was picked)."""
        if self.overview is None:
            return
        at = self.cursor if self.cursor >= 0 else self.section * self.length
        k = (self.section_of(at) + step) % self.count
        space = k * self.length + (at - self.section_of(at) * self.length)
        self.cursor = min(space, self.game.spec.size - 1)

    # ------------------------------------------------------------------ drawing

    def redraw(self) -> None:
        """Redraw the tiles whose space changed (on a sectioned board, after following the
        action to its section), and the overview."""
        self.follow()
        drawn = self._drawn
        for i, tile in enumerate(self.tiles):
            sig = tile.signature()
            if sig != drawn[i]:
                drawn[i] = sig
                tile.refresh()
        if self.overview is not None:
            sig = self.overview.signature()
            if sig != self._overview_drawn:
                self._overview_drawn = sig
                self.overview.refresh()

    def watch_cursor(self, old: int, new: int) -> None:
        for tile in self.tiles:
            if tile.space in (old, new):
                tile.set_class(tile.space == new and new >= 0, "-cursor")
        if self.overview is not None and self.is_mounted:
            self.redraw()

    def move_cursor(self, dx: int, dy: int) -> None:
        if self.cursor < 0:
            self.cursor = self._start_space()
            return
        base = self.section_of(self.cursor) * self.length
        local = self.layout_.step(self.cursor - base, dx, dy)
        self.cursor = min(base + local, self.game.spec.size - 1)

    def _start_space(self) -> int:
        st = self.game.st
        p = st.current if 0 <= st.current < len(st.players) else 0
        return st.players[p].position
