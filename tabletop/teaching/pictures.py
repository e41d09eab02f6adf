"""Pictures for teaching: states and views in a captioned row that scales to the page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..core.game import State, View
from ..core.plain import whole
from ..core.quoting import counted
from ..render.svg import img_html
from .arguments import drawing_of, options_of, position_of, texts

#: Inline CSS that scales a picture down to the width of its box.
FIT = "max-width:100%;height:auto"
#: The widest a picture's box may be asked to be, in pixels.
MAX_WIDTH = 10_000


@dataclass(frozen=True, repr=False)
class Pictures:
    """Pictures in a row that wraps, each with an optional caption (the first ones, in order:
    no more captions than pictures); shows itself in notebooks.

    >>> Pictures(("<svg/>",), ("first", "second"))
    Traceback (most recent call last):
    ...
    ValueError: captions should be at most one per picture: 1 picture, 2 captions
    """

    svgs: tuple[str, ...]
    captions: tuple[str, ...] = ()
    width: int = 400

    def __post_init__(self) -> None:
        """The pictures and captions as tuples of strings and the width as pixels, checked:
        each is written into the page's HTML."""
        object.__setattr__(self, "svgs", texts(self.svgs, "svgs"))
        object.__setattr__(self, "captions", texts(self.captions, "captions"))
        object.__setattr__(self, "width", width_of(self.width))
        if len(self.captions) > len(self.svgs):  # (one would never be shown)
            raise ValueError(f"captions should be at most one per picture: "
                             f"{counted(len(self.svgs), 'picture')}, "
                             f"{counted(len(self.captions), 'caption')}")

    def __repr__(self) -> str:  # the plain-text output: the captions, not the SVG
        return f"<{len(self.svgs)} pictures: {'; '.join(self.captions)}>"

    def _repr_html_(self) -> str:
        boxes = []
        for i, svg in enumerate(self.svgs):
            caption = self.captions[i] if i < len(self.captions) else ""
            text = f'<div style="font-size:90%">{escape(caption)}</div>' if caption else ""
            picture = img_html(svg, caption or "a position", FIT)
            boxes.append(f'<div style="flex:0 1 {self.width}px;min-width:200px">'
                         f"{picture}{text}</div>")
        return ('<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start">'
                + "".join(boxes) + "</div>")


def svg_of(subject: State | View, draw: Mapping[str, Any]) -> str:
    """The picture of a state or view, drawn with the game's options ``draw``."""
    return subject.svg(**draw) if draw else subject._repr_svg_()


def side_by_side(*subjects: State | View, captions: Sequence[str] = (),
                 draw: Mapping[str, Any] | None = None, width: int = 420) -> Pictures:
    """Pictures of states or views next to each other, captioned (one caption per picture,
    or none).

    >>> import tabletop
    >>> s = tabletop.load("lava-flows").new(seed=1, setup="random")
    >>> side_by_side(s.view(0), s.view(1), captions=["White sees", "Black sees"]).captions
    ('White sees', 'Black sees')
    """
    if not subjects:
        raise TypeError("side_by_side shows one or more states or views, and got none")
    for subject in subjects:
        position_of(subject, "each picture")
    captions = texts(captions, "captions")
    if captions and len(captions) != len(subjects):  # a caption under the wrong picture
        raise ValueError(f"captions should be one per picture: {len(subjects)} pictures, "
                         f"{len(captions)} captions (or none)")
    draw = options_of(draw, "draw")
    for game in {subject.game for subject in subjects}:
        drawing_of(draw, "draw", game)
    width = width_of(width)
    return Pictures(tuple(svg_of(s, draw) for s in subjects), captions, width)


def width_of(width: object) -> int:
    """``width`` if it is a whole number of pixels from 1 to ``MAX_WIDTH``; else a
    ``ValueError``."""
    return whole(width, 1, f"width should be a number of pixels from 1 to {MAX_WIDTH:,}",
                 most=MAX_WIDTH)


def img_of(svg: str) -> str:
    """The SVG as an ``<img>``, which untrusted notebooks show (inline SVG they strip)."""
    return img_html(svg, "the position") if svg else ""
