"""Opponents for the computer players' benchmark (``bench_bots.py``) that behave like the
tables of issue 29: each is the basic bot with one habit changed.

- ``SnubBot``: rejects every offer from one given seat (the player under test) and trades as
  the basic bot otherwise, among the others too: a table of cautious humans who will not deal
  with the strong player.
- ``HermitBot``: never trades: rejects every offer and proposes none.
- ``BrokerBot``: buys from the player under test a deed whose group's other deeds are all in
  one third player's hands (a set waiting for that player), paying a little over its printed
  price, and resells it to that player for what the basic valuation lets them pay (up to the
  deed's price plus the group's price again). It answers other offers as the basic bot.
- ``PumperBot``: in a deed auction the player under test leads, raises by the smallest step up
  to half as much again as the deed's price (as long as its own reserve stays), so what the
  player under test wins it pays dearly for; otherwise bids as the basic bot.

Each takes ``(seed, target)``: the target is the seat under test. Like every bot they are
deterministic for their seed, and they read what they need from the game (the offers made are
kept in the bot, as a benchmark runs each game from its start).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from monopoly_tui.bots.base import Board, simple_action
from monopoly_tui.bots.basic import BasicBot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import AuctionFrame, TradeFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.state import TradeOffer

BROKER_MARKUP = 1.2
"""What the broker pays the player under test for a deed: this many times its price."""
PUMP_SHARE = 1.5
"""The pumper raises an auction the player under test leads up to this many times the price."""


class SnubBot:
    """The basic bot, rejecting every offer from the seat ``target``."""

    name = "snub"

    def __init__(self, seed: int = 0, target: int = 0) -> None:
        self.basic = BasicBot(seed)
        self.target = target

    def decide(self, game: Game, kind: str, player: int) -> Action:
        if kind == A.TRADE:
            f = game.frame
            if isinstance(f, TradeFrame) and f.offer.proposer == self.target:
                return simple_action(A.A_REJECT, player)
        return self.basic.decide(game, kind, player)


class HermitBot:
    """The basic bot that never trades (the target is not used)."""

    name = "hermit"

    def __init__(self, seed: int = 0, target: int = 0) -> None:
        self.basic = BasicBot(seed)

    def decide(self, game: Game, kind: str, player: int) -> Action:
        if kind == A.TRADE:
            return simple_action(A.A_REJECT, player)
        action = self.basic.decide(game, kind, player)
        if action.kind == A.A_PROPOSE:
            return simple_action(A.A_END_TURN, player)
        return action


class BrokerBot:
    """The basic bot that buys, from the seat ``target``, deeds that complete a third player's
    group, and resells them to that player (see the module)."""

    name = "broker"

    def __init__(self, seed: int = 0, target: int = 0) -> None:
        self.basic = BasicBot(seed)
        self.target = target
        self.offered: set[TradeOffer] = set()

    def decide(self, game: Game, kind: str, player: int) -> Action:
        if kind == A.END_TURN and not _proposed_this_turn(game, player):
            offer = self.resale(game, player) or self.purchase(game, player)
            if offer is not None:
                self.offered.add(offer)
                return Action(A.A_PROPOSE, player, trade=offer)
        return self.basic.decide(game, kind, player)

    def _waiting(self, game: Game, board: Board, deed: int, holder: int) -> int:
        """The player (not ``holder``) who holds every other deed of ``deed``'s group, or -1."""
        st = game.st
        if not board.is_street[deed]:
            return -1
        others = {st.owner[d] for d in board.group_deeds[board.group_of[deed]] if d != deed}
        if len(others) != 1:
            return -1
        q = next(iter(others))
        if q < 0 or q == holder or st.players[q].bankrupt:
            return -1
        return q

    def resale(self, game: Game, player: int) -> TradeOffer | None:
        """A deed it holds that completes another player's group, offered to them for as much
        as the basic valuation lets them pay and their cash allows."""
        st = game.st
        board = Board.of(game.spec)
        for d, o in enumerate(st.owner):
            if o != player or st.mortgaged[d] or st.buildings[d]:
                continue
            q = self._waiting(game, board, d, player)
            if q < 0:
                continue
            ask = board.trade_price[d] + board.set_bonus[board.group_of[d]]
            cash = st.players[q].cash
            for price in (ask, ask * 3 // 4, min(ask // 2, cash), min(board.price[d], cash)):
                if price > cash:
                    continue
                offer = TradeOffer(player, q, (d,), (), take_cash=price)
                if offer not in self.offered and not game.trade_problem(offer):
                    return offer
        return None

    def purchase(self, game: Game, player: int) -> TradeOffer | None:
        """A deed of the target's whose group's rest one third player holds, for a little
        over its price, when its cash allows."""
        st = game.st
        t = self.target
        if t == player or st.players[t].bankrupt:
            return None
        board = Board.of(game.spec)
        cash = st.players[player].cash
        for d, o in enumerate(st.owner):
            if o != t or st.mortgaged[d] or st.buildings[d]:
                continue
            q = self._waiting(game, board, d, t)
            if q < 0 or q == player:
                continue
            for markup in (BROKER_MARKUP, BROKER_MARKUP + 0.3, BROKER_MARKUP + 0.8):
                pay = int(board.trade_price[d] * markup)
                if pay > cash - board.base_reserve:
                    break
                offer = TradeOffer(player, t, (), (d,), give_cash=pay)
                if offer not in self.offered and not game.trade_problem(offer):
                    return offer
        return None


class PumperBot:
    """The basic bot that raises, by the smallest step, a deed auction the seat ``target``
    leads (see the module)."""

    name = "pumper"

    def __init__(self, seed: int = 0, target: int = 0) -> None:
        self.basic = BasicBot(seed)
        self.target = target

    def decide(self, game: Game, kind: str, player: int) -> Action:
        if kind == A.AUCTION:
            f = game.frame
            if isinstance(f, AuctionFrame) and f.deed >= 0 and f.high_bidder == self.target:
                board = Board.of(game.spec)
                lo = game.min_bid()
                cash = game.st.players[player].cash
                if lo <= board.price[f.deed] * PUMP_SHARE and lo <= cash - board.base_reserve:
                    return Action(A.A_BID, player, f.deed, lo)
        return self.basic.decide(game, kind, player)


OPPONENTS: dict[str, type[SnubBot] | type[HermitBot] | type[BrokerBot] | type[PumperBot]] = {
    "snub": SnubBot, "hermit": HermitBot, "broker": BrokerBot, "pumper": PumperBot,
}
"""The opponents by name, each made as ``cls(seed, target)``."""


def _proposed_this_turn(game: Game, player: int) -> bool:
    for a in reversed(game.history):
        if a.kind == A.A_END_TURN:
            return False
        if a.kind == A.A_PROPOSE and a.player == player:
            return True
    return False
