"""Pictures taken out of the notebook: into a paper, a slide, a web page or a handout.

Every game's pictures are standalone SVG documents that scale, keep their text as text,
share no ids, and draw nothing past their edges (the framing check of ``check_pictures``,
with its broken toys); ``save_picture`` writes them as SVG or PNG files.
"""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from broken_framing import CaptionNim, GrowingNim, OffsideNim
from toygame import SecretNim

import tabletop
from tabletop.core.testing import ConformanceError, check_pictures, playout
from tabletop.core.testing.common import random_states
from tabletop.core.testing.framing import check_framed, extent
from tabletop.games.landlock.tiles import KINDS
from tabletop.render import Scene, save_picture, to_svg
from tabletop.render.metrics import text_width
from tabletop.widgets import TreeWidget

SVG = "{http://www.w3.org/2000/svg}"
CONFIGS = [("lacuna", 2), ("lascaux", 3), ("lascaux", 5), ("lava-flows", 2), ("landlock", 2),
           ("landlock", 4)]


def pictures(name: str, players: int):
    """``(label, svg)``: seeded games at start, middle and end, in full and in each view."""
    game = tabletop.load(name, players=players)
    for seed in range(2):
        start = game.new(seed=seed, setup="random")
        end = playout(start, seed)
        middle = playout(start, seed, plies=len(end.history) // 2)
        for when, state in (("start", start), ("middle", middle), ("end", end)):
            yield f"seed {seed} {when}", state.svg()
            for p in range(players):
                yield f"seed {seed} {when} view {p}", state.view(p).svg()


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_every_picture_is_a_standalone_scalable_document(name, players):
    for label, svg in pictures(name, players):
        root = ET.fromstring(svg)  # well-formed, one root
        assert root.tag == f"{SVG}svg", label
        width, height = float(root.get("width")), float(root.get("height"))
        assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}", label
        assert width > 0 and height > 0
        # fonts fall back to a generic family; no id for two inlined pictures to share
        assert root.get("font-family") == "sans-serif", label
        assert not [e for e in root.iter() if "id" in e.attrib or "style" in e.attrib], label
        texts = [e for e in root.iter(f"{SVG}text")]
        assert texts and all("".join(e.itertext()).strip() for e in texts), label
        assert not [e for e in root.iter() if e.tag in (f"{SVG}image", f"{SVG}foreignObject")]


def test_the_tree_picture_is_one_standalone_document_holding_the_board():
    state = tabletop.load("lascaux", players=3).new(seed=1)
    svg = TreeWidget(state).svg()
    root = ET.fromstring(svg)
    nested = root.findall(f"{SVG}svg")
    assert len(nested) == 1 and nested[0].get("viewBox")  # the board, scaled as a whole
    assert root.get("viewBox") and not [e for e in root.iter() if "id" in e.attrib]
    assert svg == TreeWidget(state).svg()
    ground = root.find(f"{SVG}rect")  # the first thing drawn covers the whole picture
    assert ground is not None and ground.get("fill") == "white"
    assert (ground.get("width"), ground.get("height")) == (root.get("width"), root.get("height"))


def test_text_from_anywhere_stays_text_and_cannot_break_the_document():
    scene = Scene(200, 40, title='a "title" <b> & \'more\'')
    scene.text(10, 20, 'Bot <b>&"\'', anchor="start", title="</title><script>")
    root = ET.fromstring(to_svg(scene))
    (text,) = root.iter(f"{SVG}text")
    assert "".join(text.itertext()) == "</title><script>" + 'Bot <b>&"\''
    assert root.find(f"{SVG}title").text == 'a "title" <b> & \'more\''


# --- the framing check -----------------------------------------------------------------------

def test_a_sound_toy_passes_the_framing_check(registered):
    assert check_pictures(registered(SecretNim), seeds=range(2)) > 0


@pytest.mark.parametrize(("toy", "message"), [
    (CaptionNim, r"ply 0, Player 0's view: the text '\d counters are left on the pile: take "
                 r"one or two, or play a …' is drawn at x 10\.\.\d+\.?\d*, y 3\.\.17, past the "
                 r"edge of the 380×60 picture, where it is cut off"),
    (OffsideNim, r"a rect \('last move'\) is drawn at x 0\.\.40, y 50\.\.70, past the edge "
                 r"of the 380×60 picture"),
    (GrowingNim, r"ply \d+, .*: the picture is 380×\d+, and was 380×\d+ at growing-nim seed 0 "
                 r"ply 0, .*: one game's pictures keep one size"),
])
def test_each_broken_toy_fails_the_framing_check(registered, toy, message):
    with pytest.raises(ConformanceError, match=message):
        check_pictures(registered(toy), seeds=range(1))


@pytest.mark.parametrize(("svg", "message"), [
    ("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9' viewBox='0 0 9 9'>",
     "not well-formed XML"),
    ("<svg width='9' height='9' viewBox='0 0 9 9'/>", "not an <svg> in the SVG namespace"),
    ("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9'/>", "has no viewBox"),
    ("<svg xmlns='http://www.w3.org/2000/svg' width='9' height='9' viewBox='0 0 9 9'>"
     "<defs><clipPath id='c'/></defs><g><clipPath id='c'/></g></svg>", "the id 'c' more than"),
])
def test_the_framing_check_refuses_a_document_that_cannot_stand_alone(svg, message):
    with pytest.raises(ConformanceError, match=message):
        check_framed(Scene(9, 9), svg, "a hand-made picture")


