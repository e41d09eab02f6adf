"""Lascaux's symmetries: the seats turned round the table (the start player with them), the
colours permuted together with the animals where the deck allows it (a permutation that maps
the 54 cards onto themselves), and the order of the cards left on the table. None may change
the answer: the same (mapped) actions, whose turn, each view's choices and token stack,
scores and winners, to the end of a game played in lockstep.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.games.lascaux import actions as A
from tabletop.games.lascaux.cards import DECK
from tabletop.games.lascaux.rules import LascauxState


def deck_symmetries() -> list[tuple[tuple[int, ...], list[int]]]:
    """``(colours, cards)``: each colour permutation that, with some permutation of the
    animals, maps the deck onto itself, and where it sends each card."""
    card = {(a, frozenset((x, y))): i for i, (a, x, y) in enumerate(DECK)}
    animals = [frozenset(frozenset((x, y)) for b, x, y in DECK if b == a) for a in range(6)]
    found = []
    for colours in itertools.permutations(range(6)):
        moved = [frozenset(frozenset(colours[c] for c in pair) for pair in cards)
                 for cards in animals]
        if all(m in animals for m in moved):
            to = [animals.index(m) for m in moved]
            found.append((colours, [card[(to[a], frozenset((colours[x], colours[y])))]
                                    for a, x, y in DECK]))
    return found


SYMMETRIES = deck_symmetries()


def test_the_deck_has_a_colour_symmetry() -> None:
    assert len(SYMMETRIES) >= 2  # the identity and at least one other


def action(a: A.Action, colours: tuple[int, ...]) -> A.Action:
    return A.Choose(colours[a.colour]) if isinstance(a, A.Choose) else a


def _positions(seed: int) -> tuple[LascauxState, LascauxState, int, tuple[int, ...], int]:
    """A start of a round and its image: seats turned by ``turn``, colours by ``colours``
    (cards with them), the table listed in another order."""
    rng = random.Random(seed)
    players = rng.choice((3, 4, 5))
    game = tabletop.load("lascaux", players=players, strict_colour=rng.random() < 0.3)
    cards = list(range(len(DECK)))
    rng.shuffle(cards)
    table, deck = cards[:rng.randrange(0, 6)], cards[6:6 + rng.randrange(0, 30)]
    held: list[list[int]] = [[] for _ in range(players)]
    for c in cards[36:36 + rng.randrange(0, 18)]:
        held[rng.randrange(players)].append(c)
    stones = [rng.randrange(0, 9) for _ in range(players)]
    start, turn = rng.randrange(players), rng.randrange(players)
    colours, moved = rng.choice(SYMMETRIES)
    shuffled = [moved[c] for c in table]
    rng.shuffle(shuffled)
    base = game.position(table=table, deck=deck, stones=stones, collections=held, start=start)
    image = game.position(
        table=shuffled, deck=[moved[c] for c in deck],
        stones=[stones[(p - turn) % players] for p in range(players)],
        collections=[[moved[c] for c in held[(p - turn) % players]] for p in range(players)],
        start=(start + turn) % players)
    return base, image, turn, colours, players


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_games_from_turned_and_recoloured_positions_agree(seed: int) -> None:
    base, image, turn, colours, players = _positions(seed)
    rng = random.Random(seed)

    def seat(p: int) -> int:
        return (p + turn) % players

    while True:
        mover = base.current_player
        assert image.current_player == (None if mover is None else seat(mover))
        assert sorted(str(action(a, colours)) for a in base.legal_actions()) == \
            sorted(str(a) for a in image.legal_actions())
        assert [base.scores[(p - turn) % players] for p in range(players)] == \
            list(image.scores)
        assert sorted(seat(p) for p in base.winners) == sorted(image.winners)
        for p in range(players):
            ours, theirs = base.view(p), image.view(seat(p))
            assert sorted(str(action(a, colours)) for a in ours.legal_actions()) == \
                sorted(str(a) for a in theirs.legal_actions())
            assert [ours.chosen[(q - turn) % players] for q in range(players)] == \
                list(theirs.chosen)
            assert (None if ours.own is None else colours[ours.own]) == theirs.own
            assert [seat(q) for q in ours.stack] == list(theirs.stack)
        if base.is_terminal:
            break
        a = rng.choice(base.legal_actions())
        base, image = base.apply(a), image.apply(action(a, colours))


def test_final_scores_and_winners_turn_with_the_seats() -> None:
    """Many finished games (nothing left to deal): scores and winners turn with the seats,
    ties on points and stones among some of the players included (a seat-0 tie-break shows
    up only there)."""
    rng = random.Random(57)
    ties = 0
    for _ in range(1500):
        players = rng.choice((3, 4, 5))
        game = tabletop.load("lascaux", players=players)
        cards = rng.sample(range(len(DECK)), rng.randrange(0, 12))
        held: list[list[int]] = [[] for _ in range(players)]
        for c in cards:
            held[rng.randrange(players)].append(c)
        stones = [rng.randrange(0, 3) for _ in range(players)]
        base = game.position(stones=stones, collections=held)
        assert base.is_terminal
        ties += len(base.winners) > 1
        for turn in range(1, players):
            image = game.position(
                stones=[stones[(p - turn) % players] for p in range(players)],
                collections=[held[(p - turn) % players] for p in range(players)])
            assert [base.scores[(p - turn) % players] for p in range(players)] == \
                list(image.scores)
            assert sorted((p + turn) % players for p in base.winners) == sorted(image.winners)
    assert ties > 50
