"""The expert's own play of an edition of locations secured by a check die (Dungeons & Dragons:
Honor Among Thieves; ``engine.mechanics.dnd_adventures``, ``dnd_checks``, ``dnd_portals``).

What wins, read from the rules: the game ends the moment every location is secured; then each
player collects each of their locations' tax once more (double for a pair) and the most gold
wins. So a location is worth its tax for every landing of an opponent until the end, plus the
end payout; and gold paid to the bank is lost for good. The expert's model, from the ruleset:

- **Rounds left** (``rounds_left``): each round every player moves once; a move ends on an
  unsecured location with the chance of landing on one (the board's long-run odds,
  ``bots.value_model``) or on a Portal whose range holds one, and secures it with the check
  die's natural odds of its target, or else pays for it now and then (``PAY_SHARE``); so
  the ``U`` locations left take about ``U/r`` times the harmonic number ``H(U)`` rounds,
  ``r`` being the locations secured per round now.
- **A location's worth to a player** (``worth``): its tax (double once the player holds the
  pair: then the partner's tax doubles too) times one end payout plus the opponents'
  expected landings on it in the rounds left.
- **Pay or roll** (``secure``): rolling gets the location with the exact odds of the check
  with the held items (``success_odds``); failing leaves it to whoever lands next (about
  even for the expert), so paying is worth it when the share of the worth it adds over
  rolling, ``(1 - odds) × worth``, is more than the price, and the cash after it covers the
  highest tax in reach of the next move and a Critical Fail. The last location ends the
  game: then the expert pays (or rolls, using its items) when it would win at once by the
  end payout, and when it would not, it rolls and uses no item.
- **Items** (``use_items``): on a securing roll worth having, the smallest item that reaches
  the target, else the biggest add when the adds together reach it, else a reroll; never to
  end a game it would lose. On a monster or another check, an item only when the loss is
  worth more than the item's share of a location's worth.
- **Portal** (``portal``): the location whose landing is worth most by the same model (an
  unsecured one: the better of paying and rolling less the bank's first-landing fee; its
  own: nothing; an opponent's: minus the tax, which the opponent gains), the GO gold on the
  way counted; the last location only when ending the game wins it.
- **Jail, and Edgin's walk out** (``moving_worth``): out (a card, the fine) while a move is
  worth more than it costs: the chance of ending on an unsecured location times what
  securing it brings, against the expected tax on the opponents' locations; once those
  taxes outweigh it, it stays in and rolls.
- **Trades** (``propose``, ``answer``): it offers for an opponent's location the least gold
  that is fair to the owner both by the owner's own valuation (``bots.basic.trade_value``)
  and by the expert's model (what the location would still bring the owner,
  ``trade_gain``), when the location is worth more than that to the expert (as the partner
  of a location it holds: a pair doubles both taxes); it swaps a location completing an
  opponent's pair for theirs completing its own (``best_swap``), and sells an opponent the
  partner of their location (``best_sale``), each at a price fair to the opponent by both
  valuations and only when it gains at least as much as the opponent; it accepts
  a trade only when what it gets (gold, locations by ``worth``, items and cards) is worth
  more than what it gives, and, when the trade completes the other side's pair, at least as
  much more as it gains the other side.
"""

from __future__ import annotations

import math

from monopoly_tui.bots.base import offers_this_turn
from monopoly_tui.bots.basic import trade_value
from monopoly_tui.bots.dnd_choice import use_items as basic_items
from monopoly_tui.bots.expert_plays import ExpertSeat, edition_play
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import TradeFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_adventures import (
    A_PAY_SECURE,
    A_ROLL_SECURE,
    SECURE,
    card_of,
    state,
    success_odds,
)
from monopoly_tui.engine.mechanics.dnd_characters import A_STAY_IN, A_WALK_OUT, JAIL_ESCAPE_CHOICE
from monopoly_tui.engine.mechanics.dnd_checks import (
    A_NO_ITEM,
    USE_ITEMS,
    item_card,
    items_of,
)
from monopoly_tui.engine.mechanics.dnd_checks import config as check_config
from monopoly_tui.engine.mechanics.dnd_close_to_death import REVIVE
from monopoly_tui.engine.mechanics.dnd_config import ADVENTURES
from monopoly_tui.engine.mechanics.dnd_portals import PORTAL_MOVE, in_range, passes_go
from monopoly_tui.engine.spec import LOCATION, PORTAL, Spec
from monopoly_tui.engine.state import TradeOffer

