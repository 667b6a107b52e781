"""The board: a ring of spaces around a centre area, laid out from the track's length.

``ring_layout(n)`` puts ``n`` spaces on the edge of a near-square grid (11 per side for 40
spaces): space 0 in the bottom-right corner, then leftwards along the bottom, up the left side,
along the top and down the right side, as on the printed board. The centre area is whatever
widget the screen gives.

Each ``SpaceTile`` draws its space from the game state: the colour band with the buildings, the
short name (struck through when mortgaged), the owner's mark and the tokens standing on it. A
tile fits what room it has: 2 rows at the smallest terminal, 4 or 5 on a big one.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from monopoly_tui.engine.mechanics.ring import ring_bearer, ring_space
from monopoly_tui.engine.spec import CARDS, FREE_PARKING, GO, GO_TO_JAIL, JAIL, TAX
from monopoly_tui.ui.style import contrast_text, heat_color, player_color, space_color

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


@dataclass(frozen=True, slots=True)
class RingLayout:
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
        """The space reached from ``space`` by an arrow key: the next cell of the ring in that
        direction on screen; across the centre when the edge goes no further that way."""
        col, row = self.cells[space]
        c, r = col + dx, row + dy
        while 0 <= c < self.cols and 0 <= r < self.rows:
            s = self.at(c, r)
            if s >= 0:
                return s
            c, r = c + dx, r + dy
        return space


def ring_layout(n: int) -> RingLayout:
    """Cells for ``n`` spaces around a grid of near-equal sides (at least 3 by 3)."""
    n = max(n, 8)
    half = -(-(n + 4) // 2)
    cols = max(3, -(-half // 2))
    rows = max(3, half - cols)
    ring: list[tuple[int, int]] = []
    for i in range(cols):  # bottom, right to left
        ring.append((cols - 1 - i, rows - 1))
    for j in range(1, rows):  # left side, bottom to top
        ring.append((0, rows - 1 - j))
    for i in range(1, cols):  # top, left to right
        ring.append((i, 0))
    for j in range(1, rows - 1):  # right side, top to bottom
        ring.append((cols - 1, j))
    return RingLayout(cols, rows, tuple(ring[:n]))


RING_MARK = "◎"
"""The Ring on the board: after its bearer's token, or alone on the space where it lies."""
RING_STYLE = "bold #f0c040"

_KIND_MARK = {GO: "→", JAIL: "#", GO_TO_JAIL: "!", FREE_PARKING: "P", CARDS: "?", TAX: "$"}


def _wrap(name: str, width: int, lines: int) -> list[str]:
    if width <= 0 or lines <= 0:
        return []
    out = textwrap.wrap(name, width, break_long_words=False, break_on_hyphens=False) or [""]
    out = [w if len(w) <= width else w[: max(0, width - 1)] + "…" for w in out]
    if len(out) > lines:
        out = out[:lines]
        last = out[-1]
        out[-1] = (last[: max(0, width - 1)] + "…") if len(last) >= width else last + "…"
    return out


