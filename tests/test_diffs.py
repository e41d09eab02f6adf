"""``tabletop.core.diffs``: what differs between two states, views, records or action lists,
in a few short lines naming the field and the item, for every game; and the pytest hook
that shows them when ``assert state == expected`` fails."""

import random
import subprocess
import sys
import textwrap

import pytest

import tabletop
from tabletop.core.diffs import LIMIT, LINE, differences, pytest_assertrepr_compare

GAMES = [("lacuna", 2), ("lascaux", 3), ("lava-flows", 2), ("landlock", 2), ("landlock", 4)]


def played(name, players, plies, seed=1):
    state = tabletop.load(name, players=players).new(seed=seed, setup="random")
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def bounded(lines):
    assert len(lines) <= LIMIT + 1
    assert all(len(line) <= LINE + 1 for line in lines), max(lines, key=len)
    return lines


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_two_moves_from_one_state_differ_in_named_fields(name, players):
    for plies in (0, 10, 30):
        state = played(name, players, plies)
        if state.is_terminal or len(state.legal_actions()) < 2:
            continue
        first, last = (state.apply(a) for a in (state.legal_actions()[0],
                                                 state.legal_actions()[-1]))
        lines = bounded(differences(first, last))
        assert lines, (name, plies)
        fields = {f.split("[")[0].split(":")[0].split(".")[0] for f in lines if f[0] != "…"}
        assert all(hasattr(first, field) for field in fields), lines
        for p in range(players):
            if first.view(p) != last.view(p):
                assert bounded(differences(first.view(p), last.view(p)))
        assert bounded(differences(first.to_record(), last.to_record()))
        assert differences(first, first) == ()
        assert differences(first, tabletop.replay(first.to_record())) == ()


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_long_games_stay_short(name, players):
    """A whole game against its start: the walk ends, the answer is a dozen short lines."""
    start = played(name, players, 0)
    end = played(name, players, 10_000)
    bounded(differences(start, end))
    bounded(differences(start.legal_actions(), end.legal_actions()))
    assert differences(start, start.view(0)) == (f"a {type(start).__name__} != "
                                                f"a {type(start.view(0)).__name__}",)


def test_a_board_cell_is_named_by_its_index():
    state = tabletop.load("landlock").new(seed=1)
    for _ in range(3):
        state = state.apply(state.legal_actions()[0])
    a, b = (state.apply(x) for x in (state.legal_actions()[0], state.legal_actions()[-1]))
    assert all(line.startswith("board[") for line in differences(a, b))


def test_lists_of_different_lengths_say_which_side_holds_what():
    assert differences([1, 2, 3], [1, 3]) == ("[1]: 2 (only on the left)",)
    assert differences((1,), [1]) == ("(1,) (tuple) != [1] (list)",)
    assert differences(list(range(30)), []) == (
        "[0:30]: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, "
        "21, 22, 23, 24, … 30 items) (only on the left)",)
    assert len(differences(list(range(100)), list(range(1, 101)), limit=3)) <= 4


def test_limit_must_be_a_positive_whole_number():
    for bad in (0, -1, 1.5, True, "3"):
        with pytest.raises(ValueError, match="limit must be a whole number"):
            differences(1, 2, limit=bad)
    assert differences(list(range(40)), [-1] * 40, limit=2)[-1] == "… and 38 more differences"


def test_the_pytest_hook_explains_only_tabletop_objects():
    s = played("lava-flows", 2, 6)
    t = s.apply(s.legal_actions()[0])
    lines = pytest_assertrepr_compare("==", s, t)
    assert lines is not None and lines[1].endswith("of differences (tabletop.core.diffs):")
    assert lines[2:] == ["  " + line for line in differences(s, t)]
    assert pytest_assertrepr_compare("==", s.to_record(), t.to_record())
    assert pytest_assertrepr_compare("==", s.legal_actions(), t.legal_actions())
    assert pytest_assertrepr_compare("==", {"a": 1}, {"a": 2}) is None
    assert pytest_assertrepr_compare("!=", s, t) is None


def test_a_failing_assert_in_pytest_shows_the_differing_cell(tmp_path):
    """What a user sees: the conftest import makes pytest's own report name ``board[36]``
    at the default verbosity (without it, pytest prints the 121 cells and hides the rest)."""
    (tmp_path / "conftest.py").write_text(
        "from tabletop.core.diffs import pytest_assertrepr_compare  # noqa: F401\n",
        encoding="utf-8")
    (tmp_path / "test_user.py").write_text(textwrap.dedent("""
        import tabletop

        def test_placement():
            s = tabletop.load("landlock").new(seed=1).apply("land").apply("f6 r0")
            assert s.apply(s.legal_actions()[0]) == s.apply(s.legal_actions()[-1])
    """), encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          "-p", "no:randomly", str(tmp_path)], capture_output=True,
                         encoding="utf-8", cwd=tmp_path, timeout=120)
    assert "1 failed" in run.stdout, run.stdout + run.stderr
    assert "board[" in run.stdout and "of differences (tabletop.core.diffs)" in run.stdout


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_actions_format_as_their_notation(name, players):
    """``f"{move:<20} {visits:>6}"``, as a table of an agent's moves is printed: every
    game's actions take a format spec as their notation does (it was a TypeError)."""
    for plies in (0, 5, 20):
        state = played(name, players, plies)
        for action in state.legal_actions()[:20]:
            assert f"{action:>40}|{action:.3}|{action}" == (
                f"{str(action):>40}|{str(action):.3}|{action!s}")


def test_deep_or_self_holding_lists_end_in_a_line():
    deep_a, deep_b = [1], [2]
    for _ in range(5000):
        deep_a, deep_b = [deep_a], [deep_b]
    lines = bounded(differences(deep_a, deep_b))
    assert len(lines) == 1 and lines[0].startswith("[0]" * 40 + ": ")
    loop_a, loop_b = [1], [2]
    loop_a.append(loop_a)
    loop_b.append(loop_b)
    assert bounded(differences(loop_a, loop_b))[0] == "[0]: 1 != 2"
