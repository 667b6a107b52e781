"""Computer players. Each answers the decision its seat owes through the engine's public face.

``make_bot(name, seed)`` builds one by name: ``"random"`` (random legal choices), ``"basic"``
(a plain, sensible strategy), ``"expert"`` (plays by a value model of the edition, read from
its ruleset) or ``"master"`` (the expert, who plays sampled futures where a choice matters:
``bots.master``). A bot is deterministic for its seed (the master for its seed and count of
futures; by default it thinks for a time budget).
"""

from __future__ import annotations

from collections.abc import Callable

# The editions' own expert plays register themselves with ``bots.expert_plays`` (the registry
# the expert reads) when imported: in this order, the order the expert asks them in.
from monopoly_tui.bots import expert_dnd, expert_lge, expert_ring  # noqa: F401
from monopoly_tui.bots.base import MAX_EXTRAS, Board, Bot, NoChoiceError
from monopoly_tui.bots.basic import BasicBot, trade_value
from monopoly_tui.bots.expert import ExpertBot
from monopoly_tui.bots.random_bot import RandomBot


def _master(seed: int) -> Bot:
    # imported when first made: only a game that seats a master pays for loading it and its
    # search
    from monopoly_tui.bots.master import MasterBot

    return MasterBot(seed)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "basic": BasicBot, "expert": ExpertBot, "master": _master,
}
"""The bots by name: each makes a bot from its seed."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of the named kind with its own seeded generator."""
    try:
        make = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot named '{name}' (bots: {', '.join(BOTS)})") from None
    return make(seed)


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
