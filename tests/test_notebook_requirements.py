"""``pip install -e ".[lab]"`` runs every notebook: what their code needs is in the extra.

Each notebook's code cells are parsed for imports, and for calls of the library's methods
that import an optional package themselves (``to_dataframe`` needs pandas: found where the
library calls ``_require("pandas", "to_dataframe")``). Every third-party module must come
from the core dependencies or the ``[lab]`` extra, and be pinned in ``binder/requirements.txt``.
"""

from __future__ import annotations

import ast
import inspect
import json
import sys
from importlib.metadata import distributions, packages_distributions
from pathlib import Path

import pytest
from guards import failure
from packaging.requirements import Requirement
from project import on_binder, pyproject

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

#: Modules every notebook has without asking: the kernel runs on IPython.
KERNEL = {"IPython"}


def code_of(notebook: Path) -> ast.Module:
    """The notebook's code cells as one module (IPython magics and shell lines left out)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    lines = [line for cell in cells if cell["cell_type"] == "code"
             for line in "".join(cell["source"]).splitlines()
             if not line.lstrip().startswith(("%", "!"))]
    return ast.parse("\n".join(lines), filename=str(notebook))


def imported(tree: ast.AST) -> set[str]:
    """Top-level names of the modules ``tree`` imports.

    >>> sorted(imported(ast.parse("import a.b as c\\nfrom d.e import f\\nfrom . import g")))
    ['a', 'd']
    """
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def called_methods(tree: ast.AST) -> set[str]:
    """Names of the attributes ``tree`` calls (``x.to_dataframe()`` -> ``to_dataframe``)."""
    return {node.func.attr for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}


def optional_calls() -> dict[str, str]:
    """``{method: top-level module}`` for each ``_require("module", "method")`` in the library."""
    found = {}
    for path in (ROOT / "tabletop").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "_require" and len(node.args) == 2
                    and all(isinstance(a, ast.Constant) for a in node.args)):
                module, what = (a.value for a in node.args)  # type: ignore[attr-defined]
                found[what] = module.split(".")[0]
    return found


def needed(notebook: Path) -> set[str]:
    """The third-party top-level modules ``notebook`` needs."""
    tree = code_of(notebook)
    calls = optional_calls()
    modules = imported(tree) | {calls[m] for m in called_methods(tree) if m in calls}
    return {m for m in modules
            if m not in sys.stdlib_module_names and m != "tabletop" and m not in KERNEL}


def distribution(module: str) -> str:
    """The (normalised) name of the installed distribution that provides ``module``."""
    dists = packages_distributions().get(module) or files_providing(module)
    assert dists, f"{module} is not installed, so the test cannot tell what provides it"
    return dists[0].lower().replace("_", "-")


def files_providing(module: str) -> list[str]:
    """The installed distributions whose files hold the top-level ``module``: what Python
    3.10's ``packages_distributions`` misses for those that ship no ``top_level.txt``."""
    return [dist.metadata["Name"] for dist in distributions()
            if any(path.parts[0] == module or (len(path.parts) == 1 and
                                                  inspect.getmodulename(path.name) == module)
                   for path in dist.files or ())]


def project() -> dict:
    return pyproject()["project"]


def names(requirements: list[str]) -> set[str]:
    return {Requirement(r).name.lower().replace("_", "-") for r in requirements}


def lab_environment() -> set[str]:
    """What ``pip install -e ".[lab]"`` asks for by name on Binder's Python: the core
    dependencies and the extra."""
    needs = on_binder(project()["dependencies"] + project()["optional-dependencies"]["lab"])
    return {r.name.lower().replace("_", "-") for r in needs}


def binder_pins() -> set[str]:
    lines = (ROOT / "binder" / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return names([line for line in lines if line.strip() and not line.startswith("#")])


def test_the_library_declares_its_optional_calls():
    calls = optional_calls()
    assert calls["to_dataframe"] == "pandas" and calls["plot"] == "matplotlib"


def test_the_parser_sees_imports_and_optional_calls_in_notebook_06():
    (six,) = [nb for nb in NOTEBOOKS if nb.name.startswith("06")]
    assert {"matplotlib", "pandas"} <= needed(six)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_module_a_notebook_needs_is_in_the_lab_extra(notebook):
    missing = {m: distribution(m) for m in needed(notebook)
               if distribution(m) not in lab_environment()}
    assert not missing, failure(
        f'{notebook.name} imports modules pip install -e ".[lab]" does not install '
        f"(module: distribution)", missing,
        "add the distribution with a floor to the `lab` extra in pyproject.toml (and pin it "
        "in binder/requirements.txt)")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_module_a_notebook_needs_is_pinned_for_binder(notebook):
    missing = {m: distribution(m) for m in needed(notebook) if distribution(m) not in binder_pins()}
    assert not missing, failure(
        f"{notebook.name} imports modules binder/requirements.txt does not pin "
        f"(module: distribution)", missing,
        "pin the distribution in binder/requirements.txt (`name==version`, a release the "
        "lab extra's floor allows; tests/test_binder.py checks they agree)")


def test_binder_pins_everything_the_lab_extra_asks_for():
    assert lab_environment() <= binder_pins()
