"""What a Bubble Up with a claim finds and leaves in Lava Flows: the answer (``bubbled``) for
a stack, filed once for every claim, and how sure each claim is when the lowest place is one
the mover cannot see into (``low_kinds``). Read on every such ply, so worked out ahead.

>>> bubbled("1Wb")
('black', 'Wbb', 'bWb')
"""

from __future__ import annotations

from .actions import BUBBLE_CLAIMS, CLAIMS
from .board import GHOSTS, STACKS, Memo
from .knowledge import kind_of

_FOUND = {"W": "nothing", "B": "nothing", "w": "white", "0": "white", "3": "white",
          "b": "black", "1": "black", "4": "black"}
_SHOWN = {"W": "W", "B": "B", "w": "w", "0": "w", "3": "w", "b": "b", "1": "b", "4": "b"}

#: ``str(action)`` of each Bubble Up with a claim, by its cell, then claim (cheaper to read).
BUBBLE_TEXTS = tuple({a.claim: str(a) for a in claims} for claims in BUBBLE_CLAIMS)
#: ``bubbled`` by stack, computed when first met: one entry serves every claim.
BUBBLED: dict[str, tuple[str, str, str]] = STACKS.share({})


def bubbled(stack: str) -> tuple[str, str, str]:
    """A claimed Bubble Up on ``stack`` (with a Large): what the lowest place held (the claim
    that is right), then the stack after a right claim and after a wrong one (normalised).
    Filed in ``BUBBLED``: every claim reads the one entry (they share the lowest place, and
    a search tries several claims on one stack).

    ``stack`` is a state's, so normalised: from its top Large up every piece is public. The
    result needs no ``normalize`` either: the lowest place goes, shown as a public piece, to
    the top (a right claim) or the bottom (a wrong one). If it held a Medium, the top Large
    is the same piece, with the same public pieces above it; if it was the Large, either it
    lands on top, or the top Large is the old one, or it is (with the old public pieces
    above it). The speed tests check this against the plain rule on every normalised stack.

    >>> bubbled("1Wb"), bubbled("2Wb")
    (('black', 'Wbb', 'bWb'), ('nothing', 'bW', 'Wb'))
    """
    i = 0
    while stack[i] in GHOSTS:
        i += 1
    low = stack[i]
    found = _FOUND[low]
    shown = _SHOWN[low]
    rest = stack[i + 1:]
    STACKS.spend()
    made = BUBBLED[stack] = found, rest + shown, shown + rest
    return made


def low_kinds(pool: str) -> dict[str, str]:
    """By claim, its ``kind_of`` for a Bubble Up whose lowest place is one of the other
    player's unrevealed hiding places, ``pool`` being what those hold (``_slot_pools``).
    That place may hold any of them: each hiding place sits right under a Large (an empty
    one leaves that Large lowest), and the pool has an item for every such place on the
    board. So ``lowest_outcomes`` of the mover's knowledge is the pool's items by name.

    >>> low_kinds("-b")
    {'black': 'guess', 'white': 'bluff', 'nothing': 'guess'}
    """
    could_be = {_FOUND[item] for item in pool.replace("-", "W")}
    return {claim: kind_of(claim in could_be, could_be == {claim}) for claim in CLAIMS}


#: ``low_kinds`` by pool: few pools (subsets of ``-bw``), so one lookup per claim.
LOW_KINDS: Memo[str, dict[str, str]] = Memo(low_kinds)
