"""Jail (rulebook:NFL 'Jail', 'Rules for a Short Game' 3; rulebook:GOT 'V. Go To Jail',
'Q: How do I get out of Jail?', 'Don't Wait For The Dice!', 'Speed Play Rules' III)."""

from __future__ import annotations

import copy

import pytest
from helpers import (
    act,
    cashes,
    deed,
    new_game,
    position,
    roll,
    set_dice,
)

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction
from monopoly_tui.engine.spec import GET_OUT_OF_JAIL_FREE
from monopoly_tui.engine.state import TradeOffer


def _jailed(edition: str = "classic", tries: int = 0, variant: str | None = None,
            more: str = ""):
    """Ann in jail after ``tries`` failed tries, her turn; ``more``: the position's other
    lines."""
    head = f"{edition} variant={variant}" if variant else edition
    return position(f"{head}\nplayer Ann jail={tries}\nplayer Bob\n{more}")


def test_jailed_player_is_offered_fine_card_or_roll() -> None:
    """'To get out of Jail: pay 50 before rolling, use a card, or roll doubles.'"""
    game = _jailed()
    assert game.pending.kind == A.JAIL
    assert {a.kind for a in game.pending.choices} == {A.A_PAY_FINE, A.A_ROLL}
    assert game.pending.context["fine"] == 50


def test_pay_the_fine_before_rolling_then_move_as_normal() -> None:
    """'Pay 50 Gold Dragons at the start of your next turn, then roll and move as normal.'"""
    game = _jailed(more="deck community-chest 14")  # a beauty pageant where she lands
    act(game, A.A_PAY_FINE)
    assert not game.st.players[0].in_jail
    assert cashes(game) == [1450, 1500]
    assert game.pending.kind == A.ROLL
    roll(game, (3, 4))
    assert game.st.players[0].position == 17


def test_after_paying_the_fine_doubles_roll_again_as_normal() -> None:
    """Having paid, the turn is a normal one: doubles give another roll."""
    game = _jailed(more="deed virginia owner=Ann")
    act(game, A.A_PAY_FINE)
    roll(game, (2, 2))
    assert game.st.players[0].position == 14
    assert game.pending.kind == A.ROLL


@pytest.mark.parametrize("edition", ["nfl", "got"])
def test_the_fine_may_be_paid_on_a_later_turn_in_jail(edition: str) -> None:
    """rulebook:NFL: 'Pay $50 before rolling, on any of your next turns' (rulebook:GOT: 'Pay 50
    Gold Dragons at the start of your next turn', read the same way): on the third turn too."""
    game = _jailed(edition, tries=2)
    act(game, A.A_PAY_FINE)
    assert not game.st.players[0].in_jail
    assert game.st.players[0].cash == 1450


@pytest.mark.parametrize("tries", [0, 1])
def test_classic_fine_before_you_roll_the_dice_on_either_of_your_next_two_turns(
        tries: int) -> None:
    """Classic rules, 'Jail': you get out by '(4) paying a fine of $50 before you roll the dice
    on either of your next two turns': on the first and on the second turn in jail."""
    game = _jailed("classic", tries=tries)
    assert {a.kind for a in game.pending.choices} == {A.A_PAY_FINE, A.A_ROLL}
    act(game, A.A_PAY_FINE)
    assert not game.st.players[0].in_jail and game.st.players[0].cash == 1450


def test_classic_third_turn_in_jail_rolls_and_pays_only_if_no_doubles() -> None:
    """Classic rules, 'Jail': the fine before rolling is for 'either of your next two turns';
    on the third, 'If you do not throw doubles by your third turn, you must pay the $50 fine.
    You then get out of Jail and immediately move forward the number of spaces shown by your
    throw': no fine before that roll, and doubles on it free the prisoner for nothing."""
    game = _jailed("classic", tries=2)
    assert {a.kind for a in game.pending.choices} == {A.A_ROLL}
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction):
        act(game, A.A_PAY_FINE)
    assert game.st.players == before.players
    roll(game, (3, 3))
    assert not game.st.players[0].in_jail and game.st.players[0].cash == 1500
    assert game.st.players[0].position == 16


