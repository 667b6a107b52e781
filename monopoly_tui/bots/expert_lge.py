"""The expert's own play of an edition won only by owning every deed, where a lander may force
the owner to sell (a buy-out for the rent plus a little) and a mortgaged deed cannot be bought
out (``engine.mechanics.versions``; rulebook:LGE, "the game only ends when one player owns
every single property").

What wins, read from the rules: only the player holding every deed wins, so rent matters only
as a way to ruin others (and a ruined player hands a player creditor their deeds); every deed
the expert holds unmortgaged can be taken from it by any lander for rent + the buy-out extra,
and a mortgaged one by nobody. So the expert collects, from the first turn:

- **Buy** every unowned deed it lands on while its cash after the price keeps the safety (below).
- **Buy out** an opponent's deed whenever it is offered and the price (the rent, due anyway,
  plus the extra) keeps the safety: the deed then costs only the extra, and mortgaging it
  brings half its price back.
- **No deed of its own left open to a buy-out**: before ending its turn it sells the buildings
  it holds (a built street cannot be mortgaged; it builds none) and mortgages every deed. A
  mortgaged deed received stays mortgaged (the interest only; lifting would open it to a
  buy-out). It never lifts a mortgage.
- **Buys the others' deeds by trade**: the face price for deeds without buildings (what a
  basic player takes), first a street of each colour group another holds whole, then of
  each group it holds none of (one mortgaged deed of a group, and nobody can ever build
  there: the rents it may meet stay small), then those that cost it least (an unmortgaged
  deed costs its price less the mortgage it raises at once; a mortgaged one its price plus
  the interest), as many as the safety allows; never from a player who refuses to sell
  (``bots.collector``'s leader); after a refusal, to that player again only three rounds
  later, and the same deeds only once something changed (``ExpertBot.may_offer``; a player
  who accepts is asked again at once: against three basic bots, which accept every such
  offer, asking each at most once in three rounds won 70.5% of 400 games, 79.0% without).
  It accepts a trade only when it gives away no deed.
- **Safety**: the cash it keeps is the highest charge its token can meet on its next move,
  each face of the movement dice from where it stands (a tax, or an opponent's rent there
  with the buildings its owner can still afford to put there first), plus the bank's base
  reserve: being unable to pay a player would hand that player every deed.
- **A hopeless hold-out ends** (so the table's game ends): the rulebook ends the game only
  when one player owns every deed ("Then and only then does the game finally end") and
  prints no other ending, so a designed habit, not a rule: when every deed is owned and
  mortgaged and no building stands anywhere, no rent can be charged and nobody can be ruined
  by another player, so nobody's holding can ever change except by a trade; if then another
  player holds more deeds than the expert and the expert has no purchase left to propose
  (the leader sells none, or has refused each offer), holding out can never win and only
  keeps the game from ending. The expert then sells every deed it holds to that leader: for
  what the basic valuation says they are worth to the leader (``basic.trade_value``, what a
  basic leader accepts), else half that, else for nothing (that again once in three rounds
  when all were refused: a leader short of its safety refuses even a gift, and a refusal
  must not leave the game stalled); and it accepts the leader's offer for its deeds that asks
  nothing of it but deeds. The leader then owns every deed and wins.
- **Jail**: out at once (a card, else the fine when the safety stays): a prisoner buys nothing.
- **A building to place** (a sold hotel's houses, a building received): on the version the
  opponents are likeliest to land on with their next roll (the movement dice's odds from
  each opponent's space), since it earns rent there until it is sold.
"""

from __future__ import annotations

from monopoly_tui.bots.base import Board, offers_this_turn, simple_action
from monopoly_tui.bots.basic import trade_value
from monopoly_tui.bots.collector import protecting, unbuild_or_mortgage
from monopoly_tui.bots.expert_plays import ExpertSeat, edition_play
from monopoly_tui.bots.value_model import dice_sums
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import BuyFrame, TradeFrame, TransfersFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.versions import BuyOutFrame
from monopoly_tui.engine.spec import DICE_RENT, STREET, TAX, Spec
from monopoly_tui.engine.state import TradeOffer

