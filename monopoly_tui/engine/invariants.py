"""The invariants: what every state the engine reaches keeps, whatever the edition.

- ``check_play(game)``: the rulebooks' invariants, checked after every player-turn of a
  simulated game (``simulate.play_game``, which then finds the decision that broke one) and
  after every decision by the property tests (money only moves by a rule, one owner per deed,
  buildings within the bank's supply and the building rules, every card somewhere);
- ``check_state(spec, state)``: those, and that every field fits the edition (owners, spaces,
  frames, players in range), for a state loaded from a save, which could have been edited.

Each mechanic adds its own checks (``Mechanic.check``); a failed check is a line naming the
field, in words.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter

from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import property as P
from monopoly_tui.engine.frame import Frame
from monopoly_tui.engine.frames import (
    AuctionFrame,
    AuctionQueueFrame,
    BuyFrame,
    DebtsFrame,
    MoveAfterDebtFrame,
    PlaceBuildingFrame,
    TaxFrame,
    TradeFrame,
    TransfersFrame,
    WalkFrame,
)
from monopoly_tui.engine.game import Game, mechanics_for
from monopoly_tui.engine.spec import GET_OUT_OF_JAIL_FREE, JAIL, STREET, TAX, Spec
from monopoly_tui.engine.state import OUT, STATUSES, GameState, Player

# ---------------------------------------------------------------- in play


def check_play(game: Game) -> list[str]:
    """Every rulebook invariant the state breaks, in words (an empty list when all hold).

    A quick pass (``holds``) answers for the common case, a sound state, in about a third of
    the time; only a state it is not sure of is gone through rule by rule (``breaches``).
    """
    if holds(game):
        return []
    return breaches(game)


class _Facts:
    """What the quick pass reads of an edition, computed once per spec."""

    __slots__ = ("bare", "built", "counts", "deck_sizes", "deed_space", "getters", "group_of",
                 "groups", "hotels", "houses", "levels", "mortgaged", "not_street", "owner",
                 "owners", "placed", "players", "size", "spec", "top")

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.top = P.hotel_level(spec)
        self.not_street = [d.kind != STREET for d in spec.deeds]
        self.groups = [g.deeds for g in spec.groups]
        self.group_of = [d.group for d in spec.deeds]
        self.deck_sizes = [len(deck.cards) for deck in spec.decks]
        self.houses = spec.rules.building_supply_houses
        self.hotels = spec.rules.building_supply_hotels
        self.size = len(spec.spaces)
        self.getters = _group_getters(spec)
        self.levels = frozenset(range(self.top + 1))
        self.owners = [frozenset(range(-1, n)) for n in range(spec.players_max + 1)]
        """The building levels the edition has; by the number of players, the owners a deed
        may have (the bank, -1, or a player)."""
        self.deed_space: itemgetter[tuple[int, ...]] | None = \
            itemgetter(*(d.spaces[0] for d in spec.deeds)) \
            if len(spec.deeds) > 1 and all(len(d.spaces) == 1 for d in spec.deeds) \
            and len({d.spaces[0] for d in spec.deeds}) == len(spec.deeds) else None
        """A getter of each deed's one space's entry, on a board where every deed has one
        space of its own (else None)."""
        bare = [sp.index for sp in spec.spaces if sp.deed < 0]
        self.bare: itemgetter[tuple[int, ...]] | None = \
            itemgetter(*(bare * 2)) if bare else None  # (each twice: a tuple however few)
        """A getter of the entries of the spaces that have no deed."""
        self.built: list[int] = []
        self.owner: list[int] = []
        self.mortgaged: list[bool] = []
        self.placed: list[int] = []
        self.players = 0
        """The last buildings, owners, mortgages, spaces of buildings and players (their
        number, and those out as bits below it) found
        sound (most checks find them as they were), and the houses and hotels they count."""
        self.counts = (0, 0)


_FACTS: dict[int, _Facts] = {}
"""The quick pass's facts by the id of their spec (kept with them, so the id stays its own)."""


