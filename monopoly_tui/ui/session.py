"""A game at the table: the engine's ``Game`` plus who sits in each seat (human or computer),
the computers' pace, the log and a few running statistics.

No Textual here: the screens drive a ``Session``, and tests and benchmarks can too. The session
decides nothing about the rules: it asks the engine what is pending, asks a bot for a computer
seat's choice, plays choices and turns events into log lines with ``describe``.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Protocol

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.describe import describe_told
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.undo import undo_player, undo_problem
from monopoly_tui.stats import rent_reasons

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec

PACES: dict[str, float] = {"instant": 0.0, "normal": 0.6, "slow": 1.5}
"""Seconds a computer seat waits before each choice."""

MANAGE_KINDS = frozenset(
    {A.A_BUILD, A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE, A.A_UNMORTGAGE, A.A_COLLECT_RENT,
     A.A_MOVE_BUILDING}
)
"""At-any-time choices the property manager offers."""


class Chooser(Protocol):
    def choose(self, game: Game, player: int) -> Action: ...


@dataclass(slots=True)
class Seat:
    name: str
    token: str
    human: bool = True
    bot: str = "basic"
    """The bot that plays a computer seat (``monopoly_tui.bots.BOTS``): ``basic`` or
    ``expert``."""


ACQUIRED = frozenset({"bought", "won_auction"})
"""The core's events by which a player takes a deed from the bank."""


@dataclass(slots=True)
class Stats:
    """Running totals per player, from the events."""

    rent_paid: list[int]
    rent_received: list[int]
    bought: list[int]
    built: list[int]
    passed_go: list[int]
    jailed: list[int]

    @classmethod
    def for_players(cls, n: int) -> Stats:
        return cls(*([0] * n for _ in range(6)))

    def copy(self) -> Stats:
        return Stats(*(list(getattr(self, f.name)) for f in fields(self)))

    def add(self, e: Event, rent: Collection[str] = ("rent",),
            acquired: Collection[str] = ACQUIRED) -> None:
        """Count one event; ``rent``: the payments' reasons that are an owner's income from a
        landing (rent, and the mechanics' own, as a D&D location's tax); ``acquired``: the
        events by which a player takes a deed from the bank (bought, won at auction, and the
        mechanics' own, as a D&D location secured), counted in ``bought``."""
        p = e.player
        if p < 0:
            return
        if e.kind == "paid" and e.text in rent:
            self.rent_paid[p] += e.amount
            if e.other >= 0:
                self.rent_received[e.other] += e.amount
        elif e.kind in acquired and e.deed >= 0:
            self.bought[p] += 1
        elif e.kind == "built":
            self.built[p] += 1
        elif e.kind == "salary":
            self.passed_go[p] += 1
        elif e.kind == "jailed":
            self.jailed[p] += 1


class FirstLegalBot:
    """Stand-in for a computer seat when ``monopoly_tui.bots`` offers no ``make_bot``: it takes
    a plain, always-progressing choice from what the engine offers (buy when it can, one opening
    bid, pay or raise cash, turn trades down, end the turn)."""

    name = "plain"

    def choose(self, game: Game, player: int) -> Action:
        pend = game.pending
        kinds = {c.kind: c for c in pend.choices}
        if pend.kind == A.AUCTION:
            if pend.context.get("high_bidder", -1) < 0 and A.A_BID in kinds:
                return kinds[A.A_BID]
            return kinds[A.A_DROP]
        if pend.kind == A.TRADE:
            return kinds[A.A_REJECT]
        if pend.kind == A.DEBT and not pend.choices:
            for act in game.legal_actions(player):
                if act.kind in (A.A_SELL_ALL, A.A_SELL_BUILDING, A.A_MORTGAGE):
                    return act
        if pend.kind == A.JAIL and A.A_ROLL in kinds:
            return kinds[A.A_ROLL]
        if not pend.choices:
            raise IllegalAction(Action(pend.kind, player), "no legal choice")
        return pend.choices[0]


