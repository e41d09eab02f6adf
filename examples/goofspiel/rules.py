"""Goofspiel for two: the state (the prize pile's order and this round's bids added to the
public position) and, at the bottom, the game.

Each round a prize card is turned up; North and then South lay a card of their hand face
down (South does not see North's); both are shown, and the higher bid takes the prize (a tie
discards it). After the last prize, the higher sum of prizes wins.

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("goofspiel", "goofspiel.rules:Goofspiel")
>>> s = tabletop.load("goofspiel", cards=3).new(seed=2)
>>> t = s.apply("bid 3").apply("bid 1")
>>> t.rounds[0][1:], t.taken[0] == (s.prize,)
((3, 1), True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tabletop.core import ranges
from tabletop.core.game import Action, Game, State, View
from tabletop.core.ids import ActionSpace
from tabletop.core.position import evolve

from . import tensor
from .actions import Bid, action_table, parse
from .cards import FEWEST_CARDS, MOST_CARDS, NAMES, deal
from .position import GoofPosition
from .view import GoofView


@dataclass(frozen=True, slots=True, kw_only=True)
class GoofState(GoofPosition, State):
    """A full Goofspiel position: the public one, the prize pile (top first) and this
    round's bids (``None`` until laid)."""

    pile: tuple[int, ...]
    bids: tuple[int | None, ...]

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        card = ranges.Span(1, self.game.options["cards"])
        return {**GoofPosition._ranges(self), "pile": ranges.Row(card, longest=card.high),
                "bids": ranges.Row(card, length=2)}

    @property
    def pile_count(self) -> int:
        return len(self.pile)

    def shown_bids(self) -> tuple[int | None, ...]:
        return (None, None)

    def _apply(self, action: Action) -> GoofState:
        assert isinstance(action, Bid)
        p = self.laid.index(False)
        bids = self.bids[:p] + (action.card,) + self.bids[p + 1:]
        if p == 0:
            return evolve(self, bids=bids, laid=(True, False))
        a, b = bids[0], action.card
        assert a is not None
        taken = self.taken  # a tie discards the prize: the new state shares the old tuple
        if a != b:
            winner = 0 if a > b else 1
            won = taken[winner] + (self.prize,)
            taken = (won, taken[1]) if winner == 0 else (taken[0], won)
        hands = tuple(tuple(c for c in hand if c != bid)
                      for hand, bid in zip(self.hands, (a, b), strict=True))
        return evolve(self, prize=self.pile[0] if self.pile else 0, pile=self.pile[1:],
                      hands=hands, taken=tuple(taken), laid=(False, False),
                      bids=(None, None), rounds=self.rounds + ((self.prize, a, b),))

    def _scores(self) -> tuple[float, ...]:
        return self.points

    def _view(self, player: int) -> GoofView:
        # (``player == 2``: the public view's seat, an audience's, owns no bid)
        return evolve(self, GoofView, player=player, pile_size=len(self.pile),
                      own_bid=self.bids[player] if player < len(self.bids) else None)


class Goofspiel(Game):
    """Goofspiel for two players with one suit each of ``cards`` cards (default 5)."""

    name = "goofspiel"
    title = "Goofspiel"
    notation_forms = "actions are bids like 'bid 3' (a card of your hand, 1 up)"
    player_counts = (2,)
    defaults = {"cards": 5}
    variants = ({"cards": 2},)  # what the conformance suite also plays (check_variants)
    renderer = "render:draw"
    clicks = "input:GoofInput"
    state_class = GoofState

    def _check_option(self, key: str, value: Any) -> None:
        Game._check_option(self, key, value)
        self._option_number(key, value, FEWEST_CARDS, MOST_CARDS)

    def _initial(self, rng: random.Random) -> GoofState:
        pile = list(deal(self.options["cards"]))
        rng.shuffle(pile)
        hand = deal(self.options["cards"])
        return GoofState(game=self, prize=pile[0], pile=tuple(pile[1:]), hands=(hand, hand),
                         taken=((), ()), laid=(False, False), rounds=(), bids=(None, None))

    def player_name(self, player: int) -> str:
        return NAMES[player]

    def _action_space(self) -> ActionSpace:
        return action_table(self.options["cards"])

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """A flat vector of ``6 + 6 · cards`` numbers (``tensor.sections``)."""
        return tensor.shape(int(self.options["cards"]))

    @property
    def max_game_length(self) -> int:
        """Two bids a round, one round per card: ``2 · cards`` plies."""
        return 2 * int(self.options["cards"])

    def describe(self, action: Action, actor: int | None, viewer: int | None) -> str:
        """North's bid is face down to everyone else (South, and an audience: ``viewer``
        2, the public view's seat); South's, which ends the round, shows both."""
        if actor == 0 and viewer is not None and viewer != 0:
            return "bid ?"
        return str(action)

    def _parse(self, state: State | View, text: str) -> Action | None:
        return parse(text)
