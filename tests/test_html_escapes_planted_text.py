"""Every HTML tabletop builds shows the texts a user, a learner or a record puts in it as
text, never as markup: a planted ``<img src=x onerror=alert(1)>`` (a note or an agent's
name in a record someone sends, a learner's typed answer, a caption, an agent's label in a
tournament) must reach the HTML escaped. Each case checks both that the planted text got
there (escaped) and that it is nowhere as markup."""

from __future__ import annotations

import html
import json

import ipywidgets as w
import pytest

import tabletop
from tabletop.arena import arena
from tabletop.teaching import Example, Exercise, Task, side_by_side

PLANTED = "<img src=x onerror=alert(1)>"
SHOWN = html.escape(PLANTED)


def shown_safely(markup: str) -> None:
    assert PLANTED not in markup
    assert SHOWN in markup or html.escape(PLANTED, quote=False) in markup


def html_widgets(widget):
    seen, todo = set(), [widget]
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, w.HTML):
            yield node
        todo.extend(getattr(node, "children", ()) or ())


def test_a_records_notes_and_thinking_show_as_text_in_the_widget():
    state = tabletop.load("lascaux", players=3).new(seed=0)
    for _ in range(4):
        state = state.apply(state.legal_actions()[0])
    record = state.to_record()
    record["notes"] = {"1": PLANTED, "2": PLANTED}
    move = str(state.history[1])
    record["thinking"] = {"2": {"agent": PLANTED, "choice": move, "iterations": 5,
                                "candidates": [{"action": move, "visits": 3, "value": 0.5}]}}
    widget = tabletop.play(json.dumps(record))
    reached = 0
    for ply in range(len(state.history) + 1):
        widget.slider.value = ply
        for part in html_widgets(widget):
            assert PLANTED not in part.value
            reached += html.escape(PLANTED) in part.value
    assert reached >= 3  # the two notes and the thinking panel


def test_a_learners_answers_show_as_text():
    state = tabletop.load("lava-flows").new(seed=1)
    exercise = Exercise(state, "Arrange your Mediums.", right=lambda b, a, after: True)
    shown_safely(exercise.answer(PLANTED)._repr_html_())
    task = Task("How many cells?", check=lambda n: n == 9, solution=9)
    shown_safely(task.answer(PLANTED)._repr_html_())


def test_authors_texts_and_captions_show_as_text():
    state = tabletop.load("lava-flows").new(seed=1)
    shown_safely(Exercise(state, PLANTED, right=lambda b, a, after: True)._repr_html_())
    shown_safely(side_by_side(state, captions=[PLANTED])._repr_html_())
    shown_safely(Example(state, [("arrange black a1 white b1", PLANTED)])._repr_html_())


def test_agent_labels_show_as_text_in_every_tournament_table():
    result = arena("lascaux", {PLANTED: "random", "b": "random", "c": "random"}, games=6,
                   progress=False)
    for markup in (result._repr_html_(), result.ratings(samples=20)._repr_html_(),
                   result.pairwise()._repr_html_()):
        shown_safely(markup)
    pytest.importorskip("pandas")
    for frame in (result.to_dataframe(), result.summary_frame()):  # pandas escapes its own
        shown_safely(frame._repr_html_())


@pytest.mark.parametrize("name", tabletop.games())
def test_a_score_breakdowns_html_escapes_its_texts(name):
    from dataclasses import replace

    breakdown = tabletop.load(name).new(seed=1).score_breakdown()
    planted = replace(breakdown, notes=(PLANTED,))
    shown_safely(planted._repr_html_())
