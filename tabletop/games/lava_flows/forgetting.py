"""What a ``memory=True`` player knows: the shape of every pile, never what is hidden in it.

With ``memory=True`` a player remembers everything in view, the cones, every announcement and
its verdict (right or wrong: whether pieces moved is seen), and the *shape* of each pile: how
many places lie under each Large, and which of them are still unrevealed hiding places
(whose) or Mediums covered during play. They forget every content: the colours of covered
Mediums, what any hiding place holds (their own too), what a reveal found. What they can
work out from the board stays known: how many white and black Mediums are out of view
(three of each, less those in view and in cones).

So a view shows no pools and no hidden counts; the announcements offered (the same for the
state and its mover's view) are those some filling of the unknowns allows, each hiding
place drawing on ``-bw`` and the covered Mediums on the Mediums out of view
(``forgetful_pools``); ``determinize`` fills the unknowns with any contents the board
allows (``forgetful_fill``).

>>> forgetful_pools(("1W", "wb") + ("",) * 7, (-1,) * 9)
('-bw', '-bw', (2, 2))
"""

from __future__ import annotations

import random
from itertools import permutations
from math import comb

from .board import CONTENT_INDEX, SLOT
from .knowledge import APPEARANCES

#: What any unrevealed hiding place may hold, as far as a player who forgets knows.
ANYTHING = "-bw"


def out_of_view(stacks: tuple[str, ...] | list[str], cones: tuple[int, ...]) -> tuple[int, int]:
    """How many white and black Mediums are not in view: three of each, less those in view
    (``appearance``) and in cones. Public: anyone at the table can count them.

    >>> out_of_view(("1Ww", "b") + ("",) * 7, (0,) + (-1,) * 8)
    (1, 2)
    """
    seen = "".join(APPEARANCES[s] for s in stacks)
    return (max(0, 3 - seen.count("w") - cones.count(0)),
            max(0, 3 - seen.count("b") - cones.count(1)))


def forgetful_pools(stacks: tuple[str, ...] | list[str], cones: tuple[int, ...]
                    ) -> tuple[str, str, tuple[int, int]]:
    """The pools (``knowledge``: White's and Black's hiding places, the covered Mediums) that
    a player who forgets draws the unknowns of a pile from."""
    return ANYTHING, ANYTHING, out_of_view(stacks, cones)


def forgetful_fill(stacks: tuple[str, ...], cones: tuple[int, ...],
                   spots: tuple[list[tuple[int, int]], ...], rng: random.Random
                   ) -> tuple[str, ...]:
    """``stacks`` (a ``memory=True`` view's) with every unknown filled: ``spots`` are the
    ``(cell, index)`` of White's and Black's hiding places and of the covered Mediums
    (``LavaView._unknowns``). Each hider's places hold different items of ``-bw``, the
    covered Mediums a colour each, and the Mediums out of view are all placed if they can
    be (else as many as can: a built position may lack pieces). Drawn at random among the
    fillings, each colouring of the covered Mediums counted.

    >>> fill = forgetful_fill(("mW", "hB") + ("",) * 7, (-1,) * 9,
    ...                       ([(0, 0)], [], [(1, 0)]), random.Random(1))
    >>> fill[0] in ("0W", "1W", "2W"), fill[1] in ("wB", "bB")
    (True, True)
    """
    white, black = out_of_view(stacks, cones)
    covered = len(spots[2])
    options: list[tuple[int, tuple[str, str], int]] = []  # (missing, slot items, whites)
    for mine in set(permutations(ANYTHING, len(spots[0]))):
        for theirs in set(permutations(ANYTHING, len(spots[1]))):
            placed = "".join(mine) + "".join(theirs)
            w_left, b_left = white - placed.count("w"), black - placed.count("b")
            if w_left < 0 or b_left < 0 or w_left + b_left < covered:
                continue
            for whites in range(max(0, covered - b_left), min(covered, w_left) + 1):
                options.append((w_left + b_left - covered, ("".join(mine), "".join(theirs)),
                                whites))
    fewest = min(missing for missing, _, _ in options)
    options = sorted(o for o in options if o[0] == fewest)
    _, items, whites = rng.choices(options, [comb(covered, o[2]) for o in options])[0]
    colours = ["w"] * whites + ["b"] * (covered - whites)
    rng.shuffle(colours)
    filled = list(stacks)
    for hider in (0, 1):
        for (c, i), item in zip(spots[hider], items[hider], strict=True):
            filled[c] = filled[c][:i] + SLOT[hider][CONTENT_INDEX[item]] + filled[c][i + 1:]
    for (c, i), colour in zip(spots[2], colours, strict=True):
        filled[c] = filled[c][:i] + colour + filled[c][i + 1:]
    return tuple(filled)
