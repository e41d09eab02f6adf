"""The move labels of the tree picture (``TreeModel.scene``): cut with an ellipsis to fit
the room their column leaves, siblings so that they still look different."""

from __future__ import annotations

#: The labels' font size, in scene units (one CSS pixel each in the widget).
LABEL_FONT = 12


def short_label(text: str, room: float, font: float = LABEL_FONT) -> str:
    """``text`` cut with an ellipsis to fit ``room`` units at ``font`` size."""
    fits = max(3, int(room / (0.6 * font)))
    return text if len(text) <= fits else text[: fits - 1] + "…"


def sibling_labels(texts: list[str], room: float) -> list[str]:
    """Sibling labels cut to fit ``room``, all at one place: at the end where that keeps them
    apart (``bubble a1 claim …`` twice would not say which move is which), else in the
    middle, as near half way as keeps the most of them apart.

    >>> moves = ["bubble a1 claim hidden black", "bubble a1 claim nothing hidden", "pass"]
    >>> sibling_labels(moves, 116)
    ['bubble a…n black', 'bubble a… hidden', 'pass']
    """
    fits = max(3, int(room / (0.6 * LABEL_FONT)))
    best: list[str] = []
    half = fits // 2  # the characters kept before the ellipsis: all, else about half
    for head in (fits - 1, *range(half, 0, -1), *range(half + 1, fits - 1)):
        tail = fits - 1 - head
        cut = [t if len(t) <= fits else t[:head] + "…" + t[len(t) - tail:] for t in texts]
        if len(set(cut)) > len(set(best)):
            best = cut
        if len(set(cut)) == len(set(texts)):
            break
    return best
