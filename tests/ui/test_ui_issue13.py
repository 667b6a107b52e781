"""Issue 13: what new players ran into (crashes, a frozen computer, misleading controls)."""

from __future__ import annotations

from typing import Any

import pytest
from driver import as_shown, new_session, settle, started
from states import deed_id

from monopoly_tui.engine import actions as A
from monopoly_tui.engine import buildings as B
from monopoly_tui.engine.frames import AuctionFrame, find_frame
from monopoly_tui.engine.state import GameState
from monopoly_tui.ui.app import MonopolyApp


def on_top(app: MonopolyApp) -> str:
    return type(app.screen).__name__


# ---------------------------------------------------------------- trades


async def test_trade_partner_and_proposer_can_be_changed_for_every_pair() -> None:
    """Choosing another partner or another 'from' player refills the builder (it crashed
    with a TypeError on the Select's empty value); every pair of players can trade."""
    s = new_session("classic", [("Ann", True), ("Bob", True), ("Cy", True), ("Dee", False)])
    st = s.game.st
    st.current = 0
    names = ["Mediterranean Avenue", "Baltic Avenue", "Oriental Avenue", "Vermont Avenue"]
    deeds = [deed_id(s, n) for n in names]
    for p, d in enumerate(deeds):
        st.owner[d] = p
    async with started(s) as (app, pilot):
        await pilot.press("t")
        await settle(pilot)
        assert on_top(app) == "TradeScreen"
        scr: Any = app.screen
        proposer: Any = scr.query_one("#proposer")
        partner: Any = scr.query_one("#partner")
        # no blank "partner" entry: only the other players
        assert [v for _, v in partner._options] == [1, 2, 3]
        pairs = set()
        for p in (0, 1, 2):
            proposer.value = p
            await settle(pilot)
            for q in range(4):
                if q == p:
                    continue
                partner.value = q
                await settle(pilot)
                assert on_top(app) == "TradeScreen"
                assert (scr.offer.proposer, scr.offer.partner) == (p, q)
                assert p not in [v for _, v in partner._options]
                take: Any = scr.query_one("#take-deeds")
                take.select(deeds[q])
                await settle(pilot)
                assert not s.game.trade_problem(scr.offer), (p, q)
                pairs.add((p, q))
        assert len(pairs) == 9
        # by keyboard: focus the partner list, open it, take the next one
        partner.focus()
        await pilot.press("enter", "down", "enter")
        await settle(pilot)
        assert on_top(app) == "TradeScreen"


# ---------------------------------------------------------------- new game: players


async def _players_step(pilot: Any, app: MonopolyApp) -> Any:
    from monopoly_tui.ui.setup import NewGameScreen

    app.push_screen(NewGameScreen(seed=1))
    await settle(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)
    await pilot.press("ctrl+n")
    await settle(pilot)
    return app.screen


async def test_enter_on_add_a_player_adds_one() -> None:
    """Tab to "Add a player" and press Enter: a third seat (it crashed with NoMatches on the
    new row's name, read before the row was built)."""
    app = MonopolyApp(pace="instant", seed=1)
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _players_step(pilot, app)
        # Anything that reads the seats right after the click (the footer asks whether the game
        # can start) must not find a row without its fields yet.
        scr.action_add_player()
        assert scr.problems() == []
        await settle(pilot)
        assert len(scr.rows()) == 3
        scr.query_one("#add").focus()
        await pilot.press("enter")
        await settle(pilot)
        assert len(scr.rows()) == 4
        assert [r.seat().name for r in scr.rows()][2:] == ["Computer 3", "Computer 4"]
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert len(scr.rows()) == 5


async def test_the_seats_checked_before_a_new_row_is_built_do_not_crash() -> None:
    """Enter on "Add a player" crashed with NoMatches on the new row's '.remove' when the seats
    were checked (after a refresh, under load) before the row had built its buttons; the new
    row's Remove button is set once it is built."""
    app = MonopolyApp(pace="instant", seed=1)
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _players_step(pilot, app)
        assert all(r.query_one(".remove").disabled for r in scr.rows())  # 2 seats: the least
        scr.action_add_player()
        scr.check_players()  # the new row is mounted, not built
        await settle(pilot)
        assert len(scr.rows()) == 3
        assert not any(r.query_one(".remove").disabled for r in scr.rows())


