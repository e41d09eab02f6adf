"""Naming a wrong choice: the valid ones, and the nearest to what was typed.

Used wherever a user picks from a list by name (games, agents, options, option values), so a
typo ends in one line that says what was meant.

>>> nearest("lascux", ["lacuna", "lascaux", "lava-flows", "landlock"])
'lascaux'
>>> nearest("Lava Flows", ["lacuna", "lascaux", "lava-flows", "landlock"])
'lava-flows'
>>> nearest("chess", ["lacuna", "lascaux", "lava-flows", "landlock"]) is None
True
>>> unknown("agent", "mtcs", ["random", "mcts"])
"no agent called 'mtcs'; did you mean 'mcts'? known agents: 'random', 'mcts'"
>>> nearest("ｍｃｔｓ", ["random", "mcts"])
'mcts'
>>> unknown("size", "3", [3, 5])
"no size called '3'; known sizes: 3, 5"
"""

from __future__ import annotations

import difflib
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from .errors import InvalidOption
from .plain import like_default
from .quoting import brief, either

#: Longer text is not compared with the choices (no one mistypes a name that long).
LONGEST = 100


def _key(word: str) -> str:
    """A spelling with case, separators and the letters' width ignored (``"Lava Flows"`` ~
    ``"lava-flows"``; ``"ｍｃｔｓ"``, typed with an input method's full-width letters, ~
    ``"mcts"``)."""
    word = unicodedata.normalize("NFKC", word)
    return word.strip().lower().replace("_", "-").replace(" ", "-")


def _words(key: str) -> tuple[str, ...]:
    return tuple(sorted(key.split("-")))


def nearest(word: object, choices: Iterable[str]) -> str | None:
    """The choice closest to ``word``, or ``None``: the same words in another order
    (``colour_strict`` ~ ``strict_colour``), else ``difflib.get_close_matches``."""
    if not isinstance(word, str) or len(word) > LONGEST:
        return None
    by_key = {_key(c): c for c in choices if isinstance(c, str)}  # (numbers are not spelt)
    key = _key(word)
    for other, choice in by_key.items():
        if _words(other) == _words(key):
            return choice
    found = difflib.get_close_matches(key, list(by_key), n=1, cutoff=0.6)
    return by_key[found[0]] if found else None


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """``"did you mean 'x'? "`` for the nearest choice, or ``""`` if none is near.

    >>> did_you_mean("onot", ["onto", "empty"])
    "did you mean 'onto'? "
    """
    found = nearest(word, choices)
    return "" if found is None else f"did you mean {found!r}? "


def suggestion(word: object, choices: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` to end a refusal with, or ``""`` if no choice is near.

    >>> suggestion("onot", ["onto", "empty"]), suggestion("zzz", ["onto"])
    ("; did you mean 'onto'?", '')
    """
    hint = did_you_mean(word, choices)
    return f"; {hint.strip()}" if hint else ""


def unknown(what: str, word: object, choices: Iterable[str]) -> str:
    """One line for a name that is not one of ``choices``: the nearest, then all of them."""
    listed = list(choices)
    known = ", ".join(repr(c) for c in listed) or "none"
    return f"no {what} called {brief(word)}; {did_you_mean(word, listed)}known {what}s: {known}"


class OptionChecks:
    """How a ``Game`` checks its options (a mixin): ``_check_option``, which games extend,
    and its helpers, each raising ``InvalidOption`` that names the option and what is
    allowed."""

    __slots__ = ()
    name: ClassVar[str]
    defaults: ClassVar[Mapping[str, Any]]
    #: Option sets (``players`` may be one) that the conformance suite plays as well as the
    #: defaults (``tabletop.core.testing.check_variants``): between them, every option takes
    #: a value other than its default.
    variants: ClassVar[tuple[Mapping[str, Any], ...]] = ()

    def _check_option(self, key: str, value: Any) -> None:
        """Raise ``InvalidOption`` if ``value`` is not allowed for option ``key``."""
        default = self.defaults[key]
        if type(value) is not type(default):
            raise InvalidOption(
                f"option {key}={brief(value)} of {self.name} should be of type "
                f"{type(default).__name__}, like the default {default!r}"
            )

    def _settled_option(self, key: str, value: Any) -> Any:
        """The value a game keeps for option ``key``, once ``_check_option`` accepted
        ``value``: ``value`` itself unless a game overrides it. A game that reads a number on
        a grid (a multiple of ``step``, give or take rounding) keeps the grid's value, so
        that ``0.1 * 7`` and ``0.7`` make one game: equal, hashing alike, writing one record.
        By default a whole number given for a float option is kept as that float
        (``like_default``).
        """
        return like_default(value, self.defaults[key])

    def _option_choice(self, key: str, value: Any, choices: tuple[Any, ...]) -> None:
        """A helper for ``_check_option``: ``value`` must be one of ``choices``."""
        if value not in choices:
            named = [c for c in choices if isinstance(c, str)]
            raise InvalidOption(f"option {key}={brief(value)} of {self.name} must be one of "
                                f"{either(choices, repr)}{suggestion(value, named)}")

    def _option_number(self, key: str, value: Any, low: float, high: float,
                       step: float | None = None) -> None:
        """A helper for ``_check_option``: ``value`` must be a finite number in ``low..high``
        (and a multiple of ``step``, if given). The refusal names everything that is
        checked, so that a value it says is allowed is: a whole number for an option whose
        default is an int, a multiple of ``step`` if given."""
        whole = type(self.defaults.get(key)) is int
        if (isinstance(value, bool) or not isinstance(value, int | float)
                or value != value or not low <= value <= high  # NaN fails value != value
                or whole and value != int(value)
                or step is not None and abs(value / step - round(value / step)) > 1e-6):
            kind = "whole number" if whole else "number"
            multiple = "" if step is None else f", a multiple of {step:g}"
            raise InvalidOption(f"option {key}={brief(value)} of {self.name} must be a "
                                f"{kind} from {low} to {high}{multiple}")
