"""The Ring: one token carries it, a tracker counts how long, the Eye takes it away.

An edition switches this mechanic on with a ``ring`` block (``Spec.ring``); its numbers and words
(the circles' penalties, the salary and double-rent circles, the reward at the end of the
track, the names of the Ring, its bearer, the tracker...) are data. The clauses, in our words:

- **Who starts**: the highest first roll takes the Ring and starts (``start``).
- **The tracker**: at the start of each of the bearer's turns, before the roll, the tracker moves
  one circle on (``advance``); past the last circle is the end of the track: the bearer collects
  the reward and the game ends (``end_payouts`` gives what everyone then collects).
- **Changing hands**: whenever the Ring changes hands or is dropped the tracker goes back to
  Start (``take``, ``drop``). A battle the bearer wins leaves the tracker where it is.
- **On the way** (``arrive``, at every space a forward move passes or ends on): a Ring lying
  alone is picked up and the move goes on; a bearer may offer the Ring to each player there
  (who must take it); a player without it may battle the bearer there (``answer``). Battling a
  bearer one would pass ends the move on the bearer's space. A bearer passing you is not
  battled. Players in jail are not met.
- **Battles**: each rolls one die, the higher takes or keeps the Ring. A tie keeps it with the
  bearer (the defender) or is rolled again, as the edition says (``battle_tie``).
- **The bearer** pays no rent and no tax space, stays put on Go to Jail (the turn ends) and
  does not go to jail for doubles (``spares``, ``keeps_out_of_jail``). Cards still apply: a card
  that sends the bearer to jail drops the Ring on the card's space.
- **The Eye**: a bearer who rolls the Eye on either die, and still bears the Ring when the move
  is resolved, drops it where the token stands and pays the current circle's penalty
  (``eye_rolled``, ``circle``); then the tracker goes back to Start.
- **Power**: on some circles the bearer's GO salary is higher (``salary``); on others the
  bearer charges double rent (``rent_factor``).

Pure functions of the edition and the state: they change the state as their rule says and
return the events, which the game emits. Dice are rolled by the caller's ``roll`` function, so
every die comes from the game's seeded generator.
"""

from __future__ import annotations

from collections.abc import Callable

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.spec import COUNT_RENT, DICE_RENT, STREET, RingCircleSpec, RingSpec, Spec
from monopoly_tui.engine.state import GameState

Roll = Callable[[int], tuple[int, ...]]
"""Rolls this many dice and returns the face indices."""


def rules(spec: Spec) -> RingSpec:
    assert spec.ring is not None, "the edition has no Ring"
    return spec.ring


def circle(spec: Spec, st: GameState) -> RingCircleSpec:
    """The circle the tracker stands on."""
    track = rules(spec).track
    return track[min(st.ring_circle, len(track) - 1)]


def bears(spec: Spec, st: GameState, p: int) -> bool:
    """Whether player ``p`` bears the Ring (always False when the edition has no Ring)."""
    return spec.ring is not None and st.ring_bearer == p >= 0


# ---------------------------------------------------------------- the Ring changes hands


def start(spec: Spec, st: GameState, first: int) -> list[Event]:
    """The highest first roll takes the Ring; the tracker stands on Start."""
    st.ring_bearer = first
    st.ring_space = -1
    st.ring_circle = 0
    return [Event("ring_taken", player=first, text="first_roll")]


def _reset(st: GameState) -> list[Event]:
    if not st.ring_circle:
        return []
    st.ring_circle = 0
    return [Event("ring_tracker", player=st.ring_bearer, amount=0, text="reset")]


def take(spec: Spec, st: GameState, p: int, how: str, other: int = -1) -> list[Event]:
    """``p`` takes the Ring (``how``: offered, battle, found); if it changed hands the tracker
    goes back to Start."""
    changed = st.ring_bearer != p
    if how == "offered":
        st.ring_tally.offered += 1
    elif how == "found":
        st.ring_tally.found += 1
    elif how == "battle":
        st.ring_tally.battles_won += 1
    st.ring_bearer = p
    st.ring_space = -1
    st.ring_eye = False
    events = [Event("ring_taken", player=p, other=other, text=how,
                    space=st.players[p].position)]
    if changed:
        events += _reset(st)
    return events