async def test_enter_on_add_a_player_from_the_title_does_not_freeze_the_screen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """From the title (n, Enter on the edition, ^n), Tab to "Add a player" and Enter: the seats
    were checked before the new row was built and asked again after every refresh, which kept
    the screen so busy the row was never built (seen in tmux: no key did anything any more).
    The checks are counted here, not timed: a few build the row; hundreds are the spin."""
    from monopoly_tui.ui.setup import NewGameScreen

    check = NewGameScreen.check_players
    calls = [0]

    def counted(self: NewGameScreen) -> None:
        calls[0] += 1
        assert calls[0] < 100, "the seats' check keeps asking itself again"
        check(self)

    monkeypatch.setattr(NewGameScreen, "check_players", counted)
    app = MonopolyApp(pace="instant", seed=5)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        scr: Any = app.screen
        assert scr.step == "players"
        scr.query_one("#add").focus()
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert len(scr.rows()) == 3
        assert not any(r.query_one(".remove").disabled for r in scr.rows())


async def test_tab_from_the_first_name_reaches_the_second_name() -> None:
    app = MonopolyApp(pace="instant", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        scr = await _players_step(pilot, app)
        rows = scr.rows()
        first, second = (r.query_one(".name") for r in rows[:2])
        assert scr.focused is first
        for _ in range(3):
            await pilot.press("tab")
        assert scr.focused is second


async def test_switching_a_seat_to_human_renames_it() -> None:
    app = MonopolyApp(pace="instant", seed=1)
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _players_step(pilot, app)
        row = scr.rows()[1]
        assert not row.seat().human
        row.query_one(".kind").value = True
        await settle(pilot)
        assert row.seat().name == "Player 2" and row.seat().human
        row.query_one(".kind").value = False
        await settle(pilot)
        assert row.seat().name == "Computer 2"
        row.query_one(".name").value = "Gandalf"
        row.query_one(".kind").value = True
        await settle(pilot)
        assert row.seat().name == "Gandalf"


# ---------------------------------------------------------------- a computer seat always moves on


async def test_a_computer_moves_on_after_a_dialog_over_a_decision_closes(
        monkeypatch: Any) -> None:
    """A computer's turn in an auction the human watches; a dialog opens over the auction
    (quit? / the palette / 'terminal too small') just when the computer would move, and is
    closed. The computer must still move: the game froze at 0% CPU, because only the game
    screen coming back on top (not the decision dialog under it) made the flow look again."""
    from states import at_buy, human_and_computer

    from monopoly_tui.ui import session as session_mod

    # The computer's timer never fires by itself here: the test fires it when it wants.
    monkeypatch.setitem(session_mod.PACES, "instant", 3600.0)
    s = human_and_computer()
    d = deed_id(s, "Boardwalk")
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        assert on_top(app) == "BuyScreen"
        await pilot.press("a")
        await settle(pilot)
        assert on_top(app) == "AuctionScreen" and s.pending.player == 0
        await pilot.press("plus")
        await settle(pilot)
        flow: Any = app.game_screen()
        assert s.pending.kind == A.AUCTION and s.pending.player == 1
        assert on_top(app) == "AuctionScreen" and flow._timer is not None
        await pilot.press("ctrl+q")
        await settle(pilot)
        assert on_top(app) == "ConfirmScreen"
        flow._timer.stop()
        flow._bot_steps()  # the computer's moment comes while the question is up
        decisions = s.game.st.decisions
        assert s.game.st.decisions == decisions and flow._timer is None
        await pilot.press("n")
        await settle(pilot)
        assert on_top(app) == "AuctionScreen"
        assert flow._timer is not None, "the computer's move was never asked for again"
        flow._timer.stop()
        flow._bot_steps()
        await settle(pilot)
        assert s.game.st.decisions > decisions


async def test_a_computer_whose_wake_up_was_lost_is_woken_by_the_watchdog() -> None:
    """Whatever loses a computer's wake-up (the NFL freeze at 0% CPU was never reproduced),
    the watchdog's second look with no decision made wakes the flow; it never acts on a
    human's turn, nor on its first look after a decision."""
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=3)
    async with started(s) as (app, pilot):
        flow: Any = app.game_screen()
        assert s.pending.kind == A.ROLL and s.is_human(s.pending.player)
        assert not flow.watch_computers() and not flow.watch_computers()  # a human thinks
        s.seats[s.pending.player].human = False  # a computer now, and nobody woke the flow
        made = s.game.st.decisions
        assert flow._timer is None
        assert not flow.watch_computers()  # first look: it may just have moved
        assert s.game.st.decisions == made
        assert flow.watch_computers()  # second look, nothing made: woken
        for _ in range(50):
            if s.game.st.decisions > made:
                break
            await pilot.pause()
        assert s.game.st.decisions > made, "the computer never moved"
        # a timer that was asked for and never fired: waited on until long overdue
        for seat in s.seats:
            seat.human = True
        await settle(pilot)
        s.seats[s.pending.player].human = False
        made = s.game.st.decisions
        flow._timer = flow.set_timer(3600, lambda: None)
        flow._timer.stop()
        import time

        flow._timer_due = time.monotonic() + 3600  # not due yet: no alarm
        assert not flow.watch_computers() and not flow.watch_computers()
        flow._timer_due = time.monotonic() - 10  # overdue
        assert not flow.watch_computers() and flow.watch_computers()
        for _ in range(50):
            if s.game.st.decisions > made:
                break
            await pilot.pause()
        assert s.game.st.decisions > made, "the computer never moved"


