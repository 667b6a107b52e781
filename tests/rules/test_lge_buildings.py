"""Longest Game Ever: Buildings (Building Houses, Building Hotels, Move your Buildings
Thoughtfully, No Buildings Left) and Selling Buildings (rulebook:LGE)."""

from __future__ import annotations

import pytest
from helpers import act, deed, roll, space
from lge_helpers import lge, own, stand, versions

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play


def _blue(game: Game, player: int = 0) -> tuple[int, int]:
    own(game, player, "park-place", "boardwalk")
    return deed(game, "park-place"), deed(game, "boardwalk")


def _build(game: Game, deed_id: str, version: str) -> None:
    act(game, A.A_BUILD, player=0, target=deed(game, deed_id))
    assert game.pending.kind == A.PLACE_VERSION
    act(game, A.A_PLACE_VERSION, player=0, target=space(game, version))


def test_a_whole_set_owner_builds_on_his_turn_on_the_version_he_chooses() -> None:
    """'As soon as you get a color set, you can start buying Houses at any time on your turn.
    Pay the Bank the cost on the Title Deed card, and place a House on any version of a street
    in that color set.'"""
    game = lge()
    _blue(game)
    assert game.pending.kind == A.ROLL
    _build(game, "boardwalk", "boardwalk-3")
    assert game.st.placed[space(game, "boardwalk-3")] == 1
    assert game.st.players[0].cash == 1300
    assert game.pending.kind == A.ROLL
    assert check_play(game) == []


def test_no_building_without_the_whole_set_or_on_another_players_turn() -> None:
    game = lge()
    own(game, 0, "boardwalk")
    with pytest.raises(IllegalAction):
        act(game, A.A_BUILD, player=0, target=deed(game, "boardwalk"))
    game2 = lge()
    _blue(game2, 1)
    with pytest.raises(IllegalAction, match="own turn"):
        act(game2, A.A_BUILD, player=1, target=deed(game2, "boardwalk"))


def test_there_is_no_even_building_rule() -> None:
    """'if you own Boardwalk and Park Place, you may decide to build three Houses on
    Boardwalk.'"""
    game = lge()
    _blue(game)
    for version in ("boardwalk", "boardwalk", "boardwalk-2"):
        _build(game, "boardwalk", version)
    assert game.st.buildings[deed(game, "boardwalk")] == 3
    assert game.st.buildings[deed(game, "park-place")] == 0
    assert [game.st.placed[s] for s in versions(game, "boardwalk")] == [2, 1, 0]
    assert check_play(game) == []


def test_four_houses_per_street_across_its_versions_then_a_hotel_on_any_version() -> None:
    """'You can have only four Houses on a street, but you may split those four Houses between
    the three versions'; 'Once you have a combination of four Houses on a street, you can pay to
    upgrade to a Hotel ... return all four Houses to the Bank, and put a Hotel on any version of
    that street. You can only have one Hotel per street. You can't add any more Houses.'"""
    game = lge()
    _blue(game)
    for version in ("boardwalk", "boardwalk-2", "boardwalk-3", "boardwalk-3"):
        _build(game, "boardwalk", version)
    houses = game.st.bank_houses
    _build(game, "boardwalk", "boardwalk-2")  # the fifth step is the hotel
    assert [game.st.placed[s] for s in versions(game, "boardwalk")] == [0, 5, 0]
    assert game.st.bank_houses == houses + 4 and game.st.bank_hotels == 11
    with pytest.raises(IllegalAction):
        act(game, A.A_BUILD, player=0, target=deed(game, "boardwalk"))
    assert check_play(game) == []


def test_houses_and_hotels_move_between_versions_on_your_turn() -> None:
    """'You may move any number of your Houses to any version of their street at any time on
    your turn.' 'You may move your Hotels to any version of their street'."""
    game = lge()
    _blue(game)
    stand(game, "boardwalk", "boardwalk", 2)
    stand(game, "park-place", "park-place-2", 5)
    src, dst = space(game, "boardwalk"), space(game, "boardwalk-3")
    legal = game.legal_actions(0)
    assert Action(A.A_MOVE_BUILDING, 0, src, dst) in legal
    act(game, A.A_MOVE_BUILDING, player=0, target=src, amount=dst)
    assert (game.st.placed[src], game.st.placed[dst]) == (1, 1)
    act(game, A.A_MOVE_BUILDING, player=0, target=space(game, "park-place-2"),
        amount=space(game, "park-place"))
    assert game.st.placed[space(game, "park-place")] == 5
    assert check_play(game) == []


