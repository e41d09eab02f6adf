"""Differential tests: the library's Lascaux against an independent oracle.

``tests/reference/lascaux_ref.py`` implements the rules from ``rules/lascaux.md`` alone
(without reading ``tabletop/games/lascaux``); ``tests/reference/lascaux_twin.py`` plays the
two side by side. Seeded random games with 3, 4 and 5 players, with and without
``strict_colour``, compare at every ply the player to move, the legal actions (the state's
and the mover's view's), the position as the full state, each player's view and the
audience's view write it and as their fields hold it (deck order in the state only, a
token's colour only to its owner until the resolution), each viewer's log and observation
tensor (laid out as ``docs/observations.md`` says), the score table,
the leaders, every ``view.determinize`` draw (it keeps what the view shows and deals the
unseen cards), then the end, the winners and the returns. Games start from ``new()``, from
``new(setup="random")`` and from random ``position(...)`` calls (leftovers, a short deck,
few stones, a pot, earlier idle rounds, no reveal), so that forced passes, idle rounds, the
safeguard and ties on points occur.

Set ``TABLETOP_TWIN_GAMES`` (e.g. ``200``) to play more games per option set.
"""

from __future__ import annotations

import os

import pytest
from reference.lascaux_ref import Reference, card_number, card_text
from reference.lascaux_twin import compare, compare_position, fields

import tabletop

GAMES = int(os.environ.get("TABLETOP_TWIN_GAMES", "1"))

SETS = [(players, strict) for players in (3, 4, 5) for strict in (False, True)]


def named(options: tuple[int, bool]) -> str:
    return f"{options[0]}p" + (",strict_colour" if options[1] else "")


@pytest.mark.parametrize("options", SETS, ids=named)
def test_random_games_agree_with_the_oracle(options: tuple[int, bool]) -> None:
    players, strict = options
    found = [line for seed in range(GAMES) for line in
             compare(seed, players, view_every=2, strict_colour=strict)
             + compare(seed + 1, players, view_every=4, strict_colour=strict)]
    assert not found, "\n".join(found[:3])


@pytest.mark.parametrize("options", SETS, ids=named)
def test_games_from_a_random_setup_agree_with_the_oracle(options: tuple[int, bool]) -> None:
    players, strict = options
    found = [line for seed in range(GAMES) for line in
             compare(seed, players, view_every=5, setup="random", strict_colour=strict)]
    assert not found, "\n".join(found[:3])


@pytest.mark.parametrize("options", SETS, ids=named)
def test_games_from_random_positions_agree_with_the_oracle(options: tuple[int, bool]) -> None:
    players, strict = options
    found = [line for seed in range(3 * GAMES) for line in
             compare_position(seed, players, strict_colour=strict)]
    assert not found, "\n".join(found[:3])


def test_the_oracle_plays_the_spec_examples() -> None:
    """The oracle itself on the spec's plainest cases (so a wrong oracle fails here)."""
    assert card_text(0) == "deer:B/Br" and card_text(53) == "rhino:Y/G"
    assert card_number("ibex:B/W") == 24
    # one leftover counts toward the seven cards (I2): six new cards are revealed
    no_blue = [2, 4, 5, 7, 8, 10, 11, 13]
    ref = Reference(3, start=1, order=no_blue, leftovers=[card_number("deer:Y/W")])
    assert ref.fresh == no_blue[:6] and ref.to_move == 1 and 5 not in ref.table_colours()
    # a table showing all six colours reveals nothing more
    ref = Reference(3, start=0, order=[4, 5], leftovers=[0, 1, 2])
    assert ref.fresh == [] and ref.table_colours() == set(range(6))
    for colour in ("blue", "blue", "pink"):  # Marcel, Jacques, Georges
        ref.apply(f"choose {colour}")
    assert ref.phase == "bid" and ref.to_move == 0
    for action in ("pay", "pay", "pass"):  # Georges passes first and takes 2 stones
        ref.apply(action)
    assert ref.stones == [11, 11, 14] and ref.passed == [2] and ref.to_move == 0
    ref.apply("pass")  # Marcel takes an empty pot; Jacques wins the auction
    assert ref.resolved == [(1, 5, 1), (0, 5, 0), (2, 3, 1)]  # the top of the stack first
    assert ref.start == 2 and ref.leftovers == [1] and ref.fresh == [4, 5]
    # a player with no stones must pass (I8: still an action of theirs)
    ref = Reference(3, start=0, order=[], leftovers=[0], stones=[0, 3, 3])
    for colour in ("brown", "blue", "green"):
        ref.apply(f"choose {colour}")
    assert ref.legal() == ["pass"]