# ---------------------------------------------------------------- help and rules


async def test_help_from_the_title_shows_each_editions_rules() -> None:
    from monopoly_tui.rules.loader import list_editions

    app = MonopolyApp(pace="instant", seed=1)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        scr: Any = app.screen
        assert on_top(app) == "HelpScreen"
        sel = scr.query_one("#edition")
        for e in list_editions():
            sel.value = e.id
            await settle(pilot)
            md = scr.query_one("#rules-md")
            assert md.source.startswith(f"## {e.name}"), e.id
            assert "**Players**" in md.source
            assert md.children, f"{e.id}: the rules tab is blank"


def test_the_rules_follow_the_ring_mechanic() -> None:
    """Lord of the Rings' rules say what the Ring changes (the bearer and doubles, rent, taxes,
    the tracker's circles, the end at Mount Doom); an edition without the Ring says none of it."""
    from monopoly_tui.rules import load_spec
    from monopoly_tui.ui.help import rules_summary

    lotr = rules_summary(load_spec("lotr"))
    assert "send you to Jail (not the Ring-bearer)" in lotr
    assert "the Ring-bearer pays no rent" in lotr
    assert "the Ring-bearer pays none of them" in lotr
    assert "M16 (the Eye of Sauron costs M16, M4 at GO, double rent)" in lotr
    assert "Mount Doom: the Ring-bearer collects M15" in lotr
    assert "or the Ring reaches Mount Doom" in lotr and "the most money wins" in lotr
    assert "Eye counts 0" in lotr
    classic = rules_summary(load_spec("classic"))
    assert "Ring" not in classic and "(not the" not in classic
    assert "3 doubles in one turn send you to Jail." in classic


# ---------------------------------------------------------------- the property manager


def _rows(app: MonopolyApp) -> list[Any]:
    from monopoly_tui.ui.manage import ActionList

    return app.screen.query_one(ActionList).entries


