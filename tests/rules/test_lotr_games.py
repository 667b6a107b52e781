"""Lord of the Rings: whole bot games (determinism, invariants, endings) and the log's words."""

from __future__ import annotations

from helpers import new_game
from lotr_helpers import lotr

from monopoly_tui.bots import make_bot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Event
from monopoly_tui.engine.describe import describe, describe_all
from monopoly_tui.engine.frames import WalkFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import bearer, ring_of
from monopoly_tui.rules import load_spec
from monopoly_tui.simulate import simulate


def _play(seed: int, bot: str = "basic", players: int = 4) -> tuple[Game, list[Event]]:
    spec = load_spec("lotr")
    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(players)], seed=seed)
    bots = [make_bot(bot, seed * 16 + i) for i in range(players)]
    events = list(game.last_events)
    while not game.over and game.st.turns < 2000:
        _, who = game.waiting_for
        events += game.act(bots[who].choose(game, who))
    return game, events


def test_a_seeded_game_is_played_the_same_way_twice() -> None:
    a, ea = _play(7)
    b, eb = _play(7)
    assert a.history == b.history
    assert ea == eb
    assert a.st.end_reason == b.st.end_reason


def test_bot_games_keep_the_invariants_and_end_at_mount_doom_or_by_bankruptcy() -> None:
    report = simulate(load_spec("lotr"), players=4, games=40, seed=100, bots=("basic",))
    assert report.ok, [f.problems for f in report.failures]
    ends = report.endings()
    assert set(ends) <= {"mount_doom", "last_standing"}
    assert ends.get("mount_doom", 0) > 0
    story = report.data()["ring"]
    assert story["changed_hands"] > 0 and story["battles"] > 0 and story["eye_drops"] > 0


def test_random_bots_meet_every_ring_decision_and_keep_the_invariants() -> None:
    report = simulate(load_spec("lotr"), players=5, games=15, seed=3, bots=("random",))
    assert report.ok, [f.problems for f in report.failures]


def test_the_simulator_reports_the_rings_story_in_the_editions_words() -> None:
    text = simulate(load_spec("lotr"), players=3, games=5, seed=1).text()
    assert "The Ring (means per game): changed hands" in text
    assert "games ended at Mount Doom" in text
    assert "Ring" not in simulate(load_spec("classic"), players=2, games=1, seed=1).text()


def test_every_ring_event_of_a_game_has_a_line_in_the_editions_words() -> None:
    game, events = _play(11, bot="random")
    ring_events = [e for e in events if e.kind.startswith("ring_")]
    assert {e.kind for e in ring_events} >= {"ring_taken", "ring_tracker", "ring_spared"}
    lines = describe_all(ring_events, game)
    assert len(lines) == len(ring_events)
    assert not any("None" in line for line in lines)


def test_ring_lines_read_well() -> None:
    game = lotr(bearer=0)
    w = ring_of(game.spec)
    assert w is not None
    battle = Event("ring_battle", player=0, other=1, dice=(5, 0), amount=0, text="won")
    assert describe(battle, game) == (
        "Ann and Bob battle for the Ring: 6 against Eye: Ann takes the Ring")
    assert describe(Event("ring_tracker", player=0, amount=6, text="advanced"), game) == (
        "The Ring Tracker moves on to M16 (circle 6)")
    assert describe(Event("ring_tracker", player=0, amount=7, text="end"), game) == (
        "The Ring Tracker reaches Mount Doom")
    assert describe(Event("ring_dropped", player=0, space=5, text="eye"), game) == (
        "Ann rolled the Eye of Sauron: the Ring drops on Sting")
    assert describe(Event("paid", player=0, amount=3, text="ring_penalty"), game) == (
        "Ann paid M3 for the Eye of Sauron rolled by the Ring-bearer")
    assert describe(Event("game_over", player=2, text="mount_doom"), game) == (
        "Game over: Cid wins as the player with the most money when the Ring reached Mount Doom")


def test_editions_without_the_ring_are_untouched() -> None:
    """No Ring block: no tracker, no meetings; the move is made in one step."""
    game = new_game("classic", 3)
    assert ring_of(game.spec) is None and bearer(game.st) == -1
    game.st.players[1].position = 3
    game.act(game.pending.choices[0])
    assert game.pending.kind != A.RING
    assert game.find(WalkFrame) is None


def test_a_roll_of_zero_reads_as_staying() -> None:
    game = lotr(bearer=-1)
    assert describe(Event("moved", player=0, space=0, amount=0), game) == "Ann stays on GO"
