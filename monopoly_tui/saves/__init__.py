"""Save and resume games: one journal a saves folder, one writer a game.

The API for the UI and the CLI::

    meta = new_meta(game, seats)          # when a game starts (seats: which are computers)
    autosave(game, meta)                  # after every decision
    save_status(meta)                     # saved, or since which decision not, and why
    save_game(game, "my game", meta)      # a named save (a bookmark into the game's log)
    loaded = load_save("my game")         # -> LoadedGame(game, meta, ...); holds the game
    release(meta)                         # this window is done with the game
    list_saves()                          # -> [SaveEntry]
    latest_save()                         # the latest play of the latest game that can go on
    replace_question(game, "my game", meta)  # what saving under that name would replace
    delete_save("my game"); rename_save("my game", "friday")
    export_game("my game", "friday.json"); import_file("friday.json")

Every failure is a ``SaveError`` with a message for the player; a file is never changed by
reading or importing it.
"""

from monopoly_tui.saves.files import read_save, replay_game, restore_game, save_path
from monopoly_tui.saves.format import FORMAT, VERSION, SaveFile, Seat
from monopoly_tui.saves.store import (
    ENV_VAR,
    GameOpenElsewhere,
    LoadedGame,
    RulesetChangedError,
    SaveEntry,
    SaveError,
    SaveMeta,
    autosave,
    default_saves_dir,
    delete_save,
    export_game,
    import_file,
    latest_save,
    list_saves,
    load_save,
    new_meta,
    release,
    rename_save,
    replace_question,
    resumable_saves,
    save_game,
    save_status,
)

__all__ = [
    "ENV_VAR",
    "FORMAT",
    "VERSION",
    "GameOpenElsewhere",
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
    "export_game",
    "import_file",
    "latest_save",
    "list_saves",
    "load_save",
    "new_meta",
    "read_save",
    "release",
    "rename_save",
    "replace_question",
    "replay_game",
    "restore_game",
    "resumable_saves",
    "save_game",
    "save_path",
    "save_status",
]
