"""The invariants' quick pass (``engine.invariants.holds``) counts the cards a mechanic keeps,
as the rule-by-rule check does."""

from __future__ import annotations

from dnd_helpers import dnd_game, give_item

from monopoly_tui.engine.invariants import breaches, holds


def test_the_quick_pass_counts_the_cards_a_mechanic_keeps() -> None:
    """Dungeons & Dragons' Item cards are held by its mechanic (``held_cards``), not in the
    players' hands."""
    game = dnd_game(3)
    give_item(game, 1, add=1)
    assert holds(game) and not breaches(game)
    game.st.decks[0].pop()  # a card gone from the deck, nowhere held
    assert breaches(game) and not holds(game)
