"""A scene checks what it is given when it is given (``render/checks.py``), and its SVG stays
well-formed and free of injected markup whatever strings it holds (``render/svg.py``)."""

import math
import xml.dom.minidom
from dataclasses import replace

import numpy as np
import pytest

from tabletop.render.scene import Circle, Line, Polygon, Rect, Scene, Shape, Style, Text
from tabletop.render.svg import to_svg


@pytest.mark.parametrize("call, error, message", [
    (lambda s: s.circle(10**400, 1, 1), ValueError, "circle's numbers should be finite"),
    (lambda s: s.circle(math.nan, 1, 1), ValueError, "not nan"),
    (lambda s: s.circle("5", 1, 1), ValueError, "not '5'"),
    (lambda s: s.rect(0, 0, True, 1), ValueError, "rectangle's numbers"),
    (lambda s: s.line([(0, 0), (1, math.inf)]), ValueError, "line's numbers"),
    (lambda s: s.polygon([(0, 0, 1)]), TypeError, "takes \\(x, y\\) points"),
    (lambda s: s.polygon(5), TypeError, "takes a sequence of \\(x, y\\) points"),
    (lambda s: s.text(5, 5, None), TypeError, "a text's text should be a string"),
    (lambda s: s.circle(1, 1, 1, layer="a"), TypeError, "layer should be an int"),
    (lambda s: s.circle(1, 1, 1, target=[1, 2]), TypeError, "target should be hashable"),
    (lambda s: s.circle(1, 1, 1, title=5), TypeError, "circle's title should be a string"),
    (lambda s: s.rect(0, 0, 1, 1, fill=5), TypeError, "style's fill should be a string"),
    (lambda s: s.circle(1, 1, 1, opacity=math.nan), ValueError, "style's numbers"),
    (lambda s: Style(dash=(1, math.inf)), ValueError, "style's numbers"),
    (lambda s: Scene(math.inf, 10), ValueError, "scene's numbers"),
    (lambda s: Scene(10, 10, background=3), TypeError, "scene's background should be"),
    (lambda s: s.circle(1, 1, 1, fil="red"), TypeError,
     "no style keyword called 'fil'; did you mean 'fill'\\? known style keywords: 'fill'"),
    (lambda s: s.text(1, 1, "a", style=Style(), colour="red"), TypeError,
     "no style keyword called 'colour'"),
])
def test_a_bad_value_is_refused_when_given(call, error, message):
    scene = Scene(100, 60)
    with pytest.raises(error, match=message):
        call(scene)
    assert scene.shapes == []


def test_numpy_numbers_and_plain_values_are_taken():
    scene = Scene(np.float64(100), 60)
    scene.circle(np.int64(5), np.float32(5.5), 2, layer=np.int64(1), target=("a", 1))
    scene.line([(0, 0), (np.float64(1), 2)])
    assert scene.hit(5, 5) == ("a", 1)


def test_strings_cannot_break_out_of_the_svg():
    scene = Scene(10, 10, background='w" onload="x', title="a\x00b")
    scene.rect(0, 0, 5, 5, stroke='x"/><script>alert(1)</script><rect fill="',
               fill='red" onmouseover="alert(1)')
    scene.text(1, 1, "c\x07d\ud800", font_weight='bold" x="', anchor='end"')
    svg = to_svg(scene)
    document = xml.dom.minidom.parseString(svg.encode("utf-8"))  # well-formed
    assert not document.getElementsByTagName("script")
    rects = document.getElementsByTagName("rect")
    assert len(rects) == 2 and not rects[0].hasAttribute("onload")
    assert not rects[1].hasAttribute("onmouseover")
    assert rects[0].getAttribute("fill") == 'w" onload="x'
    assert rects[1].getAttribute("stroke").startswith('x"/><script>')
    assert document.getElementsByTagName("text")[0].firstChild.data == "c\ufffdd\ufffd"


