"""Every game package, the four shipped ones and the worked example of
``docs/adding-a-game.md`` (``examples/goofspiel``) and the sixth game written from it
(``tests/liars_dice``), has the files of that page's table, and
each file imports only what the table's "imports" column allows: the same names mean the
same roles in every package, so a reader learns the shape from any one of them."""

import ast
from pathlib import Path

import pytest
from guards import failure

import tabletop

ROOT = Path(tabletop.__file__).parent
PACKAGES = {name: ROOT / "games" / name.replace("-", "_") for name in tabletop.games()}
PACKAGES["goofspiel (example)"] = ROOT.parent / "examples" / "goofspiel"
PACKAGES["liars-dice (tests)"] = ROOT.parent / "tests" / "liars_dice"

#: The files of the table in ``docs/adding-a-game.md``, every package has each one.
ROLES = ("actions", "position", "rules", "view", "tensor", "render", "input")

#: What each role may not import from its own package at run time (a name used only in a
#: type annotation is imported under ``if TYPE_CHECKING:`` and does not count). Tables
#: (``board.py``, ``cards.py``, ``tiles.py``) import none of the roles.
FORBIDDEN = {
    "actions": {"position", "rules", "view", "tensor", "render", "input"},
    "position": {"rules", "view", "tensor", "render", "input"},
    "view": {"rules", "render", "input"},
    "tensor": {"rules", "view", "render", "input"},
    "render": {"rules", "view", "tensor"},
    # a click's point goes back to mat units through the renderer's own mapping (Lacuna)
    "input": {"position", "rules", "view", "tensor"},
    # the core imports the renderer and the input the Game declares, on first use
    "rules": {"render", "input"},
    "board": set(ROLES), "cards": set(ROLES), "tiles": set(ROLES),
}


def own_imports(path: Path) -> set[str]:
    """The modules of ``path``'s own package that it imports at run time."""
    package = path.parent
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                found.update([node.module.split(".")[0]] if node.module
                             else [alias.name for alias in node.names])
            elif node.level == 0 and node.module:
                parts = node.module.split(".")
                if package.name in parts:
                    rest = parts[parts.index(package.name) + 1:]
                    found.update(rest[:1] or [alias.name for alias in node.names])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if package.name in parts and parts[-1] != package.name:
                    found.add(parts[parts.index(package.name) + 1])
    return {name for name in found if (package / f"{name}.py").exists()}


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_package_has_the_files_of_the_table(package):
    missing = [role for role in ROLES if not (package / f"{role}.py").exists()]
    assert not missing, failure(
        f"the game package {package.name} lacks modules of the roles table",
        [f"{m}.py" for m in missing],
        "add them in the roles docs/adding-a-game.md's table gives (an empty module with a "
        "docstring is fine where the game needs none)")


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_file_imports_what_its_role_allows(package):
    wrong = {f"{role}.py imports {', '.join(sorted(bad))}"
             for role, forbidden in FORBIDDEN.items() if (package / f"{role}.py").exists()
             if (bad := own_imports(package / f"{role}.py") & forbidden)}
    assert not wrong, failure(
        f"modules of {package.name} that import what their role forbids", sorted(wrong),
        "move the code to the module whose role allows the import (docs/adding-a-game.md's "
        "roles table, \"imports\" column), or pass the value in as an argument")


def test_the_checker_sees_relative_and_absolute_imports(tmp_path):
    package = tmp_path / "mygame"
    package.mkdir()
    for name in ("actions", "rules", "view", "render"):
        (package / f"{name}.py").write_text("", encoding="utf-8")
    (package / "view.py").write_text(
        "from typing import TYPE_CHECKING\nfrom . import actions\n"
        "from mygame.rules import State\nif TYPE_CHECKING:\n    from .render import draw\n",
        encoding="utf-8")
    assert own_imports(package / "view.py") == {"actions", "rules"}
