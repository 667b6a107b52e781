"""Since your last turn (issue 33, item 10): the dialogs covered the log while the computers
played, so as a human's turn comes round a short list says what the others did since their
last turn; Enter closes it, a game key closes it and acts."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from driver import new_session, settle, started, step

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action, Event
from monopoly_tui.engine.describe import known_kinds
from monopoly_tui.rules import load_spec
from monopoly_tui.rules.loader import list_editions
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.mechanics import news_kinds
from monopoly_tui.ui.news import NEWS_LINES, Told, since_last_turn
from monopoly_tui.ui.news_screen import NewsScreen
from monopoly_tui.ui.session import Session

# ---------------------------------------------------------------- the list, from the events


def told(line: str, *events: Event) -> Told:
    return line, events


def turn(p: int, name: str) -> Told:
    return told(f"{name}'s turn", Event("turn", player=p))


def a_round() -> list[Told]:
    """Ann's turn, then Bob's: a roll, rent to Ann, a purchase, a tax to the bank."""
    return [
        turn(0, "Ann"),
        told("Ann rolled 3 + 4 = 7", Event("rolled", player=0, dice=(3, 4), amount=7)),
        told("Ann bought Chance Avenue for $100", Event("bought", player=0, deed=1, amount=100)),
        turn(1, "Bob"),
        told("Bob rolled 1 + 2 = 3", Event("rolled", player=1, dice=(1, 2), amount=3)),
        told("Bob paid $6 rent to Ann for Chance Avenue",
             Event("paid", player=1, other=0, amount=6, text="rent", deed=1)),
        told("Bob paid $200 for Income Tax", Event("paid", player=1, amount=200, text="tax")),
        told("Bob bought Reading Railroad for $200", Event("bought", player=1, deed=2)),
        told("Bob moved to Jail", Event("moved", player=1, space=10)),
    ]


def test_the_list_says_what_the_others_did_of_note_since_the_players_turn() -> None:
    """Payments between players and purchases of Bob's turn; not Ann's own turn, not a tax to
    the bank, not a roll or a move."""
    log = [*a_round(), turn(0, "Ann")]
    assert since_last_turn(log, 0) == ["Bob paid $6 rent to Ann for Chance Avenue",
                                       "Bob bought Reading Railroad for $200"]


def test_no_list_on_a_first_turn_nor_for_a_turn_not_the_players() -> None:
    log = a_round()
    assert since_last_turn(log[:4], 1) == []  # Bob's first turn: nothing of his to count from
    assert since_last_turn(log, 0) == []  # the turn under way is Bob's
    assert since_last_turn([*log, turn(0, "Ann")], 1) == []


def test_a_line_that_tells_a_pair_is_of_note_by_either_event() -> None:
    """'Bob won X at auction for $50' tells the payment too; a mechanic's event told with the
    payment ('bought out') is of note by the payment between players."""
    log = [turn(0, "Ann"), turn(1, "Bob"),
           told("Bob won Baltic Avenue at auction for $50",
                Event("won_auction", player=1, deed=3, amount=50),
                Event("paid", player=1, amount=50, text="auction", deed=3)),
           told("Bob bought out Ann's Baltic", Event("paid", player=1, other=0, amount=80),
                Event("a_mechanics_own", player=1, other=0)),
           turn(0, "Ann")]
    assert since_last_turn(log, 0) == ["Bob won Baltic Avenue at auction for $50",
                                       "Bob bought out Ann's Baltic"]


def test_a_mechanics_events_of_note_are_its_screens_kinds() -> None:
    log = [turn(0, "Ann"), turn(1, "Bob"),
           told("Bob takes the Ring", Event("ring_taken", player=1)),
           told("The tracker moves on", Event("ring_tracker", player=1)), turn(0, "Ann")]
    assert since_last_turn(log, 0) == []
    assert since_last_turn(log, 0, {"ring_taken"}) == ["Bob takes the Ring"]


def test_a_card_is_told_when_what_it_did_is() -> None:
    """'Pay each player $50' is told with the payments; a card that only moves the drawer
    is not, one that took them to a deed they bought is."""
    log = [turn(0, "Ann"), turn(1, "Bob"),
           told("Bob drew Chance: Pay each player $50", Event("card", player=1, card=(0, 1))),
           told("Bob paid $50 to Ann (Chance)",
                Event("paid", player=1, other=0, amount=50, text="card")),
           told("Bob drew Chance: Go back 3 spaces", Event("card", player=1, card=(0, 2))),
           told("Bob went back 3 spaces to Baltic", Event("moved", player=1, amount=-3)),
           told("Bob rolled 2 + 3 = 5", Event("rolled", player=1, dice=(2, 3), amount=5)),
           told("Bob bought Vermont Avenue for $100", Event("bought", player=1, deed=4)),
           told("Bob drew Chance: Advance to Boardwalk", Event("card", player=1, card=(0, 3))),
           told("Bob moved to Boardwalk", Event("moved", player=1, space=39)),
           told("Bob bought Boardwalk for $400", Event("bought", player=1, deed=7)),
           turn(0, "Ann")]
    assert since_last_turn(log, 0) == [
        "Bob drew Chance: Pay each player $50", "Bob paid $50 to Ann (Chance)",
        "Bob bought Vermont Avenue for $100", "Bob drew Chance: Advance to Boardwalk",
        "Bob bought Boardwalk for $400"]


def test_a_long_list_is_cut_to_its_first_lines_and_points_at_the_log() -> None:
    buys = [told(f"Bob bought deed {d}", Event("bought", player=1, deed=d)) for d in range(20)]
    got = since_last_turn([turn(0, "Ann"), turn(1, "Bob"), *buys, turn(0, "Ann")], 0)
    assert len(got) == NEWS_LINES
    assert got[:-1] == [f"Bob bought deed {d}" for d in range(NEWS_LINES - 1)]
    assert got[-1] == f"and {20 - NEWS_LINES + 1} more: see the log"


def test_several_others_and_two_humans_each_from_their_own_turn() -> None:
    """Ann, Bob (both human) and Cat: at Bob's turn, Cat's and Ann's turns since his; at
    Ann's, Bob's and Cat's since hers."""
    def buy(p: int, name: str, d: int) -> Told:
        return told(f"{name} bought deed {d}", Event("bought", player=p, deed=d))

    log = [turn(0, "Ann"), buy(0, "Ann", 1), turn(1, "Bob"), buy(1, "Bob", 2),
           turn(2, "Cat"), buy(2, "Cat", 3), turn(0, "Ann"), buy(0, "Ann", 4), turn(1, "Bob")]
    assert since_last_turn(log, 1) == ["Cat bought deed 3", "Ann bought deed 4"]
    log += [buy(1, "Bob", 5), turn(2, "Cat"), buy(2, "Cat", 6), turn(0, "Ann")]
    assert since_last_turn(log, 0) == ["Bob bought deed 5", "Cat bought deed 6"]


