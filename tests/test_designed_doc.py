"""docs/designed-values.md lists every designed value of every built-in edition."""

from pathlib import Path

from monopoly_tui.rules.designed import designed_markdown, designed_values
from monopoly_tui.rules.loader import load_edition

DOC = Path(__file__).parents[1] / "docs" / "designed-values.md"


def test_designed_values_doc_is_up_to_date() -> None:
    """Regenerate with: monopoly-tui designed > docs/designed-values.md"""
    assert DOC.read_text(encoding="utf-8") == designed_markdown()


def test_nfl_team_placements_are_marked_designed() -> None:
    values = designed_values(load_edition("nfl"))
    paths = {v.path for v in values}
    assert "spaces.1" in paths  # the cheapest street's team
    assert all(v.reason for v in values)


def test_an_editions_designed_notes_are_listed_even_with_no_designed_value() -> None:
    """Issue 28, item 4: classic marks no value designed, but its notes hold three designed
    readings (the auction's order, the shortage auction's opening, the rounding): the document
    lists them under classic instead of saying 'Nothing designed'."""
    doc = designed_markdown()
    classic = doc.split("## Classic (`classic`)", 1)[1].split("\n## ", 1)[0]
    assert "Nothing designed" not in classic
    notes = [n for n in load_edition("classic").notes if n.startswith("Designed")]
    assert len(notes) == 3
    for note in notes:
        assert f"- {note}" in classic
