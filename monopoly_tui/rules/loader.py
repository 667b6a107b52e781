"""Finding, reading and validating rulesets, with errors a ruleset author can act on.

Where rulesets live (``ruleset_dirs``):

- **built-in**: ``monopoly_tui/rulesets/`` inside an installed wheel (the build copies the
  top-level ``rulesets/`` there), else the top-level ``rulesets/`` of a source checkout;
- **user**: ``<user data dir>/monopoly-tui/rulesets`` (``platformdirs``), or the folder named by
  the environment variable ``MONOPOLY_TUI_RULESETS``.

Every ``*.yaml`` / ``*.yml`` file directly in those folders is an edition. Ids are unique: a user
edition that reuses the id of a built-in one (or of an edition found before it) is reported as a
clash and left out; the first one stays.

``extends: <id>`` builds an edition on another one (looked up by id in the file's own folder,
then in the ruleset folders, and so on down the chain; cycles are reported, and so is a chain
of more than ``MAX_EXTENDS_CHAIN`` files). The base is read as plain data and the child is
deep-merged over it:

- mappings merge key by key;
- a list whose items are all mappings with an ``id`` merges with a base list of the same kind item
  by item: a child item updates the base item with the same id in place (or replaces it whole
  when it gives a different ``type``), and items with new ids are appended in order;
- any other value, and any other list (an empty list too), replaces the base value;
- ``id``, ``name``, ``extends`` and ``earlier_hashes`` are never inherited: the child gives
  its own ``id`` and ``name`` (and the base's earlier hashes are the base's, not the child's).

The merged data is validated once as a ``Ruleset``. Every problem found is reported at once as a
``RulesetError``: one ``Problem`` per fault, printed ``FILE:LINE:COL: field.path: what is wrong``,
where the file is the one the faulty value came from (the base or the child) and line and column
count from 1. The cross-checks in ``models.py`` (references between fields) only run once every
field has the right shape, so a file with shape errors reports those first.

``scan_editions`` and ``load_edition_spec`` (what the menus, ``monopoly-tui editions`` and
``load_spec`` use) keep what a valid ruleset compiled to in ``monopoly_tui.rules.cache``, keyed
by the merged data and the validating code, so a later start reads it back instead of
validating (and importing pydantic) again; ``load_ruleset`` and ``load_edition`` always
validate. pydantic and the models are imported only when something is validated.
"""

from __future__ import annotations

import difflib
import os
import re
import types
import typing
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import platformdirs
import yaml

from monopoly_tui.rules import cache

if TYPE_CHECKING:
    from pydantic import ValidationError

    from monopoly_tui.engine.spec import Spec
    from monopoly_tui.rules.models import Ruleset

__all__ = [
    "ENV_VAR",
    "MAX_EXTENDS_CHAIN",
    "EditionInfo",
    "EditionNotFoundError",
    "EditionScan",
    "Problem",
    "RulesetDir",
    "RulesetError",
    "Source",
    "UnusableEdition",
    "builtin_dir",
    "list_editions",
    "load_edition",
    "load_edition_spec",
    "load_ruleset",
    "ruleset_dirs",
    "scan_editions",
    "user_dir",
]

ENV_VAR = "MONOPOLY_TUI_RULESETS"
"""Environment variable: a folder that replaces the default user rulesets folder."""

Source = Literal["built-in", "user"]

_SUFFIXES = (".yaml", ".yml")
_ID_PATTERN = r"^[a-z0-9][a-z0-9_-]*$"
_ID_RE = re.compile(_ID_PATTERN)
_NOT_INHERITED = ("id", "name", "extends", "earlier_hashes")
_MAX_VALUES = 500_000
"""More values than this in one file means an alias bomb, not a ruleset."""
MAX_EXTENDS_CHAIN = 32
"""The most files an ``extends`` chain has, the file itself and the base that extends nothing
counted (the built-in editions extend nothing): a longer chain is refused at its first file's
``extends``, not followed."""
MAX_RULESET_BYTES = 1_000_000
"""The largest ruleset file read (the built-in ones are 10-22 kB): a bigger file would slow
every scan of the editions (the new game screen's too), so it is refused."""


class _TooBigError(OSError):
    """A file too big to be a ruleset, or not a regular file."""


def _read_regular(path: Path) -> bytes:
    """A regular file's bytes, at most ``MAX_RULESET_BYTES``: opened without blocking (a
    FIFO or a device is refused, never waited on)."""
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "Is a directory")
        if not stat.S_ISREG(info.st_mode):
            raise _TooBigError("not a ruleset file but a pipe, a device or a socket")
        if info.st_size > MAX_RULESET_BYTES:
            raise _TooBigError(f"the file is {info.st_size / 1e6:.1f} MB; a ruleset is at most "
                               f"{MAX_RULESET_BYTES / 1e6:.0f} MB (the built-in ones are "
                               "about 20 kB)")
        raw = os.read(fd, MAX_RULESET_BYTES + 1)
        while len(raw) <= MAX_RULESET_BYTES:
            more = os.read(fd, MAX_RULESET_BYTES + 1 - len(raw))
            if not more:
                break
            raw += more
        if len(raw) > MAX_RULESET_BYTES:
            raise _TooBigError(f"the file is more than {MAX_RULESET_BYTES / 1e6:.0f} MB; a "
                               "ruleset is at most that")
        return raw
    finally:
        os.close(fd)

_YamlLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STR_TAG = "tag:yaml.org,2002:str"


# ---------------------------------------------------------------- problems


