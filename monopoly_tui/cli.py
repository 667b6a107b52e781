"""The ``monopoly-tui`` command line.

With no subcommand it starts the game (the Textual app). Subcommands:

- ``editions``: the editions found, built-in and the user's, and any broken ruleset files;
- ``validate PATH...``: check ruleset files (or every ruleset in a folder); exit 1 on any problem;
- ``schema``: the JSON Schema of a ruleset, for editors.

Adding a subcommand: write ``_add_<name>(subparsers)``, which registers the parser and sets
``func`` to a ``_cmd_<name>(args) -> int``, and list it in ``SUBCOMMANDS``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
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
    func: Callable[[argparse.Namespace], int] = getattr(args, "func", _play)
    try:
        return func(args)
    except KeyboardInterrupt:
        return 130


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, with one subparser per entry of ``SUBCOMMANDS``."""
    parser = argparse.ArgumentParser(
        prog="monopoly-tui",
        description="Monopoly editions played by their own rulebooks, in your terminal. "
        "With no command, start the game.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for add in SUBCOMMANDS:
        add(sub)
    return parser


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
    for row in rows:
        table.add_row(*(row[i] for i in shown))
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


SUBCOMMANDS: tuple[Callable[[Subparsers], None], ...] = (
    _add_editions,
    _add_validate,
    _add_schema,
    _add_designed,
)
"""Every subcommand's registration function, in the order ``--help`` lists them."""
