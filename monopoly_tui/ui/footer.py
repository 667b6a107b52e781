"""The footer of a screen that lives long (the game screen), without a leak and without making
its keys again at every decision.

Textual's ``Footer`` makes new keys each time the screen's bindings are refreshed, which a game
does at almost every decision (late in a 6-player game about 15 new keys a roll, most of them
the same keys as before, or as many keys with one changed: Roll becomes End turn). Two costs,
both measured by ``benchmarks/bench_ui.py``:

- each key binds to the footer's ``compact`` setting through a watcher that the footer keeps in
  a list, and that list drops the keys removed only when ``compact`` changes, which it never
  does: every key ever shown stayed in memory (about 0.3 MB a roll). When this footer removes
  keys it has its ``compact`` watchers run again, which drops the removed keys.
- making, styling and drawing new keys takes time, and each widget made was kept a while by
  Textual's caches (``ui.textual_fixes``). This footer leaves its keys alone when what they
  show is unchanged, and otherwise writes the new words on the keys it has, making or removing
  only as many as the number of keys changed by (all of them again only where keys are
  grouped, which the game's keys are not).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


@dataclass(frozen=True, slots=True)
class Shown:
    """One key as the footer shows it (the first binding of each action, as Textual's footer
    shows them)."""

    key: str
    display: str
    description: str
    action: str
    grouped: bool
    enabled: bool
    tooltip: str


class Footer(TextualFooter):
    """Textual's footer, its keys rewritten in place, and the keys it no longer shows let go."""

    _shown: tuple[tuple[Shown, ...], object] | None = None
    """What the keys show now (``shown``), once made."""

    def shown(self) -> tuple[tuple[Shown, ...], object] | None:
        """What the footer's keys would show now: for each action shown, its first binding's
        key, words, whether it is grouped or enabled and its tooltip; and the command palette's
        key (None before the screen's bindings are known)."""
        if not self._bindings_ready:
            return None
        active = self.screen.active_bindings
        first: dict[str, Shown] = {}
        for _, binding, enabled, tooltip in active.values():
            if binding.show and binding.action not in first:
                first[binding.action] = Shown(
                    binding.key, self.app.get_key_display(binding), binding.description,
                    binding.action, binding.group is not None, enabled, tooltip)
        palette: object = None
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            palette = found[1:] if found is not None else None
        return tuple(first.values()), palette

    def _make(self, key: Shown) -> FooterKey:
        """A key as Textual's footer makes it (an ungrouped one)."""
        return FooterKey(key.key, key.display, key.description, key.action,
                         disabled=not key.enabled, tooltip=key.tooltip,
                         ).data_bind(compact=TextualFooter.compact)

    async def _rewrite(self, keys: tuple[Shown, ...]) -> bool:
        """Show ``keys`` on the keys already made, making or removing only the difference in
        number; False (nothing done) when a key is grouped: then all are made again."""
        if any(k.grouped for k in keys):
            return False
        made = list(self.query_children(FooterKey))
        palette = [k for k in made if k.has_class("-command-palette")]
        made = [k for k in made if k not in palette]
        for widget, key in zip(made, keys, strict=False):
            widget.key, widget.key_display = key.key, key.display
            widget.description, widget.action = key.description, key.action
            widget._disabled = not key.enabled
            widget.set_class(not key.enabled, "-disabled")
            widget.tooltip = key.tooltip or None
            widget.refresh(layout=True)
        self.styles.grid_size_columns = len(keys)
        if len(keys) > len(made):
            new = [self._make(key) for key in keys[len(made):]]
            if palette:
                await self.mount_all(new, before=palette[0])
            else:
                await self.mount_all(new)
        elif len(made) > len(keys):
            await self.remove_children(made[len(keys):])
            # (the watchers of 'compact' are run again: Textual forgets those of removed keys)
            self.mutate_reactive(TextualFooter.compact)
        return True

    async def recompose(self) -> None:
        if not self.is_attached or self._pruning:
            return
        shown = self.shown()
        before, self._shown = self._shown, shown
        if shown is not None and before is not None:
            if shown == before:
                return
            if shown[1] == before[1] and await self._rewrite(shown[0]):
                return
        await super().recompose()
        # (the watchers of 'compact' are run again: Textual then forgets those of closed keys)
        self.mutate_reactive(TextualFooter.compact)