@dataclass(frozen=True, slots=True)
class Problem:
    """One fault in a ruleset: where it is, which field, and what is wrong.

    ``line`` and ``col`` count from 1 and are ``None`` when the fault has no place in a file
    (the file is missing, say). ``path`` is the dotted field path (``spaces.3.group``), or ``""``
    for a fault in the file as a whole.
    """

    file: str
    line: int | None
    col: int | None
    path: str
    message: str

    def __str__(self) -> str:
        where = ":".join(str(p) for p in (self.file, self.line, self.col) if p not in (None, ""))
        what = f"{self.path}: {self.message}" if self.path else self.message
        return f"{where}: {what}" if where else what


class RulesetError(Exception):
    """A ruleset that cannot be used, with every problem found in it (at least one)."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(str(self))

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


class EditionNotFoundError(RulesetError):
    """No edition has the id asked for."""


# ---------------------------------------------------------------- where rulesets live


class RulesetDir(NamedTuple):
    """A folder searched for editions, and whether its editions are built-in or the user's."""

    path: Path
    source: Source


def builtin_dir() -> Path:
    """The built-in rulesets: inside the installed package, else the checkout's ``rulesets/``."""
    here = Path(__file__).resolve()
    packaged = here.parents[1] / "rulesets"
    if packaged.is_dir():
        return packaged
    return here.parents[2] / "rulesets"


