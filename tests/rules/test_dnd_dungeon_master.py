"""Dungeons & Dragons: Honor Among Thieves, "BECOME A DUNGEON MASTER!" (rulebook:DND), from
hand-made states: the Dungeon Master cards are a setup option that derives the game's board."""

from __future__ import annotations

from pathlib import Path

import pytest
from dnd_helpers import NAMES, TOKENS, dnd_spec, give_item, script

from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import describe
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.invariants import check_play
from monopoly_tui.engine.mechanics.dnd_adventures import card_of
from monopoly_tui.engine.mechanics.dnd_checks import A_USE_ITEM, USE_ITEMS, items_of
from monopoly_tui.engine.mechanics.dnd_dungeon_master import RED_WIZARD, dm_cards
from monopoly_tui.saves import export_game, load_save, release
from monopoly_tui.saves.files import new_meta, read_save, restore_game
from monopoly_tui.saves.store import save_game

EVERY_CARD = {
    "locations": {"kryptgarden-forest": "high-forest", "starmetal-hills": "mount-hotenow",
                  "driftwood-tavern": "neverwinter"},
    "monsters": [0, 1],
    "red_wizard": "magic-3",
}


def dm_game(choice: object, players: int = 2, seed: int = 0) -> Game:
    game = Game.new(dnd_spec(), list(zip(NAMES[:players], TOKENS[:players], strict=True)),
                    seed=seed, setup={"dungeon_master": choice})
    game.st.current = game.st.first_player = 0
    return game


def test_no_dm_card_leaves_the_base_game() -> None:
    game = dm_game({})
    base = dnd_spec()
    assert game.spec.spaces == base.spaces and game.spec.decks == base.decks
    assert len(game.spec.decks[0].cards) == 30


def test_the_nine_dm_cards_are_listed_with_what_each_does() -> None:
    cards = dm_cards(dnd_spec())
    names = [name for _, name, _ in cards]
    assert names == ["Kryptgarden Forest", "Starmetal Hills", "Driftwood Tavern",
                     "Rakor the Dragon", "Gelatinous Cube", "Szass Tam"]
    assert all(text for _, _, text in cards)


def test_a_dm_location_replaces_a_location_of_its_colour_chosen_by_the_players() -> None:
    game = dm_game({"locations": {"kryptgarden-forest": "high-forest"}})
    si = game.spec.space_by_id["kryptgarden-forest"]
    sp = game.spec.spaces[si]
    assert si == dnd_spec().space_by_id["high-forest"] and sp.name == "Kryptgarden Forest"
    assert "high-forest" not in game.spec.space_by_id
    d = game.spec.deeds[sp.deed]
    assert d.name == "Kryptgarden Forest" and d.price == 20  # the space's amount kept
    assert game.spec.groups[d.group].id == "light-blue"
    game2 = dm_game({"locations": {"kryptgarden-forest": "neverwinter-wood"}})
    assert game2.spec.space_by_id["kryptgarden-forest"] == dnd_spec().space_by_id[
        "neverwinter-wood"]


def test_a_dm_adventure_replaces_the_locations_adventure() -> None:
    game = dm_game({"locations": {"kryptgarden-forest": "high-forest"}})
    sp = game.spec.spaces[game.spec.space_by_id["kryptgarden-forest"]]
    card = card_of(game, sp.deed)
    assert (card.target, card.price) == (13, 100) and "green dragon" in card.picture
    game.st.players[0].position = sp.index - 1
    script(game, 1, 12)
    game.act(Action("roll", 0))
    assert game.pending.context["target"] == 13
    game.act(Action("roll_to_secure", 0, sp.deed))
    assert game.st.owner[sp.deed] == -1  # 12 does not beat the DM card's 13


def test_a_dm_location_on_another_colour_is_refused() -> None:
    with pytest.raises(ValueError, match="replaces a location of its colour"):
        dm_game({"locations": {"kryptgarden-forest": "waterdeep"}})
    with pytest.raises(ValueError, match="no DM location"):
        dm_game({"locations": {"castle-never": "waterdeep"}})
    with pytest.raises(ValueError, match="unknown key"):
        dm_game({"dragons": True})


