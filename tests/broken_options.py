"""A toy that takes any option value on trust (for the options check)."""

from __future__ import annotations

from toygame import SecretNim


class LooseNim(SecretNim):
    """Secret Nim that checks no option, so ``max_take=nan`` breaks its first move."""

    name = "loose-nim"

    def _check_option(self, key, value):
        return None