def make_computer(seed: int, name: str = "basic") -> Chooser:
    """The named bot from ``monopoly_tui.bots`` (the basic one for a name it does not know)
    when it is there, else ``FirstLegalBot``."""
    try:
        from monopoly_tui.bots import BOTS, make_bot
    except ImportError:
        return FirstLegalBot()
    bot: Chooser = make_bot(name if name in BOTS else "basic", seed)
    return bot


TOLD_KEPT = 4000
"""How many of the latest log lines the session keeps with their events (``Session.told``):
many rounds of four players; the oldest are let go (the log keeps every line)."""

Told = tuple[str, tuple[Event, ...]]
"""A log line and the events it tells (``describe.describe_told``)."""


@dataclass(slots=True)
class _Before:
    stats: Stats | None
    seen: tuple[tuple[int, ...], int, tuple[int, int, int], list[Event]]
    lines: list[str]
    told: int
    """How many lines had been told with their events before the decision (``Session.told``,
    counting those let go)."""


def clock_words(at: float) -> str:
    """An agreed hour as the table's clock shows it: '21:30' (a time no clock can show, from a
    save edited by hand, reads as the Unix time it is)."""
    try:
        return time.strftime("%H:%M", time.localtime(at))
    except (OverflowError, OSError, ValueError):
        return f"the Unix time {int(at)}"


def player_name(game: Game, p: int) -> str:
    players = game.st.players
    return players[p].name if 0 <= p < len(players) else f"player {p}"


