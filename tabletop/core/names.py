"""Names people give (agents' names, arena entrants' labels) in any script: one spelling per
name, refusals for names that cannot be shown, and their width on a fixed-width screen.

A name is read in Unicode's composed form (NFC), so ``"café"`` typed with a combining accent
is the name typed with ``"é"``; one that is empty, only spaces or other invisible characters
(zero-width spaces, lone accents), or holds a control character
(a line break, a tab, NUL) or a text-direction control (which would turn the text around it
on every screen it is shown on) is refused saying so.

>>> spelt("cafe\\u0301") == "café", spelt("  日本語 ")
(True, '日本語')
>>> spelt("a\\nb", "an agent's name")
Traceback (most recent call last):
...
ValueError: an agent's name cannot hold a line break or other control character (U+000A), ...
>>> width("日本語"), width("e\\u0301"), width("👩\\u200d👩\\u200d👧"), width("🇯🇵")
(6, 1, 2, 2)
>>> fit("名前" * 10, 9), padded("名前", 6) + "|"
('名前名前…', '名前  |')
"""

from __future__ import annotations

import unicodedata
from html import escape

from .quoting import brief, quote

#: Explicit text-direction embeddings, overrides and isolates: a name holding one would turn
#: the text after it around wherever the name is shown (Arabic and Hebrew need none).
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_JOINER = "\u200d"
#: How many columns a name takes at most in a text table or a picture's label.
SHOWN = 32


def spelt(name: object, what: str = "a name") -> str:
    """``name`` in its one spelling (NFC, surrounding spaces off), or a ``ValueError``
    (``TypeError`` for what is not a string) saying why it cannot be a name."""
    if not isinstance(name, str):
        raise TypeError(f"{what} is a string, not {brief(name)}")
    text = nfc(name).strip()
    if not any(unicodedata.category(ch)[0] in "LNPS" for ch in text):  # (only spaces,
        # zero-width characters or accents: nothing shows)
        raise ValueError(f"{what} is a non-empty string with something to read, not "
                         f"{quote(name)}")
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
            raise ValueError(f"{what} cannot hold a line break or other control character "
                             f"(U+{ord(ch):04X}), as {quote(name)} does")
        if unicodedata.category(ch) == "Cs":  # (no file, no page can hold one)
            raise ValueError(f"{what} is Unicode text: {quote(name)} holds half of a "
                             f"character (a lone surrogate, U+{ord(ch):04X})")
        if ch in DIRECTION_CONTROLS:
            raise ValueError(f"{what} cannot hold a text-direction control (U+{ord(ch):04X}): "
                             f"it would turn the text shown after it around, as in "
                             f"{quote(name)}")
    return text


def right_to_left(text: str) -> bool:
    """Whether ``text`` reads from right to left: its first letter is Arabic, Hebrew or of
    another right-to-left script (as HTML's ``dir="auto"`` decides).

    >>> right_to_left("بوت 2"), right_to_left("2 bots"), right_to_left("שחקן")
    (True, False, True)
    """
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False


def nfc(text: str) -> str:
    """``text`` in Unicode's composed form, as names are kept (a label looked up by a name
    typed with combining accents finds it)."""
    return unicodedata.normalize("NFC", text)


def _char_width(ch: str, previous: str) -> int:
    """Columns ``ch`` adds after ``previous``: none for a mark that joins the character
    before it, two for a wide (East Asian or emoji) character, else one."""
    if previous == _JOINER or unicodedata.combining(ch) \
            or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0  # (an emoji joined by ZWJ is drawn as one with the one before it)
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1  # (a flag: 1 + 1)


def width(text: str) -> int:
    """How many columns ``text`` takes on a fixed-width screen (a terminal, a notebook's
    text output), as near as Unicode's tables say."""
    total, previous = 0, ""
    for ch in text:
        total += _char_width(ch, previous)
        previous = ch
    return total


def fit(text: str, columns: int) -> str:
    """``text``, or its start and ``"…"`` within ``columns`` columns (never splitting a
    character from the marks joined to it)."""
    if width(text) <= columns:
        return text
    kept, used, previous = [], 0, ""
    for ch in text:
        w = _char_width(ch, previous)
        if w and used + w > columns - 1:
            break
        kept.append(ch)
        used += w
        previous = ch
    return "".join(kept).rstrip(_JOINER) + "…"


def padded(text: str, columns: int) -> str:
    """``text`` followed by spaces up to ``columns`` columns (``str.ljust`` counts
    characters, so a table of wide or accented names would not line up)."""
    return text + " " * max(0, columns - width(text))


def right(text: str, columns: int) -> str:
    """``text`` after spaces up to ``columns`` columns."""
    return " " * max(0, columns - width(text)) + text


def html_name(name: str) -> str:
    """``name`` escaped for HTML; a long one may also break anywhere, so that a table of
    names keeps to the width of the page (a 300-letter label made one 2,600 px wide).

    >>> html_name("<b>"), html_name("x" * 40)[:37]
    ('&lt;b&gt;', '<span style="overflow-wrap:anywhere">')
    """
    if width(name) <= SHOWN:
        return escape(name)
    return f'<span style="overflow-wrap:anywhere">{escape(name)}</span>'
