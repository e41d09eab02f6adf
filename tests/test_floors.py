"""The versions ``pyproject.toml`` promises stay testable: every dependency a user installs has
a floor ``.ci/floors`` pins, and the classifiers name each Python from the oldest on."""

import contextlib
import importlib.util
import io
import os
import re
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from project import pyproject

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
    assert not without, "give these a floor (>=) that .ci/floors can pin:\n" + "\n".join(without)


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
    assert "bash .ci/floors" in (ROOT / "CONTRIBUTING.md").read_text()
    assert ".ci/floors" not in (ROOT / ".ci" / "run").read_text()  # too long for every run