async def test_the_managers_highlight_stays_on_the_same_action_after_enter() -> None:
    """After 'Build a house' the highlight stays on building (it moved to 'Sell a house', so a
    second Enter sold back at half price what the first had built)."""
    from states import give_group, two_humans

    from monopoly_tui.ui.manage import ActionList

    s = two_humans()
    give_group(s, 0, "dark-blue")
    s.game.st.current = 0
    async with started(s) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        assert on_top(app) == "ManageScreen"
        lst: Any = app.screen.query_one(ActionList)
        assert lst.current_entry.key[0] == A.A_BUILD
        first = lst.current_entry.key
        await pilot.press("enter")
        await settle(pilot)
        assert sum(s.game.st.buildings) == 1
        entry = lst.current_entry
        assert entry.key[0] == A.A_BUILD, entry
        assert entry.key == first and entry.reason.startswith("build evenly")
        await pilot.press("enter")  # a refused choice: nothing happens
        await settle(pilot)
        assert sum(s.game.st.buildings) == 1
        assert all(k[0] != A.A_SELL_BUILDING for k in [lst.current_entry.key])


async def test_the_manager_builds_evenly_across_a_group_in_one_choice() -> None:
    from states import give_group, two_humans

    from monopoly_tui.ui.manage import BUILD_EVENLY, ActionList

    s = two_humans()
    deeds = give_group(s, 0, "light-blue")
    s.game.st.current = 0
    async with started(s) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        lst: Any = app.screen.query_one(ActionList)
        i = next(i for i, e in enumerate(lst.entries) if e.key[0] == BUILD_EVENLY)
        lst.highlighted = next(j for j in range(lst.option_count) if lst.entry_at(j) is
                               lst.entries[i])
        await settle(pilot)
        assert "Build evenly on" in lst.entries[i].label
        assert lst.entries[i].delta == -3 * 50
        await pilot.press("enter")
        await settle(pilot)
        assert [s.game.st.buildings[d] for d in deeds] == [1, 1, 1]
        assert s.game.st.players[0].cash == 1500 - 150
        assert lst.current_entry.key[0] == BUILD_EVENLY  # again, for the next level
        await pilot.press("enter")
        await settle(pilot)
        assert [s.game.st.buildings[d] for d in deeds] == [2, 2, 2]


async def test_the_manager_says_why_a_choice_is_missing() -> None:
    from states import give_group, two_humans

    s = two_humans()
    deeds = give_group(s, 0, "dark-blue")
    st = s.game.st
    st.current = 0
    B.set_level(s.game.spec, st, deeds[0], 1)
    st.bank_houses -= 1
    browns = give_group(s, 0, "brown")
    async with started(s) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        reasons = {(e.key, e.reason) for e in _rows(app) if e.reason}
        assert ((A.A_BUILD, deeds[0]), "build evenly: the other streets of the group need one "
                "first") in reasons
        assert any(k == (A.A_MORTGAGE, deeds[1]) and r == "sell the group's buildings first"
                   for k, r in reasons)
        await pilot.press("escape")
        await settle(pilot)
        st.bank_houses = 0
        await pilot.press("m")
        await settle(pilot)
        reasons = {(e.key, e.reason) for e in _rows(app) if e.reason}
        assert ((A.A_BUILD, browns[0]), "the Bank has no houses left") in reasons


async def test_the_managers_reasons_use_the_editions_words_and_keep_to_one_line() -> None:
    """Lord of the Rings at 100×30: a refused build says the Bank has no Outposts left (it
    said "houses"), and a long reason ends in "…" on its own row instead of wrapping under the
    next choice (the preview beside the list says it whole)."""
    from states import give_group

    s = new_session("lotr", [("Ann", True), ("Bob", False)])
    st = s.game.st
    st.current = 0
    shire = give_group(s, 0, "shire")
    for d in shire:
        B.set_level(s.game.spec, st, d, 1)
    st.bank_houses = 0
    async with started(s, size=(100, 30)) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        reasons = {(e.key, e.reason) for e in _rows(app) if e.reason}
        assert ((A.A_BUILD, shire[0]), "the Bank has no Outposts left") in reasons, reasons
        assert not any("house" in r for _k, r in reasons), reasons
        lst: Any = app.screen.query_one("#actions")
        heads = sum(1 for i in range(lst.option_count)
                    if lst.get_option_at_index(i).disabled)
        # one line an option, one more for each rule between two groups
        assert lst.virtual_size.height == lst.option_count + heads - 1, lst.virtual_size
        pv = _text(app.screen, "#preview")
        assert "the Bank has no Outposts left" in " ".join(pv.split()), pv


