"""Lacuna's picture and clicks: targets, options, the set-aside buttons, snapping clicks."""

from __future__ import annotations

import math
import random

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import playout, random_states
from tabletop.games.lacuna import LacunaInput, Place, PlaceFree, SetAside
from tabletop.games.lacuna.render import from_pixels, to_pixels
from tabletop.render.scene import Circle, Line, Polygon

GAME = tabletop.load("lacuna")


def test_input_class_is_set():
    assert GAME.input_class is LacunaInput


def test_only_the_set_aside_choice_is_a_button():
    """Along the paths of sampled actions every target is drawn on the mat, but for the
    set-aside colours (that each legal action is reached by clicking, ``check_game`` checks
    in test_lacuna.py)."""
    rng = random.Random(1)
    checked = 0
    for _, s in random_states(GAME, range(4), every=3):
        legal = s.legal_actions()
        for action in rng.sample(legal, min(len(legal), 15)):
            paths = list(LacunaInput(s).paths(action))
            ci = LacunaInput(s)
            for target in paths[rng.randrange(len(paths))]:
                drawn = s.scene(highlight=ci.next_targets()).targets()
                assert target in drawn or target[0] == "aside"
                ci.click(target)
            checked += 1
    assert checked > 100


def test_wrong_click_explains_and_keeps_the_selection():
    s = GAME.new(seed=3).apply("aside red")
    ci = LacunaInput(s)
    first = s.legal_actions()[0]
    ci.click(("flower", first.a))
    with pytest.raises(IllegalAction, match="makes no legal action"):
        ci.click(("pawn", 7))
    assert ci.selection == (("flower", first.a),)


def test_a_raw_click_near_the_chosen_line_becomes_the_nearest_legal_position():
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0.25, 0.05, "blue")])
    ci = LacunaInput(s)
    ci.click(("flower", 1))
    ci.click(("flower", 0))  # either order
    scene = s.scene(highlight=ci.next_targets())
    # a point at 0.37 along the line, a few pixels off it
    px, py = to_pixels(s, -0.5 + 0.37, 0.0)
    assert scene.hit(px, py + 2) == ("line", 0, 1)
    assert ci.click(("line", 0, 1), (px, py + 2)) == Place(0, 1, round(0.37 * 1024))
    # near the blue flower the nearest legal position is the end of the stretch
    ci.click(("flower", 0))
    ci.click(("flower", 1))
    px, py = to_pixels(s, 0.25, 0.0)
    assert ci.click(("line", 0, 1), (px, py)) == Place(0, 1, 734)
    # the helper on the state
    assert s.nearest_place(1, 0, 0.26, -0.01) == Place(0, 1, 802)
    assert from_pixels(s, *to_pixels(s, 0.3, -0.2)) == pytest.approx((0.3, -0.2))


def test_free_placement_by_dot_or_by_raw_click():
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0, "blue"), (0.9, 0, "blue")])
    ci = LacunaInput(s)
    targets = ci.next_targets()
    assert all(t[0] == "free" for t in targets)
    scene = s.scene(highlight=targets)
    px, py = to_pixels(s, 0.1234, -0.4321)
    assert scene.hit(px, py) == ("mat",)
    assert ci.click(("mat",), (px, py)) == PlaceFree(1234, -4321)
    px, py = to_pixels(s, 0.01, 0.01)  # on the blue flower: just clear of it
    got = ci.click(("mat",), (px, py))
    assert isinstance(got, PlaceFree) and s.is_legal(got)
    assert math.hypot(got.x, got.y) == pytest.approx(601, abs=1)


def test_nearest_free_is_the_nearest_legal_point():
    """Flower disc reach 310 + 290 = 600 ticks, pawn reach 580, rim 9710 (in ticks)."""
    s = GAME.position([(0, 0, "red"), (0.07, 0, "blue"), (0.5, 0.5, "green")],
                      pawns=[(-0.3, 0.3, 0)])
    assert s.open_pairs() == ()
    near = s.nearest_free
    assert near(0.3, -0.2) == PlaceFree(3000, -2000)  # already legal: kept, to the tick
    assert near(0.5, 0.49) == PlaceFree(5000, 4399)  # on a flower: straight out of its disc
    assert near(-0.3, 0.31) == PlaceFree(-3000, 3581)  # on a pawn: out of its disc
    assert near(1.2, 0) == PlaceFree(9709, 0)  # off the mat: back onto it
    # between two flowers whose discs overlap: where their circles cross, not the lattice
    got = near(0.035, 0.0)
    assert got is not None and s.is_legal(got)
    assert (got.x, abs(got.y)) == (350, round(math.sqrt(601**2 - 350**2)))
    # and the answer is the nearest: no legal tick point in a grid around the click is nearer
    for x in range(-700, 1401, 50):
        for y in range(-700, 701, 50):
            if s.is_legal(PlaceFree(x, y)):
                assert math.dist((x, y), (350, 0)) >= math.dist((got.x, got.y), (350, 0)) - 1


