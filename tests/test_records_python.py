"""A record built in Python from the library's own values replays as its JSON text does.

``json.dumps`` writes a tuple as a list and takes numpy's numbers only when made plain; a
record dict holding ``state.scores`` (a tuple), ``game.options`` (a read-only mapping) or a
tuple of notations was refused (``'scores' is malformed: (4, 3)``) while its JSON text
replayed. Now every game, player count and option reads both alike, and a refusal of the
result says what the field should be.
"""

from __future__ import annotations

import json
import random
import types

import numpy as np
import pytest

import tabletop
from tabletop.core.errors import InvalidRecord
from tabletop.core.registry import game_class

CONFIGS = [(name, {"players": players}) for name in tabletop.games()
           for players in game_class(name).player_counts] + [
    ("lava-flows", {"memory": True, "slide": "empty", "oreo": "top", "ply_cap": 9}),
    ("landlock", {"players": 4, "gnomes": "placed"}),
    ("lascaux", {"players": 5, "strict_colour": True}),
    ("lacuna", {"mat_radius": 0.5, "flower_radius": 0.025, "pawn_radius": 0.025}),
]


def _played(name, options, seed=3):
    state = tabletop.load(name, **options).new(seed=seed, setup="random")
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def _tuples(value):
    """``value`` with every list a tuple (what Python code builds from the library's values)."""
    if isinstance(value, dict):
        return types.MappingProxyType({key: _tuples(item) for key, item in value.items()})
    if isinstance(value, list):
        return tuple(_tuples(item) for item in value)
    return value


def _python_record(state):
    game = state.game
    record = {"format": "tabletop/1", "game": game.name, "players": game.players,
              "options": game.options, "seed": np.uint64(state.seed),
              "actions": tuple(str(action) for action in state.history),
              "result": {"terminal": np.bool_(state.is_terminal), "scores": state.scores,
                         "winners": state.winners}}
    start = state.to_record().get("start")
    if start is not None:
        record["start"] = _tuples(start)
    return record


@pytest.mark.parametrize("name, options", CONFIGS, ids=[f"{n}-{o}" for n, o in CONFIGS])
def test_a_record_built_from_the_librarys_own_values_replays_at_every_ply(name, options):
    state = _played(name, options)
    record = _python_record(state)
    assert tabletop.replay(record) == state == tabletop.replay(_tuples(record))
    end = len(state.history)
    for ply in sorted({0, end // 2, end - 1, end}):
        assert tabletop.replay(record, ply=np.int64(ply)).history == state.history[:ply]
    assert tabletop.replay(record).to_record() == state.to_record()


@pytest.mark.parametrize("name, options", CONFIGS[:4], ids=[n for n, _ in CONFIGS[:4]])
def test_a_tampered_tuple_result_is_refused_as_a_list_one_is(name, options):
    state = _played(name, options)
    record = _python_record(state)
    record["result"] = dict(record["result"], scores=tuple(s + 1 for s in state.scores))
    for ply in (None, len(state.history)):
        with pytest.raises(InvalidRecord, match="record says scores .* the record was altered"):
            tabletop.replay(record, ply=ply)


@pytest.mark.parametrize("key, bad, allowed", [
    ("scores", ("x", 1), "a list of finite numbers, one per player"),
    ("winners", (True,), "a list of player numbers"),
    ("terminal", 1, "true or false"),
])
def test_a_malformed_result_says_what_the_field_should_be(key, bad, allowed):
    record = _played("landlock", {}).to_record()
    record["result"][key] = bad
    for given in (record, json.dumps(record)):
        with pytest.raises(InvalidRecord, match=f"record 'result' '{key}' should be {allowed}"):
            tabletop.replay(given)


def test_to_record_stores_tuples_and_mappings_as_json_lists_and_objects():
    state = tabletop.load("lascaux", players=4).new(seed=2)
    record = state.to_record(note=("a", {"b": (1, np.int8(2))}),
                             more=types.MappingProxyType({"x": (np.float32(0.5),)}))
    assert record["note"] == ["a", {"b": [1, 2]}] and record["more"] == {"x": [0.5]}
    assert json.loads(json.dumps(record, allow_nan=False)) == record
    assert tabletop.replay(record) == state


def test_json_shaped_copies_and_stops_at_the_depth_the_checks_refuse():
    from tabletop.core.record import json_shaped

    given = {"a": (1, [2, (3,)]), "b": types.MappingProxyType({"c": np.int64(4)})}
    shaped = json_shaped(given)
    assert shaped == {"a": [1, [2, [3]]], "b": {"c": 4}} and type(shaped["b"]["c"]) is int
    loop: list = []
    loop.append(loop)
    json_shaped(loop)  # bounded: no RecursionError
    with pytest.raises(InvalidRecord, match="nests more than 16 deep"):
        tabletop.load("landlock").new(seed=1).to_record(note=loop)
