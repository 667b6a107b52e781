"""Every text the game draws reads against its background: a contrast ratio of at least 4.5:1
(WCAG 2 AA for normal text), in every snapshot: the default theme, the editions' themes and
``NO_COLOR``. The colours are read from the SVG snapshots of test_ui_snapshots.py (Rich's
export: a ``<style>`` block gives each CSS class its ``fill``; every cell's background is a
``<rect fill=… x= y= width= height=>``; every text run a ``<text class=… x= y= textLength=>``
over the rects of its cells).

Exempt, by character (colour is what they show, or they are lines, not words):

- box drawing (U+2500–U+257F): borders and rules, decoration;
- block elements (U+2580–U+259F): the colour bands of the board's groups, bars of the charts,
  the heat map's scale and colour swatches, scroll bars: the colour is the message and each
  has its number or name written beside it in text that is checked;
- the squares ■ □ (U+25A0, U+25A1) in a group's colour: the swatches of a colour group before
  a deed's name, in the panels (owned ■, not owned □, and the owned deeds named after them),
  the charts' and Manage's legends. A group's colour is the edition's (Railroads' #585858 is
  the board's colour, and the swatch is the board's colour by design);
- whitespace (a space's colour is never seen).

A run made only of these is skipped; a run with any other character is checked whole.

And, by place: the game screen behind a dialog (an auction, a trade). Textual's modal screen
tints what is behind it toward the background (``background: $background 60%``) to say it is
inactive: WCAG 1.4.3 exempts text that is part of an inactive interface. In the snapshots that
show a dialog (``BEHIND_A_DIALOG``) only the text inside the dialog's thick frame is checked.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

LEAST = 4.5
"""WCAG 2 AA, normal text."""

SNAPSHOTS = Path(__file__).parent / "__snapshots__" / "test_ui_snapshots"
SVG = "{http://www.w3.org/2000/svg}"


BEHIND_A_DIALOG = {"test_auction", "test_trade", "test_since_your_last_turn"}
"""The snapshots with a dialog over the game: what is behind it is not checked."""


def decoration(ch: str) -> bool:
    """Whether a character is decoration whose contrast is not checked: whitespace, box
    drawing, block elements and the group swatches ■ □ (see the module's docstring for why)."""
    return ch.isspace() or "\u2500" <= ch <= "\u259f" or ch in "■□"


def luminance(color: str) -> float:
    """WCAG 2 relative luminance of ``#rrggbb``."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(fg: str, bg: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours, 1 to 21."""
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def class_fills(svg: str) -> dict[str, str]:
    """CSS class → its ``fill`` colour, from the SVG's ``<style>`` block (``.terminal-r5 {
    fill: #e0e0e0 }``, or ``.terminal-1234-r5`` in older exports)."""
    return {m[1]: m[2].lower()
            for m in re.finditer(r"\.([\w-]+)\s*\{[^}]*?fill:\s*(#[0-9a-fA-F]{6})", svg)}


@dataclass(frozen=True)
class Cell:
    """A background rect: the cells it covers (``x0``..``x1``, ``y0``..``y1``) and its fill."""
    x0: float
    x1: float
    y0: float
    y1: float
    fill: str


@dataclass(frozen=True)
class Run:
    """A text run: its characters, where it starts and how wide it is, its fill colour."""
    text: str
    x0: float
    x1: float
    y: float
    fill: str


def cells(root: ET.Element) -> list[Cell]:
    """The cells' background rects (Rich draws them ``shape-rendering="crispEdges"``)."""
    return [Cell(float(r.get("x", 0)), float(r.get("x", 0)) + float(r.get("width", 0)),
                 float(r.get("y", 0)), float(r.get("y", 0)) + float(r.get("height", 0)),
                 r.get("fill", "").lower())
            for r in root.iter(f"{SVG}rect")
            if r.get("shape-rendering") == "crispEdges" and r.get("fill")]


def window_fill(root: ET.Element) -> str:
    """The terminal's own background (the window's rounded rect): under a cell with no rect."""
    for r in root.iter(f"{SVG}rect"):
        if r.get("rx") is not None and r.get("fill"):
            return r.get("fill", "").lower()
    return "#000000"


def runs(root: ET.Element, fills: dict[str, str]) -> list[Run]:
    """The terminal's text runs (the title bar's text is the window's, not the game's)."""
    found = []
    for t in root.iter(f"{SVG}text"):
        cls = t.get("class", "")
        if cls not in fills or t.get("textLength") is None:
            continue
        x = float(t.get("x", 0))
        found.append(Run("".join(t.itertext()), x, x + float(t.get("textLength", 0)),
                         float(t.get("y", 0)), fills[cls]))
    return found


def backgrounds(run: Run, under: list[Cell], default: str) -> set[str]:
    """The fills of the cells under a run (the terminal's background where there is none)."""
    hit = {c.fill for c in under
           if c.y0 <= run.y <= c.y1 and c.x0 < run.x1 - 0.01 and run.x0 < c.x1 - 0.01}
    return hit or {default}


@dataclass(frozen=True)
class Finding:
    text: str
    fg: str
    bg: str
    ratio: float


@dataclass(frozen=True)
class Box:
    """Where a dialog is: from its frame's top row to its bottom row, left to right edge."""
    x0: float
    x1: float
    y0: float
    y1: float

    def holds(self, run: Run) -> bool:
        return self.y0 <= run.y <= self.y1 and self.x0 <= run.x0 and run.x1 <= self.x1


def _reach(run: Run) -> float:
    """How far past a frame's top run its corners are: nothing when the run holds them (█),
    else one cell."""
    return 0.0 if run.text.startswith("█") else (run.x1 - run.x0) / max(1, len(run.text))


def dialog_box(texts: list[Run]) -> Box | None:
    """The dialog's thick frame (Textual's ``border: thick``): a top row ``█▀▀…▀█`` and a
    bottom row ``█▄▄…▄█`` at the same left and right edges (the corners may be runs of their
    own, or drawn as cells: then the box reaches one cell past each end); the widest such
    frame."""
    tops = [r for r in texts if re.fullmatch("█?▀{8,}█?", r.text)]
    bottoms = [r for r in texts if re.fullmatch("█?▄{8,}█?", r.text)]
    boxes = [Box(t.x0 - _reach(t), t.x1 + _reach(t), t.y, b.y) for t in tops for b in bottoms
             if abs(t.x0 - b.x0) < 0.01 and abs(t.x1 - b.x1) < 0.01 and b.y > t.y]
    return max(boxes, key=lambda b: (b.x1 - b.x0) * (b.y1 - b.y0), default=None)


def low_contrast(svg: str, least: float = LEAST, *, dialog: bool = False) -> list[Finding]:
    """The text runs of an SVG whose contrast with a background under them is below ``least``
    (runs of decoration only are skipped). ``dialog``: only the runs inside the dialog's frame
    (the screen behind it is tinted as inactive)."""
    root = ET.fromstring(svg)
    fills = class_fills(svg)
    texts = runs(root, fills)
    box = dialog_box(texts) if dialog else None
    if dialog:
        assert box is not None, "no dialog's frame (█▀▀…█ over █▄▄…█) found"
        texts = [r for r in texts if box.holds(r)]
    under = cells(root)
    rows: dict[float, list[Cell]] = {}
    for c in under:
        rows.setdefault(c.y0, []).append(c)
    default = window_fill(root)
    found = []
    for run in texts:
        if all(decoration(ch) for ch in run.text):
            continue
        row = next((r for y0, r in rows.items() if y0 <= run.y <= r[0].y1), [])
        for bg in sorted(backgrounds(run, row, default)):
            ratio = contrast(run.fill, bg)
            if ratio < least:
                found.append(Finding(run.text.replace("\xa0", " "), run.fill, bg,
                                     round(ratio, 2)))
    return found


TINY = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60">
<style>
.terminal-r1 { fill: #e0e0e0 }
.terminal-9-r2 { fill: #3a3a3a;font-weight: bold }
.terminal-r3 { fill: #777777 }
</style>
<rect fill="#1c1c1c" x="1" y="1" width="98" height="58" rx="8"/>
<g><rect fill="#1c1c1c" x="0" y="1.5" width="24.4" height="24.65" shape-rendering="crispEdges"/>
<rect fill="#ffffff" x="24.4" y="1.5" width="12.2" height="24.65" shape-rendering="crispEdges"/>
<rect fill="#1c1c1c" x="0" y="25.9" width="36.6" height="24.65" shape-rendering="crispEdges"/>
<g class="terminal-matrix">
<text class="terminal-title" fill="#c5c8c6" x="50" y="27">title</text>
<text class="terminal-r1" x="0" y="20" textLength="24.4">ok</text>
<text class="terminal-r1" x="24.4" y="20" textLength="12.2">W</text>
<text class="terminal-9-r2" x="0" y="44.4" textLength="12.2">M</text>
<text class="terminal-9-r2" x="12.2" y="44.4" textLength="24.4">&#160;&#9608;</text>
<text class="terminal-r3" x="60" y="44.4" textLength="12.2">x</text>
</g></g></svg>"""


def test_the_helpers_read_a_tiny_svg() -> None:
    assert class_fills(TINY) == {"terminal-r1": "#e0e0e0", "terminal-9-r2": "#3a3a3a",
                                 "terminal-r3": "#777777"}
    root = ET.fromstring(TINY)
    assert len(cells(root)) == 3
    assert window_fill(root) == "#1c1c1c"
    texts = runs(root, class_fills(TINY))
    assert [r.text for r in texts] == ["ok", "W", "M", "\xa0█", "x"]  # not the title
    assert round(contrast("#ffffff", "#000000"), 2) == 21.0
    assert round(contrast("#3a3a3a", "#1c1c1c"), 2) == 1.5
    found = low_contrast(TINY)
    # W: light grey on white; M: dark grey on near black; the block is decoration; x has no
    # rect under it: on the window's #1c1c1c, 3.9:1
    assert [(f.text, f.fg, f.bg) for f in found] == [
        ("W", "#e0e0e0", "#ffffff"), ("M", "#3a3a3a", "#1c1c1c"), ("x", "#777777", "#1c1c1c")]
    assert found[1].ratio == 1.5


@pytest.mark.parametrize("svg", sorted(SNAPSHOTS.glob("*.svg")), ids=lambda p: p.stem)
def test_every_text_reads_against_its_background(svg: Path) -> None:
    found = low_contrast(svg.read_text(encoding="utf-8"), dialog=svg.stem in BEHIND_A_DIALOG)
    listing = "\n".join(f"  {svg.name}: {f.text!r} {f.fg} on {f.bg}: {f.ratio}:1"
                        for f in found)
    assert not found, f"{len(found)} text runs below {LEAST}:1\n{listing}"


def test_only_the_dialog_is_checked_over_a_tinted_screen() -> None:
    """Over a dialog's snapshot, a dim run behind the dialog is not counted; one inside is."""
    def text(x: float, y: float, s: str, cls: str = "terminal-r1") -> str:
        return (f'<text class="{cls}" x="{x}" y="{y}" textLength="{12.2 * len(s)}">{s}</text>')

    svg = ('<svg xmlns="http://www.w3.org/2000/svg"><style>.terminal-r1 { fill: #e0e0e0 }\n'
           '.terminal-r2 { fill: #333333 }</style>'
           '<rect fill="#1c1c1c" x="1" y="1" width="900" height="200" rx="8"/><g>'
           + text(0, 20, "behind", "terminal-r2")
           + text(122, 44.4, "█" + "▀" * 10 + "█")
           + text(134.2, 68.8, "inside", "terminal-r2")
           + text(122, 93.2, "█" + "▄" * 10 + "█")
           + "</g></svg>")
    assert [f.text for f in low_contrast(svg)] == ["behind", "inside"]
    assert [f.text for f in low_contrast(svg, dialog=True)] == ["inside"]
    box = dialog_box(runs(ET.fromstring(svg), class_fills(svg)))
    assert box is not None and (box.x0, box.y0, box.y1) == (122, 44.4, 93.2)


def test_the_colours_of_text_read_on_every_panel_and_at_no_color() -> None:
    """The players' colours and the light red (a mortgage's mark, a warning) on the lightest
    panels (the current player's, the board's cursor), in colour and in NO_COLOR's greys (the
    current player's panel is #3a3a3a there); a seat's badge (black on the colour) too; and
    black or white on each group's colour of every edition."""
    from textual.color import Color

    from monopoly_tui.rules import load_spec
    from monopoly_tui.ui.style import PLAYER_COLORS, RED, contrast_text, group_color

    def grey(c: str) -> str:
        return Color.parse(c).monochrome.hex6.lower()

    for color in (*PLAYER_COLORS, RED):
        for panel in ("#324352", "#333d48", "#2a2d37"):
            assert contrast(color, panel) >= LEAST, (color, panel)
        assert contrast(grey(color), "#3a3a3a") >= LEAST, color
    for color in PLAYER_COLORS:
        assert contrast("#101010", color) >= LEAST and contrast("#101010", grey(color)) >= LEAST
    for edition in ("classic", "got", "nfl", "lotr", "dnd", "lge"):
        spec = load_spec(edition)
        for g in spec.groups:
            band = group_color(spec, g.index).lower()
            assert contrast(contrast_text(band), band) >= LEAST, (edition, g.name, band)


def test_at_no_color_the_mortgage_mark_reads_on_the_current_players_panel() -> None:
    """Issue 33: at NO_COLOR the panels' ᴹ was #3b3b3b, 1.0:1 on the current player's #3a3a3a
    panel. The snapshot holds a ᴹ on that panel, and on the others; each reads at 4.5:1."""
    svg = (SNAPSHOTS / "test_late_ring_game_at_no_color.svg").read_text(encoding="utf-8")
    root = ET.fromstring(svg)
    under = cells(root)
    marks = [(r.fill, bg) for r in runs(root, class_fills(svg)) if r.text == "ᴹ"
             for bg in backgrounds(r, under, window_fill(root))]
    assert len({bg for _, bg in marks}) >= 2  # the current player's panel and another's
    assert all(contrast(fg, bg) >= LEAST for fg, bg in marks), marks
