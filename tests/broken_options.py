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
