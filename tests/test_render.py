"""Scenes: hit-testing, and SVG that is byte-identical across runs and processes."""

import os
import subprocess
import sys

from tabletop.render.scene import Scene, Style
from tabletop.render.svg import num, to_svg


def sample_scene() -> Scene:
    scene = Scene(200, 100, background="#fafafa", title="sample <&>")
    scene.rect(0, 0, 100, 100, fill="#ddd", target=("cell", "a1"))
    scene.circle(50, 50, 20, fill="black", layer=2, target=("piece", "a1", 0), title="Large")
    scene.polygon([(110, 90), (150, 10), (190, 90)], fill="gold", layer=1, target="tri")
    scene.line([(0, 0), (200, 100)], stroke="red", stroke_width=3, dash=(4, 2), layer=3)
    scene.text(150, 95, "a & b", font_size=10, layer=4)
    scene.rect(120, 40, 10, 10, style=Style(fill="blue", opacity=0.5), rx=2)
    return scene


def test_hit_finds_the_topmost_target():
    scene = sample_scene()
    assert scene.hit(50, 50) == ("piece", "a1", 0)  # circle (layer 2) over the cell
    assert scene.hit(5, 95) == ("cell", "a1")
    assert scene.hit(150, 60) == "tri"
    assert scene.hit(105, 5) is None  # untargeted line only
    assert scene.hit(300, 300) is None


def test_layers_order_drawing_not_insertion():
    scene = sample_scene()
    assert [s.layer for s in scene.ordered()] == [0, 0, 1, 2, 3, 4]
    assert [layer for layer, _ in scene.layers()] == [0, 1, 2, 3, 4]


def test_svg_escapes_text_and_marks_targets():
    svg = to_svg(sample_scene())
    assert "<title>sample &lt;&amp;&gt;</title>" in svg and ">a &amp; b</text>" in svg
    assert 'data-target="piece a1 0"' in svg and 'stroke-dasharray="4 2"' in svg
    assert svg.index("<polygon") < svg.index("<circle")  # layer 1 before layer 2


def test_numbers_are_short_and_stable():
    assert [num(v) for v in (1.0, 2.5, 1 / 3, -0.001, 100)] == ["1", "2.5", "0.33", "0", "100"]


def test_svg_is_byte_identical_across_processes_and_hash_seeds():
    code = ("import sys; sys.path.insert(0, 'tests'); from test_render import sample_scene; "
            "from tabletop.render.svg import to_svg; print(to_svg(sample_scene()))")
    outputs = set()
    for hash_seed in ("1", "2", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True, cwd=os.path.dirname(os.path.dirname(__file__)))
        outputs.add(out.stdout)
    assert outputs == {to_svg(sample_scene()) + "\n"}
