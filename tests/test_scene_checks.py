"""A scene checks what it is given when it is given (``render/checks.py``), and its SVG stays
well-formed and free of injected markup whatever strings it holds (``render/svg.py``)."""

import math
import xml.dom.minidom

import numpy as np
import pytest

from tabletop.render.scene import Scene, Style
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