def test_every_mechanics_kinds_of_note_are_events_of_its_edition() -> None:
    """A kind named by a mechanic's screens (``news_kinds``) is one its engine emits."""
    from monopoly_tui.engine.game import Game

    for info in list_editions():
        edition = info.id
        spec = load_spec(edition)
        kinds = news_kinds(spec)
        if not spec.mechanics:
            assert not kinds
            continue
        game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])], seed=1)
        assert kinds <= known_kinds(game), (edition, kinds - known_kinds(game))


def test_the_session_tells_each_line_with_its_events_and_an_undo_takes_them_back() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=3)
    assert [line for line, _ in s.told] == s.log
    while not (s.pending.kind == A.BUY and s.is_human(s.pending.player)):
        s.play(s.pending.choices[0])
    before = list(s.told)
    s.play(Action(A.A_BUY, s.pending.player, s.pending.context["deed"]))  # type: ignore[arg-type]
    assert any(e.kind == "bought" for _, events in s.told[len(before):] for e in events)
    s.undo()
    assert s.told == before


# ---------------------------------------------------------------- the list on the screen


def news(app: MonopolyApp) -> NewsScreen | None:
    screen = app.screen
    return screen if isinstance(screen, NewsScreen) else None


async def until_news(pilot: Any, app: MonopolyApp, limit: int = 400) -> NewsScreen:
    """Play by the keys (the driver's) until the list of news is on top."""
    seen: Counter[str] = Counter()
    for _ in range(limit):
        shown = news(app)
        if shown is not None:
            return shown
        assert await step(pilot, app, seen), "the game ended first"
    raise AssertionError(f"no list in {limit} steps; seen {dict(seen)}")


def turns_between(log: list[str], name: str) -> list[str]:
    """The log's lines from the end of ``name``'s previous turn to the start of this one."""
    starts = [i for i, line in enumerate(log) if line.endswith("'s turn")]
    now = starts[-1]
    assert log[now] == f"{name}'s turn"
    before = [i for i in starts[:-1] if log[i] == f"{name}'s turn"][-1]
    end = next(i for i in starts if i > before)
    return log[end:now]


