"""Longest Game Ever: Owned Properties, the second option, the forced buy-out (rulebook:LGE:
'buy the property from that player for the price of rent plus M10. They must sell it to you.
You may split a complete color set, and you may buy a property with a building on it.')"""

from __future__ import annotations

import pytest
from helpers import act, deed, space
from lge_helpers import land as _land
from lge_helpers import lge, own, stand

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction
from monopoly_tui.engine.invariants import check_play


def test_a_lander_may_buy_the_property_for_its_rent_plus_10() -> None:
    game = lge()
    own(game, 1, "boardwalk")
    _land(game, 0, "boardwalk-2")
    pend = game.pending
    assert pend.kind == A.BUY_OUT
    assert {(a.kind, a.amount) for a in pend.choices} == {(A.A_PAY_RENT, 50), (A.A_BUY_OUT, 60)}
    act(game, A.A_BUY_OUT)
    assert game.st.owner[deed(game, "boardwalk")] == 0
    assert [p.cash for p in game.st.players] == [1440, 1560]  # the price goes to the owner
    assert not game.st.claims  # the buy-out replaces the rent
    assert check_play(game) == []


def test_the_buy_out_price_is_the_set_rent_plus_10_and_may_split_the_set() -> None:
    """'Just pay the rent shown on the Title Deed card for a color set ... plus M10.'"""
    game = lge()
    own(game, 1, "boardwalk", "park-place")
    _land(game, 0, "park-place-3")
    assert game.pending.context["price"] == 80  # 2 x 35 + 10
    act(game, A.A_BUY_OUT)
    assert game.st.owner[deed(game, "park-place")] == 0
    assert game.st.owner[deed(game, "boardwalk")] == 1


def test_buildings_go_with_a_bought_out_street_and_its_price_is_their_rent_plus_10() -> None:
    """'You land on Boardwalk with a Hotel. You may pay rent for the Hotel plus M10. Then you
    own Boardwalk and that Hotel. You also own Boardwalk 2 and Boardwalk 3.'"""
    game = lge()
    own(game, 1, "boardwalk", "park-place")
    stand(game, "boardwalk", "boardwalk", 5)  # a hotel
    game.st.players[0].cash = 2500
    game.st.bank_net += 1000
    _land(game, 0, "boardwalk")
    assert game.pending.context["price"] == 2010
    act(game, A.A_BUY_OUT)
    d = deed(game, "boardwalk")
    assert game.st.owner[d] == 0
    assert game.st.placed[space(game, "boardwalk")] == 5
    assert check_play(game) == []  # the hotel stands though the set is split


def test_the_owner_cannot_refuse_a_buy_out() -> None:
    """'They must sell it to you.': the owner has no decision."""
    game = lge()
    own(game, 1, "boardwalk")
    _land(game, 0, "boardwalk")
    assert game.pending.player == 0
    with pytest.raises(IllegalAction):
        game.act(game.pending.choices[0].__class__(A.A_BUY_OUT, 1, deed(game, "boardwalk")))


def test_a_mortgaged_property_cannot_be_bought_out() -> None:
    """'You may not buy a mortgaged property.'"""
    game = lge()
    own(game, 1, "boardwalk", mortgaged=True)
    _land(game, 0, "boardwalk")
    assert game.pending.kind == A.END_TURN


def test_a_lander_short_of_the_price_pays_the_rent() -> None:
    game = lge()
    own(game, 1, "boardwalk")
    game.st.bank_net -= 1470
    game.st.players[0].cash = 30
    _land(game, 0, "boardwalk")
    # the rent (50) is more than the cash: no buy-out is on offer, the rent is claimable
    assert game.pending.kind != A.BUY_OUT
    assert game.st.claims[0].amount == 50


# ---------------------------------------------------------------- the log and the results


def _bought_out_line(game: object) -> str:
    from monopoly_tui.engine.describe import describe_all

    events = act(game, A.A_BUY_OUT)  # type: ignore[arg-type]
    lines = describe_all(events, game)  # type: ignore[arg-type]
    assert len(lines) == 1, lines  # the payment is said by the buy-out's line
    return lines[0]