MAX_OFFERS = 3
"""Trades the expert proposes before one end of its turn at most (each for different deeds)."""


def applies(spec: Spec) -> bool:
    """Whether the edition is won only by owning every deed."""
    return spec.rules.end == "one_owner"


def play(bot: ExpertSeat, game: Game, kind: str, player: int) -> Action | None:
    """The expert's choice for this edition's decisions (the module), None for the others."""
    if kind == A.END_TURN:
        return voluntary(bot, game, player) or simple_action(A.A_END_TURN, player)
    f = game.frame
    if kind == A.BUY and isinstance(f, BuyFrame):
        return buy(game, player, f)
    if kind == A.BUY_OUT and isinstance(f, BuyOutFrame):
        return buy_out(game, player, f)
    if kind == A.TRADE and isinstance(f, TradeFrame):
        return answer(game, player, f.offer)
    if kind == A.MORTGAGED_TRANSFER and isinstance(f, TransfersFrame):
        return simple_action(A.A_KEEP, player, f.transfers[0].deed)
    if kind == A.PLACE_VERSION:
        return place_version(game, player)
    if kind == A.JAIL:
        return jail(game, player)
    return None


# ---------------------------------------------------------------- what it can meet


def charge_at(game: Game, player: int, space: int, roll: int) -> int:
    """The most landing on ``space`` with a roll of ``roll`` may cost ``player`` when its turn
    comes: the space's tax, or an opponent's rent there, counting the buildings its owner
    can still put there before then (an owner of the whole group, or of a built street,
    builds on its own turn and may move every building of the street onto this version: as
    many more as its cash buys, up to a hotel)."""
    spec, st = game.spec, game.st
    sp = spec.spaces[space]
    if sp.kind == TAX:
        return max(sp.tax_amount, 0)
    d = sp.deed
    if d < 0:
        return 0
    o = st.owner[d]
    if o < 0 or o == player or st.mortgaged[d]:
        return 0
    deed = spec.deeds[d]
    if deed.kind == DICE_RENT:
        return P.rent_due(spec, st, d, roll, new_roll=roll, space=space)
    if deed.kind != STREET:
        return P.rent_due(spec, st, d, roll, space=space)
    whole = P.owns_group(spec, st, o, deed.group)
    level = st.buildings[d]
    cash = st.players[o].cash
    if not whole and not level:
        return P.rent_due(spec, st, d, roll, space=space)
    board = Board.of(spec)
    while level < board.top and cash >= board.step_cost(d, level) > 0:
        cash -= board.step_cost(d, level)
        level += 1
    return max(board.rent_at(d, level, whole or level > 0),
               P.rent_due(spec, st, d, roll, space=space))


def next_move_cost(game: Game, player: int) -> int:
    """The highest charge ``player``'s token can meet on its next move (``charge_at``): each
    total of the movement dice from where it stands."""
    spec, st = game.spec, game.st
    sums, _ = dice_sums(spec)
    pos = st.players[player].position
    top = 0
    for total, p in enumerate(sums):
        if p and total:
            top = max(top, charge_at(game, player, (pos + total) % spec.size, total))
    return top


def safety(game: Game, player: int) -> int:
    """The cash the expert keeps: the highest charge of its next move plus the base reserve
    (a payment it cannot make would hand its creditor every deed it holds)."""
    return next_move_cost(game, player) + game.spec.starting_money // 20


# ---------------------------------------------------------------- decisions


def buy(game: Game, player: int, f: BuyFrame) -> Action:
    """Buy while the safety stays; else let it go (auction or decline)."""
    price = game.spec.deeds[f.deed].price
    if game.st.players[player].cash - price >= safety(game, player):
        return simple_action(A.A_BUY, player, f.deed)
    if game.spec.rules.auctions:
        return simple_action(A.A_AUCTION, player, f.deed)
    return simple_action(A.A_DECLINE, player, f.deed)


def buy_out(game: Game, player: int, f: BuyOutFrame) -> Action:
    """Buy out while the safety stays after the price; else pay the rent."""
    price = f.price(game)
    if game.st.players[player].cash - price >= safety(game, player):
        return Action(A.A_BUY_OUT, player, f.deed, price)
    return Action(A.A_PAY_RENT, player, f.deed, f.rent)


