"""The expert in Lord of the Rings (``bots.expert_ring`` and the Ring's part of the value
model): each habit on a hand-made position where the right choice is clear."""

from __future__ import annotations

from bot_helpers import build, end_of_turn, group, new_game, own, set_cash

from monopoly_tui.bots import ExpertBot
from monopoly_tui.bots.value_model import model_of
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import WalkFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import RingEyeFrame, RingMeetingFrame, ring_of, state_of
from monopoly_tui.rules import load_spec


def _ring_meeting(game: Game, mover: int, other: int) -> None:
    st = game.st
    st.current = mover
    st.stage = "post_move"
    st.frames = [RingMeetingFrame([other])]


def test_the_horizon_counts_the_rounds_left_from_the_tracker_and_only_opponents_who_pay() -> None:
    """The rent a holding earns counts over the rounds the track has left from where its
    tracker stands (fewer near Mount Doom), times the opponents who pay rent: the bearer pays
    none, so of three opponents in a game of four, 2.25 pay on average. Classic counts every
    opponent over its full horizon."""
    game = new_game("lotr", 4)
    m = model_of(game.spec)
    bot = ExpertBot()
    bot.model = m
    rs = state_of(game.st)
    rs.bearer, rs.circle = 1, 0
    assert m.paying_opponents(4) == 2.25
    assert bot.horizon(game.st) == m.rounds_left[0] * 2.25
    rs.circle = len(m.rounds_left) - 2
    assert bot.horizon(game.st) == m.rounds_left[-2] * 2.25 < m.rounds_left[0] * 2.25
    classic = model_of(load_spec("classic"))
    assert classic.paying_opponents(4) == 3.0


def test_bearer_keeps_the_ring_when_short_of_the_next_penalty_but_not_when_one_eye_ruins_it(
) -> None:
    """The expert bears the Ring on the M4 circle (the next costs M8) and meets a player with
    M3 in cash: it keeps the Ring (a penalty it cannot pay is raised by mortgaging: the Ring's
    shield is worth more); with nothing to mortgage either, one Eye on the next circle would
    ruin it, and it offers the Ring."""
    game = new_game("lotr", 3)
    ring = ring_of(game.spec)
    assert ring is not None
    rs = state_of(game.st)
    rs.bearer, rs.circle = 0, 4
    assert ring.track[5].penalty == 8
    own(game, 0, *group(game, "rohan"))
    set_cash(game, 3, 20, 20)
    _ring_meeting(game, 0, 1)
    assert ExpertBot().choose(game, 0).kind == A.A_PASS_BY
    for d in group(game, "rohan"):
        game.st.owner[d] = -1
    assert ExpertBot().choose(game, 0).kind == A.A_OFFER_RING


def test_bearer_keeps_the_ring_towards_mount_doom_even_when_another_would_be_richer() -> None:
    """Two circles from Mount Doom, an opponent far richer than the expert even with the
    reward: the expert still keeps the Ring (offering hands that opponent, or another, the
    shield and a fresh start; the basic bot would offer it only when short of the penalty)."""
    game = new_game("lotr", 3)
    ring = ring_of(game.spec)
    assert ring is not None
    rs = state_of(game.st)
    rs.bearer, rs.circle = 0, len(ring.track) - 2
    set_cash(game, 20, 200, 10)
    _ring_meeting(game, 0, 1)
    assert ExpertBot().choose(game, 0).kind == A.A_PASS_BY


def _end_next(game: Game, bearer: int) -> None:
    """The tracker on the last circle: the bearer's next turn reaches Mount Doom."""
    ring = ring_of(game.spec)
    assert ring is not None
    rs = state_of(game.st)
    rs.bearer, rs.circle = bearer, len(ring.track) - 1


def test_before_mount_doom_the_expert_lifts_builds_and_mortgages_for_the_end_money() -> None:
    """Mount Doom is next (cash plus each rent once wins; a mortgaged deed pays nothing): the
    expert builds the Shire's Fortresses (M1 each, M4 more rent each), then mortgages a lone
    Weapon (M2 now for an M1 payout); it lifts the mortgage of a street of its whole Mordor
    (M5 to lift, M8 paid there) but not of a lone Barad-dûr (M6 for M5). Far from the end it
    mortgages nothing."""
    game = new_game("lotr", 3)
    shire = group(game, "shire")
    sting = next(d.index for d in game.spec.deeds if d.id == "sting")
    own(game, 0, *shire, sting)
    set_cash(game, 4, 10, 10)
    end_of_turn(game)
    _end_next(game, 1)
    # Shire at four Outposts each: the Fortress costs M1 and adds M4 to the payout
    for d in shire:
        build(game, d, 4)
    a = ExpertBot().choose(game, 0)
    assert a == Action(A.A_BUILD, 0, shire[0]) or a == Action(A.A_BUILD, 0, shire[1])
    game.act(a)
    a = ExpertBot().choose(game, 0)
    assert a.kind == A.A_BUILD and a.target in shire
    game.act(a)
    a = ExpertBot().choose(game, 0)
    assert a == Action(A.A_MORTGAGE, 0, sting)
    # far from the end: none of it (a lone Weapon still earns rent)
    rs = state_of(game.st)
    rs.circle = 0
    game.st.mortgaged[sting] = False
    assert ExpertBot().choose(game, 0).kind != A.A_MORTGAGE
    # lifting: worth it on a whole group's street, not on a lone deed
    _end_next(game, 1)
    game.st.owner[sting] = -1
    mordor = group(game, "mordor")
    barad = next(d.index for d in game.spec.deeds if d.id == "barad-dur")
    black_gate = next(d.index for d in game.spec.deeds if d.id == "black-gate")
    own(game, 0, barad)
    game.st.mortgaged[barad] = True
    set_cash(game, 20, 10, 10)
    assert ExpertBot().choose(game, 0).kind == A.A_END_TURN
    own(game, 0, black_gate)
    assert set(mordor) == {barad, black_gate}
    assert ExpertBot().choose(game, 0) == Action(A.A_UNMORTGAGE, 0, barad)


