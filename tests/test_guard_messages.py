"""The repository guards tell a newcomer what to do (round 57, a first-time contributor).

A guard is a test that reads the repository rather than running the library (file length,
import shape, the word "agent", encodings...). Its messages were written for those who knew
the rule: ``{'games/x.py': 612}``, ``[('a', 'b', '_c')]``, ``found == []`` with no message at
all. Now each builds its message with ``guards.failure`` (the rule, every place that breaks
it, how to fix it) and ``CONTRIBUTING.md`` lists every guard's file. Read from the source.
"""

from __future__ import annotations

import ast
import doctest
import re
from pathlib import Path

import guards

TESTS = Path(__file__).parent
CONTRIBUTING = TESTS.parent / "CONTRIBUTING.md"

#: Guards a contributor meets most, which must keep saying how to fix what they find.
KNOWN = {
    "test_agent_word.py::test_the_code_says_agent_not_bot",
    "test_package_shape.py::test_no_file_is_too_long",
    "test_package_shape.py::test_no_import_cycles",
    "test_package_shape.py::test_no_private_names_cross_modules",
    "test_package_shape.py::test_every_self_emptying_memo_reads_a_bound",
    "test_file_encodings.py::test_every_text_file_the_library_opens_names_its_encoding",
    "test_type_ignores.py::test_the_library_holds_few_type_ignores",
    "test_warnings_policy.py::test_tabletop_warns_only_through_its_helper",
    "test_no_unsafe_loading.py::test_every_call_that_can_run_code_is_listed_with_its_reason",
    "test_help.py::test_every_public_name_says_what_it_is_from_a_public_path",
    "test_docs_paths.py::test_every_file_a_page_names_is_in_the_repository",
    "test_doctests.py::test_docstring_examples",
    "test_binder.py::test_pins_agree_with_pyproject",
    "test_git_files.py::test_every_text_file_tabletop_writes_goes_through_write_text",
    "test_teaching_notebooks.py::test_learn_to_play_shows_no_plumbing",
    "test_notebook_pictures.py::test_every_widget_cell_stores_its_picture",
    "test_learn_to_play_promises.py::test_an_illegal_move_is_shown_with_its_explanation",
    "test_docs_claims.py::test_the_limits_and_defaults_the_docs_give_are_the_codes",
}


def calls_failure(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
               and n.func.id == "failure" for n in ast.walk(node))


def guards_in(source: str, name: str) -> dict[str, ast.FunctionDef]:
    """The test functions of a test file's ``source`` that build a message with ``failure``."""
    return {f"{name}::{node.name}": node for node in ast.parse(source).body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
            and calls_failure(node)}


def all_guards() -> dict[str, ast.FunctionDef]:
    found: dict[str, ast.FunctionDef] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        found |= guards_in(path.read_text(encoding="utf-8"), path.name)
    return found


def is_sanity(test: ast.expr) -> bool:
    """``len(found) > 100``: the guard found its files at all (the layout, not a change)."""
    return isinstance(test, ast.Compare) and isinstance(test.left, ast.Call) \
        and isinstance(test.left.func, ast.Name) and test.left.func.id == "len" \
        and all(isinstance(c, ast.Constant) for c in test.comparators)


def bare_asserts(function: ast.FunctionDef) -> list[str]:
    """The asserts of a guard whose message does not come from ``failure``.

    >>> code = "def test_g():\\n    assert len(xs) > 9\\n    assert not found, found\\n"
    >>> bare_asserts(ast.parse(code).body[0])
    ['line 3: assert not found, found']
    """
    return [f"line {node.lineno}: {ast.unparse(node)}" for node in ast.walk(function)
            if isinstance(node, ast.Assert) and not is_sanity(node.test)
            and not (node.msg is not None and calls_failure(node.msg))]


def guards_section() -> str:
    text = CONTRIBUTING.read_text(encoding="utf-8")
    found = re.search(r"^## Repository guards\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    assert found, "CONTRIBUTING.md has no '## Repository guards' section"
    return found.group(1)


def test_the_guards_contributors_meet_most_say_how_to_fix():
    assert KNOWN <= set(all_guards()), guards.failure(
        "guards that no longer build their messages with failure()",
        sorted(KNOWN - set(all_guards())),
        "give each assert of theirs `failure(problem, found, fix)` from tests/guards.py")


def test_every_assert_of_a_guard_says_how_to_fix_what_it_found():
    bare = [f"{name} {line}" for name, function in all_guards().items()
            for line in bare_asserts(function)]
    assert not bare, guards.failure(
        "asserts of repository guards without a failure(...) message", bare,
        "give each `assert ok, failure(problem, found, fix)` from tests/guards.py")


def test_contributing_lists_every_guards_file():
    section = guards_section()
    files = sorted({name.partition("::")[0] for name in all_guards()})
    assert len(files) >= 10  # the guards are found at all
    unlisted = [name for name in files if f"tests/{name}" not in section]
    assert not unlisted, guards.failure(
        "repository guards CONTRIBUTING.md does not list", unlisted,
        "add a line for each to its \"Repository guards\" section: the file, the rule it "
        "holds and how to fix what it finds")


def test_a_guard_whose_message_does_not_say_how_to_fix_is_caught():
    source = ("from guards import failure\n\n"
              "def test_short():\n    found = []\n    assert not found, found\n\n"
              "def test_silent():\n    assert found == []\n    failure('x', [], 'y')\n\n"
              "def test_told():\n    assert len(files) > 100\n"
              "    assert not found, failure('x', found, 'y')\n\n"
              "def test_not_a_guard():\n    assert not found, found\n")
    found = guards_in(source, "test_planted.py")
    # test_short never calls failure: only KNOWN keeps such a guard from slipping back
    assert sorted(found) == ["test_planted.py::test_silent", "test_planted.py::test_told"]
    assert [bare_asserts(f) for f in found.values()] == [["line 8: assert found == []"], []]


def test_the_helpers_examples():
    assert doctest.testmod(guards).failed == 0
    assert doctest.testmod(__import__(__name__)).failed == 0
