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
import dataclasses
import functools
import hashlib
import hmac
import json
import os
import secrets
import stat
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
from monopoly_tui.engine.counts import round_number, turn_number
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
MAX_SAVE_BYTES = 32 * 1024 * 1024
"""The largest save file read (a 20,000-decision game is about 0.6 MB)."""
_HEAD_BYTES = 256 * 1024
"""How much of a save a listing reads to find its header."""


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
        and len(stem.encode()) <= 200
        and not stem.startswith((".", " "))
        and not stem.endswith(" ")
        and all(c.isalnum() or c in " -_." for c in stem)
    )
    if not ok:
        shown = name if len(name) <= 60 else name[:57] + "..."
        raise SaveError(
            "",
            f"'{shown}' cannot be a save name: use letters, digits, spaces, '-', '_' and '.' "
            "(not starting with a dot, at most 100 characters)" if len(name) <= 100 else
            f"a save name cannot be {len(name)} characters long: use at most 100 (letters, "
            "digits, spaces, '-', '_' and '.')",
            "bad_name",
        )
    return stem


def save_path(name_or_path: str | os.PathLike[str],
              saves_dir: str | os.PathLike[str] | None = None) -> Path:
    """The file of a save: a path to an existing file as it is, else ``NAME.json`` in the
    saves folder."""
    text = str(name_or_path)
    if "\0" in text:
        raise SaveError("", "a save name or path cannot hold a NUL character", "bad_name")
    p = Path(name_or_path).expanduser()
    try:
        is_file = p.is_file()
    except (OSError, ValueError):  # a name too long for the file system, say
        is_file = False
    if is_file or os.sep in text or (os.altsep and os.altsep in text):
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
    table: dict[str, Any] | None = None
    """What the app shows besides the game (``SaveFile.table``), saved with it when set."""
    _log: _LogBuffer = field(default_factory=lambda: _LogBuffer(), repr=False)
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
    """Save the game under its autosave name (call it after every decision); returns the file.

    The cost does not grow with the game: the log's earlier decisions are kept encoded (and
    hashed) in ``meta``, so only the snapshot and the new decisions are encoded."""
    return _write(game, meta, autosave_name(game, meta), "auto", overwrite=True)


def save_game(game: Game, name: str, meta: SaveMeta | None = None,
              saves_dir: str | os.PathLike[str] | None = None, overwrite: bool = True) -> Path:
    """Save the game under a name of the player's choosing; returns the file.

    A name starting with ``autosave-`` is refused (those are the games' own autosaves). With
    ``overwrite=False`` an existing save of that name raises ``SaveError`` (kind ``exists``);
    ``replace_question`` says whether replacing one would lose anything. A file that is not a
    save this version can read is never overwritten.
    """
    stem = check_named(name)
    if meta is None:
        meta = new_meta(game, saves_dir=saves_dir)
    elif saves_dir is not None:
        meta.saves_dir = Path(saves_dir)
    path = _write(game, meta, stem, "named", overwrite=overwrite)
    meta.name = stem
    return path


def check_named(name: str) -> str:
    """A name a player may give a save (``check_name``, and not an autosave's name)."""
    stem = check_name(name)
    if stem.lower().startswith(AUTOSAVE_PREFIX):
        raise SaveError(
            "", f"'{stem}' cannot be a save name: names starting with '{AUTOSAVE_PREFIX}' are "
            "kept for the games' own autosaves", "bad_name")
    return stem


def replace_question(game: Game, name: str, meta: SaveMeta | None = None,
                     saves_dir: str | os.PathLike[str] | None = None) -> str | None:
    """What a player should be asked before saving ``game`` as ``name``: ``None`` when no save
    has that name, or it is this game's own at an earlier decision (saving again only moves it
    on); else a question saying what would be replaced (another game's save, this game's at a
    later decision, or a save damaged inside: ``save_damage``). ``SaveError`` for a name that
    cannot be used."""
    stem = check_named(name)
    folder = _dir(saves_dir if saves_dir is not None else meta.saves_dir if meta else None)
    path = folder / f"{stem}{SUFFIX}"
    if not os.path.lexists(path):
        return None
    try:
        h = read_header(path)
    except SaveError as e:
        raise SaveError(path, f"'{stem}' is a file that is not a save this version can read "
                        f"({e.message}); it is left as it is: choose another name",
                        "exists") from None
    damage = save_damage(path)
    if damage is not None:  # whichever game it was: what is in it may be worth keeping
        return f"A save named '{stem}' exists but cannot be loaded ({damage}). Replace it?"
    if meta is not None and h.game_id == meta.game_id and h.decisions <= game.st.decisions:
        return None
    same = meta is not None and h.game_id == meta.game_id
    players = ", ".join(s.name for s in h.options.players)
    what = (f"this game's save at decision {h.decisions}, later than now" if same
            else f"another game: {h.summary.edition}, {players}, turn {h.turn}")
    return f"A save named '{stem}' exists ({what}). Replace it?"


