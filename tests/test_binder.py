"""The binder/ folder, checked statically (Docker is not available to build it here)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from guards import failure
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from project import binder_python, on_binder, pyproject

ROOT = Path(__file__).parent.parent
BINDER = ROOT / "binder"


def binder_requirements() -> dict[str, Requirement]:
    lines = (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
    reqs = [Requirement(line) for line in lines if line.strip() and not line.startswith("#")]
    return {r.name.lower(): r for r in reqs}


def project() -> dict:
    return pyproject()["project"]


def runtime_problem(runtime: str, requires_python: str) -> str | None:
    """What is wrong with a ``runtime.txt`` line for a project that ``requires_python``."""
    if not re.fullmatch(r"python-3\.\d+", runtime):
        return f"{runtime!r} is not 'python-3.N'"
    version = runtime.removeprefix("python-")
    if not SpecifierSet(requires_python).contains(version):
        return f"{runtime} is outside requires-python {requires_python}"
    return None


def test_runtime_names_a_python_the_project_supports():
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    problem = runtime_problem(runtime, project()["requires-python"])
    assert problem is None, failure(
        "binder/runtime.txt names no Python the project supports", [problem],
        "write `python-3.N` there, N a minor version pyproject.toml's requires-python allows "
        "(the one binder/requirements.txt was pinned for)")


def test_the_runtime_check_reads_requires_python():
    assert runtime_problem("python-3.11", ">=3.11") is None
    assert runtime_problem("python-3.10", ">=3.11") == \
        "python-3.10 is outside requires-python >=3.11"
    assert runtime_problem("python-3.12", ">=3.11,<3.12") is not None
    assert runtime_problem("3.11", ">=3.11") == "'3.11' is not 'python-3.N'"


def test_postbuild_is_executable_and_installs_tabletop():
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), failure(
        "binder/postBuild is not executable", [post.relative_to(ROOT)],
        "`chmod +x binder/postBuild` and `git add --chmod=+x binder/postBuild`")
    text = post.read_text(encoding="utf-8")
    assert "pip install" in text and " -e ." in text, failure(
        "binder/postBuild does not install tabletop", text.splitlines(),
        "keep its `pip install --no-deps -e .` line: Binder then imports this checkout")


def test_pins_agree_with_pyproject():
    pins = binder_requirements()
    for dep in on_binder(project()["dependencies"]):
        pin = pins.get(dep.name.lower())
        assert pin is not None, failure(
            "binder/requirements.txt does not pin a dependency of pyproject.toml", [dep],
            f"add a line `{dep.name}==X.Y.Z` there, a version pyproject.toml allows")
        (spec,) = pin.specifier
        assert spec.operator == "==", failure(
            "binder/requirements.txt holds a pin that is no exact pin", [pin],
            "pin every package with `==` (Binder builds the same environment every time)")
        assert dep.specifier.contains(spec.version), failure(
            "binder/requirements.txt pins a version pyproject.toml does not allow",
            [f"{pin} (pyproject.toml: {dep})"],
            "move the pin into pyproject's range, or the range (with a reason) to the pin")
    for dep in on_binder(project()["optional-dependencies"]["lab"]):
        (spec,) = pins[dep.name.lower()].specifier
        assert dep.specifier.contains(spec.version), failure(
            "binder/requirements.txt pins a version the `lab` extra does not allow",
            [f"{pins[dep.name.lower()]} (lab extra: {dep})"],
            "move the pin into the extra's range in pyproject.toml")


def test_only_one_environment_file():
    assert not (BINDER / "environment.yml").exists(), failure(
        "binder/ holds an environment.yml beside requirements.txt",
        ["binder/environment.yml"],
        "delete it: repo2docker takes only one of the two, and the pins live in requirements.txt")


@pytest.mark.skipif(os.environ.get("CI") != "true" and not os.environ.get("TABLETOP_NETWORK"),
                    reason="resolving against the registry is done in CI (set TABLETOP_NETWORK=1 "
                           "to run it here)")
@pytest.mark.skipif(binder_python() != "{}.{}".format(*sys.version_info),
                    reason=f"Binder's pins are for its Python, {binder_python()}: resolved there")
def test_requirements_resolve_with_pip():
    out = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--dry-run", "--quiet", "--ignore-installed",
         "-r", str(BINDER / "requirements.txt")],
        capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, failure(
        "binder/requirements.txt does not resolve with pip", out.stderr[-2000:].splitlines(),
        "change the pins pip names to versions that exist for Binder's Python and agree")