def _facts(spec: Spec) -> _Facts:
    facts = _FACTS.get(id(spec))
    if facts is None or facts.spec is not spec:
        if len(_FACTS) >= 16:
            _FACTS.clear()
        facts = _FACTS[id(spec)] = _Facts(spec)
    return facts


def holds(game: Game) -> bool:
    """A quick yes: True only when every invariant of ``check_play`` holds (and each
    mechanic's check finds nothing). False means "not sure": ``breaches`` then says what, if
    anything, is broken.

    The same rules as ``breaches``, read with list operations that run at C speed (sums,
    counts, minima) instead of a loop per deed; and the rules about deeds and buildings are
    gone through again only when the owners, buildings, mortgages or players out changed since
    the last state found sound (most decisions change none of them)."""
    st = game.st
    facts = _FACTS.get(id(game.spec))
    if facts is None or facts.spec is not game.spec:
        facts = _facts(game.spec)
    players, owner = st.players, st.owner
    total = st.pot
    held = False
    out = 0
    for i, pl in enumerate(players):
        cash = pl.cash
        if cash < 0:
            return False
        total += cash
        if pl.status == OUT:
            if cash or pl.cards:
                return False
            out |= 1 << i
        elif pl.cards:
            held = True
    if total != st.starting_total + st.bank_net:
        return False
    b, mortgaged = st.buildings, st.mortgaged
    seen = len(players) << 16 | out
    if b != facts.built or owner != facts.owner or mortgaged != facts.mortgaged \
            or seen != facts.players or st.placed != facts.placed:
        counts = _board_holds(facts, players, out, b, owner, mortgaged)
        if counts is None:
            return False
        placed = st.placed
        # (where they stand depends on the buildings alone: asked again when those changed)
        if (b != facts.built or placed != facts.placed) and (counts != (0, 0) or any(placed)) \
                and not _placed_holds(facts, game, b, placed):
            return False  # buildings not standing where their deed counts them
        facts.built, facts.owner, facts.mortgaged = b.copy(), owner.copy(), mortgaged.copy()
        facts.placed = st.placed.copy()
        facts.players, facts.counts = seen, counts
    houses, hotels = facts.counts
    if st.bank_houses < 0 or st.bank_houses + houses != facts.houses:
        return False
    if st.bank_hotels < 0 or st.bank_hotels + hotels != facts.hotels:
        return False
    in_decks = list(map(len, st.decks))
    mechanics = game.mechanics
    if held or mechanics:  # cards in hand, or kept by a mechanic (its Item cards)
        cards = [c for pl in players for c in pl.cards]
        for m in mechanics:
            cards += m.held_cards(st)
        for dk, _ in cards:
            if not 0 <= dk < len(in_decks):
                return False
            in_decks[dk] += 1
    if in_decks != facts.deck_sizes:
        return False
    # (classic has no mechanics: no generator made for them)
    return not mechanics or not any(m.check(game.spec, st) for m in mechanics)


def _placed_holds(facts: _Facts, game: Game, b: list[int], placed: list[int]) -> bool:
    """Whether the buildings stand where their deeds count them (``buildings.problems``
    finds nothing): on a board of one space per deed, each deed's space holds the deed's
    level and no other space holds any."""
    space = facts.deed_space
    if space is None or len(placed) != facts.size:
        return not B.problems(game.spec, game.st)
    bare = facts.bare
    return space(placed) == tuple(b) and (bare is None or not any(bare(placed)))


def _group_getters(spec: Spec) -> list[itemgetter[tuple[int, ...]]]:
    """Per group, a getter of its deeds' entries as a tuple (C speed; a group of one deed
    reads it twice, so that every getter gives a tuple)."""
    return [itemgetter(*g.deeds) if len(g.deeds) > 1 else itemgetter(g.deeds[0], g.deeds[0])
            for g in spec.groups]


