"""Every class of tabletop that writes its own text takes a format spec, as a ``str`` does
(docs/promises.md): ``f"{verdict:<30}"``, ``f"{result:>80}"`` and ``f"{ratings:.40}"``
raised ``TypeError`` until round 59, as did tree graphs, Lava Flows' stacks, field ranges
and OpenSpiel states. Exceptions, subclasses of builtins and enums keep Python's rules, and
board graphs networkx's (``SealedGraph``)."""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
from dataclasses import dataclass

from guards import failure

import tabletop
from tabletop.core.sealed import SealedDiGraph, SealedGraph
from tabletop.core.textformat import FormatsAsText

#: Classes whose format follows another library's rules (docs/promises.md says which).
OTHERS_RULES = (SealedGraph, SealedDiGraph)
PYTHONS_RULES = (BaseException, str, int, float, tuple, list, dict, enum.Enum)


def tabletop_classes() -> list[type]:
    """Every class defined in a module of tabletop (``__main__`` aside), once."""
    found: dict[type, None] = {}
    for module in pkgutil.walk_packages(tabletop.__path__, "tabletop."):
        if module.name.endswith("__main__"):
            continue
        try:
            loaded = importlib.import_module(module.name)
        except ImportError:  # an optional extra (OpenSpiel, PettingZoo, Dask) not installed
            continue
        for value in vars(loaded).values():
            if inspect.isclass(value) and value.__module__.startswith("tabletop"):
                found[value] = None
    return list(found)


def refusing(classes: list[type]) -> list[str]:
    """The classes with a text of their own (a ``__str__`` of tabletop's) whose format is
    still ``object``'s, which refuses any spec."""
    return sorted(
        f"{cls.__module__}.{cls.__qualname__}" for cls in classes
        if not issubclass(cls, PYTHONS_RULES + OTHERS_RULES)
        and any("__str__" in vars(k) for k in cls.__mro__ if k.__module__.startswith("tabletop"))
        and cls.__format__ is object.__format__)


def test_every_class_writing_its_own_text_takes_a_format_spec():
    found = refusing(tabletop_classes())
    assert not found, failure("a class writes its own text but refuses format specs",
                              found, "derive it from tabletop.core.textformat.FormatsAsText")


def test_a_class_writing_its_own_text_with_objects_format_is_caught():
    @dataclass(frozen=True)
    class Tally:
        n: int

        def __str__(self) -> str:
            return f"{self.n} flowers"

    Tally.__module__ = "tabletop.toy"

    @dataclass(frozen=True)
    class FixedTally(Tally, FormatsAsText):
        pass

    assert refusing([Tally, FixedTally]) == ["tabletop.toy." + Tally.__qualname__]
    assert f"{FixedTally(3):>10}" == " 3 flowers".rjust(10)


def test_the_classes_round_59_found_format_their_text():
    from tabletop.arena import arena, pairwise, ratings
    from tabletop.teaching import WinRate

    result = arena("lava-flows", ["random", "mcts-weak"], games=2, seed=1)
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    for value in (result, ratings(result), pairwise(result), WinRate(wins=3, games=5),
                  tabletop.explore(state, depth=1)):
        assert f"{value:>300}" == f"{str(value):>300}", type(value)
        assert f"{value:.12}" == str(value)[:12], type(value)