def _write(game: Game, meta: SaveMeta, stem: str, kind: str, overwrite: bool) -> Path:
    folder = _dir(meta.saves_dir)
    path = folder / f"{stem}{SUFFIX}"
    if path.parent != folder or not stem or os.sep in stem:  # built only from checked parts
        raise SaveError(path, "not a save name", "bad_name")
    if path not in meta._safe_targets:
        _check_target(path, meta, kind, overwrite)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        parts = _render_parts(game, meta, stem, kind, folder_key(folder, create=True))
        write_atomic(path, parts)
    except OSError as e:
        raise SaveError(path, f"cannot write the save: {_os_text(e)}", "write_failed") from e
    if path not in meta._safe_targets:
        meta._safe_targets.add(path)
        _remove_stale_temporaries(path)
    return path


def _check_target(path: Path, meta: SaveMeta, kind: str, overwrite: bool) -> None:
    """Refuse to write over anything but a save this version reads (and, for an autosave,
    anything but this game's own)."""
    if not os.path.lexists(path):
        return
    if not overwrite:
        raise SaveError(path, "a save with this name exists already", "exists")
    try:
        head = _header_data(path)
    except SaveError:
        raise SaveError(
            path,
            "this file is not a save this version of monopoly-tui can read (damaged, or from a "
            "newer version); it is left as it is: choose another name, or move the file away",
            "exists",
        ) from None
    if kind == "auto" and head.get("game_id") != meta.game_id:
        raise SaveError(path, "this autosave belongs to another game; it is left as it is",
                        "exists")


def write_atomic(path: Path, data: bytes | Sequence[bytes | bytearray]) -> None:
    """Write ``data`` (bytes, or pieces of it) to ``path`` atomically: a temporary file in the
    same folder, flushed and fsynced, then renamed over ``path``. A reader (or a crash at any
    moment) sees the old save or the new one, never a mix. (The folder is not fsynced after
    the rename: after a power cut the save may be the one before, which is still whole; that
    halves the disk waits of a save made after every decision.)"""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0),
                 0o644)
    try:
        with os.fdopen(fd, "wb") as f:
            for piece in [data] if isinstance(data, bytes) else data:
                f.write(piece)
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


# ---------------------------------------------------------------- the seal

KEY_FILE = ".monopoly-tui-key"
"""The saves folder's key (64 hex digits, readable by its owner only): it seals the saves
written there, so a save changed by hand is told from one this program wrote."""
_KEYS: dict[Path, tuple[tuple[int, int], bytes]] = {}


def folder_key(folder: Path, create: bool = False) -> bytes | None:
    """The saves folder's key (made with ``create`` when there is none), or None."""
    path = folder / KEY_FILE
    try:
        info = os.stat(path)
    except OSError:
        info = None
    if info is not None:
        mark = (info.st_ino, info.st_mtime_ns)
        got = _KEYS.get(path)
        if got is not None and got[0] == mark:
            return got[1]
        try:
            key = bytes.fromhex(read_bytes(path, limit=256).decode("ascii").strip())
        except (SaveError, ValueError):
            return None
        if len(key) < 16:
            return None
        _KEYS[path] = (mark, key)
        return key
    if not create:
        return None
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return folder_key(folder)
    except OSError:
        return None
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_hex(32) + "\n")
    return folder_key(folder)


_SEAL_KEY = b',\n"seal": "'
_LOG_KEY = b'\n"log": ['


def _seal(key: bytes, before_log: bytes, log_digest: bytes) -> str:
    return hmac.new(key, before_log + b"\0" + log_digest, hashlib.sha256).hexdigest()


