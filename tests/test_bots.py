"""The bots: they only ever make legal choices, they replay exactly from their seed, the basic
bot beats random play, and each habit of the basic bot does what its docstring says, checked
on hand-made positions."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_helpers import build, deed_of, end_of_turn, group, new_game, set_cash

from monopoly_tui.bots import BasicBot, RandomBot, make_bot, trade_value
from monopoly_tui.bots.base import MAX_EXTRAS, Board
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import (
    AuctionFrame,
    BuyFrame,
    DebtsFrame,
    TaxFrame,
    TradeFrame,
    TransfersFrame,
)
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.state import Debt, MortgagedTransfer, TradeOffer
from monopoly_tui.rules import load_spec
from monopoly_tui.rules.loader import load_ruleset
from monopoly_tui.simulate import check_invariants

RULESETS = Path(__file__).parents[1] / "rulesets"
EDITIONS = sorted(load_ruleset(p).id for p in RULESETS.glob("*.yaml"))


def _is_legal(game: Game, action: Action) -> bool:
    """Whether the engine lists this choice (bids and trades are checked by ``act``)."""
    if action.kind in (A.A_BID, A.A_PROPOSE):
        return True
    return action in game.legal_actions(action.player)


def _play(edition: str, bot: str, seed: int, max_turns: int, variant: str | None = None,
          check_listed: bool = True) -> Game:
    game = new_game(edition, 4, seed, variant)
    bots = [make_bot(bot, seed * 16 + i) for i in range(4)]
    while not game.over and game.st.turns < max_turns:
        _, who = game.waiting_for
        action = bots[who].choose(game, who)
        if check_listed:
            assert _is_legal(game, action), (edition, seed, game.st.decisions, action)
        game.act(action)  # raises IllegalAction on an illegal choice
        assert not check_invariants(game), (edition, seed, game.st.decisions)
    return game


# ------------------------------------------------------------------ every edition, both bots


@pytest.mark.parametrize("bot", ["random", "basic"])
@pytest.mark.parametrize("edition", EDITIONS)
def test_bots_make_only_legal_choices_in_every_edition(edition: str, bot: str) -> None:
    """Seeded four-player games of each edition: every choice a bot makes is one the engine
    offers (or accepts: bids, trades), and every invariant holds after every decision."""
    for seed in range(24):
        _play(edition, bot, seed, max_turns=150 if bot == "random" else 300)


@pytest.mark.parametrize("bot", ["random", "basic"])
@pytest.mark.parametrize(
    "edition,variant",
    [(e, v.id) for e in EDITIONS for v in load_spec(e).variants],
)
def test_bots_make_only_legal_choices_in_every_variant(edition: str, variant: str,
                                                       bot: str) -> None:
    """The same for each variant an edition offers (short games, time limits...)."""
    for seed in range(6):
        _play(edition, bot, seed, max_turns=200, variant=variant)


@pytest.mark.parametrize("bot", ["random", "basic"])
def test_same_seed_same_game(bot: str) -> None:
    """Determinism: the same game seed and bot seeds give the same choices and the same end."""
    a = _play("classic", bot, 7, max_turns=400, check_listed=False)
    b = _play("classic", bot, 7, max_turns=400, check_listed=False)
    assert a.history == b.history
    assert a.st.owner == b.st.owner and [p.cash for p in a.st.players] == [
        p.cash for p in b.st.players
    ]
    c = _play("classic", bot, 8, max_turns=400, check_listed=False)
    assert c.history != a.history


def test_basic_bot_beats_random_bots() -> None:
    """Over 40 games against three random bots (the basic bot's seat rotating), the basic bot
    wins clearly more than its fair share of a quarter."""
    wins = 0
    for seed in range(40):
        seat = seed % 4
        game = new_game("classic", 4, seed)
        bots = [make_bot("basic" if i == seat else "random", seed * 16 + i) for i in range(4)]
        while not game.over and game.st.turns < 1500:
            _, who = game.waiting_for
            game.act(bots[who].choose(game, who))
        wins += game.st.winner == seat
    assert wins >= 28, wins


def test_make_bot_by_name() -> None:
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("basic", 1), BasicBot)
    with pytest.raises(ValueError, match="no bot named"):
        make_bot("genius")


def test_bot_refuses_to_answer_for_another_seat() -> None:
    game = new_game()
    with pytest.raises(ValueError):
        BasicBot().choose(game, 1)


# ------------------------------------------------------------------ basic bot habits


def _land_on_offer(game: Game, deed: int) -> None:
    """Put the game at 'buy or auction' for player 0 and ``deed``."""
    st = game.st
    st.stage = "post_move"
    st.frames = [BuyFrame(st.current, deed)]
    st.players[0].position = game.spec.deeds[deed].spaces[0]


def test_basic_buys_keeping_its_reserve() -> None:
    """Buys when the reserve (a twentieth of the starting money, before anyone builds) stays
    in hand; otherwise lets the deed go to auction."""
    game = new_game()
    boardwalk = deed_of(game, "boardwalk")
    reserve = Board(game.spec).base_reserve
    _land_on_offer(game, boardwalk)
    set_cash(game, 400 + reserve, 1500)
    assert BasicBot().choose(game, 0) == Action(A.A_BUY, 0, boardwalk)
    set_cash(game, 400 + reserve - 1, 1500)
    assert BasicBot().choose(game, 0) == Action(A.A_AUCTION, 0, boardwalk)


def test_basic_buys_a_set_completing_deed_below_its_reserve() -> None:
    """A deed that completes its own colour group is bought whenever the cash is there."""
    game = new_game()
    park, boardwalk = group(game, "dark-blue")
    game.st.owner[park] = 0
    _land_on_offer(game, boardwalk)
    set_cash(game, 400, 1500)
    assert BasicBot().choose(game, 0) == Action(A.A_BUY, 0, boardwalk)


def test_basic_reserve_grows_with_opponents_buildings() -> None:
    """The reserve rises by a third of the highest rent an opponent's buildings charge."""
    game = new_game()
    bot = BasicBot()
    bot.choose(game, 0)  # learns the board
    base = bot.reserve(game.st, 0)
    for d in group(game, "dark-blue"):
        game.st.owner[d] = 1
        build(game, d, 5)
    assert bot.reserve(game.st, 0) == base + 2000 // 3
    assert bot.reserve(game.st, 1) == base  # its own hotels are no threat to it


def _auction_for(game: Game, deed: int, high_bid: int = 0, high_bidder: int = -1) -> None:
    game.st.stage = "post_move"
    game.st.frames = [AuctionFrame(deed=deed, bidders=[0, 1], high_bid=high_bid,
                              high_bidder=high_bidder)]


def test_basic_bids_up_to_the_price_and_no_further() -> None:
    """A plain deed is worth its price: the bot bids below it and drops out above it."""
    game = new_game()
    vermont = deed_of(game, "vermont")
    _auction_for(game, vermont, high_bid=60, high_bidder=1)
    a = BasicBot().choose(game, 0)
    assert a.kind == A.A_BID and game.min_bid() <= a.amount <= 100
    _auction_for(game, vermont, high_bid=100, high_bidder=1)
    assert BasicBot().choose(game, 0).kind == A.A_DROP


def test_basic_bids_more_for_a_deed_that_completes_or_blocks_a_set() -> None:
    """Completing its own group is worth twice the price; blocking another player's group half
    as much again."""
    game = new_game()
    park, boardwalk = group(game, "dark-blue")
    game.st.owner[park] = 0
    _auction_for(game, boardwalk, high_bid=700, high_bidder=1)
    a = BasicBot().choose(game, 0)
    assert a.kind == A.A_BID and a.amount <= 800
    game.st.owner[park] = 1
    _auction_for(game, boardwalk, high_bid=550, high_bidder=1)
    a = BasicBot().choose(game, 0)
    assert a.kind == A.A_BID and a.amount <= 600


def test_basic_never_bids_above_what_it_can_raise() -> None:
    game = new_game()
    park, boardwalk = group(game, "dark-blue")
    game.st.owner[park] = 0
    set_cash(game, 100, 1500)
    _auction_for(game, boardwalk, high_bid=200, high_bidder=1)
    a = BasicBot().choose(game, 0)
    assert a.kind == A.A_DROP or a.amount <= game.max_bid(0)
    _auction_for(game, boardwalk, high_bid=game.max_bid(0), high_bidder=1)
    assert BasicBot().choose(game, 0).kind == A.A_DROP


def test_basic_takes_the_cheaper_tax() -> None:
    """Income tax (NFL: 200 or 10%): 10% of total worth when that is below the flat amount,
    else the flat."""
    game = new_game("nfl")
    income = next(s for s in game.spec.spaces if s.kind == "tax" and s.tax_percent)
    game.st.stage = "post_move"
    game.st.frames = [TaxFrame(game.st.current, income.index)]
    set_cash(game, 1000, 1500)
    assert BasicBot().choose(game, 0).kind == A.A_TAX_PERCENT
    set_cash(game, 5000, 1500)
    assert BasicBot().choose(game, 0).kind == A.A_TAX_FLAT


def test_basic_raises_cash_least_valuable_first_then_pays() -> None:
    """In debt: mortgage a deed outside its whole groups (the cheapest) before one of a whole
    group, and sell buildings only after that; pay once the cash is there."""
    game = new_game()
    st = game.st
    brown = group(game, "brown")
    for d in brown:
        st.owner[d] = 0
    build(game, brown[0], 1)
    reading, boardwalk = deed_of(game, "reading-railroad"), deed_of(game, "boardwalk")
    st.owner[reading] = st.owner[boardwalk] = 0
    set_cash(game, 0, 1500)
    st.stage = "post_move"
    st.frames = [DebtsFrame([Debt(0, 1, 150, "rent")])]
    bot = BasicBot()
    first = bot.choose(game, 0)
    assert first == Action(A.A_MORTGAGE, 0, reading)
    game.act(first)
    second = bot.choose(game, 0)
    assert second == Action(A.A_MORTGAGE, 0, boardwalk)
    game.act(second)
    assert bot.choose(game, 0) == Action(A.A_PAY_DEBT, 0)


def test_basic_sells_buildings_before_mortgaging_built_groups() -> None:
    game = new_game()
    st = game.st
    brown = group(game, "brown")
    for d in brown:
        st.owner[d] = 0
        build(game, d, 1)
    set_cash(game, 0, 1500)
    st.stage = "post_move"
    st.frames = [DebtsFrame([Debt(0, 1, 40, "rent")])]
    a = BasicBot().choose(game, 0)
    assert a.kind == A.A_SELL_BUILDING and a.target in brown


def test_basic_goes_bankrupt_only_when_it_is_the_only_choice() -> None:
    game = new_game()
    st = game.st
    st.owner[deed_of(game, "reading-railroad")] = 0
    set_cash(game, 10, 1500)
    st.stage = "post_move"
    st.frames = [DebtsFrame([Debt(0, 1, 200, "rent")])]  # 10 + 100 mortgage < 200
    assert BasicBot().choose(game, 0) == Action(A.A_BANKRUPT, 0)
    st.frames = [DebtsFrame([Debt(0, 1, 100, "rent")])]  # 10 + 100 >= 100: raise it
    assert BasicBot().choose(game, 0).kind == A.A_MORTGAGE


def _to_jail(game: Game, player: int) -> None:
    pl = game.st.players[player]
    pl.in_jail, pl.position = True, game.spec.jail_space


def test_basic_pays_the_jail_fine_early() -> None:
    """No opponent has built: out at once, by the fine."""
    game = new_game()
    _to_jail(game, 0)
    assert game.waiting_for == (A.JAIL, 0)
    assert BasicBot().choose(game, 0) == Action(A.A_PAY_FINE, 0)


def test_basic_stays_in_jail_late_when_others_have_buildings() -> None:
    game = new_game()
    _to_jail(game, 0)
    for d in group(game, "orange"):
        game.st.owner[d] = 1
        build(game, d, 3)
    assert BasicBot().choose(game, 0) == Action(A.A_ROLL, 0)


def test_basic_lifts_a_received_mortgage_when_it_keeps_its_reserve() -> None:
    game = new_game()
    st = game.st
    boardwalk = deed_of(game, "boardwalk")
    st.owner[boardwalk] = 0
    st.mortgaged[boardwalk] = True
    st.stage = "post_move"
    st.frames = [TransfersFrame([MortgagedTransfer(0, boardwalk)])]
    set_cash(game, 1000, 1500)
    assert BasicBot().choose(game, 0) == Action(A.A_LIFT, 0, boardwalk)
    set_cash(game, 230, 1500)
    assert BasicBot().choose(game, 0) == Action(A.A_KEEP, 0, boardwalk)


def test_basic_builds_evenly_on_the_best_group_keeping_its_reserve() -> None:
    """With two whole groups, the next building goes where it gains the most rent per coin
    (light blue's third houses, 180 more rent for 50, before dark blue's first, 100 for 200),
    on a least built street; never below the reserve; then the turn ends."""
    game = new_game()
    st = game.st
    light, dark = group(game, "light-blue"), group(game, "dark-blue")
    for d in (*light, *dark):
        st.owner[d] = 0
    build(game, light[0], 3)
    build(game, light[1], 2)
    build(game, light[2], 2)
    end_of_turn(game)
    set_cash(game, 1000, 1500)
    bot = BasicBot()
    a = bot.choose(game, 0)
    assert a.kind == A.A_BUILD and a.target in (light[1], light[2])
    set_cash(game, Board(game.spec).base_reserve + 49, 1500)
    assert BasicBot().choose(game, 0) == Action(A.A_END_TURN, 0)


def test_basic_makes_only_a_few_extra_choices_per_decision() -> None:
    """However rich, the bot builds at most MAX_EXTRAS times before it ends its turn."""
    game = new_game()
    for d in group(game, "orange"):
        game.st.owner[d] = 0
    end_of_turn(game)
    set_cash(game, 10_000, 1500)
    bot = BasicBot()
    built = 0
    while True:
        a = bot.choose(game, 0)
        if a.kind == A.A_END_TURN:
            break
        game.act(a)
        built += 1
    assert built == MAX_EXTRAS


def test_basic_accepts_a_fair_trade_and_rejects_an_unfair_one() -> None:
    game = new_game()
    st = game.st
    vermont, oriental = deed_of(game, "vermont"), deed_of(game, "oriental")
    st.owner[vermont] = 1
    st.owner[oriental] = 0
    st.stage = "post_move"
    # Player 1 offers Vermont (100) for Oriental (100) and 10: fair for player 0.
    st.frames = [TradeFrame(TradeOffer(1, 0, (vermont,), (oriental,), give_cash=10))]
    assert BasicBot().choose(game, 0) == Action(A.A_ACCEPT, 0)
    st.frames = [TradeFrame(TradeOffer(1, 0, (vermont,), (oriental,), take_cash=10))]
    assert BasicBot().choose(game, 0) == Action(A.A_REJECT, 0)


def test_basic_never_hands_over_a_set_completing_deed_without_a_large_premium() -> None:
    """Boardwalk to the holder of Park Place costs them its price plus the group's price."""
    game = new_game()
    st = game.st
    park, boardwalk = group(game, "dark-blue")
    st.owner[park] = 1
    st.owner[boardwalk] = 0
    set_cash(game, 1500, 5000)
    st.stage = "post_move"
    st.frames = [TradeFrame(TradeOffer(1, 0, (), (boardwalk,), give_cash=800))]
    assert BasicBot().choose(game, 0) == Action(A.A_REJECT, 0)
    st.frames = [TradeFrame(TradeOffer(1, 0, (), (boardwalk,), give_cash=400 + 750))]
    assert BasicBot().choose(game, 0) == Action(A.A_ACCEPT, 0)


def test_trade_value_is_even_for_a_swap_that_completes_a_set_for_each() -> None:
    """The valuation is the same on both sides, so a swap made even with cash is worth exactly
    nothing to either: both accept."""
    game = new_game()
    st = game.st
    brown, dark = group(game, "brown"), group(game, "dark-blue")
    st.owner[brown[0]] = 0
    st.owner[brown[1]] = 1
    st.owner[dark[0]] = 1
    st.owner[dark[1]] = 0
    board = Board(game.spec)
    base = TradeOffer(0, 1, (dark[1],), (brown[1],))
    net = trade_value(board, st, 0, base, 50)
    assert trade_value(board, st, 1, base, 50) == -net
    even = TradeOffer(0, 1, (dark[1],), (brown[1],), take_cash=-net) if net < 0 else TradeOffer(
        0, 1, (dark[1],), (brown[1],), give_cash=net)
    assert trade_value(board, st, 0, even, 50) == 0 == trade_value(board, st, 1, even, 50)


@pytest.mark.parametrize("edition, cash", [("classic", (1500, 1500)), ("dnd", (300, 1000))])
def test_basic_proposes_a_swap_that_completes_a_set_for_both(edition: str,
                                                             cash: tuple[int, int]) -> None:
    """Two players each one deed short of a group the other holds a deed of: the basic bot
    proposes the swap that completes a group for each side, and the other basic bot accepts.
    In D&D too (rulebook, Deals & Trades: "You can buy, sell, or trade locations with other
    players at any time"): a pair of locations held whole doubles its tax as a colour group
    doubles rent; the bot looked only at street groups and never proposed there. (In D&D the
    dearer pair is given, and the other side pays the difference: it has the cash.)"""
    game = new_game(edition)
    st = game.st
    brown, dark = group(game, "brown"), group(game, "dark-blue")
    st.owner[brown[0]] = 0
    st.owner[brown[1]] = 1
    st.owner[dark[0]] = 1
    st.owner[dark[1]] = 0
    set_cash(game, *cash)
    end_of_turn(game)
    bot = BasicBot(seed=0)
    for _ in range(200):  # it proposes now and then, at most once a turn
        a = bot.choose(game, 0)
        if a.kind == A.A_PROPOSE:
            break
        st.turns += 1
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.give_deeds == (dark[1],) and a.trade.take_deeds == (brown[1],)
    game.act(a)
    assert BasicBot().choose(game, 1) == Action(A.A_ACCEPT, 1)


def test_random_bot_bids_random_legal_amounts() -> None:
    game = new_game()
    _auction_for(game, deed_of(game, "boardwalk"))
    bot = RandomBot(3)
    amounts = set()
    for _ in range(60):
        a = bot.choose(game, 0)
        if a.kind == A.A_BID:
            assert game.min_bid() <= a.amount <= game.max_bid(0)
            amounts.add(a.amount)
    assert len(amounts) > 5


def test_basic_offers_to_buy_a_set_completing_deed_at_the_sellers_premium() -> None:
    """No swap completes a group for both, so the bot offers to buy the deed it lacks for its
    price plus the group's price (what the seller's valuation asks); the seller accepts."""
    game = new_game()
    st = game.st
    park, boardwalk = group(game, "dark-blue")
    st.owner[park] = 0
    st.owner[boardwalk] = 1
    set_cash(game, 3000, 1500)
    end_of_turn(game)
    bot = BasicBot(seed=0)
    for _ in range(200):
        a = bot.choose(game, 0)
        if a.kind == A.A_PROPOSE:
            break
        st.turns += 1
    assert a.trade == TradeOffer(0, 1, (), (boardwalk,), give_cash=400 + 750)
    game.act(a)
    assert BasicBot().choose(game, 1) == Action(A.A_ACCEPT, 1)


def test_basic_does_not_buy_a_set_completing_deed_below_its_reserve() -> None:
    game = new_game()
    st = game.st
    park, boardwalk = group(game, "dark-blue")
    st.owner[park] = 0
    st.owner[boardwalk] = 1
    set_cash(game, 1150 + Board(game.spec).base_reserve - 1, 1500)
    end_of_turn(game)
    bot = BasicBot(seed=0)
    for _ in range(100):
        assert bot.choose(game, 0).kind == A.A_END_TURN
        st.turns += 1
