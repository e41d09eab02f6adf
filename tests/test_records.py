"""Every malformed record is refused with ``InvalidRecord`` naming what is wrong, quickly.

Each case corrupts a real record of every game (as a dict, or as JSON text) and expects
``InvalidRecord`` whose message names the field; nothing else may come out (no TypeError,
ValueError, RecursionError or OverflowError), and no case may take a second.
"""

import copy
import json
import math
import time

import pytest

import tabletop
from tabletop.core.errors import InvalidOption, InvalidRecord
from tabletop.core.record import MAX_TEXT

GAMES = {name: tabletop.load(name) for name in tabletop.games()}


def _record(name):
    state = GAMES[name].new(seed=4, setup="random")
    for _ in range(6):
        if state.is_terminal:
            break
        state = state.apply(state.legal_actions()[len(state.history) % len(state.legal_actions())])
    return json.loads(json.dumps(state.to_record())), state


RECORDS = {name: _record(name) for name in GAMES}


def _nested(depth, inner=0):
    value = inner
    for _ in range(depth):
        value = [value]
    return value


def _text_with(record, old, new):
    text = json.dumps(record)
    assert old in text
    return text.replace(old, new, 1)


def _set(*path_and_value):
    *path, value = path_and_value

    def change(record):
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value() if callable(value) else value
        return record
    return change


def _first_option(record):
    return next(iter(record["options"]), "surprise")


CASES = [
    # options holding what are fields of the record, or values no option takes
    ("options holding players", _set("options", "players", 2), "'options'.*'players'"),
    ("options holding name", _set("options", "name", "x"), "'options'.*'name'"),
    ("options value NaN", lambda r: _set("options", _first_option(r), math.nan)(r), "'options'"),
    ("options value inf", lambda r: _set("options", _first_option(r), math.inf)(r), "'options'"),
    ("options value huge int", lambda r: _set("options", _first_option(r), 10**5000)(r),
     "'options'"),
    ("options value nested", lambda r: _set("options", _first_option(r), _nested(100_000))(r),
     "'options'"),
    ("options key not a string", _set("options", 1, 2), "'options'"),
    ("options unknown", _set("options", "surprise", 1), "'options'.*surprise"),
    ("options not an object", _set("options", [1]), "'options'"),
    ("options NaN in text", lambda r: _text_with(r, '"options": {', '"options": {"x": NaN, '),
     "'options'.*NaN"),
    ("options Infinity in text",
     lambda r: _text_with(r, '"options": {', '"options": {"x": -Infinity, '), "'options'"),
    ("options 1e999 in text", lambda r: _text_with(r, '"options": {', '"options": {"x": 1e999, '),
     "'options'"),
    # the seed
    ("seed huge", _set("seed", 10**5000), "'seed'"),
    ("seed huge in text", lambda r: _text_with(r, '"seed": 4', '"seed": 4' + "0" * 5000),
     "'seed'"),
    ("seed NaN in text", lambda r: _text_with(r, '"seed": 4', '"seed": NaN'), "'seed'"),
    ("seed negative", _set("seed", -1), "'seed'"),
    ("seed float", _set("seed", 4.0), "'seed'"),
    ("seed true", _set("seed", True), "'seed'"),
    ("seed missing", lambda r: r.pop("seed") and r, "'seed'"),
    # game, players, format
    ("game unknown", _set("game", "chess"), "'game'.*chess"),
    ("game huge", _set("game", "x" * 1_000_000), "'game'"),
    ("game not text", _set("game", 7), "'game'"),
    ("players float", _set("players", 2.0), "'players'"),
    ("players huge", _set("players", 10**5000), "'players'"),
    ("players wrong", _set("players", 99), "'players'"),
    ("players missing", lambda r: r.pop("players") and r, "'players'"),
    ("format other", _set("format", "other/9"), "format"),
    # actions
    ("actions holding a huge string", _set("actions", 0, "x" * 1_000_000), "'actions'"),
    ("actions holding a number", _set("actions", 0, 5), "'actions'"),
    ("actions holding a list", _set("actions", 0, _nested(100_000)), "'actions'"),
    ("actions not a list", _set("actions", "pass"), "'actions'"),
    ("action illegal", _set("actions", 0, "xyzzy"), "action 1 of the record, 'xyzzy'"),
    # start
    ("start a number", _set("start", 5), "'start'"),
    ("start nested", _set("start", lambda: {"a": _nested(100_000)}), "'start'"),
    ("start NaN", _set("start", lambda: {"a": math.nan}), "'start'"),
    # result
    ("result a list", _set("result", [1]), "'result'"),
    ("result scores tampered", lambda r: _set("result", "scores",
                                              [s + 7 for s in r["result"]["scores"]])(r),
     "record says .* the record was altered"),
    ("result terminal tampered", lambda r: _set("result", "terminal",
                                                not r["result"]["terminal"])(r),
     "record says .* the record was altered"),
    ("result winners tampered", _set("result", "winners", [0, 1, 0]),
     "record says winners .* altered"),
    ("result scores NaN", _set("result", "scores", [math.nan]), "'result'"),
    ("result scores nested", _set("result", "scores", _nested(100_000)), "'result'"),
    ("result terminal text", _set("result", "terminal", "yes"), "'result'"),
    # the text itself
    ("text nested deeply", lambda r: "[" * 200_000 + "]" * 200_000, "nests too deeply"),
    ("text nested in a field", lambda r: _text_with(r, '"options": {', '"options": {"x": '
                                                    + "[" * 200_000 + "]" * 200_000 + ", "),
     "nests too deeply"),
    ("text huge", lambda r: " " * (MAX_TEXT + 1), "record text is"),
    ("text not JSON", lambda r: "{not json", "not valid JSON"),
    ("text not an object", lambda r: "[1, 2]", "a JSON object, not list"),
]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("label, change, field", CASES, ids=[c[0] for c in CASES])
def test_a_malformed_record_is_refused_naming_the_field(game, label, change, field):
    record = change(copy.deepcopy(RECORDS[game][0]))
    start = time.perf_counter()
    with pytest.raises(InvalidRecord, match=field):
        tabletop.replay(record)
    assert time.perf_counter() - start < 1


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("ply", ["1", 1.5, True, -1, 10**5000, [1], 99],
                         ids=["text", "float", "true", "negative", "huge", "list", "past-end"])
