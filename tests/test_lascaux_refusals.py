"""Lascaux refusals name what the player to bid may do.

Issue 6: "a player with 0 stones must pass". A colour chosen during the bidding was refused
with "Jacques bids now: pay or pass" even when Jacques had no stone to pay.
"""

from __future__ import annotations

import pytest

import tabletop
from tabletop import IllegalAction


def _bidding(stones):
    game = tabletop.load("lascaux", players=3)
    s = game.position(table=["deer blue/brown", "ibex green/pink", "aurochs yellow/white"],
                      stones=stones, start=0)
    for text in ("choose blue", "choose brown", "choose green"):
        s = s.apply(text)
    return s


@pytest.mark.parametrize("stones, says", [((0, 12, 12), "Marcel bids now: pass (no stones "
                                                        "left)"),
                                          ((3, 12, 12), "Marcel bids now: pay or pass")])
def test_a_choice_during_the_bidding_names_the_bids_the_bidder_has(stones, says):
    s = _bidding(stones)
    assert s.current_player == 0 and [str(a) for a in s.legal_actions()] == (
        ["pass"] if stones[0] == 0 else ["pay", "pass"])
    with pytest.raises(IllegalAction) as refused:
        s.apply("choose pink")
    assert refused.value.reason.endswith(f"(the tokens are laid; {says})")
