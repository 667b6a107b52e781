"""The log says what happened, once, in its order: played positions, each line checked against
the choice that made it (``describe_all`` reads one choice's events together)."""

from __future__ import annotations

from helpers import act, cash, deed, give, jail, new_game, place, roll, space

from monopoly_tui.engine import actions as A
from monopoly_tui.engine.describe import building_words, describe, describe_all
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.saves.replay import action_text

# ---------------------------------------------------------------- Jail


def test_paying_the_fine_is_one_line_saying_it_was_paid() -> None:
    game = new_game()
    jail(game, 0)
    lines = describe_all(act(game, A.A_PAY_FINE), game)
    assert lines == ["Ann paid the $50 fine and is out of Jail"]


def test_the_third_try_pays_the_fine_then_lets_the_player_out() -> None:
    game = new_game()
    jail(game, 0, tries=2)
    lines = describe_all(roll(game, (1, 2)), game)
    assert "Ann did not roll doubles in 3 tries: paid the $50 fine and is out of Jail" in lines
    assert not any("is out of Jail: " in line for line in lines)
    assert sum("fine" in line for line in lines) == 1


def test_the_third_try_short_of_the_fine_does_not_say_it_was_paid() -> None:
    """With $10 the fine is owed, not paid: the player must raise it first (or go bankrupt,
    and then it never is)."""
    game = new_game()
    jail(game, 0, tries=2)
    cash(game, 10, 1500)
    lines = describe_all(roll(game, (1, 2)), game)
    assert game.pending.kind == A.DEBT
    assert "Ann did not roll doubles in 3 tries: owes the $50 fine to leave Jail and must " \
        "raise the cash" in lines
    assert not any("paid" in line for line in lines), lines


def test_the_short_games_one_try_is_said_as_one() -> None:
    game = new_game("nfl", variant="short")
    jail(game, 0)
    lines = describe_all(roll(game, (1, 2)), game)
    assert "Ann did not roll doubles: paid the $50 fine and is out of Jail" in lines


def test_the_release_alone_does_not_claim_the_fine_paid() -> None:
    from monopoly_tui.engine.actions import Event

    game = new_game()
    line = describe(Event("released", player=0, text="fine"), game)
    assert line is not None and "paid" not in line


# ---------------------------------------------------------------- GO


def test_landing_on_go_is_not_passing_it() -> None:
    game = new_game()
    game.st.players[0].position = game.spec.size - 4  # a 4 lands on GO
    lines = describe_all(roll(game, (1, 3)), game)
    assert "Ann moved to GO: $200 salary" in lines
    assert not any("passed GO" in line for line in lines), lines


def test_passing_go_still_says_passed() -> None:
    game = new_game()
    game.st.players[0].position = game.spec.size - 3
    lines = describe_all(roll(game, (2, 3)), game)
    assert "Ann passed GO: $200 salary" in lines
    assert any(line.startswith("Ann moved to ") for line in lines)


def test_the_ring_walk_landing_on_go_is_not_passing_it() -> None:
    game = new_game("lotr")
    game.st.players[0].position = game.spec.size - 5
    lines = describe_all(roll(game, (2, 3)), game)
    assert any(line.startswith("Ann moved to GO: M") for line in lines), lines
    assert not any("passed GO" in line for line in lines), lines


# ---------------------------------------------------------------- the Ring's walk


def _lotr(bearer: int, ring_space: int = -1) -> object:
    from lotr_helpers import lotr

    return lotr(bearer=bearer, ring_space=ring_space)


def test_a_meeting_on_a_space_passed_is_not_said_as_the_move_there() -> None:
    """A bearer passing Bob on Bywater (3) stops there to ask; the move goes on to Sting (5):
    only Sting is "moved to", and each line comes in its order."""
    for answer in (A.A_PASS_BY, A.A_OFFER_RING):
        game = _lotr(bearer=0)
        game.st.players[1].position = 3  # type: ignore[attr-defined]
        first = describe_all(roll(game, (2, 3)), game)  # type: ignore[arg-type]
        assert first[-1] == "Ann reached Bywater on the way, with Bob there", first
        assert not any("moved to" in line for line in first), first
        then = describe_all(act(game, answer, target=1), game)  # type: ignore[arg-type]
        assert then[-1] == "Ann moved to Sting", then
        assert sum("moved to" in line for line in first + then) == 1


