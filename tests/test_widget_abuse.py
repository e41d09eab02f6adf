"""The widgets under abuse from Python: failing bots, thinking that is not data, odd graphs.

* A bot's own failure (it raises, its move is junk) is told in the message line whether or
  not an event loop runs, and nothing changes; thinking a bot reports that can't be read or
  shown is dropped, never raised after its move was played.
* Thinking that enters the widget (from a bot or a record) is finite JSON data, copied: a
  record the widget opened it can save again, and changing what was given changes nothing.
* A hand-built graph for ``TreeWidget`` is checked when the widget is made; a click far off
  the tree hits nothing.
"""

from __future__ import annotations

import copy
import json
import math
from typing import Any

import networkx as nx
import pytest

import tabletop
from tabletop.core.errors import InvalidRecord
from tabletop.widgets import GameWidget, TreeWidget

GAMES = tabletop.games()


class Raises:
    name = "raises"

    def __init__(self, error: Exception) -> None:
        self.error = error

    def act(self, view: Any) -> Any:
        raise self.error


class Reports:
    """A bot that plays the first legal move and reports ``report`` as its thinking (or
    fails to, as ``how`` says)."""

    name = "reports"

    def __init__(self, report: Any = None, how: str = "json") -> None:
        self.report, self.how = report, how
        self.summary: dict[str, Any] = {}

    @property
    def last_analysis(self) -> Any:
        if self.how == "property":
            raise KeyError("no analysis")
        return self

    def to_json(self) -> Any:
        if self.how == "to_json":
            raise AttributeError("nothing to say")
        return self.summary if self.report == "own" else self.report

    def act(self, view: Any) -> Any:
        action = view.legal_actions()[0]
        self.summary = {"agent": "reports", "choice": str(action), "iterations": 5,
                        "candidates": [{"action": str(action), "visits": 5, "value": 0.5}]}
        return action


def first_seat_bot(name: str, bot: Any) -> GameWidget:
    return GameWidget(tabletop.load(name).new(seed=1), bots={0: bot}, view=None,
                      agent_delay=0, panel_delay=0)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("error", [RuntimeError("out of ideas"), KeyError("x"),
                                   ZeroDivisionError("division by zero")])
def test_a_bot_that_raises_is_told_without_an_event_loop(name, error):
    widget = first_seat_bot(name, Raises(error))  # its first turn comes as the widget is made
    assert widget.session.ply() == 0 and len(widget.timeline) == 1
    assert widget.message == f"Bot failed: {error} ({type(error).__name__})."
    widget.session.message = type(widget.session.message)()
    assert widget.agent_move() is None
    assert widget.message.startswith("Bot failed:") and widget.session.ply() == 0


@pytest.mark.parametrize("junk", [None, "bogus", 10**9, [1], math.nan])
def test_a_bots_junk_move_is_told_and_changes_nothing(junk):
    widget = first_seat_bot("lascaux", Raises(RuntimeError()))
    widget.set_seat(0, type("Junk", (), {"name": "junk", "act": lambda self, v: junk})())
    assert widget.message.startswith("Bot failed:") and "may play" in widget.message
    assert widget.session.ply() == 0


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("report, how", [
    (None, "property"), (None, "to_json"), ("not a dict", "json"), ({"choice": 5}, "json"),
    ({"choice": "x", "candidates": [], "seconds": math.nan}, "json")])
def test_thinking_a_bot_cannot_give_is_dropped_after_its_move(name, report, how):
    widget = first_seat_bot(name, Reports(report, how))
    assert widget.session.ply() >= 1 and widget.message.endswith(".")
    first = widget.session.line()[:2]
    assert "thinking" not in widget.timeline.edges[first[0], first[1]]
    assert widget.save(full=True)["actions"]  # nothing unsaveable was kept


def test_a_bots_thinking_is_copied_when_kept():
    bot = Reports("own")
    widget = first_seat_bot("lascaux", bot)
    a, b = widget.session.line()[:2]
    kept = widget.timeline.edges[a, b]["thinking"]
    bot.summary["candidates"][0]["visits"] = 10**6
    bot.summary["choice"] = "changed"
    assert kept["candidates"][0]["visits"] == 5 and kept["choice"] != "changed"


@pytest.fixture(scope="module")
def saved() -> dict[str, Any]:
    widget = tabletop.play("lascaux", seed=4, bots={1: "mcts-weak", 2: "random"})
    widget.play(widget.state.legal_actions()[0])
    record = widget.save(full=True)
    assert record["thinking"]
    return record


