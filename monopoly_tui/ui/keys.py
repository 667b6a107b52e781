"""Keys that arrive together (a fast typist, a paste, a slow link): handled in the order typed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.message_pump import MessagePump


def after_keys(screen: Any, callback: Callable[[], None]) -> None:
    """Run ``callback`` once the keys that came before have been handled.

    A priority binding (an Enter the footer shows over the focused field's or list's own)
    runs as its key arrives, ahead of the keys just before it: they still wait in the
    focused widget's queue, and a key the widget does not take itself (an arrow) bubbles up
    through its containers to the app, where its binding runs. 'monday' and Enter in one
    burst saved the suggested name; Down and Enter mortgaged the row above the one reached.
    The callback follows the same way, queued behind them at each step, so it reads the
    field and the highlight as the player left them."""
    chain: list[MessagePump] = []
    node: MessagePump | None = screen.focused
    while node is not None:
        chain.append(node)
        node = node._parent
    if not chain:
        callback()
        return

    def hop(i: int) -> None:
        if i == len(chain):
            callback()
        else:
            chain[i].call_later(hop, i + 1)

    hop(0)
