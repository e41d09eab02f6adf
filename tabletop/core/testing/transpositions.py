"""``check_transpositions``: equal states are one position, for a solver's tables.

A researcher's exhaustive search keys a transposition table by state: a position met again
by another move order (or rebuilt from a pickle or a copy) is looked up, not searched
again. That is sound only if ``==`` and ``hash`` agree and if two equal states answer
alike (in ``hash`` and in ``core.keys.position_key``, the key that holds across
processes), now and after every move: the mover, the legal actions in order, the scores,
winners and returns, every player's view, and the states each legal action leads to. A
field left out of equality (``compare=False``, such as a memo one ply hands to the next)
that changes what a state answers or where it leads breaks that silently: the table hands
back the value of another position.

Pairs come from seeded random games: each position against its pickle, copy and deep
copy, and its record replayed; and two moves of the mover swapped around the other
players' moves (``a, b, c`` against ``c, b, a``, where both orders are legal), the usual
way searches meet transpositions. An unequal pair says nothing (a game may keep history,
such as a repetition record, in its position); an equal one must answer alike to ``DEPTH`` plies.

>>> import tabletop
>>> check_transpositions(tabletop.load("landlock"), seeds=[1])
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterable, Iterator

from ..game import Action, Game, State
from ..keys import position_key
from ..record import replay
from .common import fail, random_states

#: How many plies below an equal pair the answers are compared.
DEPTH = 2

#: Legal actions followed from each node of the comparison (sampled, the same for both).
BRANCHES = 3

#: Swapped move orders tried at each position.
SWAPS = 3

#: Positions of a seeded game at which pairs are made (spread over the game).
POSITIONS = 12


def check_transpositions(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` where two equal states of seeded games of ``game`` hash
    differently or answer differently, at once or after up to ``DEPTH`` plies."""
    for seed in seeds:
        walked = list(random_states(game, [seed]))
        every = max(1, len(walked) // POSITIONS)
        rng = random.Random(f"transpositions/{seed}")
        for where, state in walked[::every]:
            for how, x, y in _pairs(state, rng):
                if x != y:
                    if position_key(x) == position_key(y):
                        fail(f"{where}, {how}", "unequal states share a position_key")
                    continue
                if y not in {x: None}:
                    fail(f"{where}, {how}", "equal states, but one is not found under the "
                                            "other as a dict key (== and hash disagree)")
                _alike(x, y, f"{where}, {how}", rng, DEPTH)


def _pairs(state: State, rng: random.Random) -> Iterator[tuple[str, State, State]]:
    """``(how, x, y)``: ``state`` with its pickle and copies, then the two states two moves
    of the mover swapped around another player's move reach."""
    yield "and its pickle", state, pickle.loads(pickle.dumps(state))
    yield "and its copy", state, copy.copy(state)
    yield "and its deep copy", state, copy.deepcopy(state)
    if state.seed is not None:
        yield "and its record replayed", state, replay(state.to_record())
    for _ in range(SWAPS):
        swapped = _swapped(state, rng)
        if swapped is not None:
            yield swapped


def _swapped(state: State, rng: random.Random) -> tuple[str, State, State] | None:
    """Two moves ``a`` and ``c`` of the mover around the other players' moves ``b`` until
    the mover's next turn, in both orders (``None`` where either order is illegal or the
    game ends first)."""
    legal = list(state.legal_actions())
    mover = state.current_player
    if len(legal) < 2:
        return None
    a, c = rng.sample(legal, 2)
    x, between = state.apply(a), list[Action]()
    while x.current_player not in (None, mover) and len(between) < 2 * state.game.players:
        b = rng.choice(list(x.legal_actions()))
        between.append(b)
        x = x.apply(b)
    if not between or x.current_player != mover or not x.is_legal(c):
        return None
    y = state.apply(c)
    for b in between:
        if y.is_terminal or not y.is_legal(b):
            return None
        y = y.apply(b)
    if y.current_player != mover or not y.is_legal(a):
        return None
    middle = ", ".join(f"'{b}'" for b in between)
    how = f"'{a}', {middle}, '{c}' against '{c}', {middle}, '{a}'"
    return how, x.apply(c), y.apply(a)


def _answers(state: State) -> dict[str, object]:
    """What a search reads of a state."""
    players = range(state.game.players)
    views = [state.view(p) for p in players]
    return {"current_player": state.current_player,
            "legal actions": tuple(map(str, state.legal_actions())),
            "scores": state.scores, "winners": state.winners, "returns": state.returns(),
            "views": tuple(views), "views' hashes": tuple(map(hash, views)),
            "views' texts": tuple(map(str, views))}


def _alike(x: State, y: State, where: str, rng: random.Random, depth: int) -> None:
    """Fail unless equal ``x`` and ``y`` hash alike and answer alike for ``depth`` plies."""
    if hash(x) != hash(y):
        fail(where, f"equal states hash differently ({hash(x)} and {hash(y)})")
    if position_key(x) != position_key(y):
        fail(where, f"equal states have the position keys {position_key(x)} and "
                    f"{position_key(y)} (core.keys)")
    ours, theirs = _answers(x), _answers(y)
    for key, value in ours.items():
        if theirs[key] != value:
            fail(where, f"equal states answer differently: {key} {value!r} and "
                        f"{theirs[key]!r} (a field left out of equality changes what a "
                        f"state answers)")
    if depth == 0 or x.is_terminal:
        return
    legal = list(x.legal_actions())
    for action in rng.sample(legal, min(BRANCHES, len(legal))):
        after_x, after_y = x.apply(action), y.apply(action)
        if after_x != after_y:
            fail(f"{where}, then '{action}'", "equal states lead to unequal states by the "
                                              "same move (a field left out of equality "
                                              "changes where a state leads)")
        _alike(after_x, after_y, f"{where}, then '{action}'", rng, depth - 1)
