"""Lascaux: a hand-built state (``dataclasses.replace``) whose last resolution
(``resolved``) or leftovers (``fresh``) do not fit its table and collections is refused at
once, with a ``ValueError`` naming the field; every state a game reaches is accepted."""

import dataclasses
import random

import pytest

import tabletop
from tabletop.games.lascaux.cards import MASK, SHOWS


def resolved_state(players=3, seed=3):
    """The first state of a seeded random game with a resolution behind it."""
    state, rng = tabletop.load("lascaux", players=players).new(seed=seed), random.Random(seed)
    while not state.resolved:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_state_and_view_a_game_reaches_is_accepted(players):
    state, rng = tabletop.load("lascaux", players=players).new(seed=7), random.Random(7)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        assert dataclasses.replace(state) == state
        for player in range(players):
            assert dataclasses.replace(state.view(player)) == state.view(player)


def test_fresh_beyond_the_table_is_refused():
    state = resolved_state()
    with pytest.raises(ValueError, match=r"field 'fresh' .* at most \d+ .*, not \d+"):
        dataclasses.replace(state, fresh=len(state.table) + 1)
    with pytest.raises(ValueError, match=r"field 'fresh'"):
        dataclasses.replace(state.view(0), fresh=len(state.table) + 1)
    assert dataclasses.replace(state, fresh=0).fresh == 0  # fewer leftovers: still a table


def test_a_claim_of_a_card_left_on_the_table_is_refused():
    state = resolved_state()
    p, colour, _ = state.resolved[0]
    on_table = next(c for c in state.table if MASK[c] & (1 << colour))
    claims = ((p, colour, (on_table,)), *state.resolved[1:])
    with pytest.raises(ValueError, match=rf"field 'resolved' \(player {p}'s .*\) took card "
                                         rf"{on_table} .*field 'collections' \(player {p}'s\)"):
        dataclasses.replace(state, resolved=claims)


def test_a_claim_of_a_card_without_its_colour_is_refused():
    state = resolved_state()
    p, _, cards = state.resolved[0]
    unshown = next(k for k in range(len(SHOWS)) if cards[0] not in SHOWS[k])
    claims = ((p, unshown, cards), *state.resolved[1:])
    with pytest.raises(ValueError, match=r"field 'resolved' .* but it does not show"):
        dataclasses.replace(state, resolved=claims)


def test_a_second_token_of_a_taken_colour_takes_nothing():
    state = resolved_state()
    (p, colour, cards), (q, _, _), *rest = state.resolved
    assert cards  # the auction winner's token took a card
    claims = ((p, colour, cards[1:]), (q, colour, cards[:1]), *rest)
    held = list(state.collections)
    held[p], held[q] = tuple(c for c in held[p] if c != cards[0]), (*held[q], cards[0])
    with pytest.raises(ValueError, match=r"field 'resolved' .* an earlier token of that "
                                         r"colour took them all"):
        dataclasses.replace(state, resolved=claims, collections=tuple(held))


def test_one_token_per_player():
    state = resolved_state()
    with pytest.raises(ValueError, match=r"field 'resolved' reveals one token per player"):
        dataclasses.replace(state, resolved=state.resolved[:-1])
    twice = (*state.resolved[:-1], (state.resolved[0][0], 0, ()))
    with pytest.raises(ValueError, match=r"field 'resolved' reveals one token per player"):
        dataclasses.replace(state, resolved=twice)


def test_a_leftover_showing_a_resolved_colour_is_refused():
    state = resolved_state()
    colours = {colour for _, colour, _ in state.resolved}
    table = state.table[state.fresh:]
    spare = next(c for c in table if MASK[c] & sum(1 << k for k in colours))
    leftovers = (spare, *(c for c in state.table if c != spare))
    with pytest.raises(ValueError, match=r"is a leftover \(in field 'table', before field "
                                         r"'fresh'\) but shows a colour that field 'resolved'"):
        dataclasses.replace(state, table=leftovers, fresh=state.fresh + 1)
    assert all(not SHOWS[k] & set(state.table[:state.fresh]) for k in colours)
