"""A failed load leaves the widget exactly as it was and says why (issue 14, class 8)."""

from __future__ import annotations

import json
import math

import pytest

import tabletop
from tabletop.core.errors import InvalidRecord
from tabletop.widgets import GameWidget

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture
def widget() -> GameWidget:
    """Lascaux against two bots, with a branch: the human tried two colours at ply 1."""
    w = tabletop.play("lascaux", players=3, seed=0, bots={1: "mcts-weak", 2: "mcts-weak"},
                      agent_delay=0)
    start = w.node
    w.play("choose brown")
    w.goto(start)
    w.play("choose green")
    w.back()
    assert len(list(w.navigator.leaves())) == 2
    return w


def snapshot(w: GameWidget) -> dict[str, object]:
    """Everything a load could change: timeline, branches, cursor, seats, view, controls."""
    s = w.session
    return {
        "game": s.game,
        "nodes": {n: (d["state"], d["ply"]) for n, d in s.graph.nodes(data=True)},
        "edges": {(a, b): dict(d) for a, b, d in s.graph.edges(data=True)},
        "cursor": w.node,
        "line": s.line(),
        "leaves": sorted(w.navigator.leaves()),
        "seats": [id(agent) for agent in s.seats],
        "view": (s.view, s.hot_seat, s.revealed),
        "state": w.state,
        "slider": (w.slider.value, w.slider.max),
        "branches": list(w.branch_picker.options),
        "pickers": [(p.description, p.value) for p in w.seat_pickers],
        "children": list(w.children),
        "panels": (w.log_html.value, w.thinking_html.value, w.turn_html.value),
    }


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def another_games_record() -> dict:
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    return state.apply(state.legal_actions()[0]).to_record()


BAD = {
    "ply beyond the end": lambda good: ((good, 99), "ply 99 should be a whole number in 0..4"),
    "ply below 0": lambda good: ((good, -1), "ply -1"),
    "ply as text": lambda good: ((good, "1"), "ply '1'"),
    "ply as a float": lambda good: ((good, 1.5), "ply 1.5"),
    "ply as a bool": lambda good: ((good, True), "ply True"),
    "record's own ply is bad": lambda good: (({**good, "ply": "x"},), "record 'ply' 'x'"),
    "another game's record at a bad ply": lambda good: ((another_games_record(), 7),
                                                        "ply 7 should be"),
    "thinking not a mapping": lambda good: (({**good, "thinking": [1, 2]},),
                                            "'thinking' should be an object"),
    "thinking keyed by a word": lambda good: (({**good, "thinking": {"abc": {}}},),
                                              "key 'abc'"),
    "thinking keyed by ply 0": lambda good: (({**good, "thinking": {"0": {}}},), "key '0'"),
    "thinking keyed past the end": lambda good: (({**good, "thinking": {"99": {}}},),
                                                 "key '99'"),
    "thinking keyed by a negative": lambda good: (({**good, "thinking": {"-1": {}}},),
                                                  "key '-1'"),
    "thinking entry not an object": lambda good: (({**good, "thinking": {"1": 3}},),
                                                  "for ply 1 should be an object"),
    "thinking about another move": lambda good: (
        ({**good, "thinking": {"1": {"choice": "pay", "candidates": []}}},),
        "says the bot chose 'pay'"),
    "thinking with bad candidates": lambda good: (
        ({**good, "thinking": {"1": {**good["thinking"]["1"],
                                     "candidates": [{"action": "x", "visits": "many",
                                                     "value": 0.5}]}}},),
        "candidate 1 needs 'visits'"),
    "thinking with a NaN value": lambda good: (
        ({**good, "thinking": {"1": {**good["thinking"]["1"],
                                     "candidates": [{"action": "x", "visits": 1,
                                                     "value": float("nan")}]}}},),
        "candidate 1 needs 'value'"),
    "thinking with a value past a float": lambda good: (
        ({**good, "thinking": {"1": {**good["thinking"]["1"],
                                     "candidates": [{"action": "x", "visits": 1,
                                                     "value": 10**399}]}}},),
        "candidate 1 needs 'value' as int or float (from -10**12 to 10**12)"),
    "thinking with visits past the digit limit": lambda good: (
        ({**good, "thinking": {"1": {**good["thinking"]["1"],
                                     "candidates": [{"action": "x", "visits": 10**5000,
                                                     "value": 0.5}]}}},),
        "not an integer of about 5001 digits"),
    "thinking with iterations past the digit limit": lambda good: (
        ({**good, "thinking": {"1": {**good["thinking"]["1"], "iterations": 10**5000}}},),
        "'iterations' should be an integer from 0 to 10**12"),
    "thinking with an agent of a million characters": lambda good: (
        ({**good, "thinking": {"1": {**good["thinking"]["1"], "agent": "x" * 10**6}}},),
        "'agent' should be a string of at most 200 characters"),
    "thinking with an endless value": lambda good: (
        ({**good, "thinking": {"1": {**good["thinking"]["1"],
                                     "candidates": [{"action": "x", "visits": 1,
                                                     "value": float("inf")}]}}},),
        "candidate 1 needs 'value'"),
    "deeply nested JSON": lambda good: ((DEEP,), "nests too deeply"),
    "deeply nested JSON in a field": lambda good: (
        (json.dumps({**good, "thinking": None})[:-1] + ', "x": ' + DEEP + "}",),
        "nests too deeply"),
    "a field of the caller's holding NaN": lambda good: (({**good, "mine": math.nan},),
                                                         "record 'mine' holds nan"),
    "a field of the caller's holding NaN, as text": lambda good: (
        (json.dumps(good)[:-1] + ', "mine": NaN}',), "record 'mine' holds NaN"),
    "a field of the caller's holding a huge int": lambda good: (
        ({**good, "mine": 10**5000},), "an integer of about 5001 digits"),
    "a field of the caller's nested deeply": lambda good: (
        ({**good, "mine": nested(5000)},), "record 'mine' nests more than"),
    "a field of the caller's keyed by a number": lambda good: (
        ({**good, "mine": {1: 2}},), "record 'mine' has a key 1, not a string"),
    "a field misspelt in other letters": lambda good: (({**good, "ſeed": 3},),
                                                       "is the field 'seed' misspelt"),
    "not JSON": lambda good: (("{not json",), "not valid JSON"),
    "JSON but not an object": lambda good: (("[1, 2]",), "not list"),
    "an altered result": lambda good: (({**good, "result": {"terminal": True}},),
                                       "the record was altered"),
    "an illegal action": lambda good: (({**good, "actions": ["choose brown", "pay"]},),
                                       "action 2 of the record"),
}


