"""The expert's own play of an edition with the Ring (``engine.mechanics.ring``; rulebook:LOTR,
"The Ring" and "The Ring Tracker"): one token bears the Ring, pays no rent and no tax space,
the tracker moves on at each of its turns, the Eye on either die drops the Ring and costs the
current circle's penalty, and a bearer reaching the end of the track collects the reward and
ends the game, the most money (with every property's rent paid once) winning.

What wins, as measured in seat-rotated games against the basic bots (docs/benchmarks.md,
"Lord of the Rings"): about half the games end at the end of the track, and there the bearer
wins three in four. So the Ring is kept:

- **Met by the bearer** (the expert bears the Ring and meets a player): keep it. Offering it
  hands an opponent the shield (no rent, no tax) and a fresh start towards the end, and the
  Eye's penalty, even one the cash does not cover, is paid by mortgaging (offering whenever
  the cash was short of the next circle's penalty, as the basic bot does, won 27.2% of 1,000
  games against 29.7% keeping it). The one exception: a penalty on the next circle larger
  than all the bearer could raise (cash, mortgages, buildings sold) would ruin it on one Eye;
  then it offers.
- **Meeting the bearer**: battle (a won battle takes the Ring; a lost one costs only the rest
  of the move), except when the bearer is within ``NEAR_END`` circles of the end and the end
  would leave the expert the richest: then it lets the bearer go on (``let_bearer_go``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import ring_of, state_of
from monopoly_tui.engine.spec import COUNT_RENT, DICE_RENT, STREET, Spec

if TYPE_CHECKING:
    from monopoly_tui.bots.expert import ExpertBot

NEAR_END: Final = 3
"""A bearer this many circles from the end of the track or fewer is near it."""


def applies(spec: Spec) -> bool:
    """Whether the edition has the Ring."""
    return ring_of(spec) is not None


def play(bot: ExpertBot, game: Game, kind: str, player: int) -> Action | None:
    """The expert's choice for this edition's own decisions (the module), None for the
    others."""
    if kind == A.RING:
        return ring(bot, game, player)
    return None


def ring(bot: ExpertBot, game: Game, player: int) -> Action | None:
    """A meeting on the way: battle the bearer met (or let one near the end go on when the
    end makes the expert the richest); as the bearer keep the Ring, unless one Eye on the
    next circle would ruin it (see the module)."""
    by_kind = {a.kind: a for a in game.pending.choices}
    battle = by_kind.get(A.A_BATTLE)
    keep = by_kind.get(A.A_PASS_BY)
    if battle is not None:
        if keep is not None and let_bearer_go(bot, game, player):
            return keep
        return battle
    offer = by_kind.get(A.A_OFFER_RING)
    if keep is None or offer is None:
        return None
    return offer if ruined_by_the_eye(game, player) else keep


def ruined_by_the_eye(game: Game, player: int) -> bool:
    """Whether the penalty of the next circle is more than all the bearer ``player`` could
    raise (its cash, the mortgages and the buildings it could sell)."""
    spec, st = game.spec, game.st
    r = ring_of(spec)
    if r is None:
        return False
    nxt = state_of(st).circle + 1
    if nxt >= len(r.track):
        return False  # the next turn reaches the end of the track
    return st.players[player].cash + P.raisable(spec, st, player) < r.track[nxt].penalty


def let_bearer_go(bot: ExpertBot, game: Game, player: int) -> bool:
    """Whether to pass a bearer by rather than battle: when the end of the track is near
    for the bearer (within ``NEAR_END`` circles) and would leave ``player`` the richest."""
    spec, st = game.spec, game.st
    r = ring_of(spec)
    if r is None:
        return False
    rs = state_of(st)
    if rs.bearer < 0 or len(r.track) - rs.circle > NEAR_END:
        return False
    return end_standing(bot, game, player, rs.bearer) > 0


def end_standing(bot: ExpertBot, game: Game, player: int, bearer: int = -1) -> float:
    """How far ahead of the richest opponent ``player`` would be at the end of the track
    (cash plus the payouts of its unmortgaged deeds' rent, the reward to ``bearer``, or to
    ``player`` when -1; negative when behind)."""
    spec, st = game.spec, game.st
    m = bot.m
    money = [float(q.cash) for q in st.players]
    for d in spec.deeds:
        i = d.index
        o = st.owner[i]
        if o < 0 or st.mortgaged[i]:
            continue
        if d.kind == STREET:
            money[o] += P.street_rent(spec, st, i)
        elif d.kind == COUNT_RENT:
            money[o] += P.count_rent(spec, st, i)
        elif d.kind == DICE_RENT:
            row = m.income[i]
            money[o] += (row[0] / max(1e-9, m.deed_land[i])) if row else 0.0
    r = ring_of(spec)
    if r is not None:
        money[player if bearer < 0 else bearer] += r.end_reward
    best = max((money[q] for q in range(len(money)) if q != player
                and not st.players[q].bankrupt), default=0.0)
    return money[player] - best