def seal_ok(raw: bytes, folder: Path) -> bool:
    """Whether a save's bytes carry the seal of ``folder``'s key: written by this program
    there, and not changed since."""
    key = folder_key(folder)
    if key is None or not raw.endswith(b'"\n}\n'):
        return False
    i = raw.find(_LOG_KEY)
    j = raw.rfind(_SEAL_KEY)
    if i < 0 or j < i:
        return False
    seal = raw[j + len(_SEAL_KEY):-4].decode("ascii", "replace")
    want = _seal(key, raw[:i + 1], hashlib.sha256(raw[i + 1:j]).digest())
    return hmac.compare_digest(seal, want)


# ---------------------------------------------------------------- rendering


class _LogBuffer:
    """The ``"log": [...]`` part of a save, kept encoded and hashed between saves: each save
    adds only the decisions taken since the last. It holds the history list it encoded (not
    its id, which a new list may reuse once the old one is gone): a game whose decisions were
    taken back (``engine.undo``) has a new, shorter history list, and is encoded afresh."""

    __slots__ = ("buf", "count", "hash", "last", "of")

    def __init__(self) -> None:
        self.reset(None)

    def reset(self, of: Sequence[Action] | None) -> None:
        self.of = of
        self.count = 0
        self.last = ""
        self.buf = bytearray(b'"log": [')
        self.hash = hashlib.sha256(b'"log": [')

    def update(self, hist: Sequence[Action]) -> None:
        ok = self.of is hist and self.count <= len(hist)
        if ok and self.count:
            ok = self.last == _action_line(hist[self.count - 1])
        if not ok:
            self.reset(hist)
        if self.count == len(hist):
            return
        new = bytearray()
        for action in hist[self.count:]:
            line = _action_line(action)
            new += b",\n" if self.count else b"\n"
            new += line.encode()
            self.count += 1
            self.last = line
        self.buf += new
        self.hash.update(new)

    def tail(self) -> bytes:
        return b"\n]" if self.count else b"]"

    def digest(self) -> bytes:
        h = self.hash.copy()
        h.update(self.tail())
        return h.digest()


def render(game: Game, meta: SaveMeta, name: str, kind: str = "named",
           key: bytes | None = None) -> bytes:
    """The save file's bytes: the header, the snapshot, the log one decision per line, and
    the seal (with a ``key``)."""
    return b"".join(_render_parts(game, meta, name, kind, key))


def _options(game: Game, seats: list[Seat]) -> dict[str, Any]:
    """The save's options: how the game was set up (its setup choices only when any)."""
    out = Options(
        seed=_int(game.options.get("seed", 0)),
        variant=_str_or_none(game.options.get("variant")),
        house_rules=dict(game.options.get("house_rules") or {}),  # type: ignore[call-overload]
        players=seats,
        setup=dict(game.options.get("setup") or {}),  # type: ignore[call-overload]
    ).model_dump()
    if not out["setup"]:
        del out["setup"]
    return out


def _render_parts(game: Game, meta: SaveMeta, name: str, kind: str,
                  key: bytes | None) -> list[bytes | bytearray]:
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
        "options": _options(game, seats),
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
    if meta.table is not None:
        table = json.dumps(meta.table, ensure_ascii=False, separators=(",", ":"))
        parts.append(f'"table": {table}')
    before_log = ("{\n" + ",\n".join(parts) + ",\n").encode()
    log = meta._log
    log.update(game.history)
    tail = log.tail()
    if key is None:
        return [before_log, log.buf, tail + b"\n}\n"]
    seal = _seal(key, before_log, log.digest())
    return [before_log, log.buf, tail + _SEAL_KEY + seal.encode() + b'"\n}\n']


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


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
        text = f"Game over after {turn_number(game)} turns: {winner or 'nobody'} won"
        return Summary(edition=spec.name, text=text, players=players, winner=winner)
    pend = game.pending
    who = st.players[pend.player].name if 0 <= pend.player < len(st.players) else None
    text = (f"Round {round_number(game)}, turn {turn_number(game)}: {who} to "
            f"{pend.kind.replace('_', ' ')}")
    return Summary(edition=spec.name, text=text, players=players, to_move=who,
                   decision=pend.kind)


# ---------------------------------------------------------------- reading


def read_save(path: str | os.PathLike[str]) -> SaveFile:
    """Read and check a save file's structure (not yet the game in it). ``SaveError`` says
    what is wrong and where."""
    return _parse_save(Path(path), read_bytes(Path(path)))