def test_a_buy_out_with_nothing_built_says_only_the_versions_taken() -> None:
    """'You now own all three versions of that property': a buy-out of a deed with nothing
    on it said "with every version and what is built on it"; it says what was taken."""
    game = lge()
    own(game, 1, "boardwalk")
    _land(game, 0, "boardwalk-2")
    assert _bought_out_line(game) == "Ann bought Boardwalk out from Bob for M60, with every version"


def test_a_buy_out_names_the_buildings_taken_and_where_they_stand() -> None:
    """'Then you own Boardwalk and that Hotel. You also own Boardwalk 2 and Boardwalk 3.'"""
    game = lge()
    own(game, 1, "boardwalk", "park-place")
    stand(game, "boardwalk", "boardwalk-2", 5)  # a hotel
    game.st.players[0].cash = 2500
    game.st.bank_net += 1000
    _land(game, 0, "boardwalk-2")
    assert _bought_out_line(game) == ("Ann bought Boardwalk out from Bob for M2,010, with every "
                                      "version and a Hotel on Boardwalk 2")


def test_a_buy_out_names_houses_on_several_versions() -> None:
    game = lge()
    own(game, 1, "boardwalk", "park-place")
    stand(game, "boardwalk", "boardwalk", 2)
    stand(game, "boardwalk", "boardwalk-3", 1)
    _land(game, 0, "boardwalk-3")
    line = _bought_out_line(game)
    assert line.endswith(", with every version, 2 Houses on Boardwalk and a House on "
                         "Boardwalk 3"), line


def test_a_buy_out_counts_as_a_deed_bought() -> None:
    """A deed taken by a buy-out is bought ("buy the property from that player"): the
    mechanic names its event among the acquisitions the results count as "bought"."""
    from monopoly_tui.engine.mechanics.versions import BUYOUT

    game = lge()
    buyout = next(m for m in game.mechanics if m.NAME == BUYOUT)
    assert buyout.acquisitions(game.spec) == {"bought_out": "bought"}


# ---------------------------------------------------------------- the price (issue 28)


def test_buy_out_price_is_the_rent_for_whatever_buildings_are_on_that_property() -> None:
    """'Just pay the rent shown on the Title Deed card for a color set or whatever buildings
    are on that property, plus M10': the buyer takes every version and what stands on them
    ('Then you own Boardwalk and that Hotel. You also own Boardwalk 2 and Boardwalk 3'), so a
    Hotel on Boardwalk 2 prices a landing on Boardwalk at the Hotel's rent (it was M110, the
    unimproved set rent); the rent paid instead is Boardwalk's own ('You only have to pay for
    rent with a building when you land on the version of a street that has a physical
    building')."""
    game = lge()
    own(game, 1, "boardwalk", "park-place")
    stand(game, "boardwalk", "boardwalk-2", 5)  # a hotel, on another version
    game.st.players[0].cash = 2500
    game.st.bank_net += 1000
    _land(game, 0, "boardwalk")
    assert {(a.kind, a.amount) for a in game.pending.choices} == {
        (A.A_PAY_RENT, 100), (A.A_BUY_OUT, 2010)}
    act(game, A.A_BUY_OUT)
    assert [p.cash for p in game.st.players] == [490, 3510]
    assert game.st.placed[space(game, "boardwalk-2")] == 5
    assert check_play(game) == []


def test_buy_out_price_counts_houses_on_every_version_together() -> None:
    """'... or whatever buildings are on that property, plus M10': two Houses on Boardwalk
    and one on Boardwalk 3 are three Houses on the property (M1,400 + M10), though a landing
    on Boardwalk 3 pays the rent of its one House (M200)."""
    game = lge()
    own(game, 1, "boardwalk", "park-place")
    stand(game, "boardwalk", "boardwalk", 2)
    stand(game, "boardwalk", "boardwalk-3", 1)
    game.st.players[0].cash = 2500
    game.st.bank_net += 1000
    _land(game, 0, "boardwalk-3")
    assert game.pending.context["price"] == 1410
    assert game.pending.context["rent"] == 200