# ---------------------------------------------------------------- auctions


async def test_auction_raises_are_scaled_to_the_editions_money_and_digits_type() -> None:
    """Lord of the Rings players hold M30 and deeds cost M1 to M9: the raise buttons are
    +1, +2, +5 (not +50, +100). A digit typed with a button focused goes into the amount."""
    from states import at_buy, two_humans

    from monopoly_tui.ui.decisions import raise_steps

    assert raise_steps(two_humans().game) == (1, 10, 50, 100)
    s = two_humans("lotr")
    d = max(s.spec.deeds, key=lambda x: x.price).index
    at_buy(s, 0, d)
    async with started(s) as (app, pilot):
        await pilot.press("a")
        await settle(pilot)
        scr: Any = app.screen
        assert on_top(app) == "AuctionScreen"
        assert scr.steps == (1, 2, 5)
        labels = [str(b.label) for b in scr.query(".raise")]
        assert labels == ["+1 [+]", "+2", "+5"]
        scr.query_one("#raise-1").focus()
        await pilot.press("3")
        await settle(pilot)
        assert scr.query_one("#amount").value == "3" and app.focused.id == "amount"
        await pilot.press("enter")
        await settle(pilot)
        assert _auction(s.game.st) is not None and _auction(s.game.st).high_bid == 3
        scr.query_one("#raise-2").focus()  # Bob: the +5 button, Enter presses it
        await pilot.press("enter")
        await settle(pilot)
        assert _auction(s.game.st).high_bid == 8 and _auction(s.game.st).high_bidder == 1


def _auction(st: GameState) -> AuctionFrame | None:
    """The auction under way, if any."""
    return find_frame(st, AuctionFrame)


# ---------------------------------------------------------------- resizing


async def test_after_shrinking_and_growing_the_log_shows_the_newest_lines() -> None:
    from monopoly_tui.ui import demo
    from monopoly_tui.ui.game import GameLog

    s = demo.late_game("classic", 4)
    async with started(s) as (app, pilot):
        log: Any = app.screen.query_one(GameLog)
        await settle(pilot, 5)
        for size in ((100, 30), (160, 50), (120, 40), (120, 34)):
            await pilot.resize_terminal(*size)
            await settle(pilot, 5)
            assert log.scroll_y == log.max_scroll_y, size
            width = log.scrollable_content_region.width
            assert max(line.cell_length for line in log.lines) <= width, size
            assert log.lines[-1].text.strip() == s.log[-1].strip()[-len(log.lines[-1].text
                                                                         .strip()):]


# ---------------------------------------------------------------- stale screens


def _text(screen: Any, selector: str) -> str:
    import io

    from rich.console import Console

    console = Console(width=120, file=io.StringIO(), record=True, color_system=None)
    console.print(screen.query_one(selector).content)
    return console.export_text()


def _play_until(s: Any, kind: str, limit: int = 20000) -> None:
    """Computer choices for every seat until an event of this kind happens."""
    for _ in range(limit):
        pend = s.pending
        if pend.kind == A.GAME_OVER:
            break
        events = s.play(s.bot_choice(pend.player))
        if any(e.kind == kind for e in events):
            return
    raise AssertionError(f"no {kind} event")


async def test_a_battle_for_the_ring_shows_both_dice() -> None:
    """Both sides' dice and who has the Ring now, whole inside the centre's dice box."""

    s = new_session("lotr", [("Ann", False), ("Bob", False), ("Cy", False)], seed=4)
    _play_until(s, "ring_battle")
    from monopoly_tui.ui.mechanics.ring import last_battle

    battle = last_battle(s.since_roll)
    assert battle is not None
    p, bearer, dice, winner = battle
    assert p >= 0 and len(dice) == 2
    for seat in s.seats:  # nobody moves on by themselves now
        seat.human = True
    for size in ((160, 50), (100, 30)):
        async with started(s, size=size) as (app, _pilot):
            # what the dice box shows: its own width, cut to its own height (both dice
            # were drawn once, the second below the box's last line)
            shown = as_shown(app.game_screen().query_one("#dice"), clip=True)
            names = [s.game.st.players[q].name for q in (p, bearer)]
            assert all(n in shown for n in names), shown
            labels = s.spec.dice.labels
            assert all(labels[f] in shown for f in dice), shown
            assert ("takes" if winner == p else "keeps") in shown, shown


