"""Dungeons & Dragons in the app, as a player meets it: the Adventure card as a dialog (pay
or roll, with the odds), the red die beside its target, the Item cards offered after a missed
roll with what each would do, a face-down mark on a revealed location, close to death on the
panel, and the edition's clauses in the Rules tab."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from driver import play_out, settle, shown_keys, started, text_of

from monopoly_tui.engine.dice import ScriptedFaces
from monopoly_tui.engine.mechanics.dnd_adventures import SECURE
from monopoly_tui.engine.mechanics.dnd_adventures import state as adventures_state
from monopoly_tui.engine.mechanics.dnd_checks import USE_ITEMS, items_of
from monopoly_tui.engine.spec import ITEM, Spec
from monopoly_tui.engine.state import INSOLVENT
from monopoly_tui.ui.help import rules_summary
from monopoly_tui.ui.session import Seat, Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))
from dnd_helpers import dnd_spec

RED = 6  # the red die's faces are 1..20: face index = value - 1


def session(spec: Spec | None = None) -> Session:
    """Ann (a human) to move from GO, Bob a computer; the dice scripted by the test."""
    spec = spec or dnd_spec()
    s = Session.new("dnd", [Seat("Ann", spec.tokens[0]), Seat("Bob", spec.tokens[1], False)],
                    seed=1, pace="instant", spec=spec)
    st = s.game.st
    st.current = st.first_player = 0
    return s


def script(s: Session, *values: int) -> None:
    """The next dice show these values (the black die 1-6 and the red die 1-20 alike)."""
    s.game.dice_source = ScriptedFaces([v - 1 for v in values])


def give_item(s: Session, p: int, add: int = 0, reroll: bool = False) -> None:
    game = s.game
    deck = game.spec.decks[0]
    ci = next(i for i, c in enumerate(deck.cards) if c.kind == ITEM and c.amount == add
              and c.reroll == reroll and i in game.st.decks[0])
    game.st.decks[0].remove(ci)
    items_of(game, p).append((0, ci))


async def test_landing_on_an_unsecured_location_shows_its_adventure_card_to_pay_or_roll(
) -> None:
    s = session()
    script(s, 1, 15)  # Phandalin, then the red die shows 15
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "SecureScreen"
        scr: Any = app.screen
        assert scr.pend.kind == SECURE
        body = text_of(app, "#body")
        card = s.game.spec.mechanics["adventures"].card_at(1)
        assert card.picture in body and f"{card.target} or more" in body
        assert "% to succeed" in body and "left" in body
        deed = s.game.spec.spaces[1].deed
        assert adventures_state(s.game).revealed[deed]  # the first lander revealed it
        await pilot.press("r")  # roll: 15 against the card's target
        await settle(pilot)
        won = card.target <= 15
        assert (s.game.st.owner[deed] == 0) == won
        dice = text_of(app, "#dice")  # the red die beside its target, in the dice's place
        assert "15" in dice and f"needs {card.target}" in dice
        assert ("success" if won else "failed") in dice


async def test_a_natural_twenty_on_the_red_die_shows_as_a_critical_success() -> None:
    s = session()
    script(s, 1, 20)
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        dice = text_of(app, "#dice")
        assert "20" in dice and "Critical Success!" in dice and "+50 gold" in dice


async def test_a_missed_roll_offers_the_held_items_with_what_each_would_do() -> None:
    s = session()
    card = s.game.spec.mechanics["adventures"].card_at(1)
    give_item(s, 0, add=2)
    script(s, 1, card.target - 1)  # one short: the +2 item reaches it
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "ItemsScreen"
        scr: Any = app.screen
        assert scr.pend.kind == USE_ITEMS
        body = text_of(app, "#body")
        assert f"needs {card.target}" in body and str(card.target - 1) in body
        options = scr.query_one("#choices")
        labels = [str(options.get_option_at_index(i).prompt)
                  for i in range(options.option_count)]
        assert any("+2" in lab and "succeeds" in lab for lab in labels)
        assert labels[-1].startswith("Let the roll stand")
        assert "s" in {k for k, ab in app.screen.active_bindings.items() if ab.enabled}
        await pilot.press("enter")  # the highlighted first choice: the +2 item
        await settle(pilot)
        deed = s.game.spec.spaces[1].deed
        assert s.game.st.owner[deed] == 0
        assert not items_of(s.game, 0)


async def test_letting_a_missed_roll_stand_leaves_the_card_revealed_with_its_mark() -> None:
    s = session()
    card = s.game.spec.mechanics["adventures"].card_at(1)
    give_item(s, 0, add=2)
    script(s, 1, card.target - 1)
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        await pilot.press("s")  # let the roll stand: the check fails
        await settle(pilot)
        deed = s.game.spec.spaces[1].deed
        assert s.game.st.owner[deed] < 0
        flow: Any = app.game_screen()
        assert "▣" in flow.board.tiles[1].render().plain
        assert "▣" not in flow.board.tiles[2].render().plain
        assert "✦" in text_of(app, "#player-0")  # the item is still held


async def test_a_player_close_to_death_is_marked_on_the_panel() -> None:
    s = session()
    s.game.st.players[1].status = INSOLVENT
    s.game.st.players[1].cash = 0
    async with started(s) as (app, _pilot):
        panel = text_of(app, "#player-1")
        assert "☠" in panel and "close to death" in panel
        assert "☠" not in text_of(app, "#player-0")


async def test_giving_up_on_a_debt_says_close_to_death_not_bankruptcy() -> None:
    """Ann cannot pay: the debt dialog's button, its footer key and the question before it say
    what the edition does (pay what you can, close to death, still in the game); they said
    "Declare bankruptcy? Everything you own goes to Bob, and you are out of the game"."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from states import in_debt

    s = session()
    s.game.st.players[0].cash = 10
    in_debt(s, 0, 1, 40, "rent")
    async with started(s) as (app, pilot):
        assert type(app.screen).__name__ == "DebtScreen"
        button = str(app.screen.query_one("#bankrupt").label)
        assert "close to death" in button and "bankruptcy" not in button
        footer = {ab.binding.description for k, ab in app.screen.active_bindings.items()
                  if k == "B" and ab.enabled and ab.binding.show}
        assert footer == {"Pay what you can: close to death"}
        await pilot.press("B")
        await settle(pilot)
        assert type(app.screen).__name__ == "ConfirmScreen"
        question = app.screen.question  # type: ignore[attr-defined]
        assert "close to death" in question and "stay in the game" in question
        assert "out of the game" not in question
        script(s, 7)  # the revival roll, at once: not enough
        await pilot.press("y")
        await settle(pilot)
        assert s.game.st.players[0].status == INSOLVENT
        assert "☠" in text_of(app, "#player-0")