def drop(spec: Spec, st: GameState, space: int, how: str) -> list[Event]:
    """The bearer loses the Ring: it lies alone on ``space`` and the tracker goes back to
    Start. ``how``: eye, jail, bankrupt."""
    p = st.ring_bearer
    tally = st.ring_tally
    if how == "eye":
        tally.eye_drops += 1
        tally.eye_penalties += eye_penalty(spec, st)
    elif how == "jail":
        tally.jail_drops += 1
    elif how == "bankrupt":
        tally.bankrupt_drops += 1
    st.ring_bearer = -1
    st.ring_space = space
    st.ring_eye = False
    st.ring_meet = []
    return [Event("ring_dropped", player=p, space=space, text=how), *_reset(st)]


# ---------------------------------------------------------------- the tracker


def advance(spec: Spec, st: GameState) -> tuple[list[Event], bool]:
    """The bearer's turn starts: the tracker moves one circle on. True when it has moved past
    the last circle: the end of the track is reached."""
    st.ring_circle += 1
    st.ring_tally.bearer_turns += 1
    st.ring_tally.best_circle = max(st.ring_tally.best_circle, st.ring_circle)
    at_end = st.ring_circle >= len(rules(spec).track)
    return [Event("ring_tracker", player=st.ring_bearer, amount=st.ring_circle,
                  text="end" if at_end else "advanced")], at_end


def eye_rolled(spec: Spec, faces: tuple[int, ...]) -> bool:
    """Whether a roll shows the Eye on either die."""
    marks, eye = spec.dice.marks, rules(spec).eye_mark
    return any(marks[f] == eye for f in faces)


def eye_penalty(spec: Spec, st: GameState) -> int:
    """What the Eye costs the bearer now: the current circle's penalty."""
    return circle(spec, st).penalty


# ---------------------------------------------------------------- what the bearer gains


def salary(spec: Spec, st: GameState, p: int, usual: int) -> int:
    """The GO salary: a bearer whose tracker stands on a marked circle collects more."""
    if bears(spec, st, p):
        c = circle(spec, st)
        if c.go_salary:
            return c.go_salary
    return usual


def rent_factor(spec: Spec, st: GameState, owner: int) -> int:
    """2 when the owner bears the Ring and the tracker stands on a double-rent circle."""
    if bears(spec, st, owner) and circle(spec, st).double_rent:
        return 2
    return 1


# ---------------------------------------------------------------- meeting on the way


def others_on(st: GameState, p: int, space: int) -> list[int]:
    """The players ``p`` meets on a space, in seat order after ``p`` (not those in jail)."""
    n = len(st.players)
    out = []
    for i in range(1, n):
        q = (p + i) % n
        other = st.players[q]
        if other.position == space and not other.bankrupt and not other.in_jail:
            out.append(q)
    return out


def arrive(spec: Spec, st: GameState, p: int, space: int) -> list[Event]:
    """The mover passes or lands on ``space``: a Ring lying there alone is taken; then the
    players to ask about are queued in ``st.ring_meet`` (offer to each of them when ``p`` bears
    the Ring; battle the bearer when the bearer stands there)."""
    events: list[Event] = []
    if st.ring_bearer < 0 and st.ring_space == space:
        events += take(spec, st, p, "found")
    others = others_on(st, p, space)
    if st.ring_bearer == p:
        st.ring_meet = others
    elif st.ring_bearer in others:
        st.ring_meet = [st.ring_bearer]
    else:
        st.ring_meet = []
    return events


