"""The save file format: versioned JSON, checked by these pydantic models when it is read.

A save file is one JSON object::

    {
    "format": "monopoly-tui-save",
    "version": 1,
    "app_version": "0.1.0",
    "name": "autosave-classic-20250101-120000-3f2a",
    "kind": "auto",                       # or "named"
    "game_id": "20250101-120000-3f2a",
    "created": "2025-01-01T12:00:00+00:00",
    "updated": "2025-01-01T12:34:56+00:00",
    "ruleset": {"id": "classic", "hash": "e289b2f989489429", "name": "Monopoly (classic)"},
    "options": {"seed": 7, "variant": null, "house_rules": {},
                "players": [{"name": "Ann", "token": "Thimble", "computer": false,
                             "bot": null, "pace": null}, ...]},
    "turn": 41, "round": 13, "decisions": 523, "to_move": 2, "over": false,
    "summary": {...},                     # for listings: players, cash, whose move
    "snapshot": {"digest": "...", "state": {...every GameState field...}},
    "table": {"decisions": 523, "stats": {...}, "log": [...]},   # optional: the app's view
    "log": [
    {"kind": "roll", "player": 0},
    ...                                   # every decision, in order, one per line
    ],
    "seal": "9c1f..."                     # version 2: see below
    }

``version`` goes up when a save written by this version could not be read by an older one.
Version 2 added ``seal``: an HMAC-SHA256, keyed with the saves folder's own key (a file only
this program writes), of every byte before the seal. A save whose seal matches was written by
this program in this folder and loads from its snapshot; any other (edited by hand, written
elsewhere or by version 1) is trusted only once a replay of its log gives its state.
Version 3: auctions follow the rulebooks (a player who passed may raise again). A save of an
earlier version was played with a pass final: it is read with the house rule
``auction_pass_final`` on, so its log replays and it plays on by the rule it began with.

Ids and names that become file names are checked here: a ``game_id`` is letters, digits,
``-`` and ``_`` (at most 64), so no save can make an autosave escape the saves folder.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

FORMAT = "monopoly-tui-save"
VERSION = 3
"""The newest save format version this program reads and the one it writes."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Seat(_Strict):
    """A player's seat: who plays it, and for a computer seat which bot and how fast."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    token: str
    computer: bool = False
    bot: str | None = None
    """The bot's name (for ``monopoly_tui.bots.make_bot``), for a computer seat."""
    pace: float | str | None = None
    """How fast the bot plays (seconds per decision, or a named pace), if chosen."""


GAME_ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A game id: it is part of the autosave's file name."""
EDITION_ID_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def _checked_id(value: str, pattern: re.Pattern[str], what: str) -> str:
    if not pattern.fullmatch(value):
        shown = value if len(value) <= 40 else value[:37] + "..."
        raise ValueError(f"{shown!r} is not {what} (letters, digits, '-' and '_', at most 64)")
    return value


class RulesetRef(_Strict):
    id: str

    @field_validator("id")
    @classmethod
    def _edition_id(cls, value: str) -> str:
        return _checked_id(value, EDITION_ID_RE, "an edition id")

    hash: str
    """``content_hash`` of the ruleset the game was played with."""
    name: str = ""


class Options(_Strict):
    """How the game was set up: with the ruleset, enough to start it again."""

    seed: int
    variant: str | None = None
    house_rules: dict[str, bool | int] = Field(default_factory=dict)
    players: list[Seat] = Field(min_length=1)
    setup: dict[str, Any] = Field(default_factory=dict)
    """The mechanics' setup choices (the Dungeon Master cards); left out of a save when
    empty."""


class PlayerSummary(_Strict):
    name: str
    token: str
    cash: int
    bankrupt: bool = False
    computer: bool = False


class Summary(_Strict):
    """What a list of saves shows, without loading the game."""

    edition: str
    text: str
    players: list[PlayerSummary]
    to_move: str | None = None
    decision: str | None = None
    winner: str | None = None


class Snapshot(_Strict):
    digest: str
    """sha256 of the state's canonical JSON: a state changed by hand no longer matches it."""
    state: dict[str, Any]


class SaveHeader(_Strict):
    """Everything but the snapshot and the log: what a listing needs."""

    model_config = ConfigDict(extra="ignore")

    format: Literal["monopoly-tui-save"]
    version: int
    app_version: str
    name: str
    kind: Literal["auto", "named"]
    game_id: str
    created: datetime
    updated: datetime
    ruleset: RulesetRef
    options: Options
    turn: int = Field(ge=0)
    round: int = Field(ge=0)
    decisions: int = Field(ge=0)
    to_move: int = Field(ge=-1)
    """The player whose decision the game waits for, or -1 when it is over."""
    over: bool
    summary: Summary

    @field_validator("game_id")
    @classmethod
    def _game_id(cls, value: str) -> str:
        return _checked_id(value, GAME_ID_RE, "a game id")


class SaveFile(SaveHeader):
    """A whole save file."""

    model_config = ConfigDict(extra="forbid")

    snapshot: Snapshot
    log: list[Any]
    """Every decision taken, in order (``monopoly_tui.engine.snapshot.encode_action``); each
    is checked when it is decoded (``log[3].kind: expected a string``)."""
    seal: str | None = None
    """The HMAC of the bytes before it (version 2), when the folder had a key."""
    table: dict[str, Any] | None = None
    """What the app showed when it saved (its running statistics and the log's last lines),
    so resuming need not replay the whole game to show them again; written by the app, read
    only from a sealed save whose decision count it matches."""
