"""The expert computer player: its value model is read from the ruleset, it makes only legal
choices in every edition, it replays from its seed, and each decision kind does what its
docstring says on a hand-made position where the right choice is clear."""

from __future__ import annotations

from pathlib import Path

import pytest
from bot_helpers import build, deed_of, end_of_turn, group, new_game, own, set_cash

from monopoly_tui.bots import ExpertBot, make_bot, trade_value
from monopoly_tui.bots.base import Board
from monopoly_tui.bots.basic import BasicBot
from monopoly_tui.bots.value_model import dice_sums, landing_chances, model_of
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import (
    AuctionFrame,
    BuyFrame,
    DebtsFrame,
    TradeFrame,
    TransfersFrame,
)
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import RingMeetingFrame, ring_of, state_of
from monopoly_tui.engine.state import Debt, MortgagedTransfer, TradeOffer
from monopoly_tui.rules import load_spec
from monopoly_tui.rules.loader import load_ruleset
from monopoly_tui.simulate import check_invariants

RULESETS = Path(__file__).parents[1] / "rulesets"
EDITIONS = sorted(load_ruleset(p).id for p in RULESETS.glob("*.yaml"))


# ------------------------------------------------------------------ the value model


def test_landing_chances_follow_the_board_dice_and_cards() -> None:
    """Classic's long-run odds, computed from the ruleset: Go to Jail is never ended on but
    Jail is the most landed-on corner, Illinois Avenue (a card's destination, seven past
    jail) is landed on more than Mediterranean, and the chances sum to about one move's
    landing plus the cards' second landings."""
    spec = load_spec("classic")
    land = landing_chances(spec)
    by_id = {s.id: land[s.index] for s in spec.spaces}
    illinois = next(s.id for s in spec.spaces if "illinois" in s.id)
    mediterranean = next(s.id for s in spec.spaces if "mediterranean" in s.id)
    assert by_id[illinois] > 1.3 * by_id[mediterranean]
    assert 1.0 <= sum(land) < 1.2
    sums, doubles = dice_sums(spec)
    assert sums[7] == pytest.approx(6 / 36) and doubles == pytest.approx(1 / 6)


def test_lotr_eye_faces_count_zero_in_the_dice_odds() -> None:
    """Lord of the Rings' Eye face is worth 0: a roll of two Eyes moves nobody."""
    sums, _ = dice_sums(load_spec("lotr"))
    assert sums[0] == pytest.approx(1 / 36) and sums[1] == 0


def test_set_values_rank_by_rent_per_opponent_turn() -> None:
    """Over a long horizon orange (often landed on, cheap houses) is worth more than dark blue,
    and both far more than brown; with no budget to build, a set is worth its doubled rent."""
    spec = load_spec("classic")
    m = model_of(spec)
    g = {x.id: x.index for x in spec.groups}
    assert m.set_value(g["orange"], 180) > m.set_value(g["dark-blue"], 180) > 3 * m.set_value(
        g["brown"], 180)
    assert m.set_value(g["orange"], 100, budget=0) == pytest.approx(100 * m.set_rate(
        g["orange"], 0))


def test_the_game_lasts_as_long_as_the_rings_track_and_the_eye_allow() -> None:
    """Without a Ring the game has no expected end (classic); with it, the expected rounds
    until a bearer reaches the end of the track agree with a seeded simulation of the tracker,
    which moves on at every turn the bearer begins with the Ring, a doubles roll's extra turn
    included (on to the next circle, then the roll: the Eye on either die sends it back to
    Start, doubles without it give another turn), and they shrink as the tracker nears the
    end."""
    import random

    from monopoly_tui.bots.value_model import ENDLESS

    assert model_of(load_spec("classic")).end_rounds == ENDLESS
    spec = load_spec("lotr")
    m = model_of(spec)
    ring = ring_of(spec)
    assert ring is not None
    faces = spec.dice.values
    eye = [mk == ring.eye_mark for mk in spec.dice.marks]
    rng = random.Random(5)
    total, trials = 0, 4000
    for _ in range(trials):
        circle, rounds, done = 0, 0, False
        while not done:
            rounds += 1
            again = True
            while again and not done:
                circle += 1
                if circle >= len(ring.track):
                    done = True
                    break
                a, b = rng.randrange(len(faces)), rng.randrange(len(faces))
                again = a == b
                if eye[a] or eye[b]:
                    circle, again = 0, False
        total += rounds
    assert m.end_rounds == pytest.approx(total / trials, rel=0.08)
    assert len(ring.track) < m.end_rounds
    left = m.rounds_left
    assert len(left) == len(ring.track)
    assert all(left[c] > left[c + 1] for c in range(len(left) - 1))
    assert left[-1] < 1.0  # on the last circle the bearer's next turn reaches the end


