"""Saving, resuming, listing and naming games: the API on the saves folder's journal.

The engine stays free of I/O (``engine.snapshot`` turns a state into plain data and back);
``saves.journal`` keeps every game of a saves folder in one SQLite database; this module is
what the app and the command line call:

- ``autosave(game, meta)`` after every decision: the new decisions and the position, one
  transaction. A write that fails (a full or read-only disk) is never forgotten: the game keeps
  every decision, ``save_status(meta)`` says since when it is not saved, and the next
  ``autosave`` writes everything missing.
- ``save_game(game, name, meta)``: a named save, a bookmark into the game's log.
- ``load_save(name)``: a named save, a game's autosave name or id, or a file (imported first);
  it holds the game for this window (``GameOpenElsewhere`` when another window has it).
- ``list_saves``, ``resumable_saves``, ``latest_save``, ``delete_save``, ``rename_save``.
- ``export_game`` writes a game as a JSON file; ``import_file`` reads one. JSON saves of
  earlier versions in the saves folder are imported on first use and left as they are.
"""

from __future__ import annotations

import dataclasses
import hmac
import json
import os
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.actions import Action, IllegalAction
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_state
from monopoly_tui.saves import journal as J
from monopoly_tui.saves.files import (
    AUTOSAVE_PREFIX,
    ENV_VAR,
    SUFFIX,
    RulesetChangedError,
    SaveError,
    SaveMeta,
    _action_line,
    _dir,
    _option_players,
    _options,
    _os_text,
    _parse_save,
    check_name,
    check_named,
    default_saves_dir,
    load_spec,
    new_game_id,
    new_meta,
    read_bytes,
    read_header,
    render,
    replay_game,
    restore_game,
    same_rules,
    seal_ok,
    start_game,
    summarize,
    write_atomic,
)
from monopoly_tui.saves.format import Options, RulesetRef, SaveFile, Seat, Summary

__all__ = [
    "AUTOSAVE_PREFIX", "ENV_VAR", "GameOpenElsewhere", "LoadedGame", "RulesetChangedError",
    "SaveEntry", "SaveError", "SaveMeta", "autosave", "check_name", "default_saves_dir",
    "delete_save", "export_game", "import_file", "latest_save", "list_saves", "load_save",
    "new_meta", "release", "rename_save", "replace_question", "resumable_saves", "save_game",
    "save_status",
]


class GameOpenElsewhere(SaveError):
    """The game is open in another window that still runs: ``holder`` says which. Load again
    with ``take_over=True`` (that window stops saving it) or ``copy=True`` (a game of its own
    from the same position)."""

    def __init__(self, where: Path, game_id: str, holder: J.Holder) -> None:
        super().__init__(where, f"this game is open in another window: {holder.describe()}",
                         "open_elsewhere")
        self.game_id = game_id
        self.holder = holder


# ---------------------------------------------------------------- the journal of a folder


_IMPORTED: set[Path] = set()


def _journal(folder: Path) -> J.Journal:
    """The folder's journal, with its older JSON saves imported (once a process)."""
    try:
        j = J.open_journal(folder)
    except J.JournalError as e:
        raise SaveError(folder / J.DB_NAME, e.message, e.kind) from None
    if j.folder not in _IMPORTED:
        _IMPORTED.add(j.folder)
        import_folder(j)
    return j


def journal_path(saves_dir: str | os.PathLike[str] | None = None) -> Path:
    return _dir(saves_dir) / J.DB_NAME


def _writer(meta: SaveMeta) -> J.Writer:
    w = meta._writer
    if w is None:
        w = J.Writer()
        meta._writer = w
        J._LIVE[w.token] = meta
    assert isinstance(w, J.Writer)
    return w


def autosave_name(game_or_edition: Game | str, meta_or_id: SaveMeta | str) -> str:
    edition = game_or_edition if isinstance(game_or_edition, str) else game_or_edition.spec.id
    gid = meta_or_id if isinstance(meta_or_id, str) else meta_or_id.game_id
    return f"{AUTOSAVE_PREFIX}{edition}-{gid}"


# ---------------------------------------------------------------- writing


@dataclass(frozen=True)
class SaveStatus:
    """Whether a game is saved: ``problem`` (None when it is), since which decision it is not,
    and ``lost`` when another window took the game over (this one no longer saves it)."""

    problem: str | None = None
    unsaved_since: int | None = None
    lost: bool = False

    @property
    def saved(self) -> bool:
        return self.problem is None


def save_status(meta: SaveMeta | None) -> SaveStatus:
    if meta is None or meta._writer is None:
        return SaveStatus()
    w = meta._writer
    if w.lost:
        return SaveStatus(w.lost, w.synced, lost=True)
    return SaveStatus(w.problem, w.unsaved_since)


def _position(game: Game, meta: SaveMeta, key: bytes | None, key_id: str,
              digest: str) -> J.Position:
    st = game.st
    seats = _seats(game, meta)
    state = J.json_text(snap.encode_state(st))
    table = J.json_text(meta.table) if meta.table is not None else None
    summary = J.json_text(summarize(game, seats).model_dump(mode="json"))
    n = len(game.history)
    seal = J.seal(key, meta.game_id, n, digest, state, table) if key else ""
    return J.Position(meta.game_id, 0, n, state, table, summary, st.turns, st.rounds,
                      -1 if game.over else game.pending.player, game.over, seal,
                      key_id if key else "", J.now_text())


def _seats(game: Game, meta: SaveMeta) -> list[Seat]:
    players = _option_players(game)
    if len(meta.seats) == len(players):
        return meta.seats
    return [Seat(name=n, token=t) for n, t in players]


def autosave(game: Game, meta: SaveMeta) -> Path:
    """Save the game's decisions since the last save, and its position (call it after every
    decision); returns the journal's file. ``SaveError`` when it cannot be written
    (``write_failed``: the decisions stay with the game and the next call writes them;
    ``taken_over``: another window holds the game now)."""
    w = _writer(meta)
    folder = _dir(meta.saves_dir)
    where = folder / J.DB_NAME
    if w.lost:
        raise SaveError(where, w.lost, "taken_over")
    try:
        j = _journal(folder)
        _write(j, game, meta, w)
    except J.LeaseLost as e:
        w.lost = e.message
        raise SaveError(where, e.message, "taken_over") from None
    except (sqlite3.Error, OSError, J.JournalError, SaveError) as e:
        if w.problem is None:
            w.unsaved_since = w.synced
        text = getattr(e, "message", None) or _os_text(e)
        w.problem = _disk_words(str(text))
        J.forget_journal(folder)
        raise SaveError(where, f"cannot save the game: {w.problem}", "write_failed") from None
    w.problem = None
    w.unsaved_since = None
    return where


