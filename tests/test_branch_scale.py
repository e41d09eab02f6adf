"""A large branching history stays quick to step and to label: ``Timeline.path_to`` walks up
a node's parents (no search of the graph, whose cost grew with every branch), and the branch
picker's labels take one pass over the tree, not a search per branch end.

Measured on a Lascaux timeline of 10,014 states and 220 branch ends: a move in the widget took
254 ms, 212 of them relabelling the branches (2,029 graph searches); the labels now take
about 20 ms."""

from __future__ import annotations

import random

import networkx as nx
import pytest

import tabletop
from tabletop.core.branches import save_timeline
from tabletop.core.timeline import Timeline
from tabletop.widgets.branchlabels import branch_labels

GAMES = ["lacuna", "lascaux", "lava-flows", "landlock"]


def bushy(name: str, branches: int = 40, seed: int = 0) -> Timeline:
    """A timeline with a played-out line and ``branches`` more, each from a random node of the
    line on show, played out."""
    rng = random.Random(seed)
    tl = Timeline(tabletop.load(name).new(seed=seed))

    def playout() -> None:
        while not tl.state.is_terminal:
            tl.play(rng.choice(list(tl.state.legal_actions())))

    playout()
    for _ in range(branches):
        tl.goto(rng.choice(tl.line()[:-1]))
        playout()
    return tl


def reference_labels(tl: Timeline) -> list[tuple[int, str]]:
    """The labels as a search per branch end finds them (the definition)."""
    graph, out = tl.graph, []
    for leaf in sorted(tl.leaves()):
        path = nx.shortest_path(graph, 0, leaf)
        forks = [i for i, n in enumerate(path[:-1]) if len(graph.succ[n]) > 1]
        plies = f"{len(path) - 1} {'ply' if len(path) == 2 else 'plies'}"
        if not forks:
            out.append((leaf, f"main line · {plies}"))
            continue
        move = graph.nodes[leaf]["state"].log(None)[forks[-1]]
        out.append((leaf, f"ply {forks[-1] + 1}: {move} · {plies}"))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_labels_and_paths_need_no_search_of_the_graph(name, monkeypatch):
    tl = bushy(name, branches=12)
    expected = reference_labels(tl)
    paths = {leaf: nx.shortest_path(tl.graph, 0, leaf) for leaf in tl.leaves()}

    def no_search(*args, **kwargs):
        raise AssertionError("the timeline searched its graph")

    monkeypatch.setattr(nx, "shortest_path", no_search)
    monkeypatch.setattr(Timeline, "path_to", lambda self, node: no_search())
    labels = branch_labels(tl, lambda leaf: tl.graph.nodes[leaf]["state"].log(None))
    assert [(leaf, label.split(" #")[0]) for leaf, label in labels] == expected
    monkeypatch.undo()
    monkeypatch.setattr(nx, "shortest_path", no_search)
    for leaf, path in paths.items():
        assert tl.path_to(leaf) == path
        tl.goto(leaf)
        assert tl.line() == path


def test_a_move_on_a_large_timeline_relabels_without_a_search_per_branch(monkeypatch):
    """The widget relabels its branches after every move: with 100 branches that was a search
    of the whole tree per branch end, per move."""
    w = tabletop.play("lascaux", seed=3)
    w.load(save_timeline(bushy("lascaux", branches=100, seed=3)))
    tl = w.session.timeline
    w.goto(tl.line()[10])
    searches = []
    real = nx.shortest_path
    monkeypatch.setattr(nx, "shortest_path",
                        lambda *a, **k: searches.append(a) or real(*a, **k))
    for _ in range(5):
        w.play(w.state.legal_actions()[0])
    assert searches == []
    assert len(w.branch_picker.options) == sum(1 for _ in tl.leaves()) > 100
    w.close()
