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
    "#e8553e",  # red
    "#3d8fe0",  # blue
    "#4cb865",  # green
    "#e5b92e",  # gold
    "#b065d8",  # violet
    "#28b8b0",  # teal
    "#e07ab5",  # pink
    "#9aa3ad",  # grey
)
"""Token colours, by seat."""

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


def contrast_text(color: str) -> str:
    """Black or white, whichever reads better on ``color``."""
    return "#101010" if parse(color).brightness > 0.55 else "#f5f5f5"


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
        error="#d9534f",
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