def _disk_words(text: str) -> str:
    low = text.lower()
    if "full" in low or "no space" in low or "too large" in low or "file too big" in low:
        return "the disk is full"
    if "readonly" in low or "read-only" in low or "permission" in low:
        return "the saves folder cannot be written (read-only)"
    if "disk i/o" in low:
        return "the disk could not write it (a disk error, or no space left)"
    return text


def _write(j: J.Journal, game: Game, meta: SaveMeta, w: J.Writer) -> None:
    hist = game.history
    lines = w.lines
    synced = min(w.synced, len(lines))
    if w.of is hist and synced <= len(hist) and (
            synced == 0 or lines[synced - 1] == _action_line(hist[synced - 1])):
        c = synced
    else:
        c = 0
        m = min(len(hist), synced)
        while c < m and lines[c] == _action_line(hist[c]):
            c += 1
    new = [_action_line(a) for a in hist[c:]]
    if c == len(lines):
        hasher = w.hasher.copy()
    else:
        hasher = J.hashlib.sha256()
        for line in lines[:c]:
            hasher.update(line.encode())
            hasher.update(b"\n")
    for line in new:
        hasher.update(line.encode())
        hasher.update(b"\n")
    state = j.key()
    pos = _position(game, meta, state.key, state.key_id, hasher.hexdigest())
    spec = game.spec
    gid = meta.game_id
    options = J.json_text(_options(game, _seats(game, meta)))
    with j.tx() as db:
        added = J.ensure_game(db, gid, spec.id, spec.content_hash, spec.name, options,
                              meta.created.isoformat())
        j.check_lease(db, gid, w.token)
        old_head = int(db.execute("SELECT head FROM games WHERE id=?", (gid,)).fetchone()[0])
        if added:
            branch, tip = 1, True
        elif w.branch is not None:
            branch, tip = w.branch, w.tip
        else:  # a game this writer never opened: its play goes on a branch of its own
            branch, tip = old_head, False
        blen = j.branch_length(gid, branch)
        start = min(c, blen)
        if start < blen:
            if tip and not J.referenced_beyond(db, gid, branch, start):
                db.execute("DELETE FROM decisions WHERE game=? AND branch=? AND n>?",
                           (gid, branch, start))
            else:
                branch = J.new_branch(db, gid, branch, start)
        kept = None
        if branch != old_head and not (tip and old_head == w.branch):
            kept = _keep_later_play(j, db, gid, old_head, spec.name)
        J.append(db, gid, branch, start, lines[start:c] + new if start < c else new)
        db.execute("UPDATE branches SET length=? WHERE game=? AND id=?",
                   (len(hist), gid, branch))
        J.put_position(db, "branches", "game=? AND id=?", (gid, branch), pos)
        db.execute("UPDATE games SET head=?, updated=? WHERE id=?", (branch, pos.updated, gid))
    del lines[c:]
    lines.extend(new)
    w.hasher = hasher
    w.synced = len(hist)
    w.branch = branch
    w.tip = True
    w.of = hist
    if kept is not None:
        w.notes.append(f"The game's later play (decision {kept[1]}) is kept as '{kept[0]}'.")


def _keep_later_play(j: J.Journal, db: sqlite3.Connection, gid: str, branch: int,
                     edition_name: str) -> tuple[str, int] | None:
    """The game's head is about to move to another branch: when nothing names the old head's
    latest decision, a named save keeps it (so no play is ever out of reach)."""
    row = db.execute("SELECT length FROM branches WHERE game=? AND id=?",
                     (gid, branch)).fetchone()
    if row is None or int(row[0]) == 0:
        return None
    n = int(row[0])
    if db.execute("SELECT 1 FROM bookmarks WHERE game=? AND branch=? AND n=?",
                  (gid, branch, n)).fetchone():
        return None
    pos = j.tip(gid, branch)
    if pos is None:
        return None
    name = J.later_play_name(edition_name, gid, n)
    now = J.now_text()
    db.execute("INSERT OR IGNORE INTO bookmarks(name, game, branch, n, created, updated, auto) "
               "VALUES(?, ?, ?, ?, ?, ?, 1)", (name, gid, branch, n, now, now))
    J.put_position(db, "bookmarks", "name=?", (name,), dataclasses.replace(pos, updated=now))
    return name, n


def save_game(game: Game, name: str, meta: SaveMeta | None = None,
              saves_dir: str | os.PathLike[str] | None = None, overwrite: bool = True) -> Path:
    """A named save: a bookmark at the game's latest decision (the game is autosaved first).
    With ``overwrite=False`` a save of that name is replaced only when it is this game's own
    at an earlier decision of the same play; else ``SaveError`` (kind ``exists``). The
    journal decides which of two windows saving one name at once comes first."""
    stem = check_named(name)
    if meta is None:
        meta = new_meta(game, saves_dir=saves_dir)
    elif saves_dir is not None:
        meta.saves_dir = Path(saves_dir)
    where = autosave(game, meta)
    w = _writer(meta)
    j = _journal(_dir(meta.saves_dir))
    gid = meta.game_id
    assert w.branch is not None
    n = len(game.history)
    with j.tx() as db:
        got = db.execute("SELECT name, game, branch, n FROM bookmarks WHERE name=?",
                         (stem,)).fetchone()
        if got is not None:
            if not overwrite and not _earlier_on_line(j, gid, w.branch, n, got):
                raise SaveError(where, f"a save named '{got[0]}' exists already", "exists")
            db.execute("DELETE FROM bookmarks WHERE name=?", (stem,))
        pos = j.tip(gid, w.branch)
        assert pos is not None
        now = J.now_text()
        db.execute("INSERT INTO bookmarks(name, game, branch, n, created, updated, auto) "
                   "VALUES(?, ?, ?, ?, ?, ?, 0)", (stem, gid, w.branch, n, now, now))
        J.put_position(db, "bookmarks", "name=?", (stem,), dataclasses.replace(pos, updated=now))
    j.checkpoint()  # a named save is on the disk for good at once
    meta.name = stem
    return where


def _earlier_on_line(j: J.Journal, gid: str, branch: int, n: int, got: Sequence[Any]) -> bool:
    """Whether a named save (its row) is this game's, at or before decision ``n`` of the
    play on ``branch`` (saving again there only moves it on)."""
    if got[1] != gid or int(got[3]) > n:
        return False
    b, at = int(got[2]), int(got[3])
    return any(seg == b and lo < at <= hi for seg, lo, hi in j.segments(gid, branch, n)) \
        or at == 0


