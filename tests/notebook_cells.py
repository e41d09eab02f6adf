"""Reading the committed notebooks for the teaching tests: their cells, and running their code
up to a cell (in a plain namespace, without a kernel) to reach the objects it made."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from hygiene import matplotlib_off_screen

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: ``name.answer(...)``: a cell answering an exercise or a task.
ANSWER_CALL = re.compile(r"\b(\w+)\.answer\((.*?)\)", re.S)
#: The answer cell as committed: empty quotes, for the learner to fill in.
EMPTY_ANSWER = re.compile(r'^(\w+)\.answer\(""\)$')


def cells_of(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def source(cell: dict[str, Any]) -> str:
    text = cell["source"]
    return "".join(text) if isinstance(text, list) else text


def code_cells(path: Path) -> list[str]:
    return [source(c) for c in cells_of(path) if c["cell_type"] == "code"]


def typed_answers(path: Path) -> list[tuple[str, str]]:
    """Every ``.answer(...)`` call whose argument is not empty quotes."""
    return [(name, arg) for s in code_cells(path) for name, arg in ANSWER_CALL.findall(s)
            if arg.strip() not in ('""', "''")]


def empty_answers(path: Path) -> set[str]:
    """The names whose answer cell is exactly ``name.answer("")``."""
    return {m.group(1) for s in code_cells(path) if (m := EMPTY_ANSWER.match(s.strip()))}


@cache
def run_until(path: Path, pattern: str) -> dict[str, Any]:
    """The namespace after running the notebook's code up to the last cell matching
    ``pattern`` (once per session; IPython magics and shell lines left out)."""
    code = [s for s in code_cells(path) if not s.lstrip().startswith(("%", "!"))]
    last = max(i for i, s in enumerate(code) if re.search(pattern, s, re.M))
    namespace: dict[str, Any] = {"__name__": "__notebook__"}
    with matplotlib_off_screen():  # (the suite's backend and figures as they were)
        for cell in code[:last + 1]:
            exec(compile(cell, str(path), "exec"), namespace)  # noqa: S102 (our own notebooks)
    return namespace
