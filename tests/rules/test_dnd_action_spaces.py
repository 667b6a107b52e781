"""Dungeons & Dragons: Honor Among Thieves, "THE BOARD SPACES: Action spaces" (rulebook:DND):
Just Visiting, Go to Jail and the Portals, from hand-made states with the black die
scripted."""

from __future__ import annotations

import pytest
from dnd_helpers import deed, dnd_game, jail, script, secure_for, space, stand_before

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.describe import describe, describe_each
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.mechanics.dnd_adventures import SECURE
from monopoly_tui.engine.mechanics.dnd_portals import A_GO_THROUGH, PORTAL_MOVE, in_range
from monopoly_tui.engine.snapshot import decode_state, encode_state
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import TradeOffer


def space_of(spec: Spec, sid: str) -> int:
    return spec.space_by_id[sid] if spec.space_by_id else next(
        sp.index for sp in spec.spaces if sp.id == sid)


def test_landing_on_just_visiting_frees_everyone_in_jail() -> None:
    """'if another player happens to be in Jail, you immediately break them out, and they
    move to Just Visiting too!'"""
    game = dnd_game(3)
    jail(game, 1, tries=1)
    jail(game, 2)
    game.st.players[0].position = game.spec.jail_space - 3
    script(game, 3)
    events = game.act(Action(A.A_ROLL, 0))
    assert [p.in_jail for p in game.st.players] == [False, False, False]
    assert [p.jail_turns for p in game.st.players] == [0, 0, 0]
    lines = [describe(e, game) for e in events]
    assert "Bob is out of Jail: Ann broke them out, landing on Just Visiting" in lines
    assert "Cid is out of Jail: Ann broke them out, landing on Just Visiting" in lines
    assert check_play(game) == []


def test_freed_prisoners_stand_on_just_visiting() -> None:
    game = dnd_game(2)
    jail(game, 1)
    game.st.players[0].position = game.spec.jail_space - 2
    script(game, 2)
    game.act(Action(A.A_ROLL, 0))
    assert [p.position for p in game.st.players] == [game.spec.jail_space] * 2
    game.act(Action(A.A_END_TURN, 0))
    assert game.pending.kind == A.ROLL and game.pending.player == 1  # free: Bob rolls to move


