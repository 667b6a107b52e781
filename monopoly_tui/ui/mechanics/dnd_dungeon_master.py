"""What a player sees of the Dungeon Master cards (``engine/mechanics/dnd_dungeon_master.py``):
at setup, each card with what it does: a DM location with the location of its colour it
replaces (or left out), each DM monster to shuffle into the deck, Szass Tam with the card
space it takes over; on the board, the chosen cards in place; in the Rules tab, the cards of
this game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Label, Select, Static

from monopoly_tui.engine.describe import distinct_places
from monopoly_tui.engine.mechanics.dnd_config import DUNGEON_MASTER, DungeonMasterSpec
from monopoly_tui.engine.mechanics.dnd_dungeon_master import RED_WIZARD
from monopoly_tui.engine.spec import CARDS
from monopoly_tui.ui.mechanics import MechanicScreens, register
from monopoly_tui.ui.toggles import Tick

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec

LEAVE_OUT = "-"
"""The choice that leaves a Dungeon Master card out of the game."""


def _sel_id(key: str) -> str:
    return "dm-" + "".join(ch if ch.isalnum() else "-" for ch in key)


class DungeonMasterScreens(MechanicScreens):
    """The Dungeon Master cards' setup and rules."""

    NAME = DUNGEON_MASTER
    config: DungeonMasterSpec

    def news_kinds(self) -> frozenset[str]:
        """A meeting with the villain (what it did) and its battle's outcome."""
        return frozenset({"red_wizard", "red_wizard_fought"})

    def setup_widgets(self, spec: Spec) -> list[Widget]:
        c = self.config
        v = spec.vocab
        out: list[Widget] = [Label("Dungeon Master cards (any, or none: the base game)",
                                   classes="mechanic-heading")]
        for dl in c.locations:
            group = spec.groups[dl.group]
            names = [(Text(f"replaces {spec.spaces[spec.deeds[d].spaces[0]].name}"),
                      spec.spaces[spec.deeds[d].spaces[0]].id) for d in group.deeds]
            out.append(Static(Text(f"{dl.name}: a {group.name} {v.location}. {dl.adventure.text}"),
                              classes="mechanic-note"))
            out.append(Select([(Text("left out"), LEAVE_OUT), *names], value=LEAVE_OUT,
                              allow_blank=False, id=_sel_id(dl.id)))
        for i, m in enumerate(c.monsters):
            name = c.monster_names[i] if i < len(c.monster_names) else f"monster {i + 1}"
            out.append(Tick(Text(f"{name}: shuffled into the deck"), False,
                                id=f"dm-monster-{i}"))
            out.append(Static(Text(m.text), classes="mechanic-note"))
        if c.red_wizard is not None:
            rw = c.red_wizard
            cards = [sp.index for sp in spec.spaces if sp.kind == CARDS]
            spaces = [(Text(f"on {place}"), spec.spaces[s].id)
                      for s, place in zip(cards, distinct_places(spec, cards), strict=True)]
            out.append(Static(Text(f"{rw.name}: takes over a card space for the game. {rw.text}"),
                              classes="mechanic-note"))
            out.append(Select([(Text("left out"), LEAVE_OUT), *spaces], value=LEAVE_OUT,
                              allow_blank=False, id=_sel_id(RED_WIZARD)))
        return out

    def setup_choices(self, root: Widget, players: int) -> dict[str, object]:
        """The Dungeon Master option as the engine reads it (its module's docstring)."""
        c = self.config
        out: dict[str, object] = {}
        locations = {}
        for dl in c.locations:
            value = root.query_one(f"#{_sel_id(dl.id)}", Select).value
            if isinstance(value, str) and value != LEAVE_OUT:
                locations[dl.id] = value
        if locations:
            out["locations"] = locations
        monsters = [i for i in range(len(c.monsters))
                    if root.query_one(f"#dm-monster-{i}", Tick).value]
        if monsters:
            out["monsters"] = monsters
        if c.red_wizard is not None:
            value = root.query_one(f"#{_sel_id(RED_WIZARD)}", Select).value
            if isinstance(value, str) and value != LEAVE_OUT:
                out["red_wizard"] = value
        return out

    def setup_problems(self, root: Widget, players: int) -> list[str]:
        """Two DM locations may not replace the same location."""
        chosen = self.setup_choices(root, players).get("locations") or {}
        assert isinstance(chosen, dict)
        seen: dict[str, str] = {}
        out = []
        by_id = {dl.id: dl.name for dl in self.config.locations}
        for dm, where in chosen.items():
            if where in seen:
                out.append(f"{by_id[dm]} and {by_id[seen[where]]} both replace the same "
                           f"{self.spec.vocab.location}")
            seen[where] = dm
        return out

    def rules_section(self, spec: Spec) -> list[str]:
        c = self.config
        if not (c.locations or c.monsters or c.red_wizard):
            return []
        return [
            "- **Dungeon Master cards** (chosen at setup): a DM location replaces a location "
            "of its colour with its own Adventure card; a DM monster is shuffled into the "
            "deck; "
            + (f"{c.red_wizard.name} takes over a card space for the game "
               f"(the red die: {c.red_wizard.target} or more, nothing; less, pay)."
               if c.red_wizard is not None else "")
        ]


register(DungeonMasterScreens)
