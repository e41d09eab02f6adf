"""What a search's playouts are worth to each player, as a reward vector (one number from 0 to
1 per player) that ``MCTSAgent`` backs up its tree: a finished game's ``outcome``, and the
arithmetic of ``margin_value`` (``margin_value_of``), the value of a rollout cut short.
(``margin_value`` and ``cutoff_value`` themselves stay in ``mcts``: an arena's records name
an ``evaluate`` function by its address, ``tabletop.agents.mcts:cutoff_value``.)

>>> score_shares((3, 1, 1))
[1.0, 0.0, 0.0]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..core.game import State

#: One number from 0 to 1 per player.
Reward = list[float]


def outcome(state: State, score_weight: float = 0.0) -> Reward:
    """The reward vector of a finished game: winners share 1, a draw gives ``1/n`` each.

    With ``score_weight`` the vector is blended with the players' score shares.
    """
    n = state.game.players
    winners = state.winners
    if winners:
        reward = [0.0] * n
        for p in winners:
            reward[p] = 1.0 / len(winners)
    else:
        reward = [1.0 / n] * n
    if score_weight:
        share = score_shares(state.scores)
        w = score_weight
        reward = [(1 - w) * r + w * s for r, s in zip(reward, share, strict=True)]
    return reward


def score_shares(scores: Sequence[float]) -> Reward:
    """Scores as shares that add up to 1: each score above the lowest, over their sum.

    >>> score_shares((3, 1, 1))
    [1.0, 0.0, 0.0]
    >>> score_shares((2, 2))
    [0.5, 0.5]
    """
    low = min(scores)
    lifted = [s - low for s in scores]
    total = sum(lifted)
    if total <= 0:
        return [1.0 / len(scores)] * len(scores)
    return [x / total for x in lifted]


def margin_value_of(scores: Sequence[float], scale: float = 2.0) -> Reward:
    """``margin_value`` for a tuple of scores."""
    n = len(scores)
    mean = sum(scores) / n
    base, tanh = 1 / n, math.tanh
    if n == 2:  # the commonest count, written out: no loop, no appends (the same floats)
        s0, s1 = scores
        v0, v1 = base + tanh((s0 - mean) / scale) / 2, base + tanh((s1 - mean) / scale) / 2
        return [v0 if 0.0 < v0 < 1.0 else 1.0 if v0 >= 1.0 else 0.0,
                v1 if 0.0 < v1 < 1.0 else 1.0 if v1 >= 1.0 else 0.0]
    values = []
    for s in scores:
        v = base + tanh((s - mean) / scale) / 2
        # clipped to 0..1 as ``min(1.0, max(0.0, v))`` clips (NaN to 0.0), without the calls
        values.append(v if 0.0 < v < 1.0 else 1.0 if v >= 1.0 else 0.0)
    return values