def user_dir() -> Path:
    """The user's rulesets folder: ``$MONOPOLY_TUI_RULESETS`` if set, else in the user data dir."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return Path(platformdirs.user_data_dir("monopoly-tui")) / "rulesets"


def ruleset_dirs() -> list[RulesetDir]:
    """The folders searched for editions, built-in first (they may not exist)."""
    return [RulesetDir(builtin_dir(), "built-in"), RulesetDir(user_dir(), "user")]


def _ruleset_files(folder: Path) -> list[Path]:
    """The ruleset files directly in a folder, sorted by name; none if the folder is missing."""
    try:
        return sorted(p for p in folder.iterdir() if p.suffix in _SUFFIXES and p.is_file())
    except OSError:
        return []


# ---------------------------------------------------------------- editions


@dataclass(frozen=True, slots=True)
class EditionInfo:
    """What a menu needs to show about an edition without keeping the whole ruleset."""

    id: str
    name: str
    year: int | None
    description: str
    players_min: int
    players_max: int
    path: Path
    source: Source
    extends: str | None = None


@dataclass(frozen=True, slots=True)
class UnusableEdition:
    """A ruleset file found in a ruleset folder that cannot be used, and why."""

    path: Path
    source: Source
    error: RulesetError


@dataclass(frozen=True, slots=True)
class EditionScan:
    """Every ruleset file in the ruleset folders: the usable editions and the broken ones."""

    editions: list[EditionInfo]
    broken: list[UnusableEdition]


def load_ruleset(path: str | os.PathLike[str]) -> Ruleset:
    """Read, merge (``extends``) and validate one ruleset file.

    Raises ``RulesetError`` with every problem found when the file cannot be used.
    """
    return _Session().load(Path(path))[0]


def load_edition(edition_id: str) -> Ruleset:
    """Load the edition with this id from the ruleset folders (built-in ones win a clash).

    Raises ``EditionNotFoundError`` (a ``RulesetError``) when no file has that id.
    """
    session = _Session()
    return session.load(session.find_edition(edition_id))[0]


def load_edition_spec(edition_id: str) -> Spec:
    """The engine's ``Spec`` of the edition with this id: what ``load_edition`` and
    ``compile_ruleset`` give, read from the cache when the ruleset and the code are unchanged.

    Raises ``RulesetError`` (``EditionNotFoundError`` when no file has that id) as
    ``load_edition`` does.
    """
    session = _Session()
    path = session.find_edition(edition_id)
    compiled = session.compiled(path)[0]
    try:
        return compiled.spec()
    except Exception:  # a cached Spec that does not decode: validate and compile again
        return session.compiled(path, use_cache=False)[0].spec()


def list_editions() -> list[EditionInfo]:
    """The usable editions, built-in first, each folder sorted by file name."""
    return scan_editions().editions


def scan_editions() -> EditionScan:
    """Load every ruleset file in the ruleset folders, sorting the usable from the broken.

    An edition whose id was already taken by an edition found earlier (built-in ones are found
    first) is listed as broken with a clash message; the earlier edition is kept.
    """
    session = _Session()
    editions: list[EditionInfo] = []
    broken: list[UnusableEdition] = []
    taken: dict[str, EditionInfo] = {}
    for folder, source in session.dirs:
        for path in _ruleset_files(folder):
            try:
                rs, doc = session.compiled(path)
            except RulesetError as e:
                broken.append(UnusableEdition(path, source, e))
                continue
            first = taken.get(rs.id)
            if first is not None:
                line, col, _ = _locate_key(doc.loc, "id")
                problem = Problem(
                    str(path), line, col, "id",
                    f"the id '{rs.id}' is already used by the {first.source} edition "
                    f"'{first.name}' ({first.path}); give this edition an id of its own",
                )
                broken.append(UnusableEdition(path, source, RulesetError([problem])))
                continue
            info = EditionInfo(
                id=rs.id,
                name=rs.name,
                year=rs.year,
                description=rs.description,
                players_min=rs.players_min,
                players_max=rs.players_max,
                path=path,
                source=source,
                extends=rs.extends,
            )
            taken[rs.id] = info
            editions.append(info)
    return EditionScan(editions, broken)


# ---------------------------------------------------------------- located data


class _Where(NamedTuple):
    file: str
    line: int  # from 1
    col: int  # from 1


class _Loc:
    """Where a value was written, mirroring the value's shape.

    ``at`` is where the value starts, ``key_at`` where its key starts (for a mapping's values),
    ``items`` the children's places: by key for a mapping, by index for a list. Positions are
    read from the YAML nodes only when asked for (they are needed only to report a problem).
    """

    __slots__ = ("file", "items", "key_node", "node")

    def __init__(
        self,
        file: str,
        node: yaml.Node,
        key_node: yaml.Node | None,
        items: dict[Any, _Loc] | list[_Loc] | None = None,
    ) -> None:
        self.file = file
        self.node = node
        self.key_node = key_node
        self.items = items

    @property
    def at(self) -> _Where:
        return _mark(self.file, self.node)

    @property
    def key_at(self) -> _Where | None:
        return None if self.key_node is None else _mark(self.file, self.key_node)

    def with_items(self, items: dict[Any, _Loc] | list[_Loc]) -> _Loc:
        return _Loc(self.file, self.node, self.key_node, items)


@dataclass(slots=True)
class _Doc:
    """A parsed (and possibly merged) ruleset: plain data, where each value was written, and the
    problems found while reading that do not stop validation (duplicate keys)."""

    data: Any
    loc: _Loc
    problems: list[Problem] = field(default_factory=list)


def _mark(file: str, node: yaml.Node) -> _Where:
    return _Where(file, node.start_mark.line + 1, node.start_mark.column + 1)


_TAG_CACHE: dict[str, str] = {}


class _Loader(_YamlLoader):
    """The C-accelerated safe loader, remembering the tag of each plain scalar it resolved.

    Resolving a plain scalar's tag (is ``50`` an int, ``yes`` a bool?) runs a few regular
    expressions in Python for every scalar; rulesets repeat the same words and numbers a lot.
    """

    def resolve(self, kind: Any, value: Any, implicit: Any) -> Any:
        if kind is yaml.ScalarNode and implicit[0]:
            tag = _TAG_CACHE.get(value)
            if tag is None:
                tag = super().resolve(kind, value, implicit)
                if len(_TAG_CACHE) < 20_000:
                    _TAG_CACHE[value] = tag
            return tag
        return super().resolve(kind, value, implicit)


class _Builder:
    """Turns a composed YAML node tree into plain data and a ``_Loc`` tree of the same shape."""

    def __init__(self, loader: Any, file: str) -> None:
        self.loader = loader
        self.constructors: dict[str, Any] = loader.yaml_constructors
        self.file = file
        self.problems: list[Problem] = []
        self.count = 0
        self.open: set[int] = set()
        self.built: set[int] = set()
        self.aliased = False

    def build(
        self, node: yaml.Node, key_node: yaml.Node | None, path: tuple[Any, ...]
    ) -> tuple[Any, _Loc]:
        self.count += 1
        if self.count > _MAX_VALUES:
            at = _mark(self.file, node)
            why = ("an alias is repeated too often" if self.aliased else
                   "a ruleset has a few thousand")
            raise RulesetError([Problem(
                self.file, at.line, at.col, _dotted(path),
                f"more than {_MAX_VALUES:,} values by here: {why}",
            )])
        kind = type(node)
        if kind is yaml.ScalarNode:
            return self.scalar(node), _Loc(self.file, node, key_node)
        if not self.aliased:
            if id(node) in self.built:
                self.aliased = True  # the same node again: an alias
            else:
                self.built.add(id(node))
        if id(node) in self.open:
            at = _mark(self.file, node)
            raise RulesetError([Problem(
                self.file, at.line, at.col, _dotted(path), "an alias refers to itself"
            )])
        self.open.add(id(node))
        try:
            if kind is yaml.SequenceNode:
                values: list[Any] = []
                locs: list[_Loc] = []
                for i, item in enumerate(node.value):
                    v, loc = self.build(item, None, (*path, i))
                    values.append(v)
                    locs.append(loc)
                return values, _Loc(self.file, node, key_node, locs)
            assert isinstance(node, yaml.MappingNode)
            self.loader.flatten_mapping(node)
            mapping: dict[Any, Any] = {}
            places: dict[Any, _Loc] = {}
            for k_node, value_node in node.value:
                if type(k_node) is not yaml.ScalarNode:
                    k_at = _mark(self.file, k_node)
                    self.problems.append(Problem(
                        self.file, k_at.line, k_at.col, _dotted(path),
                        "a key must be a plain word, not a list or a mapping",
                    ))
                    continue
                key = self.scalar(k_node)
                if key in mapping:
                    k_at = _mark(self.file, k_node)
                    first = places[key].key_at
                    first_line = f" (first at line {first.line})" if first else ""
                    self.problems.append(Problem(
                        self.file, k_at.line, k_at.col, _dotted((*path, key)),
                        f"key '{key}' is given twice in the same mapping{first_line}",
                    ))
                mapping[key], places[key] = self.build(value_node, k_node, (*path, key))
            return mapping, _Loc(self.file, node, key_node, places)
        finally:
            self.open.discard(id(node))

    def scalar(self, node: yaml.Node) -> Any:
        """A scalar's value by its tag (an unknown tag is yaml's own error)."""
        tag = node.tag
        if tag == _STR_TAG:
            return node.value
        construct = self.constructors.get(tag)
        if construct is None:
            return self.loader.construct_object(node)
        return construct(self.loader, node)


def _parse(raw: bytes, file: str) -> _Doc:
    """Parse one YAML document, recording where every value and key was written."""
    loader = _Loader(raw)
    try:
        try:
            node = loader.get_single_node()
            if node is None:
                raise RulesetError([Problem(
                    file, 1, 1, "", "the file is empty; a ruleset is a mapping (id: ..., name: ...)"
                )])
            builder = _Builder(loader, file)
            data, loc = builder.build(node, None, ())
        except yaml.MarkedYAMLError as e:
            raise RulesetError([_yaml_problem(file, e)]) from None
        except yaml.YAMLError as e:
            raise RulesetError([_reader_problem(file, raw, e)]) from None
        except RecursionError:
            raise RulesetError([Problem(file, None, None, "", "nested too deeply")]) from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        kind = "a list" if isinstance(data, list) else f"the value {data!r}"
        raise RulesetError([Problem(
            file, loc.at.line, loc.at.col, "",
            f"the top level must be a mapping (id: ..., name: ..., spaces: ...), not {kind}",
        )])
    return _Doc(data, loc, builder.problems)


def _yaml_problem(file: str, e: yaml.MarkedYAMLError) -> Problem:
    """A YAML syntax error at yaml's own mark, in yaml's own words (plus where it started)."""
    mark = e.problem_mark or e.context_mark
    what = e.problem or e.context or "invalid YAML"
    if e.context and e.problem:
        where = ""
        if e.context_mark is not None and (mark is None or e.context_mark.line != mark.line):
            where = f" at line {e.context_mark.line + 1}"
        what = f"{what} ({e.context}{where})"
    if mark is None:
        return Problem(file, None, None, "", what)
    return Problem(file, mark.line + 1, mark.column + 1, "", what)


def _reader_problem(file: str, raw: bytes, e: yaml.YAMLError) -> Problem:
    """A YAML error without a mark (a character the reader refuses, given as a position in
    the text), placed at its line and column."""
    position = getattr(e, "position", None)
    if not isinstance(position, int):
        return Problem(file, None, None, "", _one_line(str(e)))
    text = raw.decode("utf-8", "replace")
    line = text.count("\n", 0, position) + 1
    col = position - (text.rfind("\n", 0, position) + 1) + 1
    char = getattr(e, "character", None)
    what = (f"the character {char!r} is not allowed in YAML" if isinstance(char, str)
            else f"the control character {char:#04x} is not allowed in YAML"
            if isinstance(char, int)
            else getattr(e, "reason", "") or "the file cannot be read as YAML")
    reason = getattr(e, "reason", "")
    if reason and "utf" in str(reason).lower():
        what = f"not UTF-8 text: {reason}"
    return Problem(file, line, col, "", what)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _dotted(path: Sequence[Any]) -> str:
    return ".".join(str(p) for p in path)


# ---------------------------------------------------------------- extends: the merge


def _id_items(value: Any) -> bool:
    """A non-empty list of mappings that all have a plain ``id``."""
    return (
        isinstance(value, list)
        and bool(value)
        and all(isinstance(i, dict) and isinstance(i.get("id"), str | int) for i in value)
    )


def _merge(base: Any, bloc: _Loc, child: Any, cloc: _Loc, problems: list[Problem],
           path: tuple[Any, ...], base_id: str = "") -> tuple[Any, _Loc]:
    """Deep-merge a child value over a base value (see the module docstring for the rules).

    Neither input is changed; unchanged parts of the base are shared with the result.
    """
    if isinstance(base, dict) and isinstance(child, dict):
        assert isinstance(bloc.items, dict) and isinstance(cloc.items, dict)
        out = dict(base)
        places = dict(bloc.items)
        for key, value in child.items():
            if key in base:
                out[key], places[key] = _merge(
                    base[key], bloc.items[key], value, cloc.items[key], problems, (*path, key),
                    base_id,
                )
            else:
                out[key], places[key] = value, cloc.items[key]
        return out, cloc.with_items(places)
    if _id_items(base) and _id_items(child):
        assert isinstance(bloc.items, list) and isinstance(cloc.items, list)
        items = list(base)
        item_locs = list(bloc.items)
        index = {item["id"]: n for n, item in reversed(list(enumerate(base)))}
        seen: set[Any] = set()
        for ci, (item, iloc) in enumerate(zip(child, cloc.items, strict=True)):
            ident = item["id"]
            n = index.get(ident)
            if ident in seen:
                id_loc = iloc.items["id"] if isinstance(iloc.items, dict) else iloc
                problems.append(Problem(
                    id_loc.at.file, id_loc.at.line, id_loc.at.col,
                    _dotted((*path, n, "id")),
                    f"'{ident}' is listed twice here",
                ))
            seen.add(ident)
            if n is None and "type" not in item and all("type" in b for b in base):
                # not a new item (it would need a type) but a misspelt id of the base's
                id_loc = iloc.items["id"] if isinstance(iloc.items, dict) else iloc
                kind = {"spaces": "space", "groups": "group", "decks": "deck"}.get(
                    str(path[-1]) if path else "", "item")
                close = difflib.get_close_matches(str(ident), [str(b["id"]) for b in base], 1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                problems.append(Problem(
                    id_loc.at.file, id_loc.at.line, id_loc.at.col, _dotted((*path, ci, "id")),
                    f"{base_id or 'the base edition'} has no {kind} '{ident}'{hint}; a new "
                    f"{kind} would need a 'type'",
                ))
                continue
            if n is None:
                index[ident] = len(items)
                items.append(item)
                item_locs.append(iloc)
            elif "type" in item and item["type"] != items[n].get("type"):
                items[n], item_locs[n] = item, iloc
            else:
                items[n], item_locs[n] = _merge(
                    items[n], item_locs[n], item, iloc, problems, (*path, n), base_id
                )
        return items, cloc.with_items(item_locs)
    return child, cloc


# ---------------------------------------------------------------- a loading session


class _Session:
    """One public call's worth of loading: files are read, parsed and merged at most once."""

    def __init__(self) -> None:
        self.dirs = ruleset_dirs()
        self._raw: dict[Path, bytes | OSError] = {}
        self._parsed: dict[Path, _Doc | RulesetError] = {}
        self._resolved: dict[Path, _Doc | RulesetError] = {}
        self._depth: dict[Path, int] = {}  # how many files a resolved file's chain has
        self._index: dict[Path, list[tuple[str, Path]]] = {}

    # -- reading

    def _read(self, path: Path) -> bytes:
        key = path.resolve()
        raw = self._raw.get(key)
        if raw is None:
            try:
                raw = _read_regular(key)
            except OSError as e:
                raw = e
            self._raw[key] = raw
        if isinstance(raw, OSError):
            if isinstance(raw, FileNotFoundError):
                why = "no such file"
            elif isinstance(raw, IsADirectoryError):
                why = "this is a folder, not a ruleset file"
            elif isinstance(raw, _TooBigError):
                why = str(raw)
            else:
                why = f"cannot read the file ({raw.strerror or raw})"
            raise RulesetError([Problem(str(path), None, None, "", why)])
        return raw

    def _parse(self, path: Path) -> _Doc:
        key = path.resolve()
        doc = self._parsed.get(key)
        if doc is None:
            try:
                doc = _parse(self._read(path), str(path))
            except RulesetError as e:
                doc = e
            self._parsed[key] = doc
        if isinstance(doc, RulesetError):
            raise doc
        return doc

    # -- finding editions by id

    def _search_dirs(self, near: Path | None) -> list[Path]:
        std = [d.path for d in self.dirs]
        if near is None:
            return std
        near_r = near.resolve()
        if any(near_r == d.resolve() for d in std):
            return std
        return [near, *std]

    def _ids_in(self, folder: Path) -> list[tuple[str, Path]]:
        """The (id, file) pairs of a folder, in file-name order; unreadable files are skipped."""
        key = folder.resolve()
        found = self._index.get(key)
        if found is None:
            found = []
            for path in _ruleset_files(folder):
                ident = self._sniff_id(path)
                if ident is not None:
                    found.append((ident, path))
            self._index[key] = found
        return found

    _ID_LINE = re.compile(rb"""^id:[ \t]*(["']?)([A-Za-z0-9_-]+)\1[ \t]*(?:#.*)?\r?$""", re.M)

    def _sniff_id(self, path: Path) -> str | None:
        """A file's top-level id: from its ``id:`` line if plain, else by parsing it."""
        try:
            raw = self._read(path)
        except RulesetError:
            return None
        m = self._ID_LINE.search(raw)
        if m:
            return m.group(2).decode()
        try:
            ident = self._parse(path).data.get("id")
        except RulesetError:
            return None
        return ident if isinstance(ident, str) else None

    def find_edition(self, edition_id: str) -> Path:
        """The file of the edition with this id in the ruleset folders, or
        ``EditionNotFoundError``."""
        path = self.find(edition_id, near=None)
        if path is None:
            known = ", ".join(sorted(self.known_ids(near=None))) or "none"
            raise EditionNotFoundError([Problem(
                "", None, None, "", f"no edition has the id '{edition_id}' (known: {known})"
            )])
        return path

    def find(self, edition_id: str, near: Path | None) -> Path | None:
        """The first file with this id: in ``near`` (if given), then in the ruleset folders."""
        for folder in self._search_dirs(near):
            for ident, path in self._ids_in(folder):
                if ident == edition_id:
                    return path
        return None

    def known_ids(self, near: Path | None) -> set[str]:
        """The well-formed ids found (for 'known: ...' hints)."""
        return {
            i for folder in self._search_dirs(near) for i, _ in self._ids_in(folder)
            if _ID_RE.match(i)
        }

    # -- extends

    def resolve(self, path: Path) -> _Doc:
        """The file's data with its ``extends`` chain merged in (not validated)."""
        key = path.resolve()
        cached = self._resolved.get(key)
        if cached is None:
            self._resolve_chain(path)
            cached = self._resolved[key]
        if isinstance(cached, RulesetError):
            raise cached
        return cached

    def _resolve_chain(self, path: Path) -> None:
        """Resolve ``path`` and the files its chain passes through, without recursion.

        The chain is walked from the file to a base that extends nothing (or one already
        resolved), at most ``MAX_EXTENDS_CHAIN`` files; then each file is merged over its
        base, the base first. A problem in one file (it cannot be read, its ``extends``
        names no edition, the chain comes back to it) is every file's above it in the chain
        too; a chain longer than the bound is the first file's problem, at its ``extends``.
        """
        walked: list[tuple[Path, _Doc, str]] = []  # (resolved path, doc, base id): child first
        keys: set[Path] = set()
        here = path
        outcome: _Doc | RulesetError
        while True:
            key = here.resolve()
            done = self._resolved.get(key)
            if done is not None:
                outcome, base_key = done, key
                if isinstance(done, _Doc) and len(walked) + self._depth[key] > MAX_EXTENDS_CHAIN:
                    self._resolved[path.resolve()] = self._too_long(walked, key)
                    return
                break
            try:
                doc = self._parse(here)
                ext = self._base_of(here, doc, walked, keys)
            except RulesetError as e:
                outcome = self._resolved[key] = e
                break
            if ext is None:
                outcome, base_key = doc, key
                self._resolved[key] = doc
                self._depth[key] = 1
                break
            base_id, base_path = ext
            walked.append((key, doc, base_id))
            keys.add(key)
            if len(walked) == MAX_EXTENDS_CHAIN:
                self._resolved[path.resolve()] = self._too_long(walked, base_path.resolve())
                return
            here = base_path
        for key, doc, base_id in reversed(walked):
            if isinstance(outcome, _Doc):
                outcome = self._merged(outcome, doc, base_id)
                self._depth[key] = self._depth[base_key] + 1
                base_key = key
            self._resolved[key] = outcome

    def _base_of(self, path: Path, doc: _Doc, walked: Sequence[tuple[Path, _Doc, str]],
                 keys: set[Path]) -> tuple[str, Path] | None:
        """The id and file of the edition ``doc`` extends (None when it extends nothing);
        ``RulesetError`` when its ``extends`` is not an id, names no edition, or comes back to
        a file of the chain walked so far."""
        ext = doc.data.get("extends")
        if ext is None:
            return None
        assert isinstance(doc.loc.items, dict)
        file, line, col = doc.loc.items["extends"].at
        if not isinstance(ext, str):
            raise RulesetError([Problem(
                file, line, col, "extends", f"should be the id of an edition, got {_show(ext)}"
            )])
        base_path = self.find(ext, near=path.parent)
        if base_path is None:
            known = ", ".join(sorted(self.known_ids(near=path.parent))) or "none"
            raise RulesetError([Problem(
                file, line, col, "extends",
                f"no edition has the id '{ext}' (known: {known})",
            )])
        base_key = base_path.resolve()
        if base_key in keys or base_key == path.resolve():
            loop = [*((k, str(d.data.get("id", k.stem))) for k, d, _ in walked),
                    (path.resolve(), str(doc.data.get("id", path.stem)))]
            start = next(i for i, (p, _) in enumerate(loop) if p == base_key)
            names = [f"'{i}' ({p.name})" for p, i in loop[start:]]
            raise RulesetError([Problem(
                file, line, col, "extends",
                "extends cycle: " + " → ".join([*names, names[0]]),
            )])
        return ext, base_path

    def _too_long(self, walked: Sequence[tuple[Path, _Doc, str]], next_key: Path
                  ) -> RulesetError:
        """The problem of a chain of more than ``MAX_EXTENDS_CHAIN`` files, at the first
        file's ``extends``: the files it passes through (the first few and the last), and how
        many more the next one builds on when that is known."""
        first = walked[0][1]
        assert isinstance(first.loc.items, dict)
        file, line, col = first.loc.items["extends"].at
        names = [f"'{d.data.get('id', k.stem)}' ({k.name})" for k, d, _ in walked]
        shown = [*names[:3], "…", names[-1]] if len(names) > 4 else names
        chain = " → ".join([*shown, f"'{walked[-1][2]}' ({next_key.name})"])
        more = self._depth.get(next_key, 1) - 1
        if more:
            chain += f" and the {more} files it builds on"
        return RulesetError([Problem(
            file, line, col, "extends",
            f"extends chain longer than {MAX_EXTENDS_CHAIN} files: {chain}; an edition "
            f"builds on at most {MAX_EXTENDS_CHAIN - 1} others",
        )])

    def _merged(self, base: _Doc, doc: _Doc, base_id: str) -> _Doc:
        """``doc`` merged over its resolved base ``base`` (whose id is ``base_id``)."""
        assert isinstance(base.loc.items, dict)
        base_data = {k: v for k, v in base.data.items() if k not in _NOT_INHERITED}
        base_loc = base.loc.with_items(
            {k: v for k, v in base.loc.items.items() if k not in _NOT_INHERITED}
        )
        problems: list[Problem] = [*base.problems, *doc.problems]
        data, loc = _merge(base_data, base_loc, doc.data, doc.loc, problems, (), base_id)
        return _Doc(data, loc, problems)

    # -- validation

    def load(self, path: Path) -> tuple[Ruleset, _Doc]:
        """Resolve and validate one file, raising every problem found at once."""
        doc = self.resolve(path)
        problems = list(doc.problems)
        from pydantic import ValidationError

        from monopoly_tui.rules.models import Ruleset

        rs: Ruleset | None
        try:
            rs = Ruleset.model_validate(doc.data)
        except ValidationError as e:
            problems.extend(_validation_problems(e, doc))
            rs = None
        except (TypeError, KeyError, IndexError, AttributeError) as e:  # a bug in a check
            problems.append(Problem(
                str(path), None, None, "",
                f"internal error while checking this ruleset ({type(e).__name__}: {e}); "
                "please report it",
            ))
            rs = None
        if problems or rs is None:
            raise RulesetError(_sorted(problems))
        return rs, doc

    def compiled(self, path: Path, use_cache: bool = True) -> tuple[cache.Compiled, _Doc]:
        """What one file compiles to: from the cache when its merged data and the validating
        code are unchanged, else validated (raising every problem at once, as ``load``) and
        then cached."""
        doc = self.resolve(path)
        key = None if doc.problems else cache.data_key(doc.data)
        if key is not None and use_cache:
            hit = cache.lookup(key)
            if hit is not None:
                return hit, doc
        rs, doc = self.load(path)
        result = cache.compile_valid(rs)
        if key is not None:
            cache.store(key, result)
        return result, doc