def _parse_save(path: Path, raw: bytes) -> SaveFile:
    data = _read_json(path, raw)
    try:
        return _played_by_its_rules(SaveFile.model_validate(data))
    except ValidationError as e:
        raise SaveError(path, _validation_text(e), "invalid") from None
    except RecursionError:
        raise SaveError(path, "the save is damaged: nested too deeply", "invalid") from None


def _played_by_its_rules(save: SaveFile) -> SaveFile:
    """A save written before format version 3 was played with a pass in an auction final
    (the engine then); it goes on by that rule, the house rule ``auction_pass_final``, so its
    log replays and the game plays on as it began."""
    if save.version >= 3 or "auction_pass_final" in save.options.house_rules:
        return save
    rules = {**save.options.house_rules, "auction_pass_final": True}
    return save.model_copy(update={"options": save.options.model_copy(
        update={"house_rules": rules})})


def read_header(path: str | os.PathLike[str]) -> SaveHeader:
    """Read a save file's header only (for listings): from its first lines when it is laid
    out as this module writes it, so a listing stays fast however long the games are."""
    data = _header_data(Path(path))
    try:
        return SaveHeader.model_validate(data)
    except ValidationError as e:
        raise SaveError(path, _validation_text(e), "invalid") from None


_SNAPSHOT_KEY = b'\n"snapshot": '
_GOOD_ENDS = (b"\n]\n}\n", b'"log": []\n}\n')


def _header_data(path: Path) -> dict[str, Any]:
    """The header as plain data. A file as this module writes it is read at its two ends:
    the header before ``"snapshot"``, and the end, which tells a file cut short; any other
    file is read (and parsed) whole."""
    head, tail, size = read_ends(path, _HEAD_BYTES, 128)
    i = head.find(_SNAPSHOT_KEY)
    whole_end = tail.endswith(_GOOD_ENDS) or (tail.endswith(b'"\n}\n') and _SEAL_KEY in tail)
    if head.startswith(b'{\n"format": ') and i > 0 and whole_end:
        if size > MAX_SAVE_BYTES:
            raise _too_big(path, size, MAX_SAVE_BYTES)
        return _read_json(path, head[:i].rstrip(b",") + b"\n}")
    return _read_json(path, read_bytes(path))


def _open_regular(path: Path) -> tuple[int, int]:
    """An open file descriptor and the size of a regular file, or ``SaveError``: opened
    without blocking, so a FIFO or a device in the saves folder is refused, never waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SaveError(path, "no such save file", "not_found") from None
    except IsADirectoryError:
        raise SaveError(path, "this is a folder, not a save file", "unreadable") from None
    except (OSError, ValueError) as e:
        raise SaveError(path, f"cannot read the file: {_os_text(e)}", "unreadable") from None
    try:
        info = os.fstat(fd)
    except OSError as e:
        os.close(fd)
        raise SaveError(path, f"cannot read the file: {_os_text(e)}", "unreadable") from None
    if stat.S_ISDIR(info.st_mode):
        os.close(fd)
        raise SaveError(path, "this is a folder, not a save file", "unreadable")
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise SaveError(path, "not a save file but a pipe, a device or a socket; it is left "
                        "alone", "unreadable")
    return fd, info.st_size


def _read_fd(path: Path, fd: int, at: int, count: int) -> bytes:
    chunks: list[bytes] = []
    got = 0
    try:
        while got < count:
            chunk = os.pread(fd, min(count - got, 1 << 22), at + got)
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise SaveError(path, f"cannot read the file: {_os_text(e)}", "unreadable") from None
    return b"".join(chunks)


def _too_big(path: Path, size: int, limit: int) -> SaveError:
    return SaveError(path, f"the file is {size / 1e6:.1f} MB, more than a save can be "
                     f"({limit / 1e6:.0f} MB); it is left as it is", "too_big")


def read_bytes(path: Path, limit: int = MAX_SAVE_BYTES) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or ``SaveError``."""
    fd, size = _open_regular(path)
    try:
        if size > limit:
            raise _too_big(path, size, limit)
        raw = _read_fd(path, fd, 0, limit + 1)
    finally:
        os.close(fd)
    if len(raw) > limit:
        raise _too_big(path, len(raw), limit)
    return raw


