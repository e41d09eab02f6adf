"""What a game hands to AI libraries, as digests to compare across processes.

The integer ids, the order of the legal actions, the observation tensors and the information
states must be the same in every process: a policy trained in one process reads ids and
tensors made in another, and OpenSpiel and PettingZoo replay games by id. Python salts the
hash of every string with ``PYTHONHASHSEED``, so a table or tensor built by iterating a set
(or anything ordered by hash) comes out another way in another process: ``check_hash_seeds``
compares these digests here and under another hash seed, as it does the pictures.

>>> import tabletop
>>> found = number_digests(tabletop.load("lascaux", players=3), seed=0, states=2)
>>> len(found), found[0][0]
(14, 'lascaux seed 0 ply 0: the legal actions, in order, and their ids')
"""

from __future__ import annotations

import hashlib

import numpy as np

from ..game import Game
from .common import random_states


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def number_digests(game: Game, seed: int, states: int, setup: str = "decide",
                   ) -> list[tuple[str, str]]:
    """``(what, sha256)`` for ``states`` positions spread over the seeded random game (the
    first and last among them): the legal actions in order with their ids, and each
    player's observation tensor (shape, dtype and bytes) and information state."""
    walked = [state for _, state in random_states(game, [seed], 1, setup)]
    every = max(1, len(walked) // max(1, states - 1))
    found = []
    for ply, state in enumerate(walked):
        if ply % every and ply != len(walked) - 1:
            continue
        where = f"{game.name} seed {seed} ply {ply}"
        ids = [(str(action), state.action_id(action)) for action in state.legal_actions()]
        found.append((f"{where}: the legal actions, in order, and their ids",
                      _sha(repr(ids).encode())))
        for player in range(game.players):
            view = state.view(player)
            tensor = np.asarray(view.observation())
            at = f"{where}, {game.player_name(player)}'s view"
            found.append((f"{at}: the observation tensor",
                          _sha(repr((tensor.shape, str(tensor.dtype))).encode()
                               + tensor.tobytes())))
            found.append((f"{at}: the information state",
                          _sha(view.information_state().encode())))
    return found
