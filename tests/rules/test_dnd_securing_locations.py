"""Dungeons & Dragons: Honor Among Thieves, "Unsecured locations", "Critical rolls", "Items",
"Secured locations" and "The end" (rulebook:DND), from hand-made states."""

from __future__ import annotations

import pytest
from dnd_helpers import deed, dnd_game, give_item, script, stand_before

from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.describe import describe, describe_each
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.mechanics.dnd_adventures import (
    A_PAY_SECURE,
    A_ROLL_SECURE,
    SECURE,
    state,
    success_odds,
)
from monopoly_tui.engine.mechanics.dnd_checks import (
    A_NO_ITEM,
    A_USE_ITEM,
    USE_ITEMS,
    items_of,
)
from monopoly_tui.engine.snapshot import check_state, decode_state, encode_state


def land_on(game: Game, sid: str, *red: int) -> list[Event]:
    """Ann rolls a 1 onto ``sid`` (then the red die shows ``red``)."""
    stand_before(game, 0, sid)
    script(game, 1, *red)
    return game.act(Action("roll", 0))


# ---------------------------------------------------------------- an unsecured location


def test_the_first_lander_pays_the_bank_and_reveals_the_adventure_card() -> None:
    game = dnd_game()
    events = land_on(game, "waterdeep")
    assert game.st.players[0].cash == 300 - 40
    assert state(game).revealed[deed(game, "waterdeep")]
    pend = game.pending
    assert pend.kind == SECURE and pend.player == 0
    assert pend.context["target"] == 13 and pend.context["price"] == 140
    assert "stolen the keys" in str(pend.context["picture"])
    lines = [describe(e, game) for e in events]
    assert "Ann paid 40 gold for the Bank's fee on Waterdeep" in lines
    assert check_play(game) == []


def test_a_first_lander_who_cannot_pay_does_nothing_and_the_turn_ends() -> None:
    game = dnd_game()
    game.st.players[0].cash = 30
    events = land_on(game, "waterdeep")
    assert game.st.players[0].cash == 30 and not game.st.frames
    assert not state(game).revealed[deed(game, "waterdeep")]
    assert game.pending.kind == "end_turn"
    assert any(e.kind == "bank_fee_skipped" for e in events)


def test_once_revealed_a_lander_pays_no_bank_fee() -> None:
    game = dnd_game()
    state(game).revealed[deed(game, "waterdeep")] = True
    land_on(game, "waterdeep")
    assert game.st.players[0].cash == 300
    assert game.pending.kind == SECURE


def test_paying_the_cards_price_secures_the_location_at_once() -> None:
    game = dnd_game()
    land_on(game, "waterdeep")
    events = game.act(Action(A_PAY_SECURE, 0, deed(game, "waterdeep")))
    assert game.st.owner[deed(game, "waterdeep")] == 0
    assert game.st.players[0].cash == 300 - 40 - 140
    lines = [line for line in describe_each(events, game) if line]
    assert "Ann secured Waterdeep by paying 140 gold" in lines, lines  # one line for both
    assert not any("paid" in line for line in lines), lines


def test_paying_is_not_offered_without_the_gold() -> None:
    game = dnd_game()
    game.st.players[0].cash = 100
    land_on(game, "waterdeep")
    kinds = [a.kind for a in game.pending.choices]
    assert kinds == [A_ROLL_SECURE]
    with pytest.raises(IllegalAction):
        game.act(Action(A_PAY_SECURE, 0, deed(game, "waterdeep")))


def test_rolling_the_target_or_more_secures_the_location() -> None:
    game = dnd_game()
    land_on(game, "waterdeep", 13)
    events = game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    assert game.st.owner[deed(game, "waterdeep")] == 0
    assert game.st.players[0].cash == 260
    assert "Ann secured Waterdeep by the roll" in [describe(e, game) for e in events]


def test_failing_leaves_the_card_revealed_for_the_next_lander() -> None:
    game = dnd_game()
    land_on(game, "waterdeep", 12)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    d = deed(game, "waterdeep")
    assert game.st.owner[d] == -1 and state(game).revealed[d]
    assert game.st.players[0].cash == 260 and game.pending.kind == "end_turn"
    game.act(Action("end_turn", 0))
    stand_before(game, 1, "waterdeep")
    script(game, 1)
    game.act(Action("roll", 1))
    assert game.pending.kind == SECURE and game.st.players[1].cash == 300


# ---------------------------------------------------------------- criticals


