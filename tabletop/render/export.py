"""Pictures taken out of the notebook: ``save_picture(picture, path)`` writes an SVG or PNG file.

Any state, view, scene or tree (anything with ``svg()``), or SVG text, is written as the
path's suffix says: ``.svg`` as the SVG document in UTF-8 (the encoding every SVG reader
assumes, whatever the system's own) with ``\\n`` line ends and a newline at the end (a file
to keep in git: the same picture is the same bytes on every system), ``.png`` rasterised
by resvg (``resvg-py``, in the ``lab`` and ``test`` extras) at ``zoom`` times its size.
The file is written whole or not at all; the path written is returned.

>>> import tempfile, tabletop
>>> from pathlib import Path
>>> state = tabletop.load("lava-flows").new(seed=1)
>>> path = save_picture(state.view(0), Path(tempfile.mkdtemp()) / "board.svg")
>>> path.read_bytes() == (state.view(0).svg() + "\\n").encode("utf-8")
True
>>> save_picture(state, "board.pdf")
Traceback (most recent call last):
...
ValueError: save_picture writes a .svg or .png file, not 'board.pdf'
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

from ..core.files import write_atomically, write_text
from ..core.quoting import brief
from .scene import Scene
from .svg import to_svg

#: The file types ``save_picture`` writes, by suffix.
SUFFIXES = (".svg", ".png")


def svg_of(picture: Any) -> str:
    """The SVG text of ``picture``: a ``Scene``, SVG text, or anything with ``svg()``.

    >>> svg_of(42)
    Traceback (most recent call last):
    ...
    TypeError: save_picture takes a state, view, scene or tree (with svg()) or SVG text, not 42
    """
    if isinstance(picture, Scene):
        return to_svg(picture)
    if isinstance(picture, str):
        if not picture.lstrip().startswith("<svg"):
            raise ValueError(f"save_picture takes SVG text starting with <svg, not "
                             f"{brief(picture)}")
        return picture
    draw = getattr(picture, "svg", None)
    svg = draw() if callable(draw) else None
    if not isinstance(svg, str):
        raise TypeError("save_picture takes a state, view, scene or tree (with svg()) or "
                        f"SVG text, not {brief(picture)}")
    return svg


def save_picture(picture: Any, path: str | os.PathLike[str], *, zoom: float = 1.0) -> Path:
    """Write ``picture`` to ``path`` as SVG or PNG (by its suffix); returns the path.

    ``zoom`` scales a PNG (2 or 3 for print); an SVG is a vector picture and takes none.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"save_picture's path should be a str or Path, not {brief(path)}")
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in SUFFIXES:
        raise ValueError(f"save_picture writes a .svg or .png file, not {str(target)!r}")
    if isinstance(zoom, bool) or not isinstance(zoom, (int, float)) \
            or not (math.isfinite(zoom) and 0 < zoom <= 16):
        raise ValueError(f"save_picture's zoom should be a number above 0 and at most 16, "
                         f"not {brief(zoom)}")
    if suffix == ".svg" and zoom != 1:
        raise ValueError("save_picture's zoom is for a .png: an .svg scales to any size")
    svg = svg_of(picture)
    if suffix == ".svg":
        write_text(target, svg)  # UTF-8, "\n" line ends, a newline at the end
        return target
    data = _png(svg, float(zoom))
    write_atomically(target, lambda tmp: tmp.write_bytes(data))
    return target


def _png(svg: str, zoom: float) -> bytes:
    try:
        import resvg_py
    except ImportError:  # pragma: no cover - resvg-py is in the lab and test extras
        raise ImportError("save_picture needs resvg-py for a .png: pip install "
                          "'tabletop[lab]' (or save a .svg)") from None
    return bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=zoom))
