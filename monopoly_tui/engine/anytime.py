"""What a player may do at any time the rules allow: build, sell buildings, mortgage, lift a
mortgage, propose a trade, ask for rent owed. (When they may: ``Game.anytime_problem``.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frames import TradeFrame, place, start_auction
from monopoly_tui.engine.spec import STREET
from monopoly_tui.engine.state import TradeOffer

if TYPE_CHECKING:
    from monopoly_tui.engine.game import Game


def build(game: Game, a: Action) -> None:
    """Buy a house (or a hotel) from the bank for a street, building evenly. When the bank has
    fewer left than players who could buy one, the building is auctioned among them: the
    bidding opens at the building's cost (classic, designed: the rulebook names no opening) or
    at the auction's smallest bid (``building_auction_opening``; Lord of the Rings: 'Bids start
    at M1 and anyone can increase the bid by as little as M1')."""
    st, spec = game.st, game.spec
    why = P.can_build(spec, st, a.player, a.target) if 0 <= a.target < len(spec.deeds) \
        else "no such deed"
    if why:
        raise IllegalAction(a, why)
    d = spec.deeds[a.target]
    hotel = st.buildings[a.target] + 1 == P.hotel_level(spec)
    kind = "hotel" if hotel else "house"
    # A shortage: more players could build than the bank has buildings left.
    left = st.bank_hotels if hotel else st.bank_houses
    # No shortage is possible while the bank has a building for every player.
    wanting = could_build(game, kind) if left < len(st.players) and spec.rules.auctions \
        else []
    if len(wanting) > 1 and left < len(wanting):
        start_auction(game, -1, first=a.player, building=kind,
                      bidders=[a.player] + [w for w in wanting if w != a.player],
                      requester=a.player, request_deed=a.target,
                      floor=(d.hotel_cost if hotel else d.house_cost)
                      if spec.rules.building_auction_opening == "cost" else 0)
        return
    game.pay_bank(a.player, d.hotel_cost if hotel else d.house_cost)
    place(game, a.player, a.target, kind)


def could_build(game: Game, kind: str) -> list[int]:
    """Players who could legally buy a building of this kind now."""
    st, spec = game.st, game.spec
    out = []
    for q, pl in enumerate(st.players):
        if pl.bankrupt:
            continue
        for d in spec.deeds:
            if st.owner[d.index] == q and d.kind == STREET \
                    and not P.can_build(spec, st, q, d.index):
                is_hotel = st.buildings[d.index] + 1 == P.hotel_level(spec)
                if (kind == "hotel") == is_hotel:
                    out.append(q)
                    break
    return out


def sell_building(game: Game, a: Action) -> None:
    """Sell a house (or a hotel, for houses back) to the bank at the sale price."""
    st, spec = game.st, game.spec
    why = P.can_sell_building(spec, st, a.player, a.target) \
        if 0 <= a.target < len(spec.deeds) else "no such deed"
    if why:
        raise IllegalAction(a, why)
    d = spec.deeds[a.target]
    if st.buildings[a.target] == P.hotel_level(spec):
        st.bank_hotels += 1
        st.bank_houses -= spec.rules.houses_per_hotel
        value = P.sell_price(spec, d.hotel_cost)
        kind = "hotel"
    else:
        st.bank_houses += 1
        value = P.sell_price(spec, d.house_cost)
        kind = "house"
    at = B.take(spec, st, a.target)
    game.bank_pays(a.player, value)
    if not game.quiet:
        game.emit(Event("sold_building", player=a.player, deed=a.target, space=at, amount=value,
                        text=kind))
    if kind == "hotel":
        for m in game.mechanics:
            m.placed(game, a.player, a.target, at, "houses")


def sell_all(game: Game, a: Action) -> None:
    """Sell every building of a colour group at once (always possible, even when the bank
    is short of houses to break a hotel). Where buildings belong to their street, the
    player's own streets of the group."""
    st, spec = game.st, game.spec
    if not 0 <= a.target < len(spec.groups):
        raise IllegalAction(a, "no such group")
    deeds = spec.groups[a.target].deeds
    if not has_buildings_on(game, a.player, a.target):
        raise IllegalAction(a, "you have no buildings on that group")
    for d in deeds:
        if st.owner[d] == a.player:
            sell_all_on(game, a.player, d)


