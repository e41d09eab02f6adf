"""What a player may know of a pile, and which Oreos and claims that knowledge allows.

A player's *perspective* of a cell is a string of codes (see ``board``): pieces they know
(``W B w b``), and unknowns: ``m`` / ``n`` (a hiding place of White / Black: a white Medium,
a black Medium or nothing) and ``h`` (a hidden Medium whose colour is not shown). *Pools* say
what the unknowns may be: the sorted contents still hidden in White's and Black's hiding
places (``"-bw"`` at the start), and how many white and black Mediums the ``h`` codes hide.
Everything here is a pure function of strings, cached, so the hot loop pays once per shape.

>>> realizations("nB", "", "-bw", (0, 0))
('B', 'bB', 'wB')
>>> oreo_claims("nWb", 0, 2, "", "-bw", (0, 0), False)
(((1, 'w'),), frozenset())
"""

from __future__ import annotations

import re

from ...core.memos import memo
from .board import (
    COLOUR,
    CONE_PIECES,
    HIDE_ALL,
    KNOWS,
    LARGES_ONLY,
    NOT_LARGE,
    STACKS,
    Memo,
    code_table,
    top_large,
)


@memo(1 << 15)
def realizations(tokens: str, pool_w: str, pool_b: str,
                 hidden: tuple[int, int]) -> tuple[str, ...]:
    """Every true pile (a string over ``W B w b``) that the perspective ``tokens`` may stand
    for, drawing each ``m`` from ``pool_w``, each ``n`` from ``pool_b`` and each ``h`` from
    ``hidden`` (white count, black count), without replacement. Sorted, no repeats."""
    parts = _UNKNOWNS.split(tokens)  # known runs at even places, an unknown between each
    if len(parts) == 1:
        return (tokens,)
    # Fill the unknowns left to right, keeping every partial pile with what its pools have
    # left: a loop over lists rather than a recursive walk (one call per pile is dearer).
    piles = [(parts[0], pool_w, pool_b, hidden[0], hidden[1])]
    for j in range(1, len(parts), 2):
        code, known = parts[j], parts[j + 1]
        grown = []
        for pile, pw, pb, hw, hb in piles:
            if code == "h":
                if hw:
                    grown.append((pile + "w" + known, pw, pb, hw - 1, hb))
                if hb:
                    grown.append((pile + "b" + known, pw, pb, hw, hb - 1))
                continue
            pool = pw if code == "m" else pb
            for item in set(pool):
                rest = pool.replace(item, "", 1)
                filled = pile + ("" if item == "-" else item) + known
                if code == "m":
                    grown.append((filled, rest, pb, hw, hb))
                else:
                    grown.append((filled, pw, rest, hw, hb))
        piles = grown
    return tuple(sorted({pile[0] for pile in piles}))


#: Splits a perspective at its unknowns, keeping them (``realizations``).
_UNKNOWNS = re.compile("([mnh])")


def oreos_in(pile: str, cone_len: int, top_only: bool) -> list[tuple[int, str]]:
    """The Oreos of a true pile as ``(depth of the middle piece, its colour)``; the depth
    counts the pieces above it. The middle may not be a cone piece (the first ``cone_len``).

    >>> oreos_in("WwbWb", 2, False), oreos_in("WwbWb", 2, True)
    ([(2, 'b'), (1, 'w')], [(1, 'w')])
    """
    out = []
    n = len(pile)
    start = max(1, cone_len, n - 2 if top_only else 1)
    for i in range(start, n - 1):
        below, middle, above = COLOUR[pile[i - 1]], COLOUR[pile[i]], COLOUR[pile[i + 1]]
        if below == above != middle:
            out.append((n - 1 - i, "wb"[middle]))
    return out


@memo(1 << 14)
def visible_oreos(region: str, cone_len: int, top_only: bool) -> tuple[tuple[int, str], ...]:
    """The Oreos wholly in view: ``region`` is the part of a cell in view (its top Large and
    what is above it, or the whole pile with its cone when no Large covers anything)."""
    return tuple(oreos_in(region, cone_len, top_only))


def hidden_oreos(pile: str, cone_len: int, visible: int, top_only: bool
                 ) -> tuple[tuple[int, str], ...]:
    """The Oreos of a true ``pile`` (``W B w b``) not wholly in view (their lowest piece
    deeper than the ``visible`` top pieces), as ``(depth, middle colour)``: ``oreos_in``
    restricted (``digit_oreos`` of its colours).

    >>> hidden_oreos("bWb", 0, 2, False), hidden_oreos("Wwb", 2, 1, False)
    (((1, 'w'),), ())
    """
    return digit_oreos(pile.translate(DIGITS), cone_len, visible, top_only)