def read_ends(path: Path, head: int, tail: int) -> tuple[bytes, bytes, int]:
    """The first ``head`` and the last ``tail`` bytes of a regular file, and its size."""
    fd, size = _open_regular(path)
    try:
        first = _read_fd(path, fd, 0, head)
        last = _read_fd(path, fd, max(0, size - tail), tail) if size > head else first[-tail:]
    finally:
        os.close(fd)
    return first, last, size


def _os_text(e: BaseException) -> str:
    return str(getattr(e, "strerror", None) or e)


def _read_json(path: Path, raw: bytes | None = None) -> dict[str, Any]:
    if raw is None:
        raw = read_bytes(path)
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
    except RecursionError:
        raise SaveError(path, "not a save: its JSON is nested too deeply", "invalid_json") \
            from None
    except ValueError as e:  # a number with thousands of digits
        raise SaveError(path, f"not a save: {e}", "invalid_json") from None
    return _check_format(path, data)


def _check_format(path: Path, data: Any) -> dict[str, Any]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, f"not a monopoly-tui save (no \"format\": \"{FORMAT}\")",
                        "not_a_save")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(path, f"version: {_short(version)} is not a save format version",
                        "invalid")
    if version > VERSION:
        raise SaveError(
            path,
            f"this save was written by a newer monopoly-tui (save format version {version}, "
            f"app {_short(data.get('app_version', '?'))}); this one (app {__version__}) reads "
            f"up to version {VERSION}: update monopoly-tui to open it",
            "newer_version",
        )
    return data


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
    """What the player should be told (the game goes on as a new game, and why...)."""
    branched: bool = False
    """True when the game goes on under a new id, keeping a later save of it as it is."""
    sealed: bool = False
    """True when the save carried its folder's seal (written here by this program, unchanged)."""


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


def same_rules(spec: Spec, saved_hash: str) -> bool:
    """Whether a game saved under the ruleset hash ``saved_hash`` plays by today's rules of
    its edition: the hash is today's, or one the edition lists as an earlier ruleset that plays
    the same (``earlier_hashes``: only words changed since, such as a space's short name)."""
    return saved_hash == spec.content_hash or saved_hash in spec.earlier_hashes


def load_save(name_or_path: str | os.PathLike[str],
              saves_dir: str | os.PathLike[str] | None = None, *,
              force: bool = False, verify: bool = False) -> LoadedGame:
    """Load a save by name (in the saves folder) or path, ready to continue.

    The game comes from the snapshot and is checked against the rules and the log's length.
    A save that does not carry its folder's seal (``seal_ok``: edited by hand, written
    elsewhere, or by version 1) is also compared with a replay of its log, and refused when
    they differ; ``verify`` replays a sealed one too. When the edition's rules changed since
    the game was saved, ``RulesetChangedError`` says so; with ``force`` the log is replayed
    on the current rules instead (if every decision is still legal).

    Loading never loses later progress: when another save of the same game in the saves
    folder is further on (more decisions, or the game over), the loaded game goes on as a new
    game (a new id, so its autosaves never overwrite the later save) and ``warnings`` says
    so. The same when the rules changed. The file is never written.
    """
    path = save_path(name_or_path, saves_dir)
    try:
        raw = read_bytes(path)
    except SaveError as e:
        if e.kind == "not_found":
            raise SaveError(path, _not_found_text(path, name_or_path), "not_found") from None
        raise
    save = _parse_save(path, raw)
    spec = load_spec(save.ruleset.id, path)
    base = SaveMeta(
        game_id=save.game_id,
        seats=list(save.options.players),
        created=save.created,
        saves_dir=Path(saves_dir) if saves_dir is not None else None,
        name=save.name if save.kind == "named" else None,
        source=path,
    )
    if not same_rules(spec, save.ruleset.hash):
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
            branched=True,
        )
    game = restore_game(save, spec, path)
    warnings: list[str] = []
    sealed = seal_ok(raw, path.parent)
    if verify or not sealed:
        _same_as_replayed(save, spec, path, game, sealed)
        if not sealed and save.version >= 2 and folder_key(path.parent) is not None:
            warnings.append("this save was changed after it was written, or written "
                            "elsewhere; its state is what its decisions give, so it loads")
    loaded = LoadedGame(game, base, path, save, warnings=warnings, sealed=sealed)
    later = later_saves(save, path, _dir(saves_dir))
    if later:
        _branch(loaded, later[0])
    return loaded


