"""Checkboxes, radio buttons and selection lists that read ticked or not without colour.

Textual draws every box the same (``▐X▌``, ``▐●▌``) and tells ticked from unticked only by
the colour of the mark, so at ``NO_COLOR`` (or to a colour-blind player) an unticked box reads
as ticked. These draw the mark only when ticked: ``▐X▌`` / ``▐ ▌``, ``▐●▌`` / ``▐ ▌``.
"""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.style import Style
from textual.widgets import Checkbox, RadioButton, SelectionList
from textual.widgets._toggle_button import ToggleButton
from textual.widgets.option_list import OptionDoesNotExist

UNTICKED = " "
"""The inside of a box that is not ticked."""


def _toggle_button(widget: ToggleButton) -> Content:
    """Textual's button with its mark only when ticked (the same styles as Textual's)."""
    button_style = widget.get_visual_style("toggle--button")
    side_style = Style(foreground=button_style.background,
                       background=widget.background_colors[1])
    return Content.assemble(
        (widget.BUTTON_LEFT, side_style),
        (widget.BUTTON_INNER if widget.value else UNTICKED, button_style),
        (widget.BUTTON_RIGHT, side_style),
    )


class Tick(Checkbox):
    """A checkbox: ``▐X▌`` ticked, ``▐ ▌`` not."""

    @property
    def _button(self) -> Content:
        return _toggle_button(self)


class Pick(RadioButton):
    """A radio button: ``▐●▌`` chosen, ``▐ ▌`` not."""

    @property
    def _button(self) -> Content:
        return _toggle_button(self)


class TickList(SelectionList[Any]):
    """A selection list whose unselected rows show an empty box. Reached by Tab, it
    highlights its first row, so Space ticks at once (with nothing highlighted, Space did
    nothing until an arrow key was pressed)."""

    def on_focus(self) -> None:
        if self.highlighted is None and self.option_count:
            self.highlighted = 0

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        try:
            selection = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        if selection.value in self._selected:
            return strip
        segments = list(strip)
        if len(segments) > 1 and segments[1].text == ToggleButton.BUTTON_INNER:
            segments[1] = Segment(UNTICKED, segments[1].style, segments[1].control)
            return Strip(segments, strip.cell_length)
        return strip
