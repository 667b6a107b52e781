"""A bot that picks among the legal choices at random (seeded, so a game replays exactly).

It is the baseline the basic bot must beat, and a fuzzer for the engine: it bids random legal
amounts, makes random at-any-time choices (build, sell, mortgage, lift a mortgage) now and then,
and proposes random legal trades once in a while.
"""

from __future__ import annotations

import random
from typing import Final

from monopoly_tui.bots.base import DecidingBot, ExtraLimit, NoChoiceError
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import AuctionFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.state import TradeOffer

ANYTIME_CHANCE = 0.12
"""How often the bot makes a random at-any-time choice before a roll or end of turn."""
TRADE_CHANCE = 0.02
"""How often it proposes a random trade instead."""
ACCEPT_CHANCE = 0.5
DROP_CHANCE = 0.4
"""How often it leaves an auction when it could bid."""
_RAISING: Final = frozenset({A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE})
_OPEN: Final = (A.ROLL, A.JAIL, A.END_TURN)


class RandomBot(DecidingBot):
    """Random legal choices, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.extras = ExtraLimit()

    def decide(self, game: Game, kind: str, player: int) -> Action:
        """``choose`` for a caller that has just read ``game.waiting_for``."""
        r = self.rng
        st = game.st
        if kind in _OPEN and self.extras.allowed(st, kind):
            x = r.random()
            if x < TRADE_CHANCE:
                offer = self.random_trade(game, player)
                if offer is not None:
                    self.extras.used(st, kind)
                    return Action(A.A_PROPOSE, player, trade=offer)
            elif x < TRADE_CHANCE + ANYTIME_CHANCE:
                extra = [a for a in game.legal_actions(player) if a.kind in A.ANYTIME]
                if extra:
                    self.extras.used(st, kind)
                    return r.choice(extra)
        pend = game.pending
        if kind == A.AUCTION:
            return self._auction(game, player, pend.choices)
        if kind == A.TRADE:
            return pend.choices[0] if r.random() < ACCEPT_CHANCE else pend.choices[1]
        if kind == A.DEBT and not pend.choices:
            raising = [a for a in game.legal_actions(player) if a.kind in _RAISING]
            if not raising:
                raise NoChoiceError(f"player {player} owes a debt with nothing to raise or pay")
            return r.choice(raising)
        if not pend.choices:
            raise NoChoiceError(f"the {kind} decision of player {player} has no legal choice")
        return r.choice(pend.choices)

    def _auction(self, game: Game, player: int, choices: tuple[Action, ...]) -> Action:
        """Pass now and then (a pass is not final: asked again after another's raise, it
        may bid again); otherwise bid a random legal amount, mostly near the minimum (up to
        the deed's price, or the building's, above it)."""
        r = self.rng
        bid = next((a for a in choices if a.kind == A.A_BID), None)
        drop = next(a for a in choices if a.kind == A.A_DROP)
        if bid is None or r.random() < DROP_CHANCE:
            return drop
        auc = game.frame
        assert isinstance(auc, AuctionFrame)
        lo, hi = game.min_bid(), game.max_bid(player)
        worth = game.spec.deeds[auc.deed].price if auc.deed >= 0 else auc.building_cost(game)
        hi = min(hi, lo + max(worth, 10))
        return Action(A.A_BID, player, auc.deed, r.randint(lo, hi))

    def random_trade(self, game: Game, player: int) -> TradeOffer | None:
        """A random legal offer to a random opponent: up to two deeds each way (from groups
        without buildings) and maybe some cash; None when the draw makes no legal trade."""
        st, spec, r = game.st, game.spec, self.rng
        others = [q for q, pl in enumerate(st.players) if q != player and not pl.bankrupt]
        if not others:
            return None
        partner = r.choice(others)
        free = [
            d.index
            for d in spec.deeds
            if not any(st.buildings[x] for x in spec.groups[d.group].deeds)
        ]
        mine = [d for d in free if st.owner[d] == player]
        theirs = [d for d in free if st.owner[d] == partner]
        give = tuple(r.sample(mine, r.randint(0, min(2, len(mine)))))
        take = tuple(r.sample(theirs, r.randint(0, min(2, len(theirs)))))
        give_cash = take_cash = 0
        if r.random() < 0.5:
            if r.random() < 0.5:
                give_cash = r.randint(0, max(0, min(st.players[player].cash, 300)))
            else:
                take_cash = r.randint(0, max(0, min(st.players[partner].cash, 300)))
        coin = game.spec.coin
        if coin > 1:  # gold in whole coins
            give_cash -= give_cash % coin
            take_cash -= take_cash % coin
        offer = TradeOffer(player, partner, give, take, give_cash, take_cash)
        return offer if not game.trade_problem(offer) else None