def _same_as_replayed(save: SaveFile, spec: Spec, path: Path, game: Game, sealed: bool) -> None:
    """The game restored from the snapshot is the one its decision log replays to, or
    ``SaveError`` (``inconsistent``) says which decision does not apply or where they differ."""
    replayed = replay_game(save, spec, path)
    if snap.encode_state(replayed.st) != save.snapshot.state:
        digest_ok = snap.state_digest(save.snapshot.state) == save.snapshot.digest
        diff = snap.state_diff(game.st, replayed.st, path="snapshot.state")
        why = (" (the snapshot was changed after it was saved)" if not digest_ok else
               " (the save was changed after it was written: it does not carry the seal "
               "this program puts on its saves)" if not sealed else "")
        raise SaveError(
            path,
            f"the saved state does not match a replay of its decision log{why}: "
            + "; ".join(f"{d} (saved != replayed)" for d in diff[:6])
            + ("; ..." if len(diff) > 6 else ""),
            "inconsistent",
        )


def _branch(loaded: LoadedGame, later: SaveEntry) -> None:
    """The loaded game goes on as a new game, so it never overwrites the later save."""
    save = loaded.save
    loaded.meta.game_id = new_game_id()
    loaded.meta.name = None
    loaded.branched = True
    where = "the game is over there" if later.over and not save.over else \
        f"decision {later.decisions}"
    loaded.warnings.append(
        f"'{loaded.path.stem}' is at decision {save.decisions}, but this game went further "
        f"in '{later.name}' ({where}). It goes on as a new game with its own autosave; "
        f"'{later.name}' is kept as it is"
    )


def later_saves(save: SaveHeader, path: Path,
                saves_dir: str | os.PathLike[str] | None = None) -> list[SaveEntry]:
    """The other saves of the same game in the saves folder that are further on than
    ``save``: more decisions, or the game over there and not here. Furthest first."""
    try:
        me = path.resolve()
    except OSError:
        me = path
    out = []
    for e in list_saves(saves_dir):
        if e.error is not None or e.game_id != save.game_id:
            continue
        try:
            if e.path.resolve() == me:
                continue
        except OSError:
            continue
        if e.decisions > save.decisions or (e.over and not save.over):
            out.append(e)
    out.sort(key=lambda e: (e.decisions, e.over), reverse=True)
    return out


def _not_found_text(path: Path, asked: object) -> str:
    names = [p.stem for p in sorted(path.parent.glob(f"*{SUFFIX}"))] if path.parent.is_dir() \
        else []
    shown = ", ".join(names[:10]) + (", ..." if len(names) > 10 else "")
    return f"no save named '{asked}' in {path.parent}" + (
        f" (saves: {shown})" if names else " (there are no saves there)"
    )


def _actions(save: SaveFile, path: Path) -> list[Action]:
    """The log's decisions. Most are the same few choices ('roll' by player 0...): each
    distinct one is decoded once (decisions are immutable, so they are shared)."""
    memo: dict[tuple[tuple[str, Any], ...], Action] = {}
    out: list[Action] = []
    append = out.append
    for i, raw in enumerate(save.log):
        key = tuple(raw.items()) if type(raw) is dict else None
        try:
            action = memo.get(key) if key is not None else None
        except TypeError:  # a trade: lists inside, decoded each time
            key = None
            action = None
        if action is None:
            try:
                action = snap.decode_action(raw, f"log[{i}]")
            except snap.SnapshotError as e:
                raise SaveError(path, f"the save is damaged: {e}", "invalid") from None
            if key is not None:
                memo[key] = action
        append(action)
    return out


def _new_game(save: SaveFile, spec: Spec, path: Path) -> Game:
    o = save.options
    try:
        return Game.new(spec, [(s.name, s.token) for s in o.players], seed=o.seed,
                        variant=o.variant, house_rules=dict(o.house_rules),
                        setup=dict(o.setup) or None)
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
        st = snap.decode_state(save.snapshot.state, "snapshot.state", game.spec)
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
    game_id: str = ""
    decisions: int = 0
    damaged: bool = False
    """The header reads (the fields above are the save's) but the game inside is damaged:
    ``error`` says how (``damaged: decision 12 of 40 (buy by Ann) is not legal: ...``), and
    loading it fails the same way. Set only by a checked listing (``check=True``)."""


