"""A checkout is the same bytes on every system: ``.gitattributes`` gives every text file
LF line ends in the working tree whatever git's ``core.autocrlf`` (Git for Windows' default
is ``true``, which turned ``.ci/run`` into a script bash refuses at its first ``do\\r`` and
every golden file and old record into CRLF bytes an sdist then shipped)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from guards import failure

ROOT = Path(__file__).parent.parent


def git(*args: str, cwd: Path = ROOT) -> str:
    """``git args`` in ``cwd``; skips outside a git checkout (an sdist) or without git."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, encoding="utf-8",
                          check=False)
    if done.returncode:
        pytest.skip(f"git {args[0]} failed: {done.stderr.strip()[:200]}")
    return done.stdout


def test_every_tracked_text_file_is_checked_out_with_lf_line_ends():
    names = git("ls-files").splitlines()
    assert len(names) > 500
    found = git("check-attr", "eol", "text", "--", *names).splitlines()
    eol = {line.split(": ")[0] for line in found if line.endswith(": eol: lf")}
    assert set(names) - eol == set(), failure(
        "tracked files that .gitattributes does not check out with LF line ends",
        sorted(set(names) - eol),
        "keep `* text=auto eol=lf` in .gitattributes and give a pattern that overrides it "
        "`eol=lf` too (a binary kind: `binary`, as *.png has)")


def test_a_checkout_with_autocrlf_has_the_same_bytes(tmp_path):
    """What Git for Windows does by default, done here: clone with ``core.autocrlf=true``."""
    git("clone", "--quiet", "--no-hardlinks", "-c", "core.autocrlf=true", str(ROOT),
        str(tmp_path / "clone"), cwd=tmp_path)
    clone = tmp_path / "clone"
    committed = git("rev-parse", "HEAD", cwd=clone).strip()
    for name in [".ci/run", "binder/postBuild", "tests/golden/lascaux-3p-seed7.txt",
                 "tests/old_records/records.json", "README.md"]:
        mine = git("show", f"{committed}:{name}").encode("utf-8")
        assert (clone / name).read_bytes() == mine and b"\r\n" not in mine, name
