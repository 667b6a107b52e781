"""Taking back a slip (issue 16): ``Game.can_undo`` / ``Game.undo``.

The rule (``engine.undo``): the last decisions of the player whose turn it is may be taken back,
one at a time, as long as nothing random has been revealed since (no die rolled, no card drawn,
no shuffle) and no other player has decided since. Taking one back restores the game exactly:
frames, mechanic state, generator, history, decisions count."""

from __future__ import annotations

import pytest
from helpers import act, card_on_top, deed, give, give_group, jail, new_game, place, roll, set_dice
from lotr_helpers import at, lotr

from monopoly_tui.bots import make_bot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import state_of
from monopoly_tui.engine.snapshot import encode_state
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.engine.undo import undo_player, undo_problem
from monopoly_tui.rules import load_spec


def _kept(game: Game) -> Game:
    game.keep_undo()
    return game


def _taken_back_exactly(game: Game, kind: str, player: int | None = None, target: int = -1,
                        amount: int = 0, trade: TradeOffer | None = None) -> None:
    """Play a choice, take it back: the game is exactly as before (state with its generator,
    frames and mechanics, the history, the decisions count); playing it again gives the same
    game as the first time. The game is left as before the choice."""
    before = encode_state(game.st)
    history = list(game.history)
    who = game.pending.player if player is None else player
    action = Action(kind, who, target, amount, trade)
    game.act(action)
    after = encode_state(game.st)
    assert game.can_undo(), undo_problem(game)
    assert undo_player(game) == who
    kept = game.undo()
    assert kept.action == action
    assert [e.kind for e in game.last_events] == ["undone"]
    assert encode_state(game.st) == before
    assert game.history == history
    assert game.st.decisions == len(history)
    game.act(action)
    assert encode_state(game.st) == after
    game.undo()  # and back to before it, for the test to go on
    assert encode_state(game.st) == before


# ---------------------------------------------------------------- every kind of decision


def test_a_purchase_is_taken_back_and_the_deed_is_offered_again() -> None:
    game = _kept(new_game())
    roll(game, (1, 2))  # Baltic Avenue
    assert not game.can_undo()  # the roll revealed the dice
    assert game.pending.kind == A.BUY
    _taken_back_exactly(game, A.A_BUY)
    assert game.pending.kind == A.BUY
    assert game.st.owner[deed(game, "baltic")] == -1
    assert game.st.players[0].cash == 1500
    assert not game.can_undo()
    assert "rolled" in undo_problem(game)


def test_declining_and_bids_by_the_player_whose_turn_it_is() -> None:
    game = _kept(new_game())
    roll(game, (1, 2))
    _taken_back_exactly(game, A.A_AUCTION)
    act(game, A.A_AUCTION)
    assert game.pending.kind == A.AUCTION
    assert game.pending.player == 0  # the auction starts with the player who declined
    _taken_back_exactly(game, A.A_DROP)
    _taken_back_exactly(game, A.A_BID, amount=game.min_bid())


def test_a_bid_by_another_player_ends_what_may_be_taken_back() -> None:
    game = _kept(new_game())
    roll(game, (1, 2))
    act(game, A.A_AUCTION)
    while game.pending.player == 0:
        act(game, A.A_BID, amount=game.min_bid())
    act(game, A.A_BID, amount=game.min_bid())  # Bob bids
    assert not game.can_undo()
    assert undo_problem(game) == "Bob decided since"


def test_mortgage_lift_build_sell_are_taken_back() -> None:
    game = _kept(new_game())
    give_group(game, 0, "brown")
    baltic = deed(game, "baltic")
    med = deed(game, "mediterranean")
    _taken_back_exactly(game, A.A_MORTGAGE, target=baltic)
    act(game, A.A_MORTGAGE, target=baltic)
    _taken_back_exactly(game, A.A_UNMORTGAGE, target=baltic)
    act(game, A.A_UNMORTGAGE, target=baltic)
    _taken_back_exactly(game, A.A_BUILD, target=baltic)
    act(game, A.A_BUILD, target=baltic)
    act(game, A.A_BUILD, target=med)
    _taken_back_exactly(game, A.A_SELL_BUILDING, target=baltic)
    _taken_back_exactly(game, A.A_SELL_ALL, target=game.spec.deeds[baltic].group)


