"""Hand-made game states for the rule tests.

A test builds the exact position a rulebook clause talks about (who owns what, who stands where,
which card is on top, what the dice will show), plays one or two choices and checks the outcome.

Dice: ``set_dice`` hands the game a ``ScriptedDice`` source (the engine's public seam,
``Game.dice_source``), so the next rolls show exactly the faces a test names. A coin flip reads
the generator itself: ``set_random`` swaps it for a ``ScriptedRandom`` answering ``random()``
from a queue first (shuffles keep using the real generator).
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.actions import Action, Event
from monopoly_tui.engine.dice import ScriptedDice
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.position import game_from_position
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.rules import load_spec

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")


class ScriptedRandom(random.Random):
    """A generator whose ``random()`` answers from a script first, then as usual."""

    def __init__(self, x: Any = None, script: Iterable[float] = ()) -> None:
        super().__init__(x)
        self.script: list[float] = list(script)

    def random(self) -> float:
        if self.script:
            return self.script.pop(0)
        return super().random()

    def getrandbits(self, k: int) -> int:  # keeps shuffles on the real bits, not the script
        return super().getrandbits(k)

    def __reduce__(self) -> Any:
        return (_restore, (self.getstate(), list(self.script)))


def _restore(state: Any, script: list[float]) -> ScriptedRandom:
    r = ScriptedRandom()
    r.setstate(state)
    r.script = script
    return r


def spec_of(edition: str = "classic", rules: dict[str, Any] | None = None) -> Spec:
    spec = load_spec(edition)
    if rules:
        spec = spec.with_rules(spec.rules.with_overrides(rules))
    return spec


def new_game(
    edition: str = "classic",
    players: int = 2,
    *,
    variant: str | None = None,
    house_rules: dict[str, int | bool] | None = None,
    rules: dict[str, Any] | None = None,
    seed: int = 0,
    first: int | None = 0,
) -> Game:
    """A game of ``players`` players (Ann, Bob, ...) on an edition; ``first`` (default Ann) is
    made the player to move, so a test does not depend on the opening roll."""
    spec = spec_of(edition, rules)
    tokens = spec.tokens
    game = Game.new(
        spec,
        [(NAMES[i], tokens[i]) for i in range(players)],
        seed=seed,
        variant=variant,
        house_rules=house_rules,
    )
    if first is not None:
        game.st.current = first
        game.st.first_player = first
    return game


def position(text: str, rules: dict[str, Any] | None = None) -> Game:
    """The game at a position written as text (``engine.position``; the notation in
    docs/architecture.md, 'Positions as text'), on the edition its header names, with these
    rules changed. A line left out takes its default: a deed without a line is the bank's, a
    player without ``cash`` has the starting money, the decks are in the ruleset's order."""
    text = textwrap.dedent(text)
    edition = next(ln.split()[0] for ln in text.splitlines()
                   if ln.strip() and not ln.strip().startswith("#"))
    return game_from_position(spec_of(edition, rules), text)


def dice_script(spec: Spec, rolls: Sequence[Sequence[int]]) -> list[float]:
    """The ``random()`` answers that make the dice show these face values, roll by roll."""
    values = spec.dice.values
    n = len(values)
    out: list[float] = []
    for roll in rolls:
        for v in roll:
            out.append((values.index(v) + 0.5) / n)
    return out


def scripted_dice(spec: Spec, rolls: Sequence[Sequence[int]]) -> ScriptedDice:
    """Dice that show these face values first, roll by roll (``Game.new(..., dice=...)``)."""
    return ScriptedDice([v for roll in rolls for v in roll])


def set_dice(game: Game, rolls: Sequence[Sequence[int]]) -> None:
    """Force the next rolls, e.g. ``set_dice(game, [(3, 4), (6, 6)])``: the faces with these
    values, through the engine's dice seam (``Game.dice_source``); then the dice roll as
    usual from the game's generator."""
    game.dice_source = scripted_dice(game.spec, rolls)


def set_random(game: Game, values: Sequence[float]) -> None:
    """Force the next raw ``random()`` answers (a coin flip reads ``random() < 0.5``)."""
    old = game.st.rng
    r = ScriptedRandom()
    r.setstate(old.getstate())
    r.script = list(values)
    game.st.rng = r


