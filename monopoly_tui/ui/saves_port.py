"""The UI's small door to ``monopoly_tui.saves``.

The screens call only these functions. They use the saves package when it offers its API
(``new_meta``, ``autosave``, ``save_game``, ``load_save``, ``list_saves``, ``latest_save``);
when it does not (yet), ``available()`` is False: the title screen hides Resume and shows Load
disabled, and the game screen hides its save key. Errors from the saves package reach the player
as their messages; an autosave that fails never stops the game.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from monopoly_tui.ui.session import Session

NEEDED = ("new_meta", "autosave", "save_game", "load_save", "list_saves", "latest_save")

_api_cache: list[ModuleType | None] = []


def _api() -> ModuleType | None:
    if not _api_cache:
        try:
            import monopoly_tui.saves as mod
        except Exception:
            _api_cache.append(None)
        else:
            _api_cache.append(mod if all(hasattr(mod, n) for n in NEEDED) else None)
    return _api_cache[0]


def available() -> bool:
    """Whether games can be saved and loaded."""
    return _api() is not None


def _meta(session: Session) -> Any:
    api = _api()
    assert api is not None
    meta = getattr(session, "save_meta", None)
    if meta is None:
        seats = [
            {"name": s.name, "token": s.token, "computer": not s.human,
             "bot": None if s.human else s.bot, "pace": None if s.human else session.pace}
            for s in session.seats
        ]
        meta = api.new_meta(session.game, seats)
        session.save_meta = meta
    return meta


def autosave(session: Session) -> str | None:
    """Save after a decision; the problem in words when it failed (the game goes on, keeps
    every decision, and the next save writes all that is missing)."""
    api = _api()
    if api is None:
        return None
    try:
        meta = _meta(session)
        meta.table = table_of(session)
        api.autosave(session.game, meta)
    except Exception as e:
        return str(getattr(e, "message", e))
    return None


def status(session: Session) -> Any:
    """Whether the game is saved (``saves.store.SaveStatus``): what stopped the last save and
    since which decision the game is not saved, or that another window took it over."""
    api = _api()
    if api is None or getattr(session, "save_meta", None) is None:
        return None
    return api.save_status(session.save_meta)


def notes(session: Session) -> list[str]:
    """What the saves did that the player should hear of (later play kept under a name), once
    each."""
    meta = getattr(session, "save_meta", None)
    writer = getattr(meta, "_writer", None) if meta is not None else None
    if writer is None or not writer.notes:
        return []
    out = list(writer.notes)
    writer.notes.clear()
    return out


def still_held(session: Session) -> bool:
    """Whether this window still holds its game (another window may have taken it over)."""
    from monopoly_tui.saves import store

    meta = getattr(session, "save_meta", None)
    return store.still_held(meta) if meta is not None and available() else True


def release(session: Session | None) -> None:
    """The window is done with this game: another window may open it without asking."""
    api = _api()
    if api is None or session is None:
        return
    with contextlib.suppress(Exception):
        api.release(getattr(session, "save_meta", None))


def export(session: Session, path: str) -> str:
    """Write the game (saved first, when it can be) as a JSON file at ``path``, anywhere (a
    disk with room when the saves folder's is full); returns the file written."""
    from monopoly_tui.saves import files

    meta = _meta(session)
    meta.table = table_of(session)
    target = Path(path).expanduser()
    if target.is_dir():
        target = target / f"{suggested_name(session)}.json"
    data = files.render(session.game, meta, _file_name(session), "named", _folder_key(meta))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        files.write_atomic(target, data)
    except OSError as e:
        raise files.SaveError(target, f"cannot write the file: {e.strerror or e}",
                              "write_failed") from None
    return str(target)


def _file_name(session: Session) -> str:
    """The name a game's file carries inside it: the game's own (its last save name, else
    the edition and its id), whatever the file itself is called (``game (1).json``, a name a
    save could not have, is still a file a player may write to)."""
    from monopoly_tui.saves import files

    try:
        return files.check_name(suggested_name(session))
    except files.SaveError:
        return "exported"


def _folder_key(meta: Any) -> bytes | None:
    from monopoly_tui.saves import files, keys

    try:
        return keys.folder_key(files._dir(meta.saves_dir)).key
    except OSError:
        return None


TABLE_LINES = 600
"""How many of the log's last lines a save keeps for the table (the log shows the newest)."""


def table_of(session: Session) -> dict[str, Any]:
    """What the table shows besides the game, for the save: the running statistics, the last
    dice and card, and the log's last lines; resuming shows them again without a replay."""
    import dataclasses

    stats = session.stats
    return {
        "decisions": session.game.st.decisions,
        "stats": {f.name: list(getattr(stats, f.name)) for f in dataclasses.fields(stats)}
        if stats is not None else {},
        "last_dice": list(session.last_dice),
        "last_roller": session.last_roller,
        "last_card": list(session.last_card),
        "log": session.log[-TABLE_LINES:],
    }


def _apply_table(session: Session, loaded: Any) -> bool:
    """Show the table a sealed save kept, when it is this very game's (its decision count);
    False when there is none to use (then the log is rebuilt by a replay)."""
    import dataclasses

    from monopoly_tui.ui.session import Stats

    table = getattr(loaded, "table", None)
    if not getattr(loaded, "sealed", False) or not isinstance(table, dict):
        return False
    n = len(session.seats)
    try:
        if table["decisions"] != session.game.st.decisions:
            return False
        raw = table["stats"]
        columns = {}
        for f in dataclasses.fields(Stats):
            col = raw[f.name]
            if not (isinstance(col, list) and len(col) == n
                    and all(type(x) is int for x in col)):
                return False
            columns[f.name] = list(col)
        log = table["log"]
        dice = tuple(int(x) for x in table["last_dice"])
        roller = int(table["last_roller"])
        card = tuple(int(x) for x in table["last_card"])
        if not (isinstance(log, list) and all(isinstance(x, str) for x in log)
                and len(card) == 3):
            return False
    except (KeyError, TypeError, ValueError):
        return False
    session.stats = Stats(**columns)
    session.log = list(log)
    session.last_dice, session.last_roller = dice, roller
    session.last_card = (card[0], card[1], card[2])
    return True


def suggested_name(session: Session) -> str:
    """A name to offer for a save: the last one this game used, else the edition and the
    game's id (its start time)."""
    if not available():
        return session.edition
    meta = _meta(session)
    return str(meta.name or f"{session.spec.name} {meta.game_id}".replace("'", ""))


class ReplaceNeeded(Exception):
    """Saving under this name would replace a save the player may want: ``question`` asks."""

    def __init__(self, question: str) -> None:
        super().__init__(question)
        self.question = question
        self.message = question


def save(session: Session, name: str | None = None, replace: bool = False) -> str:
    """A named save; returns its name. Raises the saves package's error with its message, or
    ``ReplaceNeeded`` (unless ``replace``) when the name is another game's save, or this
    game's at a later decision."""
    api = _api()
    if api is None:
        raise RuntimeError("saving is not available")
    meta = _meta(session)
    if not name:
        name = meta.name or f"{session.edition}-{meta.game_id}"
    meta.table = table_of(session)
    if not still_held(session):  # another window plays the game now: go on with a copy
        meta = _as_copy(session)
    try:
        try:
            api.save_game(session.game, name, meta, overwrite=replace)
        except api.SaveError as e:
            if e.kind != "taken_over":
                raise
            meta = _as_copy(session)  # taken over just now
            api.save_game(session.game, name, meta, overwrite=replace)
    except api.SaveError as e:
        if e.kind != "exists" or replace:
            raise
        question = api.replace_question(session.game, name, meta) or \
            f"A save named '{name}' exists. Replace it?"
        raise ReplaceNeeded(question) from None
    return str(meta.name or name)


def _as_copy(session: Session) -> Any:
    """The window's game goes on as a game of its own (another window took the original)."""
    api = _api()
    assert api is not None
    old = session.save_meta
    copy = api.new_meta(session.game, old.seats, old.saves_dir)
    copy.created = old.created
    copy.table = table_of(session)
    session.save_meta = copy
    return copy


def delete(entry: Any) -> None:
    """Delete a save from the list (raises with a message)."""
    api = _api()
    if api is None:
        raise RuntimeError("saves are not available")
    api.delete_save(entry.name, entry.path.parent)


def rename(entry: Any, new_name: str) -> str:
    """Give a save from the list another name; returns it (raises with a message)."""
    api = _api()
    if api is None:
        raise RuntimeError("saves are not available")
    return str(api.rename_save(entry.name, new_name, entry.path.parent))


def latest_or_why() -> tuple[Any, str | None]:
    """The game Resume opens (or None), and what stopped the saves from being read (a full
    disk, a damaged database), if anything."""
    api = _api()
    if api is None:
        return None, None
    try:
        return api.latest_save(), None
    except Exception as e:
        return None, str(getattr(e, "message", e))


def latest() -> Any:
    """The newest save of a game still going and not damaged (with ``.name`` and
    ``.summary``), or None."""
    api = _api()
    if api is None:
        return None
    try:
        return api.latest_save()
    except Exception:
        return None


def entries() -> list[Any]:
    """Every save, newest first (bad files and damaged saves listed with their ``error``)."""
    return listing()[0]


def listing() -> tuple[list[Any], str | None]:
    """Every save, newest first (a save whose game is damaged inside says so: ``damaged``,
    and its ``error`` says how), and what stopped the listing (a saves folder that cannot be
    read), if anything."""
    api = _api()
    if api is None:
        return [], None
    try:
        return list(api.list_saves(check=True)), None
    except Exception as e:
        return [], str(getattr(e, "message", e))


def load(name_or_path: Any, take_over: bool = False, copy: bool = False,
         force: bool = False) -> Session:
    """A session for a saved game, ready to continue; this window holds the game from then on.
    Raises with a message on failure (``saves.GameOpenElsewhere`` when another window has the
    game: load again with ``take_over`` or ``copy``)."""

    api = _api()
    if api is None:
        raise RuntimeError("loading is not available")
    return session_from(api.load_save(name_or_path, take_over=take_over, copy=copy,
                                      force=force))


def watch(name: str) -> Session:
    """A session to watch a game another window plays (nothing is decided or saved here)."""
    api = _api()
    if api is None:
        raise RuntimeError("loading is not available")
    from monopoly_tui.saves import store

    return session_from(store.watch(name))


def news(session: Session) -> list[Any] | None:
    """The decisions played on a watched game since the last look, or None when its play
    went another way (open it again)."""
    from monopoly_tui.saves import store

    return store.news(session.save_meta)


def session_from(loaded: Any) -> Session:
    """A session for a save already loaded (``monopoly_tui.saves.load_save``'s result)."""
    from monopoly_tui.ui.session import Seat, Session

    game = loaded.game
    meta = loaded.meta
    seats = [Seat(s.name, s.token, not s.computer, s.bot or "basic") for s in meta.seats]
    paces = [s.pace for s in meta.seats if s.computer and isinstance(s.pace, str)]
    session = Session(game=game, seats=seats, edition=game.spec.id,
                      pace=paces[0] if paces else "normal")
    session.save_meta = meta
    if not _apply_table(session, loaded):
        _replay_log(session, loaded)
    session.log.append(f"Resumed {game.spec.name} at decision {game.st.decisions}.")
    for warning in getattr(loaded, "warnings", []) or []:
        session.log.append(str(warning))
    session.load_warnings = [str(w) for w in getattr(loaded, "warnings", []) or []]
    return session


def load_warnings(session: Session) -> list[str]:
    """What the player must be told about the game just loaded (it goes on as a new game,
    keeping a later save, say)."""
    return list(getattr(session, "load_warnings", []) or [])


LOG_TAIL = 400
"""How many of a resumed game's last decisions are told again in its log."""


def _replay_log(session: Session, loaded: Any) -> None:
    """Rebuild the statistics, the last dice and card from the save's decisions (replayed on
    a fresh game), and the log's lines of the last ``LOG_TAIL`` decisions (the log shows the
    newest; telling a 20,000-decision game whole would make resuming slow). A save that does
    not replay keeps an empty log."""
    from monopoly_tui.engine.game import Game

    o = loaded.options
    history = list(loaded.game.history)
    try:
        game = Game.new(session.spec, [(s.name, s.token) for s in o.players], seed=o.seed,
                        variant=o.variant, house_rules=dict(o.house_rules),
                        setup=dict(o.setup) or None)
        told = len(history) - LOG_TAIL
        session.absorb(game.last_events, game if told <= 0 else None)
        for i, action in enumerate(history):
            events = game.act(action)
            session.absorb(events, game if i >= told else None)
    except Exception:
        return