def replace_question(game: Game, name: str, meta: SaveMeta | None = None,
                     saves_dir: str | os.PathLike[str] | None = None) -> str | None:
    """What a player should be asked before saving ``game`` as ``name``: None when no save has
    that name, or it is this game's own at an earlier decision of the same play; else a
    question saying what would be replaced."""
    stem = check_named(name)
    folder = _dir(saves_dir if saves_dir is not None else meta.saves_dir if meta else None)
    j = _journal(folder)
    b = j.bookmark(stem)
    if b is None:
        return None
    w = meta._writer if meta is not None else None
    if meta is not None and w is not None and w.branch is not None and b.game == meta.game_id \
            and _earlier_on_line(j, meta.game_id, w.branch, len(game.history),
                                 (b.name, b.game, b.branch, b.n)):
        return None
    if meta is not None and b.game == meta.game_id:
        what = (f"this game's save at decision {b.n}, later than now"
                if b.n > len(game.history) else
                f"this game's save at decision {b.n}, of another line of play (before an undo "
                "or a load)")
    else:
        summary = _summary(b.position)
        row = j.game(b.game)
        players = ", ".join(p.name for p in summary.players) if summary else "?"
        edition = summary.edition if summary else (row.ruleset_name if row else "?")
        what = f"another game: {edition}, {players}, turn {b.position.turn}"
    return f"A save named '{b.name}' exists ({what}). Replace it?"


def still_held(meta: SaveMeta | None) -> bool:
    """Whether this window still holds its game (False once another window took it over:
    then ``save_status`` says so at once, before the next write is refused)."""
    if meta is None or meta._writer is None:
        return True
    w = meta._writer
    if w.lost:
        return False
    if w.branch is None:
        return True  # nothing written yet: the first write takes the game
    try:
        h = J.open_journal(_dir(meta.saves_dir)).holder(meta.game_id)
    except (J.JournalError, sqlite3.Error):
        return True  # cannot tell now: the next write will
    if h is None or h.token == w.token or not J.holder_alive(h):
        return True
    w.lost = (f"this game was taken over by {h.describe()}; this window no longer saves it")
    return False


def release(meta: SaveMeta | None) -> None:
    """This window is done with the game: another may open it without asking."""
    if meta is None or meta._writer is None:
        return
    w = meta._writer
    J._LIVE.pop(w.token, None)
    try:
        j = J.open_journal(_dir(meta.saves_dir))
    except J.JournalError:
        return
    j.release(meta.game_id, w.token)


# ---------------------------------------------------------------- loading


@dataclass
class LoadedGame:
    """A game opened from the journal (or a file): ready to continue where it was."""

    game: Game
    meta: SaveMeta
    path: Path
    """The journal's file (or the file imported)."""
    options: Options
    ruleset: RulesetRef
    summary: Summary
    table: dict[str, Any] | None = None
    """What the app showed at this position (its running statistics and the log's last
    lines), when the position's seal verifies."""
    replayed: bool = False
    """True when the game was rebuilt from its log (its position was not sealed here, or the
    rules changed)."""
    warnings: list[str] = field(default_factory=list)
    branched: bool = False
    """True when the game goes on under a new id (a copy, or replayed on changed rules)."""
    sealed: bool = False
    name: str = ""
    """The name it was opened by."""


def _summary(pos: J.Position) -> Summary | None:
    try:
        return Summary.model_validate_json(pos.summary)
    except ValidationError:
        return None


def _decode_lines(lines: Sequence[str], where: Path) -> list[Action]:
    memo: dict[str, Action] = {}
    out: list[Action] = []
    for i, line in enumerate(lines):
        action = memo.get(line)
        if action is None:
            try:
                action = snap.decode_action(json.loads(line), f"decision {i + 1}")
            except (ValueError, snap.SnapshotError) as e:
                raise SaveError(where, f"the saves database is damaged: {e}", "invalid") \
                    from None
            memo[line] = action
        out.append(action)
    return out




def _replay(options: Options, spec: Any, actions: Sequence[Action], where: Path) -> Game:
    game = start_game(options, spec, where)
    for i, action in enumerate(actions):
        try:
            game.act(action)
        except IllegalAction as e:
            players = game.st.players
            who = players[action.player].name if 0 <= action.player < len(players) else \
                f"player {action.player}"
            raise SaveError(where, f"decision {i + 1} of {len(actions)} ({action.kind} by "
                            f"{who}) is not legal: {e.reason}", "inconsistent") from None
    return game


def _from_position(options: Options, spec: Any, pos: J.Position, actions: list[Action],
                   where: Path) -> Game | None:
    """The game at a kept position, or None when the position does not hold together."""
    game = start_game(options, spec, where)
    try:
        st = snap.decode_state(json.loads(pos.state), "state", game.spec)
    except (ValueError, snap.SnapshotError):
        return None
    if check_state(game.spec, st) or st.decisions != len(actions):
        return None
    game.st = st
    game.history = actions
    if (-1 if game.over else game.pending.player) != pos.to_move:
        return None
    return game


