"""What a user who learns tabletop from ``help()``, tab completion and reprs is shown.

Every package lists in ``dir()`` its ``__all__`` (names imported on first use included) and
its submodules, and none of the names its own code imports (``Any``, ``sys``); every public
name, and every public method and property of a public class (each game's classes too),
has a docstring; a public name's ``__module__`` is a public path; a game class's signature
names its options; ``tabletop.play``'s names the widget's keywords.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from guards import failure

import tabletop

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["tabletop", *sorted(m.name for m in pkgutil.walk_packages(tabletop.__path__,
                                                                      "tabletop.") if m.ispkg)]


def package(name: str) -> ModuleType:
    # ``tabletop.games`` is the function that stands for the package: read sys.modules
    return importlib.import_module(name) if name != "tabletop" else tabletop


def public(name: str) -> list[tuple[str, object]]:
    """Each name in the package's ``__all__`` with its object (optional extras: skipped
    outside CI when not installed)."""
    module = package(name)
    found = []
    for key in module.__all__:
        try:
            found.append((f"{name}.{key}", getattr(module, key)))
        except ImportError:
            if os.environ.get("CI") == "true":
                raise
    return found


def submodules(module: ModuleType) -> set[str]:
    return {key for key, value in vars(module).items()
            if isinstance(value, ModuleType) and value.__name__ == f"{module.__name__}.{key}"}


@pytest.mark.parametrize("name", PACKAGES)
def test_tab_completion_lists_the_public_names_and_no_imports_of_its_own(name):
    module = package(name)
    assert isinstance(getattr(module, "__all__", None), list), failure(
        f"{name} has no __all__ list", [name],
        "list its public names in `__all__ = [...]` and end the package's __init__.py with "
        "`__dir__ = package_dir(globals())` (tabletop.core.exports)")
    shown = {key for key in dir(module) if not key.startswith("_")}
    missing = set(module.__all__) - shown
    assert not missing, failure(
        f"dir({name}) leaves out names of its __all__", sorted(missing),
        "import each in the package's __init__.py, or name it in package_dir(..., lazy=...) "
        "if its __getattr__ imports it on first use")
    junk = shown - set(module.__all__) - submodules(module)
    assert not junk, failure(
        f"dir({name}) shows names it only imports for itself", sorted(junk),
        "end the package's __init__.py with `__dir__ = package_dir(globals())` "
        "(tabletop.core.exports), or add the name to __all__ if it is public")


def test_names_imported_on_first_use_are_completed_before_it():
    code = ("import tabletop, tabletop.widgets, tabletop.adapters\n"
            "print(sorted({'agents', 'arena', 'teaching', 'adapters', 'widgets'}"
            " - set(dir(tabletop))))\n"
            "print('TreeWidget' in dir(tabletop.widgets), sorted(dir(tabletop.adapters))[-2:])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == ["[]", "True ['openspiel', 'pettingzoo']"]


def test_an_adapter_is_an_attribute_of_its_package():
    assert "no attribute 'nothing'" in str(pytest.raises(AttributeError, getattr,
                                                        tabletop.adapters, "nothing").value)
    pytest.importorskip("pyspiel")
    assert tabletop.adapters.openspiel.__name__ == "tabletop.adapters.openspiel"


PUBLIC = sorted({label: value for name in PACKAGES for label, value in public(name)}.items())


@pytest.mark.parametrize(("label", "value"), PUBLIC, ids=[label for label, _ in PUBLIC])
def test_every_public_name_says_what_it_is_from_a_public_path(label, value):
    if not (inspect.isclass(value) or inspect.isroutine(value) or inspect.ismodule(value)):
        return  # a constant: documented where it is defined (``#:`` comments)
    assert (inspect.getdoc(value) or "").strip(), failure(
        "public names without a docstring", [label],
        "write one: a sentence saying what it is or does, with a doctest example where "
        "it helps")
    if not inspect.ismodule(value):
        where = f"{value.__module__}.{value.__qualname__}"
        assert where.startswith("tabletop.") and "<locals>" not in where and not any(
            part.startswith("_") for part in where.split(".")), failure(
            f"{label} says it comes from a path a user cannot import", [where],
            "define it at module level in a public module (no leading _ in the path), or "
            "set its __module__ to the public package that exports it")


def classes() -> list[type]:
    """Every public class: the packages' and each registered game's own."""
    found = {value for _, value in PUBLIC if inspect.isclass(value)}
    for name in tabletop.games():
        state = tabletop.load(name).new(seed=0, setup="random")
        found |= {type(tabletop.load(name)), type(state), type(state.view(0)),
                  *(type(action) for action in state.legal_actions())}
    return sorted(found, key=lambda cls: f"{cls.__module__}.{cls.__qualname__}")


def undocumented(cls: type) -> list[str]:
    """Public methods and properties of ``cls`` (from tabletop's classes in its MRO) that
    ``help(cls)`` shows without a word."""
    names = {key for klass in cls.__mro__ if klass.__module__.startswith("tabletop.")
             for key in vars(klass) if not key.startswith("_")}
    missing = []
    for key in sorted(names):
        raw = inspect.getattr_static(cls, key)
        if isinstance(raw, (staticmethod, classmethod)):
            raw = raw.__func__
        if not (inspect.isfunction(raw) or isinstance(raw, property)):
            continue  # fields and constants: their class docstring says what they hold
        if not (inspect.getdoc(getattr(cls, key) if inspect.isfunction(raw) else raw) or ""):
            missing.append(key)
    return missing


CLASSES = classes()


@pytest.mark.parametrize("cls", CLASSES, ids=[cls.__qualname__ for cls in CLASSES])
def test_help_on_a_public_class_explains_every_method_and_property(cls):
    assert undocumented(cls) == [], failure(
        f"help({cls.__qualname__}) leaves public methods and properties unexplained",
        undocumented(cls), "give each a docstring, or a leading _ if it is not public")


@pytest.mark.parametrize("name", tabletop.games())
def test_a_game_class_signature_names_its_options(name):
    game = tabletop.load(name)
    parameters = inspect.signature(type(game)).parameters
    assert list(parameters) == ["players", *game.defaults]
    assert {key: p.default for key, p in parameters.items() if key != "players"} == dict(
        game.defaults)
    assert type(game)(**{key: p.default for key, p in parameters.items()}) == game


def test_play_names_the_widget_keywords_with_the_widget_defaults():
    from tabletop.widgets import GameWidget
    from tabletop.widgets import play as widgets_play
    from tabletop.widgets.play import WIDGET_OPTIONS

    shown = inspect.signature(tabletop.play)
    assert shown == inspect.signature(widgets_play)
    widget = inspect.signature(GameWidget).parameters
    for key in WIDGET_OPTIONS:
        assert shown.parameters[key].default == widget[key].default, key


def handed_out(owner: object) -> set[type]:
    """The tabletop classes of ``owner``'s public attributes (what tab completion on
    ``widget.`` leads to: ``widget.navigator.``, ``widget.session.`` …)."""
    found = set()
    for key in dir(owner):
        if not key.startswith("_"):
            try:
                value = getattr(owner, key)
            except Exception:  # noqa: BLE001  (an attribute that refuses: nothing handed out)
                continue
            if type(value).__module__.startswith("tabletop."):
                found.add(type(value))
    return found


def test_help_on_what_the_widgets_and_agents_hand_out_explains_it():
    from tabletop.agents import make_agent
    from tabletop.widgets import TreeWidget

    state = tabletop.load("lascaux").new(seed=1, setup="random")
    agent = make_agent("mcts", seed=0, iterations=20)
    agent.act(state.view(0))
    widget = tabletop.play(state)
    tree = TreeWidget(state)
    try:
        owners = [widget, tree, agent, agent.last_analysis, widget.session]
        kinds = set().union(*map(handed_out, owners))
        gaps = {cls.__qualname__: undocumented(cls) for cls in kinds if undocumented(cls)}
        assert gaps == {}
    finally:
        widget.close()
        tree.close()


def test_the_classes_a_repr_names_are_imported_from_the_game_package_by_that_name():
    """``Pay()`` in a notebook: ``from tabletop.games.lascaux import Pay`` builds one."""
    from tabletop.core.testing.exports import check_exports, met_classes

    for name in tabletop.games():
        game = tabletop.load(name)
        check_exports(game)
        package = importlib.import_module(type(game).__module__.rpartition(".")[0])
        state = game.new(seed=0, setup="random")
        for shown in [state.legal_actions()[0], state, state.view(0)]:
            assert getattr(package, type(shown).__name__) is type(shown)
        assert len(met_classes(game)) >= 5  # game, state, view and the actions


def test_a_game_package_that_exports_only_its_game_class_is_caught(registered):
    from broken_exports import UnexportedNim

    from tabletop.core.testing import check_abuse, check_game
    from tabletop.core.testing.common import ConformanceError

    game = registered(UnexportedNim)
    for check in (check_game, check_abuse):
        with pytest.raises(ConformanceError, match=r"unexported-nim: toygame\.NimState "
                           r"\(reprs show it as NimState\) cannot be imported as `from "
                           r"broken_exports import NimState`: export it from "
                           r"broken_exports and list it in its __all__"):
            check(game, seeds=range(2))


def test_a_timeline_repr_counts_in_words_and_stays_one_short_line():
    from tabletop.core import Timeline

    state = tabletop.load("landlock").new(seed=1)
    timeline = Timeline(state)
    assert repr(timeline) == "<Timeline of landlock: 1 node, 1 branch end, cursor at node 0>"
    node = 0
    while len(timeline) < 10_000:  # every legal action of each node, in the order made
        timeline.goto(node)
        for action in timeline.state.legal_actions():
            timeline.goto(node)
            timeline.play(action)
        node += 1
    assert len(timeline) >= 10_000
    assert len(repr(timeline)) < 100, repr(timeline)


@pytest.mark.parametrize("name", tabletop.games())
def test_the_reprs_read_alike_in_every_game(name):
    """The game's repr is the call that loads it; a state's, view's and action's start with
    their class's name, which the game's package exports."""
    game = tabletop.load(name)
    state = game.new(seed=2, setup="random")
    assert eval(repr(game), {"tabletop": tabletop}) == game  # noqa: S307  (our own repr)
    package = importlib.import_module(type(game).__module__.rpartition(".")[0])
    for shown in (state, state.view(0), state.legal_actions()[0]):
        text = repr(shown)
        assert text.startswith(f"{type(shown).__name__}("), text
        assert getattr(package, type(shown).__name__) is type(shown)
    assert repr(state).startswith(f"{type(state).__name__}(game={game!r}, ")