def test_a_bad_ply_is_refused_naming_ply(game, ply):
    with pytest.raises(InvalidRecord, match="ply"):
        tabletop.replay(RECORDS[game][0], ply=ply)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_tampered_result_is_refused_at_every_ply_that_reaches_the_end(game):
    record, state = RECORDS[game]
    record = copy.deepcopy(record)
    record["result"]["scores"] = [s + 1 for s in record["result"]["scores"]]
    end = len(record["actions"])
    for ply in (None, end):
        with pytest.raises(InvalidRecord, match="record says .* the record was altered"):
            tabletop.replay(record, ply=ply)
    assert tabletop.replay(record, ply=end - 1).history == state.history[:-1]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("key", ["terminal", "scores", "winners"])
def test_a_tampered_result_is_refused_naming_the_field_result(game, key):
    """Issue 14: "Every malformed record gets InvalidRecord naming the field" — a result that
    disagrees with the replay names ``'result'`` (it named only the key inside it)."""
    record = copy.deepcopy(RECORDS[game][0])
    record["result"][key] = {"terminal": lambda t: not t,
                             "scores": lambda s: [x + 1 for x in s],
                             "winners": lambda w: [] if w else [0]}[key](record["result"][key])
    for ply in (None, len(record["actions"])):
        with pytest.raises(InvalidRecord, match=f"record says {key} .* in 'result' but its "
                                                "actions give .*: the record was altered"):
            tabletop.replay(record, ply=ply)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_sound_record_replays_as_dict_and_text_at_every_ply_and_is_not_changed(game):
    record, state = RECORDS[game]
    before = copy.deepcopy(record)
    assert tabletop.replay(record) == state
    assert tabletop.replay(json.dumps(record)) == state
    for ply in range(len(record["actions"]) + 1):
        assert tabletop.replay(record, ply=ply).history == state.history[:ply]
    assert record == before


def test_the_callers_fields_are_kept_out_of_the_state_but_must_be_json_a_record_can_hold():
    record = copy.deepcopy(RECORDS["lascaux"][0])
    record["note"] = {"by": "me", "marks": [1, 2.5, None, True], "deep": _nested(10)}
    assert tabletop.replay(record) == RECORDS["lascaux"][1]
    for key, value, said in (("note", math.nan, "record 'note' holds nan"),
                             ("thinking", _nested(100_000), "record 'thinking' nests more")):
        with pytest.raises(InvalidRecord, match=said):
            tabletop.replay({**record, key: value})


def test_a_game_with_a_seed_too_large_for_a_record_cannot_be_started():
    with pytest.raises(InvalidOption, match=r"seed must be an int from 0 to 2\*\*64 - 1"):
        GAMES["lascaux"].new(seed=2**64)


# --- Lacuna's start data: the layout and the pour order -------------------------------------