class SpaceTile(Widget):
    """One space of the ring."""

    DEFAULT_CSS = """
    SpaceTile { width: 1fr; height: 1fr; }
    """

    class Picked(Message):
        """A space was clicked."""

        def __init__(self, space: int) -> None:
            super().__init__()
            self.space = space

    def __init__(self, game: Game, space: int, *, heat: bool = False) -> None:
        super().__init__(id=f"space-{space}", classes="tile")
        self.game = game
        self.space = space
        self.heat = heat
        spec = game.spec
        sp = spec.spaces[space]
        self.add_class("-even" if space % 2 == 0 else "-odd")
        if sp.kind in (GO, JAIL, GO_TO_JAIL, FREE_PARKING):
            self.add_class("-corner")
        self.tooltip = sp.name

    def on_click(self) -> None:
        self.post_message(self.Picked(self.space))

    def signature(self) -> tuple[object, ...]:
        """What the tile shows; it is redrawn only when this changes."""
        st = self.game.st
        deed = self.game.spec.spaces[self.space].deed
        tokens = tuple(
            (p, pl.in_jail) for p, pl in enumerate(st.players)
            if pl.position == self.space and not pl.bankrupt
        )
        if self.heat:
            return (tuple(st.landings),)
        ring = (ring_bearer(st), ring_space(st) == self.space)
        if deed < 0:
            return (tokens, ring)
        return (tokens, ring, st.owner[deed], st.buildings[deed], st.mortgaged[deed])

    # ------------------------------------------------------------------ drawing

    def render(self) -> Text:
        w, h = self.content_size.width, self.content_size.height
        if w <= 0 or h <= 0:
            return Text("")
        if self.heat:
            return self._render_heat(w, h)
        game = self.game
        spec, st = game.spec, game.st
        sp = spec.spaces[self.space]
        color = space_color(spec, self.space)
        deed = sp.deed
        mortgaged = deed >= 0 and st.mortgaged[deed]
        name_style = "strike dim" if mortgaged else "bold"

        # buildings
        level = st.buildings[deed] if deed >= 0 else 0
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
            right.append("M", style="bold #ff5555")
        if ring_space(st) == self.space:  # the Ring lies here, dropped
            right.append(RING_MARK, style=RING_STYLE)
        bearer = ring_bearer(st)
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
            if p == bearer:  # the bearer's token carries the Ring
                status.append(RING_MARK, style=RING_STYLE)

        lines: list[Text] = []
        if h >= 3:
            band = Text(no_wrap=True, overflow="crop")
            if color:
                band_style = f"{contrast_text(color)} on {color}"
                band.append(" " * w, style=band_style)
                if build:
                    band = Text(no_wrap=True, overflow="crop")
                    inner = build.copy()
                    pad = max(0, w - len(inner))
                    band.append(" " * (pad // 2), style=f"on {color}")
                    band.append_text(inner)
                    band.append(" " * (pad - pad // 2), style=f"on {color}")
                    band.stylize(f"on {color}")
            else:
                mark = _KIND_MARK.get(sp.kind, "")
                band.append(mark.center(w), style="dim")
            lines.append(band)
            for line in _wrap(sp.short, w, h - 2):
                lines.append(Text(line, style=name_style))
            while len(lines) < h - 1:
                lines.append(Text(""))
            lines.append(self._status_line(status, right, w))
        else:
            head = Text(no_wrap=True, overflow="ellipsis")
            room = w - len(build)
            name = sp.short if len(sp.short) <= room else sp.short[: max(0, room - 1)] + "…"
            if color:
                head.append(name.ljust(room), style=f"{contrast_text(color)} on {color}")
            else:
                head.append(name.ljust(room), style=name_style)
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
        st = self.game.st
        landings = st.landings
        most = max(landings) if landings else 0
        count = landings[self.space] if self.space < len(landings) else 0
        value = count / most if most else 0.0
        bg = heat_color(value)
        fg = contrast_text(bg)
        sp = self.game.spec.spaces[self.space]
        names = _wrap(sp.short, w, max(1, h - 1))
        lines = [Text(line.ljust(w), style=f"{fg} on {bg}") for line in names]
        while len(lines) < h - 1:
            lines.append(Text(" " * w, style=f"on {bg}"))
        lines.append(Text(str(count).center(w), style=f"bold {fg} on {bg}"))
        return Text("\n").join(lines[-h:] if h < len(lines) else lines)


class Board(Container):
    """The ring of spaces around a centre widget; a cursor picks a space."""

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
        self.layout_ = ring_layout(game.spec.size)
        self.tiles = [SpaceTile(game, i, heat=heat) for i in range(game.spec.size)]
        self._drawn: list[tuple[object, ...] | None] = [None] * len(self.tiles)

    def compose(self) -> ComposeResult:
        lay = self.layout_
        self.styles.grid_size_columns = lay.cols
        self.styles.grid_size_rows = lay.rows
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

    def redraw(self) -> None:
        """Redraw the tiles whose space changed."""
        drawn = self._drawn
        for i, tile in enumerate(self.tiles):
            sig = tile.signature()
            if sig != drawn[i]:
                drawn[i] = sig
                tile.refresh()

    def watch_cursor(self, old: int, new: int) -> None:
        if 0 <= old < len(self.tiles):
            self.tiles[old].remove_class("-cursor")
        if 0 <= new < len(self.tiles):
            self.tiles[new].add_class("-cursor")

    def move_cursor(self, dx: int, dy: int) -> None:
        if self.cursor < 0:
            self.cursor = self._start_space()
            return
        self.cursor = self.layout_.step(self.cursor, dx, dy)

    def _start_space(self) -> int:
        st = self.game.st
        p = st.current if 0 <= st.current < len(st.players) else 0
        return st.players[p].position