def test_the_end_payout_is_each_rent_once_where_the_end_pays_it() -> None:
    """Lord of the Rings pays every property's rent at Mount Doom: a street's payout at each
    level is its rent there (doubled unimproved in a whole group; the last entry alone), a
    Weapon's by how many are held. Classic's end pays nothing."""
    spec = load_spec("lotr")
    m = model_of(spec)
    bag_end = next(d for d in spec.deeds if d.id == "bag-end")
    assert m.payout[bag_end.index] == [2.0, 3.0, 4.0, 5.0, 6.0, 10.0, 1.0]
    sting = next(d for d in spec.deeds if d.id == "sting")
    assert m.payout[sting.index] == [1.0, 2.0, 4.0, 8.0]
    assert not any(any(row) for row in model_of(load_spec("classic")).payout)


# ------------------------------------------------------------------ every edition


@pytest.mark.parametrize("edition", EDITIONS)
def test_expert_makes_only_legal_choices_in_every_edition(edition: str) -> None:
    """Seeded four-player games, one expert among basic bots: every choice is legal (the
    engine raises otherwise) and every invariant holds after every decision."""
    for seed in range(4):
        game = new_game(edition, 4, seed)
        bots = [make_bot("expert" if i == seed % 4 else "basic", seed * 16 + i)
                for i in range(4)]
        while not game.over and game.st.turns < 250:
            _, who = game.waiting_for
            game.act(bots[who].choose(game, who))
            assert not check_invariants(game), (edition, seed, game.st.decisions)


def test_expert_replays_from_its_seed() -> None:
    def play() -> list[Action]:
        game = new_game("classic", 3, 7)
        bots = [make_bot("expert", 7 * 16 + i) for i in range(3)]
        while not game.over and game.st.turns < 200:
            _, who = game.waiting_for
            game.act(bots[who].choose(game, who))
        return game.history

    assert play() == play()


# ------------------------------------------------------------------ decisions


def _land_on_offer(game: Game, deed: int) -> None:
    st = game.st
    st.stage = "post_move"
    st.frames = [BuyFrame(st.current, deed)]
    st.players[0].position = game.spec.deeds[deed].spaces[0]


def test_expert_buys_with_cash_to_spare_and_lets_an_unaffordable_safety_go() -> None:
    """Buys a deed when its safety stays; with the opponent's hotels in reach and no cash to
    spare, lets a plain deed go to auction."""
    game = new_game()
    vermont = deed_of(game, "vermont")
    _land_on_offer(game, vermont)
    set_cash(game, 1000, 1500)
    assert ExpertBot().choose(game, 0) == Action(A.A_BUY, 0, vermont)
    for d in group(game, "dark-blue"):
        own(game, 1, d)
        build(game, d, 5)
    set_cash(game, 150, 1500)
    assert ExpertBot().choose(game, 0) == Action(A.A_AUCTION, 0, vermont)


def _auction_for(game: Game, deed: int, high_bid: int = 0, high_bidder: int = -1) -> None:
    game.st.stage = "post_move"
    game.st.frames = [AuctionFrame(deed=deed, bidders=[0, 1], high_bid=high_bid,
                                   high_bidder=high_bidder)]


def test_expert_bids_by_the_smallest_step_up_to_a_deeds_worth() -> None:
    """A plain deed: the smallest raise while below its worth, out far above it; the deed
    that completes its own group is worth far more than its price."""
    game = new_game()
    vermont = deed_of(game, "vermont")
    _auction_for(game, vermont, high_bid=60, high_bidder=1)
    assert ExpertBot().choose(game, 0) == Action(A.A_BID, 0, vermont, 61)
    _auction_for(game, vermont, high_bid=400, high_bidder=1)
    assert ExpertBot().choose(game, 0).kind == A.A_DROP
    ny, tenn, st_james = sorted(group(game, "orange"), reverse=True)
    own(game, 0, tenn, st_james)
    _auction_for(game, ny, high_bid=450, high_bidder=1)
    assert ExpertBot().choose(game, 0) == Action(A.A_BID, 0, ny, 451)


def test_expert_bids_to_keep_a_set_from_an_opponent() -> None:
    """A deed that completes the opponent's group is worth more to the expert than its price."""
    game = new_game()
    park, boardwalk = group(game, "dark-blue")
    own(game, 1, park)
    _auction_for(game, boardwalk, high_bid=450, high_bidder=1)
    assert ExpertBot().choose(game, 0).kind == A.A_BID


def test_expert_builds_where_rent_per_coin_is_best_and_keeps_its_safety() -> None:
    """With orange and dark blue whole, the first house goes on orange (more rent per coin
    for the landings there); with cash only for its safety it builds nothing."""
    game = new_game()
    own(game, 0, *group(game, "orange"), *group(game, "dark-blue"))
    end_of_turn(game)
    set_cash(game, 2000, 1500)
    a = ExpertBot().choose(game, 0)
    assert a.kind == A.A_BUILD and a.target in group(game, "orange")
    set_cash(game, 40, 1500)
    assert ExpertBot().choose(game, 0) == Action(A.A_END_TURN, 0)