def test_a_critical_fail_costs_50_on_top_of_the_cards_own_penalty() -> None:
    """Mount Hotenow's card: on a 1, 20 gold more for healing."""
    game = dnd_game()
    land_on(game, "mount-hotenow", 1)
    events = game.act(Action(A_ROLL_SECURE, 0, deed(game, "mount-hotenow")))
    assert game.st.players[0].cash == 300 - 30 - 50 - 20
    lines = [describe(e, game) for e in events]
    assert "Critical Fail! Ann owes the Bank 50 gold" in lines
    assert "Scorched by the lava! Pay 20 gold more for healing." in lines
    told = [line for line in describe_each(events, game) if line]  # the log: paid at once,
    assert "Ann paid 50 gold for a Critical Fail" in told, told   # so said once
    assert not any("owes" in line for line in told), told


def test_a_critical_success_collects_50_on_top_of_the_cards_own_reward() -> None:
    """Waterdeep's card: on a 20, 30 gold more."""
    game = dnd_game()
    land_on(game, "waterdeep", 20)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    assert game.st.owner[deed(game, "waterdeep")] == 0
    assert game.st.players[0].cash == 300 - 40 + 50 + 30


def test_a_critical_fail_card_outcome_can_send_to_jail() -> None:
    game = dnd_game()
    land_on(game, "neverwinter", 1)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "neverwinter")))
    assert game.st.players[0].in_jail


def test_items_are_not_offered_on_a_critical_fail() -> None:
    game = dnd_game()
    give_item(game, 0, add=5)
    land_on(game, "waterdeep", 1)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    assert game.pending.kind == "end_turn" and len(items_of(game, 0)) == 1


# ---------------------------------------------------------------- items


def test_a_player_sees_the_roll_before_choosing_items() -> None:
    game = dnd_game()
    give_item(game, 0, add=4)
    land_on(game, "waterdeep", 10)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    pend = game.pending
    assert pend.kind == USE_ITEMS
    assert (pend.context["roll"], pend.context["total"], pend.context["target"]) == (10, 10, 13)
    assert [a.kind for a in pend.choices] == [A_USE_ITEM, A_NO_ITEM]


def test_several_items_may_be_used_on_one_roll_each_to_the_bottom_of_the_deck() -> None:
    game = dnd_game()
    a = give_item(game, 0, add=1)
    b = give_item(game, 0, add=2)
    land_on(game, "waterdeep", 10)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    game.act(Action(A_USE_ITEM, 0, 0))
    assert game.pending.kind == USE_ITEMS and game.pending.context["total"] == 11
    game.act(Action(A_USE_ITEM, 0, 0))
    assert game.st.owner[deed(game, "waterdeep")] == 0
    assert game.st.decks[0][-2:] == [a[1], b[1]] and items_of(game, 0) == []
    assert check_play(game) == []


def test_a_reroll_item_rolls_again_and_the_new_roll_counts() -> None:
    game = dnd_game()
    give_item(game, 0, reroll=True)
    land_on(game, "waterdeep", 5, 15)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    game.act(Action(A_USE_ITEM, 0, 0))
    assert game.st.owner[deed(game, "waterdeep")] == 0


def test_an_item_can_never_turn_a_roll_into_a_critical() -> None:
    """A reroll showing 20 counts as 19 (no 50 gold); one showing 1 counts as 2 (no fee)."""
    game = dnd_game()
    give_item(game, 0, reroll=True)
    land_on(game, "menzoberranzan", 5, 20)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "menzoberranzan")))
    events = game.act(Action(A_USE_ITEM, 0, 0))
    assert game.st.owner[deed(game, "menzoberranzan")] == 0
    assert game.st.players[0].cash == 300 - 80
    assert not any(e.kind == "critical_success" for e in events)
    game2 = dnd_game()
    give_item(game2, 0, reroll=True)
    land_on(game2, "waterdeep", 5, 1)
    game2.act(Action(A_ROLL_SECURE, 0, deed(game2, "waterdeep")))
    events = game2.act(Action(A_USE_ITEM, 0, 0))
    assert not any(e.kind == "critical_fail" for e in events)
    assert [e.amount for e in events if e.kind == "item_used"] == [2]
    assert game2.st.players[0].cash == 300 - 40
    assert game2.st.owner[deed(game2, "waterdeep")] == -1