def test_text_is_measured_generously_and_by_its_anchor():
    scene = Scene(100, 20)
    for anchor in ("start", "middle", "end"):
        scene.text(50, 10, "Wm", anchor=anchor, font_size=10, font_weight="bold")
    starts = [extent(shape)[0] for shape in scene.shapes]
    wide = text_width("Wm", 10, bold=True)
    assert wide > text_width("Wm", 10) > 0.6 * 10 * 2 * 0.9
    assert starts == [50, 50 - wide / 2, 50 - wide]


# --- the two games whose text ran off the picture ------------------------------------------

def test_lascaux_wraps_a_long_line_of_the_last_resolution_inside_the_picture():
    game = tabletop.load("lascaux", players=3)
    state = dict(random_states(game, [6], 1))["lascaux seed 6 ply 64"]
    scene = state.scene()
    check_framed(scene, to_svg(scene), "lascaux seed 6 ply 64")  # was 226 past the edge
    texts = [s.text for s in scene.shapes if s.kind == "text"]
    i = texts.index("Marcel (auction winner) · yellow: rhino yellow/pink, ibex yellow/green, "
                    "mammoth blue/yellow, rhino yellow/green,")
    assert texts[i + 1] == "  mammoth brown/yellow, deer yellow/white"  # a line of its own


def test_landlock_wraps_the_caption_of_a_tile_a_bridge_removed():
    game = tabletop.load("landlock")
    state = dict(random_states(game, [8], 1))["landlock seed 8 ply 21"]
    assert state.pending
    scene = state.view(0).scene()
    check_framed(scene, to_svg(scene), "landlock seed 8 ply 21")  # was 74 past the edge
    texts = [s.text for s in scene.shapes if s.kind == "text"]
    assert "a stream-land-gnome" in texts and "(removed by a bridge)" in texts
    # a caption that fits keeps its one line (as the notebooks store it)
    assert text_width("a stream (removed by a bridge)", 12) <= 620 - 1 - 426
    # a drawn tile's caption, the longest included, still takes one line
    assert max(text_width(f"a {k.name} (drawn)", 12) for k in KINDS) <= 620 - 1 - 426


# --- save_picture ------------------------------------------------------------------------------

def test_save_picture_writes_utf8_svg_of_a_state_view_scene_tree_or_text(tmp_path):
    state = tabletop.load("lascaux", players=3).new(seed=2)
    svg = state.svg()
    assert "·" in svg  # not ASCII: a file written in the system's encoding could break it
    for i, picture in enumerate((state, state.view(1), state.scene(), svg)):
        path = save_picture(picture, tmp_path / f"p{i}.svg")
        expected = (state.view(1).svg() if i == 1 else svg) + "\n"  # a file ends a line
        assert path.read_bytes() == expected.encode("utf-8")
    tree = TreeWidget(state)
    assert save_picture(tree, str(tmp_path / "tree.SVG")).read_text("utf-8") == tree.svg() + "\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["p0.svg", "p1.svg", "p2.svg",
                                                          "p3.svg", "tree.SVG"]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_save_picture_writes_a_png_at_a_zoom(tmp_path):
    pytest.importorskip("resvg_py")  # in the lab and test extras
    state = tabletop.load("lava-flows").new(seed=3)
    scene = state.scene()
    assert png_size(save_picture(state, tmp_path / "a.png")) == (scene.width, scene.height)
    assert png_size(save_picture(state, tmp_path / "b.png", zoom=2)) == (2 * scene.width,
                                                                         2 * scene.height)


@pytest.mark.parametrize(("picture", "path", "options", "error", "message"), [
    ("state", "x.pdf", {}, ValueError, r"writes a \.svg or \.png file, not 'x\.pdf'"),
    ("state", "x", {}, ValueError, r"writes a \.svg or \.png file, not 'x'"),
    ("state", "x.svg", {"zoom": 2}, ValueError, r"zoom is for a \.png"),
    ("state", "x.png", {"zoom": 0}, ValueError, "above 0 and at most 16, not 0"),
    ("state", "x.png", {"zoom": True}, ValueError, "above 0 and at most 16, not True"),
    ("state", "x.png", {"zoom": float("nan")}, ValueError, "above 0 and at most 16"),
    ("state", 3, {}, TypeError, "path should be a str or Path, not 3"),
    (42, "x.svg", {}, TypeError, r"takes a state, view, scene or tree \(with svg\(\)\) or "
                                 "SVG text, not 42"),
    ("<b>hi</b>", "x.svg", {}, ValueError, "SVG text starting with <svg"),
])
def test_save_picture_refuses_what_it_cannot_write_and_writes_nothing(
        tmp_path, monkeypatch, picture, path, options, error, message):
    monkeypatch.chdir(tmp_path)
    if picture == "state":
        picture = tabletop.load("lava-flows").new(seed=0)
    with pytest.raises(error, match=message):
        save_picture(picture, path, **options)
    assert not list(tmp_path.iterdir())
