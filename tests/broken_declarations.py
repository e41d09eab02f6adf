"""Toys that leave out what the conformance suite needs declared (``declarations.py``), and
one whose score only answers at the end (``check_game``'s running scores)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from toygame import NimState, NimView, SecretNim

from tabletop.core.game import Game, View


class NoSpaceNim(SecretNim):
    """No integer actions (``_action_space`` left to the base)."""

    name = "no-space-nim"
    _action_space = Game._action_space


class NoLengthNim(SecretNim):
    """No ``max_game_length``."""

    name = "no-length-nim"
    max_game_length = Game.max_game_length


class NoShapeNim(SecretNim):
    """No ``observation_shape``."""

    name = "no-shape-nim"
    observation_shape = Game.observation_shape


@dataclass(frozen=True, slots=True, kw_only=True)
class BlankView(NimView):
    """A view without a tensor (``_observation`` left to the base)."""

    _observation = View._observation


@dataclass(frozen=True, slots=True, kw_only=True)
class BlankState(NimState):
    def _view(self, player: int) -> BlankView:
        plain = NimState._view(self, player)
        return BlankView(game=self.game, player=player, pile=plain.pile, first=plain.first,
                         bonus=plain.bonus, taken_last=plain.taken_last, takes=plain.takes)


class NoTensorNim(SecretNim):
    """Its views make no tensor."""

    name = "no-tensor-nim"

    def _initial(self, rng: random.Random) -> BlankState:
        return BlankState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class EndScoreState(NimState):
    def _scores(self) -> tuple[float, ...]:
        winner = (self.taken_last,)[self.pile]  # the bug: only answers once the pile is 0
        return tuple(float(p == winner) for p in (0, 1))


class EndScoreNim(SecretNim):
    """Its ``_scores`` fails before the end."""

    name = "end-score-nim"

    def _initial(self, rng: random.Random) -> EndScoreState:
        return EndScoreState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None)


class UndatedChangeNim(SecretNim):
    """A rule change without its day (``replay`` could not say which records it breaks)."""

    name = "undated-change-nim"
    rule_changes = ("a take of three is no longer allowed",)


class UnorderedChangesNim(SecretNim):
    """Rule changes newest first (``replay`` would name the wrong last day)."""

    name = "unordered-changes-nim"
    rule_changes = ("2026-12-02: a take of three is no longer allowed",
                    "2026-11-30: the bonus is taken last")