def test_classic_third_turn_in_jail_still_takes_the_card() -> None:
    """Classic rules, 'Jail': '(2) using the Get Out of Jail Free card if you have it' has no
    turn limit: the card is offered on the third turn, the fine is not."""
    game = position("""
        classic
        player Ann jail=2 cards=chance:7
        player Bob
        """)
    assert game.spec.decks[0].cards[7].kind == GET_OUT_OF_JAIL_FREE
    assert {a.kind for a in game.pending.choices} == {A.A_USE_CARD, A.A_ROLL}


def test_the_fine_cannot_be_paid_without_the_cash() -> None:
    """The fine is paid in cash; without it the choice is not there."""
    game = position("classic\nplayer Ann jail=0 cash=40\nplayer Bob")
    assert A.A_PAY_FINE not in {a.kind for a in game.pending.choices}
    before = copy.deepcopy(game.st)
    with pytest.raises(IllegalAction):
        act(game, A.A_PAY_FINE)
    assert game.st.players == before.players


def test_get_out_of_jail_free_card_frees_you_then_roll_and_move() -> None:
    """'Use a Get Out of Jail Free card ... then roll and move.'"""
    game = position("classic\nplayer Ann jail=0 cards=chance:7\nplayer Bob")
    assert A.A_USE_CARD in {a.kind for a in game.pending.choices}
    act(game, A.A_USE_CARD)
    assert not game.st.players[0].in_jail
    assert cashes(game) == [1500, 1500]
    roll(game, (4, 6))
    assert game.st.players[0].position == 20


def test_doubles_free_you_and_you_move_but_get_no_extra_roll() -> None:
    """'If you succeed, move the shown amount (you do not take another turn for these doubles).'"""
    game = _jailed(more="deed virginia owner=Ann")
    roll(game, (2, 2))
    pl = game.st.players[0]
    assert not pl.in_jail
    assert pl.position == 14
    assert game.pending.kind == A.END_TURN
    assert cashes(game) == [1500, 1500]


def test_failed_roll_for_doubles_stays_in_jail() -> None:
    """No doubles on the first or second try: stay in Jail, the turn ends."""
    game = _jailed()
    roll(game, (1, 2))
    pl = game.st.players[0]
    assert pl.in_jail and pl.position == game.spec.jail_space
    assert pl.jail_turns == 1
    assert game.pending.kind == A.END_TURN
    assert cashes(game) == [1500, 1500]


def test_second_failed_roll_still_stays() -> None:
    """Up to three turns of trying: the second failure still stays."""
    game = _jailed(tries=1)
    roll(game, (1, 2))
    assert game.st.players[0].in_jail
    assert game.st.players[0].jail_turns == 2


def test_third_failure_pays_the_fine_and_moves_by_that_roll() -> None:
    """'If you fail to roll doubles by your third turn, pay the $50 and then move the amount you
    last rolled.'"""
    game = _jailed(tries=2)
    roll(game, (1, 2))
    pl = game.st.players[0]
    assert not pl.in_jail
    assert pl.position == 13
    assert cashes(game) == [1450, 1500]
    assert game.pending.kind == A.BUY
    assert game.pending.context["deed"] == deed(game, "states")


def test_third_failure_short_of_the_fine_raises_it_then_moves() -> None:
    """The fine must be paid before moving: short of cash, the player raises it first."""
    game = position("classic\nplayer Ann jail=2 cash=20\nplayer Bob\ndeed baltic owner=Ann")
    roll(game, (1, 2))
    assert game.pending.kind == A.DEBT
    assert game.st.players[0].position == game.spec.jail_space
    act(game, A.A_MORTGAGE, player=0, target=deed(game, "baltic"))
    act(game, A.A_PAY_DEBT)
    assert game.st.players[0].position == 13
    assert game.st.players[0].cash == 0


def test_owner_in_jail_still_collects_rent() -> None:
    """'While in Jail you may still collect rents.'"""
    game = position("classic\nplayer Ann\nplayer Bob jail=0\ndeed baltic owner=Bob")
    roll(game, (1, 2))
    assert cashes(game) == [1496, 1504]


