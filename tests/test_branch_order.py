"""Saving and opening a branching history keeps the branches in the order they were made and
the cursor where it was, in every game: the branch picker lists them in that order and numbers
labels that read alike (a secret move apart) by it, so a record opened again must not swap
"#1" and "#2" (it did: the record's own line was grown first and so became the oldest)."""

from __future__ import annotations

import json
import random
import re

import pytest

import tabletop
from tabletop.core.branches import open_timeline, save_timeline
from tabletop.core.errors import InvalidRecord
from tabletop.core.timeline import Timeline

GAMES = [("lacuna", {}), ("lascaux", {}), ("lava-flows", {}), ("lava-flows", {"memory": True}),
         ("landlock", {})]


def moves(graph, node) -> tuple[str, ...]:
    return tuple(str(a) for a in graph.nodes[node]["state"].history)


def shape(tl: Timeline) -> tuple:
    """What a user sees of a timeline: its branch ends in order, the notes, the line on show
    and the cursor, all by moves (node numbers may differ)."""
    g = tl.graph
    return ([moves(g, leaf) for leaf in sorted(tl.leaves())],
            sorted((moves(g, n), g.nodes[n]["note"]) for n in g if "note" in g.nodes[n]),
            [moves(g, n) for n in tl.line()], moves(g, tl.cursor))


def grown(name: str, options: dict, seed: int) -> Timeline:
    """A timeline with a main line, six branches from random nodes, notes on several of them
    and the cursor somewhere on a line that is not the oldest."""
    rng = random.Random(seed)
    tl = Timeline(tabletop.load(name, **options).new(seed=seed))
    for _ in range(8):
        tl.play(rng.choice(list(tl.state.legal_actions())))
    tl.annotate("main")
    for b in range(6):
        tl.goto(rng.choice(tl.line()[:-1]))
        for _ in range(rng.randint(1, 4)):
            if tl.state.is_terminal:
                break
            tl.play(rng.choice(list(tl.state.legal_actions())))
        tl.annotate(f"branch {b}")
    ends = sorted(tl.leaves())
    tl.goto(ends[len(ends) // 2])
    tl.goto(rng.choice(tl.line()))
    return tl


@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_a_saved_timeline_opens_in_the_order_made_with_its_cursor(name, options, seed):
    tl = grown(name, options, seed)
    record = json.loads(json.dumps(save_timeline(tl)))
    assert shape(open_timeline(record)) == shape(tl)
    w = tabletop.play(name, **options)
    try:
        w.load(record)
        assert shape(w.session.timeline) == shape(tl)
        before = w.session.branches()
        w.load(json.dumps(w.save()))
        assert shape(w.session.timeline) == shape(tl)
        assert [label for _, label in w.session.branches()] == [label for _, label in before]
    finally:
        w.close()


def test_numbered_labels_keep_their_numbers_through_a_save():
    """Two branches a secret choice apart read alike in the other seat's view: '#1' is the
    one made first, before and after the record is opened again."""
    w = tabletop.play("lascaux", seed=0, view=1)
    try:
        first, second = list(w.state.legal_actions())[:2]
        w.play(first)
        w.back()
        w.play(second)  # the line on show is the newer one

        def told() -> list[tuple[str, str]]:
            return [(label, moves(w.session.graph, leaf)[0])
                    for leaf, label in w.session.branches()]

        before = told()
        assert [label for label, _ in before] == ["ply 1: choose ? · 1 ply #1",
                                                   "ply 1: choose ? · 1 ply #2"]
        assert before[0][1] == str(first)
        record = w.save()
        assert record["line_index"] == 1
        w.load(record)
        assert told() == before
    finally:
        w.close()


def test_a_record_without_line_index_opens_its_own_line_first():
    """Records saved before ``line_index`` open as they did."""
    tl = grown("lascaux", {}, 3)
    record = save_timeline(tl)
    del record["line_index"]
    again = open_timeline(record)
    assert moves(again.graph, min(again.leaves())) == tuple(record["actions"])
    assert [moves(again.graph, leaf) for leaf in sorted(again.leaves())[1:]] == [
        tuple(branch["actions"]) for branch in record["branches"]]


@pytest.mark.parametrize(("value", "says"), [
    (-1, None), (99, None), (1.5, "1.5"), (True, "True"), ("1", "'1'")])
def test_a_bad_line_index_is_refused_by_name(value, says):
    tl = grown("lascaux", {}, 1)
    record = save_timeline(tl)
    bad = dict(record, line_index=value)
    says = says or f"0..{len(record['branches'])}, the branches made before the record's line"
    with pytest.raises(InvalidRecord, match=r"'line_index' should be .*" + re.escape(says)):
        open_timeline(bad)
    w = tabletop.play(record)
    before = shape(w.session.timeline)
    with pytest.raises(InvalidRecord, match="line_index"):
        w.load(bad)
    assert shape(w.session.timeline) == before
    w.close()


def test_line_index_without_branches_is_refused():
    record = tabletop.load("lascaux").new(seed=1).to_record(line_index=0)
    with pytest.raises(InvalidRecord, match="has no 'branches'"):
        open_timeline(record)


def test_a_cursor_saved_outside_the_widget_comes_back():
    tl = grown("landlock", {}, 4)
    tl.goto(tl.line()[3])
    record = save_timeline(tl)
    assert record["ply"] == 3
    assert open_timeline(record).cursor == open_timeline(record).line()[3]
    with pytest.raises(InvalidRecord, match="record 'ply' 99 should be a whole number"):
        open_timeline(dict(record, ply=99))


@pytest.mark.parametrize("key", ["branches", "line_index", "ply", "notes", "Notes", "seed",
                                 "actions", "result"])
def test_save_timeline_refuses_an_extra_named_like_a_field_it_writes(key):
    """Was: ``{**fields, **extra}``: ``branches=[]`` wrote a record ``open_timeline`` refused
    (its ``line_index`` without branches), ``ply=99`` one past its end, and ``notes=`` put
    the caller's notes in place of the timeline's, silently."""
    tl = grown("lascaux", {}, 3)
    before = save_timeline(tl)
    with pytest.raises(InvalidRecord, match=rf"save_timeline\(\) can't set '{key}': it is a "
                                            rf"field of the record itself \(.*line_index"):
        save_timeline(tl, **{key: 99})
    assert save_timeline(tl) == before  # nothing changed
    mine = save_timeline(tl, mine={"0": "kept"})  # a name of the caller's own is kept
    assert mine["mine"] == {"0": "kept"} and mine["notes"] == before["notes"]
    assert shape(open_timeline(mine)) == shape(tl)