def test_before_mount_doom_the_expert_sells_deeds_worth_more_than_their_rent_to_the_richest(
) -> None:
    """Mount Doom is next, the expert holds Barad-dûr alone (price M9, it pays M5 there): it
    offers it to the richest opponent for its price (a fair trade by the basic valuation), not
    to the poorer one; it never sells a deed that completes the buyer's group."""
    game = new_game("lotr", 3)
    barad = next(d.index for d in game.spec.deeds if d.id == "barad-dur")
    black_gate = next(d.index for d in game.spec.deeds if d.id == "black-gate")
    own(game, 0, barad)
    set_cash(game, 10, 12, 30)
    end_of_turn(game)
    _end_next(game, 1)
    a = ExpertBot().choose(game, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None
    assert a.trade.partner == 2 and a.trade.give_deeds == (barad,) and a.trade.take_cash == 9
    own(game, 2, black_gate)
    a = ExpertBot().choose(game, 0)
    assert a.kind == A.A_PROPOSE and a.trade is not None and a.trade.partner == 1


def _space(game: Game, space_id: str) -> int:
    return next(s.index for s in game.spec.spaces if s.id == space_id)


def _deed(game: Game, space_id: str) -> int:
    return game.spec.spaces[_space(game, space_id)].deed


def _walking_into(game: Game, mover: int, bearer: int, at: str, left: int) -> None:
    """``mover`` walks onto ``bearer``'s space ``at`` with ``left`` spaces of the move still
    to walk, and meets the bearer there (tracker on the first circle: far from the end)."""
    st = game.st
    rs = state_of(st)
    rs.bearer, rs.circle = bearer, 1
    st.players[mover].position = st.players[bearer].position = _space(game, at)
    st.current = mover
    st.stage = "moving"
    st.frames = [WalkFrame(mover, left), RingMeetingFrame([bearer])]


def test_a_battle_that_would_end_the_move_is_chosen_by_where_the_move_would_stop() -> None:
    """Battling a bearer the move would pass ends the move on the bearer's space, won or lost.
    The expert walks past the bearer on Fangorn Forest (unowned) towards Helm's Deep, where an
    opponent has a Fortress (M20): it battles, and stops short. The other way round (the
    bearer on the Fortress, the move ending on an unowned space) it passes by: losing the
    battle (21 chances in 36) would stop it on the Fortress. With the move ending on the
    bearer's space anyway, it battles there too: the battle then costs nothing."""
    game = new_game("lotr", 3)
    helms = _deed(game, "helms-deep")
    own(game, 2, *group(game, "rohan"))
    build(game, helms, game.spec.rules.houses_per_hotel + 1)
    assert P.street_rent(game.spec, game.st, helms) == 20
    _walking_into(game, 0, 1, "fangorn", 3)
    assert ExpertBot().choose(game, 0).kind == A.A_BATTLE
    _walking_into(game, 0, 1, "helms-deep", 2)
    assert ExpertBot().choose(game, 0).kind == A.A_PASS_BY
    _walking_into(game, 0, 1, "helms-deep", 0)
    assert ExpertBot().choose(game, 0).kind == A.A_BATTLE


def test_a_bearer_who_rolled_the_eye_offers_the_ring_when_the_penalty_costs_more_than_the_move(
) -> None:
    """The expert bears the Ring on the M8 circle, has rolled the Eye (the Ring drops and M8
    is paid once the move is resolved) and meets a player on the way: offering the Ring saves
    the M8, and the move ends on an unowned space, which costs nothing without the Ring: it
    offers. When the move ends on an opponent's Fortress (M20, which the Ring would have
    spared), it keeps the Ring to the end of the move; without the Eye rolled it keeps it."""
    game = new_game("lotr", 3)
    ring = ring_of(game.spec)
    assert ring is not None
    st = game.st
    rs = state_of(st)
    circle = next(c for c, k in enumerate(ring.track) if k.penalty == 8)
    helms = _deed(game, "helms-deep")
    own(game, 2, *group(game, "rohan"))
    build(game, helms, game.spec.rules.houses_per_hotel + 1)
    fangorn, helms_space = _space(game, "fangorn"), _space(game, "helms-deep")

    def meeting(end: int, eye: bool) -> None:
        """The Eye rolled (or not), the bearer meets player 1 three spaces before ``end``."""
        left = 3
        rs.bearer, rs.circle = 0, circle
        st.players[0].position = st.players[1].position = end - left
        st.current, st.stage = 0, "moving"
        st.frames = [*([RingEyeFrame()] if eye else []), WalkFrame(0, left),
                     RingMeetingFrame([1])]

    game.st.owner[_deed(game, "fangorn")] = -1
    meeting(fangorn, eye=True)
    assert ExpertBot().choose(game, 0).kind == A.A_OFFER_RING
    meeting(helms_space, eye=True)
    assert ExpertBot().choose(game, 0).kind == A.A_PASS_BY
    meeting(fangorn, eye=False)
    assert ExpertBot().choose(game, 0).kind == A.A_PASS_BY
