"""A toy that takes any option value on trust (for the options check)."""

from __future__ import annotations

from toygame import SecretNim


class LooseNim(SecretNim):
    """Secret Nim that checks no option, so ``max_take=nan`` breaks its first move."""

    name = "loose-nim"

    def _check_option(self, key, value):
        return None


class RebindableNim(SecretNim):
    """Secret Nim whose options, once made, can be rebound (``game.max_take = 9``)."""

    name = "rebindable-nim"
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def __init__(self, players=None, **options):
        SecretNim.__init__(self, players, **options)
        self.max_take = self.options["max_take"]


class GridNim(SecretNim):
    """Secret Nim with a ``komi`` option (a multiple of 0.5, read give or take rounding, as
    Lacuna reads its sizes) that no rule reads and that is kept as given, so ``komi=0.5``
    and ``komi`` one float step above it make two unequal games that play alike."""

    name = "grid-nim"
    defaults = {"max_take": 2, "komi": 0.5}
    variants = ({"max_take": 3, "komi": 1.0},)

    def _check_option(self, key, value):
        if key == "komi":
            self._option_number(key, value, 0, 10, step=0.5)
        else:
            SecretNim._check_option(self, key, value)


class SettledGridNim(GridNim):
    """``GridNim`` keeping the grid's value of ``komi``: the check passes."""

    name = "settled-grid-nim"

    def _settled_option(self, key, value):
        return round(value * 2) / 2 if key == "komi" else value
