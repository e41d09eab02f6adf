"""Hit areas: the conformance check, its broken toys, and the games it made bigger."""

import itertools
import random

import pytest
from broken_hitareas import CrowdedNim, PaddedNim, TinyNim, WideNim
from broken_targets import TargetNim
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.hitareas import check_hit_areas
from tabletop.render.scene import LAPTOP_BOARD, MIN_HIT, min_hit


def test_the_check_is_part_of_the_abuse_suite():
    assert check_hit_areas in CHECKS and MIN_HIT == 16


@pytest.mark.parametrize("sound", [TargetNim, PaddedNim, SecretNim])
def test_sound_toys_pass(registered, sound):
    check_hit_areas(registered(sound), seeds=range(3))


@pytest.mark.parametrize("broken, message", [
    (TinyNim, r"target \('counter', \d\) is hit only 10 units across \(Circle at "
              r"\(\d+, 30\)\), less than the 16 a click needs"),
    (WideNim, r"target \('counter', \d\) is hit only 16 units across \(Circle at "
              r"\(\d+, 30\)\), less than the 32 a click needs \(16 px where a laptop shows "
              r"this 1008-unit-wide picture\)"),
    (CrowdedNim, r"target \('counter', \d\) is covered: a click at its centre \(\d+, 30\) "
                 r"hits \('counter', \d\) instead"),
])
def test_each_broken_toy_is_caught(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_hit_areas(registered(broken), seeds=range(3))


def test_lava_flows_keeps_a_clickable_piece_of_a_tall_stack_16_px_high():
    """Seed 1 ply 23: b2 holds ten pieces; the one that may be clicked (5 below the top)
    was an 11.8-unit band, then 16 units: 13 px where a laptop shows the 620-unit picture."""
    game = tabletop.load("lava-flows")
    s = game.new(seed=1, setup="decide")
    rng = random.Random(1)
    for _ in range(23):
        s = s.apply(rng.choice(s.legal_actions()))
    offered = game.input_class(s).next_targets()
    assert ("piece", "b2", 5) in offered
    scene = game.draw(s, highlight=offered)
    band = next(sh for sh in scene.shapes if sh.target == ("piece", "b2", 5))
    x0, y0, x1, y1 = band.bounds()
    shown = min(LAPTOP_BOARD[0] / scene.width, LAPTOP_BOARD[1] / scene.height)
    assert y1 - y0 == pytest.approx(min_hit(scene.width, scene.height))
    assert (y1 - y0) * shown == pytest.approx(MIN_HIT)
    plain = next(sh for sh in game.draw(s).shapes if sh.target == ("piece", "b2", 5))
    assert plain.bounds()[3] - plain.bounds()[1] < MIN_HIT


@pytest.mark.parametrize("name", ["lacuna", "lascaux", "lava-flows", "landlock"])
def test_every_game_is_checked_at_16_px_on_a_laptop(name):
    """The check asks each picture for 16 CSS px at the laptop's board box (19.7–20.3 units
    in the four games' 620–640-unit pictures), not 16 units."""
    scene = tabletop.load(name).draw(tabletop.load(name).new(seed=0))
    need = min_hit(scene.width, scene.height)
    assert 19.6 < need < 20.4
    check_hit_areas(tabletop.load(name), seeds=[4], every=4)


def test_lacuna_offers_dots_at_least_16_px_apart_on_short_lines():
    """Without thinning, a short line's five dots stood ~5 px apart; now a pair offers the
    ends and middle, the ends, or the middle alone where the quarters would crowd."""
    from tabletop.games.lacuna import Place
    from tabletop.games.lacuna.render import to_pixels

    s = tabletop.load("lacuna").new(seed=0)
    s = s.apply(s.legal_actions()[0])
    by_pair: dict = {}
    for a in s.legal_actions():
        if isinstance(a, Place):
            by_pair.setdefault((a.a, a.b), []).append(a.k)
    counts = {len(ks) for ks in by_pair.values()}
    assert 5 in counts and counts & {1, 2, 3}
    for (a, b), ks in by_pair.items():
        (ax, ay), (bx, by) = (to_pixels(s, *s.flower_xy(f)) for f in (a, b))
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        gaps = [(k1 - k0) / 1024 * length for k0, k1 in itertools.pairwise(ks)]
        assert all(g >= MIN_HIT for g in gaps), ((a, b), ks, gaps)
