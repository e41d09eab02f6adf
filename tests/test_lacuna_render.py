"""Lacuna's picture and clicks: targets, options, the set-aside buttons, snapping clicks."""

from __future__ import annotations

import math
import random

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import playout, random_states
from tabletop.games.lacuna import LacunaInput, Place, PlaceFree, SetAside
from tabletop.games.lacuna.render import MARK_HIT, UNPOURED, from_pixels, to_pixels
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
    """Placing freely; by default the same click snaps to the nearest dot (k=256)."""
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0.25, 0.05, "blue")])
    snapping = LacunaInput(s)
    snapping.click(("flower", 0))
    snapping.click(("flower", 1))
    px, py = to_pixels(s, -0.5 + 0.37, 0.0)
    assert snapping.click(("line", 0, 1), (px, py + 2)) == Place(0, 1, 256)
    ci = LacunaInput(s, free=True)
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
    from tabletop.games.lacuna.input import PLACE_FREELY

    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0, "blue"), (0.9, 0, "blue")])
    ci = LacunaInput(s)
    targets = ci.next_targets()
    assert targets[-1] == PLACE_FREELY and all(t[0] == "free" for t in targets[:-1])
    scene = s.scene(highlight=targets)
    px, py = to_pixels(s, 0.1234, -0.4321)
    assert scene.hit(px, py) == ("mat",)
    # by default a click on the mat takes the nearest offered dot (the R/4 lattice) ...
    assert ci.click(("mat",), (px, py)) == PlaceFree(0, -5000)
    # ... and after "place freely", the point clicked
    ci.click(PLACE_FREELY)
    assert ci.click(("mat",), (px, py)) == PlaceFree(1234, -4321)
    ci = LacunaInput(s, free=True)
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
    assert near(0.5, 0.49) == PlaceFree(5000, 4400)  # on a flower: out of its disc, touching it
    assert near(-0.3, 0.31) == PlaceFree(-3000, 3580)  # on a pawn: out of its disc, touching
    assert near(1.2, 0) == PlaceFree(9710, 0)  # off the mat: back onto it, on the rim
    # between two flowers whose discs overlap: where their circles cross, not the lattice
    got = near(0.035, 0.0)
    assert got is not None and s.is_legal(got)
    assert (got.x, abs(got.y)) == (350, math.isqrt(600**2 - 350**2 - 1) + 1)  # touching both
    # and the answer is the nearest: no legal tick point in a grid around the click is nearer
    for x in range(-700, 1401, 50):
        for y in range(-700, 701, 50):
            if s.is_legal(PlaceFree(x, y)):
                assert math.dist((x, y), (350, 0)) >= math.dist((got.x, got.y), (350, 0))


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
    assert not [sh for sh in s.scene().shapes if _territory(sh)]
    assert [sh for sh in s.scene(territories=True).shapes if _territory(sh)]


def test_end_shows_territories_and_claims_and_views_draw():
    end = playout(GAME.new(seed=7), 7)
    scene = end.scene(last=end.history[-1])
    cells = [sh for sh in scene.shapes if _territory(sh)]
    assert len(cells) == 12
    claims = [sh for sh in scene.shapes if sh.title and ("'s" in sh.title or "tie" in sh.title)
              and sh.title.startswith("flower")]
    assert len(claims) == len(end.claims())
    assert "game over" in end.svg()
    for p in (0, 1):
        assert end.view(p).svg().startswith("<svg")
    assert GAME.new(seed=1).view(0).svg().count(f'fill="{UNPOURED}"') == 48  # not poured


def _territory(shape):
    """A Voronoi cell of the end picture (flowers of some colours are polygons too)."""
    return isinstance(shape, Polygon) and (shape.title or "").endswith("territory")


def _line_click(s, a, b, k):
    """The scene point ``k/1024`` of the way along line a-b, and what it hits."""
    from tabletop.games.lacuna.geometry import STEPS
    from tabletop.games.lacuna.render import to_pixels

    (ax, ay), (bx, by) = s.flower_xy(a), s.flower_xy(b)
    return to_pixels(s, ax + k / STEPS * (bx - ax), ay + k / STEPS * (by - ay))


def _picked(s, a, b, **kw):
    clicks = s.game.input_class(s, **kw)
    assert clicks.click(("flower", a)) is None and clicks.click(("flower", b)) is None
    return clicks


