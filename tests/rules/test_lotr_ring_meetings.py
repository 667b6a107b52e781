"""Lord of the Rings: meeting on the way (rulebook:LOTR 'On Your Turn' step 2, 'Taking Control
of the Ring', 'Giving Away the Ring', 'Moving Without the Ring', 'Battling for the Ring',
'Finding the Ring').

The move goes space by space; a meeting stops it with a ``ring_encounter`` decision for the
mover, and the move resumes after the answer."""

from __future__ import annotations

import pytest
from helpers import act, card_on_top, cashes, choice_kinds, give, jail, kinds, roll, set_dice
from lotr_helpers import EYE, at, lotr

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import IllegalAction
from monopoly_tui.engine.frames import BuyFrame, WalkFrame, find_frame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import RingMeetingFrame, state_of
from monopoly_tui.engine.spec import MOVE_TO

# ---------------------------------------------------------------- Giving Away the Ring


def test_the_bearer_may_offer_the_ring_to_a_player_passed_and_they_must_take_it() -> None:
    """'If you pass or land on another player, you may keep the Ring or offer it to them. If you
    offer them the Ring, they must take it ... Continue moving clockwise if you had any moves
    left.'"""
    game = lotr(bearer=0, circle=2)
    at(game, 1, 3)
    roll(game, (2, 3))
    pend = game.pending
    assert (pend.kind, pend.player) == (A.RING, 0)
    assert pend.context["mode"] == "offer"
    assert (pend.context["other"], pend.context["passing"], pend.context["steps_left"]) == (
        1, True, 2)
    assert game.st.players[0].position == 3
    assert choice_kinds(game) == {A.A_OFFER_RING, A.A_PASS_BY}
    events = act(game, A.A_OFFER_RING, target=1)
    assert state_of(game.st).bearer == 1
    assert state_of(game.st).circle == 0  # the Ring changed hands: the tracker back to Start
    assert "ring_taken" in kinds(events)
    assert game.st.players[0].position == 5  # the move went on
    assert game.pending.kind == A.BUY


def test_the_bearer_may_keep_the_ring_and_move_on() -> None:
    """'Only move the Ring Tracker back to the Start circle if the Ring changes hands.'"""
    game = lotr(bearer=0, circle=2)
    at(game, 1, 3)
    roll(game, (2, 3))
    act(game, A.A_PASS_BY, target=1)
    assert (state_of(game.st).bearer, state_of(game.st).circle) == (0, 3)
    assert game.st.players[0].position == 5


def test_the_bearer_may_offer_the_ring_on_the_space_landed_on_before_it_is_resolved() -> None:
    """Step 2 (meet) comes before step 3 (carry out the space): having given the Ring away, the
    mover pays the rent there."""
    game = lotr(bearer=0)
    at(game, 1, 5)
    give(game, 2, "sting")
    roll(game, (2, 3))
    assert game.pending.context["passing"] is False
    act(game, A.A_OFFER_RING, target=1)
    assert state_of(game.st).bearer == 1
    assert cashes(game) == [29, 30, 31]


def test_players_on_one_space_are_asked_about_in_turn() -> None:
    game = lotr(4, bearer=0)
    at(game, 1, 3)
    at(game, 2, 3)
    roll(game, (2, 3))
    assert game.pending.context["other"] == 1
    act(game, A.A_PASS_BY, target=1)
    assert (game.pending.kind, game.pending.context["other"]) == (A.RING, 2)
    act(game, A.A_OFFER_RING, target=2)
    assert state_of(game.st).bearer == 2
    assert game.st.players[0].position == 5


# ---------------------------------------------------------------- Moving Without the Ring


def test_a_player_may_battle_the_bearer_they_land_on() -> None:
    """'If you pass or land on the Ring-bearer, you may ignore them or battle them.'"""
    game = lotr(bearer=1, circle=4)
    at(game, 1, 5)
    give(game, 2, "sting")
    roll(game, (2, 3))
    pend = game.pending
    assert (pend.kind, pend.context["mode"], pend.context["other"]) == (A.RING, "battle", 1)
    assert choice_kinds(game) == {A.A_BATTLE, A.A_PASS_BY}
    set_dice(game, [(6,), (2,)])
    events = act(game, A.A_BATTLE, target=1)
    battle = next(e for e in events if e.kind == "ring_battle")
    assert len(battle.dice) == 2  # both dice shown: the mover's, the bearer's
    assert state_of(game.st).bearer == 0
    assert state_of(game.st).circle == 0
    assert cashes(game) == [30, 30, 30]  # the new bearer pays no rent on Sting


