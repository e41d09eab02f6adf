"""Toys whose numbers for AI libraries follow hash order, so another process (another
``PYTHONHASHSEED``) gets other ones: ids numbered in the order of a set of names, and a
tensor whose entries are laid out by string hashes. Within one process each is consistent,
so only ``check_hash_seeds`` (run by ``check_game``) can catch them
(``test_check_game_shapeai.py``)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from broken_ids import _drawn_as, _Toy, _view_as
from toygame import Bonus, NimState, NimView, SecretNim, Take

from tabletop.core.ids import ActionTable


class HashIdsNim(SecretNim):
    """Numbers its actions (and 400 spare takes) in the order of a set of their names."""

    name = "hash-ids-nim"

    def _action_space(self):
        named = {str(a): a for a in (Bonus(0), Bonus(1), *(Take(n) for n in range(1, 401)))}
        return ActionTable(tuple(named[name] for name in set(named)))


@dataclass(frozen=True, slots=True, kw_only=True)
class HashTensorState(NimState):
    def _view(self, player):
        return _view_as(HashTensorView, self, player)


@dataclass(frozen=True, slots=True, kw_only=True)
class HashTensorView(NimView):
    def determinize(self, rng):
        return _drawn_as(HashTensorState, self, rng)

    def _observation(self):
        entries = np.concatenate([NimView._observation(self), np.arange(40)])  # 40 spare
        return entries[sorted(range(len(entries)), key=lambda i: hash(f"entry {i}"))]


class HashTensorNim(_Toy):
    """Lays its tensor's entries out in the order of their names' hashes."""

    name = "hash-tensor-nim"
    state_class = HashTensorState
    observation_shape = (46,)