def _open_at(j: J.Journal, gid: str, branch: int, n: int, pos: J.Position | None, *,
             name: str, force: bool, verify: bool, take_over: bool, copy: bool,
             saves_dir: Path | None, lease: bool = True) -> LoadedGame:
    where = j.path
    row = j.game(gid)
    if row is None:
        raise SaveError(where, f"the saves database has no game {gid}", "not_found")
    try:
        options = Options.model_validate_json(row.options)
    except ValidationError as e:
        raise SaveError(where, f"the saves database is damaged: game {gid}'s setup: {e}",
                        "invalid") from None
    spec = load_spec(row.edition, where)
    try:
        lines = j.lines(gid, branch, n)
    except J.JournalError as e:
        raise SaveError(where, e.message, e.kind) from None
    actions = _decode_lines(lines, where)
    warnings: list[str] = []
    ruleset = RulesetRef(id=row.edition, hash=row.ruleset_hash, name=row.ruleset_name)
    if not same_rules(spec, row.ruleset_hash):
        try:
            game = _replay(options, spec, actions, where)
        except SaveError as e:
            raise RulesetChangedError(
                where,
                f"the rules of the edition '{row.edition}' have changed since this game was "
                f"saved (ruleset hash {row.ruleset_hash} then, {spec.content_hash} now), and "
                f"its decisions no longer fit them: {e.message}. The game cannot be resumed "
                f"with these rules; put the old ruleset back to resume it",
                can_force=False) from None
        if not force:
            raise RulesetChangedError(
                where,
                f"the rules of the edition '{row.edition}' have changed since this game was "
                f"saved (ruleset hash {row.ruleset_hash} then, {spec.content_hash} now). Its "
                f"{len(actions)} decisions are all legal under the current rules: load it with "
                f"--force (force=True) to replay them on the current rules (the game may turn "
                f"out differently from the saved one)", can_force=True)
        copy = True
        warnings.append(f"replayed on the changed rules of '{row.edition}'; this game now "
                        "has its own autosave and the original is kept")
        sealed = False
        replayed = True
        table = None
    else:
        key = j.key()
        sealed = bool(
            pos is not None and key.key is not None and pos.key_id == key.key_id
            and hmac.compare_digest(pos.seal, J.seal(key.key, gid, n, J.log_digest(lines),
                                                     pos.state, pos.table)))
        game_or_none = _from_position(options, spec, pos, actions, where) \
            if sealed and pos is not None else None
        replayed = game_or_none is None or verify
        if game_or_none is None or verify:
            game = _replay(options, spec, actions, where)
            if pos is not None and game_or_none is None and pos.key_id == key.key_id \
                    and json.loads(pos.state) != snap.encode_state(game.st):
                warnings.append("the kept position of this game did not match its decisions "
                                "(was the saves database edited?); it goes on from what its "
                                "decisions give")
        else:
            game = game_or_none
        table = None
        if sealed and pos is not None and pos.table is not None:
            try:
                table = json.loads(pos.table)
            except ValueError:
                table = None
    seats = list(options.players)
    meta = SaveMeta(game_id=gid, seats=seats, created=_when(row.created),
                    saves_dir=saves_dir, name=name or None)
    summary = summarize(game, seats)
    loaded = LoadedGame(game, meta, where, options, ruleset, summary, table=table,
                        replayed=replayed, warnings=warnings, sealed=sealed, name=name)
    if copy:
        _as_copy(j, loaded, lines)
        return loaded
    w = _writer(meta)
    w.rebase(lines, branch, tip=(n == j.branch_length(gid, branch)), of=game.history)
    if lease:
        try:
            with j.tx() as db:
                j.take_lease(db, gid, w.token, force=take_over)
        except J.OpenElsewhere as e:
            J._LIVE.pop(w.token, None)
            raise GameOpenElsewhere(where, gid, e.holder) from None
    head = row.head
    head_len = j.branch_length(gid, head)
    if (branch, n) != (head, head_len) and not game.over:
        later = f"decision {head_len}"
        warnings.append(
            f"'{name}' is at decision {n}, but this game went further (its latest play is at "
            f"{later}). Playing on from here keeps that later play under a name of its own; "
            "Resume opens whichever was played last")
    return loaded


def _as_copy(j: J.Journal, loaded: LoadedGame, lines: list[str]) -> None:
    """The loaded game goes on as a game of its own (a new id), from the same position."""
    meta = loaded.meta
    meta.game_id = new_game_id()
    meta.name = None
    loaded.branched = True
    w = _writer(meta)
    w.rebase([], 1, tip=True, of=None)
    w.branch = None
    autosave(loaded.game, meta)


def _when(text: str) -> datetime:
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return datetime.now(UTC)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _is_file_ref(text: str) -> bool:
    if os.sep in text or (os.altsep and os.altsep in text):
        return True
    try:
        return text.endswith(SUFFIX) and Path(text).is_file()
    except (OSError, ValueError):
        return False


def load_save(name_or_path: str | os.PathLike[str],
              saves_dir: str | os.PathLike[str] | None = None, *,
              force: bool = False, verify: bool = False, take_over: bool = False,
              copy: bool = False) -> LoadedGame:
    """Open a game, ready to continue: by a named save, a game's autosave name or id, or a
    file (imported into the journal first: ``import_file``).

    The game comes from its kept position when its seal verifies with this folder's key, else
    from a replay of its decisions (``verify`` replays a sealed one too). The window holds the
    game from then on: ``GameOpenElsewhere`` when another live window has it (``take_over``
    takes it from that window; ``copy`` plays a copy under a new id). When the edition's rules
    changed since, ``RulesetChangedError`` (``force`` replays the log on today's rules, as a
    copy).
    """
    text = str(name_or_path)
    if "\0" in text:
        raise SaveError("", "a save name or path cannot hold a NUL character", "bad_name")
    folder = _dir(saves_dir)
    sd = Path(saves_dir) if saves_dir is not None else None
    if _is_file_ref(text):
        return _load_file(Path(text).expanduser(), folder, sd, force=force, verify=verify,
                          take_over=take_over, copy=copy)
    j = _journal(folder)
    stem = text[:-len(SUFFIX)] if text.endswith(SUFFIX) else text
    try:
        gid, branch, n, pos, name = _target(j, stem)
        return _open_at(j, gid, branch, n, pos, name=name, force=force, verify=verify,
                        take_over=take_over, copy=copy, saves_dir=sd)
    except sqlite3.Error as e:
        raise SaveError(j.path, f"cannot read the saves database: {_os_text(e)}",
                        "unreadable") from None


def _target(j: J.Journal, stem: str) -> tuple[str, int, int, J.Position | None, str]:
    """Where a name points: a named save's game, branch, decision and position, or a game's
    latest play (by its autosave name or its id); ``SaveError`` when nothing has the name."""
    b = j.bookmark(stem)
    if b is not None:
        return b.game, b.branch, b.n, b.position, b.name
    gid = _game_of(j, stem)
    if gid is None:
        raise SaveError(j.path, _not_found_text(j, stem), "not_found")
    row = j.game(gid)
    assert row is not None
    n = j.branch_length(gid, row.head)
    return gid, row.head, n, j.tip(gid, row.head), autosave_name(row.edition, gid)


def _game_of(j: J.Journal, name: str) -> str | None:
    if name.startswith(AUTOSAVE_PREFIX):
        for row in j.games():
            if autosave_name(row.edition, row.id) == name:
                return row.id
        return None
    return name if j.game(name) is not None else None


def _not_found_text(j: J.Journal, asked: str) -> str:
    try:
        bad = j.db.execute("SELECT error FROM imported WHERE file=? AND error IS NOT NULL "
                           "ORDER BY at DESC", (f"{asked}{SUFFIX}",)).fetchone()
    except sqlite3.Error:
        bad = None
    if bad is not None and (j.folder / f"{asked}{SUFFIX}").exists():
        return f"'{asked}' is a save file in {j.folder} that cannot be loaded: {bad[0]}"
    names = [b.name for b in j.bookmarks()] + [autosave_name(g.edition, g.id) for g in j.games()]
    shown = ", ".join(names[:10]) + (", ..." if len(names) > 10 else "")
    return f"no save named '{asked}' in {j.folder}" + (
        f" (saves: {shown})" if names else " (there are no saves there)")


