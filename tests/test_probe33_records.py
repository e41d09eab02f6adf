"""Probe 33, records and notation: typed junk is refused saying what actions look like (every
game, and the conformance check that says so); one walker of JSON-like data for records and
bot thinking."""

import json
import math

import numpy as np
import pytest
from broken_targets import TargetNim
from broken_typed import (
    AnySubjectNim,
    FormsNim,
    GenericNim,
    ListsNim,
    NormalisedNim,
    SilentTurnNim,
    UnquotedNim,
)

import tabletop
from tabletop.core.errors import IllegalAction, InvalidOption, InvalidRecord
from tabletop.core.registry import game_class
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.common import playout
from tabletop.core.testing.typed import (
    check_click_subjects,
    check_notation_forms,
    check_typed_turns,
)

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]


@pytest.mark.parametrize("name, players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_every_game_says_what_actions_look_like(name, players):
    check_notation_forms(tabletop.load(name, players=players), seeds=range(3), every=3)


EXAMPLES = {"lacuna": "'place 0-1 @1/2'", "lascaux": "'choose blue'",
            "lava-flows": "'move a1-b1'", "landlock": "'f6 r1'"}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_junk_is_refused_with_an_example_mid_game_and_at_the_end(name):
    start = tabletop.load(name).new(seed=4)
    for state in (start, playout(start, seed=4)):
        for subject in (state, state.view(0), state.view(1)):
            with pytest.raises(IllegalAction) as refused:
                subject.game.parse_action(subject, "xyzzy")
            assert refused.value.reason.startswith("'xyzzy' is no ")
            assert EXAMPLES[name] in refused.value.reason


def test_the_sound_toy_passes(registered):
    check_notation_forms(registered(FormsNim), seeds=range(3), every=1)


@pytest.mark.parametrize("broken", [GenericNim, ListsNim, UnquotedNim])
def test_each_broken_toy_is_caught(registered, broken):
    with pytest.raises(ConformanceError, match="refused without saying what actions look"):
        check_notation_forms(registered(broken), seeds=range(3), every=1)


def test_a_refusal_that_quotes_the_normalised_text_is_caught(registered):
    with pytest.raises(ConformanceError, match="typed '  Q9   ZZ ' was refused without quoting "
                                               "it as typed"):
        check_notation_forms(registered(NormalisedNim), seeds=range(3), every=1)


def test_landlock_quotes_typed_junk_as_typed():
    state = tabletop.load("landlock").new(seed=1)
    for typed in (" F6  R9 ", "   ", "Bridge  Q9"):
        with pytest.raises(IllegalAction) as refused:
            state.apply(typed)
        assert refused.value.reason.startswith(f"{typed!r} is no action in The Legend of "
                                               f"Landlock: ")


# --- one walker of JSON-like data ----------------------------------------------------------

def test_records_and_thinking_walk_json_with_the_one_core_walker(monkeypatch):
    """Both refuse through ``plain.json_data``: a walker made to refuse everything refuses
    for both, each in its own words."""
    import tabletop.core.plain as plain_module
    from tabletop.core import record
    from tabletop.widgets import thinking

    def refuse(value, budget, *args, **kwargs):
        raise plain_module.NotJSON("value", value)

    monkeypatch.setattr(record, "json_data", refuse)
    monkeypatch.setattr(thinking, "json_data", refuse)
    with pytest.raises(InvalidRecord, match="record 'note' holds 1, which is not a finite"):
        record._check_plain(1, "note", [10])
    with pytest.raises(InvalidRecord, match="thinking holds 1, which is not finite JSON"):
        thinking.json_copy(1, "thinking")


LOOP: list = []
LOOP.append(LOOP)


@pytest.mark.parametrize("value, in_record, in_thinking", ids=range(8), argvalues=[
    ({"a": (1, 2)}, "record 'x' holds \\(1, 2\\), which is not a finite JSON value", None),
    ({"a": np.int64(3)}, "record 'x' holds np.int64\\(3\\)|record 'x' holds 3", None),
    ({1: 2}, "record 'x' has a key 1, not a string", "thinking has the key 1: keys are"),
    (LOOP, "record 'x' nests more than 16 deep", "thinking nests more than 16 deep"),
    ({"a": [math.nan]}, "record 'x' holds nan", "thinking: 'a' holds nan, which is not"),
    (list(range(200_001)), "record 'x' holds too much data", "more than 100000 values"),
    (2 ** 1600, "record 'x' holds an integer of about 482 digits", "thinking holds an int"),
    (10 ** 401, None, "thinking holds an integer of about 402 digits, which is not finite"),
])
def test_each_caller_keeps_its_rules_and_words(value, in_record, in_thinking):
    from tabletop.core.record import _check_plain
    from tabletop.widgets.thinking import json_copy

    if in_record is None:
        _check_plain(value, "x", [100_000])  # a record reads integers of 400 digits
    else:
        with pytest.raises(InvalidRecord, match=in_record):
            _check_plain(value, "x", [100_000])
    if in_thinking is None:
        json_copy(value, "thinking")  # taken: a tuple as a list, numpy's numbers plain
    else:
        with pytest.raises(InvalidRecord, match=in_thinking):
            json_copy(value, "thinking")


def test_json_data_copies_loosely_and_names_the_outer_field():
    from tabletop.core.plain import NotJSON, json_data

    given = {"a": (1, np.float32(0.5)), "b": {"c": [None, True, "x"]}}
    copied = json_data(given, [100], loose=True)
    assert copied == {"a": [1, 0.5], "b": {"c": [None, True, "x"]}}
    assert copied["b"]["c"] is not given["b"]["c"]
    with pytest.raises(NotJSON) as refused:
        json_data({"b": {"c": [object()]}}, [100])
    assert (refused.value.problem, refused.value.field) == ("value", "b")


# --- JSON text that names a key twice --------------------------------------------------------

def _record_text(name="lascaux"):
    state = playout(tabletop.load(name).new(seed=3), seed=3, plies=6)
    return json.dumps(state.to_record(note={"a": 1}))


@pytest.mark.parametrize("old, new, key", [
    ('{"format"', '{"game": "lava-flows", "format"', "game"),
    ('"seed": ', '"seed": 5, "seed": ', "seed"),
    ('"options": {', '"options": {"strict_colour": true, ', "strict_colour"),
    ('"note": {', '"note": {"a": 2, ', "a"),
])
def test_record_text_naming_a_key_twice_is_refused(old, new, key):
    """Python's json keeps the last of two keys, other readers the first: the same text would
    replay as two different games."""
    text = _record_text().replace(old, new, 1)
    with pytest.raises(InvalidRecord, match=f"record text gives the key '{key}' twice in one "
                                            "object"):
        tabletop.replay(text)


def test_a_golden_file_naming_a_key_twice_or_not_json_is_refused():
    from tabletop.core.golden import HEADER, settings_of

    with pytest.raises(ValueError, match="give the key 'seed' twice"):
        settings_of(HEADER + '\n{"game": "lascaux", "players": 3, "options": {}, "seed": 1, '
                             '"seed": 2}\n')
    with pytest.raises(ValueError, match=r"its second line\) are not JSON: Expecting"):
        settings_of(HEADER + "\n{bad\n")


@pytest.mark.parametrize("option", ["players", "name"])
def test_a_golden_file_with_players_among_its_options_is_refused_in_words(option):
    from tabletop.core.golden import HEADER, regenerate

    text = HEADER + "\n" + json.dumps({"game": "lascaux", "players": 3, "options": {option: 3},
                                       "seed": 1}) + "\n"
    with pytest.raises(ValueError, match="no option 'players' or 'name'"):
        regenerate(text)


def test_a_playthrough_needs_a_seed_to_be_played_again():
    from tabletop.core.golden import playthrough

    with pytest.raises(InvalidOption, match="playthrough needs a seed"):
        playthrough(tabletop.load("lascaux"), None)


# --- trees pruned by hand ----------------------------------------------------------------------

def test_expand_after_a_node_was_removed_overwrites_no_node():
    from tabletop.core.tree import expand, explore

    graph = explore(tabletop.load("lava-flows").new(seed=1, setup="random"), depth=1)
    last = max(graph)
    kept = graph.nodes[last]["state"]
    graph.remove_node(1)
    new = expand(graph, 2)
    assert new and last not in new and len(set(new)) == len(new)
    assert graph.nodes[last]["state"] is kept and list(graph.predecessors(last)) == [0]


def test_a_merged_tree_expanded_again_after_a_removal_has_no_bare_node():
    from tabletop.core.tree import expand, explore

    graph = explore(tabletop.load("lava-flows").new(seed=1, setup="random"), depth=1,
                    merge=True)
    graph.remove_node(1)
    graph.remove_edges_from(list(graph.out_edges(0)))
    expand(graph, 0)
    assert all("state" in graph.nodes[n] for n in graph)


@pytest.mark.parametrize("depth", [None, "x", 1.5])
def test_expand_refuses_a_node_whose_depth_was_changed(depth):
    from tabletop.core.tree import expand, explore

    graph = explore(tabletop.load("lascaux").new(seed=1), depth=1)
    graph.nodes[2]["depth"] = depth
    with pytest.raises(ValueError, match=r"with its depth \(an int\); node 2 has the "
                                         "depth"):
        expand(graph, 2)


# --- where a click fell ------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(EXAMPLES))
@pytest.mark.parametrize("point", [(10**400, 0), ("a", "b"), (1, 2, 3), 5, "xy", {"x": 1},
                                   (True, False)])
def test_a_click_at_no_point_is_refused_naming_the_point(name, point):
    """Lacuna read a click's point as numbers (an OverflowError, a TypeError from inside);
    every game now gets two floats or a ValueError saying what a point is."""
    state = tabletop.load(name).new(seed=2)
    inp = state.game.input_class(state)
    target = inp.next_targets()[0]
    if point == (10**400, 0):  # a number too large for a float: far off, so it hits nothing
        try:
            inp.click(target, point)
        except IllegalAction:
            pass
        return
    with pytest.raises(ValueError, match=r"point should be a pair of numbers \(x, y\) or None"):
        inp.click(target, point)
    assert inp.selection == ()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_click_input_refuses_junk_and_another_games_positions(name):
    game = tabletop.load(name)
    for junk in ("x", None, 5, game):
        with pytest.raises(TypeError, match="takes a state or view of its game, not"):
            game.input_class(junk)
    for other in sorted(set(EXAMPLES) - {name}):
        state = tabletop.load(other).new(seed=1)
        with pytest.raises(TypeError, match=f"reads clicks on another game's positions, not "
                                            f"{other}'s"):
            game.input_class(state)
    state = game.new(seed=1)
    assert game.input_class(state).next_targets() and game.input_class(state.view(0))


def test_a_game_subclass_keeps_its_parents_click_input(registered):
    from tabletop.games.lascaux.rules import Lascaux

    class House(Lascaux):
        name = "house-lascaux"

    state = registered(House).new(seed=1)
    assert state.game.input_class(state).next_targets()


def test_the_click_subjects_check_is_part_of_the_abuse_suite():
    assert check_click_subjects in CHECKS


def test_the_click_subjects_check_passes_a_sound_toy_and_catches_a_broken_one(registered):
    check_click_subjects(registered(TargetNim))
    with pytest.raises(ConformanceError, match="any-subject-nim: OwnInitInput: made on 'x', "
                                               "it raised AttributeError"):
        check_click_subjects(registered(AnySubjectNim))


def test_the_typed_turns_check_is_part_of_the_abuse_suite():
    assert check_typed_turns in CHECKS


def test_the_typed_turns_check_passes_a_sound_toy_and_catches_a_broken_one(registered):
    check_typed_turns(registered(FormsNim), seeds=range(3), every=1)
    with pytest.raises(ConformanceError, match="view: typed 'bonus 0' was refused without "
                                               "saying \"it is Player"):
        check_typed_turns(registered(SilentTurnNim), seeds=range(3), every=1)


@pytest.mark.parametrize("name", ["lacuna", "lava-flows"])
def test_a_move_typed_out_of_turn_says_whose_turn_it_is(name):
    state = playout(tabletop.load(name).new(seed=3), seed=3, plies=4)
    waiting = state.view(1 - state.current_player)
    with pytest.raises(IllegalAction, match=r"is not legal here \(it is \w+'s turn, not"):
        waiting._coerce(str(state.legal_actions()[0]))


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_a_click_on_a_numpy_array_is_read_as_its_items_or_refused(name):
    """An array compared with a target raised numpy's "truth value … is ambiguous"."""
    state = tabletop.load(name).new(seed=2)
    inp = state.game.input_class(state)
    first = inp.next_targets()[0]
    for junk in (np.array([1, 2]), np.array(7), np.array([[1, 2]]), {1, 2}):
        with pytest.raises(IllegalAction, match="makes no legal action"):
            inp.click(junk)
        assert inp.selection == ()
    as_array = np.array(first, dtype=object) if isinstance(first, tuple) else np.array(first)
    assert inp.click(as_array) == state.game.input_class(state).click(first)
