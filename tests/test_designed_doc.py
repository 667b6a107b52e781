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
