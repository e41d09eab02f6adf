"""Long games: copies and pickles of states and views, however long the game has gone.

``check_long_games(game, seeds)`` extends each seeded game as long as it goes — random
moves, but never one that ends the game while another move does not — up to ``MAX_PLIES``.
It then copies, deep-copies and pickles (default and highest protocol) the final state,
three states along the way and every player's view of each, with only ``HEADROOM`` frames of
stack to spare, and checks each restored object is the same value with none of the
original's cache. Finally the restored states must keep working: they apply their next legal
actions (as objects of theirs, objects of the original, and notation) to the same states,
and the final one draws the same pictures.

Games extended this way (seeds 0–9) last: Lacuna 13 plies; Lascaux 99–131 (3 players) to
128–179 (5 players); Lava Flows up to its ``ply_cap`` (200 by default; with a high cap,
repetition ends them, after 613–2,081 plies for seeds 0–11); Landlock 38–40. A copy that
recursed once per ply would need hundreds of frames for these: the tight headroom (the
copies themselves need under 20) catches it long before a game reaches the default limit of
1,000.

>>> import tabletop
>>> check_long_games(tabletop.load("landlock"), seeds=[0])
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterable, Sequence

from ..game import Action, Game, State
from ..record import replay
from .common import fail
from .roundtrip import check_round_trips, restore, same_value

#: Frames of stack a copy or pickle may use beyond the caller's.
HEADROOM = 100

#: How far a game is extended at most.
MAX_PLIES = 5000

#: How many next legal actions a restored state is asked to apply.
NEXT_ACTIONS = 3


def check_long_games(game: Game, seeds: Iterable[int]) -> None:
    """Extend each seeded game as long as it goes; round-trip states and views along it."""
    for seed in seeds:
        states = extended_game(game, seed)
        last = len(states) - 1
        for ply in sorted({last // 4, last // 2, 3 * last // 4, last}):
            where = f"{game.name} seed {seed} ply {ply} (of {last})"
            state = states[ply]
            check_round_trips(state, where, HEADROOM)
            for player in range(game.players):
                check_round_trips(state.view(player), f"{where} view {player}", HEADROOM)
            _check_keeps_working(state, where, pictures=ply == last)


def extended_game(game: Game, seed: int) -> list[State]:
    """Every state of the seeded game played as long as it goes (see the module's text)."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    states = [state]
    while not state.is_terminal and len(states) <= MAX_PLIES:
        legal = list(state.legal_actions())
        rng.shuffle(legal)
        for action in legal:
            after = state.apply(action)
            if not after.is_terminal:
                break
        state = after
        states.append(state)
    return states


def _check_keeps_working(state: State, where: str, pictures: bool) -> None:
    for made, copier in (("deep-copied", copy.deepcopy), ("unpickled", _pickled)):
        restored = restore(state, made, copier, where)
        _check_goes_on(state, restored, f"{where}: the {made} state")
        for player in range(state.game.players):
            if restored.view(player) != state.view(player):
                fail(where, f"the {made} state's view of player {player} differs")
        if state.seed is not None and replay(restored.to_record()) != state:
            fail(where, f"the {made} state's record does not replay to the state")
        if pictures and (restored.svg() != state.svg()
                         or restored.view(0).svg() != state.view(0).svg()):
            fail(where, f"the {made} state (or its view) draws another picture")


def _check_goes_on(state: State, restored: State, who: str) -> None:
    """``restored`` applies the first legal actions, given as its own objects, the original's
    objects and notation, reaching the same states as ``state``."""
    given: tuple[tuple[str, Sequence[Action | str]], ...] = (
        ("own", restored.legal_actions()), ("original's", state.legal_actions()),
        ("notation", tuple(map(str, state.legal_actions()))))
    for how, actions in given:
        for i, action in enumerate(actions[:NEXT_ACTIONS]):
            expected = state.apply(state.legal_actions()[i])
            try:
                after = restored.apply(action)
            except Exception as err:
                fail(who, f"refused its legal action {str(action)!r} ({how}): "
                          f"{type(err).__name__}: {err}")
            same_value(expected, after, f"{who}, after {str(action)!r} ({how})")


def _pickled(obj: State) -> State:
    copied: State = pickle.loads(pickle.dumps(obj))
    return copied