# ------------------------------------------------------------------ looking things up


def deed(game: Game, deed_id: str) -> int:
    for d in game.spec.deeds:
        if d.id == deed_id:
            return d.index
    raise KeyError(deed_id)


def space(game: Game, space_id: str) -> int:
    return game.spec.space_by_id[space_id]


def group(game: Game, group_id: str) -> int:
    for g in game.spec.groups:
        if g.id == group_id:
            return g.index
    raise KeyError(group_id)


def deck(game: Game, deck_id: str) -> int:
    for dk in game.spec.decks:
        if dk.id == deck_id:
            return dk.index
    raise KeyError(deck_id)


def card(game: Game, deck_id: str, kind: str, **fields: Any) -> int:
    """The index of the first card of a deck with this effect kind (and these fields)."""
    dk = game.spec.decks[deck(game, deck_id)]
    for i, c in enumerate(dk.cards):
        if c.kind == kind and all(getattr(c, k) == v for k, v in fields.items()):
            return i
    raise KeyError((deck_id, kind, fields))


def card_on_top(game: Game, deck_id: str, kind: str, **fields: Any) -> int:
    """Put the named card on top of its deck; returns its index."""
    di = deck(game, deck_id)
    ci = card(game, deck_id, kind, **fields)
    order = game.st.decks[di]
    order.remove(ci)
    order.insert(0, ci)
    return ci


# ------------------------------------------------------------------ setting up positions


def give(game: Game, player: int, *deed_ids: str, mortgaged: bool = False) -> None:
    for d_id in deed_ids:
        d = deed(game, d_id)
        game.st.owner[d] = player
        game.st.mortgaged[d] = mortgaged


def give_group(game: Game, player: int, group_id: str) -> tuple[int, ...]:
    deeds = game.spec.groups[group(game, group_id)].deeds
    for d in deeds:
        game.st.owner[d] = player
        game.st.mortgaged[d] = False
    return deeds


def build(game: Game, deed_id: str, level: int) -> None:
    """Put buildings on a deed straight from the bank's supply (``level`` = houses, or
    houses-per-hotel + 1 for a hotel)."""
    st = game.st
    d = deed(game, deed_id)
    h = game.spec.rules.houses_per_hotel
    old = st.buildings[d]
    # give the old buildings back
    if old > h:
        st.bank_hotels += 1
    else:
        st.bank_houses += old
    if level > h:
        st.bank_hotels -= 1
    else:
        st.bank_houses -= level
    B.set_level(game.spec, st, d, level)


def place(game: Game, player: int, space_id: str) -> None:
    game.st.players[player].position = space(game, space_id)


def jail(game: Game, player: int, tries: int = 0) -> None:
    pl = game.st.players[player]
    pl.position = game.spec.jail_space
    pl.in_jail = True
    pl.jail_turns = tries


def cash(game: Game, *amounts: int) -> None:
    """Set every player's cash, keeping the ledger (the bank paid or took the difference)."""
    st = game.st
    for p, amount in enumerate(amounts):
        st.bank_net += amount - st.players[p].cash
        st.players[p].cash = amount


def cashes(game: Game) -> list[int]:
    return [p.cash for p in game.st.players]


def ledger_ok(game: Game) -> bool:
    st = game.st
    return sum(p.cash for p in st.players) + st.pot == st.starting_total + st.bank_net


# ------------------------------------------------------------------ playing


def act(game: Game, kind: str, player: int | None = None, target: int = -1, amount: int = 0,
        trade: TradeOffer | None = None) -> list[Event]:
    who = game.pending.player if player is None else player
    return game.act(Action(kind, who, target, amount, trade))


def roll(game: Game, *rolls: Sequence[int]) -> list[Event]:
    """Force the dice (if given) and roll for the player to move."""
    if rolls:
        set_dice(game, rolls)
    return act(game, A.A_ROLL)


def end_turn(game: Game) -> list[Event]:
    return act(game, A.A_END_TURN)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def choice_kinds(game: Game) -> set[str]:
    return {a.kind for a in game.pending.choices}