def _sorted(problems: list[Problem]) -> list[Problem]:
    """Problems grouped by file (in order of first appearance), then by line and column."""
    order: dict[str, int] = {}
    for p in problems:
        order.setdefault(p.file, len(order))
    unique = list(dict.fromkeys(problems))
    return sorted(unique, key=lambda p: (order[p.file], p.line or 0, p.col or 0))


# ---------------------------------------------------------------- pydantic errors → problems


class _Spot(NamedTuple):
    """Where a pydantic ``loc`` lands in the located data."""

    where: _Where
    path: tuple[Any, ...]  # the data path (union tags left out); may end with a missing key
    node: Any  # the data at the deepest existing node
    loc: _Loc  # its place
    missing: bool  # the last element of ``path`` does not exist in the data
    union_at: int | None  # index in the pydantic loc of a plain-union member name, if any


def _walk(doc: _Doc, loc: Sequence[Any]) -> _Spot:
    """Follow a pydantic error location through the data, skipping union member names."""
    node, place = doc.data, doc.loc
    path: list[Any] = []
    union_at: int | None = None
    for i, part in enumerate(loc):
        if isinstance(node, dict) and isinstance(part, Hashable) and part in node:
            assert isinstance(place.items, dict)
            node, place = node[part], place.items[part]
            path.append(part)
            continue
        if (isinstance(node, list) and isinstance(part, int) and not isinstance(part, bool)
                and 0 <= part < len(node)):
            assert isinstance(place.items, list)
            node, place = node[part], place.items[part]
            path.append(part)
            continue
        if isinstance(node, dict) and node.get("type") == part:
            continue  # a discriminated union's tag
        if _is_union_member_name(part) or not isinstance(node, dict):
            if union_at is None:
                union_at = i
            continue  # a plain union's member name ("DieFace", "int")
        # not in the data: a missing field, or a default named by a cross-check
        path.extend(loc[i:])
        where = place.key_at or place.at
        return _Spot(where, tuple(path), node, place, True, union_at)
    where = place.key_at if (place.items is not None and place.key_at) else place.at
    return _Spot(where, tuple(path), node, place, False, union_at)


