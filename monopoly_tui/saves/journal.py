"""The saves folder's journal: one SQLite database holding every game, one writer a game.

A game is its setup and its decision log, appended one row a decision; nothing is ever a
whole-file copy. The rules:

- **One journal.** ``games.sqlite3`` in the saves folder (WAL mode) holds every game: its
  setup (``games``), its decisions (``decisions``: one row each, on a *branch*), and a kept
  *position* (the state, the app's table, a summary) at each branch's tip, so a game opens
  without replaying it. An autosave is one small transaction: the new decisions' rows and the
  tip's position. SQLite's commit is atomic, so a kill at any moment leaves the game as it was
  before the decision or after it, never between.
- **Branches.** A branch is a log that shares its first ``fork`` decisions with its parent.
  Undo takes decisions back: when nothing refers to the decisions taken back, the branch is cut
  back to where the game is; when something does (a named save made after them), a new branch
  starts there and the old one stays as the named save left it. Playing on from a named save
  behind the game's latest decision starts a branch too, and the later play is kept under a
  name of its own (``later_play_name``). Whatever happened, what ``resume`` opens is the game's
  *head*: the branch written last, at its latest decision.
- **Named saves are bookmarks**: a name (unique in the folder, whatever its case) for a
  decision count on a branch, with the position there. The database's uniqueness decides when
  two windows save under one name at the same moment; the loser is asked.
- **One writer a game.** A process that opens a game holds its *lease*. A second window that
  opens it is told (``OpenElsewhere``) and may take it over; the first then finds at its next
  write that it lost the lease (``LeaseLost``) and stops writing. A lease whose holder is gone
  (its process ended or was killed) is taken over without asking.
- **Seals.** Each kept position carries an HMAC, keyed with the folder's key
  (``saves.keys``), of the game's id, the decision count, a SHA-256 of the decisions up to it,
  the state and the table. A position whose seal does not match (the database edited by hand,
  or sealed under an earlier key) is not trusted: the game is rebuilt by replaying its log.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import re
import secrets
import socket
import sqlite3
import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from monopoly_tui import __version__
from monopoly_tui.saves import keys

DB_NAME = "games.sqlite3"
SCHEMA_VERSION = 1
BUSY_MS = 15_000
"""How long a write waits for another process's transaction before it counts as failed."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS info(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games(
    id TEXT PRIMARY KEY,
    edition TEXT NOT NULL,
    ruleset_hash TEXT NOT NULL,
    ruleset_name TEXT NOT NULL,
    options TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    head INTEGER NOT NULL,
    app_version TEXT NOT NULL,
    origin TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS branches(
    game TEXT NOT NULL,
    id INTEGER NOT NULL,
    parent INTEGER,
    fork INTEGER NOT NULL,
    length INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    state TEXT, tbl TEXT, summary TEXT,
    turn INTEGER, round INTEGER, to_move INTEGER, over INTEGER,
    seal TEXT, key_id TEXT,
    PRIMARY KEY(game, id)
);
CREATE TABLE IF NOT EXISTS decisions(
    game TEXT NOT NULL,
    branch INTEGER NOT NULL,
    n INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY(game, branch, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS bookmarks(
    name TEXT NOT NULL PRIMARY KEY COLLATE NOCASE,
    game TEXT NOT NULL,
    branch INTEGER NOT NULL,
    n INTEGER NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    auto INTEGER NOT NULL DEFAULT 0,
    state TEXT, tbl TEXT, summary TEXT,
    turn INTEGER, round INTEGER, to_move INTEGER, over INTEGER,
    seal TEXT, key_id TEXT
);
CREATE INDEX IF NOT EXISTS bookmarks_game ON bookmarks(game, branch, n);
CREATE TABLE IF NOT EXISTS leases(
    game TEXT PRIMARY KEY,
    token TEXT NOT NULL,
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    proc_start TEXT NOT NULL,
    since TEXT NOT NULL,
    what TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS imported(
    file TEXT NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    game TEXT,
    error TEXT,
    at TEXT NOT NULL,
    PRIMARY KEY(file, size, mtime_ns)
);
"""

POSITION_COLUMNS = ("state", "tbl", "summary", "turn", "round", "to_move", "over", "seal",
                    "key_id")


class JournalError(Exception):
    """The journal cannot be read or written; ``message`` says why, in words."""

    def __init__(self, message: str, kind: str = "write_failed") -> None:
        super().__init__(message)
        self.message = message
        self.kind = kind


class LeaseLost(JournalError):
    """Another window took this game over: this one must stop writing it."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "taken_over")


@dataclass(frozen=True)
class Holder:
    """Who holds a game's lease: a process on a host, since when, in what."""

    token: str
    pid: int
    host: str
    proc_start: str
    since: str
    what: str

    def describe(self) -> str:
        when = _local_time(self.since)
        where = "on this machine" if self.host == _HOST else f"on {self.host}"
        return f"{self.what} (process {self.pid} {where}, since {when})"


class OpenElsewhere(JournalError):
    """The game is open in another window that is still running."""

    def __init__(self, game_id: str, holder: Holder) -> None:
        super().__init__(f"this game is open in another window: {holder.describe()}",
                         "open_elsewhere")
        self.game_id = game_id
        self.holder = holder


@dataclass
class Position:
    """A kept position: the state at decision ``n`` of a branch, with the app's table."""

    game: str
    branch: int
    n: int
    state: str
    table: str | None
    summary: str
    turn: int
    round: int
    to_move: int
    over: bool
    seal: str
    key_id: str
    updated: str = ""


@dataclass(frozen=True)
class GameRow:
    id: str
    edition: str
    ruleset_hash: str
    ruleset_name: str
    options: str
    created: str
    updated: str
    head: int
    app_version: str
    origin: str


@dataclass(frozen=True)
class BookmarkRow:
    name: str
    game: str
    branch: int
    n: int
    created: str
    updated: str
    auto: bool
    position: Position


# ---------------------------------------------------------------- processes

_HOST = socket.gethostname()


def _proc_start(pid: int) -> str:
    """When a process started (Linux: its start time in clock ticks since boot), so a pid
    reused by another process is not taken for the holder; '' where it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            data = f.read()
        return data[data.rindex(b")") + 2:].split()[19].decode()
    except (OSError, ValueError, IndexError):
        return ""


_ME = (os.getpid(), _proc_start(os.getpid()))


def _me() -> tuple[int, str]:
    pid = os.getpid()
    if _ME[0] != pid:  # forked
        return pid, _proc_start(pid)
    return _ME


_LIVE: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
"""This process's open games by lease token (a lease whose owner was dropped is free)."""


def holder_alive(h: Holder) -> bool:
    """Whether the lease's holder still runs (a holder on another host is taken as alive)."""
    if h.host != _HOST:
        return True
    pid, start = _me()
    if h.pid == pid and h.proc_start == start:
        return h.token in _LIVE
    if h.pid <= 0:
        return False
    try:
        os.kill(h.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    now = _proc_start(h.pid)
    return not (now and h.proc_start and now != h.proc_start)


def what_am_i() -> str:
    """How this process's window is named to another that opens the same game: a browser
    tab of ``monopoly-tui serve`` (it says so), else a terminal."""
    named = os.environ.get("MONOPOLY_TUI_WINDOW", "")
    return named if named in ("a browser tab", "a terminal") else "a terminal"


# ---------------------------------------------------------------- time and seals


def now_text() -> str:
    return datetime.now(UTC).isoformat()


def _local_time(text: str) -> str:
    try:
        return datetime.fromisoformat(text).astimezone().strftime("%H:%M")
    except (ValueError, OverflowError, OSError):
        return text


def log_digest(lines: Sequence[str]) -> str:
    """SHA-256 of a log's decisions, one JSON line each."""
    h = hashlib.sha256()
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
    return h.hexdigest()


def seal(key: bytes, game: str, n: int, digest: str, state: str, table: str | None) -> str:
    msg = "\0".join((game, str(n), digest, state, table if table is not None else "\1"))
    return hmac.new(key, msg.encode(), hashlib.sha256).hexdigest()


# ---------------------------------------------------------------- the database


class Journal:
    """The saves folder's database (``open_journal`` keeps one a folder a process)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.path = folder / DB_NAME
        self.key_message = ""
        try:
            folder.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000,
                                      isolation_level=None, check_same_thread=False)
        except (OSError, sqlite3.Error) as e:
            raise JournalError(f"cannot open the saves database {self.path}: {_text(e)}",
                               "unreadable") from None
        try:
            self.db.execute(f"PRAGMA busy_timeout={BUSY_MS}")
            mode = self.db.execute("PRAGMA journal_mode=WAL").fetchone()
            if mode is None or str(mode[0]).lower() != "wal":
                raise sqlite3.OperationalError(f"WAL mode refused ({mode})")
            self.db.execute("PRAGMA synchronous=NORMAL")
            with self.tx():
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self.db.execute(statement)
                row = self.db.execute("SELECT value FROM info WHERE key='schema'").fetchone()
                if row is None:
                    self.db.execute("INSERT INTO info VALUES('schema', ?)",
                                    (str(SCHEMA_VERSION),))
                elif int(row[0]) > SCHEMA_VERSION:
                    raise JournalError(
                        f"the saves database {self.path} was written by a newer monopoly-tui "
                        f"(schema {row[0]}; this one, {__version__}, reads {SCHEMA_VERSION}): "
                        "update monopoly-tui to open it", "newer_version")
        except sqlite3.DatabaseError as e:
            self.db.close()
            raise JournalError(
                f"the saves database {self.path} cannot be used ({_text(e)}); it is left as it "
                "is", "unreadable") from None
        self._key: keys.KeyState | None = None

    # ---- the key

    def key(self) -> keys.KeyState:
        """The folder's key, made (or replaced when broken) on first use in this process."""
        state = self._key
        if state is None or state.key is None:
            state = keys.folder_key(self.folder, create=True)
            if state.message:
                self.key_message = state.message
            self._key = state
        return state

    # ---- transactions

    @contextlib.contextmanager
    def tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (``BEGIN IMMEDIATE``): committed whole or
        rolled back whole."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            yield db
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def close(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.db.close()

    # ---- reading

    def game(self, game_id: str) -> GameRow | None:
        row = self.db.execute(
            "SELECT id, edition, ruleset_hash, ruleset_name, options, created, updated, head,"
            " app_version, origin FROM games WHERE id=?", (game_id,)).fetchone()
        return GameRow(*row) if row else None

    def games(self) -> list[GameRow]:
        rows = self.db.execute(
            "SELECT id, edition, ruleset_hash, ruleset_name, options, created, updated, head,"
            " app_version, origin FROM games ORDER BY updated DESC").fetchall()
        return [GameRow(*r) for r in rows]

    def branch_length(self, game_id: str, branch: int) -> int:
        row = self.db.execute("SELECT length FROM branches WHERE game=? AND id=?",
                              (game_id, branch)).fetchone()
        return int(row[0]) if row else 0

    def tip(self, game_id: str, branch: int) -> Position | None:
        row = self.db.execute(
            "SELECT length, updated, " + ", ".join(POSITION_COLUMNS)
            + " FROM branches WHERE game=? AND id=?", (game_id, branch)).fetchone()
        if row is None or row[2] is None:
            return None
        return _position(game_id, branch, row[0], row[1], row[2:])

    def bookmark(self, name: str) -> BookmarkRow | None:
        row = self.db.execute(
            "SELECT name, game, branch, n, created, updated, auto, "
            + ", ".join(POSITION_COLUMNS) + " FROM bookmarks WHERE name=?", (name,)).fetchone()
        return _bookmark(row) if row else None

    def bookmarks(self, game_id: str | None = None) -> list[BookmarkRow]:
        q = ("SELECT name, game, branch, n, created, updated, auto, "
             + ", ".join(POSITION_COLUMNS) + " FROM bookmarks")
        rows = (self.db.execute(q + " WHERE game=? ORDER BY updated DESC", (game_id,))
                if game_id else self.db.execute(q + " ORDER BY updated DESC")).fetchall()
        return [_bookmark(r) for r in rows]

    def segments(self, game_id: str, branch: int, n: int) -> list[tuple[int, int, int]]:
        """The parts of a branch's log up to decision ``n``: (branch, after, up to) each, the
        oldest first."""
        out: list[tuple[int, int, int]] = []
        upto = n
        b: int | None = branch
        seen = set()
        while b is not None:
            if b in seen:
                raise JournalError(f"the saves database is damaged: game {game_id}'s branches "
                                   "go round in a circle", "invalid")
            seen.add(b)
            row = self.db.execute("SELECT parent, fork FROM branches WHERE game=? AND id=?",
                                  (game_id, b)).fetchone()
            if row is None:
                raise JournalError(f"the saves database is damaged: game {game_id} has no "
                                   f"branch {b}", "invalid")
            parent, fork = row
            fork = int(fork)
            if upto > fork:
                out.append((b, fork, upto))
                upto = fork
            b = parent
        if upto > 0:
            raise JournalError(f"the saves database is damaged: game {game_id}'s log has no "
                               f"decisions 1 to {upto}", "invalid")
        out.reverse()
        return out

    def lines(self, game_id: str, branch: int, n: int) -> list[str]:
        """The decisions 1..n of a branch's log, one JSON line each."""
        out: list[str] = []
        for b, lo, hi in self.segments(game_id, branch, n):
            rows = self.db.execute(
                "SELECT n, action FROM decisions WHERE game=? AND branch=? AND n>? AND n<=? "
                "ORDER BY n", (game_id, b, lo, hi)).fetchall()
            if len(rows) != hi - lo or (rows and (rows[0][0] != lo + 1 or rows[-1][0] != hi)):
                raise JournalError(f"the saves database is damaged: game {game_id} misses "
                                   f"decisions between {lo + 1} and {hi}", "invalid")
            out.extend(r[1] for r in rows)
        return out

    # ---- leases

    def holder(self, game_id: str) -> Holder | None:
        row = self.db.execute(
            "SELECT token, pid, host, proc_start, since, what FROM leases WHERE game=?",
            (game_id,)).fetchone()
        return Holder(*row) if row else None

    def take_lease(self, db: sqlite3.Connection, game_id: str, token: str,
                   force: bool = False) -> None:
        """Hold the game for ``token`` (inside a transaction); ``OpenElsewhere`` when a live
        holder has it (unless ``force``: take it over)."""
        row = db.execute("SELECT token, pid, host, proc_start, since, what FROM leases "
                         "WHERE game=?", (game_id,)).fetchone()
        if row is not None:
            h = Holder(*row)
            if h.token == token:
                return
            if not force and holder_alive(h):
                raise OpenElsewhere(game_id, h)
        pid, start = _me()
        db.execute("INSERT OR REPLACE INTO leases VALUES(?, ?, ?, ?, ?, ?, ?)",
                   (game_id, token, pid, _HOST, start, now_text(), what_am_i()))

    def check_lease(self, db: sqlite3.Connection, game_id: str, token: str) -> None:
        """Inside a write: the lease is still ``token``'s (taken when free), else
        ``LeaseLost``."""
        row = db.execute("SELECT token, pid, host, proc_start, since, what FROM leases "
                         "WHERE game=?", (game_id,)).fetchone()
        if row is not None and row[0] != token:
            h = Holder(*row)
            if holder_alive(h):
                raise LeaseLost(f"this game was taken over by {h.describe()}; this window "
                                "no longer saves it")
        if row is None or row[0] != token:
            pid, start = _me()
            db.execute("INSERT OR REPLACE INTO leases VALUES(?, ?, ?, ?, ?, ?, ?)",
                       (game_id, token, pid, _HOST, start, now_text(), what_am_i()))

    def release(self, game_id: str, token: str) -> None:
        """Let the game go, and put what was written on the disk for good (a checkpoint
        syncs it: an autosave is durable against a kill at once, and against a power cut from
        the next checkpoint on)."""
        with contextlib.suppress(sqlite3.Error), self.tx() as db:
            db.execute("DELETE FROM leases WHERE game=? AND token=?", (game_id, token))
        self.checkpoint()

    def checkpoint(self) -> None:
        with contextlib.suppress(sqlite3.Error):
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)")


def _text(e: BaseException) -> str:
    return str(getattr(e, "strerror", None) or e)


def _position(game: str, branch: int, n: int, updated: str, cols: Sequence[Any]) -> Position:
    state, tbl, summary, turn, rnd, to_move, over, seal_, key_id_ = cols
    return Position(game, branch, int(n), state, tbl, summary or "{}", int(turn or 0),
                    int(rnd or 0), int(to_move if to_move is not None else -1), bool(over),
                    seal_ or "", key_id_ or "", updated)


def _bookmark(row: Sequence[Any]) -> BookmarkRow:
    name, game, branch, n, created, updated, auto = row[:7]
    return BookmarkRow(name, game, int(branch), int(n), created, updated, bool(auto),
                       _position(game, int(branch), int(n), updated, row[7:]))


_JOURNALS: dict[Path, Journal] = {}


def open_journal(folder: Path) -> Journal:
    """The journal of a saves folder, opened once a process (and again after it failed)."""
    try:
        where = folder.expanduser().resolve()
    except OSError:
        where = folder
    j = _JOURNALS.get(where)
    if j is not None and j.folder.is_dir() and j.path.exists():
        return j
    if j is not None:
        j.close()
    j = Journal(where)
    _JOURNALS[where] = j
    return j


def forget_journal(folder: Path) -> None:
    """Close a folder's journal (it is opened afresh on next use): after a write failed."""
    for where, j in list(_JOURNALS.items()):
        if where == folder or j.folder == folder:
            j.close()
            del _JOURNALS[where]


# ---------------------------------------------------------------- the writer


@dataclass
class Writer:
    """What one open game in this process knows of its journal: the branch it writes, how
    many of its decisions are in the journal, the lease it holds, and what went wrong."""

    token: str = field(default_factory=lambda: secrets.token_hex(8))
    branch: int | None = None
    synced: int = 0
    """How many of the game's decisions (its history's first ones) are in the journal."""
    tip: bool = True
    """This writer wrote its branch's latest decision (so an undo may cut the branch)."""
    lines: list[str] = field(default_factory=list)
    of: Sequence[Any] | None = None
    """The history list the lines were taken from (an undo makes a new one)."""
    hasher: Any = field(default_factory=hashlib.sha256)
    lost: str | None = None
    """Why this window no longer writes the game (another took it over), or None."""
    problem: str | None = None
    """Why the last write failed (the disk is full...), or None when the game is saved."""
    unsaved_since: int | None = None
    """The decision count saved when writes began to fail."""
    notes: list[str] = field(default_factory=list)
    """What a write did that the player should be told (later play kept under a name)."""

    def rebase(self, lines: list[str], branch: int, tip: bool, of: Sequence[Any] | None) -> None:
        self.lines = lines
        self.synced = len(lines)
        self.branch = branch
        self.tip = tip
        self.of = of
        h = hashlib.sha256()
        for line in lines:
            h.update(line.encode())
            h.update(b"\n")
        self.hasher = h


LATER_PLAY_RE = re.compile(r"[^A-Za-z0-9 _.-]+")


def later_play_name(edition_name: str, game_id: str, n: int) -> str:
    """The name kept for a game's later play when it goes on from an earlier named save."""
    base = LATER_PLAY_RE.sub("", edition_name).strip() or "game"
    return f"{base} {game_id} at decision {n}"[:100]


def referenced_beyond(db: sqlite3.Connection, game_id: str, branch: int, c: int) -> bool:
    """Whether a named save, or another branch, needs the branch's decisions after ``c``."""
    return db.execute(
        "SELECT 1 FROM bookmarks WHERE game=? AND branch=? AND n>? UNION ALL "
        "SELECT 1 FROM branches WHERE game=? AND parent=? AND fork>? LIMIT 1",
        (game_id, branch, c, game_id, branch, c)).fetchone() is not None


def new_branch(db: sqlite3.Connection, game_id: str, parent: int | None, fork: int) -> int:
    row = db.execute("SELECT COALESCE(MAX(id), 0) FROM branches WHERE game=?",
                     (game_id,)).fetchone()
    bid = int(row[0]) + 1
    now = now_text()
    db.execute("INSERT INTO branches(game, id, parent, fork, length, created, updated) "
               "VALUES(?, ?, ?, ?, ?, ?, ?)", (game_id, bid, parent, fork, fork, now, now))
    return bid


def put_position(db: sqlite3.Connection, table: str, where: str, args: Sequence[Any],
                 pos: Position) -> None:
    db.execute(
        f"UPDATE {table} SET state=?, tbl=?, summary=?, turn=?, round=?, to_move=?, over=?, "
        f"seal=?, key_id=?, updated=? WHERE {where}",
        (pos.state, pos.table, pos.summary, pos.turn, pos.round, pos.to_move, int(pos.over),
         pos.seal, pos.key_id, pos.updated or now_text(), *args))


def append(db: sqlite3.Connection, game_id: str, branch: int, start: int,
           lines: Sequence[str]) -> None:
    """Decisions start+1.. on a branch."""
    db.executemany("INSERT OR REPLACE INTO decisions VALUES(?, ?, ?, ?)",
                   [(game_id, branch, start + i + 1, line) for i, line in enumerate(lines)])


def ensure_game(db: sqlite3.Connection, game_id: str, edition: str, ruleset_hash: str,
                ruleset_name: str, options: str, created: str, origin: str = "") -> bool:
    """Add the game when the journal does not have it; True when it was added (with its
    first branch, 1)."""
    if db.execute("SELECT 1 FROM games WHERE id=?", (game_id,)).fetchone():
        return False
    now = now_text()
    db.execute("INSERT INTO games VALUES(?, ?, ?, ?, ?, ?, ?, 1, ?, ?)",
               (game_id, edition, ruleset_hash, ruleset_name, options, created, now,
                __version__, origin))
    db.execute("INSERT INTO branches(game, id, parent, fork, length, created, updated) "
               "VALUES(?, 1, NULL, 0, 0, ?, ?)", (game_id, now, now))
    return True


def json_text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