def test_several_decisions_go_back_one_at_a_time_as_far_as_the_roll() -> None:
    game = _kept(new_game())
    give(game, 0, "boardwalk", "park-place")
    roll(game, (1, 2))
    start = encode_state(game.st)
    act(game, A.A_BUY)
    act(game, A.A_MORTGAGE, target=deed(game, "boardwalk"))
    act(game, A.A_MORTGAGE, target=deed(game, "park-place"))
    for _ in range(3):
        assert game.can_undo()
        game.undo()
    assert encode_state(game.st) == start
    assert not game.can_undo()


def test_a_tax_choice_is_taken_back() -> None:
    game = _kept(new_game("nfl"))
    roll(game, (1, 3))  # Income Tax: the flat sum or the percentage
    assert game.pending.kind == A.TAX
    _taken_back_exactly(game, A.A_TAX_PERCENT)
    _taken_back_exactly(game, A.A_TAX_FLAT)


def test_raising_cash_and_paying_a_debt_are_taken_back_not_a_bankruptcy() -> None:
    game = _kept(new_game(players=3))
    give(game, 1, "boardwalk")
    give(game, 0, "baltic")
    B.set_level(game.spec, game.st, deed(game, "boardwalk"), 0)
    game.st.players[0].cash = 25
    place(game, 0, "park-place")
    roll(game, (1, 1))  # Boardwalk: rent 50, Ann has 25
    assert game.pending.kind == A.DEBT
    _taken_back_exactly(game, A.A_MORTGAGE, target=deed(game, "baltic"))
    act(game, A.A_MORTGAGE, target=deed(game, "baltic"))
    _taken_back_exactly(game, A.A_PAY_DEBT)

    game = _kept(new_game(players=3))  # nothing to raise the cash with: bankrupt
    give(game, 1, "boardwalk")
    game.st.players[0].cash = 25
    place(game, 0, "park-place")
    roll(game, (1, 1))
    assert game.pending.kind == A.DEBT
    act(game, A.A_BANKRUPT)  # the turn passes with it: Bob's turn now, not Ann's
    assert not game.can_undo()
    assert undo_problem(game) == "the turn passed to Bob"


def test_jail_choices_but_not_the_roll_for_doubles() -> None:
    game = _kept(new_game())
    jail(game, 0)
    _taken_back_exactly(game, A.A_PAY_FINE)
    di = 0
    game.st.players[0].cards.append((di, game.st.decks[di].pop()))
    _taken_back_exactly(game, A.A_USE_CARD)
    set_dice(game, [(1, 2)])
    act(game, A.A_ROLL)
    assert not game.can_undo()


def test_a_mortgaged_deed_received_lift_or_keep() -> None:
    game = _kept(new_game())
    give(game, 1, "boardwalk", mortgaged=True)
    offer = TradeOffer(proposer=1, partner=0, give_deeds=(deed(game, "boardwalk"),))
    act(game, A.A_PROPOSE, player=1, trade=offer)
    act(game, A.A_ACCEPT, player=0)
    assert game.pending.kind == A.MORTGAGED_TRANSFER and game.pending.player == 0
    _taken_back_exactly(game, A.A_LIFT, target=deed(game, "boardwalk"))
    _taken_back_exactly(game, A.A_KEEP, target=deed(game, "boardwalk"))


def test_a_card_drawn_cannot_be_taken_back() -> None:
    game = _kept(new_game())
    card_on_top(game, "chance", "collect")
    roll(game, (3, 4))  # Chance
    assert not game.can_undo()


def test_ending_the_turn_cannot_be_taken_back() -> None:
    game = _kept(new_game())
    roll(game, (1, 2))
    act(game, A.A_BUY)
    act(game, A.A_END_TURN)
    assert not game.can_undo()
    assert undo_problem(game) == "the turn passed to Bob"


# ---------------------------------------------------------------- trades


