"""A researcher reading a bot's search tree: what ``Analysis``, ``to_graph`` and the tree
widget show agrees with the search and with the documented rules (``docs/widget.md``,
"Reading a search tree"), and ``check_search_trees`` catches trees that do not."""

import random

import pytest

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.agents.analysis import Analysis, Node
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.searchtrees import check_search_tree, check_search_trees
from tabletop.widgets.treemodel import TreeModel


def _played(game, seed, plies):
    state, rng = game.new(seed=seed), random.Random(seed)
    for _ in range(plies):
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# --- who moves: a chance node where the searcher cannot know -------------------------------

def test_lava_flows_first_mover_after_the_arrangements_is_chance_not_one_samples_guess():
    # The first player is a chance draw revealed once both have arranged: White's tree,
    # after "arrange ?", holds samples where White moves next and samples where Black does.
    game = tabletop.load("lava-flows")
    analysis = MCTSAgent(iterations=60, seed=3).analyse(game.new(seed=0).view(0))
    graph = analysis.to_graph(min_visits=0)
    mixed = [n for n in graph if len({graph.edges[n, k]["actor"]
                                      for k in graph.successors(n)}) > 1]
    assert mixed, "expected nodes whose moves are both players'"
    for node in mixed:
        data = graph.nodes[node]
        assert data["chance"] and data["player"] is None and not data["terminal"]
        assert data["movers"] == (0, 1)
    for node in set(graph) - set(mixed):
        assert not graph.nodes[node]["chance"]
    model = TreeModel(analysis, depth=2)
    line = model.describe(mixed[0])
    assert "chance, decided by what the searcher cannot see: White to move or Black to move" \
        in line and "White to move ·" not in line.replace("or Black to move", "")
    # drawn as a diamond (a polygon) that clicks to the node, not a player's coloured disc
    shapes = [s for s in model.scene().shapes if s.target == ("node", mixed[0])]
    assert any(type(s).__name__ == "Polygon" for s in shapes)
    assert not any(type(s).__name__ == "Circle" for s in shapes)


def test_lascaux_a_node_the_game_may_or_may_not_end_at_is_chance_not_over():
    # Whether the game ends after a pass rests on what the searcher cannot see: a sampled
    # state there is over, yet the search moved on from the node in others.
    game = tabletop.load("lascaux", players=3)
    state = _played(game, 0, 70)
    analysis = MCTSAgent(iterations=100, seed=70).analyse(state.view(state.current_player))
    graph = analysis.to_graph(min_visits=0)
    both = [n for n, d in graph.nodes(data=True)
            if d["state"].is_terminal and any(graph.successors(n))]
    assert both, "expected nodes over in one sample with moves in others"
    model = TreeModel(analysis, depth=0)
    for node in both:
        data = graph.nodes[node]
        assert data["chance"] and not data["terminal"] and data["player"] is None
        assert "or the game over" in model.describe(node)
    check_search_tree(analysis, "lascaux ply 70")


def test_a_search_trees_ended_node_names_its_winners_as_a_sample():
    game = tabletop.load("lascaux", players=3)
    state = _played(game, 0, 70)
    analysis = MCTSAgent(iterations=100, seed=70).analyse(state.view(state.current_player))
    model = TreeModel(analysis, depth=0)
    ended = [n for n, d in model.graph.nodes(data=True) if d["terminal"]]
    assert ended
    assert all("over (in the sampled state: " in model.describe(n) for n in ended)


# --- the choice and the order shown --------------------------------------------------------

def _hand_built(children, choice_index):
    """An analysis of a hand-built tree: ``children`` as (label, visits, value) at the root."""
    game = tabletop.load("lava-flows")
    state = _played(game, 0, 2)  # in play, both arranged: open moves
    player = state.current_player
    view = state.view(player)
    legal = view.legal_actions()
    assert len(legal) >= len(children)
    root = Node(None, "", None, 2, view.determinize(random.Random(0)))
    root.seen = 3
    root.visits = sum(v for _, v, _ in children)
    for action, (_, visits, value) in zip(legal, children, strict=False):
        node = Node(action, str(action), player, 2, root.state._apply(action))
        node.seen, node.visits = 3, visits
        node.total[player], node.total[1 - player] = value * visits, (1 - value) * visits
        root.children[action] = node
    return Analysis(view=view, player=player, choice=legal[choice_index], _tree=root,
                    iterations=root.visits, seconds=0.0, determinizations=1, samples=())


