"""The game widget for people who cannot see every colour or use a mouse well.

The side panel's text reaches WCAG's 4.5:1 in a light and a dark notebook theme (it drew
white text on its light turn line and move highlight in JupyterLab Dark); every button has a
name a screen reader reads. The browser half is ``tests/browser/test_dark_theme.py``.
"""

from __future__ import annotations

import re

import pytest
from colours import contrast

import tabletop
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