OF_NOTE = re.compile(r" bought | rent to | at auction for | built | mortgage| accepted "
                     r"| is bankrupt| paid \S+ to ")


async def test_after_the_computers_play_the_human_sees_what_they_did() -> None:
    """Bob and Cat play; Ann's next turn opens on what they bought and paid since hers (the
    log's own lines), with the dice still hers to roll."""
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cat", False)], seed=3)
    async with started(s) as (app, pilot):
        shown = await until_news(pilot, app)
        assert shown.player == 0 and s.pending.kind == A.ROLL and s.pending.player == 0
        between = turns_between(s.log, "Ann")
        expected = [line for line in between if OF_NOTE.search(line)]
        assert expected and shown.lines == expected, (shown.lines, between)
        assert "Bob bought Connecticut Avenue for $120" in shown.lines
        assert not any(line.startswith(("Bob rolled", "Cat moved")) for line in shown.lines)


async def test_enter_closes_the_list_and_the_turn_waits_for_its_roll() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cat", False)], seed=3)
    async with started(s) as (app, pilot):
        await until_news(pilot, app)
        made = s.game.st.decisions
        await pilot.press("enter")
        await settle(pilot)
        assert type(app.screen).__name__ == "GameScreen"
        assert s.game.st.decisions == made and s.pending.kind == A.ROLL
        await pilot.press("r")  # the game's keys again
        await settle(pilot)
        assert s.game.st.decisions > made


async def test_r_closes_the_list_and_rolls_at_once() -> None:
    """The list never costs a keypress: the roll's key closes it and rolls."""
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cat", False)], seed=3)
    async with started(s) as (app, pilot):
        await until_news(pilot, app)
        made = s.game.st.decisions
        await pilot.press("r")
        await settle(pilot)
        assert news(app) is None
        assert s.game.st.decisions == made + 1
        assert s.game.history[-1].kind == A.A_ROLL and s.game.history[-1].player == 0


async def test_a_key_the_game_does_not_take_now_leaves_the_list_open() -> None:
    """'e' (the turn cannot end before the roll) and a key of no use do nothing; 'g' (the
    statistics) closes the list and opens them."""
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cat", False)], seed=3)
    async with started(s) as (app, pilot):
        await until_news(pilot, app)
        made = s.game.st.decisions
        await pilot.press("e", "x")
        await settle(pilot)
        assert news(app) is not None and s.game.st.decisions == made
        await pilot.press("g")
        await settle(pilot)
        assert type(app.screen).__name__ == "StatsScreen"


async def test_no_list_on_the_very_first_turn() -> None:
    """Cat went first and bought a deed; Ann's first turn has no turn of hers to count from."""
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cat", False)], seed=3)
    async with started(s) as (app, pilot):
        await settle(pilot)
        assert s.pending.kind == A.ROLL and s.pending.player == 0 and s.game.st.turns > 0
        assert any(" bought " in line for line in s.log)
        assert news(app) is None and type(app.screen).__name__ == "GameScreen"


async def test_two_humans_each_see_what_happened_since_their_own_turn() -> None:
    """Ann and Bob (human) and Cat: each list is its player's, at their turn, and says only
    what the others did since that player's last turn."""
    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cat", False)], seed=5)
    names = ["Ann", "Bob", "Cat"]
    async with started(s) as (app, pilot):
        seen: dict[int, int] = {}
        for _ in range(12):
            shown = await until_news(pilot, app)
            p = shown.player
            assert s.pending.player == p == s.game.st.current
            between = turns_between(s.log, names[p])
            assert shown.lines == [line for line in between if OF_NOTE.search(line)]
            seen[p] = seen.get(p, 0) + 1
            if len(seen) == 2 and min(seen.values()) >= 2:
                break
            await pilot.press("enter")
            await settle(pilot)
        assert set(seen) == {0, 1}, seen


async def test_a_resumed_game_shows_no_list_for_the_turn_under_way() -> None:
    """The screen opened on a human's turn (a resumed game): nothing is news to them."""
    s = new_session("classic", [("Ann", True), ("Bob", False), ("Cat", False)], seed=3)
    async with started(s) as (app, pilot):
        await until_news(pilot, app)
    session = Session(game=s.game, seats=s.seats, edition=s.edition, pace="instant",
                      log=list(s.log))
    session.told = list(s.told)
    async with started(session) as (app, pilot):
        await settle(pilot)
        assert news(app) is None and session.pending.player == 0
