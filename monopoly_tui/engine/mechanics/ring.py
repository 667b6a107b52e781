"""The Ring: one token carries it, a tracker counts how long, the Eye takes it away.

An edition switches this mechanic on with a ``ring`` block (``Spec.mechanics["ring"]``, a
``RingSpec``); its numbers and words (the circles' penalties, the salary and double-rent
circles, the reward at the end of the track, the names of the Ring, its bearer, the
tracker...) are data. The clauses, in our words:

- **Who starts**: the highest first roll takes the Ring and starts (``setup``).
- **The tracker**: at the start of each of the bearer's turns, before the roll, the tracker moves
  one circle on (``before_roll``); past the last circle is the end of the track: the bearer
  collects the reward, every player collects the end payouts (``end_payouts``), and the most
  money wins.
- **Changing hands**: whenever the Ring changes hands or is dropped the tracker goes back to
  Start (``take``, ``drop``). A battle the bearer wins leaves the tracker where it is.
- **On the way** (``step``, at every space a forward move passes or ends on): a Ring lying
  alone is picked up and the move goes on; a bearer may offer the Ring to each player there
  (who must take it); a player without it may battle the bearer there (``RingMeetingFrame``).
  Battling a bearer one would pass ends the move on the bearer's space. A bearer passing you is
  not battled. Players in jail are not met.
- **Battles**: each rolls one die, the higher takes or keeps the Ring. A tie keeps it with the
  bearer (the defender) or is rolled again, as the edition says (``battle_tie``).
- **The bearer** pays no rent and no tax space, stays put on Go to Jail (the turn ends) and
  does not go to jail for doubles (``waives``, ``spares_jail``). Cards still apply: a card that
  sends the bearer to jail drops the Ring on the card's space (``jailed``), and a card's own
  rent ("pay its owner twice the rent") is paid.
- **The Eye**: a bearer who rolls the Eye on either die, and still bears the Ring when the move
  is resolved, drops it where the token stands and pays the current circle's penalty
  (``rolled``, ``RingEyeFrame``); then the tracker goes back to Start.
- **Power**: on some circles the bearer's GO salary is higher (``salary``); on others the
  bearer charges double rent (``adjusts``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.frame import (
    Frame,
    MechanicConfig,
    MechanicState,
    frame_type,
    mechanic_config,
    mechanic_state,
)
from monopoly_tui.engine.frames import WalkFrame
from monopoly_tui.engine.mechanics import register
from monopoly_tui.engine.mechanics.base import Mechanic
from monopoly_tui.engine.spec import COUNT_RENT, DICE_RENT, STREET, Spec
from monopoly_tui.engine.state import RANKED_BY_CASH, GameState

if TYPE_CHECKING:
    from monopoly_tui.engine.describe import Words
    from monopoly_tui.engine.game import Game

NAME = "ring"


# ---------------------------------------------------------------- the edition's Ring


@dataclass(frozen=True, slots=True)
class RingCircleSpec:
    """One circle of the Ring's track."""

    penalty: int
    go_salary: int
    """The bearer's salary at GO while the tracker is here; 0 for the usual salary."""
    double_rent: bool
    label: str


@dataclass(frozen=True, slots=True)
class RingSpec(MechanicConfig):
    """The Ring mechanic's numbers and words (the ruleset's ``ring`` block)."""

    track: tuple[RingCircleSpec, ...]
    """From Start (index 0) to the last circle; the tracker past it has reached the end."""
    end_reward: int
    end_reason: str
    end_payout: bool
    eye_mark: str
    battle_tie: str
    ring: str = "the Ring"
    bearer: str = "Ring-bearer"
    tracker: str = "Ring Tracker"
    start: str = "Start"
    end: str = "the end of the track"
    battle: str = "battle"
    eye: str = "the Eye"


def ring_of(spec: Spec) -> RingSpec | None:
    """The edition's Ring, or None when it has none."""
    r = spec.mechanics.get(NAME)
    return r if isinstance(r, RingSpec) else None


def rules(spec: Spec) -> RingSpec:
    r = ring_of(spec)
    assert r is not None, "the edition has no Ring"
    return r


# ---------------------------------------------------------------- the Ring's own state


@dataclass(slots=True)
class RingTally:
    """The Ring's story so far, for statistics."""

    offered: int = 0
    """Times a bearer offered the Ring to a player met on the way."""
    battles: int = 0
    battles_won: int = 0
    """Battles the challenger won (the Ring changed hands)."""
    found: int = 0
    """Times a Ring lying alone was picked up."""
    eye_drops: int = 0
    eye_penalties: int = 0
    """Money the Eye cost bearers (the circles' penalties owed)."""
    jail_drops: int = 0
    bankrupt_drops: int = 0
    bearer_turns: int = 0
    """Turns started with the Ring (each moved the tracker one circle)."""
    best_circle: int = 0
    """The furthest circle the tracker reached."""


