"""A sensible answer to a meeting on the way (``ring_encounter``), for editions with the Ring.

- Someone meets the bearer: battle. Winning costs nothing and gives the Ring with the tracker on
  Start (no rent, no tax, the first Eye penalty small); losing costs nothing but the rest of the
  move when passing by.
- The bearer meets someone: keep the Ring while the cash covers the Eye's penalty on the next
  circle (the worst the next roll can cost) or the next circle is the end of the track (its
  reward); otherwise offer it, which hands the risk away and resets the tracker.
"""

from __future__ import annotations

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import rules, state_of


def ring_choice(game: Game, player: int) -> Action:
    """The choice for a ``ring_encounter`` decision of ``player``."""
    pend = game.pending
    if pend.kind != A.RING or pend.player != player:
        raise ValueError(f"player {player} owes no {A.RING} decision")
    by_kind = {a.kind: a for a in pend.choices}
    if A.A_BATTLE in by_kind:
        return by_kind[A.A_BATTLE]
    spec, st = game.spec, game.st
    track = rules(spec).track
    nxt = state_of(st).circle + 1
    if nxt >= len(track) or st.players[player].cash >= track[nxt].penalty:
        return by_kind[A.A_PASS_BY]
    return by_kind[A.A_OFFER_RING]
