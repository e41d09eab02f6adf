"""Colour arithmetic for the accessibility tests: WCAG 2 contrast, and what a colour looks
like to a person with a colour-vision deficiency (Machado, Oliveira and Fernandes 2009, at
full severity), compared by CIE76 ΔE in CIELAB.

>>> round(contrast("#ffffff", "#000000"), 1)
21.0
>>> simulate("#ffffff", "deutan")
'#ffffff'
"""

from __future__ import annotations

import math

#: The linear-RGB matrices of Machado et al. (2009) at severity 1.
CVD: dict[str, tuple[tuple[float, float, float], ...]] = {
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
}


def rgb(colour: str) -> tuple[float, float, float]:
    """``#rgb`` / ``#rrggbb`` (or white/black) as three numbers 0..1."""
    text = {"white": "#ffffff", "black": "#000000"}.get(colour, colour).lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    r, g, b = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return r, g, b


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def luminance(colour: str) -> float:
    r, g, b = (_linear(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def simulate(colour: str, kind: str) -> str:
    """``colour`` as a person with the deficiency ``kind`` (``"deutan"``, ``"protan"``) sees it."""
    lin = [_linear(v) for v in rgb(colour)]
    seen = (sum(m * v for m, v in zip(row, lin, strict=True)) for row in CVD[kind])
    return "#" + "".join(f"{round(_encoded(v) * 255):02x}" for v in seen)


def _lab(colour: str) -> tuple[float, float, float]:
    r, g, b = (_linear(v) for v in rgb(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a: str, b: str) -> float:
    """How far apart two colours look (CIE76 ΔE: about 2.3 is just noticeable)."""
    return math.dist(_lab(a), _lab(b))
