"""``explore``: game trees as networkx graphs, perft-style counts checked against hand counts."""

from __future__ import annotations

import inspect
import random

import networkx as nx
import pytest
from toygame import TakeAway

import tabletop
from tabletop.core.tree import PERFT_NODES, expand, explore, layer_counts, perft


def _ready(name: str, players: int = 2) -> bool:
    try:
        tabletop.load(name, players=players).new(seed=0)
    except Exception:  # noqa: BLE001 - a game still being built
        return False
    return True


def test_explore_graph_shape_and_attributes():
    state = TakeAway().position(5)
    graph = explore(state, depth=2)
    # pile 5: take 1, 2 or 3 → piles 4, 3, 2, which allow 3, 3 and 2 takes
    assert layer_counts(graph) == [1, 3, 8] and perft(state, 2) == 8
    assert graph.graph["root"] == 0 and graph.graph["complete"]
    assert all(isinstance(n, int) for n in graph)
    assert nx.is_arborescence(graph)
    root = graph.nodes[0]
    assert root["state"] is state and root["player"] == 0 and not root["terminal"]
    child = next(iter(graph.successors(0)))
    edge = graph.edges[0, child]
    assert edge["notation"] == "take 1" and edge["actor"] == 0
    assert graph.nodes[child]["state"] == state.apply("take 1")
    assert graph.nodes[child]["state"].history == (edge["action"],)


def test_terminal_nodes_end_lines_and_carry_scores():
    graph = explore(TakeAway().position(3), depth=3)
    ends = [n for n, d in graph.nodes(data=True) if d["terminal"]]
    # pile 3: 3 | 2+1 | 1+2 | 1+1+1: four ways to finish, taking the last counter
    assert len(ends) == 4 == perft(TakeAway().position(3), 3)
    for n in ends:
        d = graph.nodes[n]
        assert d["player"] is None and graph.out_degree(n) == 0 and sum(d["scores"]) == 1


def test_perft_visits_at_most_max_nodes_states_as_explore_counts_them():
    # perft had no bound: Lacuna's depth 4 (some 300 million states) ran for hours; now it
    # visits at most max_nodes states (explore's nodes to that depth) or says it would not
    state = TakeAway().position(9)
    for depth in range(6):
        nodes = explore(state, depth=depth).number_of_nodes()
        assert perft(state, depth, max_nodes=nodes) == perft(state, depth, max_nodes=None)
        if nodes > 1:
            with pytest.raises(ValueError, match=f"more than max_nodes={nodes - 1:,} states "
                                                 f"to depth {depth}: pass a smaller depth"):
                perft(state, depth, max_nodes=nodes - 1)
    assert perft(state, 0, max_nodes=1) == 1
    assert inspect.signature(perft).parameters["max_nodes"].default == PERFT_NODES == 10**6
    with pytest.raises(ValueError, match="max_nodes must be an int ≥ 1 or None, not 0"):
        perft(state, 1, max_nodes=0)


def test_max_nodes_stops_early_and_says_so():
    graph = explore(TakeAway().position(10), depth=5, max_nodes=20)
    assert graph.number_of_nodes() == 20 and graph.graph["complete"] is False


def test_merge_shares_transpositions():
    state = TakeAway().position(6)
    tree, dag = explore(state, depth=2), explore(state, depth=2, merge=True)
    # take 1 then 2 and take 2 then 1 reach the same pile (3) with the same player to move
    assert layer_counts(tree) == [1, 3, 9]
    assert dag.number_of_nodes() < tree.number_of_nodes()
    assert dag.number_of_edges() == tree.number_of_edges() == 12
    assert len({d["state"] for _, d in dag.nodes(data=True)}) == dag.number_of_nodes()


def test_expand_grows_one_node():
    graph = explore(TakeAway().position(4), depth=0)
    assert expand(graph, 0) == [1, 2, 3]
    assert expand(graph, 0) == []  # already expanded
    assert layer_counts(graph) == [1, 3]


def test_infosets_group_states_a_player_cannot_tell_apart(nim):
    state = nim.new(seed=3)  # player 0 picks a secret bonus, then player 1 does
    graph = explore(state, depth=4, infosets_for=1)
    assert layer_counts(graph) == [1, 2, 4, 8, 16]
    # after player 0's bonus 0 or 1, player 1 sees the same: one information set
    assert graph.nodes[1]["infoset"] == graph.nodes[2]["infoset"]
    groups = graph.graph["infosets"]
    assert sorted(len(v) for v in groups.values()) == [2, 2, 2, 2, 2]
    for members in groups.values():
        views = {graph.nodes[n]["state"].view(1) for n in members}
        assert len(views) == 1
    assert all("infoset" not in d for _, d in graph.nodes(data=True) if d["player"] != 1)


