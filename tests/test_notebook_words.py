"""The notebooks count as the library does: "1 card", "2 cards", never "card(s)".

The games' own texts are held to it by ``check_number_agreement``; the notebooks' code writes
texts of its own (an exercise's explanation of a wrong answer, a printed count), which a
learner reads in the same place. Every string a notebook's code builds and every output it
stores is read for a plural hedged with ``(s)``.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from guards import failure

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
HEDGED = re.compile(r"[A-Za-z]\(s\)|[A-Za-z]\(es\)")


def texts(path: Path) -> list[str]:
    """The string constants of a notebook's code and the text of its stored outputs."""
    found = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        code = "\n".join(line for line in "".join(cell["source"]).splitlines()
                         if not line.lstrip().startswith(("%", "!")))
        found += [node.value for node in ast.walk(ast.parse(code))
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)]
        for out in cell.get("outputs", ()):
            found.append("".join(out.get("text", "")))
            found.append("".join(out.get("data", {}).get("text/plain", "")))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_notebook_text_hedges_a_plural(path: Path) -> None:
    hedged = [t.strip()[:80] for t in texts(path) if HEDGED.search(t)]
    assert not hedged, failure(
        f"{path.name} hedges a plural, as in 'move(s)'", hedged,
        "write the form the number takes (tabletop.core.quoting.counted(n, 'move') gives "
        "'1 move', '2 moves'), then `python notebooks/refresh.py notebooks/" + path.name
        + "`")