def test_the_rules_tab_speaks_the_edition_s_own_rules() -> None:
    text = rules_summary(dnd_spec())
    assert "Critical Fail" in text and "Critical Success" in text
    assert "reveals its Adventure card" in text
    assert "close to death" in text
    assert "the most gold wins" in text
    assert "each time you pass or land on it (a card moving you back onto it too)" in text
    assert "- **Trades**: at any time (`t`), even while a decision waits" in text
    # the designed round cap ends as the real end (not "the richest player wins")
    assert "after 200 rounds everyone collects their locations' tax as at the end" in text


async def test_a_whole_game_is_played_by_keyboard_to_its_end() -> None:
    """Ann plays every decision by keys (pay or roll, items, cards), two computers play
    theirs, until every location is secured (or a player wins otherwise) and the results
    come up."""
    spec = dnd_spec()
    s = Session.new("dnd", [Seat("Ann", spec.tokens[0]), Seat("Bob", spec.tokens[1], False),
                            Seat("Cid", spec.tokens[2], False)], seed=7, pace="instant",
                    spec=spec)
    async with started(s) as (app, pilot):
        seen = await play_out(pilot, app, limit=4000)
        assert s.game.over
        assert seen["GameScreen"] > 0
        assert seen["SecureScreen"] > 0  # Ann met Adventure cards and chose
        assert s.game.st.end_reason == "all_locations_secured"
        assert seen["ResultsScreen"] == 1