MAX_OFFERS = 3
"""Trades the expert proposes before one end of its turn at most."""
PAY_SHARE = 0.15
"""The share of landers who, short of the odds, pay the price instead: measured, basic bots
pay in 17% of their pay-or-roll decisions (1.25 of 7.54 a game over 400 games with one
expert; the expert 4%), and 0.15 won the expert more games than 0.05, 0.3 or the 0.5 it was
(1,000 games each: 44.8%, 42.7%, 42.0%, 39.6% on seeds 5001-6000)."""


def applies(spec: Spec) -> bool:
    """Whether the edition's locations are secured by paying or by the check die."""
    return ADVENTURES in spec.mechanics


def play(bot: ExpertSeat, game: Game, kind: str, player: int) -> Action | None:
    """The expert's choice for this edition's decisions (the module), None for the others."""
    if kind == A.END_TURN:
        return propose(bot, game, player)
    f = game.frame
    if kind == A.TRADE and isinstance(f, TradeFrame):
        return answer(bot, game, player, f.offer)
    if kind == SECURE:
        return secure(bot, game, player)
    if kind == USE_ITEMS:
        return use_items(bot, game, player)
    if kind == PORTAL_MOVE:
        return portal(bot, game, player)
    if kind == A.JAIL:
        return jail(bot, game, player)
    if kind == JAIL_ESCAPE_CHOICE:
        out = moving_worth(bot, game, player) >= 0
        return Action(A_WALK_OUT if out else A_STAY_IN, player)
    return None


# ---------------------------------------------------------------- the model


def unsecured(game: Game) -> list[int]:
    """The locations (deeds) nobody has secured yet."""
    spec, st = game.spec, game.st
    return [d.index for d in spec.deeds if d.kind == LOCATION and st.owner[d.index] < 0]


def natural_odds(game: Game, target: int) -> float:
    """The check die's chance of meeting ``target`` with no item (a natural success face
    always succeeds, the fail face always fails)."""
    c = check_config(game.spec)
    values = game.spec.die(c.die).values
    wins = sum(1 for v in values if v != c.fail_face and (v == c.success_face or v >= target))
    return wins / len(values)


def alive(game: Game) -> int:
    return sum(1 for q in game.st.players if not q.bankrupt)


def rounds_left(bot: ExpertSeat, game: Game) -> float:
    """About how many rounds the game has left (the module's model)."""
    left = unsecured(game)
    if not left:
        return 0.0
    spec = game.spec
    m = bot.m
    land = [0.0] * spec.size
    for d in spec.deeds:
        share = m.deed_land[d.index] / max(1, len(d.spaces))
        for s in d.spaces:
            land[s] += share
    open_spaces = {spec.deeds[d].spaces[0]: d for d in left}
    per_move = sum(land[s] for s in open_spaces)
    odds = sum(natural_odds(game, card_of(game, d).target) for d in left) / len(left)
    portal_land = 1.0 / spec.size  # a Portal is landed on like any space (it moves no one)
    for sp in spec.spaces:
        if sp.kind == PORTAL and any(s in open_spaces for s in in_range(spec, sp.index)):
            per_move += portal_land
    secures = odds + (1.0 - odds) * PAY_SHARE
    rate = alive(game) * per_move * secures
    if rate <= 0:
        return float(spec.rules.turn_limit or 100)
    harmonic = sum(1.0 / k for k in range(1, len(left) + 1))
    return len(left) * harmonic / rate