def list_saves(saves_dir: str | os.PathLike[str] | None = None, *,
               check: bool = False) -> list[SaveEntry]:
    """Every save in the folder, the most recently updated first; a file that cannot be read
    is listed with its error (and never stops the others from listing). Only the headers are
    read; with ``check`` the game inside each save is checked too (``save_damage``), and a
    damaged one is listed with its header and what is wrong (``damaged``). A folder that does
    not exist has no saves; one that cannot be read raises ``SaveError`` (kind
    ``unreadable``)."""
    folder = _dir(saves_dir)
    try:
        files = sorted(p for p in folder.iterdir()
                       if p.suffix == SUFFIX and not p.name.startswith("."))
    except (FileNotFoundError, NotADirectoryError):
        return []
    except OSError as e:
        raise SaveError(folder, f"cannot read the saves folder: {_os_text(e)}",
                        "unreadable") from None
    out: list[SaveEntry] = []
    for p in files:
        try:
            h = read_header(p)
        except SaveError as e:
            try:
                mtime = datetime.fromtimestamp(p.lstat().st_mtime, UTC)
            except (OSError, ValueError, OverflowError):
                mtime = None
            out.append(SaveEntry(name=p.stem, path=p, updated=mtime, error=e.message))
            continue
        except Exception as e:  # a listing never fails because of one file
            out.append(SaveEntry(name=p.stem, path=p, error=f"cannot read: {e}"))
            continue
        entry = SaveEntry(
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
            game_id=h.game_id,
            decisions=h.decisions,
        )
        out.append(checked(entry) if check else entry)
    epoch = datetime.min.replace(tzinfo=UTC)
    out.sort(key=lambda e: _aware(e.updated) or epoch, reverse=True)
    return out


def checked(entry: SaveEntry) -> SaveEntry:
    """The entry, marked ``damaged`` (with what is wrong in ``error``) when the game inside
    its save is (``save_damage``)."""
    if entry.error is not None or entry.damaged:
        return entry
    damage = save_damage(entry.path)
    if damage is None:
        return entry
    return dataclasses.replace(entry, error=damage, damaged=True)


_DAMAGE: dict[Path, tuple[tuple[object, ...], str | None]] = {}
"""``save_damage``'s verdicts, by file and the file's identity when it was checked."""


def save_damage(path: str | os.PathLike[str]) -> str | None:
    """What is wrong with the game inside a save, in words (``damaged: ...``), or None when it
    loads as far as its data goes. The check is the load's: a save that carries its folder's
    seal (``seal_ok``: written here by this program and unchanged) is whole, and costs one
    read and one HMAC of the file; any other has its snapshot decoded and checked against the
    rules, its decisions decoded and replayed, and the replay compared with the snapshot
    (what a load does with it). The verdict is kept while the file is unchanged (the same
    inode, size and times), so a listing replays an unsealed save once, not every time.
    What is not damage is left to the load to say: an edition not installed, rules changed
    since. The file is only read."""
    where = Path(path)
    try:
        info = os.stat(where)
    except OSError as e:
        return f"cannot read the file: {_os_text(e)}"
    key = folder_key(where.parent)
    ident = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns, key)
    known = _DAMAGE.get(where)
    if known is not None and known[0] == ident:
        return known[1]
    verdict = _damage(where)
    _DAMAGE[where] = (ident, verdict)
    return verdict


_DAMAGED_PREFIX = "the save is damaged: "


def _damage(path: Path) -> str | None:
    try:
        raw = read_bytes(path)
        if seal_ok(raw, path.parent):
            return None
        save = _parse_save(path, raw)
        try:
            spec = load_spec(save.ruleset.id, path)
        except SaveError:
            _actions(save, path)  # no rules to check it by: its decisions still decode
            return None
        if not same_rules(spec, save.ruleset.hash):
            _actions(save, path)  # the rules changed: the load says so (and may replay)
            return None
        game = restore_game(save, spec, path)
        _same_as_replayed(save, spec, path, game, sealed=False)
    except SaveError as e:
        why = e.message
        return "damaged: " + (why[len(_DAMAGED_PREFIX):] if why.startswith(_DAMAGED_PREFIX)
                              else why)
    except Exception as e:  # the game in it breaks the engine: still only a listing's line
        return f"damaged: its game cannot be rebuilt ({type(e).__name__}: {e})"
    return None


