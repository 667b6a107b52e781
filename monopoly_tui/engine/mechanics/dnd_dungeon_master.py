"""Become a Dungeon Master (Dungeons & Dragons: Honor Among Thieves), the mechanic
``dungeon_master``, whose cards are the spec's ``DungeonMasterSpec``.

The clauses, in our words:

- At setup the table adds any of the Dungeon Master cards (none: the base game). The choice
  is a setup option of the game (``Game.new(setup={"dungeon_master": ...})``, kept in the
  save), and the game's board is derived from the edition and that choice (``shape``):
- **A DM Location card** (with its DM Adventure card) replaces a location of its colour, the
  one the players choose: the space keeps its place, colour and amount, and takes the DM
  card's name and Adventure card.
- **The DM monsters** are shuffled into the deck of the Magic & Mystery spaces.
- **Szass Tam** replaces one Magic & Mystery space (the players choose which) for the whole
  game: a lander rolls the check die (items may help, criticals count): the target or more,
  nothing happens; less, pay the loss to the bank.

The option, as data: ``{"locations": {DM location id: id of the location it replaces},
"monsters": [index of each DM monster added], "red_wizard": id of the Magic & Mystery space}``;
every key may be left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from random import Random
from typing import TYPE_CHECKING

from monopoly_tui.engine import spaces
from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.mechanics import register, setup_option
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_cards import lose
from monopoly_tui.engine.mechanics.dnd_checks import on_check_done, start_check
from monopoly_tui.engine.mechanics.dnd_config import (
    ADVENTURES,
    DUNGEON_MASTER,
    AdventuresSpec,
    DungeonMasterSpec,
)
from monopoly_tui.engine.spec import CARDS, LOCATION, SpaceSpec, Spec

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

RED_WIZARD = "red_wizard"
"""The space kind of Szass Tam's space, and the purpose of its check."""


def config(spec: Spec) -> DungeonMasterSpec:
    c = spec.mechanics[DUNGEON_MASTER]
    assert isinstance(c, DungeonMasterSpec)
    return c


def dm_cards(spec: Spec) -> list[tuple[str, str, str]]:
    """The Dungeon Master cards, as (key, name, what it does): a location by its id, a
    monster as ``monster-N`` (1-based), Szass Tam as ``red_wizard``."""
    c = config(spec)
    out = [(dl.id, dl.name, f"replaces a {spec.groups[dl.group].name} "
            f"{spec.vocab.location}; {dl.adventure.text}") for dl in c.locations]
    out += [(f"monster-{i + 1}", c.monster_names[i] if i < len(c.monster_names) else m.text,
             m.text) for i, m in enumerate(c.monsters)]
    if c.red_wizard is not None:
        out.append((RED_WIZARD, c.red_wizard.name, c.red_wizard.text))
    return out


def dm_choice(spec: Spec, which: str, seed: int) -> dict[str, object]:
    """The setup choice for the Dungeon Master cards named in ``which`` (``all``, or their
    keys from ``dm_cards`` separated by commas), with the location each DM location replaces
    and Szass Tam's space picked by ``seed`` (a simulation's table). Raises ``ValueError`` for
    an unknown key."""
    c = config(spec)
    keys = [k for k, _, _ in dm_cards(spec)]
    wanted = keys if which.strip() == "all" else [k.strip() for k in which.split(",") if k.strip()]
    unknown = [k for k in wanted if k not in keys]
    if unknown:
        raise ValueError(f"no Dungeon Master card {', '.join(unknown)} (cards: all, "
                         f"{', '.join(keys)})")
    rng = Random(seed * 104729 + 3)
    locations: dict[str, str] = {}
    for dl in c.locations:
        if dl.id in wanted:
            spaces_of = [spec.spaces[spec.deeds[d].spaces[0]].id
                         for d in spec.groups[dl.group].deeds]
            locations[dl.id] = rng.choice(spaces_of)
    out: dict[str, object] = {}
    if locations:
        out["locations"] = locations
    monsters = [i for i in range(len(c.monsters)) if f"monster-{i + 1}" in wanted]
    if monsters:
        out["monsters"] = monsters
    if RED_WIZARD in wanted:
        out["red_wizard"] = rng.choice([sp.id for sp in spec.spaces if sp.kind == CARDS])
    return out


