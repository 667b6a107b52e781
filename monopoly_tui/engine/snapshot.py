"""The game state as plain JSON-able data, and back: pure functions, no I/O.

The codec is generic over the engine's dataclasses: it walks ``dataclasses.fields`` and the
type annotations, so a field added to ``GameState`` (or to a record inside it) is saved and
restored without touching this module. Supported field types: ``int``, ``bool``, ``str``,
``float``, ``None``, ``list[X]``, ``tuple[X, ...]``, ``tuple[X, Y]``, ``dict[str, X]``,
``X | None``, nested dataclasses and ``random.Random`` (saved as its ``getstate()``).

Decoding is strict and says where a value is wrong (``state.players[2].cash: expected a whole
number, got "abc"``); a field missing from the data takes its default when it has one, so a
save written before a field existed still loads.

``check_state`` lists what in a state breaks the rules of an edition (owners in range,
buildings within the bank's supply, money accounted for...), and ``state_diff`` lists the
fields where two states differ.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import frames as _frames  # noqa: F401  (registers the core's frames)
from monopoly_tui.engine import mechanics as _mechanics  # noqa: F401  (registers their records)
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.frame import TAG_OF, TAGGED, Frame, MechanicConfig, MechanicState
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import GameState

T = TypeVar("T")

Json = Any
"""A value made of dicts, lists, str, int, float, bool and None."""


class SnapshotError(ValueError):
    """Data that does not decode into the engine's types; ``path`` says where."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


# ---------------------------------------------------------------- encoding


def encode(value: Any, compact: bool = False) -> Json:
    """A dataclass value (or anything the codec supports) as plain JSON-able data.

    ``compact`` leaves out dataclass fields that hold their default value (used for the
    decision log, where most choices are just a kind and a player).
    """
    t = type(value)
    if t in _SCALARS:
        return value
    plan = _DEFAULTS.get(t)
    if plan is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        plan = _defaults(t)
    if plan is not None:
        out: dict[str, Json] = {}
        tag = TAG_OF.get(t, "")
        if tag:  # a frame or a mechanic's state: saved with its kind
            out["type"] = tag
        for f, default in plan:
            v = getattr(value, f)
            if compact and default is not _NO_DEFAULT and v == default:
                continue
            out[f] = v if type(v) in _SCALARS else encode(v, compact)
        return out
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [v if type(v) in _SCALARS else encode(v, compact) for v in value]
    if isinstance(value, random.Random):
        version, internal, gauss = value.getstate()
        return {"version": version, "internal": list(internal), "gauss": gauss}
    if isinstance(value, dict):
        enc: dict[str, Json] = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise TypeError(f"cannot save a dict key of type {type(k).__name__}: {k!r}")
            enc[k] = encode(v, compact)
        return enc
    raise TypeError(f"cannot save a value of type {type(value).__name__}: {value!r}")


_SCALARS = frozenset({type(None), bool, int, float, str})
_NO_DEFAULT = object()
_DEFAULTS: dict[type, list[tuple[str, Any]]] = {}


def _defaults(cls: type) -> list[tuple[str, Any]]:
    """(field name, default value or _NO_DEFAULT) for each field of a dataclass, cached."""
    got = _DEFAULTS.get(cls)
    if got is None:
        got = []
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                got.append((f.name, f.default))
            elif f.default_factory is not dataclasses.MISSING:
                got.append((f.name, f.default_factory()))
            else:
                got.append((f.name, _NO_DEFAULT))
        _DEFAULTS[cls] = got
    return got


# ---------------------------------------------------------------- decoding

_Decoder = Callable[[Any, str], Any]
_DECODERS: dict[Any, _Decoder] = {}


def decode(tp: type[T], data: Json, path: str = "") -> T:
    """The value of type ``tp`` that ``data`` encodes; ``SnapshotError`` says what is wrong."""
    return typing.cast(T, _decoder(tp)(data, path))


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _decoder(tp: Any) -> _Decoder:
    got = _DECODERS.get(tp)
    if got is None:
        got = _make_decoder(tp)
        _DECODERS[tp] = got
    return got


