"""Save and resume: the codec, the file format, bad saves, round trips, a crash, the CLI."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import types
import typing
from pathlib import Path
from typing import Any

import pytest

from monopoly_tui import cli
from monopoly_tui import rules as rules_pkg
from monopoly_tui.engine import actions as A
from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frame import TAGGED, Frame, MechanicState
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import GameState, TradeOffer
from monopoly_tui.rules.loader import builtin_dir, load_ruleset
from monopoly_tui.saves import (
    RulesetChangedError,
    SaveError,
    Seat,
    autosave,
    default_saves_dir,
    delete_save,
    export_game,
    files,
    journal,
    latest_save,
    list_saves,
    load_save,
    new_meta,
    read_save,
    release,
    replay_game,
    save_game,
    save_status,
    store,
)
from monopoly_tui.saves.files import load_spec
from monopoly_tui.saves.replay import load_for_replay, plain_event, replay_lines

RULESET_FILES = sorted(builtin_dir().glob("*.yaml"))


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves go to a temporary folder; no user rulesets; no cached specs between tests."""
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path / "user-rulesets"))
    _clear_spec_cache()


def _clear_spec_cache() -> None:
    cached = getattr(rules_pkg, "load_spec", None)
    if cached is not None and hasattr(cached, "cache_clear"):
        cached.cache_clear()


def spec_of(path: Path) -> Spec:
    return load_spec(load_ruleset(path).id)


def start(spec: Spec, seed: int, variant: str | None = None,
          house_rules: dict[str, int | bool] | None = None, players: int = 0) -> Game:
    n = players or max(spec.players_min, min(4, spec.players_max))
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
    return Game.new(spec, [(names[i], spec.tokens[i]) for i in range(n)], seed=seed,
                    variant=variant, house_rules=house_rules)


# ---------------------------------------------------------------- a stateless random driver


def random_offer(game: Game, p: int, r: random.Random) -> TradeOffer | None:
    st = game.st
    others = [q for q, pl in enumerate(st.players) if q != p and not pl.bankrupt]
    if not others:
        return None
    q = r.choice(others)

    def tradable(who: int) -> list[int]:
        return [d.index for d in game.spec.deeds if st.owner[d.index] == who
                and not any(st.buildings[g] for g in game.spec.groups[d.group].deeds)]

    give = tradable(p)
    take = tradable(q)
    offer = TradeOffer(
        proposer=p,
        partner=q,
        give_deeds=tuple(r.sample(give, min(len(give), r.randint(0, 1)))),
        take_deeds=tuple(r.sample(take, min(len(take), r.randint(0, 1)))),
        give_cash=r.randint(0, min(st.players[p].cash, 150)),
        take_cash=r.randint(0, min(st.players[q].cash, 50)),
        give_cards=min(len(st.players[p].cards), r.randint(0, 1)),
    )
    return offer if game.trade_problem(offer) == "" else None


def choose(game: Game, seed: int) -> Action:
    """A random legal choice that depends only on the game and the seed (so a game resumed
    from a save goes on exactly as the game that never stopped)."""
    pend = game.pending
    p = pend.player
    r = random.Random(seed * 1_000_003 + len(game.history))
    if pend.kind in (A.ROLL, A.JAIL, A.END_TURN) and r.random() < 0.04:
        offer = random_offer(game, p, r)
        if offer is not None:
            return Action(A.A_PROPOSE, p, trade=offer)
    extras = [a for a in game.legal_actions(p) if a.kind in A.ANYTIME]
    builds = [a for a in extras if a.kind == A.A_BUILD]
    if builds and r.random() < 0.5:
        return r.choice(builds)
    if extras and (not pend.choices or r.random() < 0.08):
        return r.choice(extras)
    assert pend.choices, f"no legal choice for {pend}"
    pick = r.choice(pend.choices)
    if pick.kind == A.A_BID:
        lo = game.min_bid()
        pick = dataclasses.replace(pick, amount=r.randint(lo, min(game.max_bid(p), lo + 120)))
    return pick


def play(game: Game, seed: int, upto: int) -> None:
    while not game.over and len(game.history) < upto:
        game.act(choose(game, seed))


def assert_same_state(a: GameState, b: GameState) -> None:
    """Field by field (the random generator by its state)."""
    for f in dataclasses.fields(GameState):
        va, vb = getattr(a, f.name), getattr(b, f.name)
        assert snap.encode(va) == snap.encode(vb), f"{f.name}: {snap.state_diff(a, b)}"