def test_letting_the_roll_stand_keeps_the_items() -> None:
    game = dnd_game()
    give_item(game, 0, add=1)
    land_on(game, "waterdeep", 5)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    game.act(Action(A_NO_ITEM, 0))
    assert len(items_of(game, 0)) == 1 and game.st.owner[deed(game, "waterdeep")] == -1


def test_the_odds_shown_count_the_held_items() -> None:
    game = dnd_game()
    assert success_odds(game, 0, 13) == pytest.approx(8 / 20)
    give_item(game, 0, add=5)
    assert success_odds(game, 0, 13) == pytest.approx(13 / 20)


def test_an_item_card_drawn_is_kept() -> None:
    game = dnd_game()
    top = next(ci for ci in game.st.decks[0] if game.spec.decks[0].cards[ci].kind == "item")
    game.st.decks[0].remove(top)
    game.st.decks[0].insert(0, top)
    stand_before(game, 0, "magic-1")
    script(game, 1)
    game.act(Action("roll", 0))
    assert items_of(game, 0) == [(0, top)] and top not in game.st.decks[0]
    assert check_play(game) == []


def test_a_game_waiting_on_items_saves_and_resumes_there() -> None:
    game = dnd_game()
    give_item(game, 0, add=4)
    land_on(game, "waterdeep", 10)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    again = type(game)(game.spec, decode_state(encode_state(game.st)))
    assert again.pending == game.pending
    assert check_state(again.spec, again.st) == []
    again.act(Action(A_USE_ITEM, 0, 0))
    assert again.st.owner[deed(again, "waterdeep")] == 0


# ---------------------------------------------------------------- secured locations


def test_a_lander_pays_the_owner_the_printed_tax() -> None:
    game = dnd_game()
    game.st.owner[deed(game, "waterdeep")] = 1
    state(game).revealed[deed(game, "waterdeep")] = True
    events = land_on(game, "waterdeep")
    assert (game.st.players[0].cash, game.st.players[1].cash) == (260, 340)
    assert "Ann paid 40 gold to Bob for tax on Waterdeep" in [describe(e, game) for e in events]


def test_the_tax_is_double_when_the_owner_holds_the_pair() -> None:
    game = dnd_game()
    for sid in ("waterdeep", "neverwinter"):
        game.st.owner[deed(game, sid)] = 1
        state(game).revealed[deed(game, sid)] = True
    land_on(game, "waterdeep")
    assert (game.st.players[0].cash, game.st.players[1].cash) == (220, 380)


def test_on_your_own_location_nothing_happens() -> None:
    game = dnd_game()
    game.st.owner[deed(game, "waterdeep")] = 0
    state(game).revealed[deed(game, "waterdeep")] = True
    land_on(game, "waterdeep")
    assert game.st.players[0].cash == 300 and game.pending.kind == "end_turn"


# ---------------------------------------------------------------- the end


def test_when_every_location_is_secured_everyone_collects_their_tax_and_most_gold_wins() -> None:
    game = dnd_game(3)
    s = state(game)
    last = deed(game, "waterdeep")
    for d in game.spec.deeds:
        s.revealed[d.index] = True
        if d.index != last:
            game.st.owner[d.index] = 1 if d.group in (6, 7) else 2
    # Bob holds green and dark blue (2 x 140 + 2 x 160 = 600), Cid the rest but Waterdeep.
    land_on(game, "waterdeep", 15)
    events = game.act(Action(A_ROLL_SECURE, 0, last))
    assert game.over and game.st.end_reason == "all_locations_secured"
    payouts = {e.player: e.amount for e in events if e.kind == "end_payout"}
    assert payouts[0] == 40 and payouts[1] == 600
    assert game.st.winner == 2 and game.st.ranking[0] == 2
    assert check_play(game) == []


def test_the_game_ends_when_the_last_location_is_secured_by_paying() -> None:
    game = dnd_game()
    s = state(game)
    last = deed(game, "waterdeep")
    for d in game.spec.deeds:
        s.revealed[d.index] = True
        if d.index != last:
            game.st.owner[d.index] = 1
    land_on(game, "waterdeep")
    game.act(Action(A_PAY_SECURE, 0, last))
    assert game.over and game.st.end_reason == "all_locations_secured"
    assert check_play(game) == []


def test_the_game_does_not_end_while_a_location_is_unsecured() -> None:
    game = dnd_game()
    land_on(game, "waterdeep", 15)
    game.act(Action(A_ROLL_SECURE, 0, deed(game, "waterdeep")))
    assert not game.over
