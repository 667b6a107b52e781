"""The turn state machine: a game always waits for exactly one decision, or is over.

``Game.pending`` says who must decide what, with the legal choices; ``Game.act(action)`` checks
the choice (an illegal one raises ``IllegalAction`` and changes nothing), plays it and every
automatic step after it, and returns the events that happened on the way.

What comes next is derived from the state each time (``_next``): debts to settle, an auction
in progress, a deed to buy or a tax to choose, and otherwise the turn's stage. So the state
alone says where the game is, and a saved game resumes at the same decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine import ring
from monopoly_tui.engine.actions import Action, Event, IllegalAction, Pending
from monopoly_tui.engine.spec import (
    CARDS,
    COLLECT,
    COLLECT_FROM_EACH,
    DICE_RENT,
    FREE_PARKING,
    GET_OUT_OF_JAIL_FREE,
    GO,
    GO_TO_JAIL,
    GO_TO_JAIL_CARD,
    MOVE_BY,
    MOVE_TO,
    MOVE_TO_NEAREST,
    PAY,
    PAY_EACH,
    PROPERTY_KINDS,
    REPAIRS,
    STREET,
    TAX,
    Spec,
)
from monopoly_tui.engine.state import (
    Auction,
    Claim,
    Debt,
    GameState,
    MortgagedTransfer,
    Player,
    TradeOffer,
    close_decisions,
    copy_state,
)

HOUSE_RULES: dict[str, tuple[str, str]] = {
    "free_parking_jackpot": (
        "Free Parking jackpot",
        "Taxes and card fees go to a pot in the middle; landing on Free Parking takes it.",
    ),
    "double_go": ("Double salary on GO", "Landing exactly on GO pays the salary twice."),
    "no_rent_in_jail": ("No rent from jail", "Owners in jail collect no rent."),
    "turn_limit": ("Turn limit", "The game ends after a number of rounds; the richest wins."),
}
"""House rules players expect: all off unless chosen. Each maps to rule switches."""


def house_rule_overrides(spec: Spec, chosen: dict[str, int | bool]) -> dict[str, object]:
    """The rule switches that the chosen house rules turn on."""
    out: dict[str, object] = {}
    for key, value in chosen.items():
        if key not in HOUSE_RULES:
            raise KeyError(f"unknown house rule '{key}' (known: {', '.join(HOUSE_RULES)})")
        if not value:
            continue
        if key == "free_parking_jackpot":
            out["free_parking_jackpot"] = True
        elif key == "double_go":
            out["go_landing_bonus"] = spec.rules.salary
        elif key == "no_rent_in_jail":
            out["no_rent_in_jail"] = True
        elif key == "turn_limit":
            out["turn_limit"] = int(value) if value is not True else 30
    return out


class Game:
    """One game of an edition, from setup to the winner."""

    __slots__ = ("_events", "history", "options", "spec", "st")

    def __init__(self, spec: Spec, state: GameState, options: dict[str, object] | None = None):
        self.spec = spec
        """The edition, with the chosen variant's and house rules' switches applied."""
        self.st = state
        self.options: dict[str, object] = options or {}
        """How the game was set up: seed, variant, house rules, players."""
        self.history: list[Action] = []
        """Every choice taken, in order: replaying them on a new game gives this game."""
        self._events: list[Event] = []

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        spec: Spec,
        players: Sequence[tuple[str, str]],
        seed: int = 0,
        variant: str | None = None,
        house_rules: dict[str, int | bool] | None = None,
    ) -> Game:
        """A new game: players are (name, token) pairs in seat order."""
        overrides: dict[str, object] = {}
        if variant:
            overrides.update(spec.variant(variant).overrides)
        if house_rules:
            overrides.update(house_rule_overrides(spec, house_rules))
        if overrides:
            spec = spec.with_rules(spec.rules.with_overrides(overrides))
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
        )
        for deck in spec.decks:
            order = list(range(len(deck.cards)))
            rng.shuffle(order)
            st.decks.append(order)
        st.starting_total = spec.starting_money * n
        options: dict[str, object] = {
            "seed": seed,
            "variant": variant,
            "house_rules": dict(house_rules or {}),
            "players": [list(p) for p in players],
        }
        game = cls(spec, st, options)
        if spec.rules.free_parking_jackpot and spec.rules.free_parking_seed:
            game._bank_to_pot(spec.rules.free_parking_seed)
        game._deal_deeds()
        game._choose_first_player()
        if spec.ring is not None:
            game._emit_all(ring.start(spec, game.st, game.st.first_player))
        game._next()
        return game

    def _deal_deeds(self) -> None:
        """Short games: each player is dealt deeds from the shuffled pile, free or paid for."""
        r = self.spec.rules
        if not r.deal_deeds:
            return
        st = self.st
        pile = list(range(len(self.spec.deeds)))
        st.rng.shuffle(pile)
        for _ in range(r.deal_deeds):
            for p in range(len(st.players)):
                if not pile:
                    return
                d = pile.pop()
                st.owner[d] = p
                price = self.spec.deeds[d].price if r.dealt_deeds_paid else 0
                if price:
                    self._pay_bank(p, price)
                self._emit(Event("dealt", player=p, deed=d, amount=price))

    def _choose_first_player(self) -> None:
        """Highest roll starts (ties roll again), or the coin-flip chain: two players flip,
        the winner flips against the next, and so on."""
        st = self.st
        n = len(st.players)
        if self.spec.rules.first_player == "coin_flip_chain":
            holder = 0
            for challenger in range(1, n):
                heads = st.rng.random() < 0.5
                winner = holder if heads else challenger
                self._emit(Event("coin_flip", player=holder, other=challenger, amount=winner))
                holder = winner
            first = holder
        else:
            contenders = list(range(n))
            while True:
                best, best_players = -1, []
                for p in contenders:
                    faces = self._roll_faces(self.spec.dice.count)
                    total = self._total(faces)
                    self._emit(Event("first_roll", player=p, dice=faces, amount=total))
                    if total > best:
                        best, best_players = total, [p]
                    elif total == best:
                        best_players.append(p)
                if len(best_players) == 1:
                    first = best_players[0]
                    break
                contenders = best_players
        st.first_player = first
        st.current = first
        self._emit(Event("starts", player=first))

    # ------------------------------------------------------------------ public face

    def copy(self) -> Game:
        """An independent copy of the game, its history and random generator included: a
        computer player can play ahead on it without touching this game."""
        game = Game(self.spec, copy_state(self.st), dict(self.options))
        game.history = list(self.history)
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
        return self._phase_and_player()[0]

    @property
    def waiting_for(self) -> tuple[str, int]:
        """(decision kind, player) the game waits for: ``pending`` without building the
        choices and context, for bots and simulations that ask it at every decision."""
        return self._phase_and_player()

    def _phase_and_player(self) -> tuple[str, int]:
        st = self.st
        if st.over:
            return A.GAME_OVER, -1
        if st.trade is not None:
            return A.TRADE, st.trade.partner
        if st.transfers:
            return A.MORTGAGED_TRANSFER, st.transfers[0].player
        if st.place_building >= 0:
            # before the bid's debt: raising it could leave no street to put the building on
            return A.PLACE_BUILDING, st.place_building
        if st.debts:
            return A.DEBT, st.debts[0].debtor
        if st.auction is not None:
            a = st.auction
            return A.AUCTION, a.bidders[a.turn]
        if st.ring_meet:
            return A.RING, st.current
        if st.buy_deed >= 0:
            return A.BUY, st.current
        if st.tax_space >= 0:
            return A.TAX, st.current
        if st.stage == "pre_roll":
            if st.players[st.current].in_jail:
                return A.JAIL, st.current
            return A.ROLL, st.current
        if st.again and not st.players[st.current].in_jail:
            return A.ROLL, st.current
        return A.END_TURN, st.current

    @property
    def pending(self) -> Pending:
        """The decision the game waits for, with its main choices and the context to show it.

        Choices open at any time (build, sell, mortgage, trade) are in ``legal_actions``.
        """
        kind, p = self._phase_and_player()
        st, spec = self.st, self.spec
        ctx: dict[str, object] = {}
        choices: list[Action] = []
        if kind == A.ROLL:
            choices.append(Action(A.A_ROLL, p))
        elif kind == A.JAIL:
            pl = st.players[p]
            ctx["tries"] = pl.jail_turns
            ctx["fine"] = spec.rules.jail_fine
            if pl.cash >= spec.rules.jail_fine:
                choices.append(Action(A.A_PAY_FINE, p))
            if pl.cards:
                choices.append(Action(A.A_USE_CARD, p))
            if spec.rules.jail_roll_for_doubles:
                choices.append(Action(A.A_ROLL, p))
        elif kind == A.BUY:
            d = spec.deeds[st.buy_deed]
            ctx["deed"] = d.index
            ctx["price"] = d.price
            if st.players[p].cash >= d.price:
                choices.append(Action(A.A_BUY, p, d.index))
            if spec.rules.auctions:
                choices.append(Action(A.A_AUCTION, p, d.index))
            else:
                choices.append(Action(A.A_DECLINE, p, d.index))
        elif kind == A.AUCTION:
            a = st.auction
            assert a is not None
            ctx.update(
                deed=a.deed,
                high_bid=a.high_bid,
                high_bidder=a.high_bidder,
                bidders=list(a.bidders),
                building=a.building,
                min_bid=self.min_bid(),
                max_bid=self.max_bid(p),
            )
            if self.max_bid(p) >= self.min_bid():
                choices.append(Action(A.A_BID, p, a.deed, self.min_bid()))
            choices.append(Action(A.A_DROP, p, a.deed))
        elif kind == A.TAX:
            sp = spec.spaces[st.tax_space]
            ctx.update(space=sp.index, amount=sp.tax_amount, percent=sp.tax_percent)
            choices.append(Action(A.A_TAX_FLAT, p, sp.index))
            choices.append(Action(A.A_TAX_PERCENT, p, sp.index))
        elif kind == A.DEBT:
            debt = st.debts[0]
            ctx.update(
                amount=debt.amount,
                creditor=debt.creditor,
                reason=debt.reason,
                raisable=P.raisable(spec, st, p),
            )
            if st.players[p].cash >= debt.amount:
                choices.append(Action(A.A_PAY_DEBT, p))
            elif st.players[p].cash + P.raisable(spec, st, p) < debt.amount:
                choices.append(Action(A.A_BANKRUPT, p))
        elif kind == A.TRADE:
            assert st.trade is not None
            ctx["offer"] = st.trade
            choices += [Action(A.A_ACCEPT, p), Action(A.A_REJECT, p)]
        elif kind == A.MORTGAGED_TRANSFER:
            t = st.transfers[0]
            ctx.update(
                deed=t.deed,
                interest=P.mortgage_interest(spec, t.deed),
                lift_cost=P.unmortgage_cost(spec, t.deed),
            )
            if st.players[p].cash >= P.unmortgage_cost(spec, t.deed):
                choices.append(Action(A.A_LIFT, p, t.deed))
            choices.append(Action(A.A_KEEP, p, t.deed))
        elif kind == A.PLACE_BUILDING:
            ctx["building"] = st.place_kind
            for spot in self._placeable(p):
                choices.append(Action(A.A_PLACE, p, spot))
        elif kind == A.END_TURN:
            choices.append(Action(A.A_END_TURN, p))
        elif kind == A.RING:
            ring_choices, ring_ctx = ring.encounter(spec, st)
            choices += ring_choices
            ctx.update(ring_ctx)
        return Pending(kind, p, tuple(choices), ctx)

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal choice now: the pending decision's, and (for ``player``, by default the
        one deciding) what may be done at any time: build, sell, mortgage, lift a mortgage,
        collect rent that is owed. Trades are proposed with ``Action(propose_trade, ...)``."""
        pend = self.pending
        out = list(pend.choices)
        who = pend.player if player is None else player
        if player is not None and player != pend.player:
            out = []
        out += self._anytime_actions(who)
        return out

    def _anytime_ok(self, player: int, kind: str) -> str:
        """Why a player may not make an at-any-time choice now, or ''."""
        st = self.st
        if st.over:
            return "the game is over"
        if not 0 <= player < len(st.players) or st.players[player].bankrupt:
            return "no such player in the game"
        phase, who = self._phase_and_player()
        if phase in (A.ROLL, A.JAIL, A.END_TURN):
            return ""
        if phase == A.DEBT and who == player and kind not in (A.A_BUILD, A.A_UNMORTGAGE):
            return ""
        if phase == A.DEBT and kind in (A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE):
            return ""
        if phase == A.BUY and who == player and kind in (
            A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE
        ):
            return ""  # raising the price before deciding to buy
        return "not now: finish the current decision first"

    def _anytime_actions(self, p: int) -> list[Action]:
        st, spec = self.st, self.spec
        out: list[Action] = []
        if p < 0 or st.over or st.players[p].bankrupt:
            return out
        checks = {
            k: self._anytime_ok(p, k) == ""
            for k in (A.A_BUILD, A.A_SELL_BUILDING, A.A_MORTGAGE, A.A_UNMORTGAGE, A.A_PROPOSE)
        }
        groups_done: set[int] = set()
        for d in spec.deeds:
            i = d.index
            if st.owner[i] != p:
                continue
            if checks[A.A_BUILD] and d.kind == STREET and not P.can_build(spec, st, p, i):
                out.append(Action(A.A_BUILD, p, i))
            if checks[A.A_SELL_BUILDING] and not P.can_sell_building(spec, st, p, i):
                out.append(Action(A.A_SELL_BUILDING, p, i))
            if (
                checks[A.A_SELL_BUILDING]
                and d.group not in groups_done
                and P.group_has_buildings(spec, st, d.group)
            ):
                groups_done.add(d.group)
                out.append(Action(A.A_SELL_ALL, p, d.group))
            if checks[A.A_MORTGAGE] and not P.can_mortgage(spec, st, p, i):
                out.append(Action(A.A_MORTGAGE, p, i))
            if (
                checks[A.A_UNMORTGAGE]
                and st.mortgaged[i]
                and st.players[p].cash >= P.unmortgage_cost(spec, i)
            ):
                out.append(Action(A.A_UNMORTGAGE, p, i))
        if checks[A.A_BUILD]:
            for ci, c in enumerate(st.claims):
                if c.owner == p:
                    out.append(Action(A.A_COLLECT_RENT, p, ci))
        return out

    def act(self, action: Action) -> list[Event]:
        """Play one choice; return what happened. An illegal choice raises ``IllegalAction``
        and leaves the game as it was."""
        if self.st.over:
            raise A.GameOverError(action, "the game is over")
        self._events = []
        kind = action.kind
        if kind in A.ANYTIME:
            why = self._anytime_ok(action.player, kind)
            if why:
                raise IllegalAction(action, why)
            handler = _ANYTIME[kind]
        else:
            phase, who = self._phase_and_player()
            if action.player != who:
                raise IllegalAction(action, f"it is player {who}'s decision ({phase})")
            # The two choices of almost every turn go straight to their handler (the same
            # ones the table gives).
            if phase == A.ROLL and kind == A.A_ROLL:
                handler = Game._roll
            elif phase == A.END_TURN and kind == A.A_END_TURN:
                handler = Game._end_turn
            else:
                handler = _HANDLERS.get((phase, kind))  # type: ignore[assignment]
                if handler is None:
                    raise IllegalAction(action, f"'{kind}' is not a choice now ({phase})")
        handler(self, action)
        self.history.append(action)
        self.st.decisions += 1
        self._next()
        return self._events

    # ------------------------------------------------------------------ money

    def _emit(self, event: Event) -> None:
        self._events.append(event)

    def _bank_pays(self, p: int, amount: int, why: str = "") -> None:
        if amount <= 0:
            return
        self.st.players[p].cash += amount
        self.st.bank_net += amount

    def _pay_bank(self, p: int, amount: int) -> None:
        """Cash the player has, to the bank (the caller has checked the player can pay)."""
        self.st.players[p].cash -= amount
        self.st.bank_net -= amount

    def _bank_to_pot(self, amount: int) -> None:
        self.st.pot += amount
        self.st.bank_net += amount
        self._emit(Event("pot_seeded", amount=amount))

    def _owe(self, debtor: int, creditor: int, amount: int, reason: str, fee: bool = False) -> None:
        """A payment: made at once when the cash is there, else a debt to settle first."""
        if amount <= 0:
            return
        to_pot = fee and creditor < 0 and self.spec.rules.free_parking_jackpot
        st = self.st
        if not st.debts and st.players[debtor].cash >= amount:
            self._settle(Debt(debtor, creditor, amount, reason, to_pot))
        else:
            st.debts.append(Debt(debtor, creditor, amount, reason, to_pot))
            self._emit(Event("in_debt", player=debtor, other=creditor, amount=amount, text=reason))

    def _settle(self, debt: Debt) -> None:
        st = self.st
        st.players[debt.debtor].cash -= debt.amount
        if debt.creditor >= 0:
            st.players[debt.creditor].cash += debt.amount
        elif debt.to_pot:
            st.pot += debt.amount
        else:
            st.bank_net -= debt.amount
        self._emit(
            Event(
                "paid",
                player=debt.debtor,
                other=debt.creditor,
                amount=debt.amount,
                text=debt.reason,
                space=st.players[debt.debtor].position,
            )
        )

    # ------------------------------------------------------------------ dice

    def _roll_faces(self, count: int) -> tuple[int, ...]:
        n = len(self.spec.dice.values)
        r = self.st.rng.random
        if count == 2:  # the common case, without a generator (same draws, same order)
            return (int(r() * n), int(r() * n))
        return tuple(int(r() * n) for _ in range(count))

    def _total(self, faces: tuple[int, ...]) -> int:
        v = self.spec.dice.values
        if len(faces) == 2:
            return v[faces[0]] + v[faces[1]]
        return sum(v[f] for f in faces)

    def _is_doubles(self, faces: tuple[int, ...]) -> bool:
        if len(faces) == 2:
            return self.spec.dice.doubles and faces[0] == faces[1]
        return self.spec.dice.doubles and len(faces) > 1 and len(set(faces)) == 1

    # ------------------------------------------------------------------ the flow

    def _next(self) -> None:
        """Run the automatic steps until a decision is needed."""
        st = self.st
        while True:
            if st.over or st.trade or st.transfers or st.debts or st.auction:
                return
            if st.auction_queue:
                self._start_auction(st.auction_queue.pop(0))
                continue
            if st.ring_meet:
                return
            if st.moving:
                self._walk_on()
                continue
            if st.place_building >= 0 or st.buy_deed >= 0 or st.tax_space >= 0:
                return
            if st.ring_eye:
                self._ring_eye()
                continue
            cur = st.players[st.current]
            if st.pending_move:
                steps, st.pending_move = st.pending_move, 0
                if not cur.bankrupt:
                    self._move(st.current, steps)
                    st.stage = "post_move"
                continue
            if cur.bankrupt:
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
                limit = self.spec.rules.turn_limit
                if limit and st.rounds >= limit:
                    self._end_by_valuation("turn_limit")
                    return
            if not st.players[p].bankrupt:
                break
        st.current = p
        st.stage = "pre_roll"
        st.again = False
        st.doubles = 0
        self._emit(Event("turn", player=p))

    def _move(self, p: int, steps: int, roll_total: int | None = None) -> None:
        """Move forward (or back, for a negative count); passing or landing on GO pays the
        salary when moving forward. Then the space is resolved."""
        if self.spec.ring is not None and steps >= 0:
            self._walk(p, steps)
            return
        st = self.st
        pl = st.players[p]
        size = self.spec.size
        start = pl.position
        if steps >= 0:
            end = (start + steps) % size
            laps = (start + steps) // size
            for _ in range(laps):
                self._salary(p, landed=False)
        else:
            end = (start + steps) % size
        pl.position = end
        self._emit(Event("moved", player=p, space=end, amount=steps))
        if steps > 0 and end == self.spec.go_space and self.spec.rules.go_landing_bonus:
            self._bank_pays(p, self.spec.rules.go_landing_bonus)
            self._emit(Event("go_bonus", player=p, amount=self.spec.rules.go_landing_bonus))
        self._land(p, roll_total if roll_total is not None else self._last_total())

    def _last_total(self) -> int:
        return self._total(self.st.last_roll) if self.st.last_roll else 0

    def _salary(self, p: int, landed: bool) -> None:
        amount = self.spec.rules.salary
        if self.spec.ring is not None:
            amount = ring.salary(self.spec, self.st, p, amount)
        self._bank_pays(p, amount)
        self._emit(Event("salary", player=p, amount=amount))

    def _move_to(self, p: int, target: int, salary: bool = True) -> None:
        """Advance to a space; passing GO on the way pays the salary (if the card allows)."""
        pl = self.st.players[p]
        steps = (target - pl.position) % self.spec.size
        if salary:
            self._move(p, steps)
        else:
            pl.position = target
            self._emit(Event("moved", player=p, space=target, amount=steps))
            self._land(p, self._last_total())

    def _land(
        self, p: int, roll_total: int, rent_multiplier: int = 1, dice_multiplier: int = 0
    ) -> None:
        """Carry out the rules of the space the player landed on."""
        st, spec = self.st, self.spec
        pos = st.players[p].position
        st.landings[pos] += 1
        if st.ring_space == pos and spec.ring is not None and st.ring_bearer < 0:
            self._emit_all(ring.take(spec, st, p, "found"))
        sp = spec.spaces[pos]
        kind = sp.kind
        if kind in PROPERTY_KINDS:
            d = sp.deed
            owner = st.owner[d]
            if owner < 0:
                st.buy_deed = d
            elif owner != p and not st.mortgaged[d]:
                if spec.rules.no_rent_in_jail and st.players[owner].in_jail:
                    self._emit(Event("no_rent_in_jail", player=p, other=owner, deed=d))
                    return
                if ring.bears(spec, st, p):
                    self._emit(Event("ring_spared", player=p, other=owner, deed=d, text="rent"))
                    return
                new_roll = 0
                deed = spec.deeds[d]
                if deed.kind == DICE_RENT:
                    if dice_multiplier:
                        faces = self._roll_faces(spec.dice.count)
                        new_roll = self._total(faces)
                        self._emit(Event("rent_roll", player=p, dice=faces, amount=new_roll))
                    else:
                        needs, count = P.dice_rent_needs_new_roll(spec, st, d)
                        if needs:
                            faces = self._roll_faces(count)
                            new_roll = self._total(faces)
                            self._emit(Event("rent_roll", player=p, dice=faces, amount=new_roll))
                rent = P.rent_due(
                    spec, st, d, roll_total, rent_multiplier, dice_multiplier, new_roll
                )
                if spec.ring is not None and ring.rent_factor(spec, st, owner) > 1:
                    rent *= ring.rent_factor(spec, st, owner)
                    self._emit(Event("ring_double_rent", player=p, other=owner, deed=d,
                                     amount=rent))
                if spec.rules.rent_collection == "owner_must_ask":
                    st.claims.append(Claim(owner, p, rent, d))
                    self._emit(Event("rent_claimable", player=p, other=owner, deed=d, amount=rent))
                else:
                    self._owe(p, owner, rent, f"rent:{d}")
        elif kind == TAX:
            if ring.bears(spec, st, p):
                self._emit(Event("ring_spared", player=p, space=pos, text="tax"))
            elif sp.tax_percent and not spec.rules.income_tax_flat:
                st.tax_space = pos
            else:
                self._owe(p, -1, sp.tax_amount, f"tax:{pos}", fee=True)
        elif kind == CARDS:
            self._draw(p, sp.deck)
        elif kind == GO_TO_JAIL:
            if ring.bears(spec, st, p):
                # The bearer stays on the space, and the turn ends.
                self._emit(Event("ring_spared", player=p, space=pos, text="go_to_jail"))
                if p == st.current:
                    st.again = False
            else:
                self._to_jail(p)
        elif kind == FREE_PARKING:
            if spec.rules.free_parking_jackpot and st.pot:
                amount, st.pot = st.pot, 0
                st.players[p].cash += amount
                self._emit(Event("jackpot", player=p, amount=amount))
                if spec.rules.free_parking_seed:
                    self._bank_to_pot(spec.rules.free_parking_seed)
        elif kind == GO:
            pass

    def _to_jail(self, p: int) -> None:
        """Straight to jail: no salary, and the turn ends (no roll for doubles)."""
        st = self.st
        pl = st.players[p]
        if ring.bears(self.spec, st, p):
            self._emit_all(ring.drop(self.spec, st, pl.position, "jail"))
        pl.position = self.spec.jail_space
        pl.in_jail = True
        pl.jail_turns = 0
        if p == st.current:
            st.again = False
            st.stage = "post_move"
        self._emit(Event("jailed", player=p, space=pl.position))

    def _draw(self, p: int, deck: int) -> None:
        """Take the top card, do what it says, and put it under the deck (a Get Out of Jail
        Free card is kept instead)."""
        st, spec = self.st, self.spec
        order = st.decks[deck]
        if not order:
            self._emit(Event("deck_empty", player=p, card=(deck, -1)))
            return
        ci = order.pop(0)
        card = spec.decks[deck].cards[ci]
        st.last_card = (deck, ci)
        self._emit(Event("card", player=p, card=(deck, ci), text=card.text))
        if card.kind == GET_OUT_OF_JAIL_FREE:
            st.players[p].cards.append((deck, ci))
            return
        order.append(ci)
        k = card.kind
        pl = st.players[p]
        if k == MOVE_TO:
            self._move_to(p, card.target, card.salary)
        elif k == MOVE_TO_NEAREST:
            pos = pl.position
            size = spec.size
            targets = [
                s for di in spec.groups[card.group].deeds for s in spec.deeds[di].spaces
            ]
            target = min(targets, key=lambda s: (s - pos) % size or size)
            steps = (target - pos) % size or size
            if spec.ring is not None:
                self._walk(p, steps, card.rent_multiplier, card.dice_multiplier)
                return
            self._move_plain(p, steps)
            self._land(p, self._last_total(), card.rent_multiplier, card.dice_multiplier)
        elif k == MOVE_BY:
            if card.steps >= 0:
                self._move(p, card.steps)
            else:
                pl.position = (pl.position + card.steps) % spec.size
                self._emit(Event("moved", player=p, space=pl.position, amount=card.steps))
                self._land(p, self._last_total())
        elif k == COLLECT:
            self._bank_pays(p, card.amount)
            self._emit(Event("collected", player=p, amount=card.amount))
        elif k == PAY:
            self._owe(p, -1, card.amount, f"card:{deck}", fee=True)
        elif k == COLLECT_FROM_EACH:
            for q, other in enumerate(st.players):
                if q != p and not other.bankrupt:
                    self._owe(q, p, card.amount, f"card:{deck}")
        elif k == PAY_EACH:
            for q, other in enumerate(st.players):
                if q != p and not other.bankrupt:
                    self._owe(p, q, card.amount, f"card:{deck}")
        elif k == REPAIRS:
            houses = hotels = 0
            top = P.hotel_level(spec)
            for d in range(len(spec.deeds)):
                if st.owner[d] == p and st.buildings[d]:
                    if st.buildings[d] >= top:
                        hotels += 1
                    else:
                        houses += st.buildings[d]
            self._owe(p, -1, houses * card.per_house + hotels * card.per_hotel,
                      f"card:{deck}", fee=True)
        elif k == GO_TO_JAIL_CARD:
            self._to_jail(p)

    def _move_plain(self, p: int, steps: int) -> None:
        """Move forward without resolving the space (the caller resolves it)."""
        pl = self.st.players[p]
        size = self.spec.size
        laps = (pl.position + steps) // size
        for _ in range(laps):
            self._salary(p, landed=False)
        pl.position = (pl.position + steps) % size
        self._emit(Event("moved", player=p, space=pl.position, amount=steps))

    # ------------------------------------------------------------------ turn choices

    def _roll(self, a: Action) -> None:
        """Roll and move. Doubles roll again; too many doubles in a turn go to jail."""
        st, spec = self.st, self.spec
        p = a.player
        if st.claims:
            st.claims = [c for c in st.claims if c.payer == p]
        if ring.bears(spec, st, p) and self._ring_advance():
            return
        faces = self._roll_faces(spec.dice.count)
        st.last_roll = faces
        total = self._total(faces)
        doubles = self._is_doubles(faces)
        self._emit(Event("rolled", player=p, dice=faces, amount=total))
        st.stage = "post_move"
        if ring.bears(spec, st, p) and ring.eye_rolled(spec, faces):
            st.ring_eye = True
        if doubles:
            st.doubles += 1
            limit = spec.rules.doubles_to_jail
            if limit and st.doubles >= limit:
                self._emit(Event("too_many_doubles", player=p, amount=st.doubles))
                if not ring.bears(spec, st, p):
                    self._to_jail(p)
                    return
                # The bearer is safe: this move is made, and the turn ends after it.
                self._emit(Event("ring_spared", player=p, text="doubles"))
                doubles = False
        st.again = doubles
        self._move(p, total, total)

    def _jail_roll(self, a: Action) -> None:
        """In jail, roll for doubles: doubles free you and you move (no extra roll); after the
        last allowed failure you pay the fine and move by that roll."""
        st, spec = self.st, self.spec
        p = a.player
        pl = st.players[p]
        if st.claims:
            st.claims = [c for c in st.claims if c.payer == p]
        faces = self._roll_faces(spec.dice.count)
        st.last_roll = faces
        total = self._total(faces)
        self._emit(Event("rolled", player=p, dice=faces, amount=total))
        st.stage = "post_move"
        st.again = False
        if self._is_doubles(faces):
            self._release(p, "doubles")
            self._move(p, total, total)
            return
        pl.jail_turns += 1
        max_turns = 1 if spec.rules.jail_exit_next_turn else spec.rules.jail_max_turns
        if pl.jail_turns >= max_turns:
            self._release(p, "fine")
            st.pending_move = total
            self._owe(p, -1, spec.rules.jail_fine, "jail_fine", fee=True)
        else:
            self._emit(Event("stays_in_jail", player=p, amount=pl.jail_turns))

    def _release(self, p: int, how: str) -> None:
        pl = self.st.players[p]
        pl.in_jail = False
        pl.jail_turns = 0
        self._emit(Event("released", player=p, text=how))

    def _pay_fine(self, a: Action) -> None:
        p = a.player
        fine = self.spec.rules.jail_fine
        if self.st.players[p].cash < fine:
            raise IllegalAction(a, "not enough cash for the fine")
        self._owe(p, -1, fine, "jail_fine", fee=True)
        self._release(p, "fine")

    def _use_card(self, a: Action) -> None:
        """A Get Out of Jail Free card frees you and goes under its deck."""
        pl = self.st.players[a.player]
        if not pl.cards:
            raise IllegalAction(a, "no Get Out of Jail Free card")
        deck, ci = pl.cards.pop(0)
        self.st.decks[deck].append(ci)
        self._emit(Event("used_card", player=a.player, card=(deck, ci)))
        self._release(a.player, "card")

    def _end_turn(self, a: Action) -> None:
        st = self.st
        if st.again and not st.players[a.player].in_jail:
            raise IllegalAction(a, "you rolled doubles: roll again")
        self._advance_turn()

    def _buy(self, a: Action) -> None:
        st, spec = self.st, self.spec
        d = st.buy_deed
        if a.target not in (-1, d):
            raise IllegalAction(a, "that is not the deed on offer")
        price = spec.deeds[d].price
        if st.players[a.player].cash < price:
            raise IllegalAction(a, "not enough cash: raise it first, or auction")
        self._pay_bank(a.player, price)
        st.owner[d] = a.player
        st.buy_deed = -1
        self._emit(Event("bought", player=a.player, deed=d, amount=price))

    def _decline(self, a: Action) -> None:
        """Not bought: the deed is auctioned (when the edition has auctions)."""
        st = self.st
        auctions = self.spec.rules.auctions
        if auctions != (a.kind == A.A_AUCTION):
            raise IllegalAction(
                a, "a deed not bought is auctioned" if auctions else "this edition has no auctions"
            )
        d = st.buy_deed
        st.buy_deed = -1
        self._emit(Event("declined", player=a.player, deed=d))
        if auctions:
            self._start_auction(d, first=a.player)

    # ------------------------------------------------------------------ auctions

    def _start_auction(self, deed: int, first: int | None = None, building: str = "",
                       bidders: list[int] | None = None, requester: int = -1,
                       request_deed: int = -1, floor: int = 0) -> None:
        """Every player still in the game may bid, the one who declined too."""
        st = self.st
        n = len(st.players)
        start = st.current if first is None else first
        order = bidders if bidders is not None else [
            (start + i) % n for i in range(n) if not st.players[(start + i) % n].bankrupt
        ]
        st.auction = Auction(deed=deed, bidders=order, building=building, requester=requester,
                             request_deed=request_deed, floor=floor)
        self._emit(Event("auction", deed=deed, text=building))
        self._auction_check()

    def min_bid(self) -> int:
        a = self.st.auction
        if a is None:
            return 0
        return max(self.spec.rules.auction_min_bid, a.floor, a.high_bid + 1)

    def max_bid(self, p: int) -> int:
        """Nobody can bid more than they could raise."""
        return self.st.players[p].cash + P.raisable(self.spec, self.st, p)

    def _bid(self, a: Action) -> None:
        auc = self.st.auction
        assert auc is not None
        if a.amount < self.min_bid():
            raise IllegalAction(a, f"the bid must be at least {self.min_bid()}")
        if a.amount > self.max_bid(a.player):
            raise IllegalAction(a, "more than you could raise")
        auc.high_bid = a.amount
        auc.high_bidder = a.player
        self._emit(Event("bid", player=a.player, amount=a.amount, deed=auc.deed))
        auc.turn = (auc.turn + 1) % len(auc.bidders)
        self._auction_check()

    def _drop(self, a: Action) -> None:
        auc = self.st.auction
        assert auc is not None
        auc.bidders.pop(auc.turn)
        self._emit(Event("dropped_out", player=a.player, deed=auc.deed))
        if auc.bidders:
            auc.turn %= len(auc.bidders)
        self._auction_check()

    def _auction_check(self) -> None:
        """The auction ends when no one is left who could raise the high bid."""
        st = self.st
        auc = st.auction
        assert auc is not None
        if auc.bidders and auc.bidders[auc.turn] == auc.high_bidder and len(auc.bidders) > 1:
            auc.turn = (auc.turn + 1) % len(auc.bidders)
        # Bidders who cannot even reach the minimum drop out by themselves.
        if auc.bidders:
            need = self.min_bid()
            players = st.players
            # (cash first: counting what a player could raise means going through the deeds)
            still = [b for b in auc.bidders if b == auc.high_bidder
                     or players[b].cash >= need or self.max_bid(b) >= need]
            if len(still) != len(auc.bidders):
                for b in auc.bidders:
                    if b not in still:
                        self._emit(Event("dropped_out", player=b, deed=auc.deed, text="cash"))
                # ask the next bidder still in, in order from the one who was to be asked
                order = auc.bidders
                ahead = [order[(auc.turn + k) % len(order)] for k in range(len(order))]
                asked = next((b for b in ahead if b in still), -1)
                auc.bidders = still
                auc.turn = still.index(asked) if asked in still else 0
                if len(still) > 1 and still[auc.turn] == auc.high_bidder:
                    auc.turn = (auc.turn + 1) % len(still)
        if not auc.bidders or auc.bidders == [auc.high_bidder]:
            st.auction = None
            if auc.high_bidder < 0:
                self._emit(Event("no_bids", deed=auc.deed, text=auc.building))
                return
            w = auc.high_bidder
            self._emit(Event("won_auction", player=w, deed=auc.deed, amount=auc.high_bid,
                             text=auc.building))
            if auc.building:
                spots = self._placeable(w, auc.building)
                if not spots:
                    self._emit(Event("cannot_place", player=w, text=auc.building))
                    return
                if w == auc.requester and auc.request_deed in spots:
                    self._place_bought(w, auc.request_deed, auc.building, auc.high_bid)
                else:
                    st.place_building = w
                    st.place_kind = auc.building
                    st.place_bid = auc.high_bid
            else:
                st.owner[auc.deed] = w
                self._owe(w, -1, auc.high_bid, f"auction:{auc.deed}")

    # ------------------------------------------------------------------ taxes, debts

    def _tax(self, a: Action) -> None:
        """'Pay the flat amount or a percentage of your total worth', chosen before counting."""
        st, spec = self.st, self.spec
        sp = spec.spaces[st.tax_space]
        st.tax_space = -1
        if a.kind == A.A_TAX_PERCENT:
            worth = P.total_worth(spec, st, a.player)
            amount = worth * sp.tax_percent // 100
            self._emit(Event("tax_percent", player=a.player, amount=amount, space=sp.index,
                             other=worth))
        else:
            amount = sp.tax_amount
        self._owe(a.player, -1, amount, f"tax:{sp.index}", fee=True)

    def _pay_debt(self, a: Action) -> None:
        st = self.st
        debt = st.debts[0]
        if st.players[a.player].cash < debt.amount:
            raise IllegalAction(a, "not enough cash yet: sell, mortgage or trade first")
        st.debts.pop(0)
        self._settle(debt)
        # Later debts that can now be paid are paid at once.
        while st.debts and st.players[st.debts[0].debtor].cash >= st.debts[0].amount:
            self._settle(st.debts.pop(0))

    def _bankrupt(self, a: Action) -> None:
        """Bankrupt: only when even selling every building and mortgaging every deed would
        not pay. Everything goes to the creditor (mortgaged deeds under the interest rule), or,
        to the bank, whose deeds are auctioned unmortgaged."""
        st, spec = self.st, self.spec
        p = a.player
        debt = st.debts[0]
        if st.players[p].cash + P.raisable(spec, st, p) >= debt.amount:
            raise IllegalAction(a, "you can still raise enough: sell buildings or mortgage")
        creditor = debt.creditor
        pl = st.players[p]
        # Buildings go back to the bank at the sale price.
        for d in range(len(spec.deeds)):
            if st.owner[d] == p and st.buildings[d]:
                self._sell_all_on(p, d)
        st.debts = [x for x in st.debts if x.debtor != p]
        for x in st.debts:  # what others owe the bankrupt player goes to their creditor
            if x.creditor == p:
                x.creditor = creditor
        st.debts = [x for x in st.debts if x.debtor != x.creditor]
        deeds = [d for d in range(len(spec.deeds)) if st.owner[d] == p]
        if creditor >= 0:
            st.players[creditor].cash += pl.cash
            self._emit(Event("paid", player=p, other=creditor, amount=pl.cash, text="bankrupt"))
            pl.cash = 0
            for d in deeds:
                st.owner[d] = creditor
                if st.mortgaged[d]:
                    st.transfers.append(MortgagedTransfer(creditor, d))
            st.players[creditor].cards.extend(pl.cards)
        else:
            st.bank_net -= pl.cash
            pl.cash = 0
            for d in deeds:
                st.owner[d] = -1
                st.mortgaged[d] = False
                if spec.rules.auctions:
                    st.auction_queue.append(d)
            for deck, ci in pl.cards:
                st.decks[deck].append(ci)
        pl.cards = []
        pl.bankrupt = True
        pl.in_jail = False
        st.claims = [c for c in st.claims if c.owner != p and c.payer != p]
        if st.auction is not None and p in st.auction.bidders:
            auc = st.auction
            i = auc.bidders.index(p)
            auc.bidders.pop(i)
            if i < auc.turn:
                auc.turn -= 1
            if auc.bidders:
                auc.turn %= len(auc.bidders)
        if st.trade is not None and p in (st.trade.proposer, st.trade.partner):
            st.trade = None
        st.transfers = [t for t in st.transfers if t.player != p]
        if ring.bears(spec, st, p):
            self._emit_all(ring.drop(spec, st, pl.position, "bankrupt"))
        self._emit(Event("bankrupt", player=p, other=creditor))
        alive = [i for i, q in enumerate(st.players) if not q.bankrupt]
        if len(alive) == 1:
            self._finish(alive[0], "last_standing", alive)
        elif spec.rules.end == "first_bankruptcy":
            self._end_by_valuation("first_bankruptcy")
        elif st.auction is not None:
            self._auction_check()

    def _end_by_valuation(self, reason: str) -> None:
        st = self.st
        alive = [i for i, q in enumerate(st.players) if not q.bankrupt]
        ranking = sorted(alive, key=lambda i: (-P.valuation(self.spec, st, i), i))
        self._finish(ranking[0], reason, ranking)

    def _finish(self, winner: int, reason: str, ranking: list[int]) -> None:
        st = self.st
        st.over = True
        st.winner = winner
        st.end_reason = reason
        out = [q for q in range(len(st.players)) if st.players[q].bankrupt]
        st.ranking = list(ranking) + [q for q in reversed(out) if q not in ranking]
        close_decisions(st)
        self._emit(Event("game_over", player=winner, text=reason))

    def _transfer_choice(self, a: Action) -> None:
        """A mortgaged deed received: lift it now (mortgage plus interest) or pay the interest
        and keep it mortgaged (lifting later costs the interest again)."""
        st, spec = self.st, self.spec
        t = st.transfers.pop(0)
        if a.kind == A.A_LIFT:
            cost = P.unmortgage_cost(spec, t.deed)
            if st.players[a.player].cash < cost:
                st.transfers.insert(0, t)
                raise IllegalAction(a, "not enough cash to lift the mortgage")
            self._pay_bank(a.player, cost)
            st.mortgaged[t.deed] = False
            self._emit(Event("unmortgaged", player=a.player, deed=t.deed, amount=cost))
        else:
            interest = P.mortgage_interest(spec, t.deed)
            self._emit(Event("interest", player=a.player, deed=t.deed, amount=interest))
            self._owe(a.player, -1, interest, f"interest:{t.deed}")

    # ------------------------------------------------------------------ any time

    def _build(self, a: Action) -> None:
        st, spec = self.st, self.spec
        why = P.can_build(spec, st, a.player, a.target) if 0 <= a.target < len(spec.deeds) \
            else "no such deed"
        if why:
            raise IllegalAction(a, why)
        d = spec.deeds[a.target]
        hotel = st.buildings[a.target] + 1 == P.hotel_level(spec)
        kind = "hotel" if hotel else "house"
        # A shortage: more players could build than the bank has buildings left.
        left = st.bank_hotels if hotel else st.bank_houses
        # No shortage is possible while the bank has a building for every player.
        wanting = self._could_build(kind) if left < len(st.players) else []
        if len(wanting) > 1 and left < len(wanting):
            self._start_auction(-1, first=a.player, building=kind,
                                bidders=[a.player] + [w for w in wanting if w != a.player],
                                requester=a.player, request_deed=a.target,
                                floor=d.hotel_cost if hotel else d.house_cost)
            return
        self._pay_bank(a.player, d.hotel_cost if hotel else d.house_cost)
        self._place(a.player, a.target, kind)

    def _could_build(self, kind: str) -> list[int]:
        """Players who could legally buy a building of this kind now."""
        st, spec = self.st, self.spec
        out = []
        for q, pl in enumerate(st.players):
            if pl.bankrupt:
                continue
            for d in spec.deeds:
                if st.owner[d.index] == q and d.kind == STREET \
                        and not P.can_build(spec, st, q, d.index):
                    is_hotel = st.buildings[d.index] + 1 == P.hotel_level(spec)
                    if (kind == "hotel") == is_hotel:
                        out.append(q)
                        break
        return out

    def _placeable(self, p: int, kind: str | None = None) -> list[int]:
        st, spec = self.st, self.spec
        kind = kind or st.place_kind
        out = []
        top = P.hotel_level(spec)
        for d in spec.deeds:
            i = d.index
            if st.owner[i] != p or d.kind != STREET:
                continue
            group = spec.groups[d.group].deeds
            if any(st.owner[g] != p or st.mortgaged[g] for g in group):
                continue
            level = st.buildings[i]
            if level >= top or level > min(st.buildings[g] for g in group):
                continue
            if (level + 1 == top) != (kind == "hotel"):
                continue
            if (st.bank_hotels if kind == "hotel" else st.bank_houses) <= 0:
                continue
            out.append(i)
        return out

    def _place(self, p: int, deed: int, kind: str) -> None:
        st, spec = self.st, self.spec
        if kind == "hotel":
            st.bank_hotels -= 1
            st.bank_houses += spec.rules.houses_per_hotel
        else:
            st.bank_houses -= 1
        st.buildings[deed] += 1
        self._emit(Event("built", player=p, deed=deed, text=kind, amount=st.buildings[deed]))

    def _place_choice(self, a: Action) -> None:
        st = self.st
        if a.target not in self._placeable(a.player):
            raise IllegalAction(a, "the building cannot go there")
        kind, bid = st.place_kind, st.place_bid
        st.place_building = -1
        st.place_kind = ""
        st.place_bid = 0
        self._place_bought(a.player, a.target, kind, bid)

    def _place_bought(self, p: int, deed: int, kind: str, bid: int) -> None:
        """A building won at auction goes on the street, then is paid for: the winning bid,
        and never less than the building's price on that street."""
        d = self.spec.deeds[deed]
        price = max(bid, d.hotel_cost if kind == "hotel" else d.house_cost)
        self._place(p, deed, kind)
        self._owe(p, -1, price, "building_auction")

    def _sell_building(self, a: Action) -> None:
        st, spec = self.st, self.spec
        why = P.can_sell_building(spec, st, a.player, a.target) \
            if 0 <= a.target < len(spec.deeds) else "no such deed"
        if why:
            raise IllegalAction(a, why)
        d = spec.deeds[a.target]
        if st.buildings[a.target] == P.hotel_level(spec):
            st.bank_hotels += 1
            st.bank_houses -= spec.rules.houses_per_hotel
            value = P.sell_price(spec, d.hotel_cost)
            kind = "hotel"
        else:
            st.bank_houses += 1
            value = P.sell_price(spec, d.house_cost)
            kind = "house"
        st.buildings[a.target] -= 1
        self._bank_pays(a.player, value)
        self._emit(Event("sold_building", player=a.player, deed=a.target, amount=value, text=kind))

    def _sell_all(self, a: Action) -> None:
        """Sell every building of a colour group at once (always possible, even when the bank
        is short of houses to break a hotel)."""
        st, spec = self.st, self.spec
        if not 0 <= a.target < len(spec.groups):
            raise IllegalAction(a, "no such group")
        deeds = spec.groups[a.target].deeds
        if not any(st.buildings[d] for d in deeds) or any(st.owner[d] != a.player for d in deeds):
            raise IllegalAction(a, "you have no buildings on that group")
        for d in deeds:
            self._sell_all_on(a.player, d)

    def _sell_all_on(self, p: int, deed: int) -> None:
        st, spec = self.st, self.spec
        level = st.buildings[deed]
        if not level:
            return
        value = P.sell_price(spec, P.building_value(spec, st, deed))
        if level == P.hotel_level(spec):
            st.bank_hotels += 1
        else:
            st.bank_houses += level
        st.buildings[deed] = 0
        self._bank_pays(p, value)
        self._emit(Event("sold_building", player=p, deed=deed, amount=value, text="all"))

    def _mortgage(self, a: Action) -> None:
        st, spec = self.st, self.spec
        why = P.can_mortgage(spec, st, a.player, a.target) \
            if 0 <= a.target < len(spec.deeds) else "no such deed"
        if why:
            raise IllegalAction(a, why)
        st.mortgaged[a.target] = True
        value = spec.deeds[a.target].mortgage
        self._bank_pays(a.player, value)
        self._emit(Event("mortgaged", player=a.player, deed=a.target, amount=value))

    def _unmortgage(self, a: Action) -> None:
        st, spec = self.st, self.spec
        if not 0 <= a.target < len(spec.deeds) or st.owner[a.target] != a.player \
                or not st.mortgaged[a.target]:
            raise IllegalAction(a, "not a mortgaged deed of yours")
        cost = P.unmortgage_cost(spec, a.target)
        if st.players[a.player].cash < cost:
            raise IllegalAction(a, "not enough cash")
        self._pay_bank(a.player, cost)
        st.mortgaged[a.target] = False
        self._emit(Event("unmortgaged", player=a.player, deed=a.target, amount=cost))

    def _collect_rent(self, a: Action) -> None:
        st = self.st
        if not 0 <= a.target < len(st.claims) or st.claims[a.target].owner != a.player:
            raise IllegalAction(a, "no such rent to collect")
        c = st.claims.pop(a.target)
        self._owe(c.payer, c.owner, c.amount, f"rent:{c.deed}")

    # ------------------------------------------------------------------ the Ring

    def _emit_all(self, events: list[Event]) -> None:
        self._events.extend(events)

    def _walk(self, p: int, steps: int, rent_mult: int = 1, dice_mult: int = 0) -> None:
        """A forward move made space by space (the edition has a Ring), so that the mover can
        be asked on the way; ``_walk_on`` walks it. A move of 0 spaces (two dice showing 0)
        leaves the token where it is: nothing is met and the space is not resolved again."""
        st = self.st
        if steps == 0:
            self._emit(Event("moved", player=p, space=st.players[p].position, amount=0))
            return
        st.moving = True
        st.move_left = steps
        st.move_rent_mult = rent_mult
        st.move_dice_mult = dice_mult
        self._walk_on()

    def _walk_on(self) -> None:
        """Walk the move under way: GO pays as it is passed; on every space the Ring may be
        met. A meeting to ask about stops the walk (``st.ring_meet``); ``_next`` resumes it.
        At the end the space is resolved."""
        st, spec = self.st, self.spec
        p = st.current
        pl = st.players[p]
        size = spec.size
        walked = 0
        while st.move_left > 0:
            pl.position = (pl.position + 1) % size
            st.move_left -= 1
            walked += 1
            if pl.position == spec.go_space:
                self._salary(p, landed=not st.move_left)
            self._emit_all(ring.arrive(spec, st, p, pl.position))
            if st.ring_meet:
                self._emit(Event("moved", player=p, space=pl.position, amount=walked))
                return
        if walked:
            self._emit(Event("moved", player=p, space=pl.position, amount=walked))
        st.moving = False
        rent_mult, dice_mult = st.move_rent_mult, st.move_dice_mult
        st.move_rent_mult, st.move_dice_mult = 1, 0
        if pl.position == spec.go_space and spec.rules.go_landing_bonus:
            self._bank_pays(p, spec.rules.go_landing_bonus)
            self._emit(Event("go_bonus", player=p, amount=spec.rules.go_landing_bonus))
        self._land(p, self._last_total(), rent_mult, dice_mult)

    def _ring_answer(self, a: Action) -> None:
        """The mover's answer to a meeting on the way: offer the Ring, battle, or pass by."""
        self._emit_all(ring.answer(self.spec, self.st, a, self._roll_faces))

    def _ring_eye(self) -> None:
        """The move is resolved and the bearer rolled the Eye: the Ring drops where the token
        stands, and the bearer pays the current circle's penalty."""
        st, spec = self.st, self.spec
        st.ring_eye = False
        p = st.current
        if not ring.bears(spec, st, p):
            return
        penalty = ring.eye_penalty(spec, st)
        self._emit_all(ring.drop(spec, st, st.players[p].position, "eye"))
        self._owe(p, -1, penalty, "ring_penalty", fee=True)

    def _ring_advance(self) -> bool:
        """The bearer's turn starts: the tracker moves one circle. At the end of the track the
        bearer collects the reward, every player collects the end payouts, and the most money
        wins. True when the game has ended."""
        st, spec = self.st, self.spec
        events, at_end = ring.advance(spec, st)
        self._emit_all(events)
        if not at_end:
            return False
        r = ring.rules(spec)
        bearer = st.ring_bearer
        self._bank_pays(bearer, r.end_reward)
        self._emit(Event("ring_reward", player=bearer, amount=r.end_reward))
        for e in ring.end_payouts(spec, st, self._roll_faces):
            self._bank_pays(e.player, e.amount)
            self._emit(e)
        ranking = ring.ranking_by_cash(spec, st)
        self._finish(ranking[0], r.end_reason, ranking)
        return True

    # ------------------------------------------------------------------ trades

    def trade_problem(self, offer: TradeOffer) -> str:
        """Why a trade cannot be made, or '': deeds only from groups without buildings, cash
        and Get Out of Jail Free cards that each side has."""
        st, spec = self.st, self.spec
        n = len(st.players)
        a, b = offer.proposer, offer.partner
        if not (0 <= a < n and 0 <= b < n) or a == b:
            return "a trade is between two different players"
        if st.players[a].bankrupt or st.players[b].bankrupt:
            return "both players must be in the game"
        if not (offer.give_deeds or offer.take_deeds or offer.give_cash or offer.take_cash
                or offer.give_cards or offer.take_cards):
            return "the trade is empty"
        for side, deeds in ((a, offer.give_deeds), (b, offer.take_deeds)):
            if len(set(deeds)) != len(deeds):
                return "a deed is named twice"
            for d in deeds:
                if not 0 <= d < len(spec.deeds) or st.owner[d] != side:
                    return f"{st.players[side].name} does not own that deed"
                if P.group_has_buildings(spec, st, spec.deeds[d].group):
                    return f"sell the buildings on {spec.deeds[d].name}'s group first"
        if offer.give_cash < 0 or offer.take_cash < 0 or offer.give_cards < 0 \
                or offer.take_cards < 0:
            return "amounts cannot be negative"
        if offer.give_cash > st.players[a].cash or offer.take_cash > st.players[b].cash:
            return "not enough cash"
        if offer.give_cards > len(st.players[a].cards) or \
                offer.take_cards > len(st.players[b].cards):
            return "not that many Get Out of Jail Free cards"
        return ""

    def _propose(self, a: Action) -> None:
        offer = a.trade
        if offer is None or offer.proposer != a.player:
            raise IllegalAction(a, "a trade offer made by the player proposing it is needed")
        why = self.trade_problem(offer)
        if why:
            raise IllegalAction(a, why)
        self.st.trade = offer
        self._emit(Event("trade_proposed", player=offer.proposer, other=offer.partner))

    def _answer_trade(self, a: Action) -> None:
        st, spec = self.st, self.spec
        offer = st.trade
        assert offer is not None
        st.trade = None
        if a.kind == A.A_REJECT:
            self._emit(Event("trade_rejected", player=offer.partner, other=offer.proposer))
            return
        why = self.trade_problem(offer)
        if why:
            self._emit(Event("trade_failed", player=offer.partner, other=offer.proposer,
                             text=why))
            return
        pa, pb = st.players[offer.proposer], st.players[offer.partner]
        pa.cash += offer.take_cash - offer.give_cash
        pb.cash += offer.give_cash - offer.take_cash
        for d in offer.give_deeds:
            st.owner[d] = offer.partner
            if st.mortgaged[d]:
                st.transfers.append(MortgagedTransfer(offer.partner, d))
        for d in offer.take_deeds:
            st.owner[d] = offer.proposer
            if st.mortgaged[d]:
                st.transfers.append(MortgagedTransfer(offer.proposer, d))
        moved_a = pa.cards[: offer.give_cards]
        moved_b = pb.cards[: offer.take_cards]
        pa.cards = pa.cards[offer.give_cards :] + moved_b
        pb.cards = pb.cards[offer.take_cards :] + moved_a
        self._emit(Event("trade_accepted", player=offer.partner, other=offer.proposer))
        del spec


