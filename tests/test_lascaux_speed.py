"""Lascaux's shortcuts for speed give what the plain rules give: ``_pick`` reads the legal
action ``int(u * n)`` without the tuple, ``mask_of`` ors the colour masks through a list,
and the game keeps ``strict_colour`` as an attribute."""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.games.lascaux.cards import CARD_COUNT, MASK, mask_of


@pytest.mark.parametrize("players,strict", [(3, False), (4, True), (5, False), (5, True)])
def test_pick_is_the_legal_action_at_u(players: int, strict: bool) -> None:
    game = tabletop.load("lascaux", players=players, strict_colour=strict)
    rng = random.Random(players)
    for seed in range(6):
        state = game.new(seed=seed, setup="random")
        while not state.is_terminal:
            legal = state._legal_actions()
            for u in (0.0, 0.5, 0.4999999999, 0.9999999999, rng.random(), rng.random()):
                assert state._pick(u) == legal[int(u * len(legal))]
            state = state._apply(legal[int(rng.random() * len(legal))])


def test_mask_of_is_the_or_of_the_card_masks() -> None:
    rng = random.Random(3)
    for _ in range(500):
        cards = rng.sample(range(CARD_COUNT), rng.randrange(0, 12))
        plain = 0
        for card in cards:
            plain |= MASK[card]
        assert mask_of(cards) == plain


def test_the_game_keeps_its_strict_colour_option() -> None:
    for strict in (False, True):
        game = tabletop.load("lascaux", players=4, strict_colour=strict)
        assert game.strict is game.options["strict_colour"] is strict
        assert tabletop.load("lascaux", players=4).strict is False