def _board_holds(facts: _Facts, players: list[Player], out: int, b: list[int],
                 owner: list[int], mortgaged: list[bool]) -> tuple[int, int] | None:
    """The rules of deeds and buildings (``breaches`` words them): each deed owned by the bank
    or a player still in, mortgaged only when owned; buildings only on streets, at a level
    the edition has, on groups held whole by one player, none mortgaged, built evenly. The
    houses and hotels on the board, or None when a rule is broken. (``out``: the players out,
    as bits.)"""
    n = len(players)
    owners = facts.owners[n] if n < len(facts.owners) else frozenset(range(-1, n))
    if not set(owner) <= owners:  # (a set of small numbers: quicker than min and max)
        return None
    if out:  # players out own nothing
        for i in range(n):
            if out >> i & 1 and i in owner:
                return None
    if True in mortgaged and min(compress(owner, mortgaged)) < 0:
        return None
    if not any(b):
        return 0, 0
    top = facts.top
    if not set(b) <= facts.levels or any(compress(b, facts.not_street)):
        return None
    getters = facts.getters
    for g in set(compress(facts.group_of, b)):  # the groups with buildings
        get = getters[g]
        held = get(owner)  # (not ``owners``, a set above: compiled, a name keeps one type)
        o = held[0]
        if o < 0 or held.count(o) != len(held) or True in get(mortgaged):
            return None
        levels = get(b)
        if max(levels) - min(levels) > 1:
            return None
    hotels = b.count(top)
    return sum(b) - hotels * top, hotels


def breaches(game: Game) -> list[str]:
    """Every rulebook invariant the state breaks, in words, rule by rule (``check_play``).

    - the ledger balances: the players' cash plus the Free Parking pot equals the starting
      money plus what the bank paid out net (money moves only between players and the bank);
    - nobody's cash is negative; a bankrupt player holds no cash and no cards;
    - each deed has one owner at most, and only a player still in the game;
    - buildings: the bank's supply plus what is built equals the edition's supply, for houses
      and for hotels; buildings stand only on streets of a whole colour group held by one
      player with no deed of it mortgaged; built evenly (within a group, the most and least
      built streets differ by one at most); never more than a hotel; the buildings a deed
      counts stand on its spaces (``engine.buildings``);
    - every Get Out of Jail Free card is either in its deck or held by one player.
    """
    st, spec = game.st, game.spec
    out: list[str] = []
    players = st.players
    n = len(players)
    cash_total = 0
    for i, pl in enumerate(players):
        cash_total += pl.cash
        if pl.cash < 0:
            out.append(f"player {i} has negative cash ({pl.cash})")
        if pl.bankrupt and (pl.cash or pl.cards):
            out.append(f"bankrupt player {i} still holds cash or cards")
    if cash_total + st.pot != st.starting_total + st.bank_net:
        out.append(
            f"ledger: cash {cash_total} + pot {st.pot} != starting money {st.starting_total}"
            f" + bank paid out {st.bank_net}"
        )
    owner, b, mortgaged = st.owner, st.buildings, st.mortgaged
    for d, o in enumerate(owner):
        if not -1 <= o < n:
            out.append(f"deed {d} has an owner that is not a player ({o})")
        elif o >= 0 and players[o].bankrupt:
            out.append(f"deed {d} is owned by bankrupt player {o}")
        elif o < 0 and mortgaged[d]:
            out.append(f"deed {d} is mortgaged but owned by the bank")
    top = P.hotel_level(spec)
    houses = hotels = 0
    if any(b):
        for d, level in enumerate(b):
            if not level:
                continue
            if level < 0 or level > top:
                out.append(f"deed {d} has building level {level} (0..{top} allowed)")
            elif level == top:
                hotels += 1
            else:
                houses += level
            if spec.deeds[d].kind != STREET:
                out.append(f"deed {d} has buildings but is not a street")
        by_street = spec.rules.building_scope == "street"
        for g in spec.groups:
            levels = [b[d] for d in g.deeds]
            if not levels or not any(levels):
                continue
            if by_street:  # buildings belong to their street: none on a mortgaged one
                if any(mortgaged[d] and b[d] for d in g.deeds):
                    out.append(f"group {g.id} has buildings on a mortgaged deed")
                continue
            o = owner[g.deeds[0]]
            if o < 0 or any(owner[d] != o for d in g.deeds):
                out.append(f"group {g.id} has buildings but no single owner holds all of it")
            if any(mortgaged[d] for d in g.deeds):
                out.append(f"group {g.id} has buildings and a mortgaged deed")
            if spec.rules.even_building and max(levels) - min(levels) > 1:
                out.append(f"group {g.id} is built unevenly ({levels})")
    if any(b) or any(st.placed):
        out.extend(B.problems(spec, st))
    elif len(st.placed) != spec.size:
        out.append(f"placed has {len(st.placed)} entries, the board {spec.size} spaces")
    r = spec.rules
    if st.bank_houses < 0 or st.bank_houses + houses != r.building_supply_houses:
        out.append(
            f"houses: bank {st.bank_houses} + built {houses} != supply {r.building_supply_houses}"
        )
    if st.bank_hotels < 0 or st.bank_hotels + hotels != r.building_supply_hotels:
        out.append(
            f"hotels: bank {st.bank_hotels} + built {hotels} != supply {r.building_supply_hotels}"
        )
    kept = [h for m in game.mechanics for h in m.held_cards(st)]
    for deck in spec.decks:
        held = sum(1 for pl in players for dk, _ in pl.cards if dk == deck.index)
        held += sum(1 for dk, _ in kept if dk == deck.index)
        if len(st.decks[deck.index]) + held != len(deck.cards):
            out.append(
                f"deck {deck.id}: {len(st.decks[deck.index])} in the deck + {held} held"
                f" != {len(deck.cards)} cards"
            )
    for m in game.mechanics:
        out.extend(m.check(spec, st))
    return out


