"""The ``monopoly-tui`` command line.

With no subcommand it starts the game (the Textual app). Subcommands:

- ``editions``: the editions found, built-in and the user's, and any broken ruleset files;
- ``validate PATH...``: check ruleset files (or every ruleset in a folder); exit 1 on any problem;
- ``schema``: the JSON Schema of a ruleset, for editors;
- ``resume [NAME]``: continue the latest game still going (or the named save);
- ``saves``: list the saved games (``--delete NAME`` deletes one);
- ``replay SAVE``: tell a saved game again, one line per event;
- ``position SAVE [--at N]``: a saved game's position as text (``engine.position``), at its
  last decision or after its decision N;
- ``serve [--port N] [--max-games N]``: play in a browser (textual-serve, on 127.0.0.1 only:
  no authentication).

``--saves DIR`` (before or after the command) sets the saves folder for everything the command
does, by setting ``$MONOPOLY_TUI_SAVES``.

Adding a subcommand: write ``_add_<name>(subparsers)``, which registers the parser and sets
``func`` to a ``_cmd_<name>(args) -> int``, and list it in ``SUBCOMMANDS``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from monopoly_tui import __version__

Subparsers = Any
"""``argparse._SubParsersAction``, which argparse does not name publicly."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return the exit status (0 success, 1 failure, 2 usage error)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version and usage errors
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    if getattr(args, "saves", None) is not None:
        os.environ["MONOPOLY_TUI_SAVES"] = str(args.saves)  # every layer saves there
    func: Callable[[argparse.Namespace], int] = getattr(args, "func", _play)
    try:
        status = func(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # '| head': the reader has all it wanted
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's own flush at exit finds no pipe to
    complain about."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
    except Exception:  # a replaced stdout without a file descriptor (tests)
        pass


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one subparser per entry of ``SUBCOMMANDS``."""
    parser = argparse.ArgumentParser(
        prog="monopoly-tui",
        description="Monopoly editions played by their own rulebooks, in your terminal. "
        "With no command, start the game.",
    )
    parser.add_argument("--version", action=_VersionAction,
                        help="show the version and which engine build runs, and exit")
    parser.add_argument("--saves", type=Path, metavar="DIR", help=_SAVES_HELP)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(sub)
    return parser


class _VersionAction(argparse.Action):
    """``--version``: the version, and whether the engine runs compiled (mypyc) or as pure
    Python (``monopoly_tui.buildinfo``), looked up only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 default: Any = argparse.SUPPRESS, help: str | None = None) -> None:
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0,
                         help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from monopoly_tui.buildinfo import engine_build

        print(f"{parser.prog} {__version__}, engine: {engine_build()}")
        parser.exit()


# ---------------------------------------------------------------- play (no subcommand)


def _play(args: argparse.Namespace) -> int:
    """Start the Textual app (``monopoly_tui.ui.app:run``) if it is there."""
    if importlib.util.find_spec("monopoly_tui.ui.app") is None:
        print(
            "The game screen is not built yet. Try 'monopoly-tui editions' or "
            "'monopoly-tui --help'.",
            file=sys.stderr,
        )
        return 1
    app = importlib.import_module("monopoly_tui.ui.app")
    result = app.run()
    return result if isinstance(result, int) else 0


# ---------------------------------------------------------------- editions


def _add_editions(sub: Subparsers) -> None:
    p = sub.add_parser(
        "editions",
        help="list the editions you can play",
        description="List the built-in editions and your own (from the user rulesets folder, "
        "or $MONOPOLY_TUI_RULESETS). Broken ruleset files are listed with their problems.",
    )
    p.set_defaults(func=_cmd_editions)


