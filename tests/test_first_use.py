"""What a fresh process loads for ``import tabletop`` and a first move: no heavy module that
the move does not need (issue 20: no first-use stall; ``benchmarks/first_use.py`` times it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop

HEAVY = ("networkx", "numba", "ipywidgets", "ipycanvas", "matplotlib", "pandas", "urllib.request")

CHILD = """
import json, sys, tabletop
loaded = {{}}
loaded["import"] = sorted(m for m in {heavy!r} if m in sys.modules)
if {game!r}:
    state = tabletop.load({game!r}).new(seed=0, setup="random")
    state.apply(state.legal_actions()[0])
    loaded["move"] = sorted(m for m in {heavy!r} if m in sys.modules)
print(json.dumps(loaded))
"""


def _loaded(game: str) -> dict[str, list[str]]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(Path(tabletop.__file__).parent.parent), os.environ.get("PYTHONPATH", "")]))
    code = CHILD.format(heavy=HEAVY, game=game)
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=120, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_import_tabletop_loads_no_heavy_module():
    assert _loaded("")["import"] == []


@pytest.mark.parametrize("game", ["lacuna", "lascaux", "lava-flows", "landlock"])
def test_a_first_move_loads_no_heavy_module(game: str):
    """No game needs one (Landlock imports networkx only when asked for its graphs)."""
    assert _loaded(game)["move"] == []