# ---------------------------------------------------------------- a state loaded


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
                            ("placed", st.placed, size),
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
        elif pl.in_jail and spec.spaces[pl.position].kind != JAIL:
            bad(f"{where}: in jail but on space {pl.position}, not a jail ({spec.jail_space})")
        if pl.jail_turns < 0:
            bad(f"{where}.jail_turns: {pl.jail_turns} is negative")
        if pl.status not in STATUSES:
            bad(f"{where}.status: '{pl.status}' is not a status ({', '.join(STATUSES)})")
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
        if spec.rules.building_scope == "street":
            if o < 0:
                bad(f"{bwhere}: built on, but owned by the bank")
            if st.mortgaged[d]:
                bad(f"{bwhere}: built on, but mortgaged")
            continue
        if any(st.owner[g] != o for g in group) or o < 0:
            bad(f"{bwhere}: built on, but the owner does not own the whole group")
        if any(st.mortgaged[g] for g in group):
            bad(f"{bwhere}: built on, but a deed of its group is mortgaged")
        if spec.rules.even_building and \
                max(st.buildings[g] for g in group) - min(st.buildings[g] for g in group) > 1:
            bad(f"{bwhere}: the group is not built evenly")

    problems.extend(B.problems(spec, st))
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
    for m in mechanics_for(spec):
        for di, ci in m.held_cards(st):
            if (di, ci) in seen:
                bad(f"mech.{m.NAME}: card ({di}, {ci}) is in two places")
            seen[(di, ci)] = m.NAME
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
    for name in ("doubles", "rounds", "turns", "decisions"):
        if getattr(st, name) < 0:
            bad(f"{name}: {getattr(st, name)} is negative")
    for i, c in enumerate(st.claims):
        if not player_ok(c.owner) or not player_ok(c.payer) or not deed_ok(c.deed):
            bad(f"claims[{i}]: not a claim between players for a deed")
    for i, f in enumerate(st.frames):
        problems.extend(f"frames[{i}].{p}" for p in _frame_problems(spec, st, f))
    if st.over:
        if not player_ok(st.winner):
            bad(f"winner: {st.winner} is not a player")
    elif st.winner != -1:
        bad(f"winner: {st.winner}, but the game is not over")
    if any(x < 0 for x in st.landings):
        bad("landings: a count is negative")
    if st.last_card != (-1, -1):
        dk, ci = st.last_card
        if not (0 <= dk < len(spec.decks) and 0 <= ci < len(spec.decks[dk].cards)):
            bad(f"last_card: {list(st.last_card)} is not a card")
    for m in mechanics_for(spec):
        if m.NAME not in st.mech and m.new_state() is not None:
            bad(f"mech: the state of the mechanic '{m.NAME}' is missing")
        else:
            problems.extend(m.check(spec, st))
    unknown = sorted(set(st.mech) - set(spec.mechanics))
    if unknown:
        bad(f"mech: {', '.join(unknown)} is not a mechanic of {spec.name}")
    return problems