def test_buildings_cannot_move_on_another_players_turn_or_to_another_street() -> None:
    game = lge()
    _blue(game, 1)
    stand(game, "boardwalk", "boardwalk", 1)
    with pytest.raises(IllegalAction, match="own turn"):
        act(game, A.A_MOVE_BUILDING, player=1, target=space(game, "boardwalk"),
            amount=space(game, "boardwalk-2"))
    game.st.current = 1
    with pytest.raises(IllegalAction, match="another version"):
        act(game, A.A_MOVE_BUILDING, player=1, target=space(game, "boardwalk"),
            amount=space(game, "park-place"))


def test_no_house_can_be_built_when_the_bank_has_none_and_no_building_auction() -> None:
    """'No Buildings Left: You can't buy any until someone sells theirs back.'"""
    game = lge(3)
    _blue(game)
    own(game, 1, "mediterranean", "baltic")
    game.st.bank_houses = 0
    with pytest.raises(IllegalAction, match="no Houses left"):
        act(game, A.A_BUILD, player=0, target=deed(game, "boardwalk"))
    game.st.bank_houses = 1
    act(game, A.A_BUILD, player=0, target=deed(game, "boardwalk"))
    assert game.pending.kind == A.PLACE_VERSION  # bought outright: no auction in a shortage


def test_a_house_sells_for_half() -> None:
    """'Sell Houses to the Bank for half the price you bought them for.'"""
    game = lge()
    _blue(game)
    stand(game, "boardwalk", "boardwalk-2", 2)
    act(game, A.A_SELL_BUILDING, player=0, target=deed(game, "boardwalk"))
    assert game.st.players[0].cash == 1600
    assert game.st.placed[space(game, "boardwalk-2")] == 1


def test_a_hotel_sold_pays_half_and_comes_back_as_four_houses_placed_by_the_owner() -> None:
    """'Sell Hotels to the Bank for half the price you bought them for, and exchange them for
    four Houses. You may then place those Houses on any version of that Hotel's street, in any
    combination.'"""
    game = lge()
    _blue(game)
    stand(game, "boardwalk", "boardwalk", 5)
    act(game, A.A_SELL_BUILDING, player=0, target=deed(game, "boardwalk"))
    assert game.st.players[0].cash == 1600
    for version in ("boardwalk-2", "boardwalk-2", "boardwalk-3", "boardwalk"):
        assert game.pending.kind == A.PLACE_VERSION
        act(game, A.A_PLACE_VERSION, player=0, target=space(game, version))
    assert [game.st.placed[s] for s in versions(game, "boardwalk")] == [1, 2, 1]
    assert game.pending.kind == A.ROLL
    assert check_play(game) == []


def test_rolling_is_not_blocked_by_buildings_placed() -> None:
    game = lge()
    _blue(game)
    _build(game, "park-place", "park-place-2")
    roll(game, (1,))
    assert game.st.players[0].position == 1


def test_a_human_choosing_a_version_reads_each_versions_name() -> None:
    """The app's list of choices (before the LGE dialogs) names the version of each choice."""
    from monopoly_tui.ui.decisions import choice_label

    game = lge()
    _blue(game)
    act(game, A.A_BUILD, player=0, target=deed(game, "boardwalk"))
    labels = [choice_label(game, c) for c in game.pending.choices]
    assert labels == ["Put it on Boardwalk", "Put it on Boardwalk 2", "Put it on Boardwalk 3"]


def test_the_building_preview_gives_the_rent_of_the_version_that_has_the_building() -> None:
    """'Remember, players have to land on the version of a street that has the physical
    building in order to owe rent with a building.' With a House on Atlantic Avenue 2 and
    nothing on Atlantic Avenue, a second House (it goes on Atlantic Avenue until its owner
    chooses its version) shows Atlantic Avenue's rent going from the set's M44 to one House's
    M110; it said M110 → M330, the rent of two Houses no version would hold."""
    game = lge()
    own(game, 0, "atlantic", "marvin-gardens")
    stand(game, "atlantic", "atlantic-2", 1)
    pv = game.preview(Action(A.A_BUILD, 0, deed(game, "atlantic")))
    assert (pv.level_before, pv.level_after) == (1, 2)
    assert pv.space == space(game, "atlantic")
    assert (pv.rent_before, pv.rent_after) == (44, 110)
    sale = game.preview(Action(A.A_SELL_BUILDING, 0, deed(game, "atlantic")))
    assert sale.space == space(game, "atlantic-2")
    assert (sale.rent_before, sale.rent_after) == (110, 44)
