"""The canvas backend: the calls a scene becomes, batching, layers, messages, clicks."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from tabletop.render.canvas import (
    CanvasRenderer,
    batches,
    paint,
    parse_color,
    split_layers,
)
from tabletop.render.scene import Scene
from tabletop.render.scenecanvas import SceneCanvas, click_point


class Recorder:
    """A stand-in canvas that records every call and attribute set, in order."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any) -> None:
            self.calls.append((name, args))

        return record

    def __setattr__(self, name: str, value: Any) -> None:
        self.calls.append(("set", (name, value)))

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]


def test_parse_color_reads_css_colours() -> None:
    assert parse_color("#fff") == (255, 255, 255, 1.0)
    assert parse_color("#ff000080") == (255, 0, 0, 0.502)
    assert parse_color("rgb(10, 20, 30)") == (10, 20, 30, 1.0)
    assert parse_color("rgba(0,128,0,0.25)") == (0, 128, 0, 0.25)
    assert parse_color("Sienna") == (160, 82, 45, 1.0)
    with pytest.raises(ValueError, match="'not-a-colour'"):
        parse_color("not-a-colour")


def test_same_style_circles_become_one_call() -> None:
    scene = Scene(100, 100)
    for i in range(5):
        scene.circle(10 + 20 * i, 50, 8, fill="red")
    canvas = Recorder()
    paint(canvas, scene.ordered())
    calls = [c for c in canvas.calls if c[0] == "fill_circles"]
    assert len(calls) == 1
    x, y, r = calls[0][1]
    assert list(x) == [10, 30, 50, 70, 90] and y == 50 and r == 8
    single = Recorder()
    paint(single, scene.ordered()[:1])
    (call,) = [c for c in single.calls if c[0] == "fill_circles"]
    assert isinstance(call[1][0], np.ndarray)  # never all scalars: the frontend would spin
    assert ("set", ("fill_style", "red")) in canvas.calls


def test_differently_coloured_shapes_use_the_styled_call() -> None:
    scene = Scene(100, 100)
    scene.rect(0, 0, 10, 10, fill="#ff0000")
    scene.rect(20, 0, 10, 10, fill="#0000ff", opacity=0.5)
    canvas = Recorder()
    paint(canvas, scene.ordered())
    (call,) = [c for c in canvas.calls if c[0] == "fill_styled_rects"]
    *_, color, alpha = call[1]
    assert color.tolist() == [[255, 0, 0], [0, 0, 255]]
    assert alpha.tolist() == [1.0, 0.5]


def test_overlapping_filled_and_stroked_shapes_keep_their_order() -> None:
    scene = Scene(100, 100)
    scene.circle(40, 50, 20, fill="red", stroke="black")
    scene.circle(55, 50, 20, fill="blue", stroke="black")  # overlaps the first
    scene.circle(90, 10, 5, fill="green", stroke="black")  # overlaps neither
    runs = batches(scene.ordered())
    assert [[s.style.fill for s in run] for run in runs] == [["red"], ["blue", "green"]]


def test_a_shape_never_moves_below_one_it_covers() -> None:
    scene = Scene(100, 100)
    scene.rect(0, 0, 50, 50, fill="white")
    scene.circle(25, 25, 10, fill="black")  # on the first rect
    scene.rect(0, 0, 20, 20, fill="grey")  # on the circle: may not join the first rect's run
    scene.rect(60, 60, 20, 20, fill="grey")  # free: joins the latest rect run
    runs = batches(scene.ordered())
    assert [len(r) for r in runs] == [1, 1, 2]


def test_layers_draw_in_order_and_spread_over_canvases() -> None:
    scene = Scene(50, 50)
    scene.circle(10, 10, 5, fill="red", layer=2)
    scene.rect(0, 0, 50, 50, fill="white", layer=0)
    scene.text(25, 25, "hi", fill="black", layer=1)
    bottom, middle, top = split_layers(scene, 3)
    assert [type(s).__name__ for s in bottom + middle + top] == ["Rect", "Text", "Circle"]
    many = Scene(10, 10)
    for layer in range(6):
        many.circle(5, 5, 1, fill="red", layer=layer)
    assert [len(b) for b in split_layers(many, 3)] == [1, 4, 1]


def test_text_rounded_rects_lines_and_unpainted_colours() -> None:
    scene = Scene(200, 100, background="#fafafa")
    scene.rect(10, 10, 80, 40, rx=8, fill="none", stroke="navy", stroke_width=2, dash=(4, 2))
    scene.line([(0, 90), (100, 90), (150, 60)], stroke="black", stroke_width=3)
    scene.text(50, 30, "Lava", fill="black", font_size=14, font_weight="bold", anchor="start")
    canvas = Recorder()
    paint(canvas, scene.ordered(), scale=2.0, background=scene.background, size=(200, 100))
    names = canvas.names()
    assert names[:3] == ["clear", "save", "scale"] and names[-1] == "restore"
    assert "fill_polygons" not in names  # fill="none" paints nothing
    (poly,) = [args for name, args in canvas.calls if name == "stroke_polygons"]
    assert len(poly[0]) > 4  # corners became arcs
    assert ("set_line_dash", ([4, 2],)) in canvas.calls
    assert [a for n, a in canvas.calls if n == "stroke_line_segments"][0][1].tolist() == [3]
    assert ("set", ("font", "bold 14px sans-serif")) in canvas.calls
    assert ("set", ("text_align", "left")) in canvas.calls
    assert ("fill_text", ("Lava", 50, 30)) in canvas.calls
    assert ("fill_rect", (0, 0, 200, 100)) in canvas.calls


