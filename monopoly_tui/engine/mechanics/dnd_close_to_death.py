"""Close to death (Dungeons & Dragons: Honor Among Thieves), the mechanic ``close_to_death``,
whose numbers are the spec's ``CloseToDeathSpec``; the revival roll is a ``d20_checks`` check.

The clauses, in our words:

- **Can't pay**: a player who cannot pay pays what they can, down to nothing, and is then
  close to death, still in the game (``Player.status`` is ``INSOLVENT``): the rest of what they
  owe is forgiven.
- **In Jail** (designed: open question 5): a prisoner who goes close to death leaves Jail
  (on the jail corner, Just Visiting): from then on the revival roll is his turn, never a try
  for a 6, so a player close to death never moves.
- **Revival**: "You are now bankrupt… so you must now roll the red die": the first revival
  roll comes at once, the moment the player is close to death (``ReviveFrame``, whoever's
  turn it is). The revival target or more revives them: they take the reward from the bank
  (their status is ``PLAYING`` again) and, in their own turn, the turn ends; from their next
  turn they play as usual. Less, and they stay close to death: they do not move, and at the
  start of each of their turns they roll the check die again instead ("keep rolling the red
  die, once per turn", ``before_roll``). Items may help the roll; a 1 and a 20 are criticals
  as always (a Critical Fail's fee owed close to death is paid as far as it can be, with no
  second roll).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from monopoly_tui.engine.actions import A_BANKRUPT, Action, Event
from monopoly_tui.engine.frame import Frame, frame_type
from monopoly_tui.engine.frames import DebtsFrame
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_characters import revive_target_of
from monopoly_tui.engine.mechanics.dnd_checks import on_check_done, start_check
from monopoly_tui.engine.mechanics.dnd_config import CLOSE_TO_DEATH, CloseToDeathSpec
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import INSOLVENT, PLAYING, GameState

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

REVIVE = "revive"


def config(spec: Spec) -> CloseToDeathSpec:
    c = spec.mechanics[CLOSE_TO_DEATH]
    assert isinstance(c, CloseToDeathSpec)
    return c


def close_to_death(st: GameState, p: int) -> bool:
    """``p`` is close to death: could not pay, still in the game (``INSOLVENT``)."""
    return st.players[p].status == INSOLVENT


def revive_target(game: Game, p: int) -> int:
    """The roll that revives ``p`` (a character's power may lower it: Xenk's 4)."""
    return revive_target_of(game, p, config(game.spec).revive_target)


def revive_done(game: Game, p: int, about: int, won: bool, natural: int) -> None:
    if not won:
        game.emit(Event("still_close_to_death", player=p))
        return
    game.st.players[p].status = PLAYING
    reward = config(game.spec).revive_reward
    game.bank_pays(p, reward)
    game.emit(Event("revived", player=p, amount=reward))


on_check_done(REVIVE, revive_done)


@dataclass(slots=True)
class ReviveFrame(Frame):
    """Just close to death: the first revival roll, at once ("so you must now roll the red
    die"). A step, run once the payments still owed by others are settled (just below the
    debts' rank)."""

    player: int

    def rank(self) -> int:
        return 59

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def run(self, game: Game) -> None:
        game.pop(self)
        if close_to_death(game.st, self.player):
            start_check(game, self.player, revive_target(game, self.player), REVIVE,
                        self.player)


frame_type(ReviveFrame, "dnd_revive")


class CloseToDeath(Mechanic):
    """Who cannot pay is close to death and rolls to revive (the module's docstring)."""

    NAME = CLOSE_TO_DEATH

    def insolvent(self, game: Game, player: int, creditor: int) -> bool:
        st = game.st
        pl = st.players[player]
        paid = pl.cash
        if paid:
            if creditor >= 0:
                st.players[creditor].cash += paid
            else:
                st.bank_net -= paid
            pl.cash = 0
            game.emit(Event("paid", player=player, other=creditor, amount=paid,
                            text="close_to_death"))
        debts = game.find(DebtsFrame)
        if debts is not None:
            debts.debts = [d for d in debts.debts if d.debtor != player]
            if not debts.debts:
                game.pop(debts)
        if any(f.belongs_to(player) for f in st.frames):  # their move, their choices
            st.frames = [f for f in st.frames if not f.belongs_to(player)]
        already = pl.status == INSOLVENT  # (a Critical Fail's fee on a revival roll)
        pl.status = INSOLVENT
        jailed = pl.in_jail
        if jailed:  # the revival roll is the turn now, not a try for a 6
            pl.in_jail = False
            pl.jail_turns = 0
        game.emit(Event("close_to_death", player=player, text="jail" if jailed else ""))
        if player == st.current:
            st.again = False
            st.stage = "post_move"
        if not already:
            game.push(ReviveFrame(player))
        return True

    def before_roll(self, game: Game, player: int) -> bool:
        if not close_to_death(game.st, player):
            return False
        game.st.stage = "post_move"  # no move: the revival roll is the turn
        start_check(game, player, revive_target(game, player), REVIVE, player)
        return True

    def check(self, spec: Spec, st: GameState) -> list[str]:
        return [f"players[{p}]: close to death with {pl.cash} gold"
                for p, pl in enumerate(st.players) if pl.status == INSOLVENT and pl.cash < 0]

    def action_words(self, words: Words, action: Action) -> str | None:
        """Giving up on a debt is not bankruptcy here: pay what one has and be close to
        death (``insolvent``)."""
        if action.kind != A_BANKRUPT:
            return None
        return f"pay all the {words.v.currency} they have and be {words.v.close_to_death}"

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"close_to_death", "revived", "still_close_to_death"})

    def describe(self, words: Words, event: Event) -> str | None:
        w, e, v = words, event, words.spec.vocab
        if e.kind == "close_to_death":
            if e.text == "jail":
                return (f"{w.Who(e.player)} cannot pay and is {v.close_to_death}: out of "
                        f"{v.jail}, rolling to {v.revive} instead")
            return f"{w.Who(e.player)} cannot pay and is {v.close_to_death}"
        if e.kind == "revived":
            return (f"{w.Who(e.player)} {v.revive}s and takes {w.money(e.amount)} from the "
                    f"{v.bank}")
        if e.kind == "still_close_to_death":
            return f"{w.Who(e.player)} is still {v.close_to_death}"
        return None

    def reason_words(self, words: Words, reason: str, target: int) -> str | None:
        if reason == "close_to_death":
            return "all they had"
        return None


register(CloseToDeath)
