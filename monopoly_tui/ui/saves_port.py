"""The UI's small door to ``monopoly_tui.saves``.

The screens call only these functions. They use the saves package when it offers its API
(``new_meta``, ``autosave``, ``save_game``, ``load_save``, ``list_saves``, ``latest_save``);
when it does not (yet), ``available()`` is False: the title screen hides Resume and shows Load
disabled, and the game screen hides its save key. Errors from the saves package reach the player
as their messages; an autosave that fails never stops the game.
"""

from __future__ import annotations

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
             "bot": None if s.human else "basic", "pace": None if s.human else session.pace}
            for s in session.seats
        ]
        meta = api.new_meta(session.game, seats)
        session.save_meta = meta
    return meta


def autosave(session: Session) -> str | None:
    """Save after a decision; the problem in words when it failed (the game goes on)."""
    api = _api()
    if api is None:
        return None
    try:
        api.autosave(session.game, _meta(session))
    except Exception as e:
        return str(getattr(e, "message", e))
    return None


def suggested_name(session: Session) -> str:
    """A name to offer for a save: the last one this game used, else the edition and the
    game's id (its start time)."""
    if not available():
        return session.edition
    meta = _meta(session)
    return str(meta.name or f"{session.spec.name} {meta.game_id}".replace("'", ""))


def save(session: Session, name: str | None = None) -> str:
    """A named save; returns its name. Raises the saves package's error with its message."""
    api = _api()
    if api is None:
        raise RuntimeError("saving is not available")
    meta = _meta(session)
    if not name:
        name = meta.name or f"{session.edition}-{meta.game_id}"
    path = api.save_game(session.game, name, meta)
    return str(getattr(path, "stem", name))


def latest() -> Any:
    """The newest save of a game still going (with ``.name`` and ``.summary``), or None."""
    api = _api()
    if api is None:
        return None
    try:
        return api.latest_save()
    except Exception:
        return None


def entries() -> list[Any]:
    """Every save, newest first (bad files listed with their ``error``)."""
    api = _api()
    if api is None:
        return []
    try:
        return list(api.list_saves())
    except Exception:
        return []


def load(name_or_path: Any) -> Session:
    """A session for a saved game, ready to continue. Raises with a message on failure."""

    api = _api()
    if api is None:
        raise RuntimeError("loading is not available")
    return session_from(api.load_save(name_or_path))


def session_from(loaded: Any) -> Session:
    """A session for a save already loaded (``monopoly_tui.saves.load_save``'s result)."""
    from monopoly_tui.ui.session import Seat, Session

    game = loaded.game
    meta = loaded.meta
    seats = [Seat(s.name, s.token, not s.computer) for s in meta.seats]
    paces = [s.pace for s in meta.seats if s.computer and isinstance(s.pace, str)]
    session = Session(game=game, seats=seats, edition=game.spec.id,
                      pace=paces[0] if paces else "normal")
    session.save_meta = meta
    _replay_log(session, loaded)
    session.log.append(f"Resumed {game.spec.name} at decision {game.st.decisions}.")
    for warning in getattr(loaded, "warnings", []) or []:
        session.log.append(str(warning))
    return session


def _replay_log(session: Session, loaded: Any) -> None:
    """Rebuild the log, the statistics, the last dice and card from the save's decisions
    (replayed on a copy by the saves package); a save that does not replay keeps an empty log."""
    try:
        from monopoly_tui.saves.replay import replay_lines

        events = [line.event for line in replay_lines(loaded.save, session.spec)
                  if line.event is not None]
    except Exception:
        return
    session.record(events)
