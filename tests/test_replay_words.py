"""``monopoly-tui replay`` says every decision in the edition's words (issue 33, item 5): it
labelled a Portal by the deed with the space's number ("go through portal Gauntlgrym", then
"went through the Portal to Neverwinter"), an Item card by a deed ("use item Phandalin" for
the Hither-Thither Staff) and showed internals ("go through portal #31", "propose trade
({'proposer': 0, ...})"). A game of each edition, played by a seeded random driver and saved,
is replayed by the command, and each decision's label is checked against the event that
follows it."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest

from monopoly_tui import cli
from monopoly_tui.engine import actions as A
from monopoly_tui.engine.actions import Action
from monopoly_tui.engine.describe import action_words
from monopoly_tui.engine.game import Game
from monopoly_tui.engine.mechanics.dnd_checks import A_USE_ITEM
from monopoly_tui.engine.mechanics.dnd_dungeon_master import dm_choice
from monopoly_tui.engine.mechanics.dnd_portals import A_GO_THROUGH
from monopoly_tui.engine.state import TradeOffer
from monopoly_tui.rules import load_spec
from monopoly_tui.saves import export_game, new_meta, release, save_game

EDITIONS = ["classic", "dnd", "got", "lge", "lotr", "nfl"]
NAMES = ["Ann", "Bob", "Cid", "Dee"]


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MONOPOLY_TUI_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path / "user-rulesets"))


def offer_of(game: Game, p: int, r: random.Random) -> TradeOffer | None:
    """A small legal trade from ``p`` to another player: a deed or cash each way."""
    st = game.st
    others = [q for q, pl in enumerate(st.players) if q != p and not pl.bankrupt]
    if not others:
        return None
    q = r.choice(others)

    def bare(who: int) -> list[int]:
        return [d.index for d in game.spec.deeds if st.owner[d.index] == who
                and not any(st.buildings[g] for g in game.spec.groups[d.group].deeds)]

    give, take = bare(p), bare(q)
    offer = TradeOffer(p, q, give_deeds=tuple(r.sample(give, min(len(give), 1))),
                       take_deeds=tuple(r.sample(take, min(len(take), r.randint(0, 1)))),
                       give_cash=r.randint(0, min(st.players[p].cash, 50)) // 10 * 10)
    return offer if game.trade_problem(offer) == "" else None


def choose(game: Game, r: random.Random) -> Action:
    """A seeded random legal choice; now and then a trade offered, a Portal's farthest
    location, an Item card used where one may be."""
    pend = game.pending
    p = pend.player
    if pend.kind in (A.ROLL, A.END_TURN) and r.random() < 0.05:
        offer = offer_of(game, p, r)
        if offer is not None:
            return Action(A.A_PROPOSE, p, trade=offer)
    items = [a for a in pend.choices if a.kind == A_USE_ITEM]
    if items and r.random() < 0.8:
        return r.choice(items)
    extras = [a for a in game.legal_actions(p) if a.kind in A.ANYTIME]
    if extras and (not pend.choices or r.random() < 0.05):
        return r.choice(extras)
    pick = r.choice(pend.choices)
    if pick.kind == A.A_BID:
        lo = game.min_bid()
        pick = dataclasses.replace(pick, amount=min(game.max_bid(p), lo + 20))
    return pick


def replayed(edition: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
             decisions: int = 1500) -> tuple[Game, list[str]]:
    """A game of ``edition`` (D&D with every Dungeon Master card) played ``decisions`` deep,
    saved, exported and told again by ``monopoly-tui replay``: the game and the lines."""
    spec = load_spec(edition)
    n = max(spec.players_min, min(3, spec.players_max))
    setup = {"dungeon_master": dm_choice(spec, "all", 5)} if "dungeon_master" in \
        spec.mechanics else None
    game = Game.new(spec, [(NAMES[i], spec.tokens[i]) for i in range(n)], seed=5, setup=setup)
    r = random.Random(11)
    while not game.over and len(game.history) < decisions:
        game.act(choose(game, r))
    meta = new_meta(game, saves_dir=tmp_path / "saves")
    save_game(game, "told", meta)
    release(meta)
    path = export_game("told", tmp_path / "told.json", tmp_path / "saves")
    capsys.readouterr()
    assert cli.main(["replay", str(path)]) == 0
    return game, capsys.readouterr().out.splitlines()[1:]


def decisions_of(game: Game, lines: list[str]) -> list[tuple[Action, str, list[str]]]:
    """Each decision of the game with its line (without '#N Name: ') and its events' lines."""
    out: list[tuple[Action, str, list[str]]] = []
    for line in lines:
        m = re.match(r"#(\d+) ", line)
        if m:
            n = int(m.group(1))
            action = game.history[n - 1]
            who = game.st.players[action.player].name
            assert line.startswith(f"#{n} {who}: "), line
            out.append((action, line[len(f"#{n} {who}: "):], []))
        elif out:
            out[-1][2].append(line.strip())
    assert len(out) == len(game.history)
    return out


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_decision_of_a_replay_is_said_in_words_not_internals(
    edition: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    game, lines = replayed(edition, tmp_path, capsys)
    told = decisions_of(game, lines)
    for action, label, _ in told:
        assert "#" not in label and "{" not in label and "'proposer'" not in label, label
        assert "_" not in label, label  # no kind's own name ('go_through_portal')
        assert label, action
    kinds = {action.kind for action, _, _ in told}
    assert A.A_PROPOSE in kinds, "the driver offered no trade"
    for action, label, events in told:
        if action.kind == A.A_PROPOSE:
            assert action.trade is not None
            partner = game.st.players[action.trade.partner].name
            assert label.startswith(f"propose a trade to {partner}: "), label
            goods = label.split(": ", 1)[1]
            proposer = game.st.players[action.player].name
            assert f"{proposer} offered {partner} {goods}" in events, (label, events)


def test_a_dnd_replay_names_the_portals_location_and_the_item_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """A Portal's decision names the location gone to, the one its event names next; an
    Item card's names the card, the one its event says was used."""
    game, lines = replayed("dnd", tmp_path, capsys, decisions=2500)
    told = decisions_of(game, lines)
    v = game.spec.vocab
    portals = [(label, events) for a, label, events in told if a.kind == A_GO_THROUGH]
    items = [(label, events) for a, label, events in told if a.kind == A_USE_ITEM]
    assert portals and items, "the game went through no Portal or used no Item card"
    for label, events in portals:
        m = re.fullmatch(rf"go through the {re.escape(v.portal)} to (.+)", label)
        assert m, label
        assert any(e.endswith(f"went through the {v.portal} to {m.group(1)}")
                   for e in events), (label, events)
    for label, events in items:
        m = re.fullmatch(rf"use the {re.escape(v.item)} (.+) on the roll", label)
        assert m, label
        assert any(f"used {m.group(1)}: the roll counts" in e for e in events), (label, events)


def test_the_mechanics_choices_have_words_of_their_own() -> None:
    """Every choice a D&D or a Ring game offers is said by a describer, not by its kind."""
    spec = load_spec("dnd")
    game = Game.new(spec, [("Ann", spec.tokens[0]), ("Bob", spec.tokens[1])], seed=2)
    r = random.Random(3)
    seen: set[str] = set()
    while not game.over and len(game.history) < 3000:
        for a in game.pending.choices:
            words = action_words(game, a)
            assert words != a.kind.replace("_", " ") or a.kind in {"roll", "bid"}, words
            assert "_" not in words and "#" not in words, words
            seen.add(a.kind)
        game.act(choose(game, r))
    assert {"pay_to_secure", "roll_to_secure", "go_through_portal", "use_item",
            "no_item"} <= seen
