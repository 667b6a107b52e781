"""Close to death (Dungeons & Dragons: Honor Among Thieves), the mechanic ``close_to_death``,
whose numbers are the spec's ``CloseToDeathSpec``; the revival roll is a ``d20_checks`` check.

The clauses, in our words:

- **Can't pay**: a player who cannot pay pays what they can, down to nothing, and is then
  close to death, still in the game (``insolvent``): the rest of what they owe is forgiven.
- **Revival**: a player close to death does not move. At the start of each of their turns
  they roll the check die instead (``before_roll``): the revival target or more revives them:
  they take the reward from the bank and end the turn; from their next turn they play as
  usual. Less, and the turn ends (items may help the roll; a 1 and a 20 are criticals as
  always).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.frame import MechanicState, mechanic_state
from monopoly_tui.engine.frames import DebtsFrame
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.mechanics.dnd_checks import on_check_done, start_check
from monopoly_tui.engine.mechanics.dnd_config import CLOSE_TO_DEATH, CloseToDeathSpec
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import GameState

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

REVIVE = "revive"


@dataclass(slots=True)
class CloseToDeathState(MechanicState):
    """Who is close to death, by seat."""

    close: list[bool] = field(default_factory=list)


mechanic_state(CloseToDeathState, CLOSE_TO_DEATH)


def config(spec: Spec) -> CloseToDeathSpec:
    c = spec.mechanics[CLOSE_TO_DEATH]
    assert isinstance(c, CloseToDeathSpec)
    return c


def state(game: Game) -> CloseToDeathState:
    s = game.st.mech[CLOSE_TO_DEATH]
    assert isinstance(s, CloseToDeathState)
    while len(s.close) < len(game.st.players):
        s.close.append(False)
    return s


def revive_target(game: Game, p: int) -> int:
    """The roll that revives ``p`` (a character's power may lower it)."""
    return config(game.spec).revive_target


def revive_done(game: Game, p: int, about: int, won: bool, natural: int) -> None:
    if not won:
        game.emit(Event("still_close_to_death", player=p))
        return
    state(game).close[p] = False
    reward = config(game.spec).revive_reward
    game.bank_pays(p, reward)
    game.emit(Event("revived", player=p, amount=reward))


on_check_done(REVIVE, revive_done)


class CloseToDeath(Mechanic):
    """Who cannot pay is close to death and rolls to revive (the module's docstring)."""

    NAME = CLOSE_TO_DEATH

    def new_state(self) -> MechanicState | None:
        return CloseToDeathState()

    def setup(self, game: Game) -> None:
        state(game).close = [False] * len(game.st.players)

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
        state(game).close[player] = True
        game.emit(Event("close_to_death", player=player))
        if player == st.current:
            st.again = False
            st.stage = "post_move"
        return True

    def before_roll(self, game: Game, player: int) -> bool:
        if not state(game).close[player]:
            return False
        game.st.stage = "post_move"  # no move: the revival roll is the turn
        start_check(game, player, revive_target(game, player), REVIVE, player)
        return True

    def check(self, spec: Spec, st: GameState) -> list[str]:
        s = st.mech.get(CLOSE_TO_DEATH)
        if not isinstance(s, CloseToDeathState):
            return []
        return [f"mech.{CLOSE_TO_DEATH}.close[{p}]: player {p} is close to death with "
                f"{st.players[p].cash} gold"
                for p, c in enumerate(s.close) if c and p < len(st.players)
                and st.players[p].cash < 0]

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"close_to_death", "revived", "still_close_to_death"})

    def describe(self, words: Words, event: Event) -> str | None:
        w, e, v = words, event, words.spec.vocab
        if e.kind == "close_to_death":
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
