"""Undo stops once anything hidden is shown, in every edition (README: "while nothing random
has been revealed since (no dice rolled, no card drawn)"; issue 28, item 11).

A decision that shows a face-down card (a Dungeons & Dragons Portal's destination whose
Adventure card is turned over, two Magic & Mystery cards Doric looks at) cannot be taken
back: taking it back would give a free look at the card and a second choice.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from dnd_helpers import deed, dnd_game, script, space, stand_before

from monopoly_tui.bots import make_bot
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import describe
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures
from monopoly_tui.engine.mechanics.dnd_config import ADVENTURES, AdventuresSpec
from monopoly_tui.engine.mechanics.dnd_portals import A_GO_THROUGH, PORTAL_MOVE
from monopoly_tui.engine.undo import undo_problem
from monopoly_tui.rules import load_spec


def on_the_portal() -> Game:
    """Ann (no power) has rolled onto the first Portal, which reaches Neverwinter Wood, the
    High Forest, Mount Hotenow and the Sword Mountains; the table keeps what may be undone."""
    game = dnd_game()
    game.keep_undo()
    stand_before(game, 0, "portal-1")
    script(game, 1)
    game.act(Action("roll", 0))
    assert game.pending.kind == PORTAL_MOVE
    return game


def test_portal_any_location_its_adventure_card_once_revealed_cannot_be_taken_back() -> None:
    """PORTAL: "Move to any location between that portal space and the next one. Follow the
    rules of the space where you land" and an unsecured location: "read the picture side of
    the matching Adventure card aloud, then flip it over": once the card is turned over,
    going back to choose another location would be a free look at it."""
    game = on_the_portal()
    wood = space(game, "neverwinter-wood")
    game.act(Action(A_GO_THROUGH, 0, wood))
    assert adventures(game).revealed[deed(game, "neverwinter-wood")]
    assert not game.can_undo()
    assert undo_problem(game) == ("the Adventure card of Neverwinter Wood was revealed since")
    with pytest.raises(ValueError, match="revealed since"):
        game.undo()


def test_portal_to_a_location_whose_card_is_already_turned_over_may_be_taken_back() -> None:
    """Nothing hidden is shown when the card was already flipped ("If you land on an unsecured
    location where the Adventure card has already been flipped, you don't have to pay the
    Bank"): the Portal's choice may be taken back, and another location chosen."""
    game = on_the_portal()
    adventures(game).revealed[deed(game, "high-forest")] = True
    game.act(Action(A_GO_THROUGH, 0, space(game, "high-forest")))
    assert game.can_undo(), undo_problem(game)
    game.undo()
    assert game.pending.kind == PORTAL_MOVE
    assert game.st.players[0].position == space(game, "portal-1")


def test_a_card_taken_from_the_top_of_a_deck_stops_undo_with_or_without_its_event() -> None:
    """Whatever a mechanic tells of it, a card that left the top of a deck was seen."""
    from monopoly_tui.engine import undo as U

    game = on_the_portal()
    adventures(game).revealed[deed(game, "high-forest")] = True
    before = game.copy().st
    game.act(Action(A_GO_THROUGH, 0, space(game, "high-forest")))
    assert U.barrier(game, before, game.history[-1]) == ""
    game.st.decks[0].pop(0)  # a draw told by no event
    assert U.barrier(game, before, game.history[-1]) == "a card was drawn since"


# ------------------------------------------------------------------ in every edition

EDITIONS = ("classic", "got", "nfl", "lotr", "dnd", "lge")


def hidden_scrambled(game: Game, seed: int) -> Game:
    """The same game with everything hidden changed: every deck's order, the dice's
    generator, and which Adventure card lies face down at which unrevealed location."""
    other = game.copy()
    rng = random.Random(seed)
    for order in other.st.decks:
        rng.shuffle(order)
    other.st.rng = random.Random(seed + 1)
    adv = other.spec.mechanics.get(ADVENTURES)
    if isinstance(adv, AdventuresSpec):
        st = adventures(other)
        hidden = [i for i, c in enumerate(adv.cards)
                  if c.space >= 0 and not st.revealed[other.spec.spaces[c.space].deed]]
        places = [adv.cards[i].space for i in hidden]
        rng.shuffle(places)
        cards = list(adv.cards)
        for i, where in zip(hidden, places, strict=True):
            cards[i] = replace(cards[i], space=where)
        mechanics = dict(other.spec.mechanics)
        mechanics[ADVENTURES] = replace(adv, cards=tuple(cards))
        other = Game(replace(other.spec, mechanics=mechanics), other.st, dict(other.options))
        other.history = list(game.history)
    return other


def shows(game: Game, events: list) -> list[str]:
    """What a decision showed: its events in words, and the decision now waiting."""
    pend = game.pending
    return [describe(e, game) for e in events] + [pend.kind, repr(pend.context)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_decision_that_may_be_taken_back_showed_nothing_hidden(edition: str) -> None:
    """In bot games of each edition, every decision the table could take back plays out the
    same whatever the hidden things are (the decks' order, the dice to come, the face-down
    Adventure cards): it showed none of them."""
    spec = load_spec(edition)
    checked = 0
    for seed in range(3):
        players = [(f"P{i}", spec.tokens[i]) for i in range(min(4, spec.players_max))]
        game = Game.new(spec, players, seed=seed)
        game.keep_undo()
        bots = [make_bot("basic", seed * 10 + i) for i in range(len(players))]
        for _ in range(1500):
            if game.over:
                break
            kind, who = game.waiting_for
            action = bots[who].decide(game, kind, who)
            twin = hidden_scrambled(game, seed * 7919 + game.st.decisions)
            events = list(game.act(action))
            if not game.can_undo():
                continue
            checked += 1
            assert shows(twin, list(twin.act(action))) == shows(game, events), (
                f"{edition}: '{action.kind}' could be taken back but showed something hidden")
    assert checked  # some decisions could be taken back, and were checked
