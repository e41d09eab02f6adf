"""Audit 33: Lascaux against a plain model of the specification's rounds and scoring.

The engine is written for speed (byte tables, a next-bidder table, packed counts). This file
replays random games of 3, 4 and 5 players beside a plain restatement of
``rules/lascaux.md`` — the reveal, the choices from the start player, the bidding order and
the pot, the resolution from the top of the stack, the next start player, the end, the
scores and the tie-break — and checks that both agree at every step.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.games.lascaux.cards import DECK

ALL = set(range(6))


def colours(card):
    return {DECK[card][1], DECK[card][2]}


def reveal(table, deck):
    """Turn cards until 7 are on the table or it shows all six colours (leftovers count)."""
    table, deck = list(table), list(deck)
    while deck and len(table) < 7 and set().union(*map(colours, table)) != ALL:
        table.append(deck.pop(0))
    return table, deck


def expected_scores(collections, stones):
    n = len(stones)
    counts = [[sum(DECK[c][0] == a for c in cards) for a in range(6)] for cards in collections]
    most = [max(counts[p][a] for p in range(n)) for a in range(6)]
    return [sum(k for k, top in zip(counts[p], most, strict=True) if k and k == top)
            + stones[p] // 6 for p in range(n)]


def expected_winners(scores, stones):
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    richest = max(stones[p] for p in top)
    top = [p for p in top if stones[p] == richest]
    return () if len(top) == len(scores) else tuple(top)


def play_beside(game, seed):
    """A random game checked round by round; the final state."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    n = game.players
    table, deck = list(state.table), list(state.deck)
    stones = [game.start_stones] * n
    held: list[list[int]] = [[] for _ in range(n)]
    start = state.start
    while True:
        assert (state.phase, state.start) == ("choose", start)
        assert (list(state.table), list(state.deck)) == (table, deck)
        choice = [0] * n
        for k in range(n):  # secret choices from the start player, clockwise
            p = (start + k) % n
            assert state.current_player == p
            action = rng.choice(state.legal_actions())
            choice[p] = action.colour
            state = state.apply(action)
        bidders = [(start + k) % n for k in range(n)]
        pot, stack, i = 0, [], 0
        while len(bidders) > 1:  # from the start player, clockwise, skipping passers
            i %= len(bidders)
            p = bidders[i]
            assert state.current_player == p
            offered = [str(a) for a in state.legal_actions()]
            assert offered == (["pay", "pass"] if stones[p] else ["pass"])
            if stones[p] and rng.random() < 0.6:
                state = state.apply("pay")
                stones[p], pot, i = stones[p] - 1, pot + 1, i + 1
            else:  # the passer takes the whole pot; their token goes on the stack
                state = state.apply("pass")
                stones[p], pot = stones[p] + pot, 0
                stack.append(bidders.pop(i))
        stack.append(bidders[0])  # the auction's winner, on top, gets nothing
        for p in reversed(stack):  # revealed from the top of the stack down
            taken = [c for c in table if choice[p] in colours(c)]
            held[p] += taken
            table = [c for c in table if c not in taken]
        assert list(state.stones) == stones
        assert [sorted(c) for c in state.collections] == [sorted(c) for c in held]
        assert [p for p, _, _ in state.resolved] == stack[::-1]
        start = stack[0]  # the first passer starts the next round
        if not deck and not table:
            assert state.is_terminal and state.end == "cards"
            break
        if state.is_terminal:  # the safeguard (I9): cards left score for nobody
            assert state.end == "stalled"
            break
        table, deck = reveal(table, deck)
    scores = expected_scores(held, stones)
    assert list(state.scores) == scores
    assert state.winners == expected_winners(scores, stones)
    return state


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("strict", [False, True])
def test_random_games_follow_the_plain_rules(players, strict):
    game = tabletop.load("lascaux", players=players, strict_colour=strict)
    ends = {play_beside(game, seed).end for seed in range(15)}
    assert "cards" in ends