def test_battling_a_bearer_you_would_pass_ends_your_move_on_their_space() -> None:
    """'If you would pass the Ring-bearer and you want to battle, end your move on their
    space.'"""
    game = lotr(bearer=1, circle=4)
    at(game, 1, 3)
    roll(game, (2, 3))
    assert game.pending.context["passing"] is True
    set_dice(game, [(2,), (6,)])
    act(game, A.A_BATTLE, target=1)
    assert game.st.players[0].position == 3
    assert _left(game) == 0
    buy = find_frame(game.st, BuyFrame)
    assert game.pending.kind == A.BUY and buy is not None and buy.deed == game.spec.spaces[3].deed


def test_ignoring_the_bearer_continues_the_move() -> None:
    """'If you do not want to battle, continue moving clockwise if you had any moves left.'"""
    game = lotr(bearer=1, circle=4)
    at(game, 1, 3)
    roll(game, (2, 3))
    act(game, A.A_PASS_BY, target=1)
    assert game.st.players[0].position == 5
    assert (state_of(game.st).bearer, state_of(game.st).circle) == (1, 4)


# ---------------------------------------------------------------- Battling for the Ring


def test_the_higher_battle_roll_takes_the_ring() -> None:
    """'You and the Ring-bearer each roll one die. The higher roller takes (or keeps) the
    Ring.'"""
    game = lotr(bearer=1, circle=4)
    at(game, 1, 5)
    roll(game, (2, 3))
    set_dice(game, [(5,), (4,)])
    act(game, A.A_BATTLE, target=1)
    assert state_of(game.st).bearer == 0


def test_a_battle_the_bearer_wins_leaves_the_tracker_where_it_is() -> None:
    """'Only move the Ring Tracker back to the Start circle if the Ring changes hands.'"""
    game = lotr(bearer=1, circle=4)
    at(game, 1, 5)
    roll(game, (2, 3))
    set_dice(game, [(3,), (5,)])
    events = act(game, A.A_BATTLE, target=1)
    assert (state_of(game.st).bearer, state_of(game.st).circle) == (1, 4)
    assert next(e for e in events if e.kind == "ring_battle").text == "kept"


def test_a_tied_battle_leaves_the_ring_with_the_bearer() -> None:
    """The rulebook does not say; ours: the bearer, who defends, keeps it."""
    game = lotr(bearer=1, circle=4)
    at(game, 1, 5)
    roll(game, (2, 3))
    set_dice(game, [(4,), (4,)])
    act(game, A.A_BATTLE, target=1)
    assert (state_of(game.st).bearer, state_of(game.st).circle) == (1, 4)


def test_a_tied_battle_is_rolled_again_when_the_edition_says_so() -> None:
    game = lotr(bearer=1, circle=4, battle_tie="roll_again")
    at(game, 1, 5)
    roll(game, (2, 3))
    set_dice(game, [(4,), (4,), (5,), (3,)])
    events = act(game, A.A_BATTLE, target=1)
    assert [e.text for e in events if e.kind == "ring_battle"] == ["tie", "won"]
    assert state_of(game.st).bearer == 0


def test_the_eye_counts_zero_in_a_battle() -> None:
    game = lotr(bearer=1, circle=4)
    at(game, 1, 5)
    roll(game, (2, 3))
    set_dice(game, [(EYE,), (2,)])
    act(game, A.A_BATTLE, target=1)
    assert state_of(game.st).bearer == 1


def test_the_bearer_passing_you_is_not_battled() -> None:
    """'If the Ring-bearer passes or lands on your space, you do not battle them.'"""
    game = lotr(bearer=0)
    at(game, 1, 3)
    roll(game, (2, 3))
    assert game.pending.player == 0
    assert A.A_BATTLE not in choice_kinds(game)