def _with(record: dict[str, Any], field: str, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    changed["thinking"][next(iter(changed["thinking"]))][field] = value
    return changed


loop: list[Any] = []
loop.append(loop)


@pytest.mark.parametrize("value, says", [
    (math.nan, "holds nan"), (math.inf, "holds inf"), ({1, 2}, "holds {1, 2}"),
    (object(), "holds <object"), (loop, "nests more than 16 deep"), ({1: 2}, "the key 1"),
    (list(range(200_000)), "more than 100000 values"), (10**500, "which is not finite JSON")])
def test_a_records_thinking_is_finite_json_data(saved, value, says):
    widget = tabletop.play("lascaux", seed=9)
    before = (widget.node, len(widget.timeline), widget.view)
    with pytest.raises(InvalidRecord, match="record 'thinking' for ply") as err:
        widget.load(_with(saved, "seconds", value))
    assert says in str(err.value)
    assert (widget.node, len(widget.timeline), widget.view) == before


def test_a_record_the_widget_opened_saves_again(saved):
    widget = tabletop.play("lascaux", seed=9)
    widget.load(_with(saved, "extra", ((1, 2), {"a": [None, True, "x"]})))
    again = widget.save(full=True)
    assert json.loads(json.dumps(again)) == again
    assert again["thinking"][next(iter(again["thinking"]))]["extra"] == [[1, 2],
                                                                         {"a": [None, True, "x"]}]


def test_changing_a_record_after_opening_it_changes_nothing(saved):
    record = copy.deepcopy(saved)
    widget = tabletop.play("lascaux", seed=9)
    widget.load(record)
    before = widget.save(full=True)
    for entry in record["thinking"].values():
        entry["candidates"][0]["visits"] = 777
        entry["choice"] = "changed"
    assert widget.save(full=True) == before


@pytest.mark.parametrize("hidden", [1, "yes", None, 0.0])
def test_hidden_thinking_is_marked_true_or_false(saved, hidden):
    with pytest.raises(InvalidRecord, match="'hidden' should be true or false"):
        tabletop.play(_with(saved, "hidden", hidden))


def test_view_auto_may_be_set_after_the_widget_is_made():
    widget = tabletop.play("lascaux", seed=1, bots={1: "random", 2: "random"}, view="full")
    assert widget.view is None
    widget.view = "auto"
    assert widget.view == 0
    widget.set_seat(1, "human")
    widget.view = "auto"
    assert widget.view is None
    with pytest.raises(tabletop.core.errors.InvalidOption, match="did you mean 'auto'"):
        widget.view = "autp"


@pytest.mark.parametrize("x, y", [(1e308, 1e308), (-1e308, 10), (10, 1e300), (math.nan, 1),
                                  (math.inf, -math.inf), (10**400, 5)])
def test_a_click_far_off_the_tree_hits_nothing(x, y):
    tree = TreeWidget(tabletop.load("lascaux").new(seed=1))
    assert tree.click(x, y) is None and tree.selected == 0


def _chain(n: int) -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_node(0, depth=0)
    for i in range(1, n + 1):
        graph.add_edge(i - 1, i, notation=f"m{i}")
        graph.nodes[i]["depth"] = i
    return graph


def _broken(change: str) -> nx.DiGraph:
    graph = _chain(3)
    if change == "no depth":
        del graph.nodes[2]["depth"]
    elif change == "depth text":
        graph.nodes[0]["depth"] = "x"
    elif change == "depth skips":
        graph.nodes[3]["depth"] = 7
    elif change == "cycle":
        graph.add_edge(3, 1, notation="back")
    elif change == "self loop":
        graph.add_edge(2, 2, notation="again")
    elif change == "unreached":
        graph.add_node(9, depth=1)
    elif change == "text node":
        graph.add_edge(0, "a", notation="m")
    elif change == "state":
        graph.nodes[1]["state"] = 5
    elif change == "notation":
        graph.edges[0, 1]["notation"] = None
    elif change == "player":
        graph.nodes[1]["player"] = "Marcel"
    elif change == "scores":
        graph.nodes[1]["scores"] = [math.nan]
    elif change == "visits":
        graph.edges[0, 1]["visits"] = -1
    elif change == "terminal":
        graph.nodes[1]["terminal"] = "yes"
    elif change == "game":
        graph.graph["game"] = "lascaux"
    return graph


@pytest.mark.parametrize("change, says", [
    ("no depth", "node 2 has no 'depth'"), ("depth text", "node 0 has 'depth' 'x'"),
    ("depth skips", "node 3 has 'depth' 7"), ("cycle", "no cycles"), ("self loop", "no cycles"),
    ("unreached", "node 9 can't be reached"), ("text node", "the node 'a'"),
    ("state", "'state' should be a State"), ("notation", "edge 0 → 1 has no 'notation'"),
    ("player", "'player' should be a player"), ("scores", "'scores' should be finite"),
    ("visits", "'visits' should be an int ≥ 0"), ("terminal", "'terminal' should be True"),
    ("game", "'game' should be a Game")])
def test_a_hand_built_tree_graph_is_checked_when_the_widget_is_made(change, says):
    with pytest.raises(ValueError, match=says):
        TreeWidget(_broken(change), depth=3)


def test_the_graphs_tabletop_makes_pass_and_a_tree_shows_at_most_500_deep():
    state = tabletop.load("landlock").new(seed=1)
    merged = tabletop.explore(state, depth=5, merge=True)
    assert any(merged.in_degree(n) > 1 for n in merged)
    TreeWidget(merged)
    TreeWidget(tabletop.explore(state, depth=2, infosets_for=0))
    assert len(TreeWidget(_chain(500), depth=500, max_nodes=None).visible_nodes()) == 501
    with pytest.raises(ValueError, match="501 deep; a tree shows at most 500"):
        TreeWidget(_chain(501))


def test_a_bots_thinking_with_numpys_numbers_is_kept_as_plain_numbers():
    import numpy as np

    class Numpy(Reports):
        def to_json(self) -> Any:
            summary = copy.deepcopy(self.summary)
            summary["iterations"] = np.int64(5)
            summary["candidates"][0].update(visits=np.int64(5), value=np.float64(0.5))
            return summary

    widget = first_seat_bot("lascaux", Numpy())
    a, b = widget.session.line()[:2]
    kept = widget.timeline.edges[a, b]["thinking"]
    assert type(kept["iterations"]) is int and type(kept["candidates"][0]["value"]) is float


@pytest.mark.parametrize("how", ["property", "to_json"])
def test_in_an_event_loop_a_bots_unreadable_thinking_is_dropped_and_play_goes_on(how):
    import asyncio

    async def scenario() -> None:
        state = tabletop.load("lascaux").new(seed=1)
        widget = GameWidget(state, bots={1: Reports(None, how), 2: "random"}, view=None,
                            agent_delay=0.01, panel_delay=0)
        widget.play(state.legal_actions()[0])
        for _ in range(500):
            if not widget.runner.running:
                break
            await asyncio.sleep(0.01)
        assert widget.session.ply() == 3 and "bot failed" not in widget.message
        a, b = widget.session.line()[1:3]
        assert "thinking" not in widget.timeline.edges[a, b]

    asyncio.run(scenario())


def test_a_delay_read_from_the_class_is_its_descriptor():
    from tabletop.widgets.agentrun import Seconds

    assert isinstance(GameWidget.agent_delay, Seconds)
    assert isinstance(GameWidget.panel_delay, Seconds)


def test_a_records_thinking_may_be_keyed_by_numpys_ints(saved):
    import numpy as np

    record = copy.deepcopy(saved)
    record["thinking"] = {np.int64(int(k)): v for k, v in record["thinking"].items()}
    widget = tabletop.play(record)
    assert widget.save(full=True)["thinking"] == saved["thinking"]


class Counting:
    name = "counting"

    def __init__(self) -> None:
        self.calls = 0

    def act(self, view: Any) -> Any:
        self.calls += 1
        return view.legal_actions()[0]


def test_opening_a_record_with_bots_searches_nothing_it_throws_away():
    widget = tabletop.play("lacuna", seed=1)
    for _ in range(3):
        widget.play(widget.state.legal_actions()[0])
    record = widget.save()
    bots = {0: Counting(), 1: Counting()}
    opened = tabletop.play(record, bots=bots)
    assert sum(bot.calls for bot in bots.values()) == 0  # it played the game out, then lost it
    assert opened.session.ply() == 3 and len(opened.timeline) == 4
    assert opened.agent_move() is not None and bots[0].calls >= 1  # they play when asked


def test_start_bots_holds_the_first_bot_and_is_true_or_false():
    state = tabletop.load("lascaux").new(seed=1)
    bot = Counting()
    widget = GameWidget(state, bots={0: bot}, agent_delay=0, start_bots=False)
    assert bot.calls == 0 and widget.session.ply() == 0
    with pytest.raises(TypeError, match="start_bots should be True or False"):
        GameWidget(state, start_bots="no")


def test_a_tree_grows_its_own_copy_of_the_graph_it_is_given():
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    graph = tabletop.explore(state, depth=1, infosets_for=1)
    nodes, infosets = len(graph), copy.deepcopy(graph.graph["infosets"])
    tree = TreeWidget(graph, depth=1)
    for child in tree.model.children(0)[:3]:
        tree.expand(child)
    assert len(graph) == nodes and graph.graph["infosets"] == infosets  # the given graph: as it was
    del graph.nodes[1]["depth"]
    graph.remove_node(2)
    tree.refresh()  # the tree's own copy: as it was
    assert 2 in tree.graph and "depth" in tree.graph.nodes[1]
    again = TreeWidget(tree.graph, depth=1)  # a read-only graph: the copy grows
    again.expand(again.model.children(0)[-1])  # not opened in ``tree``: children computed
    assert len(again.graph) > len(tree.graph)