def test_a_click_in_a_gap_of_the_chosen_line_snaps_to_the_nearest_offered_dot():
    """Seed 1: the line 24-41 is interrupted beside flower 30; a click there (k=240, 13 units
    from the flower's centre, outside its 10-unit hit radius) places the pawn on the nearest
    dot the game offers, and the move reads as that dot."""
    s = tabletop.load("lacuna").new(seed=1).apply("aside red")
    offered = sorted(a.k for a in s.legal_actions() if isinstance(a, Place)
                     and (a.a, a.b) == (24, 41))
    assert 240 not in offered and offered
    clicks = _picked(s, 24, 41)
    point = _line_click(s, 24, 41, 240)
    target = s.scene(highlight=clicks.next_targets()).hit(*point)
    assert target == ("line", 24, 41)
    played = clicks.click(target, point)
    assert played == Place(24, 41, min(offered, key=lambda k: abs(k - 240)))
    assert played in s.legal_actions() and str(played).split("@")[1] in ("0", "1/4", "1/2",
                                                                          "3/4", "1")


def test_a_click_between_two_dots_takes_the_nearer_even_where_their_hit_areas_meet():
    s = tabletop.load("lacuna").new(seed=1).apply("aside red")
    pair = next((a, b) for a, b in s.open_pairs()
                if {256, 512} <= {p.k for p in s.legal_actions()
                                  if isinstance(p, Place) and (p.a, p.b) == (a, b)})
    for k, expected in ((300, 256), (380, 256), (390, 512), (500, 512)):
        clicks = _picked(s, *pair)
        point = _line_click(s, *pair, k)
        target = s.scene(highlight=clicks.next_targets()).hit(*point)
        assert clicks.click(target, point) == Place(*pair, expected), (k, target)


def test_place_freely_is_a_button_and_places_the_pawn_where_the_click_lands():
    """The same gap click as above, after "place freely": the nearest legal point, k=233."""
    from tabletop.games.lacuna.input import PLACE_FREELY, PLACE_ON_DOTS
    from tabletop.widgets.session import Session

    s = tabletop.load("lacuna").new(seed=1).apply("aside red")
    clicks = _picked(s, 24, 41)
    assert PLACE_FREELY in clicks.next_targets()
    assert PLACE_FREELY not in s.scene(highlight=clicks.next_targets()).targets()
    assert clicks.click(PLACE_FREELY) is None and clicks.free
    assert clicks.selection == (("flower", 24), ("flower", 41))
    assert PLACE_ON_DOTS in clicks.next_targets() and "exactly" in clicks.hint()
    point = _line_click(s, 24, 41, 240)
    target = s.scene(highlight=clicks.next_targets()).hit(*point)
    assert str(clicks.click(target, point)) == "place 24-41 @0.228"
    # in the widget's model the choice is a button beside the board
    session = Session(tabletop.load("lacuna").new(seed=1))
    session.play("aside red")
    session.choose(("flower", 24))
    session.choose(("flower", 41))
    assert (PLACE_FREELY, "place freely") in session.buttons()
    session.choose(PLACE_FREELY)
    assert (PLACE_ON_DOTS, "place on the dots") in session.buttons()


def test_the_placement_buttons_are_refused_before_a_line_is_chosen():
    from tabletop.games.lacuna.input import PLACE_FREELY

    s = tabletop.load("lacuna").new(seed=1).apply("aside red")
    clicks = s.game.input_class(s)
    assert PLACE_FREELY not in clicks.next_targets()
    with pytest.raises(IllegalAction, match="makes no legal action"):
        clicks.click(PLACE_FREELY)
    assert not clicks.free and clicks.selection == ()


def test_dots_and_flowers_are_hit_16_px_wide_though_drawn_smaller():
    s = tabletop.load("lacuna").new(seed=1).apply("aside red")
    clicks = _picked(s, 24, 41)
    scene = s.scene(highlight=clicks.next_targets())
    dots = [sh for t, sh in scene.targets().items() if t[0] in ("spot", "flower")]
    assert dots and all(sh.r < 8 <= max(sh.r, sh.hit_r) for sh in dots)
    spot = next(sh for t, sh in scene.targets().items() if t[0] == "spot")
    assert scene.hit(spot.x + 7.5, spot.y) == spot.target


def test_in_the_widget_place_freely_is_a_button_that_changes_where_a_click_lands():
    w = tabletop.play("lacuna", seed=1, agent_delay=0)
    w.play("aside red")
    w.choose(("flower", 24))
    w.choose(("flower", 41))
    assert [b.description for b in w.choices.children] == ["place freely"]
    w.choices.children[0].click()
    assert [b.description for b in w.choices.children] == ["place on the dots"]
    assert "exactly there" in w.message
    w.click(*_line_click(w.state, 24, 41, 240))
    assert w.state.history[-1] == Place(24, 41, 233)


