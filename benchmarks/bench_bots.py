"""How the expert computer player fares: seat-rotated matches of one expert against basic bots
(or against the benchmark's own "trade shark"), with win rates and Wilson 95% intervals, and
the time each of the expert's decisions takes on the engine as it runs.

    python benchmarks/bench_bots.py --edition classic --games 2000
    python benchmarks/bench_bots.py --edition classic --games 500 --players 2
    python benchmarks/bench_bots.py --edition classic --games 500 --opponents shark
    python benchmarks/bench_bots.py --player master --players 2 --opponents expert --jobs 2

``--player master`` puts the master (``bots.master``) in the tested seat instead of the
expert: it thinks ``--budget-ms`` of CPU time a searched decision, or plays ``--rollouts``
futures a candidate (deterministic); the figures below then count its play. ``--jobs N``
plays the games in N processes (decisions then timed by CPU time).

Game ``i`` is seeded ``seed + i`` and puts the expert in seat ``i % players``; the other seats
play the opponents' bot. A game without a winner at the cap counts as not won. The last line
says ``expert wins X% of N games (95%: LO–HI)`` (``master wins`` with ``--player master``).

The trade shark is a basic bot that, besides its usual play, offers lopsided deals at the end
of its turns: the deeds that complete its own colour group for a deed's printed price in cash
(no premium for the group), or for a lone deed of its own. Against it the benchmark checks every
trade the expert accepts that completes the shark's group: what the expert gets must be worth
more than what it gives, by the expert's model and by the basic valuation (deeds at their
price, a whole group its price again); it counts those that are not.

The tables of issue 29 (``benchmarks/opponents.py``): ``snub`` (basic bots that reject every
offer from the expert and trade normally among themselves), ``hermit`` (never trade), ``broker``
(buy a deed the expert holds whose group's rest one other player holds, and resell it to that
player) and ``pumper`` (raise an auction the expert leads). Every deed the expert hands over in
a trade is followed for ``FOLLOW_TURNS`` player-turns: the benchmark counts those that complete
another player's colour group in that time, and of them those the expert got less for (cash and
deeds received at their trade price) than the basic valuation's fair price of such a deed (its
trade price plus the group's price again). ``--edition`` takes a comma-separated list (or
``all``); each edition prints its own lines. Games that reach ``--max-turns`` are counted as
capped, and the win rate of the decided games is shown beside the overall one.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.base import Board, decider
from monopoly_tui.bots.basic import BasicBot, trade_value
from monopoly_tui.bots.expert import ExpertBot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frames import TradeFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import GameState, TradeOffer
from monopoly_tui.rules.loader import load_edition_spec
from monopoly_tui.simulate import bot_seed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from opponents import OPPONENTS

EDITIONS = ("classic", "got", "nfl", "lotr", "dnd", "lge")
FOLLOW_TURNS = 10
"""Player-turns a deed the expert handed over is followed, to see whether it completes another
player's group."""
Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n``."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


class SharkBot:
    """The basic bot, plus lopsided offers at the end of its turns (see the module)."""

    name = "shark"

    def __init__(self, seed: int = 0) -> None:
        self.basic = BasicBot(seed)
        self.offered: set[TradeOffer] = set()

    def decide(self, game: Game, kind: str, player: int) -> Action:
        if kind == A.END_TURN and not _proposed_this_turn(game, player):
            offer = self.lowball(game, player)
            if offer is not None:
                self.offered.add(offer)
                return Action(A.A_PROPOSE, player, trade=offer)
        return self.basic.decide(game, kind, player)

    def lowball(self, game: Game, player: int) -> TradeOffer | None:
        """An offer for the deeds that complete one of its groups, held by one other player:
        their printed price in cash, or a lone deed of its own instead when it has one."""
        st = game.st
        board = Board.of(game.spec)
        owner = st.owner
        for g in board.street_groups:
            deeds = board.group_deeds[g]
            missing = tuple(d for d in deeds if owner[d] != player)
            if not missing or len(missing) == len(deeds):
                continue
            q = owner[missing[0]]
            if q < 0 or any(owner[d] != q for d in missing) or st.players[q].bankrupt:
                continue
            price = sum(board.price[d] for d in missing)
            lone = [d for d, o in enumerate(owner) if o == player and not board.is_street[d]]
            candidates = [TradeOffer(player, q, (), missing, give_cash=price)]
            if lone:
                candidates.append(TradeOffer(player, q, (lone[0],), missing))
            for offer in candidates:
                if offer not in self.offered and not game.trade_problem(offer):
                    return offer
        return None


