"""What the arena's docs and notebook 08 say of its defaults is what ``arena`` does."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

from tabletop.arena import arena

ROOT = Path(__file__).parent.parent


def markdown(notebook: str) -> str:
    cells = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))["cells"]
    return " ".join("".join(c["source"]).replace("\n", " ") for c in cells
                    if c["cell_type"] == "markdown")


def test_the_errors_default_is_told_as_it_is():
    default = inspect.signature(arena).parameters["errors"].default
    assert default == "forfeit"
    text = markdown("08-tournaments.ipynb")
    assert f'`errors="{default}"` is the default' in text
    assert "by default its exception stops" not in text
    docs = (ROOT / "docs" / "arena.md").read_text(encoding="utf-8").replace("\n", " ")
    assert f'With `errors="{default}"` (the default)' in docs
