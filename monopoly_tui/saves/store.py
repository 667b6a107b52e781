"""Saving, listing, loading and deleting games on disk.

The engine stays free of I/O: ``monopoly_tui.engine.snapshot`` turns a state into plain data
and back; this module adds the files, the clock and the checks.

- Writes are atomic: a temporary file in the same folder, flushed and fsynced, then
  ``os.replace``d over the save, so a crash leaves either the old save or the new one.
- ``autosave(game, meta)`` after every decision writes ``autosave-<edition>-<game id>``;
  ``save_game(game, name, meta)`` writes a named save.
- ``load_save`` restores the exact game from the snapshot (the same pending decision, the same
  dice to come) and checks it cheaply: the decision count against the log, whose move it is,
  the state against the rules (``check_state``) and against its digest. A snapshot that was
  changed by hand (digest differs) is checked against a replay of the log.
- Nothing here ever overwrites or deletes a file it could not read: a failed load raises
  ``SaveError`` and leaves the file as it was, and a save is never written over a file that
  is not a save this version can read.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
from pydantic import ValidationError

from monopoly_tui import __version__
from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import Spec
from monopoly_tui.saves.format import (
    FORMAT,
    VERSION,
    Options,
    PlayerSummary,
    RulesetRef,
    SaveFile,
    SaveHeader,
    Seat,
    Summary,
)

ENV_VAR = "MONOPOLY_TUI_SAVES"
SUFFIX = ".json"
AUTOSAVE_PREFIX = "autosave-"


# ---------------------------------------------------------------- errors


class SaveError(Exception):
    """A save that cannot be read, loaded or written, and why, in words for the player.

    ``path`` is the file (or ``""``), ``message`` what is wrong, and ``kind`` a short code:
    ``not_found``, ``unreadable``, ``empty``, ``truncated``, ``invalid_json``, ``not_a_save``,
    ``newer_version``, ``invalid``, ``ruleset_missing``, ``ruleset_broken``, ``ruleset_changed``,
    ``broken_rules``, ``inconsistent``, ``exists``, ``bad_name``, ``write_failed``.
    """

    def __init__(self, path: str | os.PathLike[str], message: str, kind: str = "invalid") -> None:
        self.path = str(path)
        self.message = message
        self.kind = kind
        super().__init__(f"{self.path}: {message}" if self.path else message)


class RulesetChangedError(SaveError):
    """The edition's rules are not the ones the game was played with.

    ``can_force`` is true when the game's decisions are all still legal under the current
    rules: ``load_save(..., force=True)`` then replays them on the current rules.
    """

    def __init__(self, path: str | os.PathLike[str], message: str, can_force: bool) -> None:
        super().__init__(path, message, "ruleset_changed")
        self.can_force = can_force


# ---------------------------------------------------------------- where saves go


def default_saves_dir() -> Path:
    """Where saves go: ``$MONOPOLY_TUI_SAVES`` if set (the CLI's ``--saves DIR`` sets it); else
    ``saves/`` in the project folder when run from a writable checkout; else the user data
    folder's ``saves``."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file():
        folder = root / "saves"
        probe = folder if folder.is_dir() else root
        if os.access(probe, os.W_OK | os.X_OK):
            return folder
    return Path(platformdirs.user_data_dir("monopoly-tui")) / "saves"


def _dir(saves_dir: str | os.PathLike[str] | None) -> Path:
    return Path(saves_dir).expanduser() if saves_dir is not None else default_saves_dir()


def check_name(name: str) -> str:
    """A save name, or ``SaveError``: letters, digits, spaces, ``-``, ``_`` and ``.``; not
    starting with a dot; at most 100 characters."""
    stem = name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name
    ok = (
        0 < len(stem) <= 100
        and not stem.startswith((".", " "))
        and not stem.endswith(" ")
        and all(c.isalnum() or c in " -_." for c in stem)
    )
    if not ok:
        raise SaveError(
            "",
            f"'{name}' cannot be a save name: use letters, digits, spaces, '-', '_' and '.' "
            "(not starting with a dot, at most 100 characters)",
            "bad_name",
        )
    return stem


def save_path(name_or_path: str | os.PathLike[str],
              saves_dir: str | os.PathLike[str] | None = None) -> Path:
    """The file of a save: a path to an existing file as it is, else ``NAME.json`` in the
    saves folder."""
    p = Path(name_or_path).expanduser()
    text = str(name_or_path)
    if p.is_file() or os.sep in text or (os.altsep and os.altsep in text):
        return p
    return _dir(saves_dir) / f"{check_name(text)}{SUFFIX}"


# ---------------------------------------------------------------- metadata


@dataclass
class SaveMeta:
    """What a save holds besides the game: its id, the seats, when it began, where it goes.

    Make one with ``new_meta`` when a game starts (or take the one ``load_save`` returns) and
    pass it to every ``autosave``; it also caches the encoded decision log so each autosave
    only encodes the decisions taken since the last.
    """

    game_id: str
    seats: list[Seat]
    created: datetime
    saves_dir: Path | None = None
    """Where this game's saves go (``None``: ``default_saves_dir()``)."""
    name: str | None = None
    """The name of the last named save of this game (for a 'save' command), if any."""
    source: Path | None = None
    """The file the game was loaded from, if it was."""
    _log_lines: list[str] = field(default_factory=list, repr=False)
    _log_of: int = field(default=0, repr=False)
    _safe_targets: set[Path] = field(default_factory=set, repr=False)


def new_game_id(now: datetime | None = None) -> str:
    now = now or datetime.now(UTC)
    return f"{now.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(2)}"


def new_meta(game: Game, seats: Sequence[Seat | dict[str, Any]] | None = None,
             saves_dir: str | os.PathLike[str] | None = None) -> SaveMeta:
    """Metadata for a new game. ``seats`` (one per player, in seat order) says which are
    computer players; by default all are human."""
    players = _option_players(game)
    if seats is None:
        seat_list = [Seat(name=n, token=t) for n, t in players]
    else:
        seat_list = [s if isinstance(s, Seat) else Seat.model_validate(s) for s in seats]
        if [(s.name, s.token) for s in seat_list] != players:
            raise ValueError(
                f"the seats {[(s.name, s.token) for s in seat_list]} are not the game's players "
                f"{players}"
            )
    now = datetime.now(UTC)
    return SaveMeta(
        game_id=new_game_id(now),
        seats=seat_list,
        created=now,
        saves_dir=Path(saves_dir) if saves_dir is not None else None,
    )


def _option_players(game: Game) -> list[tuple[str, str]]:
    raw = game.options.get("players") or [(p.name, p.token) for p in game.st.players]
    assert isinstance(raw, list)
    return [(str(n), str(t)) for n, t in raw]


def autosave_name(game: Game, meta: SaveMeta) -> str:
    return f"{AUTOSAVE_PREFIX}{game.spec.id}-{meta.game_id}"


# ---------------------------------------------------------------- writing


def autosave(game: Game, meta: SaveMeta) -> Path:
    """Save the game under its autosave name (call it after every decision); returns the file."""
    return _write(game, meta, autosave_name(game, meta), "auto", overwrite=True)


def save_game(game: Game, name: str, meta: SaveMeta | None = None,
              saves_dir: str | os.PathLike[str] | None = None, overwrite: bool = True) -> Path:
    """Save the game under a name of the player's choosing; returns the file.

    With ``overwrite=False`` an existing save of that name raises ``SaveError`` (kind
    ``exists``). A file that is not a save this version can read is never overwritten.
    """
    stem = check_name(name)
    if meta is None:
        meta = new_meta(game, saves_dir=saves_dir)
    elif saves_dir is not None:
        meta.saves_dir = Path(saves_dir)
    path = _write(game, meta, stem, "named", overwrite=overwrite)
    meta.name = stem
    return path


def _write(game: Game, meta: SaveMeta, stem: str, kind: str, overwrite: bool) -> Path:
    folder = _dir(meta.saves_dir)
    path = folder / f"{stem}{SUFFIX}"
    if path not in meta._safe_targets:
        _check_target(path, meta, kind, overwrite)
    data = render(game, meta, stem, kind)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
    except OSError as e:
        raise SaveError(path, f"cannot write the save: {e.strerror or e}", "write_failed") from e
    if path not in meta._safe_targets:
        meta._safe_targets.add(path)
        _remove_stale_temporaries(path)
    return path


def _check_target(path: Path, meta: SaveMeta, kind: str, overwrite: bool) -> None:
    """Refuse to write over anything but a save this version reads (and, for an autosave,
    anything but this game's own)."""
    if not path.exists():
        return
    if not overwrite:
        raise SaveError(path, "a save with this name exists already", "exists")
    try:
        head = _peek(path.read_bytes())
        ours = (
            head.get("format") == FORMAT
            and isinstance(head.get("version"), int)
            and head["version"] <= VERSION
        )
    except (OSError, ValueError):
        ours = False
    if not ours:
        raise SaveError(
            path,
            "this file is not a save this version of monopoly-tui can read (damaged, or from a "
            "newer version); it is left as it is: choose another name, or move the file away",
            "exists",
        )
    if kind == "auto" and head.get("game_id") != meta.game_id:
        raise SaveError(path, "this autosave belongs to another game; it is left as it is",
                        "exists")


_HEAD_RE = re.compile(
    rb'\A\{\n"format": "(?P<format>[a-z-]+)",\n"version": (?P<version>\d+),\n'
    rb'(?:"[a-z_]+": (?:"[^"\\\n]*"|\d+),\n){0,6}?"game_id": "(?P<game_id>[^"\\\n]*)",\n'
)


def _peek(raw: bytes) -> dict[str, Any]:
    """A save's format, version and game id: read from the head when the file is laid out as
    this module writes it (fast), else from the whole JSON document (``ValueError`` if it is
    not one)."""
    m = _HEAD_RE.match(raw)
    if m is not None and raw.endswith((b"\n]\n}\n", b'"log": []\n}\n')):
        return {"format": m["format"].decode(), "version": int(m["version"]),
                "game_id": m["game_id"].decode()}
    data = json.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    return data


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: a temporary file in the same folder, flushed and
    fsynced, then renamed over ``path``. A reader (or a crash at any moment) sees the old save
    or the new one, never a mix. (The folder is not fsynced after the rename: after a power
    cut the save may be the one before, which is still whole; that halves the disk waits of
    a save made after every decision.)"""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files of this save left by a process that died while writing."""
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            pid = int(tmp.name[len(path.name) + 2 : -4])
        except ValueError:
            continue
        if pid == os.getpid():
            continue
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            with contextlib.suppress(OSError):
                tmp.unlink()
        except OSError:
            pass


def render(game: Game, meta: SaveMeta, name: str, kind: str = "named") -> bytes:
    """The save file's bytes: the header, the snapshot, and the log one decision per line."""
    st = game.st
    now = datetime.now(UTC)
    state = snap.encode_state(st)
    players = _option_players(game)
    seats = meta.seats if len(meta.seats) == len(players) else [
        Seat(name=n, token=t) for n, t in players
    ]
    pend = game.pending
    head = {
        "format": FORMAT,
        "version": VERSION,
        "app_version": __version__,
        "name": name,
        "kind": kind,
        "game_id": meta.game_id,
        "created": meta.created.isoformat(),
        "updated": now.isoformat(),
        "ruleset": RulesetRef(id=game.spec.id, hash=game.spec.content_hash,
                              name=game.spec.name).model_dump(),
        "options": Options(
            seed=_int(game.options.get("seed", 0)),
            variant=_str_or_none(game.options.get("variant")),
            house_rules=dict(game.options.get("house_rules") or {}),  # type: ignore[call-overload]
            players=seats,
        ).model_dump(),
        "turn": st.turns,
        "round": st.rounds,
        "decisions": st.decisions,
        "to_move": -1 if game.over else pend.player,
        "over": game.over,
        "summary": summarize(game, seats).model_dump(),
    }
    parts = [f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in head.items()]
    snapshot = json.dumps(
        {"digest": snap.state_digest(state), "state": state}, separators=(",", ":")
    )
    parts.append(f'"snapshot": {snapshot}')
    lines = _log_lines(game, meta)
    log = "[\n" + ",\n".join(lines) + "\n]" if lines else "[]"
    parts.append(f'"log": {log}')
    return ("{\n" + ",\n".join(parts) + "\n}\n").encode()


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _log_lines(game: Game, meta: SaveMeta) -> list[str]:
    """The log, one JSON text per decision, encoding only what is new since the last save."""
    hist = game.history
    cache = meta._log_lines
    ok = meta._log_of == id(hist) and len(cache) <= len(hist)
    if ok and cache:
        ok = cache[-1] == _action_line(hist[len(cache) - 1])
    if not ok:
        cache.clear()
        meta._log_of = id(hist)
    for action in hist[len(cache):]:
        cache.append(_action_line(action))
    return cache


_LINE_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


@functools.lru_cache(maxsize=8192)
def _action_line(action: Action) -> str:
    """One decision as a line of JSON (cached: most decisions repeat, 'roll' by player 0...)."""
    return _LINE_ENCODER.encode(snap.encode_action(action))


def summarize(game: Game, seats: Sequence[Seat] | None = None) -> Summary:
    """What a listing shows: the edition, each player's cash, whose decision it is."""
    st, spec = game.st, game.spec
    seats = list(seats or [])
    players = [
        PlayerSummary(
            name=p.name, token=p.token, cash=p.cash, bankrupt=p.bankrupt,
            computer=bool(i < len(seats) and seats[i].computer),
        )
        for i, p in enumerate(st.players)
    ]
    if game.over:
        winner = st.players[st.winner].name if 0 <= st.winner < len(st.players) else None
        text = f"Game over after {st.turns} turns: {winner or 'nobody'} won"
        return Summary(edition=spec.name, text=text, players=players, winner=winner)
    pend = game.pending
    who = st.players[pend.player].name if 0 <= pend.player < len(st.players) else None
    text = f"Round {st.rounds + 1}, turn {st.turns + 1}: {who} to {pend.kind.replace('_', ' ')}"
    return Summary(edition=spec.name, text=text, players=players, to_move=who,
                   decision=pend.kind)


# ---------------------------------------------------------------- reading


def read_save(path: str | os.PathLike[str]) -> SaveFile:
    """Read and check a save file's structure (not yet the game in it). ``SaveError`` says
    what is wrong and where."""
    data = _read_json(Path(path))
    try:
        return SaveFile.model_validate(data)
    except ValidationError as e:
        raise SaveError(path, _validation_text(e), "invalid") from None


def read_header(path: str | os.PathLike[str]) -> SaveHeader:
    """Read a save file's header only (for listings)."""
    data = _read_json(Path(path))
    try:
        return SaveHeader.model_validate(data)
    except ValidationError as e:
        raise SaveError(path, _validation_text(e), "invalid") from None


def _read_json(path: Path) -> dict[str, Any]:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(path, "no such save file", "not_found") from None
    except IsADirectoryError:
        raise SaveError(path, "this is a folder, not a save file", "unreadable") from None
    except OSError as e:
        raise SaveError(path, f"cannot read the file: {e.strerror or e}", "unreadable") from None
    if not raw.strip():
        raise SaveError(path, "the file is empty (it was never written completely)", "empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveError(
            path, f"not a save file: byte {e.start} is not text (UTF-8)", "not_a_save"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        rest = text[e.pos:].strip()
        if not rest or (e.msg.startswith("Unterminated string") and "\n" not in rest):
            raise SaveError(
                path,
                f"the file is cut short: it ends at line {e.lineno}, column {e.colno}, in the "
                f"middle of the save (it was not written completely)",
                "truncated",
            ) from None
        raise SaveError(
            path, f"not valid JSON at line {e.lineno}, column {e.colno}: {e.msg}", "invalid_json"
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, f"not a monopoly-tui save (no \"format\": \"{FORMAT}\")",
                        "not_a_save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, f"version: {version!r} is not a save format version", "invalid")
    if version > VERSION:
        raise SaveError(
            path,
            f"this save was written by a newer monopoly-tui (save format version {version}, "
            f"app {data.get('app_version', '?')}); this one (app {__version__}) reads up to "
            f"version {VERSION}: update monopoly-tui to open it",
            "newer_version",
        )
    return data


def _validation_text(e: ValidationError) -> str:
    lines = []
    for err in e.errors()[:8]:
        loc = ".".join(str(x) for x in err["loc"]) or "(the whole file)"
        lines.append(f"{loc}: {err['msg']}")
    more = e.error_count() - len(lines)
    if more > 0:
        lines.append(f"... and {more} more")
    return "the save is damaged: " + "; ".join(lines)


# ---------------------------------------------------------------- loading


@dataclass
class LoadedGame:
    """A game loaded from a save: ready to continue at the decision it was saved at."""

    game: Game
    meta: SaveMeta
    path: Path
    save: SaveFile
    replayed: bool = False
    """True when the game was rebuilt from its log (``force`` on changed rules)."""
    warnings: list[str] = field(default_factory=list)


def load_spec(edition_id: str, path: str | os.PathLike[str] = "") -> Spec:
    """The edition's engine spec, or ``SaveError`` (``ruleset_missing``/``ruleset_broken``)."""
    from monopoly_tui import rules
    from monopoly_tui.rules.loader import EditionNotFoundError, RulesetError

    try:
        loader = getattr(rules, "load_spec", None)
        if callable(loader):
            spec = loader(edition_id)
            assert isinstance(spec, Spec)
            return spec
        from monopoly_tui.rules.compile import compile_ruleset
        from monopoly_tui.rules.loader import load_edition

        return compile_ruleset(load_edition(edition_id))
    except EditionNotFoundError as e:
        raise SaveError(
            path,
            f"the game was played with the edition '{edition_id}', which is not installed "
            f"now ({e.problems[0].message if e.problems else e}); put its ruleset back in a "
            f"rulesets folder to resume it",
            "ruleset_missing",
        ) from None
    except RulesetError as e:
        raise SaveError(
            path,
            f"the ruleset of the edition '{edition_id}' has problems, so the game cannot be "
            f"resumed until they are fixed:\n{e}",
            "ruleset_broken",
        ) from None


def load_save(name_or_path: str | os.PathLike[str],
              saves_dir: str | os.PathLike[str] | None = None, *,
              force: bool = False, verify: bool = False) -> LoadedGame:
    """Load a save by name (in the saves folder) or path, ready to continue.

    The game comes from the snapshot and is checked against the rules and the log's length;
    with ``verify`` (or when the snapshot no longer matches its digest) it is also compared
    with a replay of the log. When the edition's rules changed since the game was saved,
    ``RulesetChangedError`` says so; with ``force`` the log is replayed on the current rules
    instead (if every decision is still legal) and the game gets a new id, so its autosaves
    never overwrite the original save. The file is never written.
    """
    path = save_path(name_or_path, saves_dir)
    if not path.exists():
        raise SaveError(path, _not_found_text(path, name_or_path), "not_found")
    save = read_save(path)
    spec = load_spec(save.ruleset.id, path)
    base = SaveMeta(
        game_id=save.game_id,
        seats=list(save.options.players),
        created=save.created,
        saves_dir=Path(saves_dir) if saves_dir is not None else None,
        name=save.name if save.kind == "named" else None,
        source=path,
    )
    if spec.content_hash != save.ruleset.hash:
        try:
            game = replay_game(save, spec, path)
        except SaveError as e:
            raise RulesetChangedError(
                path,
                f"the rules of the edition '{save.ruleset.id}' have changed since this game was "
                f"saved (ruleset hash {save.ruleset.hash} then, {spec.content_hash} now), and "
                f"its decisions no longer fit them: {e.message}. The game cannot be resumed "
                f"with these rules; put the old ruleset back to resume it",
                can_force=False,
            ) from None
        if not force:
            raise RulesetChangedError(
                path,
                f"the rules of the edition '{save.ruleset.id}' have changed since this game was "
                f"saved (ruleset hash {save.ruleset.hash} then, {spec.content_hash} now). Its "
                f"{len(save.log)} decisions are all legal under the current rules: load it with "
                f"--force (force=True) to replay them on the current rules (the game may turn "
                f"out differently from the saved one)",
                can_force=True,
            )
        base.game_id = new_game_id()
        base.name = None
        return LoadedGame(
            game, base, path, save, replayed=True,
            warnings=[f"replayed on the changed rules of '{save.ruleset.id}'; this game now "
                      f"has its own autosave and the original save is kept"],
        )
    game = restore_game(save, spec, path)
    warnings: list[str] = []
    digest_ok = snap.state_digest(save.snapshot.state) == save.snapshot.digest
    if verify or not digest_ok:
        replayed = replay_game(save, spec, path)
        diff = snap.state_diff(game.st, replayed.st, path="snapshot.state")
        if diff:
            edited = "" if digest_ok else " (the snapshot was changed after it was saved)"
            raise SaveError(
                path,
                f"the saved state does not match a replay of its decision log{edited}: "
                + "; ".join(f"{d} (saved != replayed)" for d in diff[:6])
                + ("; ..." if len(diff) > 6 else ""),
                "inconsistent",
            )
        if not digest_ok:
            warnings.append("the snapshot's digest did not match, but the state matches a "
                            "replay of the log")
    return LoadedGame(game, base, path, save, warnings=warnings)


def _not_found_text(path: Path, asked: object) -> str:
    names = [p.stem for p in sorted(path.parent.glob(f"*{SUFFIX}"))] if path.parent.is_dir() \
        else []
    shown = ", ".join(names[:10]) + (", ..." if len(names) > 10 else "")
    return f"no save named '{asked}' in {path.parent}" + (
        f" (saves: {shown})" if names else " (there are no saves there)"
    )


def _actions(save: SaveFile, path: Path) -> list[Action]:
    try:
        return [snap.decode_action(a, f"log[{i}]") for i, a in enumerate(save.log)]
    except snap.SnapshotError as e:
        raise SaveError(path, f"the save is damaged: {e}", "invalid") from None


def _new_game(save: SaveFile, spec: Spec, path: Path) -> Game:
    o = save.options
    try:
        return Game.new(spec, [(s.name, s.token) for s in o.players], seed=o.seed,
                        variant=o.variant, house_rules=dict(o.house_rules))
    except (ValueError, KeyError) as e:
        raise SaveError(path, f"options: the game cannot be set up again: {e}", "invalid") \
            from None


def restore_game(save: SaveFile, spec: Spec | None = None,
                 path: str | os.PathLike[str] = "") -> Game:
    """The game in the save's snapshot (fast), checked against the rules and the log's
    length. ``SaveError`` (``invalid``/``broken_rules``/``inconsistent``) says what is wrong."""
    where = Path(path)
    spec = spec or load_spec(save.ruleset.id, path)
    game = _new_game(save, spec, where)  # the edition with the variant and house rules applied
    try:
        st = snap.decode_state(save.snapshot.state, "snapshot.state")
    except snap.SnapshotError as e:
        hint = ""
        if "unknown field" in e.message and save.app_version != __version__:
            hint = (f" (the save was written by monopoly-tui {save.app_version} and this is "
                    f"{__version__}: a newer version may know this field)")
        raise SaveError(path, f"the save is damaged: {e}{hint}", "invalid") from None
    history = _actions(save, where)
    game.st = st
    game.history = history
    problems = snap.check_state(game.spec, st)
    if problems:
        raise SaveError(
            path,
            "the saved state breaks the rules (was it edited?): "
            + "; ".join(f"snapshot.state.{p}" for p in problems[:6])
            + ("; ..." if len(problems) > 6 else ""),
            "broken_rules",
        )
    mismatches = []
    if not len(history) == save.decisions == st.decisions:
        mismatches.append(f"the log has {len(history)} decisions, the header says "
                          f"{save.decisions} and the state {st.decisions}")
    if save.turn != st.turns:
        mismatches.append(f"turn is {save.turn} but the state is at turn {st.turns}")
    if save.over != st.over:
        mismatches.append(f"over is {save.over} but the state says {st.over}")
    to_move = -1 if game.over else game.pending.player
    if save.to_move != to_move:
        mismatches.append(f"to_move is {save.to_move} but the state waits for {to_move}")
    seats = [(s.name, s.token) for s in save.options.players]
    if seats != [(p.name, p.token) for p in st.players]:
        mismatches.append("the players in options are not the players in the state")
    if mismatches:
        raise SaveError(path, "the save does not hang together: " + "; ".join(mismatches),
                        "inconsistent")
    return game


def replay_game(save: SaveFile, spec: Spec | None = None,
                path: str | os.PathLike[str] = "") -> Game:
    """The game rebuilt from its options and decision log (slow but independent of the
    snapshot). ``SaveError`` says which decision does not apply."""
    where = Path(path)
    spec = spec or load_spec(save.ruleset.id, path)
    game = _new_game(save, spec, where)
    actions = _actions(save, where)
    for i, action in enumerate(actions):
        try:
            game.act(action)
        except IllegalAction as e:
            raise SaveError(
                path,
                f"decision {i + 1} of {len(actions)} ({action.kind} by "
                f"{_player_name(game, action.player)}) is not legal: {e.reason}",
                "inconsistent",
            ) from None
    return game


def _player_name(game: Game, p: int) -> str:
    players = game.st.players
    return players[p].name if 0 <= p < len(players) else f"player {p}"


# ---------------------------------------------------------------- listing and deleting


@dataclass(frozen=True)
class SaveEntry:
    """One save in a listing; ``error`` is set (and the rest may be empty) for a bad file."""

    name: str
    path: Path
    edition: str = ""
    edition_name: str = ""
    kind: str = ""
    players: tuple[str, ...] = ()
    turn: int = 0
    updated: datetime | None = None
    to_move: str | None = None
    over: bool = False
    winner: str | None = None
    summary: str = ""
    error: str | None = None


def list_saves(saves_dir: str | os.PathLike[str] | None = None) -> list[SaveEntry]:
    """Every save in the folder, the most recently updated first; a file that cannot be read
    is listed with its error (and never stops the others from listing)."""
    folder = _dir(saves_dir)
    try:
        files = sorted(p for p in folder.iterdir()
                       if p.suffix == SUFFIX and not p.name.startswith("."))
    except OSError:
        return []
    out: list[SaveEntry] = []
    for p in files:
        try:
            h = read_header(p)
        except SaveError as e:
            try:
                mtime = datetime.fromtimestamp(p.stat().st_mtime, UTC)
            except OSError:
                mtime = None
            out.append(SaveEntry(name=p.stem, path=p, updated=mtime, error=e.message))
            continue
        except Exception as e:  # a listing never fails because of one file
            out.append(SaveEntry(name=p.stem, path=p, error=f"cannot read: {e}"))
            continue
        out.append(SaveEntry(
            name=p.stem,
            path=p,
            edition=h.ruleset.id,
            edition_name=h.summary.edition or h.ruleset.name,
            kind=h.kind,
            players=tuple(s.name for s in h.options.players),
            turn=h.turn,
            updated=h.updated,
            to_move=h.summary.to_move,
            over=h.over,
            winner=h.summary.winner,
            summary=h.summary.text,
        ))
    epoch = datetime.min.replace(tzinfo=UTC)
    out.sort(key=lambda e: _aware(e.updated) or epoch, reverse=True)
    return out


def _aware(when: datetime | None) -> datetime | None:
    if when is not None and when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when


def latest_save(saves_dir: str | os.PathLike[str] | None = None,
                include_over: bool = False) -> SaveEntry | None:
    """The most recently updated readable save of a game still going (or any game, with
    ``include_over``), or None."""
    for e in list_saves(saves_dir):
        if e.error is None and (include_over or not e.over):
            return e
    return None


def delete_save(name: str, saves_dir: str | os.PathLike[str] | None = None) -> Path:
    """Delete a save by name from the saves folder; returns the file deleted."""
    path = _dir(saves_dir) / f"{check_name(name)}{SUFFIX}"
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(path, _not_found_text(path, name), "not_found") from None
    except OSError as e:
        raise SaveError(path, f"cannot delete it: {e.strerror or e}", "unreadable") from None
    return path