def has_buildings_on(game: Game, p: int, group: int) -> bool:
    """Whether ``p``'s buildings stand on a colour group (the whole group theirs, unless
    buildings belong to their street)."""
    st, spec = game.st, game.spec
    deeds = spec.groups[group].deeds
    if spec.rules.building_scope == "street":
        return any(st.buildings[d] and st.owner[d] == p for d in deeds)
    return any(st.buildings[d] for d in deeds) and all(st.owner[d] == p for d in deeds)


def sell_all_on(game: Game, p: int, deed: int) -> None:
    """Every building on one street back to the bank at the sale price."""
    st, spec = game.st, game.spec
    level = st.buildings[deed]
    if not level:
        return
    value = P.buildings_sale_value(spec, st, deed)
    if level == P.hotel_level(spec):
        st.bank_hotels += 1
    else:
        st.bank_houses += level
    B.clear(spec, st, deed)
    game.bank_pays(p, value)
    if not game.quiet:
        game.emit(Event("sold_building", player=p, deed=deed, amount=value, text="all"))


def mortgage(game: Game, a: Action) -> None:
    st, spec = game.st, game.spec
    why = P.can_mortgage(spec, st, a.player, a.target) \
        if 0 <= a.target < len(spec.deeds) else "no such deed"
    if why:
        raise IllegalAction(a, why)
    st.mortgaged[a.target] = True
    value = spec.deeds[a.target].mortgage
    game.bank_pays(a.player, value)
    if not game.quiet:
        game.emit(Event("mortgaged", player=a.player, deed=a.target, amount=value))


def unmortgage(game: Game, a: Action) -> None:
    st, spec = game.st, game.spec
    if not 0 <= a.target < len(spec.deeds) or st.owner[a.target] != a.player \
            or not st.mortgaged[a.target]:
        raise IllegalAction(a, "not a mortgaged deed of yours")
    cost = P.unmortgage_cost(spec, a.target)
    if st.players[a.player].cash < cost:
        raise IllegalAction(a, "not enough cash")
    game.pay_bank(a.player, cost)
    st.mortgaged[a.target] = False
    if not game.quiet:
        game.emit(Event("unmortgaged", player=a.player, deed=a.target, amount=cost))


def collect_rent(game: Game, a: Action) -> None:
    """Ask for rent owed (the 'owner must ask' rule), before the next player rolls (or the
    second player after the payer: ``rules.rent_claim_window``)."""
    st = game.st
    if not 0 <= a.target < len(st.claims) or st.claims[a.target].owner != a.player:
        raise IllegalAction(a, "no such rent to collect")
    c = st.claims.pop(a.target)
    game.owe(c.payer, c.owner, c.amount, "rent", target=c.deed)


def kept_cards(game: Game, player: int) -> list[tuple[int, int]]:
    """The cards ``player`` keeps through the mechanics (Item cards), as (deck, card) pairs,
    which a trade may hand over (the Get Out of Jail Free cards are ``Player.cards``)."""
    return [c for m in game.mechanics for c in m.kept_by(game, player)]


def trade_problem(game: Game, offer: TradeOffer) -> str:
    """Why a trade cannot be made, or '': deeds only from groups without buildings, cash
    (the side short of it named: "Bob has only $120, not $200"), Get Out of Jail Free cards
    and other kept cards (a mechanic's) that each side has."""
    st, spec = game.st, game.spec
    n = len(st.players)
    a, b = offer.proposer, offer.partner
    if not (0 <= a < n and 0 <= b < n) or a == b:
        return "a trade is between two different players"
    if st.players[a].bankrupt or st.players[b].bankrupt:
        return "both players must be in the game"
    if not (offer.give_deeds or offer.take_deeds or offer.give_cash or offer.take_cash
            or offer.give_cards or offer.take_cards or offer.give_kept or offer.take_kept):
        return "the trade is empty"
    for side, deeds in ((a, offer.give_deeds), (b, offer.take_deeds)):
        if len(set(deeds)) != len(deeds):
            return "a deed is named twice"
        for d in deeds:
            if not 0 <= d < len(spec.deeds) or st.owner[d] != side:
                return f"{st.players[side].name} does not own that deed"
            if spec.rules.building_scope == "group" and \
                    P.group_has_buildings(spec, st, spec.deeds[d].group):
                return f"sell the buildings on {spec.deeds[d].name}'s group first"
    if offer.give_cash < 0 or offer.take_cash < 0 or offer.give_cards < 0 \
            or offer.take_cards < 0:
        return "amounts cannot be negative"
    for side, amount in ((a, offer.give_cash), (b, offer.take_cash)):
        if amount > st.players[side].cash:
            money = spec.vocab.money
            return (f"{st.players[side].name} has only {money(st.players[side].cash)}, "
                    f"not {money(amount)}")
    coin = spec.coin
    if coin > 1 and (offer.give_cash % coin or offer.take_cash % coin):
        return f"{spec.vocab.currency} changes hands in coins of {spec.vocab.money(coin)}"
    if offer.give_cards > len(st.players[a].cards) or \
            offer.take_cards > len(st.players[b].cards):
        return "not that many Get Out of Jail Free cards"
    for side, kept in ((a, offer.give_kept), (b, offer.take_kept)):
        if len(set(kept)) != len(kept):
            return "a card is named twice"
        held = kept_cards(game, side)
        for card in kept:
            if card not in held:
                return f"{st.players[side].name} does not keep that card"
    return ""