def worth(bot: ExpertSeat, game: Game, player: int, deed: int, rounds: float,
          owner: list[int] | None = None) -> float:
    """What securing ``deed`` adds to ``player``'s gold by the end (the module's model), the
    other locations held as in ``owner`` (the game's now by default)."""
    spec = game.spec
    held = game.st.owner if owner is None else owner
    m = bot.m
    d = spec.deeds[deed]
    opponents = alive(game) - 1
    visits = 1.0 + opponents * m.deed_land[deed] * rounds
    value = d.rent[0] * visits
    group = spec.groups[d.group].deeds
    others = [x for x in group if x != deed]
    if others and all(held[x] == player for x in others):
        value *= 2  # the pair: its tax doubles, and the partner's too
        for x in others:
            value += spec.deeds[x].rent[0] * (1.0 + opponents * m.deed_land[x] * rounds)
    return value


def standing_if_over(game: Game, player: int, owner: list[int], spent: int) -> int:
    """How far ahead of the richest opponent ``player`` would end if the game ended now with
    ``owner`` holding the locations and ``player`` having spent ``spent`` more (the end
    payout counted; negative when behind, 0 a tie)."""
    spec, st = game.spec, game.st
    gold = [q.cash for q in st.players]
    gold[player] -= spent
    for d in spec.deeds:
        o = owner[d.index]
        if d.kind != LOCATION or o < 0:
            continue
        group = spec.groups[d.group].deeds
        whole = all(owner[x] == o for x in group)
        gold[o] += d.rent[0] * (2 if whole else 1)
    best = max((gold[q] for q in range(len(gold)) if q != player
                and not st.players[q].bankrupt), default=0)
    return gold[player] - best


def ends_and_wins(game: Game, player: int, deed: int, spent: int) -> bool | None:
    """Whether securing ``deed`` ends the game (the last location) with ``player`` the
    winner (True), another (False); None when it does not end the game."""
    if unsecured(game) != [deed]:
        return None
    after = game.st.owner.copy()
    after[deed] = player
    return standing_if_over(game, player, after, spent) > 0


def keep(game: Game, player: int) -> int:
    """The gold the expert keeps after paying a price: the highest tax in reach of its next
    move plus a Critical Fail's fee."""
    spec, st = game.spec, game.st
    pos = st.players[player].position
    top = 0
    for step in set(spec.dice.values):
        d = spec.spaces[(pos + step) % spec.size].deed
        if d >= 0 and st.owner[d] >= 0 and st.owner[d] != player:
            top = max(top, P.rent_due(spec, st, d, step))
    return top + check_config(spec).fail_fee


# ---------------------------------------------------------------- decisions


def secure(bot: ExpertSeat, game: Game, player: int) -> Action:
    """Pay or roll (the module)."""
    pend = game.pending
    by_kind = {a.kind: a for a in pend.choices}
    roll = by_kind[A_ROLL_SECURE]
    pay = by_kind.get(A_PAY_SECURE)
    if pay is None:
        return roll
    deed = pay.target
    card = card_of(game, deed)
    price = card.price
    cash = game.st.players[player].cash
    last = ends_and_wins(game, player, deed, price)
    if last is not None:
        return pay if last else roll
    odds = success_odds(game, player, card.target)
    value = worth(bot, game, player, deed, rounds_left(bot, game))
    if (1.0 - odds) * value > price and cash - price >= keep(game, player):
        return pay
    return roll


def item_worth(bot: ExpertSeat, game: Game, player: int, held: tuple[int, int]) -> float:
    """What keeping an item is worth for a later securing roll: the chance it adds (its add
    over the die's faces, a reroll about half a miss) times the mean worth of the
    locations left."""
    left = unsecured(game)
    if not left:
        return 0.0
    card = item_card(game, held)
    faces = len(game.spec.die(check_config(game.spec).die).values)
    share = 0.5 if card.reroll else card.amount / faces
    rounds = rounds_left(bot, game)
    mean = sum(worth(bot, game, player, d, rounds) for d in left) / len(left)
    return share * mean


def use_items(bot: ExpertSeat, game: Game, player: int) -> Action:
    """The items on a roll seen and missed (the module)."""
    pend = game.pending
    ctx = pend.context
    purpose = str(ctx["purpose"])
    about = int(str(ctx["about"]))
    held = items_of(game, player)
    if purpose == SECURE:
        if ends_and_wins(game, player, about, 0) is False:
            return Action(A_NO_ITEM, player)
    else:
        # a monster, a red wizard, a revival: an item only when what is lost is worth more
        cheapest = min((item_worth(bot, game, player, h) for h in held), default=0.0)
        if cheapest > lost_by_failing(game, purpose):
            return Action(A_NO_ITEM, player)
    return basic_items(game, player)  # which item: the one that reaches, as the basic bot