def encounter(spec: Spec, st: GameState) -> tuple[list[Action], dict[str, object]]:
    """The choices and context of a meeting: offer the Ring or keep it (the bearer meets
    someone), battle or let be (someone meets the bearer)."""
    p, q = st.current, st.ring_meet[0]
    offer = st.ring_bearer == p
    c = circle(spec, st)
    ctx: dict[str, object] = {
        "other": q,
        "mode": "offer" if offer else "battle",
        "passing": st.move_left > 0,
        "steps_left": st.move_left,
        "space": st.players[p].position,
        "circle": st.ring_circle,
        "circles": len(rules(spec).track),
        "penalty": c.penalty,
    }
    first = Action(A.A_OFFER_RING if offer else A.A_BATTLE, p, q)
    return [first, Action(A.A_PASS_BY, p, q)], ctx


def answer(spec: Spec, st: GameState, a: Action, roll: Roll) -> list[Event]:
    """Play the mover's answer to a meeting. Raises ``IllegalAction`` before any change."""
    p, q = st.current, st.ring_meet[0]
    offer = st.ring_bearer == p
    if a.target not in (-1, q):
        raise IllegalAction(a, "that is not the player met here")
    if a.kind == A.A_PASS_BY:
        st.ring_meet.pop(0)
        return [Event("ring_passed_by", player=p, other=q, text="offer" if offer else "battle")]
    if a.kind == A.A_OFFER_RING:
        if not offer:
            raise IllegalAction(a, "only the bearer can offer the Ring")
        st.ring_meet = []
        return take(spec, st, q, "offered", other=p)
    if offer:
        raise IllegalAction(a, "the bearer does not battle: offer the Ring or keep it")
    # A battle: ending the move here if the mover was passing by.
    st.ring_meet = []
    st.move_left = 0
    return battle(spec, st, p, q, roll)


def battle(spec: Spec, st: GameState, p: int, bearer: int, roll: Roll) -> list[Event]:
    """``p`` battles the bearer: each rolls one die, the higher takes or keeps the Ring."""
    values = spec.dice.values
    events: list[Event] = []
    st.ring_tally.battles += 1
    while True:
        mine, theirs = roll(1)[0], roll(1)[0]
        if values[mine] == values[theirs] and rules(spec).battle_tie == "roll_again":
            events.append(Event("ring_battle", player=p, other=bearer, dice=(mine, theirs),
                                amount=-1, text="tie"))
            continue
        break
    won = values[mine] > values[theirs]
    winner = p if won else bearer
    events.append(Event("ring_battle", player=p, other=bearer, dice=(mine, theirs),
                        amount=winner, text="won" if won else "kept"))
    if won:
        events += take(spec, st, p, "battle", other=bearer)
    return events


# ---------------------------------------------------------------- the end of the track


def end_payouts(spec: Spec, st: GameState, roll: Roll) -> list[Event]:
    """What each player collects from the bank when the tracker reaches the end: the rent of
    each unmortgaged property they own (double for a whole colour group, building rent where
    built; count rents by how many are owned; dice rents from a roll of their dice). The
    events carry the amounts; the caller pays them."""
    events: list[Event] = []
    if not rules(spec).end_payout:
        return events
    for d in spec.deeds:
        i = d.index
        owner = st.owner[i]
        if owner < 0 or st.mortgaged[i] or st.players[owner].bankrupt:
            continue
        faces: tuple[int, ...] = ()
        if d.kind == STREET:
            amount = P.street_rent(spec, st, i)
        elif d.kind == COUNT_RENT:
            amount = P.count_rent(spec, st, i)
        elif d.kind == DICE_RENT:
            n = P.count_owned(spec, st, owner, d.group)
            table = spec.groups[d.group].dice_rent
            entry = table[min(n, len(table)) - 1]
            faces = roll(entry.dice)
            amount = entry.multiplier * sum(spec.dice.values[f] for f in faces)
        else:  # pragma: no cover - every property kind is above
            continue
        events.append(Event("ring_payout", player=owner, deed=i, amount=amount, dice=faces))
    return events


def ranking_by_cash(spec: Spec, st: GameState) -> list[int]:
    """The players still in the game, the most money first. The rulebook names no tie-break:
    ours is the higher total worth (deeds and buildings), then seat order."""
    alive = [i for i, q in enumerate(st.players) if not q.bankrupt]
    return sorted(alive, key=lambda i: (-st.players[i].cash, -P.valuation(spec, st, i), i))
