"""Odd input in the app (issue 18): ruleset words and names that look like markup are shown
as they are, and keys pressed after leaving the results screen do nothing."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from driver import new_session, settle, started
from rich.console import Console

from monopoly_tui import rules as rules_pkg
from monopoly_tui.engine.game import Game
from monopoly_tui.rules.loader import builtin_dir
from monopoly_tui.ui.render import deed_card, space_card
from monopoly_tui.ui.results import ResultsScreen, ranking_table


def shown(renderable: object) -> str:
    console = Console(width=100, file=io.StringIO(), record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_deed_card_and_results_show_ruleset_words_as_they_are(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = (builtin_dir() / "classic.yaml").read_text()
    for old, new in (("id: classic\n", "id: markup\n"),
                     ('money_format: "${amount}"', 'money_format: "[/x]{amount}"'),
                     ("name: Mediterranean Avenue", 'name: "[/x] Avenue"'),
                     ("currency: dollars", "currency: \"[b]coins\"")):
        assert old in text
        text = text.replace(old, new, 1)
    (tmp_path / "markup.yaml").write_text(text)
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path))
    rules_pkg.load_spec.cache_clear()
    spec = rules_pkg.load_spec("markup")
    game = Game.new(spec, [("[/y]", spec.tokens[0]), ("Bob", spec.tokens[1])], seed=1)
    card = shown(deed_card(game, 0)) + shown(space_card(game, 1))
    assert "[/x] Avenue" in card and "[/x]60" in card
    from monopoly_tui.ui.session import Seat, Session

    session = Session(game=game, seats=[Seat("[/y]", spec.tokens[0]), Seat("Bob", spec.tokens[1])],
                      edition="markup")
    assert "[/y]" in shown(ranking_table(session))
    rules_pkg.load_spec.cache_clear()


async def test_keys_after_quitting_the_results_screen_do_nothing() -> None:
    s = new_session("classic", [("Ann", True), ("Bob", True)], seed=1)
    async with started(s) as (app, pilot):
        results = ResultsScreen(s)
        app.push_screen(results)
        await settle(pilot)
        # q then n in the same moment: the second key comes before the app has quit
        assert results.check_action("quit", ()) is True
        await results.run_action("quit")
        await results.run_action("new_game")
        assert results.check_action("new_game", ()) is False
        await settle(pilot)
    assert app.return_code == 0
