"""The basic bot's habits for an edition won only by owning every deed, with versions of each
deed and forced buy-outs (``engine.mechanics.versions``; rulebook:LGE).

Such a game does not end by itself: a buy-out takes any unmortgaged deed for its rent plus a
little, so deeds change hands faster than anyone can hold them all (docs/design/lge.md §8). The
rules themselves hold the way to the end, and these habits take it:

- **buy out** a property landed on whenever the price leaves the reserve (the rent is due
  anyway; the buy-out costs only the extra more);
- **the end plan**: the player holding the most deeds (at least ``PROTECT_FROM``) *protects*
  them: sells its buildings and mortgages every deed (a mortgaged property cannot be bought
  out; a built one cannot be mortgaged, and opponents made rich by three GOs and the refilled
  middle buy built streets out at any price), never lifts a mortgage, keeps a mortgaged deed
  received as it is, sells none of its deeds, and offers the others their mortgaged deeds at
  their face price (a mortgaged deed can only be had by trade or bankruptcy); an opponent
  accepts an offer of at least the face price unless it hands over a street with buildings;
- **buildings where the dice go**: a building bought, a sold hotel's houses, and (at the end
  of its turn) a building moved, go on the version with the most opponents one to six spaces
  before it (in reach of the one die).
"""

from __future__ import annotations

from typing import Final, Protocol

from monopoly_tui.bots.base import proposed_this_turn, simple_action
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import TradeFrame, TransfersFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.versions import BuyOutFrame, VersionFrame, move_problem
from monopoly_tui.engine.spec import STREET
from monopoly_tui.engine.state import GameState, TradeOffer


class Collector(Protocol):
    """The bot as this end plan reads it (``bots.basic.BasicBot`` is one; this module never
    imports it): its reserve and the offers it has made. (Not ``runtime_checkable``: mypyc,
    which compiles the bots, does not support it.)"""

    _proposed: set[TradeOffer]
    """The offers this seat has proposed and not seen answered."""

    def reserve(self, st: GameState, player: int) -> int:
        """Cash the bot keeps in hand."""
        ...

    def _sync_proposed(self, game: Game, player: int) -> None:
        """Read the offers this seat has made from the game's history (new entries only)."""
        ...


PROTECT_FROM: Final = 4
"""The leader protects its deeds once it holds this many (the design study's figure)."""
REACH: Final = 6
"""Spaces before a version from which the next roll can land on it (one die)."""


def is_collector_edition(game: Game) -> bool:
    """Whether the game is won only by owning every deed (these habits apply)."""
    return game.spec.rules.end == "one_owner"


def protecting(game: Game, player: int) -> bool:
    """Whether ``player`` plays the end plan: it holds the most deeds (the lowest seat of
    equals), at least ``PROTECT_FROM``."""
    owner = game.st.owner
    counts = [0] * len(game.st.players)
    for o in owner:
        if o >= 0:
            counts[o] += 1
    best = max(range(len(counts)), key=lambda q: (counts[q], -q))
    return best == player and counts[player] >= PROTECT_FROM


def reach(game: Game, player: int, space: int) -> int:
    """How many opponents stand one to six spaces before ``space``."""
    st, size = game.st, game.spec.size
    return sum(1 for q, pl in enumerate(st.players)
               if q != player and not pl.bankrupt and 1 <= (space - pl.position) % size <= REACH)


def buy_out(bot: Collector, game: Game, player: int) -> Action:
    """Buy out when the price leaves the reserve; else pay the rent."""
    f = game.frame
    assert isinstance(f, BuyOutFrame)
    st = game.st
    price = f.price(game)
    if st.players[player].cash - price >= bot.reserve(st, player):
        return Action(A.A_BUY_OUT, player, f.deed, price)
    return Action(A.A_PAY_RENT, player, f.deed, f.rent)


def place_version(game: Game, player: int) -> Action:
    """The version most opponents can reach with the next roll (the first of equals)."""
    f = game.frame
    assert isinstance(f, VersionFrame)
    choices = game.pending.choices
    return max(choices, key=lambda a: (reach(game, player, a.target), -a.target))


