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
