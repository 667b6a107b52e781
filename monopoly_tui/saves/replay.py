"""A saved game told again: its decision log replayed, one line per event.

Used by ``monopoly-tui replay SAVE`` to examine a finished or broken game. The replay starts
from the save's options and plays each logged decision on the current rules; it stops, saying
why, at a decision that does not apply, and says where the saved snapshot differs from the
replayed game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from pathlib import Path

from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import Spec
from monopoly_tui.saves.files import same_rules
from monopoly_tui.saves.format import SaveFile


@dataclass
class ReplayLine:
    """One line of the replay: a decision (``decision`` >= 1), an event (``event`` set), a
    ``note`` about the replay (the rules changed), or a ``problem`` (the log stops applying, or
    the snapshot differs from the replay)."""

    text: str
    decision: int = 0
    event: Event | None = None
    problem: bool = False
    note: bool = False


Describer = Callable[[list[Event], Game], list[str | None]]
"""The lines of one choice's events, one entry per event (``None``: no line of its own)."""


def _describer() -> Describer:
    """``monopoly_tui.engine.describe.describe_each`` when it is there (it reads one choice's
    events together), else ``plain_event`` for each."""
    try:
        mod = importlib.import_module("monopoly_tui.engine.describe")
    except ImportError:
        return _plain_each
    fn = getattr(mod, "describe_each", None)
    return fn if callable(fn) else _plain_each


def _plain_each(events: list[Event], game: Game) -> list[str | None]:
    return [plain_event(e, game) for e in events]


def plain_event(event: Event, game: Game) -> str:
    """An event as its kind and the fields that are set, with names for players and deeds."""
    parts = [event.kind]
    players = game.st.players
    for f in fields(Event):
        if f.name == "kind":
            continue
        value = getattr(event, f.name)
        if value == f.default:
            continue
        if f.name in ("player", "other") and isinstance(value, int) and 0 <= value < len(players):
            value = players[value].name
        elif f.name == "deed" and isinstance(value, int) and 0 <= value < len(game.spec.deeds):
            value = game.spec.deeds[value].name
        elif f.name == "space" and isinstance(value, int) and 0 <= value < game.spec.size:
            value = game.spec.spaces[value].name
        parts.append(f"{f.name}={value}")
    return " ".join(str(p) for p in parts)


def action_text(action: Action, game: Game) -> str:
    """A decision in a few words: who chose what, in the edition's words, said by the one
    describer of decisions (``engine.describe.action_words``) from the game as it stands
    before the decision is played."""
    from monopoly_tui.engine.describe import action_words

    players = game.st.players
    who = players[action.player].name if 0 <= action.player < len(players) else \
        f"player {action.player}"
    return f"{who}: {action_words(game, action)}"


def replay_lines(save: SaveFile, spec: Spec, path: str | Path = "") -> Iterator[ReplayLine]:
    """The game's story: the setup's events, then each decision and its events. A decision
    that does not apply ends it with a problem line; so does a snapshot that differs."""
    describe = _describer()
    o = save.options
    try:
        game = Game.new(spec, [(s.name, s.token) for s in o.players], seed=o.seed,
                        variant=o.variant, house_rules=dict(o.house_rules),
                        setup=dict(o.setup) or None)
    except (ValueError, KeyError) as e:
        yield ReplayLine(f"the game cannot be set up again: {e}", problem=True)
        return
    if not same_rules(spec, save.ruleset.hash):
        yield ReplayLine(
            f"note: the rules of '{spec.id}' have changed since the game was saved (hash "
            f"{save.ruleset.hash} then, {spec.content_hash} now); replaying on the current rules",
            note=True,
        )
    yield from _events(game.last_events, game, describe)
    total = len(save.log)
    for i, raw in enumerate(save.log):
        try:
            action = snap.decode_action(raw, f"log[{i}]")
        except snap.SnapshotError as e:
            yield ReplayLine(f"decision {i + 1} of {total} is damaged: {e}", i + 1, problem=True)
            return
        yield ReplayLine(f"#{i + 1} {action_text(action, game)}", i + 1)
        try:
            events = list(game.act(action))
        except IllegalAction as e:
            yield ReplayLine(
                f"decision {i + 1} of {total} is not legal here: {e.reason}; the replay stops",
                i + 1, problem=True,
            )
            return
        yield from _events(events, game, describe)
    try:
        saved = snap.decode_state(save.snapshot.state, "snapshot.state", game.spec)
    except snap.SnapshotError as e:
        yield ReplayLine(f"the saved snapshot is damaged: {e}", problem=True)
        return
    diff = snap.state_diff(saved, game.st)
    if diff:
        yield ReplayLine(
            "the saved snapshot differs from the replayed game (saved != replayed): "
            + "; ".join(diff),
            problem=True,
        )


def _events(events: list[Event], game: Game, describe: Describer) -> Iterator[ReplayLine]:
    try:
        texts = describe(events, game)
    except Exception:  # a describer fault must not hide the events
        texts = _plain_each(events, game)
    for e, text in zip(events, texts, strict=True):
        if text:
            yield ReplayLine(f"  {text}", event=e)


def load_for_replay(name_or_path: str | Path, saves_dir: str | Path | None = None
                    ) -> tuple[SaveFile, Spec, Path]:
    """The save (a file, or a game of the saves folder's journal by name) and the current
    rules of its edition, without the checks a resume makes (a broken game can still be
    told)."""
    from monopoly_tui.saves.files import load_spec, read_save, save_path
    from monopoly_tui.saves.store import _is_file_ref, save_file_of

    text = str(name_or_path)
    if _is_file_ref(text):
        path = save_path(name_or_path, saves_dir)
        save = read_save(path)
    else:
        save, path = save_file_of(text, saves_dir)
    return save, load_spec(save.ruleset.id, path), path
