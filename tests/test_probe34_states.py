"""Probe 34 (states and views): ``dataclasses.replace`` refuses field values a position
cannot hold, at once; Lacuna's scoring memo is safe to share between threads."""

from __future__ import annotations

import dataclasses
import random
import threading

import numpy as np
import pytest

import tabletop
from tabletop.core.memos import small_memos
from tabletop.core.testing.common import random_playout
from tabletop.games.lacuna import scoring

GAMES = tabletop.games()


def _positions(name: str) -> list:
    states = list(random_playout(tabletop.load(name), 0))
    state = states[len(states) // 2]
    return [state, state.view(0), state.view(1)]


@pytest.mark.parametrize("name", GAMES)
def test_replace_refuses_a_field_of_the_wrong_type_naming_it(name):
    for position in _positions(name):
        for f in dataclasses.fields(position):
            if not f.init or f.name == "game":
                continue
            with pytest.raises(TypeError, match=rf"field '{f.name}' should be .*, not "):
                dataclasses.replace(position, **{f.name: object()})


@pytest.mark.parametrize("name", GAMES)
def test_replace_refuses_another_games_game_and_a_player_not_of_the_game(name):
    other = tabletop.load("lascaux" if name != "lascaux" else "lacuna")
    state, view, _ = _positions(name)
    for position in (state, view):
        with pytest.raises(TypeError, match="field 'game' should be a game of its own kind"):
            dataclasses.replace(position, game=other)
        with pytest.raises(TypeError, match="field 'game' should be Game, not None"):
            dataclasses.replace(position, game=None)
    last = state.game.players - 1
    for junk in (last + 1, -1, 10**6):
        with pytest.raises(ValueError, match=rf"field 'player' should be a player 0..{last}, "
                                             rf"not {junk}"):
            dataclasses.replace(view, player=junk)
    with pytest.raises(TypeError, match="field 'player' should be int, not True"):
        dataclasses.replace(view, player=True)
    seat = dataclasses.replace(view, player=np.int64(1))  # numpy's numbers are made plain
    assert type(seat.player) is int and seat == dataclasses.replace(view, player=1)


def test_replace_keeps_what_a_position_may_hold():
    s = tabletop.load("lascaux").new(seed=1)
    t = dataclasses.replace(s, pot=np.int64(4))
    assert t.pot == 4 and type(t.pot) is int and t == dataclasses.replace(s, pot=4)
    # Since round 59 a Lascaux position's fields must agree: the player to move is the one
    # its stack and turn name, so no one to move at all is refused, naming the field.
    with pytest.raises(ValueError, match=r"field 'current_player' should be 0 .*, not None"):
        dataclasses.replace(s, current_player=None)


class _EmptiedByAnotherThread(dict):
    """A memo that another thread empties the moment anything is stored in it."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self.clear()

    def update(self, *args, **kwargs):
        super().update(*args, **kwargs)
        self.clear()


def test_lacuna_scoring_never_reads_back_a_memo_another_thread_emptied():
    rows = scoring.flower_rows(((0, 0), (4, 0), (9, 9)))
    pawns = [(1, 0, 0), (3, 0, 1), (8, 8, 0)]
    expected = scoring.claim_masks(rows, pawns, {})
    assert scoring.claim_masks(rows, pawns, _EmptiedByAnotherThread()) == expected
    half = {(1, 0, 0): scoring._fill(rows, pawns, {})[1, 0, 0]}  # one half kept: interrupted
    assert scoring.claim_masks(rows, pawns, half) == expected and (1, 0, 1) in half


def test_lacuna_scores_in_threads_sharing_a_layout():
    rows = scoring.flower_rows([(i * 10, i * 7 % 50) for i in range(49)])
    columns: dict = {}
    errors: list[BaseException] = []

    def score(seed: int) -> None:
        rng = random.Random(seed)
        try:
            for _ in range(3000):
                pawns = [(rng.randrange(60), rng.randrange(60), rng.randrange(2))
                         for _ in range(rng.randrange(1, 6))]
                assert scoring.claim_masks(rows, pawns, columns) == \
                    scoring.claim_masks(rows, pawns, {})
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    with small_memos(4):
        threads = [threading.Thread(target=score, args=(k,)) for k in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert not errors, errors[0]


def test_the_values_check_passes_every_game_and_catches_its_broken_toys(registered):
    import broken_values
    from toygame import SecretNim

    from tabletop.core.testing import ConformanceError
    from tabletop.core.testing.values import check_replaced_fields, check_threads, check_values

    check_values(registered(SecretNim), seeds=range(3))
    check_threads(registered(broken_values.CarefulMemoNim), seeds=range(4))
    with pytest.raises(ConformanceError, match=r"unchecked-nim seed 0 ply 0: dataclasses\."
                                               r"replace\(UncheckedState, game=<junk>\) was "
                                               r"accepted"):
        check_replaced_fields(registered(broken_values.UncheckedNim), seeds=range(2))
    with pytest.raises(ConformanceError, match=r"shared-memo-nim seed \d+: played in 3 threads "
                                               r"at once .* play raised KeyError"):
        check_threads(registered(broken_values.SharedMemoNim), seeds=range(4))


@pytest.mark.parametrize("name, attribute", [("lacuna", "graph"), ("landlock", "G_L"),
                                             ("landlock", "G_W"), ("lava-flows", "graph")])
def test_networkx_methods_called_on_the_class_cannot_change_a_frozen_graph(name, attribute):
    import networkx as nx

    states = list(random_playout(tabletop.load(name), 0))
    graph = getattr(states[len(states) // 2], attribute)
    before = (sorted(map(repr, graph.nodes(data=True))), sorted(map(repr, graph.edges)))
    nodes = list(graph.nodes)
    for change in (lambda: nx.Graph.add_edge(graph, nodes[0], "new"),
                   lambda: nx.Graph.add_node(graph, "new"),
                   lambda: nx.Graph.remove_node(graph, nodes[0]),
                   lambda: nx.Graph.add_edges_from(graph, [(nodes[0], nodes[-1])])):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert (sorted(map(repr, graph.nodes(data=True))), sorted(map(repr, graph.edges))) == before
    assert nx.shortest_path_length(graph, nodes[0]) and graph.copy().add_edge(0, 1) is None


def test_a_frozen_directed_graph_keeps_its_successors_and_predecessors_read_only():
    import networkx as nx

    from tabletop.core.readonly import frozen_graph

    graph = frozen_graph(nx.DiGraph([(0, 1), (1, 2)]))
    assert graph._succ is graph._adj and list(graph.predecessors(1)) == [0]
    for change in (lambda: nx.DiGraph.add_edge(graph, 2, 0),
                   lambda: nx.DiGraph.remove_edge(graph, 0, 1)):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert sorted(graph.edges) == [(0, 1), (1, 2)] and list(graph.pred[2]) == [1]
    mine = graph.copy()
    mine.add_edge(2, 0)
    assert sorted(mine.edges) == [(0, 1), (1, 2), (2, 0)] and type(mine) is nx.DiGraph


def test_the_ids_of_listed_actions_belong_to_the_list_in_use():
    """Two threads may each cache a legal list for one state; the ids the fast path of
    ``apply`` trusts are always those of the list it holds, kept alive with it (ids of a
    list dropped meanwhile could be reused by other objects)."""
    state = tabletop.load("lascaux").new(seed=3)
    first = state.legal_actions()
    list(first)  # built: the id shortcut applies
    assert state._legal_ids(first) == frozenset(map(id, first))
    del state._cache["legal"]  # as if another thread had cached its own list
    second = state.legal_actions()
    list(second)
    assert second is not first
    assert state._legal_ids(second) == frozenset(map(id, second))
    assert state._cache["legal_ids"][0] is second
