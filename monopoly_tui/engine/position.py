"""A game's position written as text, and read back: what FEN is to chess, for a game of any
edition. Pure functions, no I/O.

``position_text(game)`` writes every field of the state; ``game_from_position(spec, text)``
reads it back to the same state (``snapshot.state_diff`` finds no difference) and the game
plays on the same, its generator included. A person writing a rule test writes only what the
clause needs: every line but the header may be left out, and each omitted line takes its
default (below).

The notation is line-based. Blank lines and lines starting with ``#`` are ignored. A line is
a kind word, then words and ``key=value`` pairs separated by spaces. A value is a bare word
(``go``, ``pre_roll``, ``1500``, ``2,3``) or JSON (``"Dragon Egg"``, ``[0,1]``,
``{"free_parking":true}``) where it holds spaces or structure. Players are named by their
seat, counted from 0 (or by their name); spaces, deeds and decks by their ids in the ruleset.

::

    classic round=3 turns=12 decisions=40 current=1 first=0 stage=pre_roll doubles=0 seed=7
    player Ann token=Thimble cash=1320 at=boardwalk
    player Bob token=Iron cash=1500 at=jail jail=1 cards=chance:7
    deed boardwalk owner=0 houses=3
    deed park-place owner=0 houses=3
    deed reading-railroad owner=1 mortgaged
    bank houses=26 hotels=12 pot=0 net=-20 start=3000
    deck chance 3 5 1 0 2 4 6 8 9 10 11 12 13 14 15
    frame buy player=1 deed=baltic
    rng mt=...
    [ring]
    bearer = 0

The lines, and what an omitted one means:

- the **header** (first line): the edition's id, then ``round`` (rounds completed),
  ``turns``, ``decisions``, ``current`` (whose turn), ``first`` (who started: ``current``),
  ``stage`` (``pre_roll`` or ``post_move``), ``doubles`` (in a row this turn), ``again``
  (the last roll was doubles), ``faces`` (the last movement roll, as face indices),
  ``seed`` (the game's seed, 0), ``variant``, ``house`` (house rules, JSON), ``setup``
  (the mechanics' setup choices, JSON): the options applied to the edition as ``Game.new``
  applies them.
- ``player NAME``: one a seat, in seat order: ``token`` (the edition's token of that seat),
  ``cash`` (the starting money), ``at`` (a space id: GO), ``jail=N`` (in jail, after N
  failed tries; not in jail), ``tries`` (failed tries kept out of jail: 0), ``status``
  (``playing``, ``insolvent``, ``out``), ``bankruptcies`` (0), ``cards`` (kept Get Out of
  Jail Free cards, ``deck:card`` by the card's index in its deck, comma-separated).
- ``deed ID``: ``owner`` (a seat, or ``bank``), ``houses=N`` or ``hotel`` (or
  ``buildings=N``, the rules' count: a hotel is houses-per-hotel + 1), ``mortgaged``. A deed
  without a line is the bank's, unbuilt, unmortgaged.
- ``placed SPACE=N ...``: where a deed's buildings stand among its versions (every deed's
  buildings on its first space).
- ``bank``: ``houses`` and ``hotels`` in stock (the supply less what stands on the board),
  ``pot`` (the Free Parking pot as the setup leaves it), ``net`` (paid out by the bank less
  taken in: what makes the money add up), ``start`` (the starting money of all the seats).
- ``deck ID c1 c2 ...``: the deck's order, top first, by card index (the ruleset's order,
  without the cards held). Cards named on top of a deck not listed in full: the rest follow
  in the ruleset's order (``deck chance 6`` puts the dividend on top).
- ``claim``, ``frame TAG``: a rent claim, a decision or step under way (bottom first), with
  the fields of their records as the save codec has them (JSON values; a ``deed`` or
  ``space`` field may name an id). None.
- ``landings SPACE=N ...`` (0), ``last-card DECK:CARD`` (none), ``end`` (``over``,
  ``winner``, ``reason``, ``ranking``, ``ranked_by``: the game goes on).
- ``rng``: ``mt=...`` (the generator's exact state, base64) and ``gauss``, or ``seed=N``
  (a generator fresh from that seed); without the line, fresh from the header's seed.
- ``[NAME]``: a mechanic's state, one ``field = JSON`` line a field; a field not given keeps
  what the mechanic's setup gave it (the Ring's bearer is the first player).

A problem in the text raises ``PositionError`` naming its line; the position read is checked
with ``snapshot.check_state`` (money, buildings, cards, frames...).
"""

