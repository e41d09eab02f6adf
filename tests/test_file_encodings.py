"""Files the library writes and reads are the same bytes on every machine: every text file
is opened with its encoding named (never the platform's default, which is cp1252 on
Windows), and a golden playthrough is written as UTF-8 with ``\\n`` line ends, renamed into
place whole, under a name that stays inside ``--out``."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from guards import failure

from tabletop.core import files, golden

ROOT = Path(__file__).parent.parent
SOURCES = sorted((ROOT / "tabletop").rglob("*.py"))
#: Every other Python file of the repository a contributor runs: the tests (golden files,
#: old records, docs they read), benchmarks, examples, the notebooks' and docs' helpers and
#: the CI's scripts. On Windows a test reading README.md or a record with the default
#: encoding (cp1252) fails on its first "—" or "·" before it checks anything.
REPOSITORY = sorted(path for folder in ("tests", "benchmarks", "examples", "notebooks", "docs",
                                        ".ci") for path in (ROOT / folder).rglob("*.py")
                    if ".ipynb_checkpoints" not in path.parts)
#: Receivers whose ``open`` is not a text file's (``os.open`` takes flags, PIL's images, an
#: archive, a URL).
NOT_TEXT = {"os", "Image", "tarfile", "zipfile", "urllib", "request"}


def unnamed_encodings(path: Path) -> list[str]:
    """Where ``path`` opens, reads or writes a text file without naming its encoding."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func, keywords = node.func, {k.arg for k in node.keywords}
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if "encoding" in keywords or name not in ("open", "read_text", "write_text"):
            continue
        if len(node.args) > (name == "write_text"):  # read_text("utf-8"), open(f, "r", -1, e)
            if name != "open" or len(node.args) > 2 + isinstance(func, ast.Name):
                continue
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                and func.value.id in NOT_TEXT:
            continue
        if name == "open":  # Path.open(mode) or open(file, mode): binary needs none
            args = node.args[1:] if isinstance(func, ast.Name) else node.args
            mode = args[0] if args else next(
                (k.value for k in node.keywords if k.arg == "mode"), None)
            if isinstance(mode, ast.Constant) and "b" in str(mode.value):
                continue
        where = path.relative_to(ROOT) if ROOT in path.parents else path.name
        found.append(f"{where}:{node.lineno} {name}(...)")
    return found


def test_every_text_file_the_library_opens_names_its_encoding():
    found = [where for path in SOURCES for where in unnamed_encodings(path)]
    assert not found, failure(
        "text files opened with the platform's default encoding (it is not UTF-8 on Windows)",
        found, "name it: open(path, encoding='utf-8'), path.read_text(encoding='utf-8'), "
        "subprocess.run(..., text=True, encoding='utf-8')")


def test_every_text_file_the_tests_and_tools_open_names_its_encoding():
    assert len(REPOSITORY) > 100  # the folders are where they were
    found = [where for path in REPOSITORY for where in unnamed_encodings(path)]
    assert not found, failure(
        "text files opened with the platform's default encoding (it is not UTF-8 on Windows)",
        found, "name it: open(path, encoding='utf-8'), path.read_text(encoding='utf-8'), "
        "subprocess.run(..., text=True, encoding='utf-8')")


#: ``subprocess``'s calls that read a child's output.
CHILD_CALLS = {"run", "Popen", "check_output", "call", "check_call"}


def text_pipes_without_encoding(path: Path) -> list[str]:
    """Where ``path`` reads a child process's output as text (``text=True``) in the
    platform's default encoding: name it (``encoding="utf-8"``), as the child writes it."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in CHILD_CALLS and {"text", "universal_newlines"} & {
                k.arg for k in node.keywords} and "encoding" not in {
                k.arg for k in node.keywords}:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_library_and_its_tools_read_a_child_process_in_a_named_encoding():
    tools = [path for path in REPOSITORY if path.parts[len(ROOT.parts)] != "tests"]
    found = [where for path in SOURCES + tools for where in text_pipes_without_encoding(path)]
    assert not found, f"a child's output read in the platform's default encoding: {found}"


def test_the_scan_finds_a_default_encoding(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from pathlib import Path\nPath('a').write_text('·')\nopen('b')\n"
                      "open('c', 'rb')\nPath('d').open('w', encoding='utf-8')\n"
                      "Path('e').open()\nPath('f').read_text('utf-8')\n"
                      "open('g', 'w', -1, 'utf-8')\nopen('h', 'w', -1)\n", encoding="utf-8")
    assert [w.split()[0] for w in unnamed_encodings(sample)] == [
        "sample.py:2", "sample.py:3", "sample.py:6", "sample.py:9"]


def test_a_golden_file_is_utf8_with_lf_line_ends_whatever_the_locale(tmp_path):
    """Run with Python's warning for a default encoding made an error (what would differ on
    Windows, where the default is cp1252 and line ends are CRLF)."""
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}"}
    out = tmp_path / "gold ü"
    done = subprocess.run(
        [sys.executable, "-X", "warn_default_encoding", "-W", "error::EncodingWarning",
         "-m", "tabletop.core.golden", "lava-flows", "--seed", "2", "--out", str(out)],
        env=env, capture_output=True, text=True, encoding="utf-8", timeout=120)
    assert done.returncode == 0, done.stderr
    written = (out / "lava-flows-2p-seed2.txt").read_bytes()
    assert "·".encode() in written and b"\r" not in written
    assert [p.name for p in out.iterdir()] == ["lava-flows-2p-seed2.txt"]  # no .tmp left
    assert golden.regenerate(written.decode("utf-8")) == written.decode("utf-8")


def test_an_interrupted_golden_write_leaves_no_file(tmp_path, monkeypatch):
    def fail(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "replace", fail)  # (golden writes through core.files)
    with pytest.raises(KeyboardInterrupt):
        golden.write(tmp_path / "x.txt", "text")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value, shown", [("../../etc/x", ".._.._etc_x"), ("a\\b:c", "a_b_c"),
                                          ("empty", "empty"), (0.5, "0.5")])
def test_an_options_text_in_a_golden_file_name_never_leaves_the_folder(value, shown):
    assert golden._option_text(value) == shown


def test_a_golden_file_that_cannot_be_written_is_named_itself(tmp_path):
    (tmp_path / "lava-flows-2p-seed1.txt").mkdir()  # a folder where the file goes
    with pytest.raises(SystemExit, match=r"cannot write '.*lava-flows-2p-seed1\.txt' \(.+\)$"):
        golden.main(["lava-flows", "--seed", "1", "--out", str(tmp_path)])
    assert [p.name for p in tmp_path.iterdir()] == ["lava-flows-2p-seed1.txt"]
    with pytest.raises(SystemExit, match=r"cannot write to '.*' \(.+\); --out names a folder"):
        golden.main(["lava-flows", "--seed", "1", "--out", __file__])  # a file, not a folder


def test_a_games_own_name_in_a_golden_file_name_is_a_name_every_system_takes(registered):
    """A game registered as ``nim: "v2"/beta`` wrote ``nim: "v2"/beta-2p-seed1.txt``: a
    folder ``nim: "v2"`` on Linux, refused on Windows (``"``), or, with only the ``:``, an
    unseen stream of a file ``nim``."""
    from toygame import SecretNim

    class Odd(SecretNim):
        name = 'nim: "v2"/beta'

    game = registered(Odd)
    assert golden.filename(game, 1) == "nim_ _v2__beta-2p-seed1.txt"
    assert not set('/\\:*?"<>|') & set(golden.filename(game, 1))
