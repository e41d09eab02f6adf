"""The lazy legal actions (``tabletop.core.legal``): read by index without building the list,
and the same as the tuple they stand for in every other way."""

import pickle
import random

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.legal import NONE, LegalActions, nth_set_bit
from tabletop.core.testing import playout


def placing(seed=3):
    return playout(tabletop.load("lacuna").new(seed=seed, setup="random"), seed, plies=3)


def test_a_random_lacuna_move_builds_one_action_and_apply_takes_it_as_it_is():
    state = placing()
    legal = state.legal_actions()
    action = random.Random(0).choice(legal)
    assert not legal.built and len(legal) > 100
    nxt = state.apply(action)
    assert not legal.built and nxt.history[-1] is action


def test_it_equals_hashes_prints_and_pickles_as_its_tuple():
    legal = placing().legal_actions()
    built = tuple(legal)
    assert legal == built and built == legal and hash(legal) == hash(built)
    assert repr(legal) == repr(built) and legal[-3:] == built[-3:] and legal[::7] == built[::7]
    assert pickle.loads(pickle.dumps(legal)) == built and legal + () == built
    assert legal.index(built[5]) == 5 and list(reversed(legal)) == list(reversed(built))
    assert legal != list(built) and legal != built[:-1]


def test_it_orders_and_repeats_as_its_tuple():
    legal = LegalActions(3, lambda i: "abc"[i])
    built = ("a", "b", "c")
    for other in (built, ("a", "b"), ("a", "c"), (), LegalActions(1, lambda i: "b")):
        plain = tuple(other)
        assert (legal < other, legal <= other, legal > other, legal >= other) == \
            (built < plain, built <= plain, built > plain, built >= plain)
        assert (other < legal, other >= legal) == (plain < built, plain >= built)
    assert legal * 2 == 2 * legal == built * 2 and legal * 0 == ()
    with pytest.raises(TypeError):
        legal < ["a"]  # noqa: B015 -- as a tuple refuses a list


def test_indices_out_of_range_raise_index_error():
    legal = LegalActions(2, lambda i: "ab"[i])
    assert legal[-2] == "a"
    for i in (2, -3):
        with pytest.raises(IndexError):
            legal[i]
    assert not legal.built


def test_an_illegal_action_is_still_refused_after_a_legal_one_is_read():
    state = placing()
    state.legal_actions()[0]
    other = placing(seed=4).legal_actions()[0]
    if other not in state.legal_actions():
        with pytest.raises(IllegalAction):
            state.apply(other)
    over = playout(state, 1)
    assert over.legal_actions() == () and not over.legal_actions()


@pytest.mark.parametrize("seed", range(20))
def test_nth_set_bit_agrees_with_listing_the_bits(seed):
    rng = random.Random(seed)
    mask = rng.getrandbits(rng.randrange(1, 1200))
    bits = [b for b in range(mask.bit_length()) if mask >> b & 1]
    assert [nth_set_bit(mask, n) for n in range(len(bits))] == bits


@pytest.mark.parametrize("width", [1, 8, 9, 64, 65, 128, 129, 512, 513, 1023, 1024, 1025,
                                   2049, 5000])
def test_nth_set_bit_at_the_widths_its_halvings_change(width):
    """Every width the fixed halvings (512 .. 8) and the loop above 1,024 bits meet."""
    rng = random.Random(width)
    for mask in (rng.getrandbits(width) | 1 << (width - 1), (1 << width) - 1,
                 1 << (width - 1) | 1):
        bits = [b for b in range(mask.bit_length()) if mask >> b & 1]
        assert [nth_set_bit(mask, n) for n in range(len(bits))] == bits


@pytest.mark.parametrize("name", ["_last", "_length", "_items", "_at", "_mask", "anything"])
def test_a_handed_out_sequence_cannot_be_rebound(name):
    """``apply`` trusts the action last read from the sequence, and every position where
    nobody may act shares one empty sequence: neither can be changed from outside."""
    state = placing()
    legal = state.legal_actions()
    legal[0]
    other = placing(seed=4).legal_actions()[-1]
    for target in (legal, NONE, LegalActions.of((1, 2))):
        with pytest.raises(AttributeError, match="legal actions are read-only"):
            setattr(target, name, other)
        with pytest.raises(AttributeError, match="legal actions are read-only"):
            delattr(target, name)
    assert len(NONE) == 0 and legal._last == legal[0]
    if other not in legal:
        with pytest.raises(IllegalAction):
            state.apply(other)


def test_index_of_an_action_not_listed_says_so():
    legal = placing().legal_actions()
    assert legal.index(legal[3]) == 3 and legal.index(legal[3], 2, 9) == 3
    with pytest.raises(ValueError, match=r"'nothing' is not among these \d+ legal actions"):
        legal.index("nothing")