def test_expert_mortgages_a_lone_deed_to_build_a_set() -> None:
    """Short of cash for orange's houses, it mortgages its lone utility to build."""
    game = new_game()
    own(game, 0, *group(game, "orange"))
    water = deed_of(game, "water-works")
    own(game, 0, water)
    end_of_turn(game)
    set_cash(game, 120, 1500)
    assert ExpertBot().choose(game, 0) == Action(A.A_MORTGAGE, 0, water)


def test_expert_lifts_mortgages_of_a_whole_group_before_others() -> None:
    game = new_game()
    st = game.st
    orange = group(game, "orange")
    water = deed_of(game, "water-works")
    own(game, 0, *orange, water)
    st.mortgaged[orange[0]] = True
    st.mortgaged[water] = True
    end_of_turn(game)
    set_cash(game, 400, 1500)
    assert ExpertBot().choose(game, 0) == Action(A.A_UNMORTGAGE, 0, orange[0])


def test_expert_raises_cash_losing_the_least_rent_first_then_pays() -> None:
    """A debt it can raise: first it mortgages the deed whose rent per coin is least (Baltic
    Avenue before the railroad and Boardwalk), never a built group while others remain."""
    game = new_game()
    st = game.st
    baltic, rr, boardwalk = deed_of(game, "baltic"), deed_of(game, "reading-railroad"), deed_of(
        game, "boardwalk")
    own(game, 0, baltic, rr, boardwalk)
    orange = group(game, "orange")
    own(game, 0, *orange)
    for d in orange:
        build(game, d, 2)
    set_cash(game, 10, 1500)
    st.stage = "post_move"
    st.frames = [DebtsFrame([Debt(0, 1, 40, "rent")])]
    assert ExpertBot().choose(game, 0) == Action(A.A_MORTGAGE, 0, baltic)
    set_cash(game, 50, 1500)
    assert ExpertBot().choose(game, 0) == Action(A.A_PAY_DEBT, 0)


def test_expert_goes_bankrupt_only_when_nothing_else_is_left() -> None:
    game = new_game()
    st = game.st
    set_cash(game, 10, 1500)
    st.stage = "post_move"
    st.frames = [DebtsFrame([Debt(0, 1, 100, "rent")])]
    assert ExpertBot().choose(game, 0) == Action(A.A_BANKRUPT, 0)


def _to_jail(game: Game, player: int) -> None:
    pl = game.st.players[player]
    pl.in_jail, pl.position = True, game.spec.jail_space


def test_expert_leaves_jail_early_and_stays_late() -> None:
    """Early, with the board to buy: out at once by the fine. Late, every deed owned and the
    opponent's hotels around the board: it stays in and rolls."""
    game = new_game()
    _to_jail(game, 0)
    assert ExpertBot().choose(game, 0) == Action(A.A_PAY_FINE, 0)
    for d in range(len(game.spec.deeds)):
        own(game, 1, d)
    for g in ("orange", "red"):
        for d in group(game, g):
            build(game, d, 5)
    assert ExpertBot().choose(game, 0) == Action(A.A_ROLL, 0)


def test_expert_lifts_a_received_mortgage_of_its_whole_group() -> None:
    game = new_game()
    st = game.st
    park, boardwalk = group(game, "dark-blue")
    own(game, 0, park, boardwalk)
    st.mortgaged[boardwalk] = True
    st.stage = "post_move"
    st.frames = [TransfersFrame([MortgagedTransfer(0, boardwalk)])]
    set_cash(game, 1000, 1500)
    assert ExpertBot().choose(game, 0) == Action(A.A_LIFT, 0, boardwalk)
    set_cash(game, 230, 1500)
    assert ExpertBot().choose(game, 0) == Action(A.A_KEEP, 0, boardwalk)


def _offer(game: Game, offer: TradeOffer) -> None:
    game.st.stage = "post_move"
    game.st.frames = [TradeFrame(offer)]


def test_expert_never_completes_an_opponents_set_without_getting_more_back() -> None:
    """Boardwalk to the holder of Park Place: rejected at the price and at the basic bot's
    premium (its price plus the group's); a swap that completes orange for the expert against
    brown for the opponent is accepted, the reverse rejected."""
    game = new_game(players=3)
    st = game.st
    park, boardwalk = group(game, "dark-blue")
    own(game, 1, park)
    own(game, 0, boardwalk)
    set_cash(game, 1500, 5000, 1500)
    _offer(game, TradeOffer(1, 0, (), (boardwalk,), give_cash=400))
    assert ExpertBot().choose(game, 0) == Action(A.A_REJECT, 0)
    _offer(game, TradeOffer(1, 0, (), (boardwalk,), give_cash=400 + 750))
    assert ExpertBot().choose(game, 0) == Action(A.A_REJECT, 0)
    st.owner[park] = st.owner[boardwalk] = -1
    brown, orange = group(game, "brown"), group(game, "orange")
    own(game, 0, brown[0], orange[0], orange[1])
    own(game, 1, brown[1], orange[2])
    _offer(game, TradeOffer(1, 0, (orange[2],), (brown[0],)))
    assert ExpertBot().choose(game, 0) == Action(A.A_ACCEPT, 0)
    st.owner[orange[0]] = st.owner[orange[1]] = 1
    st.owner[orange[2]] = 0
    st.owner[brown[0]], st.owner[brown[1]] = 1, 0
    _offer(game, TradeOffer(1, 0, (brown[0],), (orange[2],)))
    assert ExpertBot().choose(game, 0) == Action(A.A_REJECT, 0)


