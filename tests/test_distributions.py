"""What a user installs: the sdist and the wheel, built once per session, offline, as pip would.

The sdist is the whole project (what the tests, notebooks and docs need to run from it) and
nothing a run leaves behind; the wheel is the package — every file under ``tabletop/``, data
files included — with its license, and no tests, notebooks or caches; the unpacked wheel, away
from this checkout, imports every module and plays every game. The build runs the backend that
``pyproject.toml`` names from a copy of the project with junk planted in it (caches, a built
docs site, checkpoints), so the exclusions are tested too. Optional dependencies' errors name
extras that exist and install them.
"""

from __future__ import annotations

import ast
import email
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest
from packaging.requirements import Requirement
from project import backend_or_skip, pyproject

import tabletop
from tabletop.arena.optional import EXTRAS

ROOT = Path(__file__).parent.parent

#: What a run of the tests, the docs or a notebook leaves in a checkout (.gitignore's names).
JUNK = ("tabletop/__pycache__/game.cpython-311.pyc", "tabletop/core/__pycache__/x.cpython-310.pyc",
        "tests/__pycache__/conftest.cpython-311.pyc", "docs/_build/html/index.html",
        "docs/notebooks/00-start-here.ipynb", "tests/browser/artifacts/shot.png",
        "notebooks/.ipynb_checkpoints/00-start-here-checkpoint.ipynb",
        ".hypothesis/examples/x", ".pytest_cache/v/x", "build/lib/tabletop/stale.py",
        "tabletop.egg-info/SOURCES.txt")
#: What setuptools adds to an sdist beside the project's files.
GENERATED = re.compile(r"PKG-INFO|setup\.cfg|tabletop\.egg-info/.+")


def project_files() -> set[str]:
    """The project's files: tracked, or new and not ignored (skips outside a git checkout)."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout: the project's files are not known")
    return {name for name in out.splitlines() if (ROOT / name).is_file()}


def backend(hook: str, source: Path, out: Path) -> tuple[Path, str]:
    """Run the build backend's PEP 517 ``hook`` in ``source``, with no network: the file
    built, and what the backend said."""
    code = (f"import sys; from setuptools import build_meta as b; "
            f"print(b.{hook}(sys.argv[1]))")
    done = subprocess.run([sys.executable, "-c", code, str(out)], cwd=source,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return out / done.stdout.strip().splitlines()[-1], done.stdout + done.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The sdist built from a copy of the project (junk planted), and the wheel built from
    the unpacked sdist (what ``pip install tabletop-*.tar.gz`` does)."""
    files = project_files()
    backend_or_skip()  # the one pyproject.toml names, at the version it needs
    tmp = tmp_path_factory.mktemp("distributions")
    source = tmp / "source"
    for name in files:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, source / name)
    for name in JUNK:
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text("left behind by a run\n", encoding="utf-8")
    sdist, said = backend("build_sdist", source, tmp / "dist")
    with tarfile.open(sdist) as archive:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12, 3.11.4 and later
            archive.extractall(tmp / "unpacked", filter="data")
        else:  # pragma: no cover - our own archive, just built
            archive.extractall(tmp / "unpacked")
    top = next((tmp / "unpacked").iterdir())
    wheel, said_too = backend("build_wheel", top, tmp / "dist")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(tmp / "site")
    return {"sdist": sdist, "wheel": wheel, "site": tmp / "site", "tmp": tmp,
            "log": said + said_too}


def test_the_build_uses_nothing_the_backend_deprecates(built):
    # setuptools dates each removal ("By 2027-Feb-18 ... your builds will no longer be
    # supported"): a deprecated setting is an sdist that will one day fail to install.
    warned = [line for line in built["log"].splitlines() if "deprecat" in line.lower()]
    assert not warned, warned


def sdist_names(sdist: Path) -> set[str]:
    with tarfile.open(sdist) as archive:
        return {m.name.split("/", 1)[1] for m in archive.getmembers() if m.isfile()}


def test_the_sdist_holds_the_whole_project(built):
    # The tests' data (tests/golden, tests/old_records), the notebooks and docs they read:
    # setuptools alone would take tests/test*.py and none of these.
    missing = project_files() - sdist_names(built["sdist"])
    assert not missing, f"the sdist lacks {sorted(missing)[:20]} (MANIFEST.in)"


def test_the_sdist_holds_nothing_a_run_leaves_behind(built):
    extra = {n for n in sdist_names(built["sdist"]) - project_files()
             if not GENERATED.fullmatch(n)}
    assert not extra, f"the sdist carries {sorted(extra)} (MANIFEST.in's excludes)"


def test_the_wheel_holds_the_package_with_its_data_and_license(built):
    with zipfile.ZipFile(built["wheel"]) as archive:
        names = set(archive.namelist())
    info = {n for n in names if n.split("/")[0].endswith(".dist-info")}
    package = {n for n in project_files() if n.startswith("tabletop/")}
    assert names - info == package, (
        f"missing: {sorted(package - names)[:20]}, unexpected: {sorted(names - info - package)}")
    assert any(n.endswith("/licenses/LICENSE") for n in info), sorted(info)


