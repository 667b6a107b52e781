"""Saved games as files: the JSON format people export, import and keep.

The saves folder's journal (``saves.journal``) is where games live; a file is what a player
takes elsewhere (``monopoly-tui export``) or brings (``import``), and what versions before the
journal wrote (v1 to v3, imported on first start). This module reads and writes those files:

- ``render`` writes a game as one JSON object: the header, the snapshot, the log one decision
  a line, and a seal (an HMAC keyed with the saves folder's key: ``saves.keys``).
- ``read_save`` reads one and checks its structure; ``restore_game`` gives the game in its
  snapshot, checked against the rules and the log's length; ``replay_game`` rebuilds it from
  its decisions. A file is trusted as it is only when its seal verifies with the key of the
  folder that imports it, whatever key file stands beside the file.
- ``write_atomic`` writes a file whole or not at all (a temporary file, fsynced, renamed).
- Nothing here overwrites or deletes a file it could not read.
"""

from __future__ import annotations

import contextlib
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
MAX_SAVE_BYTES = 512 * 1024 * 1024
"""The largest save file imported (a 20,000-decision game is about 0.6 MB; a 1,000-round Longest
Game Ever game with a trade offer rejected every turn about 35 MB)."""
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
    _writer: Any = field(default=None, repr=False)
    """What the journal's writer knows of this game (``journal.Writer``)."""


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


# ---------------------------------------------------------------- writing


def check_named(name: str) -> str:
    """A name a player may give a save (``check_name``, and not an autosave's name)."""
    stem = check_name(name)
    if stem.lower().startswith(AUTOSAVE_PREFIX):
        raise SaveError(
            "", f"'{stem}' cannot be a save name: names starting with '{AUTOSAVE_PREFIX}' are "
            "kept for the games' own autosaves", "bad_name")
    return stem


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


# ---------------------------------------------------------------- the seal

_SEAL_KEY = b',\n"seal": "'
_LOG_KEY = b'\n"log": ['


def _seal(key: bytes, before_log: bytes, log_digest: bytes) -> str:
    return hmac.new(key, before_log + b"\0" + log_digest, hashlib.sha256).hexdigest()


def seal_ok(raw: bytes, key: bytes | None) -> bool:
    """Whether a save's bytes carry the seal of ``key`` (a saves folder's): written by this
    program for that folder, and not changed since."""
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
    return SaveError(path, f"the file is {size:,} bytes, more than a save file can be "
                     f"({limit:,} bytes); it is left as it is", "too_big")


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
    except ValueError:  # a number with thousands of digits
        raise SaveError(path, "not a save: it holds a number with thousands of digits, more "
                        "than any save needs", "invalid_json") from None
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
    return start_game(save.options, spec, path)


def start_game(o: Options, spec: Spec, path: str | os.PathLike[str]) -> Game:
    """The game as its setup starts it (``SaveError`` when the setup cannot be played)."""
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


def _aware(when: datetime | None) -> datetime | None:
    if when is not None and when.tzinfo is None:
        return when.replace(tzinfo=UTC)
    return when

