"""Headless bot-vs-bot games: many seeded games of an edition, with the rulebook's invariants
checked after every player-turn (a broken one is traced to the decision that broke it), and
statistics over the whole run.

Pure logic: ``simulate`` returns a ``RunReport``; ``RunReport.text()`` and ``RunReport.data()``
render it. The ``monopoly-tui simulate`` command prints one or the other. The same arguments
give the same report, byte for byte: game ``i`` of a run uses the seed ``seed + i`` and its bots
take their seeds from that, so any game can be replayed alone (``--games 1 --seed SEED``).
"""

from __future__ import annotations

import math
import random
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.base import DecidingBot, decider

# the rollout loop lives below the bots that play rollouts (the master); re-exported here
from monopoly_tui.bots.rollout import OPEN_KINDS, STUCK_DECISIONS, standing_rolls
from monopoly_tui.bots.rollout import play_turns as play_turns
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, Event
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.mechanics.dnd_config import ADVENTURES, CHARACTERS, DUNGEON_MASTER
from monopoly_tui.engine.mechanics.dnd_dungeon_master import dm_choice
from monopoly_tui.engine.mechanics.ring import RingTally, ring_of, ring_state
from monopoly_tui.engine.spec import Spec

DEFAULT_MAX_TURNS: Final = 2000
"""The cap on player-turns per game when none is given."""
SHADES = " ░▒▓█"
"""The heat map's shading, from the least landed-on spaces to the most."""


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` for the game seeded ``game_seed``."""
    return game_seed * 16 + seat


check_invariants = check_play
"""Every rulebook invariant the state breaks (``engine.invariants.check_play``)."""


# ---------------------------------------------------------------- one game


@dataclass(slots=True)
class GameResult:
    """How one game went."""

    index: int
    seed: int
    winner: int
    """The winning seat, or -1 (the cap was reached, or the game failed)."""
    turns: int
    decisions: int
    end: str
    """last_standing, first_bankruptcy, turn_limit (the edition's own limit), cap (our
    ``max_turns``), or failed."""
    landings: list[int] = field(default_factory=list)
    ring: RingTally | None = None
    """The Ring's counts at the end (editions with the Ring; see ``ring_story``)."""
    rounds: int = 0
    tokens: list[str] = field(default_factory=list)
    """Each seat's token (a character, where the tokens are characters)."""
    tally: dict[str, int] = field(default_factory=dict)
    """Counts of the events an Adventure edition's report tells (``ADVENTURE_TALLY``)."""


@dataclass(slots=True)
class Failure:
    """An invariant broken or a crash: the seed and decision number replay it."""

    index: int
    seed: int
    decision: int
    """The decision (1 = the first choice taken) after which an invariant broke, or during
    which the game crashed."""
    kind: str
    """'invariant', 'crash' or 'stuck'."""
    problems: list[str]
    detail: str = ""
    """The traceback of a crash (not part of the report, which must stay byte-identical)."""


def play_game(
    spec: Spec,
    bots: Sequence[str],
    seed: int,
    index: int = 0,
    variant: str | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    check: bool = True,
    after_decision: Callable[[Game], None] | None = None,
    dm: str | None = None,
) -> tuple[GameResult, Failure | None]:
    """Play one bot game to its end or the cap, checking the invariants (when ``check``) at
    the start, after every player-turn and at the end. When a check fails, the game is played
    again from its seed and history with a check after every decision, so the failure names
    the first decision after which an invariant broke (``first_breach``). ``after_decision``
    is called after each decision, before the check (the tests use it to corrupt a state on
    purpose; on a failure it is called again for the decisions played again). Where owners
    must ask for rent, each owner asks as soon as the rent is owed (bots are only asked for
    their own decisions). Where the tokens are characters (an edition with ``characters``),
    each game deals them out by its seed; ``dm`` names the Dungeon Master cards added
    (``all``, or a comma-separated list of their keys; the locations replaced and Szass Tam's
    space are picked by the seed).

    (Checking once a player-turn instead of after each decision: a player-turn is about three
    decisions, and the invariants are about what a rule leaves behind, the money, the deeds,
    the buildings and the cards, which stay broken once broken; a state broken and mended
    within one player-turn is the one thing this does not see.)"""
    n = len(bots)
    tokens = game_tokens(spec, n, seed)
    names = [(f"{bots[i]} {i + 1}", tokens[i]) for i in range(n)]
    failure: Failure | None = None
    setup: dict[str, object] | None = {DUNGEON_MASTER: dm_choice(spec, dm, seed)} if dm \
        else None
    game = Game.new(spec, names, seed=seed, variant=variant, setup=setup)
    tally: dict[str, int] | None = {} if ADVENTURES in spec.mechanics else None
    # nobody reads the events, unless a hook watches or the Adventure report counts them
    game.quiet = after_decision is None and tally is None
    seats = [make_bot(name, bot_seed(seed, i)) for i, name in enumerate(bots)]
    players = [decider(bot) for bot in seats]
    # the built-in bots' ``decide``, called directly (compiled: a native call)
    deciding: list[DecidingBot | None] = [b if isinstance(b, DecidingBot) else None
                                          for b in seats]
    rolls = standing_rolls(seats)
    st = game.st
    end = ""
    turn_mark, in_turn = st.turns, 0
    if check:
        problems = check_invariants(game)
        if problems:
            failure = Failure(index, seed, 0, "invariant", problems)
    while failure is None:
        if st.turns != turn_mark or st.over or st.turns >= max_turns:
            # a player-turn ended, or the game: check, then stop or count the next turn
            if check:
                problems = check_invariants(game)
                if problems:
                    found = first_breach(
                        lambda: Game.new(spec, names, seed=seed, variant=variant, setup=setup),
                        game.history, after_decision)
                    decision, problems = found if found is not None else (st.decisions,
                                                                          problems)
                    failure = Failure(index, seed, decision, "invariant", problems)
                    break
            if st.over:
                end = st.end_reason
                break
            if st.turns >= max_turns:
                end = "cap"
                break
            turn_mark, in_turn = st.turns, 0
        in_turn += 1
        if in_turn > STUCK_DECISIONS:
            failure = Failure(
                index, seed, st.decisions, "stuck",
                [f"more than {STUCK_DECISIONS} decisions in player-turn {st.turns}"],
            )
            break
        try:
            kind, who = game.waiting_for
            if st.claims and kind in OPEN_KINDS:
                # Rent the owner must ask for (a rule option): every bot asks at once.
                game.act(Action(A.A_COLLECT_RENT, st.claims[0].owner, 0))
            else:
                roll = rolls[who] if kind == A.ROLL else None
                native = deciding[who]
                if roll is not None:  # (a standing answer: see ``standing_rolls``)
                    events = game.act(roll)
                else:
                    events = game.act(native.decide(game, kind, who) if native is not None
                                      else players[who](game, kind, who))
                if tally is not None:
                    count_events(tally, events)
        except Exception as e:
            failure = Failure(
                index, seed, len(game.history) + 1, "crash",
                [f"{type(e).__name__}: {e}"], traceback.format_exc(),
            )
            break
        if after_decision is not None:
            after_decision(game)
    if failure is not None:
        end = "failed"
    winner = st.winner if st.over and failure is None else -1
    return (
        GameResult(index, seed, winner, st.turns, st.decisions, end, list(st.landings),
                   ring_tally(game), st.rounds, tokens, tally or {}),
        failure,
    )


def first_breach(new_game: Callable[[], Game], history: Sequence[Action],
                 after_decision: Callable[[Game], None] | None) -> tuple[int, list[str]] | None:
    """The first decision after which an invariant broke, and what broke: the game is played
    again from its setup (``new_game`` makes it as ``play_game`` did) by its ``history``, with
    ``after_decision`` and a check after every decision. None when the game played again
    breaks nothing (an ``after_decision`` that does not break it the same way twice)."""
    game = new_game()
    for action in history:
        try:
            game.act(action)
            if after_decision is not None:
                after_decision(game)
        except Exception:  # it went another way: no decision to name
            return None
        problems = check_invariants(game)
        if problems:
            return game.st.decisions, problems
    return None


def game_tokens(spec: Spec, n: int, seed: int) -> list[str]:
    """The seats' tokens: the edition's first ``n``; where the tokens are characters, dealt
    out by the game's seed (each at most once), so every character plays every seat."""
    tokens = list(spec.tokens)
    if CHARACTERS in spec.mechanics:
        random.Random(seed * 7919 + 1).shuffle(tokens)
    return tokens[:n]


ADVENTURE_TALLY: Final = frozenset({
    "secured", "red_die", "adventure_failed", "critical_fail", "critical_success",
    "close_to_death", "revived", "monster", "item_used", "red_wizard_fought", "end_payout",
})
"""The events an Adventure edition's report counts (``secured`` by how, ``red_die`` by
purpose, ``monster`` by outcome)."""


def count_events(tally: dict[str, int], events: Sequence[Event]) -> None:
    """Count the events the Adventure report tells (``ADVENTURE_TALLY``)."""
    for e in events:
        kind = e.kind
        if kind not in ADVENTURE_TALLY:
            continue
        key = f"{kind}:{e.text}" if kind in ("secured", "red_die", "monster",
                                             "red_wizard_fought") else kind
        tally[key] = tally.get(key, 0) + 1


# ---------------------------------------------------------------- the run


def _percentile(sorted_values: Sequence[int], q: float) -> int:
    """The nearest-rank percentile of sorted values."""
    if not sorted_values:
        return 0
    k = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[k - 1]


@dataclass(slots=True)
class RunReport:
    """A whole simulation run: every game, every failure, and the statistics over them."""

    spec: Spec
    bots: list[str]
    games: int
    seed: int
    variant: str | None
    max_turns: int
    results: list[GameResult]
    failures: list[Failure]
    landings: list[int]
    seconds: float | None = None
    """Wall time, only when asked for (it would make reports differ run to run)."""
    dm: str | None = None
    """The Dungeon Master cards added to every game (``play_game``'s ``dm``)."""

    @property
    def ok(self) -> bool:
        return not self.failures

    def endings(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.results:
            out[r.end] = out.get(r.end, 0) + 1
        return dict(sorted(out.items()))

    def wins_by_seat(self) -> list[int]:
        wins = [0] * len(self.bots)
        for r in self.results:
            if r.winner >= 0:
                wins[r.winner] += 1
        return wins

    def lengths(self) -> dict[str, float | int]:
        """The spread of game lengths in player-turns."""
        turns = sorted(r.turns for r in self.results)
        if not turns:
            return {"min": 0, "median": 0, "mean": 0.0, "p90": 0, "max": 0}
        mid = len(turns) // 2
        median = turns[mid] if len(turns) % 2 else (turns[mid - 1] + turns[mid]) / 2
        return {
            "min": turns[0],
            "median": median,
            "mean": round(sum(turns) / len(turns), 1),
            "p90": _percentile(turns, 0.9),
            "max": turns[-1],
        }

    def data(self) -> dict[str, Any]:
        """The report as plain data (for ``--json``)."""
        spec = self.spec
        total = sum(self.landings) or 1
        wins = self.wins_by_seat()
        n = len(self.results) or 1
        out: dict[str, Any] = {
            "edition": spec.id,
            "edition_name": spec.name,
            "players": len(self.bots),
            "bots": self.bots,
            "games": self.games,
            "seed": self.seed,
            "variant": self.variant,
            "max_turns": self.max_turns,
            "summary": {
                "endings": self.endings(),
                "wins_by_seat": [
                    {"seat": i + 1, "bot": b, "wins": wins[i], "rate": round(wins[i] / n, 4)}
                    for i, b in enumerate(self.bots)
                ],
                "no_winner": sum(1 for r in self.results if r.winner < 0),
                "turns": self.lengths(),
                "decisions": sum(r.decisions for r in self.results),
                "player_turns": sum(r.turns for r in self.results),
                "violations": len(self.failures),
            },
            "landings": [
                {"space": s.id, "name": s.name, "count": self.landings[s.index],
                 "share": round(self.landings[s.index] / total, 5)}
                for s in spec.spaces
            ],
            "results": [
                {"game": r.index + 1, "seed": r.seed, "winner": r.winner + 1 if r.winner >= 0
                 else None, "turns": r.turns, "decisions": r.decisions, "end": r.end}
                for r in self.results
            ],
            "failures": [
                {"game": f.index + 1, "seed": f.seed, "decision": f.decision, "kind": f.kind,
                 "problems": f.problems, "replay": self.replay_command(f)}
                for f in self.failures
            ],
        }
        story = ring_story(self)
        if story:
            out["ring"] = story
        adventures = adventure_story(self)
        if adventures:
            out["adventures"] = adventures
        if self.seconds is not None:
            turns = out["summary"]["player_turns"]
            out["timing"] = {
                "seconds": round(self.seconds, 3),
                "player_turns_per_second": round(turns / self.seconds) if self.seconds else 0,
            }
        return out

    def replay_command(self, f: Failure) -> str:
        """The command that plays the failed game alone."""
        bots = self.bots[0] if len(set(self.bots)) == 1 else ",".join(self.bots)
        parts = [
            "monopoly-tui simulate", f"--edition {self.spec.id}", f"--players {len(self.bots)}",
            "--games 1", f"--seed {f.seed}", f"--bot {bots}", f"--max-turns {self.max_turns}",
        ]
        if self.variant:
            parts.append(f"--variant {self.variant}")
        if self.dm:
            parts.append(f"--dm {self.dm}")
        return " ".join(parts)

    def text(self, games_list: bool = True) -> str:
        """The report for a terminal."""
        spec = self.spec
        lines: list[str] = []
        n = len(self.results)
        lines.append(
            f"{spec.name} ({spec.id}): {n} games of {len(self.bots)} players, seed {self.seed}"
            f", cap {self.max_turns} player-turns"
        )
        lines.append(f"Bots: {', '.join(self.bots)}   Variant: {self.variant or 'none'}")
        lines.append("")
        lines.append(
            "Endings: " + ", ".join(f"{k} {v}" for k, v in self.endings().items())
        )
        lines.append("Wins by seat:")
        wins = self.wins_by_seat()
        for i, b in enumerate(self.bots):
            rate = wins[i] / n if n else 0.0
            lines.append(f"  seat {i + 1} ({b}): {wins[i]:>6}  {rate:6.1%}")
        nowin = sum(1 for r in self.results if r.winner < 0)
        lines.append(f"  no winner: {nowin:>8}  {(nowin / n if n else 0.0):6.1%}")
        ln = self.lengths()
        lines.append(
            f"Game length (player-turns): min {ln['min']}  median {ln['median']}  "
            f"mean {ln['mean']}  p90 {ln['p90']}  max {ln['max']}"
        )
        turns = sum(r.turns for r in self.results)
        decisions = sum(r.decisions for r in self.results)
        lines.append(f"Player-turns {turns}, decisions {decisions}")
        if self.seconds is not None:
            rate = turns / self.seconds if self.seconds else 0.0
            lines.append(f"Time {self.seconds:.2f} s, {rate:,.0f} player-turns/s")
        lines.append(f"Invariant violations and crashes: {len(self.failures)}")
        for f in self.failures:
            lines.append(
                f"  game {f.index + 1} seed {f.seed} decision {f.decision} ({f.kind}): "
                + "; ".join(f.problems)
            )
            lines.append(f"    replay: {self.replay_command(f)}")
        lines.extend(ring_story_lines(self))
        lines.extend(adventure_story_lines(self))
        lines.append("")
        lines.append("Landings (share of all landings, %):")
        lines.extend(heat_map(spec, self.landings))
        if games_list:
            lines.append("")
            lines.append("Games:")
            lines.append(f"  {'game':>5} {'seed':>8} {'winner':>7} {'turns':>6} end")
            for r in self.results:
                w = str(r.winner + 1) if r.winner >= 0 else "-"
                lines.append(f"  {r.index + 1:>5} {r.seed:>8} {w:>7} {r.turns:>6} {r.end}")
        return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- the Ring's story (engine.ring)


def ring_tally(game: Game) -> RingTally | None:
    """A copy of the Ring's counts at the end of a game (None for an edition without a Ring)."""
    rs = ring_state(game.st)
    return replace(rs.tally) if rs is not None else None


def ring_story(report: RunReport) -> dict[str, Any]:
    """How the Ring fared over a run, as means per game: how often it changed hands (offered,
    won in a battle, found lying alone), battles fought, Eyes that dropped it and what they
    cost, drops on the way to jail; how far the tracker got; how many games it ended. Empty
    for an edition without a Ring."""
    ring = ring_of(report.spec)
    tallies = [r.ring for r in report.results if r.ring is not None]
    if ring is None or not tallies:
        return {}
    n = len(tallies)

    def mean(value: Callable[[RingTally], int]) -> float:
        return round(sum(value(t) for t in tallies) / n, 2)

    best = sorted(t.best_circle for t in tallies)
    ended = sum(1 for r in report.results if r.end == ring.end_reason)
    return {
        "circles": len(ring.track) - 1,
        "changed_hands": mean(lambda t: t.offered + t.battles_won + t.found),
        "offered": mean(lambda t: t.offered),
        "battles": mean(lambda t: t.battles),
        "battles_won": mean(lambda t: t.battles_won),
        "found": mean(lambda t: t.found),
        "eye_drops": mean(lambda t: t.eye_drops),
        "eye_penalties": mean(lambda t: t.eye_penalties),
        "jail_drops": mean(lambda t: t.jail_drops),
        "bankrupt_drops": mean(lambda t: t.bankrupt_drops),
        "bearer_turns": mean(lambda t: t.bearer_turns),
        "best_circle_median": best[(n - 1) // 2],
        "ended_games": ended,
        "ended_rate": round(ended / len(report.results), 4),
    }


def ring_story_lines(report: RunReport) -> list[str]:
    """The Ring's story for the text report, in the edition's words."""
    s = ring_story(report)
    ring = ring_of(report.spec)
    if not s or ring is None:
        return []
    money = report.spec.vocab.money_format.replace("{amount}", f"{s['eye_penalties']:.1f}")
    name = ring.ring[:1].upper() + ring.ring[1:]
    return [
        "",
        f"{name} (means per game): changed hands {s['changed_hands']} (offered "
        f"{s['offered']}, won in a {ring.battle} {s['battles_won']}, found {s['found']})",
        f"  {ring.battle}s {s['battles']}; dropped by {ring.eye} {s['eye_drops']} "
        f"(penalties {money}); dropped on the way to jail {s['jail_drops']}, "
        f"by a bankrupt {ring.bearer} {s['bankrupt_drops']}",
        f"  turns as {ring.bearer} {s['bearer_turns']}; the {ring.tracker} got to circle "
        f"{s['best_circle_median']} of {s['circles']} (median); games ended at {ring.end}: "
        f"{s['ended_games']} ({s['ended_rate']:.1%})",
    ]


# ---------------------------------------------------------------- the Adventure story


def adventure_story(report: RunReport) -> dict[str, Any]:
    """How the locations were won over a run (editions with ``adventures``): rounds (median,
    p10, p90, max), games ended with every location secured, locations secured by paying and
    by rolling, Adventure rolls and failures, criticals, monsters, players close to death and
    revivals (means per game), and each character's games and wins. Empty otherwise."""
    if ADVENTURES not in report.spec.mechanics or not report.results:
        return {}
    res = report.results
    n = len(res)

    def mean(key: str) -> float:
        return round(sum(r.tally.get(key, 0) for r in res) / n, 2)

    rounds = sorted(r.rounds for r in res)
    by_char: dict[str, list[int]] = {}
    for r in res:
        for seat, token in enumerate(r.tokens):
            played = by_char.setdefault(token, [0, 0])
            played[0] += 1
            played[1] += r.winner == seat
    return {
        "rounds": {"median": _percentile(rounds, 0.5), "p10": _percentile(rounds, 0.1),
                   "p90": _percentile(rounds, 0.9), "min": rounds[0], "max": rounds[-1]},
        "all_secured": sum(1 for r in res if r.end == "all_locations_secured"),
        "secured_paid": mean("secured:paid"),
        "secured_rolled": mean("secured:rolled"),
        "adventure_rolls": mean("red_die:secure"),
        "adventure_failed": mean("adventure_failed"),
        "critical_fails": mean("critical_fail"),
        "critical_successes": mean("critical_success"),
        "red_die_rolls": round(sum(v for r in res for k, v in r.tally.items()
                                   if k.startswith("red_die:")) / n, 2),
        "monsters_won": mean("monster:won"),
        "monsters_lost": mean("monster:lost"),
        "items_used": mean("item_used"),
        "close_to_death": mean("close_to_death"),
        "revived": mean("revived"),
        "characters": {t: {"games": g, "wins": w, "rate": round(w / g, 4) if g else 0.0}
                       for t, (g, w) in sorted(by_char.items())},
    }


def adventure_story_lines(report: RunReport) -> list[str]:
    """The Adventure story for the text report, in the edition's words."""
    s = adventure_story(report)
    if not s:
        return []
    v = report.spec.vocab
    r = s["rounds"]
    n = len(report.results)
    chars = sorted(s["characters"].items(), key=lambda kv: (-kv[1]["rate"], kv[0]))
    return [
        "",
        f"Rounds: median {r['median']} (p10 {r['p10']}, p90 {r['p90']}; min {r['min']}, "
        f"max {r['max']}); games ended with every {v.location} {v.secured}: "
        f"{s['all_secured']} of {n}",
        f"{v.locations.capitalize()} {v.secured} per game: {s['secured_paid']} by paying the "
        f"price, {s['secured_rolled']} by the roll ({s['adventure_rolls']} {v.adventure} "
        f"rolls, {s['adventure_failed']} failed)",
        f"Red die rolls per game {s['red_die_rolls']}: {v.critical_fail} "
        f"{s['critical_fails']}, {v.critical_success} {s['critical_successes']}; "
        f"monsters beaten {s['monsters_won']}, lost to {s['monsters_lost']}; "
        f"{v.item}s used {s['items_used']}",
        f"{v.close_to_death.capitalize()} per game {s['close_to_death']}, revived "
        f"{s['revived']}",
        f"Wins by {v.character} (share of the games played): " + ", ".join(
            f"{t} {c['rate']:.1%} ({c['wins']}/{c['games']})" for t, c in chars),
    ]


def heat_map(spec: Spec, landings: Sequence[int]) -> list[str]:
    """The board as a square ring of cells, each shaded by how often its space was landed on
    and showing its share of all landings; then the ten most landed-on spaces by name. A board
    whose size is not a multiple of four is listed instead."""
    total = sum(landings)
    size = spec.size
    share = [c / total * 100 if total else 0.0 for c in landings]
    landed = [x for x in share if x > 0]
    lo, hi = (min(landed), max(landed)) if landed else (0.0, 0.0)

    def cell(i: int) -> str:
        if share[i] <= 0:
            level = 0
        elif hi == lo:
            level = len(SHADES) - 1
        else:
            level = 1 + min(3, int((share[i] - lo) / (hi - lo) * 4))
        return SHADES[level] + f"{share[i]:5.1f}"

    lines: list[str] = []
    if size % 4 == 0 and size >= 8:
        side = size // 4
        width = side + 1
        grid = [["      "] * width for _ in range(width)]
        for i in range(size):
            if i <= side:
                r, c = side, side - i
            elif i <= 2 * side:
                r, c = 2 * side - i, 0
            elif i <= 3 * side:
                r, c = 0, i - 2 * side
            else:
                r, c = i - 3 * side, side
            grid[r][c] = cell(i)
        lines.extend("  " + " ".join(row).rstrip() for row in grid)
        lines.append(
            f"  ({spec.spaces[0].short} is the bottom-right corner; play runs clockwise."
            f" Shading {SHADES[1]}{SHADES[2]}{SHADES[3]}{SHADES[4]}: least to most landed on.)"
        )
    else:
        for i in range(size):
            lines.append(f"  {cell(i)} {spec.spaces[i].name}")
    ranked = sorted(range(size), key=lambda i: (-landings[i], i))[:10]
    lines.append("  Most landed on: " + ", ".join(
        f"{spec.spaces[i].name} {share[i]:.2f}" for i in ranked
    ))
    return lines


def simulate(
    spec: Spec,
    players: int,
    games: int,
    seed: int = 0,
    bots: Sequence[str] = ("basic",),
    variant: str | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    check: bool = True,
    dm: str | None = None,
) -> RunReport:
    """Play ``games`` seeded bot games. ``bots`` names one bot for every seat, or one per
    seat. Game ``i`` uses the seed ``seed + i``."""
    seats = list(bots) * players if len(bots) == 1 else list(bots)
    if len(seats) != players:
        raise ValueError(f"name one bot, or one per seat ({players}), not {len(bots)}")
    if variant:
        spec.variant(variant)  # raises KeyError for an unknown variant
    if dm:
        if DUNGEON_MASTER not in spec.mechanics:
            raise ValueError(f"{spec.name} has no Dungeon Master cards")
        dm_choice(spec, dm, seed)  # raises ValueError for an unknown card
    results: list[GameResult] = []
    failures: list[Failure] = []
    landings = [0] * spec.size
    for i in range(games):
        result, failure = play_game(spec, seats, seed + i, i, variant, max_turns, check,
                                    dm=dm)
        results.append(result)
        if failure is not None:
            failures.append(failure)
        for s, c in enumerate(result.landings):
            landings[s] += c
    return RunReport(spec, seats, games, seed, variant, max_turns, results, failures, landings,
                     dm=dm)
