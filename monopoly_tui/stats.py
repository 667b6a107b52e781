"""How a game went, from its history: each player's net worth turn by turn, the rent each colour
group earned for each player, and where the tokens landed.

``game_stats(game)`` replays the game's decisions (``Game.history``) on a new game set up the
same way (the engine is deterministic per seed, so the replay is the game) and reads the
engine's events and state along the way. No Textual: the results screen and the in-game
statistics view draw what this computes, and tests and tools can read it too.

- **Net worth** is the engine's own valuation (``property.valuation``: cash, deeds at their
  price or half when mortgaged, buildings at their cost), the figure the results table ranks by.
  It is taken at the start and after every player-turn; a bankrupt player is worth 0.
- **Rent** is every rent payment the engine made (a ``paid`` event for ``rent``, or for one of
  the mechanics' own reasons that are an owner's income from a landing, ``Mechanic.rent_reasons``,
  as a D&D location's tax; its deed in the event's ``deed``), counted for the owner paid, under
  the colour group of the deed it was for: the same payments the players' statistics count as
  rent (``ui.session.Stats``).
- **Landings** are the engine's landing counts (``GameState.landings``).

When the history does not replay to the same game (a state set by hand, or a save whose rules
changed), the replay stops where it stops applying; the last point is then the game as it is
now, and ``complete`` is False.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Event, IllegalAction
from monopoly_tui.engine.game import Game


@dataclass(frozen=True, slots=True)
class WorthPoint:
    """Everyone's net worth at one moment: after ``turns`` player-turns and ``rounds`` whole
    rounds."""

    turns: int
    rounds: int
    worth: tuple[int, ...]


@dataclass(slots=True)
class GameStats:
    """What ``game_stats`` found."""

    players: list[str]
    worth: list[WorthPoint] = field(default_factory=list)
    """Net worth at the start and after each player-turn, oldest first."""
    rent_by_group: list[list[int]] = field(default_factory=list)
    """``rent_by_group[group][player]``: rent that player was paid for the group's deeds."""
    landings: list[int] = field(default_factory=list)
    """How often a token landed on each space, by space index."""
    complete: bool = True
    """The whole history replayed to this very game."""
    replayed: int = 0
    """Decisions replayed."""

    def rent_of_group(self, group: int) -> int:
        return sum(self.rent_by_group[group])

    def rent_of_player(self, player: int) -> int:
        return sum(row[player] for row in self.rent_by_group)

    @property
    def top_worth(self) -> int:
        """The highest net worth anyone had at any point (0 for none)."""
        return max((w for point in self.worth for w in point.worth), default=0)


def worths(game: Game) -> tuple[int, ...]:
    """Each player's net worth now (0 once bankrupt)."""
    spec, st = game.spec, game.st
    return tuple(0 if pl.bankrupt else P.valuation(spec, st, p)
                 for p, pl in enumerate(st.players))


RENT: frozenset[str] = frozenset({"rent"})
"""The core's reason for rent."""


def rent_reasons(game: Game) -> frozenset[str]:
    """The payments' reasons that are an owner's income from a landing in ``game``: rent, and
    its mechanics' own (a D&D location's tax)."""
    return RENT.union(*(m.rent_reasons() for m in game.mechanics))


def rent_deed(event: Event, reasons: Collection[str] = RENT) -> int:
    """The deed a payment was rent for (a ``paid`` event for one of ``reasons``), or -1 when it
    was not rent."""
    if event.kind != "paid" or event.text not in reasons:
        return -1
    return event.deed


class _Collector:
    def __init__(self, game: Game) -> None:
        self.game = game
        n = len(game.st.players)
        self.stats = GameStats(players=[pl.name for pl in game.st.players],
                               rent_by_group=[[0] * n for _ in game.spec.groups])
        self._turns = -1
        self._rent = rent_reasons(game)

    def events(self, events: list[Event]) -> None:
        deeds = self.game.spec.deeds
        rent = self.stats.rent_by_group
        for e in events:
            d = rent_deed(e, self._rent)
            if 0 <= d < len(deeds) and 0 <= e.other < len(self.stats.players):
                rent[deeds[d].group][e.other] += e.amount

    def sample(self, force: bool = False) -> None:
        st = self.game.st
        if st.turns != self._turns or force:
            self._turns = st.turns
            self.stats.worth.append(WorthPoint(st.turns, st.rounds, worths(self.game)))


def game_stats(game: Game) -> GameStats:
    """The statistics of ``game`` so far (see the module's docstring)."""
    options = game.options
    raw_players = options.get("players")
    players = [(str(p[0]), str(p[1])) for p in raw_players] \
        if isinstance(raw_players, list) else [(pl.name, pl.token) for pl in game.st.players]
    seed = options.get("seed", 0)
    # game.spec already has the variant's and house rules' switches applied.
    replay = Game.new(game.spec, players, seed=seed if isinstance(seed, int) else 0)
    collect = _Collector(replay)
    collect.events(replay.last_events)
    collect.sample()
    done = 0
    for action in game.history:
        try:
            events = replay.act(action)
        except (IllegalAction, KeyError, IndexError, ValueError):
            break
        done += 1
        collect.events(events)
        collect.sample()
    stats = collect.stats
    stats.replayed = done
    stats.landings = list(game.st.landings)
    now = worths(game)
    stats.complete = (done == len(game.history) and replay.st.decisions == game.st.decisions
                      and worths(replay) == now and replay.st.landings == game.st.landings)
    if not stats.complete:
        st = game.st
        stats.worth.append(WorthPoint(st.turns, st.rounds, now))
    elif stats.worth[-1].worth != now:  # the last decision changed worth within the turn
        collect.sample(force=True)
    return stats
