"""Toys for ``check_variants``: one whose bug shows only off its default option, and
declarations of variants that check nothing."""

from __future__ import annotations

from liars_dice.rules import LiarsDice
from toygame import Bonus, SecretNim, Take

from tabletop.core.ids import ActionTable


class DefaultTableNim(SecretNim):
    """Secret Nim whose action table is built from the *default* ``max_take``: sound at the
    defaults, but with ``max_take=3`` its ``take 3`` has no id."""

    name = "default-table-nim"

    def _action_space(self):
        top = self.defaults["max_take"]
        return ActionTable((Bonus(0), Bonus(1), *(Take(n) for n in range(1, top + 1))))


class UndeclaredNim(SecretNim):
    """Secret Nim that declares no variants: ``max_take`` is only ever checked at 2."""

    name = "undeclared-nim"
    variants = ()


class DefaultVariantNim(SecretNim):
    """Secret Nim whose one variant is its defaults."""

    name = "default-variant-nim"
    variants = ({"max_take": 2},)


class StaleVariantNim(SecretNim):
    """Secret Nim whose variant names a value the game refuses."""

    name = "stale-variant-nim"
    variants = ({"max_take": 4},)


class OneAtATimeDice(LiarsDice):
    """Liar's Dice whose variants change one setting each: dice, faces and the player count
    are never checked together."""

    name = "one-at-a-time-dice"
    variants = ({"dice": 1}, {"faces": 3}, {"players": 4})
