"""``check_small_memos``: a game gives the same answers however small its memos are.

The games' per-process memos empty themselves when full (``core.memos``). A memo that reads
back an entry it kept before emptying itself — say, it picks the entries it is missing, then
empties itself because it is full, then reads all it needs — breaks only once it is full,
which a search reaches after hours. Here every memo is shrunk to a single entry, so each one
fills and empties itself at almost every use, and seeded games must play out exactly as they
do with the memos at their real size: every state, its legal actions, and random rollouts
(the way a search plays: a determinization of the mover's view, then ``_pick`` and
``_apply``) from each position.

>>> import tabletop
>>> check_small_memos(tabletop.load("lascaux", players=3), seeds=[1])
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from ..game import Game
from ..memos import small_memos
from .common import fail, random_playout

#: Random rollouts played from each position (each from a determinization of its own).
ROLLOUTS = 2

#: How far a rollout goes at most (a search's are cut at 20 plies).
ROLLOUT_PLIES = 40


def check_small_memos(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Play seeded games and rollouts of ``game`` with its memos at their real size, then
    with every memo bounded at one entry; raise ``ConformanceError`` where they differ or
    where the small memos raise."""
    for seed in seeds:
        where = f"{game.name} seed {seed}"
        usual = played_answers(game, seed)
        try:
            with small_memos(1):
                small = played_answers(game, seed)
        except Exception as error:  # noqa: BLE001 - any failure is the finding
            fail(where, f"with every memo bounded at one entry, play raised "
                        f"{type(error).__name__}: {error}")
        for k, (a, b) in enumerate(zip(usual, small, strict=False)):
            if a != b:
                fail(f"{where} answer {k}", f"with every memo bounded at one entry the answer "
                                            f"is {b!r}, not {a!r}")
        if len(usual) != len(small):
            fail(where, f"with every memo bounded at one entry the game gave {len(small)} "
                        f"answers, not {len(usual)}")


def played_answers(game: Game, seed: int) -> list[str]:
    """What one seeded game shows, as text: each state, its legal actions, and the ends of
    rollouts from determinizations of the mover's view."""
    rng = random.Random(seed)
    out = []
    for state in random_playout(game, seed):
        out.append(f"{state} | {' '.join(map(str, state.legal_actions()))}")
        mover = state.current_player
        if mover is None:
            out.append(f"scores {state.scores}")
            continue
        for _ in range(ROLLOUTS):
            rollout = state.view(mover).determinize(rng)
            for _ in range(ROLLOUT_PLIES):
                if rollout.current_player is None:
                    break
                rollout = rollout._apply(rollout._pick(rng.random()))
            out.append(f"rollout {rollout} {rollout.scores}")
    return out
