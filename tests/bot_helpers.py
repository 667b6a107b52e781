"""Hand-made positions for the bots' tests (the basic bot's and the expert's): a game with its
first player seated, deeds and groups by their ruleset ids, cash, buildings and owners set
directly."""

from __future__ import annotations

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec


def new_game(edition: str = "classic", players: int = 2, seed: int = 0,
             variant: str | None = None) -> Game:
    """A new game of the edition, seat 0 to play first."""
    spec = load_spec(edition)
    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(players)], seed=seed,
                    variant=variant)
    game.st.current = game.st.first_player = 0
    return game


def deed_of(game: Game, deed_id: str) -> int:
    """The index of the deed with this id."""
    return next(d.index for d in game.spec.deeds if d.id == deed_id)


def group(game: Game, group_id: str) -> tuple[int, ...]:
    """The deeds of the group with this id."""
    return next(g.deeds for g in game.spec.groups if g.id == group_id)


def set_cash(game: Game, *amounts: int) -> None:
    """Each player's cash, in seat order (the bank's balance follows)."""
    st = game.st
    for p, amount in enumerate(amounts):
        st.bank_net += amount - st.players[p].cash
        st.players[p].cash = amount


def build(game: Game, deed: int, level: int) -> None:
    """A street at a building level, its houses or hotel taken from the bank."""
    st = game.st
    h = game.spec.rules.houses_per_hotel
    st.bank_houses -= level if level <= h else 0
    st.bank_hotels -= 1 if level > h else 0
    B.set_level(game.spec, st, deed, level)


def own(game: Game, player: int, *deeds: int) -> None:
    """Hand the deeds to ``player``."""
    for d in deeds:
        game.st.owner[d] = player


def end_of_turn(game: Game) -> None:
    """Seat 0 at the end of its turn (after its move)."""
    game.st.stage = "post_move"
    assert game.waiting_for == (A.END_TURN, 0)
