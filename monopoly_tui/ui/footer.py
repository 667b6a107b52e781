"""The footer of a screen that lives long (the game screen), without a leak.

Textual's ``Footer`` makes new keys each time the legal keys change (a game changes them at
almost every decision). Each key binds to the footer's ``compact`` setting through a watcher
that the footer keeps in a list, and that list drops the keys removed only when ``compact``
changes, which it never does: every key ever shown stayed in memory (about 0.3 MB a roll late
in a 6-player game, measured by ``benchmarks/bench_ui.py``). This footer, once it has made its
new keys, has its ``compact`` watchers run again, which drops the removed keys from the list.
"""

from __future__ import annotations

from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer, letting go of the keys it no longer shows."""

    async def recompose(self) -> None:
        await super().recompose()
        # (the watchers of 'compact' are run again: Textual then forgets those of closed keys)
        self.mutate_reactive(TextualFooter.compact)
