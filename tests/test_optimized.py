"""Every game plays, draws and refuses alike under ``python -OO`` (no ``assert``, no
docstrings): ``tabletop.core.testing.optimized.check_optimized``, run by ``check_abuse``."""

from __future__ import annotations

import broken_optimized
import pytest

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.abuse import CHECKS
from tabletop.core.testing.optimized import check_optimized


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_answers_alike_under_python_OO(name):
    assert check_optimized(tabletop.load(name), seeds=[1]) > 100


@pytest.mark.parametrize("broken, message", [
    ("AssertOptionNim", r"assert-option-nim option max_take=None: not the same under python "
                        r"-OO \(an assert checking input\? -O skips it\): here 'AssertionError: "
                        r"max_take is 1, 2 or 3, not None', under -OO \"accepted: "),
    ("AssertParseNim", r"assert-parse-nim seed 0 ply 0: apply\('take'\): not the same under "
                       r"python -OO .* here 'AssertionError: take needs a count', under -OO "
                       r"'IndexError: list index out of range'"),
    ("DocTextNim", r"doc-text-nim seed 0 ply 0: the position's text: not the same under python "
                   r"-OO \(an assert checking input, or a docstring read\?\)"),
])
def test_a_game_that_needs_asserts_or_docstrings_is_caught(registered, broken, message):
    with pytest.raises(ConformanceError, match=message):
        check_optimized(registered(getattr(broken_optimized, broken)), seeds=[0])


def test_check_abuse_runs_it():
    assert check_optimized in CHECKS


def test_run_under_python_O_it_compares_with_a_process_without(tmp_path):
    """Else a suite run under ``-O`` would compare ``-O`` with ``-OO`` and miss the asserts."""
    import os
    import subprocess
    import sys
    from pathlib import Path
    here = Path(__file__).parent
    code = ("from tabletop.core.registry import register\n"
            "from tabletop.core.testing.optimized import check_optimized\n"
            "import broken_optimized as b\n"
            "register(b.AssertOptionNim.name, b.AssertOptionNim)\n"
            "check_optimized(b.AssertOptionNim(), seeds=[0])\n")
    path = os.pathsep.join([str(Path(tabletop.__file__).parent.parent), str(here)])
    done = subprocess.run([sys.executable, "-O", "-c", code], capture_output=True, text=True,
                          encoding="utf-8", env=dict(os.environ, PYTHONPATH=path),
                          timeout=300, cwd=tmp_path)
    assert done.returncode == 1
    assert ("option max_take=None: not the same in a process without -O (an assert checking "
            "input? -O skips it): here \"accepted: mappingproxy({'max_take': None})\", under "
            "plain python 'AssertionError: max_take is 1, 2 or 3, not None'") in done.stderr
