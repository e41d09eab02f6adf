"""Toys that behave only while ``assert`` runs (for ``tabletop.core.testing.optimized``):
one checks its option with ``assert``, one reads its notation's count after an ``assert``
that it is a number, and one builds its text from a docstring. ``python -O`` skips the
asserts (a bad option is kept; ``take x`` fails further on, with another error) and
``python -OO`` makes every ``__doc__`` ``None``."""

from __future__ import annotations

from dataclasses import dataclass

from broken_ids import _Toy
from toygame import NimState, SecretNim, Take


class AssertOptionNim(_Toy):
    """``max_take`` checked by an ``assert``: under ``-O`` any value is kept."""

    name = "assert-option-nim"

    def _check_option(self, key, value):
        assert value in (1, 2, 3), f"max_take is 1, 2 or 3, not {value!r}"


class AssertParseNim(_Toy):
    """``take N``'s count checked by an ``assert`` before ``int`` reads it."""

    name = "assert-parse-nim"

    def _parse(self, state, text):
        words = text.split()
        if words[:1] == ["take"]:
            assert len(words) == 2 and words[1].isdigit(), "take needs a count"
            return Take(int(words[1]))
        return SecretNim._parse(self, state, text)


@dataclass(frozen=True, slots=True, kw_only=True)
class DocTextState(NimState):
    """Secret Nim, told by its docstring."""

    def _text(self):
        return f"{type(self).__doc__.split(',')[0]}: pile {self.pile}"


class DocTextNim(_Toy):
    """Its states' text starts with their class's docstring."""

    name = "doc-text-nim"
    state_class = DocTextState
