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

from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.spec import GET_OUT_OF_JAIL_FREE, STREET, TAX, Spec
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
        return typing.get_type_hints(cls)
    return declared_field_types(cls)


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


def decode_state(data: Json, path: str = "state") -> GameState:
    return decode(GameState, data, path)


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


# ---------------------------------------------------------------- checking a state


def check_state(spec: Spec, st: GameState) -> list[str]:
    """What in ``st`` breaks the rules of ``spec`` (the edition with the game's options
    applied), as readable lines naming the field; empty when the state is sound.

    These are the invariants every state the engine reaches keeps: a state edited by hand
    that breaks one could not have come from play.
    """
    problems: list[str] = []
    bad = problems.append
    n = len(st.players)
    nd = len(spec.deeds)
    size = spec.size
    top = spec.rules.houses_per_hotel + 1

    def player_ok(p: int, allow_bank: bool = False) -> bool:
        return (allow_bank and p == -1) or 0 <= p < n

    def deed_ok(d: int) -> bool:
        return 0 <= d < nd

    if not spec.players_min <= n <= spec.players_max:
        bad(f"players: {n} players, but {spec.name} is for "
            f"{spec.players_min} to {spec.players_max}")
    for name, seq, want in (("owner", st.owner, nd), ("buildings", st.buildings, nd),
                            ("mortgaged", st.mortgaged, nd), ("landings", st.landings, size),
                            ("decks", st.decks, len(spec.decks))):
        if len(seq) != want:
            bad(f"{name}: {len(seq)} entries, the edition needs {want}")
    if problems:
        return problems  # the rest would index out of range

    for i, pl in enumerate(st.players):
        where = f"players[{i}] ({pl.name})"
        if pl.cash < 0:
            bad(f"{where}.cash: {pl.cash} is negative (money owed is a debt, not negative cash)")
        if not 0 <= pl.position < size:
            bad(f"{where}.position: {pl.position} is not a space of the board (0 to {size - 1})")
        elif pl.in_jail and pl.position != spec.jail_space:
            bad(f"{where}: in jail but on space {pl.position}, not the jail ({spec.jail_space})")
        if pl.jail_turns < 0:
            bad(f"{where}.jail_turns: {pl.jail_turns} is negative")
        if pl.bankrupt and pl.cards:
            bad(f"{where}: bankrupt but still holds cards")

    for d in range(nd):
        where = f"owner[{d}] ({spec.deeds[d].name})"
        o = st.owner[d]
        if not player_ok(o, allow_bank=True):
            bad(f"{where}: {o} is not a player (0 to {n - 1}) or the bank (-1)")
            continue
        if o >= 0 and st.players[o].bankrupt:
            bad(f"{where}: owned by {st.players[o].name}, who is bankrupt")
        if st.mortgaged[d] and o < 0:
            bad(f"mortgaged[{d}] ({spec.deeds[d].name}): mortgaged but owned by the bank")
        level = st.buildings[d]
        if level == 0:
            continue
        bwhere = f"buildings[{d}] ({spec.deeds[d].name})"
        if not 0 <= level <= top:
            bad(f"{bwhere}: {level} is not a building level (0 to {top}, {top} is a hotel)")
        if spec.deeds[d].kind != STREET:
            bad(f"{bwhere}: only streets take buildings")
            continue
        group = spec.groups[spec.deeds[d].group].deeds
        if any(st.owner[g] != o for g in group) or o < 0:
            bad(f"{bwhere}: built on, but the owner does not own the whole group")
        if any(st.mortgaged[g] for g in group):
            bad(f"{bwhere}: built on, but a deed of its group is mortgaged")
        if max(st.buildings[g] for g in group) - min(st.buildings[g] for g in group) > 1:
            bad(f"{bwhere}: the group is not built evenly")

    houses = sum(b for b in st.buildings if 0 < b < top)
    hotels = sum(1 for b in st.buildings if b == top)
    r = spec.rules
    if st.bank_houses < 0 or st.bank_houses + houses != r.building_supply_houses:
        bad(f"bank_houses: {st.bank_houses} in the bank and {houses} on the board, but the "
            f"edition has {r.building_supply_houses}")
    if st.bank_hotels < 0 or st.bank_hotels + hotels != r.building_supply_hotels:
        bad(f"bank_hotels: {st.bank_hotels} in the bank and {hotels} on the board, but the "
            f"edition has {r.building_supply_hotels}")

    # Every card is in exactly one place: its deck, or a player's hand.
    seen: dict[tuple[int, int], str] = {}
    for di, order in enumerate(st.decks):
        for ci in order:
            if not 0 <= ci < len(spec.decks[di].cards):
                bad(f"decks[{di}]: {ci} is not a card of {spec.decks[di].name}")
            elif (di, ci) in seen:
                bad(f"decks[{di}]: card {ci} is in two places")
            seen[(di, ci)] = "deck"
    for i, pl in enumerate(st.players):
        for di, ci in pl.cards:
            if not 0 <= di < len(spec.decks) or not 0 <= ci < len(spec.decks[di].cards):
                bad(f"players[{i}].cards: ({di}, {ci}) is not a card")
            elif spec.decks[di].cards[ci].kind != GET_OUT_OF_JAIL_FREE:
                bad(f"players[{i}].cards: ({di}, {ci}) is not a card a player keeps")
            elif (di, ci) in seen:
                bad(f"players[{i}].cards: card ({di}, {ci}) is in two places")
            seen[(di, ci)] = "hand"
    for di, deck in enumerate(spec.decks):
        missing = [ci for ci in range(len(deck.cards)) if (di, ci) not in seen]
        if missing:
            bad(f"decks[{di}]: cards {missing} of {deck.name} are nowhere")

    total = sum(pl.cash for pl in st.players) + st.pot
    if st.pot < 0:
        bad(f"pot: {st.pot} is negative")
    if total != st.starting_total + st.bank_net:
        bad(f"cash: the players hold {total - st.pot} and the pot {st.pot}, but the ledger "
            f"says {st.starting_total + st.bank_net} (starting money {st.starting_total}, "
            f"net paid out by the bank {st.bank_net}): money appeared or vanished")

    if not 0 <= st.current < n:
        bad(f"current: {st.current} is not a player")
    if not 0 <= st.first_player < n:
        bad(f"first_player: {st.first_player} is not a player")
    if st.stage not in ("pre_roll", "post_move"):
        bad(f"stage: '{st.stage}' is not a stage (pre_roll, post_move)")
    if st.last_roll and (
        len(st.last_roll) != spec.dice.count
        or not all(0 <= f < len(spec.dice.values) for f in st.last_roll)
    ):
        bad(f"last_roll: {list(st.last_roll)} is not a roll of the edition's dice")
    for name in ("doubles", "rounds", "turns", "decisions", "pending_move"):
        if getattr(st, name) < 0:
            bad(f"{name}: {getattr(st, name)} is negative")
    if st.buy_deed != -1 and (not deed_ok(st.buy_deed) or st.owner[st.buy_deed] != -1):
        bad(f"buy_deed: {st.buy_deed} is not a deed the bank has for sale")
    if st.tax_space != -1 and (
        not 0 <= st.tax_space < size or spec.spaces[st.tax_space].kind != TAX
    ):
        bad(f"tax_space: {st.tax_space} is not a tax space")
    a = st.auction
    if a is not None:
        if not (deed_ok(a.deed) or (a.deed == -1 and a.building in ("house", "hotel"))):
            bad(f"auction.deed: {a.deed} is not a deed")
        if not a.bidders or not all(player_ok(b) for b in a.bidders):
            bad(f"auction.bidders: {a.bidders} are not players")
        elif not 0 <= a.turn < len(a.bidders):
            bad(f"auction.turn: {a.turn} is not one of the {len(a.bidders)} bidders")
        if a.high_bidder != -1 and not player_ok(a.high_bidder):
            bad(f"auction.high_bidder: {a.high_bidder} is not a player")
        if a.high_bid < 0:
            bad(f"auction.high_bid: {a.high_bid} is negative")
    for q in st.auction_queue:
        if not deed_ok(q):
            bad(f"auction_queue: {q} is not a deed")
    for i, debt in enumerate(st.debts):
        if not player_ok(debt.debtor) or not player_ok(debt.creditor, allow_bank=True):
            bad(f"debts[{i}]: between {debt.debtor} and {debt.creditor}, not players")
        if debt.amount <= 0:
            bad(f"debts[{i}].amount: {debt.amount} is not a debt")
    for i, c in enumerate(st.claims):
        if not player_ok(c.owner) or not player_ok(c.payer) or not deed_ok(c.deed):
            bad(f"claims[{i}]: not a claim between players for a deed")
    for i, t in enumerate(st.transfers):
        if not player_ok(t.player) or not deed_ok(t.deed):
            bad(f"transfers[{i}]: not a deed of a player")
    if st.trade is not None and not (player_ok(st.trade.proposer) and player_ok(st.trade.partner)):
        bad("trade: not between two players")
    if st.place_building != -1 and (
        not player_ok(st.place_building) or st.place_kind not in ("house", "hotel")
    ):
        bad(f"place_building: {st.place_building} ({st.place_kind!r}) is not a building to place")
    if st.over:
        if not player_ok(st.winner):
            bad(f"winner: {st.winner} is not a player")
    elif st.winner != -1:
        bad(f"winner: {st.winner}, but the game is not over")
    if any(x < 0 for x in st.landings):
        bad("landings: a count is negative")
    # The Ring (Lord of the Rings): who bears it, or where it lies, and who is still to meet.
    bearer = getattr(st, "ring_bearer", -1)
    if bearer != -1 and not (player_ok(bearer) and (st.over or not st.players[bearer].bankrupt)):
        bad(f"ring_bearer: {bearer} is not a player in the game")
    lies = getattr(st, "ring_space", -1)
    if lies != -1 and not 0 <= lies < size:
        bad(f"ring_space: {lies} is not a space of the board")
    if bearer != -1 and lies != -1:
        bad(f"ring_space: the Ring lies on space {lies} but {st.players[bearer].name} bears it")
    for q in getattr(st, "ring_meet", []):
        if not player_ok(q):
            bad(f"ring_meet: {q} is not a player")
    if getattr(st, "move_left", 0) < 0:
        bad(f"move_left: {st.move_left} is negative")
    if st.last_card != (-1, -1):
        dk, ci = st.last_card
        if not (0 <= dk < len(spec.decks) and 0 <= ci < len(spec.decks[dk].cards)):
            bad(f"last_card: {list(st.last_card)} is not a card")
    return problems
