"""Secret Nim variants that break what ``check_fuzzing`` guards, one way each.

* ``BacktrackingNim`` reads ``take N`` with a catastrophically backtracking pattern;
* ``OverflowNim`` reads the count as a float, so a huge exponent escapes as OverflowError;
* ``TrustingNim`` keeps its pile in the record's start data and believes whatever is there.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from toygame import NimState, SecretNim, Take

from tabletop.core.position import evolve

_SLOW = re.compile(r"take (\d+)+")  # nested repetition: exponential on "take 111…1x"


class BacktrackingNim(SecretNim):
    name = "backtracking-nim"

    def _parse(self, state, text):
        m = _SLOW.fullmatch(text)
        return Take(int(m.group(1))) if m else None


class OverflowNim(SecretNim):
    name = "overflow-nim"

    def _parse(self, state, text):
        words = text.split()
        if len(words) == 2 and words[0] == "take":
            try:
                return Take(int(float(words[1])))  # the bug: 1e999 is inf, int(inf) overflows
            except ValueError:
                return None
        return None


class TrustingNim(SecretNim):
    name = "trusting-nim"

    def _initial(self, rng: random.Random) -> TrustingState:
        return TrustingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None)

    def _initial_from(self, rng: random.Random, start: Any) -> TrustingState:
        # the bug: no check at all (and ``evolve``, a fast path, not the checked constructor)
        return evolve(self._initial(rng), pile=start.get("pile"))


@dataclass(frozen=True, slots=True, kw_only=True)
class TrustingState(NimState):
    def _start_data(self) -> dict[str, Any] | None:
        return {"pile": self.pile + self.removed()}

    def removed(self) -> int:
        return sum(a.count for a in self.history if isinstance(a, Take))
