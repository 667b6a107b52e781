"""Whole games with random legal choices, checking the rules' invariants after every decision.

Hypothesis picks the edition (classic, Game of Thrones, NFL, Lord of the Rings; with and
without their short games and house rules), the number of players, the game's seed and the
seed of the random player. The random player takes random legal choices, random bids, random
at-any-time actions (build, sell, mortgage, lift, collect rent) by any player, random deals,
and now and then an illegal choice, which must raise and change nothing.

After every decision:
- the ledger balances: cash in hands plus the Free Parking pot is the starting money plus what
  the bank paid out net (``bank_net``); deals move money only between the two players;
- each deed has at most one owner and never a bankrupt one; mortgaged deeds are owned;
- buildings stand only on whole, unmortgaged groups of one owner, evenly, and the bank's stock
  plus what is built is the supply;
- nobody's cash is negative;
- the game always offers a way on (no dead end);
and every game ends or reaches the decision cap.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import ring_of
from monopoly_tui.engine.snapshot import decode_state, encode_state
from monopoly_tui.engine.spec import STREET
from monopoly_tui.engine.state import GameState, TradeOffer
from monopoly_tui.rules import load_spec

CAP = 800
"""Decisions per game before the test stops it (random players rarely finish a classic game)."""

CONFIGS: list[tuple[str, str | None, dict[str, Any] | None, dict[str, Any] | None]] = [
    # (edition, variant, house rules, extra rule switches)
    ("classic", None, None, None),
    ("classic", None, {"free_parking_jackpot": True, "double_go": True}, None),
    ("classic", None, {"no_rent_in_jail": True, "turn_limit": 8}, None),
    ("classic", None, None, {"rent_collection": "owner_must_ask"}),
    ("classic", None, None, {"building_supply": {"houses": 6, "hotels": 2}}),
    ("got", None, None, None),
    ("got", "speed", None, None),
    ("got", "speed", {"free_parking_jackpot": True}, None),
    ("nfl", None, None, None),
    ("nfl", "short", None, None),
    ("nfl", "time-limit", None, None),
    ("lotr", None, None, None),
    ("lotr", None, {"turn_limit": 10}, {"building_supply": {"houses": 6, "hotels": 2}}),
]

PHASES = (Phase.explicit, Phase.reuse, Phase.generate)
"""No shrinking: a whole game is slow to shrink; a failure still prints its example."""

ALL_KINDS = [
    A.A_ROLL, A.A_PAY_FINE, A.A_USE_CARD, A.A_BUY, A.A_AUCTION, A.A_DECLINE, A.A_BID, A.A_DROP,
    A.A_TAX_FLAT, A.A_TAX_PERCENT, A.A_PAY_DEBT, A.A_BANKRUPT, A.A_ACCEPT, A.A_REJECT, A.A_LIFT,
    A.A_KEEP, A.A_PLACE, A.A_END_TURN, A.A_BUILD, A.A_SELL_BUILDING, A.A_SELL_ALL, A.A_MORTGAGE,
    A.A_UNMORTGAGE, A.A_COLLECT_RENT,
]


def make_game(config: int, players: int, seed: int, start_cash: int | None = None) -> Game:
    """A new game; ``start_cash`` (the bank taking back the rest) makes debts come sooner."""
    edition, variant, house, extra = CONFIGS[config]
    spec = load_spec(edition)
    if extra:
        spec = spec.with_rules(spec.rules.with_overrides(extra))
    game = Game.new(
        spec,
        [(f"P{i}", spec.tokens[i]) for i in range(players)],
        seed=seed,
        variant=variant,
        house_rules=house,
    )
    if start_cash is not None:
        for p in game.st.players:
            game.st.bank_net += min(start_cash, p.cash) - p.cash
            p.cash = min(start_cash, p.cash)
    return game


# ------------------------------------------------------------------ invariants


def snapshot(s: GameState) -> tuple[Any, ...]:
    """Everything in the state, the generator by its internal state. Copied through the save
    codec, whose round trip test_saves checks field by field: a compiled engine's dataclasses
    cannot be deep-copied."""
    copied = decode_state(encode_state(s))
    return tuple(s.rng.getstate() if f.name == "rng" else getattr(copied, f.name)
                 for f in fields(s))


def money(game: Game) -> int:
    return sum(p.cash for p in game.st.players) + game.st.pot


def check_invariants(game: Game) -> None:
    spec, s = game.spec, game.st
    # the ledger balances
    assert money(game) == s.starting_total + s.bank_net, "the ledger does not balance"
    # nobody's cash is negative
    for p in s.players:
        assert p.cash >= 0, f"{p.name} has negative cash {p.cash}"
    assert s.pot >= 0
    # owners: one each, never bankrupt; mortgaged deeds are owned
    for d in range(len(spec.deeds)):
        o = s.owner[d]
        assert -1 <= o < len(s.players)
        if o >= 0:
            assert not s.players[o].bankrupt, f"bankrupt {s.players[o].name} owns deed {d}"
        else:
            assert not s.mortgaged[d], f"the bank holds deed {d} mortgaged"
            assert s.buildings[d] == 0, f"the bank's deed {d} has buildings"
    # bankrupt players hold nothing
    for p in s.players:
        if p.bankrupt:
            assert p.cash == 0 and not p.cards
    # buildings within supply, on whole unmortgaged groups, even
    top = P.hotel_level(spec)
    houses = sum(b for b in s.buildings if b < top)
    hotels = sum(1 for b in s.buildings if b >= top)
    assert all(0 <= b <= top for b in s.buildings)
    assert s.bank_houses >= 0 and s.bank_hotels >= 0
    assert s.bank_houses + houses == spec.rules.building_supply_houses, "houses not conserved"
    assert s.bank_hotels + hotels == spec.rules.building_supply_hotels, "hotels not conserved"
    for g in spec.groups:
        levels = [s.buildings[d] for d in g.deeds]
        if any(levels):
            assert all(spec.deeds[d].kind == STREET for d in g.deeds)
            owners = {s.owner[d] for d in g.deeds}
            assert len(owners) == 1 and -1 not in owners, f"group {g.id} built but split"
            assert not any(s.mortgaged[d] for d in g.deeds), f"group {g.id} built and mortgaged"
            assert max(levels) - min(levels) <= 1, f"group {g.id} built unevenly: {levels}"
    # Get Out of Jail Free cards: each card is in its deck or in one hand, never both
    for di, dk in enumerate(spec.decks):
        held = [ci for p in s.players for (dd, ci) in p.cards if dd == di]
        assert sorted(s.decks[di] + held) == list(range(len(dk.cards))), "a card is lost"
    # the game always offers a way on
    if not s.over:
        assert game.legal_actions(), f"no way on from {game.pending}"


# ------------------------------------------------------------------ the random player


def random_trade(game: Game, r: random.Random) -> Action | None:
    """A random deal; half of them hand over a deed that completes the partner's group."""
    s, spec = game.st, game.spec
    alive = [i for i, p in enumerate(s.players) if not p.bankrupt]
    if len(alive) < 2:
        return None
    a, b = r.sample(alive, 2)
    mine = [d for d in range(len(spec.deeds)) if s.owner[d] == a]
    theirs = [d for d in range(len(spec.deeds)) if s.owner[d] == b]
    if r.random() < 0.5:
        # deeds of a whose group b otherwise owns in full
        helpful = [d for d in mine
                   if all(s.owner[g] in (a, b) for g in spec.groups[spec.deeds[d].group].deeds)]
        give = tuple(helpful[:2]) if helpful else ()
    else:
        give = tuple(r.sample(mine, min(len(mine), r.randint(0, 2))))
    take = tuple(r.sample(theirs, min(len(theirs), r.randint(0, 1))))
    give_cash = r.randint(0, s.players[a].cash) if r.random() < 0.3 else 0
    take_cash = r.randint(0, min(400, s.players[b].cash)) if r.random() < 0.5 else 0
    offer = TradeOffer(a, b, give, take, give_cash, take_cash,
                       r.randint(0, len(s.players[a].cards)),
                       r.randint(0, len(s.players[b].cards)))
    return Action(A.A_PROPOSE, a, trade=offer)


