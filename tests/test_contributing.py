"""The developer instructions work as written (round 57, a first-time contributor).

Followed word by word in a fresh clone: ``python -m venv .venv`` made a folder that
``git add -A`` then staged whole (every installed file), since ``.gitignore`` did not name it; the
commands ``CONTRIBUTING.md`` gives name test files, notebooks and scripts, which must exist.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from guards import failure

ROOT = Path(__file__).parent.parent
CONTRIBUTING = ROOT / "CONTRIBUTING.md"
#: What a command writes rather than reads (the docs build's output).
OUTPUTS = ("docs/_build/",)


def commands() -> list[str]:
    """Every line of a ```bash block of CONTRIBUTING.md, its comment cut off."""
    text = CONTRIBUTING.read_text(encoding="utf-8")
    blocks = re.findall(r"^```bash\n(.*?)^```", text, re.S | re.M)
    return [line.split("  #")[0].strip() for block in blocks for line in block.splitlines()
            if line.strip() and not line.startswith("#")]


def named_paths(command: str) -> list[str]:
    """The repository paths a command names (a test file, notebook or script).

    >>> named_paths("pytest tests/test_x.py -k a && python notebooks/refresh.py")
    ['tests/test_x.py', 'notebooks/refresh.py']
    """
    return re.findall(r"(?<![\w/.])(?:tests|notebooks|benchmarks|docs|\.ci)/[\w./-]+", command)


def test_every_path_a_command_names_exists():
    found = [c for c in commands() if named_paths(c)]
    assert len(found) >= 5  # the commands are read at all
    gone = [f"{path} (in: {c})" for c in found for path in named_paths(c)
            if not (ROOT / path).exists() and not path.startswith(OUTPUTS)]
    assert not gone, failure(
        "paths CONTRIBUTING.md's commands name that the repository lacks", gone,
        "correct the command in CONTRIBUTING.md to a file that exists")


def test_the_virtual_environment_it_makes_is_ignored_by_git():
    made = [m.group(1) for c in commands() if (m := re.search(r"python -m venv (\S+)", c))]
    assert made, failure("CONTRIBUTING.md makes no virtual environment", [CONTRIBUTING.name],
                         "keep its `python -m venv .venv` step (a system Python refuses pip "
                         "outside one), or change this test with it")
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(["git", "check-ignore", "-q", f"{made[0]}/bin/python"], cwd=ROOT,
                          check=False)
    assert done.returncode == 0, failure(
        "the virtual environment CONTRIBUTING.md makes is not ignored by git", made,
        f"add `{made[0]}/` to .gitignore (else `git add -A` stages every installed file)")


def test_the_helpers_examples():
    import doctest
    import sys
    assert doctest.testmod(sys.modules[__name__]).failed == 0
