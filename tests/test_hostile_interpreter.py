"""tabletop under a hostile interpreter: ``python -O``/``-OO`` (no ``assert``, no docstrings)
and standard streams that cannot encode its texts' symbols (``PYTHONIOENCODING=ascii``, a C
locale without UTF-8, a Windows console's code page).

The rules these tests hold the repository to, each with a planted example it must catch:
an ``assert`` in ``tabletop/`` or ``examples/`` only narrows a type (``x is not None``,
``isinstance``), never checks what a caller sent, since ``-O`` removes it; no code reads a
docstring's text (``-OO`` makes every ``__doc__`` ``None``); the library prints only through
``tabletop.core.printing.say``, and every benchmark script fits its streams."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop

ROOT = Path(__file__).resolve().parent.parent
LIBRARY = sorted((ROOT / "tabletop").rglob("*.py")) + sorted((ROOT / "examples").rglob("*.py"))
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


def _where(path: Path, node: ast.AST) -> str:
    shown = path.relative_to(ROOT) if ROOT in path.parents else path.name
    return f"{shown}:{getattr(node, 'lineno', 0)}"


def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"))


# --- asserts only narrow types --------------------------------------------------------------
def _narrows(test: ast.expr) -> bool:
    """``x is not None``, ``type(x) is C``, ``isinstance(x, C)``: what a type checker reads."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return isinstance(test.ops[0], (ast.Is, ast.IsNot))
    return isinstance(test, ast.Call) and isinstance(test.func, ast.Name) \
        and test.func.id == "isinstance"


def checking_asserts(path: Path) -> list[str]:
    """Where ``path`` checks something with ``assert`` that ``python -O`` would skip."""
    return [f"{_where(path, node)} assert {ast.unparse(node.test)[:60]}"
            for node in ast.walk(_tree(path))
            if isinstance(node, ast.Assert) and not _narrows(node.test)]


def test_no_assert_in_the_library_checks_anything_python_O_would_skip():
    found = [where for path in LIBRARY for where in checking_asserts(path)]
    assert not found, ("`python -O` removes these checks (raise a specific error instead; "
                       f"an assert may only narrow a type for mypy): {found}")