async def test_the_centre_drops_a_card_once_another_player_rolls() -> None:
    s = new_session("classic", [("Ann", False), ("Bob", False)], seed=3)
    _play_until(s, "card")
    drawer = s.last_card[0]
    assert drawer >= 0
    for _ in range(200):
        events = s.play(s.bot_choice(s.pending.player))
        if any(e.kind == "rolled" and e.player != drawer for e in events):
            break
    card_again = [e for e in s.game.last_events if e.kind == "card"]
    assert s.last_card == (-1, -1, -1) or card_again
    if not card_again:
        for seat in s.seats:
            seat.human = True
        async with started(s) as (app, _pilot):
            assert "Arrow keys or a click" in _text(app.game_screen(), "#detail")


# ---------------------------------------------------------------- title deeds


def _card_text(renderable: Any, width: int = 60) -> str:
    import io

    from rich.console import Console

    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_title_deeds_show_the_colour_set_rent_a_whole_bottom_line_and_plain_words() -> None:
    from monopoly_tui.ui.render import deed_card

    got = new_session("got", [("Ann", True), ("Bob", True)]).game
    kl = next(d.index for d in got.spec.deeds if d.name == "King's Landing")
    small = _card_text(deed_card(got, kl, width=44, compact=True))
    assert "Rent · colour set" in small and "50 · 100" in small
    bottom = small.rstrip().splitlines()[-1]
    assert "in Gold Dragons" in bottom, bottom  # was cut to 'in Gold Dragon─╯'
    assert len(small.rstrip().splitlines()) == 11
    full = _card_text(deed_card(got, kl, width=44))
    assert "Villages)" not in full.replace("(+ 4 Villages)", ""), full
    assert "whole colour set" in full and "100 Gold Dragons" in full
    lotr = new_session("lotr", [("Ann", True), ("Bob", True)]).game
    sting = next(d.index for d in lotr.spec.deeds if d.name == "Sting")
    text = _card_text(deed_card(lotr, sting, width=44, compact=True))
    assert "Owner holds" not in text
    assert "If 2 Weapons are owned" in text and "If all 4 Weapons are owned" in text


# ---------------------------------------------------------------- the Ring on the board


async def test_the_ring_shows_on_the_board_and_the_tracker_as_a_path() -> None:
    from monopoly_tui.engine.mechanics.ring import ring_state
    from monopoly_tui.ui.mechanics.ring import tracker_path

    s = new_session("lotr", [("Ann", True), ("Bob", True)], seed=1)
    st = s.game.st
    rs: Any = ring_state(st)
    rs.bearer, rs.space, rs.circle = 0, -1, 6
    async with started(s) as (app, pilot):
        flow: Any = app.game_screen()
        tile = flow.board.tiles[st.players[0].position]
        assert "1◎" in tile.render().plain
        path = tracker_path(s.game).plain
        assert path.count("●") == 1 and "● M16 GO M4 rent ×2" in path
        assert "○ Start" in path and "Mount Doom +M15" in path
        # narrow (the centre at 100×30): a circle never parts from its words
        from rich.console import Console

        console = Console(width=36, record=True, color_system=None)
        console.print(tracker_path(s.game))
        lines = console.export_text().splitlines()
        assert len(lines) > 1
        for line in lines:
            assert not line.rstrip().endswith(("○", "●", "─")), lines
        rs.bearer, rs.space = -1, 5
        flow.refresh_view()
        await settle(pilot)
        assert "◎" in flow.board.tiles[5].render().plain
        assert "◎" not in tile.render().plain or st.players[0].position == 5