def watch(name: str, saves_dir: str | os.PathLike[str] | None = None) -> LoadedGame:
    """Open a game to watch it while another window plays it: read only (no lease is taken,
    nothing is ever written); ``news`` then says what was played since."""
    j = _journal(_dir(saves_dir))
    loaded = _open_named(j, name, saves_dir)
    w = _writer(loaded.meta)
    w.lost = "this window only watches the game; another window plays and saves it"
    return loaded


def news(meta: SaveMeta) -> list[Action] | None:
    """The decisions played on a watched game since this window last looked (``[]``: none),
    or None when its play went another way (an undo, a load): then open it again."""
    w = _writer(meta)
    j = _journal(_dir(meta.saves_dir))
    try:
        row = j.game(meta.game_id)
        if row is None:
            return None
        n = j.branch_length(meta.game_id, row.head)
        if row.head == w.branch and n == w.synced:
            return []
        lines = j.lines(meta.game_id, row.head, n)
    except (sqlite3.Error, J.JournalError):
        return []  # the journal is busy or being written: look again later
    have = w.lines[:w.synced]
    if len(lines) < len(have) or lines[:len(have)] != have:
        return None
    new = lines[len(have):]
    actions = _decode_lines(new, j.path)
    w.lines.extend(new)
    w.synced = len(w.lines)
    w.branch = row.head
    return actions


# ---------------------------------------------------------------- files: import and export


@dataclass(frozen=True)
class Imported:
    """Where an imported file's game went: its id, branch and decision count, and the named
    save made for it (a named file), if any."""

    game_id: str
    branch: int
    n: int
    name: str | None
    game: Game
    table: dict[str, Any] | None
    sealed: bool


def _check_file(path: Path, key: bytes | None) -> tuple[SaveFile, Game, bool]:
    """A file's save and game, trusted as it is only when its seal verifies with ``key``
    (this folder's); any other is replayed and must give its snapshot."""
    raw = read_bytes(path)
    save = _parse_save(path, raw)
    spec = load_spec(save.ruleset.id, path)
    sealed = seal_ok(raw, key)
    if not same_rules(spec, save.ruleset.hash):
        game = replay_game(save, spec, path)  # the load of the journal says the rest
        return save, game, False
    game = restore_game(save, spec, path)
    if not sealed:
        replayed = replay_game(save, spec, path)
        if snap.encode_state(replayed.st) != save.snapshot.state:
            diff = snap.state_diff(game.st, replayed.st, path="snapshot.state")
            raise SaveError(
                path,
                "the saved state does not match a replay of its decision log (the file was "
                "changed after it was written: it does not carry this saves folder's seal): "
                + "; ".join(f"{d} (saved != replayed)" for d in diff[:6])
                + ("; ..." if len(diff) > 6 else ""),
                "inconsistent")
    return save, game, sealed


def import_file(path: str | os.PathLike[str],
                saves_dir: str | os.PathLike[str] | None = None) -> Imported:
    """Bring a save file (any version this program reads) into the saves folder's journal.
    The file is only read. A named file becomes a named save of its name (or its name with a
    number when the name is taken by another game)."""
    folder = _dir(saves_dir)
    j = _journal(folder)
    return _import(j, Path(path).expanduser())


def _import(j: J.Journal, path: Path) -> Imported:
    key = j.key()
    save, game, sealed = _check_file(path, key.key)
    lines = [_action_line(a) for a in game.history]
    gid = save.game_id
    options = J.json_text(save.options.model_dump(mode="json", exclude_defaults=False))
    table = save.table if sealed else None
    with j.tx() as db:
        row = j.game(gid)
        if row is not None and not _same_setup(row.options, save.options):
            gid = f"{gid}-{J.secrets.token_hex(2)}"[:64]
            row = None
        if row is None:
            J.ensure_game(db, gid, save.ruleset.id, save.ruleset.hash,
                          save.ruleset.name or save.ruleset.id, options,
                          save.created.isoformat(), origin=str(path))
            db.execute("UPDATE games SET updated=? WHERE id=?", (save.updated.isoformat(), gid))
        branch, n = _merge(j, db, gid, lines)
        meta = SaveMeta(game_id=gid, seats=list(save.options.players), created=save.created,
                        table=table)
        digest = J.log_digest(lines)
        pos = _position(game, meta, key.key, key.key_id, digest)
        pos = dataclasses.replace(pos, updated=_iso(save.updated))
        length = int(db.execute("SELECT length FROM branches WHERE game=? AND id=?",
                                (gid, branch)).fetchone()[0])
        if length == n:
            J.put_position(db, "branches", "game=? AND id=?", (gid, branch), pos)
            cur = db.execute("SELECT updated FROM games WHERE id=?", (gid,)).fetchone()[0]
            if row is None or _iso(save.updated) >= cur:
                db.execute("UPDATE games SET head=?, updated=? WHERE id=?",
                           (branch, _iso(save.updated), gid))
        name = None
        if save.kind == "named":
            name = _free_name(db, save.name, gid, branch, n)
            if name is not None:
                now = J.now_text()
                db.execute("INSERT OR REPLACE INTO bookmarks(name, game, branch, n, created, "
                           "updated, auto) VALUES(?, ?, ?, ?, ?, ?, 0)",
                           (name, gid, branch, n, now, _iso(save.updated)))
                J.put_position(db, "bookmarks", "name=?", (name,), pos)
    return Imported(gid, branch, n, name, game, table, sealed)


def _same_setup(stored: str, options: Options) -> bool:
    """Whether a game of the journal was set up as the file's (so the file is that game)."""
    try:
        return Options.model_validate_json(stored) == options
    except ValidationError:
        return False


def _iso(when: datetime) -> str:
    try:
        aware = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
        return aware.astimezone(UTC).isoformat()
    except (OverflowError, ValueError, OSError):
        return (datetime.min if when.year < 1000 else datetime.max).replace(
            tzinfo=UTC).isoformat()