def random_illegal(game: Game, r: random.Random) -> Action:
    """Any choice at all, most of them not legal now."""
    n = len(game.st.players)
    kind = r.choice(ALL_KINDS)
    return Action(kind, r.randrange(-1, n + 1), r.randrange(-2, len(game.spec.deeds) + 2),
                  r.randrange(-5, 3000))


WEIGHTS = {A.A_BUILD: 6.0, A.A_COLLECT_RENT: 6.0, A.A_SELL_BUILDING: 1.0, A.A_SELL_ALL: 0.3,
           A.A_MORTGAGE: 0.5, A.A_UNMORTGAGE: 0.5}


def pick_anytime(options: list[Action], r: random.Random) -> Action:
    """At-any-time choices, building and collecting rent preferred (so games get somewhere)."""
    kinds = sorted({a.kind for a in options})
    kind = r.choices(kinds, weights=[WEIGHTS.get(k, 1.0) for k in kinds])[0]
    return r.choice([a for a in options if a.kind == kind])


def choose(game: Game, r: random.Random) -> Action:
    pend = game.pending
    s = game.st
    roll_ = r.random()
    # at-any-time actions by anyone
    if roll_ < 0.12:
        q = r.randrange(len(s.players))
        extra = [a for a in game.legal_actions(q) if a.kind in A.ANYTIME]
        if extra:
            return pick_anytime(extra, r)
    choices = list(pend.choices)
    if pend.kind == A.AUCTION:
        lo, hi = pend.context["min_bid"], pend.context["max_bid"]
        if hi >= lo and r.random() < 0.55:
            return Action(A.A_BID, pend.player, pend.context["deed"],
                          r.randint(lo, min(hi, lo + r.choice((1, 10, 100, 400)))))
        return Action(A.A_DROP, pend.player, pend.context["deed"])
    if pend.kind == A.BUY:
        buy = [a for a in choices if a.kind == A.A_BUY]
        if buy and r.random() < 0.8:
            return buy[0]
        return next(a for a in choices if a.kind != A.A_BUY)
    if pend.kind == A.TRADE and r.random() < 0.6:
        return Action(A.A_ACCEPT, pend.player)
    if pend.kind in (A.ROLL, A.END_TURN, A.JAIL):
        own = [a for a in game.legal_actions(pend.player) if a.kind in A.ANYTIME]
        if own and r.random() < 0.3:
            return pick_anytime(own, r)
    if not choices:  # a debt to raise: sell or mortgage
        return r.choice(game.legal_actions(pend.player))
    return r.choice(choices)