def _is_union_member_name(part: Any) -> bool:
    return isinstance(part, str) and (
        part[:1].isupper() or "[" in part or part in {"int", "str", "bool", "float", "none"}
    )


def _locate_key(loc: _Loc, key: str) -> tuple[int | None, int | None, str]:
    if isinstance(loc.items, dict) and key in loc.items:
        at = loc.items[key].key_at or loc.items[key].at
        return at.line, at.col, at.file
    return loc.at.line, loc.at.col, loc.at.file


def _validation_problems(exc: ValidationError, doc: _Doc) -> list[Problem]:
    """Every pydantic error as a located problem in plain words."""
    from monopoly_tui.rules.models import CROSS_CHECK_MARK

    problems: list[Problem] = []
    # plain unions ("DieFace | int") fail once per member: keep the member that got furthest
    # and merge "should be X" / "should be Y" at the same spot into "should be X or Y".
    union_groups: dict[tuple[Any, ...], list[tuple[dict[str, Any], _Spot]]] = {}
    for err in exc.errors(include_url=False):
        err_d: dict[str, Any] = dict(err)
        loc: tuple[Any, ...] = tuple(err_d["loc"])
        if err_d["type"] == "value_error" and _error_text(err_d).startswith(CROSS_CHECK_MARK):
            for line in _error_text(err_d)[len(CROSS_CHECK_MARK):].splitlines():
                dotted, _, message = line.partition(": ")
                parts = tuple(int(p) if p.isdigit() else p for p in dotted.split(".") if p)
                spot = _walk(doc, parts)
                w = spot.where
                problems.append(Problem(w.file, w.line, w.col, _dotted(spot.path) or dotted,
                                        message.strip()))
            continue
        spot = _walk(doc, loc)
        if spot.union_at is not None:
            union_groups.setdefault(loc[: spot.union_at], []).append((err_d, spot))
            continue
        problems.append(_problem(err_d, spot, loc))
    for site, members in union_groups.items():
        deep = [(e, s) for e, s in members if len(e["loc"]) > len(site) + 1]
        if deep:
            problems.extend(_problem(e, s, tuple(e["loc"])) for e, s in deep)
            continue
        expected = [_expected(e) for e, _ in members]
        e0, s0 = members[0]
        if all(expected):
            w = s0.where
            problems.append(Problem(
                w.file, w.line, w.col, _dotted(s0.path),
                f"should be {' or '.join(dict.fromkeys(x for x in expected if x))}, "
                f"got {_show(e0['input'])}",
            ))
        else:
            problems.extend(_problem(e, s, tuple(e["loc"])) for e, s in members)
    return problems


