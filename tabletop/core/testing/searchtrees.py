"""A bot's search tree reads as documented (``docs/widget.md``, "Reading a search tree").

A researcher opens ``MCTSAgent``'s ``Analysis`` — its candidates, ``to_graph()``, the tree
widget — and reads numbers off it. ``check_search_trees`` searches from positions of seeded
random games and checks what they may rely on:

* visits: the root was visited once per iteration, and its children in the searcher's tree
  share those visits exactly; elsewhere a node's children share at most its visits (the
  rest are the iterations that stopped there);
* values: every mean reward is a number from 0 to 1, an edge's ``value`` is its child's value
  to the edge's actor, and the analysis's candidates carry the same numbers, which their
  JSON (the bot's thinking panel) shows the same to 2 decimals;
* the choice is the one the documented rule picks from the shown statistics (most visits,
  ties to the higher value), it is the first root edge, and it is legal;
* who moves: a node says one player to move only when every move out of it is theirs; a
  node whose mover (or end) the searcher cannot know is a chance node; an ended node has
  no moves out;
* secrecy: the searcher's own moves are shown in full, another player's move is shown as
  the searcher sees it (``game.describe``), never as a sampled guess made to look known;
* the tree widget's labels, statistics and title say what the objects say;
* the same seed gives the same tree.

>>> import tabletop
>>> check_search_trees(tabletop.load("lava-flows"), seeds=[0])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from ..game import Game
from ..quoting import counted
from .common import fail, random_states

#: Every how many plies a position is searched, how many per game, and how long (iterations).
EVERY = 9
POSITIONS = 4
SEARCH = 40


def _mcts(seed: int) -> Any:
    from ...agents import MCTSAgent  # (the agents build on the core: imported when used)

    return MCTSAgent(iterations=SEARCH, seed=seed)


def check_search_trees(game: Game, seeds: Iterable[int] = range(2),
                       agent: Callable[[int], Any] = _mcts) -> None:
    """Search with ``agent(seed)`` (default: ``MCTSAgent(iterations=SEARCH, seed=seed)``)
    from positions of seeded random games, and check each analysis reads as documented
    (``check_search_tree``); ``ConformanceError`` says where and what."""
    for seed in seeds:
        met = 0
        for where, state in random_states(game, [seed], every=EVERY):
            mover = state.current_player
            if mover is None or met >= POSITIONS:
                continue
            met += 1
            view = state.view(mover)
            analysis = agent(seed).analyse(view)
            check_search_tree(analysis, where)
            again = agent(seed).analyse(view)
            if _fingerprint(again) != _fingerprint(analysis):
                fail(where, "the same search (same agent, same seed, same view) gave another "
                            "tree: a seeded search must repeat")


def _fingerprint(analysis: Any) -> tuple[Any, ...]:
    """What a reader sees of a search: the choice, and every edge with its numbers."""
    graph = analysis.to_graph(min_visits=0)
    edges = tuple((a, b, d["notation"], d["actor"], d["visits"], round(d["value"], 12))
                  for a, b, d in graph.edges(data=True))
    return (str(analysis.choice), analysis.iterations, edges)


def check_search_tree(analysis: Any, where: str) -> None:
    """One ``Analysis`` reads as documented (see the module docstring)."""
    graph = analysis.to_graph(min_visits=0)
    game, searcher = analysis.view.game, analysis.player
    _check_visits(analysis, graph, where)
    _check_values(analysis, graph, where)
    _check_choice(analysis, graph, where)
    for node, data in graph.nodes(data=True):
        _check_movers(graph, node, data, f"{where}: search node {node}")
    for parent, child, data in graph.edges(data=True):
        _check_edge_secrecy(game, searcher, data, f"{where}: search edge {parent}->{child}")
    _check_widget_words(analysis, graph, where)


def _check_visits(analysis: Any, graph: Any, where: str) -> None:
    root = graph.nodes[0]
    if root["visits"] != analysis.iterations:
        fail(where, f"the search root has {root['visits']} visits after "
                    f"{analysis.iterations} iterations: one per iteration was documented")
    for node, data in graph.nodes(data=True):
        shared = sum(graph.nodes[k]["visits"] for k in graph.successors(node))
        if shared > data["visits"] or (node == 0 and analysis.iterations
                                       and shared != data["visits"]):
            fail(where, f"search node {node} has {data['visits']} visits and its children "
                        f"{shared}: they should share {'all' if node == 0 else 'at most'} "
                        "of them")


def _check_values(analysis: Any, graph: Any, where: str) -> None:
    players = analysis.view.game.players
    for node, data in graph.nodes(data=True):
        values = data["values"]
        if len(values) != players or not all(math.isfinite(v) and 0.0 <= v <= 1.0
                                             for v in values):
            fail(where, f"search node {node} has values {values!r}: one mean reward from "
                        f"0 to 1 per player ({players}) was documented")
    for parent, child, data in graph.edges(data=True):
        actor = data["actor"]
        if actor is None or data["value"] != graph.nodes[child]["values"][actor]:
            fail(where, f"search edge {parent}->{child} has value {data['value']!r}, not "
                        f"its child's value to its actor ({actor!r})")
        if data["visits"] != graph.nodes[child]["visits"]:
            fail(where, f"search edge {parent}->{child} says {data['visits']} visits, its "
                        f"node {graph.nodes[child]['visits']}")
    for candidate in analysis.candidates:
        if candidate.value != candidate.values[analysis.player]:
            fail(where, f"candidate {candidate.notation!r}: value {candidate.value} is not "
                        "its value to the deciding player")


def _check_choice(analysis: Any, graph: Any, where: str) -> None:
    p = analysis.player
    if analysis.choice not in analysis.view.legal_actions():
        fail(where, f"the search chose {str(analysis.choice)!r}, not a legal action")
    own = [(graph.edges[0, k], k) for k in graph.successors(0) if graph.edges[0, k]["actor"] == p]
    if not own:
        fail(where, "the search tree has no move of the deciding player at its root")
    best = max(own, key=lambda e: (e[0]["visits"], e[0]["value"]))[0]
    first = own[0][0]
    top = analysis.top(1)[0]
    said = {"the choice": str(analysis.choice), "top(1)": top.notation,
            "the first root edge": first["notation"],
            "the rule (most visits, ties: higher value)": best["notation"]}
    if len(set(said.values())) > 1 or first["visits"] != best["visits"] \
            or first["value"] != best["value"]:
        fail(where, "the search's choice is not what its statistics show: "
                    + "; ".join(f"{k} {v!r}" for k, v in said.items()))
    summary = analysis.to_json()
    if summary["choice"] != str(analysis.choice) or summary["candidates"][0]["action"] \
            != top.notation or summary["candidates"][0]["visits"] != top.visits:
        fail(where, f"the analysis's JSON says {summary['choice']!r} and "
                    f"{summary['candidates'][0]!r}, its objects {top!r}")
    candidates = analysis.candidates
    for written, candidate in zip(analysis.to_json(len(candidates))["candidates"], candidates,
                                  strict=True):
        if f"{written['value']:.2f}" != f"{candidate.value:.2f}":
            fail(where, f"candidate {candidate.notation!r} has value {candidate.value!r}, "
                        f"shown {candidate.value:.2f}; its JSON {written['value']!r}, shown "
                        f"{written['value']:.2f} (as the bot's thinking panel shows it)")


def _check_movers(graph: Any, node: int, data: dict[str, Any], where: str) -> None:
    actors = {graph.edges[node, k]["actor"] for k in graph.successors(node)}
    if data.get("chance"):
        if data["player"] is not None or data["terminal"]:
            fail(where, "is a chance node yet names a player to move, or says the game over")
        return
    if data["terminal"] and actors:
        fail(where, "says the game is over, yet the search moved on from it: where the "
                    "searcher cannot know it, the node is chance")
    if actors - {data["player"]}:
        fail(where, f"says {data['player']!r} is to move, yet has moves of players "
                    f"{sorted(a for a in actors if a is not None)}: where the searcher "
                    "cannot know who moves, the node is chance")


def _check_edge_secrecy(game: Game, searcher: int, data: dict[str, Any], where: str) -> None:
    action, actor, notation = data["action"], data["actor"], data["notation"]
    if actor == searcher:
        if action is None or notation != str(action):
            fail(where, f"the searcher's own move is shown as {notation!r}, not in full")
    elif action is not None and game.describe(action, actor, searcher) != notation:
        fail(where, f"player {actor}'s move {notation!r} is shown as known, yet the "
                    f"searcher sees it as {game.describe(action, actor, searcher)!r}")


def _check_widget_words(analysis: Any, graph: Any, where: str) -> None:
    from ...widgets.treemodel import TreeModel  # (the widgets build on the core)

    model = TreeModel(analysis, depth=3, max_nodes=400, max_children=4)
    title = model.title()
    for part in (str(analysis.choice), f"{analysis.iterations} iterations"):
        if part not in title:
            fail(where, f"the tree widget's title {title!r} does not say {part!r}")
    texts = {shape.text for shape in model.scene().shapes if hasattr(shape, "text")}
    shown = model.graph
    for node in model.visible():
        if node == 0:
            continue
        parent = next(iter(shown.predecessors(node)))
        edge, data = graph.edges[parent, node], graph.nodes[node]
        if model.label(parent, node) != edge["notation"]:
            fail(where, f"the tree widget labels edge {parent}->{node} "
                        f"{model.label(parent, node)!r}, the graph {edge['notation']!r}")
        stats = f"n={edge['visits']} v={edge['value']:.2f}"
        if stats not in texts and not any(t.endswith("…") and stats.startswith(t[:-1])
                                          for t in texts):
            fail(where, f"the tree widget does not show {stats!r} for edge {parent}->{node}")
        line = model.describe(node)
        values = " ".join(f"{v:.2f}" for v in data["values"])
        said = f"{counted(data['visits'], 'visit')}, values {values}"
        if said not in line:
            fail(where, f"the tree widget describes node {node} as {line!r}, its numbers "
                        f"are {said}")