def _frame_problems(spec: Spec, st: GameState, f: Frame) -> list[str]:
    """What in one of the core's frames does not fit the game (a mechanic's frames are
    checked by the mechanic)."""
    n, nd = len(st.players), len(spec.deeds)
    out: list[str] = []
    bad = out.append

    def player_ok(p: int, allow_bank: bool = False) -> bool:
        return (allow_bank and p == -1) or 0 <= p < n

    if isinstance(f, BuyFrame):
        if not player_ok(f.player) or not 0 <= f.deed < nd or st.owner[f.deed] != -1:
            bad(f"deed: {f.deed} is not a deed the bank has for sale")
    elif isinstance(f, TaxFrame):
        if not player_ok(f.player) or not 0 <= f.space < spec.size \
                or spec.spaces[f.space].kind != TAX:
            bad(f"space: {f.space} is not a tax space")
    elif isinstance(f, AuctionFrame):
        if not (0 <= f.deed < nd or (f.deed == -1 and f.building in ("house", "hotel"))):
            bad(f"deed: {f.deed} is not a deed")
        if not f.bidders or not all(player_ok(b) for b in f.bidders):
            bad(f"bidders: {f.bidders} are not players")
        elif not 0 <= f.turn < len(f.bidders):
            bad(f"turn: {f.turn} is not one of the {len(f.bidders)} bidders")
        if f.high_bidder != -1 and not player_ok(f.high_bidder):
            bad(f"high_bidder: {f.high_bidder} is not a player")
        if f.high_bid < 0:
            bad(f"high_bid: {f.high_bid} is negative")
        if not all(b in f.bidders and b != f.high_bidder for b in f.passed):
            bad(f"passed: {f.passed} are not bidders still in (or one holds the high bid)")
    elif isinstance(f, AuctionQueueFrame):
        for q in f.deeds:
            if not 0 <= q < nd:
                bad(f"deeds: {q} is not a deed")
    elif isinstance(f, DebtsFrame):
        if not f.debts:
            bad("debts: no debt")
        for i, debt in enumerate(f.debts):
            if not player_ok(debt.debtor) or not player_ok(debt.creditor, allow_bank=True):
                bad(f"debts[{i}]: between {debt.debtor} and {debt.creditor}, not players")
            if debt.amount <= 0:
                bad(f"debts[{i}].amount: {debt.amount} is not a debt")
    elif isinstance(f, TransfersFrame):
        if not f.transfers:
            bad("transfers: no deed")
        for i, t in enumerate(f.transfers):
            if not player_ok(t.player) or not 0 <= t.deed < nd:
                bad(f"transfers[{i}]: not a deed of a player")
    elif isinstance(f, TradeFrame):
        if not (player_ok(f.offer.proposer) and player_ok(f.offer.partner)):
            bad("offer: not between two players")
    elif isinstance(f, PlaceBuildingFrame):
        if not player_ok(f.player) or f.building not in ("house", "hotel"):
            bad(f"player: {f.player} ({f.building!r}) is not a building to place")
    elif isinstance(f, WalkFrame):
        if not player_ok(f.player) or f.left < 0:
            bad(f"left: {f.left} spaces for player {f.player} is not a move")
    elif isinstance(f, MoveAfterDebtFrame) and (not player_ok(f.player) or f.steps < 0):
        bad(f"steps: {f.steps} for player {f.player} is not a move")
    return out
