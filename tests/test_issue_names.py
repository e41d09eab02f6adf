"""The names issues 9 and 19 use, spelt as they spell them, reached as an outsider would
after nothing but ``import tabletop``: ``tabletop.arena(...)`` and ``tabletop.arena.load``,
``tabletop.widgets.TreeWidget``. Each runs in a fresh interpreter, so that no other test's
imports make the attribute appear. (Issue 9's ``tabletop/core/agents.py`` is gone on purpose:
issue 17 gave the agents their own package, ``tabletop.agents``, and
``test_docs_claims.test_cores_docstring_lists_what_core_holds`` keeps the core free of them.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def fresh(code: str) -> str:
    """Run ``code`` in a new interpreter importing this checkout; return its output."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


@pytest.mark.parametrize("name", ["agents", "arena", "widgets", "teaching", "adapters"])
def test_every_public_subpackage_is_an_attribute_after_import_tabletop(name):
    out = fresh(f"import tabletop; print(tabletop.{name}.__name__)")
    assert out == f"tabletop.{name}"


def test_the_tree_widget_is_where_issue_9_names_it():
    out = fresh("import tabletop\n"
                "s = tabletop.load('lascaux').new(seed=1)\n"
                "t = tabletop.widgets.TreeWidget(s)\n"
                "print(type(t).__name__, t.graph.number_of_nodes() > 1)")
    assert out == "TreeWidget True"


def test_an_unknown_attribute_of_tabletop_is_still_an_attribute_error():
    import tabletop

    with pytest.raises(AttributeError, match="no_such_thing"):
        tabletop.no_such_thing  # type: ignore[attr-defined]  # noqa: B018


def test_tab_completion_offers_them_before_first_use():
    out = fresh("import tabletop; names = dir(tabletop)\n"
                "print(all(n in names for n in ('agents', 'arena', 'widgets', 'teaching',"
                " 'adapters', 'play', 'explore')))")
    assert out == "True"


def test_import_tabletop_still_imports_none_of_them():
    """The attributes load on first use: ``import tabletop`` stays light."""
    out = fresh("import sys, tabletop\n"
                "print(sorted(m for m in ('tabletop.arena', 'tabletop.widgets', 'ipywidgets',"
                " 'tabletop.adapters', 'tabletop.teaching') if m in sys.modules))")
    assert out == "[]"


def test_tabletop_arena_is_called_as_issue_9_names_it_and_has_load_as_issue_19_does(tmp_path):
    out = fresh(
        "import tabletop\n"
        f"r = tabletop.arena('landlock', ['random', 'random'], games=2, progress=False, "
        f"save={str(tmp_path)!r})\n"
        f"back = tabletop.arena.load({str(tmp_path)!r}, verify=True)\n"
        "print(type(r).__name__, len(r), back.games == r.games)\n"
        "from tabletop.arena import arena\n"
        "print(arena is tabletop.arena.arena, callable(tabletop.arena))")
    assert out.splitlines() == ["ArenaResult 2 True", "True True"]


def test_the_arena_module_called_gives_what_the_function_gives():
    import tabletop.arena as module

    called = module("lava-flows", ["random", "random"], games=2, seed=4,  # type: ignore[operator]
                    progress=False)
    direct = module.arena("lava-flows", ["random", "random"], games=2, seed=4, progress=False)
    assert [g.record for g in called.games] == [g.record for g in direct.games]
    assert "arena(game, agents" in repr(module) or "tabletop.arena" in repr(module)