# ---------------------------------------------------------------- the codec


def _sample(tp: Any, default: Any = dataclasses.MISSING) -> Any:
    """A value of the type, different from the default (so a lost field shows)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is bool:
        return not default if isinstance(default, bool) else True
    if tp is int:
        return (default if isinstance(default, int) else 0) + 7
    if tp is float:
        return (default if isinstance(default, float) else 0.0) + 1.5
    if tp is str:
        return f"{default if isinstance(default, str) else ''}x"
    if tp is random.Random:
        rng = random.Random(1234)
        rng.random()
        return rng
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _sample_dataclass(tp)
    if tp is Frame or tp is MechanicState:  # a registered record of each kind, in turn
        family = TAGGED["frame" if tp is Frame else "mechanic"]
        _sample.turn = getattr(_sample, "turn", -1) + 1  # type: ignore[attr-defined]
        kinds = sorted(family)
        return _sample_dataclass(family[kinds[_sample.turn % len(kinds)]])  # type: ignore[attr-defined]
    if origin in (typing.Union, types.UnionType):
        return _sample(next(a for a in args if a is not type(None)))
    if origin is list:
        return [_sample(args[0]), _sample(args[0])]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return (_sample(args[0]), _sample(args[0]))
        return tuple(_sample(a) for a in args)
    if origin is dict:
        return {"k": _sample(args[1])}
    raise AssertionError(f"no sample for {tp!r}: teach this test the new field type")


def _sample_dataclass(cls: type) -> Any:
    hints = snap.field_types(cls)  # the declared types, on the compiled wheel too
    values = {}
    for f in dataclasses.fields(cls):
        default = f.default
        if f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        values[f.name] = _sample(hints[f.name], default)
    return cls(**values)


def test_every_gamestate_field_round_trips() -> None:
    st = _sample_dataclass(GameState)
    data = json.loads(json.dumps(snap.encode_state(st)))
    back = snap.decode_state(data)
    defaults = GameState(players=[], owner=[], buildings=[], mortgaged=[], bank_houses=0,
                         bank_hotels=0, decks=[])
    for f in dataclasses.fields(GameState):
        original, restored = getattr(st, f.name), getattr(back, f.name)
        if isinstance(original, random.Random):
            assert restored.getstate() == original.getstate(), f.name
            assert restored.random() == original.random(), f.name
        else:
            assert restored == original, f.name
            assert type(restored) is type(original), f.name
            assert original != getattr(defaults, f.name), f"{f.name}: the sample is the default"
    assert snap.state_diff(st, back) == []


def test_actions_round_trip_compactly() -> None:
    offer = TradeOffer(0, 2, give_deeds=(1, 3), take_cash=40, give_cards=1)
    for action in (Action(A.A_ROLL, 1), Action(A.A_BID, 2, 5, 130),
                   Action(A.A_PROPOSE, 0, trade=offer)):
        data = json.loads(json.dumps(snap.encode_action(action)))
        assert snap.decode_action(data) == action
    assert snap.encode_action(Action(A.A_ROLL, 1)) == {"kind": "roll", "player": 1}


def test_decoding_says_where_a_value_is_wrong() -> None:
    data = snap.encode_state(start(spec_of(RULESET_FILES[0]), 1).st)
    data["players"][1]["cash"] = "lots"
    with pytest.raises(snap.SnapshotError, match=r"state\.players\[1\]\.cash: expected a whole"):
        snap.decode_state(data)
    data = snap.encode_state(start(spec_of(RULESET_FILES[0]), 1).st)
    data["ring_of_power"] = 1
    with pytest.raises(snap.SnapshotError, match="ring_of_power: unknown field of GameState"):
        snap.decode_state(data)


def test_a_field_missing_from_an_older_save_takes_its_default() -> None:
    st = start(spec_of(RULESET_FILES[0]), 1).st
    data = snap.encode_state(st)
    del data["landings"], data["last_card"]
    back = snap.decode_state(data)
    assert back.landings == [] and back.last_card == (-1, -1)
    del data["players"]
    with pytest.raises(snap.SnapshotError, match=r"state\.players: missing"):
        snap.decode_state(data)


# ---------------------------------------------------------------- round trips


def _reopen(name: str, meta: Any, folder: Path, **kw: Any) -> Any:
    """Open a game again as a new window would: this window lets it go first."""
    release(meta)
    return load_save(name, folder, **kw)


@pytest.mark.parametrize("ruleset_file", RULESET_FILES, ids=lambda p: p.stem)
def test_resuming_equals_never_having_stopped(ruleset_file: Path, tmp_path: Path) -> None:
    spec = spec_of(ruleset_file)
    variants: list[str | None] = [None, *(v.id for v in spec.variants)]
    for variant in variants:
        for seed in (1, 2):
            house: dict[str, int | bool] = {"free_parking_jackpot": True, "double_go": True} \
                if seed == 2 else {}
            total = 700
            ref = start(spec, seed, variant, house)
            play(ref, seed, total)

            game = start(spec, seed, variant, house)
            meta = new_meta(game, saves_dir=tmp_path)
            stops = sorted(random.Random(seed).sample(range(1, total), 3))
            for stop in stops:
                play(game, seed, stop)
                if stop != stops[1]:
                    autosave(game, meta)
                    name = store.autosave_name(game, meta)
                else:
                    name = f"round trip {seed} {variant}"
                    save_game(game, name, meta)
                loaded = _reopen(name, meta, tmp_path)
                assert loaded.game.pending == game.pending
                assert loaded.game.history == game.history
                assert_same_state(loaded.game.st, game.st)
                game, meta = loaded.game, loaded.meta
            play(game, seed, total)
            assert game.history == ref.history, (spec.id, variant, seed)
            assert_same_state(game.st, ref.st)
            release(meta)


def test_the_snapshot_equals_a_replay_of_the_log_field_by_field(tmp_path: Path) -> None:
    for ruleset_file in RULESET_FILES:
        spec = spec_of(ruleset_file)
        game = start(spec, 5)
        play(game, 5, 300)
        meta = new_meta(game, saves_dir=tmp_path)
        save_game(game, f"check {spec.id}", meta)
        loaded = _reopen(f"check {spec.id}", meta, tmp_path)
        assert loaded.sealed and not loaded.replayed
        file = export_game(f"check {spec.id}", tmp_path / "files" / f"{spec.id}.json", tmp_path)
        replayed = replay_game(read_save(file))
        assert replayed.history == loaded.game.history
        assert_same_state(loaded.game.st, replayed.st)
        assert replayed.pending == loaded.game.pending
        again = _reopen(f"check {spec.id}", loaded.meta, tmp_path, verify=True)
        assert again.warnings == [] and again.replayed
        release(again.meta)


def test_a_finished_game_saves_and_loads(tmp_path: Path) -> None:
    spec = spec_of(RULESET_FILES[0])
    game = start(spec, 3, house_rules={"turn_limit": 8})
    play(game, 3, 100_000)
    assert game.over and game.st.end_reason == "turn_limit"
    meta = new_meta(game, saves_dir=tmp_path)
    save_game(game, "finished", meta)
    loaded = _reopen("finished", meta, tmp_path, verify=True)
    assert loaded.game.over and loaded.game.st.winner == game.st.winner
    entry = next(e for e in list_saves(tmp_path) if e.name == "finished")
    assert entry.over and entry.winner == game.st.players[game.st.winner].name
    assert latest_save(tmp_path) is None  # nothing left to resume
    newest = latest_save(tmp_path, include_over=True)
    assert newest is not None and newest.game_id == entry.game_id and newest.over


def test_bots_games_resume_too(tmp_path: Path) -> None:
    bots = pytest.importorskip("monopoly_tui.bots")
    make_bot = getattr(bots, "make_bot", None)
    if make_bot is None:
        pytest.skip("no monopoly_tui.bots.make_bot yet")
    spec = spec_of(RULESET_FILES[0])

    def step(g: Game) -> None:  # a fresh bot per decision: its choice depends on the game only
        g.act(make_bot("random", 77 * 1_000_003 + len(g.history)).choose(g, g.pending.player))

    ref, game = start(spec, 9), start(spec, 9)
    for _ in range(400):
        if ref.over:
            break
        step(ref)
    meta = new_meta(game, [Seat(name=p.name, token=p.token, computer=i > 0, bot="random",
                                pace=0.5) for i, p in enumerate(game.st.players)],
                    saves_dir=tmp_path)
    for _ in range(170):
        step(game)
    autosave(game, meta)
    loaded = _reopen(store.autosave_name(game, meta), meta, tmp_path)
    assert [s.computer for s in loaded.meta.seats] == [False, True, True, True]
    assert loaded.meta.seats[1].bot == "random" and loaded.meta.seats[1].pace == 0.5
    game = loaded.game
    while len(game.history) < len(ref.history):
        step(game)
    assert game.history == ref.history
    assert_same_state(game.st, ref.st)


# ---------------------------------------------------------------- bad save files


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Game, Path]:
    """A classic game 200 decisions in, saved as 'good' and 'other' in the journal of
    ``tmp_path``, and 'good' exported to the file returned (in ``tmp_path/files``)."""
    game = start(spec_of(builtin_dir() / "classic.yaml"), 4)
    play(game, 4, 200)
    meta = new_meta(game, saves_dir=tmp_path)
    save_game(game, "other", meta)
    save_game(game, "good", meta)
    release(meta)
    return game, export_game("good", tmp_path / "files" / "good.json", tmp_path)


def _edit(path: Path, change: Any) -> bytes:
    data = json.loads(path.read_bytes())
    change(data)
    raw = json.dumps(data).encode()
    path.write_bytes(raw)
    return raw


def _journal_of(path: Path) -> Path:
    return path.parent.parent


def _fails(path: Path, kind: str, match: str, **kw: Any) -> SaveError:
    """Importing the file fails as said, and changes neither it nor the journal's games."""
    folder = _journal_of(path)
    before = path.read_bytes()
    games = {(e.name, e.decisions) for e in list_saves(folder)}
    with pytest.raises(SaveError, match=match) as err:
        load_save(path, folder, **kw)
    assert err.value.kind == kind, err.value
    assert path.read_bytes() == before, "a failed load changed the file"
    assert str(path) in str(err.value)
    assert {(e.name, e.decisions) for e in list_saves(folder)} == games
    return err.value


