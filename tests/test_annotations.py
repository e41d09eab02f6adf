"""Type hints are promises (the package ships ``py.typed``): the answers of every game keep
them at run time (``check_annotations``, part of ``check_abuse``), and a user's code written
against the documented API type-checks under ``mypy --strict`` with the types the docs give."""

import os
import re
import subprocess
import sys
import textwrap
import typing
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from broken_annotations import ListPilesNim, ListShapeNim, NumpyPlayerNim, NumpyScoresNim
from toygame import SecretNim

import tabletop
import tabletop.widgets
from tabletop.agents import MCTSAgent
from tabletop.agents.analysis import Node, NodeView
from tabletop.core.testing import ConformanceError, playout
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.annotated import check_annotations
from tabletop.core.testing.typehints import mismatch
from tabletop.widgets.game import GameWidget

ROOT = Path(__file__).parent.parent


def test_the_check_is_part_of_the_abuse_suite():
    """So every game and player count is checked by ``tests/test_abuse.py``."""
    assert check_annotations in CHECKS


def test_a_sound_toy_passes(registered):
    check_annotations(registered(SecretNim), seeds=range(3))


@pytest.mark.parametrize("broken, message", [
    (NumpyScoresNim, r"numpy-scores-nim seed 0 ply 0: NumpyScoresState.scores returned item "
                     r"0: numpy.float64 \(0.0\), not a float \(its hint: tuple\[float, \.\.\.\]\)"),
    (NumpyPlayerNim, r"NumpyPlayerState.current_player returned numpy.int64 \(\d\), not "
                     r"int \| None"),
    (ListPilesNim, r"ListPilesState.counters\(\) returned list, not a tuple \(its hint: "
                   r"tuple\[int, \.\.\.\]\)"),
    (ListShapeNim, r"list-shape-nim: ListShapeNim.observation_shape returned list, not a tuple"),
])
def test_a_broken_toy_fails(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_annotations(registered(broken), seeds=range(2))


@pytest.mark.parametrize("value, hint, problem", [
    (True, int, "bool (True), not an int"),
    (np.int64(3), int | None, "numpy.int64 (3), not int | None"),
    (np.bool_(True), bool, f"numpy.{np.bool_.__name__} (True), not a bool"),  # bool_: numpy 1
    (np.str_("a"), str, "numpy.str_ ('a'), not a str"),
    ((1, "a"), tuple[int, str, int], "a tuple of 2, not of 3"),
    ({1: "a"}, typing.Mapping[int, int], "at 1: str ('a'), not an int"),
    (np.zeros(2), npt.NDArray[np.bool_], f"an array of float64, not of {np.bool_.__name__}"),
    ("raise", typing.Literal["raise", "warn"], None),
    (3, float, None),
    ([np.float32(1)], list[float], "item 0: numpy.float32 (1.0), not a float"),
])
def test_the_hint_reader(value, hint, problem):
    assert mismatch(value, hint) == problem


def test_the_hint_reader_reads_through_type_aliases():
    """A ``type`` statement's alias (numpy's ``NDArray`` is one from numpy 2.5 on) is read as
    what it stands for, parameters and all, not passed unread."""
    alias = getattr(pytest.importorskip("typing_extensions"), "TypeAliasType", None)
    if alias is None:
        pytest.skip("typing_extensions older than 4.6 (no TypeAliasType)")
    T = typing.TypeVar("T")
    array = alias("Array", np.ndarray[typing.Any, np.dtype[T]], type_params=(T,))
    floats = alias("Floats", list[float])
    assert mismatch(np.zeros(2), array[np.bool_]) == \
        f"an array of float64, not of {np.bool_.__name__}"
    assert mismatch(np.zeros(2), array[np.float64]) is None
    assert mismatch([1.0, "a"], floats) == "item 1: str ('a'), not a float"


def test_the_contracts_arrays_name_their_dtype():
    """``legal_mask()`` is promised boolean and ``observation()`` float32 (DESIGN.md, issue
    18): their hints say so, so a type checker knows the element type, not ``Any``."""
    mask = typing.get_type_hints(tabletop.State.legal_mask)["return"]
    observation = typing.get_type_hints(tabletop.View.observation)["return"]
    assert mask == npt.NDArray[np.bool_]
    assert observation == npt.NDArray[np.float32]


def test_play_is_typed_as_the_widget_it_returns_and_takes_what_the_widget_takes():
    """``tabletop.play`` forwards to ``tabletop.widgets.play``: the same ``game`` argument
    (a record too, docs/widget.md) and the same result, a ``GameWidget``, not ``Any``."""
    # (``GameWidget`` is imported for type checkers only: ``import tabletop`` loads no widget)
    top = typing.get_type_hints(tabletop.play, localns={"GameWidget": GameWidget})
    inner = typing.get_type_hints(tabletop.widgets.play)
    assert top["return"] is GameWidget is inner["return"]
    assert top["game"] == inner["game"]


@pytest.mark.parametrize("name", tabletop.games())
def test_a_search_trees_nodes_hold_what_their_declared_fields_say(name):
    """``analysis.root`` is a read-only ``NodeView`` whose fields come through
    ``__getattr__``: they are declared, so a type checker knows them, and kept."""
    state = playout(tabletop.load(name).new(seed=2, setup="random"), 2, plies=3)
    root = MCTSAgent(iterations=60, seed=0).analyse(state).root
    hints = typing.get_type_hints(NodeView)
    declared = [field for field in hints if not field.startswith("_")]
    assert sorted(declared) == sorted(Node.__slots__)
    for node in (root, *list(root.children.values())[:3]):
        for field in declared:
            assert mismatch(getattr(node, field), hints[field], NodeView) is None, field


#: A user's notebook code, written from DESIGN.md's contract, the README, docs/widget.md and
#: docs/arena.md,
#: with the types a type checker should see (``reveal_type``) and helpers a user would write.
USER = '''
from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

import tabletop
from tabletop import Action, State, View
from tabletop.agents import MCTSAgent
from tabletop.arena import arena
from tabletop.widgets import TreeWidget

game = tabletop.load("lascaux", players=4)
s = game.new(seed=42, setup="random")
a = s.legal_actions()[0]
t = s.apply(a)
v = t.view(1)
record = t.to_record()
reveal_type(s.current_player)
reveal_type(s.legal_actions()[:3])
reveal_type(t.scores)
reveal_type(t.winners)
reveal_type(t.history)
reveal_type(v.determinize(random.Random(0)))
reveal_type(tabletop.replay(record))
reveal_type(game.parse_action(s, "pass"))
reveal_type(s.action_from_id(0))
reveal_type(s.legal_mask())
reveal_type(v.observation())
reveal_type(t.returns())
reveal_type(tabletop.play("landlock", seed=3, bots={1: "mcts"}))
reveal_type(tabletop.play(record, bots={1: "mcts"}))
reveal_type(TreeWidget)
root = MCTSAgent(iterations=20, seed=0).analyse(v).root
reveal_type(root.visits)
reveal_type(root.children)
reveal_type(root.total)
result = arena("lava-flows", ["random", "mcts"], games=2)
reveal_type(result.plot())
reveal_type(result.ratings().plot(ax=result.plot()))


def mask(view: View) -> npt.NDArray[np.bool_]:
    return view.legal_mask()


def tensor(view: View) -> npt.NDArray[np.float32]:
    return view.observation()


def to_the_end(state: State, rng: random.Random) -> State:
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def best(state: State) -> Action:
    actions: Sequence[Action] = state.legal_actions()
    return max(actions, key=lambda x: x.__hash__() % 7)
'''

#: What mypy reveals, as patterns (numpy's spelling of a dtype differs between versions).
REVEALED = [
    r"int \| None",
    r"tuple\[tabletop\.core\.action\.Action, \.\.\.\]",
    r"tuple\[float, \.\.\.\]",
    r"tuple\[int, \.\.\.\]",
    r"tuple\[tabletop\.core\.action\.Action, \.\.\.\]",
    r"tabletop\.core\.game\.State",
    r"tabletop\.core\.game\.State",
    r"tabletop\.core\.action\.Action",
    r"tabletop\.core\.action\.Action",
    r"numpy\.ndarray\[.*, numpy\.dtype\[numpy\.bool.*\]\]",
    r"numpy\.ndarray\[.*, numpy\.dtype\[numpy\.(float32|floating\[.*32Bit\])\]\]",
    r"tuple\[float, \.\.\.\]",
    r"tabletop\.widgets\.game\.GameWidget",
    r"tabletop\.widgets\.game\.GameWidget",
    r"def \(.*\) -> tabletop\.widgets\.tree\.TreeWidget",  # loaded on first use
    r"int",  # the search tree's statistics (issue 9)
    r"typing\.Mapping\[typing\.Hashable, tabletop\.agents\.analysis\.NodeView\]",
    r"tuple\[float, \.\.\.\]",
    r"matplotlib\.axes\._axes\.Axes",  # "returns the axes" (docs/arena.md)
    r"matplotlib\.axes\._axes\.Axes",
]


def mypy_strict(tmp_path: Path, code: str) -> list[str]:
    """mypy's lines for ``code`` checked under ``--strict`` as a user's module."""
    pytest.importorskip("mypy")
    (tmp_path / "user.py").write_text(textwrap.dedent(code), encoding="utf-8")
    found = subprocess.run(
        # as for an installed package: tabletop's own modules are read, their errors not shown
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports",
         "silent", "--cache-dir", os.devnull, "--python-version", "3.10", "--config-file",
         os.devnull, "user.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
        env={**os.environ, "MYPYPATH": str(ROOT)})
    return found.stdout.splitlines()


def test_a_users_code_type_checks_strictly_with_the_documented_types(tmp_path):
    pytest.importorskip("matplotlib")  # (the test extra: typed, so its axes are a type)
    lines = mypy_strict(tmp_path, USER)
    errors = [line for line in lines if ": error:" in line]
    assert not errors, "\n".join(errors)
    revealed = [line.split('Revealed type is "', 1)[1].rstrip('"') for line in lines
                if "Revealed type is" in line]
    assert len(revealed) == len(REVEALED), revealed
    for shown, pattern in zip(revealed, REVEALED, strict=True):
        assert re.fullmatch(pattern, shown), (shown, pattern)


def test_a_type_checker_catches_what_would_fail_at_run_time(tmp_path):
    """Classes that answer through ``__getattr__`` hide it from type checkers: a misspelt
    field of a search tree's node, or a step taken on the widget's read-only navigator, is
    an error to mypy, as it is an ``AttributeError`` when run."""
    lines = mypy_strict(tmp_path, """
        import tabletop
        from tabletop.agents import MCTSAgent

        state = tabletop.load("landlock").new(seed=1)
        root = MCTSAgent(iterations=20, seed=0).analyse(state).root
        root.visit
        tabletop.play(state).navigator.back()
    """)
    errors = [line.split(": error: ")[1] for line in lines if ": error: " in line]
    assert errors == ['"NodeView" has no attribute "visit"; maybe "visits"?  [attr-defined]',
                      '"TimelineReader" has no attribute "back"  [attr-defined]']