def test_the_wheels_metadata_agrees_with_the_project(built):
    with zipfile.ZipFile(built["wheel"]) as archive:
        meta_name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(archive.read(meta_name))
    project = pyproject()["project"]
    assert meta["Version"] == tabletop.__version__
    assert meta["License-Expression"] == project["license"]
    assert meta["Requires-Python"] == project["requires-python"]
    assert sorted(meta.get_all("Provides-Extra")) == sorted(project["optional-dependencies"])


UNPACKED = """
import importlib, pkgutil, sys
from pathlib import Path
from typing import Any
import tabletop
from tabletop.render import to_svg
site = Path(sys.argv[1])
assert Path(tabletop.__file__).is_relative_to(site), tabletop.__file__
for module in pkgutil.walk_packages(tabletop.__path__, "tabletop."):
    try:
        importlib.import_module(module.name)
    except ImportError as error:  # an adapter without its extra says which to install
        assert 'pip install "tabletop[' in str(error), (module.name, error)
for name in tabletop.games():
    state = tabletop.load(name).new(seed=1)
    state = state.apply(state.legal_actions()[0])
    assert to_svg(state.scene()).startswith("<svg"), name
    assert tabletop.replay(state.to_record()) == state, name
print("played", len(tabletop.games()))
"""


def test_the_unpacked_wheel_imports_and_plays_every_game_away_from_the_checkout(built):
    env = {**os.environ, "PYTHONPATH": str(built["site"])}
    done = subprocess.run([sys.executable, "-c", UNPACKED, str(built["site"])],
                          cwd=built["tmp"], env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == f"played {len(tabletop.games())}"
    golden = subprocess.run([sys.executable, "-m", "tabletop.core.golden", "landlock",
                             "--players", "2", "--seed", "1", "--out", "golden"],
                            cwd=built["tmp"], env=env, capture_output=True, text=True,
                            timeout=300)
    assert golden.returncode == 0, golden.stderr
    written = (built["tmp"] / "golden" / "landlock-2p-seed1.txt").read_bytes()
    assert written == (ROOT / "tests" / "golden" / "landlock-2p-seed1.txt").read_bytes()


# -- the extras that errors and docs name --------------------------------------------------

NAMED = re.compile(r"""(?:tabletop|\.)\[([a-z0-9_,-]+)\]""")


def named_extras() -> dict[str, set[str]]:
    """``{extra: files naming it}`` for every ``tabletop[...]`` or ``.[...]`` in the package,
    the README, the developer pages and the docs."""
    found: dict[str, set[str]] = {}
    pages = [*(ROOT / "tabletop").rglob("*.py"), ROOT / "README.md", ROOT / "CONTRIBUTING.md",
             *(ROOT / "docs").rglob("*.md"), *(ROOT / "benchmarks").rglob("*.py")]
    for page in pages:
        for group in NAMED.findall(page.read_text(encoding="utf-8")):
            for extra in group.split(","):
                found.setdefault(extra, set()).add(str(page.relative_to(ROOT)))
    return found


def test_every_extra_the_errors_and_docs_name_exists():
    extras = pyproject()["project"]["optional-dependencies"]
    found = named_extras()
    assert {"openspiel", "pettingzoo", "plot", "test"} <= set(found)
    unknown = {extra: pages for extra, pages in found.items() if extra not in extras}
    assert not unknown, f"extras named but not in pyproject.toml: {unknown}"


def test_each_optional_modules_extra_installs_it():
    extras = pyproject()["project"]["optional-dependencies"]
    for module, extra in EXTRAS.items():
        assert module in {Requirement(r).name for r in extras[extra]}, (module, extra)


def test_every_optional_import_through_require_has_an_extra():
    for path in (ROOT / "tabletop").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in {"require", "_require"} and node.args
                    and isinstance(node.args[0], ast.Constant)):
                module = str(node.args[0].value).split(".")[0]
                assert module in EXTRAS, f"{path.name}: {module} has no extra in EXTRAS"


def test_a_missing_optional_module_names_its_extra(monkeypatch):
    from tabletop.arena.optional import require

    for name in ("matplotlib", "matplotlib.pyplot"):  # imports of them now fail, even if
        monkeypatch.setitem(sys.modules, name, None)   # an earlier test imported them
    with pytest.raises(ImportError, match=r'^plot needs matplotlib: pip install '
                                          r'"tabletop\[plot\]" \(or pip install matplotlib\)$'):
        require("matplotlib.pyplot", "plot")


def test_the_wheel_is_pure_python_so_pyodide_installs_it(built):
    """JupyterLite's ``%pip install`` (micropip) takes only ``py3-none-any`` wheels besides
    the packages Pyodide builds itself (issue 20)."""
    assert built["wheel"].name.endswith("-py3-none-any.whl"), built["wheel"].name
    with zipfile.ZipFile(built["wheel"]) as archive:
        wheel = next(archive.read(n).decode() for n in archive.namelist()
                     if n.endswith(".dist-info/WHEEL"))
    assert "Root-Is-Purelib: true" in wheel and "Tag: py3-none-any" in wheel, wheel