def _free_name(db: sqlite3.Connection, name: str, gid: str, branch: int, n: int) -> str | None:
    """The name for an imported named save: its own, unless another save holds it (then its
    name with a number); None when the same save is already there."""
    try:
        stem = check_named(name)
    except SaveError:
        stem = "imported"
    for i in range(1, 1000):
        candidate = stem if i == 1 else f"{stem} ({i})"[:100]
        got = db.execute("SELECT game, branch, n FROM bookmarks WHERE name=?",
                         (candidate,)).fetchone()
        if got is None:
            return candidate
        if tuple(got) == (gid, branch, n):
            return None
    return None


def _merge(j: J.Journal, db: sqlite3.Connection, gid: str, lines: list[str]) -> tuple[int, int]:
    """Put a log into the game's branches: where it is already (a branch holds it), at the end
    of a branch it extends, or as a new branch from where it leaves the nearest; returns the
    branch and the decision count."""
    best, best_c, best_len = 1, -1, 0
    head = int(db.execute("SELECT head FROM games WHERE id=?", (gid,)).fetchone()[0])
    ids = [int(r[0]) for r in db.execute("SELECT id FROM branches WHERE game=? ORDER BY id",
                                         (gid,))]
    ids.sort(key=lambda b: b != head)
    for b in ids:
        have = j.lines(gid, b, j.branch_length(gid, b))
        c = 0
        m = min(len(have), len(lines))
        while c < m and have[c] == lines[c]:
            c += 1
        if c > best_c:
            best, best_c, best_len = b, c, len(have)
    if best_c == len(lines):
        return best, len(lines)
    branch = best
    if best_c < best_len:
        branch = J.new_branch(db, gid, best, best_c)
    J.append(db, gid, branch, best_c, lines[best_c:])
    db.execute("UPDATE branches SET length=? WHERE game=? AND id=?", (len(lines), gid, branch))
    return branch, len(lines)


def _load_file(path: Path, folder: Path, sd: Path | None, *, force: bool, verify: bool,
               take_over: bool, copy: bool) -> LoadedGame:
    j = _journal(folder)
    try:
        done = _import(j, path)
    except sqlite3.Error as e:
        raise SaveError(j.path, f"cannot import it into the saves database: {_os_text(e)}",
                        "write_failed") from None
    pos = None
    if done.name is not None:
        b = j.bookmark(done.name)
        pos = b.position if b is not None else None
    elif j.branch_length(done.game_id, done.branch) == done.n:
        pos = j.tip(done.game_id, done.branch)
    loaded = _open_at(j, done.game_id, done.branch, done.n, pos, name=path.stem, force=force,
                      verify=verify, take_over=take_over, copy=copy, saves_dir=sd)
    loaded.path = path
    return loaded


def import_folder(j: J.Journal) -> list[tuple[Path, str | None]]:
    """Import the JSON saves of earlier versions in the journal's folder that are not in it
    yet (each file once, by its name, size and time; the files are left as they are).
    Returns each file tried and what was wrong with it (None: imported)."""
    out: list[tuple[Path, str | None]] = []
    try:
        files = sorted(p for p in j.folder.iterdir()
                       if p.suffix == SUFFIX and not p.name.startswith("."))
    except OSError:
        return out
    try:
        done = {(r[0], r[1], r[2]) for r in j.db.execute(
            "SELECT file, size, mtime_ns FROM imported")}
    except sqlite3.Error:
        return out
    # the oldest first, so the newest decides where the game's head is
    stamped = []
    for p in files:
        try:
            info = p.lstat()
        except OSError:
            continue
        if (p.name, info.st_size, info.st_mtime_ns) in done:
            continue
        stamped.append((info.st_mtime_ns, p, info))
    stamped.sort(key=lambda t: (t[0], t[1].name))
    for _, p, info in stamped:
        error: str | None = None
        gid: str | None = None
        try:
            gid = _import(j, p).game_id
        except SaveError as e:
            error = e.message
        except (sqlite3.Error, OSError) as e:
            error = f"cannot import it: {_os_text(e)}"
        except Exception as e:  # the game in it breaks the engine: only this file fails
            error = f"damaged: its game cannot be rebuilt ({type(e).__name__}: {e})"
        try:
            with j.tx() as db:
                db.execute("INSERT OR REPLACE INTO imported VALUES(?, ?, ?, ?, ?, ?)",
                           (p.name, info.st_size, info.st_mtime_ns, gid, error, J.now_text()))
        except sqlite3.Error:
            pass
        out.append((p, error))
    return out


def export_game(name: str, file: str | os.PathLike[str] | None = None,
                saves_dir: str | os.PathLike[str] | None = None) -> Path:
    """Write a game (a named save, an autosave name or a game id) as one JSON file, sealed
    with the saves folder's key; returns the file (default: ``NAME.json`` here)."""
    folder = _dir(saves_dir)
    j = _journal(folder)
    try:
        loaded: LoadedGame | None = _open_named(j, name, saves_dir)
    except RulesetChangedError:  # kept as it was played: the file says its own rules
        loaded = None
    found = loaded.name if loaded is not None else _target(j, name)[4]
    target = Path(file).expanduser() if file is not None else Path(
        f"{J.LATER_PLAY_RE.sub('', found) or 'game'}{SUFFIX}")
    if target.is_dir():
        target = target / f"{J.LATER_PLAY_RE.sub('', found) or 'game'}{SUFFIX}"
    if loaded is None:
        save, _ = save_file_of(name, saves_dir)  # not sealed: its importer replays it
        data = (json.dumps(save.model_dump(mode="json", exclude_none=True), indent=0,
                           ensure_ascii=False) + "\n").encode()
    else:
        meta = loaded.meta
        meta.table = loaded.table
        kind = "named" if j.bookmark(loaded.name) is not None else "auto"
        data = render(loaded.game, meta, check_name(loaded.name) if kind == "named" else
                      autosave_name(loaded.game, meta), kind, j.key().key)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)
    except OSError as e:
        raise SaveError(target, f"cannot write the file: {_os_text(e)}", "write_failed") \
            from None
    return target


def _open_named(j: J.Journal, name: str, saves_dir: str | os.PathLike[str] | None
                ) -> LoadedGame:
    """A game by name, for reading only (no lease is taken)."""
    sd = Path(saves_dir) if saves_dir is not None else None
    gid, branch, n, pos, found = _target(j, name)
    return _open_at(j, gid, branch, n, pos, name=found, force=False, verify=False,
                    take_over=False, copy=False, saves_dir=sd, lease=False)