def _proposed_this_turn(game: Game, player: int) -> bool:
    for a in reversed(game.history):
        if a.kind == A.A_END_TURN:
            return False
        if a.kind == A.A_PROPOSE and a.player == player:
            return True
    return False


class Match:
    """Counts over a run of games."""

    def __init__(self) -> None:
        self.games = 0
        self.wins = 0
        self.no_winner = 0
        self.times: list[float] = []
        """Seconds per expert decision."""
        self.shark_sets = 0
        """Trades the expert accepted that completed a shark's colour group."""
        self.shark_bad_model = 0
        self.shark_bad_basic = 0
        self.offers_to_expert = 0
        self.accepted_by_expert = 0
        self.expert_offers = 0
        """Trades the expert proposed..."""
        self.expert_offers_taken = 0
        """...and of them those accepted."""
        self.capped = 0
        """Games that reached the turn cap unfinished."""
        self.rounds: list[int] = []
        """Rounds each game lasted (player-turns over the players)."""
        self.sold = 0
        """Deeds the expert handed over in trades."""
        self.sold_completed = 0
        """Of them, those that completed another player's colour group within
        ``FOLLOW_TURNS``."""
        self.sold_cheap = 0
        """Of those, the ones the expert got less for than the basic valuation's fair price."""
        self.shortfalls: list[int] = []