def test_a_player_sent_to_jail_frees_nobody() -> None:
    """Designed reading 7: only a move that ends on Just Visiting frees the prisoners: one
    sent to Jail (Go to Jail, a card, an Adventure) is a prisoner too."""
    game = dnd_game(2)
    jail(game, 1)
    stand_before(game, 0, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    assert game.st.players[0].in_jail and game.st.players[1].in_jail


def test_go_to_jail_sends_you_to_jail_without_go_gold_and_ends_the_turn() -> None:
    """'Move your token to the In Jail space immediately! Do not collect 40 gold for passing
    GO. Your turn is then over.'"""
    game = dnd_game(2)
    stand_before(game, 0, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    pl = game.st.players[0]
    assert pl.in_jail and pl.position == game.spec.jail_space and pl.cash == 300
    assert game.pending.kind == A.END_TURN


def test_a_prisoner_still_collects_tax() -> None:
    """'You can still collect tax and trade while you are in Jail.'"""
    game = dnd_game(2)
    secure_for(game, 1, "waterdeep")
    jail(game, 1)
    stand_before(game, 0, "waterdeep")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    assert [p.cash for p in game.st.players] == [260, 340]


def test_a_prisoner_may_still_trade() -> None:
    game = dnd_game(2)
    secure_for(game, 1, "waterdeep")
    jail(game, 1)
    assert game.may_trade(1)
    offer = TradeOffer(proposer=1, partner=0, give_deeds=(deed(game, "waterdeep"),),
                       take_cash=100)
    game.act(Action(A.A_PROPOSE, 1, trade=offer))
    game.act(Action(A.A_ACCEPT, 0))
    assert game.st.owner[deed(game, "waterdeep")] == 0
    assert [p.cash for p in game.st.players] == [200, 400]
    assert space(game, "waterdeep") == game.spec.deeds[deed(game, "waterdeep")].spaces[0]


# ---------------------------------------------------------------- Portals


def on_portal(game: Game, p: int, sid: str) -> list:
    """``p`` rolls a 1 onto the Portal ``sid``."""
    game.st.current = p
    game.st.stage = "pre_roll"
    stand_before(game, p, sid)
    script(game, 1)
    return game.act(Action(A.A_ROLL, p))


def test_a_portal_offers_the_four_locations_up_to_the_next_portal() -> None:
    """Portal: 'Move to any location between that portal space and the next one.'"""
    game = dnd_game(2)
    on_portal(game, 0, "portal-1")
    pend = game.pending
    assert pend.kind == PORTAL_MOVE and pend.player == 0
    reach = [space(game, s) for s in ("neverwinter-wood", "high-forest", "mount-hotenow",
                                      "sword-mountains")]
    assert [a.target for a in pend.choices] == reach
    assert pend.context["spaces"] == reach and pend.context["no_salary"] == []
    assert check_play(game) == []


def test_each_portal_reaches_two_whole_colour_pairs() -> None:
    spec = dnd_game(2).spec
    for sid in ("portal-1", "portal-2", "portal-3", "portal-4"):
        reach = in_range(spec, space_of(spec, sid))
        groups = [spec.deeds[spec.spaces[s].deed].group for s in reach]
        assert len(reach) == 4 and len(set(groups)) == 2


def test_the_chosen_location_is_carried_out_and_the_turn_ends() -> None:
    """'Follow the rules of the space where you land, then end your turn.'"""
    game = dnd_game(2)
    secure_for(game, 1, "high-forest")
    on_portal(game, 0, "portal-1")
    events = game.act(Action(A_GO_THROUGH, 0, space(game, "high-forest")))
    assert game.st.players[0].position == space(game, "high-forest")
    assert [p.cash for p in game.st.players] == [280, 320]  # Bob's tax
    assert game.pending.kind == A.END_TURN
    lines = [line for line in describe_each(events, game) if line]
    assert "Ann went through the Portal to The High Forest" in lines
    assert not any(line.startswith("Ann moved to") for line in lines), lines  # said once


def test_an_unsecured_location_reached_by_a_portal_is_a_landing_like_any_other() -> None:
    """Designed reading 8: the first lander there pays the Bank and tries to secure it."""
    game = dnd_game(2)
    on_portal(game, 0, "portal-1")
    game.act(Action(A_GO_THROUGH, 0, space(game, "mount-hotenow")))
    assert game.st.players[0].cash == 270 and game.pending.kind == SECURE


def test_a_portal_move_over_go_pays_40() -> None:
    """'If you pass GO, collect 40 gold.' (the last Portal reaches over GO)"""
    game = dnd_game(2)
    secure_for(game, 0, "phandalin")
    on_portal(game, 0, "portal-4")
    assert [a.target for a in game.pending.choices] == [
        space(game, s) for s in ("gauntlgrym", "menzoberranzan", "phandalin", "daggerford")]
    game.act(Action(A_GO_THROUGH, 0, space(game, "phandalin")))
    assert game.st.players[0].cash == 340


def test_a_location_out_of_the_portals_reach_is_refused() -> None:
    game = dnd_game(2)
    on_portal(game, 0, "portal-1")
    with pytest.raises(IllegalAction, match="not a location this Portal reaches"):
        game.act(Action(A_GO_THROUGH, 0, space(game, "waterdeep")))
    assert game.pending.kind == PORTAL_MOVE


def test_a_portal_frame_is_kept_in_the_save() -> None:
    game = dnd_game(2)
    on_portal(game, 0, "portal-2")
    again = Game(game.spec, decode_state(encode_state(game.st)))
    assert again.pending == game.pending


def test_simon_may_take_a_portal_to_any_location() -> None:
    """Simon: 'Any time you land on a Portal space, you may move to any location—but if you
    pass GO, do not collect 40 gold.'"""
    game = dnd_game(3, powers=True)
    on_portal(game, 2, "portal-2")
    pend = game.pending
    assert len(pend.choices) == 16
    own = [space(game, s) for s in ("neverwinter", "waterdeep", "skullport", "mantol-derith")]
    assert pend.context["no_salary"] == [a.target for a in pend.choices if a.target not in own]


def test_simon_collects_no_go_gold_beyond_the_portals_range() -> None:
    game = dnd_game(3, powers=True)
    secure_for(game, 2, "phandalin")
    on_portal(game, 2, "portal-1")
    game.act(Action(A_GO_THROUGH, 2, space(game, "phandalin")))  # all the way round, over GO
    assert game.st.players[2].position == space(game, "phandalin")
    assert game.st.players[2].cash == 300


def test_simon_within_the_portals_range_collects_go_gold() -> None:
    """Designed reading 6: a location in the Portal's own range follows the usual rule."""
    game = dnd_game(3, powers=True)
    secure_for(game, 2, "phandalin")
    on_portal(game, 2, "portal-4")
    game.act(Action(A_GO_THROUGH, 2, space(game, "phandalin")))
    assert game.st.players[2].cash == 340


def rockfall_on_top(game: Game) -> None:
    """The Magic & Mystery card "go back 3 spaces" is the next drawn."""
    deck = game.st.decks[0]
    ci = next(i for i, c in enumerate(game.spec.decks[0].cards) if c.steps == -3)
    deck.remove(ci)
    deck.insert(0, ci)


def test_go_when_you_pass_or_land_on_the_go_space_collect_40_gold_a_card_back_onto_go_too() -> None:
    """GO: "When you pass or land on the GO space, collect 40 gold from the Bank." Ann lands
    on the first Magic & Mystery space, 3 spaces after GO, and the card sends her back 3: onto
    GO, where she collects 40 gold as any lander does."""
    game = dnd_game()
    rockfall_on_top(game)
    stand_before(game, 0, "magic-1", 3)
    script(game, 3)
    events = game.act(Action("roll", 0))
    assert game.st.players[0].position == game.spec.go_space
    assert game.st.players[0].cash == 340
    assert describe_each(events, game)[-2:] == ["Ann went back 3 spaces to GO",
                                                "Ann landed on GO: 40 gold"]
    assert check_play(game) == []


def test_a_card_back_short_of_go_pays_nothing() -> None:
    """Only landing on GO (or passing it on the way forward) pays: back 3 from the second
    Magic & Mystery space ends on Daggerford."""
    game = dnd_game()
    rockfall_on_top(game)
    stand_before(game, 0, "magic-2", 5)
    script(game, 5)
    game.act(Action("roll", 0))
    assert game.st.players[0].position == space(game, "daggerford")
    assert not any(e.kind == "salary" for e in game.last_events)
