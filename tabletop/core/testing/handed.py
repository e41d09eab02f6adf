"""What a player is handed holds nothing but what they may see (``check_handed_objects``).

``check_secrecy`` compares what a view *shows*; a player (or their bot) holds the objects
themselves, and may follow them: ``gc.get_referents``, ``vars``, ``__slots__``, a pickle or a
deep copy. A view that keeps its full state in a field left out of equality and of every
text (to draw faster, say) shows nothing wrong, yet hands the whole position — deck order,
secret choices, seed — to whoever looks. So, at seeded positions of every game, for every
player, everything they are handed is walked reference by reference: the view (once its
text, picture, legal actions, observation, information state and score breakdown are
built and cached), its scene, each of its legal actions, and a copy, a deep copy and an
unpickled pickle of it. None may reach a full ``State`` (a view is what the player sees; a
state it draws with ``determinize`` it returns, it does not keep one) nor a random
generator (whose state would tell what the seed dealt). Functions are followed into their
closures and defaults, not their modules; the game object is shared by every player, so it
is walked once, after the games are played, by the same rule.

>>> import tabletop
>>> check_handed_objects(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import copy
import gc
import pickle
import random
import types
from collections.abc import Iterable, Iterator
from typing import Any

from ..game import Game, State, View
from .common import fail, random_states

#: How many objects one walk may visit before it says so (a view holds a few thousand).
MAX_OBJECTS = 200_000

#: Objects whose references are the program, not the position: never followed.
SKIPPED = (type, types.ModuleType, types.BuiltinFunctionType, types.MethodWrapperType,
            types.WrapperDescriptorType, types.MethodDescriptorType, types.GetSetDescriptorType,
            types.MemberDescriptorType)


def _generators() -> tuple[type, ...]:
    """The random generators whose state would tell what a seed dealt."""
    kinds: list[type] = [random.Random]
    try:
        import numpy as np
    except ModuleNotFoundError:  # pragma: no cover (numpy is a dependency)
        return tuple(kinds)
    kinds += [np.random.Generator, np.random.RandomState, np.random.BitGenerator]
    return tuple(kinds)


def check_handed_objects(game: Game, seeds: Iterable[int] = range(2), every: int = 4) -> None:
    """Nothing a player is handed reaches a full state or a random generator
    (``ConformanceError`` names the player, the object and the path to what it reached)."""
    generators = _generators()
    for where, state in random_states(game, seeds, every):
        for viewer in range(game.players):
            for name, handed in _handed(state.view(viewer)):
                _walk(handed, f"{name} of player {viewer}", f"{where}", generators)
    _walk(game, "the game object", game.name, generators, skip_game=False)


def _handed(view: View) -> Iterator[tuple[str, object]]:
    """Each object a player holding ``view`` is handed, named, its caches built first."""
    str(view)
    repr(view)
    view._repr_svg_()
    view.observation()
    view.information_state()
    breakdown = getattr(view, "score_breakdown", None)
    if breakdown is not None:
        breakdown()
    legal = view.legal_actions()
    view.legal_mask()
    yield "the view", view
    yield "the view's legal actions", legal
    yield "the view's scene", view.scene()
    for action in legal[:8]:
        yield f"legal action {str(action)!r}", action
    yield "a copy of the view", copy.copy(view)
    yield "a deep copy of the view", copy.deepcopy(view)
    yield "the view unpickled", pickle.loads(pickle.dumps(view))


def referents(obj: object) -> list[Any]:
    """What ``obj`` refers to, as a player can follow it (a function: its closure and
    defaults, not the module it was written in)."""
    if isinstance(obj, types.FunctionType):
        cells = [cell.cell_contents for cell in obj.__closure__ or () if _filled(cell)]
        return [*cells, *(obj.__defaults__ or ()), *(obj.__kwdefaults__ or {}).values()]
    if type(obj) is dict:  # ``gc.get_referents`` leaves out the keys when all are strings
        return [*obj, *gc.get_referents(obj)]
    return gc.get_referents(obj)


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def _walk(root: object, name: str, where: str, generators: tuple[type, ...],
          skip_game: bool = True) -> None:
    """Fail if ``root`` reaches a full state or a generator, saying by which path."""
    parents: dict[int, tuple[int, str]] = {id(root): (0, type(root).__name__)}
    stack = [root]
    while stack:
        obj = stack.pop()
        for ref in referents(obj):
            if id(ref) in parents or isinstance(ref, SKIPPED):
                continue
            if skip_game and isinstance(ref, Game):
                continue
            parents[id(ref)] = (id(obj), type(ref).__name__)
            if isinstance(ref, State) or isinstance(ref, generators):
                what = "a full state" if isinstance(ref, State) else "a random generator"
                fail(where, f"{name} reaches {what} ({_path(parents, id(ref))}): a player "
                            "who follows the references learns every hidden part")
            if len(parents) > MAX_OBJECTS:
                fail(where, f"{name} reaches more than {MAX_OBJECTS:,} objects: what does "
                            "it hold?")
            stack.append(ref)


def _path(parents: dict[int, tuple[int, str]], at: int) -> str:
    """The chain of type names from the root to object ``at``."""
    names = []
    while at:
        at, name = parents[at]
        names.append(name)
        if len(names) > 12:
            names.append("…")
            break
    return " -> ".join(reversed(names))