def test_three_idle_rounds_end_the_game_and_the_cards_left_score_for_nobody() -> None:
    """I9: with the deck empty, rounds that claim nothing are idle; the third ends it."""
    ref = Reference(3, start=0, order=[], leftovers=[0], idle=1, stones=[6, 6, 6])
    for _ in range(2):
        for _ in range(3):
            ref.apply("choose green")
        for _ in range(2):
            ref.apply("pass")
    assert ref.ended == "idle" and ref.leftovers == [0]
    assert ref.scores() == [1, 1, 1] and ref.winners() == () and ref.returns() == [0.0] * 3


def test_a_position_takes_cards_as_the_state_writes_them() -> None:
    """The rules page names a card ``deer blue/brown`` "or compactly ``deer:B/Br``", the way
    ``str(state)`` lists it; ``position(...)`` refused the compact text ("no card 'deer:B/Br'
    in the deck"), so a table copied from a state's text could not be set up again."""
    game = tabletop.load("lascaux")
    for card in range(54):
        for text in (card_text(card), card_text(card).lower(), card_text(card).upper()):
            assert game.position(table=[text], reveal=False).table == (card,)
    state = game.new(seed=7)
    text = fields(state)  # round 1: every card on the table is new, none a leftover
    again = game.position(table=text["fresh"], deck=text["deck"][1],  # type: ignore[index, arg-type]
                          start=state.start, reveal=False)
    assert again.table == state.table and again.deck == state.deck
    played = again.apply("choose blue")  # its record keeps the call, texts as given
    assert tabletop.replay(played.to_record()) == played
    swapped = "deer:" + "/".join(reversed(card_text(0)[5:].split("/")))  # either order
    assert game.position(table=[swapped], reveal=False).table == (0,)
    with pytest.raises(tabletop.InvalidOption, match="no card 'deer:B/B' in the deck"):
        game.position(table=["deer:B/B"])


class LeftoversDoNotCountTowardSeven(Reference):
    """A wrong oracle: each reveal turns up to seven new cards (the seed's other reading)."""

    def begin_round(self, reveal: bool = True) -> None:
        super().begin_round(False)
        while reveal and self.deck and len(self.fresh) < 7 and len(self.table_colours()) < 6:
            self.fresh.append(self.deck.pop(0))
            self.revealed += 1


class FirstPasserResolvesFirst(Reference):
    """A wrong oracle: tokens are revealed from the bottom of the stack up."""

    def resolve(self) -> None:
        self.passed.reverse()
        super().resolve()


class AudienceSeesNothingLaid(Reference):
    """A wrong oracle: the audience's view shows laid tokens as not laid (``-``)."""

    def text(self, viewer: int | None | str = None) -> dict[str, object]:
        out = super().text(viewer)
        if viewer == "public":
            out["tokens"] = ["-"] * self.n
        return out


@pytest.mark.parametrize("wrong", [LeftoversDoNotCountTowardSeven, FirstPasserResolvesFirst,
                                   AudienceSeesNothingLaid])
def test_a_wrong_oracle_is_caught(wrong: type[Reference]) -> None:
    """The comparison can fail: one rule changed in the oracle shows up within a few games."""
    assert any(compare(seed, 3, oracle=wrong, view_every=1, stop=0) for seed in range(4))