@dataclass(slots=True)
class RingState(MechanicState):
    """Who bears the Ring, where it lies, where the tracker stands."""

    bearer: int = -1
    """The player who bears the Ring, or -1."""
    space: int = -1
    """The space where the Ring lies alone, or -1."""
    circle: int = 0
    """Where the tracker stands: 0 is Start."""
    tally: RingTally = field(default_factory=RingTally)



def state_of(st: GameState) -> RingState:
    """The Ring's state in a game of an edition with the Ring."""
    rs = st.mech[NAME]
    assert isinstance(rs, RingState)
    return rs


def ring_state(st: GameState) -> RingState | None:
    """The Ring's state, or None when the game has no Ring."""
    rs = st.mech.get(NAME)
    return rs if isinstance(rs, RingState) else None


def bearer(st: GameState) -> int:
    """Who bears the Ring (-1: nobody, or no Ring in this game)."""
    rs = ring_state(st)
    return rs.bearer if rs is not None else -1


ring_bearer = bearer


def ring_space(st: GameState) -> int:
    """Where the Ring lies alone (-1: it is borne, or no Ring in this game)."""
    rs = ring_state(st)
    return rs.space if rs is not None else -1


def ring_circle(st: GameState) -> int:
    """Where the tracker stands (0, Start, when the game has no Ring)."""
    rs = ring_state(st)
    return rs.circle if rs is not None else 0


def circle(spec: Spec, st: GameState) -> RingCircleSpec:
    """The circle the tracker stands on."""
    track = rules(spec).track
    return track[min(state_of(st).circle, len(track) - 1)]


def bears(st: GameState, p: int) -> bool:
    """Whether player ``p`` bears the Ring (always False when the game has no Ring)."""
    rs = ring_state(st)
    return rs is not None and rs.bearer == p >= 0


# ---------------------------------------------------------------- the Ring changes hands


def _reset(rs: RingState) -> list[Event]:
    if not rs.circle:
        return []
    rs.circle = 0
    return [Event("ring_tracker", player=rs.bearer, amount=0, text="reset")]


def take(game: Game, p: int, how: str, other: int = -1) -> list[Event]:
    """``p`` takes the Ring (``how``: offered, battle, found); if it changed hands the tracker
    goes back to Start."""
    rs = state_of(game.st)
    changed = rs.bearer != p
    if how == "offered":
        rs.tally.offered += 1
    elif how == "found":
        rs.tally.found += 1
    elif how == "battle":
        rs.tally.battles_won += 1
    rs.bearer = p
    rs.space = -1
    game.remove(RingEyeFrame)
    events = [Event("ring_taken", player=p, other=other, text=how,
                    space=game.st.players[p].position)]
    if changed:
        events += _reset(rs)
    return events


def drop(game: Game, space: int, how: str) -> list[Event]:
    """The bearer loses the Ring: it lies alone on ``space`` and the tracker goes back to
    Start. ``how``: eye, jail, bankrupt."""
    rs = state_of(game.st)
    p = rs.bearer
    tally = rs.tally
    if how == "eye":
        tally.eye_drops += 1
        tally.eye_penalties += eye_penalty(game.spec, game.st)
    elif how == "jail":
        tally.jail_drops += 1
    elif how == "bankrupt":
        tally.bankrupt_drops += 1
    rs.bearer = -1
    rs.space = space
    game.remove(RingEyeFrame)
    game.remove(RingMeetingFrame)
    return [Event("ring_dropped", player=p, space=space, text=how), *_reset(rs)]


# ---------------------------------------------------------------- the tracker and the Eye


def eye_rolled(spec: Spec, faces: tuple[int, ...]) -> bool:
    """Whether a roll shows the Eye on either die."""
    marks, eye = spec.dice.marks, rules(spec).eye_mark
    return any(marks[f] == eye for f in faces)


def eye_penalty(spec: Spec, st: GameState) -> int:
    """What the Eye costs the bearer now: the current circle's penalty."""
    return circle(spec, st).penalty


def rent_factor(spec: Spec, st: GameState, owner: int) -> int:
    """2 when the owner bears the Ring and the tracker stands on a double-rent circle."""
    if bears(st, owner) and circle(spec, st).double_rent:
        return 2
    return 1


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