from __future__ import annotations

import base64
import json
import random
import re
import struct
from dataclasses import dataclass, field
from typing import Any

from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.frame import TAG_OF, TAGGED, Frame, MechanicState
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import Spec
from monopoly_tui.engine.state import STATUSES, Claim, GameState, Player

STAGES = ("pre_roll", "post_move")
_MT_WORDS = 625
"""The Mersenne Twister's state: 624 words and the position in them."""


class PositionError(ValueError):
    """Text that is not a position of the edition; ``line`` says where (0: the whole)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.message = message


# ---------------------------------------------------------------- writing


_BARE = re.compile(r"[A-Za-z_][\w.:/+\-]*")
_NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][+-]?\d+)?")
_JSON_WORDS = frozenset({"true", "false", "null"})


def _word(value: Any) -> str:
    """A value as the notation writes it: a bare word when it reads back as itself."""
    if isinstance(value, str):
        if _BARE.fullmatch(value) and value not in _JSON_WORDS:
            return value
        return json.dumps(value)
    return json.dumps(value, separators=(",", ":"))


def _ints(values: Any) -> str:
    return ",".join(str(v) for v in values)


def position_text(game: Game) -> str:
    """The game's position as text (the notation above): every field of the state, so that
    ``game_from_position`` gives the same state back. Deterministic."""
    spec, st = game.spec, game.st
    o = game.options
    out: list[str] = []
    head = [spec.id, f"round={st.rounds}", f"turns={st.turns}",
            f"decisions={st.decisions}", f"current={st.current}", f"first={st.first_player}",
            f"stage={_word(st.stage)}", f"doubles={st.doubles}"]
    if st.again:
        head.append("again")
    if st.last_roll:
        head.append(f"faces={_ints(st.last_roll)}")
    head.append(f"seed={_word(o.get('seed', 0))}")
    if o.get("variant"):
        head.append(f"variant={_word(o['variant'])}")
    if o.get("house_rules"):
        head.append(f"house={_word(o['house_rules'])}")
    if o.get("setup"):
        head.append(f"setup={_word(o['setup'])}")
    out.append(" ".join(head))
    for p in st.players:
        words = ["player", _word(p.name), f"token={_word(p.token)}", f"cash={p.cash}",
                 f"at={spec.spaces[p.position].id}"]
        if p.in_jail:
            words.append(f"jail={p.jail_turns}")
        elif p.jail_turns:
            words.append(f"tries={p.jail_turns}")
        if p.status != STATUSES[0]:
            words.append(f"status={p.status}")
        if p.bankruptcies:
            words.append(f"bankruptcies={p.bankruptcies}")
        if p.cards:
            words.append("cards=" + ",".join(f"{spec.decks[d].id}:{c}" for d, c in p.cards))
        out.append(" ".join(words))
    h = spec.rules.houses_per_hotel
    for d in spec.deeds:
        i = d.index
        owner, level, mortgaged = st.owner[i], st.buildings[i], st.mortgaged[i]
        if owner < 0 and not level and not mortgaged:
            continue
        words = ["deed", d.id, f"owner={owner if owner >= 0 else 'bank'}"]
        if level == h + 1:
            words.append("hotel")
        elif 0 < level <= h:
            words.append(f"houses={level}")
        elif level:
            words.append(f"buildings={level}")
        if mortgaged:
            words.append("mortgaged")
        out.append(" ".join(words))
    if st.placed != _default_placed(spec, st.buildings):
        out.append(" ".join(["placed"] + [f"{spec.spaces[s].id}={n}"
                                          for s, n in enumerate(st.placed) if n]))
    out.append(f"bank houses={st.bank_houses} hotels={st.bank_hotels} pot={st.pot} "
               f"net={st.bank_net} start={st.starting_total}")
    for dk, order in zip(spec.decks, st.decks, strict=False):
        out.append(" ".join(["deck", dk.id] + [str(c) for c in order]))
    for c in st.claims:
        out.append(_record_line("claim", c, spec))
    for f in st.frames:
        out.append(_record_line(f"frame {TAG_OF[type(f)]}", f, spec))
    if any(st.landings):
        out.append(" ".join(["landings"] + [f"{spec.spaces[s].id}={n}"
                                            for s, n in enumerate(st.landings) if n]))
    if st.last_card != (-1, -1):
        di, ci = st.last_card
        out.append(f"last-card {spec.decks[di].id}:{ci}")
    if st.over or st.winner != -1 or st.end_reason or st.ranking or st.ranked_by:
        words = ["end"] + (["over"] if st.over else [])
        words += [f"winner={st.winner}", f"reason={_word(st.end_reason)}"]
        if st.ranking:
            words.append(f"ranking={_ints(st.ranking)}")
        if st.ranked_by:
            words.append(f"ranked_by={_word(st.ranked_by)}")
        out.append(" ".join(words))
    out.append(_rng_line(st.rng))
    for name, state in st.mech.items():
        out.append(f"[{name}]")
        data = snap.encode(state)
        for k, v in data.items():
            if k != "type":
                out.append(f"{k} = {json.dumps(v, separators=(',', ':'))}")
    return "\n".join(out) + "\n"


_ID_FIELDS = ("deed", "space")
"""A record's fields that hold a deed's or a space's index: written by its id."""