def test_a_truncated_save(saved: tuple[Game, Path]) -> None:
    _, path = saved
    raw = path.read_bytes()
    assert raw.endswith(b"\"\n}\n")  # the seal, then the end of the object
    for cut in (len(raw) - 2, len(raw) - 4, len(raw) // 2, len(raw) // 5, 40, 1):
        path.write_bytes(raw[:cut])
        _fails(path, "truncated", "cut short")
    path.write_bytes(b"")
    _fails(path, "empty", "empty")


def test_invalid_json(saved: tuple[Game, Path]) -> None:
    _, path = saved
    raw = path.read_bytes().replace(b'"turn": ', b'"turn" ', 1)
    path.write_bytes(raw)
    err = _fails(path, "invalid_json", r"not valid JSON at line \d+, column \d+")
    assert "Expecting ':' delimiter" in err.message
    path.write_bytes(b"\xff\xfe garbage")
    _fails(path, "not_a_save", "not text")
    path.write_bytes(b'{"hello": 1}')
    _fails(path, "not_a_save", "not a monopoly-tui save")


def test_a_save_from_a_newer_version(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda d: d.update(version=4, app_version="9.0"))
    err = _fails(path, "newer_version", "newer monopoly-tui")
    assert "version 4" in err.message and "update" in err.message


def test_a_damaged_structure_names_the_field(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda d: d["options"].pop("seed"))
    _fails(path, "invalid", r"options\.seed: Field required")
    _edit(path, lambda d: d["options"].update(seed=1, extra_thing=True))
    _fails(path, "invalid", r"options\.extra_thing")
    _edit(path, lambda d: d["options"].pop("extra_thing"))
    _edit(path, lambda d: d["log"][3].update(kind=7))
    _fails(path, "invalid", r"log\[3\]\.kind: expected a string")


def test_a_hand_edited_state_that_breaks_the_rules(saved: tuple[Game, Path]) -> None:
    _, path = saved
    raw = path.read_bytes()
    edits: list[tuple[Any, str]] = [
        (lambda s: s["owner"].__setitem__(3, 9), r"owner\[3\].*9 is not a player"),
        (lambda s: s.__setitem__("bank_houses", 40), "bank_houses: 40 in the bank"),
        (lambda s: s["players"][0].__setitem__("cash", -5), r"players\[0\].*cash: -5 is negative"),
        (lambda s: s["players"][1].__setitem__("position", 40), r"position: 40 is not a space"),
        (lambda s: s["players"][1].__setitem__("cash", s["players"][1]["cash"] + 500),
         "money appeared or vanished"),
        (lambda s: s["decks"][0].pop(), "are nowhere"),
    ]
    for change, message in edits:
        path.write_bytes(raw)
        _edit(path, lambda d, c=change: c(d["snapshot"]["state"]))
        err = _fails(path, "broken_rules", message)
        assert "snapshot.state." in err.message


def test_a_hand_edited_state_that_keeps_the_rules_is_caught_by_the_replay(
    saved: tuple[Game, Path],
) -> None:
    _, path = saved

    def swap_cash(d: dict[str, Any]) -> None:
        ps = d["snapshot"]["state"]["players"]
        ps[0]["cash"], ps[1]["cash"] = ps[1]["cash"], ps[0]["cash"] + 0
        assert ps[0]["cash"] != ps[1]["cash"]

    _edit(path, swap_cash)
    err = _fails(path, "inconsistent", "does not match a replay of its decision log")
    assert "players[0].cash" in err.message and "seal" in err.message


def test_a_log_that_does_not_match_the_snapshot(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda d: d["log"].pop())
    _fails(path, "inconsistent", "the log has 199 decisions, the header says 200")


def test_whose_move_it_is_is_checked(saved: tuple[Game, Path]) -> None:
    game, path = saved
    other = (game.pending.player + 1) % len(game.st.players)
    _edit(path, lambda d: d.update(to_move=other))
    _fails(path, "inconsistent", f"to_move is {other}")


def _user_edition(tmp_path: Path, text_change: Any = None) -> Path:
    """A copy of the classic edition under another id, in the user rulesets folder."""
    folder = tmp_path / "user-rulesets"
    folder.mkdir(exist_ok=True)
    text = (builtin_dir() / "classic.yaml").read_text()
    text = text.replace("id: classic\n", "id: savetest\n", 1).replace(
        "name: Classic\n", "name: Save test\n", 1)
    if text_change:
        text = text_change(text)
    path = folder / "savetest.yaml"
    path.write_text(text)
    _clear_spec_cache()
    return path


def _user_game(tmp_path: Path) -> tuple[Game, Path]:
    """A game of a user edition, named 'user game' in the journal of ``tmp_path / 'saves'``
    (returned)."""
    _user_edition(tmp_path)
    game = start(load_spec("savetest"), 6, players=3)
    play(game, 6, 150)
    assert any(a.kind == A.A_BUY for a in game.history)
    folder = tmp_path / "saves"
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "user game", meta)
    release(meta)
    return game, folder


