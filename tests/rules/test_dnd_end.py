"""Dungeons & Dragons: Honor Among Thieves, "THE END OF THE GAME" (rulebook:DND), from
hand-made states: the roll that secures the last location is settled in full first."""

from __future__ import annotations

from dnd_helpers import deed, dnd_game, give_item, script, stand_before

from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures
from monopoly_tui.engine.mechanics.dnd_checks import A_NO_ITEM, USE_ITEMS


def test_the_securing_roll_is_settled_before_the_end() -> None:
    """Gauntlgrym's 20 draws a card; the card is a monster, fought with an item at hand: the
    fight is decided, and only then does the game end, every card back in its place."""
    game = dnd_game()
    last = deed(game, "gauntlgrym")
    for d in game.spec.deeds:
        adventures(game).revealed[d.index] = True
        if d.index != last:
            game.st.owner[d.index] = 1
    give_item(game, 0, add=1)
    owlbear = next(i for i, c in enumerate(game.spec.decks[0].cards)
                   if c.text.startswith("An Owlbear"))
    game.st.decks[0].remove(owlbear)
    game.st.decks[0].insert(0, owlbear)
    stand_before(game, 0, "gauntlgrym")
    script(game, 1, 20, 5)
    game.act(Action("roll", 0))
    game.act(Action("roll_to_secure", 0, last))
    assert game.st.owner[last] == 0
    assert not game.over and game.pending.kind == USE_ITEMS
    game.act(Action(A_NO_ITEM, 0))
    assert game.over and game.st.end_reason == "all_locations_secured"
    assert game.st.players[0].cash == 300 + 50 - 30 + 80  # the reward, the Owlbear, the tax
    assert check_play(game) == []
