"""A long session: sweeping a game's options (a data-science notebook tries a radius or a ply
cap at every value) must not grow the process's memos without end (``core.memos``)."""

import random
import sys

import pytest

import tabletop
from tabletop.core.memos import small_memos

#: Each game's option swept: a new value for every game loaded where the option is a number,
#: else the few values its choices give.
SWEEPS = {
    "lacuna": lambda i: {"mat_radius": round(1.0 + i / 500, 4)},
    "lava-flows": lambda i: {"ply_cap": 40 + i},
    "lascaux": lambda i: {"players": 3 + i % 3, "strict_colour": bool(i // 3 % 2)},
    "landlock": lambda i: {"gnomes": ("end", "placed")[i % 2]},
}
SWEPT = 40


def _sizes():
    """The length of every module-level dict, list and set of the package (one level of
    nesting counted too), and the size of every unbounded ``functools.cache``."""
    found = {}
    for name, module in list(sys.modules.items()):
        if name != "tabletop" and not name.startswith("tabletop."):
            continue
        for attr, value in list(vars(module).items()):
            key = f"{name}.{attr}"
            if hasattr(value, "cache_info"):  # an ``lru_cache`` is bounded by its maxsize
                info = value.cache_info()
                found[key] = 0 if info.maxsize is not None else info.currsize
            elif isinstance(value, dict | list | set) and not attr.startswith("__"):
                inner = value.values() if isinstance(value, dict) else value
                found[key] = len(value) + sum(len(v) for v in list(inner)[:256]
                                              if isinstance(v, dict))
    return found


def _use(game, seed):
    """What a sweep asks of each game: a few plies, their action ids and pictures."""
    rng = random.Random(seed)
    state = game.new(seed=seed)
    for _ in range(4):
        if state.is_terminal:
            break
        state.legal_action_ids()
        state = state.apply(rng.choice(state.legal_actions()))
    state.svg()
    state.to_record()


@pytest.mark.parametrize("name", tabletop.games())
def test_sweeping_a_games_options_keeps_every_memo_bounded(name):
    """Two sweeps of ``SWEPT`` new option values each, the same seeds: with every memo
    bounded at two entries nothing the package keeps grows by a sweep's length (a memo kept
    per game, by its options, would)."""
    sweep = SWEEPS[name]
    with small_memos(2):
        for i in range(SWEPT):
            _use(tabletop.load(name, **sweep(i)), i % 4)
        before = _sizes()
        for i in range(SWEPT, 2 * SWEPT):
            _use(tabletop.load(name, **sweep(i)), i % 4)
        after = _sizes()
    grown = {k: (before.get(k, 0), n) for k, n in after.items()
             if n >= before.get(k, 0) + SWEPT // 2}
    assert not grown, f"memos grew with every option value met: {grown}"