def _fails_any(folder: Path, kind: str, match: str, **kw: Any) -> SaveError:
    before = {(e.name, e.decisions) for e in list_saves(folder)}
    with pytest.raises(SaveError, match=match) as err:
        load_save("user game", folder, **kw)
    assert err.value.kind == kind
    assert {(e.name, e.decisions) for e in list_saves(folder)} == before
    return err.value


def test_a_save_whose_edition_is_missing(tmp_path: Path) -> None:
    _, folder = _user_game(tmp_path)
    (tmp_path / "user-rulesets" / "savetest.yaml").unlink()
    _clear_spec_cache()
    err = _fails_any(folder, "ruleset_missing", "'savetest', which is not installed")
    assert "put its ruleset back" in err.message


def test_a_save_whose_rules_changed_but_whose_log_still_applies(tmp_path: Path) -> None:
    game, folder = _user_game(tmp_path)
    _user_edition(tmp_path, lambda t: t.replace("name: Save test\n", "name: Save test 2\n"))
    err = _fails_any(folder, "ruleset_changed", "have changed since this game was saved")
    assert isinstance(err, RulesetChangedError) and err.can_force
    assert "--force" in err.message
    original = next(e for e in list_saves(folder) if e.name == "user game")
    loaded = load_save("user game", folder, force=True)
    assert loaded.replayed and loaded.warnings and loaded.branched
    assert loaded.game.history == game.history
    assert loaded.meta.game_id != original.game_id  # it goes on as a game of its own
    play(loaded.game, 6, 170)
    autosave(loaded.game, loaded.meta)
    kept = next(e for e in list_saves(folder) if e.name == "user game")
    assert (kept.game_id, kept.decisions) == (original.game_id, original.decisions)
    # kept as it was played, it still exports (by its own rules: the importer replays it)
    out = export_game("user game", tmp_path / "out" / "user.json", folder)
    assert read_save(out).decisions == original.decisions