async def test_the_setup_offers_each_dungeon_master_card_with_what_it_does() -> None:
    """The setup widgets list every Dungeon Master card with its words; what the table picks
    is the option the engine shapes the board from (a DM location in place of the chosen
    location of its colour, a monster in the deck, Szass Tam on the chosen card space)."""
    from textual.app import App, ComposeResult
    from textual.containers import Vertical
    from textual.widgets import Checkbox, Select

    from monopoly_tui.engine.game import Game
    from monopoly_tui.ui.mechanics import screens_for

    spec = dnd_spec()
    dm = next(m for m in screens_for(spec) if m.NAME == "dungeon_master")
    config = spec.mechanics["dungeon_master"]

    class Box(App[None]):
        def compose(self) -> ComposeResult:
            yield Vertical(*dm.setup_widgets(spec), id="box")

    async with Box().run_test(size=(120, 60)) as pilot:
        box = pilot.app.query_one("#box")
        text = " ".join(str(w.render()) for w in box.children)
        for dl in config.locations:
            assert dl.name in text
        assert dm.setup_choices(box, 2) == {}  # nothing picked: the base game
        first = config.locations[0]
        select: Any = box.query(Select).first()
        target = [v for _, v in select._options if v != "-"][1]
        select.value = target
        box.query(Checkbox).first().value = True
        wizard: Any = box.query(Select).last()
        card_space = next(v for _, v in wizard._options if v != "-")
        wizard.value = card_space
        await pilot.pause()
        choice = dm.setup_choices(box, 2)
        assert choice == {"locations": {first.id: target}, "monsters": [0],
                          "red_wizard": card_space}
        assert dm.setup_problems(box, 2) == []
        game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])],
                        setup={"dungeon_master": choice})
        names = [sp.name for sp in game.spec.spaces]
        assert first.name in names
        assert config.red_wizard.name in names


async def test_szass_tams_choice_names_each_card_space_by_its_neighbours_not_its_id() -> None:
    """The choice of the card space Szass Tam takes over listed internal ids ('on Magic &
    Mystery (magic-1)'): each is named by the spaces either side, every name different."""
    from textual.app import App, ComposeResult
    from textual.containers import Vertical
    from textual.widgets import Select

    from monopoly_tui.ui.mechanics import screens_for

    spec = dnd_spec()
    dm = next(m for m in screens_for(spec) if m.NAME == "dungeon_master")

    class Box(App[None]):
        def compose(self) -> ComposeResult:
            yield Vertical(*dm.setup_widgets(spec), id="box")

    async with Box().run_test(size=(120, 60)) as pilot:
        wizard: Any = pilot.app.query_one("#box").query(Select).last()
        options = {str(label): value for label, value in wizard._options if value != "-"}
        card_spaces = [sp for sp in spec.spaces if sp.kind == "cards"]
        assert sorted(options.values()) == sorted(sp.id for sp in card_spaces)
        assert len(options) == len(card_spaces)  # every label different
        for label, value in options.items():
            assert value not in label and "(" not in label, label
            s = spec.space_by_id[value]
            before, after = spec.spaces[s - 1].name, spec.spaces[s + 1].name
            assert label == f"on {spec.spaces[s].name} between {before} and {after}"
        assert "on Magic & Mystery between Daggerford and Portal" in options


def portal_session(token: str = "Edgin") -> Session:
    """Ann (a human, playing ``token``) one space before the first Portal; Bob a computer."""
    spec = dnd_spec()
    other = next(t for t in spec.tokens if t != token)
    s = Session.new("dnd", [Seat("Ann", token), Seat("Bob", other, False)], seed=1,
                    pace="instant", spec=spec)
    st = s.game.st
    st.current = st.first_player = 0
    portal = next(sp.index for sp in spec.spaces if sp.kind == "portal")
    st.players[0].position = portal - 1
    return s


async def test_a_portal_marks_the_locations_in_reach_and_lists_what_each_means() -> None:
    s = portal_session()
    script(s, 1)
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "PortalScreen"
        scr: Any = app.screen
        reach = list(scr.pend.context["spaces"])
        assert reach
        flow: Any = app.game_screen()
        for i, tile in enumerate(flow.board.tiles):
            assert ("◇" in tile.render().plain) == (i in reach), i
        options = scr.query_one("#choices")
        labels = [str(options.get_option_at_index(i).prompt)
                  for i in range(options.option_count)]
        assert len(labels) == len(reach)
        first = s.game.spec.spaces[reach[0]]
        assert labels[0].startswith(first.name)
        assert "the Bank's fee" in labels[0]
        await pilot.press("down", "enter")  # the second location in reach
        await settle(pilot)
        assert s.game.st.players[0].position == reach[1]
        flow = app.game_screen()
        assert not any("◇" in tile.render().plain for tile in flow.board.tiles)


async def test_the_portal_and_items_dialogs_show_enter_in_the_footer() -> None:
    """On a Portal the footer showed no key at all: it shows Enter (Choose), and Enter takes
    the highlighted location."""
    s = portal_session()
    script(s, 1)
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "PortalScreen"
        assert "enter" in shown_keys(app)
        reach = list(app.screen.pend.context["spaces"])  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert s.game.st.players[0].position == reach[0]


