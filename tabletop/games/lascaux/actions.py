"""The three Lascaux actions and their notation: ``choose blue``, ``pay``, ``pass``.

>>> str(CHOICES[5]), str(PAY), str(PASS)
('choose blue', 'pay', 'pass')
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.game import Action
from ...core.ids import ActionTable
from ...core.plain import whole
from .cards import ALL_COLOURS, COLOURS, colours_of

#: What every action looks like, for a message about text that is none of them.
FORMS = f"actions are 'choose blue' (the colours: {', '.join(COLOURS)}), pay and pass"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Lay the token of ``colour`` (an index into ``COLOURS``) face down: ``choose blue``."""

    colour: int

    def __str__(self) -> str:
        """``choose blue``; a colour that is no index of ``COLOURS`` (``-1``, ``True``) makes
        the notation fall back to the fields, ``Choose(colour=-1)``, never another colour."""
        return f"choose {COLOURS[whole(self.colour, 0, 'no such colour', len(COLOURS) - 1)]}"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Pay one stone into the pot and stay in the auction: ``pay``."""

    def __str__(self) -> str:
        return "pay"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Leave the auction, take the whole pot, put your token on the stack: ``pass``."""

    def __str__(self) -> str:
        return "pass"


CHOICES: tuple[Choose, ...] = tuple(Choose(c) for c in range(len(COLOURS)))
PAY, PASS = Pay(), Pass()
PAY_OR_PASS: tuple[Action, ...] = (PAY, PASS)
ONLY_PASS: tuple[Action, ...] = (PASS,)
CHOICES_BY_MASK: tuple[tuple[Action, ...], ...] = tuple(
    tuple(CHOICES[c] for c in colours_of(mask)) for mask in range(ALL_COLOURS + 1)
)
#: Every action's integer id: ``choose <colour>`` 0..5 (``cards.COLOURS`` order), ``pay`` 6,
#: ``pass`` 7.
ACTION_TABLE = ActionTable((*CHOICES, PAY, PASS))