def lost_by_failing(game: Game, purpose: str) -> float:
    """What failing a check other than securing costs, about: a monster's or a red wizard's
    penalty is a few tens of gold (the largest card loss of the decks stands for it); a
    revival that fails costs a turn without moving (the GO gold of a turn)."""
    spec = game.spec
    if purpose == REVIVE:
        return spec.rules.salary
    top = 0
    for deck in spec.decks:
        for c in deck.cards:
            if c.lose_amount > top:
                top = c.lose_amount
    return float(top)


def landing_worth(bot: ExpertSeat, game: Game, player: int, space: int, rounds: float) -> float:
    """What landing on the location at ``space`` is worth to the expert (the module)."""
    spec, st = game.spec, game.st
    d = spec.spaces[space].deed
    o = st.owner[d]
    if o == player:
        return 0.0
    if o >= 0:
        tax = P.rent_due(spec, st, d, 0)
        return -tax * (1.0 + 1.0 / max(1, alive(game) - 1))
    card = card_of(game, d)
    fee = 0 if state(game).revealed[d] else spec.deeds[d].price
    cash = st.players[player].cash
    if cash < fee:
        return 0.0  # nothing happens
    last = ends_and_wins(game, player, d, 0)
    if last is not None:
        return 1e6 if last else -1e6
    value = worth(bot, game, player, d, rounds)
    odds = success_odds(game, player, card.target)
    best = odds * value
    if cash - fee >= card.price:
        best = max(best, value - card.price)
    return best - fee


def portal(bot: ExpertSeat, game: Game, player: int) -> Action:
    """The location in reach worth most (the module); ties: the nearest."""
    pend = game.pending
    ctx = pend.context
    start = int(str(ctx["portal"]))
    no_salary = ctx["no_salary"]
    skip = set(no_salary) if isinstance(no_salary, list) else set()
    spec = game.spec
    rounds = rounds_left(bot, game)

    def score(a: Action) -> tuple[float, int]:
        s = landing_worth(bot, game, player, a.target, rounds)
        if passes_go(spec, start, a.target) and a.target not in skip:
            s += spec.rules.salary
        return (s, -((a.target - start) % spec.size))

    return max(pend.choices, key=score)


def moving_worth(bot: ExpertSeat, game: Game, player: int) -> float:
    """What the next move is worth to the expert, about: the chance of each location's
    landing times what landing there brings (``landing_worth``), and the GO gold a move
    earns on average (the salary times a move's share of a lap)."""
    spec = game.spec
    m = bot.m
    rounds = rounds_left(bot, game)
    total = spec.rules.salary * m.mean_roll / spec.size
    for d in spec.deeds:
        if d.kind != LOCATION:
            continue
        total += m.deed_land[d.index] * landing_worth(bot, game, player, d.spaces[0], rounds)
    return total


def jail(bot: ExpertSeat, game: Game, player: int) -> Action | None:
    """Out (a card, else the fine) while a move is worth more than the fine; else roll."""
    pend = game.pending
    by_kind = {a.kind: a for a in pend.choices}
    roll = by_kind.get(A.A_ROLL)
    if roll is None:
        return None
    gain = moving_worth(bot, game, player)
    card = by_kind.get(A.A_USE_CARD)
    if card is not None and gain > 0:
        return card
    fine = by_kind.get(A.A_PAY_FINE)
    if fine is not None and gain > game.spec.rules.jail_fine:
        return fine
    return roll


__all__ = ["applies", "play", "rounds_left", "worth"]