def _make_decoder(tp: Any) -> _Decoder:
    """One branch per supported type."""
    if tp is Any:
        return lambda data, path: data
    if tp is int:
        def dec_int(data: Any, path: str) -> int:
            if isinstance(data, int) and not isinstance(data, bool):
                return data
            raise SnapshotError(path, f"expected a whole number, got {_kind(data)}")
        return dec_int
    if tp is bool:
        def dec_bool(data: Any, path: str) -> bool:
            if isinstance(data, bool):
                return data
            raise SnapshotError(path, f"expected true or false, got {_kind(data)}")
        return dec_bool
    if tp is str:
        def dec_str(data: Any, path: str) -> str:
            if isinstance(data, str):
                return data
            raise SnapshotError(path, f"expected a string, got {_kind(data)}")
        return dec_str
    if tp is float:
        def dec_float(data: Any, path: str) -> float:
            if isinstance(data, (int, float)) and not isinstance(data, bool):
                return float(data)
            raise SnapshotError(path, f"expected a number, got {_kind(data)}")
        return dec_float
    if tp is type(None):
        def dec_none(data: Any, path: str) -> None:
            if data is not None:
                raise SnapshotError(path, f"expected null, got {_kind(data)}")
        return dec_none
    if tp is random.Random:
        return _dec_random
    if tp is Frame or tp is MechanicState or tp is MechanicConfig:
        return _tagged_decoder(
            "frame" if tp is Frame else "mechanic" if tp is MechanicState else "config")
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dataclass_decoder(tp)
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        optional = len(options) < len(args)
        if len(options) != 1:
            raise TypeError(f"the save codec cannot decide between the types of {tp}")
        inner = _decoder(options[0])

        def dec_optional(data: Any, path: str) -> Any:
            if data is None and optional:
                return None
            return inner(data, path)
        return dec_optional
    if origin is list:
        item = _decoder(args[0] if args else Any)

        def dec_list(data: Any, path: str) -> list[Any]:
            if not isinstance(data, list):
                raise SnapshotError(path, f"expected a list, got {_kind(data)}")
            return [item(v, f"{path}[{i}]") for i, v in enumerate(data)]
        return dec_list
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])

            def dec_tuple_var(data: Any, path: str) -> tuple[Any, ...]:
                if not isinstance(data, list):
                    raise SnapshotError(path, f"expected a list, got {_kind(data)}")
                return tuple(item(v, f"{path}[{i}]") for i, v in enumerate(data))
            return dec_tuple_var
        if args == ((),):  # tuple[()]
            args = ()
        items = [_decoder(a) for a in args]

        def dec_tuple(data: Any, path: str) -> tuple[Any, ...]:
            if not isinstance(data, list) or len(data) != len(items):
                raise SnapshotError(path, f"expected a list of {len(items)}, got {_kind(data)}")
            return tuple(d(v, f"{path}[{i}]") for i, (d, v) in enumerate(zip(items, data,
                                                                                strict=True)))
        return dec_tuple
    if origin is dict:
        if args and args[0] is not str:
            raise TypeError(f"the save codec only handles dicts with string keys, not {tp}")
        value = _decoder(args[1] if args else Any)

        def dec_dict(data: Any, path: str) -> dict[str, Any]:
            if not isinstance(data, dict):
                raise SnapshotError(path, f"expected an object, got {_kind(data)}")
            return {k: value(v, f"{path}.{k}") for k, v in data.items()}
        return dec_dict
    raise TypeError(f"the save codec does not handle the type {tp!r}")


def _dec_random(data: Any, path: str) -> random.Random:
    if not isinstance(data, dict) or set(data) != {"version", "internal", "gauss"}:
        raise SnapshotError(
            path, "expected the random generator's state (version, internal, gauss)"
        )
    internal = data["internal"]
    if not isinstance(internal, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in internal
    ):
        raise SnapshotError(f"{path}.internal", "expected a list of whole numbers")
    rng = random.Random()
    try:
        rng.setstate((data["version"], tuple(internal), data["gauss"]))
    except (ValueError, TypeError, OverflowError) as e:
        raise SnapshotError(path, f"not a valid random generator state ({e})") from None
    return rng


def field_types(cls: type) -> dict[str, Any]:
    """The declared type of each field of one of the engine's dataclasses.

    That is ``typing.get_type_hints``, except where the class's module runs compiled: mypyc
    keeps only the runtime classes in the annotations (``list`` for ``list[Player]``, ``type``
    for ``TradeOffer | None``), too little to decode a save; ``buildinfo`` then reads them
    back from the source the wheel ships beside the compiled module."""
    from monopoly_tui.buildinfo import declared_field_types, is_compiled

    if not is_compiled(cls.__module__):
        hints = typing.get_type_hints(cls)
        return {f.name: hints[f.name] for f in dataclasses.fields(cls)}
    return declared_field_types(cls)