@dataclass
class Session:
    """One game being played at this table."""

    game: Game
    seats: list[Seat]
    edition: str
    pace: str = "normal"
    log: list[str] = field(default_factory=list)
    stats: Stats | None = None
    bots: dict[int, Chooser] = field(default_factory=dict)
    last_dice: tuple[int, ...] = ()
    last_roller: int = -1
    last_card: tuple[int, int, int] = (-1, -1, -1)
    """(player, deck, card) of the card drawn on this turn; cleared when another player
    rolls (the centre showed a card drawn turns ago)."""
    since_roll: list[Event] = field(default_factory=list)
    """The events since the last roll to move (cleared by the next roll): what a mechanic's
    screens show in place of the dice (``ui.mechanics``: its own dice rolled since)."""
    save_meta: Any = None
    """The saves package's metadata for this game, once it has been saved."""
    load_warnings: list[str] = field(default_factory=list)
    """What loading this game's save said the player must know (it goes on as a new game)."""
    _rent_reasons: frozenset[str] | None = field(default=None, repr=False)
    """The payments' reasons counted as rent in the statistics (``Stats.add``)."""
    _acquired: frozenset[str] | None = field(default=None, repr=False)
    """The events counted as a deed bought in the statistics (``Stats.add``)."""
    _before: dict[int, _Before] = field(default_factory=dict, repr=False)
    told: list[Told] = field(default_factory=list, repr=False)
    """The latest log lines, each with the events it tells (at most ``TOLD_KEPT``; a resumed
    game has those of the decisions its log tells again): what ``ui.news`` reads to tell a
    human what happened since their last turn. A decision taken back takes its lines out."""
    told_dropped: int = field(default=0, repr=False)
    """How many of the oldest lines of ``told`` were let go."""
    """Per decision that may still be taken back (by the decisions count before it): the
    table's own record of the moment before it (statistics, last dice and card, log lines)."""

    def __post_init__(self) -> None:
        self.game.keep_undo()
        if self.stats is None:
            self.stats = Stats.for_players(len(self.seats))
        seed = int(self.game.options.get("seed", 0) or 0)  # type: ignore[call-overload]
        for i, seat in enumerate(self.seats):
            if not seat.human and i not in self.bots:
                self.bots[i] = make_computer(seed * 31 + i, seat.bot)

    # ---------------------------------------------------------------- building

    @classmethod
    def new(
        cls,
        edition: str,
        seats: Sequence[Seat],
        seed: int = 0,
        variant: str | None = None,
        house_rules: dict[str, int | bool] | None = None,
        pace: str = "normal",
        spec: Spec | None = None,
        setup: dict[str, dict[str, object]] | None = None,
    ) -> Session:
        """A new game of an edition: the engine sets it up (deals, who goes first). ``setup``:
        the choices the edition's mechanics offered on the setup screen, by mechanic
        (``ui.mechanics``' ``setup_choices``), handed to ``Game.new`` as its ``setup`` (only
        when there are any: the engine takes them once a mechanic asks for them)."""
        if spec is None:
            from monopoly_tui.rules import load_spec

            spec = load_spec(edition)
        extra: dict[str, Any] = {"setup": setup} if setup else {}
        game = Game.new(
            spec,
            [(s.name, s.token) for s in seats],
            seed=seed,
            variant=variant,
            house_rules=house_rules,
            **extra,
        )
        session = cls(game=game, seats=list(seats), edition=edition, pace=pace)
        session.record(game.last_events)
        return session

    # ---------------------------------------------------------------- reading

    @property
    def spec(self) -> Spec:
        return self.game.spec

    @property
    def pending(self) -> A.Pending:
        return self.game.pending

    def is_human(self, player: int) -> bool:
        return 0 <= player < len(self.seats) and self.seats[player].human

    @property
    def humans(self) -> list[int]:
        """Human seats still in the game."""
        st = self.game.st
        return [i for i, s in enumerate(self.seats) if s.human and not st.players[i].bankrupt]

    def manage_players(self) -> list[int]:
        """Human players who may build, sell or mortgage now (the engine offers them one of
        the property manager's choices)."""
        game = self.game
        return [p for p in self.humans
                if any(a.kind in MANAGE_KINDS for a in game.legal_actions(p))]

    def trade_players(self) -> list[int]:
        """Human players who may propose a trade now (the engine says who: ``traders``)."""
        return [p for p in self.game.traders() if self.is_human(p)]

    @property
    def delay(self) -> float:
        return PACES.get(self.pace, 0.6)

    # ---------------------------------------------------------------- playing

    def play(self, action: Action) -> list[Event]:
        """Play one choice (``IllegalAction`` propagates, the game unchanged) and log it."""
        game = self.game
        at = game.st.decisions
        stats = self.stats.copy() if self.stats is not None else None
        seen = (self.last_dice, self.last_roller, self.last_card, list(self.since_roll))
        told = self.told_dropped + len(self.told)
        events = list(game.act(action))
        lines = self.record(events)
        if game.can_undo():
            self._before[at] = _Before(stats, seen, lines, told)
        else:
            self._before.clear()
        return events

    def computer_claims(self) -> list[Event]:
        """Rent a computer owner may ask for (editions where the owner must ask): a computer
        asks at once, as every bot does in ``simulate``; only while the engine allows the
        claim (``legal_actions``)."""
        out: list[Event] = []
        for _ in range(len(self.game.st.claims)):
            claim = next((a for c in self.game.st.claims if not self.is_human(c.owner)
                          for a in self.game.legal_actions(c.owner)
                          if a.kind == A.A_COLLECT_RENT), None)
            if claim is None:
                break
            out.extend(self.play(claim))
        return out

    def can_undo(self) -> bool:
        """Whether the last decision can be taken back now: the engine's rule allows it
        (``engine.undo``) and a human made it (a computer's choice is not a slip)."""
        game = self.game
        return game.can_undo() and self.is_human(undo_player(game))

    def undo_problem(self) -> str:
        """Why nothing can be taken back now ('' when it can)."""
        game = self.game
        why = undo_problem(game)
        if not why and not self.is_human(undo_player(game)):
            why = "the last decision was a computer's"
        return why

    def undo(self) -> str:
        """Take back the last decision (``can_undo`` first); the log line saying what was
        taken back, in the words the log used for it."""
        game = self.game
        kept = game.undo()
        before = self._before.pop(game.st.decisions, None)
        for k in [k for k in self._before if k > game.st.decisions]:
            del self._before[k]
        who = player_name(game, kept.action.player)
        if before is not None:
            self.stats = before.stats
            self.last_dice, self.last_roller, self.last_card, self.since_roll = before.seen
            del self.told[max(0, before.told - self.told_dropped):]
            what = "; ".join(before.lines)  # each line a clause of its own
        else:
            what = ""
        line = f"↶ {who} takes back: {what or kept.action.kind.replace('_', ' ')}"
        self.log.append(line)
        return line

    @property
    def end_at(self) -> int:
        """The hour the players agreed to end at (a Unix time; the house rule 'End at a clock
        time'), or 0."""
        rules: Any = self.game.options.get("house_rules") or {}
        value = rules.get("end_at")
        return int(value) if isinstance(value, int) and not isinstance(value, bool) else 0

    def time_call(self, now: float) -> Action | None:
        """Calling time, when the agreed hour has come by the wall clock ``now`` and a turn is
        about to begin (the rules allow the call only between turns); else None. The engine
        never reads a clock: the table passes the time in as this choice."""
        game = self.game
        st = game.st
        if not self.end_at or now < self.end_at or game.over or st.frames \
                or st.stage != "pre_roll":
            return None
        return Action(A.A_CALL_TIME, st.current)

    def bot_choice(self, player: int) -> Action:
        bot = self.bots.get(player)
        if bot is None:
            name = self.seats[player].bot if 0 <= player < len(self.seats) else "basic"
            bot = self.bots[player] = make_computer(player, name)
        return bot.choose(self.game, player)

    def record(self, events: Sequence[Event]) -> list[str]:
        """Log the events and keep the running statistics; the new log lines."""
        return self.absorb(events, self.game)

    def absorb(self, events: Sequence[Event], told: Game | None) -> list[str]:
        """Keep the running statistics and the last dice and card from the events; with a
        game ``told`` (the game they happened in, as it is just after them), also log them in
        its words (read together: a pair of events may make one line). The new log lines."""
        stats = self.stats
        rent = self._rent_reasons
        if rent is None:
            rent = self._rent_reasons = rent_reasons(self.game)
        acquired = self._acquired
        if acquired is None:
            acquired = self._acquired = ACQUIRED.union(
                *(m.acquisitions(self.spec) for m in self.game.mechanics))
        for e in events:
            if stats is not None:
                stats.add(e, rent, acquired)
            if e.kind == "rolled":
                self.last_dice = e.dice
                self.last_roller = e.player
                self.since_roll = []
                if e.player != self.last_card[0]:
                    self.last_card = (-1, -1, -1)
                continue
            self.since_roll.append(e)
            if e.kind == "card":
                self.last_card = (e.player, e.card[0], e.card[1])
        if told is None:
            return []
        said = describe_told(events, told)
        lines = [line for line, _ in said]
        self.log.extend(lines)
        self.told.extend(said)
        if len(self.told) > TOLD_KEPT:
            drop = len(self.told) - TOLD_KEPT // 2  # let go of many at once, now and then
            del self.told[:drop]
            self.told_dropped += drop
        return lines

    def options_summary(self) -> list[str]:
        """The variant and house rules this game was set up with, in the edition's words."""
        from monopoly_tui.engine.game import HOUSE_RULES
        from monopoly_tui.engine.house_rules import house_rule_words

        out = []
        opts: dict[str, Any] = self.game.options
        variant = opts.get("variant")
        if variant:
            try:
                out.append(self.spec.variant(variant).name)
            except KeyError:
                out.append(str(variant))
        for key, value in (opts.get("house_rules") or {}).items():
            if value and key in HOUSE_RULES:
                name = house_rule_words(self.spec, key)[0]
                if key == "turn_limit":
                    rounds = value if value is not True else 30
                    name = f"{name} ({rounds} rounds)"
                elif key == "end_at" and self.end_at:
                    name = f"{name} ({clock_words(self.end_at)})"
                out.append(name)
        return out
