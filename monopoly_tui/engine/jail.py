"""Jail: the choices of a player in jail at the start of their turn: pay the fine, use a Get
Out of Jail Free card, or roll to get out: doubles (``jail_roll_for_doubles``) or a roll
showing a given face (``jail_leave_on_face``: Dungeons & Dragons' 6); such a roll moves the
player and the turn is over. After the last failed try the fine is due: then the player moves
by that roll (``jail_last_try: pay_and_move``) or rolls again and moves
(``pay_and_roll_again``).

A player in jail always has a choice: rolling is offered whenever the rules have a way out by
the dice, whatever the player's gold (one who cannot pay the fine and holds no card rolls);
where none has (Longest Game Ever: pay or use a card), the fine is always offered, and owed as
a debt by one short of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frames import MoveAfterDebtFrame, RollAfterDebtFrame
from monopoly_tui.engine.spec import RulesSpec
from monopoly_tui.engine.state import live_claims

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


def rolls_out(rules: RulesSpec) -> bool:
    """Whether the rules have a way out of jail by the dice (doubles, or a face)."""
    return rules.jail_roll_for_doubles or rules.jail_leave_on_face > 0


def fine_before_roll(rules: RulesSpec, tries: int) -> bool:
    """Whether the fine may be paid before rolling, after ``tries`` failed tries: on every
    turn in jail, or only on the first ``jail_fine_turns`` (classic: "paying a fine of $50
    before you roll the dice on either of your next two turns"; on the third the prisoner
    rolls, and "If you do not throw doubles by your third turn, you must pay the $50 fine").
    Where no roll frees a prisoner, always."""
    return not rules.jail_fine_turns or tries < rules.jail_fine_turns or not rolls_out(rules)


def jail_choices(game: Game, p: int) -> list[Action]:
    """The choices of ``p`` in jail at the start of the turn: the fine when they can pay it (or
    must raise it: where no roll frees a prisoner, paying or a card are the only ways out) on
    a turn the rules let it be paid before rolling (``fine_before_roll``), a Get Out of Jail
    Free card when they hold one, and the roll when the rules have a way out by the dice."""
    pl, r = game.st.players[p], game.spec.rules
    choices = []
    if (pl.cash >= r.jail_fine or not rolls_out(r)) and fine_before_roll(r, pl.jail_turns):
        choices.append(Action(A.A_PAY_FINE, p))
    if pl.cards:
        choices.append(Action(A.A_USE_CARD, p))
    if rolls_out(r):
        choices.append(Action(A.A_ROLL, p))
    return choices


def rolled_out(game: Game, faces: tuple[int, ...]) -> str:
    """How this roll frees a prisoner ('doubles', 'face'), or '' when it does not."""
    if game.spec.rules.jail_roll_for_doubles and game.is_doubles(faces):
        return "doubles"
    face = game.spec.rules.jail_leave_on_face
    if face and any(game.spec.dice.values[f] == face for f in faces):
        return "face"
    return ""


def jail_roll(game: Game, a: Action) -> None:
    """In jail, roll to get out: doubles (or the face the rules name) free you and you move
    by that roll, and the turn is over (no extra roll); after the last allowed failure you
    pay the fine and move by that roll, or pay, roll again and move."""
    st, spec = game.st, game.spec
    if not rolls_out(spec.rules):
        raise IllegalAction(a, "no way out of jail by the dice here")
    p = a.player
    pl = st.players[p]
    if st.claims:
        st.claims = live_claims(st, spec.rules.rent_claim_window, p)
    faces = game.roll_faces(spec.dice.count)
    st.last_roll = faces
    total = game.total(faces)
    if not game.quiet:
        game.emit(Event("rolled", player=p, dice=faces, amount=total))
    st.stage = "post_move"
    st.again = False
    how = rolled_out(game, faces)
    if how:
        release(game, p, how)
        game.move(p, total)
        return
    pl.jail_turns += 1
    max_turns = 1 if spec.rules.jail_exit_next_turn else spec.rules.jail_max_turns
    if pl.jail_turns >= max_turns:
        release(game, p, "fine")
        if spec.rules.jail_last_try == "pay_and_roll_again":
            game.push(RollAfterDebtFrame(p))
        else:
            game.push(MoveAfterDebtFrame(p, total))
        game.owe(p, -1, spec.rules.jail_fine, "jail_fine", fee=spec.rules.jail_fine_to_pot)
    else:
        if not game.quiet:
            game.emit(Event("stays_in_jail", player=p, amount=pl.jail_turns))

def release(game: Game, p: int, how: str) -> None:
    pl = game.st.players[p]
    pl.in_jail = False
    pl.jail_turns = 0
    if not game.quiet:
        game.emit(Event("released", player=p, text=how))

def pay_fine(game: Game, a: Action) -> None:
    """Pay the fine and go free. Where no roll can free a prisoner (paying or a card are the
    only ways out), one short of the fine owes it: raise it, or go bankrupt."""
    p = a.player
    r = game.spec.rules
    fine = r.jail_fine
    if game.st.players[p].cash < fine and rolls_out(r):
        raise IllegalAction(a, "not enough cash for the fine")
    if not fine_before_roll(r, game.st.players[p].jail_turns):
        raise IllegalAction(a, f"the fine is paid before rolling only on the first "
                               f"{r.jail_fine_turns} turns; now roll (a failed roll pays it)")
    game.owe(p, -1, fine, "jail_fine", fee=r.jail_fine_to_pot)
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


JAIL_CHOICES: Final[dict[str, Callable[[Game, Action], None]]] = {
    A.A_ROLL: jail_roll,
    A.A_PAY_FINE: pay_fine,
    A.A_USE_CARD: use_card,
}
"""The handler of each choice in jail."""