# --- sizes, shapes made elsewhere, and the scene's own size ---------------------------------
@pytest.mark.parametrize("call, error, message", [
    (lambda s: s.circle(1, 1, -2), ValueError, "circle's r should be above 0, not -2"),
    (lambda s: s.circle(1, 1, 0), ValueError, "circle's r should be above 0, not 0"),
    (lambda s: s.circle(1, 1, 1, hit_r=-1), ValueError, "hit_r should be at least 0"),
    (lambda s: s.rect(0, 0, -5, 1), ValueError, "rectangle's w should be above 0"),
    (lambda s: s.rect(0, 0, 5, 0), ValueError, "rectangle's h should be above 0"),
    (lambda s: s.rect(0, 0, 5, 5, rx=-1), ValueError, "rectangle's rx should be at least 0"),
    (lambda s: s.line([(0, 0)]), ValueError, "line takes at least 2 \\(x, y\\) points, not 1"),
    (lambda s: s.polygon([(0, 0), (1, 1)]), ValueError, "polygon takes at least 3"),
    (lambda s: s.polygon([]), ValueError, "polygon takes at least 3"),
    (lambda s: s.circle(1, 1, 1, stroke_width=-1), ValueError, "stroke_width should be at least"),
    (lambda s: s.circle(1, 1, 1, opacity=1.5), ValueError, "opacity should be from 0 to 1"),
    (lambda s: s.text(1, 1, "a", font_size=0), ValueError, "font_size should be above 0"),
    (lambda s: s.line([(0, 0), (1, 1)], dash=(2, -1)), ValueError, "dash should be at least 0"),
    (lambda s: s.circle(1, 1, 1, style="red"), TypeError, "style should be a Style, not 'red'"),
    (lambda s: s.add("circle"), TypeError, "a scene takes shapes \\(circle, rect, line"),
    (lambda s: s.add(None), TypeError, "a scene takes shapes"),
    (lambda s: s.add(Circle(Style(), 0, None, None, math.nan, 1, 1)), ValueError, "not nan"),
    (lambda s: s.add(Rect(Style(), 0, None, None, 0, 0, -1, 1)), ValueError, "w should be"),
    (lambda s: s.add(Circle("red", 0, None, None, 1, 1, 1)), TypeError, "style should be a"),
    (lambda s: s.add(Line(Style(), 0, [1], None, ((0, 0), (1, 1)))), TypeError, "hashable"),
    (lambda s: s.add(Polygon(Style(), 0, None, None, ((0, 0),))), ValueError, "at least 3"),
    (lambda s: s.add(Text(Style(), 0, None, None, 1, 1, 5)), TypeError, "text should be a"),
    (lambda s: s.add(Shape(Style(), 0, None, None)), TypeError, "not a bare Shape"),
    (lambda s: s.add(replace(Circle(Style(), 0, None, None, 1, 1, 1), r=-1)), ValueError,
     "r should be above 0"),
    (lambda s: Scene(-1, 1), ValueError, "scene's width should be at least 0, not -1"),
    (lambda s: Scene(1, -0.5), ValueError, "scene's height should be at least 0"),
    (lambda s: Scene(math.nan, 1), ValueError, "scene's numbers should be finite"),
])
def test_a_bad_size_or_shape_is_refused_when_given(call, error, message):
    scene = Scene(100, 60)
    with pytest.raises(error, match=message):
        call(scene)
    assert scene.shapes == []


def test_shapes_made_elsewhere_are_added_and_drawn():
    scene = Scene(0, 10)  # a width of 0 is taken: the tree widget settles its width later
    circle = scene.add(Circle(Style(fill="red"), 1, ("a",), None, 5, 5, 2))
    scene.add(Line(Style(stroke="blue"), 0, None, None, [(0, 0), (np.float64(3), 4)]))
    assert circle.kind == "circle" and scene.hit(5, 5) == ("a",)
    assert scene.shapes[1].points == ((0.0, 0.0), (3.0, 4.0))  # made plain tuples
    assert '<polyline points="0,0 3,4"' in to_svg(scene)


@pytest.mark.parametrize("point", [(1e308, 1e308), (float("nan"), 0.0), (10**400, 0),
                                   (float("-inf"), 5.0)])  # ("x", 1): a ValueError now
                                                           # (test_core_api_arguments)
def test_a_point_that_is_not_finite_or_far_out_hits_nothing(point):
    """``hit`` squared 1e308 (``OverflowError``) and took a 400-digit int to a float."""
    import tabletop

    scene = tabletop.load("lava-flows").new(seed=1).scene()
    assert scene.hit(*point) is None
    cell = scene.targets()[("cell", "a1")]
    assert scene.hit(cell.x + cell.w / 2, cell.y + cell.h / 2) == ("cell", "a1")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), 0, -1, "x", None])
def test_a_canvas_resolution_is_checked_whenever_it_is_set(value):
    """``board.resolution = nan`` was kept, and the next draw failed converting NaN."""
    from tabletop.render.scenecanvas import SceneCanvas

    canvas = SceneCanvas(resolution=2)
    for change in (lambda: setattr(canvas, "resolution", value),
                   lambda: canvas.set_resolution(value)):
        with pytest.raises(ValueError, match="resolution must be a finite number > 0"):
            change()
        assert canvas.resolution == 2.0 and canvas.renderer.scale == 2.0
    with pytest.raises(ValueError, match="resolution must be a finite number > 0"):
        SceneCanvas(resolution=value)
