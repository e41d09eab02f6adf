"""Habits that keep the package in shape: one version, type hints shipped, tools that agree."""

import re
import warnings
from pathlib import Path

import pytest
import yaml
from packaging.specifiers import SpecifierSet
from packaging.version import Version
from project import backend_or_skip, pyproject

import tabletop
import tabletop.widgets
from tabletop.core.record import FORMAT
from tabletop.core.registry import game_class

ROOT = Path(__file__).parent.parent



def test_the_version_is_written_once_and_the_build_reads_it_from_there():
    config = pyproject()
    assert "version" not in config["project"]
    assert "version" in config["project"]["dynamic"]
    assert config["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tabletop.__version__"}
    assert str(Version(tabletop.__version__)) == tabletop.__version__  # PEP 440, normalised


def test_setuptools_computes_the_packages_version():
    # The build backend itself, where installed at the version the build needs (pip builds
    # in an isolated environment, so a fresh virtual environment may have none, or an older).
    backend_or_skip()
    pyprojecttoml = pytest.importorskip("setuptools.config.pyprojecttoml")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # setuptools calls [tool.setuptools] "beta"
        config = pyprojecttoml.read_configuration(ROOT / "pyproject.toml", expand=True)
    assert config["project"]["version"] == tabletop.__version__


def test_the_changelog_names_the_version_and_the_record_format():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## (\d+\.\d+\.\d+)", text, flags=re.MULTILINE)
    assert versions, "CHANGELOG.md has no version heading"
    assert versions[0] == tabletop.__version__
    assert f"`{FORMAT}`" in text


def test_the_package_ships_its_type_hints():
    assert (ROOT / "tabletop" / "py.typed").is_file()
    assert "py.typed" in pyproject()["tool"]["setuptools"]["package-data"]["tabletop"]


def test_type_checks_and_lint_target_the_oldest_python_allowed():
    config = pyproject()
    allowed = SpecifierSet(config["project"]["requires-python"])
    oldest = next(f"3.{minor}" for minor in range(100) if f"3.{minor}" in allowed)
    assert config["tool"]["mypy"]["python_version"] == oldest
    assert config["tool"]["ruff"]["target-version"] == "py" + oldest.replace(".", "")


def test_pre_commit_runs_what_ci_runs_with_the_installed_tools():
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    hooks = [hook for repo in config["repos"] for hook in repo["hooks"]]
    assert all(repo["repo"] == "local" for repo in config["repos"])  # no network to commit
    assert all(hook["language"] == "system" for hook in hooks)
    ci = {line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()}
    entries = [hook["entry"] for hook in hooks]
    assert [e.split()[0] for e in entries] == ["ruff", "mypy"]
    for entry in entries:
        assert entry in ci, f"pre-commit runs {entry!r}, which CI does not"


def test_each_pre_commit_hook_runs_when_a_file_it_checks_changes():
    """A hook runs only for commits touching its ``files``: every folder its entry (or, for
    mypy, the config's ``files``) checks must match, or a change there is never checked."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    mypy_files = re.search(r"^files = \[(.*)\]", pyproject, re.M)
    assert mypy_files
    for hook in (hook for repo in config["repos"] for hook in repo["hooks"]):
        words = hook["entry"].split()
        folders = [w for w in words[1:] if (ROOT / w).is_dir()] if words[0] == "ruff" \
            else re.findall(r'"([^"]+)"', mypy_files.group(1))
        assert folders, hook["id"]
        for folder in folders:
            assert re.search(hook["files"], f"{folder}/some_module.py"), \
                f"the {hook['id']} hook checks {folder}/ but does not run when it changes"


def test_the_developer_pages_point_at_files_that_exist():
    for page in ("CONTRIBUTING.md", "CHANGELOG.md"):
        text = (ROOT / page).read_text(encoding="utf-8")
        links = re.findall(r"\]\(([^)#\s]+)\)", text)
        scripts = re.findall(r"python (benchmarks/\S+\.py)", text)
        assert links or page == "CHANGELOG.md"
        for path in links + scripts:
            if not path.startswith(("http://", "https://")):
                assert (ROOT / path).exists(), f"{page} points at {path}, which is missing"


def test_the_four_games_are_registered_in_order_and_load():
    names = ("lacuna", "lascaux", "lava-flows", "landlock")
    assert tabletop.games()[:4] == names
    for name in names:
        assert game_class(name).name == name


def test_every_name_the_widgets_export_exists():
    for name in tabletop.widgets.__all__:
        assert getattr(tabletop.widgets, name) is not None


def test_the_environment_a_test_leaves_is_put_back(request):
    """Kernels that nbval starts inherit this process's environment: a variable a test or
    a library (Dask's cluster) leaves set is put back by the conftest after each test."""
    import os
    from pathlib import Path

    here = str(Path(__file__).with_name("conftest.py"))  # (not tests/browser's conftest)
    conftest = next(p for p in request.config.pluginmanager.get_plugins()
                    if getattr(p, "__file__", None) == here)
    os.environ["TABLETOP_LEFT_BEHIND"] = "1"
    keeper = conftest._environment_kept.__wrapped__()
    next(keeper)
    next(keeper, None)  # the fixture's teardown
    assert "TABLETOP_LEFT_BEHIND" not in os.environ
