"""Issue 8's sentences on the game notebooks, read literally, for every game.

"One notebook per game that teaches its rules step by step — each rule shown on a real
position (SVG pictures, and the widget to try it), illegal moves shown with their
explanations, the score breakdown explained at the end, every interpretation we made pointed
out." Each test reads the committed notebook (its code and its stored outputs), as a newcomer
opening it sees it before running anything.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from guards import failure

ROOT = Path(__file__).parent.parent
#: The learn-to-play notebook of each game, and its edge-cases notebook.
LEARN = {"lava-flows": ("01-lava-flows.ipynb", "11-lava-flows-edge-cases.ipynb"),
         "landlock": ("02-landlock.ipynb", "12-landlock-edge-cases.ipynb"),
         "lacuna": ("03-lacuna.ipynb", "13-lacuna-edge-cases.ipynb"),
         "lascaux": ("04-lascaux.ipynb", "14-lascaux-edge-cases.ipynb")}
#: How the library words a refusal (``why_not``, and ``IllegalAction.reason`` inside it).
REFUSAL = re.compile(r"'[^'\n]+' is not legal here \(.+\)")


def cells(name: str) -> list[dict[str, Any]]:
    return json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]


def text(cell: dict[str, Any]) -> str:
    return "".join(cell["source"])


def printed(cell: dict[str, Any]) -> str:
    """What a code cell's stored outputs say as text."""
    parts = []
    for out in cell.get("outputs", ()):
        parts.append("".join(out.get("text", "")))
        parts.append("".join(out.get("data", {}).get("text/plain", "")))
    return "\n".join(parts)


def pictures(cell: dict[str, Any]) -> int:
    """The pictures a code cell's stored outputs show (an SVG, or SVGs as ``<img>``s)."""
    found = 0
    for out in cell.get("outputs", ()):
        data = out.get("data", {})
        found += max(int("image/svg+xml" in data), "".join(data.get("text/html", "")).count("<img"))
    return found


@pytest.mark.parametrize("game", sorted(LEARN))
def test_an_illegal_move_is_shown_with_its_explanation(game: str) -> None:
    learn, _ = LEARN[game]
    refusals = [REFUSAL.search(printed(c)) for c in cells(learn) if c["cell_type"] == "code"]
    shown = [m.group(0) for m in refusals if m]
    assert shown, failure(
        "a learn-to-play notebook shows no refused move with the game's reason",
        [f"notebooks/{learn}"],
        "keep a cell trying an illegal move (`why_not(state, 'move')` or an `apply` in "
        "try/except printing the IllegalAction) and refresh it with notebooks/refresh.py")


@pytest.mark.parametrize("game", sorted(LEARN))
def test_rules_are_shown_on_pictures_and_the_widget_to_try_them(game: str) -> None:
    learn, _ = LEARN[game]
    code = [c for c in cells(learn) if c["cell_type"] == "code"]
    drawn = sum(map(pictures, code))
    assert drawn >= 5, failure(
        "a learn-to-play notebook draws fewer than 5 positions in its stored outputs",
        [f"notebooks/{learn}: {drawn}"],
        "show each rule on a position (a cell ending in the state) and refresh the notebook "
        "with notebooks/refresh.py, so a reader sees the pictures before running anything")
    plays = [c for c in code if re.search(rf"tabletop\.play\(\s*\"{game}\"", text(c))]
    assert plays, failure(
        "a learn-to-play notebook opens no widget of its game", [f"notebooks/{learn}"],
        f"keep a cell `tabletop.play(\"{game}\", ...)` for the reader to try the rules")
    bare = [text(c)[:60] for c in plays if not pictures(c)]
    assert not bare, failure(
        f"widget cells of notebooks/{learn} keep no picture for a reader", bare,
        "refresh the notebook with notebooks/refresh.py: it stores the widget's board")


@pytest.mark.parametrize("game", sorted(LEARN))
def test_the_score_breakdown_is_explained_at_the_end(game: str) -> None:
    learn, _ = LEARN[game]
    all_cells = cells(learn)
    at = [i for i, c in enumerate(all_cells)
          if c["cell_type"] == "code" and "score_breakdown(" in text(c) and printed(c).strip()]
    assert at, failure(
        "a learn-to-play notebook shows no score breakdown", [f"notebooks/{learn}"],
        "end it with a cell printing `state.score_breakdown()` of a finished game, refreshed "
        "with notebooks/refresh.py")
    last = at[-1]
    headings = [line for c in all_cells[:last] if c["cell_type"] == "markdown"
                for line in text(c).splitlines() if line.startswith("## ")]
    assert re.search(r"\b(end|scor|count|winning)", headings[-1], re.I), failure(
        "a learn-to-play notebook's last score breakdown is not under a heading about the "
        "end of the game", [f"notebooks/{learn}: under {headings[-1]!r}"],
        "put it in the last section, whose `## ` heading says end, scoring, counting or "
        "winning")
    around = [text(c) for c in all_cells[last - 2:last + 3] if c["cell_type"] == "markdown"]
    assert any(re.search(r"\b(points?|counts?|wins?)\b", t) for t in around), failure(
        "no prose beside a learn-to-play notebook's score breakdown explains what it counts",
        [f"notebooks/{learn}"],
        "write, in a markdown cell within two cells of it, what earns the points and who wins")


@pytest.mark.parametrize("game", sorted(LEARN))
def test_the_interpretations_are_pointed_out_with_links_that_open(game: str) -> None:
    learn, edges = LEARN[game]
    prose = "\n".join(text(c) for c in cells(learn) if c["cell_type"] == "markdown")
    links = re.findall(r"\]\(([^)#\s]+)", prose)
    rules_page = f"../docs/rules/{game}.md"
    missing = [link for link in (rules_page, edges) if link not in links]
    assert not missing, failure(
        f"notebooks/{learn} does not link where its interpretations are explained", missing,
        "link them from its prose as markdown links, relative to notebooks/")
    broken = [link for link in links
              if "://" not in link and not (ROOT / "notebooks" / link).exists()]
    assert not broken, failure(
        f"notebooks/{learn} links files that do not exist", broken,
        "correct each path (relative to notebooks/) or drop the link")