def digit_oreos(digits: str, cone_len: int, visible: int, top_only: bool
                ) -> tuple[tuple[int, str], ...]:
    """``hidden_oreos`` of a pile given as its colour ``DIGITS``. Only the colours around
    the possible middles matter, so the answer is memoised by those (``_WINDOWS``): far
    fewer than the piles a search meets.

    >>> digit_oreos("101", 0, 2, False), digit_oreos("2W1Wb".translate(DIGITS), 0, 1, False)
    (((1, 'w'),), ((2, 'b'), (1, 'w')))
    """
    n = len(digits)
    low = cone_len if cone_len > 1 else 1
    if top_only and low < n - 2:
        low = n - 2
    high = n - visible if visible > 2 else n - 2  # the middle's lower neighbour out of view
    if low > high:
        return ()
    key = (digits[low - 1:high + 2], n - 1 - low)
    found = _WINDOWS.get(key)
    if found is None:
        found = _window_oreos(*key)
        STACKS.spend()
        _WINDOWS[key] = found
    return found


#: Each piece's colour as a digit, ``0`` White's and ``1`` Black's: a hiding place holds
#: its Medium's colour, and vanishes when empty (so a stack whose every piece its player
#: knows reads as the true pile they know).
DIGITS = code_table({"W": "0", "w": "0", "0": "0", "3": "0", "B": "1", "b": "1",
                     "1": "1", "4": "1", "2": None, "5": None})
#: The known pieces of a perspective by their colours' ``DIGITS``, the unknowns kept: what
#: ``oreo_claims`` reads of them (many perspectives, fewer colourings).
COLOURS = code_table({"W": "0", "w": "0", "B": "1", "b": "1"})
#: ``_window_oreos`` by its arguments, computed when first met.
_WINDOWS: dict[tuple[str, int], tuple[tuple[int, str], ...]] = STACKS.share({})


def _window_oreos(colours: str, top: int) -> tuple[tuple[int, str], ...]:
    """The Oreos whose middle is one of the inner digits of ``colours`` (a pile's colour
    digits, one below the lowest possible middle to one above the highest), as ``(depth,
    middle colour)``, the lowest first; ``top`` is the depth of the lowest possible middle.
    Read as one binary number, a middle is a bit that differs from the bit below it while
    the bits on either side agree: a few integer operations find them all.

    >>> _window_oreos("0100", 5), _window_oreos("101", 1), _window_oreos("10100", 3)
    (((5, 'b'),), ((1, 'w'),), ((3, 'w'), (2, 'b')))
    """
    window = int(colours, 2)  # bit ``t`` lies ``t`` places below the window's top digit
    middles = (window ^ window >> 1) & ~(window ^ window >> 2) & ((1 << (len(colours) - 2)) - 1)
    found = []
    depth = top - len(colours) + 3  # the depth of bit 1, the highest possible middle
    while middles:  # bit ``t`` set: the middle is bit ``t + 1``
        t = middles.bit_length() - 1
        middles ^= 1 << t
        found.append((depth + t, "wb"[(window >> (t + 1)) & 1]))
    return tuple(found)


@memo(1 << 15)
def oreo_claims(tokens: str, cone_len: int, visible: int, pool_w: str, pool_b: str,
                hidden: tuple[int, int], top_only: bool
                ) -> tuple[tuple[tuple[int, str], ...], frozenset[tuple[int, str]]]:
    """``(possible, certain)`` Oreos that are not wholly in view (their lowest piece lies
    deeper than the ``visible`` top pieces) in a cell whose perspective is ``tokens`` (cone
    pieces first): possible under some filling of the unknowns, certain under every one.
    Only the colours of the known pieces matter: give them as ``COLOURS`` digits, and one
    cache entry serves every perspective of those colours.

    >>> oreo_claims("nWwb", 0, 2, "", "-b", (0, 0), False) == oreo_claims(
    ...     "nWwb".translate(COLOURS), 0, 2, "", "-b", (0, 0), False)
    True
    """
    possible: set[tuple[int, str]] = set()
    certain: set[tuple[int, str]] | None = None
    for pile in realizations(tokens, pool_w, pool_b, hidden):
        here = set(hidden_oreos(pile, cone_len, visible, top_only))
        possible |= here
        certain = here if certain is None else certain & here
    return tuple(sorted(possible)), frozenset(certain or ())