async def test_the_results_at_the_smallest_size_cut_no_amount_and_reach_every_button() -> None:
    """At 100×30 the ranking beside the heat map is too narrow for its eight columns: it
    shows two tables (where each stands, what each did over the game) with every amount
    whole (it showed "$2,1…"), and the summary scrolls so Tab reaches all three buttons."""
    from monopoly_tui.ui.results import ResultsScreen

    s = new_session("nfl", [("Ann", False), ("Bob", False), ("Cy", False), ("Di", False)],
                    seed=6, house_rules={"turn_limit": 12})
    for _ in range(50_000):
        if s.game.over:
            break
        s.play(s.bot_choice(s.pending.player))
    assert s.game.over
    for seat in s.seats:
        seat.human = True
    async with started(s, size=(100, 30)) as (app, pilot):
        app.push_screen(ResultsScreen(s))
        await settle(pilot)
        shown = as_shown(app.screen.query_one("#ranking"))
        assert "…" not in shown, shown
        st = s.game.st
        for p, pl in enumerate(st.players):
            assert f"${pl.cash:,}" in shown, shown
            assert f"${s.stats.rent_received[p]:,}" in shown, shown
        assert "rent" in shown and "net" in shown
        seen = set()
        for _ in range(8):
            await pilot.press("tab")
            await settle(pilot)
            focused = app.focused
            if focused is not None and focused.id in ("new_game", "title", "quit_game"):
                seen.add(focused.id)
                region = focused.region
                assert region.right <= 100 and region.bottom <= 30, (focused.id, region)
                summary: Any = app.screen.query_one("#summary")
                assert summary.region.contains_region(region), (focused.id, region)
        assert seen == {"new_game", "title", "quit_game"}


async def test_a_card_drawn_from_a_dialog_leaves_no_dialog_drawn_under_it() -> None:
    """Rolling doubles in the Jail dialog moves the player onto Chance: the card is shown over
    the board alone (the Jail dialog stayed drawn under the card until it was closed, seen in
    NFL at 100x30)."""
    from states import in_jail

    from monopoly_tui.engine.dice import ScriptedFaces

    s = new_session("classic", [("Ann", True), ("Bob", True)])
    in_jail(s, 0)
    s.game.dice_source = ScriptedFaces([5, 5])  # 6 + 6 from Jail: Chance
    async with started(s) as (app, pilot):
        assert on_top(app) == "JailScreen"
        await pilot.press("r")
        await settle(pilot)
        assert any("drew Chance" in line for line in s.log[-4:])
        assert [type(x).__name__ for x in app.screen_stack][-2:] == ["GameScreen", "CardScreen"]
        await pilot.press("enter")
        await settle(pilot)
        # the card sent her to St. Charles Place, for sale: the next decision comes after it
        assert on_top(app) == "BuyScreen"


async def test_a_ring_meeting_on_the_jail_corner_is_on_just_visiting() -> None:
    """Frodo (Ann) walks past Bob, who stands on the jail corner visiting: the meeting dialog
    says "meets Bob on Just Visiting" (it said "on In Jail / Just Visiting")."""
    from monopoly_tui.engine.dice import ScriptedFaces
    from monopoly_tui.engine.mechanics.ring import state_of

    s = new_session("lotr", [("Ann", True), ("Bob", True)])
    st = s.game.st
    st.current = 0
    state_of(st).bearer, state_of(st).space = 0, -1
    jail = s.spec.jail_space
    st.players[0].position = jail - 4
    st.players[1].position = jail
    values = s.spec.dice.values
    s.game.dice_source = ScriptedFaces([values.index(2), values.index(3)])
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert on_top(app) == "RingScreen"
        head = _text(app.screen, "#head")
        assert f"meets Bob on {s.spec.vocab.just_visiting}" in head, head
        assert s.spec.spaces[jail].name not in head