def play(game: Game, choice_seed: int, probe_illegal: float = 0.03,
         trade_rate: float = 0.03) -> int:
    """Play to the end or the cap; return the number of decisions taken."""
    r = random.Random(choice_seed)
    check_invariants(game)
    for step in range(CAP):
        if game.over:
            return step
        x = r.random()
        risky = True  # a choice that may be illegal: the state must not change if it is
        if x < probe_illegal:
            action = random_illegal(game, r)
        elif x < probe_illegal + trade_rate:
            action = random_trade(game, r) or choose(game, r)
        else:
            action = choose(game, r)
            risky = False
        before = snapshot(game.st) if risky else None
        money_before = money(game)
        try:
            game.act(action)
        except IllegalAction as err:
            assert risky, f"the offered choice {action} was refused: {err.reason}"
            assert snapshot(game.st) == before, f"illegal {action} changed the state"
            continue
        if action.kind in (A.A_PROPOSE, A.A_ACCEPT, A.A_REJECT):
            # a deal moves money between the two players only (interest on a mortgaged deed
            # received is paid at the next decision)
            assert money(game) == money_before, "a deal created or destroyed money"
        check_invariants(game)
    return CAP


@settings(max_examples=100, deadline=None, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow])
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
    choice_seed=st.integers(0, 2**32 - 1),
    start_cash=st.sampled_from([None, None, 600, 250]),
)
def test_random_games_keep_every_invariant(config: int, players: int, seed: int,
                                           choice_seed: int, start_cash: int | None) -> None:
    """Random legal play never breaks the ledger, ownership, supply, evenness or cash rules,
    illegal choices change nothing, and every game ends or reaches the cap."""
    game = make_game(config, players, seed, start_cash)
    steps = play(game, choice_seed)
    assert game.over or steps == CAP


@settings(max_examples=12, deadline=None, phases=PHASES)
@given(
    config=st.integers(0, len(CONFIGS) - 1),
    seed=st.integers(0, 2**32 - 1),
    choice_seed=st.integers(0, 2**32 - 1),
)
def test_replaying_the_history_gives_the_same_game(config: int, seed: int,
                                                   choice_seed: int) -> None:
    """A game is its seed plus its decisions: replaying them gives the same state."""
    game = make_game(config, 3, seed)
    play(game, choice_seed, probe_illegal=0.0)
    again = make_game(config, 3, seed)
    for action in game.history:
        again.act(action)
    assert snapshot(again.st) == snapshot(game.st)


TIMED = [i for i, c in enumerate(CONFIGS) if c[1] == "time-limit" or (c[2] or {}).get("turn_limit")]


@settings(max_examples=8, deadline=None, phases=PHASES)
@given(
    config=st.sampled_from(TIMED),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**32 - 1),
)
def test_timed_games_end_at_the_limit(config: int, players: int, seed: int) -> None:
    """A game with a turn limit ends by the limit (or sooner, by bankruptcy or the edition's own
    end), never runs on."""
    game = make_game(config, players, seed)
    limit = game.spec.rules.turn_limit
    r = random.Random(seed)
    while not game.over:
        assert game.st.rounds < limit
        pend = game.pending
        buy = [a for a in pend.choices if a.kind == A.A_BUY]
        if buy:
            game.act(buy[0])
        elif pend.kind == A.AUCTION:
            game.act(Action(A.A_DROP, pend.player, pend.context["deed"]))
        elif pend.choices:
            game.act(r.choice(pend.choices))
        else:
            game.act(game.legal_actions(pend.player)[0])
        check_invariants(game)
    sooner = {"last_standing"}
    if ring_of(game.spec) is not None:  # the Ring's own end can come sooner too
        sooner.add(ring_of(game.spec).end_reason)
    assert game.st.end_reason == "turn_limit" or game.st.end_reason in sooner
    if game.st.end_reason == "turn_limit":
        assert game.st.rounds == limit
        values = {p: P.valuation(game.spec, game.st, p) for p in game.st.ranking
                  if not game.st.players[p].bankrupt}
        assert values[game.st.winner] == max(values.values())
