"""Pictures taken out of the notebook look the same wherever they are opened.

For each game and player count, a seeded mid-game state and a player's view are saved with
``save_picture`` as ``.svg`` and ``.png`` (resvg). Chromium opens the ``.svg`` file itself:
its picture must match resvg's pixel for pixel but for anti-aliasing (no text or shape lost,
no black fill from a feature one of them lacks). The same two pictures inlined in one HTML
page draw as they do alone (no shared ids), and one stretched to 100% of a wide slide keeps
its proportions. Screenshots: ``artifacts/file-<game>-<n>p.png``.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pages import CONFIGS, config_tag
from PIL import Image

import tabletop
from tabletop.core.testing import playout
from tabletop.render import save_picture

pytestmark = pytest.mark.browser

#: The share of pixels that may differ clearly (anti-aliased edges of text and shapes).
DIFFERENT = 0.02


def pixels(png: bytes) -> np.ndarray:
    with Image.open(io.BytesIO(png)) as image:
        return np.asarray(image.convert("RGB"), dtype=np.int16)


def differing(a: np.ndarray, b: np.ndarray) -> float:
    assert a.shape == b.shape, (a.shape, b.shape)
    return float((np.abs(a - b).max(axis=2) > 80).mean())


def subjects(name: str, players: int) -> list[tuple[str, Any]]:
    start = tabletop.load(name, players=players).new(seed=4, setup="random")
    middle = playout(start, 4, plies=len(playout(start, 4).history) // 2)
    return [("state", middle), ("view", middle.view(players - 1))]


def chromium_file(page: Any, path: Path) -> np.ndarray:
    """``path`` (an SVG file) opened by Chromium, as pixels at its own size."""
    size = page.goto(path.as_uri()) and page.evaluate(
        "() => [document.documentElement.width.baseVal.value,"
        " document.documentElement.height.baseVal.value]")
    page.set_viewport_size({"width": round(size[0]), "height": round(size[1])})
    return pixels(page.screenshot())


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=[config_tag(*c) for c in CONFIGS])
def test_chromium_and_resvg_draw_a_saved_picture_alike(page: Any, artifacts: Path,
                                                       tmp_path: Path, name: str,
                                                       players: int) -> None:
    for label, subject in subjects(name, players):
        svg_file = save_picture(subject, tmp_path / f"{label}.svg")
        png = pixels(save_picture(subject, tmp_path / f"{label}.png").read_bytes())
        seen = chromium_file(page, svg_file)
        if label == "state":
            page.screenshot(path=str(artifacts / f"file-{config_tag(name, players)}.png"))
        share = differing(seen, png)
        assert share < DIFFERENT, f"{label}: {share:.1%} of the pixels differ"
        inked = (seen.sum(axis=2) < 600).mean()
        assert abs(inked - (png.sum(axis=2) < 600).mean()) < DIFFERENT, label


def test_two_pictures_inlined_in_one_page_draw_as_each_does_alone(page: Any,
                                                                  tmp_path: Path) -> None:
    (_, state), (_, view) = subjects("lascaux", 3)
    alone = []
    for i, subject in enumerate((state, view)):
        alone.append(chromium_file(page, save_picture(subject, tmp_path / f"{i}.svg")))
    page.goto("about:blank")  # out of the SVG document the file opened
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.set_content("<html><body style='margin:0;background:white'>"
                     f"<div>{state.svg()}</div><div>{view.svg()}</div></body></html>")
    for i, div in enumerate(page.locator("body > div").all()):
        inline = pixels(div.locator("svg").screenshot())
        assert differing(inline, alone[i]) < 0.001, f"picture {i + 1} of the page differs"


def test_a_picture_stretched_to_a_wide_slide_keeps_its_proportions(page: Any) -> None:
    state = tabletop.load("landlock").new(seed=2, setup="random")
    page.set_viewport_size({"width": 1600, "height": 1000})
    page.set_content(f"<html><body style='margin:0'><div style='width:1500px'>{state.svg()}"
                     "</div><style>svg{width:100%;height:auto}</style></body></html>")
    box = page.locator("svg").bounding_box()
    scene = state.scene()
    assert box["width"] == pytest.approx(1500)
    assert box["height"] == pytest.approx(1500 * scene.height / scene.width, abs=1)
