"""The words for what a decision asks, shared by the game screen and the dialogs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.describe import building_words
from monopoly_tui.engine.jail import rolls_out
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


def jail_way(game: Game) -> str:
    """The roll that frees a prisoner: 'doubles', or 'a 6' where a face does (Dungeons &
    Dragons)."""
    r = game.spec.rules
    return "doubles" if r.jail_roll_for_doubles or not r.jail_leave_on_face \
        else f"a {r.jail_leave_on_face}"


def jail_tries(game: Game, player: int) -> tuple[int, int]:
    """The prisoner's next try at the dice and how many the rules allow (1 where one must
    leave on the next turn): (1, 3) before the first roll."""
    r = game.spec.rules
    most = 1 if r.jail_exit_next_turn else r.jail_max_turns
    return min(game.st.players[player].jail_turns + 1, most), most


def jail_after_last(game: Game) -> str:
    """What the rules ask after the last try without getting out: 'pay $50 and move by that
    roll', or (Dungeons & Dragons) 'pay 10 gold, then roll again and move'."""
    r = game.spec.rules
    fine = money(game, r.jail_fine)
    return f"pay {fine}, then roll again and move" if r.jail_last_try == "pay_and_roll_again" \
        else f"pay {fine} and move by that roll"


def jail_standing(game: Game, player: int) -> list[str]:
    """Where a prisoner stands, plainly, in the edition's word for jail: which try at the dice
    comes next, of how many ('in Jail', 'next try for doubles: 1 of 3'), and what the last one
    leads to ('last try for doubles (3 of 3)', 'then the $50 fine'); where only paying or a card
    frees a prisoner (Longest Game Ever), just 'in Jail'. (It read 'in Jail (tries 0)'.)"""
    v = game.spec.vocab
    out = [f"in {v.jail}"]
    if not rolls_out(game.spec.rules):
        return out
    way = jail_way(game)
    n, most = jail_tries(game, player)
    fine = money(game, game.spec.rules.jail_fine)
    if most == 1:
        out += [f"one try for {way}", f"then the {fine} fine"]
    elif n >= most:
        out += [f"last try for {way} ({n} of {most})", f"then the {fine} fine"]
    else:
        out.append(f"next try for {way}: {n} of {most}")
    return out


def decision_words(game: Game, pend: Pending) -> str:
    """What the pending decision asks, in the edition's words: the banner's line and the
    heading of the list dialog (a mechanic's own decisions in its words: ``ui.mechanics``)."""
    return " ".join(decision_parts(game, pend))


def decision_parts(game: Game, pend: Pending, short: bool = False) -> list[str]:
    """``decision_words`` in the parts a narrow line may break between, each kept whole ('buy
    Double Team: Philadelphia Eagles & Pittsburgh Steelers' / 'for $200' / 'or auction it';
    it broke after 'Pittsburgh'). With ``short``, a deed is named by its space's short name
    ('PHI & PIT'), for a line too narrow for the whole name."""
    spec, st = game.spec, game.st
    v = spec.vocab
    ctx = pend.context
    k = pend.kind

    def deed_name(deed: int) -> str:
        d = spec.deeds[deed]
        return spec.spaces[d.spaces[0]].short or d.name if short and d.spaces else d.name

    if k == A.ROLL:
        instead = first(m.roll_words(game, pend.player) for m in screens_for(spec))
        if instead is not None:  # (close to death: the red die to revive, not to move)
            return break_points(instead)
        return ["roll again (doubles)" if st.again else "roll the dice"]
    if k == A.JAIL:
        return [f"in {v.jail}:", jail_ways(game, pend)]
    if k == A.BUY:
        d = spec.deeds[ctx["deed"]]
        other = "auction it" if spec.rules.auctions else "leave it"
        return [f"buy {deed_name(d.index)}", f"for {money(game, d.price)}", f"or {other}"]
    if k == A.AUCTION:
        d = ctx.get("deed", -1)
        what = deed_name(d) if d >= 0 else building_words(game, ctx.get("building")
                                                          or "house")
        return [f"bidding for {what}"]
    if k == A.TAX:
        return [f"pay {spec.spaces[ctx['space']].name}:", "choose how"]
    if k == A.DEBT:
        return [f"owes {money(game, ctx['amount'])}:", "raise the cash"]
    if k == A.TRADE:
        offer = ctx["offer"]
        return [f"answering {st.players[offer.proposer].name}'s trade offer"]
    if k == A.MORTGAGED_TRANSFER:
        return [f"lift the {v.mortgage} on {deed_name(ctx['deed'])}", "or keep it"]
    if k == A.PLACE_BUILDING:
        return [f"place {building_words(game, ctx.get('building') or 'house')}"]
    if k == A.END_TURN:
        return ["end the turn"]
    words = first(m.decision_words(game, pend) for m in screens_for(spec))
    if words is not None:
        return break_points(words)
    return [k.replace("_", " ")]


def break_points(words: str) -> list[str]:
    """A mechanic's words in parts: broken after a colon and before an 'or' ('pay M50 rent' /
    'or buy out Boardwalk 2 for M60')."""
    parts: list[str] = []
    for piece in words.replace(": ", ":\0").replace(" or ", "\0or ").split("\0"):
        if piece:
            parts.append(piece)
    return parts