_HANDLERS = {
    (A.ROLL, A.A_ROLL): Game._roll,
    (A.JAIL, A.A_ROLL): Game._jail_roll,
    (A.JAIL, A.A_PAY_FINE): Game._pay_fine,
    (A.JAIL, A.A_USE_CARD): Game._use_card,
    (A.BUY, A.A_BUY): Game._buy,
    (A.BUY, A.A_AUCTION): Game._decline,
    (A.BUY, A.A_DECLINE): Game._decline,
    (A.AUCTION, A.A_BID): Game._bid,
    (A.AUCTION, A.A_DROP): Game._drop,
    (A.TAX, A.A_TAX_FLAT): Game._tax,
    (A.TAX, A.A_TAX_PERCENT): Game._tax,
    (A.DEBT, A.A_PAY_DEBT): Game._pay_debt,
    (A.DEBT, A.A_BANKRUPT): Game._bankrupt,
    (A.TRADE, A.A_ACCEPT): Game._answer_trade,
    (A.TRADE, A.A_REJECT): Game._answer_trade,
    (A.MORTGAGED_TRANSFER, A.A_LIFT): Game._transfer_choice,
    (A.MORTGAGED_TRANSFER, A.A_KEEP): Game._transfer_choice,
    (A.PLACE_BUILDING, A.A_PLACE): Game._place_choice,
    (A.END_TURN, A.A_END_TURN): Game._end_turn,
    (A.RING, A.A_OFFER_RING): Game._ring_answer,
    (A.RING, A.A_BATTLE): Game._ring_answer,
    (A.RING, A.A_PASS_BY): Game._ring_answer,
}
_ANYTIME = {
    A.A_BUILD: Game._build,
    A.A_SELL_BUILDING: Game._sell_building,
    A.A_SELL_ALL: Game._sell_all,
    A.A_MORTGAGE: Game._mortgage,
    A.A_UNMORTGAGE: Game._unmortgage,
    A.A_PROPOSE: Game._propose,
    A.A_COLLECT_RENT: Game._collect_rent,
}