def battle(game: Game, p: int, holder: int) -> list[Event]:
    """``p`` battles the bearer: each rolls one die, the higher takes or keeps the Ring."""
    spec = game.spec
    values = spec.dice.values
    events: list[Event] = []
    state_of(game.st).tally.battles += 1
    while True:
        mine, theirs = game.roll_faces(1)[0], game.roll_faces(1)[0]
        if values[mine] == values[theirs] and rules(spec).battle_tie == "roll_again":
            events.append(Event("ring_battle", player=p, other=holder, dice=(mine, theirs),
                                amount=-1, text="tie"))
            continue
        break
    won = values[mine] > values[theirs]
    winner = p if won else holder
    events.append(Event("ring_battle", player=p, other=holder, dice=(mine, theirs),
                        amount=winner, text="won" if won else "kept"))
    if won:
        events += take(game, p, "battle", other=holder)
    return events


def end_payouts(game: Game) -> list[Event]:
    """What each player collects from the bank when the tracker reaches the end: the rent of
    each unmortgaged property they own (double for a whole colour group, building rent where
    built; count rents by how many are owned; dice rents from a roll of their dice). The
    events carry the amounts; the caller pays them."""
    spec, st = game.spec, game.st
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
            faces = game.roll_faces(entry.dice)
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


# ---------------------------------------------------------------- the Ring's frames


@dataclass(slots=True)
class RingMeetingFrame(Frame):
    """The mover meets players on a space: the bearer may offer the Ring to each in turn (who
    must take it), or a player without it may battle the bearer met there, or pass by."""

    meet: list[int] = field(default_factory=list)
    """The players on the mover's space still to be asked about, in seat order."""

    def kind(self) -> str:
        return A.RING

    def rank(self) -> int:
        return 40

    def decider(self, game: Game) -> int:
        return game.st.current

    def choices(self, game: Game) -> list[Action]:
        p, q = game.st.current, self.meet[0]
        offer = state_of(game.st).bearer == p
        return [Action(A.A_OFFER_RING if offer else A.A_BATTLE, p, q), Action(A.A_PASS_BY, p, q)]

    def context(self, game: Game) -> dict[str, object]:
        st = game.st
        p, q = st.current, self.meet[0]
        rs = state_of(st)
        walk = game.find(WalkFrame)
        left = walk.left if walk is not None else 0
        return {
            "other": q,
            "mode": "offer" if rs.bearer == p else "battle",
            "passing": left > 0,
            "steps_left": left,
            "space": st.players[p].position,
            "circle": rs.circle,
            "circles": len(rules(game.spec).track),
            "penalty": circle(game.spec, st).penalty,
        }

    def apply(self, game: Game, a: Action) -> None:
        """Play the mover's answer. Raises ``IllegalAction`` before any change."""
        st = game.st
        if a.kind not in (A.A_OFFER_RING, A.A_BATTLE, A.A_PASS_BY):
            raise IllegalAction(a, f"'{a.kind}' is not a choice now ({self.kind()})")
        p, q = st.current, self.meet[0]
        offer = state_of(st).bearer == p
        if a.target not in (-1, q):
            raise IllegalAction(a, "that is not the player met here")
        if a.kind == A.A_PASS_BY:
            self.meet.pop(0)
            if not self.meet:
                game.pop(self)
            game.emit(Event("ring_passed_by", player=p, other=q,
                            text="offer" if offer else "battle"))
            return
        if a.kind == A.A_OFFER_RING:
            if not offer:
                raise IllegalAction(a, "only the bearer can offer the Ring")
            game.pop(self)
            game.emit_all(take(game, q, "offered", other=p))
            return
        if offer:
            raise IllegalAction(a, "the bearer does not battle: offer the Ring or keep it")
        # A battle: ending the move here if the mover was passing by ("If you would pass the
        # Ring-bearer and you want to battle, end your move on their space"). The space is then
        # carried out as a plain landing: a card's multipliers were meant for the card's
        # destination, not for the bearer's space.
        game.pop(self)
        walk = game.find(WalkFrame)
        if walk is not None and walk.left > 0:
            game.emit(Event("ring_stopped", player=p, other=q, space=st.players[p].position))
            walk.left = 0
            walk.rent_mult = 1
            walk.dice_mult = 0
        game.emit_all(battle(game, p, q))