def test_a_pair_that_is_no_line_is_refused_not_drawn_as_a_blocked_line():
    """``line=(a, b)`` draws a line's stretch or blockers; a pair of two colours, one flower
    twice, a flower taken, or flowers not yet coloured is no line (it was drawn dashed as
    "blocked" with nothing ringed)."""
    s = GAME.new(seed=2).apply("aside blue")
    c = s.colors
    a, b = next((a, b) for a in range(48) for b in range(a + 1, 48) if c[a] != c[b])
    with pytest.raises(ValueError, match=rf"^line=\({a}, {b}\) is no line: flower {a} is "
                                         r"\w+ and flower \d+ \w+ \(a line joins two "
                                         r"flowers of one colour\)$"):
        s.scene(line=(b, a))
    with pytest.raises(ValueError, match=r"^line=\(3, 3\) is no line: it names flower 3 twice"):
        s.svg(line=(3, 3))
    taken = s.apply(s.legal_actions()[0])
    gone = taken.history[-1]
    partner = next(f for f in taken.flowers_on_mat() if c[f] == c[gone.a])
    with pytest.raises(ValueError, match=rf"flower {gone.a} is no longer on the mat"):
        taken.scene(line=(gone.a, partner))
    with pytest.raises(ValueError, match=r"the colours are not poured yet"):
        GAME.new(seed=2).view(1).scene(line=(0, 1))
    a, b = s.open_pairs()[0]
    assert s.scene(line=(a, b)) is not None  # a line is drawn as before
    (a, b), why = s.blocked_pairs()[0]
    assert sum(1 for sh in s.scene(line=(a, b)).shapes if sh.title == f"blocks {a}-{b}") \
        == len(why) > 0


@pytest.mark.parametrize("point", ["x", (1,), (1, 2, 3), (math.nan, 0), (0, math.inf),
                                   (True, 0), None])
def test_click_to_place_refuses_a_point_that_is_no_pair_of_finite_numbers(point):
    from tabletop.games.lacuna import click_to_place

    s = GAME.new(seed=1).apply("aside red")
    with pytest.raises(ValueError, match=r"^click_to_place takes a point \(x, y\) of two "
                                         r"finite numbers in scene pixels, not "):
        click_to_place(s, 0, 1, point)
    with pytest.raises(ValueError, match=r"^click_to_place\(a, b\): a and b should be "
                                         r"flowers 0\.\.47, not 0, 99"):
        click_to_place(s, 0, 99, (300, 300))
    assert click_to_place(s, 0, 1, (236, 37)) == Place(0, 1, 519)


@pytest.mark.parametrize("options", [{"flower_radius": 0.01, "pawn_radius": 0.01},
                                     {"mat_radius": 2, "flower_radius": 0.02},
                                     {"flower_radius": 0.0001, "pawn_radius": 0.0001}])
def test_a_click_at_a_small_flowers_centre_takes_that_flower(options):
    """Flowers under about 1.3% of the mat radius (2.5 radii apart at the closest) came
    closer on the picture than the 8-pixel hit radius: a click at flower 20's centre took
    flower 21, drawn over it (``flower_radius=0.01``, seed 0). Now each such flower's hit
    area stops short of its nearest neighbour, so its centre always takes it."""
    game = tabletop.load("lacuna", **options)
    for _, state in random_states(game, range(3), setup="random"):
        if len(state.history) % 4:
            continue
        scene = game.draw(state)
        for f in state.flowers_on_mat():
            assert scene.hit(*to_pixels(state, *state.flower_xy(f))) == ("flower", f)


def test_flowers_at_the_default_sizes_keep_the_full_hit_radius():
    state = tabletop.load("lacuna", mat_radius=2).new(seed=0, setup="random")
    hits = [s.hit_r for s in tabletop.load("lacuna", mat_radius=2).draw(state).ordered()
            if isinstance(s, Circle) and s.target and s.target[0] == "flower"]
    assert len(hits) == 48 and set(hits) == {MARK_HIT / 2} and MARK_HIT > 20  # 16 px shown


def test_a_small_flowers_number_is_beside_it_and_reads_on_the_mat():
    """Numbers drawn on flowers smaller than the numbers sat mostly on the dark mat in an ink
    chosen for the flower (black beside a yellow dot: unreadable, ``flower_radius=0.01``).
    Such a number is now beside its flower, in an ink for the mat; at the default sizes it
    is on the flower as before."""
    from tabletop.render.contrast import contrast_of
    from tabletop.render.scene import Text

    for options, beside in (({"flower_radius": 0.01, "pawn_radius": 0.01}, True), ({}, False)):
        game = tabletop.load("lacuna", **options)
        state = game.new(seed=0, setup="random")
        scene = game.draw(state)
        labels = {s.text: s for s in scene.shapes if isinstance(s, Text)
                  and s.text.isdigit() and s.layer == 7}
        for f in state.flowers_on_mat():
            x, _ = to_pixels(state, *state.flower_xy(f))
            label = labels[str(f)]
            assert (label.x > x) == beside
            assert contrast_of(scene, label) >= 4.5
