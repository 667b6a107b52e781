"""Dungeons & Dragons: Honor Among Thieves, "THE END OF THE GAME" (rulebook:DND), from
hand-made states: the roll that secures the last location is settled in full first."""

from __future__ import annotations

from dnd_helpers import deed, dnd_game, give_item, script, secure_for, stand_before

from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import describe
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


def test_the_round_cap_ends_as_the_real_end_the_payout_then_the_most_gold_wins() -> None:
    """THE END OF THE GAME: "All players collect tax from the Bank for each of their secured
    locations … For locations in a color set, collect double tax. Now count up your gold. The
    player with the most wins!" The designed round cap ends the same way: Ann, 300 gold and
    nothing secured, is worth more by cash and printed amounts (300 against Bob's 100 + 160),
    but Bob's pair pays him 2 x 160 and he has the most gold."""
    game = dnd_game()
    secure_for(game, 1, "gauntlgrym", "menzoberranzan")
    game.st.players[1].cash = 100
    game.st.bank_net -= 200
    game.st.rounds = game.spec.rules.turn_limit - 1
    game.st.current = 1  # Bob ends the last turn of the last round
    game.st.stage = "post_move"
    events = game.act(Action("end_turn", 1))
    assert game.over and game.st.end_reason == "turn_limit"
    assert [p.cash for p in game.st.players] == [300, 100 + 2 * 160]
    assert game.st.winner == 1 and game.st.ranking == [1, 0]
    assert "Bob collects 320 gold tax for their locations" in [describe(e, game)
                                                                for e in events]
    assert check_play(game) == []


def test_time_called_at_an_agreed_hour_ends_as_the_real_end_too() -> None:
    """The same payout and winner when the table calls time (the house rule), not the
    valuation of cash and printed amounts."""
    from dataclasses import replace

    game = dnd_game()
    game.spec = replace(game.spec, rules=replace(game.spec.rules, time_call=True))
    secure_for(game, 1, "gauntlgrym", "menzoberranzan")
    game.st.players[1].cash = 100
    game.st.bank_net -= 200
    game.act(Action("call_time", 0))
    assert game.over and game.st.winner == 1
    assert [p.cash for p in game.st.players] == [300, 420]
