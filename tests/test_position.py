"""Positions written as text (``engine.position``, issue 31): a position taken at any decision
of a bot game of any edition reads back to the same state and plays on the same; a short
position written by hand loads with its defaults; bad text is refused at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from monopoly_tui import cli
from monopoly_tui.bots import make_bot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.dice import ScriptedDice
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.ring import state_of
from monopoly_tui.engine.position import PositionError, game_from_position, position_text
from monopoly_tui.engine.snapshot import check_state, encode_state, state_diff
from monopoly_tui.rules import load_spec
from monopoly_tui.saves import new_meta, release, save_game

EDITIONS = ("classic", "got", "nfl", "lotr", "dnd", "lge")
VARIANTS = {"got": "speed", "nfl": "short", "lge": "turn-limit"}
DUNGEON_MASTER = {"locations": {"kryptgarden-forest": "high-forest"}, "monsters": [0, 1],
                  "red_wizard": "magic-3"}


def _bots(seed: int, n: int, kind: str) -> list:
    return [make_bot(kind, seed * 10 + i) for i in range(n)]


def _play(game: Game, bots: list, decisions: int) -> None:
    for _ in range(decisions):
        if game.over:
            return
        _kind, who = game.waiting_for
        game.act(bots[who].choose(game, who))


def _game(edition: str, seed: int, players: int = 3) -> Game:
    spec = load_spec(edition)
    setup = {"dungeon_master": DUNGEON_MASTER} if edition == "dnd" and seed % 2 else None
    return Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(players)], seed=seed,
                    variant=VARIANTS.get(edition) if seed % 2 else None, setup=setup)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_position_from_any_decision_of_a_bot_game_reads_back_the_same(edition: str,
                                                                         seed: int) -> None:
    """At every 7th decision of games of expert (or basic) bots, 25 positions in all: the
    position read back has the same state, field for field, writes the same text again and
    waits for the same decision; the last position of each game (over or not) too."""
    spec = load_spec(edition)
    taken = 0
    game_seed = seed
    while taken < 25:
        game = _game(edition, game_seed)
        bots = _bots(game_seed, 3, "expert" if seed == 1 else "basic")
        while True:
            if game.over or len(game.history) % 7 == 0:
                text = position_text(game)
                back = game_from_position(spec, text)
                assert state_diff(game.st, back.st) == [], text
                assert position_text(back) == text
                assert back.spec == game.spec and back.waiting_for == game.waiting_for
                taken += 1
            if game.over or len(game.history) >= 700:
                break
            _play(game, bots, 1)
        game_seed += 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_game_read_from_its_position_plays_on_the_same(edition: str) -> None:
    """The same bots on the game and on the game read from its position make the same next
    50 decisions, with the same dice and cards (the generator goes across exactly). A
    position holds no history (as FEN holds no moves) and the rules read none, but the bots
    remember the offers they made from it: the read game is given the same history, so the
    bots are in the same mind on both."""
    spec = load_spec(edition)
    for at in (40, 150, 333):
        game = _game(edition, 3 + at, players=4 if edition != "dnd" else 3)
        _play(game, _bots(at, len(game.st.players), "basic"), at)
        back = game_from_position(spec, position_text(game))
        back.history = list(game.history)
        n = len(game.st.players)
        b1, b2 = _bots(at + 1, n, "expert"), _bots(at + 1, n, "expert")
        for _ in range(50):
            if game.over:
                break
            kind, who = game.waiting_for
            assert back.waiting_for == (kind, who)
            choice = b1[who].choose(game, who)
            assert b2[who].choose(back, who) == choice
            game.act(choice)
            back.act(choice)
        assert encode_state(back.st) == encode_state(game.st)


# ---------------------------------------------------------------- written by hand


def test_three_lines_make_a_position_and_the_rest_takes_its_defaults() -> None:
    spec = load_spec("classic")
    game = game_from_position(spec, "classic current=1\nplayer Ann\nplayer Bob cash=900\n")
    st = game.st
    assert [p.name for p in st.players] == ["Ann", "Bob"]
    assert [p.token for p in st.players] == list(spec.tokens[:2])
    assert [p.cash for p in st.players] == [spec.starting_money, 900]
    assert all(p.position == 0 for p in st.players)
    assert st.current == st.first_player == 1
    assert all(o == -1 for o in st.owner) and st.bank_houses == 32 and st.bank_hotels == 12
    assert st.decks == [list(range(len(d.cards))) for d in spec.decks]
    assert game.waiting_for == (A.ROLL, 1)
    assert check_state(game.spec, st) == []
    assert encode_state(st)["rng"] == encode_state(game_from_position(
        spec, "classic\nplayer A\nplayer B\nrng seed=0").st)["rng"]


def test_deeds_buildings_and_jail_by_their_ids() -> None:
    spec = load_spec("classic")
    game = game_from_position(spec, """
        # Bob is in jail after one try; Ann holds the dark blues with a hotel and four houses
        classic current=1
        player Ann cash=800
        player Bob jail=1 cards=chance:7
        deed park-place owner=Ann houses=4
        deed boardwalk owner=0 hotel
        deed reading-railroad owner=1 mortgaged
        """)
    st = game.st
    d = {x.id: x.index for x in spec.deeds}
    assert st.owner[d["boardwalk"]] == st.owner[d["park-place"]] == 0
    assert st.buildings[d["boardwalk"]] == 5 and st.buildings[d["park-place"]] == 4
    assert st.bank_houses == 28 and st.bank_hotels == 11
    assert st.mortgaged[d["reading-railroad"]] and st.owner[d["reading-railroad"]] == 1
    bob = st.players[1]
    assert bob.in_jail and bob.jail_turns == 1 and bob.position == spec.jail_space
    assert bob.cards == [(0, 7)] and 7 not in st.decks[0]
    assert game.waiting_for == (A.JAIL, 1)
    # the money adds up: the bank took what Ann is short of the starting money
    assert st.bank_net == 800 + 1500 - 3000


def test_a_mechanic_section_sets_only_the_fields_it_names() -> None:
    """Lord of the Rings: the Ring goes to the first player at setup; a section moves it."""
    spec = load_spec("lotr")
    plain = game_from_position(spec, "lotr first=2 current=0\nplayer A\nplayer B\nplayer C\n")
    assert state_of(plain.st).bearer == 2
    game = game_from_position(spec, "lotr\nplayer A\nplayer B\nplayer C\n[ring]\nbearer = 1\n")
    assert state_of(game.st).bearer == 1 and state_of(game.st).circle == 0
    game.dice_source = ScriptedDice([2, 4])
    game.act(Action(A.A_ROLL, 0))
    assert game.st.players[0].position == spec.space_by_id["buckleberry-ferry"]
    assert game.waiting_for == (A.BUY, 0)


def test_a_frame_line_puts_a_decision_waiting() -> None:
    spec = load_spec("classic")
    game = game_from_position(spec, "classic stage=post_move\nplayer Ann at=baltic\n"
                                    "player Bob\nframe buy player=0 deed=baltic\n")
    assert game.waiting_for == (A.BUY, 0)
    game.act(Action(A.A_BUY, 0))
    assert game.st.owner[1] == 0 and game.st.players[0].cash == 1500 - 60


@pytest.mark.parametrize(("text", "line", "words"), [
    ("classic\nplayer A at=nowhere\nplayer B", 2, "'nowhere' is not a space id"),
    ("classic\nplayer A\nplayer B\ndeed boardwalk owner=2", 4, "seat 2 is out of range"),
    ("classic\nplayer A\nplayer B\ndeed atlantis owner=0", 4, "'atlantis' is not a deed id"),
    ("classic\nplayer A\nplayer B\ndeed boardwalk owner=0 houses=5", 4, "4 make a hotel"),
    ("classic\nplayer A\nplayer B\ndeed reading-railroad owner=0 houses=1", 4,
     "not a street"),
    ("classic\nplayer A\nplayer B\nbank houses=3", 4, "3 in stock"),
    ("classic\nplayer A\nplayer B\ndeck chance 99", 4, "has no card 99"),
    ("classic\nplayer A\nplayer B\nframe nothing player=0", 4, "not a kind of frame"),
    ("classic\nplayer A\nplayer B\nframe buy player=0 deed=baltic colour=1", 4,
     "unknown field"),
    ("classic\nplayer A\nplayer B\nplayer C cash=x", 4, "expected a whole number"),
    ("classic stage=thinking\nplayer A\nplayer B", 1, "not a stage"),
    ("classic\nplayer A\nplayer B\nhotel boardwalk", 4, "not a kind of line"),
    ("classic\nplayer A\nplayer B\n[ring]\nbearer = 0", 4, "not a mechanic of classic"),
    ("lotr\nplayer A\nplayer B\n[ring]\nbaerer = 0", 5, "not a field of [ring]"),
    ("lotr\nplayer A\nplayer B\nrng mt=abc", 4, "not a generator's state"),
    ("got\nplayer A\nplayer B", 1, "the edition given is 'classic'"),
    ("classic\nplayer A cash=10 tokn=Iron\nplayer B", 2, "'tokn' is not a key"),
])
def test_bad_text_is_refused_at_its_line(text: str, line: int, words: str) -> None:
    with pytest.raises(PositionError) as got:
        game_from_position(load_spec("classic") if not text.startswith("lotr")
                           else load_spec("lotr"), text)
    assert got.value.line == line, str(got.value)
    assert words in str(got.value)


def test_a_position_that_breaks_a_rule_says_which() -> None:
    """Houses on a street of a group not all owned: the checks of a loaded save refuse it."""
    with pytest.raises(PositionError, match="does not own the whole group"):
        game_from_position(load_spec("classic"),
                           "classic\nplayer A\nplayer B\ndeed boardwalk owner=0 houses=1\n")


# ---------------------------------------------------------------- the command line


def test_the_cli_prints_a_saved_games_position_now_and_at_a_decision(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``monopoly-tui position SAVE`` prints the position the game was saved at;
    ``--at N`` the one after its first N decisions; a position past the end is refused."""
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path / "user-rulesets"))
    folder = str(tmp_path / "saves")
    spec = load_spec("lotr")
    players = [(f"P{i}", spec.tokens[i]) for i in range(3)]
    game = Game.new(spec, players, seed=4)
    _play(game, _bots(4, 3, "basic"), 120)
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "ringgame", meta)
    release(meta)

    assert cli.main(["--saves", folder, "position", "ringgame"]) == 0
    out = capsys.readouterr().out
    assert out == position_text(game)
    assert state_diff(game_from_position(spec, out).st, game.st) == []

    early = Game.new(spec, players, seed=4)
    for action in game.history[:30]:
        early.act(action)
    assert cli.main(["--saves", folder, "position", "ringgame", "--at", "30"]) == 0
    assert capsys.readouterr().out == position_text(early)

    n = len(game.history)
    assert n > 30
    assert cli.main(["--saves", folder, "position", "ringgame", "--at", str(n + 1)]) == 1
    assert f"the game has {n} decisions" in capsys.readouterr().err
    assert cli.main(["--saves", folder, "position", "nosuchgame"]) == 1
    assert "Cannot show the position" in capsys.readouterr().err