def test_a_battle_with_a_bearer_passed_says_the_move_ends_there() -> None:
    game = _lotr(bearer=1)
    game.st.players[1].position = 3  # type: ignore[attr-defined]
    first = describe_all(roll(game, (2, 3)), game)  # type: ignore[arg-type]
    assert first[-1] == "Ann reached Bywater on the way, with Bob there bearing the Ring"
    then = describe_all(act(game, A.A_BATTLE, target=1), game)  # type: ignore[arg-type]
    assert then[0] == "Ann stopped on Bywater to battle Bob for the Ring", then
    assert then[1].startswith("Ann and Bob battle for the Ring: ")
    assert not any("moved to" in line for line in then), then


def test_the_ring_found_where_the_move_ends_is_told_after_the_move() -> None:
    game = _lotr(bearer=-1, ring_space=5)
    lines = describe_all(roll(game, (2, 3)), game)  # type: ignore[arg-type]
    assert lines == ["Ann rolled 2 + 3 = 5",
                     "Ann moved to Sting, found the Ring lying there and took it"]


def test_the_ring_found_on_the_way_is_told_before_the_move_ends() -> None:
    game = _lotr(bearer=-1, ring_space=3)
    lines = describe_all(roll(game, (2, 3)), game)  # type: ignore[arg-type]
    assert lines[-2:] == ["Ann found the Ring lying on Bywater and took it",
                          "Ann moved to Sting"]


def test_the_ring_found_on_go_keeps_the_salary_line() -> None:
    """Found on GO, where Bob and Cid stand: the new bearer meets them there (and may offer
    them the Ring), said after the find, in one line with the move."""
    game = _lotr(bearer=-1, ring_space=0)
    size = game.spec.size  # type: ignore[attr-defined]
    game.st.players[0].position = size - 5  # type: ignore[attr-defined]
    lines = describe_all(roll(game, (2, 3)), game)  # type: ignore[arg-type]
    assert any("salary" in line for line in lines), lines
    assert lines[-1].startswith("Ann moved to GO"), lines
    assert lines[-1].endswith(", found the Ring lying there and took it, with Bob and Cid "
                              "there"), lines


# ---------------------------------------------------------------- articles


def test_articles_come_from_the_editions_words() -> None:
    lotr = new_game("lotr")
    assert building_words(lotr, "house") == "an Outpost"
    assert building_words(lotr, "hotel") == "a Fortress"
    assert building_words(new_game("got"), "hotel") == "a Keep"
    nfl = new_game("nfl")
    assert describe_all([_paid_card(nfl, "chance")], nfl) == ["Ann paid $15 (AFC)"]
    from monopoly_tui.engine.describe import reason_text

    chance = next(d.index for d in nfl.spec.decks if d.id == "chance")
    assert reason_text(nfl, "card", chance) == "an AFC card"
    got = new_game("got")
    chest = next(d.index for d in got.spec.decks if d.id == "community-chest")
    assert reason_text(got, "card", chest) == "an Iron Throne card"
    assert reason_text(new_game(), "card", 0) == "a Chance card"


def _paid_card(game: object, deck_id: str) -> object:
    from monopoly_tui.engine.actions import Event

    g: object = game
    decks = g.spec.decks  # type: ignore[attr-defined]
    index = next(d.index for d in decks if d.id == deck_id)
    return Event("paid", player=0, amount=15, text="card", card=(index, -1))


def test_building_an_outpost_says_an() -> None:
    game = new_game("lotr")
    first = game.spec.groups[0]
    for d in first.deeds:
        game.st.owner[d] = 0
    build = next(a for a in game.legal_actions(0) if a.kind == A.A_BUILD)
    lines = describe_all(game.act(build), game)
    assert lines == [f"Ann built an Outpost on {game.spec.deeds[build.target].name} "
                     "(now 1 Outpost)"]


