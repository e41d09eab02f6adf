"""The Lascaux cards: six colours, six animals and the 54-card deck, as data.

The published deck list could not be found, so the deck below is designed ([D] in
``docs/rules/lascaux.md``): every colour on 18 cards, every colour on exactly 3 of each
animal's 9 cards, and no colour pair twice within an animal. It is kept as a plain table
(``DECK_TABLE``) so that the real list, if it turns up, is a data change.

Cards are numbered ``0 .. 53`` in table order; everything the rules need is a precomputed
tuple indexed by that number.

>>> describe(0)
'deer blue/brown'
>>> card_id("Deer brown/blue")
0
>>> [COLOURS[c] for c in colours_of(mask_of((0, 1, 2)))]
['brown', 'yellow', 'green', 'pink', 'white', 'blue']
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import or_

COLOURS: tuple[str, ...] = ("brown", "yellow", "green", "pink", "white", "blue")
ANIMALS: tuple[str, ...] = ("deer", "mammoth", "ibex", "horse", "aurochs", "rhino")

#: Paint for each colour (handprints, tokens and the legend).
PAINT: tuple[str, ...] = ("#8b5a2b", "#f2c230", "#52b05a", "#e58fb5", "#f7f4ea", "#3a6fc4")

#: A bit mask with every colour set: the table "shows all six colours" when it reaches this.
ALL_COLOURS = (1 << len(COLOURS)) - 1

#: The deck, one row per animal, nine cards each as ``colour/colour`` (designed, see above).
DECK_TABLE = """
deer     blue/brown  yellow/white  green/pink   blue/yellow  brown/green  pink/white
         blue/green  yellow/pink   brown/white
mammoth  blue/brown  yellow/white  green/pink   blue/yellow  brown/green  pink/white
         blue/pink   green/white   brown/yellow
ibex     blue/brown  yellow/white  green/pink   blue/green   yellow/pink  brown/white
         blue/white  brown/pink    yellow/green
horse    blue/yellow brown/green   pink/white   blue/green   yellow/pink  brown/white
         blue/pink   green/white   brown/yellow
aurochs  blue/brown  yellow/white  green/pink   blue/pink    green/white  brown/yellow
         blue/white  brown/pink    yellow/green
rhino    blue/yellow brown/green   pink/white   blue/green   yellow/pink  brown/white
         blue/white  brown/pink    yellow/green
"""


def _parse_table(text: str) -> tuple[tuple[int, int, int], ...]:
    """``(animal, colour, colour)`` for every card of ``DECK_TABLE``, in order."""
    cards: list[tuple[int, int, int]] = []
    animal = -1
    for word in text.split():
        if word in ANIMALS:
            animal = ANIMALS.index(word)
            continue
        first, second = word.split("/")
        cards.append((animal, COLOURS.index(first), COLOURS.index(second)))
    return tuple(cards)


DECK: tuple[tuple[int, int, int], ...] = _parse_table(DECK_TABLE)
CARD_COUNT = len(DECK)

#: Per card: its animal, its two colours (as printed), and the bit mask of those colours.
ANIMAL: tuple[int, ...] = tuple(a for a, _, _ in DECK)
PAIR: tuple[tuple[int, int], ...] = tuple((x, y) for _, x, y in DECK)
MASK: tuple[int, ...] = tuple((1 << x) | (1 << y) for _, x, y in DECK)

#: For each colour, its bit in a mask (used by ``strict_colour`` and the renderer).
BIT: tuple[int, ...] = tuple(1 << c for c in range(len(COLOURS)))
#: For each colour, the cards that show it (a token takes these from the table).
SHOWS: tuple[frozenset[int], ...] = tuple(
    frozenset(card for card in range(CARD_COUNT) if MASK[card] & bit) for bit in BIT
)
#: For each colour, the numbers of the cards that show it and of those that don't, as bytes:
#: what ``bytes.translate`` deletes to keep a table's cards without it, or with it.
SHOWING: tuple[bytes, ...] = tuple(bytes(sorted(cards)) for cards in SHOWS)
NOT_SHOWING: tuple[bytes, ...] = tuple(bytes(sorted(set(range(CARD_COUNT)) - cards))
                                       for cards in SHOWS)


def describe(card: int) -> str:
    """A card as text: ``"deer blue/brown"``."""
    x, y = PAIR[card]
    return f"{ANIMALS[ANIMAL[card]]} {COLOURS[x]}/{COLOURS[y]}"


def short(card: int) -> str:
    """A card as a compact code for one-line listings (``"deer:B/Br"``)."""
    x, y = PAIR[card]
    return f"{ANIMALS[ANIMAL[card]]}:{_ABBREV[x]}/{_ABBREV[y]}"


_ABBREV = ("Br", "Y", "G", "P", "W", "B")

_BY_TEXT: dict[tuple[int, frozenset[int]], int] = {
    (ANIMAL[i], frozenset(PAIR[i])): i for i in range(CARD_COUNT)
}


#: A colour as text: its name or the abbreviation of ``short`` (any case).
_COLOUR_WORDS: dict[str, int] = {
    **{name: c for c, name in enumerate(COLOURS)},
    **{code.lower(): c for c, code in enumerate(_ABBREV)},
}


def card_id(text: str | int) -> int:
    """The card number for ``"deer blue/brown"`` or, as ``short`` writes it, ``"deer:B/Br"``
    (either colour order, any case), or a number.

    >>> card_id("rhino white/blue") == card_id("rhino blue/white")
    True
    >>> card_id("deer:B/Br"), card_id("deer:br/b")
    (0, 0)
    >>> card_id("deer blue/blue")
    Traceback (most recent call last):
    ...
    ValueError: no card 'deer blue/blue' in the deck: a card is an animal and two different \
colours, e.g. 'deer blue/brown', or a number 0..53
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if not 0 <= text < CARD_COUNT:
            raise ValueError(f"card number {text} is not 0..{CARD_COUNT - 1}")
        return text
    words = str(text).lower().replace("/", " ").replace(":", " ").split()
    try:
        animal = ANIMALS.index(words[0])
        colours = frozenset(_COLOUR_WORDS[w] for w in words[1:])
        if len(words) != 3:
            raise ValueError
        return _BY_TEXT[(animal, colours)]
    except (ValueError, IndexError, KeyError):
        raise ValueError(f"no card {text!r} in the deck: a card is an animal and two different "
                         f"colours, e.g. 'deer blue/brown', or a number 0..{CARD_COUNT - 1}"
                         ) from None


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask of every colour shown by ``cards``."""
    return reduce(or_, map(_mask, cards), 0)


#: ``MASK[card]`` through a list's ``__getitem__``: a builtin method, where a tuple's is a
#: slot wrapper that costs twice as much a card when ``map`` calls it.
_mask = list(MASK).__getitem__


def colours_of(mask: int) -> tuple[int, ...]:
    """The colours set in ``mask``, in colour order."""
    return tuple(c for c in range(len(COLOURS)) if mask & (1 << c))