def _shark() -> type:
    import importlib.util

    path = Path(__file__).parents[1] / "benchmarks" / "bench_bots.py"
    spec = importlib.util.spec_from_file_location("bench_bots_for_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shark: type = module.SharkBot
    return shark


def test_the_trade_shark_lowballs_and_the_expert_turns_it_down() -> None:
    """The benchmark's trade shark holds two oranges and offers the expert, who holds the
    third, its printed price (no premium for the set it completes), then a lone railroad for
    it: each offer is below the deed's worth by the basic valuation, and the expert rejects
    both, even when the shark would have no cash left to build. Offered more than the set is
    worth to the shark by the expert's model (fully built in time), it accepts."""
    game = new_game(players=3)
    st = game.st
    orange = group(game, "orange")
    rail = deed_of(game, "reading-railroad")
    own(game, 1, orange[0], orange[1], rail)
    own(game, 0, orange[2])
    set_cash(game, 1500, 1500, 1500)
    st.current = 1
    st.stage = "post_move"
    shark = _shark()(seed=3)
    board = Board.of(game.spec)
    first = shark.decide(game, A.END_TURN, 1)
    assert first.kind == A.A_PROPOSE and first.trade is not None
    second = shark.lowball(game, 1)
    assert second is not None and second.give_deeds == (rail,)
    for offer in (first.trade, second):
        assert offer.take_deeds == (orange[2],)
        assert trade_value(board, st, 0, offer, game.spec.rules.jail_fine) < 0  # lopsided
        st.frames = [TradeFrame(offer)]
        assert game.waiting_for == (A.TRADE, 0)
        assert ExpertBot().choose(game, 0) == Action(A.A_REJECT, 0)
    expert = ExpertBot()
    expert.model = model_of(game.spec)
    shark_gains, _, _ = expert.trade_gains(game, TradeOffer(1, 0, (), (orange[2],)),
                                           in_time=True)
    rich = TradeOffer(1, 0, (), (orange[2],), give_cash=int(shark_gains) + 1)
    st.frames = [TradeFrame(rich)]
    assert ExpertBot().choose(game, 0) == Action(A.A_ACCEPT, 0)



def test_expert_hands_over_a_set_never_below_its_price_by_the_basic_valuation() -> None:
    """A swap completing red for the expert and dark blue for the opponent is about even by
    the model (red's rent per coin is as good), but by the basic valuation the expert gives
    Boardwalk and dark blue's price (400 + 750) for a red and red's price (240 + 660): it
    rejects it; with the difference in cash besides, it accepts."""
    game = new_game(players=4)
    st = game.st
    red, blue = group(game, "red"), group(game, "dark-blue")
    own(game, 0, red[0], red[1], blue[1])
    own(game, 1, red[2], blue[0])
    set_cash(game, 1500, 1500, 1500, 1500)
    swap = TradeOffer(1, 0, (red[2],), (blue[1],))
    board = Board.of(game.spec)
    short = -trade_value(board, st, 0, swap, game.spec.rules.jail_fine)
    assert short > 0
    _offer(game, swap)
    assert ExpertBot().choose(game, 0) == Action(A.A_REJECT, 0)
    _offer(game, TradeOffer(1, 0, (red[2],), (blue[1],), give_cash=short))
    assert ExpertBot().choose(game, 0) == Action(A.A_ACCEPT, 0)


def test_expert_values_a_set_it_completes_for_another_by_what_they_build_on_it_in_time() -> None:
    """Head to head, the expert's mortgaged Boardwalk for its printed price from the holder of
    Park Place, who would have no cash left to build: the set is worth to them what they will
    build on it in time, far more than the price, so the expert refuses (counted only with
    the cash left after the trade, the set looked worth less than what the expert gained)."""
    game = new_game(players=2)
    st = game.st
    park, boardwalk = group(game, "dark-blue")
    own(game, 1, park)
    own(game, 0, boardwalk)
    st.mortgaged[boardwalk] = True
    price = game.spec.deeds[boardwalk].price
    set_cash(game, 1500, price)
    _offer(game, TradeOffer(1, 0, (), (boardwalk,), give_cash=price))
    assert ExpertBot().choose(game, 0) == Action(A.A_REJECT, 0)


def test_expert_proposes_to_buy_the_deed_that_completes_its_group() -> None:
    """It holds two oranges and the cash; the third is the opponent's: it offers cash for it,
    at least what the basic bot's fair-trade valuation asks (price plus the group's price), in
    a four-player game, where a set's rent comes from three opponents."""
    game = new_game(players=4)
    orange = group(game, "orange")
    own(game, 0, orange[0], orange[1])
    own(game, 1, orange[2])
    set_cash(game, 1500, 1500, 1500, 1500)
    end_of_turn(game)
    bot = ExpertBot(seed=0)
    for turn in range(20):  # proposals are made on some turns, by the seeded chance
        game.st.turns = turn
        a = bot.choose(game, 0)
        if a.kind == A.A_PROPOSE:
            break
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.take_deeds == (orange[2],)
    price = game.spec.deeds[orange[2]].price
    assert a.trade.give_cash + sum(game.spec.deeds[d].price for d in a.trade.give_deeds) >= \
        price + sum(game.spec.deeds[d].price for d in orange)
    game.act(a)
    assert make_bot("basic", 1).choose(game, 1) == Action(A.A_ACCEPT, 1)


def test_expert_proposes_a_step_towards_a_group_split_between_two_opponents() -> None:
    """It holds one orange, each of two opponents one of the others: no single trade completes
    the group, so it offers one of them the basic bot's fair price for its orange (a lone
    deed to them, no premium), leaving its last orange with a single holder; the opponent
    accepts. With an orange still the bank's, there is no such step."""
    game = new_game(players=4)
    orange = group(game, "orange")
    own(game, 0, orange[0])
    own(game, 1, orange[1])
    own(game, 2, orange[2])
    set_cash(game, 1500, 1500, 1500, 1500)
    end_of_turn(game)
    a = ExpertBot(seed=0).choose(game, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert (a.trade.partner, a.trade.take_deeds) in ((1, (orange[1],)), (2, (orange[2],)))
    game.act(a)
    partner = a.trade.partner
    assert make_bot("basic", 1).choose(game, partner) == Action(A.A_ACCEPT, partner)
    game = new_game(players=4)
    own(game, 0, orange[0])
    own(game, 1, orange[1])
    set_cash(game, 1500, 1500, 1500, 1500)
    end_of_turn(game)
    assert ExpertBot(seed=0).choose(game, 0) == Action(A.A_END_TURN, 0)


@pytest.mark.parametrize(("edition", "group_id", "cash"), [("lotr", "weapons", 20),
                                                           ("classic", "railroads", 1000),
                                                           ("lotr", "shards", 20)])
def test_expert_asks_for_the_deed_that_raises_its_count_rent(edition: str, group_id: str,
                                                              cash: int) -> None:
    """It holds all of a count-rent or dice-rent group but one deed (three Weapons, three
    railroads; one Shard of Narsil), an opponent the last: that deed multiplies the rent of
    the whole group (Weapons M2, M4, then M8 each; both dice for the Shards), far more than
    its price over the rounds left, and the basic bot asks no premium for such a group. It
    offers what the opponent's fair-trade valuation asks, and the opponent accepts."""
    game = new_game(edition, players=4)
    deeds = group(game, group_id)
    own(game, 0, *deeds[:-1])
    own(game, 1, deeds[-1])
    set_cash(game, cash, cash, cash, cash)
    end_of_turn(game)
    a = ExpertBot(seed=0).choose(game, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.partner == 1 and a.trade.take_deeds == (deeds[-1],)
    assert not set(a.trade.give_deeds) & set(deeds)
    game.act(a)
    assert make_bot("basic", 1).choose(game, 1) == Action(A.A_ACCEPT, 1)


def test_expert_asks_for_no_count_rent_deed_of_a_group_it_holds_none_of() -> None:
    """Three Weapons with one opponent, the fourth with another: the expert holds none, so a
    Weapon alone would only earn M1 a landing for its M4; it proposes nothing."""
    game = new_game("lotr", players=4)
    weapons = group(game, "weapons")
    own(game, 1, *weapons[:-1])
    own(game, 2, weapons[-1])
    set_cash(game, 20, 20, 20, 20)
    end_of_turn(game)
    assert ExpertBot(seed=0).choose(game, 0) == Action(A.A_END_TURN, 0)


def _swap_position(mine: str, theirs: str, cash: int) -> Game:
    """Four players: the expert holds all of ``mine`` but its last deed and the last deed of
    ``theirs``; seat 1 the reverse."""
    game = new_game(players=4)
    ours, others = group(game, mine), group(game, theirs)
    own(game, 0, *ours[:-1], others[-1])
    own(game, 1, *others[:-1], ours[-1])
    set_cash(game, cash, 1500, 1500, 1500)
    end_of_turn(game)
    return game


def test_expert_hands_an_opponent_a_set_in_a_swap_only_for_twice_as_much() -> None:
    """A swap completing green for the expert and orange for the opponent gains the expert
    only a little more than the opponent (orange built in time): in a four-player game it
    does not propose it (the other players face both sets). Brown for the opponent against
    orange for the expert gains it far more: that swap it proposes."""
    game = _swap_position("green", "orange", 600)
    assert ExpertBot(seed=0).choose(game, 0) == Action(A.A_END_TURN, 0)
    game = _swap_position("orange", "brown", 600)
    a = ExpertBot(seed=0).choose(game, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    brown, orange = group(game, "brown"), group(game, "orange")
    assert a.trade.give_deeds == (brown[-1],) and a.trade.take_deeds == (orange[-1],)


def test_expert_never_offers_a_deed_of_the_group_it_asks_for() -> None:
    """It holds brown (short of the cash for four houses on each by a few coins) and two
    yellows; the third yellow is the opponent's. Swapping one of its yellows for the
    opponent's cheaper one, for the difference in cash, completes nothing: it does not
    offer it (a few coins more once looked like four houses more on brown)."""
    game = new_game(players=4)
    brown, yellow = group(game, "brown"), group(game, "yellow")
    own(game, 0, *brown, yellow[0], yellow[2])
    own(game, 1, yellow[1])
    m = model_of(game.spec)
    set_cash(game, m.set_cost(game.spec.groups[game.spec.deeds[brown[0]].group].index, 4) - 5,
             1500, 1500, 1500)
    end_of_turn(game)
    a = ExpertBot(seed=0).choose(game, 0)
    if a.kind == A.A_PROPOSE:
        assert a.trade is not None and not set(a.trade.give_deeds) & set(yellow)


def test_a_set_the_budget_part_affords_counts_by_the_share_it_affords() -> None:
    """A set's worth grows with the budget a building at a time, without a jump where the
    budget reaches a whole level: halfway between two levels' costs it is worth halfway
    between them, and one coin short of a level almost that level's worth."""
    game = new_game(players=4)
    m = model_of(game.spec)
    g = game.spec.deeds[group(game, "orange")[0]].group
    h = 100.0
    for k in range(1, m.street_levels + 1):
        lo, hi = m.set_cost(g, k - 1), m.set_cost(g, k)
        v_lo, v_hi = m.set_value(g, h, lo), m.set_value(g, h, hi)
        assert m.set_value(g, h, (lo + hi) / 2) == pytest.approx(max(v_lo, (v_lo + v_hi) / 2))
        assert v_hi - m.set_value(g, h, hi - 1) <= max(0.0, v_hi - v_lo) / (hi - lo) + 1e-9


def test_expert_takes_the_cheaper_tax_like_the_basic_bot() -> None:
    from monopoly_tui.engine.frames import TaxFrame

    spec = load_spec("nfl")
    taxed = [s for s in spec.spaces if s.tax_percent and s.tax_amount]
    if not taxed:
        pytest.skip("no edition space with a choice of tax")
    game = new_game("nfl")
    game.st.stage = "post_move"
    game.st.frames = [TaxFrame(0, taxed[0].index)]
    set_cash(game, 100, 1500)
    assert ExpertBot().choose(game, 0).kind == A.A_TAX_PERCENT


# ------------------------------------------------------------------ the Ring


def _ring_meeting(game: Game, mover: int, other: int) -> None:
    st = game.st
    st.current = mover
    st.stage = "post_move"
    st.frames = [RingMeetingFrame([other])]


def test_expert_battles_a_bearer_far_from_the_end_and_lets_one_near_it_go_when_it_wins_there(
) -> None:
    """Met far from Mount Doom: battle. Met one circle before it, while the expert is the
    richest (it would win at the end): pass by."""
    game = new_game("lotr", 3)
    rs = state_of(game.st)
    rs.bearer, rs.circle = 1, 1
    _ring_meeting(game, 0, 1)
    assert ExpertBot().choose(game, 0).kind == A.A_BATTLE
    ring = ring_of(game.spec)
    assert ring is not None
    rs.circle = len(ring.track) - 1
    set_cash(game, 200, 10, 10)
    assert ExpertBot().choose(game, 0).kind == A.A_PASS_BY
    set_cash(game, 10, 200, 10)
    assert ExpertBot().choose(game, 0).kind == A.A_BATTLE


def test_expert_builds_near_mount_doom_only_what_the_end_pays_back() -> None:
    """A bearer one circle from Mount Doom: the expert builds on the Shire (developed to
    Fortresses, the end pays M8 more for M5 of buildings) but not on Ithilien (M16 more for
    M20); with the bearer far from the end it builds on Ithilien too."""
    game = new_game("lotr", 3)
    ring = ring_of(game.spec)
    assert ring is not None
    rs = state_of(game.st)
    rs.bearer, rs.circle = 1, len(ring.track) - 1
    shire, ithilien = group(game, "shire"), group(game, "ithilien")
    own(game, 0, *shire, *ithilien)
    set_cash(game, 100, 30, 30)
    end_of_turn(game)
    a = ExpertBot().choose(game, 0)
    assert a.kind == A.A_BUILD and a.target in shire
    game.st.owner[shire[0]] = game.st.owner[shire[1]] = -1
    assert ExpertBot().choose(game, 0) == Action(A.A_END_TURN, 0)
    rs.circle = 0
    a = ExpertBot().choose(game, 0)
    assert a.kind == A.A_BUILD and a.target in ithilien


def _shortage_position() -> tuple[Game, list[ExpertBot | BasicBot]]:
    """NFL: the expert (seat 0) owns orange and could build; the bank has one seating section
    left and seat 1 (dark blue built up) could build too."""
    game = new_game("nfl", players=4)
    own(game, 0, *group(game, "orange"))
    own(game, 1, *group(game, "brown"), *group(game, "dark-blue"))
    for d in group(game, "dark-blue"):
        build(game, d, 5)
    set_cash(game, 600, 60, 50, 50)
    game.st.bank_houses = 1
    end_of_turn(game)
    bots: list[ExpertBot | BasicBot] = [ExpertBot(seed=0)]
    bots += [BasicBot(i) for i in (1, 2, 3)]
    return game, bots


def _after_the_shortage_auction(game: Game, bots: list[ExpertBot | BasicBot]) -> Action:
    """The expert asks for a building, everyone drops out of the auction it opens; its next
    choice."""
    first = bots[0].choose(game, 0)
    assert first.kind == A.A_BUILD
    game.act(first)
    assert game.waiting_for[0] == A.AUCTION
    while game.waiting_for[0] == A.AUCTION:
        who = game.waiting_for[1]
        a = bots[who].choose(game, who)
        assert a.kind == A.A_DROP
        game.act(a)
    assert game.waiting_for == (A.END_TURN, 0) and game.st.bank_houses == 1
    return bots[0].choose(game, 0)


def test_a_building_shortage_auction_that_ends_unsold_is_not_asked_for_again() -> None:
    """In a shortage a build opens an auction of the building at its price; when everyone
    drops out, asking again opens the same auction. The expert asks once a turn, so the game
    goes on (NFL, seed 132 of the benchmark once: the expert asked 1,001 times in one turn,
    and the computer seat never moved on). Here everyone drops out (its bid is the basic
    bot's, whose reserve against the opponent's stadiums is larger than the expert's
    safety), and at its next choice it ends the turn."""
    game, bots = _shortage_position()
    assert _after_the_shortage_auction(game, bots).kind == A.A_END_TURN


@pytest.mark.pure_python_only("monopoly_tui.bots.expert",
                              "a module function monkeypatched is not seen by compiled callers")
def test_without_the_once_a_turn_rule_the_expert_would_ask_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same position with the once-a-turn rule switched off: the expert asks again (the
    test above would pass for another reason otherwise)."""
    from monopoly_tui.bots import expert as expert_module

    monkeypatch.setattr(expert_module, "_building_auction_held", lambda game, player: False)
    game, bots = _shortage_position()
    assert _after_the_shortage_auction(game, bots).kind == A.A_BUILD


# ------------------------------------------------------------------ a set waiting for another


def test_expert_keeps_a_deed_whose_group_waits_for_a_third_player_from_a_broker() -> None:
    """A broker (seat 1) offers more than its price for the expert's orange, whose other two
    oranges seat 2 holds: resold, it would complete seat 2's set. The expert refuses at a
    markup and at the basic valuation's fair price of a set (its price plus the group's), as
    long as the money is less than the set is worth to seat 2 built in time; paid that, it
    accepts. A lone railroad it sells for a little over its price."""
    game = new_game(players=4)
    orange = group(game, "orange")
    rail = deed_of(game, "reading-railroad")
    own(game, 2, orange[0], orange[1])
    own(game, 0, orange[2], rail)
    set_cash(game, 1500, 20000, 1500, 1500)
    price = game.spec.deeds[orange[2]].price
    for cash in (price * 6 // 5, price + sum(game.spec.deeds[d].price for d in orange)):
        _offer(game, TradeOffer(1, 0, (), (orange[2],), give_cash=cash))
        assert ExpertBot().choose(game, 0) == Action(A.A_REJECT, 0)
    expert = ExpertBot()
    expert.model = model_of(game.spec)
    worth, premium = expert.sets_given(game, 0, TradeOffer(1, 0, (), (orange[2],)))
    assert worth > 0 and premium == sum(game.spec.deeds[d].price for d in orange)
    _offer(game, TradeOffer(1, 0, (), (orange[2],), give_cash=int(worth) + price + 1))
    assert ExpertBot().choose(game, 0) == Action(A.A_ACCEPT, 0)
    rail_price = game.spec.deeds[rail].price
    _offer(game, TradeOffer(1, 0, (), (rail,), give_cash=rail_price * 6 // 5))
    assert ExpertBot().choose(game, 0) == Action(A.A_ACCEPT, 0)


def test_expert_never_offers_a_deed_that_completes_or_nears_anothers_group() -> None:
    """It holds two oranges and asks seat 1 for the third; its own deeds to offer besides
    cash are Boardwalk (seat 2 holds Park Place: a set waiting for seat 2), a red whose
    other reds are seat 1's and the bank's (seat 1 would be one short of red) and a lone
    railroad. It offers the railroad and cash (it used to offer the red with the railroad, for
    less cash), never Boardwalk or the red."""
    game = new_game(players=4)
    orange, red = group(game, "orange"), group(game, "red")
    park, boardwalk = group(game, "dark-blue")
    rail = deed_of(game, "reading-railroad")
    own(game, 0, orange[0], orange[1], boardwalk, red[0], rail)
    own(game, 1, orange[2], red[1])
    own(game, 2, park)
    set_cash(game, 900, 1500, 1500, 1500)
    end_of_turn(game)
    proposed = []
    for turn in range(12):
        game.st.turns = turn
        bot = ExpertBot(seed=turn)
        a = bot.choose(game, 0)
        if a.kind == A.A_PROPOSE:
            assert a.trade is not None
            proposed.append(a.trade)
    assert proposed
    for offer in proposed:
        assert boardwalk not in offer.give_deeds and red[0] not in offer.give_deeds
        assert offer.give_deeds == (rail,) and offer.take_deeds == (orange[2],)


def _refusing_position() -> tuple[Game, ExpertBot, int]:
    """Four players; the expert (seat 0) holds two oranges and cash, seat 1 the third orange;
    the expert has proposed to buy it and seat 1 turned the offer down."""
    game = new_game(players=4)
    orange = group(game, "orange")
    own(game, 0, orange[0], orange[1])
    own(game, 1, orange[2])
    set_cash(game, 1500, 1500, 1500, 1500)
    end_of_turn(game)
    bot = ExpertBot(seed=0)
    a = bot.choose(game, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None and a.trade.partner == 1
    game.act(a)
    game.act(Action(A.A_REJECT, 1))
    assert game.waiting_for == (A.END_TURN, 0)
    assert bot.choose(game, 0) == Action(A.A_END_TURN, 0)  # (and it reads the refusal)
    return game, bot, orange[2]


def _rounds_pass(game: Game, rounds: int) -> None:
    """Turns ended by every seat, as the history tells them (the position stays)."""
    for _ in range(rounds):
        for seat in range(len(game.st.players)):
            game.history.append(Action(A.A_END_TURN, seat))


def test_expert_asks_a_player_who_refused_again_only_when_something_changed() -> None:
    """After seat 1 refused its offer for the third orange, three rounds later, nothing
    changed: the expert does not ask again (a new bot reading the game's history neither).
    Once seat 1's orange is mortgaged (what it is worth changed), it asks again, for less."""
    game, bot, third = _refusing_position()
    first = next(a.trade for a in game.history if a.kind == A.A_PROPOSE)
    assert first is not None
    _rounds_pass(game, 3)
    assert bot.choose(game, 0) == Action(A.A_END_TURN, 0)
    assert ExpertBot(seed=0).choose(game, 0) == Action(A.A_END_TURN, 0)
    game.st.mortgaged[third] = True
    a = bot.choose(game, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None and a.trade.partner == 1
    assert a.trade.take_deeds == (third,) and a.trade.give_cash < first.give_cash


def test_expert_proposes_to_the_same_player_at_most_once_in_three_rounds() -> None:
    """After seat 1 refused, even with something changed (its orange mortgaged), the expert
    does not ask seat 1 again within three rounds; after three it does."""
    game, bot, third = _refusing_position()
    game.st.mortgaged[third] = True
    _rounds_pass(game, 1)
    assert bot.choose(game, 0) == Action(A.A_END_TURN, 0)
    _rounds_pass(game, 1)
    assert bot.choose(game, 0) == Action(A.A_END_TURN, 0)
    _rounds_pass(game, 1)
    a = bot.choose(game, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None and a.trade.partner == 1


def test_expert_takes_a_swap_of_sets_for_three_quarters_of_what_the_partner_gains() -> None:
    """Four players: the opponent offers the expert its last dark blue for the expert's last
    red, each completing a set. Built in time red gains the opponent a little more than dark
    blue gains the expert (both sets face the two players left out): it accepts. Brown for
    the expert against orange for the opponent, with the cash that makes it fair by the basic
    valuation, gains it far less than three quarters: it rejects."""
    def swap(mine: str, theirs: str, cash: int = 0) -> tuple[Game, TradeOffer]:
        game = new_game(players=4)
        want, give = group(game, mine), group(game, theirs)
        own(game, 0, *want[:-1], give[-1])
        own(game, 1, want[-1], *give[:-1])
        set_cash(game, 1500, 1500, 1500, 1500)
        return game, TradeOffer(1, 0, (want[-1],), (give[-1],), give_cash=cash)

    game, offer = swap("dark-blue", "red")
    expert = ExpertBot()
    expert.model = model_of(game.spec)
    theirs, mine, _ = expert.trade_gains(game, offer, in_time=True)
    assert 0.75 * theirs < mine < theirs
    _offer(game, offer)
    assert ExpertBot().choose(game, 0) == Action(A.A_ACCEPT, 0)
    game, offer = swap("brown", "orange")
    board = Board.of(game.spec)
    short = -trade_value(board, game.st, 0, offer, game.spec.rules.jail_fine)
    game, offer = swap("brown", "orange", cash=short)
    assert trade_value(board, game.st, 0, offer, game.spec.rules.jail_fine) == 0
    _offer(game, offer)
    assert ExpertBot().choose(game, 0) == Action(A.A_REJECT, 0)
