"""The expert in Lord of the Rings (``bots.expert_ring`` and the Ring's part of the value
model): each habit on a hand-made position where the right choice is clear."""

from __future__ import annotations

from bot_helpers import group, new_game, own, set_cash

from monopoly_tui.bots import ExpertBot
from monopoly_tui.bots.value_model import model_of
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import RingMeetingFrame, ring_of, state_of
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
