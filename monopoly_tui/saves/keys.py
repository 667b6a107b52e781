"""The saves folder's key: what seals the games saved there.

A seal is an HMAC-SHA256 keyed with the folder's own key, a file only this program writes
(``.monopoly-tui-key``: 64 hex digits, readable by its owner only). A game whose seal matches
was written by this program in this folder and unchanged since; anything else is trusted only
once a replay of its decisions gives its state.

The rules of the key:

- It is created atomically: written whole to a temporary file, fsynced, then linked to its
  name (a link never replaces a key another process made at the same moment), so a kill never
  leaves an empty or half-written key.
- It is checked every time it is read: a regular file of 64 hex digits whose 32 bytes are not
  all one value and not a short pattern. A key that fails (empty, unreadable, a folder, a FIFO,
  too long, planted zeros) is never used and never silently ignored: it is moved aside
  (``.monopoly-tui-key.broken-<time>``), a new key takes its place, and ``KeyState.message``
  says so. Games sealed with the old key then load by a replay of their decisions.
- ``key_id`` names a key without showing it (the first 16 hex digits of its SHA-256), so a
  seal made under an earlier key is told from a game changed by hand.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

KEY_FILE = ".monopoly-tui-key"
KEY_BYTES = 32
_MAX_KEY_FILE = 256


@dataclass(frozen=True)
class KeyState:
    """A folder's key, or why there is none; ``message`` is what the player must be told (a
    broken key was replaced), else ''."""

    key: bytes | None
    message: str = ""

    @property
    def key_id(self) -> str:
        return key_id(self.key) if self.key is not None else ""


def key_id(key: bytes) -> str:
    """A key's name: the first 16 hex digits of its SHA-256 (the key itself stays secret)."""
    return hashlib.sha256(b"monopoly-tui key id\0" + key).hexdigest()[:16]


_CACHE: dict[Path, tuple[tuple[int, int, int], bytes]] = {}


def key_problem(raw: bytes) -> str | None:
    """What is wrong with a key file's bytes, or None for a good key."""
    text = raw.decode("ascii", "replace").strip()
    if not text:
        return "it is empty"
    if len(text) != 2 * KEY_BYTES:
        return f"it holds {len(text)} characters, not the {2 * KEY_BYTES} hex digits of a key"
    try:
        key = bytes.fromhex(text)
    except ValueError:
        return "it is not hex digits"
    if len(set(key)) < 8 or any(key == key[:n] * (KEY_BYTES // n) for n in (1, 2, 4, 8)):
        return "it is not random (a repeated pattern, such as all zeros)"
    return None


def _read_key(path: Path) -> tuple[bytes | None, str | None]:
    """The key at ``path`` and None, or None and what is wrong (None, None: there is none)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        return None, None
    except IsADirectoryError:
        return None, "it is a folder"
    except OSError as e:
        return None, f"it cannot be read ({e.strerror or e})"
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None, "it is not a regular file (a pipe, a device or a folder)"
        if info.st_size > _MAX_KEY_FILE:
            return None, f"it is {info.st_size} bytes long (a key is {2 * KEY_BYTES + 1})"
        mark = (info.st_ino, info.st_mtime_ns, info.st_size)
        cached = _CACHE.get(path)
        if cached is not None and cached[0] == mark:
            return cached[1], None
        raw = os.read(fd, _MAX_KEY_FILE + 1)
    except OSError as e:
        return None, f"it cannot be read ({e.strerror or e})"
    finally:
        os.close(fd)
    problem = key_problem(raw)
    if problem is not None:
        return None, problem
    key = bytes.fromhex(raw.decode("ascii").strip())
    _CACHE[path] = (mark, key)
    return key, None


def _create(path: Path) -> bool:
    """Write a new key atomically; False when another process made one first."""
    tmp = path.with_name(f"{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(secrets.token_hex(KEY_BYTES) + "\n")
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # never replaces a key made meanwhile
        except FileExistsError:
            return False
        return True
    finally:
        with contextlib.suppress(OSError):
            tmp.unlink()


def folder_key(folder: Path, create: bool = False) -> KeyState:
    """The folder's key (made with ``create`` when there is none). A broken key is moved aside
    and, with ``create``, replaced, and the state's message says so; without ``create`` it is
    left as it is and reported."""
    path = folder / KEY_FILE
    key, problem = _read_key(path)
    if key is not None:
        return KeyState(key)
    if not create:
        return KeyState(None, f"the saves folder's key {path} is broken: {problem}"
                        if problem else "")
    message = ""
    if problem is not None:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        aside = path.with_name(f"{KEY_FILE}.broken-{stamp}-{secrets.token_hex(2)}")
        try:
            os.rename(path, aside)
        except FileNotFoundError:  # another process moved it aside first
            return folder_key(folder, create=True)
        except OSError as e:
            return KeyState(None, f"the saves folder's key {path} is broken ({problem}) and "
                            f"cannot be moved aside ({e.strerror or e}): games are saved "
                            "without a seal, and checked by a replay when they are opened")
        message = (f"The saves folder's key was broken ({problem}); it was moved aside to "
                   f"{aside.name} and a new key was made. Games sealed with the old key are "
                   "checked by a replay of their decisions when they are opened.")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        _create(path)
    except OSError as e:
        return KeyState(None, message or f"the saves folder's key cannot be made "
                        f"({e.strerror or e}): games are saved without a seal")
    key, problem = _read_key(path)
    if key is None:
        return KeyState(None, f"the saves folder's key {path} is broken: {problem}")
    return KeyState(key, message)
