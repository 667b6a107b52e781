"""The numbers and words of the Adventure mechanics (Dungeons & Dragons: Honor Among Thieves),
as the rules compiler puts them in ``Spec.mechanics``, one block per mechanic name:

- ``d20_checks`` (``CheckDieSpec``): the check die (the red d20) and its criticals: a natural
  ``fail_face`` costs ``fail_fee``, a natural ``success_face`` pays ``success_reward``, on top
  of anything else; an item's reroll counts within ``clamp_lo``..``clamp_hi``, so an item never
  makes or removes a critical.
- ``adventures`` (``AdventuresSpec``): one Adventure card per location (``AdventureSpec``):
  the picture side, the details, the target to roll, the price to pay, the card's own
  outcome of a 1 or a 20; and how the game ends (every location secured, then the payout).
- ``characters`` (``CharactersSpec``): the characters taken at setup, each with a power.
- ``magic_mystery`` (``MagicMysterySpec``): the Magic & Mystery cards' own effects, switched
  on with the check die.
- ``portals`` (``PortalsSpec``), ``party_jail`` (``PartyJailSpec``), ``close_to_death``
  (``CloseToDeathSpec``), ``dungeon_master`` (``DungeonMasterSpec``).

The mechanics that read these blocks are still to be built: an edition that switches them on
compiles, but ``Game`` refuses it by name until they are registered (``mechanics_for``).
"""

from __future__ import annotations

from dataclasses import dataclass

from monopoly_tui.engine.frame import MechanicConfig, mechanic_config
from monopoly_tui.engine.spec import CardSpec

CHECKS = "d20_checks"
ADVENTURES = "adventures"
CHARACTERS = "characters"
PORTALS = "portals"
PARTY_JAIL = "party_jail"
CLOSE_TO_DEATH = "close_to_death"
DUNGEON_MASTER = "dungeon_master"
MAGIC_MYSTERY = "magic_mystery"

# Characters' powers
JAIL_ESCAPE = "jail_escape"
NO_CRITICAL_FAIL_FEE = "no_critical_fail_fee"
PORTAL_ANYWHERE = "portal_anywhere"
DRAW_TWO_KEEP_ONE = "draw_two_keep_one"
REVIVE_TARGET = "revive_target"


@dataclass(frozen=True, slots=True)
class CheckDieSpec(MechanicConfig):
    """The check die and its criticals."""

    die: str
    """The name of the die rolled (one of ``Spec.extra_dice``)."""
    fail_face: int
    fail_fee: int
    success_face: int
    success_reward: int
    clamp_lo: int
    clamp_hi: int


@dataclass(frozen=True, slots=True)
class AdventureSpec:
    """One Adventure card: roll ``target`` or more on the check die, or pay ``price``, to
    secure the location at ``space``."""

    id: str
    space: int
    """The location's space; -1 for a Dungeon Master card until it is placed."""
    picture: str
    text: str
    target: int
    price: int
    on_1: CardSpec | None = None
    """The card's own outcome of a natural 1 (its text is the card's words), or None."""
    on_20: CardSpec | None = None


@dataclass(frozen=True, slots=True)
class AdventuresSpec(MechanicConfig):
    """The Adventure cards, and the end when every location is secured."""

    cards: tuple[AdventureSpec, ...]
    end_when_all_secured: bool = True
    payout: str = "location_tax"
    """At the end each player collects each of their locations' tax (``location_tax``)."""
    called_payout: str = ""
    """When the game is called before that (the round cap, an agreed hour): '' for the
    core's end by valuation; else the payout then (``location_tax``, ``none``), and the most
    gold wins, as at the real end."""

    def card_at(self, space: int) -> AdventureSpec | None:
        """The Adventure card of the location at ``space``."""
        for c in self.cards:
            if c.space == space:
                return c
        return None


@dataclass(frozen=True, slots=True)
class CharacterSpec:
    id: str
    name: str
    klass: str
    power: str
    text: str
    revive_target: int = 0


@dataclass(frozen=True, slots=True)
class CharactersSpec(MechanicConfig):
    characters: tuple[CharacterSpec, ...]


@dataclass(frozen=True, slots=True)
class PortalsSpec(MechanicConfig):
    """A Portal reaches the locations up to the next Portal; passing GO pays the salary."""

    salary_on_pass: bool = True


@dataclass(frozen=True, slots=True)
class PartyJailSpec(MechanicConfig):
    """A move that ends on Just Visiting frees every prisoner (the core's jail rules say how a
    prisoner leaves by the dice: ``RulesSpec.jail_leave_on_face``, ``jail_last_try``)."""

    freed_by_just_visiting: bool = True


@dataclass(frozen=True, slots=True)
class CloseToDeathSpec(MechanicConfig):
    revive_target: int
    revive_reward: int


@dataclass(frozen=True, slots=True)
class DMLocationSpec:
    """A Dungeon Master location: it replaces a location of ``group`` with its card."""

    id: str
    name: str
    short: str
    group: int
    adventure: AdventureSpec


@dataclass(frozen=True, slots=True)
class RedWizardSpec:
    name: str
    text: str
    target: int
    lose: CardSpec


@dataclass(frozen=True, slots=True)
class DungeonMasterSpec(MechanicConfig):
    locations: tuple[DMLocationSpec, ...] = ()
    monsters: tuple[CardSpec, ...] = ()
    red_wizard: RedWizardSpec | None = None
    monster_names: tuple[str, ...] = ()
    """Each monster's name, as the setup lists it."""


@dataclass(frozen=True, slots=True)
class MagicMysterySpec(MechanicConfig):
    """The Magic & Mystery cards' own effects (monsters, moves to the next space of a kind,
    lost items) and kept Item cards as trade goods: switched on with the check die."""


mechanic_config(CheckDieSpec, CHECKS)
mechanic_config(MagicMysterySpec, MAGIC_MYSTERY)
mechanic_config(AdventuresSpec, ADVENTURES)
mechanic_config(CharactersSpec, CHARACTERS)
mechanic_config(PortalsSpec, PORTALS)
mechanic_config(PartyJailSpec, PARTY_JAIL)
mechanic_config(CloseToDeathSpec, CLOSE_TO_DEATH)
mechanic_config(DungeonMasterSpec, DUNGEON_MASTER)
