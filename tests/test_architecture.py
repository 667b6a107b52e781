"""The layers point one way: the engine and the rules never import the UI, and the engine
imports neither pydantic nor YAML and touches no disk."""

import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).parents[1] / "monopoly_tui" / "engine"


def _imported_after(module: str) -> set[str]:
    code = f"import sys, {module}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_engine_imports_no_textual_pydantic_or_yaml() -> None:
    mods = _imported_after("monopoly_tui.engine.game")
    for banned in ("textual", "rich", "pydantic", "yaml"):
        assert banned not in mods, f"the engine imports {banned}"


def test_rules_import_no_textual() -> None:
    mods = _imported_after("monopoly_tui.rules.loader")
    assert "textual" not in mods


def test_engine_source_does_no_io_and_names_no_edition() -> None:
    """No open(), no clock, no edition ids or franchise names in the engine's code."""
    banned = ["open(", "time.time", "datetime", "import os", "pathlib", "lotr", "got", "nfl",
              "Westeros", "Gold Dragons", "Sauron", "Gollum"]
    for path in ENGINE.glob("*.py"):
        text = path.read_text().lower()
        for word in banned:
            w = word.lower()
            if w in ("got", "nfl", "lotr"):
                for quoted in (f'"{w}"', f"'{w}'"):
                    assert quoted not in text, f"{path.name} names edition '{word}'"
            else:
                assert w not in text, f"{path.name} contains '{word}'"