def test_set_aside_buttons_are_labelled():
    s = GAME.new(seed=1)
    ci = LacunaInput(s)
    assert ci.next_targets() == tuple(("aside", c) for c in range(7))
    assert ci.label(("aside", 4)) == "set aside blue"
    assert ci.click(("aside", 4)) == SetAside(4)


def test_hit_targets_for_flowers_and_pawns():
    s = GAME.new(seed=2, setup="random")
    s = s.apply(s.legal_actions()[3])
    scene = s.scene()
    x, y = to_pixels(s, *s.flower_xy(s.flowers_on_mat()[0]))
    assert scene.hit(x, y) == ("flower", s.flowers_on_mat()[0])
    x, y = to_pixels(s, *s.pawn_xy(0))
    assert scene.hit(x, y) == ("pawn", 0)


def test_drawing_options():
    s = GAME.new(seed=5).apply("aside yellow")
    s = s.apply(s.legal_actions()[7])
    open_lines = [sh for sh in s.scene(lines=True).shapes if isinstance(sh, Line)]
    assert len(open_lines) == len(s.open_pairs())
    reds = [p for p in s.open_pairs() if s.colors[p[0]] == 0]
    assert len([sh for sh in s.scene(lines="red").shapes if isinstance(sh, Line)]) == len(reds)
    blocked = s.scene(blocked=True)
    rings = [sh for sh in blocked.shapes if isinstance(sh, Circle) and sh.title
             and sh.title.startswith("blocks")]
    assert rings and len(s.blocked_pairs()) > 0
    (a, b), why = s.blocked_pairs()[0]
    one = s.scene(line=(a, b))
    assert sum(1 for sh in one.shapes if sh.title == f"blocks {a}-{b}") == len(why)
    a, b = s.open_pairs()[0]
    stretch = [sh for sh in s.scene(line=(a, b)).shapes
               if sh.title == f"where a pawn may stand on {a}-{b}"]
    assert len(stretch) == len(s.stretch(a, b))
    assert not [sh for sh in s.scene().shapes if isinstance(sh, Polygon)]
    assert [sh for sh in s.scene(territories=True).shapes if isinstance(sh, Polygon)]


def test_end_shows_territories_and_claims_and_views_draw():
    end = playout(GAME.new(seed=7), 7)
    scene = end.scene(last=end.history[-1])
    cells = [sh for sh in scene.shapes if isinstance(sh, Polygon)]
    assert len(cells) == 12
    claims = [sh for sh in scene.shapes if sh.title and ("'s" in sh.title or "tie" in sh.title)
              and sh.title.startswith("flower")]
    assert len(claims) == len(end.claims())
    assert "game over" in end.svg()
    for p in (0, 1):
        assert end.view(p).svg().startswith("<svg")
    assert GAME.new(seed=1).view(0).svg().count('fill="#777777"') == 48  # colours not poured


def test_a_click_in_a_gap_of_the_chosen_line_snaps_to_the_nearest_legal_spot():
    """Seed 1: the line 24-41 is interrupted beside flower 30; a click there (k=256) places
    the pawn at the nearest legal position (k=233) instead of being refused."""
    from tabletop.games.lacuna.geometry import STEPS
    from tabletop.games.lacuna.render import to_pixels

    s = tabletop.load("lacuna").new(seed=1).apply("aside red")
    clicks = s.game.input_class(s)
    assert clicks.click(("flower", 24)) is None and clicks.click(("flower", 41)) is None
    (ax, ay), (bx, by) = s.flower_xy(24), s.flower_xy(41)
    point = to_pixels(s, ax + 256 / STEPS * (bx - ax), ay + 256 / STEPS * (by - ay))
    target = s.scene(highlight=clicks.next_targets()).hit(*point)
    assert target == ("line", 24, 41)
    assert str(clicks.click(target, point)) == "place 24-41 @0.2275390625"
