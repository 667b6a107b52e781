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
    "log": [
    {"kind": "roll", "player": 0},
    ...                                   # every decision, in order, one per line
    ]
    }

``version`` goes up when a save written by this version could not be read by an older one.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

FORMAT = "monopoly-tui-save"
VERSION = 1
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


class RulesetRef(_Strict):
    id: str
    hash: str
    """``content_hash`` of the ruleset the game was played with."""
    name: str = ""


class Options(_Strict):
    """How the game was set up: with the ruleset, enough to start it again."""

    seed: int
    variant: str | None = None
    house_rules: dict[str, bool | int] = Field(default_factory=dict)
    players: list[Seat] = Field(min_length=1)


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


class SaveFile(SaveHeader):
    """A whole save file."""

    model_config = ConfigDict(extra="forbid")

    snapshot: Snapshot
    log: list[dict[str, Any]]
    """Every decision taken, in order (``monopoly_tui.engine.snapshot.encode_action``)."""
