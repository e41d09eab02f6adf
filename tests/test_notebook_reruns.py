"""A learner re-runs cells: every notebook cell runs the same when run again after the
notebook has run to its end (round 50, Jupyter habits).

Found: notebook 07's cell of random OpenSpiel moves played on the state of the cell before
(``apply_action`` changes it in place), so each run went four moves further, and after the
last section, which bound ``state`` to a finished Lascaux game, it failed with numpy's "a
cannot be empty"; its training cell trained the previous run's weights further.
"""

from __future__ import annotations

import contextlib
import io

import pytest
from notebook_cells import NOTEBOOKS, code_cells
from notebook_names import names_of


def cells_of(path):
    return [(k, names_of(code)) for k, code in enumerate(code_cells(path))]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_cell_reads_a_name_a_later_cell_binds_again(path):
    """Run after the end, such a cell reads the later cell's object, not its own cell's."""
    cells = cells_of(path)
    faults = [f"code cell {k} reads {name!r} (line {line}), which code cell {j} binds again"
              for n, (k, cell) in enumerate(cells) for j, later in cells[n + 1:]
              for name, line in cell.reads.items() if name in later.binds]
    assert not faults, "\n".join(faults)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_cell_changes_an_earlier_cells_object_in_place(path):
    """Re-run, such a cell changes it again: it goes on where its last run stopped. (A cell
    may change what it made itself, and call a module's functions.)"""
    cells = cells_of(path)
    modules = set().union(*(cell.imports for _, cell in cells))
    faults = [f"code cell {k} changes {name!r} in place, which it did not make"
              for k, cell in cells for name in sorted(cell.changes - modules)]
    assert not faults, "\n".join(faults)


def test_the_rule_sees_what_notebook_07_did():
    before = names_of("rng = np.random.default_rng(0)\nfor _ in range(4):\n"
                      "    state.apply_action(int(rng.choice(state.legal_actions())))\n"
                      "state.tabletop")
    assert before.changes == {"state"}
    training = names_of("for x in steps:\n    weights[legal] += rate * x")
    assert training.changes == {"weights"}
    later = names_of("for seed in range(30):\n    state = lascaux.new(seed=seed)")
    assert "state" in later.binds and "state" in before.reads


def test_notebook_07s_openspiel_cell_shows_the_same_game_when_run_again():
    pytest.importorskip("pyspiel")
    code = code_cells(next(p for p in NOTEBOOKS if p.name.startswith("07-")))
    k = next(k for k, c in enumerate(code) if "information_state_string(1)" in c)
    namespace: dict = {"__name__": "__notebook__"}
    for cell in code[:k]:
        exec(compile(cell, "07", "exec"), namespace)  # noqa: S102 (our own notebook)
    runs = []
    for _ in range(2):
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code[k], "07", "exec"), namespace)  # noqa: S102
        runs.append(printed.getvalue())
    assert runs[0] == runs[1]
    assert "plays id" in runs[0]


def test_reloading_the_registry_keeps_the_games():
    """``importlib.reload(tabletop.core.registry)`` left no game at all ("known games:
    none"): the games register on their packages' first import, which a reload does not
    repeat. A game registered in the notebook stays too."""
    import importlib

    import tabletop
    from tabletop.core import registry

    before, saved = registry.names(), dict(registry._entries)
    registry.register("reloaded-toy", "tabletop.games.lascaux.rules:Lascaux")
    try:
        importlib.reload(registry)
        assert registry.names() == (*before, "reloaded-toy")
        assert tabletop.load("lascaux", players=3).new(seed=0).legal_actions()
    finally:  # the games as they were, whatever the reload did
        registry._entries.clear()
        registry._entries.update(saved)
