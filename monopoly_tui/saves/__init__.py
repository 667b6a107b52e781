"""Save and resume games: atomic JSON saves with a snapshot and the decision log.

The API for the UI and the CLI::

    meta = new_meta(game, seats)          # when a game starts (seats: which are computers)
    autosave(game, meta)                  # after every decision
    save_game(game, "my game", meta)      # a named save
    loaded = load_save("my game")         # -> LoadedGame(game, meta, path, save, ...)
    list_saves()                          # -> [SaveEntry], bad files listed with their error
    latest_save()                         # the furthest save of the latest game that can go on
    replace_question(game, "my game", meta)  # what saving under that name would replace
    delete_save("my game"); rename_save("my game", "friday")

Every failure is a ``SaveError`` with a message for the player; a file that could not be read
is never overwritten or deleted by a load.
"""

from monopoly_tui.saves.format import FORMAT, VERSION, SaveFile, Seat
from monopoly_tui.saves.store import (
    ENV_VAR,
    LoadedGame,
    RulesetChangedError,
    SaveEntry,
    SaveError,
    SaveMeta,
    autosave,
    default_saves_dir,
    delete_save,
    latest_save,
    list_saves,
    load_save,
    new_meta,
    read_save,
    rename_save,
    replace_question,
    replay_game,
    restore_game,
    resumable_saves,
    save_game,
    save_path,
)

__all__ = [
    "ENV_VAR",
    "FORMAT",
    "VERSION",
    "LoadedGame",
    "RulesetChangedError",
    "SaveEntry",
    "SaveError",
    "SaveFile",
    "SaveMeta",
    "Seat",
    "autosave",
    "default_saves_dir",
    "delete_save",
    "latest_save",
    "list_saves",
    "load_save",
    "new_meta",
    "read_save",
    "rename_save",
    "replace_question",
    "replay_game",
    "restore_game",
    "resumable_saves",
    "save_game",
    "save_path",
]