def _record_line(head: str, record: Any, spec: Spec) -> str:
    data = snap.encode(record, compact=True)
    words = [head]
    for k, v in data.items():
        if k == "type":
            continue
        if k == "deed" and isinstance(v, int) and 0 <= v < len(spec.deeds):
            words.append(f"{k}={spec.deeds[v].id}")
        elif k == "space" and isinstance(v, int) and 0 <= v < len(spec.spaces):
            words.append(f"{k}={spec.spaces[v].id}")
        else:
            words.append(f"{k}={json.dumps(v, separators=(',', ':'))}")
    return " ".join(words)


def _rng_line(rng: random.Random) -> str:
    version, internal, gauss = rng.getstate()
    if version != 3 or len(internal) != _MT_WORDS:
        raise ValueError(f"cannot write a generator of version {version}")
    raw = struct.pack(f"<{_MT_WORDS}I", *internal)
    line = "rng mt=" + base64.b64encode(raw).decode("ascii")
    if gauss is not None:
        line += f" gauss={gauss!r}"
    return line


def _default_placed(spec: Spec, levels: list[int]) -> list[int]:
    placed = [0] * spec.size
    for d in spec.deeds:
        if d.spaces:
            placed[d.spaces[0]] = levels[d.index]
    return placed


# ---------------------------------------------------------------- reading


@dataclass
class _Line:
    no: int
    kind: str
    words: list[Any] = field(default_factory=list)
    """The positional words after the kind."""
    keys: dict[str, Any] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)

    def take(self, key: str, default: Any = None) -> Any:
        self.used.add(key)
        return self.keys.get(key, default)

    def flag(self, word: str) -> bool:
        if word in self.words:
            self.words.remove(word)
            return True
        return False

    def done(self) -> None:
        """Every key and word read: anything left is not part of this kind of line."""
        left = [k for k in self.keys if k not in self.used]
        if left:
            raise PositionError(self.no, f"'{left[0]}' is not a key of a {self.kind} line")
        if self.words:
            raise PositionError(self.no, f"'{self.words[0]}' is not a word of a {self.kind} "
                                "line")


_KEY = re.compile(r"([A-Za-z0-9_][\w.\-]*)=")
_DECODER = json.JSONDecoder()


