"""Each edition's Rules tab, read against its rulebook (issue 33, item 1): the clauses its
rulebook requires are there, and classic's words where the edition differs are not. Built from
``rules_summary`` of the shipped rulesets."""

from __future__ import annotations

from monopoly_tui.rules import load_spec
from monopoly_tui.ui.help import rules_summary


def _tab(edition: str) -> str:
    return rules_summary(load_spec(edition))


def _bullet(text: str, head: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(f"- **{head}**"))


def test_dnd_rules_tab_says_gold_decides_the_winner() -> None:
    """"Now count up your gold. The player with the most wins!": the house rules that call
    the game early (the rounds, the hour) end it the same way, not "the richest wins"."""
    text = _tab("dnd")
    assert "richest" not in text, text
    for head in ("Turn limit", "End at a clock time"):
        assert "collects their locations' tax as at the end, and the most gold wins" in \
            _bullet(text, head)
    assert "the most gold wins" in _bullet(text, "The end")


def test_dnd_rules_tab_has_no_classic_buying_building_mortgage_or_bankruptcy() -> None:
    text = _tab("dnd")
    for wrong in ("- **Buying**", "- **Building**", "- **Mortgages**", "- **Bankruptcy**",
                  "houses", "hotel", "mortgage", "auction"):
        assert wrong not in text, wrong


def test_lge_rules_tab_says_versions_buy_outs_and_three_gos() -> None:
    """"When you own Boardwalk, you automatically own Boardwalk 2 and Boardwalk 3"; "forcing
    you to sell it to them for rent plus M10 ... Even if it's in a color set or has a building";
    "You may not buy a mortgaged property"; "When you pass or land on a GO space"."""
    text = _tab("lge")
    versions = _bullet(text, "Versions")
    assert "(Boardwalk, Boardwalk 2, Boardwalk 3): buying it buys them all" in versions
    assert "only a lander on that version pays the rent with it" in versions
    buy_out = _bullet(text, "Buy out")
    assert "for that rent plus M10, and the owner must sell" in buy_out
    assert "never a Title Deed under mortgage" in buy_out
    assert "any of the 3 GO spaces" in _bullet(text, "GO")


def test_lge_rules_tab_names_each_tax_once_and_the_pots_m500() -> None:
    """Three of each tax were listed three times; "put M500 in the middle ... Then take M500
    from the Bank, and place that in the middle"; the jail fine does not go in the middle."""
    text = _tab("lge")
    assert _bullet(text, "Taxes") == \
        "- **Taxes**: Income Tax: M200 (3 spaces); Luxury Tax: M100 (3 spaces)."
    pot = _bullet(text, "Free Parking jackpot")
    assert "puts M500 in it at the start and again each time it is taken" in pot
    assert "(not the Jail fine)" in pot


def test_lge_rules_tab_jail_is_left_by_paying_or_a_card_with_no_dice() -> None:
    """"You have two options": pay M50 at the start of your next turn, or a card; no dice."""
    jail = _bullet(_tab("lge"), "Jail")
    assert "pay M50 at the start of your next turn or use a Get Out of Jail Free card, then " \
        "roll and move" in jail
    assert "doubles" not in jail


def test_lge_rules_tab_says_only_owning_everything_wins() -> None:
    text = _tab("lge")
    assert "only when one player owns every Title Deed" in _bullet(text, "The end")
    assert "you stay in the game with nothing" in _bullet(text, "Bankruptcy")
    assert "auction" not in text


def test_lotr_rules_tab_says_the_most_money_wins_at_mount_doom_with_the_payout() -> None:
    """"All players collect rent from the Bank for each of their properties: double for a
    color set, the Outposts' or Fortress's rent", and "The player with the most wins"."""
    text = _tab("lotr")
    assert "the Ring reaches Mount Doom" in _bullet(text, "The end")
    assert "the most money wins" in _bullet(text, "The end")
    tracker = _bullet(text, "Ring Tracker")
    assert "every player collects from the Bank the rent of each of their Title Deeds not " \
        "under mortgage (double for a whole colour group, with its Outposts or Fortress" in tracker
    assert "32 Outposts and 12 Fortresses" in _bullet(text, "Building")


def test_lotr_rules_tab_names_the_rulebooks_owner_must_ask() -> None:
    """"the owner must ask you for rent ... before the next player rolls": an option, which
    the Rent clause points to and the tab lists."""
    text = _tab("lotr")
    assert "the rulebook has the owner ask for it: an option, below" in _bullet(text, "Rent")
    assert "### As the rulebook prints it (chosen at setup)" in text
    assert "- **Owners must ask for rent (as printed)**" in text


def test_got_rules_tab_says_villages_keeps_and_the_owner_must_ask_option() -> None:
    text = _tab("got")
    assert "32 Villages and 12 Keeps" in _bullet(text, "Building")
    assert "house" not in _bullet(text, "Building").lower()
    assert "- **Owners must ask for rent (as printed)**" in text
    assert "the last player not bankrupt wins" in _bullet(text, "The end")


def test_nfl_rules_tab_has_the_coin_flip_and_the_time_limit_game() -> None:
    """"flip 'Heads or Tails' ... the winner of that flip flips against the next player"; the
    time limit game: "the richest player will be declared the winner"."""
    text = _tab("nfl")
    assert "flip a coin; the winner flips against the next player" in _bullet(text, "Who starts")
    assert "- **Time limit game**" in text
    assert "seating sections and 12 stadiums" in _bullet(text, "Building")
    assert "- **Owners must ask for rent (as printed)**" in text


def test_classic_rules_tab_keeps_the_standard_rules() -> None:
    text = _tab("classic")
    for kept in ("- **Buying**", "32 houses and 12 hotels", "- **Mortgages**",
                 "which auctions the deeds", "the last player not bankrupt wins",
                 "before rolling on one of your first 2 turns there"):
        assert kept in text, kept
    assert "- **Owners must ask for rent (as printed)**" in text


async def test_the_help_opens_on_lotr_rules_tab_in_its_own_words() -> None:
    """The help's Rules tab of a non-classic edition, opened as a player does (``?``, then the
    Rules tab), shows that edition's clauses."""
    from driver import settle
    from textual.widgets import Markdown, TabbedContent

    from monopoly_tui.ui.app import MonopolyApp
    from monopoly_tui.ui.help import HelpScreen

    app = MonopolyApp(seed=1, pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        await app.push_screen(HelpScreen(edition="lotr", tab="rules"))
        await settle(pilot)
        assert app.screen.query_one(TabbedContent).active == "rules"
        md = app.screen.query_one("#rules-md", Markdown)
        text = md.source
        assert "## The Lord of the Rings" in text
        assert "the most money wins" in text and "32 Outposts" in text
        assert "32 houses" not in text