def test_a_save_under_an_earlier_ruleset_that_plays_the_same_loads_as_it_is(
        tmp_path: Path) -> None:
    """A ruleset whose words changed (a space's short name) lists the hash it had as one of
    its ``earlier_hashes``: a game saved under it loads as saved, no --force, no replay (the
    B. & O. Railroad's short name, "B&O Railroad" before, changed classic's hash and LGE's, and
    every game saved before could not be resumed from the app)."""
    game, folder = _user_game(tmp_path)
    saved_hash = load_spec("savetest").content_hash
    _user_edition(tmp_path, lambda t: t.replace("short: B. & O. RR,", "short: B & O RR,").replace(
        "earlier_hashes: [", f"earlier_hashes: [{saved_hash}, "))
    spec = load_spec("savetest")
    assert spec.content_hash != saved_hash and saved_hash in spec.earlier_hashes
    loaded = load_save("user game", folder)
    assert not loaded.replayed and not loaded.warnings
    assert loaded.game.history == game.history


def test_the_built_in_editions_list_the_earlier_hashes_that_play_the_same() -> None:
    """Classic and Longest Game Ever listed the hash they had before the B. & O. Railroad's
    short name changed; issue 28 changed their rules since, so no earlier hash plays the same
    and none is listed. Game of Thrones lists its own (issue 28 changed only its words: Jail
    for 'the dungeons'). An edition built on classic (GoT, NFL) does not inherit classic's
    earlier hashes: they are not its own."""
    # issue 33 changed only words (every edition's notes; Longest Game Ever's money's name,
    # Game of Thrones' '1 Gold Dragon'): each lists the hash it had before
    assert load_spec("classic").earlier_hashes == ("17b9c12045243524",)
    assert load_spec("lge").earlier_hashes == ("35de05016404b040",)
    assert load_spec("got").earlier_hashes == ("8c11b922247b6072", "d08fb3575efde2a9")
    assert load_spec("nfl").earlier_hashes == ("85016dc7e1bb902c",)
    assert load_spec("lotr").earlier_hashes == ("e09074b01b34b90f",)
    assert load_spec("dnd").earlier_hashes == ("c6af5985b7301f86",)