def save_file_of(name: str, saves_dir: str | os.PathLike[str] | None = None
                 ) -> tuple[SaveFile, Path]:
    """A game of the journal (by a named save, its autosave name or its id) as the save file
    it would export to, read without the checks a load makes (so a broken game can still be
    told by ``monopoly-tui replay``)."""
    j = _journal(_dir(saves_dir))
    stem = name[:-len(SUFFIX)] if name.endswith(SUFFIX) else name
    try:
        gid, branch, n, pos, found = _target(j, stem)
        row = j.game(gid)
        assert row is not None
        lines = j.lines(gid, branch, n)
    except J.JournalError as e:
        raise SaveError(j.path, e.message, e.kind) from None
    except sqlite3.Error as e:
        raise SaveError(j.path, f"cannot read the saves database: {_os_text(e)}",
                        "unreadable") from None
    if pos is None:
        raise SaveError(j.path, f"'{stem}' has no kept position to compare with", "invalid")
    try:
        data = {
            "format": "monopoly-tui-save", "version": 3, "app_version": row.app_version,
            "name": found, "kind": "auto" if found.startswith(AUTOSAVE_PREFIX) else "named",
            "game_id": gid, "created": row.created, "updated": pos.updated or row.updated,
            "ruleset": {"id": row.edition, "hash": row.ruleset_hash, "name": row.ruleset_name},
            "options": json.loads(row.options), "turn": pos.turn, "round": pos.round,
            "decisions": n, "to_move": pos.to_move, "over": pos.over,
            "summary": json.loads(pos.summary),
            "snapshot": {"digest": "", "state": json.loads(pos.state)},
            "log": [json.loads(line) for line in lines],
        }
        return SaveFile.model_validate(data), j.path
    except (ValueError, ValidationError) as e:
        raise SaveError(j.path, f"the saves database is damaged: {e}", "invalid") from None


# ---------------------------------------------------------------- listing and deleting


@dataclass(frozen=True)
class SaveEntry:
    """One save in a listing: a game's latest play (``kind`` ``auto``), a named save
    (``named``), or a file that could not be imported (``error`` set)."""

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
    round: int = 0
    open_elsewhere: str | None = None
    """Who has the game open now (another window that still runs), if anyone."""


def _entry(j: J.Journal, name: str, kind: str, row: J.GameRow, pos: J.Position | None,
           n: int) -> SaveEntry:
    summary = _summary(pos) if pos is not None else None
    holder = j.holder(row.id)
    return SaveEntry(
        name=name, path=j.path, edition=row.edition,
        edition_name=(summary.edition if summary else "") or row.ruleset_name,
        kind=kind,
        players=tuple(p.name for p in summary.players) if summary else (),
        turn=pos.turn if pos else 0, round=pos.round if pos else 0,
        updated=_when(pos.updated) if pos and pos.updated else _when(row.updated),
        to_move=summary.to_move if summary else None, over=bool(pos and pos.over),
        winner=summary.winner if summary else None,
        summary=summary.text if summary else "", game_id=row.id, decisions=n,
        open_elsewhere=holder.describe() if holder is not None and J.holder_alive(holder)
        and holder.token not in J._LIVE else None,
    )


def list_saves(saves_dir: str | os.PathLike[str] | None = None, *,
               check: bool = False) -> list[SaveEntry]:
    """Every game's latest play and every named save, the most recently updated first, and
    the files of the folder that could not be imported (with their error). With ``check`` the
    game at each is checked too (``damaged``, ``error`` says how). A saves folder that cannot
    be read raises ``SaveError`` (kind ``unreadable``)."""
    folder = _dir(saves_dir)
    if not folder.exists():
        return []
    try:
        os.listdir(folder)
    except OSError as e:
        raise SaveError(folder, f"cannot read the saves folder: {_os_text(e)}",
                        "unreadable") from None
    j = _journal(folder)
    import_folder(j)  # save files put in the folder since
    out: list[SaveEntry] = []
    try:
        rows = {g.id: g for g in j.games()}
        for g in rows.values():
            n = j.branch_length(g.id, g.head)
            out.append(_entry(j, autosave_name(g.edition, g.id), "auto", g, j.tip(g.id, g.head),
                              n))
        for b in j.bookmarks():
            g2 = rows.get(b.game)
            if g2 is not None:
                out.append(_entry(j, b.name, "named", g2, b.position, b.n))
        bad = j.db.execute("SELECT file, error, at FROM imported WHERE error IS NOT NULL"
                           ).fetchall()
    except sqlite3.Error as e:
        raise SaveError(j.path, f"cannot read the saves database: {_os_text(e)}",
                        "unreadable") from None
    for file, error, _at in bad:
        p = folder / file
        if not p.exists():
            continue
        out.append(_bad_file_entry(p, error))
    if check:
        out = [checked(e) for e in out]
    epoch = datetime.min.replace(tzinfo=UTC)
    out.sort(key=lambda e: e.updated or epoch, reverse=True)
    return out


def _bad_file_entry(p: Path, error: str) -> SaveEntry:
    """A file of the saves folder that could not be imported: what its header says it is
    (when it reads: then it is ``damaged`` inside), and why."""
    try:
        mtime: datetime | None = datetime.fromtimestamp(p.lstat().st_mtime, UTC)
    except (OSError, ValueError, OverflowError):
        mtime = None
    try:
        h = read_header(p)
    except (SaveError, OSError, ValueError):
        return SaveEntry(name=p.stem, path=p, updated=mtime, error=error)
    prefix = "the save is damaged: "
    why = error[len(prefix):] if error.startswith(prefix) else error
    return SaveEntry(
        name=p.stem, path=p, edition=h.ruleset.id,
        edition_name=h.summary.edition or h.ruleset.name, kind=h.kind,
        players=tuple(s.name for s in h.options.players), turn=h.turn, round=h.round,
        updated=mtime, summary=h.summary.text, game_id=h.game_id, decisions=h.decisions,
        error=why if why.startswith("damaged") else f"damaged: {why}", damaged=True)


_DAMAGE: dict[tuple[str, str, int, str], str | None] = {}


def checked(entry: SaveEntry) -> SaveEntry:
    """The entry, marked ``damaged`` when its game does not open (its error says how)."""
    if entry.error is not None or entry.damaged or entry.path.suffix == SUFFIX:
        return entry
    damage = save_damage(entry)
    if damage is None:
        return entry
    return dataclasses.replace(entry, error=damage, damaged=True)


