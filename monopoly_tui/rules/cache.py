"""Compiled editions kept between runs, so that a start-up does not validate again a ruleset that
has not changed.

Validating a ruleset means importing pydantic and building every model of ``models.py``, about
half of what ``monopoly-tui editions`` or ``monopoly-tui simulate`` cost to start. So once a
ruleset has passed every check, what the checks produced (the menu's facts about the edition and
the engine's ``Spec``) is written to a cache file, and later runs read it back instead of
validating.

The cache can never be less strict than validating:

- **The key is everything the result depends on.** It hashes the ruleset's data exactly as the
  validator would receive it (read from YAML, ``extends`` merged in: types, key order and all)
  together with the source of every module that validates or compiles it (``monopoly_tui/rules/
  *.py``, ``engine/spec.py``, and ``engine/snapshot.py``, which encodes the ``Spec`` here), the
  game's version and pydantic's version. The same input to the same code gives the same result,
  so a hit is what validating would have produced; any change to the file, to a base it
  extends, or to the checks (a new check in ``models.py``, say) is a miss and validates again.
- **Only successes are kept.** A ruleset with a problem is validated, and its problems reported,
  on every run. So is one whose data is not plain (a YAML date or a non-text key): its key could
  not be exact.
- **A damaged cache is a miss.** Each file holds a checksum of its own content; a file that does
  not read, parse, match its checksum or decode is ignored and written anew. Failing to write
  (a read-only folder) only means validating next time too.

Where: ``$MONOPOLY_TUI_CACHE`` if set (an empty value turns the cache off), else ``editions`` in
the user cache folder (``platformdirs.user_cache_dir("monopoly-tui")``). Nothing is written
anywhere else. Files of other code versions are removed when a new file is written, and the
folder keeps at most ``MAX_FILES`` of them.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from monopoly_tui.engine.spec import Spec
    from monopoly_tui.rules.models import Ruleset

ENV_VAR: Final = "MONOPOLY_TUI_CACHE"
"""Environment variable: the cache folder to use instead of the default (empty: no cache)."""
FORMAT: Final = 1
"""The cache files' layout; a change makes every older file a miss."""
MAX_FILES: Final = 64
"""At most this many cache files are kept; the least recently written go first."""
_SUFFIX: Final = ".json"
_PACKAGE = Path(__file__).resolve().parents[1]
_CODE_FILES: Final = ("engine/spec.py", "engine/snapshot.py", "engine/frame.py")
"""Besides every module of ``monopoly_tui/rules`` and of ``engine/mechanics`` (whose blocks of
the spec, like the Ring's, are cached too): the source the cached result depends on."""


def cache_dir() -> Path | None:
    """The folder of the cache files, or None when the cache is off (``$MONOPOLY_TUI_CACHE``
    set to an empty value)."""
    env = os.environ.get(ENV_VAR)
    if env is not None:
        return Path(env).expanduser() if env.strip() else None
    import platformdirs

    return Path(platformdirs.user_cache_dir("monopoly-tui")) / "editions"


@lru_cache(maxsize=1)
def code_fingerprint() -> str | None:
    """A hash of the code that turns a ruleset's data into its result (see the module
    docstring), or None when some of that source cannot be read (then nothing is cached)."""
    from monopoly_tui import __version__

    h = hashlib.sha256(f"format {FORMAT}\nversion {__version__}\n".encode())
    try:
        files = sorted((_PACKAGE / "rules").glob("*.py"))
        files += sorted((_PACKAGE / "engine" / "mechanics").glob("*.py"))
        files += [_PACKAGE / name for name in _CODE_FILES]
        pydantic = find_spec("pydantic")
        if pydantic is None or pydantic.origin is None:
            return None
        files.append(Path(pydantic.origin).with_name("version.py"))
        for path in files:
            h.update(f"\n{path.name}\n".encode())
            h.update(path.read_bytes())
    except OSError:
        return None
    return h.hexdigest()


def _plain(value: Any, depth: int = 0) -> bool:
    """Whether a value is made only of what JSON writes one way each: mappings with text keys,
    lists, text, whole numbers, numbers, true/false and empty."""
    if depth > 200:
        return False
    t = type(value)
    if t is str or t is int or t is float or t is bool or value is None:
        return True
    if t is list:
        return all(_plain(v, depth + 1) for v in value)
    if t is dict:
        return all(type(k) is str and _plain(v, depth + 1) for k, v in value.items())
    return False


