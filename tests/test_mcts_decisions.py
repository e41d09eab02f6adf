"""MCTS decisions golden: the search's choices and root statistics for seeded positions.

``tests/golden/mcts-decisions.json`` was written by the search before it was optimised
(commit d2f7eea), its Lacuna cases again when a wide node's random order came to be drawn
only as far as its window reaches (``open_slots``: fewer draws, so other choices); an
optimisation that keeps the algorithm must reproduce it exactly — the chosen move, every
root candidate's visits and legal-count (``avail``), its mean rewards, and the tree's size.
Rewrite it only for an intended change of the algorithm::

    PYTHONPATH=$PWD python tests/test_mcts_decisions.py --write
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop.agents import MCTSAgent, cutoff_value

GOLDEN = Path(__file__).parent / "golden" / "mcts-decisions.json"

#: (game, players) searched, as ``benchmarks/bots.py`` does.
SETUPS = [("lacuna", 2), ("landlock", 2), ("lascaux", 3), ("lascaux", 4), ("lascaux", 5),
          ("lava-flows", 2)]

#: Agent settings: the default search, and one with long rollouts, score blending and
#: another cut-off value, so that ``outcome`` and ``evaluate`` are exercised too.
CONFIGS: dict[str, dict[str, Any]] = {
    "default": {"iterations": 200},
    "long": {"iterations": 120, "rollout_depth": 400, "score_weight": 0.5},
    "cutoff": {"iterations": 80, "rollout_depth": 3, "evaluate": cutoff_value},
}


def positions(name: str, players: int, count: int = 4, seed: int = 0) -> list[tabletop.State]:
    """Seeded positions, as ``benchmarks/bots.py`` builds them: 0 %, 25 %, 50 %, 75 % in."""
    game = tabletop.load(name, players=players)
    out = []
    for k in range(count):
        rng = random.Random(seed * 1000 + k)
        state = game.new(seed=seed + k, setup="random")
        line = [state]
        while not state.is_terminal and len(line) < 400:
            state = state.apply(rng.choice(state.legal_actions()))
            line.append(state)
        out.append(line[min(len(line) - 2, len(line) * k // count)])
    return out


def tree_shape(root: Any) -> list[int]:
    """Visits summed per depth of the whole search tree (every player's tree)."""
    sums: list[int] = []
    stack = [(root, 0)]
    seen: set[int] = set()
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if len(sums) <= depth:
            sums.append(0)
        sums[depth] += node.visits
        stack.extend((c, depth + 1) for c in node.children.values())
    return sums


def decisions(name: str, players: int, config: str) -> list[dict[str, Any]]:
    """What the search decides from each seeded position, with its root statistics."""
    out = []
    for i, state in enumerate(positions(name, players)):
        view = state.view(state.current_player)
        analysis = MCTSAgent(seed=i, **CONFIGS[config]).analyse(view)
        root = analysis.root
        out.append({
            "position": i,
            "choice": str(analysis.choice),
            "determinizations": analysis.determinizations,
            "root": [[c.label, c.actor, c.visits, c.avail, [round(v, 9) for v in c.values]]
                     for c in root.children.values()],
            "shape": tree_shape(root),
        })
    return out


CASES = [(n, p, c) for n, p in SETUPS for c in CONFIGS if c == "default" or p != 4]


def case_id(case: tuple[str, int, str]) -> str:
    return f"{case[0]}-{case[1]}p-{case[2]}"


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_search_decides_as_recorded(case):
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))[case_id(case)]
    got = json.loads(json.dumps(decisions(*case)))
    assert got == expected, (
        f"MCTS no longer decides as recorded for {case_id(case)}; if the algorithm was meant "
        f"to change, rewrite the golden file (see this module's docstring)")


@pytest.mark.parametrize("change", ["exploration", "shuffle"])
def test_the_record_tells_a_changed_search(monkeypatch, change):
    """A search that differs slightly (another UCB constant; another order of a wide node's
    moves) does not reproduce the record: the test above would catch it."""
    import tabletop.agents.mcts as mcts

    if change == "exploration":
        case = ("lascaux", 3, "default")
        monkeypatch.setitem(CONFIGS, "default", {**CONFIGS["default"], "exploration": 0.71})
    else:
        case = ("lacuna", 2, "cutoff")
        # the slots opened in the order they are listed, with no draws
        monkeypatch.setattr(mcts, "open_slots", lambda order, opened, wanted, draw:
                            max(opened, min(wanted, len(order))))
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))[case_id(case)]
    assert json.loads(json.dumps(decisions(*case))) != expected


if __name__ == "__main__" and "--write" in sys.argv:
    data = {case_id(c): decisions(*c) for c in CASES}
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(data)} cases)")