def test_the_centre_says_the_ring_lies_on_just_visiting() -> None:
    """The Ring dropped on the jail corner lies on Just Visiting in the centre's Ring line too."""
    from monopoly_tui.engine.mechanics.ring import state_of
    from monopoly_tui.ui.mechanics.ring import ring_lines

    s = new_session("lotr", [("Ann", True), ("Bob", True)])
    state_of(s.game.st).bearer, state_of(s.game.st).space = -1, s.spec.jail_space
    first = ring_lines(s.game)[0]
    assert str(first).endswith(f"lies on {s.spec.vocab.just_visiting}"), first


async def test_the_debt_dialogs_buttons_stay_on_a_short_screen() -> None:
    """At 100x30 a player with deeds in many groups owes rent: the raise list gives up rows,
    and Pay and Trade stay on the dialog (they were cut off under a long list, seen in Lord of
    the Rings); on a tall screen the list has its full height again."""
    from states import in_debt

    s = new_session("lotr", [("Ann", True), ("Bob", True)])
    st = s.game.st
    for d in range(0, len(s.spec.deeds), 2):
        st.owner[d] = 0
    st.players[0].cash = 0
    in_debt(s, 0, 1, 3, "rent", target=1)
    app = MonopolyApp(pace="instant", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        from monopoly_tui.ui.game import GameScreen

        app.push_screen(GameScreen(s))
        await settle(pilot, 6)
        assert on_top(app) == "DebtScreen"
        scr: Any = app.screen
        dialog = scr.query_one("#dialog")
        for button in ("#pay", "#trade"):
            region = scr.query_one(button).region
            assert dialog.content_region.contains_region(region), (button, region)
        assert scr.query_one("#raise").outer_size.height < 16
        await pilot.resize_terminal(160, 50)
        await settle(pilot, 6)
        assert scr.query_one("#raise").outer_size.height == 16


async def test_a_ticked_turn_limit_with_no_rounds_typed_is_said_not_played_as_30() -> None:
    """Turn limit ticked and its field emptied: the rules step says the rounds are missing and
    the game does not start (it started a 30-round game while the field showed nothing)."""
    app = MonopolyApp(pace="instant", seed=1)
    async with app.run_test(size=(160, 50)) as pilot:
        from monopoly_tui.ui.setup import NewGameScreen

        app.push_screen(NewGameScreen(seed=1))
        await settle(pilot)
        await pilot.press("ctrl+n")
        await settle(pilot)
        scr: Any = app.screen
        scr.query_one("#hr-turn_limit").value = True
        scr.query_one("#turn-limit").value = ""
        await settle(pilot)
        said = "the turn limit needs a number of rounds (1 to 9999)"
        assert said in scr.rules_problems()
        assert said[1:] in str(scr.query_one("#problems").content)
        await pilot.press("ctrl+n")
        await settle(pilot)
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert on_top(app) == "NewGameScreen"
        scr.query_one("#turn-limit").value = "15"
        await settle(pilot)
        assert scr.chosen_house_rules()["turn_limit"] == 15
        assert not scr.problems()


async def test_a_long_trade_keeps_its_lists_and_cash_fields_on_a_short_screen() -> None:
    """At 100x30, an offer of many deeds: the summary under the lists is cut to the rows left,
    and the lists and the cash fields stay (the summary pushed them out of the dialog)."""
    s = new_session("nfl", [("Ann", True), ("Bob", True)])
    st = s.game.st
    st.current = 0
    mine = list(range(0, 16))
    for d in mine:
        st.owner[d] = 0
    app = MonopolyApp(pace="instant", seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        from monopoly_tui.ui.game import GameScreen

        app.push_screen(GameScreen(s))
        await settle(pilot, 6)
        await pilot.press("t")
        await settle(pilot)
        assert on_top(app) == "TradeScreen"
        scr: Any = app.screen
        give: Any = scr.query_one("#give-deeds")
        for d in mine:
            give.select(d)
        await settle(pilot, 6)
        dialog = scr.query_one("#dialog")
        assert give.size.height >= 3
        for field in ("#give-cash", "#take-cash", "#propose"):
            region = scr.query_one(field).region
            assert region.height and dialog.content_region.contains_region(region), field
