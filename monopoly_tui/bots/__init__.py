"""Computer players. Each answers the decision its seat owes through the engine's public face.

``make_bot(name, seed)`` builds one by name: ``"random"`` (random legal choices), ``"basic"``
(a plain, sensible strategy) or ``"expert"`` (plays by a value model of the edition, read from
its ruleset). A bot is deterministic for its seed.
"""

from __future__ import annotations

from monopoly_tui.bots.base import MAX_EXTRAS, Board, Bot, NoChoiceError
from monopoly_tui.bots.basic import BasicBot, trade_value
from monopoly_tui.bots.expert import ExpertBot
from monopoly_tui.bots.random_bot import RandomBot

BOTS: dict[str, type[RandomBot] | type[BasicBot] | type[ExpertBot]] = {
    "random": RandomBot, "basic": BasicBot, "expert": ExpertBot,
}
"""The bots by name."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of the named kind with its own seeded generator."""
    try:
        cls = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot named '{name}' (bots: {', '.join(BOTS)})") from None
    return cls(seed)


__all__ = [
    "BOTS",
    "MAX_EXTRAS",
    "BasicBot",
    "Board",
    "Bot",
    "ExpertBot",
    "NoChoiceError",
    "RandomBot",
    "make_bot",
    "trade_value",
]
