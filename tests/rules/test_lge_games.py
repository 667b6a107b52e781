"""Longest Game Ever: whole games by bots (issue 12, 'Done when'): the invariants hold after
every decision, basic bots make every decision (buy-outs, building placements and moves
included) and can finish a game by owning everything, and a seeded game replays alike."""

from __future__ import annotations

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.game import Game
from monopoly_tui.rules import load_spec
from monopoly_tui.simulate import play_game


def test_basic_bots_can_finish_a_game_by_owning_everything() -> None:
    spec = load_spec("lge")
    result, failure = play_game(spec, ["basic"] * 4, seed=0, max_turns=4000)
    assert failure is None
    assert result.end == "one_owner"


def test_basic_bots_make_every_lge_decision_and_keep_the_invariants() -> None:
    """Buy-outs, versions chosen for buildings, buildings moved: all met in a few games."""
    spec = load_spec("lge")
    seen: set[str] = set()

    def watch(game: Game) -> None:
        for a in game.history[-1:]:
            seen.add(a.kind)

    for seed in range(3):
        _, failure = play_game(spec, ["basic"] * 4, seed=seed, max_turns=4000,
                               after_decision=watch)
        assert failure is None
    assert {A.A_BUY_OUT, A.A_PAY_RENT, A.A_PLACE_VERSION, A.A_MOVE_BUILDING} <= seen


def test_random_bots_keep_the_invariants() -> None:
    """Random choices among every legal one (moves of buildings, buy-outs, trades...)."""
    spec = load_spec("lge")
    for seed in range(3):
        _, failure = play_game(spec, ["random"] * 4, seed=seed, max_turns=600)
        assert failure is None, failure


def test_a_seeded_lge_game_is_played_the_same_way_twice() -> None:
    spec = load_spec("lge")
    a, _ = play_game(spec, ["basic"] * 4, seed=7, max_turns=800)
    b, _ = play_game(spec, ["basic"] * 4, seed=7, max_turns=800)
    assert a == b


def test_every_lge_event_is_told_in_the_editions_words() -> None:
    """The buy-out, a version chosen, a building moved: each has a log line, in M."""
    from monopoly_tui.engine.describe import describe

    spec = load_spec("lge")
    lines: dict[str, str] = {}

    def tell(game: Game) -> None:
        for e in game.last_events:
            if e.kind in ("bought_out", "placed_version", "moved_building") and \
                    e.kind not in lines:
                text = describe(e, game)
                assert text, e
                lines[e.kind] = text

    play_game(spec, ["basic"] * 4, seed=1, max_turns=4000, after_decision=tell)
    assert set(lines) == {"bought_out", "placed_version", "moved_building"}
    assert "M" in lines["bought_out"]


def test_a_save_edited_to_hold_a_buy_out_that_does_not_fit_is_refused() -> None:
    """A state loaded from a save is checked: a buy-out frame naming no deed breaks it."""
    from helpers import deed, space
    from lge_helpers import lge, own

    from monopoly_tui.engine import snapshot as snap
    from monopoly_tui.engine.mechanics.versions import BuyOutFrame

    game = lge()
    own(game, 1, "boardwalk")
    game.st.frames.append(BuyOutFrame(0, 1, 99, 31, 50))
    assert any("buy-out" in p for p in snap.check_state(game.spec, game.st))
    game.st.frames[-1] = BuyOutFrame(0, 1, deed(game, "boardwalk"), space(game, "boardwalk-3"),
                                     50)
    assert snap.check_state(game.spec, game.st) == []