def test_the_assert_scan_finds_a_check(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("def f(cell, x):\n    assert x is not None\n    assert isinstance(x, int)\n"
                      "    assert 0 <= cell < 64, 'no such cell'\n    assert x\n",
                      encoding="utf-8")
    assert [w.split()[0] for w in checking_asserts(sample)] == ["sample.py:4", "sample.py:5"]


# --- docstrings are not data ----------------------------------------------------------------
def docstring_reads(path: Path) -> list[str]:
    """Where ``path`` uses a docstring's text (``__doc__.splitlines()``, ``f.__doc__[0]``,
    ``"..." + __doc__``): under ``python -OO`` every ``__doc__`` is ``None``. Handing
    ``__doc__`` on whole (``description=__doc__``) is fine: ``None`` means no text."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(_tree(path)):
        inner = node.value if isinstance(node, (ast.Attribute, ast.Subscript)) else None
        if isinstance(node, ast.BinOp):
            inner = node.left if _is_doc(node.left) else node.right
        if inner is not None and _is_doc(inner):
            found.append((node.lineno, f"{_where(path, node)} {ast.unparse(node)[:60]}"))
    return [where for _, where in sorted(found)]


def _is_doc(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and node.id == "__doc__") or \
        (isinstance(node, ast.Attribute) and node.attr == "__doc__")


def test_no_code_reads_a_docstring_python_OO_strips():
    found = [where for path in LIBRARY + SCRIPTS for where in docstring_reads(path)]
    assert not found, f"`python -OO` makes __doc__ None: {found}"


def test_the_docstring_scan_finds_a_read(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import argparse\nargparse.ArgumentParser(description=__doc__)\n"
                      "first = __doc__.splitlines()[0]\ndef f(): pass\nf.__doc__ = 'x'\n"
                      "g = f.__doc__[:3]\nh = 'a' + f.__doc__\n", encoding="utf-8")
    assert [w.split()[0] for w in docstring_reads(sample)] == [
        "sample.py:3", "sample.py:6", "sample.py:7"]


@pytest.mark.parametrize("script", ["bots.py", "widget.py", "soak.py"])
def test_a_benchmarks_help_works_without_docstrings(script):
    done = _run([sys.executable, "-OO", str(ROOT / "benchmarks" / script), "--help"])
    assert done.returncode == 0 and "usage:" in done.stdout, done.stderr[-2000:]


# --- printing to a stream that cannot hold the symbols ---------------------------------------
def prints(path: Path) -> list[str]:
    """Where ``path`` calls ``print`` (the library prints through ``say``)."""
    return [_where(path, node) for node in ast.walk(_tree(path))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "print"]


def test_the_library_prints_only_through_say():
    found = [where for path in sorted((ROOT / "tabletop").rglob("*.py"))
             if path.name != "printing.py" for where in prints(path)]
    assert not found, ("print raises UnicodeEncodeError on a stream that cannot encode "
                       f"'·' or '…': use tabletop.core.printing.say: {found}")


def test_the_print_scan_finds_a_print(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("say('a')\nprint('·')\n", encoding="utf-8")
    assert prints(sample) == ["sample.py:2"]


def test_every_benchmark_script_fits_its_streams():
    """Each script imports ``arguments`` (which calls ``plain_streams``) or calls it."""
    unfitted = [path.name for path in SCRIPTS if path.name != "arguments.py"
                and "plain_streams" not in path.read_text(encoding="utf-8")
                and "from arguments import" not in path.read_text(encoding="utf-8")]
    assert not unfitted


def _run(command: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    environment = dict(os.environ, PYTHONPATH=str(Path(tabletop.__file__).parent.parent), **env)
    return subprocess.run(command, env=environment, cwd=ROOT, capture_output=True,
                          encoding="utf-8", errors="replace", timeout=300)


def test_a_benchmark_prints_its_symbols_on_an_ascii_stream():
    done = _run([sys.executable, str(ROOT / "benchmarks" / "widget.py"), "lascaux",
                 "--states", "100", "--plies", "20"], PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "click -> redraw sent" in done.stdout and "goal p95 <= 16 ms" in done.stdout


def test_the_golden_command_says_what_it_wrote_on_an_ascii_stream(tmp_path):
    out = tmp_path / "gölden ☃"
    done = _run([sys.executable, "-m", "tabletop.core.golden", "lava-flows", "--seed", "3",
                 "--out", str(out)], PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"wrote {tmp_path}/g\\xf6lden \\u2603/lava-flows-2p-seed3.txt"
    assert (out / "lava-flows-2p-seed3.txt").exists()


def test_pettingzoos_human_render_prints_on_an_ascii_stream():
    pytest.importorskip("pettingzoo")
    code = ("from tabletop.adapters import pettingzoo\n"
            "env = pettingzoo.env('lava-flows', render_mode='human')\n"
            "env.reset(seed=1)\nenv.render()\n"
            "text = pettingzoo.env('lava-flows', render_mode='ansi')\n"
            "text.reset(seed=1)\nimport sys; sys.stderr.write(text.render())\n")
    done = _run([sys.executable, "-c", code], PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr[-2000:]
    shown = done.stderr.replace("\\xb7", "·").replace("\\u2026", "…")  # stderr escapes
    assert "·" in shown  # the text holds the symbol, and the printed copy its stand-in
    assert done.stdout == shown.replace("·", ".").replace("…", "...") + "\n"


# --- paths with spaces and other scripts --------------------------------------------------
def test_pictures_and_records_go_to_paths_with_spaces_and_accents(tmp_path):
    from tabletop.render.export import save_picture
    state = tabletop.load("landlock").new(seed=1, setup="random")
    folder = tmp_path / "a folder ∂ with späces"
    folder.mkdir()
    picture = save_picture(state.view(0), folder / "tüile pïcture.svg")
    saved = picture.read_text(encoding="utf-8")
    assert saved == state.view(0)._repr_svg_() + "\n"  # one final newline
    assert sorted(p.name for p in folder.iterdir()) == ["tüile pïcture.svg"]


def test_a_write_that_fails_names_the_file_asked_for_not_the_hidden_one(tmp_path):
    """The picture is written to ``.name.tmp`` and renamed: a missing folder's error
    quoted that hidden name, which the caller never gave."""
    from tabletop.render.export import save_picture
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    missing = tmp_path / "no such folder ø" / "board é.svg"
    with pytest.raises(FileNotFoundError) as caught:
        save_picture(state, missing)
    assert caught.value.filename == str(missing)
    assert str(caught.value) == f"[Errno 2] No such file or directory: {str(missing)!r}"


# --- no console, or one that cannot hold the symbols: the arena's progress bar ----------------
def test_an_arena_runs_where_there_is_no_standard_error():
    """``pythonw`` and some services give ``sys.stderr = None``: the bar had nowhere to go."""
    code = ("import sys\nreal = sys.__stdout__\nsys.stdout = sys.stderr = None\n"
            "from tabletop.arena import arena\n"
            "result = arena('lava-flows', ['random', 'random'], games=2, seed=1)\n"
            "real.write(str(len(result.games)))\n")
    done = _run([sys.executable, "-c", code])
    assert done.returncode == 0 and done.stdout == "2", done.stderr[-2000:]


def test_the_arenas_standings_fit_an_ascii_standard_error():
    code = ("from tabletop.arena import arena\n"
            "arena('lava-flows', {'Bø': 'random', 'Æ': 'random'}, games=2, seed=1)\n")
    done = _run([sys.executable, "-c", code], PYTHONIOENCODING="ascii")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "B\\xf8 " in done.stderr and " . " in done.stderr and "\\xb7" not in done.stderr
