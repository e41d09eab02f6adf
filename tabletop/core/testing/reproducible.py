"""Seeded play that repeats anywhere: ``play_digests`` and ``check_global_random``.

Whoever publishes "seed 7, 200 iterations" expects every reader to get the same game: the
same record, the same positions, the same states a view draws (``determinize``) and the
same decisions of a seeded bot, in any process and whatever else that process has done.
``play_digests`` digests those for a seeded random game; ``check_hash_seeds`` compares
them with a process under another ``PYTHONHASHSEED`` (a draw from a set of strings comes
out another way there), and ``check_global_random`` here with Python's and numpy's global
generators seeded two ways: a game draws only from the seed or the ``rng`` it is given, so
its play depends on neither generator and leaves both as they were (a user's own
``random.seed(1)`` stream goes on as if the game had not run).

>>> import tabletop
>>> found = check_global_random(tabletop.load("landlock"), seed=0, states=2)
>>> found[0][0]
'landlock seed 0: the record of the game, as JSON'
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np

from ..game import Game, State
from .common import fail, random_states
from .hashnumbers import number_digests

#: How many states each view draws (``determinize``), how far each is played on, and how
#: many iterations the seeded bot searches: enough to meet every hidden part, still quick.
DRAWS = 2
DRAWN_PLIES = 12
AGENT_ITERATIONS = 12


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def play_digests(game: Game, seed: int, states: int, setup: str = "decide",
                 ) -> list[tuple[str, str]]:
    """``(what, sha256)`` for the seeded random game of ``seed``: its record as JSON, and at
    ``states`` positions spread over it (the first and last among them) the position's
    text, each view's text, the states each view draws from seeded generators played on at
    random, and a seeded ``MCTSAgent``'s search from the view of the player to move."""
    from ...agents import MCTSAgent  # (the agents build on the core: imported when used)

    walked = [state for _, state in random_states(game, [seed], 1, setup)]
    found = [(f"{game.name} seed {seed}: the record of the game, as JSON",
              _sha(json.dumps(walked[-1].to_record())))]
    every = max(1, len(walked) // max(1, states - 1))
    for ply, state in enumerate(walked):
        if ply % every and ply != len(walked) - 1:
            continue
        where = f"{game.name} seed {seed} ply {ply}"
        found.append((f"{where}: the position's text", _sha(str(state))))
        for player in range(game.players):
            view = state.view(player)
            at = f"{where}, {game.player_name(player)}'s view"
            found.append((f"{at}: its text", _sha(str(view))))
            for k in range(DRAWS):  # a generator of its own for each draw
                draw = k + DRAWS * (player + game.players * ply)
                found.append((f"{at}: the state determinize(random.Random({draw})) draws, "
                              f"played on at random", _sha(_played_on(view.determinize(
                                  random.Random(draw)), draw))))
        mover = state.current_player
        if mover is not None:
            search = MCTSAgent(iterations=AGENT_ITERATIONS, seed=seed).analyse(state.view(mover))
            summary: dict[str, Any] = search.to_json()
            summary.pop("seconds", None)
            found.append((f"{where}: MCTSAgent(iterations={AGENT_ITERATIONS}, seed={seed})'s "
                          f"search from {game.player_name(mover)}'s view",
                          _sha(json.dumps(summary, sort_keys=True))))
    return found


def _played_on(state: State, seed: int) -> str:
    """The text of ``state`` and of the moves ``random.Random(seed)`` plays on from it."""
    rng, seen = random.Random(seed), [str(state)]
    for _ in range(DRAWN_PLIES):
        if state.is_terminal:
            break
        action = rng.choice(state.legal_actions())
        seen.append(str(action))
        state = state.apply(action)
    seen.append(str(state))
    return "\n".join(seen)


def seeded_digests(game: Game, seed: int, states: int, setup: str = "decide",
                   ) -> list[tuple[str, str]]:
    """``play_digests`` and ``number_digests`` together: what one seed fixes."""
    return play_digests(game, seed, states, setup) + number_digests(game, seed, states, setup)


def check_global_random(game: Game, seed: int = 0, states: int = 4, setup: str = "decide",
                        ) -> list[tuple[str, str]]:
    """Play ``seeded_digests`` with the global generators (``random``'s and numpy's) seeded
    one way, then another: the game must leave them as they were and give the same
    digests. Returns the digests; the global generators are restored afterwards."""
    saved = random.getstate(), np.random.get_state()
    try:
        results = []
        for user_seed in (1, 2):
            random.seed(user_seed)
            np.random.seed(user_seed)
            before = random.getstate(), np.random.get_state()
            results.append(seeded_digests(game, seed, states, setup))
            for label, changed in (("Python's global random", random.getstate() != before[0]),
                                   ("numpy's global np.random",
                                    not _same_numpy_state(np.random.get_state(), before[1]))):
                if changed:
                    fail(f"{game.name} seed {seed}",
                         f"playing, drawing and searching the seeded game changed the state of "
                         f"{label} generator: a game draws only from the seed given to new() "
                         f"and the rng given to determinize(), never from (or reseeding) a "
                         f"global generator, whose stream is the user's")
        first, second = results
        for (place, mine), (_, theirs) in zip(first, second, strict=False):
            if mine != theirs:
                fail(place, "not the same after random.seed(1) and random.seed(2) (numpy's "
                            "np.random.seed too): it depends on a global generator, not only "
                            "on the seed")
        if len(first) != len(second):
            fail(f"{game.name} seed {seed}", f"{len(first)} digests after random.seed(1), "
                                             f"{len(second)} after random.seed(2): the game "
                                             f"depends on a global generator")
        return first
    finally:
        random.setstate(saved[0])
        np.random.set_state(saved[1])


def _same_numpy_state(a: Any, b: Any) -> bool:
    return all(bool(np.array_equal(x, y)) if isinstance(x, np.ndarray) else x == y
               for x, y in zip(a, b, strict=True))