def transfer(bot: Collector, game: Game, player: int) -> Action | None:
    """While protecting, a mortgaged deed received stays mortgaged (the interest is paid);
    otherwise None (the basic habit decides)."""
    if not protecting(game, player):
        return None
    f = game.frame
    assert isinstance(f, TransfersFrame)
    return simple_action(A.A_KEEP, player, f.transfers[0].deed)


def answer(game: Game, player: int) -> Action | None:
    """An offer for this bot's deeds of at least their face price, cash only, that hands over
    no street with buildings: accepted. None: the basic habit decides."""
    f = game.frame
    assert isinstance(f, TradeFrame)
    o: TradeOffer = f.offer
    if o.partner == player and o.take_deeds and protecting(game, player):
        return simple_action(A.A_REJECT, player)  # the leader sells none of its deeds
    if o.partner != player or o.give_deeds or o.take_cash or o.take_cards or not o.take_deeds:
        return None
    spec, st = game.spec, game.st
    face = sum(spec.deeds[d].price for d in o.take_deeds)
    if o.give_cash >= face and not any(st.buildings[d] for d in o.take_deeds):
        return simple_action(A.A_ACCEPT, player)
    return None


def voluntary(bot: Collector, game: Game, player: int) -> Action | None:
    """At the end of its turn: move a building into the opponents' reach; then, protecting,
    sell a building or mortgage a deed, and (once a turn) offer the face price for another's
    mortgaged deed. None: nothing to do here (the basic habits go on, without lifting
    mortgages while protecting)."""
    move = _move(game, player)
    if move is not None:
        return move
    if not protecting(game, player):
        return None
    return unbuild_or_mortgage(game, player, _cheapest(game)) or _offer(bot, game, player)


def unbuild_or_mortgage(game: Game, player: int, order: list[int]) -> Action | None:
    """The next step to a holding every lander must pay rent on and none may buy out: of the
    player's unmortgaged deeds in ``order``, sell a building of the first built one (the whole
    group's when the even rule asks), else mortgage the first; None when all are mortgaged."""
    spec, st = game.spec, game.st
    for d in order:
        if st.owner[d] != player or st.mortgaged[d]:
            continue
        if st.buildings[d]:
            if not P.can_sell_building(spec, st, player, d):
                return simple_action(A.A_SELL_BUILDING, player, d)
            return simple_action(A.A_SELL_ALL, player, spec.deeds[d].group)
        if not P.can_mortgage(spec, st, player, d):
            return simple_action(A.A_MORTGAGE, player, d)
    return None


def _cheapest(game: Game) -> list[int]:
    """The deeds, the cheapest first."""
    deeds = game.spec.deeds
    return sorted(range(len(deeds)), key=lambda d: (deeds[d].price, d))


def _move(game: Game, player: int) -> Action | None:
    """A building moved to the version more opponents can reach than where it stands."""
    spec, st = game.spec, game.st
    if st.frames or st.current != player:
        return None
    for d in spec.deeds:
        if d.kind != STREET or st.owner[d.index] != player or not st.buildings[d.index] \
                or len(d.spaces) < 2:
            continue
        best = max(d.spaces, key=lambda s: (reach(game, player, s), -s))
        for src in d.spaces:
            if st.placed[src] and src != best and \
                    reach(game, player, best) > reach(game, player, src) and \
                    not move_problem(game, player, src, best):
                return Action(A.A_MOVE_BUILDING, player, src, best)
    return None


def _offer(bot: Collector, game: Game, player: int) -> Action | None:
    """The face price for another player's mortgaged deed, if the reserve stays after it and
    the interest; at most one offer a turn, never the same twice."""
    if proposed_this_turn(game, player):
        return None
    spec, st = game.spec, game.st
    cash = st.players[player].cash
    reserve = bot.reserve(st, player)
    bot._sync_proposed(game, player)
    for d in _cheapest(game):
        q = st.owner[d]
        if q < 0 or q == player or not st.mortgaged[d] or st.players[q].bankrupt:
            continue
        price = spec.deeds[d].price
        if cash - price - P.transfer_interest(spec, d) < reserve:
            continue
        offer = TradeOffer(player, q, (), (d,), give_cash=price)
        if offer in bot._proposed or game.trade_problem(offer):
            continue
        bot._proposed.add(offer)
        return Action(A.A_PROPOSE, player, trade=offer)
    return None
