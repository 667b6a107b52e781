"""Every text from a player or a ruleset is shown as it is, never read as markup (issue 33,
item 11: a player named ``[/x]`` crashed Manage with two humans; a variant or a Dungeon Master
card named ``[/x]`` crashed New game though ``validate`` said ok). Each built-in edition is
copied with ``[/x]`` put in every name, short name, text, description, currency and token it
can (the copy still validates), then played by keys: New game's pages, and a game of two
humans named with markup, whose every screen a key opens."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from driver import new_session, settle, step
from textual.widgets import RadioSet

from monopoly_tui import rules as rules_pkg
from monopoly_tui.rules.loader import builtin_dir
from monopoly_tui.ui.app import MonopolyApp
from monopoly_tui.ui.setup import NewGameScreen

EDITIONS = ["classic", "dnd", "game-of-thrones", "lge", "lotr", "nfl"]
MARK = "[/x]"
KEYS = ("name", "short", "text", "description", "currency", "title")


def _quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + MARK + '"'


def marked(text: str) -> str:
    """A ruleset's text with ``[/x]`` after every word a player reads that it can reach."""
    def block(m: re.Match[str]) -> str:
        value = m.group(3).strip()
        if value.endswith((",", "}")):
            return m.group(0)
        if value[:1] in "\"'":
            value = value[1:-1]
        if m.group(2) == "short":
            value = value[:9]  # a short name has at most 14 characters
        return f"{m.group(1)}{m.group(2)}: {_quoted(value)}"

    text = re.sub(rf"^(\s*(?:- )?)({'|'.join(KEYS)})\s*:\s+(?![|>{{\[])(.+)$", block, text,
                  flags=re.M)
    text = re.sub(r"([{,]\s*)(name|text|description): ([^,{}\"\n\[\]]+?)(\s*[,}])",
                  lambda m: m.group(1) + m.group(2) + ": " + _quoted(m.group(3)) + m.group(4),
                  text)
    return re.sub(r"^tokens: \[(.*)\]$",
                  lambda m: "tokens: [" + ", ".join(_quoted(t.strip().strip('"'))
                                                    for t in m.group(1).split(",")) + "]",
                  text, flags=re.M)


@pytest.fixture
def markup_edition(request: pytest.FixtureRequest, tmp_path: Path,
                   monkeypatch: pytest.MonkeyPatch) -> Any:
    edition = request.param
    text = (builtin_dir() / f"{edition}.yaml").read_text()
    found = re.search(r"^id: (\S+)$", text, flags=re.M)
    assert found is not None
    ident = f"{found.group(1)}-markup"
    text = text.replace(found.group(0), f"id: {ident}", 1)
    folder = tmp_path / "rulesets"
    folder.mkdir()
    (folder / f"{ident}.yaml").write_text(marked(text))
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(folder))
    monkeypatch.setenv("MONOPOLY_TUI_CACHE", "")
    rules_pkg.load_spec.cache_clear()
    spec = rules_pkg.load_spec(ident)
    assert any(MARK in sp.name for sp in spec.spaces) and all(MARK in t for t in spec.tokens)
    yield ident, spec
    rules_pkg.load_spec.cache_clear()


async def _open_and_close(pilot: Any, app: MonopolyApp, keys: str) -> None:
    for key in keys.split():
        before = type(app.screen).__name__
        await pilot.press(key)
        await settle(pilot)
        if type(app.screen).__name__ != before:
            await pilot.press("escape")
            await settle(pilot)


@pytest.mark.parametrize("markup_edition", EDITIONS, indirect=True)
async def test_new_game_shows_a_ruleset_with_markup_as_it_is(markup_edition: Any) -> None:
    edition, spec = markup_edition
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        scr: Any = app.screen
        assert isinstance(scr, NewGameScreen)
        editions = scr.query_one("#editions")
        target = next(i for i in range(editions.option_count)
                      if editions.get_option_at_index(i).id == edition)
        while editions.highlighted != target:
            await pilot.press("down")
        await settle(pilot)
        await pilot.press("ctrl+n")  # the rules page: variants, options, house rules
        await settle(pilot)
        variants = scr.query_one("#variants", RadioSet)
        for _ in spec.variants:  # choose each variant by keys
            variants.focus()
            await pilot.press("down", "space")
            await settle(pilot)
        await pilot.press("ctrl+n")  # the players
        await settle(pilot)
        assert scr.step == "players"
        await pilot.press("ctrl+s")
        await settle(pilot, 6)
        assert type(app.screen).__name__ in ("FirstPlayerScreen", "GameScreen")


@pytest.mark.parametrize("markup_edition", EDITIONS, indirect=True)
async def test_a_game_of_names_with_markup_opens_every_screen(markup_edition: Any) -> None:
    edition, _spec = markup_edition
    s = new_session(edition, [(MARK, True), ("[b]Bob[/b", True), ("[red]", True)], seed=3)
    app = MonopolyApp(pace="instant")
    async with app.run_test(size=(160, 50)) as pilot:
        app.start_session(s)
        await settle(pilot)
        seen: Counter[str] = Counter()
        for turn in range(160):
            # manage, trade, statistics, help and save, now and then between decisions
            if type(app.screen).__name__ == "GameScreen" and turn % 20 == 0:
                await _open_and_close(pilot, app, "m t g question_mark s")
            if not await step(pilot, app, seen):
                break
        await _open_and_close(pilot, app, "m t g question_mark")
        assert seen["GameScreen"] > 0
