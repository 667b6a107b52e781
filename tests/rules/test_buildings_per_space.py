"""Buildings are counted per deed and per space (``engine.buildings``): a deed shown on one
space keeps all its buildings there, so every edition of one space per deed plays as before;
a save written before the count per space loads with each deed's buildings on its space."""

from __future__ import annotations

from helpers import act, build, deed, give_group, new_game, place, roll

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.invariants import check_play


def _space_of(game, deed_id: str) -> int:
    return game.spec.deeds[deed(game, deed_id)].spaces[0]


def test_a_house_built_stands_on_its_streets_space() -> None:
    game = new_game()
    give_group(game, 0, "brown")
    d = deed(game, "baltic")
    act(game, A.A_BUILD, player=0, target=d)
    built = next(e for e in game.last_events if e.kind == "built")
    assert built.space == _space_of(game, "baltic")
    assert game.st.placed[built.space] == 1 == game.st.buildings[d]
    assert check_play(game) == []


def test_a_hotel_stands_alone_on_its_space_and_sells_back_as_houses_there() -> None:
    game = new_game()
    give_group(game, 0, "brown")
    for deed_id in ("mediterranean", "baltic"):
        build(game, deed_id, 4)
    d = deed(game, "baltic")
    act(game, A.A_BUILD, player=0, target=d)
    s = _space_of(game, "baltic")
    assert game.st.placed[s] == B.top(game.spec)
    act(game, A.A_SELL_BUILDING, player=0, target=d)
    assert game.st.placed[s] == 4 == game.st.buildings[d]
    assert check_play(game) == []


def test_rent_with_buildings_is_the_rent_of_the_buildings_on_the_space_landed_on() -> None:
    game = new_game()
    give_group(game, 1, "dark-blue")
    build(game, "boardwalk", 2)
    build(game, "park-place", 1)
    place(game, 0, "park-place")
    roll(game, (1, 1))  # Park Place → Boardwalk
    paid = [e for e in game.last_events if e.kind == "paid"]
    assert paid and paid[0].amount == game.spec.deeds[deed(game, "boardwalk")].rent[2]


def test_placement_out_of_step_with_the_deeds_count_is_an_invariant_broken() -> None:
    game = new_game()
    give_group(game, 0, "brown")
    build(game, "baltic", 1)
    game.st.placed[_space_of(game, "baltic")] = 0
    assert any("placed (Baltic Avenue)" in p for p in check_play(game))
    assert any("placed" in p for p in snap.check_state(game.spec, game.st))


def test_a_save_written_before_the_count_per_space_loads_with_buildings_on_their_space() -> None:
    game = new_game()
    give_group(game, 0, "dark-blue")
    build(game, "boardwalk", 5)
    build(game, "park-place", 4)
    data = snap.encode_state(game.st)
    del data["placed"]  # the shape of a save written before
    st = snap.decode_state(data, "state", game.spec)
    assert st.placed == game.st.placed
    assert snap.check_state(game.spec, st) == []
    # without the edition the state has no placement yet, and says so when checked
    assert snap.decode_state(data).placed == []
    assert any("placed" in p for p in snap.check_state(game.spec, snap.decode_state(data)))
