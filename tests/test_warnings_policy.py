"""The warnings policy (CONTRIBUTING.md, "Warnings"): every warning tabletop issues names the
user's line, however deep the call that warns, and the suite fails on a warning attributed
to tabletop's own code (a deprecated call into another library, a wrong ``stacklevel``) and
on a file or socket left open."""

import ast
import warnings
from pathlib import Path

import pytest
from guards import failure
from project import pyproject

import tabletop
from tabletop.core.warn import outside_level, warn

ROOT = Path(tabletop.__file__).parent
HELPER = ROOT / "core" / "warn.py"


def calls(path: Path) -> list[tuple[str, ast.Call]]:
    """Every call in ``path`` as ``(the callee's dotted text, the call)``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(ast.unparse(node.func), node) for node in ast.walk(tree)
            if isinstance(node, ast.Call)]


def test_tabletop_warns_only_through_its_helper():
    """``warnings.warn`` with a fixed ``stacklevel`` names a line of tabletop when the
    function that warns is reached through another of its functions (a widget building its
    model, the arena draining a generator): ``tabletop.core.warn.warn`` walks out instead."""
    found = [f"{path.relative_to(ROOT.parent)}:{call.lineno}"
             for path in sorted(ROOT.rglob("*.py")) if path != HELPER
             for callee, call in calls(path) if callee in ("warnings.warn", "warn_explicit",
                                                           "warnings.warn_explicit")]
    assert found == [], failure(
        "calls of warnings.warn in tabletop/ outside tabletop/core/warn.py", found,
        "call tabletop.core.warn.warn(message, category) instead: it names the user's line "
        "(CONTRIBUTING.md, \"Warnings\")")


def test_other_libraries_warners_are_told_the_users_level():
    """A logger's ``warn`` (gymnasium's, which PettingZoo's own games use) is given the level
    of the user's line, or it names tabletop's."""
    found = [f"{path.relative_to(ROOT.parent)}:{call.lineno}"
             for path in sorted(ROOT.rglob("*.py"))
             for callee, call in calls(path)
             if callee.endswith("logger.warn")
             and not any(k.arg == "stacklevel" for k in call.keywords)]
    assert found == [], failure(
        "another library's logger.warn called without a stacklevel", found,
        "pass stacklevel=outside_level(...) (tabletop.core.warn) so that it names the "
        "user's line (CONTRIBUTING.md, \"Warnings\")")


def test_the_tree_widgets_warning_names_the_users_line():
    """It was raised two calls deep (TreeWidget builds a TreeModel) with ``stacklevel=2``, so
    it named ``tabletop/widgets/tree.py``: a filter on the user's module missed it."""
    from tabletop.widgets.tree import TreeWidget

    lava = tabletop.load("lava-flows").new(seed=1, setup="random")
    with pytest.warns(RuntimeWarning, match="stopped at 10,000 nodes") as caught:
        TreeWidget(lava, depth=10**6)
    assert [w.filename for w in caught] == [__file__]


def test_the_render_warning_names_the_users_line_past_pettingzoos_wrappers():
    pytest.importorskip("pettingzoo")
    from tabletop.adapters import pettingzoo

    environment = pettingzoo.env("lascaux")
    environment.reset(seed=1)
    with pytest.warns(UserWarning, match="render.. without a render_mode") as caught:
        environment.render()
    assert [w.filename for w in caught] == [__file__]


def test_the_helper_names_the_first_frame_outside_tabletop():
    with pytest.warns(FutureWarning) as caught:
        warn("a message", FutureWarning)
    assert [(w.filename, str(w.message)) for w in caught] == [(__file__, "a message")]
    assert outside_level(None) == 2  # no frame to walk: the caller's own level


def test_the_suite_fails_on_a_warning_attributed_to_tabletop():
    """What the policy in ``pyproject.toml`` does, seen from inside a test."""
    with pytest.raises(DeprecationWarning):
        warnings.warn_explicit("an old call", DeprecationWarning, "tabletop/core/game.py",
                               1, module="tabletop.core.game")
    with pytest.raises(ResourceWarning):
        warnings.warn("unclosed file", ResourceWarning, stacklevel=1)
    with warnings.catch_warnings(record=True) as caught:  # a module named alike is not it
        warnings.warn_explicit("another's", DeprecationWarning, "x.py", 1,
                               module="tabletopper")
    assert len(caught) == 1


def test_the_policy_is_written_in_pyproject():
    policy = pyproject()["tool"]["pytest"]["ini_options"]["filterwarnings"]
    needed = {"error:::tabletop(\\.|$)", "error::ResourceWarning",
              "error::pytest.PytestUnraisableExceptionWarning"}
    assert needed <= set(policy), failure(
        "pyproject.toml's [tool.pytest.ini_options] filterwarnings lacks the policy's filters",
        sorted(needed - set(policy)), "put them back (CONTRIBUTING.md, \"Warnings\"): a "
        "warning a test does not expect is silenced with pytest.warns, not a filter")


def test_no_stored_notebook_output_holds_a_warning():
    """A reader sees a notebook's stored outputs before running anything: a warning in one
    (a deprecation printed to stderr, a ResourceWarning) reads as the library being broken."""
    import json

    found = []
    for path in sorted((ROOT.parent / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        for index, cell in enumerate(cells):
            for output in cell.get("outputs", []):
                said = output.get("text", "") if output.get("output_type") == "stream" \
                    else json.dumps(output.get("data", {}))
                if "Warning" in "".join(said) or output.get("name") == "stderr":
                    found.append(f"{path.name} cell {index}")
    assert found == [], failure(
        "stored notebook outputs that hold a warning or stderr", found,
        "make the cell not warn (or catch the warning and show what it says), then "
        "`python notebooks/refresh.py notebooks/<name>.ipynb`")
