"""A mechanic of a test's own gets its screens through ``ui.mechanics`` alone, without a line
of the generic UI changed: a toll road (every space passed costs the toll; at a railroad passed
a gate asks to pay the fee or stop there), with its dialog, its line on the players' panels,
its mark on the board, its clauses in the Rules tab and an option on the setup screen."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import pytest
from driver import settle, started, text_of
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Static

from monopoly_tui.buildinfo import is_compiled
from monopoly_tui.engine.actions import Action, Event, IllegalAction, Pending
from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.engine.frame import Frame, MechanicConfig, frame_type
from monopoly_tui.engine.frames import WalkFrame
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics import REGISTRY as ENGINE_REGISTRY
from monopoly_tui.engine.mechanics import Mechanic
from monopoly_tui.engine.spec import COUNT_RENT, Spec
from monopoly_tui.rules import load_spec
from monopoly_tui.ui import mechanics as ui_mechanics
from monopoly_tui.ui.decisions import DecisionScreen
from monopoly_tui.ui.help import rules_summary
from monopoly_tui.ui.mechanics import MechanicScreens
from monopoly_tui.ui.session import Seat, Session

if is_compiled("monopoly_tui.engine.frame"):  # (before the classes below are made)
    pytest.skip("a compiled engine's Frame and Mechanic take no Python subclasses; this "
                "test's own mechanic runs on the pure engine", allow_module_level=True)

NAME = "ui_toll"
GATE = "ui_toll_gate"
PAY, STOP = "ui_pay_gate", "ui_stop_at_gate"


@dataclass(frozen=True)
class TollConfig(MechanicConfig):
    per_space: int
    gate_fee: int
    word: str = "toll"


@dataclass(slots=True)
class GateFrame(Frame):
    player: int
    space: int

    def kind(self) -> str:
        return GATE

    def rank(self) -> int:
        return 40

    def decider(self, game: Game) -> int:
        return self.player

    def belongs_to(self, player: int) -> bool:
        return player == self.player

    def choices(self, game: Game) -> list[Action]:
        return [Action(PAY, self.player, self.space), Action(STOP, self.player, self.space)]

    def context(self, game: Game) -> dict[str, object]:
        return {"space": self.space, "fee": game.spec.mechanics[NAME].gate_fee}

    def apply(self, game: Game, action: Action) -> None:
        if action.kind not in (PAY, STOP):
            raise IllegalAction(action, f"'{action.kind}' is not a choice at a gate")
        game.pop(self)
        if action.kind == PAY:
            game.owe(self.player, -1, game.spec.mechanics[NAME].gate_fee, "toll_gate")
            return
        walk = game.find(WalkFrame)
        assert walk is not None
        walk.left = 0


frame_type(GateFrame, "test_ui_toll_gate")


class Toll(Mechanic):
    NAME = NAME

    def step(self, game: Game, player: int, space: int, left: int) -> None:
        if not left:
            return
        game.owe(player, -1, self.config.per_space, "toll")
        if game.spec.spaces[space].kind == COUNT_RENT:
            game.push(GateFrame(player, space))

    def event_kinds(self) -> frozenset[str]:
        return frozenset()

    def describe(self, words: Any, event: Event) -> str | None:
        return None


# ---------------------------------------------------------------- the toll's screens


class GateScreen(DecisionScreen):
    kind = GATE
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "choose('ui_pay_gate')", "Pay the fee", id="pay"),
        Binding("s", "choose('ui_stop_at_gate')", "Stop here", id="stop"),
    ]
    BUTTONS = (("Pay", PAY, "primary"), ("Stop", STOP, "warning"))

    def draw(self) -> None:
        pend = self.pend
        if pend.kind != self.kind:
            return
        space = self.game.spec.spaces[int(pend.context["space"])].name
        self.query_one("#head", Static).update(self.heading(f"at the gate on {space}"))
        self.query_one("#body", Static).update(f"The gate fee is {pend.context['fee']}.")
        self.set_button(PAY, PAY)
        self.set_button(STOP, STOP)


class TollScreens(MechanicScreens):
    NAME = NAME

    def dialogs(self) -> Mapping[str, type[DecisionScreen]]:
        return {GATE: GateScreen}

    def decision_words(self, game: Game, pend: Pending) -> str | None:
        return "pay the gate or stop" if pend.kind == GATE else None

    def panel_lines(self, game: Game, player: int) -> list[Text]:
        return [Text(f"{self.config.word} {self.config.per_space} a space")]

    def space_marks(self, game: Game, space: int) -> Text | None:
        return Text("⊓") if game.spec.spaces[space].kind == COUNT_RENT else None

    def rules_clause(self, spec: Spec, clause: str) -> str:
        return "; a toll is no rent" if clause == "rent" else ""

    def rules_section(self, spec: Spec) -> list[str]:
        return [f"- **Toll road**: every space passed costs {self.config.per_space}."]

    def setup_widgets(self, spec: Spec) -> list[Widget]:
        return [Label("Toll road"), Checkbox("Collect the toll", True, id="toll-on"),
                Input("1", id="toll-amount", type="integer")]

    def setup_choices(self, root: Widget, players: int) -> dict[str, object]:
        return {"on": root.query_one("#toll-on", Checkbox).value,
                "per_space": int(root.query_one("#toll-amount", Input).value or 0),
                "players": players}

    def setup_problems(self, root: Widget, players: int) -> list[str]:
        amount = root.query_one("#toll-amount", Input).value
        return [] if amount and int(amount) > 0 else ["the toll needs an amount"]


@pytest.fixture
def toll() -> Iterator[None]:
    """The toll mechanic and its screens registered for this test only."""
    ENGINE_REGISTRY[NAME] = Toll
    ui_mechanics.REGISTRY[NAME] = TollScreens
    ui_mechanics._cache.clear()
    yield
    del ENGINE_REGISTRY[NAME]
    del ui_mechanics.REGISTRY[NAME]
    ui_mechanics._cache.clear()


def toll_spec() -> Spec:
    spec = load_spec("classic")
    return replace(spec, mechanics={NAME: TollConfig(1, 20)}, space_by_id={})


def toll_session() -> Session:
    spec = toll_spec()
    s = Session.new("classic", [Seat("Ann", spec.tokens[0]), Seat("Bob", spec.tokens[1])],
                    seed=1, pace="instant", spec=spec)
    st = s.game.st
    st.current = st.first_player = 0
    st.players[0].position = 3  # Baltic: 4 + 3 passes Reading Railroad (5)
    values = spec.dice.values
    s.game.dice_source = ScriptedFaces([values.index(4), values.index(3)])
    return s


async def test_the_gate_has_its_own_dialog_panel_line_and_board_mark(toll: None) -> None:
    s = toll_session()
    async with started(s) as (app, pilot):
        flow: Any = app.game_screen()
        assert "toll 1 a space" in text_of(app, "#player-0")
        assert "⊓" in flow.board.tiles[5].render().plain
        assert "⊓" not in flow.board.tiles[3].render().plain
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "GateScreen"
        assert "at the gate on Reading Railroad" in text_of(app, "#head")
        assert "The gate fee is 20." in text_of(app, "#body")
        await pilot.press("p")
        await settle(pilot)
        assert s.game.st.players[0].position == 10
        assert s.game.st.players[0].cash == 1500 - 6 - 20
        assert type(app.screen).__name__ != "GateScreen"


async def test_the_banner_says_what_the_gate_asks(toll: None) -> None:
    s = toll_session()
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        flow: Any = app.game_screen()
        assert flow.decision_words(s.pending) == "pay the gate or stop"


def test_the_rules_tab_has_the_tolls_clauses(toll: None) -> None:
    text = rules_summary(toll_spec())
    assert "- **Toll road**: every space passed costs 1." in text
    rent = next(line for line in text.splitlines() if line.startswith("- **Rent**"))
    assert rent.endswith("; a toll is no rent.")
    assert "Toll road" not in rules_summary(load_spec("classic"))


async def test_the_setup_screen_offers_the_tolls_option(toll: None,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from monopoly_tui.ui.app import MonopolyApp
    from monopoly_tui.ui.setup import NewGameScreen

    told: dict[str, Any] = {}
    real_new = Game.new.__func__  # type: ignore[attr-defined]

    def new(cls: type[Game], spec: Spec, players: Any, **kw: Any) -> Game:
        told["setup"] = kw.pop("setup", None)
        return real_new(cls, toll_spec(), players, **kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(Game, "new", classmethod(new))
    monkeypatch.setattr("monopoly_tui.rules.load_spec", lambda edition: toll_spec())
    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        app.push_screen(NewGameScreen(seed=5))
        await settle(pilot)
        scr: Any = app.screen
        await scr.pick_edition("classic")
        await settle(pilot)
        box = scr.query_one("#mech-ui_toll")
        assert box.query_one("#toll-on", Checkbox).value is True
        box.query_one("#toll-amount", Input).value = ""
        await settle(pilot)
        assert "the toll needs an amount" in scr.rules_problems()
        assert scr.problems()
        box.query_one("#toll-amount", Input).value = "2"
        await settle(pilot)
        assert not scr.rules_problems()
        scr.action_start()
        await settle(pilot)
    assert told["setup"] == {NAME: {"on": True, "per_space": 2, "players": 2}}