def propose(bot: ExpertSeat, game: Game, player: int) -> Action | None:
    """At the end of its turn: buy an opponent's location for the least gold its owner's
    fair-trade valuation takes (``bots.basic.trade_value``), the one whose worth to the
    expert (``worth``) most exceeds that gold, while the gold left keeps ``keep``; at most
    ``MAX_OFFERS`` offers a turn, never the same twice. None: nothing worth offering."""
    spec, st = game.spec, game.st
    if st.current != player or st.frames or offers_this_turn(game, player) >= MAX_OFFERS:
        return None
    cash = st.players[player].cash
    reserve = keep(game, player)
    bot._sync_proposed(game, player)
    board = bot.m.board
    card_value = spec.rules.jail_fine
    best: tuple[float, TradeOffer] | None = None
    for d in spec.deeds:
        q = st.owner[d.index]
        if d.kind != LOCATION or q < 0 or q == player or st.players[q].bankrupt:
            continue
        base = TradeOffer(player, q, (), (d.index,))
        if game.trade_problem(base):
            continue
        net = trade_value(board, st, q, base, card_value)
        # fair by the model too: at least what the location would still bring its owner
        ask = max(0, -net, math.ceil(-trade_gain(bot, game, q, base)))
        coin = spec.coin
        if coin > 1:
            ask = -(-ask // coin) * coin  # (gold changes hands in whole coins)
        if cash - ask < reserve:
            continue
        offer = TradeOffer(player, q, (), (d.index,), give_cash=ask)
        if offer in bot._proposed:
            continue
        gain = trade_gain(bot, game, player, offer)
        if gain <= 0:
            continue
        if best is None or gain > best[0]:
            best = (gain, offer)
    for other in (best_swap(bot, game, player), best_sale(bot, game, player)):
        if other is not None and (best is None or other[0] > best[0]):
            best = other
    if best is None:
        return None
    bot._proposed.add(best[1])
    return Action(A.A_PROPOSE, player, trade=best[1])


def completing(game: Game, owner: list[int], who: int) -> list[int]:
    """The locations held by others that would complete a pair (group) for ``who``: every
    other location of their group is ``who``'s."""
    spec = game.spec
    out = []
    for d in spec.deeds:
        o = owner[d.index]
        if d.kind != LOCATION or o < 0 or o == who:
            continue
        others = [x for x in spec.groups[d.group].deeds if x != d.index]
        if others and all(owner[x] == who for x in others):
            out.append(d.index)
    return out


def best_swap(bot: ExpertSeat, game: Game, player: int) -> tuple[float, TradeOffer] | None:
    """A swap of locations that completes a pair for each side: the expert's location that
    completes the partner's pair for the partner's that completes its own, with the least
    gold that makes it fair to the partner by the partner's valuation and by the expert's
    model, and only when the expert still gains at least as much as the partner (so the
    trade never helps the partner more than the expert, and helps both past the others).
    The score: what the expert gains more than the partner (None: no such swap)."""
    spec, st = game.spec, game.st
    owner = st.owner
    board = bot.m.board
    card_value = spec.rules.jail_fine
    coin = max(1, spec.coin)
    best: tuple[float, TradeOffer] | None = None
    for take in completing(game, owner, player):
        q = owner[take]
        if st.players[q].bankrupt:
            continue
        for give in completing(game, owner, q):
            if owner[give] != player:
                continue
            base = TradeOffer(player, q, (give,), (take,))
            if game.trade_problem(base):
                continue
            net = trade_value(board, st, q, base, card_value)
            theirs = trade_gain(bot, game, q, base)
            mine = trade_gain(bot, game, player, base)
            # gold from the expert to the partner (negative: from the partner)
            pay = max(-net, math.ceil(-theirs))
            pay = -(-pay // coin) * coin
            if mine - pay < theirs + pay or mine - pay <= 0:
                continue
            if pay >= 0:
                if pay > st.players[player].cash - keep(game, player):
                    continue
                offer = TradeOffer(player, q, (give,), (take,), give_cash=pay)
            else:
                if -pay > st.players[q].cash:
                    continue
                offer = TradeOffer(player, q, (give,), (take,), take_cash=-pay)
            if offer in bot._proposed or game.trade_problem(offer):
                continue
            if trade_value(board, st, q, offer, card_value) < 0:
                continue
            score = trade_gain(bot, game, player, offer) - trade_gain(bot, game, q, offer)
            if best is None or score > best[0]:
                best = (score, offer)
    return best


def best_sale(bot: ExpertSeat, game: Game, player: int) -> tuple[float, TradeOffer] | None:
    """A sale of the expert's location that completes a partner's pair, for the most gold the
    partner's valuation pays and the partner has, when that is fair to the partner by the
    expert's model too (the pair brings them at least that) and gains the expert at least as
    much as the partner. The score: what the expert gains more than the partner (None: no
    such sale)."""
    spec, st = game.spec, game.st
    owner = st.owner
    board = bot.m.board
    card_value = spec.rules.jail_fine
    coin = max(1, spec.coin)
    best: tuple[float, TradeOffer] | None = None
    for q in range(len(st.players)):
        if q == player or st.players[q].bankrupt:
            continue
        for give in completing(game, owner, q):
            if owner[give] != player:
                continue
            base = TradeOffer(player, q, (give,), ())
            if game.trade_problem(base):
                continue
            top = min(trade_value(board, st, q, base, card_value), st.players[q].cash,
                      math.floor(trade_gain(bot, game, q, base)))
            ask = top // coin * coin
            if ask <= 0:
                continue
            offer = TradeOffer(player, q, (give,), (), take_cash=ask)
            if offer in bot._proposed or game.trade_problem(offer):
                continue
            mine, theirs = trade_gain(bot, game, player, offer), trade_gain(bot, game, q, offer)
            if mine <= 0 or mine < theirs:
                continue
            if best is None or mine - theirs > best[0]:
                best = (mine - theirs, offer)
    return best


def trade_gain(bot: ExpertSeat, game: Game, me: int, offer: TradeOffer) -> float:
    """What ``offer`` gains ``me`` (either side of it) by the model: gold, the worth of the
    locations got less those given (``worth``, each counted with the holdings after the
    trade), the items (``item_worth``) and Get Out of Jail Free cards (the fine) each way."""
    st = game.st
    if me == offer.proposer:
        got, gave = offer.take_deeds, offer.give_deeds
        gold = offer.take_cash - offer.give_cash
        cards = offer.take_cards - offer.give_cards
        kept_in, kept_out = offer.take_kept, offer.give_kept
    else:
        got, gave = offer.give_deeds, offer.take_deeds
        gold = offer.give_cash - offer.take_cash
        cards = offer.give_cards - offer.take_cards
        kept_in, kept_out = offer.give_kept, offer.take_kept
    rounds = rounds_left(bot, game)
    gain = float(gold + cards * game.spec.rules.jail_fine)
    for d in gave:  # what each location given was worth, the others still held
        gain -= worth(bot, game, me, d, rounds)
    after = st.owner.copy()
    for d in gave + got:
        after[d] = -1
    for d in got:  # what each location got is worth with those given gone
        gain += worth(bot, game, me, d, rounds, after)
        after[d] = me
    gain += sum(item_worth(bot, game, me, h) for h in kept_in)
    gain -= sum(item_worth(bot, game, me, h) for h in kept_out)
    return gain


def completes_pair(game: Game, offer: TradeOffer, who: int) -> bool:
    """Whether the trade gives ``who`` a whole pair (group) of locations it lacked."""
    spec, st = game.spec, game.st
    after = st.owner.copy()
    for d in offer.give_deeds:
        after[d] = offer.partner
    for d in offer.take_deeds:
        after[d] = offer.proposer
    for g in spec.groups:
        deeds = g.deeds
        if deeds and spec.deeds[deeds[0]].kind == LOCATION and all(
                after[d] == who for d in deeds) and not all(st.owner[d] == who for d in deeds):
            return True
    return False


def answer(bot: ExpertSeat, game: Game, player: int, offer: TradeOffer) -> Action:
    """Accept a trade that gains the expert (``trade_gain``) and keeps its gold above
    ``keep``; when it completes the other side's pair, only if it gains the expert at least
    as much as the other side."""
    if offer.partner != player:
        return Action(A.A_REJECT, player)
    mine = trade_gain(bot, game, player, offer)
    other = offer.proposer
    left = game.st.players[player].cash - offer.take_cash + offer.give_cash
    ok = mine > 0 and left >= 0
    if ok and completes_pair(game, offer, other):
        ok = mine >= trade_gain(bot, game, other, offer)
    return Action(A.A_ACCEPT if ok else A.A_REJECT, player)


edition_play(applies, play)