def test_renderer_repaints_only_the_canvases_that_changed() -> None:
    layers = [Recorder(), Recorder(), Recorder()]
    renderer = CanvasRenderer(layers, hold=lambda: _Nothing())

    def scene(highlight: str) -> Scene:
        s = Scene(100, 100, background="white")
        s.rect(0, 0, 100, 100, fill="tan", layer=0)
        s.circle(50, 50, 10, fill="black", layer=1)
        s.circle(50, 50, 14, stroke=highlight, fill=None, layer=2)
        return s

    assert renderer.draw(scene("gold")) == [0, 1, 2]
    assert renderer.draw(scene("gold")) == []
    assert renderer.draw(scene("red")) == [2]
    renderer.redraw()
    assert all(layer.names().count("clear") == n for layer, n in zip(layers, (2, 2, 3),
                                                                     strict=True))


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None


def _capture(board: SceneCanvas, monkeypatch: pytest.MonkeyPatch) -> list[list[Any]]:
    """The command lists the canvas manager sends to the frontend, decoded."""
    from ipycanvas.canvas import _CMD_LIST

    manager = board.canvases[0]._canvas_manager
    sent: list[list[Any]] = []

    def send(content: Any, buffers: Any = None) -> None:
        commands = json.loads(bytes(buffers[0]))
        if commands and not isinstance(commands[0], list):
            commands = [commands]
        sent.append([_CMD_LIST[c[0]] for c in commands])

    monkeypatch.setattr(manager, "send", send)
    return sent


def test_scene_canvas_sends_one_message_per_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    board = SceneCanvas(resolution=2, layers=3)
    sent = _capture(board, monkeypatch)
    scene = Scene(120, 60, background="white")
    for i in range(4):
        scene.circle(15 + 30 * i, 30, 10, fill="#a0522d", target=("counter", i))
    scene.text(60, 55, "four", fill="black", layer=1)
    board.draw(scene)
    assert len(sent) == 1
    commands = sent[0]
    assert commands.count("switchCanvas") == 3  # each canvas painted (or cleared) once
    assert "fillCircles" in commands and "fillText" in commands and "scale" in commands
    assert (board.widget.width, board.widget.height) == (240, 120)
    assert board.widget.layout.width == "120px"
    board.draw(scene)
    assert len(sent) == 1  # nothing changed, nothing sent
    scene.text(60, 10, "more", fill="black", layer=1)
    board.draw(scene)
    assert len(sent) == 2 and sent[1].count("clear") == 1  # only the top canvas
    assert "fillCircles" not in sent[1]


def test_by_default_the_board_is_one_canvas_repainted_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    board = SceneCanvas()
    sent = _capture(board, monkeypatch)
    scene = Scene(40, 40, background="white")
    scene.circle(20, 20, 10, fill="red")
    scene.text(20, 35, "top", fill="black", layer=2)
    board.draw(scene)
    assert len(board.canvases) == 1
    assert len(sent) == 1 and sent[0].count("switchCanvas") == 1
    assert "fillCircles" in sent[0] and "fillText" in sent[0]


def test_a_new_frontend_gets_a_full_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    board = SceneCanvas()
    scene = Scene(40, 40, background="white")
    scene.circle(20, 20, 10, fill="red")
    board.draw(scene)
    sent = _capture(board, monkeypatch)
    top = board.canvases[-1]
    top._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(sent) == 1
    assert sent[0][0] == "switchCanvas"  # the switch is sent again, though nothing changed
    assert "fillCircles" in sent[0] and "fillRect" in sent[0]


def test_canvas_clicks_arrive_in_scene_units() -> None:
    board = SceneCanvas(resolution=2)
    scene = Scene(100, 50)
    board.draw(scene)
    clicks: list[tuple[float, float]] = []
    board.on_click(lambda x, y: clicks.append((x, y)))
    board.canvases[-1]._handle_frontend_event(None, {"event": "mouse_down", "x": 60, "y": 30},
                                              [])
    assert clicks == [(30.0, 15.0)]



def test_a_tap_of_one_finger_is_a_click_and_a_second_finger_is_not() -> None:
    """ipycanvas stops a touch's emulated mouse events: a tap arrives only as a touch."""
    board = SceneCanvas(resolution=2)
    board.draw(Scene(100, 50))
    clicks: list[tuple[float, float]] = []
    board.on_click(lambda x, y: clicks.append((x, y)))
    top = board.canvases[-1]
    top._handle_frontend_event(None, {"event": "touch_start", "touches": [{"x": 60, "y": 30}]},
                               [])
    top._handle_frontend_event(None, {"event": "touch_end", "touches": []}, [])
    assert clicks == [(30.0, 15.0)]
    top._handle_frontend_event(None, {"event": "touch_start", "touches": [
        {"x": 60, "y": 30}, {"x": 10, "y": 10}]}, [])  # a pinch's second finger
    assert clicks == [(30.0, 15.0)]


