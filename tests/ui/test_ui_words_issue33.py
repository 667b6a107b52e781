"""The words on screen, each as the edition's rulebook and the game's own state say it (issue
33, item 7): every wrong or misleading word found by new players, pinned where it is made."""

from __future__ import annotations

import io
from typing import Any

from driver import new_session
from rich.console import Console

from monopoly_tui.engine.mechanics.dnd_adventures import card_of
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures_state
from monopoly_tui.engine.spec import LOCATION
from monopoly_tui.rules import load_spec
from monopoly_tui.ui.render import deed_card


def plain(renderable: Any, width: int = 60) -> str:
    """A renderable as a player reads it, without colour."""
    console = Console(width=width, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def flat(text: str) -> str:
    """The words of a text, whatever its line breaks and borders."""
    return " ".join(text.replace("│", " ").replace("╰", " ").replace("╯", " ").split())


def test_a_money_printed_as_m_is_never_called_dollars() -> None:
    """Longest Game Ever's rulebook prints its money as M: its deeds said "in dollars"."""
    for edition in ("classic", "nfl", "lge", "lotr", "got", "dnd"):
        v = load_spec(edition).vocab
        if not v.money(5).startswith("$"):
            assert "dollar" not in v.currency.lower(), edition
    s = new_session("lge", [("Ann", True), ("Bob", False)], seed=1)
    card = plain(deed_card(s.game, 0, width=44, compact=True), 44)
    assert "in Monopoly money" in card and "dollars" not in card, card


def test_an_unsecured_location_is_not_for_sale_and_shows_its_revealed_card() -> None:
    """D&D: a location is secured, never bought from the Bank; once its Adventure card is
    revealed its card shows it (picture, text, target and price)."""
    s = new_session("dnd", [("Ann", True), ("Bob", False)], seed=1)
    game = s.game
    d = next(d for d in game.spec.deeds if d.kind == LOCATION)
    hidden = flat(plain(deed_card(game, d.index, width=50), 50))
    assert "For sale" not in hidden, hidden
    assert "Unsecured: the first to land pays the Bank" in hidden, hidden
    adventures_state(game).revealed[d.index] = True
    card = card_of(game, d.index)
    shown = flat(plain(deed_card(game, d.index, width=60), 60))
    assert "For sale" not in shown
    assert "Adventure card revealed" in shown, shown
    for words in (card.picture, card.text,
                  f"Roll {card.target}+ on the red die or pay {card.price} gold"):
        assert flat(words) in shown, (words, shown)
    small = plain(deed_card(game, d.index, width=44, compact=True), 44)
    assert len(small.splitlines()) <= 11, small  # the small card's rows
    assert f"Roll {card.target}+ on the red die" in flat(small), small
    # a deed of an edition that sells them still says so
    classic = new_session("classic", [("Ann", True), ("Bob", False)], seed=1)
    assert "For sale by the Bank" in flat(plain(deed_card(classic.game, 0, width=44), 44))


async def test_a_missed_roll_is_short_not_failed_while_an_item_may_save_it() -> None:
    """D&D: the items dialog said "6 of the 14 needed" while the centre already said
    "failed"; both say how short the roll is while an item may still save it, and the die's
    box keeps its edges (the total with items went beside its face and broke it)."""
    from driver import as_shown, settle, started, text_of
    from test_ui_dnd import give_item, script, session

    s = session()
    card = s.game.spec.mechanics["adventures"].card_at(1)
    give_item(s, 0, add=2)
    script(s, 1, card.target - 3)  # three short: the +2 item leaves it one short
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "ItemsScreen"
        head = text_of(app, "#head")
        assert f"3 short of {card.target}, or use an Item card" in flat(head), head
        centre = as_shown(app.game_screen().query_one("#dice"))
        assert "failed" not in centre, centre
        assert f"3 short of {card.target}: an Item card may save it" in flat(centre), centre
        await pilot.press("enter")  # the +2 item: one short still, and no item left
        await settle(pilot)
        centre = as_shown(app.game_screen().query_one("#dice"))
        assert "failed" in centre and "with items" in centre, centre
        lines = centre.splitlines()
        top = next(i for i, line in enumerate(lines) if "┌" in line)
        assert lines[top + 1].count("│") == 2 and "needs" in lines[top + 1], centre
        assert lines[top + 2].startswith("└────┘"), centre
        assert lines[top + 3].strip() == f"with items {card.target - 1}", centre


async def test_a_player_close_to_death_is_asked_to_roll_the_red_die_to_revive() -> None:
    """Close to death, the turn's roll is the red die to revive (they do not move): the banner
    said "roll the dice [r]"."""
    from driver import settle, started, text_of
    from test_ui_dnd import session

    from monopoly_tui.engine import actions as A
    from monopoly_tui.engine.state import INSOLVENT

    s = session()
    s.game.st.players[0].status = INSOLVENT
    s.game.st.players[0].cash = 0
    assert s.pending.kind == A.ROLL and s.pending.player == 0
    async with started(s) as (app, pilot):
        await settle(pilot)
        banner = flat(text_of(app, "#banner"))
        assert "roll the red die to revive (8+ needed) [r]" in banner, banner
        assert "roll the dice" not in banner, banner
    s2 = session()
    async with started(s2) as (app, pilot):
        assert "roll the dice [r]" in flat(text_of(app, "#banner"))


async def test_the_header_counts_down_only_to_a_limit_chosen_for_the_game() -> None:
    """D&D's own cap of 200 rounds (for simulations) is no limit the table set: the header
    said "round 1 of 200". A limit chosen at setup is counted down to."""
    from driver import settle, started, text_of

    s = new_session("dnd", [("Ann", True), ("Bob", False)], seed=1)
    assert s.spec.rules.turn_limit == 200
    async with started(s) as (app, pilot):
        await settle(pilot)
        banner = flat(text_of(app, "#banner"))
        assert "round 1" in banner and "of 200" not in banner, banner
    chosen = new_session("dnd", [("Ann", True), ("Bob", False)], seed=1,
                         house_rules={"turn_limit": 12})
    async with started(chosen) as (app, pilot):
        await settle(pilot)
        assert "round 1 of 12" in flat(text_of(app, "#banner"))


INTERNAL = r"§|rulebook:[A-Z]|editions-facts|\bdecision \d|docs/|\.md\b|\brules\.[a-z_]+|`"
"""What only the project's own files mean: the facts' sections, the team's decisions, the
ruleset's field names, the design documents."""


def test_what_an_edition_tells_players_cites_none_of_the_projects_own_files() -> None:
    """The edition notes (the help's Notes tab) cited "facts §8", "rules.turn_limit",
    "docs/design/dnd.md": words a player cannot look up."""
    import re

    from monopoly_tui.rules.loader import load_edition
    from monopoly_tui.ui.help import edition_notes

    for edition in ("classic", "nfl", "got", "lotr", "lge", "dnd"):
        spec = load_spec(edition)
        texts = [spec.description, *(v.description for v in spec.variants),
                 *load_edition(edition).notes]
        for text in texts:
            assert not re.search(INTERNAL, text), (edition, text)
        assert not re.search(INTERNAL, edition_notes(edition)), edition


def test_one_gold_dragon_is_singular() -> None:
    """Game of Thrones wrote "1 Gold Dragons" (a bid's step, a fee of 1)."""
    v = load_spec("got").vocab
    assert v.money(1) == "1 Gold Dragon"
    assert v.money(2) == "2 Gold Dragons" and v.money(0) == "0 Gold Dragons"
    assert v.money(1500) == "1,500 Gold Dragons"
    assert load_spec("classic").vocab.money(1) == "$1"
    assert load_spec("dnd").vocab.money(1) == "1 gold"


async def _ring_meeting(bearer: int) -> Any:
    """Ann walks past Bob on Lord of the Rings; ``bearer`` holds the Ring."""
    from monopoly_tui.engine.dice import ScriptedDice
    from monopoly_tui.engine.mechanics.ring import state_of

    s = new_session("lotr", [("Ann", True), ("Bob", True)])
    st = s.game.st
    st.current = 0
    state_of(st).bearer, state_of(st).space = bearer, -1
    st.players[0].position = 1
    st.players[1].position = 4
    s.game.dice_source = ScriptedDice([2, 3])  # the faces showing 2 and 3
    return s


def _footer_words(app: Any, key: str) -> list[str]:
    return [ab.binding.description for k, ab in app.screen.active_bindings.items()
            if k == key and ab.enabled and ab.binding.show]


async def test_the_ring_meetings_key_says_what_its_button_says() -> None:
    """The Ring battle's button said "Let them be [k]" and the footer "k Go on"."""
    from driver import settle, started

    from monopoly_tui.engine import actions as A

    for bearer, words in ((0, "Keep it, go on"), (1, "Let them be")):
        s = await _ring_meeting(bearer)
        async with started(s) as (app, pilot):
            await pilot.press("r")
            await settle(pilot)
            assert type(app.screen).__name__ == "RingScreen"
            assert _footer_words(app, "k") == [words], app.screen.active_bindings.keys()
            button = str(app.screen.query_one("#pass_by").label)
            assert button == f"{words} [k]", button
            await pilot.press("k")
            await settle(pilot)
            assert s.pending.kind != A.RING


async def test_the_managers_footer_shows_the_enter_that_applies() -> None:
    """Manage showed "c Confirm" though Enter already applies the highlighted choice: the
    footer shows Enter (c still works, unshown)."""
    from driver import settle, shown_keys, started

    from monopoly_tui.ui.demo import late_game

    s = late_game("classic", players=2, humans=2, seed=7)
    async with started(s, size=(160, 50)) as (app, pilot):
        await pilot.press("m")
        await settle(pilot)
        assert type(app.screen).__name__ == "ManageScreen"
        lst: Any = app.screen.query_one("#actions")
        for _ in range(lst.option_count):  # onto a choice the engine takes now
            if lst.current_entry is not None and not lst.current_entry.reason:
                break
            await pilot.press("down")
        await settle(pilot)
        assert lst.current_entry is not None and not lst.current_entry.reason
        keys = shown_keys(app)
        assert "enter" in keys and "c" not in keys, keys
        assert _footer_words(app, "enter") == ["Confirm"]
        cash = s.game.st.players[s.pending.player].cash
        decisions = s.game.st.decisions
        await pilot.press("enter")  # it applies the choice
        await settle(pilot)
        assert s.game.st.decisions > decisions or s.game.st.players[0].cash != cash


async def test_the_helps_footer_shows_the_keys_that_change_its_tab() -> None:
    """The help's ← and → change its tab, and its footer did not say so."""
    from driver import settle, started
    from textual.widgets import TabbedContent

    s = new_session("classic", [("Ann", True), ("Bob", False)], seed=1)
    async with started(s) as (app, pilot):
        await pilot.press("question_mark")
        await settle(pilot)
        assert type(app.screen).__name__ == "HelpScreen"
        assert _footer_words(app, "right") == ["Tab"]
        assert app.screen.active_bindings["right"].binding.key_display == "←→"
        tabs = app.screen.query_one(TabbedContent)
        seen = [tabs.active]
        for key in ("right", "right", "right", "left"):
            await pilot.press(key)
            await settle(pilot)
            seen.append(tabs.active)
        assert seen == ["keys", "rules", "notes", "keys", "notes"], seen


def test_the_statistics_so_far_count_the_round_as_their_title_does() -> None:
    """During a game the statistics' title said "round 9" and the net worth chart's axis
    "after 8 rounds": both name the round under way."""
    from monopoly_tui.engine.counts import round_number
    from monopoly_tui.stats import game_stats
    from monopoly_tui.ui.charts import stats_renderable
    from monopoly_tui.ui.demo import play_plain

    s = new_session("classic", [("Ann", False), ("Bob", False)], seed=3)
    play_plain(s, 300, stop_at_human_roll=False)
    n = round_number(s.game)
    assert n > 2 and not s.game.over
    text = plain(stats_renderable(s, game_stats(s.game), so_far=True), 120)
    assert f"· round {n}" in text and f"now, round {n}" in text, text
    assert "after " not in text, text


async def test_a_house_rules_own_field_takes_typing_only_while_it_is_ticked() -> None:
    """The clock-end time could be typed while 'End at a clock time' was unticked (and was
    then ignored); the rounds of the turn limit the same."""
    from driver import settle
    from test_ui_clock_end import _rules_step
    from textual.widgets import Checkbox, Input

    from monopoly_tui.ui.app import MonopolyApp

    app = MonopolyApp(seed=5, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        scr = await _rules_step(pilot, app, "nfl")
        for tick_id, field in (("#hr-end_at", "#end-at"), ("#hr-turn_limit", "#turn-limit")):
            tick, box = scr.query_one(tick_id, Checkbox), scr.query_one(field, Input)
            assert not tick.value and box.disabled, field
            tick.value = True
            await settle(pilot)
            assert not box.disabled, field
            tick.value = False
            await settle(pilot)
            assert box.disabled, field


async def test_the_dnd_debt_dialog_never_offers_to_sell_or_mortgage() -> None:
    """D&D has no buildings and no mortgages: its debt dialog said "Nothing left to sell or
    mortgage"; classic's still says it."""
    from driver import started
    from states import in_debt
    from test_ui_dnd import session
    from textual.widgets import Label

    s = session()
    s.game.st.players[0].cash = 10
    in_debt(s, 0, 1, 40, "rent")
    async with started(s) as (app, _pilot):
        assert type(app.screen).__name__ == "DebtScreen"
        hint = str(app.screen.query_one("#raise-hint", Label).render())
        assert "sell or mortgage" not in hint, hint
        assert "house" not in hint and "mortgage" not in hint, hint
        assert hint == "Nothing is sold back to the Bank in this edition: only a trade " \
            "raises gold.", hint


def test_every_editions_rules_tab_says_only_what_its_data_has() -> None:
    """D&D's Rules tab was classic's: a Buying clause, "32 houses and 12 hotels", mortgages,
    bankruptcy to the Bank, two "The end" clauses, and its Jail clause missed the roll of a 6
    and the Just Visiting rescue. Each clause comes from the edition's data and the
    mechanics it switches on."""
    from monopoly_tui.engine.spec import PROPERTY_KINDS
    from monopoly_tui.ui.help import rules_summary

    for edition in ("classic", "nfl", "got", "lotr", "lge", "dnd"):
        spec = load_spec(edition)
        text = rules_summary(spec)
        bullets = [line for line in text.splitlines() if line.startswith("- **")]
        heads = [line.split("**")[1] for line in bullets]
        assert heads.count("The end") == 1, (edition, heads)
        sells = any(spec.spaces[d.spaces[0]].kind in PROPERTY_KINDS for d in spec.deeds)
        assert ("Buying" in heads) == sells, (edition, heads)
        assert ("Building" in heads) == any(d.house_cost for d in spec.deeds), edition
        assert ("Mortgages" in heads) == any(d.mortgage > 0 for d in spec.deeds), edition
    dnd = rules_summary(load_spec("dnd"))
    for wrong in ("32 houses", "hotel", "mortgage", "Bankruptcy", "auctions the deeds",
                  "last player not bankrupt", "Buying"):
        assert wrong not in dnd, wrong
    jail = next(line for line in dnd.splitlines() if line.startswith("- **Jail**"))
    assert "roll for a 6 (up to 3 tries; after the last failed one you pay, then roll again " \
        "and move)" in jail, jail
    assert "ends on Just Visiting breaks everyone in Jail out" in jail, jail
    end = next(line for line in dnd.splitlines() if line.startswith("- **The end**"))
    assert "the moment every location is secured" in end and "most gold wins" in end, end
    assert "- **Tax**: the owner is paid automatically; a secured location's tax" in dnd
    classic = rules_summary(load_spec("classic"))
    for kept in ("- **Buying**", "32 houses and 12 hotels", "- **Mortgages**",
                 "- **Bankruptcy**", "the last player not bankrupt wins"):
        assert kept in classic, kept
