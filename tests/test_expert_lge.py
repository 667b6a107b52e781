"""The expert's own play of Longest Game Ever (``bots.expert_lge``): each decision kind on a
hand-made position where the right choice is clear."""

from __future__ import annotations

from monopoly_tui.bots import ExpertBot
from monopoly_tui.bots.expert_lge import land_chance, next_move_cost, safety
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.engine.frames import TradeFrame, TransfersFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.state import MortgagedTransfer, TradeOffer
from monopoly_tui.rules import load_spec


def _game(players: int = 2) -> Game:
    spec = load_spec("lge")
    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(players)], seed=0)
    game.st.current = game.st.first_player = 0
    return game


def _deed(game: Game, deed_id: str) -> int:
    return next(d.index for d in game.spec.deeds if d.id == deed_id)


def _space(game: Game, space_id: str) -> int:
    return next(s.index for s in game.spec.spaces if s.id == space_id)


def _cash(game: Game, *amounts: int) -> None:
    st = game.st
    for p, amount in enumerate(amounts):
        st.bank_net += amount - st.players[p].cash
        st.players[p].cash = amount


def _land(game: Game, player: int, space_id: str, die: int = 2) -> None:
    """``player`` rolls ``die`` onto ``space_id``."""
    spec = game.spec
    game.st.current = player
    game.st.players[player].position = (_space(game, space_id) - die) % spec.size
    game.dice_source = ScriptedFaces([spec.dice.values.index(die)])
    game.act(Action(A.A_ROLL, player))


def _decide(game: Game, player: int = 0) -> Action:
    kind, who = game.waiting_for
    assert who == player
    return ExpertBot(1).decide(game, kind, player)


def test_the_expert_buys_out_an_opponents_deed_when_its_safety_stays() -> None:
    """Boardwalk's rent is due anyway; for M10 more the expert takes the deed."""
    game = _game()
    game.st.owner[_deed(game, "boardwalk")] = 1
    _land(game, 0, "boardwalk")
    assert game.waiting_for == (A.BUY_OUT, 0)
    assert _decide(game).kind == A.A_BUY_OUT


def test_the_expert_pays_the_rent_when_a_buy_out_would_leave_it_short() -> None:
    """Short of cash, a buy-out would leave nothing for the rents ahead: it pays the rent."""
    game = _game()
    game.st.owner[_deed(game, "boardwalk")] = 1
    _cash(game, 80, 1500)
    _land(game, 0, "boardwalk")
    assert _decide(game).kind == A.A_PAY_RENT


def test_the_expert_keeps_cash_for_the_worst_rent_its_next_roll_can_meet() -> None:
    """An opponent's hotel a few spaces ahead: the safety is that rent plus the base reserve,
    and the expert lets a deed go that would leave less."""
    game = _game()
    st = game.st
    bw = _deed(game, "boardwalk")
    st.owner[bw] = 1
    st.bank_hotels -= 1
    for _ in range(B.top(game.spec)):
        B.stand(game.spec, st, bw, _space(game, "boardwalk"))
    st.players[0].position = _space(game, "boardwalk") - 3
    rent = next_move_cost(game, 0)
    assert rent == game.spec.deeds[bw].rent[-1]
    assert safety(game, 0) == rent + game.spec.starting_money // 20


def test_the_expert_mortgages_every_deed_it_holds_before_ending_its_turn() -> None:
    """A deed left unmortgaged can be bought out by any lander: it mortgages them all, selling
    the buildings first (a built street cannot be mortgaged)."""
    game = _game()
    st, spec = game.st, game.spec
    med, bal = _deed(game, "mediterranean"), _deed(game, "baltic")
    st.owner[med] = st.owner[bal] = 0
    st.bank_houses -= 1
    B.stand(spec, st, med, _space(game, "mediterranean"))
    st.stage = "post_move"
    bot = ExpertBot(1)
    assert bot.decide(game, A.END_TURN, 0).kind == A.A_SELL_BUILDING
    game.act(bot.decide(game, A.END_TURN, 0))
    for _ in range(2):
        a = bot.decide(game, A.END_TURN, 0)
        assert a.kind == A.A_MORTGAGE
        game.act(a)
    assert st.mortgaged[med] and st.mortgaged[bal]
    assert bot.decide(game, A.END_TURN, 0).kind == A.A_END_TURN


