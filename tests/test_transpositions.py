"""Equal states are one position: the toy ``check_transpositions`` catches (it runs on
every game in ``check_abuse``: tests/test_abuse.py), and what it meets in real games."""

import copy
import pickle

import pytest

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.transpositions import check_transpositions


def test_a_field_kept_out_of_equality_that_changes_the_answers_is_caught(registered):
    import broken_transpositions

    with pytest.raises(ConformanceError, match=r"habit-nim seed \d+ ply \d+, 'take \d', "
                                               r".*equal states answer differently: "
                                               r"legal actions"):
        check_transpositions(registered(broken_transpositions.HabitNim), seeds=range(6))


def test_the_same_field_compared_passes(registered):
    import broken_transpositions

    check_transpositions(registered(broken_transpositions.ComparedHabitNim), seeds=range(6))


def test_the_check_meets_real_transpositions():
    """In Landlock, two tiles of one player placed in either order around the other's
    reach equal states: the check's swapped orders find such pairs, so it checks
    something (Lacuna's pawns in placement order and Lava Flows' announcements and
    repetition record make its swapped orders unequal: see docs/promises.md)."""
    import random

    from tabletop.core.testing.common import random_states
    from tabletop.core.testing.transpositions import _swapped

    rng = random.Random(0)
    equal = 0
    for _, state in random_states(tabletop.load("landlock"), [1], every=4):
        made = _swapped(state, rng)
        if made is not None and made[1] == made[2]:
            equal += 1
            x, y = made[1], made[2]
            assert {x: 1}[y] == 1 and hash(x) == hash(y)
            assert list(map(str, x.legal_actions())) == list(map(str, y.legal_actions()))
            assert x.history != y.history
    assert equal >= 2


def test_states_of_other_player_counts_or_options_are_never_equal():
    two, four = (tabletop.load("landlock", players=n).new(seed=5) for n in (2, 4))
    assert two != four and four != two
    placed = tabletop.load("landlock", players=4, gnomes="placed").new(seed=5)
    assert placed != four
    for state in (two, four, placed):
        for other in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert other == state and hash(other) == hash(state)