def test_a_trade_answer_by_the_player_whose_turn_it_is_is_taken_back() -> None:
    """Bob offers Ann a deal in her turn; Ann's answer is hers to take back (Bob decided before
    it, not since)."""
    game = _kept(new_game())
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=1, partner=0, give_deeds=(deed(game, "boardwalk"),),
                       take_cash=100)
    act(game, A.A_PROPOSE, player=1, trade=offer)
    assert not game.can_undo()  # Bob's proposal is not Ann's to take back
    _taken_back_exactly(game, A.A_ACCEPT, player=0)
    assert game.pending.kind == A.TRADE and game.pending.player == 0
    assert game.st.owner[deed(game, "boardwalk")] == 1
    _taken_back_exactly(game, A.A_REJECT, player=0)


def test_the_partners_answer_ends_what_the_proposer_may_take_back() -> None:
    game = _kept(new_game())
    give(game, 1, "boardwalk")
    offer = TradeOffer(proposer=0, partner=1, take_deeds=(deed(game, "boardwalk"),),
                       give_cash=100)
    _taken_back_exactly(game, A.A_PROPOSE, player=0, trade=offer)  # the offer, unanswered
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    assert not game.can_undo()
    assert undo_problem(game) == "Bob decided since"


# ---------------------------------------------------------------- the Ring, mid-move


def test_a_ring_meeting_mid_move_is_taken_back() -> None:
    """Frodo offers the Ring to a player passed, the move goes on to a deed he buys: both are
    taken back, and the move is stopped at the meeting again, with the same steps left."""
    game = _kept(lotr(bearer=0, circle=2))
    at(game, 1, 3)
    roll(game, (2, 3))
    meeting = encode_state(game.st)
    assert game.pending.kind == A.RING and game.st.players[0].position == 3
    _taken_back_exactly(game, A.A_OFFER_RING, target=1)
    _taken_back_exactly(game, A.A_PASS_BY, target=1)
    act(game, A.A_OFFER_RING, target=1)
    assert state_of(game.st).bearer == 1 and game.pending.kind == A.BUY
    act(game, A.A_BUY)
    game.undo()
    game.undo()
    assert encode_state(game.st) == meeting
    assert state_of(game.st).bearer == 0
    assert game.pending.context["steps_left"] == 2
    assert not game.can_undo()


def test_a_battle_for_the_ring_rolls_dice_and_cannot_be_taken_back() -> None:
    game = _kept(lotr(bearer=1))
    at(game, 1, 3)
    roll(game, (2, 3))
    assert game.pending.kind == A.RING
    set_dice(game, [(4,), (2,)])
    act(game, A.A_BATTLE, target=1)
    assert not game.can_undo()


# ---------------------------------------------------------------- whole games


@pytest.mark.parametrize("edition", ["classic", "got", "nfl", "lotr"])
def test_every_decision_that_may_be_taken_back_is_taken_back_exactly(edition: str) -> None:
    """Bots play; after every decision that may be taken back, it is, and the game is the one
    before it; played again, the game goes on as it did. The kinds seen are many."""
    spec = load_spec(edition)
    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(3)], seed=5)
    game.keep_undo()
    twin = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(3)], seed=5)
    bots = [make_bot("basic", 50 + i) for i in range(3)]
    seen: set[str] = set()
    while not game.over and len(game.history) < 1500:
        _kind, who = game.waiting_for
        action = bots[who].choose(game, who)
        before = encode_state(game.st)
        game.act(action)
        twin.act(action)
        if game.can_undo():
            seen.add(action.kind)
            game.undo()
            assert encode_state(game.st) == before
            assert game.history == twin.history[:-1]
            game.act(action)
        assert encode_state(game.st) == encode_state(twin.st)
    assert {A.A_BUY, A.A_AUCTION, A.A_BID, A.A_BUILD, A.A_MORTGAGE, A.A_UNMORTGAGE,
            A.A_PAY_DEBT, A.A_PROPOSE, A.A_PAY_FINE} <= seen, seen
    if edition == "lotr":
        assert {A.A_OFFER_RING, A.A_PASS_BY} <= seen, seen


def test_the_undone_event_has_words() -> None:
    from monopoly_tui.engine.describe import describe

    game = _kept(new_game())
    roll(game, (1, 2))
    act(game, A.A_BUY)
    game.undo()
    assert [describe(e, game) for e in game.last_events] == ["Ann takes back: buy"]