def test_a_tap_beside_a_small_target_reaches_it_and_a_mouse_press_does_not() -> None:
    board = SceneCanvas(resolution=2)
    scene = Scene(100, 50)
    scene.circle(50, 25, 8, fill="red", target="flower")
    board.draw(scene)
    clicks: list[tuple[float, float]] = []
    board.on_click(lambda x, y: clicks.append((x, y)))
    top = board.canvases[-1]
    for event in ({"event": "mouse_down", "x": 130, "y": 50},
                  {"event": "touch_start", "touches": [{"x": 130, "y": 50}]},  # 15 units off
                  {"event": "touch_start", "touches": [{"x": 170, "y": 50}]}):  # 35 units off
        top._handle_frontend_event(None, event, [])
    assert [scene.hit(x, y) for x, y in clicks] == [None, "flower", None]
    assert clicks[2] == (85.0, 25.0)  # beyond reach, the tap stays where it was


def test_a_tap_reaches_as_far_on_a_board_shrunk_to_a_phone() -> None:
    """A board scaled to its width shows Lacuna's 640 units in 330 CSS px on a 360 px phone:
    a finger landing 11 CSS px (21 units) from a 16-unit flower's centre still reaches it,
    as it does at one CSS pixel a unit; a tap far from every target stays where it was."""
    board = SceneCanvas(resolution=2, fit_height=500)
    scene = Scene(640, 540)
    scene.circle(320, 270, 8, fill="red", target="flower")
    board.draw(scene)
    clicks: list[tuple[float, float]] = []
    board.on_click(lambda x, y: clicks.append((x, y)))
    top = board.canvases[-1]
    for x in (2 * 341, 2 * 360):  # 21 and 40 units right of the centre
        top._handle_frontend_event(None, {"event": "touch_start", "touches": [
            {"x": x, "y": 540}]}, [])
    assert [scene.hit(x, y) for x, y in clicks] == ["flower", None]
    assert board.tap_reach(scene) * 330 / 640 >= 12

def test_click_point_finds_an_uncovered_spot() -> None:
    scene = Scene(100, 100)
    scene.rect(0, 0, 100, 100, fill="white", target=("cell", "a1"))
    scene.circle(50, 50, 10, fill="black", target=("piece", 1), layer=1)
    assert click_point(scene, ("piece", 1)) == (50, 50)
    x, y = click_point(scene, ("cell", "a1"))
    assert scene.hit(x, y) == ("cell", "a1")
    with pytest.raises(KeyError):
        click_point(scene, ("cell", "z9"))
    assert np.isfinite([x, y]).all()


@pytest.mark.parametrize("method", [
    "fill_circles", "stroke_rects", "fill_styled_circles", "stroke_styled_rects",
    "fill_polygons", "stroke_line_segments", "fill_styled_polygons",
    "stroke_styled_line_segments",
])
def test_direct_commands_match_ipycanvas_own(method: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path packs each vectorised command exactly as ipycanvas' own method does."""
    from ipycanvas import Canvas

    from tabletop.render.canvas import _call

    canvas = Canvas()
    manager = canvas._canvas_manager
    sent: list[tuple[Any, list[bytes]]] = []
    monkeypatch.setattr(manager, "send", lambda content, buffers=None: sent.append(
        (json.loads(bytes(buffers[0])), [bytes(b) for b in buffers[1:]])))
    xs = np.array([1, 2, 3], dtype=np.float32)
    color = np.array([[255, 0, 0], [0, 255, 0], [0, 0, 255]], dtype=np.uint8)
    alpha = np.array([1, 0.5, 0.25], dtype=np.float32)
    points = np.array([[0, 0], [4, 0], [4, 4], [0, 0], [2, 2], [0, 4], [1, 1], [3, 3], [2, 0]],
                      dtype=np.float32)
    counts = np.array([3, 3, 3], dtype=np.int32)
    if "polygons" in method or "segments" in method:
        args: tuple[Any, ...] = (points, color, alpha, counts) if "styled" in method else \
            (points, counts)
    elif "styled" in method:
        args = (xs, 5.0, xs * 2, *(() if "circles" in method else (xs * 3,)), color, alpha)
    else:
        args = (xs, 5.0, 2.0, *(() if "circles" in method else (4.0,)))
    manager._current_canvas = canvas
    public_args = args
    if method in ("fill_polygons", "stroke_line_segments"):
        public_args = (points, counts)
    elif "polygons" in method or "segments" in method:
        public_args = (points, color, alpha, counts)
    getattr(canvas, method)(*public_args)
    _call(canvas, method, *args)
    (ours_cmd, ours_buf), (theirs_cmd, theirs_buf) = sent[1], sent[0]
    assert ours_cmd == theirs_cmd and ours_buf == theirs_buf
