"""Lascaux refusals name what the player to bid may do.

Issue 6: "a player with 0 stones must pass". A colour chosen during the bidding was refused
with "Jacques bids now: pay or pass" even when Jacques had no stone to pay.
"""

from __future__ import annotations

import dataclasses

import pytest

import tabletop
from tabletop import IllegalAction
from tabletop.core.testing.common import random_playout
from tabletop.games.lascaux.cards import describe


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



# --- a position by dataclasses.replace: every card in one place at most ---------------------

def _dealt(players):
    """A state of round 1 (cards on the table and in the deck) and one with collections."""
    game = tabletop.load("lascaux", players=players)
    return game.new(seed=4), next(s for s in random_playout(game, 4)
                                  if s.phase == "choose" and all(s.collections) and s.deck)


#: (the doubled card, where the message says it is, the fields that double it)
DOUBLINGS = [
    (lambda s: s.deck[0], "twice in field 'deck'", lambda s: {"deck": s.deck + s.deck[:1]}),
    (lambda s: s.table[0], "in field 'table' and in field 'deck'",
     lambda s: {"deck": s.deck[1:] + s.table[:1]}),
    (lambda s: s.table[-1], "in field 'table' and in field 'collections' \\(player 1's\\)",
     lambda s: {"collections": (s.collections[0], s.collections[1] + s.table[-1:],
                                *s.collections[2:])}),
    (lambda s: s.collections[0][0], "in field 'collections' \\(player 0's\\) and in "
                                    "field 'deck'",
     lambda s: {"deck": s.deck + s.collections[0][:1]}),
    (lambda s: s.collections[0][0], "in field 'collections' \\(player 0's\\) and in "
                                    "field 'collections' \\(player 2's\\)",
     lambda s: {"collections": (s.collections[0], s.collections[1],
                                s.collections[2] + s.collections[0][:1], *s.collections[3:])}),
    (lambda s: s.table[0], "twice in field 'table'", lambda s: {"table": s.table + s.table[:1]}),
]


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("card_of, where, doubled", DOUBLINGS)
def test_replace_refuses_a_card_in_two_places_at_once_naming_it(players, card_of, where,
                                                                doubled):
    # A deck that held a card twice was accepted; the failure came later, a raw ValueError
    # from determinize (when the deck outgrew the unseen cards) or a card scored twice.
    for s in _dealt(players):
        if "collections" in where and not all(s.collections):
            continue
        card = card_of(s)
        with pytest.raises(ValueError, match=rf"^LascauxState: card {card} "
                                             rf"\('{describe(card)}'\) is {where}: each card "
                                             rf"is in one place at most$"):
            dataclasses.replace(s, **doubled(s))


def test_a_doubled_deck_is_refused_before_any_determinization():
    s = tabletop.load("lascaux").new(seed=1)
    with pytest.raises(ValueError, match="field 'deck'"):
        dataclasses.replace(s, deck=s.deck + s.deck[:6])  # once: 'Sample larger than ...'


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_views_deck_larger_than_the_cards_placed_nowhere_else_is_refused(players):
    v = tabletop.load("lascaux", players=players).new(seed=2).view(1)
    unplaced = 54 - len(v.table) - sum(map(len, v.collections))
    assert dataclasses.replace(v, deck_size=unplaced).deck_size == unplaced
    with pytest.raises(ValueError, match=rf"LascauxView: field 'deck_size' should be at most "
                                         rf"{unplaced} .*, not {unplaced + 1}"):
        dataclasses.replace(v, deck_size=unplaced + 1)
    with pytest.raises(ValueError, match=r"LascauxView: card \d+ .* twice in field 'table'"):
        dataclasses.replace(v, table=v.table + v.table[:1])


def test_the_token_stack_holds_each_player_once_and_not_the_bidder():
    s = _bidding((5, 5, 5)).apply("pass")  # Marcel passed; Jacques bids
    assert s.stack == (0,) and s.turn == 1
    with pytest.raises(ValueError, match="player 0 is twice in field 'stack'"):
        dataclasses.replace(s, stack=(0, 0))
    with pytest.raises(ValueError, match="field 'turn' names player 0, who has passed"):
        dataclasses.replace(s, turn=0, current_player=0)
    # the bidder moved without the mover: refused, not a position naming two players to move
    with pytest.raises(ValueError, match=r"field 'current_player' should be 2 \(the bidder, "
                                         r"field 'turn'\), not 1"):
        dataclasses.replace(s, turn=2)
    assert dataclasses.replace(s, turn=2, current_player=2).current_player == 2
    chosen = tabletop.load("lascaux").position(table=["deer blue/brown"], start=1)
    with pytest.raises(ValueError, match=r"should be 1 \(the next to lay a token from field "
                                         r"'start'\), not 0"):
        dataclasses.replace(chosen, current_player=0)


def test_every_position_of_random_games_is_still_rebuilt_by_replace():
    for players in (3, 4, 5):
        for s in random_playout(tabletop.load("lascaux", players=players), players):
            assert dataclasses.replace(s) == s
            assert all(dataclasses.replace(s.view(p)) == s.view(p) for p in range(players))