@pytest.mark.parametrize("case", BAD)
def test_a_failed_load_changes_nothing_and_says_why(widget, case):
    good = json.loads(json.dumps(widget.save(full=True)))
    assert good["thinking"]["1"]["choice"] == good["actions"][0]
    args, says = BAD[case](good)
    before = snapshot(widget)
    with pytest.raises(InvalidRecord) as raised:
        widget.load(*args)
    assert says in str(raised.value)
    assert snapshot(widget) == before
    assert widget.message.startswith("Could not open the record: ") and says in widget.message
    assert "error" in widget.message_html.value
    widget.forward()  # and it still works
    assert widget.node in widget.navigator.line()


def test_the_callers_fields_come_back_as_they_were(widget):
    mine = {"class": "3B", "marks": [1, 2.5, None, True], "nested": {"x": ["y"]}}
    widget.load({**widget.save(full=True), "mine": mine})
    assert widget.save(full=True)["mine"] == mine


def test_a_good_load_after_a_failed_one(widget):
    record = widget.save()
    with pytest.raises(InvalidRecord):
        widget.load(record, ply=99)
    widget.load(record, ply=2)
    # the record keeps the widget's other lines (its "branches"), each a branch end again
    ends = 1 + len(record.get("branches", []))
    assert widget.session.ply() == 2 and len(list(widget.navigator.leaves())) == ends
    assert widget.message == "" and widget.session.seats[1] is not None


def test_another_games_record_replaces_the_game_and_its_controls(widget):
    record = another_games_record()
    widget.load(record)
    game = tabletop.load("lava-flows")
    assert widget.session.game == game and widget.state == tabletop.replay(record)
    assert widget.session.seats == [None, None] and widget.view is None
    assert [p.description for p in widget.seat_pickers] == [game.player_name(p)
                                                             for p in range(2)]
    other = tabletop.load("landlock")
    widget.load(other.new(seed=2).to_record())  # same player count: names still follow
    assert [p.description for p in widget.seat_pickers] == [other.player_name(p)
                                                             for p in range(2)]
    assert [label for label, _ in widget.view_picker.options][2:] == [
        f"{other.player_name(p)}'s view" for p in range(2)]
    assert [label for label, _ in widget.view_picker.options][:2] == [
        "full state", "public (audience)"]


@pytest.mark.parametrize("text, says", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "not list"),
    ("[" * 100_000, "nests too deeply"),
    ('{"a": ' + DEEP + "}", "nests too deeply"),
], ids=["not JSON", "not an object", "unclosed and deep", "deep"])
def test_play_refuses_bad_record_text_with_invalid_record(text, says):
    with pytest.raises(InvalidRecord, match=says.replace("(", r"\(")):
        tabletop.play(text)


def test_play_checks_ply_and_thinking_before_making_a_widget():
    record = tabletop.load("lava-flows").new(seed=1, setup="random").to_record()
    with pytest.raises(InvalidRecord, match="ply '1'"):
        tabletop.play(record, ply="1")
    with pytest.raises(InvalidRecord, match="'thinking' should be an object"):
        tabletop.play({**record, "thinking": "lots"})
    assert tabletop.play(json.dumps(record), ply=1).session.ply() == 1


@pytest.mark.parametrize("name", tabletop.games())
def test_odd_clicks_and_choices_from_python_get_clear_answers(name):
    """Clicks off the board or at NaN/infinity hit nothing; a click that isn't two numbers,
    or a view that is no player, is refused by name; nothing changes either way."""
    w = tabletop.play(name, seed=1, setup="random", agent_delay=0)
    before = w.state
    for x, y in [(math.nan, 0), (math.inf, 5), (-math.inf, -math.inf), (1e308, 1e308),
                 (10**5000, 0), (-1, -1)]:
        assert w.click(x, y) is None and w.session.message.kind == "error"
    for x, y in [("a", 1), (None, None), (True, 0)]:
        with pytest.raises(ValueError, match="a click is at two numbers x, y"):
            w.click(x, y)
    for target in [("cell", 999), ("zzz",), 10**5000]:
        assert w.choose(target) is None
        assert len(w.message) < 2000
    for view in [w.state.game.players, -1, "x", 1.5, True]:
        with pytest.raises(ValueError, match="view must be 'full'"):
            w.view = view
    assert w.state == before and w.view is None