@dataclass(slots=True)
class RingEyeFrame(Frame):
    """The bearer rolled the Eye: once the move is resolved, if they still bear the Ring, it
    drops where the token stands and they pay the current circle's penalty."""


    def rank(self) -> int:
        return 20

    def run(self, game: Game) -> None:
        game.pop(self)
        st, spec = game.st, game.spec
        p = st.current
        if not bears(st, p):
            return
        penalty = eye_penalty(spec, st)
        game.emit_all(drop(game, st.players[p].position, "eye"))
        game.owe(p, -1, penalty, "ring_penalty", fee=True)


# ---------------------------------------------------------------- the mechanic


class Ring(Mechanic):
    """The Ring of Power (Lord of the Rings)."""

    NAME = NAME

    def new_state(self) -> MechanicState | None:
        return RingState()

    def setup(self, game: Game) -> None:
        """The highest first roll takes the Ring; the tracker stands on Start."""
        rs = state_of(game.st)
        first = game.st.first_player
        rs.bearer = first
        rs.space = -1
        rs.circle = 0
        game.emit(Event("ring_taken", player=first, text="first_roll"))

    def before_roll(self, game: Game, player: int) -> bool:
        """The bearer's turn starts: the tracker moves one circle on; past the last circle the
        end of the track is reached, and the game ends."""
        st, spec = game.st, game.spec
        rs = state_of(st)
        if rs.bearer != player:
            return False
        rs.circle += 1
        rs.tally.bearer_turns += 1
        rs.tally.best_circle = max(rs.tally.best_circle, rs.circle)
        r = rules(spec)
        at_end = rs.circle >= len(r.track)
        game.emit(Event("ring_tracker", player=rs.bearer, amount=rs.circle,
                        text="end" if at_end else "advanced"))
        if not at_end:
            return False
        game.bank_pays(rs.bearer, r.end_reward)
        game.emit(Event("ring_reward", player=rs.bearer, amount=r.end_reward))
        for e in end_payouts(game):
            game.bank_pays(e.player, e.amount)
            game.emit(e)
        ranking = ranking_by_cash(spec, st)
        game.finish(ranking[0], r.end_reason, ranking, RANKED_BY_CASH)
        return True

    def rolled(self, game: Game, player: int, faces: tuple[int, ...]) -> None:
        if bears(game.st, player) and eye_rolled(game.spec, faces):
            game.push(RingEyeFrame())

    def spares_jail(self, game: Game, player: int, why: str) -> bool:
        """The bearer does not go to jail for doubles (the move is made, and the turn ends
        after it), and stays on Go to Jail (the turn ends)."""
        st = game.st
        if not bears(st, player):
            return False
        if why == "space":
            game.emit(Event("ring_spared", player=player, space=st.players[player].position,
                            text="go_to_jail"))
            if player == st.current:
                st.again = False
        else:
            game.emit(Event("ring_spared", player=player, text=why))
        return True

    def step(self, game: Game, player: int, space: int, left: int) -> None:
        """A Ring lying here alone is taken; then the players to ask about: offer to each of
        them when the mover bears the Ring, battle the bearer when the bearer stands here."""
        st = game.st
        rs = state_of(st)
        if rs.bearer < 0 and rs.space == space:
            game.emit_all(take(game, player, "found"))
        others = others_on(st, player, space)
        if rs.bearer == player:
            meet = others
        elif rs.bearer in others:
            meet = [rs.bearer]
        else:
            return
        if meet:
            game.push(RingMeetingFrame(meet))
            if not game.quiet:  # who is met, for the log: "Ann reached X on the way, with ..."
                game.emit(Event("ring_met", player=player, space=space, other=rs.bearer,
                                text=",".join(str(q) for q in meet)))

    def landed(self, game: Game, player: int, space: int) -> None:
        """A move that was not walked (a card's jump) ends on the Ring lying alone: taken."""
        rs = state_of(game.st)
        if rs.space == space and rs.bearer < 0:
            game.emit_all(take(game, player, "found"))

    def waives(self, game: Game, kind: str, payer: int, payee: int, deed: int,
               space: int) -> bool:
        """The bearer pays no rent and no tax space. A rent a Quest card names ('pay its
        owner twice the rent', kind ``card_rent``) is the card telling the bearer to pay: it
        is not waived ("if a card tells you to pay money ... you must do so")."""
        if kind not in ("rent", "tax") or not bears(game.st, payer):
            return False
        if kind == "rent":
            game.emit(Event("ring_spared", player=payer, other=payee, deed=deed, text="rent"))
        else:
            game.emit(Event("ring_spared", player=payer, space=space, text=kind))
        return True

    def adjusts(self, game: Game, kind: str, payer: int, payee: int, deed: int,
                amount: int) -> int:
        """A bearer on a double-rent circle charges twice the rent."""
        if kind != "rent":
            return amount
        factor = rent_factor(game.spec, game.st, payee)
        if factor > 1:
            amount *= factor
            game.emit(Event("ring_double_rent", player=payer, other=payee, deed=deed,
                            amount=amount))
        return amount

    def salary(self, game: Game, player: int, amount: int) -> int:
        """On a marked circle the bearer's GO salary is higher."""
        if bears(game.st, player):
            c = circle(game.spec, game.st)
            if c.go_salary:
                return c.go_salary
        return amount

    def jailed(self, game: Game, player: int) -> None:
        """A card sends the bearer to jail: the Ring drops on the card's space."""
        if bears(game.st, player):
            game.emit_all(drop(game, game.st.players[player].position, "jail"))

    def leaves(self, game: Game, player: int) -> None:
        """A bankrupt bearer drops the Ring where they stand."""
        if bears(game.st, player):
            game.emit_all(drop(game, game.st.players[player].position, "bankrupt"))

    def action_words(self, words: Words, action: Action) -> str | None:
        """The choices on meeting a player on the way (``target``): offer them the Ring,
        battle them for it, or pass them by."""
        if action.kind not in (A.A_OFFER_RING, A.A_BATTLE, A.A_PASS_BY):
            return None
        ring = ring_of(words.spec)
        word = ring.ring if ring is not None else "it"
        other = words.who(action.target)
        if action.kind == A.A_OFFER_RING:
            return f"offer {word} to {other}"
        if action.kind == A.A_BATTLE:
            battle = ring.battle if ring is not None else "battle"
            return f"{battle} {other} for {word}"
        return f"pass {other} by"

    def describe(self, words: Words, event: Event) -> str | None:
        from monopoly_tui.engine.mechanics.ring_words import RING_DESCRIBERS

        fn = RING_DESCRIBERS.get(event.kind)
        return fn(words, event) if fn is not None else None

    def arrival_words(self, words: Words, event: Event) -> str | None:
        """The Ring found lying on the space the walk stops on: "Ann moved to X, found the
        Ring lying there and took it"; the players met there, whom the mover is asked about
        ("Ann reached X on the way, with Bob there bearing the Ring")."""
        if event.kind == "ring_taken" and event.text == "found":
            return f"found {rules(words.spec).ring} lying there and took it"
        if event.kind == "ring_met":
            from monopoly_tui.engine.mechanics.ring_words import met_words

            return met_words(words, event)
        return None

    def event_kinds(self) -> frozenset[str]:
        from monopoly_tui.engine.mechanics.ring_words import RING_DESCRIBERS

        return frozenset(RING_DESCRIBERS)

    def reason_words(self, words: Words, reason: str, target: int) -> str | None:
        r = rules(words.spec)
        return f"{r.eye} rolled by the {r.bearer}" if reason == "ring_penalty" else None

    def end_words(self, words: Words, reason: str) -> str | None:
        r = rules(words.spec)
        if reason == r.end_reason:
            # "Now count up your money. The player with the most wins!"
            return f"the player with the most money when {r.ring} reached {r.end}"
        return None

    def check(self, spec: Spec, st: GameState) -> list[str]:
        """Who bears the Ring, or where it lies, and who is still to meet."""
        problems: list[str] = []
        rs = ring_state(st)
        if rs is None:
            return ["mech: the Ring's state is missing"]
        n = len(st.players)
        if rs.bearer != -1 and not (0 <= rs.bearer < n and (
                st.over or not st.players[rs.bearer].bankrupt)):
            problems.append(f"mech.ring.bearer: {rs.bearer} is not a player in the game")
        if rs.space != -1 and not 0 <= rs.space < spec.size:
            problems.append(f"mech.ring.space: {rs.space} is not a space of the board")
        if rs.bearer != -1 and rs.space != -1:
            problems.append(f"mech.ring.space: the Ring lies on space {rs.space} but "
                            f"{st.players[rs.bearer].name} bears it")
        if not 0 <= rs.circle <= len(rules(spec).track):
            problems.append(f"mech.ring.circle: {rs.circle} is not a circle of the track")
        for f in st.frames:
            if isinstance(f, RingMeetingFrame) and not all(0 <= q < n for q in f.meet):
                problems.append(f"frames: a Ring meeting with {f.meet}, not players")
        return problems


# Registered here, not by decorators: mypyc compiles only undecorated classes natively.
mechanic_config(RingSpec, NAME)
mechanic_state(RingState, NAME)
frame_type(RingMeetingFrame, "ring_meeting")
frame_type(RingEyeFrame, "ring_eye")
register(Ring)
