"""An attack on saves and rulesets (issue 18): a few hundred seeded mutations of real save
files and real rulesets, each put through everything that reads them (listing, loading,
resuming, replaying, validating, and playing a game on a ruleset that validates).

What must hold for every mutant: no exception but the one that carries a message for the
player (``SaveError``, ``RulesetError``), the command line exits 0, 1 or 2 without a
traceback, nothing hangs (a game on a mutated ruleset is played for a bounded number of
decisions; a watchdog fails the test rather than let it hang), and no file is changed.
The same seeds give the same mutants on every run.
"""

from __future__ import annotations

import copy
import json
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from test_saves import choose, play, start

from monopoly_tui import cli
from monopoly_tui import rules as rules_pkg
from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.game import Game
from monopoly_tui.rules.compile import compile_ruleset
from monopoly_tui.rules.loader import RulesetError, builtin_dir, load_ruleset
from monopoly_tui.saves import (
    SaveError,
    autosave,
    files,
    latest_save,
    list_saves,
    load_save,
    new_meta,
    release,
    save_game,
    store,
)
from monopoly_tui.saves.files import load_spec
from monopoly_tui.saves.replay import load_for_replay, replay_lines

WATCHDOG_SECONDS = 600
"""Far beyond what the attack takes (seconds): only a hang reaches it."""

ODD_VALUES: list[Any] = [
    -1, 0, 7, 10**12, -(10**12), 2**63, 10**4000, 1.5, 1e308, None, True, False, "",
    "[/x]", "[b]bold[/b]", "a\u0000b", "../escaped", "x" * 300, [], {}, [[[[1]]]],
    {"kind": "roll"}, "autosave-classic-1", "\u202eevil",
]


@contextmanager
def watchdog(seconds: int) -> Iterator[None]:
    def hung(signum: int, frame: Any) -> None:
        raise AssertionError(f"the attack hung (no end after {seconds} s)")

    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path / "user-rulesets"))
    rules_pkg.load_spec.cache_clear()


# ---------------------------------------------------------------- mutating


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:30]):
            yield from _paths(v, (*path, i))


def _set(data: Any, path: tuple[Any, ...], value: Any, delete: bool = False) -> None:
    for key in path[:-1]:
        data = data[key]
    if delete and isinstance(data, dict):
        data.pop(path[-1], None)
    else:
        data[path[-1]] = value


def mutate_json(raw: bytes, r: random.Random) -> bytes:
    """A save changed where a hand edit (or a bad disk) might change it."""
    data = json.loads(raw)
    paths = [p for p in _paths(data) if p]
    for _ in range(r.randint(1, 3)):
        where = r.choice(paths)
        how = r.random()
        try:
            if how < 0.15:
                _set(data, where, None, delete=True)
            elif how < 0.3:
                old: Any = data
                for key in where:
                    old = old[key]
                if isinstance(old, int) and not isinstance(old, bool):
                    _set(data, where, old + r.choice([-1, 1, 2, -7, 40]))
                else:
                    _set(data, where, r.choice(ODD_VALUES))
            else:
                _set(data, where, copy.deepcopy(r.choice(ODD_VALUES)))
        except (KeyError, IndexError, TypeError):
            continue
    if r.random() < 0.5 and isinstance(data.get("snapshot"), dict):
        state = data["snapshot"].get("state")
        if isinstance(state, dict):
            with suppress(TypeError, ValueError):  # as an editor who read the code
                data["snapshot"]["digest"] = snap.state_digest(state)
    try:
        return json.dumps(data).encode()
    except (TypeError, ValueError, RecursionError):
        return raw


def mutate_bytes(raw: bytes, r: random.Random) -> bytes:
    b = bytearray(raw)
    for _ in range(r.randint(1, 4)):
        i = r.randrange(len(b)) if b else 0
        how = r.random()
        if how < 0.3 and b:
            b[i] = r.randrange(256)
        elif how < 0.5:
            del b[i:i + r.randint(1, 200)]
        elif how < 0.7:
            b[i:i] = bytes(r.randrange(256) for _ in range(r.randint(1, 20)))
        elif how < 0.85:
            b = b[:i]
        else:
            j = r.randrange(len(b)) if b else 0
            b[i:i] = b[j:j + r.randint(1, 300)]
    return bytes(b)


# ---------------------------------------------------------------- saves


def real_saves(folder: Path) -> list[bytes]:
    """Saves of real games: three editions, mid-game and finished, with and without a seal."""
    out = []
    for edition, seed, upto in (("classic", 3, 120), ("lotr", 5, 90), ("nfl", 7, 60)):
        game = start(load_spec(edition), seed)
        play(game, seed, upto)
        meta = new_meta(game, saves_dir=folder)
        autosave(game, meta)
        out.append(store.export_game(store.autosave_name(game, meta),
                                     folder.parent / "out" / "auto.json", folder).read_bytes())
        out.append(files.render(game, meta, "plain", "named"))  # no seal
    done = start(load_spec("classic"), 4, house_rules={"turn_limit": 4})
    play(done, 4, 100_000)
    save_game(done, "done", saves_dir=folder)
    out.append(store.export_game("done", folder.parent / "out" / "done.json", folder)
               .read_bytes())
    return out