def test_dm_monsters_are_shuffled_into_magic_and_mystery() -> None:
    game = dm_game({"monsters": [0, 1]})
    deck = game.spec.decks[0]
    assert len(deck.cards) == 32 and sorted(game.st.decks[0]) == list(range(32))
    assert deck.cards[30].text.startswith("Rakor the Dragon")
    assert check_play(game) == []
    other = dm_game({"monsters": [0, 1]}, seed=1)
    assert other.st.decks[0] != game.st.decks[0]  # shuffled by the seed


def draw_top(game: Game, ci: int, *dice: int) -> None:
    game.st.decks[0].remove(ci)
    game.st.decks[0].insert(0, ci)
    game.st.players[0].position = game.spec.space_by_id["magic-1"] - 3
    script(game, 3, *dice)
    game.act(Action("roll", 0))


def test_rakor_lost_to_costs_50() -> None:
    game = dm_game({"monsters": [0]})
    draw_top(game, 30, 13)
    assert game.st.players[0].cash == 250
    game2 = dm_game({"monsters": [0]})
    draw_top(game2, 30, 14)
    assert game2.st.players[0].cash == 300


def test_the_gelatinous_cube_takes_every_item() -> None:
    game = dm_game({"monsters": [1]})
    give_item(game, 0, add=1)
    give_item(game, 0, add=2)
    draw_top(game, 30, 2)
    game.act(Action("no_item", 0))
    assert items_of(game, 0) == [] and check_play(game) == []


def test_szass_tam_replaces_the_chosen_magic_and_mystery_space() -> None:
    game = dm_game({"red_wizard": "magic-3"})
    sp = game.spec.spaces[game.spec.space_by_id["magic-3"]]
    assert sp.kind == RED_WIZARD and sp.name == "Szass Tam"
    with pytest.raises(ValueError, match="replaces a card space"):
        dm_game({"red_wizard": "waterdeep"})


def land_on_szass_tam(game: Game, *red: int) -> list[str]:
    game.st.players[0].position = game.spec.space_by_id["magic-3"] - 1
    script(game, 1, *red)
    return [describe(e, game) for e in game.act(Action("roll", 0))]


def test_beating_szass_tam_costs_nothing() -> None:
    game = dm_game({"red_wizard": "magic-3"})
    lines = land_on_szass_tam(game, 11)
    assert game.st.players[0].cash == 300
    assert "Ann wins the battle with Szass Tam" in lines


def test_losing_to_szass_tam_costs_20() -> None:
    game = dm_game({"red_wizard": "magic-3"})
    lines = land_on_szass_tam(game, 10)
    assert game.st.players[0].cash == 280
    assert "Ann loses the battle with Szass Tam" in lines
    assert any("20 gold" in line and "Szass Tam" in line for line in lines)
    assert check_play(game) == []


def test_items_may_be_used_against_szass_tam() -> None:
    game = dm_game({"red_wizard": "magic-3"})
    give_item(game, 0, add=2)
    land_on_szass_tam(game, 9)
    assert game.pending.kind == USE_ITEMS
    game.act(Action(A_USE_ITEM, 0, 0))
    assert game.st.players[0].cash == 300


def test_a_save_with_dm_cards_loads_the_same_board(tmp_path: Path) -> None:
    game = dm_game(EVERY_CARD, seed=5)
    for _ in range(6):
        pend = game.pending
        game.act(pend.choices[-1])
    meta = new_meta(game, saves_dir=tmp_path)
    save_game(game, "dm", meta, tmp_path)
    release(meta)
    opened = load_save("dm", tmp_path)  # from the journal
    assert opened.options.setup == {"dungeon_master": EVERY_CARD}
    assert opened.game.spec.spaces == game.spec.spaces
    assert opened.game.st.decks == game.st.decks and opened.game.st.players == game.st.players
    path = export_game("dm", tmp_path / "dm.json", tmp_path)  # and as a file
    save = read_save(path)
    assert save.options.setup == {"dungeon_master": EVERY_CARD}
    loaded = restore_game(save, dnd_spec(), path)
    assert loaded.spec.spaces == game.spec.spaces and loaded.spec.decks == game.spec.decks
    assert loaded.st.decks == game.st.decks and loaded.st.players == game.st.players