def _tagged_decoder(family: str) -> _Decoder:
    """A record of one of a family's registered kinds, read by its ``type`` tag."""
    known = TAGGED[family]

    def dec_tagged(data: Any, path: str) -> Any:
        if not isinstance(data, dict):
            raise SnapshotError(path, f"expected an object (a {family}), got {_kind(data)}")
        tag = data.get("type")
        cls = known.get(tag) if isinstance(tag, str) else None
        if cls is None:
            raise SnapshotError(f"{path}.type", f"{_kind(tag)} is not a kind of {family} "
                                f"(known: {', '.join(sorted(known))})")
        rest = {k: v for k, v in data.items() if k != "type"}
        return _decoder(cls)(rest, path)
    return dec_tagged


def _dataclass_decoder(cls: type) -> _Decoder:
    hints = field_types(cls)
    plan: list[tuple[str, _Decoder, bool]] = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        has_default = (
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        )
        plan.append((f.name, _decoder(hints[f.name]), has_default))
    names = {name for name, _, _ in plan}

    def dec_dataclass(data: Any, path: str) -> Any:
        if not isinstance(data, dict):
            raise SnapshotError(path, f"expected an object ({cls.__name__}), got {_kind(data)}")
        unknown = [k for k in data if k not in names]
        if unknown:
            raise SnapshotError(
                f"{path}.{unknown[0]}" if path else unknown[0],
                f"unknown field of {cls.__name__} (known: {', '.join(sorted(names))})",
            )
        kwargs = {}
        for name, dec, has_default in plan:
            where = f"{path}.{name}" if path else name
            if name in data:
                kwargs[name] = dec(data[name], where)
            elif not has_default:
                raise SnapshotError(where, f"missing (a {cls.__name__} needs it)")
        return cls(**kwargs)

    return dec_dataclass


# ---------------------------------------------------------------- the state and the log


def encode_state(st: GameState) -> dict[str, Json]:
    """The whole state, every field, as JSON-able data."""
    out = encode(st)
    assert isinstance(out, dict)
    return out


def decode_state(data: Json, path: str = "state", spec: Spec | None = None) -> GameState:
    """The state a save's snapshot holds; a snapshot written before the decisions became
    frames (``buy_deed``, ``debts``, ``ring_bearer``... fields) is read in its first shape and
    turned into the frames and mechanic states it stands for (``migrate_first_shape``); one
    written before buildings were counted per space (no ``placed``) gets, with the edition
    (``spec``), every deed's buildings on its one space (``buildings.settle``)."""
    if isinstance(data, dict) and "buy_deed" in data and "frames" not in data:
        data = migrate_first_shape(data)
    if isinstance(data, dict) and isinstance(data.get("players"), list) and any(
            isinstance(p, dict) and "bankrupt" in p for p in data["players"]):
        data = {**data, "players": [_player_status(p) for p in data["players"]]}
    st = decode(GameState, data, path)
    if spec is not None and not st.placed:
        B.settle(spec, st)
    return st


def _player_status(p: Any) -> Any:
    """A player saved with ``bankrupt`` (before a player had a status): out, or playing."""
    if not isinstance(p, dict) or "bankrupt" not in p or "status" in p:
        return p
    out = {k: v for k, v in p.items() if k != "bankrupt"}
    out["status"] = "out" if p["bankrupt"] is True else "playing" if p["bankrupt"] is False \
        else p["bankrupt"]  # (not true or false: the decoder says so)
    return out


_FIRST_SHAPE_MARKERS = (
    "buy_deed", "tax_space", "pending_move", "auction", "auction_queue", "debts", "trade",
    "transfers", "place_building", "place_kind", "place_bid", "moving", "move_left",
    "move_rent_mult", "move_dice_mult", "ring_bearer", "ring_space", "ring_circle",
    "ring_meet", "ring_eye", "ring_tally",
)
"""The fields of the first shape that are frames or a mechanic's state now."""


def _first_shape_debt(d: Any) -> Any:
    """A debt of the first shape: its reason 'rent:12' is the reason 'rent' about deed 12."""
    if not isinstance(d, dict) or not isinstance(d.get("reason"), str):
        return d
    reason, _, about = d["reason"].partition(":")
    out = {k: v for k, v in d.items() if k != "reason"}
    out["reason"] = reason
    if about.lstrip("-").isdigit():
        out["target"] = int(about)
    return out