def exercise_save(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Everything that reads a save file; only SaveError may come out."""
    folder = path.parent
    for call in (lambda: list_saves(folder), lambda: latest_save(folder),
                 lambda: files.read_header(path), lambda: load_for_replay(path)):
        with suppress(SaveError):
            call()
    try:
        loaded = load_save(path)
    except SaveError:
        loaded = None
    if loaded is not None:  # it loads: then it is a game the rules reach, and goes on
        game = loaded.game
        assert snap.check_state(game.spec, game.st) == []
        if not game.over:
            game.act(choose(game, 1))
            autosave(game, loaded.meta)
        release(loaded.meta)
    try:
        save, spec, _ = load_for_replay(path)
        for _line in replay_lines(save, spec, path):
            pass
    except SaveError:
        pass
    for argv in (["saves"], ["replay", str(path)], ["resume", str(path), "--verify"]):
        status = cli.main(argv)
        err = capsys.readouterr().err
        assert status in (0, 1, 2) and "Traceback" not in err, (argv, err)


def test_mutated_saves_never_crash_hang_or_change_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("monopoly_tui.ui.app.run_game", lambda loaded: 0)  # no screen
    folder = tmp_path / "saves"
    originals = real_saves(folder)
    for p in folder.glob("*.json"):
        p.unlink()
    r = random.Random(18)
    with watchdog(WATCHDOG_SECONDS):
        for n in range(300):
            raw = r.choice(originals)
            mutant = mutate_json(raw, r) if r.random() < 0.6 else mutate_bytes(raw, r)
            path = folder / "mutant.json"
            path.write_bytes(mutant)
            try:
                exercise_save(path, capsys)
            except AssertionError as e:
                raise AssertionError(f"mutant {n}: {e}") from None
            except Exception as e:
                raise AssertionError(f"mutant {n} raised {type(e).__name__}: {e}") from e
            assert path.read_bytes() == mutant, f"mutant {n} was changed"
            for p in folder.glob("*.json"):
                if p != path:
                    p.unlink()  # the autosaves of mutants that loaded


# ---------------------------------------------------------------- rulesets


NUMBER_SWAPS = ["0", "-1", "1", "40", "1000000000", "-1000000000", "99999999999999999999",
                "1e9", "3.5", "null", "[]", "'[/x]'", "\"\\0\""]


def mutate_yaml(text: str, r: random.Random) -> str:
    lines = text.splitlines(keepends=True)
    for _ in range(r.randint(1, 3)):
        i = r.randrange(len(lines))
        how = r.random()
        line = lines[i]
        if how < 0.45:
            digits = [k for k, c in enumerate(line) if c.isdigit()]
            if digits:
                k = r.choice(digits)
                end = k
                while end < len(line) and (line[end].isdigit() or line[end] == "-"):
                    end += 1
                lines[i] = line[:k] + r.choice(NUMBER_SWAPS) + line[end:]
        elif how < 0.6:
            del lines[i]
        elif how < 0.7:
            lines.insert(i, line)
        elif how < 0.8:
            j = r.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif how < 0.9:
            lines[i] = line.replace(": ", ": [/x]", 1)
        else:
            lines[i] = " " * r.randint(1, 3) + line
    return "".join(lines)


def play_bounded(game: Game, r: random.Random, decisions: int) -> None:
    """Random legal choices for at most ``decisions`` decisions."""
    for _ in range(decisions):
        if game.over:
            return
        pend = game.pending
        choices = pend.choices or [a for a in game.legal_actions(pend.player)]
        assert choices, f"no legal choice at {pend.kind}"
        game.act(r.choice(list(choices)))


@pytest.mark.parametrize("edition", ["classic", "lotr"])
def test_mutated_rulesets_never_crash_hang_or_change_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edition: str,
) -> None:
    files = {"classic": "classic.yaml", "lotr": "lotr.yaml"}
    original = (builtin_dir() / files[edition]).read_text()
    original = original.replace(f"id: {edition}\n", "id: mutant\n", 1)
    r = random.Random(180 + len(edition))
    valid = 0
    with watchdog(WATCHDOG_SECONDS):
        for n in range(120):
            text = mutate_yaml(original, r)
            path = tmp_path / "mutant.yaml"
            path.write_text(text)
            before = path.read_bytes()
            try:
                rs = load_ruleset(path)
            except RulesetError as e:
                assert all(p.file for p in e.problems)
                rs = None
            except Exception as e:
                raise AssertionError(f"mutant {n} raised {type(e).__name__}: {e}") from e
            status = cli.main(["validate", str(path)])
            err = capsys.readouterr().err
            assert status in (0, 1) and "Traceback" not in err
            if rs is not None:
                valid += 1
                try:
                    spec = compile_ruleset(rs)
                    n_players = max(spec.players_min, min(3, spec.players_max))
                    game = Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(n_players)],
                                    seed=n)
                    assert snap.check_state(spec, game.st) == [], f"mutant {n} at the start"
                    play_bounded(game, random.Random(n), 400)
                    assert snap.check_state(spec, game.st) == [], f"mutant {n}"
                except AssertionError:
                    raise
                except Exception as e:
                    raise AssertionError(
                        f"mutant {n} validated but broke the engine: {type(e).__name__}: {e}"
                    ) from e
            assert path.read_bytes() == before, f"mutant {n} was changed"
    assert valid > 10  # the attack reached the engine, not only the validator
