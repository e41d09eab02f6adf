"""Every parser reads hostile notation quickly and refuses it with ``IllegalAction`` saying why.

Long text is refused at ``MAX_NOTATION`` characters, quoting only a prefix; numbers are short
and in range; nothing surfaces Python's own limits (the 4,300-digit int limit, float overflow)
and no input makes a pattern backtrack for long.
"""

import re
import time

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.notation import MAX_NOTATION, MAX_NUMBER
from tabletop.games.lacuna.actions import Place, PlaceFree
from tabletop.games.lacuna.actions import parse as lacuna_parse
from tabletop.games.landlock.maps import parse_tile
from tabletop.games.lava_flows.actions import parse as lava_parse

CONFIGS = [("lacuna", 2), ("lascaux", 3), ("lava-flows", 2), ("landlock", 2)]


def _states(name, players):
    """A game's first position and one a few plies in (decisions made at random)."""
    state = tabletop.load(name, players=players).new(seed=5, setup="random")
    later = state
    for _ in range(5):
        if not later.is_terminal:
            later = later.apply(later.legal_actions()[0])
    return [state, later]


def _refused_quickly(state, text):
    start = time.perf_counter()
    with pytest.raises(IllegalAction) as caught:
        state.apply(text)
    assert not state.is_legal(text)
    with pytest.raises(IllegalAction):
        state.game.parse_action(state, text)
    assert time.perf_counter() - start < 1, f"{text[:40]!r} took too long"
    return str(caught.value)


HOSTILE = [
    "place 0-1 @1e-100000000", "place free 1e100000000,0", "place free " + "1." * 40000,
    "x" * 1_000_000, "pass " * 50_000, "choose " + "9" * 5000, "f6 r" + "1" * 5000,
    "eject b2@" + "9" * 5000 + " c2", "bridge " + "a" * 100_000, "\u0663" * 300,
    "place \u0663-\u0664 @0.5", "take " + "\uff11" * 10,
]


@pytest.mark.parametrize("name, players", CONFIGS)
@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: re.sub(r"\W", "_", t[:16]))
def test_hostile_notation_is_refused_quickly_by_every_game(name, players, text):
    for state in _states(name, players):
        message = _refused_quickly(state, text)
        assert len(message) < 2000  # a prefix is quoted, not the whole input


@pytest.mark.parametrize("name, players", CONFIGS)
def test_blown_up_numbers_in_legal_notation_are_refused_quickly(name, players):
    for state in _states(name, players):
        for action in state.legal_actions()[:20]:
            text = str(action)
            for blown in (re.sub(r"\d+", "9" * 5000, text, count=1),
                          re.sub(r"\d+", "9" * 150, text, count=1),
                          re.sub(r"\d+", "1e999999", text, count=1)):
                if blown != text:
                    _refused_quickly(state, blown)


@pytest.mark.parametrize("name, players", CONFIGS)
def test_too_long_text_is_refused_saying_the_cap_and_quoting_a_prefix(name, players):
    state = _states(name, players)[0]
    text = str(state.legal_actions()[0]) + " " * MAX_NOTATION + "x"
    message = _refused_quickly(state, text)
    assert f"at most {MAX_NOTATION} characters" in message
    assert f"({len(text)} characters)" in message


def test_legal_notation_with_spaces_and_case_still_reads():
    state = _states("lascaux", 3)[1]
    action = state.legal_actions()[0]
    assert state.game.parse_action(state, "  " + str(action).upper() + " ") == action


# --- Lacuna's numbers --------------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("place 0-1 @1e-100000000", rf"the position along the line '1e-100000000' is not a number "
                                rf"of at most {MAX_NUMBER} characters"),
    ("place free 1e100000000,0", "a free position's x '1e100000000' is not a number"),
    ("place free 0,1e100000000", "a free position's y '1e100000000' is not a number"),
    ("place free 1e9,0", "a free position's x must be between -10 and 10, not 1e9"),
    ("place 0-1 @1.5", "the position along the line must be between 0 and 1, not 1.5"),
    ("place 0-1 @" + "1" * 30, "is not a number of at most"),
    ("place 0-1 @1/0", "'1/0' divides by zero"),
    ("place 0-1 @nan", "'nan' is not a number"),
    ("place 0-1 @inf", "'inf' is not a number"),
    ("place 0-1 @0x1f", "'0x1f' is not a number"),
    ("place 99999-1 @0.5", "a flower must be a whole number from 0 to 999, not '99999'"),
    ("place 1-" + "9" * 5000 + " @0.5", "too long: notation is at most"),
    ("place free " + "1." * 40000, "too long: notation is at most"),
    ("place free " + "1." * 90, "a free position is two numbers"),
    ("place free 1.1.1,0", "a free position's x '1.1.1' is not a number"),
    ("place free 1,2,3", "a free position is two numbers"),
    ("place free", "a free position is two numbers"),
])
def test_lacuna_numbers_are_short_bounded_and_explained(text, message):
    start = time.perf_counter()
    with pytest.raises(IllegalAction, match=re.escape(message) if "(" in message else message):
        lacuna_parse(text)
    assert time.perf_counter() - start < 1


def test_lacuna_still_reads_every_written_form():
    assert lacuna_parse("place 3-1 @1/3") == Place(1, 3, 683)
    assert lacuna_parse("place 0-1 @0.0029296875") == Place(0, 1, 3)
    assert lacuna_parse("place 0-1 @2.5e-1") == Place(0, 1, 256)
    assert lacuna_parse("place 0 - 1 @ .5") == Place(0, 1, 512)
    for text in ("place free 0.25,-0.5", "place free 0.25, -0.5", "place free (0.25,-0.5)",
                 "place free 0.25 -0.5", "placefree 0.25,-0.5", "place free +.25,-5e-1"):
        assert lacuna_parse(text) == PlaceFree(2500, -5000), text
    assert lacuna_parse("place \u0663-\u0664 @0.5") is None  # ASCII digits only


def test_lacuna_worst_case_free_placement_is_linear():
    """The old pattern took > 25 s on 80 KB of '1.'; the cap and a linear reader make even
    the longest allowed input instant."""
    text = "place free " + "1." * ((MAX_NOTATION - 11) // 2)
    start = time.perf_counter()
    for _ in range(100):
        with pytest.raises(IllegalAction):
            lacuna_parse(text)
    assert time.perf_counter() - start < 1


# --- the other games' parsers -----------------------------------------------------------------

def test_lava_flows_depth_is_bounded():
    with pytest.raises(IllegalAction, match="the depth must be a whole number from 0 to 99"):
        lava_parse("eject b2@123 c2")
    with pytest.raises(IllegalAction, match="too long"):
        lava_parse("eject b2@" + "9" * 5000 + " c2")
    assert lava_parse("eject b2@\u0663 c2") is None  # ASCII digits only
    assert lava_parse("eject b2@11 c2").depth == 11


def test_landlock_tile_rotation_reads_no_long_number():
    assert parse_tile("g7 SL r3") == (72, 5, 3) and parse_tile("g7 SL 2") == (72, 5, 2)
    for rot in ("r" + "9" * 5000, "r\u00b2", "r", "r4", "r-1"):
        start = time.perf_counter()
        with pytest.raises(ValueError, match="rotation must be r0..r3"):
            parse_tile(f"g7 SL {rot}")
        assert time.perf_counter() - start < 1


def test_parse_action_refuses_what_is_not_text_without_printing_it():
    state = _states("lascaux", 3)[0]
    with pytest.raises(IllegalAction, match="not int"):
        state.game.parse_action(state, 10**5000)