@memo(1 << 14)
def visible_depths(region: str, cone_len: int, top_only: bool) -> tuple[int, ...]:
    """The depths of the middles of the Oreos wholly in view (see ``visible_oreos``)."""
    return tuple(d for d, _ in oreos_in(region, cone_len, top_only))


@memo(1 << 14)
def lowest_outcomes(tokens: str, pool_w: str, pool_b: str,
                    hidden: tuple[int, int]) -> frozenset[str]:
    """What the lowest piece of a stack (above any cone) may be, from its perspective
    ``tokens``: ``"white"``, ``"black"`` (a Medium) or ``"nothing"`` (the Large itself)."""
    out = set()
    for pile in realizations(tokens, pool_w, pool_b, hidden):
        low = pile[0]
        out.add("nothing" if low in "WB" else ("white" if low == "w" else "black"))
    return frozenset(out)


def claim_kind(oreo: tuple[int, str], digits: str, cone_len: int, visible: int, pool_w: str,
               pool_b: str, hidden: tuple[int, int], top_only: bool) -> str:
    """``kind_of`` an announcement of ``oreo`` (its depth and middle colour) by a player whose
    perspective of the cell is ``digits`` (as ``oreo_claims`` takes it). Where that has no
    unknowns the player knows the pile, and its Oreos are the only ones possible: read from
    their memo by colour windows, without caching a claim of every known pile.

    >>> claim_kind((1, "w"), "101", 0, 2, "", "", (0, 0), False)
    'sure'
    >>> claim_kind((1, "b"), "101", 0, 2, "", "", (0, 0), False)
    'bluff'
    """
    if not digits.isdigit():  # unknowns: what the pools let them be
        possible, certain = oreo_claims(digits, cone_len, visible, pool_w, pool_b, hidden,
                                        top_only)
        return kind_of(oreo in possible, oreo in certain)
    return "sure" if oreo in digit_oreos(digits, cone_len, visible, top_only) else "bluff"


def kind_of(possible: bool, certain: bool) -> str:
    """How an announcement stood with what its maker knew: ``"sure"`` (knew it right),
    ``"guess"`` (could not know) or ``"bluff"`` (knew it wrong)."""
    if certain:
        return "sure"
    return "guess" if possible else "bluff"


# --- per-cell facts, memoised: the hot loop reads these instead of re-parsing stacks ----------

def perspective(stack: str, cone: int, player: int, memory: bool) -> str:
    """How ``player`` knows a cell, cone pieces first (see the module docs). Works on a
    full stack and on ``player``'s view of it alike.

    >>> perspective("1Wb", -1, 0, False), perspective("1Wb", -1, 1, False)
    ('bWb', 'mWb')
    """
    if memory:
        k = top_large(stack)
        if k > 0:
            stack = stack[:k].translate(HIDE_ALL) + stack[k:]
        return CONE_PIECES[cone] + stack
    return CONE_PIECES[cone] + stack.translate(KNOWS[player])


def pool_uses(tokens: str) -> int:
    """Which pools the unknowns of a perspective draw on: 1 White's hiding places (``m``),
    2 Black's (``n``), 4 the Mediums hidden under Larges (``h``), summed; 0 for none.

    >>> pool_uses("mWb"), pool_uses("nhB"), pool_uses("WwB")
    (1, 6, 0)
    """
    return ("m" in tokens) | ("n" in tokens) << 1 | ("h" in tokens) << 2


def appearance(stack: str) -> str:
    """What anyone at the table sees of a stack: every Large, and the Mediums above the top
    Large (memoised as ``APPEARANCES``).

    >>> appearance("1Wb0Ww"), appearance("wb")
    ('WWw', 'wb')
    """
    k = top_large(stack)
    return stack[:k].translate(LARGES_ONLY) + stack[k:] if k > 0 else stack


#: Stack → what anyone at the table sees of it (``appearance``).
APPEARANCES: Memo[str, str] = Memo(appearance)


