"""``check_game`` compares what AI libraries read, not only the pictures, under another
``PYTHONHASHSEED``: ids, the legal actions' order, tensors and information states must be
the same in every process (``tabletop.core.testing.hashnumbers``)."""

import broken_shapeai_hashes
import pytest

import tabletop
from tabletop.core.testing import ConformanceError, check_game, check_hash_seeds
from tabletop.core.testing.hashnumbers import number_digests


@pytest.mark.parametrize("broken, message", [
    ("HashIdsNim", r"hash-ids-nim seed 0 ply 0: the legal actions, in order, and their ids: "
                   r"not the same under another PYTHONHASHSEED \(\d+\): it depends on hash "
                   r"order"),
    ("HashTensorNim", r"hash-tensor-nim seed 0 ply 0, Player 0's view: the observation "
                      r"tensor: not the same under another PYTHONHASHSEED"),
])
def test_numbers_that_follow_hash_order_are_caught(registered, broken, message):
    game = registered(getattr(broken_shapeai_hashes, broken))
    with pytest.raises(ConformanceError, match=message):
        check_hash_seeds(game, seed=0, states=2)


def test_check_game_runs_the_comparison(registered):
    with pytest.raises(ConformanceError, match="their ids: not the same under another"):
        check_game(registered(broken_shapeai_hashes.HashIdsNim), seeds=range(2))


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_hands_the_same_numbers_to_every_process(name):
    game = tabletop.load(name)
    check_hash_seeds(game, seed=1, states=3)
    found = number_digests(game, seed=1, states=3)
    kinds = {what.rpartition(": ")[2] for what, _ in found}
    assert kinds == {"the legal actions, in order, and their ids", "the observation tensor",
                     "the information state"}