def data_key(data: Any) -> str | None:
    """The cache key of a ruleset's merged data, or None when it cannot be cached (the data is
    not plain, or the code's source cannot be read)."""
    code = code_fingerprint()
    if code is None or not _plain(data):
        return None
    # Key order kept, so the key is exactly the data the validator sees.
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=True)
    return code[:16] + "-" + hashlib.sha256(text.encode()).hexdigest()[:32]


@dataclass(slots=True)
class Compiled:
    """What a valid ruleset compiles to: the menu's facts about it and the engine's ``Spec``
    (decoded from the cache file only when asked for)."""

    id: str
    name: str
    year: int | None
    description: str
    players_min: int
    players_max: int
    extends: str | None
    spec_data: dict[str, Any]
    _spec: Spec | None = field(default=None, repr=False)

    def spec(self) -> Spec:
        """The engine's view of the edition. Raises ``SnapshotError`` (or ``TypeError``) when
        cached data does not decode; the loader then validates the ruleset instead."""
        if self._spec is None:
            from monopoly_tui.engine.snapshot import decode
            from monopoly_tui.engine.spec import Spec

            self._spec = decode(Spec, self.spec_data, "spec")
        return self._spec

    def facts(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "year": self.year,
                "description": self.description, "players_min": self.players_min,
                "players_max": self.players_max, "extends": self.extends}


def compile_valid(ruleset: Ruleset) -> Compiled:
    """A validated ruleset's menu facts and compiled ``Spec``."""
    from monopoly_tui.engine.snapshot import encode
    from monopoly_tui.rules.compile import compile_ruleset

    spec = compile_ruleset(ruleset)
    return Compiled(
        id=ruleset.id, name=ruleset.name, year=ruleset.year, description=ruleset.description,
        players_min=ruleset.players.min, players_max=ruleset.players.max,
        extends=ruleset.extends, spec_data=encode(spec), _spec=spec,
    )


def _checksum(body: dict[str, Any]) -> str:
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _opt(value: Any, kind: type) -> bool:
    return value is None or (type(value) is kind)


def lookup(key: str) -> Compiled | None:
    """The cached result for a key, or None (no file, or one that is damaged in any way)."""
    folder = cache_dir()
    if folder is None:
        return None
    try:
        doc = json.loads((folder / (key + _SUFFIX)).read_bytes())
        body = doc["body"]
        if doc["format"] != FORMAT or doc["key"] != key or doc["checksum"] != _checksum(body):
            return None
        facts, spec_data = body["facts"], body["spec"]
        ok = (
            type(facts["id"]) is str and type(facts["name"]) is str
            and _opt(facts["year"], int) and type(facts["description"]) is str
            and type(facts["players_min"]) is int and type(facts["players_max"]) is int
            and _opt(facts["extends"], str) and type(spec_data) is dict
        )
        if not ok:
            return None
        return Compiled(**facts, spec_data=spec_data)
    except Exception:  # a damaged file, whatever its fault, is only a miss
        return None


def store(key: str, compiled: Compiled) -> None:
    """Write a result to the cache (atomically); a folder that cannot be written is skipped."""
    folder = cache_dir()
    if folder is None:
        return
    body = {"facts": compiled.facts(), "spec": compiled.spec_data}
    doc = {"format": FORMAT, "key": key, "checksum": _checksum(body), "body": body}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=_SUFFIX, dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(doc, out, ensure_ascii=False, separators=(",", ":"))
            os.replace(tmp, folder / (key + _SUFFIX))
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _prune(folder, key)
    except (OSError, ValueError, TypeError):
        return


def _prune(folder: Path, keep: str) -> None:
    """Remove files of other code versions and the oldest past ``MAX_FILES``."""
    code = keep.split("-", 1)[0]
    mine: list[tuple[float, Path]] = []
    for path in folder.glob("*" + _SUFFIX):
        if path.name.startswith(".tmp-"):
            continue
        try:
            if not path.name.startswith(code + "-"):
                path.unlink()
            elif path.stem != keep:
                mine.append((path.stat().st_mtime, path))
        except OSError:
            continue
    mine.sort()
    for _, path in mine[: max(0, len(mine) - (MAX_FILES - 1))]:
        try:
            path.unlink()
        except OSError:
            continue
