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


def test_openspiel_strings_tell_unequal_states_apart_and_merge_equal_ones():
    """OpenSpiel keys states by ``str(state)`` (``get_all_states``, value iteration): Lava
    Flows' states after the same first arrangement from seeds with another first player
    read the same as text, and were merged; now the string ends with the state's key."""
    pytest.importorskip("pyspiel")
    from tabletop.adapters import openspiel

    game = openspiel.load_game("lava-flows", seeds=8)
    found: dict[str, set] = {}
    for seed in range(8):
        state = game.new_initial_state()
        state.apply_action(seed)
        state.apply_action(state.legal_actions()[0])
        found.setdefault(str(state), set()).add(state.tabletop)
    assert all(len(states) == 1 for states in found.values())
    assert len(found) == 2  # who plays first after the setup: two positions, two strings
    text = next(iter(found))
    assert text.startswith("Lava Flows · Black arranges") and "\nstate " in text


def test_position_keys_are_the_same_in_every_process():
    import subprocess
    import sys

    code = ("import tabletop; from tabletop.core.keys import position_key as k; "
            "s = tabletop.load('lascaux', players=4).new(seed=3); "
            "print(k(s), k(s.apply(s.legal_actions()[0])), k(s.view(1)), "
            "k(frozenset(map(str, range(40)))))")  # a set of strings: no hash-seed order
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**__import__("os").environ,
                                            "PYTHONHASHSEED": seed}).stdout
            for seed in ("0", "1", "12345")}
    assert len(outs) == 1 and len(outs.pop().split()) == 4


@pytest.mark.parametrize("name", tabletop.games())
def test_openspiel_strings_are_equal_exactly_for_equal_states(name):
    """Every game's first positions from many seeds (which differ in what no one sees: a
    deck, a pile, the first player) and the positions of seeded games: equal OpenSpiel
    strings for equal states, and only for them."""
    pytest.importorskip("pyspiel")
    from tabletop.adapters import openspiel
    from tabletop.core.testing.common import random_states

    game = openspiel.load_game(name)
    states = [game.tabletop.new(seed=seed) for seed in range(30)]
    states += [state for _, state in random_states(game.tabletop, range(3), every=5)]
    by_text: dict[str, set] = {}
    for state in states:
        by_text.setdefault(str(openspiel.TabletopState(game, state)), set()).add(state)
    assert all(len(same) == 1 for same in by_text.values())
    assert len(by_text) == len(set(states))


def test_position_keys_follow_equality_across_number_types():
    """``mat_radius=1`` and ``mat_radius=1.0`` make equal games, so equal states: one key,
    and one OpenSpiel string."""
    import numpy as np

    from tabletop.core.keys import position_key

    states = [tabletop.load("lacuna", mat_radius=r).new(seed=4) for r in (1, 1.0, np.float64(1))]
    assert states[0] == states[1] == states[2]
    assert len({position_key(s) for s in states}) == 1
    assert len({position_key(s.view(1)) for s in states}) == 1
    assert position_key(tabletop.load("lacuna", mat_radius=1.5).new(seed=4)) != position_key(
        states[0])
