"""What a ``memory=True`` player knows: the shape of every pile, never what is hidden in it.

With ``memory=True`` a player remembers everything in view, the cones, every announcement and
its verdict (right or wrong: whether pieces moved is seen), and the *shape* of each pile: how
many places lie under each Large, and which of them are still unrevealed hiding places
(whose) or Mediums covered during play. They forget every content: the colours of covered
Mediums, what any hiding place holds (their own too), what a reveal found. What they can
work out from the board stays known: how many white and black Mediums are out of view
(three of each, less those in view and in cones).

So a view shows no pools and no hidden counts; the announcements offered (the same for the
state and its mover's view) are those some filling of the whole board allows, each hiding
place drawing on ``-bw`` (one of each per hider) and the covered Mediums on the Mediums out
of view, which every filling places as fully as the board can hold them: all of them, when
no piece is missing (``forgetful_claims``); ``determinize`` fills the unknowns with any
contents the board allows (``forgetful_fill``).

>>> forgetful_pools(("1W", "wb") + ("",) * 7, (-1,) * 9)
('-bw', '-bw', (2, 2))
"""

from __future__ import annotations

import random
from itertools import permutations
from math import comb

from tabletop.core.memos import memo

from .board import CONTENT_INDEX, SLOT, top_large
from .knowledge import APPEARANCES, hidden_oreos

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


def unknown_counts(stacks: tuple[str, ...] | list[str]) -> tuple[int, int, int]:
    """How many unknowns a player who forgets sees on the board: White's unrevealed hiding
    places, Black's, and the Mediums covered in play (under a Large). Works on a full state's
    stacks and on a ``memory=True`` view's alike.

    >>> unknown_counts(("1W", "2WbB", "wb", "5B"))
    (2, 1, 1)
    """
    counts = [_stack_unknowns(stack) for stack in stacks]
    return (sum(c[0] for c in counts), sum(c[1] for c in counts), sum(c[2] for c in counts))


@memo(1 << 14)
def _stack_unknowns(stack: str) -> tuple[int, int, int]:
    """``unknown_counts`` of one stack."""
    k = top_large(stack)
    under = stack[:k].translate(_UNKNOWN_KINDS) if k > 0 else ""  # under the top Large
    return under.count("m"), under.count("n"), under.count("h")


#: Every code under a Large as the unknown a player who forgets sees there.
_UNKNOWN_KINDS = str.maketrans("012345wb", "mmmnnnhh")


@memo(1 << 12)
def _fewest_missing(white: int, black: int, places: tuple[int, int], covered: int,
                    used: tuple[str, str] = ("", "")) -> int | None:
    """The fewest out-of-view Mediums (``white``, ``black`` left) that a filling of the
    ``places`` (White's, Black's hiding places, drawing on ``ANYTHING`` less the ``used``
    items) and ``covered`` Mediums leaves unplaced; ``None`` if none fits."""
    fewest = None
    pools = ["".join(sorted(set(ANYTHING) - set(u))) for u in used]
    for mine in set(permutations(pools[0], places[0])):
        for theirs in set(permutations(pools[1], places[1])):
            placed = "".join(mine) + "".join(theirs)
            w_left, b_left = white - placed.count("w"), black - placed.count("b")
            if w_left < 0 or b_left < 0 or w_left + b_left < covered:
                continue
            missing = w_left + b_left - covered
            fewest = missing if fewest is None else min(fewest, missing)
    return fewest


@memo(1 << 14)
def forgetful_claims(tokens: str, cone_len: int, visible: int, hidden: tuple[int, int],
                     totals: tuple[int, int, int], top_only: bool
                     ) -> tuple[tuple[tuple[int, str], ...], frozenset[tuple[int, str]]]:
    """``(possible, certain)``, as ``knowledge.oreo_claims`` has them, for a player who
    forgets: the Oreos not wholly in view that they may announce in a cell whose
    perspective is ``tokens`` (``m``/``n`` hiding places, ``h`` covered Mediums): those of a
    filling of this cell that the rest of the board completes as the board allows, with the
    Mediums out of view (``hidden``) placed as fully as any filling places them (all of
    them when no piece is missing): ``totals`` is ``unknown_counts`` of the whole board.

    A hiding place holding a Medium uses up one out of view, and the covered Mediums
    elsewhere need theirs. Two covered Mediums, a Large, Black's hiding place and a Large
    (``hhWnB``): with 5 Mediums out of view and 3 more covered elsewhere the place is empty
    (so ``b2@2`` is the upper covered Medium, never a white Large between two black ones);
    were these the only unknowns, the place would hold one of the Mediums out of view.

    >>> forgetful_claims("hhWnB", 0, 1, (2, 3), (0, 1, 5), False)[0]  # the place is empty
    ((1, 'w'), (2, 'b'))
    >>> forgetful_claims("hhWnB", 0, 1, (2, 3), (0, 1, 2), False)[0]  # it holds a Medium
    ((2, 'w'), (3, 'b'))
    """
    white, black = hidden
    fewest = _fewest_missing(white, black, totals[:2], totals[2])
    # fill this cell's unknowns: (pile, White's items, Black's items, whites, blacks)
    piles = [("", "", "", 0, 0)]
    for code in tokens:
        grown = []
        for pile, mine, theirs, w, b in piles:
            if code == "h":
                grown += [(pile + "w", mine, theirs, w + 1, b),
                          (pile + "b", mine, theirs, w, b + 1)]
            elif code in "mn":
                used = mine if code == "m" else theirs
                for item in set(ANYTHING) - set(used):
                    piece = "" if item == "-" else item
                    more = (w + (item == "w"), b + (item == "b"))
                    grown.append((pile + piece, mine + item, theirs, *more) if code == "m"
                                 else (pile + piece, mine, theirs + item, *more))
            else:
                grown.append((pile + code, mine, theirs, w, b))
        piles = grown
    here = (tokens.count("m"), tokens.count("n"), tokens.count("h"))
    rest = (totals[0] - here[0], totals[1] - here[1])
    possible: set[tuple[int, str]] = set()
    certain: set[tuple[int, str]] | None = None
    for pile, mine, theirs, w, b in set(piles):
        missing = _fewest_missing(white - w, black - b, rest, totals[2] - here[2],
                                  ("".join(sorted(mine)), "".join(sorted(theirs))))
        if missing is not None and missing == fewest:
            found = set(hidden_oreos(pile, cone_len, visible, top_only))
            possible |= found
            certain = found if certain is None else certain & found
    return tuple(sorted(possible)), frozenset(certain or ())
