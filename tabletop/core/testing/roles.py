"""A game package's shape: ``check_package_roles(game)``.

``docs/adding-a-game.md`` gives every file of a game package a role (``actions.py``,
``position.py``, ``rules.py``, ``view.py``, ``tensor.py``, ``render.py``, ``input.py``; tables
such as ``board.py``) and says what each may import from its own package, so that data flows
one way (rules → scene, click → action → rules) and a reader learns the shape from any one
package. The check reads the package's source (nothing is imported): each file of the table
is there, and none imports, at run time, a module its role forbids (a name used only in a
type annotation, imported under ``if TYPE_CHECKING:``, does not count).

>>> import tabletop
>>> check_package_roles(tabletop.load("landlock"))
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from ..game import Game
from .common import ConformanceError

#: The files of the table in ``docs/adding-a-game.md``: every package has each one.
ROLES = ("actions", "position", "rules", "view", "tensor", "render", "input")

#: What each role may not import from its own package at run time. Tables (``board.py``,
#: ``cards.py``, ``tiles.py``) import none of the roles.
FORBIDDEN: dict[str, set[str]] = {
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


def check_package_roles(game: Game | Path) -> None:
    """The package of ``game`` (or the package folder given) has every file of the roles
    table, and each imports only what its role allows; else ``ConformanceError`` listing
    what is missing and what is imported against the table."""
    package = game if isinstance(game, Path) else _package_of(game)
    missing = [f"{role}.py" for role in ROLES if not (package / f"{role}.py").exists()]
    if missing:
        raise ConformanceError(
            f"the game package {package.name} lacks modules of the roles table: "
            f"{', '.join(missing)} (add them in the roles docs/adding-a-game.md's table gives; "
            "an empty module with a docstring is fine where the game needs none)")
    wrong = [f"{role}.py imports {', '.join(sorted(bad))}"
             for role, forbidden in FORBIDDEN.items() if (package / f"{role}.py").exists()
             if (bad := own_imports(package / f"{role}.py") & forbidden)]
    if wrong:
        raise ConformanceError(
            f"modules of {package.name} import what their role forbids: {'; '.join(wrong)} "
            "(move the code to the module whose role allows the import: docs/adding-a-game.md's "
            "roles table, \"imports\" column; or pass the value in as an argument)")


def _package_of(game: Game) -> Path:
    """The folder of the package whose module defines ``type(game)``."""
    module = sys.modules[type(game).__module__]
    path = Path(getattr(module, "__file__", "") or ".")
    if "." not in type(game).__module__ or not (path.parent / "__init__.py").exists():
        raise ConformanceError(f"{game.name}: its Game is defined in {type(game).__module__}, "
                               "not in a game package (docs/adding-a-game.md's files)")
    return path.parent


def own_imports(path: Path) -> set[str]:
    """The modules of ``path``'s own package that it imports at run time."""
    package = path.parent
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.update(_from_import(node, package.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if package.name in parts and parts[-1] != package.name:
                    found.add(parts[parts.index(package.name) + 1])
    return {name for name in found if (package / f"{name}.py").exists()}


def _from_import(node: ast.ImportFrom, package: str) -> list[str]:
    """The modules of ``package`` a ``from … import …`` names (relative or absolute)."""
    names = [alias.name for alias in node.names]
    if node.level == 1:
        return [node.module.split(".")[0]] if node.module else names
    if node.level == 0 and node.module:
        parts = node.module.split(".")
        if package in parts:
            return parts[parts.index(package) + 1:][:1] or names
    return []