LACUNA = RECORDS["lacuna"][0]


def _layout(i, value):
    return _set("start", "layout", i, value)


LACUNA_CASES = [
    ("layout x NaN", _layout(0, [math.nan, 0]), "'start'"),
    ("layout x inf", _layout(0, [math.inf, 0]), "'start'"),
    ("layout x float", _layout(0, [0.5, 0]), r"'start' 'layout' item 0 .*\[0.5, 0\]"),
    ("layout x text", _layout(3, ["12", 0]), "'start' 'layout' item 3"),
    ("layout x true", _layout(0, [True, 0]), "'start' 'layout' item 0"),
    ("layout x huge", _layout(0, [10**5000, 0]), "'start'"),
    ("layout x out of range", _layout(0, [10**9, 0]), "'start' 'layout' item 0.*-10000 to 10000"),
    ("layout point of three", _layout(0, [0, 0, 0]), "'start' 'layout' item 0"),
    ("layout point a number", _layout(0, 5), "'start' 'layout' item 0"),
    ("layout too short", lambda r: r["start"]["layout"].pop() and r, "'start'.*48"),
    ("layout too long", lambda r: r["start"]["layout"].append([0, 0]) or r, "'start'.*48"),
    ("layout not a list", _set("start", "layout", "x"), "'start'.*'layout'"),
    ("layout off the mat", _layout(0, [10000, 0]), "'start' layout .*not wholly on the mat"),
    ("layout overlapping", lambda r: _layout(0, r["start"]["layout"][1])(r), "'start'.*overlap"),
    ("layout NaN in text", lambda r: _text_with(r, '"layout": [[', '"layout": [[NaN, 0], ['),
     "'start'"),
    ("pour too short", lambda r: r["start"]["pour"].pop() and r, "'start'.*49"),
    ("pour colour 7", _set("start", "pour", 0, 7), "'start' 'pour' item 0.*0..6"),
    ("pour colour float", _set("start", "pour", 0, 1.0), "'start' 'pour' item 0"),
    ("pour colour true", _set("start", "pour", 0, True), "'start' 'pour' item 0"),
    ("pour counts wrong", _set("start", "pour", lambda: [0] * 49), "'start'.*each colour"),
    ("start missing pour", lambda r: r["start"].pop("pour") and r, "'start' needs 'layout'"),
    ("start extra key", _set("start", "extra", 1), "'start' needs 'layout'"),
    ("start empty", _set("start", lambda: {}), "'start' needs 'layout'"),
]


@pytest.mark.parametrize("label, change, field", LACUNA_CASES, ids=[c[0] for c in LACUNA_CASES])
def test_malformed_lacuna_start_data_is_refused_naming_the_part(label, change, field):
    record = change(copy.deepcopy(LACUNA))
    start = time.perf_counter()
    with pytest.raises(InvalidRecord, match=field):
        tabletop.replay(record)
    assert time.perf_counter() - start < 1


def test_a_saved_file_given_instead_of_its_text_says_how_to_replay_it(tmp_path):
    """``replay`` (and ``widget.load``) take a record or its text, never a path: a path, the
    file's bytes or its name are refused saying how to read the file, and nothing is read."""
    from pathlib import Path

    state = tabletop.load("lava-flows").new(seed=3)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(state.to_record()), encoding="utf-8")
    hint = r"replay\(Path\(name\)\.read_text\(encoding='utf-8'\)\)"
    for given in (saved, saved.read_bytes(), str(saved), "game.json"):
        with pytest.raises(InvalidRecord, match=hint):
            tabletop.replay(given)
    assert tabletop.replay(Path(saved).read_text(encoding="utf-8")) == state
    with pytest.raises(InvalidRecord, match="BOM") as refused:  # the text's own fault
        tabletop.replay("\ufeff" + saved.read_text(encoding="utf-8"))
    assert "read_text" not in str(refused.value)


def test_an_option_a_record_leaves_out_is_the_default_and_one_it_adds_is_refused():
    """Records from before an option existed, and from a version with one this lacks."""
    state = tabletop.load("lava-flows", ply_cap=7, memory=True).new(seed=1, setup="random")
    record = state.to_record()
    older = {**record, "options": {"memory": True}}
    assert tabletop.replay(older).game == tabletop.load("lava-flows", memory=True)
    assert tabletop.replay(record).to_record() == record  # every option written, read back
    newer = {**record, "options": {**record["options"], "lava_colour": "red"}}
    with pytest.raises(InvalidRecord, match=r"lava-flows has no option 'lava_colour'; "
                                            r"options: slide='onto'"):
        tabletop.replay(newer)
