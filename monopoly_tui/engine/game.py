"""The turn state machine: a game always waits for exactly one decision, or is over.

``Game.pending`` says who must decide what, with the legal choices; ``Game.act(action)`` checks
the choice (an illegal one raises ``IllegalAction`` and changes nothing), plays it and every
automatic step after it, and returns the events that happened on the way.

The decisions under way are an explicit stack of frames (``engine.frame``): the one on top
decides next, and when the stack is empty the turn's own decision (roll, jail, end the turn)
does. So the state alone says where the game is, and a saved game resumes at the same decision.

This is the core: movement, money, the turn and its end. Spaces and cards act through their
registries (``engine.spaces``, ``engine.cards``), the at-any-time choices live in
``engine.anytime``, and an edition's own rules in its mechanics (``engine.mechanics``), which
the core calls at the rule points their base class lists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine import spaces
from monopoly_tui.engine import undo as U
from monopoly_tui.engine.actions import Action, Event, IllegalAction, Pending
from monopoly_tui.engine.anytime import ANYTIME, anytime_actions, trade_problem
from monopoly_tui.engine.bankruptcy import go_bankrupt
from monopoly_tui.engine.dice import DiceSource, shuffle
from monopoly_tui.engine.endings import Ending, endings_for
from monopoly_tui.engine.frame import Frame
from monopoly_tui.engine.frames import AuctionFrame, DebtsFrame, WalkFrame
from monopoly_tui.engine.house_rules import HOUSE_RULES, house_rule_overrides
from monopoly_tui.engine.jail import JAIL_CHOICES, jail_choices
from monopoly_tui.engine.mechanics import Mechanic, mechanics_for, overrides, shape_for
from monopoly_tui.engine.preview import Preview, preview
from monopoly_tui.engine.setup import choose_first_player, deal_deeds, set_first_player
from monopoly_tui.engine.spec import Spec, jails_ahead
from monopoly_tui.engine.state import (
    OUT,
    RANKED_BY_LASTING,
    RANKED_BY_WORTH,
    Debt,
    GameState,
    Player,
    TradeOffer,
    about,
    close_decisions,
    copy_state,
    live_claims,
    payment_about,
)

F = TypeVar("F", bound=Frame)

class Game:
    """One game of an edition, from setup to the winner."""

    __slots__ = ("_events", "_faces", "_jail_ahead", "_land_at", "_random", "_rng",
                 "dice_source", "enders", "endings", "history", "mechanics", "on_adjusts",
                 "on_before_roll", "on_jailed", "on_landed", "on_leaves", "on_rolled",
                 "on_salary", "on_spares_jail", "on_step", "on_waives", "options", "quiet",
                 "spec", "st", "undo_log")

    def __init__(self, spec: Spec, state: GameState, options: dict[str, object] | None = None,
                 like: Game | None = None):
        self.st = state
        self.options: dict[str, object] = options or {}
        """How the game was set up: seed, variant, house rules, players."""
        self.history: list[Action] = []
        """Every choice taken, in order: replaying them on a new game gives this game."""
        self._events: list[Event] = []
        self.quiet = False
        """Keep no events (``last_events`` stays empty): for games nobody watches, a
        simulation's, whose events no one reads (the rules never read them)."""
        self.undo_log: U.UndoLog | None = None
        """What may be taken back (``engine.undo``), when the game keeps it (``keep_undo``)."""
        self.dice_source: DiceSource | None = None
        """Where the dice's faces come from instead of the game's generator (a test's)."""
        self.spec = spec
        """The edition, with the chosen variant's and house rules' switches applied. (A
        mechanic reads its numbers from here at each call, so a test may change them.)"""
        if like is not None and like.spec is spec:
            self._share(like)
        else:
            self._bind(spec)

    def _bind(self, spec: Spec) -> None:
        """Make the edition's mechanics and end conditions, and list which mechanics listen to
        each hook (the core asks only those)."""
        self.mechanics: list[Mechanic] = mechanics_for(spec)
        self.endings: list[Ending] = endings_for(spec)
        self.enders = [e for e in self.endings if e.asks_after_decision()]
        ms = self.mechanics
        self.on_before_roll = [m for m in ms if overrides(m, "before_roll")]
        self.on_rolled = [m for m in ms if overrides(m, "rolled")]
        self.on_spares_jail = [m for m in ms if overrides(m, "spares_jail")]
        self.on_step = [m for m in ms if overrides(m, "step")]
        self.on_landed = [m for m in ms if overrides(m, "landed")]
        self.on_waives = [m for m in ms if overrides(m, "waives")]
        self.on_adjusts = [m for m in ms if overrides(m, "adjusts")]
        self.on_salary = [m for m in ms if overrides(m, "salary")]
        self.on_jailed = [m for m in ms if overrides(m, "jailed")]
        self.on_leaves = [m for m in ms if overrides(m, "leaves")]
        handlers = [spaces.SPACE_KINDS.get(sp.kind, spaces.nothing) for sp in spec.spaces]
        self._land_at = [None if h is spaces.land_on_property else h for h in handlers]
        self._jail_ahead = jails_ahead(spec)
        self._faces = len(spec.dice.values)
        self._rng, self._random = self.st.rng, self.st.rng.random  # (its random(), looked up)

    def _share(self, like: Game) -> None:
        """Take the mechanics, end conditions and lookups ``_bind`` made for ``like``, a game
        of the same spec (a copy's: they hold the spec's numbers, never a game's state)."""
        self.mechanics = like.mechanics
        self.endings = like.endings
        self.enders = like.enders
        self.on_before_roll = like.on_before_roll
        self.on_rolled = like.on_rolled
        self.on_spares_jail = like.on_spares_jail
        self.on_step = like.on_step
        self.on_landed = like.on_landed
        self.on_waives = like.on_waives
        self.on_adjusts = like.on_adjusts
        self.on_salary = like.on_salary
        self.on_jailed = like.on_jailed
        self.on_leaves = like.on_leaves
        self._land_at = like._land_at
        self._jail_ahead = like._jail_ahead
        self._faces = like._faces
        self._rng, self._random = self.st.rng, self.st.rng.random

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        spec: Spec,
        players: Sequence[tuple[str, str]],
        seed: int = 0,
        variant: str | None = None,
        house_rules: dict[str, int | bool] | None = None,
        dice: DiceSource | None = None,
        setup: dict[str, object] | None = None,
        first_player: int | None = None,
        deal: bool = True,
    ) -> Game:
        """A new game: players are (name, token) pairs in seat order. ``dice`` gives the
        dice's faces instead of the generator from the first roll on (a test's script; the
        roll for the first player included, unless ``first_player`` is given).
        ``setup``: the mechanics' setup choices by name (the Dungeon Master cards), which
        derive the game's board from the edition. ``first_player``: the seat who starts,
        without the edition's roll or coin flips for it (a test's position; the mechanics'
        setup follows the seat given). ``deal``: whether a short game deals its deeds (a test that
        sets the deeds itself says no)."""
        overrides_: dict[str, object] = {}
        if variant:
            overrides_.update(spec.variant(variant).overrides)
        if house_rules:
            overrides_.update(house_rule_overrides(spec, house_rules))
        if overrides_:
            spec = spec.with_rules(spec.rules.with_overrides(overrides_))
        if setup:
            spec = shape_for(spec, setup)
        n = len(players)
        if not spec.players_min <= n <= spec.players_max:
            raise ValueError(
                f"{spec.name} is for {spec.players_min} to {spec.players_max} players, not {n}"
            )
        tokens = [t for _, t in players]
        if len(set(tokens)) != n:
            raise ValueError("each player needs a different token")
        rng = random.Random(seed)
        st = GameState(
            players=[Player(name, token, spec.starting_money) for name, token in players],
            owner=[-1] * len(spec.deeds),
            buildings=[0] * len(spec.deeds),
            mortgaged=[False] * len(spec.deeds),
            bank_houses=spec.rules.building_supply_houses,
            bank_hotels=spec.rules.building_supply_hotels,
            decks=[],
            rng=rng,
            landings=[0] * spec.size,
            placed=[0] * spec.size,
        )
        for deck in spec.decks:
            order = list(range(len(deck.cards)))
            shuffle(rng, order)
            st.decks.append(order)
        st.starting_total = spec.starting_money * n
        options: dict[str, object] = {"seed": seed, "variant": variant,
                                      "house_rules": dict(house_rules or {}),
                                      "players": [list(p) for p in players]}
        if setup:
            options["setup"] = dict(setup)
        game = cls(spec, st, options)
        game.dice_source = dice
        for m in game.mechanics:
            state = m.new_state()
            if state is not None:
                st.mech[m.NAME] = state
        if spec.rules.free_parking_jackpot and spec.rules.free_parking_seed:
            game.bank_to_pot(spec.rules.free_parking_seed)
        if deal:
            deal_deeds(game)
        if first_player is None:
            choose_first_player(game)
        else:
            set_first_player(game, first_player)
        for m in game.mechanics:
            m.setup(game)
        game._next()
        return game

    # ------------------------------------------------------------------ public face

    def copy(self) -> Game:
        """An independent copy of the game, its history, random generator and dice source
        (a script's faces still to come) included: a computer player can play ahead on it,
        and a trial roll the same dice, without touching this game."""
        game = Game(self.spec, copy_state(self.st), dict(self.options), self)
        game.history = list(self.history)
        src = self.dice_source
        game.dice_source = None if src is None else src.copy()
        return game

    @property
    def last_events(self) -> list[Event]:
        """What the last choice (or the setup) made happen."""
        return self._events

    @property
    def over(self) -> bool:
        return self.st.over

    @property
    def phase(self) -> str:
        """The kind of decision the game waits for."""
        return self.waiting_for[0]

    @property
    def frame(self) -> Frame | None:
        """The decision frame on top (None when the turn's own decision waits)."""
        frames = self.st.frames
        return frames[-1] if frames else None

    @property
    def waiting_for(self) -> tuple[str, int]:
        """(decision kind, player) the game waits for: ``pending`` without building the
        choices and context, for bots and simulations that ask it at every decision."""
        st = self.st
        if st.over:
            return A.GAME_OVER, -1
        frames = st.frames
        if frames:
            f = frames[-1]
            return f.kind(), f.decider(self)
        p = st.current
        # the turn's own decision: roll (or the jail's choice) before the move, then roll
        # again after doubles, or end the turn
        if st.stage == "pre_roll":
            return (A.JAIL if st.players[p].in_jail else A.ROLL), p
        if st.again and not st.players[p].in_jail:
            return A.ROLL, p
        return A.END_TURN, p

    @property
    def pending(self) -> Pending:
        """The decision the game waits for, with its main choices and the context to show it.

        Choices open at any time (build, sell, mortgage, trade) are in ``legal_actions``.
        """
        st = self.st
        if st.over:
            return Pending(A.GAME_OVER, -1, ())
        if st.frames:
            f = st.frames[-1]
            return Pending(f.kind(), f.decider(self), tuple(f.choices(self)), f.context(self))
        kind, p = self.waiting_for
        if kind != A.JAIL:
            return Pending(kind, p, (Action(A.A_END_TURN if kind == A.END_TURN else A.A_ROLL, p),))
        return Pending(kind, p, tuple(jail_choices(self, p)),
                       {"tries": st.players[p].jail_turns, "fine": self.spec.rules.jail_fine})

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal choice now: the pending decision's, and (for ``player``, by default the
        one deciding) what may be done at any time: build, sell, mortgage, lift a mortgage,
        collect rent that is owed. Trades are proposed with ``Action(propose_trade, ...)``."""
        pend = self.pending
        who = pend.player if player is None else player
        return (list(pend.choices) if who == pend.player else []) + anytime_actions(self, who)

    def anytime_problem(self, player: int, kind: str) -> str:
        """Why a player may not make an at-any-time choice now, or '': any time between rolls;
        while a decision waits, only what that decision allows (raising cash to pay or buy)."""
        st = self.st
        if st.over:
            return "the game is over"
        if not 0 <= player < len(st.players) or st.players[player].bankrupt:
            return "no such player in the game"
        ok = not st.frames or st.frames[-1].anytime(self, player, kind)
        return "" if ok else "not now: finish the current decision first"

    def may_trade(self, player: int) -> bool:
        """Whether ``player`` may propose a trade now."""
        return self.anytime_problem(player, A.A_PROPOSE) == ""

    def traders(self) -> list[int]:
        """The players who may propose a trade now."""
        return [p for p in range(len(self.st.players)) if self.may_trade(p)]

    def preview(self, action: Action) -> Preview:
        """What ``action`` would do now (``engine.preview``): raises ``IllegalAction``."""
        return preview(self, action)

    def act(self, action: Action) -> list[Event]:
        """Play one choice; return what happened. An illegal choice raises ``IllegalAction``
        and leaves the game as it was."""
        st = self.st
        if st.over:
            raise A.GameOverError(action, "the game is over")
        if not self.quiet:
            self._events = []
        log = self.undo_log
        before = log.before(self) if log is not None else None
        kind = action.kind
        if kind in A.ANYTIME:
            why = self.anytime_problem(action.player, kind)
            if why:
                raise IllegalAction(action, why)
            ANYTIME[kind](self, action)
        elif st.frames:
            f = st.frames[-1]
            who = f.decider(self)
            if action.player != who:
                raise IllegalAction(action, f"it is player {who}'s decision ({f.kind()})")
            f.apply(self, action)
        else:
            who = st.current
            jailed = st.players[who].in_jail
            # the turn's own decision (as waiting_for says, inline: every turn asks it)
            if st.stage == "pre_roll":
                phase = A.JAIL if jailed else A.ROLL
            else:
                phase = A.ROLL if st.again and not jailed else A.END_TURN
            if action.player != who:
                raise IllegalAction(action, f"it is player {who}'s decision ({phase})")
            if kind == A.A_ROLL and phase == A.ROLL:
                self._roll(action)
            elif kind == A.A_END_TURN and phase == A.END_TURN:
                self._advance_turn()
            elif phase == A.JAIL and kind in JAIL_CHOICES:
                JAIL_CHOICES[kind](self, action)
            else:
                raise IllegalAction(action, f"'{kind}' is not a choice now ({phase})")
        self.history.append(action)
        st.decisions += 1
        if st.frames or st.players[st.current].status == OUT:  # else _next would return at once
            self._next()
        if self.enders and not st.over:
            any(e.after_decision(self) for e in self.enders)
        if log is not None and before is not None:
            log.after(self, before, action)
        return self._events

    def keep_undo(self) -> None:
        """Keep, from now on, what is needed to take decisions back (``engine.undo``)."""
        if self.undo_log is None:
            self.undo_log = U.UndoLog()

    def can_undo(self) -> bool:
        """Whether the last decision can be taken back (the rule: ``engine.undo``)."""
        return U.can_undo(self)

    def undo(self) -> U.Kept:
        """Take back the last decision: the game exactly as before it (``engine.undo``)."""
        self._events = []
        return U.undo(self)

    def trade_problem(self, offer: TradeOffer) -> str:
        """Why a trade cannot be made, or '' (``engine.anytime.trade_problem``)."""
        return trade_problem(self, offer)

    def min_bid(self) -> int:
        """The lowest bid the auction under way takes (0 when none is)."""
        a = self.find(AuctionFrame)
        return a.min_bid(self) if a is not None else 0

    def max_bid(self, p: int) -> int:
        """Nobody can bid more than they could raise."""
        return self.st.players[p].cash + P.raisable(self.spec, self.st, p)

    # ------------------------------------------------------------------ frames

    def push(self, frame: Frame) -> None:
        """Put a frame on the stack: above every frame of a lower or equal rank, below those
        of a higher one (``engine.frame``)."""
        frames = self.st.frames
        i = len(frames)
        rank = frame.rank()
        while i and rank < frames[i - 1].rank():
            i -= 1
        frames.insert(i, frame)

    def pop(self, frame: Frame) -> None:
        """Take a frame off the stack (it is done)."""
        frames = self.st.frames
        if frames and frames[-1] is frame:
            frames.pop()
        else:
            frames.remove(frame)

    def find(self, cls: type[F]) -> F | None:
        """The topmost frame of a class, or None."""
        for f in reversed(self.st.frames):
            if isinstance(f, cls):
                return f
        return None

    def remove(self, cls: type[Frame]) -> None:
        """Take every frame of a class off the stack."""
        frames = self.st.frames
        if any(isinstance(f, cls) for f in frames):
            self.st.frames = [f for f in frames if not isinstance(f, cls)]

    # ------------------------------------------------------------------ money

    def emit(self, event: Event) -> None:
        """Tell what happened (kept in ``last_events``; a ``quiet`` game keeps nothing)."""
        if not self.quiet:
            self._events.append(event)

    def emit_all(self, events: list[Event]) -> None:
        if not self.quiet:
            self._events.extend(events)

    def bank_pays(self, p: int, amount: int) -> None:
        if amount <= 0:
            return
        self.st.players[p].cash += amount
        self.st.bank_net += amount

    def pay_bank(self, p: int, amount: int) -> None:
        """Cash the player has, to the bank (the caller has checked the player can pay)."""
        self.st.players[p].cash -= amount
        self.st.bank_net -= amount

    def bank_to_pot(self, amount: int) -> None:
        self.st.pot += amount
        self.st.bank_net += amount
        self.emit(Event("pot_seeded", amount=amount))

    def owe(self, debtor: int, creditor: int, amount: int, reason: str, fee: bool = False,
            target: int = -1) -> None:
        """A payment: made at once when the cash is there and no debt waits, else a debt to
        settle first, after those before it."""
        if amount <= 0:
            return
        to_pot = fee and creditor < 0 and self.spec.rules.free_parking_jackpot
        st = self.st
        debts = self.find(DebtsFrame) if st.frames else None
        if debts is None and st.players[debtor].cash >= amount:
            self.pay(debtor, creditor, amount, reason, to_pot, target)
            return
        debt = Debt(debtor, creditor, amount, reason, to_pot, target)
        if debts is None:
            self.push(DebtsFrame([debt]))
        else:
            debts.debts.append(debt)
        if not self.quiet:
            deed, space, card = payment_about(debt)
            self._events.append(Event("in_debt", player=debtor, other=creditor, amount=amount,
                                      space=space, deed=deed, card=card, text=reason))

    def settle(self, debt: Debt) -> None:
        """Pay a debt (the caller has checked the cash is there)."""
        self.pay(debt.debtor, debt.creditor, debt.amount, debt.reason, debt.to_pot, debt.target)

    def pay(self, debtor: int, creditor: int, amount: int, reason: str, to_pot: bool = False,
            target: int = -1) -> None:
        """A payment made now, from cash the debtor has, to a player, the pot or the bank."""
        st = self.st
        st.players[debtor].cash -= amount
        if creditor >= 0:
            st.players[creditor].cash += amount
        elif to_pot:
            st.pot += amount
        else:
            st.bank_net -= amount
        if not self.quiet:
            deed, space, card = about(reason, target) if target >= 0 else (-1, -1, (-1, -1))
            self._events.append(Event("paid", debtor, amount, space if space >= 0
                                      else st.players[debtor].position, deed, creditor, (), card,
                                      reason))

    def bankrupt(self, p: int, creditor: int) -> None:
        go_bankrupt(self, p, creditor)

    # ------------------------------------------------------------------ dice

    def roll_faces(self, count: int, dice: str = "dice") -> tuple[int, ...]:
        """Roll ``count`` of the named dice: their face indices."""
        src = self.dice_source
        if src is None and dice == "dice":
            n = self._faces
            r = self.st.rng.random
            if count == 2:  # the common case, without a generator (same draws, same order)
                return (int(r() * n), int(r() * n))
            return tuple(int(r() * n) for _ in range(count))
        values = self.spec.die(dice).values
        rng = self.st.rng
        if src is not None:
            return tuple(src.roll(values, rng) for _ in range(count))
        n = len(values)
        return tuple(int(rng.random() * n) for _ in range(count))

    def total(self, faces: tuple[int, ...]) -> int:
        v = self.spec.dice.values
        if len(faces) == 2:
            return v[faces[0]] + v[faces[1]]
        return sum(v[f] for f in faces)

    def is_doubles(self, faces: tuple[int, ...]) -> bool:
        return self.spec.dice.doubles and len(faces) > 1 and len(set(faces)) == 1

    def last_total(self) -> int:
        return self.total(self.st.last_roll) if self.st.last_roll else 0

    # ------------------------------------------------------------------ the flow

    def _next(self) -> None:
        """Run the automatic steps until a decision is needed."""
        st = self.st
        while not st.over:
            frames = st.frames
            if frames:
                f = frames[-1]
                if f.kind():  # a decision: it waits
                    return
                f.run(self)
                continue
            if st.players[st.current].status == OUT:  # (``bankrupt``, without the call)
                self._advance_turn()
                continue
            return

    def _advance_turn(self) -> None:
        st = self.st
        n = len(st.players)
        p = st.current
        st.turns += 1
        for _ in range(n):
            p = (p + 1) % n
            if p == st.first_player:
                st.rounds += 1
                for ending in self.endings:
                    if ending.after_round(self):
                        return
            if st.players[p].status != OUT:
                break
        st.current = p
        st.stage = "pre_roll"
        st.again = False
        st.doubles = 0
        if not self.quiet:
            self._events.append(Event("turn", player=p))

    def end_after_bankruptcy(self) -> bool:
        """Ask the end conditions after a bankruptcy; True when the game ended."""
        return any(ending.after_bankruptcy(self) for ending in self.endings)

    def end_by_valuation(self, reason: str) -> None:
        """The game is called (a round cap, an agreed hour, the first bankruptcy): the
        richest by valuation wins, unless a mechanic ends it its own way (``called``)."""
        for m in self.mechanics:  # (once a game: asked of every mechanic)
            if overrides(m, "called") and m.called(self, reason):
                return
        st = self.st
        alive = [i for i, q in enumerate(st.players) if not q.bankrupt]
        ranking = sorted(alive, key=lambda i: (-P.valuation(self.spec, st, i), i))
        self.finish(ranking[0], reason, ranking, RANKED_BY_WORTH)

    def finish(self, winner: int, reason: str, ranking: list[int],
               by: str = RANKED_BY_LASTING) -> None:
        """The game is over: ``winner`` wins for ``reason``; the players in ``ranking`` ranked
        by ``by`` (one of ``state.RANKED_BY``: what decided, which the results show first);
        bankrupt players rank last, the last one out highest."""
        st = self.st
        st.over = True
        st.winner = winner
        st.end_reason = reason
        st.ranked_by = by
        out = [q for q in range(len(st.players)) if st.players[q].bankrupt]
        st.ranking = list(ranking) + [q for q in reversed(out) if q not in ranking]
        close_decisions(st)
        self.emit(Event("game_over", player=winner, text=reason))

    # ------------------------------------------------------------------ moving

    def move(self, p: int, steps: int, rent_mult: int = 1, dice_mult: int = 0,
             roll_total: int = -1) -> None:
        """Move forward (or back, for a negative count); passing or landing on GO pays the
        salary when moving forward. Then the space is carried out, with a card's multipliers.
        A move of 0 spaces leaves the token where it is: the space is not carried out again.
        When a mechanic listens to every space on the way, a forward move is walked."""
        st = self.st
        if steps == 0:
            self.emit(Event("moved", player=p, space=st.players[p].position, amount=0))
            return
        if steps > 0 and self.on_step:
            walk = WalkFrame(p, steps, rent_mult, dice_mult)
            self.push(walk)
            self.walk_on(walk)
            return
        pl = st.players[p]
        spec = self.spec
        size = len(spec.spaces)
        start = pl.position
        end = (start + steps) % size
        if steps > 0:
            for _ in range((start + steps) // size):
                self.salary(p)
        pl.position = end
        if not self.quiet:
            self._events.append(Event("moved", player=p, space=end, amount=steps))
        if steps > 0 and end == spec.go_space and spec.rules.go_landing_bonus:
            self.bank_pays(p, spec.rules.go_landing_bonus)
            self.emit(Event("go_bonus", player=p, amount=spec.rules.go_landing_bonus))
        self.land(p, roll_total if roll_total >= 0 else self.last_total(), rent_mult, dice_mult)

    def walk_on(self, walk: WalkFrame) -> None:
        """Walk the move under way: GO pays as it is passed; the mechanics see every space. A
        frame pushed on the way stops the walk; it goes on when that is done. At the end the
        space is carried out."""
        st, spec = self.st, self.spec
        p = walk.player
        pl = st.players[p]
        size = spec.size
        walked = 0
        while walk.left > 0:
            pl.position = (pl.position + 1) % size
            walk.left -= 1
            walked += 1
            if pl.position == spec.go_space:
                self.salary(p)
            for m in self.on_step:
                m.step(self, p, pl.position, walk.left)
            if st.frames[-1] is not walk:  # stopped here: "on_the_way" if spaces are left
                way = "on_the_way" if walk.left else ""
                self.emit(Event("moved", player=p, space=pl.position, amount=walked, text=way))
                return
        if walked:
            self.emit(Event("moved", player=p, space=pl.position, amount=walked))
        self.pop(walk)
        if pl.position == spec.go_space and spec.rules.go_landing_bonus:
            self.bank_pays(p, spec.rules.go_landing_bonus)
            self.emit(Event("go_bonus", player=p, amount=spec.rules.go_landing_bonus))
        self.land(p, self.last_total(), walk.rent_mult, walk.dice_mult)

    def move_to(self, p: int, target: int, salary: bool = True) -> None:
        """Advance to a space; passing GO on the way pays the salary (if the card allows)."""
        pl = self.st.players[p]
        steps = (target - pl.position) % self.spec.size
        if salary:
            self.move(p, steps)
        else:
            pl.position = target
            self.emit(Event("moved", player=p, space=target, amount=steps))
            self.land(p, self.last_total())

    def salary(self, p: int, how: str = "") -> None:
        """GO's salary (a mechanic may change it); ``how``: ``landed`` for a move back onto
        GO (the event's words), else GO was passed or reached moving forward."""
        amount = self.spec.rules.salary
        for m in self.on_salary:
            amount = m.salary(self, p, amount)
        self.bank_pays(p, amount)
        if not self.quiet:
            self._events.append(Event("salary", player=p, amount=amount, text=how))

    def land(self, p: int, roll_total: int, rent_mult: int = 1, dice_mult: int = 0) -> None:
        """Carry out the rules of the space the player landed on."""
        pos = self.st.players[p].position
        self.st.landings[pos] += 1
        for m in self.on_landed:
            m.landed(self, p, pos)
        handler = self._land_at[pos]
        if handler is None:  # a property, the common case: called directly (native, compiled)
            spaces.land_on_property(self, p, self.spec.spaces[pos], roll_total, rent_mult,
                                    dice_mult)
        else:
            handler(self, p, self.spec.spaces[pos], roll_total, rent_mult, dice_mult)

    def to_jail(self, p: int) -> None:
        """Straight to jail (the next In Jail space ahead, where a board has several): no
        salary, and the turn ends (no roll for doubles)."""
        st = self.st
        for m in self.on_jailed:
            m.jailed(self, p)
        pl = st.players[p]
        pl.position = self._jail_ahead[pl.position]
        pl.in_jail = True
        pl.jail_turns = 0
        if p == st.current:
            st.again = False
            st.stage = "post_move"
        if not self.quiet:
            self.emit(Event("jailed", player=p, space=pl.position))

    # ------------------------------------------------------------------ the turn's choices

    def _roll(self, a: Action) -> None:
        """Roll and move. Doubles roll again; too many doubles in a turn go to jail."""
        st, spec = self.st, self.spec
        p = a.player
        if st.claims:
            st.claims = live_claims(st, spec.rules.rent_claim_window, p)
        for m in self.on_before_roll:
            if m.before_roll(self, p):
                return
        dice = spec.dice
        if self.dice_source is None and dice.count == 2:  # roll_faces, total, is_doubles inline
            if st.rng is not self._rng:  # (a bound method looked up once per generator)
                self._rng, self._random = st.rng, st.rng.random
            r, n, v = self._random, self._faces, dice.values
            faces: tuple[int, ...] = (int(r() * n), int(r() * n))
            total, doubles = v[faces[0]] + v[faces[1]], dice.doubles and faces[0] == faces[1]
        else:
            faces = self.roll_faces(dice.count)
            total, doubles = self.total(faces), self.is_doubles(faces)
        st.last_roll = faces
        if not self.quiet:
            self._events.append(Event("rolled", player=p, dice=faces, amount=total))
        st.stage = "post_move"
        for m in self.on_rolled:
            m.rolled(self, p, faces)
        if doubles:
            st.doubles += 1
            limit = spec.rules.doubles_to_jail
            if limit and st.doubles >= limit:
                self.emit(Event("too_many_doubles", player=p, amount=st.doubles))
                if not any(m.spares_jail(self, p, "doubles") for m in self.on_spares_jail):
                    self.to_jail(p)
                    return
                doubles = False  # spared: this move is made, and the turn ends after it
        st.again = doubles
        self.move(p, total, 1, 0, total)


__all__ = ["HOUSE_RULES", "Game", "house_rule_overrides", "mechanics_for"]
