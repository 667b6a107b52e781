"""A long legal game for the saves' tests and benchmarks: Longest Game Ever played by a table
that never buys (every deed goes to auction and nobody bids), so nobody can ever own all 22
deeds and the game goes on, and whose player proposes a trade at the start of every turn that
the partner rejects (as Longest Game Ever's expert does turn after turn)."""

from __future__ import annotations

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.rules import load_spec


def long_game(players: int = 4, seed: int = 1) -> Game:
    spec = load_spec("lge")
    names = ["Ann", "Bob", "Cid", "Dee"]
    return Game.new(spec, [(names[i], spec.tokens[i]) for i in range(players)], seed=seed)


def next_choice(game: Game, offered: set[int]) -> Action:
    """The table's next decision: a rejected offer once a turn, no purchases, no bids."""
    pend = game.pending
    p = pend.player
    st = game.st
    if pend.kind == A.TRADE:
        return next(a for a in pend.choices if a.kind == A.A_REJECT)
    if pend.kind == A.ROLL and st.turns not in offered:
        offered.add(st.turns)
        partner = (p + 1) % len(st.players)
        offer = TradeOffer(proposer=p, partner=partner, give_cash=min(10, st.players[p].cash),
                           take_cash=0)
        if game.trade_problem(offer) == "":
            return Action(A.A_PROPOSE, p, trade=offer)
    kinds = {a.kind: a for a in pend.choices}
    for kind in (A.A_AUCTION, A.A_DROP, A.A_PAY_RENT, A.A_PAY_DEBT, A.A_TAX_FLAT, A.A_ROLL,
                 A.A_END_TURN):
        if kind in kinds:
            return kinds[kind]
    return pend.choices[0]


def play_rounds(game: Game, rounds: int, after: object = None) -> None:
    """Play until ``rounds`` rounds are complete; ``after(game)`` after every decision."""
    offered: set[int] = set()
    while not game.over and game.st.rounds < rounds:
        game.act(next_choice(game, offered))
        if callable(after):
            after(game)
