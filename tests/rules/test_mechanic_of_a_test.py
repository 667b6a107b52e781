"""A mechanic of a test's own, plugged into the core through the hooks and a frame of its own,
without a line of ``engine/game.py`` changed: a toll road.

The rule (ours, for the test): every space a token passes costs its mover the toll, paid to the
bank; at each railroad passed there is a gate, where the mover chooses to pay the gate fee and
go on, or to stop there (the move ends on the railroad, which is then carried out).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest
from helpers import set_dice

from monopoly_tui.buildinfo import is_compiled
from monopoly_tui.engine import snapshot as snap
from monopoly_tui.engine.actions import Action, Event, IllegalAction
from monopoly_tui.engine.describe import Words, describe
from monopoly_tui.engine.frame import Frame, MechanicConfig, frame_type
from monopoly_tui.engine.frames import WalkFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics import REGISTRY, Mechanic, register
from monopoly_tui.engine.spec import COUNT_RENT, Spec
from monopoly_tui.rules import load_spec
from monopoly_tui.simulate import simulate

if is_compiled("monopoly_tui.engine.frame"):  # (before the classes below are made)
    pytest.skip("a compiled engine's Frame and Mechanic take no Python subclasses (they are "
                "asked at every decision); this test's own mechanic runs on the pure engine",
                allow_module_level=True)

TOLL_GATE = "toll_gate"
A_PAY_GATE = "pay_gate"
A_STOP = "stop_at_gate"


@dataclass(frozen=True)
class TollConfig(MechanicConfig):
    per_space: int
    gate_fee: int


@dataclass(slots=True)
class TollGateFrame(Frame):
    """At a gate: pay the fee and go on, or stop here."""

    player: int
    space: int

    def kind(self) -> str:
        return TOLL_GATE

    def rank(self) -> int:
        return 40

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        p, here = self.player, self.space
        return [Action(A_PAY_GATE, p, here), Action(A_STOP, p, here)]

    def context(self, game: Game) -> dict[str, object]:
        return {"space": self.space, "fee": game.spec.mechanics["toll"].gate_fee}

    def apply(self, game: Game, action: Action) -> None:
        if action.kind not in (A_PAY_GATE, A_STOP):
            raise IllegalAction(action, f"'{action.kind}' is not a choice at a gate")
        game.pop(self)
        if action.kind == A_PAY_GATE:
            game.owe(self.player, -1, game.spec.mechanics["toll"].gate_fee, "toll_gate")
            game.emit(Event("toll_gate", player=self.player, space=self.space, text="paid"))
            return
        walk = game.find(WalkFrame)
        assert walk is not None
        walk.left = 0
        game.emit(Event("toll_gate", player=self.player, space=self.space, text="stopped"))


frame_type(TollGateFrame, "test_toll_gate")


@register
class Toll(Mechanic):
    NAME = "toll"

    def step(self, game: Game, player: int, space: int, left: int) -> None:
        if not left:
            return  # the space the move ends on is not passed
        game.owe(player, -1, self.config.per_space, "toll")
        if game.spec.spaces[space].kind == COUNT_RENT:
            game.push(TollGateFrame(player, space))

    def describe(self, words: Words, event: Event) -> str | None:
        if event.kind != "toll_gate":
            return None
        how = "paid the fee" if event.text == "paid" else "stopped"
        return f"{words.Who(event.player)} {how} at the gate on {words.space(event.space)}"

    def event_kinds(self) -> frozenset[str]:
        return frozenset({"toll_gate"})


def toll_spec(per_space: int = 1, gate_fee: int = 20) -> Spec:
    spec = load_spec("classic")
    return replace(spec, mechanics={"toll": TollConfig(per_space, gate_fee)}, space_by_id={})


def toll_game() -> Game:
    """Ann and Bob on the toll road, Ann to move."""
    game = Game.new(toll_spec(), [("Ann", "Thimble"), ("Bob", "Iron")])
    game.st.current = game.st.first_player = 0
    return game


def test_the_toll_mechanic_is_registered_by_name() -> None:
    assert REGISTRY["toll"] is Toll
    assert [type(m) for m in toll_game().mechanics] == [Toll]


def test_every_space_passed_costs_the_toll() -> None:
    """Rolling 3 + 2 from GO passes four spaces (the fifth, Reading Railroad, is landed on)."""
    game = toll_game()
    set_dice(game, [(3, 2)])
    game.act(Action("roll", 0))
    assert game.st.players[0].position == 5
    assert game.st.players[0].cash == 1500 - 4
    assert game.pending.kind == "buy"


def test_a_gate_on_the_way_stops_the_move_to_ask() -> None:
    """From Baltic (3), 4 + 3 passes Reading Railroad (5): the gate asks; paying goes on."""
    game = toll_game()
    game.st.players[0].position = 3
    set_dice(game, [(4, 3)])
    game.act(Action("roll", 0))
    pend = game.pending
    assert (pend.kind, pend.player, pend.context["space"]) == (TOLL_GATE, 0, 5)
    assert game.st.players[0].position == 5
    with pytest.raises(IllegalAction):
        game.act(Action("buy", 0))
    events = game.act(Action(A_PAY_GATE, 0, 5))
    assert game.st.players[0].position == 10
    assert game.st.players[0].cash == 1500 - 6 - 20
    assert "Ann paid the fee at the gate on Reading Railroad" in [describe(e, game) for e in events]


def test_stopping_at_a_gate_ends_the_move_there() -> None:
    game = toll_game()
    game.st.players[0].position = 3
    set_dice(game, [(4, 3)])
    game.act(Action("roll", 0))
    game.act(Action(A_STOP, 0, 5))
    assert game.st.players[0].position == 5
    assert game.pending.kind == "buy" and game.pending.context["deed"] == game.spec.spaces[5].deed


def test_a_game_waiting_at_a_gate_saves_and_resumes_there() -> None:
    game = toll_game()
    game.st.players[0].position = 3
    set_dice(game, [(4, 3)])
    game.act(Action("roll", 0))
    data = json.loads(json.dumps(snap.encode_state(game.st)))
    assert [f["type"] for f in data["frames"]] == ["walk", "test_toll_gate"]
    again = Game(game.spec, snap.decode_state(data))
    assert again.pending == game.pending
    again.act(Action(A_PAY_GATE, 0, 5))
    assert again.st.players[0].position == 10
    assert snap.check_state(again.spec, again.st) == []


def test_the_toll_road_plays_through_simulate_with_every_invariant_checked() -> None:
    report = simulate(toll_spec(per_space=2, gate_fee=10), players=4, games=12, seed=5)
    assert report.ok, report.text()
    assert all(r.decisions > 0 for r in report.results)