def _cmd_editions(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from monopoly_tui.rules.loader import scan_editions, user_dir

    console = Console()
    scan = scan_editions()
    rows = [
        (
            e.id,
            e.name,
            "" if e.year is None else str(e.year),
            f"{e.players_min}-{e.players_max}",
            e.description.strip().splitlines()[0] if e.description.strip() else "",
            e.source,
        )
        for e in scan.editions
    ]
    headers = ("id", "name", "year", "players", "description", "source")
    widths = [max([len(h), *(len(r[i]) for r in rows)]) for i, h in enumerate(headers)]
    # Rich shrinks every column when the table is too wide; only the description should give.
    room = console.width - (sum(widths) - widths[4]) - 3 * len(headers) - 1
    widths[4] = min(widths[4], room)
    shown = [i for i in range(len(headers)) if i != 4 or widths[4] >= 12]  # too narrow: none
    table = Table(title="Editions", title_justify="left")
    for i in shown:
        header = headers[i]
        table.add_column(
            header,
            no_wrap=True,
            min_width=widths[i],
            max_width=widths[i] if header == "description" else None,
            overflow="ellipsis",
            justify="right" if header == "year" else "left",
            style="bold" if header == "id" else None,
        )
    for row in rows:  # a ruleset's words are never read as markup
        table.add_row(*(Text(row[i]) for i in shown))
    if scan.editions:
        console.print(table)
    else:
        console.print("No editions found.")
    if scan.broken:
        console.print()
        console.print(f"[bold red]Broken rulesets ({len(scan.broken)}):[/]")
        for b in scan.broken:
            console.print(f"  {b.path} ({b.source})", markup=False, highlight=False)
            for problem in b.error.problems:
                console.print(f"    {problem}", markup=False, highlight=False, soft_wrap=True)
    console.print(f"\nYour own editions go in {user_dir()}", markup=False, highlight=False,
                  style="dim", soft_wrap=True)
    return 0


# ---------------------------------------------------------------- validate


def _add_validate(sub: Subparsers) -> None:
    p = sub.add_parser(
        "validate",
        help="check ruleset files",
        description="Check ruleset files (a folder means every *.yaml in it). Prints "
        "'ok: PATH (id)' per good file and FILE:LINE:COL: field: problem for every problem; "
        "exits 1 if any file has a problem.",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", type=Path, help="a ruleset file or folder")
    p.set_defaults(func=_cmd_validate)


def _cmd_validate(args: argparse.Namespace) -> int:
    from monopoly_tui.rules.loader import RulesetError, load_ruleset

    files: list[Path] = []
    for path in args.paths:
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix in (".yaml", ".yml"))
            if not found:
                print(f"{path}: no *.yaml files in this folder")
                return 1
            files.extend(found)
        else:
            files.append(path)
    bad = 0
    problems = 0
    for path in files:
        try:
            rs = load_ruleset(path)
        except RulesetError as e:
            bad += 1
            problems += len(e.problems)
            for problem in e.problems:
                print(problem)
        else:
            print(f"ok: {path} ({rs.id})")
    if bad:
        print(
            f"{problems} problem{'s' if problems != 1 else ''} in {bad} of {len(files)} "
            f"file{'s' if len(files) != 1 else ''}",
            file=sys.stderr,
        )
        return 1
    return 0


# ---------------------------------------------------------------- schema


def _add_schema(sub: Subparsers) -> None:
    p = sub.add_parser(
        "schema",
        help="print the JSON Schema of a ruleset",
        description="Print the JSON Schema of a ruleset file, for editors (add "
        "'# yaml-language-server: $schema=FILE' to the top of a ruleset).",
    )
    p.add_argument("-o", "--output", type=Path, metavar="FILE", help="write it to FILE")
    p.set_defaults(func=_cmd_schema)


def _cmd_schema(args: argparse.Namespace) -> int:
    from monopoly_tui.rules.models import Ruleset

    text = json.dumps(Ruleset.model_json_schema(by_alias=True), indent=2, ensure_ascii=False)
    if args.output is None:
        print(text)
        return 0
    try:
        args.output.write_text(text + "\n", encoding="utf-8")
    except OSError as e:
        print(f"{args.output}: cannot write: {e.strerror or e}", file=sys.stderr)
        return 1
    print(f"wrote {args.output}", file=sys.stderr)
    return 0


# ---------------------------------------------------------------- designed


def _add_designed(sub: Subparsers) -> None:
    p = sub.add_parser(
        "designed",
        help="list the values no source prints (designed by us), as Markdown",
        description="Print every value marked 'designed' in the built-in editions, with the "
        "reason; docs/designed-values.md is this output.",
    )
    p.set_defaults(func=_cmd_designed)


def _cmd_designed(args: argparse.Namespace) -> int:
    from monopoly_tui.rules.designed import designed_markdown

    sys.stdout.write(designed_markdown())
    return 0


# ---------------------------------------------------------------- saves: resume, saves, replay

_SAVES_HELP = (
    "the saves folder (default: $MONOPOLY_TUI_SAVES, else saves/ in a checkout, else the user "
    "data folder)"
)


def _saves_option(p: argparse.ArgumentParser) -> None:
    """``--saves DIR`` after the command too (the global option, before it, is the same)."""
    p.add_argument("--saves", type=Path, metavar="DIR", default=argparse.SUPPRESS,
                   help=_SAVES_HELP)


def _add_resume(sub: Subparsers) -> None:
    p = sub.add_parser(
        "resume",
        help="continue a saved game",
        description="Continue the latest game still going, or the save NAME (a name from "
        "'monopoly-tui saves', or a path to a save file).",
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="a save name or file")
    p.add_argument("--force", action="store_true",
                   help="if the edition's rules changed since the game was saved, replay its "
                   "decisions on the current rules (the original save is kept)")
    p.add_argument("--verify", action="store_true",
                   help="also check the saved state against a replay of its decision log")
    elsewhere = p.add_mutually_exclusive_group()
    elsewhere.add_argument("--take-over", action="store_true",
                           help="when the game is open in another window, take it over (that "
                           "window stops saving it)")
    elsewhere.add_argument("--copy", action="store_true",
                           help="play a copy of the game: a game of its own from the same "
                           "position")
    _saves_option(p)
    p.set_defaults(func=_cmd_resume)


def _cmd_resume(args: argparse.Namespace) -> int:
    from monopoly_tui.saves import GameOpenElsewhere, RulesetChangedError, SaveError, load_save

    try:
        loaded = _resume_target(args, load_save)
    except GameOpenElsewhere as e:
        print(f"note: {e.message}", file=sys.stderr)
        run_resume = _ui_function("run_resume")
        if run_resume is None or not sys.stdin.isatty():
            print("  'monopoly-tui resume --take-over' takes it over (that window stops saving "
                  "it); '--copy' plays a copy of it", file=sys.stderr)
            return 1
        result = run_resume(e.game_id if args.name is None else args.name)
        return result if isinstance(result, int) else 0
    except RulesetChangedError as e:
        print(f"Cannot resume {e.path}:\n  {e.message}", file=sys.stderr)
        return 1
    except SaveError as e:
        where = f" {e.path}" if e.path else ""
        print(f"Cannot resume{where}:\n  {e.message}", file=sys.stderr)
        return 1
    if loaded is None:
        return 1
    for warning in loaded.warnings:
        print(f"note: {warning}", file=sys.stderr)
    try:
        run_game = getattr(importlib.import_module("monopoly_tui.ui.app"), "run_game", None)
    except ModuleNotFoundError as e:
        if e.name not in ("monopoly_tui.ui.app", "monopoly_tui.ui"):
            raise
        run_game = None
    if run_game is None:
        print(f"Would resume {loaded.name}: {loaded.ruleset.name or loaded.ruleset.id}, "
              f"{loaded.summary.text}")
        print("The game screen cannot open a saved game yet (no monopoly_tui.ui.app.run_game).",
              file=sys.stderr)
        return 2
    result = run_game(loaded)
    return result if isinstance(result, int) else 0


def _ui_function(name: str) -> Callable[..., Any] | None:
    """A function of the app (``monopoly_tui.ui.app``), or None when the app is not there."""
    try:
        fn = getattr(importlib.import_module("monopoly_tui.ui.app"), name, None)
    except ModuleNotFoundError as e:
        if e.name not in ("monopoly_tui.ui.app", "monopoly_tui.ui"):
            raise
        return None
    return fn if callable(fn) else None


def _resume_target(args: argparse.Namespace, load_save: Callable[..., Any]) -> Any:
    """The game ``resume`` opens: the save named, else the latest game that can go on; when
    that one cannot be loaded, the next (each skipped one is said), None when none can."""
    from monopoly_tui.saves import SaveError, default_saves_dir, list_saves
    from monopoly_tui.saves.store import resumable_saves

    how = {"force": args.force, "verify": args.verify,
           "take_over": getattr(args, "take_over", False), "copy": getattr(args, "copy", False)}
    if args.name is not None:
        return load_save(args.name, **how)
    skipped = 0
    for entry in resumable_saves():
        try:
            return load_save(entry.name, **how)
        except SaveError as e:
            if e.kind == "open_elsewhere":
                raise
            skipped += 1
            print(f"note: skipped {entry.name}: {e.message}", file=sys.stderr)
    unreadable = sum(1 for e in list_saves() if e.error is not None)
    more = (f" ({unreadable} save{'s' if unreadable != 1 else ''} cannot be read: see "
            "'monopoly-tui saves')") if unreadable else ""
    if skipped:
        more += f" ({skipped} could not be resumed: see above)"
    print(f"No game to resume in {default_saves_dir()}{more}: start one with "
          "'monopoly-tui'.", file=sys.stderr)
    return None


def _add_saves(sub: Subparsers) -> None:
    p = sub.add_parser(
        "saves",
        help="list the saved games",
        description="List the saved games, the most recent first. A save that cannot be read "
        "is listed with what is wrong with it.",
    )
    p.add_argument("--delete", metavar="NAME", help="delete the save NAME")
    _saves_option(p)
    p.set_defaults(func=_cmd_saves)


def _cmd_saves(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from monopoly_tui.saves import SaveError, default_saves_dir, delete_save, list_saves

    console = Console()
    folder = default_saves_dir()
    if args.delete:
        try:
            going = [e for e in list_saves() if e.name == args.delete]
            also = [e.name for e in list_saves() if going and going[0].kind == "auto"
                    and e.game_id == going[0].game_id and e.name != args.delete]
            path = delete_save(args.delete)
        except SaveError as e:
            print(f"Cannot delete '{args.delete}': {e.message}", file=sys.stderr)
            return 1
        if path.suffix == ".json":
            print(f"deleted the save file {path}")
        elif going and going[0].kind == "auto":
            named = f", with its named saves {', '.join(repr(n) for n in also)}" if also else ""
            print(f"deleted the game '{args.delete}'{named}")
        else:
            print(f"deleted the save '{args.delete}' (its game is kept)")
        return 0
    try:
        entries = list_saves(check=True)  # a save damaged inside says so here, not on load
    except SaveError as e:
        print(f"Cannot list the saves: {e.message} ({e.path})", file=sys.stderr)
        return 1
    if not entries:
        console.print(f"No saved games in {folder}", markup=False, highlight=False)
        return 0
    # names, players and messages come from players and files: never read as markup
    table = Table(title=Text(f"Saved games in {folder}"), title_justify="left")
    for header in ("name", "edition", "players", "turn", "to move", "updated"):
        table.add_column(header, overflow="fold", justify="right" if header == "turn" else "left",
                         style="bold" if header == "name" else None)
    bad = 0
    for entry in entries:
        updated = _when_text(entry.updated)
        if entry.damaged:  # its header reads: what it is, and what is wrong inside
            bad += 1
            table.add_row(Text(entry.name), Text(entry.edition_name or entry.edition),
                          Text(", ".join(entry.players)), str(entry.turn + 1),
                          Text(entry.error or "damaged", style="red"), updated)
            continue
        if entry.error is not None:
            bad += 1
            table.add_row(Text(entry.name), Text(entry.error, style="red"), "", "", "", updated)
            continue
        status = f"over: {entry.winner} won" if entry.over else (entry.to_move or "")
        # the turn being played, as the game and the Load screen count it (the save keeps the
        # turns completed); a finished game's status says it is over
        turn = "—" if entry.over else str(entry.turn + 1)
        table.add_row(Text(entry.name), Text(entry.edition_name or entry.edition),
                      Text(", ".join(entry.players)), turn, Text(status), updated)
    console.print(table)
    if bad:
        console.print(f"{bad} save{'s' if bad != 1 else ''} cannot be read or loaded (shown "
                      "in red); they are left as they are.", style="red")
    return 0


def _when_text(when: Any) -> str:
    """A listed time in local time ('' when it cannot be shown: a year 1 or 9999 saved
    without a zone, say)."""
    if when is None:
        return ""
    try:
        return str(when.astimezone().strftime("%Y-%m-%d %H:%M"))
    except (OverflowError, ValueError, OSError):
        try:
            return str(when.strftime("%Y-%m-%d %H:%M"))
        except (ValueError, OverflowError):
            return ""


def _add_export(sub: Subparsers) -> None:
    p = sub.add_parser(
        "export",
        help="write a saved game as one JSON file",
        description="Write a game (a save name from 'monopoly-tui saves') as one JSON file, "
        "sealed with the saves folder's key: to keep, to send, or to open on another machine "
        "with 'monopoly-tui import'. FILE defaults to NAME.json here.",
    )
    p.add_argument("name", metavar="GAME", help="a save name from 'monopoly-tui saves'")
    p.add_argument("file", nargs="?", metavar="FILE", help="the file to write")
    _saves_option(p)
    p.set_defaults(func=_cmd_export)


def _cmd_export(args: argparse.Namespace) -> int:
    from monopoly_tui.saves import SaveError, export_game

    try:
        path = export_game(args.name, args.file)
    except SaveError as e:
        print(f"Cannot export: {e}", file=sys.stderr)
        return 1
    print(f"wrote {path}")
    return 0


def _add_import(sub: Subparsers) -> None:
    p = sub.add_parser(
        "import",
        help="bring a save file into the saves",
        description="Bring a save file (one 'monopoly-tui export' wrote, or a save of an "
        "earlier version) into the saves folder. The file is only read. Unless it carries "
        "this saves folder's seal, its decisions are replayed and must give its state.",
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="save files")
    _saves_option(p)
    p.set_defaults(func=_cmd_import)


def _cmd_import(args: argparse.Namespace) -> int:
    from monopoly_tui.saves import SaveError, import_file

    status = 0
    for file in args.files:
        try:
            done = import_file(file)
        except SaveError as e:
            print(f"Cannot import {file}: {e.message}", file=sys.stderr)
            status = 1
            continue
        name = done.name or f"autosave-{done.game.spec.id}-{done.game_id}"
        how = "sealed here" if done.sealed else "checked by a replay of its decisions"
        print(f"imported {file} as '{name}' (decision {done.n}, {how})")
    return status


def _add_replay(sub: Subparsers) -> None:
    p = sub.add_parser(
        "replay",
        help="tell a saved game again, one line per event",
        description="Replay a saved game's decisions on the current rules and print what "
        "happened, one line per event, to examine a finished or broken game. Exits 1 when the "
        "log does not replay, or the replay differs from the saved state.",
    )
    p.add_argument("save", metavar="SAVE", help="a save name or file")
    _saves_option(p)
    p.set_defaults(func=_cmd_replay)


def _cmd_replay(args: argparse.Namespace) -> int:
    from monopoly_tui.saves import SaveError
    from monopoly_tui.saves.replay import load_for_replay, replay_lines

    try:
        save, spec, path = load_for_replay(args.save)
    except SaveError as e:
        print(f"Cannot replay: {e}", file=sys.stderr)
        return 1
    print(f"{path}: {spec.name}, {', '.join(s.name for s in save.options.players)}, "
          f"{len(save.log)} decisions")
    problems = 0
    try:
        for line in replay_lines(save, spec, path):
            if line.problem or line.note:
                problems += line.problem
                print(line.text, file=sys.stderr)
            else:
                print(line.text)
    except BrokenPipeError:  # | head
        return 0
    return 1 if problems else 0


def _add_position(sub: Subparsers) -> None:
    p = sub.add_parser(
        "position",
        help="print a saved game's position as text",
        description="Print a saved game's position in the position notation (docs/"
        "architecture.md, 'Positions as text'): the position it was saved at, or with --at N "
        "the position after its first N decisions, replayed from its setup on the current "
        "rules; engine.position.game_from_position reads it back. Exits 1 when the save "
        "cannot be read or its log does not replay to N.",
    )
    p.add_argument("save", metavar="SAVE", help="a save name or file")
    p.add_argument("--at", type=int, default=None, metavar="N",
                   help="after the game's first N decisions (0: as set up)")
    _saves_option(p)
    p.set_defaults(func=_cmd_position)


def _cmd_position(args: argparse.Namespace) -> int:
    from monopoly_tui.engine.actions import IllegalAction
    from monopoly_tui.engine.position import position_text
    from monopoly_tui.engine.snapshot import SnapshotError, decode_action
    from monopoly_tui.saves import SaveError
    from monopoly_tui.saves.files import restore_game, start_game
    from monopoly_tui.saves.replay import load_for_replay

    try:
        save, spec, path = load_for_replay(args.save)
        if args.at is None:
            game = restore_game(save, spec, path)
        else:
            total = len(save.log)
            if not 0 <= args.at <= total:
                print(f"Cannot show the position: --at {args.at}, but the game has {total} "
                      "decisions", file=sys.stderr)
                return 1
            game = start_game(save.options, spec, path)
            for i, raw in enumerate(save.log[:args.at]):
                try:
                    game.act(decode_action(raw, f"log[{i}]"))
                except (SnapshotError, IllegalAction) as e:
                    print(f"Cannot show the position: decision {i + 1} of {total} does not "
                          f"replay: {e}", file=sys.stderr)
                    return 1
    except SaveError as e:
        print(f"Cannot show the position: {e}", file=sys.stderr)
        return 1
    sys.stdout.write(position_text(game))
    return 0


# ---------------------------------------------------------------- simulate


def _add_simulate(sub: Subparsers) -> None:
    p = sub.add_parser(
        "simulate",
        help="play bot games headless and report statistics",
        description="Play seeded bot-vs-bot games of an edition without the screen, check the "
        "rules' invariants after every player-turn (a broken one is traced to its decision), and "
        "report each game and the whole run. Game "
        "i uses seed SEED+i; the same arguments give the same output. Exits 1 on a broken "
        "invariant or a crash, naming the seed and decision that replay it.",
    )
    p.add_argument("--edition", default="classic", metavar="ID", help="edition id")
    p.add_argument("--players", type=int, default=4, metavar="N", help="players per game")
    p.add_argument("--games", type=int, default=100, metavar="G", help="number of games")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game")
    p.add_argument(
        "--bot", default="basic", metavar="NAME",
        help="random or basic, or one per seat separated by commas (basic,random,...)",
    )
    p.add_argument("--variant", default=None, metavar="NAME", help="an edition variant")
    p.add_argument(
        "--dm", default=None, metavar="CARDS",
        help="Dungeon Master cards added to every game: all, or their keys separated by "
        "commas (editions with Dungeon Master cards)",
    )
    p.add_argument(
        "--max-turns", type=int, default=2000, metavar="T",
        help="cap on player-turns per game (default 2000)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--no-games", action="store_true", help="leave out the per-game list")
    p.add_argument("--timing", action="store_true", help="add wall time (output then varies)")
    p.set_defaults(func=_cmd_simulate)


def _cmd_simulate(args: argparse.Namespace) -> int:
    import time

    from monopoly_tui.bots import BOTS
    from monopoly_tui.rules import load_spec
    from monopoly_tui.rules.loader import RulesetError
    from monopoly_tui.simulate import simulate

    bots = [b.strip() for b in args.bot.split(",")]
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        print(f"unknown bot: {', '.join(unknown)} (bots: {', '.join(BOTS)})", file=sys.stderr)
        return 2
    if args.games < 1 or args.max_turns < 1:
        print(f"--games must be at least 1 (got {args.games}) and --max-turns at least 1 "
              f"(got {args.max_turns})", file=sys.stderr)
        return 2
    try:
        spec = load_spec(args.edition)
    except RulesetError as e:
        for problem in e.problems:
            print(problem, file=sys.stderr)
        return 2
    if not spec.players_min <= args.players <= spec.players_max:
        print(f"{spec.name} is for {spec.players_min} to {spec.players_max} players",
              file=sys.stderr)
        return 2
    start = time.perf_counter()
    try:
        if args.dm and "dungeon_master" not in spec.mechanics:
            raise ValueError(f"{spec.name} has no Dungeon Master cards (--dm)")
        report = simulate(spec, args.players, args.games, args.seed, bots, args.variant,
                          args.max_turns, dm=args.dm)
    except (KeyError, ValueError) as e:
        print(e.args[0] if e.args else e, file=sys.stderr)
        return 2
    if args.timing:
        report.seconds = time.perf_counter() - start
    if args.json:
        print(json.dumps(report.data(), indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(report.text(games_list=not args.no_games))
    for f in report.failures:
        print(f"FAILED game {f.index + 1}: seed {f.seed}, decision {f.decision} ({f.kind}): "
              + "; ".join(f.problems), file=sys.stderr)
        if f.detail:
            print(f.detail, file=sys.stderr)
        print(f"  replay: {report.replay_command(f)}", file=sys.stderr)
    return 0 if report.ok else 1


# ---------------------------------------------------------------- serve


def _add_serve(sub: Subparsers) -> None:
    from monopoly_tui.ui.serve import DEFAULT_MAX_GAMES, DEFAULT_PORT, HOST

    p = sub.add_parser(
        "serve",
        help="play in a browser: serve the game on this machine (no authentication)",
        description=f"Serve the game to web browsers with textual-serve, at http://{HOST}:PORT. "
        "Each browser tab gets its own game; every tab saves in the same saves folder. "
        "textual-serve has NO AUTHENTICATION: the server listens on 127.0.0.1 only and lets "
        "in only the pages it hands out itself (other sites' pages are refused), so only "
        "this machine can play: anyone who can run a browser as you on it can, and so can "
        "other users of this machine with a program of their own. Ctrl+C stops it.",
    )
    p.add_argument("--port", type=int, default=DEFAULT_PORT, metavar="N",
                   help=f"the port on 127.0.0.1 (default {DEFAULT_PORT})")
    p.add_argument("--max-games", type=int, default=DEFAULT_MAX_GAMES, metavar="N",
                   help="the most games (browser tabs) running at once; a tab beyond them is "
                   f"told to close another (default {DEFAULT_MAX_GAMES})")
    _saves_option(p)
    p.set_defaults(func=_cmd_serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    from monopoly_tui.ui.serve import serve

    saves = getattr(args, "saves", None)
    return serve(args.port, Path(saves) if saves is not None else None, args.max_games)


SUBCOMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    _add_editions,
    _add_validate,
    _add_schema,
    _add_resume,
    _add_saves,
    _add_replay,
    _add_position,
    _add_export,
    _add_import,
    _add_designed,
    _add_simulate,
    _add_serve,
)
"""Every subcommand's registration function, in the order ``--help`` lists them."""