def test_player_in_jail_may_build() -> None:
    """'You can do the following even when it isn't your turn, even if you're in Jail!' Build."""
    game = position("""
        classic
        player Ann
        player Bob jail=0
        deed mediterranean owner=Bob
        deed baltic owner=Bob
        """)
    assert A.A_BUILD in {a.kind for a in game.legal_actions(1)}
    act(game, A.A_BUILD, player=1, target=deed(game, "baltic"))
    assert game.st.buildings[deed(game, "baltic")] == 1
    assert cashes(game) == [1500, 1450]


def test_player_in_jail_may_trade() -> None:
    """'While in Jail you may still collect rents and trade.'"""
    game = position("classic\nplayer Ann\nplayer Bob jail=0\ndeed baltic owner=Bob")
    offer = TradeOffer(proposer=1, partner=0, give_deeds=(deed(game, "baltic"),), take_cash=100)
    act(game, A.A_PROPOSE, player=1, trade=offer)
    act(game, A.A_ACCEPT, player=0)
    assert game.st.owner[deed(game, "baltic")] == 0
    assert cashes(game) == [1400, 1600]


def test_player_in_jail_gets_no_salary_and_does_not_move_on_failure() -> None:
    """In Jail the token stays put: no movement, no GO salary on a failed try."""
    game = _jailed()
    roll(game, (5, 6))
    assert game.st.players[0].position == game.spec.jail_space
    assert game.st.players[0].cash == 1500


@pytest.mark.parametrize(("edition", "variant"), [("got", "speed"), ("nfl", "short")])
def test_short_game_leaves_jail_on_the_next_turn_roll_then_pay(edition: str,
                                                              variant: str) -> None:
    """'You must exit on your next turn... you may try to roll doubles and, failing to do so,
    pay the 50 on the same turn.'"""
    game = _jailed(edition, variant=variant, more="deed states owner=Ann")  # (her own street)
    set_dice(game, [(1, 2)])
    act(game, A.A_ROLL)
    pl = game.st.players[0]
    assert not pl.in_jail
    assert pl.position == 13
    assert pl.cash == 1500 - 50
    assert game.pending.kind == A.END_TURN


@pytest.mark.parametrize(("edition", "variant"), [("got", "speed"), ("nfl", "short")])
def test_short_game_doubles_still_free_you(edition: str, variant: str) -> None:
    """Short game: 'rolling doubles' is still a way out, with no fine."""
    game = _jailed(edition, variant=variant, more="deed st-james owner=Ann")
    set_dice(game, [(3, 3)])
    act(game, A.A_ROLL)
    assert game.st.players[0].position == 16
    assert game.st.players[0].cash == 1500
    assert game.pending.kind == A.END_TURN


def test_jailed_player_may_buy_a_get_out_of_jail_free_card_and_use_it() -> None:
    """'Use a Get Out of Jail Free card if you have one or buy one from another player.'"""
    game = position("classic\nplayer Ann jail=0\nplayer Bob cards=chance:7")
    di, ci = 0, 7
    assert A.A_USE_CARD not in {a.kind for a in game.pending.choices}
    offer = TradeOffer(proposer=0, partner=1, give_cash=30, take_cards=1)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    act(game, A.A_ACCEPT, player=1)
    assert game.pending.kind == A.JAIL
    act(game, A.A_USE_CARD)
    assert not game.st.players[0].in_jail
    assert game.st.decks[di][-1] == ci
    assert cashes(game) == [1470, 1530]


def test_got_jail_is_called_jail_as_the_rulebook_says() -> None:
    """rulebook:GOT, 'V. Go To Jail': 'you must move your token to the Jail space', 'Draw a
    Valar Morghulis or The Iron Throne card that tells you to Go to Jail'; Speed Play III: 'If
    you land in Jail you must exit on your next turn'. Every card and variant text says Jail,
    the board's word (no 'dungeons')."""
    spec = new_game("got").spec
    assert spec.vocab.jail == "Jail"
    texts = [c.text for d in spec.decks for c in d.cards] + [v.description for v in spec.variants]
    assert not [t for t in texts if "dungeon" in t.lower()]
    to_jail = [c.text for d in spec.decks for c in d.cards if c.kind == "go_to_jail"]
    assert len(to_jail) == 2 and all("Jail" in t for t in to_jail)
    assert "leave Jail on the next turn" in spec.variants[0].description
