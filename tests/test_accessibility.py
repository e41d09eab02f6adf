"""The game widget for people who cannot see every colour or use a mouse well.

The side panel's text reaches WCAG's 4.5:1 in a light and a dark notebook theme (it drew
white text on its light turn line and move highlight in JupyterLab Dark); every button has a
name a screen reader reads. The browser half is ``tests/browser/test_dark_theme.py``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from broken_contrast import DarkOnDarkNim, FaintNim
from broken_targets import TargetNim
from colours import CVD, delta_e, simulate

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.contrast import check_text_contrast
from tabletop.render.contrast import backdrop, contrast, contrast_of, ink_on
from tabletop.render.scene import Scene, Text
from tabletop.widgets import panels

LEAST = 4.5  # WCAG 2, body text


@pytest.mark.parametrize("theme", sorted(panels.THEMES))
def test_every_text_colour_of_the_panel_reads_on_every_background(theme: str) -> None:
    colours = panels.THEMES[theme]
    for fg in ("ink", "muted", "error", "done"):
        for bg in ("page", "panel", "now"):
            ratio = contrast(colours[fg], colours[bg])
            assert ratio >= LEAST, f"{theme}: {fg} on {bg} is {ratio:.2f}:1"


def test_buttons_with_their_own_colours_read_white_text() -> None:
    for cls, background in panels.BUTTONS.items():
        assert contrast("#ffffff", background) >= LEAST, cls


def test_the_css_takes_every_colour_from_the_theme_variables() -> None:
    """No text colour or background is fixed in the rules: each comes from ``--tt-*``,
    which a dark theme resets (only the variables' own rules and ``BUTTONS`` name colours)."""
    css = panels.CSS
    assert 'body[data-jp-theme-light="false"] .tabletop-game' in css
    for rule in re.findall(r"[^{}]*\{[^{}]*\}", css):
        selector, body = rule.split("{", 1)
        if "--tt-" in body and ":" in body and body.strip().startswith("--tt-"):
            continue  # the variables themselves
        if any(cls in selector for cls in panels.BUTTONS):
            continue
        fixed = re.findall(r"(?<![-\w])(?:color|background(?:-color)?|border(?:-bottom)?)\s*:"
                           r"[^;]*#[0-9a-fA-F]{3,8}", body)
        assert not fixed, f"{selector.strip()}: {fixed}"


@pytest.mark.parametrize("name", tabletop.games())
def test_every_button_of_the_widget_has_a_name_and_a_description(name: str) -> None:
    """An icon-only button (the timeline's) has a tooltip a screen reader reads as its name;
    the others say what they do in their text."""
    import ipywidgets as w

    widget = tabletop.play(name, seed=1, agent_delay=0)
    try:
        seen = []

        def walk(node: object) -> None:
            if isinstance(node, w.Button | w.ToggleButton):
                seen.append(node)
            for child in getattr(node, "children", ()):
                walk(child)
        walk(widget)
        assert seen
        for button in seen:
            assert button.description.strip() or button.tooltip, button
    finally:
        widget.close()


# --- pictures: labels that read on what they are drawn on -------------------------------------
def test_the_contrast_check_is_part_of_the_abuse_suite() -> None:
    assert check_text_contrast in CHECKS


@pytest.mark.parametrize("name", tabletop.games())
def test_every_label_of_every_game_reads_on_what_it_is_drawn_on(name: str) -> None:
    """Were below 4.5:1: Lacuna's white numbers on green (2.7:1) and on not-yet-coloured
    flowers; Lascaux's card initials (2.8:1), pot, faded and green legend swatches, and
    quiet text; Lava Flows' "locked", a right claim in the log and "White knows" on a
    faded piece."""
    check_text_contrast(tabletop.load(name), seeds=range(3), every=2)


def test_the_sound_toy_passes(registered: Any) -> None:
    check_text_contrast(registered(TargetNim), seeds=range(2))


@pytest.mark.parametrize("broken, message", [
    (FaintNim, r"the label '\d left' \(#b0b0b0 at 11 units\) has contrast 2\.\d+:1 with what "
               r"is beneath it; text needs 4\.5:1"),
    (DarkOnDarkNim, r"the label '\d' \(#000000 at 12 units\) has contrast 3\.7\d:1"),
])
def test_each_broken_toy_is_caught(registered: Any, broken: type, message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_text_contrast(registered(broken), seeds=range(2))


def test_a_label_is_measured_on_the_shapes_under_it_blended_by_their_opacity() -> None:
    scene = Scene(100, 40, background="#ffffff")
    scene.rect(0, 0, 100, 40, fill="#000000", opacity=0.5)
    scene.text(50, 20, "half", fill="#000000")
    (text,) = [s for s in scene.shapes if isinstance(s, Text)]
    assert contrast_of(scene, text) == pytest.approx(contrast("#000000", "#808080"), rel=0.02)
    assert ink_on(backdrop(scene, 50, 20)) == "#111111"


# --- colours told apart without hue ------------------------------------------------------------
#: Below this CIE76 ΔE two colours are hard to tell apart at a glance on a small mark.
ALIKE = 15.0


def _alike_pairs(palette: dict[str, str]) -> list[tuple[str, str, str]]:
    """Pairs of ``palette`` that a deuteranope or protanope sees as near the same colour."""
    names = sorted(palette)
    return [(a, b, kind) for i, a in enumerate(names) for b in names[i + 1:]
            for kind in CVD
            if delta_e(simulate(palette[a], kind), simulate(palette[b], kind)) < ALIKE]


def test_lacuna_flowers_that_look_alike_without_full_colour_vision_differ_in_shape() -> None:
    """Red/green (deutan ΔE 9), orange/green (protan 8) and blue/violet (protan 6) were
    told apart by hue alone, on the mat and in the legend."""
    from tabletop.games.lacuna.marks import shape_of
    from tabletop.games.lacuna.render import HEX

    pairs = _alike_pairs(HEX)
    assert pairs  # the palette has such pairs: the shapes carry the difference
    for a, b, kind in pairs:
        assert shape_of(a) != shape_of(b), f"{a} and {b} look alike ({kind}) and share a shape"


def _lacuna_mark(state: Any, f: int, layer: int, **colour: str) -> tuple[Any, str]:
    """The one circle or polygon drawn at flower ``f`` on ``layer`` in its colour
    (``fill=`` or ``stroke=``, the colour's name), checked to have its colour's corners; and
    that name."""
    from tabletop.games.lacuna.actions import colour_name
    from tabletop.games.lacuna.marks import shape_of
    from tabletop.games.lacuna.render import HEX, to_pixels
    from tabletop.render.scene import Circle, Polygon

    (part, _), = colour.items()
    name = colour_name(state.colors[f])
    x, y = to_pixels(state, *state.flower_xy(f))
    marks = [s for s in state.scene().shapes if s.layer == layer
             and getattr(s.style, part) == HEX[name] and isinstance(s, Circle | Polygon)
             and s.contains(x, y)]
    assert len(marks) == 1, (f, marks)
    drawn = len(marks[0].points) if isinstance(marks[0], Polygon) else 0
    corners = {"disc": 0, "square": 4, "diamond": 4, "hexagon": 6}
    assert drawn == corners[shape_of(name)], (f, name, drawn)
    return marks[0], name


def test_lacuna_draws_each_flower_and_legend_entry_in_its_colours_shape() -> None:
    """Each flower's body is its colour's shape (a polygon's corners counted), and is hit
    at its centre as the disc was."""
    from tabletop.core.testing import playout
    from tabletop.games.lacuna.marks import shape_of
    from tabletop.games.lacuna.render import HEX, to_pixels
    from tabletop.render.scene import Polygon

    state = playout(tabletop.load("lacuna").new(seed=3), 3, plies=6)
    scene = state.scene()
    for f in state.flowers_on_mat():
        _lacuna_mark(state, f, 4, fill="")
        assert scene.hit(*to_pixels(state, *state.flower_xy(f))) == ("flower", f)
    legend = [s for s in scene.shapes if isinstance(s, Polygon) and s.layer == 0]
    assert len(legend) == sum(shape_of(c) != "disc" for c in HEX)


def test_lacuna_draws_a_collected_flowers_ghost_in_its_colours_shape_too() -> None:
    """The faint ghost where a collected flower stood was a ring for every colour, so red,
    orange and violet ghosts read as green, green and blue ones to a deuteranope."""
    from tabletop.core.testing import playout
    from tabletop.games.lacuna.marks import shape_of

    state = playout(tabletop.load("lacuna").new(seed=3), 3, plies=10)
    collected = set(range(len(state.points))) - set(state.flowers_on_mat())
    shapes = set()
    for f in collected:
        ghost, name = _lacuna_mark(state, f, 3, stroke="")
        assert f"({name})" in (ghost.title or "")
        shapes.add(shape_of(name))
    assert shapes - {"disc"}, shapes  # some ghost is of a shaped colour


# --- the keyboard: every move typed instead of clicked -----------------------------------------
@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_plays_to_its_end_by_typed_moves(name: str) -> None:
    """The move box takes a move's notation and plays it on Enter (it had no keyboard way
    but Python calls: the board is a canvas); a refused one stays, with the reason said."""
    import random

    widget = tabletop.play(name, seed=2, agent_delay=0)
    try:
        rng = random.Random(2)
        widget.move_box.enter("no such move")  # as Enter does
        assert widget.move_box.value == "no such move" and "no such move" in widget.message
        assert widget.session.ply() == 0
        while not widget.state.is_terminal:
            assert not widget.move_box.disabled
            move = str(rng.choice(widget.state.legal_actions()))
            ply = widget.session.ply()
            widget.move_box.enter(move)
            assert widget.session.ply() == ply + 1 and widget.move_box.value == "", move
        assert widget.move_box.disabled  # over: nothing to play, as the board takes no clicks
    finally:
        widget.close()


def test_the_move_box_is_shut_while_the_board_is_covered() -> None:
    widget = tabletop.play("lava-flows", seed=1, hot_seat=True, agent_delay=0)
    try:
        widget.play(widget.state.legal_actions()[0])
        assert widget.session.covered() and widget.move_box.disabled
        widget.confirm()
        assert not widget.move_box.disabled
    finally:
        widget.close()


def test_a_labels_backdrop_is_what_is_painted_not_a_marks_larger_hit_area():
    """A small filled mark with a larger hit area (``hit_r``) counted as painted over its
    whole hit area: a black label beside a 2-pixel yellow dot on a dark ground measured
    against yellow and passed, though it is read on the dark ground (Lacuna's numbers
    beside small flowers)."""
    from tabletop.render.contrast import backdrop, faint_texts
    from tabletop.render.scene import Scene

    scene = Scene(100, 100, background="#0d1b2a")
    scene.circle(50, 50, 2, fill="#ffe119", hit_r=8)
    scene.text(55, 50, "7", font_size=6, fill="#111111")
    assert backdrop(scene, 55, 50) == backdrop(Scene(100, 100, background="#0d1b2a"), 55, 50)
    assert [t.text for t, _ in faint_texts(scene)] == ["7"]
    assert backdrop(scene, 51, 50) != backdrop(scene, 55, 50)  # on the dot itself: yellow
