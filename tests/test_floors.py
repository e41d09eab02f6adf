"""The versions ``pyproject.toml`` promises stay testable: every dependency a user installs has
a floor ``.ci/floors`` pins, and the classifiers name each Python from the oldest on."""

import contextlib
import importlib.util
import io
import os
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from guards import failure
from packaging.requirements import Requirement
from project import pyproject

import tabletop.adapters.floors as floors_module
from tabletop.adapters.floors import FLOORS

ROOT = Path(__file__).parent.parent
SPEC = importlib.util.spec_from_file_location("floor_pins", ROOT / ".ci" / "floor_pins.py")
assert SPEC and SPEC.loader
floor_pins = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(floor_pins)

#: The extras a user installs (the test and docs extras are tools, not promises to users).
USER_EXTRAS = ("lab", "plot", "openspiel", "pettingzoo", "scale", "bench")


def pins(*args: str) -> dict[str, str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        floor_pins.main(list(args))
    return dict(line.split("==") for line in out.getvalue().split())


def test_every_requirement_a_user_installs_has_a_floor():
    project = pyproject()["project"]
    extras = project["optional-dependencies"]
    groups = {"dependencies": project["dependencies"]} | {e: extras[e] for e in USER_EXTRAS}
    without = [f"{group}: {r}" for group, requirements in groups.items() for r in requirements
               if not floor_pins.FLOOR.match(r)]
    assert not without, failure(
        "requirements in pyproject.toml without a floor (group: requirement)", without,
        "give each the lowest release measured to work as `>=` (CONTRIBUTING.md, \"Versions\": "
        "`bash .ci/floors floors` runs the tests on every floor)")


def test_the_pins_are_every_floor_in_its_own_series():
    project = pyproject()["project"]
    extras = project["optional-dependencies"]
    wanted = [*project["dependencies"], *(r for e in USER_EXTRAS for r in extras[e])]
    pinned = pins(*USER_EXTRAS)
    for requirement in map(Requirement, wanted):
        floor = next(s.version for s in requirement.specifier if s.operator == ">=")
        assert pinned[requirement.name.lower().replace("_", "-")] == floor + ".*"
    assert "typing-extensions" not in pins("--skip", "typing_extensions")


@pytest.mark.parametrize("wrong", [["no-such-extra"], ["--skip", "no-such-floor"]])
def test_the_pins_refuse_a_name_they_do_not_know(wrong):
    with pytest.raises(SystemExit, match="no-such"):
        pins(*wrong)


def test_the_classifiers_name_every_python_from_the_oldest():
    project = pyproject()["project"]
    oldest = project["requires-python"].removeprefix(">=")
    named = [c.rsplit(" :: ", 1)[1] for c in project["classifiers"]
             if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    minors = [int(v.split(".")[1]) for v in named]
    assert named[0] == oldest
    assert minors == list(range(minors[0], minors[0] + len(minors))), "one for each Python"


def test_the_floors_script_is_runnable_and_documented():
    script = ROOT / ".ci" / "floors"
    assert os.access(script, os.X_OK)
    assert "bash .ci/floors" in (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ".ci/floors" not in run  # too long for every run


def test_the_adapters_floors_are_pyprojects():
    extras = pyproject()["project"]["optional-dependencies"]
    for extra, floors in FLOORS.items():
        declared = {Requirement(r).name.lower(): next(s.version for s in Requirement(r).specifier)
                    for r in extras[extra]}
        assert floors == declared, f"tabletop.adapters.floors.FLOORS[{extra!r}]"


def test_an_older_release_than_the_floor_fails_its_adapters_import_by_name(tmp_path):
    """PettingZoo 1.24.2 imports, and then its wrappers lose the turn order: the adapter
    refuses it at once, saying which release it needs and how to get it."""
    pytest.importorskip("pettingzoo")
    code = """
import importlib.metadata as metadata
real = metadata.version
metadata.version = lambda name: "1.24.2" if name == "pettingzoo" else real(name)
import tabletop.adapters.pettingzoo
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1
    assert ("ImportError: tabletop's pettingzoo extra needs pettingzoo>=1.24.3 (installed: "
            "1.24.2): pip install \"tabletop[pettingzoo]\"") in done.stderr


@pytest.mark.parametrize(("have", "floor", "ok"), [
    ("1.24.3", "1.24.3", True), ("1.24.10", "1.24.3", True), ("1.24.3rc1", "1.24.3", True),
    ("1.24.2", "1.24.3", False), ("1", "1.0", True), ("0.9.9", "1.0", False),
    ("2024.1.0+local", "2024.1", True),
])
def test_require_compares_releases_by_number(monkeypatch, have, floor, ok):
    monkeypatch.setattr(floors_module, "version", lambda name: have)
    if ok:
        floors_module.require("thing", floor, "pettingzoo")
    else:
        with pytest.raises(ImportError, match=rf"needs thing>={floor} \(installed: {have}\)"):
            floors_module.require("thing", floor, "pettingzoo")


def test_the_graph_check_calls_node_link_data_as_the_installed_networkx_takes_it():
    """``edges=`` exists from networkx 3.4 (and is wanted there); the floor, 3.0, has none."""
    nx = pytest.importorskip("networkx")
    from tabletop.core.testing.immutability import NODE_LINK

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        data = nx.node_link_data(nx.path_graph(2), **NODE_LINK)
    assert len(data["edges" if NODE_LINK else "links"]) == 1


def test_a_numpy_scalar_is_named_as_one_under_numpy_1_too():
    np = pytest.importorskip("numpy")
    from tabletop.core.testing.scalars import _shown

    assert _shown((np.int64(8), [np.bool_(True)], "a")) == \
        f"(np.int64(8), [np.{np.bool_.__name__}(True)], 'a')"
    assert _shown((np.float32(0.5),)) == "(np.float32(0.5),)"
