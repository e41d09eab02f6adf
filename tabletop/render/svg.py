"""``Scene`` → SVG text, deterministic to the byte (numbers rounded, attributes in fixed order).

>>> from tabletop.render.scene import Scene
>>> scene = Scene(20, 10)
>>> scene.circle(5, 5, 4, fill="red", target=("cell", "a1"), title="a")
>>> print(to_svg(scene).splitlines()[1])
<circle cx="5" cy="5" r="4" fill="red" stroke="none" data-target="cell a1"><title>a</title></circle>
"""

from __future__ import annotations

import re
from base64 import b64encode
from collections.abc import Hashable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import checks

if TYPE_CHECKING:  # (scene.py imports this module to draw itself)
    from .scene import Scene, Style


def escape(text: str) -> str:
    """``text`` with ``&``, ``<`` and ``>`` escaped (as ``xml.sax.saxutils.escape``, whose
    module would import ``urllib`` and the e-mail package: a tenth of ``import tabletop``).

    Characters XML may not hold (control characters, lone surrogates) become U+FFFD, so
    that the document stays well-formed whatever text it is given.

    >>> escape("a < b & c"), escape("a\\x00b") == "a\\ufffdb"
    ('a &lt; b &amp; c', True)
    """
    text = text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")
    return _NOT_XML.sub("\ufffd", text) if _NOT_XML.search(text) else text


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def quoteattr(text: str) -> str:
    """``text`` escaped and quoted as an XML attribute value (as
    ``xml.sax.saxutils.quoteattr``).

    >>> print(quoteattr('say "hi"'), quoteattr("it's \\"it\\""))
    'say "hi"' "it's &quot;it&quot;"
    """
    text = escape(text).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'


def num(value: float) -> str:
    """A number in at most two decimals, without trailing zeros (``-0`` becomes ``0``)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def target_text(target: Hashable) -> str:
    """A target as plain text: tuples joined by spaces (``('cell', 'a1')`` → ``cell a1``)."""
    if isinstance(target, tuple):
        return " ".join(target_text(t) for t in target)
    return str(target)


def _paint(style: Style, text: bool = False) -> str:
    parts = [f"fill={quoteattr(style.fill or 'none')}"]
    if not text or style.stroke:
        parts.append(f"stroke={quoteattr(style.stroke or 'none')}")
    if style.stroke and style.stroke_width != 1.0:
        parts.append(f'stroke-width="{num(style.stroke_width)}"')
    if style.dash:
        parts.append(f'stroke-dasharray="{" ".join(num(d) for d in style.dash)}"')
    if style.opacity != 1.0:
        parts.append(f'opacity="{num(style.opacity)}"')
    return " ".join(parts)


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def _element(shape: Any) -> str:
    """One shape as an SVG element, by its ``kind``."""
    s = shape.style
    kind = shape.kind
    if kind == "circle":
        tag, geometry = "circle", f'cx="{num(shape.x)}" cy="{num(shape.y)}" r="{num(shape.r)}"'
    elif kind == "rect":
        tag = "rect"
        geometry = (f'x="{num(shape.x)}" y="{num(shape.y)}" '
                    f'width="{num(shape.w)}" height="{num(shape.h)}"')
        if shape.rx:
            geometry += f' rx="{num(shape.rx)}"'
    elif kind == "line":
        tag, geometry = "polyline", f'points="{_points(shape.points)}"'
        s = replace(s, fill=None)
    elif kind == "polygon":
        tag, geometry = "polygon", f'points="{_points(shape.points)}"'
    elif kind == "text":
        tag = "text"
        weight = f" font-weight={quoteattr(s.font_weight)}" if s.font_weight != "normal" else ""
        geometry = (f'x="{num(shape.x)}" y="{num(shape.y)}" font-size="{num(s.font_size)}" '
                    f'text-anchor={quoteattr(s.anchor)} dominant-baseline="central"{weight}')
    else:  # pragma: no cover - every shape kind is handled above
        raise TypeError(f"cannot draw {shape!r} as SVG")
    attrs = f"{geometry} {_paint(s, text=kind == 'text')}"
    if shape.target is not None:
        attrs += f" data-target={quoteattr(target_text(shape.target))}"
    inner = f"<title>{escape(shape.title)}</title>" if shape.title else ""
    if kind == "text":
        inner += escape(shape.text)
    if inner:
        return f"<{tag} {attrs}>{inner}</{tag}>"
    return f"<{tag} {attrs}/>"


def to_svg(scene: Scene) -> str:
    """The scene as a standalone SVG document (the same bytes on every run).

    >>> to_svg("<svg/>")
    Traceback (most recent call last):
    ...
    TypeError: to_svg draws a Scene, not '<svg/>'
    """
    checks.scene(scene, "to_svg")
    w, h = num(scene.width), num(scene.height)
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
        f'viewBox="0 0 {w} {h}" font-family="sans-serif">'
    ]
    if scene.title:
        lines.append(f"<title>{escape(scene.title)}</title>")
    if scene.background:
        lines.append(f'<rect x="0" y="0" width="{w}" height="{h}" '
                     f"fill={quoteattr(scene.background)}/>")
    lines.extend(_element(shape) for shape in scene.ordered())
    lines.append("</svg>")
    return "\n".join(lines)


def img_html(svg: str, alt: str, style: str = "") -> str:
    """An ``<img>`` showing ``svg`` as a base64 data URI, described by ``alt``.

    Notebook viewers show SVG (``image/svg+xml``, or inline in HTML) only in notebooks the
    user trusts; in any other, JupyterLab and Notebook 7 show sanitized HTML or plain text,
    and the sanitizer keeps an ``<img>``. So pictures go to notebooks in this form too.
    ``style`` is inline CSS (e.g. to scale the picture down to its box).

    >>> img_html("<svg/>", "a & b")
    '<img src="data:image/svg+xml;base64,PHN2Zy8+" alt="a &amp; b">'
    """
    data = b64encode(svg.encode("utf-8")).decode("ascii")
    styled = f" style={quoteattr(style)}" if style else ""
    return f"<img src=\"data:image/svg+xml;base64,{data}\" alt={quoteattr(alt)}{styled}>"
