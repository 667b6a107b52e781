"""Engine speed on one core: player-turns per second, decisions per second, and complete
four-player bot games per second, with the full rules (no invariant checks, no output).

    .venv/bin/python benchmarks/bench_engine.py [--edition classic] [--bot basic]
        [--games 300] [--players 4] [--max-turns 2000] [--repeat 3] [--profile]

Each figure is the best of ``--repeat`` runs over the same seeded games (the games are the same
every run, so the figures compare machines and versions of the engine), in CPU seconds of this
process (``time.process_time``), so other work on the machine disturbs it less; the wall time
is shown too. ``--profile`` prints
where the time goes instead (cProfile, sorted by own time).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.base import decider
from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec


def play(edition: str, bot: str, games: int, players: int, max_turns: int) -> tuple[int, int]:
    """Play the seeded games; returns (player-turns, decisions)."""
    spec = load_spec(edition)
    seats = [(f"{bot} {i + 1}", spec.tokens[i]) for i in range(players)]
    turns = decisions = 0
    for seed in range(games):
        game = Game.new(spec, seats, seed=seed)
        bots = [decider(make_bot(bot, seed * 16 + i)) for i in range(players)]
        st = game.st
        act = game.act
        while not st.over and st.turns < max_turns:
            kind, who = game.waiting_for
            act(bots[who](game, kind, who))
        turns += st.turns
        decisions += st.decisions
    return turns, decisions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--edition", default="classic")
    ap.add_argument("--bot", default="basic")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--max-turns", type=int, default=2000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    load_spec(args.edition)  # loading the YAML is not the engine's time
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(play, args.edition, args.bot, args.games, args.players, args.max_turns)
        pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(30)
        return 0
    best = wall = float("inf")
    turns = decisions = 0
    for _ in range(args.repeat):
        start, cpu = time.perf_counter(), time.process_time()
        turns, decisions = play(args.edition, args.bot, args.games, args.players, args.max_turns)
        best = min(best, time.process_time() - cpu)
        wall = min(wall, time.perf_counter() - start)
    print(f"{args.edition}, {args.players} {args.bot} bots, {args.games} games "
          f"(cap {args.max_turns} player-turns), best of {args.repeat}:")
    print(f"  {turns} player-turns, {decisions} decisions in {best:.3f} CPU s"
          f" ({wall:.3f} s wall)")
    print(f"  player-turns per second: {turns / best:12,.0f}")
    print(f"  decisions per second:    {decisions / best:12,.0f}")
    print(f"  games per second:        {args.games / best:12,.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