def answer(game: Game, player: int, offer: TradeOffer) -> Action:
    """Accept only a trade that hands over none of the expert's deeds, gets it at least one,
    and keeps the safety; or, when its hold-out is hopeless (``hopeless_leader``), the
    leader's offer that asks nothing of it but deeds."""
    if offer.partner == player and offer.take_deeds \
            and hopeless_leader(game, player) == offer.proposer \
            and not (offer.take_cash or offer.take_cards or offer.take_kept):
        return simple_action(A.A_ACCEPT, player)
    if offer.partner != player or offer.take_deeds or not offer.give_deeds:
        return simple_action(A.A_REJECT, player)
    left = game.st.players[player].cash - offer.take_cash + offer.give_cash
    if left >= safety(game, player):
        return simple_action(A.A_ACCEPT, player)
    return simple_action(A.A_REJECT, player)


def jail(game: Game, player: int) -> Action:
    """Out at once: a card, else the fine while the safety stays, else roll (or the fine
    when no roll frees a prisoner)."""
    pend = game.pending
    by_kind = {a.kind: a for a in pend.choices}
    card = by_kind.get(A.A_USE_CARD)
    if card is not None:
        return card
    fine = by_kind.get(A.A_PAY_FINE)
    roll = by_kind.get(A.A_ROLL)
    if fine is not None and (roll is None or game.st.players[player].cash
                             - game.spec.rules.jail_fine >= safety(game, player)):
        return fine
    if roll is not None:
        return roll
    return pend.choices[0]


def land_chance(game: Game, player: int, space: int) -> float:
    """The chance that some opponent lands on ``space`` with their next roll (from where
    each stands, by the movement dice's odds)."""
    spec, st = game.spec, game.st
    sums, _ = dice_sums(spec)
    miss = 1.0
    for q, pl in enumerate(st.players):
        if q == player or pl.bankrupt:
            continue
        steps = (space - pl.position) % spec.size
        if 0 < steps < len(sums):
            miss *= 1.0 - sums[steps]
    return 1.0 - miss


def place_version(game: Game, player: int) -> Action:
    """The version the opponents are likeliest to land on next (the first of equals)."""
    choices = game.pending.choices
    return max(choices, key=lambda a: (land_chance(game, player, a.target), -a.target))


# ---------------------------------------------------------------- on its own turn


def voluntary(bot: ExpertSeat, game: Game, player: int) -> Action | None:
    """Before ending its turn: sell a building, mortgage a deed, then propose a purchase;
    with no purchase to propose, give up a hopeless hold-out (``concede``)."""
    return unbuild_or_mortgage(game, player, list(range(len(game.spec.deeds)))) \
        or propose(bot, game, player) or concede(bot, game, player)


def hopeless_leader(game: Game, player: int) -> int:
    """The player ``player``'s hold-out keeps from winning, or -1 when holding out is not
    hopeless: every deed is owned and mortgaged and no building stands anywhere (no rent can
    be charged, so nobody can be ruined by another player, and only a trade moves a deed),
    and another player holds more deeds than ``player`` (the most; the lowest seat of
    equals)."""
    st = game.st
    owner = st.owner
    if not owner or -1 in owner or not all(st.mortgaged) or any(st.buildings):
        return -1
    counts = [0] * len(st.players)
    for o in owner:
        counts[o] += 1
    if not counts[player]:
        return -1
    leader = max(range(len(counts)), key=lambda q: (counts[q], -q))
    if leader == player or counts[leader] <= counts[player] or st.players[leader].bankrupt:
        return -1
    return leader


