"""What one Lascaux player sees: the public position, the deck's size (not its order), who has
laid a token, and their own token's colour.

>>> import tabletop
>>> s = tabletop.load("lascaux").new(seed=1).apply("choose blue")
>>> v = s.view(1)
>>> v.own, v.chosen, v.deck_count == len(s.deck)
(None, (True, False, False), True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...core import ranges
from ...core.game import State, View
from ...core.plain import flag
from ...core.position import maker
from .cards import CARD_COUNT, COLOURS, colours_of, mask_of
from .position import COLOUR, LascauxPosition
from .tensor import observation


@dataclass(frozen=True, slots=True, kw_only=True)
class LascauxView(LascauxPosition, View):
    """What one player sees: everything but the deck order and the others' hidden tokens.

    ``chosen`` says who has laid a token this round; ``own`` is the player's own colour.
    """

    deck_size: int
    chosen: tuple[bool, ...]
    own: int | None

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        return {**LascauxPosition._ranges(self), "deck_size": ranges.Span(0, CARD_COUNT),
                "chosen": ranges.Row(length=self.game.players), "own": COLOUR}

    def _check_together(self) -> None:
        """A card in two places is refused (``LascauxPosition``), and a deck larger than
        the cards placed nowhere else."""
        LascauxPosition._check_together(self)
        unplaced = CARD_COUNT - len(self.table) - sum(map(len, self.collections))
        if self.deck_size > unplaced:
            raise ValueError(f"{type(self).__name__}: field 'deck_size' should be at most "
                             f"{unplaced} (the {CARD_COUNT} cards less those on the table and "
                             f"in the collections), not {self.deck_size}")

    @property
    def deck_count(self) -> int:
        return self.deck_size

    @property
    def tokens_laid(self) -> int:
        return sum(self.chosen)

    @property
    def laid(self) -> tuple[bool, ...]:
        return self.chosen

    @property
    def viewer(self) -> int | None:
        return self.player

    def shown_tokens(self, reveal: bool = False) -> tuple[int | None, ...]:
        flag(reveal, "reveal")  # a view shows its own token alone, revealed or not
        return tuple(self.own if p == self.player else None for p in range(len(self.chosen)))

    @property
    def scores(self) -> tuple[int, ...]:
        """Everyone's points as things stand (public)."""
        return self.points

    def determinize(self, rng: random.Random) -> State:
        """A full state: the unseen cards shuffled into the deck, others' tokens sampled
        (each ``rng.choice(allowed)``, its draws inlined when ``rng`` is a plain
        ``random.Random``)."""
        unseen = sorted(_CARDS.difference(self.table, *self.collections))
        deck = _sample(unseen, self.deck_size, rng)
        allowed = (colours_of(mask_of(self.table)) if self.game.strict
                   else _ALL_CHOICES)
        m = len(allowed)
        inline = m > 0 and type(rng) is random.Random
        getrandbits, bits = rng.getrandbits, m.bit_length()
        choices: list[int | None] = []
        for p, done in enumerate(self.chosen):
            if p == self.player:
                choices.append(self.own)
            elif not done:
                choices.append(None)
            elif inline:  # ``choice``'s ``_randbelow(m)``
                j = getrandbits(bits)
                while j >= m:
                    j = getrandbits(bits)
                choices.append(allowed[j])
            else:
                choices.append(rng.choice(allowed))
        cls = self.game.state_class
        deal = _DEALERS.get(cls) or _dealer(cls)
        return deal(self, deck, tuple(choices))

    def _observation(self) -> np.ndarray:
        return observation(self)

    def _token_words(self) -> Sequence[str]:
        return [(COLOURS[self.own] if p == self.player and self.own is not None
                 else "?" if done else "-")
                for p, done in enumerate(self.chosen)]


def _dealer(cls: type[State]) -> Callable[..., State]:
    """``evolve(view, cls, deck=, choices=)`` as a ``maker`` (positional, no dict): the
    state class's fields but those two come from the view; made once per class."""
    made: Callable[..., State] = maker(cls, "deck", "choices")
    _DEALERS[cls] = made
    return made


_DEALERS: dict[type[State], Callable[..., State]] = {}


#: Every card, and every colour a token may take without ``strict_colour``.
_CARDS = frozenset(range(CARD_COUNT))
_ALL_CHOICES = tuple(range(len(COLOURS)))
#: ``m.bit_length()`` for every ``m`` up to the number of cards.
_BITS = tuple(m.bit_length() for m in range(CARD_COUNT + 1))


def _sample(population: list[int], k: int, rng: random.Random) -> tuple[int, ...]:
    """``tuple(rng.sample(population, k))``, with the same draws from ``rng`` and the same
    result; when every card of ``population`` is dealt (the usual case: no card is out of
    the game), ``random.sample``'s loop is inlined (its cost was most of a determinize).

    >>> mine, theirs = random.Random(3), random.Random(3)
    >>> cards = list(range(40))
    >>> _sample(cards, 40, mine) == tuple(theirs.sample(cards, 40))
    True
    >>> _sample(cards, 7, mine) == tuple(theirs.sample(cards, 7)), mine.random() == theirs.random()
    (True, True)
    """
    n = len(population)
    if k != n or type(rng) is not random.Random:  # another case of ``sample``: ask it
        return tuple(rng.sample(population, k))
    getrandbits = rng.getrandbits
    pool = population[:]
    result = []
    for m in range(n, 0, -1):  # sample's pool loop with its ``_randbelow(m)``, inlined
        bits = _BITS[m]
        j = getrandbits(bits)
        while j >= m:
            j = getrandbits(bits)
        result.append(pool[j])
        pool[j] = pool[m - 1]
    return tuple(result)