def play(spec: Spec, players: int, seed: int, index: int, opponents: str, match: Match,
         max_turns: int, clock: Callable[[], float] = time.perf_counter,
         tested: str = "expert", budget_ms: float = 150.0, rollouts: int | None = None,
         policy: str = "basic") -> None:
    """One game of the edition ``spec``: the expert in seat ``index % players``, the opponents'
    bot elsewhere. (The edition is loaded once for the whole run: loading it again for each
    game would also make every bot read its board and the expert its model anew.)"""
    expert_seat = index % players
    names = [(f"seat {i + 1}", spec.tokens[i]) for i in range(players)]
    game = Game.new(spec, names, seed=seed)
    bots: list[Callable[[Game, str, int], Action]] = []
    expert = ExpertBot(bot_seed(seed, expert_seat))
    for i in range(players):
        if i == expert_seat and tested == "master":
            from monopoly_tui.bots.master import MasterBot

            master = MasterBot(bot_seed(seed, expert_seat), budget_ms, rollouts, policy)
            expert = master.expert  # (the shark's check reads the model of the one who plays)
            bots.append(master.decide)
        elif i == expert_seat:
            bots.append(expert.decide)
        elif opponents == "shark":
            bots.append(SharkBot(bot_seed(seed, i)).decide)
        elif opponents in OPPONENTS:
            bots.append(OPPONENTS[opponents](bot_seed(seed, i), expert_seat).decide)
        else:
            bots.append(decider(make_bot(opponents, bot_seed(seed, i))))
    board = Board.of(game.spec)
    st = game.st
    follow: list[tuple[int, int, int]] = []
    """(deed, the turn it was handed over, what the expert got for it)"""
    while not st.over and st.turns < max_turns:
        kind, who = game.waiting_for
        if st.claims and kind in (A.ROLL, A.JAIL, A.END_TURN):
            game.act(Action(A.A_COLLECT_RENT, st.claims[0].owner, 0))
            continue
        if who == expert_seat:
            t0 = clock()
            action = bots[who](game, kind, who)
            match.times.append(clock() - t0)
            f = game.frame
            if isinstance(f, TradeFrame):
                match.offers_to_expert += 1
                if action.kind == A.A_ACCEPT:
                    match.accepted_by_expert += 1
                    if opponents == "shark":
                        check_shark_trade(game, expert, board, f.offer, match)
            if action.kind == A.A_PROPOSE:
                match.expert_offers += 1
        else:
            action = bots[who](game, kind, who)
            f = game.frame
            if isinstance(f, TradeFrame) and f.offer.proposer == expert_seat \
                    and action.kind == A.A_ACCEPT:
                match.expert_offers_taken += 1
        if action.kind == A.A_ACCEPT:
            f = game.frame
            if isinstance(f, TradeFrame) and expert_seat in (f.offer.proposer, f.offer.partner):
                follow += handed_over(board, st, f.offer, expert_seat, st.turns)
        game.act(action)
        if follow:
            follow = check_follow(board, st, expert_seat, follow, match)
    match.sold += len(follow)
    match.games += 1
    match.rounds.append(st.turns // players)
    if st.over and st.winner == expert_seat:
        match.wins += 1
    if not st.over:
        match.capped += 1
    if not st.over or st.winner < 0:
        match.no_winner += 1


def handed_over(board: Board, st: GameState, offer: TradeOffer, seat: int,
                turn: int) -> list[tuple[int, int, int]]:
    """The deeds ``seat`` hands over in ``offer`` (asked before it is carried out), each with
    the turn and what it got for it by the basic valuation: the cash and the change of its
    holdings' worth with the deeds given counted back (so the deeds received at their trade
    price, and a group of its own completed at its price again), shared among the deeds
    given."""
    if seat == offer.proposer:
        given = offer.give_deeds
        cash = offer.take_cash - offer.give_cash
    else:
        given = offer.take_deeds
        cash = offer.give_cash - offer.take_cash
    if not given:
        return []
    after = st.owner.copy()
    for d in offer.give_deeds:
        after[d] = offer.partner
    for d in offer.take_deeds:
        after[d] = offer.proposer
    value = cash + board.holdings_value(after, st.mortgaged, seat) \
        - board.holdings_value(st.owner, st.mortgaged, seat) \
        + sum(board.trade_price[d] for d in given)
    return [(d, turn, value // len(given)) for d in given]


def check_follow(board: Board, st: GameState, seat: int, follow: list[tuple[int, int, int]],
                 match: Match) -> list[tuple[int, int, int]]:
    """Count the deeds followed that now complete another player's colour group; the list of
    those still followed."""
    left = []
    for d, turn, got in follow:
        if not board.is_street[d] or st.turns - turn > FOLLOW_TURNS:
            match.sold += 1
            continue
        g = board.group_of[d]
        o = st.owner[d]
        if o >= 0 and o != seat and all(st.owner[x] == o for x in board.group_deeds[g]):
            match.sold += 1
            match.sold_completed += 1
            fair = board.trade_price[d] + board.set_bonus[g]
            if got < fair:
                match.sold_cheap += 1
                match.shortfalls.append(fair - got)
            continue
        left.append((d, turn, got))
    return left


def check_shark_trade(game: Game, expert: ExpertBot, board: Board, offer: TradeOffer,
                      match: Match) -> None:
    """Count an accepted trade that completes the shark's group, and whether what the expert
    gets is worth less than what it gives (by its model, each group at its full development
    as its owner builds it in time; by the basic valuation)."""
    st = game.st
    after = st.owner.copy()
    for d in offer.give_deeds:
        after[d] = offer.partner
    for d in offer.take_deeds:
        after[d] = offer.proposer
    if not expert.completes(st.owner, after, offer.proposer):
        return
    match.shark_sets += 1
    theirs, mine, _ = expert.trade_gains(game, offer, in_time=True)
    if mine < theirs:
        match.shark_bad_model += 1
    if trade_value(board, st, offer.partner, offer, game.spec.rules.jail_fine) < 0:
        match.shark_bad_basic += 1


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edition", default="classic",
                    help="an edition, a comma-separated list of them, or 'all'")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--opponents", choices=("basic", "expert", "shark", *OPPONENTS),
                    default="basic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-turns", type=int, default=2000)
    ap.add_argument("--player", choices=("expert", "master"), default="expert",
                    help="the computer player under test (in the rotated seat)")
    ap.add_argument("--budget-ms", type=float, default=150.0,
                    help="the master's CPU time to think at a decision")
    ap.add_argument("--rollouts", type=int, default=None,
                    help="the master's futures per candidate (instead of a time budget)")
    ap.add_argument("--policy", choices=("basic", "expert"), default="basic",
                    help="who plays the master's futures")
    ap.add_argument("--jobs", type=int, default=1, help="games played in this many processes")
    ap.add_argument("--cpu-clock", action="store_true",
                    help="time decisions by this thread's CPU time (time.thread_time), so a "
                         "busy machine's other processes do not count in them")
    args = ap.parse_args(argv)
    editions = EDITIONS if args.edition == "all" else tuple(args.edition.split(","))
    for edition in editions:
        run(edition, args)
    return 0


def _games(edition: str, args: argparse.Namespace, first: int, step: int) -> Match:
    """Games ``first``, ``first + step``... of the match, counted in one ``Match``."""
    match = Match()
    spec = load_edition_spec(edition)
    for i in range(first, args.games, step):
        play(spec, args.players, args.seed + i, i, args.opponents, match, args.max_turns,
             time.thread_time if args.cpu_clock or args.jobs > 1 else time.perf_counter,
             args.player, args.budget_ms, args.rollouts, args.policy)
    return match


def merged(matches: list[Match]) -> Match:
    """The counts of several matches together."""
    out = Match()
    for m in matches:
        for name, value in vars(m).items():
            mine = getattr(out, name)
            if isinstance(value, list):
                mine.extend(value)
            else:
                setattr(out, name, mine + value)
    return out


def run(edition: str, args: argparse.Namespace) -> Match:
    """The match of one edition, printed."""
    start = time.perf_counter()
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(args.jobs) as pool:
            match = merged(list(pool.map(_games, [edition] * args.jobs, [args] * args.jobs,
                                         range(args.jobs), [args.jobs] * args.jobs)))
    else:
        match = _games(edition, args, 0, 1)
    took = time.perf_counter() - start
    n = match.games
    lo, hi = wilson(match.wins, n)
    share = 1 / args.players
    me = args.player
    print(f"{edition}: {n} games of {args.players} players, 1 {me} against "
          f"{args.players - 1} {args.opponents}, seats rotated, seed {args.seed} ({took:.0f} s)")
    print(f"  an even share: {share:.1%}; games without a winner: {match.no_winner}, of them "
          f"capped at {args.max_turns} turns: {match.capped}; median rounds "
          f"{statistics.median(match.rounds):.0f}")
    decided = n - match.capped
    if decided:
        dlo, dhi = wilson(match.wins, decided)
        print(f"  of the {decided} decided games the {me} wins {match.wins / decided:.1%} "
              f"(95%: {dlo:.1%}–{dhi:.1%})")
    times = sorted(match.times)
    if times:
        which = "CPU" if args.cpu_clock or args.jobs > 1 else "wall"
        print(f"  {me} decisions ({which} time): {len(times)}, median "
              f"{statistics.median(times) * 1e3:.3f} ms,"
              f" p99 {times[int(len(times) * 0.99)] * 1e3:.2f} ms, worst {times[-1] * 1e3:.2f} ms")
    print(f"  trades the {me} proposed: {match.expert_offers}, accepted "
          f"{match.expert_offers_taken}; offers to the {me}: {match.offers_to_expert}, "
          f"accepted {match.accepted_by_expert}")
    if args.opponents == "shark":
        print(f"  accepted completing the shark's group: "
              f"{match.shark_sets}, of them worth less to the expert than it gave: "
              f"{match.shark_bad_model} (its model), {match.shark_bad_basic} (basic valuation)")
    short = f", median shortfall {statistics.median(match.shortfalls):.0f}" \
        if match.shortfalls else ""
    print(f"  deeds the {me} traded away: {match.sold}; completed another's group within "
          f"{FOLLOW_TURNS} turns: {match.sold_completed}, of them below the basic fair price: "
          f"{match.sold_cheap}{short}")
    print(f"{me} wins {match.wins / n:.1%} of {n} games (95%: {lo:.1%}–{hi:.1%})")
    return match


if __name__ == "__main__":
    raise SystemExit(main())
