"""Hand-made Longest Game Ever states for the rule tests (rulebook:LGE)."""

from __future__ import annotations

from helpers import deed, new_game, roll, space

from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.game import Game


def lge(players: int = 2, **kw: object) -> Game:
    """A game of Longest Game Ever, Ann to move, nothing owned, the middle holding its M500."""
    return new_game("lge", players, **kw)  # type: ignore[arg-type]


def versions(game: Game, deed_id: str) -> tuple[int, ...]:
    """The spaces of a deed's three versions."""
    return game.spec.deeds[deed(game, deed_id)].spaces


def own(game: Game, player: int, *deed_ids: str, mortgaged: bool = False) -> None:
    for d in deed_ids:
        i = deed(game, d)
        game.st.owner[i] = player
        game.st.mortgaged[i] = mortgaged


def stand(game: Game, deed_id: str, at: str, count: int = 1) -> None:
    """``count`` houses (or, with houses-per-hotel + 1, a hotel) from the bank onto one version."""
    d = deed(game, deed_id)
    s = space(game, at)
    st, spec = game.st, game.spec
    for _ in range(count):
        if st.buildings[d] + 1 == B.top(spec):
            st.bank_hotels -= 1
            st.bank_houses += spec.rules.houses_per_hotel
        else:
            st.bank_houses -= 1
        B.stand(spec, st, d, s)


def at(game: Game, player: int, space_id: str) -> None:
    game.st.players[player].position = space(game, space_id)


def land(game: Game, player: int, target: str, die: int = 1) -> list[Event]:
    """Put ``player`` one die roll before ``target``, make it their turn, and roll."""
    game.st.current = player
    game.st.players[player].position = (space(game, target) - die) % game.spec.size
    return roll(game, (die,))