def shape(spec: Spec, choice: object) -> Spec:
    """The game's board with the chosen Dungeon Master cards (the module's docstring).
    Raises ``ValueError`` saying what is wrong with the choice."""
    c = config(spec)
    if not isinstance(choice, Mapping):
        raise ValueError("the Dungeon Master choice must be a mapping of locations, monsters "
                         "and red_wizard")
    unknown = sorted(set(choice) - {"locations", "monsters", "red_wizard"})
    if unknown:
        raise ValueError(f"Dungeon Master: unknown key(s) {', '.join(unknown)} (known: "
                         "locations, monsters, red_wizard)")
    space_list = list(spec.spaces)
    deeds = list(spec.deeds)
    adv = spec.mechanics.get(ADVENTURES)
    cards = list(adv.cards) if isinstance(adv, AdventuresSpec) else []
    by_id = {dl.id: dl for dl in c.locations}
    locations = choice.get("locations") or {}
    if not isinstance(locations, Mapping):
        raise ValueError("Dungeon Master locations: a mapping of DM location to the "
                         "location it replaces")
    used: set[str] = set()
    for dm_id, where in locations.items():
        dl = by_id.get(str(dm_id))
        if dl is None:
            raise ValueError(f"Dungeon Master: no DM location '{dm_id}' (known: "
                             f"{', '.join(by_id) or 'none'})")
        si = spec.space_by_id.get(str(where), -1)
        sp = spec.spaces[si] if si >= 0 else None
        if sp is None or sp.kind != LOCATION or spec.deeds[sp.deed].group != dl.group:
            names = ", ".join(spec.spaces[spec.deeds[d].spaces[0]].id
                              for d in spec.groups[dl.group].deeds)
            raise ValueError(f"Dungeon Master: {dl.name} replaces a location of its colour "
                             f"({names}), not '{where}'")
        if sp.id in used:
            raise ValueError(f"Dungeon Master: '{where}' is replaced twice")
        used.add(sp.id)
        space_list[si] = replace(sp, id=dl.id, name=dl.name, short=dl.short)
        deeds[sp.deed] = replace(deeds[sp.deed], id=dl.id, name=dl.name)
        cards = [replace(dl.adventure, space=si) if a.space == si else a for a in cards]
    decks = list(spec.decks)
    monsters = choice.get("monsters") or []
    if not isinstance(monsters, (list, tuple)):
        raise ValueError("Dungeon Master monsters: a list of the monsters' numbers")
    if monsters:
        di = next((s.deck for s in spec.spaces if s.kind == CARDS and s.deck >= 0), -1)
        if di < 0:
            raise ValueError("Dungeon Master monsters: the board has no card space")
        extra = []
        for m in monsters:
            if not isinstance(m, int) or not 0 <= m < len(c.monsters):
                raise ValueError(f"Dungeon Master: no monster {m!r} (0 to "
                                 f"{len(c.monsters) - 1})")
            extra.append(c.monsters[m])
        if len(set(monsters)) != len(monsters):
            raise ValueError("Dungeon Master: a monster is named twice")
        decks[di] = replace(decks[di], cards=decks[di].cards + tuple(extra))
    wizard = choice.get("red_wizard")
    if wizard:
        if c.red_wizard is None:
            raise ValueError("this edition has no Red Wizard card")
        si = spec.space_by_id.get(str(wizard), -1)
        if si < 0 or spec.spaces[si].kind != CARDS:
            raise ValueError(f"Dungeon Master: {c.red_wizard.name} replaces a card space, "
                             f"not '{wizard}'")
        space_list[si] = replace(spec.spaces[si], kind=RED_WIZARD, name=c.red_wizard.name,
                                 short=c.red_wizard.name[:14], deck=-1)
    mechanics = dict(spec.mechanics)
    if isinstance(adv, AdventuresSpec):
        mechanics[ADVENTURES] = replace(adv, cards=tuple(cards))
    return replace(spec, spaces=tuple(space_list), deeds=tuple(deeds), decks=tuple(decks),
                   mechanics=mechanics, space_by_id={})


setup_option(DUNGEON_MASTER, shape)


def land_on_red_wizard(game: Game, p: int, sp: SpaceSpec, roll: int, rent_mult: int,
                       dice_mult: int) -> None:
    """Szass Tam's space: a fight on the check die."""
    rw = config(game.spec).red_wizard
    if rw is None:
        return
    game.emit(Event("red_wizard", player=p, space=sp.index, text=rw.text))
    start_check(game, p, rw.target, RED_WIZARD, sp.index)


def red_wizard_done(game: Game, p: int, about: int, won: bool, natural: int) -> None:
    rw = config(game.spec).red_wizard
    assert rw is not None
    game.emit(Event("red_wizard_fought", player=p, space=about, text="won" if won else "lost"))
    if not won:
        lose(game, p, rw.lose.kind, rw.lose.amount, -1, RED_WIZARD)


spaces.register(RED_WIZARD, land_on_red_wizard)
on_check_done(RED_WIZARD, red_wizard_done)


class DungeonMaster(Mechanic):
    """The Dungeon Master cards (the module's docstring): their board is the game's spec;
    Szass Tam's space is a space kind of its own."""

    NAME = DUNGEON_MASTER

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"red_wizard", "red_wizard_fought"})

    def describe(self, words: Words, event: Event) -> str | None:
        w, e = words, event
        rw = config(w.spec).red_wizard
        name = rw.name if rw is not None else "the Red Wizard"
        if e.kind == "red_wizard":
            return f"{w.Who(e.player)} meets {name}: {e.text}"
        if e.kind == "red_wizard_fought":
            if e.text == "won":
                return f"{w.Who(e.player)} wins the battle with {name}"
            return f"{w.Who(e.player)} loses the battle with {name}"
        return None

    def reason_words(self, words: Words, reason: str, target: int) -> str | None:
        if reason == RED_WIZARD:
            rw = config(words.spec).red_wizard
            return f"losing to {rw.name if rw is not None else 'the Red Wizard'}"
        return None


register(DungeonMaster)
