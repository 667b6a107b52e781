"""Rulesets whose every value has the right shape but that would hang or break the engine
(issue 18) are refused by ``validate``, each problem at its line; odd files are refused
quickly; and errors always come with a line and a column."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from monopoly_tui import cli
from monopoly_tui.rules.loader import (
    MAX_RULESET_BYTES,
    RulesetError,
    builtin_dir,
    load_ruleset,
    scan_editions,
)

CLASSIC = (builtin_dir() / "classic.yaml").read_text()


def variant_of_classic(tmp_path: Path, *changes: tuple[str, str], name: str = "bad") -> Path:
    text = CLASSIC.replace("id: classic\n", f"id: {name}\n", 1)
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


BREAKERS = [
    ("a move_by of a billion", ("steps: -3}", "steps: 1000000000}"), "steps: 1000000000",
     "effect.steps", "1000000000 steps"),
    ("a card that moves by 0", ("steps: -3}", "steps: 0}"), "steps: 0}", "effect.steps",
     "0 steps"),
    ("a card that moves a whole lap", ("steps: -3}", "steps: 40}"), "steps: 40}",
     "effect.steps", "40 steps"),
    ("a card that moves back a billion", ("steps: -3}", "steps: -1000000000}"),
     "steps: -1000000000", "effect.steps", "-1000000000 steps"),
    ("a die face of a billion", ("starting_money: 1500\n",
                                 "starting_money: 1500\ndice: {faces: [1, 2, 1000000000]}\n"),
     "dice: {faces", "dice.faces.2", "more than the board's 40 spaces"),
    ("every die face equal", ("starting_money: 1500\n",
                              "starting_money: 1500\ndice: {faces: [3, 3, 3]}\n"),
     "dice: {faces", "dice.faces", "always tie"),
    ("a deal that leaves negative cash", ("  jail_fine: 50\n",
                                          "  jail_fine: 50\n  deal_deeds: 6\n"
                                          "  dealt_deeds_paid: true\n"),
     "deal_deeds: 6", "rules.deal_deeds", "start in debt"),
    ("duplicate tokens", ("tokens: [Thimble, Wheelbarrow,", "tokens: [Thimble, Thimble,"),
     "tokens: [Thimble, Thimble", "tokens.1", "listed twice"),
]


@pytest.mark.parametrize(("what", "change", "line_text", "field", "words"), BREAKERS,
                         ids=[b[0] for b in BREAKERS])
def test_validate_refuses_a_ruleset_that_would_break_the_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], what: str, change: tuple[str, str],
    line_text: str, field: str, words: str,
) -> None:
    path = variant_of_classic(tmp_path, change)
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    problem = next(p for p in err.value.problems if words in p.message)
    assert problem.path.endswith(field), problem
    assert problem.line == line_of(path, line_text), problem
    assert cli.main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:{problem.line}:" in out and words in out


def test_no_jail_space_is_refused_where_a_player_would_be_sent_there(tmp_path: Path) -> None:
    path = variant_of_classic(
        tmp_path,
        ("type: jail, name: Jail / Just Visiting", "type: free_parking, name: Rest"),
        ("type: go_to_jail, name: Go to Jail", "type: free_parking, name: Nap"),
    )
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    messages = {p.path: p for p in err.value.problems}
    assert "rules.doubles_to_jail" in messages
    assert any(p.endswith("effect.type") and "no jail space" in m.message
               for p, m in messages.items())
    assert all(m.line is not None for m in messages.values())


def test_a_reskin_with_a_misspelt_space_id_names_the_space(tmp_path: Path) -> None:
    path = tmp_path / "reskin.yaml"
    path.write_text("id: reskin\nname: Reskin\nextends: classic\nspaces:\n"
                    "  - id: mediteranean\n    name: Old Kent Road\n")
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    (problem,) = err.value.problems
    assert "classic has no space 'mediteranean'" in problem.message
    assert "did you mean 'mediterranean'" in problem.message
    assert (problem.line, problem.col) == (5, 9)


def test_odd_and_huge_ruleset_files_are_refused_quickly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as f:
        f.write(b"id: huge\nname: Huge\n")
        f.truncate(20_000_000)
    with pytest.raises(RulesetError, match="a ruleset is at most"):
        load_ruleset(huge)
    os.mkfifo(tmp_path / "pipe.yaml")
    with pytest.raises(RulesetError, match="pipe, a device"):
        load_ruleset(tmp_path / "pipe.yaml")
    os.symlink("/dev/zero", tmp_path / "zero.yaml")
    with pytest.raises(RulesetError, match="pipe, a device"):
        load_ruleset(tmp_path / "zero.yaml")
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(tmp_path))
    scan = scan_editions()  # the editions scan (the new game screen's) skips them all
    assert [e.id for e in scan.editions] == ["classic", "dnd", "got", "lge", "lotr", "nfl"]
    assert any("at most" in str(b.error) for b in scan.broken)
    assert MAX_RULESET_BYTES < 20_000_000


def test_yaml_errors_without_a_mark_get_a_line_and_column(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    bell = tmp_path / "bell.yaml"
    bell.write_bytes(b"id: bell\nname: \x07ring\n")
    with pytest.raises(RulesetError) as err:
        load_ruleset(bell)
    (problem,) = err.value.problems
    assert (problem.line, problem.col) == (2, 7)
    assert "control character 0x07" in problem.message and "position" not in problem.message
    monkeypatch.setattr("monopoly_tui.rules.loader._MAX_VALUES", 1000)  # the file stays small
    many = tmp_path / "many.yaml"
    many.write_text("id: many\nname: Many\nnotes:\n" + "".join(f"  - n{i}\n"
                                                              for i in range(1001)))
    with pytest.raises(RulesetError) as err:
        load_ruleset(many)
    (problem,) = err.value.problems
    assert problem.line is not None and problem.col is not None
    assert "alias" not in problem.message and "a ruleset has a few thousand" in problem.message


# ------------------------------------------------ what the engine can hold (issue 33, item 12)


def dnd_with_deck(tmp_path: Path, cards: int, copies: int = 1, name: str = "bigdnd") -> Path:
    """A user edition built on D&D whose Magic & Mystery deck is ``cards`` monsters of
    ``copies`` copies each (a monster's card rides on its check packed with its deck)."""
    lines = [f"id: {name}", f"name: {name}", "extends: dnd", "decks:", "  - id: magic-mystery",
             "    cards:"]
    for i in range(cards):
        lines += [f'      - text: "Goblin {i}. Roll the red die: 10 or more, you win."',
                  "        effect: {type: monster, target: 10, lose: {type: pay, amount: 10}}"]
        if copies > 1:
            lines.append(f"        copies: {copies}")
    path = tmp_path / f"{name}.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_a_deck_over_what_the_engine_holds_is_refused_at_the_card_that_goes_over(
    tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """A D&D deck of more than 1,000 cards validated, then every game crashed (IndexError)
    when a monster past the 1,000th was fought: ``validate`` refuses it, at the card."""
    from monopoly_tui.engine.spec import MAX_DECK_CARDS

    path = dnd_with_deck(tmp_path, MAX_DECK_CARDS + 1)
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    (problem,) = err.value.problems
    assert problem.file == str(path)
    assert problem.path == f"decks.0.cards.{MAX_DECK_CARDS - 2}"  # with D&D's 2 DM monsters
    assert problem.line == line_of(path, f"Goblin {MAX_DECK_CARDS - 2}.")
    assert "'magic-mystery' holds 1,001 cards" in problem.message
    assert "2 Dungeon Master monsters" in problem.message and "at most 1,000" in problem.message
    assert cli.main(["validate", str(path)]) == 1
    assert f"{path}:{problem.line}:" in capsys.readouterr().out


def test_copies_and_the_dungeon_masters_monsters_count_towards_a_deck(tmp_path: Path) -> None:
    from monopoly_tui.engine.spec import MAX_DECK_CARDS

    # 125 cards of 8 copies: 1,000 alone, over with the two Dungeon Master monsters
    path = dnd_with_deck(tmp_path, MAX_DECK_CARDS // 8, copies=8)
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    (problem,) = err.value.problems
    assert problem.path == f"decks.0.cards.{MAX_DECK_CARDS // 8 - 1}"  # 2 + 124 * 8 + 8
    assert "holds 1,000 cards, and the 2 Dungeon Master monsters" in problem.message
    # at the limit: games with every Dungeon Master card fight monsters up to the last card
    from monopoly_tui.rules.compile import compile_ruleset
    from monopoly_tui.simulate import play_game

    fits = dnd_with_deck(tmp_path, MAX_DECK_CARDS - 2, name="fits")
    rs = load_ruleset(fits)
    assert sum(c.copies for c in rs.decks[0].cards) + 2 == MAX_DECK_CARDS
    spec = compile_ruleset(rs)
    for seed in range(3):
        _, failure = play_game(spec, ["basic", "basic", "basic"], seed, dm="all",
                               max_turns=150)
        assert failure is None, failure


def test_the_last_card_of_a_full_deck_is_fought_as_itself() -> None:
    """The code a monster rides on its check with reads back as the same deck and card up to
    the last card a deck may hold."""
    from monopoly_tui.engine.mechanics.dnd_cards import CARD_STRIDE, card_code
    from monopoly_tui.engine.spec import MAX_DECK_CARDS

    for deck in (0, 1, 7):
        for card in (0, MAX_DECK_CARDS - 1):
            assert divmod(card_code(deck, card), CARD_STRIDE) == (deck, card)


def test_a_board_over_what_the_engine_holds_is_refused_at_the_space_that_goes_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bots key their shared choices by the target in 16 bits: a board of more spaces is
    refused (shown here with the bound lowered to classic's 39, so the file stays small)."""
    monkeypatch.setattr("monopoly_tui.rules.models.MAX_SPACES", 39)
    path = variant_of_classic(tmp_path)
    with pytest.raises(RulesetError) as err:
        load_ruleset(path)
    (problem,) = err.value.problems
    assert problem.path == "spaces.39"
    assert problem.line == line_of(path, "id: boardwalk")
    assert "the board has 40 spaces; the engine holds at most 39" in problem.message


def chain_of(folder: Path, files: int, prefix: str = "c") -> list[Path]:
    """``files`` user editions, each extending the one before, the first extending classic."""
    folder.mkdir(exist_ok=True)
    paths = []
    for i in range(1, files + 1):
        base = "classic" if i == 1 else f"{prefix}{i - 1}"
        path = folder / f"{prefix}{i}.yaml"
        path.write_text(f"id: {prefix}{i}\nname: {prefix.upper()}{i}\nextends: {base}\n")
        paths.append(path)
    return paths


def test_a_long_extends_chain_is_refused_at_its_first_file_never_recursion_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    """An extends chain of 700 files gave RecursionError in ``validate`` and ``editions``:
    a chain longer than ``MAX_EXTENDS_CHAIN`` files is refused at the extends of the file
    validated, naming the files it passes through; one of that many files loads."""
    from monopoly_tui.rules.loader import MAX_EXTENDS_CHAIN

    folder = tmp_path / "rulesets"
    paths = chain_of(folder, 700)
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(folder))
    with pytest.raises(RulesetError) as err:
        load_ruleset(paths[-1])
    (problem,) = err.value.problems
    assert (problem.file, problem.line, problem.col, problem.path) == (
        str(paths[-1]), 3, 10, "extends")
    assert problem.message.startswith(
        f"extends chain longer than {MAX_EXTENDS_CHAIN} files: 'c700' (c700.yaml) → "
        "'c699' (c699.yaml)")
    assert f"builds on at most {MAX_EXTENDS_CHAIN - 1} others" in problem.message
    # classic and c1 .. c31: as long as a chain may be
    assert load_ruleset(paths[MAX_EXTENDS_CHAIN - 2]).id == f"c{MAX_EXTENDS_CHAIN - 1}"
    with pytest.raises(RulesetError, match="extends chain longer than"):
        load_ruleset(paths[MAX_EXTENDS_CHAIN - 1])
    assert cli.main(["validate", str(paths[-1])]) == 1
    assert "extends chain longer than" in capsys.readouterr().out
    scan = scan_editions()  # in file-name order: c1, c10, c100, ... each resolved once
    assert {e.id for e in scan.editions} >= {f"c{i}" for i in range(1, MAX_EXTENDS_CHAIN)}
    assert len(scan.broken) == 700 - (MAX_EXTENDS_CHAIN - 1)
    assert all("extends chain longer than" in str(b.error) for b in scan.broken)
    assert cli.main(["editions"]) == 0
    capsys.readouterr()


def test_a_long_chain_found_from_its_deepest_file_first_is_refused_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The editions scan resolving the deepest file first (its name sorts first) and the
    others after, each reaching files already resolved: every one too long is refused."""
    from monopoly_tui.rules.loader import MAX_EXTENDS_CHAIN

    folder = tmp_path / "rulesets"
    folder.mkdir()
    for i in range(1, 101):  # a100 extends a99 ... a1 extends classic; z<i> files sort last
        base = "classic" if i == 1 else f"a{i - 1}"
        name = f"a{i:03d}" if i % 2 else f"z{i:03d}"
        (folder / f"{name}.yaml").write_text(f"id: a{i}\nname: A{i}\nextends: {base}\n")
    monkeypatch.setenv("MONOPOLY_TUI_RULESETS", str(folder))
    scan = scan_editions()
    assert sorted(int(e.id[1:]) for e in scan.editions if e.id.startswith("a")) == list(
        range(1, MAX_EXTENDS_CHAIN))
    assert len(scan.broken) == 100 - (MAX_EXTENDS_CHAIN - 1)