def save_damage(entry: SaveEntry) -> str | None:
    """What stops a listed game from opening, in words (``damaged: ...``), or None. A
    position whose seal verifies costs a read of its log; any other is replayed (once while
    it is unchanged). An edition not installed or rules changed since are left to the load
    to say."""
    j = _journal(entry.path.parent)
    b = j.bookmark(entry.name) if entry.kind == "named" else None
    row = j.game(entry.game_id)
    if row is None:
        return "damaged: the game is not in the saves database"
    branch = b.branch if b else row.head
    n = b.n if b else j.branch_length(row.id, row.head)
    pos = b.position if b else j.tip(row.id, row.head)
    ident = (row.id, entry.name, n, pos.seal if pos else "")
    if ident in _DAMAGE:
        return _DAMAGE[ident]
    verdict: str | None = None
    try:
        _open_at(j, row.id, branch, n, pos, name=entry.name, force=False, verify=False,
                 take_over=False, copy=False, saves_dir=None, lease=False)
    except RulesetChangedError:
        verdict = None
    except SaveError as e:
        if e.kind not in ("ruleset_missing", "ruleset_broken"):
            why = e.message
            prefix = "the saves database is damaged: "
            verdict = "damaged: " + (why[len(prefix):] if why.startswith(prefix) else why)
    except Exception as e:  # the game in it breaks the engine: still only a listing's line
        verdict = f"damaged: its game cannot be rebuilt ({type(e).__name__}: {e})"
    _DAMAGE[ident] = verdict
    return verdict


def _installed_editions() -> set[str]:
    from monopoly_tui.rules.loader import installed_ids

    return installed_ids()


def resumable_saves(saves_dir: str | os.PathLike[str] | None = None, *,
                    check: bool = False) -> list[SaveEntry]:
    """The games that can go on, the most recently played first: each game's latest play
    (never an older named save of it), left out when the game is over there or its edition is
    not installed; with ``check``, also when it does not open."""
    installed = _installed_editions()
    out = []
    for e in list_saves(saves_dir):
        if e.kind != "auto" or e.error is not None or e.over or e.edition not in installed:
            continue
        if check and checked(e).damaged:
            continue
        out.append(e)
    return out


def latest_save(saves_dir: str | os.PathLike[str] | None = None,
                include_over: bool = False) -> SaveEntry | None:
    """The game ``resume`` opens: the latest play of the most recently played game that can go
    on; with ``include_over`` the newest entry of any game. None when there is none."""
    if include_over:
        return next((e for e in list_saves(saves_dir) if e.error is None), None)
    games = resumable_saves(saves_dir, check=True)
    return games[0] if games else None


def delete_save(name: str, saves_dir: str | os.PathLike[str] | None = None) -> Path:
    """Delete a named save, or a whole game by its autosave name (its named saves with it);
    a file that could not be imported is deleted when it is a save. Returns the journal's
    file (or the file). A game open in another window is not deleted."""
    folder = _dir(saves_dir)
    stem = check_name(name)
    j = _journal(folder)
    try:
        if j.bookmark(stem) is not None:
            with j.tx() as db:
                db.execute("DELETE FROM bookmarks WHERE name=?", (stem,))
            return j.path
        gid = _game_of(j, stem)
        if gid is not None:
            h = j.holder(gid)
            if h is not None and J.holder_alive(h) and h.token not in J._LIVE:
                raise SaveError(j.path, f"the game is open in {h.describe()}: close it there "
                                "first", "open_elsewhere")
            with j.tx() as db:
                for table in ("decisions", "branches", "bookmarks"):
                    db.execute(f"DELETE FROM {table} WHERE game=?", (gid,))
                db.execute("DELETE FROM leases WHERE game=?", (gid,))
                db.execute("DELETE FROM games WHERE id=?", (gid,))
            return j.path
    except sqlite3.Error as e:
        raise SaveError(j.path, f"cannot delete it: {_os_text(e)}", "write_failed") from None
    path = folder / f"{stem}{SUFFIX}"
    if os.path.lexists(path):
        return _delete_file(path)
    raise SaveError(j.path, _not_found_text(j, stem), "not_found")


def _delete_file(path: Path) -> Path:
    """Delete a save file that could not be imported (never a file that is not a save)."""
    try:
        read_header(path)
        is_save = True
    except SaveError as e:
        if e.kind == "unreadable":
            raise SaveError(path, f"cannot delete it: {e.message}", "unreadable") from None
        try:
            head = read_bytes(path, limit=1 << 30)[:256]
        except SaveError as e2:
            raise SaveError(path, f"cannot delete it: {e2.message}", "unreadable") from None
        is_save = head.startswith(b'{\n"format": "monopoly-tui-save"')
    if not is_save:
        raise SaveError(path, "this file is not a monopoly-tui save; it is left as it is",
                        "not_a_save")
    try:
        path.unlink()
    except OSError as e:
        raise SaveError(path, f"cannot delete it: {_os_text(e)}", "unreadable") from None
    return path


def rename_save(name: str, new_name: str,
                saves_dir: str | os.PathLike[str] | None = None) -> str:
    """Give a named save another name (a game's latest play gets a named save of that name);
    returns the new name. A name in use is never taken (``SaveError``, kind ``exists``)."""
    folder = _dir(saves_dir)
    stem = check_name(name)
    new_stem = check_named(new_name)
    j = _journal(folder)
    try:
        with j.tx() as db:
            other = db.execute("SELECT name FROM bookmarks WHERE name=?",
                               (new_stem,)).fetchone()
            if other is not None and other[0].lower() != stem.lower():
                raise SaveError(j.path, f"a save named '{other[0]}' exists already; choose "
                                "another name", "exists")
            if db.execute("SELECT 1 FROM bookmarks WHERE name=?", (stem,)).fetchone():
                db.execute("UPDATE bookmarks SET name=?, auto=0 WHERE name=?",
                           (new_stem, stem))
                return new_stem
        gid = _game_of(j, stem)
        if gid is None:
            raise SaveError(j.path, _not_found_text(j, stem), "not_found")
        row = j.game(gid)
        assert row is not None
        pos = j.tip(gid, row.head)
        n = j.branch_length(gid, row.head)
        with j.tx() as db:
            now = J.now_text()
            db.execute("INSERT INTO bookmarks(name, game, branch, n, created, updated, auto) "
                       "VALUES(?, ?, ?, ?, ?, ?, 0)", (new_stem, gid, row.head, n, now, now))
            if pos is not None:
                J.put_position(db, "bookmarks", "name=?", (new_stem,), pos)
    except sqlite3.IntegrityError:
        raise SaveError(j.path, f"a save named '{new_stem}' exists already; choose another "
                        "name", "exists") from None
    except sqlite3.Error as e:
        raise SaveError(j.path, f"cannot rename it: {_os_text(e)}", "write_failed") from None
    return new_stem
