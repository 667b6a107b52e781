"""Setting a game up: the deeds dealt in a short game, and who goes first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.dice import shuffle

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


def deal_deeds(game: Game) -> None:
    """Short games: each player is dealt deeds from the shuffled pile, free or paid for."""
    r = game.spec.rules
    if not r.deal_deeds:
        return
    st = game.st
    pile = list(range(len(game.spec.deeds)))
    shuffle(st.rng, pile)
    for _ in range(r.deal_deeds):
        for p in range(len(st.players)):
            if not pile:
                return
            d = pile.pop()
            st.owner[d] = p
            price = game.spec.deeds[d].price if r.dealt_deeds_paid else 0
            if price:
                game.pay_bank(p, price)
            game.emit(Event("dealt", player=p, deed=d, amount=price))

def choose_first_player(game: Game) -> None:
    """Highest roll starts (ties roll again), or the coin-flip chain: two players flip,
    the winner flips against the next, and so on."""
    st = game.st
    n = len(st.players)
    if game.spec.rules.first_player == "coin_flip_chain":
        holder = 0
        for challenger in range(1, n):
            heads = st.rng.random() < 0.5
            winner = holder if heads else challenger
            game.emit(Event("coin_flip", player=holder, other=challenger, amount=winner))
            holder = winner
        first = holder
    else:
        contenders = list(range(n))
        while True:
            best, best_players = -1, []
            for p in contenders:
                faces = game.roll_faces(game.spec.dice.count)
                total = game.total(faces)
                game.emit(Event("first_roll", player=p, dice=faces, amount=total))
                if total > best:
                    best, best_players = total, [p]
                elif total == best:
                    best_players.append(p)
            if len(best_players) == 1:
                first = best_players[0]
                break
            contenders = best_players
    set_first_player(game, first)


def set_first_player(game: Game, first: int) -> None:
    """``first`` starts the game."""
    st = game.st
    if not 0 <= first < len(st.players):
        raise ValueError(f"no seat {first} to start: the game has {len(st.players)} players")
    st.first_player = first
    st.current = first
    game.emit(Event("starts", player=first))