def _aware(when: datetime | None) -> datetime | None:
    if when is not None and when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when


def _installed_editions() -> set[str]:
    from monopoly_tui.rules.loader import installed_ids

    return installed_ids()


def resumable_saves(saves_dir: str | os.PathLike[str] | None = None, *,
                    check: bool = False) -> list[SaveEntry]:
    """The games that can go on, the most recently played first: for each game (by its id),
    its furthest save (most decisions, then the newest); a game whose furthest save is over,
    or whose edition is not installed, is left out, as are files that cannot be read. With
    ``check``, a furthest save that is damaged inside (``save_damage``) gives way to the
    game's next furthest (which loads as a new game, keeping the damaged one as it is)."""
    games: dict[str, list[SaveEntry]] = {}
    epoch = datetime.min.replace(tzinfo=UTC)
    for e in list_saves(saves_dir):
        if e.error is None:
            games.setdefault(e.game_id, []).append(e)
    installed = _installed_editions()
    out = []
    for saves in games.values():
        saves.sort(key=lambda e: (e.decisions, e.over, _aware(e.updated) or epoch),
                   reverse=True)
        if saves[0].over:
            continue  # finished: nothing to go on with
        head = next((e for e in saves if not (check and checked(e).damaged)), None)
        if head is not None and not head.over and head.edition in installed:
            out.append(head)
    out.sort(key=lambda e: _aware(e.updated) or epoch, reverse=True)
    return out


def latest_save(saves_dir: str | os.PathLike[str] | None = None,
                include_over: bool = False) -> SaveEntry | None:
    """The save to resume: the furthest save, not damaged, of the most recently played game
    that can go on (``resumable_saves`` with ``check``); with ``include_over`` the newest
    readable save of any game. None when there is none."""
    if include_over:
        return next((e for e in list_saves(saves_dir) if e.error is None), None)
    games = resumable_saves(saves_dir, check=True)
    return games[0] if games else None


def _is_save_file(path: Path) -> bool:
    """A save (readable, or damaged but begun as one), not some other JSON file."""
    try:
        read_header(path)
    except SaveError as e:
        if e.kind == "not_found":
            raise
        try:
            head, _, _ = read_ends(path, 256, 0)
        except SaveError:
            return False
        return head.startswith(b'{\n"format": "' + FORMAT.encode() + b'"')
    return True


def delete_save(name: str, saves_dir: str | os.PathLike[str] | None = None) -> Path:
    """Delete a save by name from the saves folder; returns the file deleted. A file that is
    not a save (``notes.json``) is refused and left as it is."""
    path = _dir(saves_dir) / f"{check_name(name)}{SUFFIX}"
    if not os.path.lexists(path):
        raise SaveError(path, _not_found_text(path, name), "not_found")
    if not _is_save_file(path):
        raise SaveError(path, "this file is not a monopoly-tui save; it is left as it is",
                        "not_a_save")
    try:
        path.unlink()
    except FileNotFoundError:
        raise SaveError(path, _not_found_text(path, name), "not_found") from None
    except OSError as e:
        raise SaveError(path, f"cannot delete it: {_os_text(e)}", "unreadable") from None
    return path


def rename_save(name: str, new_name: str,
                saves_dir: str | os.PathLike[str] | None = None) -> Path:
    """Give a save another name (``check_named``); returns the new file. A save that has the
    new name already is never replaced (``SaveError``, kind ``exists``)."""
    folder = _dir(saves_dir)
    path = folder / f"{check_name(name)}{SUFFIX}"
    new_stem = check_named(new_name)
    target = folder / f"{new_stem}{SUFFIX}"
    if not os.path.lexists(path):
        raise SaveError(path, _not_found_text(path, name), "not_found")
    if target == path:
        return path
    if not _is_save_file(path):
        raise SaveError(path, "this file is not a monopoly-tui save; it is left as it is",
                        "not_a_save")
    try:
        os.link(path, target)  # fails if the new name is taken: nothing is replaced
    except FileExistsError:
        raise SaveError(target, f"a save named '{new_stem}' exists already; choose another "
                        "name", "exists") from None
    except OSError as e:
        raise SaveError(target, f"cannot rename it: {_os_text(e)}", "write_failed") from None
    with contextlib.suppress(OSError):
        path.unlink()
    return target
