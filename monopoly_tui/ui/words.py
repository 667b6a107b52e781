"""The words for what a decision asks, shared by the game screen and the dialogs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.describe import building_words
from monopoly_tui.ui.mechanics import first, screens_for
from monopoly_tui.ui.render import money

if TYPE_CHECKING:
    from monopoly_tui.engine.actions import Pending
    from monopoly_tui.engine.game import Game


def jail_ways(game: Game, pend: Pending) -> str:
    """The ways out of jail the prisoner has now, as the pending choices offer them: paying,
    a card, the roll (for doubles, or for the face the rules name); a single way "to get
    out" (Longest Game Ever: "pay M50 ... or use a Get Out of Jail Free card", no dice)."""
    r = game.spec.rules
    kinds = {a.kind for a in pend.choices}
    ways = []
    if A.A_PAY_FINE in kinds:
        ways.append("pay")
    if A.A_USE_CARD in kinds:
        ways.append("use a card")
    if A.A_ROLL in kinds:
        ways.append("roll for doubles" if r.jail_roll_for_doubles
                    else f"roll a {r.jail_leave_on_face}" if r.jail_leave_on_face else "roll")
    if not ways:
        return "wait"
    if len(ways) == 1:
        return f"{ways[0]} to get out"
    return f"{', '.join(ways[:-1])} or {ways[-1]}"


def decision_words(game: Game, pend: Pending) -> str:
    """What the pending decision asks, in the edition's words: the banner's line and the
    heading of the list dialog (a mechanic's own decisions in its words: ``ui.mechanics``)."""
    spec, st = game.spec, game.st
    v = spec.vocab
    ctx = pend.context
    k = pend.kind
    if k == A.ROLL:
        return "roll again (doubles)" if st.again else "roll the dice"
    if k == A.JAIL:
        return f"in {v.jail}: {jail_ways(game, pend)}"
    if k == A.BUY:
        d = spec.deeds[ctx["deed"]]
        other = "auction it" if spec.rules.auctions else "leave it"
        return f"buy {d.name} for {money(game, d.price)} or {other}"
    if k == A.AUCTION:
        d = ctx.get("deed", -1)
        what = spec.deeds[d].name if d >= 0 else building_words(game, ctx.get("building")
                                                                or "house")
        return f"bidding for {what}"
    if k == A.TAX:
        return f"pay {spec.spaces[ctx['space']].name}: choose how"
    if k == A.DEBT:
        return f"owes {money(game, ctx['amount'])}: raise the cash"
    if k == A.TRADE:
        offer = ctx["offer"]
        return f"answering {st.players[offer.proposer].name}'s trade offer"
    if k == A.MORTGAGED_TRANSFER:
        return f"lift the {v.mortgage} on {spec.deeds[ctx['deed']].name} or keep it"
    if k == A.PLACE_BUILDING:
        return f"place {building_words(game, ctx.get('building') or 'house')}"
    if k == A.END_TURN:
        return "end the turn"
    words = first(m.decision_words(game, pend) for m in screens_for(spec))
    if words is not None:
        return words
    return k.replace("_", " ")