# ---------------------------------------------------------------- Finding the Ring


def test_a_lone_ring_passed_is_taken_and_the_move_goes_on() -> None:
    """'If the Ring is ever alone on a space and you would pass or land on that space, you must
    take the Ring with you! ... continue moving clockwise if you had any moves left.'"""
    game = lotr(bearer=-1, ring_space=3)
    events = roll(game, (2, 3))
    rs = state_of(game.st)
    assert (rs.bearer, rs.space, rs.circle) == (0, -1, 0)
    assert game.st.players[0].position == 5
    assert game.pending.kind == A.BUY
    found = next(e for e in events if e.kind == "ring_taken")
    assert (found.text, found.space) == ("found", 3)


def test_a_lone_ring_landed_on_is_taken_before_the_space_is_resolved() -> None:
    game = lotr(bearer=-1, ring_space=5)
    give(game, 1, "sting")
    roll(game, (2, 3))
    assert state_of(game.st).bearer == 0
    assert cashes(game) == [30, 30, 30]


def test_a_card_that_advances_a_token_walks_it_too() -> None:
    """'If the Ring is ever alone on a space...': a Quest card's advance passes the spaces."""
    game = lotr(bearer=-1, ring_space=20)
    card_on_top(game, "quest", MOVE_TO, target=game.spec.space_by_id["edoras"])
    at(game, 0, 12)
    roll(game, (2, 3))  # Quest (17) -> Edoras (23), past the Ring on Free Parking (20)
    assert state_of(game.st).bearer == 0
    assert game.st.players[0].position == 23


def test_players_in_jail_are_not_met() -> None:
    game = lotr(bearer=0)
    jail(game, 1)
    at(game, 0, 7)
    roll(game, (2, 3))
    assert game.pending.kind == A.BUY
    assert game.st.players[0].position == 12


def test_players_just_visiting_are_met() -> None:
    game = lotr(bearer=0)
    at(game, 1, 10)
    at(game, 0, 7)
    roll(game, (2, 3))
    assert (game.pending.kind, game.pending.context["other"]) == (A.RING, 1)


# ---------------------------------------------------------------- the stop is state


def test_an_illegal_answer_changes_nothing() -> None:
    game = lotr(bearer=0)
    at(game, 1, 3)
    roll(game, (2, 3))
    before = (_meet(game), _left(game), state_of(game.st).bearer)
    with pytest.raises(IllegalAction):
        act(game, A.A_BATTLE, target=1)  # the bearer offers or keeps; it does not battle
    with pytest.raises(IllegalAction):
        act(game, A.A_OFFER_RING, target=2)  # Cid is not on this space
    with pytest.raises(IllegalAction):
        act(game, A.A_PASS_BY, player=1, target=1)  # Bob is not the one asked
    assert (_meet(game), _left(game), state_of(game.st).bearer) == before


def test_a_move_stopped_by_a_meeting_resumes_from_a_saved_state() -> None:
    """The stop is explicit state (move_left, ring_meet...): a game restored from a snapshot
    taken mid-move asks the same question and finishes the move the same way."""
    snapshot = pytest.importorskip("monopoly_tui.engine.snapshot")
    game = lotr(bearer=0, circle=2)
    at(game, 1, 3)
    roll(game, (2, 3))
    saved = snapshot.encode_state(game.st)
    copy = Game(game.spec, snapshot.decode_state(saved))
    assert copy.pending == game.pending
    for g in (game, copy):
        act(g, A.A_OFFER_RING, target=1)
    assert snapshot.encode_state(copy.st) == snapshot.encode_state(game.st)
    assert copy.st.players[0].position == 5 and state_of(copy.st).bearer == 1


