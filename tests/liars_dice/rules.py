"""Liar's Dice for three or four, one round: the state (every player's dice added to the
public position) and, at the bottom, the game.

Each player rolls ``dice`` dice of ``faces`` faces in secret. From a player drawn at random,
each in turn either bids higher than the last bid (``bid 3x5``: at least three dice on the
table show five; higher means more dice, or as many of a higher face) or calls the last bid
a lie (``liar``). Then every die is shown: if fewer dice show the face than bid, the bidder
loses; if more, the caller loses; if exactly as many ("spot on"), nobody does. The loser
pays one point to every other player.

All chance is the setup roll (the contract has no chance mid-game): this one-round game
needs no other.

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("liars-dice", "liars_dice.rules:LiarsDice")
>>> s = tabletop.load("liars-dice", players=3).new(seed=2)
>>> t = s.apply("bid 1x1").apply("liar")
>>> t.is_terminal, len(t.revealed), sum(t.scores)
(True, 3, 0.0)
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
from .actions import Bid, Call, action_table, parse
from .dice import FEWEST_DICE, FEWEST_FACES, MOST_DICE, MOST_FACES, NAMES, total_dice
from .position import LiarPosition
from .view import LiarView


@dataclass(frozen=True, slots=True, kw_only=True)
class LiarState(LiarPosition, State):
    """A full Liar's Dice position: the public one and every player's dice (sorted)."""

    dice: tuple[tuple[int, ...], ...]

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        hand = ranges.Row(ranges.Span(1, self.game.options["faces"]),
                          length=self.game.options["dice"])
        return {**LiarPosition._ranges(self),
                "dice": ranges.Row(hand, length=self.game.players)}

    def known_dice(self) -> tuple[tuple[int, ...] | None, ...]:
        return self.dice

    def _apply(self, action: Action) -> LiarState:
        if isinstance(action, Call):
            return evolve(self, revealed=self.dice)
        assert isinstance(action, Bid)
        return evolve(self, bids=self.bids + ((action.quantity, action.face),))

    def _scores(self) -> tuple[float, ...]:
        return self.points

    def _view(self, player: int) -> LiarView:
        # (``player == players``: the public view's seat, an audience's: no dice of its own)
        return evolve(self, LiarView, player=player,
                      own=self.dice[player] if player < len(self.dice) else None)


class LiarsDice(Game):
    """One round of Liar's Dice for 3 or 4 players, ``dice`` dice each (default 2) of
    ``faces`` faces (default 6)."""

    name = "liars-dice"
    title = "Liar's Dice"
    notation_forms = "actions are bids like 'bid 3x5' (three dice show five) or 'liar'"
    player_counts = (3, 4)
    defaults = {"dice": 2, "faces": 6}
    variants = ({"players": 4, "dice": 3, "faces": 3},)  # (check_variants)
    renderer = "render:draw"
    clicks = "input:LiarInput"
    state_class = LiarState

    def _initial(self, rng: random.Random) -> LiarState:
        faces, dice = self.options["faces"], self.options["dice"]
        first = rng.randrange(self.players)
        hands = tuple(tuple(sorted(rng.randint(1, faces) for _ in range(dice)))
                      for _ in range(self.players))
        return LiarState(game=self, first=first, bids=(), revealed=(), dice=hands)

    def player_name(self, player: int) -> str:
        return NAMES[player]

    def _action_space(self) -> ActionSpace:
        return action_table(total_dice(self.players, self.options["dice"]),
                            self.options["faces"])

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """A flat vector (``tensor.sections``)."""
        return tensor.shape(self.players, self.options["dice"], self.options["faces"])

    @property
    def max_game_length(self) -> int:
        """Every bid beats the last, so at most one of each (``players · dice · faces``),
        then ``liar``."""
        total = total_dice(self.players, self.options["dice"])
        return total * self.options["faces"] + 1

    def _parse(self, state: State | View, text: str) -> Action | None:
        return parse(text)

    def _check_option(self, key: str, value: Any) -> None:
        """``dice`` runs 1 .. 3 and ``faces`` 2 .. 6 (``dice.py``)."""
        Game._check_option(self, key, value)
        low, high = (FEWEST_DICE, MOST_DICE) if key == "dice" else (FEWEST_FACES, MOST_FACES)
        self._option_number(key, value, low, high)
