"""Nothing a user loads or is shown may run code: every call in ``tabletop/`` that can
(unpickling, ``marshal``, ``eval``/``exec``, importing a module by a name) is listed here
with why its input is not data from elsewhere. A new one fails this test until it is
either made safe or listed with its reason; the scanner is checked on planted code."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from guards import failure

ROOT = Path(__file__).parent.parent / "tabletop"

#: Calls that run code named or held by their input: module-qualified and bare names.
UNSAFE = {("pickle", "loads"), ("pickle", "load"), ("pickle", "Unpickler"),
          ("marshal", "loads"), ("marshal", "load"), ("shelve", "open"),
          ("importlib", "import_module"), ("yaml", "load"), ("dill", "loads"),
          ("cloudpickle", "loads"), ("jsonpickle", "decode")}
BARE = {"eval", "exec", "__import__", "import_module", "Unpickler", "loads"}

#: (file, call) -> why its input is the program's own, not data someone hands the user.
REASONS = {
    ("core/testing/errorcopies.py", "pickle.loads"):
        "the conformance suite copies an error the game under test raised a moment before, as "
        "a process pool would (never a file, a record or a text a user is given)",
    ("adapters/openspiel_unpickle.py", "pickle.Unpickler"):
        "the restricted unpickler: only tabletop's games, states, views, dataclasses and "
        "enums, after pickle_size bounds the object",
    ("arena/entrants.py", "pickle.loads"): "a copy of the caller's own agent object",
    ("arena/play.py", "pickle.loads"): "checks that an exception raised here can be copied",
    ("arena/optional.py", "importlib.import_module"): "a fixed list of optional packages",
    ("agents/base.py", "import_module"): "a factory registered by the caller as module:name",
    ("core/registry.py", "importlib.import_module"):
        "a game registered by the program as module:Class (a record names only registered "
        "games)",
    ("core/golden.py", "importlib.import_module"): "the command line's own module:Class",
    ("core/parts.py", "import_module"): "a game class's own declarations",
    ("core/position.py", "exec"): "code generated from a class's own field names",
    ("teaching/tasks.py", "exec"): "the notebook author's solution code",
    ("core/testing/advice.py", "eval"): "the repr of a game's own object, in a checker",
    ("core/testing/typehints.py", "eval"): "a type hint's text, in a checker",
    ("core/testing/longgames.py", "pickle.loads"): "a checker's round trip",
    ("core/testing/roundtrip.py", "pickle.loads"): "a checker's round trip",
    ("core/testing/transpositions.py", "pickle.loads"): "a checker's round trip",
    ("core/testing/handed.py", "pickle.loads"): "a checker's round trip",
    ("core/testing/graphs.py", "pickle.loads"): "a checker's round trip",
    ("adapters/__init__.py", "importlib.import_module"): "the package's own two adapters",
}


def unsafe_calls(source: str) -> list[str]:
    """The calls in ``source`` that could run code their input names, as written.

    >>> unsafe_calls("import pickle\\npickle.loads(b'')\\nprint(1)")
    ['pickle.loads']
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef):  # an unpickler of its own
            found.extend(f"{b.value.id}.{b.attr}" for b in node.bases
                         if isinstance(b, ast.Attribute) and isinstance(b.value, ast.Name)
                         and (b.value.id, b.attr) in UNSAFE)
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                and (func.value.id, func.attr) in UNSAFE:
            found.append(f"{func.value.id}.{func.attr}")
        elif isinstance(func, ast.Name) and func.id in BARE:
            found.append(func.id)
    return found


def every_call() -> set[tuple[str, str]]:
    return {(str(path.relative_to(ROOT)), call) for path in sorted(ROOT.rglob("*.py"))
            for call in unsafe_calls(path.read_text(encoding="utf-8"))}


def test_every_call_that_can_run_code_is_listed_with_its_reason():
    unlisted = sorted(every_call() - set(REASONS))
    assert not unlisted, failure(
        "calls in tabletop/ that run code their input names (file, call)", unlisted,
        "if that input can be a file, a record, a widget state or a text a user is given, "
        "load it as JSON (or with openspiel_unpickle's loader) instead; else list it in "
        "this test's REASONS with why")


def test_the_list_holds_no_call_that_is_gone():
    assert not set(REASONS) - every_call(), failure(
        "REASONS lists calls tabletop/ no longer makes", sorted(set(REASONS) - every_call()),
        "delete them from REASONS in this test")


@pytest.mark.parametrize("planted, expected", [
    ("import pickle\npickle.load(open('x', 'rb'))", ["pickle.load"]),
    ("eval(text)", ["eval"]),
    ("from pickle import loads\nloads(data)", ["loads"]),
    ("__import__(name)", ["__import__"]),
    ("import marshal\nmarshal.loads(b'')", ["marshal.loads"]),
    ("import json\njson.loads(text)", []),
    ("import pickle\nclass Mine(pickle.Unpickler): pass", ["pickle.Unpickler"]),
])
def test_the_scanner_finds_planted_calls(planted, expected):
    assert unsafe_calls(planted) == expected