def test_a_card_to_the_nearest_weapon_is_walked_and_still_charges_twice() -> None:
    """The card's 'pay its owner twice the rent' survives a meeting on the way."""
    from monopoly_tui.engine.spec import MOVE_TO_NEAREST

    game = lotr(bearer=2)
    at(game, 2, 4)  # Cid bears the Ring on the Ringwraith, between the Quest and Sting
    give(game, 1, "sting")
    card_on_top(game, "quest", MOVE_TO_NEAREST, rent_multiplier=2)
    roll(game, (2, EYE))  # Quest (2), then forward to Sting (5), passing Cid
    assert (game.pending.kind, game.pending.context["other"]) == (A.RING, 2)
    act(game, A.A_PASS_BY, target=2)
    assert game.st.players[0].position == 5
    assert cashes(game) == [28, 32, 30]
    assert game.find(WalkFrame) is None  # no card's multipliers left over


def test_leaving_jail_on_the_third_try_walks_the_move() -> None:
    """The fine is paid, then the roll is moved space by space like any other."""
    game = lotr(bearer=1)
    jail(game, 0, tries=2)
    at(game, 1, 12)
    roll(game, (2, 3))
    assert (game.pending.kind, game.pending.context["mode"]) == (A.RING, "battle")
    act(game, A.A_PASS_BY, target=1)
    assert game.st.players[0].position == 15
    assert cashes(game)[0] == 25


def _left(game: Game) -> int:
    """Spaces still to walk in the move under way."""
    walk = game.find(WalkFrame)
    return walk.left if walk is not None else 0


def _meet(game: Game) -> list[int]:
    """The players still to be asked about at the meeting under way."""
    meeting = game.find(RingMeetingFrame)
    return list(meeting.meet) if meeting is not None else []


def test_the_ring_on_the_jail_corner_lies_on_just_visiting() -> None:
    """The log names the jail corner as a place to stand: the Ring dropped there by the Eye,
    or found there, lies on Just Visiting (it said "drops on In Jail / Just Visiting"), as the
    move there says; a prisoner is in Jail."""
    from monopoly_tui.engine.actions import Event
    from monopoly_tui.engine.describe import Words, describe

    game = lotr(3, bearer=-1)
    jail = game.spec.jail_space
    v = game.spec.vocab
    dropped = describe(Event("ring_dropped", player=0, space=jail, text="eye"), game)
    found = describe(Event("ring_taken", player=1, space=jail, text="found"), game)
    assert dropped.endswith(f"drops on {v.just_visiting}"), dropped
    assert found.endswith(f"lying on {v.just_visiting} and took it"), found
    game.st.players[2].in_jail = True
    assert Words(game).where(jail, 2) == game.spec.spaces[jail].name
    assert Words(game).where(jail, 1) == v.just_visiting


# ---------------------------------------------------------------- the log names who is met


def _first_lines(game: Game, faces: tuple[int, ...]) -> list[str]:
    from monopoly_tui.engine.describe import describe_all

    return describe_all(roll(game, faces), game)


def test_a_move_stopped_to_battle_names_the_bearer_met() -> None:
    """'If you pass or land on the Ring-bearer, you may ignore them or battle them': the move
    stops where the bearer stands, and its line said only "Ann reached Bywater on the way";
    it names the bearer met there."""
    game = lotr(bearer=1)
    at(game, 1, 3)
    lines = _first_lines(game, (2, 3))
    assert lines[-1] == "Ann reached Bywater on the way, with Bob there bearing the Ring", lines


def test_a_bearer_stopped_to_offer_the_ring_names_everyone_met() -> None:
    """'If you pass or land on another player, you may keep the Ring or offer it to them':
    the bearer passing Bob and Cid on Bywater is asked about each; the line names both."""
    game = lotr(4, bearer=0)
    at(game, 1, 3)
    at(game, 2, 3)
    lines = _first_lines(game, (2, 3))
    assert lines[-1] == "Ann reached Bywater on the way, with Bob and Cid there", lines


def test_a_meeting_where_the_move_ends_names_who_is_met() -> None:
    game = lotr(bearer=1)
    at(game, 1, 5)
    lines = _first_lines(game, (2, 3))
    assert lines[-1] == "Ann moved to Sting, with Bob there bearing the Ring", lines


def test_no_one_is_named_where_no_one_is_met() -> None:
    """A walk that meets nobody adds nothing to the move's line."""
    game = lotr(bearer=1)
    at(game, 1, 7)
    lines = _first_lines(game, (2, 3))
    assert lines[-1] == "Ann moved to Sting", lines
