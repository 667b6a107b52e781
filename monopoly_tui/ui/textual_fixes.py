"""A cache of Textual's that keeps what the screen no longer shows, made to let it go.

Textual (8.2) caches the two background styles of a widget's lines with ``functools.lru_cache``
on a method (``StylesCache.get_inner_outer``), so each call's key holds the ``StylesCache`` it
was called on, and with it every line that widget last drew: the last 1,024 widgets ever drawn
stay in memory, removed or not. A game makes new widgets all the time (the footer's keys, each
dialog's buttons: about 18 a roll late in a 6-player game), so the app grew by some 7 MB over
its first 60 rolls (``benchmarks/bench_ui.py``). Here the same styles are cached by the two
colours alone, which is all they depend on.
"""

from __future__ import annotations

from functools import lru_cache

from textual._styles_cache import StylesCache
from textual.color import Color
from textual.style import Style


@lru_cache(1024)
def inner_outer(base_background: Color, background: Color) -> tuple[Style, Style]:
    """The style inside a widget's border (its background over its parent's) and outside it
    (its parent's background), as Textual's ``StylesCache.get_inner_outer`` makes them."""
    return (
        Style(background=base_background + background),
        Style(background=base_background),
    )


def _get_inner_outer(self: StylesCache, base_background: Color,
                     background: Color) -> tuple[Style, Style]:
    return inner_outer(base_background, background)


def apply() -> None:
    """Put the cache by colours in place of Textual's (once is enough; again does nothing)."""
    StylesCache.get_inner_outer = _get_inner_outer  # type: ignore[method-assign,assignment]
