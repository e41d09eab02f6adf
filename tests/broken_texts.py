"""Toys that read typed text of an illegal action wrongly (for ``check_illegal_text``), all
built on ``SecretNim``, whose own reading is sound."""

from __future__ import annotations

from toygame import SecretNim, Take

from tabletop.core.errors import IllegalAction


def _take(text):
    """The ``Take`` that ``take N`` names, legal or not, else ``None``."""
    word, _, count = text.partition(" ")
    return Take(int(count)) if word == "take" and count.isdigit() else None


class HandingNim(SecretNim):
    """Hands back the action ``take N`` names, legal or not, for ``apply`` to refuse later."""

    name = "handing-nim"

    def parse_action(self, state, text):
        return _take(text) or super().parse_action(state, text)


class CrashingNim(SecretNim):
    """Its parser raises a bare ``ValueError`` for a take larger than the pile."""

    name = "crashing-nim"

    def _parse(self, state, text):
        found = _take(text)
        if found is not None and found.count > state.pile:
            raise ValueError(f"cannot take {found.count} from {state.pile}")
        return found


class TerseNim(SecretNim):
    """Refuses an illegal take without saying what is legal."""

    name = "terse-nim"

    def _parse(self, state, text):
        found = _take(text)
        if found is not None and found not in state.legal_actions():
            raise IllegalAction(f"{text!r} is not legal here")
        return found
