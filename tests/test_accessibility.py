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
