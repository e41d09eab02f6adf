"""A player who knows how tabletop draws its seeds learns nothing from it.

Every hidden part of a game (Lascaux's deck, Landlock's pile, Lacuna's pour order) follows
from the seed of ``new()``, and the public start narrows the seeds down: a player who can try
every seed a game may have been dealt from finds the one that deals the start they see, and
then knows everything. Trying one Lascaux or Lacuna seed through ``new()`` takes about 50 µs
(and the public start names it alone among 200 seeds tried), so 2**32 seeds are a few days
of one core, far less in compiled code: a seed tabletop draws itself must come from the
whole range 0 .. 2**64 - 1.
"""

import pytest

import tabletop
from tabletop.core.record import MAX_SEED


def _drawn(draw, n=24):
    return [draw() for _ in range(n)]


def test_the_first_view_names_its_seed_among_small_ones():
    """Why it matters: with a small known range, a view is enough to find the deal."""
    game = tabletop.load("lascaux", players=3)
    true = game.new(seed=17)
    view = true.view(true.current_player)
    found = [s for s in range(40) if game.new(seed=s).view(view.player) == view]
    assert found == [17] and game.new(seed=found[0]) == true


@pytest.mark.parametrize("name", ["lacuna", "lascaux", "lava-flows", "landlock"])
def test_an_unseeded_game_draws_from_every_seed(name):
    game = tabletop.load(name)
    seeds = _drawn(lambda: game.new().seed)
    assert all(0 <= s <= MAX_SEED for s in seeds)
    # 24 draws all below 2**40 out of 2**64: a chance of 2**-576 if the range is whole
    assert max(seeds) >= 2**40, f"unseeded new() drew {max(seeds)} at most: a small range"


def test_a_pettingzoo_reset_without_a_seed_draws_from_every_seed():
    pytest.importorskip("pettingzoo")
    from tabletop.adapters.pettingzoo import env

    e = env("lascaux", players=3)
    raw = e.unwrapped

    def reset_seed():
        e.reset()
        return raw.tabletop.seed

    unseeded = _drawn(reset_seed)
    assert max(unseeded) >= 2**40
    e.reset(seed=5)
    after_five = _drawn(reset_seed, 4)
    e.reset(seed=5)
    assert _drawn(reset_seed, 4) == after_five  # seeded by the last reset(seed=...), as before
    assert max(after_five) >= 2**32
