"""What a player sees of the party's jailbreak (``engine/mechanics/dnd_party_jail.py``): its
words in the rules summary's Jail clause ("if you are ever in Jail and another player lands on
Just Visiting, they immediately break you out of Jail!")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_tui.engine.mechanics.dnd_config import PARTY_JAIL
from monopoly_tui.ui.mechanics import MechanicScreens, register

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec


class PartyJailScreens(MechanicScreens):
    """The jailbreak's words."""

    NAME = PARTY_JAIL

    def rules_clause(self, spec: Spec, clause: str) -> str:
        v = spec.vocab
        if clause == "jail":
            return (f"; and a player whose move ends on {v.just_visiting} breaks everyone in "
                    f"{v.jail} out: they go to {v.just_visiting} too")
        return ""


register(PartyJailScreens)