def propose(game: Game, a: Action) -> None:
    """Offer a trade; the partner answers next (``TradeFrame``)."""
    offer = a.trade
    if offer is None or offer.proposer != a.player:
        raise IllegalAction(a, "a trade offer made by the player proposing it is needed")
    why = trade_problem(game, offer)
    if why:
        raise IllegalAction(a, why)
    game.push(TradeFrame(offer))
    game.emit(Event("trade_proposed", player=offer.proposer, other=offer.partner))


def anytime_actions(game: Game, p: int) -> list[Action]:
    """The at-any-time choices open to ``p`` now."""
    st, spec = game.st, game.spec
    out: list[Action] = []
    if p < 0 or st.over or st.players[p].bankrupt:
        return out
    checks = {
        k: game.anytime_problem(p, k) == ""
        for k in (A.A_BUILD, A.A_SELL_BUILDING, A.A_MORTGAGE, A.A_UNMORTGAGE, A.A_PROPOSE)
    }
    groups_done: set[int] = set()
    for d in spec.deeds:
        i = d.index
        if st.owner[i] != p:
            continue
        if checks[A.A_BUILD] and not P.can_build(spec, st, p, i):
            out.append(Action(A.A_BUILD, p, i))
        if checks[A.A_SELL_BUILDING] and not P.can_sell_building(spec, st, p, i):
            out.append(Action(A.A_SELL_BUILDING, p, i))
        if (
            checks[A.A_SELL_BUILDING]
            and d.group not in groups_done
            and P.group_has_buildings(spec, st, d.group)
            and (spec.rules.building_scope == "group" or has_buildings_on(game, p, d.group))
        ):
            groups_done.add(d.group)
            out.append(Action(A.A_SELL_ALL, p, d.group))
        if checks[A.A_MORTGAGE] and not P.can_mortgage(spec, st, p, i):
            out.append(Action(A.A_MORTGAGE, p, i))
        if (
            checks[A.A_UNMORTGAGE]
            and st.mortgaged[i]
            and st.players[p].cash >= P.unmortgage_cost(spec, i)
        ):
            out.append(Action(A.A_UNMORTGAGE, p, i))
    if checks[A.A_BUILD]:
        for ci, c in enumerate(st.claims):
            if c.owner == p:
                out.append(Action(A.A_COLLECT_RENT, p, ci))
    for m in game.mechanics:
        out += m.anytime_choices(game, p)
    return out


def call_time(game: Game, a: Action) -> None:
    """Time is called: the hour the players agreed has come (the time limit game, rulebook:NFL:
    'agree upon a definite hour of termination, when the richest player will be declared the
    winner'). Called between two turns, by the player about to begin theirs; the richest
    player (by valuation) wins."""
    st = game.st
    if not game.spec.rules.time_call:
        raise IllegalAction(a, "this game has no agreed hour to end at")
    if st.stage != "pre_roll" or a.player != st.current:
        raise IllegalAction(a, "time is called between two turns: finish this turn first")
    game.end_by_valuation("time_called")


ANYTIME: Final[dict[str, Callable[[Game, Action], None]]] = {
    A.A_BUILD: build,
    A.A_SELL_BUILDING: sell_building,
    A.A_SELL_ALL: sell_all,
    A.A_MORTGAGE: mortgage,
    A.A_UNMORTGAGE: unmortgage,
    A.A_PROPOSE: propose,
    A.A_COLLECT_RENT: collect_rent,
    A.A_CALL_TIME: call_time,
}
"""The handler of each at-any-time choice."""