def test_ties_in_visits_are_shown_in_the_order_the_choice_is_made():
    # equal visits: the higher value is chosen (``top``, ``run``), and shown first
    analysis = _hand_built([("a", 5, 0.2), ("b", 5, 0.8), ("c", 2, 0.9)], choice_index=1)
    assert analysis.top(1)[0].action == analysis.choice
    graph = analysis.to_graph()
    first = next(iter(graph.successors(0)))
    assert graph.edges[0, first]["notation"] == str(analysis.choice)
    model = TreeModel(analysis, depth=1)
    assert model.children(0)[0] == first
    check_search_tree(analysis, "hand-built")


def test_a_forced_move_stays_in_the_graph_whatever_min_visits():
    # one legal move: no iterations, so no visits; the tree still shows what was played
    analysis = _hand_built([("only", 0, 0.0)], choice_index=0)
    graph = analysis.to_graph()  # min_visits=1
    assert [d["notation"] for _, _, d in graph.edges(data=True)] == [str(analysis.choice)]
    assert analysis.to_graph(min_visits=5).number_of_edges() == 1


def test_root_visits_are_shared_by_its_children_and_values_are_rewards():
    game = tabletop.load("lacuna")
    analysis = MCTSAgent(iterations=50, seed=2).analyse(game.new(seed=4).view(0))
    graph = analysis.to_graph(min_visits=0)
    assert graph.nodes[0]["visits"] == 50
    assert sum(graph.nodes[k]["visits"] for k in graph.successors(0)) == 50
    assert all(0 <= v <= 1 for _, d in graph.nodes(data=True) for v in d["values"])
    assert all(sum(graph.nodes[k]["visits"] for k in graph.successors(n)) <= d["visits"]
               for n, d in graph.nodes(data=True))


# --- the conformance check, and toys it catches ---------------------------------------------

def test_check_search_trees_is_part_of_check_abuse():
    assert check_search_trees in CHECKS


@pytest.mark.parametrize("toy, game, message", [
    ("ContraryAgent", "secret-nim", "the search's choice is not what its statistics show"),
    ("RestlessAgent", "secret-nim", "the same search .* gave another tree"),
    ("LeakyAgent", "secret-nim", r"player 1's move 'bonus \d' is shown as known, yet the "
                                 r"searcher sees it as 'bonus \?'"),
    ("OneSampleAgent", "lava-flows", "says 0 is to move, yet has moves of players"),
])
def test_check_search_trees_catches_broken_toys(registered, toy, game, message):
    import broken_searchtrees
    from toygame import SecretNim

    subject = registered(SecretNim) if game == "secret-nim" else tabletop.load(game)
    check_search_trees(subject, seeds=range(3))  # sound with the library's agent
    cls = getattr(broken_searchtrees, toy)
    with pytest.raises(ConformanceError, match=message):
        check_search_trees(subject, seeds=range(3),
                           agent=lambda seed: cls(iterations=40, seed=seed))


def test_a_search_graph_given_whole_keeps_its_chance_nodes_and_a_bad_one_is_refused():
    game = tabletop.load("lava-flows")
    graph = MCTSAgent(iterations=60, seed=3).analyse(game.new(seed=0).view(0)).to_graph()
    model = TreeModel(graph, depth=2)
    chance = [n for n, d in model.graph.nodes(data=True) if d["chance"]]
    assert chance and all("chance, decided by" in model.describe(n) for n in chance)
    for field, bad in [("chance", "yes"), ("movers", [0, 1]), ("movers", (0, 7))]:
        broken = graph.copy()
        broken.nodes[chance[0]][field] = bad
        with pytest.raises(ValueError, match=f"tree graph node {chance[0]}: '{field}'"):
            TreeModel(broken)


def test_the_thinking_panel_shows_a_candidates_value_as_the_tree_does():
    # 0.254995 to 4 decimals is 0.255, shown "0.26"; the tree shows "0.25"
    from tabletop.agents.analysis import Candidate
    from tabletop.widgets.panels import thinking_html

    candidate = Candidate("x", "x", 12, 0.254995, (0.254995, 0.745005), 1.0)
    written = candidate.to_json()
    assert f"{written['value']:.2f}" == "0.25" and abs(written["value"] - 0.254995) < 1e-4
    assert [f"{v:.2f}" for v in written["values"]] == ["0.25", "0.75"]
    panel = thinking_html({"agent": "mcts", "choice": "x", "iterations": 12,
                           "candidates": [written]})
    assert "<td>0.25</td>" in panel


def test_check_search_tree_catches_values_rounded_twice(monkeypatch):
    from tabletop.agents import analysis as module

    analysis = _hand_built([("a", 200, 0.254995), ("b", 100, 0.9)], choice_index=0)
    check_search_tree(analysis, "hand-built")
    monkeypatch.setattr(module, "places", lambda value: round(value, 4))  # the old rounding
    with pytest.raises(ConformanceError, match="as the bot's thinking panel shows it"):
        check_search_tree(analysis, "hand-built")
