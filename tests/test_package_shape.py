"""The package's shape, read from its source: no import cycles (at module level or lazy), no
private names imported across modules, no file over 600 lines, and every game package with
the same files in the same roles (``docs/adding-a-game.md``)."""

import ast
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest
from guards import failure

import tabletop

ROOT = Path(tabletop.__file__).parent
LONGEST = 600


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in ROOT.rglob("*.py")}


def imports(name: str) -> list[tuple[str, str]]:
    """``(module, imported name)`` for every import in module ``name`` that runs: at module
    level or inside a function (lazy), not under ``if TYPE_CHECKING``."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] \
                if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                whole = f"{module}.{alias.name}"
                found.append((whole, "") if whole in MODULES else (module, alias.name))
        elif isinstance(node, ast.Import):
            found.extend((alias.name, "") for alias in node.names)
    return [(m, what) for m, what in found if m in MODULES and m != name]


def import_graph() -> nx.DiGraph:
    graph = nx.DiGraph()
    graph.add_nodes_from(MODULES)
    for name in MODULES:
        graph.add_edges_from((name, target) for target, _ in imports(name))
    return graph



def test_no_import_cycles():
    cycles = list(nx.simple_cycles(import_graph()))
    assert not cycles, failure(
        "import cycles in tabletop/ (each a list of modules importing the next)",
        [" -> ".join([*cycle, cycle[0]]) for cycle in cycles],
        "move what both need into a module of its own that imports neither (core imports "
        "no game; a game imports core); an import inside a function counts too")


def test_no_private_names_cross_modules():
    crossing = [(name, target, what) for name in MODULES
                for target, what in imports(name)
                if what.startswith("_") and not what.startswith("__")]
    assert not crossing, failure(
        "private names (a leading _) imported from another module of tabletop/",
        [f"{name} imports {what} from {target}" for name, target, what in crossing],
        "make the name public (drop the _, give it a docstring) if other modules need it, "
        "or move the code that uses it into its module")


def test_no_file_is_too_long():
    long = {str(p.relative_to(ROOT)): n for p in MODULES.values()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > LONGEST}
    assert not long, failure(
        f"modules of tabletop/ over {LONGEST} lines (lines)", long,
        f"split the module into smaller ones with one job each, keeping every old name "
        f"importable from the old module (tests/test_split_modules.py); {LONGEST} stays")


def test_no_two_test_files_share_a_name():
    """pytest imports test files by their base name (no ``__init__.py`` in ``tests/``): a
    browser test named as a unit test stopped the whole run at collection, which the unit
    tests run alone (``--ignore=tests/browser``) never showed."""
    files = sorted(Path(__file__).parent.rglob("test_*.py"))
    names = [p.name for p in files]
    assert len(set(names)) == len(names), failure(
        "test files under tests/ that share a base name",
        sorted({str(p.relative_to(Path(__file__).parent)) for p in files
                if names.count(p.name) > 1}),
        "rename one of them: pytest imports a test file by its base name (tests/ has no "
        "__init__.py), so one in tests/browser/ may not share a unit test's name")


GAMES = tabletop.games()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_package_has_the_same_files(game):
    package = f"tabletop.games.{game.replace('-', '_')}"
    files = {name.rpartition(".")[2] for name in MODULES if name.startswith(package + ".")}
    roles = {"actions", "position", "rules", "render", "input"}
    assert roles <= files, failure(
        f"{package} lacks the modules every game package has", sorted(roles - files),
        "add them in the roles docs/adding-a-game.md gives (tests/test_package_roles.py "
        "checks what each may import)")


@pytest.mark.parametrize("game", GAMES)
def test_only_the_packages_init_imports_the_rules(game):
    package = f"tabletop.games.{game.replace('-', '_')}"
    importers = {name for name in MODULES for target, _ in imports(name)
                 if target == f"{package}.rules"}
    assert importers <= {package}, failure(
        f"modules that import {package}.rules (only the package's __init__ may)",
        sorted(importers - {package}),
        "import what it needs from actions.py, position.py or a table (rules.py imports "
        "them, so importing it back is a cycle; docs/adding-a-game.md, \"The files\"); a "
        "type annotation may import the Game under `if TYPE_CHECKING:`")


def self_emptying_memos() -> list[tuple[str, int, str]]:
    """Each ``if len(...)`` test that guards a ``.clear()``: ``(module, line, test)``."""
    found = []
    for name, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.If) and "len(" in ast.unparse(node.test) and any(
                    isinstance(s, ast.Expr) and ast.unparse(s.value).endswith(".clear()")
                    for s in node.body):
                found.append((name, node.lineno, ast.unparse(node.test)))
    return found


def test_every_self_emptying_memo_reads_a_bound():
    """So that ``core.memos.small_memos`` (and ``check_small_memos``) shrinks every one."""
    memos = self_emptying_memos()
    assert len(memos) >= 10  # the games' memos are found at all
    fixed = [memo for memo in memos if ".size" not in memo[2]]
    assert not fixed, failure(
        "memos bounded by a fixed number, not a core.memos.Bound (module, line, test)",
        fixed, "make the bound a tabletop.core.memos.Bound and test `len(memo) > bound.size` "
        "(docs/adding-a-game.md), so that core.memos.small_memos can shrink it")


#: Module-level memos that never empty themselves, each with why it cannot grow without end:
#: keyed by a class (the classes a program defines), or by a value of a finite range.
FINITE_MEMOS = {
    "tabletop.adapters.openspiel.GAMES": "one per game registered with OpenSpiel",
    "tabletop.core.copying._copied": "one per position class",
    "tabletop.core.derived._CHECKED": "one per position class",
    "tabletop.core.drawing._OPTIONS": "one per renderer a game class declares",
    "tabletop.core.parts._found": "one per game class and declaration",
    "tabletop.core.position._twins": "one per position class",
    "tabletop.core.position._builders": "one per position class",
    "tabletop.games.lacuna.actions._FRACTION_TEXTS": "positions 0 .. STEPS only",
    "tabletop.games.lacuna.draws._SHIFTS": "the counts a layout draws: FLOWERS is fixed",
    "tabletop.games.lacuna.kernels._LOWER": "the candidate counts of a layout: FLOWERS is fixed",
    "tabletop.games.lacuna.kernels._BEFORE": "one per flower count, at most MAX_FLOWERS",
    "tabletop.games.lascaux.view._DEALERS": "one per state class",
    "tabletop.games.lava_flows.knowledge._CONE_KEYS": "at most 3**9 cone layouts",
    "tabletop.games.lava_flows.view._MAKERS": "one per state class",
    "tabletop.widgets.abandoned._runs": "one number per notebook cell run",
    "tabletop.widgets.warmup._threads": "one per game name",
}


def runtime_memos(path: Path) -> dict[str, int]:
    """The module-level dicts made empty (``NAME = {}``) that a function of ``path`` writes
    (``NAME[key] = ...``, ``setdefault``, ``update``) without emptying them in that function
    (``.clear()``, ``.pop``, ``.popitem``): each name with the line of one such function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        if isinstance(value, ast.Dict) and not value.keys:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    found: dict[str, int] = {}
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        written, emptied = set(), set()
        for node in ast.walk(function):
            if (isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store)
                    and isinstance(node.value, ast.Name)):
                written.add(node.value.id)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name)):
                method, owner = node.func.attr, node.func.value.id
                if method in ("setdefault", "update"):
                    written.add(owner)
                elif method in ("clear", "pop", "popitem"):
                    emptied.add(owner)
        for name in sorted((written - emptied) & names):
            found.setdefault(name, function.lineno)
    return found


