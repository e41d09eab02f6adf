"""Lava Flows refusals that give an example: the example, typed back, is legal there.

Issue 3 asks for "every precondition" of Lava tube ejection: "If any of the three pieces is
hidden, the actor must announce the Oreo". A player refused a bare ``eject`` is told to
announce it; the announcement the refusal offers must be one they may make (the Oreo's
colours follow from the piece in view above it), and a stack too short to hold an Oreo at
that depth is said to be so, not sent to announce one.
"""

from __future__ import annotations

import random
import re

import pytest

import tabletop
from tabletop import IllegalAction
from tabletop.games.lava_flows.actions import Eject
from tabletop.games.lava_flows.board import CELLS, NEIGHBOURS

WHITE, BLACK = 0, 1
EXAMPLE = re.compile(r"e\.g\. '([^']+)'")


@pytest.fixture
def game():
    return tabletop.load("lava-flows")


def refusal(state, text):
    with pytest.raises(IllegalAction) as err:
        state.apply(text)
    return err.value.reason


def test_the_announcement_offered_fits_the_piece_in_view_above_the_oreo(game):
    """A black Medium in view on White's Large: an Oreo around depth 1 can only be
    black-white-black, so the refusal offers ``claim bwb``, which is legal."""
    s = game.position({"a1": "[b:W] W b", "b1": "[w:W] W", "c1": "[-:W] W",
                       "a3": "B", "b3": "B", "c3": "B"}, to_move=BLACK)
    why = refusal(s, "eject a1@1 a2")
    assert "announce the Oreo" in why
    assert EXAMPLE.findall(why) == ["eject a1@1 a2 claim bwb"]
    assert s.is_legal(s.game.parse_action(s, "eject a1@1 a2 claim bwb"))


def test_a_stack_too_short_for_an_oreo_at_that_depth_says_so(game):
    """A lone Large (nothing under it) holds one piece: no Oreo has its middle at depth 1,
    announced or not."""
    s = game.position({"b1": "W", "b2": "B", "c2": "W", "c3": "B"}, to_move=WHITE)
    why = refusal(s, "eject b2@1 c2")
    assert "announce" not in why and "b2 holds" in why


def test_every_example_a_bare_eject_refusal_gives_is_legal():
    """At every position of seeded games, every bare ``eject`` that is refused: an example in
    its reason is legal there."""
    checked = 0
    for options in ({}, {"memory": True}):
        game = tabletop.load("lava-flows", **options)
        for seed in range(6):
            rng = random.Random(seed)
            s = game.new(seed=seed, setup="random")
            while not s.is_terminal:
                legal = set(s.legal_actions())
                for c, cell in enumerate(CELLS):
                    for depth in range(1, 8):
                        for d in NEIGHBOURS[c]:
                            action = Eject(cell, depth, CELLS[d])
                            if action in legal:
                                continue
                            why = refusal(s, str(action))
                            for example in EXAMPLE.findall(why):
                                checked += 1
                                assert s.is_legal(game.parse_action(s, example)), (s, why)
                s = s.apply(rng.choice(s.legal_actions()))
    assert checked > 100


def test_an_arrangement_may_name_the_white_medium_first(game):
    """Setup: each player hides "one black Medium under one of their own Larges, one white
    Medium under another". Said white first, it is the same arrangement (it was "no action
    in Lava Flows"); it still prints black first."""
    s = game.new(seed=2)
    said = game.parse_action(s, "arrange white c1 black a1")
    assert str(said) == "arrange black a1 white c1" and said in s.legal_actions()
    assert s.apply("Arrange White C1 Black A1") == s.apply("arrange black a1 white c1")
    with pytest.raises(IllegalAction, match="two different Larges of their home row"):
        s.apply("arrange white a3 black b3")  # read, then refused with the rule's reason


def test_no_oreo_has_its_middle_on_top(game):
    """Depth counts the pieces above the middle, and an Oreo's middle has one above it:
    ``@0`` is refused as no Oreo, with a claim or without, and is not sent to drop its
    claim (which was then refused in turn)."""
    s = game.position({"b2": "w b w", "c2": "W", "a1": "B b", "a3": "B"}, to_move=WHITE)
    for text in ("eject b2@0 c2", "eject b2@0 c2 claim wbw", "eject a3@0 a2",
                 "eject a3@0 a2 claim bwb"):
        why = refusal(s, text)
        assert "do not form an Oreo" in why and "without a claim" not in why, why


def test_an_eject_from_an_empty_cell_says_it_is_empty(game):
    """Not "c2 holds only 0 pieces, all in view"."""
    s = game.position({"b2": "w b w", "a1": "W", "a3": "B"}, to_move=WHITE)
    assert refusal(s, "eject c2@1 c1").endswith("(c2 is empty)")
    assert refusal(s, "eject c2@1 c1 claim wbw").endswith("(c2 is empty)")


def test_a_claim_on_pieces_in_view_is_sent_to_drop_it_only_where_that_is_legal(game):
    """An announced eject of pieces in view is told to eject without a claim only where the
    bare eject is legal; pieces in view that form no Oreo are said to form none."""
    s = game.position({"b2": "w b w", "c2": "W", "a1": "B b w", "a3": "B"}, to_move=WHITE)
    why = refusal(s, "eject b2@1 c2 claim wbw")
    assert "eject without a claim" in why and s.is_legal(s.game.parse_action(s, "eject b2@1 c2"))
    why = refusal(s, "eject a1@1 a2 claim bwb")  # B b w: in view, no Oreo
    assert "do not form an Oreo" in why and "without a claim" not in why, why