async def test_simon_s_portal_reaches_every_location_and_says_where_go_gold_is_lost(
) -> None:
    s = portal_session("Simon")
    script(s, 1)
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        scr: Any = app.screen
        locations = [sp.index for sp in s.game.spec.spaces if sp.kind == "location"]
        assert sorted(scr.pend.context["spaces"]) == sorted(locations)
        options = scr.query_one("#choices")
        labels = [str(options.get_option_at_index(i).prompt)
                  for i in range(options.option_count)]
        assert any("no GO gold" in lab for lab in labels)


async def test_each_player_s_panel_names_their_character_and_power() -> None:
    s = portal_session("Holga")
    async with started(s) as (app, _pilot):
        char = s.game.spec.mechanics["characters"].characters
        holga = next(c for c in char if c.name == "Holga")
        assert holga.text.split(".")[0][:30] in text_of(app, "#player-0").replace("\n", " ")


async def test_doric_chooses_by_keys_to_draw_one_card_or_two() -> None:
    """Doric "may take two cards": on a Magic & Mystery space the dialog asks first, in the
    edition's words, and Down then Enter draws the one card."""
    from monopoly_tui.engine.spec import COLLECT

    spec = dnd_spec()
    s = Session.new("dnd", [Seat("Ann", "Doric"), Seat("Bob", "Holga", False)], seed=1,
                    pace="instant", spec=spec)
    st = s.game.st
    st.current = st.first_player = 0
    order = st.decks[0]
    gain = next(i for i in order if spec.decks[0].cards[i].kind == COLLECT)
    order.remove(gain)
    order.insert(0, gain)
    script(s, 3)  # GO to the first Magic & Mystery space
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "ChoiceScreen"
        assert "draw one card, or two and keep one" in text_of(app, "#head")
        options = app.screen.query_one("#choices")
        labels = [str(options.get_option_at_index(i).prompt)  # type: ignore[attr-defined]
                  for i in range(options.option_count)]  # type: ignore[attr-defined]
        assert labels == ["Draw two Magic & Mystery cards: keep one, the other to the bottom",
                          "Draw one Magic & Mystery card"]
        await pilot.press("down", "enter")
        await settle(pilot)
        assert st.last_card == (0, gain)
        assert st.players[0].cash == 300 + spec.decks[0].cards[gain].amount


async def test_an_item_card_is_bought_by_keys_while_the_pay_or_roll_decision_waits() -> None:
    """DEALS & TRADES: locations "can be traded for gold, other locations, Get Out of Jail
    Free cards, and/or any other Magic & Mystery cards you were keeping", "at any time": on
    Phandalin's pay-or-roll, Ann presses t, ticks Bob's Greatsword in his list, offers 100
    gold and proposes; the trade is made, and the pay-or-roll comes back."""
    s = session()
    give_item(s, 1, add=4)
    sword = items_of(s.game, 1)[0]
    script(s, 1)  # GO to Phandalin
    async with started(s) as (app, pilot):
        await pilot.press("r")
        await settle(pilot)
        assert type(app.screen).__name__ == "SecureScreen"
        assert "t" in shown_keys(app)
        await pilot.press("t")
        await settle(pilot)
        scr: Any = app.screen
        assert type(scr).__name__ == "TradeScreen"
        take = scr.query_one("#take-deeds")
        assert [str(take.get_option_at_index(i).prompt) for i in range(take.option_count)] \
            == ["Item card: Greatsword"]
        while app.focused is not take:
            await pilot.press("tab")
        await pilot.press("space")  # tick the Greatsword
        await pilot.press("shift+tab", "end", "backspace", *"100")  # Ann's gold to give
        await settle(pilot)
        assert scr.offer.take_kept == (sword,) and scr.offer.give_cash == 100
        assert "Item card: Greatsword" in text_of(app, "#problem")
        await pilot.press("ctrl+s")
        for _ in range(2000):  # Bob, a computer, answers when his turn to decide comes
            if items_of(s.game, 0) == [sword]:
                break
            await pilot.pause()
        await settle(pilot)
        assert items_of(s.game, 0) == [sword]  # Bob (a computer) took the gold
        assert type(app.screen).__name__ == "SecureScreen"


def test_a_counter_offer_starts_from_the_same_deal_kept_cards_included() -> None:
    """The counter-offer builder opens on the offer the other way round: the Item cards too
    (they were dropped)."""
    from monopoly_tui.engine.state import TradeOffer
    from monopoly_tui.ui.trade import reversed_offer

    offer = TradeOffer(0, 1, give_cash=10, give_kept=((0, 1),), take_kept=((0, 3),))
    assert reversed_offer(offer) == TradeOffer(1, 0, take_cash=10, give_kept=((0, 3),),
                                               take_kept=((0, 1),))
