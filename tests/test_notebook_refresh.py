"""``notebooks/refresh.py`` run again leaves no diff where nothing changed (a user keeping
the notebooks in git): printed text that differs only where nbval's sanitizing rules allow
(a timing, a memory address) keeps its stored text; any other change is taken.

Found: notebook 07 prints how long training took ("trained on 200 games in 4.9 s"), so each
refresh rewrote that line, though nbval ignores it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")

HERE = Path(__file__).parent.parent / "notebooks"


def refresh_module():
    spec = importlib.util.spec_from_file_location("refresh", HERE / "refresh.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def notebook(*printed: str, source: str = "work()"):
    nb = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell(source, id="c1")
    cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text)
                    for text in printed]
    cell.outputs.append(nbformat.v4.new_output("execute_result", data={
        "text/plain": f"<Agent at 0x7f{len(printed)}a2b3c4d5>"}, execution_count=1))
    nb.cells = [nbformat.v4.new_markdown_cell("# x", id="m1"), cell]
    return nb


def test_a_rerun_keeps_the_stored_text_where_only_a_timing_or_address_changed():
    refresh = refresh_module()
    rules = refresh.sanitizing_rules()
    old = notebook("trained on 200 games in 4.9 s\n")
    new = notebook("trained on 200 games in 8.0 s\n")
    new.cells[1].outputs[-1].data["text/plain"] = "<Agent at 0x7f9999999999>"
    assert refresh.keep_unchanged(old, new, rules) == 2
    assert new == old


@pytest.mark.parametrize("changed", [
    {"printed": "trained on 300 games in 4.9 s\n"},  # not a timing: a changed result
    {"printed": "trained on 200 games in 4.9 s\n", "source": "work(2)"},  # another cell
])
def test_a_rerun_takes_every_other_change(changed):
    refresh = refresh_module()
    old = notebook("trained on 200 games in 4.9 s\n")
    new = notebook(changed["printed"], source=changed.get("source", "work()"))
    before = new.cells[1].outputs[0].text
    refresh.keep_unchanged(old, new, refresh.sanitizing_rules())
    assert new.cells[1].outputs[0].text == before


def test_the_rules_are_nbvals_own_file():
    refresh = refresh_module()
    patterns = [pattern.pattern for pattern, _ in refresh.sanitizing_rules()]
    assert "0x[0-9a-f]{6,}" in patterns and len(patterns) >= 3


def test_a_refreshed_notebook_is_written_with_newline_line_ends_on_every_system(tmp_path):
    """``nbformat.write`` opens the file in text mode: on Windows every line of every
    notebook came back ending in ``\\r\\n``. The refresh writes the bytes itself."""
    refresh = refresh_module()
    stored = HERE / "00-start-here.ipynb"
    notebook = nbformat.read(stored, as_version=4)
    refresh.write_notebook(notebook, tmp_path / "copy.ipynb")
    assert (tmp_path / "copy.ipynb").read_bytes() == stored.read_bytes()
    source = (HERE / "refresh.py").read_text(encoding="utf-8")
    assert "nbformat.write(" not in source