def _value(text: str, at: int, no: int) -> tuple[Any, int]:
    """The value starting at ``text[at]`` and where it ends."""
    if at < len(text) and text[at] in "\"[{":
        try:
            return _DECODER.raw_decode(text, at)
        except json.JSONDecodeError as e:
            raise PositionError(no, f"bad JSON value at column {at + 1}: {e.msg}") from None
    end = at
    while end < len(text) and not text[end].isspace():
        end += 1
    word = text[at:end]
    if _NUMBER.fullmatch(word) or word in _JSON_WORDS:
        return json.loads(word), end
    return word, end


def _parse_line(text: str, no: int) -> _Line:
    kind, _, rest = text.partition(" ")
    line = _Line(no, kind)
    at = 0
    rest = rest.strip()
    while at < len(rest):
        if rest[at].isspace():
            at += 1
            continue
        m = _KEY.match(rest, at)
        if m:
            key = m.group(1)
            if key in line.keys:
                raise PositionError(no, f"'{key}' given twice")
            line.keys[key], at = _value(rest, m.end(), no)
        else:
            word, at = _value(rest, at, no)
            line.words.append(word)
    return line


def _int(line: _Line, key: str, value: Any, low: int | None = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(line.no, f"{key}: expected a whole number, got {_word(value)}")
    if low is not None and value < low:
        raise PositionError(line.no, f"{key}: {value} is below {low}")
    return value


def _int_list(line: _Line, key: str, value: Any) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    if isinstance(value, list):
        return [_int(line, key, v) for v in value]
    if isinstance(value, str):
        try:
            return [int(v) for v in value.split(",") if v]
        except ValueError:
            pass
    raise PositionError(line.no, f"{key}: expected whole numbers, comma-separated")


class _Reader:
    """Reads one position against an edition: ids looked up, ranges checked, at each line."""

    def __init__(self, spec: Spec, text: str) -> None:
        self.spec = spec
        self.lines: list[_Line] = []
        self.sections: dict[str, tuple[int, list[tuple[int, str, str]]]] = {}
        section: list[tuple[int, str, str]] | None = None
        for no, raw in enumerate(text.splitlines(), 1):
            s = raw.strip()
            if not s or s.startswith("#"):
                continue
            if s.startswith("["):
                if not s.endswith("]"):
                    raise PositionError(no, f"a section is '[name]', not '{s}'")
                name = s[1:-1].strip()
                if name in self.sections:
                    raise PositionError(no, f"the section [{name}] is given twice")
                section = []
                self.sections[name] = (no, section)
                continue
            if section is not None:
                k, eq, v = s.partition("=")
                if not eq:
                    raise PositionError(no, f"a section's line is 'field = value', not '{s}'")
                section.append((no, k.strip(), v.strip()))
                continue
            self.lines.append(_parse_line(s, no))
        if not self.lines:
            raise PositionError(0, "an empty position: it needs at least its header line")

    def seat(self, line: _Line, key: str, value: Any, n: int, bank: bool = False) -> int:
        if bank and value in ("bank", -1):
            return -1
        if isinstance(value, str):
            for i, name in enumerate(self.names):
                if name == value:
                    return i
            raise PositionError(line.no, f"{key}: no player named '{value}'")
        v = _int(line, key, value, None)
        if not 0 <= v < n:
            raise PositionError(line.no, f"{key}: seat {v} is out of range (0 to {n - 1}"
                                + (", or bank)" if bank else ")"))
        return v

    def space(self, line: _Line, key: str, value: Any) -> int:
        got = self.spec.space_by_id.get(value) if isinstance(value, str) else None
        if got is None:
            raise PositionError(line.no, f"{key}: '{value}' is not a space id of {self.spec.id}")
        return got

    def deed(self, line: _Line, value: Any) -> int:
        for d in self.spec.deeds:
            if d.id == value:
                return d.index
        raise PositionError(line.no, f"'{value}' is not a deed id of {self.spec.id}")

    def deck(self, line: _Line, value: Any) -> int:
        for dk in self.spec.decks:
            if dk.id == value:
                return dk.index
        raise PositionError(line.no, f"'{value}' is not a deck id of {self.spec.id}")

    def card(self, line: _Line, key: str, text: Any) -> tuple[int, int]:
        deck_id, colon, index = str(text).rpartition(":")
        if not colon or not index.isdigit():
            raise PositionError(line.no, f"{key}: a card is 'deck:index', not '{text}'")
        d = self.deck(line, deck_id)
        c = int(index)
        if c >= len(self.spec.decks[d].cards):
            raise PositionError(line.no, f"{key}: {self.spec.decks[d].id} has no card {c}")
        return d, c

    # ------------------------------------------------------------ the game

    def read(self) -> Game:
        header, rest = self.lines[0], self.lines[1:]
        if header.kind != self.spec.id:
            raise PositionError(header.no, f"the position is of '{header.kind}', the "
                                f"edition given is '{self.spec.id}'")
        by_kind: dict[str, list[_Line]] = {}
        for ln in rest:
            if ln.kind not in _KINDS:
                raise PositionError(ln.no, f"'{ln.kind}' is not a kind of line (one of "
                                    f"{', '.join(_KINDS)}, or a [mechanic] section)")
            if ln.kind in _ONCE and ln.kind in by_kind:
                raise PositionError(ln.no, f"a second {ln.kind} line")
            by_kind.setdefault(ln.kind, []).append(ln)
        players = by_kind.get("player", [])
        if not players:
            raise PositionError(header.no, "no player line")
        self.names: list[str] = []
        for pl in players:
            if len(pl.words) < 1:
                raise PositionError(pl.no, "a player line names the player: 'player Ann ...'")
            name = str(pl.words.pop(0))
            if name in self.names:
                raise PositionError(pl.no, f"a second player named {name}")
            self.names.append(name)
        n = len(players)
        game = self._game(header, players)
        spec = self.spec = game.spec  # the edition with the options applied
        st = game.st
        st.players = [self._player(pl, i) for i, pl in enumerate(players)]
        self._deeds(by_kind.get("deed", []), st)
        placed = by_kind.get("placed")
        st.placed = _default_placed(spec, st.buildings)
        if placed:
            st.placed = [0] * spec.size
            ln = placed[0]
            for k in list(ln.keys):
                st.placed[self.space(ln, k, k)] = _int(ln, k, ln.take(k))
            ln.done()
        self._mechanics(game)
        self._bank(by_kind.get("bank"), st, game)
        self._decks(by_kind.get("deck", []), st, game)
        st.claims = [self._record(ln, Claim) for ln in by_kind.get("claim", [])]
        st.frames = [self._frame(ln) for ln in by_kind.get("frame", [])]
        st.landings = [0] * spec.size
        for ln in by_kind.get("landings", []):
            for k in list(ln.keys):
                st.landings[self.space(ln, k, k)] = _int(ln, k, ln.take(k))
            ln.done()
        st.last_card = (-1, -1)
        for ln in by_kind.get("last-card", []):
            if len(ln.words) != 1:
                raise PositionError(ln.no, "a last-card line is 'last-card deck:index'")
            st.last_card = self.card(ln, "last-card", ln.words.pop())
            ln.done()
        self._end(by_kind.get("end"), st, n)
        self._head(header, st, n)
        seed = game.options.get("seed", 0)
        st.rng = self._rng(by_kind.get("rng"), seed if isinstance(seed, int) else 0)
        problems = snap.check_state(spec, st)
        if problems:
            raise PositionError(0, "the position breaks the rules: " + "; ".join(problems[:8])
                                + ("; ..." if len(problems) > 8 else ""))
        out = Game(spec, st, game.options, game)  # binds the game to the new generator
        return out

    def _game(self, header: _Line, players: list[_Line]) -> Game:
        """The game the edition's setup makes with these options and seats, not dealt and
        without the roll for the first player: what every omitted line defaults to."""
        spec = self.spec
        n = len(players)
        current = self.seat(header, "current", header.take("current", 0), n)
        first = self.seat(header, "first", header.take("first", current), n)
        seed = header.take("seed", 0)
        variant = header.take("variant")
        house = header.take("house")
        setup = header.take("setup")
        if variant is not None and not isinstance(variant, str):
            raise PositionError(header.no, "variant: expected a variant's id")
        if variant is not None and variant not in [v.id for v in spec.variants]:
            raise PositionError(header.no, f"variant: '{variant}' is not a variant of "
                                f"{spec.id}")
        for key, value in (("house", house), ("setup", setup)):
            if value is not None and not isinstance(value, dict):
                raise PositionError(header.no, f"{key}: expected a JSON object")
        seats = []
        for i, pl in enumerate(players):
            token = pl.take("token", spec.tokens[i] if i < len(spec.tokens) else "")
            if not isinstance(token, str) or not token:
                raise PositionError(pl.no, "token: expected a token of the edition")
            seats.append((self.names[i], token))
        try:
            game = Game.new(spec, seats, seed=_int(header, "seed", seed, None), variant=variant,
                            house_rules=house, setup=setup, first_player=first, deal=False)
        except (ValueError, KeyError) as e:
            raise PositionError(players[0].no, f"the game cannot be set up: {e}") from None
        game.history = []
        return game

    def _head(self, header: _Line, st: GameState, n: int) -> None:
        st.current = self.seat(header, "current", header.take("current", 0), n)
        st.first_player = self.seat(header, "first", header.take("first", st.current), n)
        st.rounds = _int(header, "round", header.take("round", 0))
        st.turns = _int(header, "turns", header.take("turns", 0))
        st.decisions = _int(header, "decisions", header.take("decisions", 0))
        stage = header.take("stage", STAGES[0])
        if stage not in STAGES:
            raise PositionError(header.no, f"stage: '{stage}' is not a stage "
                                f"({', '.join(STAGES)})")
        st.stage = stage
        st.doubles = _int(header, "doubles", header.take("doubles", 0))
        st.again = header.flag("again") or header.take("again", False) is True
        faces = _int_list(header, "faces", header.take("faces", []))
        count, sides = self.spec.dice.count, len(self.spec.dice.values)
        if faces and (len(faces) != count or not all(0 <= f < sides for f in faces)):
            raise PositionError(header.no, f"faces: {_ints(faces)} is not a roll of "
                                f"{count} dice of {sides} faces (face indices)")
        st.last_roll = tuple(faces)
        header.done()

    def _player(self, pl: _Line, i: int) -> Player:
        spec = self.spec
        token = pl.take("token", spec.tokens[i] if i < len(spec.tokens) else "")
        cash = _int(pl, "cash", pl.take("cash", spec.starting_money))
        p = Player(self.names[i], str(token), cash)
        jail = pl.take("jail")
        at = pl.take("at", spec.spaces[spec.jail_space if jail is not None else 0].id)
        p.position = self.space(pl, "at", at)
        if jail is not None:
            p.in_jail = True
            p.jail_turns = _int(pl, "jail", jail)
        p.jail_turns = _int(pl, "tries", pl.take("tries", p.jail_turns))
        status = pl.take("status", STATUSES[0])
        if status not in STATUSES:
            raise PositionError(pl.no, f"status: '{status}' is not a status "
                                f"({', '.join(STATUSES)})")
        p.status = status
        p.bankruptcies = _int(pl, "bankruptcies", pl.take("bankruptcies", 0))
        cards = pl.take("cards", "")
        p.cards = [self.card(pl, "cards", c) for c in str(cards).split(",") if c]
        pl.done()
        return p

    def _deeds(self, lines: list[_Line], st: GameState) -> None:
        spec = self.spec
        r = spec.rules
        top = B.top(spec)
        houses = hotels = 0
        seen: set[int] = set()
        for ln in lines:
            if len(ln.words) < 1:
                raise PositionError(ln.no, "a deed line names the deed: 'deed boardwalk ...'")
            d = self.deed(ln, ln.words.pop(0))
            if d in seen:
                raise PositionError(ln.no, f"a second line for {spec.deeds[d].id}")
            seen.add(d)
            st.owner[d] = self.seat(ln, "owner", ln.take("owner", "bank"), len(st.players),
                                    bank=True)
            st.mortgaged[d] = ln.flag("mortgaged")
            level = 0
            if ln.flag("hotel"):
                level = top
            if "houses" in ln.keys:
                level = _int(ln, "houses", ln.take("houses"))
                if level >= top:
                    raise PositionError(ln.no, f"houses: {level} houses, but "
                                        f"{r.houses_per_hotel} make a hotel")
            if "buildings" in ln.keys:
                level = _int(ln, "buildings", ln.take("buildings"))
            if level > top:
                raise PositionError(ln.no, f"buildings: {level} is over a hotel ({top})")
            if level and spec.deeds[d].kind != "street":
                raise PositionError(ln.no, f"{spec.deeds[d].id} is not a street: no buildings")
            st.buildings[d] = level
            if level == top:
                hotels += 1
            else:
                houses += level
            if houses > r.building_supply_houses:
                raise PositionError(ln.no, f"{houses} houses on the board, over the bank's "
                                    f"{r.building_supply_houses}")
            if hotels > r.building_supply_hotels:
                raise PositionError(ln.no, f"{hotels} hotels on the board, over the bank's "
                                    f"{r.building_supply_hotels}")
            ln.done()
        st.bank_houses = r.building_supply_houses - houses
        st.bank_hotels = r.building_supply_hotels - hotels

    def _bank(self, lines: list[_Line] | None, st: GameState, game: Game) -> None:
        st.starting_total = self.spec.starting_money * len(st.players)
        if lines:
            ln = lines[0]
            for key, attr in (("houses", "bank_houses"), ("hotels", "bank_hotels")):
                if key in ln.keys:
                    got = _int(ln, key, ln.take(key))
                    if got != getattr(st, attr):
                        raise PositionError(ln.no, f"{key}: {got} in stock, but the board's "
                                            f"buildings leave {getattr(st, attr)}")
            st.pot = _int(ln, "pot", ln.take("pot", st.pot))
            st.starting_total = _int(ln, "start", ln.take("start", st.starting_total))
        cash = sum(p.cash for p in st.players) + st.pot
        st.bank_net = cash - st.starting_total
        if lines:
            ln = lines[0]
            st.bank_net = _int(ln, "net", ln.take("net", st.bank_net), None)
            ln.done()

    def _decks(self, lines: list[_Line], st: GameState, game: Game) -> None:
        spec = self.spec
        held = {c for p in st.players for c in p.cards}
        for m in game.mechanics:
            held.update(m.held_cards(st))
        st.decks = [[c for c in range(len(dk.cards)) if (dk.index, c) not in held]
                    for dk in spec.decks]
        seen: set[int] = set()
        for ln in lines:
            if not ln.words:
                raise PositionError(ln.no, "a deck line names the deck: 'deck chance 3 1 ...'")
            d = self.deck(ln, ln.words.pop(0))
            if d in seen:
                raise PositionError(ln.no, f"a second line for the deck {spec.decks[d].id}")
            seen.add(d)
            order = [_int(ln, "card", c) for c in ln.words]
            ln.words = []
            size = len(spec.decks[d].cards)
            bad = [c for c in order if c >= size]
            if bad:
                raise PositionError(ln.no, f"{spec.decks[d].id} has no card {bad[0]} "
                                    f"(0 to {size - 1})")
            if len(set(order)) != len(order):
                raise PositionError(ln.no, f"a card twice in the deck {spec.decks[d].id}")
            # the cards named on top, the rest of the deck after them in its default order
            st.decks[d] = order + [c for c in st.decks[d] if c not in order]
            ln.done()

    def _fields(self, ln: _Line) -> dict[str, Any]:
        """A record's fields as the save codec reads them; a ``deed`` or ``space`` named by
        its id is its index."""
        data: dict[str, Any] = {}
        for k in list(ln.keys):
            v = ln.take(k)
            if k == "deed" and isinstance(v, str):
                v = self.deed(ln, v)
            elif k == "space" and isinstance(v, str):
                v = self.space(ln, k, v)
            data[k] = v
        if ln.words:
            raise PositionError(ln.no, f"'{ln.words[0]}' is not a field=value")
        return data

    def _record(self, ln: _Line, cls: type[Claim]) -> Claim:
        try:
            return snap.decode(cls, self._fields(ln), ln.kind)
        except snap.SnapshotError as e:
            raise PositionError(ln.no, str(e)) from None

    def _frame(self, ln: _Line) -> Frame:
        if not ln.words:
            raise PositionError(ln.no, "a frame line names its kind: 'frame buy player=0 ...'")
        tag = ln.words.pop(0)
        if tag not in TAGGED["frame"]:
            raise PositionError(ln.no, f"'{tag}' is not a kind of frame (known: "
                                f"{', '.join(sorted(TAGGED['frame']))})")
        try:
            return snap.decode(Frame, {"type": tag, **self._fields(ln)}, f"frame {tag}")
        except snap.SnapshotError as e:
            raise PositionError(ln.no, str(e)) from None

    def _end(self, lines: list[_Line] | None, st: GameState, n: int) -> None:
        st.over, st.winner, st.end_reason, st.ranking, st.ranked_by = False, -1, "", [], ""
        if not lines:
            return
        ln = lines[0]
        st.over = ln.flag("over")
        winner = ln.take("winner", -1)
        st.winner = -1 if winner == -1 else self.seat(ln, "winner", winner, n)
        st.end_reason = str(ln.take("reason", ""))
        st.ranking = [self.seat(ln, "ranking", r, n)
                      for r in _int_list(ln, "ranking", ln.take("ranking", []))]
        st.ranked_by = str(ln.take("ranked_by", ""))
        ln.done()

    def _rng(self, lines: list[_Line] | None, seed: int) -> random.Random:
        if not lines:
            return random.Random(seed)
        ln = lines[0]
        if "seed" in ln.keys:
            rng = random.Random(_int(ln, "seed", ln.take("seed"), None))
            ln.done()
            return rng
        mt = ln.take("mt")
        gauss = ln.take("gauss")
        ln.done()
        try:
            raw = base64.b64decode(str(mt), validate=True)
            internal = struct.unpack(f"<{_MT_WORDS}I", raw)
        except (ValueError, struct.error):
            raise PositionError(ln.no, "mt: not a generator's state (base64 of "
                                f"{_MT_WORDS} words)") from None
        if gauss is not None and not isinstance(gauss, float):
            raise PositionError(ln.no, "gauss: expected a number")
        rng = random.Random()
        try:
            rng.setstate((3, internal, gauss))
        except (ValueError, TypeError) as e:
            raise PositionError(ln.no, f"mt: not a generator's state ({e})") from None
        return rng

    def _mechanics(self, game: Game) -> None:
        """Each ``[name]`` section's fields over the state the mechanic's setup made."""
        st = game.st
        for name, (no, lines) in self.sections.items():
            state = st.mech.get(name)
            if state is None:
                raise PositionError(no, f"[{name}] is not a mechanic of {self.spec.id} "
                                    f"(its mechanics: {', '.join(st.mech) or 'none'})")
            data = snap.encode(state)
            for ln_no, key, text in lines:
                if key == "type" or key not in data:
                    known = ", ".join(k for k in data if k != "type")
                    raise PositionError(ln_no, f"'{key}' is not a field of [{name}] "
                                        f"(known: {known})")
                try:
                    data[key] = json.loads(text)
                except json.JSONDecodeError as e:
                    raise PositionError(ln_no, f"{key}: bad JSON: {e.msg}") from None
                try:
                    st.mech[name] = snap.decode(MechanicState, data, f"[{name}]")
                except snap.SnapshotError as e:
                    raise PositionError(ln_no, str(e)) from None


_KINDS = ("player", "deed", "placed", "bank", "deck", "claim", "frame", "landings",
          "last-card", "end", "rng")
_ONCE = frozenset({"placed", "bank", "landings", "last-card", "end", "rng"})


def game_from_position(spec: Spec, text: str) -> Game:
    """The game at the position ``text`` describes (the notation above), on the edition
    ``spec`` as loaded (the header's variant, house rules and setup choices are applied to
    it as ``Game.new`` applies them). ``PositionError`` says which line is wrong, or which
    rule the position breaks (``snapshot.check_state``). The game has no history: its
    decisions count from the header's ``decisions``."""
    return _Reader(spec, text).read()


__all__ = ["PositionError", "game_from_position", "position_text"]