# ---------------------------------------------------------------- deeds and auctions


def test_winning_an_auction_is_one_line() -> None:
    game = new_game()
    place(game, 0, "go")
    events = roll(game, (1, 2))  # Baltic Avenue
    assert game.pending.kind == A.BUY
    act(game, A.A_AUCTION)
    act(game, A.A_BID, amount=10)  # Ann bids
    events = act(game, A.A_DROP)  # Bob drops: Ann wins and pays
    lines = describe_all(events, game)
    assert lines.count("Ann won Baltic Avenue at auction for $10") == 1
    assert not any("paid" in line for line in lines), lines


def test_declining_says_the_auction_in_the_same_line() -> None:
    game = new_game()
    place(game, 0, "go")
    roll(game, (1, 2))
    lines = describe_all(act(game, A.A_AUCTION), game)
    assert lines == ["Ann did not buy Baltic Avenue: it goes to auction"]


# ---------------------------------------------------------------- trades


def test_a_trade_says_what_changed_hands() -> None:
    game = new_game()
    give(game, 0, "boardwalk")
    give(game, 1, "park-place")
    offer = TradeOffer(0, 1, give_deeds=(deed(game, "boardwalk"),), give_cash=100,
                       take_deeds=(deed(game, "park-place"),))
    proposed = describe_all(act(game, A.A_PROPOSE, player=0, trade=offer), game)
    assert proposed == ["Ann offered Bob Boardwalk and $100 for Park Place"]
    accepted = describe_all(act(game, A.A_ACCEPT, player=1), game)
    assert accepted == ["Bob accepted Ann's trade: Boardwalk and $100 to Bob, Park Place to Ann"]


def test_a_trade_of_a_card_for_cash() -> None:
    game = new_game()
    game.st.players[1].cards.append((0, 0))
    offer = TradeOffer(0, 1, give_cash=50, take_cards=1)
    act(game, A.A_PROPOSE, player=0, trade=offer)
    accepted = describe_all(act(game, A.A_ACCEPT, player=1), game)
    assert accepted == [
        "Bob accepted Ann's trade: $50 to Bob, a Get Out of Jail Free card to Ann"
    ]


def test_a_trade_with_nothing_on_one_side_says_it_was_for_nothing() -> None:
    """A deed handed over for nothing reads as a gift, not "nothing to Ann"."""
    game = new_game()
    give(game, 1, "park-place")
    offer = TradeOffer(0, 1, take_deeds=(deed(game, "park-place"),))
    assert describe_all(act(game, A.A_PROPOSE, player=0, trade=offer), game) == [
        "Ann offered Bob nothing for Park Place"]
    assert describe_all(act(game, A.A_ACCEPT, player=1), game) == [
        "Bob accepted Ann's trade: Park Place to Ann for nothing"]
    give(game, 0, "boardwalk")
    offer = TradeOffer(0, 1, give_deeds=(deed(game, "boardwalk"),))
    act(game, A.A_PROPOSE, player=0, trade=offer)
    assert describe_all(act(game, A.A_ACCEPT, player=1), game) == [
        "Bob accepted Ann's trade: Boardwalk to Bob for nothing"]


# ---------------------------------------------------------------- replay


def test_replay_names_the_tax_space_not_a_deed() -> None:
    game = new_game("nfl")
    tax = space(game, "income-tax")
    text = action_text(A.Action(A.A_TAX_PERCENT, 0, tax), game)
    sp = game.spec.spaces[tax]
    assert text == f"Ann: pay {sp.tax_percent}% of everything owned for {sp.name}"
    assert game.spec.deeds[tax].name not in text


def test_a_card_space_says_its_deck_with_the_right_article() -> None:
    import io

    from rich.console import Console

    from monopoly_tui.ui.render import space_card

    game = new_game("got")
    chest = space(game, "community-chest-1")
    console = Console(width=60, file=io.StringIO(), record=True, color_system=None)
    console.print(space_card(game, chest, width=50))
    text = console.export_text()
    assert "Draw an Iron Throne card." in text
    assert "a The Iron Throne" not in text
