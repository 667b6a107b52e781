"""The engine's fast paths give exactly what the plain rule gives.

Speed work (see ``benchmarks/bench_engine.py``) replaced a few general forms on the hot path with
quicker ones. Each test here states the rule, computes it the plain way, and checks the fast
path agrees on many states.
"""

from __future__ import annotations

import inspect
import random
from dataclasses import MISSING, fields

import pytest

from monopoly_tui.engine import property as P
from monopoly_tui.engine.actions import Action, Event
from monopoly_tui.engine.frames import AuctionFrame, BuyFrame, find_frame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.spec import STREET
from monopoly_tui.engine.state import Debt, MortgagedTransfer, TradeOffer
from monopoly_tui.rules import load_spec


def _reads_init_signature(module: str) -> pytest.MarkDecorator:
    """The mark of a test that reads the signature of a written-out ``__init__`` in ``module``
    (a compiled class does not show it)."""
    return pytest.mark.pure_python_only(
        module, "reads an __init__ signature, which a compiled class does not show")


def _game(edition: str = "classic", players: int = 4, seed: int = 0) -> Game:
    spec = load_spec(edition)
    return Game.new(spec, [(f"P{i}", spec.tokens[i]) for i in range(players)], seed=seed)


def _init_takes_exactly_the_fields(cls: type) -> None:
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [p.name for p in params] == [f.name for f in fields(cls)]
    for p, f in zip(params, fields(cls), strict=True):
        assert (p.default is inspect.Parameter.empty) == (f.default is MISSING)
        if f.default is not MISSING:
            assert p.default == f.default


@_reads_init_signature("monopoly_tui.engine.actions")
def test_event_init_takes_exactly_its_fields() -> None:
    """Events are built by a written-out ``__init__`` (fast when compiled): it must take every
    field, in order, with the field's default, and set each one."""
    _init_takes_exactly_the_fields(Event)
    e = Event("k", 1, 2, 3, 4, 5, (6, 6), (7, 8), "t")
    assert [getattr(e, f.name) for f in fields(Event)] == ["k", 1, 2, 3, 4, 5, (6, 6), (7, 8), "t"]


@_reads_init_signature("monopoly_tui.engine.state")
def test_debt_init_takes_exactly_its_fields() -> None:
    """Debts too are built by a written-out ``__init__``: every field, in order, defaults
    kept, each one set."""
    _init_takes_exactly_the_fields(Debt)
    d = Debt(1, -1, 50, "tax", True, 4)
    assert [getattr(d, f.name) for f in fields(Debt)] == [1, -1, 50, "tax", True, 4]


@_reads_init_signature("monopoly_tui.engine.actions")
def test_action_init_takes_exactly_its_fields_and_actions_compare_by_value() -> None:
    """Actions and trade offers are built by a written-out ``__init__`` too (a frozen
    dataclass, compiled, is built by the generated Python one): every field, in order,
    defaults kept, each one set; equal values are equal and hash alike, as when frozen."""
    _init_takes_exactly_the_fields(Action)
    offer = TradeOffer(1, 2, (3,), (4,), 5, 6, 7, 8, ((0, 1),), ((2, 3),))
    a = Action("propose_trade", 1, 2, 3, offer)
    assert [getattr(a, f.name) for f in fields(Action)] == ["propose_trade", 1, 2, 3, offer]
    _init_takes_exactly_the_fields(TradeOffer)
    assert [getattr(offer, f.name) for f in fields(TradeOffer)] == [
        1, 2, (3,), (4,), 5, 6, 7, 8, ((0, 1),), ((2, 3),)]
    twin = Action("propose_trade", 1, 2, 3, TradeOffer(1, 2, (3,), (4,), 5, 6, 7, 8, ((0, 1),),
                                                       ((2, 3),)))
    assert twin == a and hash(twin) == hash(a) and len({a, twin}) == 1
    assert Action("roll", 0) != Action("roll", 1)


@_reads_init_signature("monopoly_tui.engine.frames")
def test_buy_frame_and_transfer_init_take_exactly_their_fields() -> None:
    """The buy decision and a mortgaged deed received are built by a written-out
    ``__init__``: every field, in order, each one set."""
    _init_takes_exactly_the_fields(BuyFrame)
    f = BuyFrame(2, 7)
    assert (f.player, f.deed) == (2, 7)
    _init_takes_exactly_the_fields(MortgagedTransfer)
    t = MortgagedTransfer(3, 9)
    assert (t.player, t.deed) == (3, 9)


def test_dice_read_the_generator_in_order_whatever_their_number() -> None:
    """Each die is ``int(random() * faces)``, read in order: the two-dice fast path draws the
    same numbers as the general form; the total and doubles follow the faces' values."""
    for edition in ("classic", "lotr"):
        game = _game(edition)
        n = len(game.spec.dice.values)
        for count in (1, 2, 3):
            state = game.st.rng.getstate()
            faces = game.roll_faces(count)
            game.st.rng.setstate(state)
            plain = tuple(int(game.st.rng.random() * n) for _ in range(count))
            assert faces == plain
            values = game.spec.dice.values
            assert game.total(faces) == sum(values[f] for f in faces)
            assert game.is_doubles(faces) == (
                game.spec.dice.doubles and count > 1 and len(set(faces)) == 1
            )
        assert game.is_doubles((2, 2)) is game.spec.dice.doubles
        assert not game.is_doubles((1, 2))