def concede(bot: ExpertSeat, game: Game, player: int) -> Action | None:
    """When holding out is hopeless (``hopeless_leader``), the offer of every deed the expert
    holds to the leader: for the worth the basic valuation gives them to the leader, else half
    that, else for nothing (the first of these not proposed yet); None otherwise."""
    st = game.st
    if st.current != player or st.frames or offers_this_turn(game, player) >= MAX_OFFERS:
        return None
    leader = hopeless_leader(game, player)
    if leader < 0:
        return None
    mine = tuple(d for d, o in enumerate(st.owner) if o == player)
    spec = game.spec
    interest = sum(P.transfer_interest(spec, d) for d in mine)
    gift = TradeOffer(player, leader, mine, ())
    worth = trade_value(Board.of(spec), st, leader, gift, spec.rules.jail_fine)
    afford = st.players[leader].cash - interest
    ask = max(0, min(worth, afford))
    bot._sync_proposed(game, player)
    prices = tuple(dict.fromkeys((ask, ask // 2, 0)))
    for price in prices:
        offer = TradeOffer(player, leader, mine, (), take_cash=price)
        if offer in bot._proposed or game.trade_problem(offer):
            continue
        bot._proposed.add(offer)
        return Action(A.A_PROPOSE, player, trade=offer)
    # every price refused: the gift again once in OFFER_ROUNDS rounds (a leader short of
    # its safety that turn refuses even a gift; its cash grows at every GO)
    gift = TradeOffer(player, leader, mine, (), take_cash=prices[-1])
    if bot.may_offer(game, leader, (), ()) and not game.trade_problem(gift):
        return Action(A.A_PROPOSE, player, trade=gift)
    return None


def net_cost(game: Game, deed: int) -> int:
    """What getting ``deed`` for its face price costs the expert in the end: less the mortgage
    it raises at once when the deed comes unmortgaged, plus the interest when mortgaged."""
    spec, st = game.spec, game.st
    d = spec.deeds[deed]
    if st.mortgaged[deed]:
        return d.price + P.transfer_interest(spec, deed)
    return d.price - d.mortgage


def propose(bot: ExpertSeat, game: Game, player: int) -> Action | None:
    """The face price for the others' deeds without buildings, in the order of the module
    (``block_rank``, then ``net_cost``), from one player at a time, as many deeds as the
    safety allows; None when there is none to offer for."""
    spec, st = game.spec, game.st
    if st.current != player or st.frames or offers_this_turn(game, player) >= MAX_OFFERS:
        return None
    cash = st.players[player].cash
    keep = safety(game, player)
    if cash <= keep:
        return None
    bot._sync_proposed(game, player)
    by_owner: dict[int, list[int]] = {}
    for d in range(len(spec.deeds)):
        q = st.owner[d]
        if q < 0 or q == player or st.players[q].bankrupt or st.buildings[d]:
            continue
        by_owner.setdefault(q, []).append(d)
    best: tuple[tuple[int, int, int], TradeOffer] | None = None
    for q, deeds in by_owner.items():
        if protecting(game, q):
            continue  # the basic leader sells none of its deeds
        deeds.sort(key=lambda x: (block_rank(game, player, x), net_cost(game, x), x))
        take: list[int] = []
        pay = 0
        interest = 0
        for d in deeds:
            price = spec.deeds[d].price
            extra = P.transfer_interest(spec, d) if st.mortgaged[d] else 0
            if cash - pay - price - interest - extra < keep:
                break
            take.append(d)
            pay += price
            interest += extra
        if not take:
            continue
        offer = TradeOffer(player, q, (), tuple(take), give_cash=pay)
        if offer in bot._proposed or game.trade_problem(offer):
            continue
        if not bot.may_offer(game, q, (), offer.take_deeds, after_refusal=True):
            continue  # refused lately, or refused these deeds with nothing changed since
        key = (block_rank(game, player, take[0]), -len(take), pay)
        if best is None or key < best[0]:
            best = (key, offer)
    if best is None:
        return None
    bot._proposed.add(best[1])
    return Action(A.A_PROPOSE, player, trade=best[1])


def block_rank(game: Game, player: int, deed: int) -> int:
    """How much getting ``deed`` keeps the others from building (0 first): a street of a
    colour group another player holds whole (0), of a group the expert holds none of (1:
    one deed of it, mortgaged, and nobody can ever build there), anything else (2)."""
    spec, st = game.spec, game.st
    d = spec.deeds[deed]
    if d.kind != STREET:
        return 2
    group = spec.groups[d.group].deeds
    if any(st.owner[x] == player for x in group):
        return 2
    return 0 if all(st.owner[x] == st.owner[deed] for x in group) else 1


edition_play(applies, play)
