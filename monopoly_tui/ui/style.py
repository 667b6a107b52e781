"""Colours: the edition's group colours, one colour per player, and a Textual theme per edition.

The board paints each colour group in the colour its ruleset gives, whatever the theme; the theme
derived here gives the rest of the screen (panels, buttons, the footer) the edition's tones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.color import Color
from textual.theme import Theme

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec

PLAYER_COLORS = (
    "#f2a195",  # red
    "#83b8eb",  # blue
    "#74c888",  # green
    "#e5b92e",  # gold
    "#cfa2e7",  # violet
    "#36d3ca",  # teal
    "#e99fca",  # pink
    "#abb2bb",  # grey
)
"""Token colours, by seat. Each is drawn as text (the owner's ●N, the ▶ of whose turn) on the
board's and the panels' backgrounds and under black (the seat's badge), so each is light
enough for 4.5:1 (WCAG AA) on all of them, in colour and in the greys of ``NO_COLOR`` (Textual's
monochrome: 0.2126 R + 0.7152 G + 0.0722 B of the sRGB values): see tests/ui/test_ui_contrast.py
and tests/ui/test_style.py."""

RED = "#ff9999"
"""The red of a warning, a debt or a mortgage's mark (the board's M, the panels' ᴹ): a light red
that reads at 4.5:1 on every panel, the current player's highlighted one too, and in greys at
NO_COLOR (the terminal's ANSI red, #f4005f in Textual's palette, is 3.8:1 on a panel and the
grey #3b3b3b at NO_COLOR: invisible on the current player's #3a3a3a panel)."""

NEUTRAL = "#6b6f76"


def player_color(p: int) -> str:
    return PLAYER_COLORS[p % len(PLAYER_COLORS)]


def parse(color: str, default: str = NEUTRAL) -> Color:
    """A ruleset colour ('#rrggbb' or a name), or ``default`` when it cannot be read."""
    try:
        return Color.parse(color)
    except Exception:
        return Color.parse(default)


def hex_of(color: str) -> str:
    return parse(color).hex6


def luminance(color: Color) -> float:
    """WCAG 2 relative luminance of a colour, 0 (black) to 1 (white)."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast_ratio(a: Color, b: Color) -> float:
    """WCAG 2 contrast ratio of two colours, 1 to 21 (4.5 is AA for text)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def contrast_text(color: str) -> str:
    """Black or white, whichever has the higher contrast ratio on ``color``: one of the two
    always reaches 4.58:1 (a tinted near-black or near-white does not on a middle colour such
    as a red group's #e3342f)."""
    bg = parse(color)
    black, white = Color(0, 0, 0), Color(255, 255, 255)
    return "#000000" if contrast_ratio(black, bg) >= contrast_ratio(white, bg) else "#ffffff"


def visible(color: Color, least: float = 0.3) -> Color:
    """The colour, lightened just enough to stand out on a dark background."""
    for _ in range(10):
        if color.brightness >= least:
            break
        color = color.lighten(0.06)
    return color


def group_color(spec: Spec, group: int) -> str:
    """A colour group's colour as the board shows it (very dark ones lightened a little)."""
    if 0 <= group < len(spec.groups):
        return visible(parse(spec.groups[group].color)).hex6
    return NEUTRAL


def space_color(spec: Spec, space: int) -> str | None:
    """The colour band of a space: its deed's group colour, or None for other spaces."""
    sp = spec.spaces[space]
    if sp.deed < 0:
        return None
    return group_color(spec, spec.deeds[sp.deed].group)


MENU_THEME = Theme(
    name="monopoly-menus",
    primary="#0a5ea8",
    secondary="#004578",
    accent="#ffa62b",
    warning="#ffa62b",
    error="#b03a2e",
    success="#4ebf71",
    foreground="#e0e0e0",
    dark=True,
)
"""The theme of the title and the new-game screens, before an edition's: Textual's dark one with
a darker blue, so a button's text and a highlighted row's text read on it at 4.5:1 (on
Textual's #0178d4 they were 3.8:1), and a red button's at 4.9:1 (3.4:1 on #d8534f)."""


def theme_name(spec: Spec) -> str:
    return f"edition-{spec.id}"


def edition_theme(spec: Spec) -> Theme:
    """A dark Textual theme in the edition's colours: the dearest street group as primary, a
    middle one as secondary and a bright one as accent, on a background tinted by them."""
    streets = [g for g in spec.groups if g.kind == "street"] or list(spec.groups)
    colors = [parse(g.color) for g in streets] or [parse(NEUTRAL)]
    primary = colors[-1]
    secondary = colors[len(colors) // 2]
    accent = max(colors, key=lambda c: (c.brightness * (1 - abs(c.brightness - 0.6))))
    # Make sure primary reads as a button colour: not too dark, not too light.
    if primary.brightness < 0.25:
        primary = primary.lighten(0.15)
    if primary.brightness > 0.8:
        primary = primary.darken(0.25)
    tint = primary.blend(Color(18, 18, 22), 0.88)
    return Theme(
        name=theme_name(spec),
        primary=primary.hex6,
        secondary=secondary.hex6,
        accent=accent.hex6,
        warning="#e5a12e",
        error="#b03a2e",  # a button of this colour reads in its near-white text
        success="#4cb865",
        foreground="#e6e6e6",
        background=tint.hex6,
        surface=tint.lighten(0.04).hex6,
        panel=tint.lighten(0.09).hex6,
        dark=True,
    )


def heat_color(value: float) -> str:
    """0..1 to a colour from cool blue through yellow to hot red."""
    value = max(0.0, min(1.0, value))
    cold, mid, hot = Color.parse("#1f3b73"), Color.parse("#e5b92e"), Color.parse("#d9342b")
    if value < 0.5:
        return cold.blend(mid, value * 2).hex6
    return mid.blend(hot, (value - 0.5) * 2).hex6