def test_every_memo_written_at_run_time_is_bounded_or_finite():
    """Lacuna's ``_CONSTS`` kept one entry per count of flowers and pairs a built position
    had (round 61): a module-level memo a function writes empties itself at a ``Bound``
    (``test_every_self_emptying_memo_reads_a_bound``) or is listed in ``FINITE_MEMOS``."""
    found = {f"{name}.{memo}": line for name, path in MODULES.items()
             for memo, line in runtime_memos(path).items()}
    unbounded = {key: f"written at line {line}" for key, line in found.items()
                 if key not in FINITE_MEMOS}
    assert not unbounded, failure(
        "module-level memos that grow without a bound", unbounded,
        "empty the memo when `len(memo) >= bound.size` (a tabletop.core.memos.Bound), or, "
        "if its keys are finite whatever the user does, list it in FINITE_MEMOS with why")
    stale = sorted(set(FINITE_MEMOS) - set(found))
    assert not stale, failure("FINITE_MEMOS names memos no function writes", stale,
                              "remove them from FINITE_MEMOS")


def test_the_memo_guard_finds_a_memo_that_never_empties(tmp_path):
    source = tmp_path / "toy.py"
    source.write_text(
        "KEPT: dict[int, int] = {}\nBOUNDED = {}\nTABLE = {1: 2}\n\n\n"
        "def square(n):\n    found = KEPT.get(n)\n    if found is None:\n"
        "        found = KEPT[n] = n * n\n    return found\n\n\n"
        "def cube(n):\n    if len(BOUNDED) >= 8:\n        BOUNDED.clear()\n"
        "    BOUNDED[n] = n ** 3\n    TABLE[n] = n\n    return BOUNDED[n]\n\n\n"
        "def keep(n):\n    KEPT.setdefault(-n, n)\n", encoding="utf-8")
    assert runtime_memos(source) == {"KEPT": 6}


def test_every_game_package_imports_under_a_name_despite_the_games_function():
    """``tabletop.games()`` (a function) stands where Python keeps the ``tabletop.games``
    package; ``import tabletop.games.<game> as …`` must still reach the package."""
    packages = [f"tabletop.games.{name.replace('-', '_')}" for name in GAMES]
    code = "; ".join(f"import {package} as g{i}; print(g{i}.__name__)"
                     for i, package in enumerate(packages))
    done = subprocess.run([sys.executable, "-c", code + "; import tabletop; "
                           "print(tabletop.games())"], capture_output=True, text=True,
                          check=True)
    assert done.stdout.splitlines() == [*packages, repr(GAMES)]