def test_a_save_whose_rules_changed_so_the_log_no_longer_applies(tmp_path: Path) -> None:
    _, folder = _user_game(tmp_path)
    _user_edition(tmp_path, lambda t: t.replace("starting_money: 1500", "starting_money: 1"))
    err = _fails_any(folder, "ruleset_changed", "no longer fit them")
    assert isinstance(err, RulesetChangedError) and not err.can_force
    assert "is not legal" in err.message
    _fails_any(folder, "ruleset_changed", "no longer fit them", force=True)


# ---------------------------------------------------------------- names, folders, the journal


def test_a_file_in_the_saves_folder_is_imported_and_left_as_it_is(
    saved: tuple[Game, Path],
) -> None:
    """Save files in the saves folder (an earlier version's, or one put there) are imported
    into the journal and never changed; one that cannot be read is listed with why."""
    game, path = saved
    folder = path.parent.parent / "other-folder"
    folder.mkdir()
    raw = path.read_bytes()
    copy = folder / "good.json"
    copy.write_bytes(raw)
    (folder / "junk.json").write_text("{")
    entries = {e.name: e for e in list_saves(folder)}
    assert copy.read_bytes() == raw and (folder / "junk.json").read_text() == "{"
    assert entries["good"].decisions == 200 and entries["good"].error is None
    assert entries["junk"].error and "cut short" in entries["junk"].error
    assert load_save("good", folder).game.history == game.history


