"""Limits every notation parser keeps, and bounded number reading for games that need it.

Typed or recorded notation is untrusted text: it is read in time linear in its length, no
longer than ``MAX_NOTATION`` characters, and numbers in it are short decimals in a stated
range, so that no input can make a parser hang or surface Python's own number limits.

>>> check_length("pass")
>>> number("0.25", "the position", 0, 1)
Fraction(1, 4)
>>> number("1e-100000000", "the position", 0, 1)
Traceback (most recent call last):
...
tabletop.core.errors.IllegalAction: the position '1e-100000000' is not a number of at most \
24 characters like 0.25, -1.5 or 1/3 (exponents from -9 to 9)
"""

from __future__ import annotations

import re
from fractions import Fraction

from .errors import IllegalAction
from .quoting import QUOTED
from .quoting import quote as quote  # re-exported: games quote their notation with it

#: The longest notation a parser reads, in characters.
MAX_NOTATION = 200
#: The longest number a parser reads, in characters.
MAX_NUMBER = 24

# A plain decimal (``-1.25``, ``.5``, ``3``), optionally with a one-digit exponent, or a
# fraction of two integers (``1/3``). Every part is unambiguous, so a match is linear.
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d)?|[-+]?\d+/\d+", re.ASCII)


def check_length(text: str, what: str = "notation") -> None:
    """Raise ``IllegalAction`` if ``text`` is longer than ``MAX_NOTATION`` characters."""
    if len(text) > MAX_NOTATION:
        raise IllegalAction(f"{quote(text)} is too long: {what} is at most {MAX_NOTATION} "
                            "characters")


class NotationProblem(ValueError):
    """What a game's ``_parse`` raises for text that is no action at all, saying why (the
    core refuses it quoting the text as typed, before it was normalised).

    >>> str(NotationProblem("no cell 'q9'"))
    "no cell 'q9'"
    """


def unknown(text: str, game: str, forms: str) -> str:
    """The reason for refusing ``text`` that is no action of ``game`` at all: every game
    says the same, with ``forms`` (what its actions look like, with quoted examples).

    >>> unknown("jump", "Lascaux", "actions are 'choose blue', 'pay' or 'pass'")
    "'jump' is no action in Lascaux: actions are 'choose blue', 'pay' or 'pass'"
    """
    return f"{quote(text)} is no action in {game}: {forms}"


def number(token: str, what: str, low: int, high: int) -> Fraction:
    """The exact value of a short decimal or fraction ``token`` between ``low`` and ``high``.

    ``IllegalAction`` names ``what`` and says what is allowed otherwise.

    >>> number("1/3", "x", 0, 1), number("-.5", "x", -2, 2)
    (Fraction(1, 3), Fraction(-1, 2))
    >>> number("3", "x", 0, 1)
    Traceback (most recent call last):
    ...
    tabletop.core.errors.IllegalAction: x must be between 0 and 1, not 3
    """
    if len(token) > MAX_NUMBER or not _NUMBER.fullmatch(token):
        raise IllegalAction(f"{what} {quote(token, QUOTED)} is not a number of at most "
                            f"{MAX_NUMBER} characters like 0.25, -1.5 or 1/3 (exponents from "
                            "-9 to 9)")
    try:
        value = Fraction(token)
    except ZeroDivisionError:
        raise IllegalAction(f"{what} {token!r} divides by zero") from None
    if not low <= value <= high:
        raise IllegalAction(f"{what} must be between {low} and {high}, not {token}")
    return value


def integer(token: str, what: str, low: int, high: int) -> int:
    """The value of a string of ASCII digits ``token`` between ``low`` and ``high``.

    >>> integer("12", "a flower", 0, 47)
    12
    >>> integer("9" * 50, "a flower", 0, 47)
    Traceback (most recent call last):
    ...
    tabletop.core.errors.IllegalAction: a flower must be a whole number from 0 to 47, not \
'99999999999999999999'… (50 characters)
    """
    if not (token.isascii() and token.isdigit()) or len(token) > len(str(high)) + 2 \
            or not low <= int(token) <= high:
        raise IllegalAction(f"{what} must be a whole number from {low} to {high}, not "
                            f"{quote(token, 20)}")
    return int(token)