def migrate_first_shape(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot of the first shape as the current one: each marker field becomes the frame it
    stood for, in the order of their ranks (the order the first shape decided them in), and
    the Ring's fields become the Ring's state (when the game had the Ring: it was borne, or
    lay on a space)."""
    out = {k: v for k, v in data.items() if k not in _FIRST_SHAPE_MARKERS}
    cur = data.get("current", 0)
    frames: list[dict[str, Any]] = []
    if data.get("pending_move"):
        frames.append({"type": "move_after_debt", "player": cur, "steps": data["pending_move"]})
    if data.get("ring_eye"):
        frames.append({"type": "ring_eye"})
    if data.get("buy_deed", -1) != -1:
        frames.append({"type": "buy", "player": cur, "deed": data["buy_deed"]})
    if data.get("tax_space", -1) != -1:
        frames.append({"type": "tax", "player": cur, "space": data["tax_space"]})
    if data.get("moving"):
        frames.append({"type": "walk", "player": cur, "left": data.get("move_left", 0),
                       "rent_mult": data.get("move_rent_mult", 1),
                       "dice_mult": data.get("move_dice_mult", 0)})
    if data.get("ring_meet"):
        frames.append({"type": "ring_meeting", "meet": data["ring_meet"]})
    if data.get("auction_queue"):
        frames.append({"type": "auction_queue", "deeds": data["auction_queue"]})
    if isinstance(data.get("auction"), dict):
        frames.append({"type": "auction", **data["auction"]})
    if data.get("debts"):
        debts = data["debts"]
        frames.append({"type": "debts", "debts": [_first_shape_debt(d) for d in debts]
                       if isinstance(debts, list) else debts})
    if data.get("place_building", -1) != -1:
        frames.append({"type": "place_building", "player": data["place_building"],
                       "building": data.get("place_kind", ""), "bid": data.get("place_bid", 0)})
    if data.get("transfers"):
        frames.append({"type": "transfers", "transfers": data["transfers"]})
    if isinstance(data.get("trade"), dict):
        frames.append({"type": "trade", "offer": data["trade"]})
    out["frames"] = frames
    if data.get("ring_bearer", -1) != -1 or data.get("ring_space", -1) != -1:
        ring: dict[str, Any] = {"type": "ring", "bearer": data.get("ring_bearer", -1),
                                "space": data.get("ring_space", -1),
                                "circle": data.get("ring_circle", 0)}
        if "ring_tally" in data:
            ring["tally"] = data["ring_tally"]
        out["mech"] = {"ring": ring}
    return out


def encode_action(action: Action) -> dict[str, Json]:
    """One decision, leaving out the fields at their defaults."""
    out = encode(action, compact=True)
    assert isinstance(out, dict)
    return out


def decode_action(data: Json, path: str = "") -> Action:
    return decode(Action, data, path)


def state_digest(encoded: dict[str, Json]) -> str:
    """A hash of an encoded state: a snapshot changed by hand no longer matches it."""
    text = json.dumps(encoded, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def state_diff(a: Any, b: Any, path: str = "state", limit: int = 20) -> list[str]:
    """Where two states (or any codec values) differ, field by field, as
    ``path: a-value != b-value`` lines (at most ``limit``)."""
    out: list[str] = []
    _diff(encode(a), encode(b), path, out, limit)
    return out


def _diff(a: Json, b: Json, path: str, out: list[str], limit: int) -> None:
    if len(out) >= limit or a == b:
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                out.append(f"{path}.{k}: only in {'the first' if k in a else 'the second'}")
            else:
                _diff(a[k], b[k], f"{path}.{k}", out, limit)
        return
    rng = path.endswith((".internal", ".rng"))
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and not rng:
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff(x, y, f"{path}[{i}]", out, limit)
        return
    if rng:
        out.append(f"{path}: the random generators are in different states")
        return
    out.append(f"{path}: {_short(a)} != {_short(b)}")


def _short(value: Json) -> str:
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


from monopoly_tui.engine.invariants import check_state  # noqa: E402  (the loader's check)

__all__ = ["SnapshotError", "check_state", "decode", "decode_action", "decode_state", "encode",
           "encode_action", "encode_state", "migrate_first_shape", "state_diff", "state_digest"]
