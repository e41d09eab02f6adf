"""Every label of every game's picture fits, measured in Chromium rather than estimated.

For each game and player count, seeded games are drawn at their start, middle and end, as
the full state and as each player's view. Each SVG is put on a page and every ``<text>``
element's box (``getBBox``, mapped into the picture's ``viewBox`` units) must lie inside the
picture, and no two labels may cover each other. A hand-made picture with a label off the
edge and two labels on top of each other proves the measurement sees both.
Screenshots: ``artifacts/text-<game>-<n>p.png`` (each configuration's busiest end position).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pages import CONFIGS, config_tag

import tabletop
from tabletop.core.testing import playout

pytestmark = pytest.mark.browser

SEEDS = range(3)
#: How far (viewBox units) a label may reach past an edge, or into another, for rounding.
SLACK = 0.5

#: Each ``<text>``: its content and its box in the outer ``<svg>``'s viewBox units.
TEXT_BOXES_JS = """() => {
  const svg = document.querySelector('svg');
  const box = svg.viewBox.baseVal;
  const toPicture = svg.getScreenCTM().inverse();
  const texts = Array.from(svg.querySelectorAll('text')).map(t => {
    const b = t.getBBox();
    const m = toPicture.multiply(t.getScreenCTM());
    const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                     [b.x + b.width, b.y + b.height]].map(([x, y]) => {
      const p = new DOMPoint(x, y).matrixTransform(m);
      return [p.x, p.y];
    });
    const xs = corners.map(c => c[0]), ys = corners.map(c => c[1]);
    return {text: t.textContent, x0: Math.min(...xs), x1: Math.max(...xs),
            y0: Math.min(...ys), y1: Math.max(...ys)};
  });
  return {box: [box.x, box.y, box.width, box.height], texts};
}"""


def positions(name: str, players: int) -> Iterator[tuple[str, Any]]:
    """``(label, state or view)``: seeded games at their start, middle and end, in full and as
    each player sees them."""
    game = tabletop.load(name, players=players)
    for seed in SEEDS:
        start = game.new(seed=seed, setup="random")
        end = playout(start, seed)
        middle = playout(start, seed, plies=len(end.history) // 2)
        for when, state in (("start", start), ("middle", middle), ("end", end)):
            yield f"seed {seed} {when}", state
            for p in range(game.players):
                yield f"seed {seed} {when} seen by {p}", state.view(p)


def text_problems(page: Any, svg: str) -> list[str]:
    """What is wrong with the labels of ``svg`` drawn in ``page``: each label reaching past
    the picture's edge, and each two labels that cover each other."""
    page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
    measured = page.evaluate(TEXT_BOXES_JS)
    left, top, width, height = measured["box"]
    assert width > 0 and height > 0, "the picture has no viewBox"
    texts = measured["texts"]
    problems = []
    for t in texts:
        past = max(left - t["x0"], t["x1"] - left - width, top - t["y0"], t["y1"] - top - height)
        if past > SLACK:
            problems.append(f"{t['text']!r} reaches {past:.1f} past the edge")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            across = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
            down = min(a["y1"], b["y1"]) - max(a["y0"], b["y0"])
            if across > SLACK and down > SLACK and a["text"].strip() and b["text"].strip():
                problems.append(f"{a['text']!r} and {b['text']!r} cover each other")
    return problems


def test_the_measurement_sees_a_label_off_the_edge_and_two_on_top(page: Any) -> None:
    broken = ('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" '
              'viewBox="0 0 100 50"><text x="80" y="20" font-size="10">far too long</text>'
              '<text x="5" y="40" font-size="10">one</text>'
              '<text x="8" y="42" font-size="10">two</text>'
              '<text x="5" y="10" font-size="8">fits</text></svg>')
    problems = text_problems(page, broken)
    assert len(problems) == 2, problems
    assert "'far too long' reaches" in problems[0]
    assert problems[1] == "'one' and 'two' cover each other"


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=[config_tag(*c) for c in CONFIGS])
def test_every_label_fits_its_picture(page: Any, artifacts: Path, name: str,
                                      players: int) -> None:
    found = []
    drawn = 0
    last = ""
    for label, state in positions(name, players):
        svg = state.svg()
        found += [f"{label}: {problem}" for problem in text_problems(page, svg)]
        drawn += 1
        if "end" in label and "seen" not in label:
            last = svg
    page.set_content(f"<html><body style='margin:0'>{last}</body></html>")
    page.screenshot(path=str(artifacts / f"text-{config_tag(name, players)}.png"))
    assert drawn == len(SEEDS) * 3 * (players + 1)
    assert not found, f"{len(found)} label problems in {drawn} pictures:\n" + "\n".join(
        found[:20])


def test_pictures_have_labels_to_check() -> None:
    # The check above must have something to measure in every game.
    for name, players in CONFIGS:
        state = tabletop.load(name, players=players).new(seed=0, setup="random")
        assert state.svg().count("<text") >= 2, name