def test_the_expert_offers_the_face_price_for_the_others_unbuilt_deeds() -> None:
    """With cash to spare it offers the face price for an opponent's deeds without buildings
    (a basic player's price), the cheapest to it first, and never for a built one."""
    game = _game()
    st = game.st
    med, rr, bw = _deed(game, "mediterranean"), _deed(game, "reading-railroad"), \
        _deed(game, "boardwalk")
    st.owner[med] = st.owner[rr] = st.owner[bw] = 1
    st.bank_houses -= 1
    B.stand(game.spec, st, bw, _space(game, "boardwalk"))
    _cash(game, 600, 1500)  # the safety: Income Tax (M200) in reach of the die, and M75
    st.stage = "post_move"
    a = _decide(game)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.take_deeds == (med, rr) and a.trade.give_cash == 260
    assert not a.trade.give_deeds


def test_the_expert_asks_a_refusing_player_again_only_after_three_rounds_and_a_change() -> None:
    """Its face-price offer for two unbuilt deeds is refused: in the same turn and in the
    next three rounds it asks nothing more; three rounds on, with nothing changed, it asks
    nothing either (the same offer it never makes twice); once the player holds another deed,
    it asks again, for that one first."""
    game = _game()
    st = game.st
    med, rr = _deed(game, "mediterranean"), _deed(game, "reading-railroad")
    st.owner[med] = st.owner[rr] = 1
    _cash(game, 800, 1500)
    st.stage = "post_move"
    bot = ExpertBot(1)
    a = bot.decide(game, A.END_TURN, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None and a.trade.take_deeds == (med, rr)
    game.act(a)
    game.act(Action(A.A_REJECT, 1))
    assert bot.decide(game, A.END_TURN, 0) == Action(A.A_END_TURN, 0)
    for _ in range(3):
        game.history += [Action(A.A_END_TURN, 1), Action(A.A_END_TURN, 0)]
        assert bot.decide(game, A.END_TURN, 0) == Action(A.A_END_TURN, 0)
    baltic = _deed(game, "baltic")
    st.owner[baltic] = 1
    a = bot.decide(game, A.END_TURN, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.partner == 1 and baltic in a.trade.take_deeds


def test_the_expert_answers_no_trade_that_takes_one_of_its_deeds() -> None:
    """Every deed is needed to win: an offer for one is refused, one that only brings a deed
    is taken."""
    game = _game()
    st = game.st
    med, bal = _deed(game, "mediterranean"), _deed(game, "baltic")
    st.owner[med] = 0
    st.owner[bal] = 1
    buy_mine = TradeOffer(1, 0, (), (med,), give_cash=1000)
    game.st.frames = [TradeFrame(buy_mine)]
    assert _decide(game).kind == A.A_REJECT
    sell_me = TradeOffer(1, 0, (bal,), (), take_cash=60)
    game.st.frames = [TradeFrame(sell_me)]
    assert _decide(game).kind == A.A_ACCEPT


def test_the_expert_keeps_a_received_mortgage() -> None:
    """Lifting would open the deed to a buy-out: the interest only."""
    game = _game()
    med = _deed(game, "mediterranean")
    game.st.owner[med] = 0
    game.st.mortgaged[med] = True
    game.st.frames = [TransfersFrame([MortgagedTransfer(0, med)])]
    assert _decide(game).kind == A.A_KEEP


def test_a_building_goes_on_the_version_the_opponents_next_roll_reaches() -> None:
    """An opponent two spaces before Boardwalk 2 lands there with a sixth of its rolls; no one
    can reach the other versions: the building goes on Boardwalk 2."""
    game = _game()
    second = _space(game, "boardwalk-2")
    game.st.players[1].position = second - 2
    assert land_chance(game, 0, second) > land_chance(game, 0, _space(game, "boardwalk")) == 0


def test_the_expert_first_breaks_a_colour_group_an_opponent_holds_whole() -> None:
    """Nobody builds on a group one of whose deeds the expert holds mortgaged: it offers first
    for a street of the group an opponent holds whole, before a cheaper lone deed."""
    game = _game()
    st = game.st
    med, pp, bw = _deed(game, "mediterranean"), _deed(game, "park-place"), \
        _deed(game, "boardwalk")
    st.owner[med] = st.owner[pp] = st.owner[bw] = 1
    _cash(game, 700, 1500)
    st.stage = "post_move"
    a = _decide(game)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.take_deeds[0] == pp


def _stalemate(game: Game, expert_deeds: int) -> tuple[int, ...]:
    """Every deed owned and mortgaged, no building anywhere: the expert (seat 0) holds the
    first ``expert_deeds`` deeds, the basic leader (seat 1) the rest; both rich."""
    st = game.st
    for d in range(len(game.spec.deeds)):
        st.owner[d] = 0 if d < expert_deeds else 1
        st.mortgaged[d] = True
    _cash(game, 20000, 20000)
    st.stage = "post_move"
    return tuple(range(expert_deeds))


def test_the_expert_gives_up_a_hopeless_hold_out_and_the_leader_wins() -> None:
    """All deeds mortgaged, no building: no rent can ruin anyone, and the basic leader sells
    none: holding out never wins and the game would never end. The expert offers its deeds
    to the leader (at the leader's own valuation); the basic leader takes them, owns every
    deed and wins."""
    from monopoly_tui.bots import BasicBot

    game = _game()
    mine = _stalemate(game, 3)
    bot = ExpertBot(1)
    a = bot.decide(game, A.END_TURN, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.partner == 1 and a.trade.give_deeds == mine and not a.trade.take_deeds
    assert a.trade.take_cash > 0
    game.act(a)
    basic = BasicBot(2)
    while not game.st.over:
        kind, who = game.waiting_for
        assert who == 1, (kind, who)
        game.act(basic.decide(game, kind, who))
    assert game.st.winner == 1
    assert all(o == 1 for o in game.st.owner)


def test_a_refused_hold_out_offers_the_gift_again_three_rounds_later() -> None:
    """In a hopeless hold-out each of its prices for its deeds (the leader's worth, half, a
    gift) is refused (the leader is short of its safety): for three rounds it offers nothing
    more, then the gift again, so the game does not stall (a game of four experts did at
    2,000 turns)."""
    game = _game()
    mine = _stalemate(game, 3)
    bot = ExpertBot(1)
    prices = []
    for _ in range(3):
        a = bot.decide(game, A.END_TURN, 0)
        assert a.kind == A.A_PROPOSE and a.trade is not None and a.trade.give_deeds == mine
        prices.append(a.trade.take_cash)
        game.act(a)
        game.act(Action(A.A_REJECT, 1))
        game.history += [Action(A.A_END_TURN, 0), Action(A.A_END_TURN, 1)]
    assert prices[-1] == 0 and len(set(prices)) == 3
    assert bot.decide(game, A.END_TURN, 0) == Action(A.A_END_TURN, 0)
    game.history += [Action(A.A_END_TURN, 0), Action(A.A_END_TURN, 1)]
    assert bot.decide(game, A.END_TURN, 0) == Action(A.A_END_TURN, 0)
    game.history += [Action(A.A_END_TURN, 0), Action(A.A_END_TURN, 1)]
    a = bot.decide(game, A.END_TURN, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.give_deeds == mine and a.trade.take_cash == 0 and a.trade.partner == 1


def test_the_expert_holds_out_while_a_rent_can_still_be_charged() -> None:
    """One deed of the leader unmortgaged: it can be bought out, so the hold-out is not
    hopeless and the expert ends its turn without offering its deeds."""
    game = _game()
    _stalemate(game, 3)
    game.st.mortgaged[10] = False
    _cash(game, 50, 20000)  # too little to propose a purchase of its own
    a = ExpertBot(1).decide(game, A.END_TURN, 0)
    assert a.kind == A.A_END_TURN


def test_the_expert_holding_the_most_deeds_never_gives_up() -> None:
    """The expert holds more deeds than anyone: not a hopeless hold-out."""
    game = _game()
    _stalemate(game, 12)
    _cash(game, 50, 20000)
    assert ExpertBot(1).decide(game, A.END_TURN, 0).kind == A.A_END_TURN


def test_in_a_hopeless_hold_out_the_expert_accepts_the_leaders_offer() -> None:
    """A human leader's offer for the expert's deeds that asks nothing else of it is taken
    when holding out is hopeless (and refused when it is not)."""
    game = _game()
    mine = _stalemate(game, 3)
    offer = TradeOffer(1, 0, (), mine, give_cash=10)
    game.st.frames = [TradeFrame(offer)]
    assert _decide(game).kind == A.A_ACCEPT
    game.st.mortgaged[10] = False
    assert _decide(game).kind == A.A_REJECT


def test_the_expert_asks_a_player_who_accepted_again_at_once() -> None:
    """Its face-price offer for an unbuilt deed is accepted: the next turn it asks the same
    player for another (only a refusal holds it back three rounds)."""
    game = _game()
    st = game.st
    med, rr = _deed(game, "mediterranean"), _deed(game, "reading-railroad")
    st.owner[med] = 1
    _cash(game, 800, 1500)
    st.stage = "post_move"
    bot = ExpertBot(1)
    a = bot.decide(game, A.END_TURN, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None and a.trade.take_deeds == (med,)
    game.act(a)
    game.act(Action(A.A_ACCEPT, 1))
    st.owner[rr] = 1
    st.mortgaged[med] = True  # (its first choice would be to mortgage the deed received)
    game.history += [Action(A.A_END_TURN, 0), Action(A.A_END_TURN, 1)]
    a = bot.decide(game, A.END_TURN, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None and a.trade.take_deeds == (rr,)