def test_a_turns_roll_draws_what_roll_faces_draws() -> None:
    """The turn's roll reads two dice inline (no dice source): the same faces ``roll_faces``
    draws from the same generator state; the token lands on the space their total away, and
    doubles roll again (unless the space sent the player to jail)."""
    for edition in ("classic", "lotr"):
        for seed in range(40):
            game = _game(edition, seed=seed)
            st = game.st
            p = st.current
            state = st.rng.getstate()
            start = st.players[p].position
            game.act(Action("roll", p))
            st.rng.setstate(state)
            faces = game.roll_faces(game.spec.dice.count)
            assert len(faces) == 2
            assert st.last_roll == faces
            total = game.total(faces)
            if total:  # (a move of 0, Lord of the Rings' blank faces, lands nowhere)
                assert st.landings[(start + total) % game.spec.size] == 1
            else:
                assert st.players[p].position == start and not any(st.landings)
            assert st.again == (game.is_doubles(faces) and not st.players[p].in_jail)


def test_street_rent_and_group_counts_match_the_rule_on_random_states() -> None:
    """Unimproved street rent is doubled exactly when the owner holds the whole group with
    none of it mortgaged (or mortgages are ignored under set_rent_despite_mortgage); the count
    of a group held is the number of its deeds the player owns."""
    rng = random.Random(5)
    for edition in ("classic", "lotr"):
        game = _game(edition)
        spec, st = game.spec, game.st
        despite = spec.rules.set_rent_despite_mortgage
        for _ in range(300):
            st.owner[:] = [rng.choice((-1, 0, 0, 1)) for _ in st.owner]
            st.mortgaged[:] = [o >= 0 and rng.random() < 0.2 for o in st.owner]
            for d in spec.deeds:
                for p in range(2):
                    assert P.count_owned(spec, st, p, d.group) == sum(
                        1 for x in spec.groups[d.group].deeds if st.owner[x] == p
                    )
                if d.kind != STREET or st.owner[d.index] < 0:
                    continue
                owner = st.owner[d.index]
                whole = all(
                    st.owner[g] == owner and (despite or not st.mortgaged[g])
                    for g in spec.groups[d.group].deeds
                )
                expected = d.rent[0] * 2 if whole else d.rent[0]
                assert P.street_rent(spec, st, d.index) == expected


def test_no_building_shortage_check_while_the_bank_has_one_for_everyone() -> None:
    """A building shortage (an auction) needs more players wanting a building than the bank
    has left; with at least as many left as players, building is a plain purchase."""
    game = _game(players=2)
    st = game.st
    for d in game.spec.groups[0].deeds:
        st.owner[d] = 0
    st.stage = "post_move"
    st.bank_houses = 2
    d0 = game.spec.groups[0].deeds[0]
    events = game.act(Action("build", 0, d0))
    assert [e.kind for e in events] == ["built"] and find_frame(st, AuctionFrame) is None
    assert st.bank_houses == 1


def test_records_with_a_written_out_init_copy_and_deep_copy_by_value() -> None:
    """Actions, offers, events, debts, the buy decision and a mortgaged deed received copy
    and deep-copy to equal values, compiled too (a compiled class with a written-out
    ``__init__`` could not be deep-copied: making one with no arguments calls ``__init__``
    without them; a game state holding a buy decision could not be copied)."""
    import copy

    offer = TradeOffer(1, 2, (3,), (4,), 5, 6, 7, 8, ((0, 1),), ((2, 3),))
    records = [Action("propose_trade", 1, 2, 3, offer), Action("roll", 0), offer,
               Event("paid", 1, 50, 3, 4, 2, (1, 2), (0, 3), "rent"),
               Debt(1, -1, 50, "tax", True, 4), BuyFrame(2, 7), MortgagedTransfer(3, 9)]
    for r in records:
        for made in (copy.copy(r), copy.deepcopy(r)):
            assert type(made) is type(r) and made is not r
            assert [getattr(made, f.name) for f in fields(r)] == \
                [getattr(r, f.name) for f in fields(r)]
    game = _game()
    game.st.players[0].position = 0
    game.push(BuyFrame(0, 1))
    state = copy.deepcopy(game.st)
    assert state.frames[-1].deed == 1 and state.frames[-1] is not game.st.frames[-1]


def test_the_games_shuffle_is_pythons_shuffle() -> None:
    """Decks (and dealt deeds) are shuffled by ``dice.shuffle``, which gives the order
    ``random.Random.shuffle`` gives and leaves the generator where it leaves it, for every
    length and many seeds; a new game's decks are its generator's shuffles."""
    from monopoly_tui.engine.dice import shuffle

    for seed in range(200):
        for n in (0, 1, 2, 3, 7, 16, 17, 28, 40, 64, 100):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            shuffle(ours, a)
            theirs.shuffle(b)
            assert a == b
            assert ours.getstate() == theirs.getstate()
    game = _game(seed=12)
    rng = random.Random(12)
    for deck, order in zip(game.spec.decks, game.st.decks, strict=True):
        expected = list(range(len(deck.cards)))
        rng.shuffle(expected)
        assert order == expected