def test_explore_explains_bad_input(nim):
    state = nim.new(seed=1)
    with pytest.raises(TypeError, match="needs a full State, not a View"):
        explore(state.view(0))
    with pytest.raises(ValueError, match="depth must be"):
        explore(state, depth=-1)
    with pytest.raises(ValueError, match="infosets_for must be a player 0..1"):
        explore(state, infosets_for=5)


# --- goldens: counts from fixed positions of each game, worked out by hand from the rules ---

@pytest.mark.skipif(not _ready("lava-flows"), reason="Lava Flows not ready")
def test_lava_flows_counts():
    game = tabletop.load("lava-flows")
    # setup: each player's secret arrangement of (black, white, nothing) under 3 Larges: 3! = 6
    assert layer_counts(explore(game.new(seed=1), depth=2)) == [1, 6, 36]
    # a lone white Large on b2 with nothing under it, White to move: 4 moves and pass = 5
    # (no Bubble Up: a lone piece would bubble onto itself). Black, with no pieces and
    # nothing to bubble up, may only pass: 5.
    lone = game.position({"b2": "W"}, to_move=0)
    assert layer_counts(explore(lone, depth=2)) == [1, 5, 5]
    assert perft(lone, 2) == 5
    # a white Large on its (empty) hiding place b1: 3 moves, bubble with 3 claims, pass = 7.
    # Every move and every claim leaves a lone Large (the empty place is revealed and gone),
    # so Black may only pass; after White's pass Black may bubble with 3 claims or pass:
    # 3 + 3 + 4 = 10.
    hiding = game.position({"b1": "[-:W] W"}, to_move=0)
    assert layer_counts(explore(hiding, depth=2)) == [1, 7, 10]
    assert perft(hiding, 2) == 10


@pytest.mark.skipif(not _ready("landlock"), reason="Landlock not ready")
def test_landlock_counts():
    game = tabletop.load("landlock")
    # a role choice (land, water), then the first tile — a gnome tile, so its 4 rotations
    # differ — on the middle cell f6: 2 × 4
    assert layer_counts(explore(game.new(seed=1), depth=2)) == [1, 2, 8]
    # one plain path on f6, a path in hand: 4 neighbours, the one rotation that fits (its
    # other fitting rotation is the same picture); then 6 free neighbours of a domino
    state = game.position(["f6 path r0"], tile="path")
    assert layer_counts(explore(state, depth=2)) == [1, 4, 24]


@pytest.mark.skipif(not _ready("lacuna"), reason="Lacuna not ready")
def test_lacuna_counts():
    game = tabletop.load("lacuna")
    # two open pairs far apart, 5 sampled positions on each: 2 × 5, then 5 on the other pair
    state = game.position([(-0.5, 0.5, "red"), (0.5, 0.5, "red"),
                           (-0.5, -0.5, "blue"), (0.5, -0.5, "blue")])
    assert layer_counts(explore(state, depth=2)) == [1, 10, 50]


@pytest.mark.skipif(not _ready("lascaux", 3), reason="Lascaux not ready")
def test_lascaux_counts():
    game = tabletop.load("lascaux", players=3)
    # three secret colour choices of 6, then the start player pays or passes: 6³ × 2
    state = game.new(seed=1)
    graph = explore(state, depth=4, infosets_for=2)
    assert layer_counts(graph) == [1, 6, 36, 216, 432]
    # player 2 chooses after k others whose tokens they can't see: all 6^k nodes, one set
    k = (2 - state.current_player) % 3
    choosing = [n for n, d in graph.nodes(data=True) if d["depth"] == k]
    assert len(choosing) == 6**k
    assert len({graph.nodes[n]["infoset"] for n in choosing}) == 1


def test_perft_matches_explore_on_a_random_line(nim):
    state = nim.new(seed=4, setup="random")
    rng = random.Random(4)
    state = state.apply(rng.choice(state.legal_actions()))
    assert layer_counts(explore(state, depth=3))[-1] == perft(state, 3)


def test_a_mistyped_depth_stops_at_the_default_limit_and_warns():
    import tabletop
    from tabletop.core.tree import MAX_NODES

    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    with pytest.warns(RuntimeWarning, match="explore stopped at 100,000 nodes before depth 100") \
            as caught:
        graph = explore(state, depth=100)
    assert caught[0].filename == __file__  # the user's line, not tabletop's
    assert graph.number_of_nodes() == MAX_NODES and not graph.graph["complete"]