def test_a_failed_write_loses_nothing_and_the_next_write_catches_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A write that fails (a full disk) leaves the journal as it was; the game keeps every
    decision, says since when it is not saved, and the next write saves them all."""
    game = start(spec_of(builtin_dir() / "classic.yaml"), 4)
    meta = new_meta(game, saves_dir=tmp_path)
    play(game, 4, 100)
    autosave(game, meta)
    real = journal.Journal.tx
    full = {"on": True}

    def tx(self: Any) -> Any:
        if full["on"]:
            raise sqlite3.OperationalError("database or disk is full")
        return real(self)

    monkeypatch.setattr(journal.Journal, "tx", tx)
    for upto in (110, 120, 130):
        play(game, 4, upto)
        with pytest.raises(SaveError, match="the disk is full") as err:
            autosave(game, meta)
        assert err.value.kind == "write_failed"
        status = save_status(meta)
        assert not status.saved and status.unsaved_since == 100
    full["on"] = False
    play(game, 4, 131)
    autosave(game, meta)
    assert save_status(meta).saved
    again = _reopen(store.autosave_name(game, meta), meta, tmp_path)
    assert again.game.history == game.history


def test_listing_deleting_and_names(saved: tuple[Game, Path]) -> None:
    game, path = saved
    folder = _journal_of(path)
    entries = {e.name: e for e in list_saves(folder)}
    auto = [n for n in entries if n.startswith("autosave-classic-")]
    assert set(entries) == {"good", "other", *auto} and len(auto) == 1
    good = entries["good"]
    assert good.edition == "classic" and good.players == ("Ann", "Bob", "Cid", "Dee")
    assert good.turn == game.st.turns and good.error is None and good.kind == "named"
    assert good.to_move == game.st.players[game.pending.player].name
    assert delete_save("other", folder) == folder / journal.DB_NAME
    with pytest.raises(SaveError, match="no save named 'other'"):
        delete_save("other", folder)
    for bad in ("../escape", ".hidden", "a/b", ""):
        with pytest.raises(SaveError, match="cannot be a save name"):
            save_game(game, bad, saves_dir=folder)
    delete_save(auto[0], folder)  # the whole game, with its named saves
    assert list_saves(folder) == []


def test_autosave_names_a_game_by_its_edition_and_id(tmp_path: Path) -> None:
    game = start(spec_of(builtin_dir() / "classic.yaml"), 8)
    meta = new_meta(game)
    assert autosave(game, meta) == default_saves_dir() / journal.DB_NAME
    play(game, 8, 30)
    autosave(game, meta)
    name = f"autosave-classic-{meta.game_id}"
    assert [e.name for e in list_saves()] == [name]
    assert _reopen(name, meta, default_saves_dir()).game.history == game.history


def test_where_saves_go(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert default_saves_dir() == tmp_path / "saves"  # the environment wins
    monkeypatch.delenv("MONOPOLY_TUI_SAVES")
    checkout = Path(files.__file__).resolve().parents[2]
    if (checkout / "pyproject.toml").is_file() and os.access(checkout, os.W_OK):
        assert default_saves_dir() == checkout / "saves"
    monkeypatch.setattr(files.os, "access", lambda *a, **k: False)
    import platformdirs

    assert default_saves_dir() == Path(platformdirs.user_data_dir("monopoly-tui")) / "saves"


# ---------------------------------------------------------------- a crash mid-game

CHILD = textwrap.dedent("""
    import random, sys
    from monopoly_tui.engine import actions as A
    from monopoly_tui.engine.game import Game
    from monopoly_tui.saves import autosave, new_meta
    from monopoly_tui.saves.files import load_spec

    spec = load_spec("classic")
    game = Game.new(spec, [("Ann", "Thimble"), ("Bob", "Iron"), ("Cid", "Boot"),
                           ("Dee", "Top Hat")], seed=11)
    meta = new_meta(game, saves_dir=sys.argv[1])
    r = random.Random(11)
    autosave(game, meta)
    print(f"autosave-classic-{meta.game_id}", flush=True)
    while not game.over:
        pend = game.pending
        extras = [a for a in game.legal_actions() if a.kind in A.ANYTIME]
        if extras and (not pend.choices or r.random() < 0.05):
            game.act(r.choice(extras))
        else:
            game.act(r.choice(pend.choices))
        autosave(game, meta)
        print(len(game.history), flush=True)
    sys.stdin.read()  # finished before the kill: wait for it
