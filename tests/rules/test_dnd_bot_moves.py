"""The basic bot's answers to the Portal and the characters' powers (docs/design/dnd.md §8:
4, 5, 6), from hand-made states."""

from __future__ import annotations

from dnd_helpers import dnd_game, script, secure_for, space, stand_before

from monopoly_tui.bots.basic import BasicBot
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_characters import (
    A_DRAW_TWO,
    A_WALK_OUT,
    DRAW_HOW,
    JAIL_ESCAPE_CHOICE,
    KEEP_ONE,
)
from monopoly_tui.engine.mechanics.dnd_portals import PORTAL_MOVE
from monopoly_tui.engine.spec import ITEM, PAY


def on_portal_1(game: Game, p: int = 0) -> None:
    game.st.current = p
    game.st.stage = "pre_roll"
    stand_before(game, p, "portal-1")
    script(game, 1)
    game.act(Action(A.A_ROLL, p))
    assert game.pending.kind == PORTAL_MOVE


def test_the_bot_takes_the_portal_to_the_cheapest_easiest_unsecured_location() -> None:
    game = dnd_game(2)
    on_portal_1(game)
    assert BasicBot().choose(game, 0).target == space(game, "mount-hotenow")


def test_the_bot_takes_the_portal_to_complete_a_pair() -> None:
    game = dnd_game(2)
    secure_for(game, 0, "neverwinter-wood")
    on_portal_1(game)
    assert BasicBot().choose(game, 0).target == space(game, "high-forest")


def test_the_bot_avoids_another_players_tax_through_the_portal() -> None:
    game = dnd_game(2)
    secure_for(game, 1, "mount-hotenow", "sword-mountains", "neverwinter-wood")
    secure_for(game, 0, "high-forest")
    on_portal_1(game)
    assert BasicBot().choose(game, 0).target == space(game, "high-forest")  # its own: safe


def test_simon_the_bot_weighs_the_go_gold_he_would_give_up() -> None:
    """From the last Portal every location beyond its range is reached over GO, without the
    40 gold: Blingdenstone (70, 15+) scores 25 - 40 and loses to Phandalin (10, 8+: -14) in
    range, whose GO gold he keeps."""
    game = dnd_game(3, powers=True)
    secure_for(game, 0, "gauntlgrym", "menzoberranzan")
    game.st.current = 2
    game.st.stage = "pre_roll"
    stand_before(game, 2, "portal-4")
    script(game, 1)
    game.act(Action(A.A_ROLL, 2))
    assert len(game.pending.choices) == 16
    assert BasicBot().choose(game, 2).target == space(game, "phandalin")


def test_doric_the_bot_keeps_an_item_rather_than_a_loss() -> None:
    game = dnd_game(4, powers=True)
    order = game.st.decks[0]
    cards = game.spec.decks[0].cards
    loss = next(i for i in order if cards[i].kind == PAY)
    item = next(i for i in order if cards[i].kind == ITEM)
    order.remove(loss)
    order.remove(item)
    order[:0] = [loss, item]
    game.st.current = 3
    game.st.stage = "pre_roll"
    stand_before(game, 3, "magic-1")
    script(game, 1)
    game.act(Action(A.A_ROLL, 3))
    assert game.pending.kind == DRAW_HOW
    choice = BasicBot().choose(game, 3)
    assert choice.kind == A_DRAW_TWO  # two to choose from are never worse
    game.act(choice)
    assert game.pending.kind == KEEP_ONE
    assert BasicBot().choose(game, 3).target == item


def test_edgin_the_bot_walks_out_of_jail() -> None:
    game = dnd_game(2, powers=True)
    stand_before(game, 0, "go-to-jail")
    script(game, 1)
    game.act(Action(A.A_ROLL, 0))
    assert game.pending.kind == JAIL_ESCAPE_CHOICE
    assert BasicBot().choose(game, 0).kind == A_WALK_OUT