def _error_text(err: dict[str, Any]) -> str:
    ctx = err.get("ctx") or {}
    if "error" in ctx:
        return str(ctx["error"])
    msg = str(err.get("msg", ""))
    return msg.removeprefix("Value error, ").removeprefix("Assertion failed, ")



_EXPECTED = {
    "model_type": "a mapping (key: value)",
    "model_attributes_type": "a mapping (key: value)",
    "dict_type": "a mapping (key: value)",
    "list_type": "a list",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "none_required": "empty",
}


def _expected(err: dict[str, Any]) -> str | None:
    """What a type error expected, in words ("a whole number"), or None if not a type error."""
    return _EXPECTED.get(err["type"])


def _show(value: Any) -> str:
    """A value as an author would recognise it in their YAML."""
    if value is None:
        return "nothing (the value is empty)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return repr(text)
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _problem(err: dict[str, Any], spot: _Spot, loc: tuple[Any, ...]) -> Problem:
    """One pydantic error, located and in plain words."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    value = err.get("input")
    where, path = spot.where, spot.path
    if kind == "missing":
        message = "is required but missing"
    elif kind == "extra_forbidden":
        key = path[-1] if path else loc[-1]
        message = f"unknown key '{key}'"
        close = difflib.get_close_matches(str(key), _field_names(loc[:-1]), n=1, cutoff=0.6)
        if close:
            message += f" (did you mean '{close[0]}'?)"
        where = spot.loc.key_at or where
    elif kind in ("union_tag_invalid", "union_tag_not_found"):
        tags = _union_tags(loc)
        if not tags and "expected_tags" in ctx:
            tags = [t.strip().strip("'") for t in str(ctx["expected_tags"]).split(",")]
        one_of = ", ".join(tags)
        node, place = spot.node, spot.loc
        path = (*path, "type")
        if kind == "union_tag_invalid" and isinstance(node, dict) and "type" in node:
            assert isinstance(place.items, dict)
            where = place.items["type"].at
            tag = node["type"]
            if isinstance(tag, str):
                message = f"unknown type '{tag}'; the type must be one of: {one_of}"
                close = difflib.get_close_matches(tag, tags, n=1, cutoff=0.6)
                if close:
                    message += f" (did you mean '{close[0]}'?)"
            else:
                message = f"the type must be one of: {one_of}; got {_show(tag)}"
        else:
            where = place.at
            message = f"a 'type' is needed, one of: {one_of}"
    elif kind in ("too_short", "too_long"):
        what = "items" if ctx.get("field_type", "List") != "String" else "characters"
        actual = ctx.get("actual_length")
        if kind == "too_short":
            message = f"needs at least {ctx.get('min_length')} {what}"
        else:
            message = f"can have at most {ctx.get('max_length')} {what}"
        if actual is not None:
            message += f", has {actual}"
    elif kind == "string_too_short":
        message = f"needs at least {ctx.get('min_length')} characters"
    elif kind == "string_too_long":
        has = f", has {len(value)}" if isinstance(value, str) else ""
        message = f"can have at most {ctx.get('max_length')} characters{has}"
    elif kind == "string_pattern_mismatch":
        if ctx.get("pattern") == _ID_PATTERN:
            message = ("should be an id: lowercase letters a-z, digits, '-' and '_', starting "
                       f"with a letter or digit; got {_show(value)}")
        else:
            message = f"should match the pattern {ctx.get('pattern')}, got {_show(value)}"
    elif kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {"greater_than_equal": ("at least", "ge"), "greater_than": ("more than", "gt"),
                 "less_than_equal": ("at most", "le"), "less_than": ("less than", "lt")}
        word, key = words[kind]
        message = f"should be {word} {ctx.get(key)}, got {_show(value)}"
    elif kind == "literal_error":
        message = f"should be {ctx.get('expected')}, got {_show(value)}"
    elif kind in ("value_error", "assertion_error"):
        message = _error_text(err)
    elif kind == "invalid_key":
        message = f"keys should be words, got {_show(value)}"
    elif kind in _EXPECTED:
        message = f"should be {_EXPECTED[kind]}, got {_show(value)}"
    else:
        msg = str(err.get("msg", kind))
        message = msg.replace("Input should be", "should be")
        if not isinstance(value, dict | list):
            message += f", got {_show(value)}"
    return Problem(where.file, where.line, where.col, _dotted(path), message)


# ---------------------------------------------------------------- the schema at a location


def _unwrap(tp: Any) -> Any:
    """Strip ``Annotated`` and ``X | None`` down to the interesting type."""
    while True:
        origin = typing.get_origin(tp)
        if origin is typing.Annotated:
            tp = typing.get_args(tp)[0]
            continue
        if origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) == 1:
                tp = args[0]
                continue
        return tp


def _type_at(loc: Sequence[Any]) -> Any:
    """The schema type at a pydantic error location (union tags included), or None."""
    from pydantic import BaseModel

    from monopoly_tui.rules.models import Ruleset

    tp: Any = Ruleset
    for part in loc:
        tp = _unwrap(tp)
        origin = typing.get_origin(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            fld = next((f for n, f in tp.model_fields.items() if part in (n, f.alias)), None)
            if fld is None:
                return None
            tp = fld.annotation
        elif origin is list:
            tp = typing.get_args(tp)[0]
        elif origin is dict:
            tp = typing.get_args(tp)[1]
        elif origin in (typing.Union, types.UnionType):
            for member in typing.get_args(tp):
                m = _unwrap(member)
                if getattr(m, "__name__", None) == part or part in _literal_tags(m):
                    tp = m
                    break
            else:
                return None
        else:
            return None
    return _unwrap(tp)


def _literal_tags(model: Any) -> tuple[str, ...]:
    from pydantic import BaseModel

    if isinstance(model, type) and issubclass(model, BaseModel) and "type" in model.model_fields:
        return tuple(str(a) for a in typing.get_args(model.model_fields["type"].annotation))
    return ()


def _field_names(loc: Sequence[Any]) -> list[str]:
    """The keys allowed in the mapping at a pydantic location (for 'did you mean')."""
    from pydantic import BaseModel

    tp = _type_at(loc)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return [f.alias or n for n, f in tp.model_fields.items()]
    return []


def _union_tags(loc: Sequence[Any]) -> list[str]:
    """The ``type`` values allowed for the tagged union at a pydantic location."""
    tp = _type_at(loc)
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return [t for m in typing.get_args(tp) for t in _literal_tags(_unwrap(m))]
    return []


def installed_ids() -> set[str]:
    """The ids of the editions in the ruleset folders (read from each file's ``id:`` line;
    a file that turns out broken is still counted)."""
    return _Session().known_ids(near=None)