""")


def test_a_crash_mid_game_loses_nothing(tmp_path: Path) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    folder = tmp_path / "crash"
    child = subprocess.Popen(
        [sys.executable, str(script), str(folder)], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert child.stdout is not None
        name = child.stdout.readline().strip()
        last = 0
        while last < 60:
            line = child.stdout.readline()
            assert line, f"the child stopped early: {child.stderr.read() if child.stderr else ''}"
            last = int(line)
        child.send_signal(signal.SIGKILL)  # while it keeps playing and saving
    finally:
        child.kill()
        child.wait()
    loaded = load_save(name, folder, verify=True)  # the lease of a killed window is free
    assert loaded.game.st.decisions == len(loaded.game.history) >= last
    assert not loaded.warnings
    assert [e.name for e in list_saves(folder)] == [name]


# ---------------------------------------------------------------- replay and the CLI


def test_replay_tells_the_game_event_by_event(saved: tuple[Game, Path]) -> None:
    game, path = saved
    for target in (path, "good"):  # a file, or a save in the journal
        save, spec, where = load_for_replay(target, _journal_of(path))
        lines = list(replay_lines(save, spec, where))
        assert sum(1 for line in lines if line.decision and not line.problem) == \
            len(game.history)
        assert not any(line.problem for line in lines)
    assert any(line.event is not None and line.event.kind == "rolled" for line in lines)
    text = plain_event(next(line.event for line in lines if line.event is not None), game)
    assert text.split()[0] in {"first_roll", "coin_flip", "dealt", "starts"}


def test_replay_of_a_broken_log_says_where_it_stops(saved: tuple[Game, Path]) -> None:
    _, path = saved
    _edit(path, lambda d: d["log"].insert(5, {"kind": "buy", "player": 3, "target": 39}))
    save, spec, _ = load_for_replay(path)
    problems = [line.text for line in replay_lines(save, spec, path) if line.problem]
    assert len(problems) == 1 and "decision 6 of 201 is not legal here" in problems[0]


def test_cli_saves_replay_resume_export_and_import(
        saved: tuple[Game, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    game, path = saved
    folder = str(_journal_of(path))
    (_journal_of(path) / "junk.json").write_text("{")
    monkeypatch.setenv("COLUMNS", "200")
    assert cli.main(["--saves", folder, "saves"]) == 0
    out = capsys.readouterr().out
    assert "good" in out and "other" in out and "cut short" in out and "Ann, Bob" in out

    assert cli.main(["replay", "good", "--saves", folder]) == 0
    out = capsys.readouterr().out
    assert out.count("\n#") == len(game.history)

    fake = types.ModuleType("monopoly_tui.ui.app")
    monkeypatch.setitem(sys.modules, "monopoly_tui.ui.app", fake)
    assert cli.main(["--saves", folder, "resume", "good"]) == 2  # no run_game yet
    captured = capsys.readouterr()
    assert "Would resume" in captured.out and "run_game" in captured.err

    got: list[Any] = []
    fake.run_game = lambda loaded: got.append(loaded) or 0  # type: ignore[attr-defined]
    play(game, 4, 230)
    meta = new_meta(game, saves_dir=folder)
    save_game(game, "newest", meta)
    release(meta)
    assert cli.main(["--saves", folder, "resume"]) == 0  # the latest game still going
    assert got[0].game.history == game.history and got[0].meta.game_id == meta.game_id
    release(got[0].meta)

    assert cli.main(["--saves", str(tmp_path / "empty"), "resume"]) == 1
    assert "No game to resume" in capsys.readouterr().err
    assert cli.main(["--saves", folder, "resume", "junk"]) == 1
    assert "cut short" in capsys.readouterr().err

    out_file = tmp_path / "out" / "exported.json"  # (a file in the saves folder is imported)
    assert cli.main(["--saves", folder, "export", "newest", str(out_file)]) == 0
    assert read_save(out_file).decisions == 230
    elsewhere = str(tmp_path / "elsewhere")
    assert cli.main(["--saves", elsewhere, "import", str(out_file)]) == 0
    assert "checked by a replay" in capsys.readouterr().out  # another folder's seal
    assert {e.name for e in list_saves(elsewhere)} >= {"newest"}
    assert cli.main(["--saves", folder, "saves", "--delete", "newest"]) == 0
    assert "newest" not in {e.name for e in list_saves(folder)}


def test_replay_names_the_player_met_in_a_ring_choice() -> None:
    """A Ring choice's target is the player the mover met, not a deed: the replay names that
    player (it once printed the deed with the same number)."""
    from monopoly_tui.engine import actions as A
    from monopoly_tui.saves.replay import action_text

    spec = spec_of(next(f for f in RULESET_FILES if "lotr" in str(f)))
    game = Game.new(spec, [("Frodo", spec.tokens[0]), ("Sam", spec.tokens[1])], seed=1)
    ring = spec.mechanics["ring"]
    assert [action_text(Action(kind, 0, 1), game)
            for kind in (A.A_BATTLE, A.A_OFFER_RING, A.A_PASS_BY)] == [
        f"Frodo: battle Sam for {ring.ring}", f"Frodo: offer {ring.ring} to Sam",
        "Frodo: pass Sam by"]
    assert action_text(Action(A.A_BUILD, 1, 1), game).endswith(spec.deeds[1].name)
