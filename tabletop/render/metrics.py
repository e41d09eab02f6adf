"""How wide a line of text is drawn: a generous estimate, for fitting text inside a picture.

Pictures name the generic ``sans-serif`` family, so the font is the viewer's: Arial or
Helvetica on most desktops, DejaVu Sans on many Linux systems and in resvg's usual set-up.
DejaVu Sans is the widest of these, so its advance widths (measured here, in hundredths of
an em, for printable ASCII and the few other signs the games draw) are the estimate; any
other character counts a full em. Text that fits by this measure fits in every one of them.

>>> text_width("Round 10", 15)
71.8
>>> text_width("Round 10", 15, bold=True) > text_width("Round 10", 15)
True
>>> text_width("\\u4e00", 10)  # a character not in the table: one em
10.0
"""

from __future__ import annotations

_ASCII = "".join(map(chr, range(32, 127)))  # printable ASCII, space to tilde
_OTHER = "·…–—▶◀∅→×←↑↓°é"

#: Advance widths of DejaVu Sans (regular), in hundredths of an em.
_REGULAR = (
    32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66,
    56, 86, 75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61,
    63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82,
    59, 59, 52, 64, 34, 64, 84, 32, 100, 50, 100, 77, 77, 87, 84, 84, 84, 84, 84, 50, 62,
)
#: The same for DejaVu Sans Bold.
_BOLD = (
    35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70,
    70, 70, 70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77,
    64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67,
    72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92,
    65, 65, 58, 71, 37, 71, 84, 38, 100, 50, 100, 77, 77, 86, 84, 84, 84, 84, 84, 50, 68,
)
_CHARS = _ASCII + _OTHER
_WIDTHS = {False: dict(zip(_CHARS, _REGULAR, strict=True)),
           True: dict(zip(_CHARS, _BOLD, strict=True))}


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` at font size ``size`` (in the same units), rounded to 0.1."""
    widths = _WIDTHS[bool(bold)]
    return round(sum(widths.get(ch, 100) for ch in text) * size / 100, 1)


def is_bold(weight: str) -> bool:
    """Whether a CSS ``font-weight`` draws heavier than normal (``bold``, ``600``…)."""
    return weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)


def wrap_text(text: str, width: float, size: float, bold: bool = False,
              indent: str = "") -> list[str]:
    """``text`` broken at spaces into lines that each fit ``width`` (by ``text_width``);
    lines after the first start with ``indent``. A single word wider than ``width`` keeps a
    line of its own.

    >>> wrap_text("a stream-land-gnome (removed by a bridge)", 190, 12)
    ['a stream-land-gnome', '(removed by a bridge)']
    >>> wrap_text("short", 190, 12)
    ['short']
    """
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        candidate = f"{line} {word}" if line else (indent if lines else "") + word
        if line and text_width(candidate, size, bold) > width:
            lines.append(line)
            line = indent + word
        else:
            line = candidate
    return [*lines, line]


def fit_lines(text: str, width: float, size: float, bold: bool = False, lines: int = 2,
              least: float = 12, height: float | None = None) -> tuple[list[str], float]:
    """``text`` as at most ``lines`` lines that each fit ``width``, and the font size that
    lets them: broken at spaces (``wrap_text``) at ``size``, or at a smaller size down to
    ``least``; at ``least``, each line still too wide ends in ``"…"``. With ``height``, no
    more lines than fit it (from the first line's top to the last one's baseline, lines
    ``1.2 * size`` apart), and always one. For text a picture cannot choose, such as a
    player's name.

    >>> fit_lines("Pass the board to Ann", 400, 22, True)
    (['Pass the board to Ann'], 22)
    >>> fit_lines("Pass the board to Marie-Thérèse de la Tour d'Auvergne", 400, 22, True)
    (['Pass the board to Marie-Thérèse', "de la Tour d'Auvergne"], 21)
    >>> fit_lines("Pass the board to Marie-Thérèse de la Tour d'Auvergne", 400, 22, True,
    ...           height=20)
    (["Pass the board to Marie-Thérèse de la Tour d'Auvergne"], 12)
    >>> fit_lines("名" * 80, 200, 22)
    (['名名名名名名名名名名名名名名名…'], 12)
    """
    def room(at: float) -> int:
        if height is None:
            return lines
        return max(1, min(lines, int((height - at) // (1.2 * at)) + 1))

    shown: list[str] = []
    while True:
        most = room(size)
        shown = wrap_text(text, width, size, bold)
        fits = len(shown) <= most and all(text_width(t, size, bold) <= width for t in shown)
        if fits or size <= least:
            break
        size = max(least, size - 1)
    if len(shown) > most:
        shown = [*shown[:most - 1], " ".join(shown[most - 1:])]
    return [_cut_to(t, width, size, bold) for t in shown], size


def _cut_to(text: str, width: float, size: float, bold: bool) -> str:
    """``text``, or its start and ``"…"`` within ``width``."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"
