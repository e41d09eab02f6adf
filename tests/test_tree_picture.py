"""DESIGN.md, "Pictures first": a tree has a picture in a notebook. Round 62: a cell ending
in ``explore(state, depth=2)`` or ``analysis.to_graph()`` showed only the tree's size; it
now shows the tree as an outline folded by node (``tabletop.core.treehtml``)."""

from __future__ import annotations

import re

import pytest

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.core.treegraph import TreeGraph
from tabletop.core.treehtml import NODES


@pytest.mark.parametrize("name", tabletop.games())
def test_an_explore_tree_shows_every_move_of_its_root(name):
    state = tabletop.load(name).new(seed=5, setup="random")
    html = tabletop.explore(state, depth=1, max_nodes=None)._repr_html_()
    assert html.startswith("<p><code>&lt;explore tree of ")
    assert html.count("<details open>") == 1  # the root, open; its children are leaves
    shown = [a for a in state.legal_actions() if f">{a} → node " in html]
    left = re.search(r"… (\d+) more moves", html)
    assert len(shown) == min(len(state.legal_actions()), NODES - 1)
    assert (left is None) == (len(shown) == len(state.legal_actions()))
    if left:
        assert int(left.group(1)) == len(state.legal_actions()) - len(shown)


def test_a_deep_tree_shows_its_first_level_before_any_reply():
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    tree = tabletop.explore(state, depth=2)
    html = tree._repr_html_()
    for action in state.legal_actions():  # 40 moves, each folded over its 40 replies
        assert f"<summary>{action} → node " in html
    assert html.count(" → node ") == NODES - 1
    assert "more moves (TreeWidget draws the whole tree)" in html


def test_a_merged_node_is_named_once_and_a_search_tree_shows_its_visits():
    merged = TreeGraph(root=0)  # two move orders reaching one position, node 3
    merged.add_edges_from([(0, 1, {"notation": "a"}), (0, 2, {"notation": "b"}),
                           (1, 3, {"notation": "b"}), (2, 3, {"notation": "a"})])
    html = merged._repr_html_()
    assert html.count("node 3: ?") == 1 and html.count("a → node 3 (above)") == 1
    analysis = MCTSAgent(iterations=40, seed=2).analyse(tabletop.load("lascaux").new(seed=1))
    html = analysis.to_graph()._repr_html_()
    visits = [int(v) for v in re.findall(r"\((\d+) visits?", html)[:2]]
    assert visits == sorted(visits, reverse=True)


def test_an_empty_tree_shows_its_repr_and_text_escapes():
    assert TreeGraph()._repr_html_() == "<p><code>&lt;tree: 0 nodes, 0 edges&gt;</code></p>"
    tree = TreeGraph()
    tree.add_edge(0, 1, notation="<b>&")
    assert "&lt;b&gt;&amp; → node 1" in tree._repr_html_()
