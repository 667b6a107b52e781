"""Jail: the choices of a player in jail at the start of their turn: pay the fine, use a Get
Out of Jail Free card, or roll for doubles (after the last failed roll, pay and move)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frames import MoveAfterDebtFrame

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


def jail_roll(game: Game, a: Action) -> None:
    """In jail, roll for doubles: doubles free you and you move (no extra roll); after the
    last allowed failure you pay the fine and move by that roll."""
    st, spec = game.st, game.spec
    p = a.player
    pl = st.players[p]
    if st.claims:
        st.claims = [c for c in st.claims if c.payer == p]
    faces = game.roll_faces(spec.dice.count)
    st.last_roll = faces
    total = game.total(faces)
    game.emit(Event("rolled", player=p, dice=faces, amount=total))
    st.stage = "post_move"
    st.again = False
    if game.is_doubles(faces):
        release(game, p, "doubles")
        game.move(p, total)
        return
    pl.jail_turns += 1
    max_turns = 1 if spec.rules.jail_exit_next_turn else spec.rules.jail_max_turns
    if pl.jail_turns >= max_turns:
        release(game, p, "fine")
        game.push(MoveAfterDebtFrame(p, total))
        game.owe(p, -1, spec.rules.jail_fine, "jail_fine", fee=True)
    else:
        game.emit(Event("stays_in_jail", player=p, amount=pl.jail_turns))

def release(game: Game, p: int, how: str) -> None:
    pl = game.st.players[p]
    pl.in_jail = False
    pl.jail_turns = 0
    game.emit(Event("released", player=p, text=how))

def pay_fine(game: Game, a: Action) -> None:
    p = a.player
    fine = game.spec.rules.jail_fine
    if game.st.players[p].cash < fine:
        raise IllegalAction(a, "not enough cash for the fine")
    game.owe(p, -1, fine, "jail_fine", fee=True)
    release(game, p, "fine")

def use_card(game: Game, a: Action) -> None:
    """A Get Out of Jail Free card frees you and goes under its deck."""
    pl = game.st.players[a.player]
    if not pl.cards:
        raise IllegalAction(a, "no Get Out of Jail Free card")
    deck, ci = pl.cards.pop(0)
    game.st.decks[deck].append(ci)
    game.emit(Event("used_card", player=a.player, card=(deck, ci)))
    release(game, a.player, "card")


JAIL_CHOICES: dict[str, Callable[[Game, Action], None]] = {
    A.A_ROLL: jail_roll,
    A.A_PAY_FINE: pay_fine,
    A.A_USE_CARD: use_card,
}
"""The handler of each choice in jail."""