def stack_facts(stack: str) -> tuple[str, int]:
    """What a ply reads of each stack it touched, in one lookup (``STACK_FACTS``): its
    ``appearance`` and the colour of the cone it would form (``board.cone_colour``), both
    from one ``top_large`` (a new stack is met at almost every ply of a search).

    >>> stack_facts("1WwB"), stack_facts("2Wwb"), stack_facts("wb"), stack_facts("Bb")
    (('WB', -1), ('Wwb', 0), ('wb', -1), ('Bb', 1))
    """
    k = len(stack.rstrip(NOT_LARGE)) - 1  # ``top_large``
    if k < 0:
        return stack, -1
    look = stack[:k].translate(LARGES_ONLY) + stack[k:] if k > 0 else stack
    pair = stack[k:k + 2]
    return look, COLOUR[pair[0]] if pair == "Ww" or pair == "Bb" else -1


#: Stack → ``stack_facts(stack)``.
STACK_FACTS: Memo[str, tuple[str, int]] = Memo(stack_facts)
_CONE_KEYS: dict[tuple[int, ...], str] = {}  # cones → ".", "w", "b" per cell


def cone_key(cones: tuple[int, ...]) -> str:
    """The cones as text, one of ``.wb`` a cell (``key_parts``' first part).

    >>> cone_key((-1,) * 8 + (0,))
    '........w'
    """
    found = _CONE_KEYS.get(cones)
    if found is None:
        found = _CONE_KEYS[cones] = "".join(".wb"[c + 1] for c in cones)
    return found


def key_parts(stacks: tuple[str, ...] | list[str], cones: tuple[int, ...]
              ) -> tuple[str, list[str]]:
    """What ``position_key`` is made of besides the mover and the lock: the cones as text,
    and the ``appearance`` of every stack — a ply hands them on, changing only the cells it
    touched (``LavaState._apply``).

    >>> key_parts(("1W", "wb") + ("",) * 7, (-1,) * 8 + (0,))
    ('........w', ['W', 'wb', '', '', '', '', '', '', ''])
    """
    looks = APPEARANCES
    return cone_key(cones), [looks[s] for s in stacks]


def joined_key(mover: int, lock: int, cone_key: str, looks: list[str]) -> str:
    """The repetition key from its parts (see ``position_key``). The mover and the lock come
    first: keys that differ there differ at their first characters.

    >>> joined_key(1, -1, ".........", ["W", "wb"] + [""] * 7)
    '1-1/........./W|wb|||||||'
    """
    return f"{KEY_HEADS[mover][lock + 1]}{cone_key}/{'|'.join(looks)}"


#: ``KEY_HEADS[mover][lock + 1]``: the key's first part, ``f"{mover}{lock}/"``, written once
#: rather than formatted at every ply (never read with a negative index: that is slower).
KEY_HEADS = tuple(tuple(f"{mover}{lock}/" for lock in range(-1, 9)) for mover in (0, 1))


def position_key(stacks: tuple[str, ...] | list[str], cones: tuple[int, ...], lock: int,
                 mover: int) -> str:
    """The repetition key of a position: what anyone at the table sees of every cell (its
    cone, every Large, the Mediums above the top Large), the lock and the player to move.

    >>> position_key(("1W",) + ("",) * 8, (-1,) * 9, -1, 0) == position_key(
    ...     ("2W",) + ("",) * 8, (-1,) * 9, -1, 0)
    True
    >>> position_key(("1Wb", "W") + ("",) * 7, (0,) + (-1,) * 8, 4, 1)
    '14/w......../Wb|W|||||||'
    """
    cone_key, looks = key_parts(stacks, cones)
    return joined_key(mover, lock, cone_key, looks)


def slot_pool(joined: str, nothing: str, black: str, white: str) -> str:
    """The sorted contents (``-``, ``b``, ``w``) of one player's unrevealed hiding places."""
    return ("-" * joined.count(nothing) + "b" * joined.count(black)
            + "w" * joined.count(white))


def slot_pools(slots: str) -> tuple[str, str]:
    """White's and Black's pools (``slot_pool``) from the hiding places of a position.

    >>> slot_pools("2013"), slot_pools("")
    (('-bw', 'w'), ('', ''))
    """
    return slot_pool(slots, "2", "1", "0"), slot_pool(slots, "5", "4", "3")


#: Deletes every code but the hiding places' (``0``–``5``): what ``slot_pools`` reads.
SLOTS_ONLY = code_table(dict.fromkeys("WBwbmnh"))
#: ``slot_pools`` by the hiding places of a position in board order: few, so one lookup per
#: state rather than six counts.
SLOT_POOLS: Memo[str, tuple[str, str]] = Memo(slot_pools)
