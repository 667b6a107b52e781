"""Hand-made Dungeons & Dragons games for the rule tests: the edition (``rulesets/dnd.yaml``)
with the mechanics built so far switched on."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics import REGISTRY
from monopoly_tui.engine.mechanics.dnd_checks import items_of
from monopoly_tui.engine.mechanics.dnd_config import CHARACTERS
from monopoly_tui.engine.spec import ITEM, Spec
from monopoly_tui.rules.compile import compile_ruleset
from monopoly_tui.rules.loader import load_ruleset

DRAFT = Path(__file__).resolve().parents[2] / "rulesets" / "dnd.yaml"
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve")
TOKENS = ("Edgin", "Holga", "Simon", "Doric", "Xenk")

_SPEC: dict[bool, Spec] = {}


def dnd_spec(powers: bool = True) -> Spec:
    """The draft, with only the mechanics that are built (the others are not registered);
    without the characters' powers when not ``powers``."""
    if powers not in _SPEC:
        spec = compile_ruleset(load_ruleset(DRAFT))
        _SPEC[powers] = replace(spec, mechanics={
            k: v for k, v in spec.mechanics.items()
            if k in REGISTRY and (powers or k != CHARACTERS)}, space_by_id={})
    return _SPEC[powers]


def dnd_game(players: int = 2, powers: bool = False) -> Game:
    """Ann to move, everyone on GO with 300 gold. The seats' tokens are the characters in
    order (Ann Edgin, Bob Holga, Cid Simon, Dee Doric, Eve Xenk); their powers are on only
    when ``powers`` (a hand-made test of another rule is not changed by them)."""
    game = Game.new(dnd_spec(powers),
                    list(zip(NAMES[:players], TOKENS[:players], strict=True)))
    game.st.current = game.st.first_player = 0
    return game


def script(game: Game, *values: int) -> None:
    """The next dice show these values (the black die 1-6 and the red die 1-20 alike)."""
    game.dice_source = ScriptedFaces([v - 1 for v in values])


def space(game: Game, sid: str) -> int:
    return game.spec.space_by_id[sid]


def deed(game: Game, sid: str) -> int:
    return game.spec.spaces[space(game, sid)].deed


def give_item(game: Game, p: int, add: int = 0, reroll: bool = False) -> tuple[int, int]:
    """Hand ``p`` an Item card of the deck (one that adds ``add``, or rerolls)."""
    deck = game.spec.decks[0]
    ci = next(i for i, c in enumerate(deck.cards) if c.kind == ITEM and c.amount == add
              and c.reroll == reroll and i in game.st.decks[0])
    game.st.decks[0].remove(ci)
    items_of(game, p).append((0, ci))
    return (0, ci)


def stand_before(game: Game, p: int, sid: str, steps: int = 1) -> None:
    """Put ``p`` ``steps`` spaces before the space ``sid``."""
    game.st.players[p].position = (space(game, sid) - steps) % game.spec.size


def jail(game: Game, p: int, tries: int = 0) -> None:
    """Put ``p`` in Jail, with ``tries`` failed tries behind them."""
    pl = game.st.players[p]
    pl.in_jail = True
    pl.position = game.spec.jail_space
    pl.jail_turns = tries


def secure_for(game: Game, p: int, *sids: str) -> None:
    """``p`` holds these locations, secured (their cards revealed)."""
    from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures

    for sid in sids:
        game.st.owner[deed(game, sid)] = p
        adventures(game).revealed[deed(game, sid)] = True
