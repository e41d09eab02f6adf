"""Every game package, the four shipped ones and the worked example of
``docs/adding-a-game.md`` (``examples/goofspiel``) and the sixth game written from it
(``tests/liars_dice``), has the files of that page's table, and
each file imports only what the table's "imports" column allows: the same names mean the
same roles in every package, so a reader learns the shape from any one of them
(``check_package_roles``, public, so that a game written outside this repository is checked
the same way)."""

from pathlib import Path

import pytest

import tabletop
from tabletop.core.testing import ConformanceError, check_package_roles
from tabletop.core.testing.roles import ROLES, own_imports

ROOT = Path(tabletop.__file__).parent
PACKAGES = {name: ROOT / "games" / name.replace("-", "_") for name in tabletop.games()}
PACKAGES["goofspiel (example)"] = ROOT.parent / "examples" / "goofspiel"
PACKAGES["liars-dice (tests)"] = ROOT.parent / "tests" / "liars_dice"


@pytest.mark.parametrize("package", PACKAGES.values(), ids=list(PACKAGES))
def test_every_package_keeps_to_the_roles_table(package):
    check_package_roles(package)


@pytest.mark.parametrize("name", tabletop.games())
def test_a_game_finds_its_own_package(name):
    check_package_roles(tabletop.load(name))


def _package(tmp_path: Path, **sources: str) -> Path:
    package = tmp_path / "mygame"
    package.mkdir()
    for name in ("__init__", *ROLES):
        (package / f"{name}.py").write_text(sources.get(name, ""), encoding="utf-8")
    return package


def test_a_package_missing_a_role_or_importing_against_the_table_fails(tmp_path):
    """(Found from outside: the roles were checked only for the packages in this repository,
    so a newcomer's render.py importing rules passed every public check.)"""
    package = _package(tmp_path, render="from . import rules\n")
    with pytest.raises(ConformanceError, match=r"mygame import what their role forbids: "
                                               r"render\.py imports rules"):
        check_package_roles(package)
    (package / "render.py").write_text("", encoding="utf-8")
    check_package_roles(package)
    (package / "tensor.py").unlink()
    with pytest.raises(ConformanceError, match=r"lacks modules of the roles table: tensor\.py"):
        check_package_roles(package)


def test_a_game_outside_a_package_is_told_so(registered):
    from toygame import SecretNim

    with pytest.raises(ConformanceError, match="not in a game package"):
        check_package_roles(registered(SecretNim))


def test_the_checker_sees_relative_and_absolute_imports(tmp_path):
    package = _package(tmp_path, view=(
        "from typing import TYPE_CHECKING\nfrom . import actions\n"
        "from mygame.rules import State\nif TYPE_CHECKING:\n    from .render import draw\n"))
    assert own_imports(package / "view.py") == {"actions", "rules"}
