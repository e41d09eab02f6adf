"""Returned-data immutability: nothing a state or view hands out can change it.

For seeded positions of a game, every public attribute and method result of the state and
of each view, and every property of the game, is read (methods are called with no
arguments, with each player for a ``player`` or ``viewer`` parameter, and with the fields of
sample actions for parameters named like them, e.g. Lacuna's ``positions(a, b)``), and
everything in the result that can be changed is changed the ways a user might: numpy arrays
written (and made writeable first, through the arrays it views as well), networkx graphs
edited (nodes, edges, graph/node/edge attributes, the graph's attribute dict rebound, and
nodes and edges through networkx's methods called on its class, ``nx.Graph.add_node(g, n)``),
dicts, lists and sets changed, attributes of dataclasses and other objects rebound — one
level deep as well. A change that raises is refused, as it should be. Then the
state and its views must look exactly as before (equality, hash, text, scores, winners,
legal actions, record, pictures), and reading the same thing again must give what it gave
before the changes. A returned graph must also read as networkx reads graphs: written as
GraphML, frozen again and copied (each changes nothing). And a returned object has no public
method that takes a function of the caller's (a ``cached(key, compute)`` would let a caller
fill what the rules read with values of its own).

The changes are made on a twin of each position (replayed from its record, so that nothing
is cached or shared with the original), in two orders, so that a change made before or after
any other read shows up. The data the game's class declares (``variants`` and the like,
shared by every load) is looked at, not changed: ``check_class_data``.

>>> import tabletop
>>> check_immutability(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import json
import numbers
import re
import types
from collections.abc import (
    Callable,
    Iterable,
    Iterator,
    Mapping,
    MutableMapping,
    MutableSequence,
    MutableSet,
    Sequence,
    Set,
)
from functools import partial
from typing import Any

import networkx as nx
import numpy as np

from ..game import Action, Game, State, View
from ..record import replay
from .classdata import check_class_data
from .common import fail, random_playout

#: Positions checked per seeded game: spread evenly from the start to the end.
POSITIONS = 6
#: Methods that are not queries of the position (they build other states).
SKIPPED = frozenset({"apply", "children", "determinize"})
#: Parameter names that take a player number.
PLAYER_PARAMETERS = frozenset({"player", "viewer", "seat"})
#: How many items of a container are changed one level down (the first and last few).
NESTED_ITEMS = 8

Accessor = tuple[str, Callable[[], Any]]


class _Mark:
    """What the check writes into returned data: a value no game uses."""

    def __repr__(self) -> str:
        return "<abuse>"


MARK = _Mark()
_ATOMS = (str, bytes, numbers.Number, np.generic, type, types.ModuleType,
          types.FunctionType, types.BuiltinFunctionType, types.MethodType, _Mark)


def check_immutability(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Check returned-data immutability at ``POSITIONS`` positions of one random game per
    seed, and that the data its classes declare is read-only (``check_class_data``); raise
    ``ConformanceError`` on the first breach."""
    check_class_data(game)
    for number, seed in enumerate(seeds):
        states = list(random_playout(game, seed))
        if number == 0:
            check_class_data(game, states[0])
        last = len(states) - 1
        plies = sorted({round(i * last / (POSITIONS - 1)) for i in range(POSITIONS)})
        for ply in plies:
            check_position(states[ply], f"{game.name} seed {seed} ply {ply}")


def check_position(state: State, where: str) -> None:
    """Change everything ``state``, its views and its game return; raise
    ``ConformanceError`` if that changes the state or a view, or what a later read returns."""
    expected = _looks(state)
    for order in (1, -1):
        twin = _twin(state)
        changed, stale = _abuse(twin, state, order)
        difference = _difference(expected, _looks(twin))
        if difference:
            fail(where, f"{_culprit(state, expected, order, changed)}; afterwards {difference}")
        if stale:
            fail(where, stale[0])


# --- what a position looks like ------------------------------------------------------------

def _looks(state: State) -> dict[str, Any]:
    """Everything the check compares, as plain values (an exception counts as a value)."""
    looks: dict[str, Any] = {}
    subjects: list[tuple[str, State | View]] = [("state", state)]
    subjects += [(f"view({p})", state.view(p)) for p in range(state.game.players)]
    for label, subject in subjects:
        looks[f"{label} == itself before"] = _outcome(partial(_fields, subject))
        looks[f"hash({label})"] = _outcome(partial(hash, subject))
        looks[f"str({label})"] = _outcome(partial(str, subject))
        looks[f"{label}.legal_actions()"] = _outcome(subject.legal_actions)
        looks[f"{label}.svg()"] = _outcome(subject.svg)
    looks["state.scores"] = _outcome(lambda: state.scores)
    looks["state.winners"] = _outcome(lambda: state.winners)
    if state.seed is not None:
        looks["state.to_record()"] = _outcome(lambda: json.dumps(state.to_record()))
    return looks


def _fields(subject: State | View) -> tuple[Any, ...]:
    return tuple(getattr(subject, f.name) for f in dataclasses.fields(subject) if f.compare)


def _outcome(read: Callable[[], Any]) -> Any:
    try:
        return read()
    except Exception as err:  # a crash is a difference like any other
        return f"raised {type(err).__name__}: {err}"


def _difference(expected: dict[str, Any], seen: dict[str, Any]) -> str | None:
    """The first thing that looks different, said in words; ``None`` if nothing does."""
    for key, value in expected.items():
        if not _same(seen.get(key), value):
            return f"{key} differs: {_short(value)} before, {_short(seen.get(key))} after"
    return None


def _short(value: Any, limit: int = 160) -> str:
    """``value``'s repr, cut; what its repr raised if it cannot show itself (a scene whose
    shapes the check swapped for a marker: the message must still be written)."""
    try:
        text = f"<{value}: nodes {list(value.nodes)}>" if isinstance(value, nx.Graph) \
            else repr(value)
    except Exception as err:  # noqa: BLE001 - any repr may fail on the marked value
        text = f"<{type(value).__name__} whose repr raised {type(err).__name__}: {err}>"
    return text if len(text) <= limit else text[:limit] + "…"


def _twin(state: State) -> State:
    """An equal state with nothing cached and nothing shared with ``state``: replayed from
    its record under a new ``Game``, or (no seed) a deep copy with an empty cache."""
    if state.seed is not None:
        return replay(state.to_record())
    twin = copy.deepcopy(state)
    object.__setattr__(twin, "_cache", {})
    return twin


def _culprit(state: State, expected: dict[str, Any], order: int, changed: list[str]) -> str:
    """Which accessor's changed data alters the position: tried one at a time on fresh twins."""
    if _difference(expected, _looks(_twin(state))):
        return "a twin of the position (replayed from its record) differs before any change"
    for name in dict.fromkeys(changed):
        twin = _twin(state)
        _abuse(twin, state, order, only=name)
        if _difference(expected, _looks(twin)):
            return f"changing what {name} returned changed the position"
    names = ", ".join(dict.fromkeys(changed)) or "nothing (no change was accepted)"
    return f"changing what these returned changed the position: {names}"


# --- reading everything ----------------------------------------------------------------------

def _abuse(state: State, original: State, order: int, only: str | None = None
           ) -> tuple[list[str], list[str]]:
    """Change everything ``state``, its views and its game return (in ``dir`` order, or
    reversed); return the accessors whose data accepted a change, and what read differently
    after it. ``only``: change what that accessor returns, and nothing else. Sample arguments
    come from ``original`` (equal to ``state``), so that nothing of ``state`` is read first.
    """
    players = range(state.game.players)
    subjects: list[tuple[str, State | View, State | View]] = [("state", state, original)]
    subjects += [(f"view({p})", state.view(p), original.view(p)) for p in players]
    reads = [(f"game.{name}", read) for name, read in _game_accessors(state.game)]
    for label, subject, model in subjects:
        reads += [(f"{label}.{name}", read)
                  for name, read in _accessors(subject, _sample_actions(model))]
    changed: list[str] = []
    stale: list[str] = []
    for full, read in reads[::order]:
        if only is not None and full != only:
            continue
        value = _outcome_or_none(read)
        if value is None:
            continue
        if isinstance(value, nx.Graph):
            stale += _unreadable(full, value)
        stale += _callback_doors(full, value)
        before = _snapshot(value)
        accepted = _change(value)
        if not accepted:
            continue
        changed.append(full)
        again = _outcome_or_none(read)
        if before is not _UNCOMPARABLE and not _same(again, before):
            stale.append(f"{full} returned data that could be changed "
                         f"({', '.join(accepted)}); read again it gives {_short(again)}, "
                         f"not {_short(before)}")
    return changed, stale


#: ``node_link_data``'s name for the edges, given where it is asked for (networkx 3.4 on,
#: which warns without it); networkx 3.0 to 3.3, which the floor allows, have no ``edges``.
NODE_LINK = {"edges": "edges"} if tuple(
    int(n) for n in re.findall(r"\d+", nx.__version__)[:2]) >= (3, 4) else {}


def _unreadable(full: str, graph: nx.Graph) -> list[str]:
    """What networkx's own readers cannot do with a returned graph (they may change nothing
    it holds: ``write_graphml`` pops the key ``"id"`` and puts it back, ``nx.freeze`` sets
    what a frozen graph already has): write it as GraphML (a value the format cannot hold is
    ``NetworkXError``, the format's limit), freeze it again, copy it to a graph to change."""
    problems = []
    reads: list[tuple[str, Callable[[], Any]]] = [
        ("nx.generate_graphml", lambda: "".join(nx.generate_graphml(graph))),
        ("nx.freeze", partial(nx.freeze, graph)),
        ("nx.node_link_data", partial(nx.node_link_data, graph, **NODE_LINK)),
        ("graph.copy().add_node", lambda: graph.copy().add_node(MARK))]
    for name, read in reads:
        try:
            read()
        except nx.NetworkXError as err:
            if name != "nx.generate_graphml" or "does not support" not in str(err):
                problems.append(f"{full} returned a graph that {name} cannot read: {err}")
        except Exception as err:
            problems.append(f"{full} returned a graph that {name} cannot read: "
                            f"{type(err).__name__}: {err}")
    return problems


def _callback_doors(full: str, value: Any) -> list[str]:
    """The public methods of a returned object, or of one it holds, that take a function of
    the caller's: a door through which a caller's values reach what the object keeps (a memo
    filled by ``compute(self)``, which the rules then read), however read-only its data."""
    if value is None or isinstance(value, (*_ATOMS, np.ndarray, nx.Graph, Game, State, View)):
        return []
    if isinstance(value, Mapping | Sequence | Set):
        held = list(value.values() if isinstance(value, Mapping) else value)
        held = held[:NESTED_ITEMS] + held[NESTED_ITEMS:][-NESTED_ITEMS:]
        return [door for item in held if not isinstance(item, Mapping | Sequence | Set)
                for door in _callback_doors(f"{full}[…]", item)]
    doors = []
    for name in dir(type(value)):
        method = inspect.getattr_static(value, name, None)
        if name.startswith("_") or not inspect.isfunction(method):
            continue
        for parameter in inspect.signature(method).parameters.values():
            if "Callable" in str(parameter.annotation):
                doors.append(f"{full} returned a {type(value).__name__} whose public method "
                             f"{name}() takes a function of the caller's ({parameter.name}): "
                             f"a door for the caller's values into what it keeps, which "
                             f"the position may read (make it private)")
    return doors


def _outcome_or_none(read: Callable[[], Any]) -> Any:
    try:
        return read()
    except Exception:  # not every query applies to every position
        return None


def _accessors(subject: State | View, samples: list[Action]) -> Iterator[Accessor]:
    """Every public attribute and query method of ``subject``, with arguments it can take
    (each player, or the fields of the ``samples`` actions)."""
    players = range(subject.game.players)
    for name in dir(subject):
        if name.startswith("_") or name in SKIPPED:
            continue
        static = inspect.getattr_static(subject, name)
        if isinstance(static, staticmethod | classmethod):
            continue  # constructors, not queries
        if not inspect.isfunction(static):
            yield name, partial(getattr, subject, name)
            continue
        method = getattr(subject, name)
        required = [p.name for p in inspect.signature(method).parameters.values()
                    if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
        for args in _arguments(required, players, samples):
            shown = ", ".join(f"{k}={v!r}" for k, v in args.items())
            yield f"{name}({shown})", partial(method, **args)


def queries(subject: State | View) -> Iterator[Accessor]:
    """Every public attribute and query of ``subject`` as this check reads them: ``(name,
    read)`` pairs, methods called with no arguments, each player, or sample actions' fields.

    >>> import tabletop
    >>> s = tabletop.load("lava-flows").new(seed=1, setup="random")
    >>> dict(queries(s))["lock"]()
    -1
    """
    return _accessors(subject, _sample_actions(subject))


def _game_accessors(game: Game) -> Iterator[Accessor]:
    """The game's public properties (its methods make new states; its class attributes are
    the class's business)."""
    for name in dir(game):
        if not name.startswith("_") and isinstance(inspect.getattr_static(game, name), property):
            yield name, partial(getattr, game, name)


def _sample_actions(subject: State | View) -> list[Action]:
    """A few actions whose fields serve as arguments: the first and last legal ones and the
    last one played."""
    legal = subject.legal_actions()
    history = subject.history if isinstance(subject, State) else ()
    picked = [*legal[:1], *legal[-1:], *history[-1:]]
    return list(dict.fromkeys(picked))


def _arguments(required: list[str], players: Iterable[int],
               samples: list[Action]) -> Iterator[dict[str, Any]]:
    """Argument sets for a method: none, each player, or the fields of a sample action."""
    if not required:
        yield {}
    elif len(required) == 1 and required[0] in PLAYER_PARAMETERS:
        for p in players:
            yield {required[0]: p}
    else:
        for action in samples:
            names = {f.name for f in dataclasses.fields(action)}
            if all(r == "action" or r in names for r in required):
                yield {r: action if r == "action" else getattr(action, r) for r in required}


# --- changing what was returned -------------------------------------------------------------

def _change(value: Any, depth: int = 0) -> list[str]:
    """Try every change a user might make to ``value`` and, one level down, to what it holds;
    return the changes that were accepted (the refused ones raised)."""
    if isinstance(value, _ATOMS) or value is None or isinstance(value, Game):
        return []
    nested: list[Any] = []
    attempts: list[tuple[str, Callable[[], Any]]] = []
    if isinstance(value, np.ndarray):
        attempts = _array_changes(value)
    elif isinstance(value, nx.Graph):
        attempts = _graph_changes(value)
    elif isinstance(value, Mapping):
        nested = list(value.values())
        if isinstance(value, MutableMapping):
            attempts = _mapping_changes(value)
    elif isinstance(value, Sequence | Set):
        nested = list(value)
        if isinstance(value, MutableSequence):
            attempts = [("set an item of a list", lambda: value.__setitem__(0, MARK)),
                        ("append to a list", lambda: value.append(MARK))]
        elif isinstance(value, MutableSet):
            attempts = [("add to a set", partial(value.add, MARK))]
            attempts += [("remove from a set", partial(value.discard, item))
                         for item in nested[:1]]
    else:
        names = _attribute_names(value)
        nested = [getattr(value, n, None) for n in names]
        attempts = [(f"set attribute {n!r} of a {type(value).__name__}",
                     partial(setattr, value, n, MARK)) for n in names]
    accepted = []
    if depth == 0:
        for item in nested[:NESTED_ITEMS] + nested[NESTED_ITEMS:][-NESTED_ITEMS:]:
            accepted += _change(item, depth + 1)
    for what, attempt in attempts:
        try:
            attempt()
        except Exception:
            continue  # refused: the good outcome
        accepted.append(what)
    return accepted


def _array_changes(array: np.ndarray) -> list[tuple[str, Callable[[], Any]]]:
    if array.size == 0:
        return []
    changed = _other(array.flat[0])  # chosen once: a second write must not undo the first

    def write() -> None:
        array.flat[0] = changed

    def unlock_and_write() -> None:
        array.flags.writeable = True
        write()

    def unlock_bases_and_write() -> None:
        chain = [array]  # the array, the array it views, and so on to the owner of the data
        while isinstance(chain[-1].base, np.ndarray):
            chain.append(chain[-1].base)
        for part in reversed(chain):
            part.flags.writeable = True
        write()

    return [("write an array", write), ("make an array writeable and write it",
                                        unlock_and_write),
            ("make the arrays under an array writeable and write it", unlock_bases_and_write)]


def _other(x: Any) -> Any:
    """A value of the same kind as the array element ``x``, but different."""
    if isinstance(x, np.bool_ | bool):
        return not x
    if isinstance(x, numbers.Number):
        number: Any = x
        return 0 if number != 0 else 1
    return MARK


def _graph_changes(graph: nx.Graph) -> list[tuple[str, Callable[[], Any]]]:
    nodes = list(graph.nodes)
    edges = list(graph.edges)
    attempts: list[tuple[str, Callable[[], Any]]] = [
        ("set a graph attribute", lambda: graph.graph.__setitem__(MARK, MARK)),
        ("rebind a graph's attribute dict", lambda: setattr(graph, "graph", {MARK: MARK}))]
    if nodes:
        attempts += _attribute_changes("a node", graph.nodes[nodes[0]])
    if edges:
        attempts += _attribute_changes("an edge", graph.edges[edges[0]])
    if len(nodes) > 1:
        attempts.append(("add an edge", lambda: graph.add_edge(nodes[0], nodes[-1])))
    if edges:
        attempts.append(("remove an edge", lambda: graph.remove_edge(*edges[0][:2])))
    attempts.append(("add a node", lambda: graph.add_node(MARK)))
    if nodes:
        attempts.append(("remove a node", lambda: graph.remove_node(nodes[0])))
    # networkx's own methods called on its class write the tables, past ``nx.freeze``
    plain = nx.DiGraph if graph.is_directed() else nx.Graph
    attempts.append(("add a node through nx.Graph.add_node", partial(plain.add_node, graph,
                                                                      MARK)))
    if edges:
        attempts.append(("remove an edge through nx.Graph.remove_edge",
                         partial(plain.remove_edge, graph, *edges[-1][:2])))
    return attempts


def _attribute_changes(kind: str, data: MutableMapping[Any, Any]
                       ) -> list[tuple[str, Callable[[], Any]]]:
    attempts: list[tuple[str, Callable[[], Any]]] = [
        (f"add an attribute to {kind}", lambda: data.__setitem__(MARK, MARK))]
    for key in list(data)[:1]:
        attempts.append((f"change an attribute of {kind}",
                         partial(data.__setitem__, key, MARK)))
    return attempts


def _mapping_changes(mapping: MutableMapping[Any, Any]) -> list[tuple[str, Callable[[], Any]]]:
    keys = list(mapping)
    attempts: list[tuple[str, Callable[[], Any]]] = [
        ("add a key to a dict", lambda: mapping.__setitem__(MARK, MARK))]
    if keys:
        attempts.append(("change a value of a dict", lambda: mapping.__setitem__(keys[0], MARK)))
        attempts.append(("delete a key of a dict", lambda: mapping.__delitem__(keys[-1])))
    return attempts


def _attribute_names(value: Any) -> list[str]:
    """The public data attributes of an object: dataclass fields, slots, instance dict."""
    if dataclasses.is_dataclass(value):
        names = [f.name for f in dataclasses.fields(value)]
    else:
        names = list(getattr(value, "__dict__", {}))
        for cls in type(value).__mro__:
            slots = cls.__dict__.get("__slots__", ())
            names += [slots] if isinstance(slots, str) else list(slots)
    return [n for n in dict.fromkeys(names) if not n.startswith("_")]


# --- comparing what was returned ------------------------------------------------------------

_UNCOMPARABLE: Any = object()


def _snapshot(value: Any) -> Any:
    """A copy of ``value`` that changes to ``value`` do not reach (or ``_UNCOMPARABLE``);
    parts that can't change at all are shared, not copied."""
    if isinstance(value, State | View | Game) or _unchangeable(value):
        return value  # values themselves (a view's caches are its own business)
    memo = {id(part): part for part in _held(value) if _unchangeable(part)}
    try:
        return copy.deepcopy(value, memo)
    except Exception:
        return _UNCOMPARABLE


def _held(value: Any) -> list[Any]:
    """What ``value`` holds: the items of a container, the attributes of an object."""
    if isinstance(value, _ATOMS) or isinstance(value, np.ndarray | nx.Graph):
        return []
    if isinstance(value, Mapping):
        return list(value.values())
    if isinstance(value, Sequence | Set):
        return list(value)
    return [getattr(value, n, None) for n in _attribute_names(value)]


def _unchangeable(value: Any, depth: int = 0) -> bool:
    """Whether nothing of ``value`` can be changed: atoms, and tuples, frozensets and frozen
    dataclasses made of them (checked three levels down)."""
    if value is None or isinstance(value, _ATOMS):
        return True
    if depth > 2:
        return False
    if type(value) in (tuple, frozenset):
        return all(_unchangeable(x, depth + 1) for x in value)
    params = getattr(value, "__dataclass_params__", None)
    if params is not None and params.frozen and not isinstance(value, type):
        return all(_unchangeable(getattr(value, f.name), depth + 1)
                   for f in dataclasses.fields(value))
    return False


def _same(a: Any, b: Any, depth: int = 0) -> bool:
    """Equality that also compares arrays, graphs and objects without ``__eq__``."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, np.ndarray):
        return a.shape == b.shape and a.dtype == b.dtype and bool(np.array_equal(a, b))
    if isinstance(a, nx.Graph):
        return (dict(a.graph) == dict(b.graph)
                and list(a.nodes(data=True)) == list(b.nodes(data=True))
                and list(a.edges(data=True)) == list(b.edges(data=True)))
    if isinstance(a, Mapping):
        return list(a) == list(b) and all(_same(a[k], b[k], depth + 1) for k in a)
    if isinstance(a, list | tuple):
        return len(a) == len(b) and all(_same(x, y, depth + 1) for x, y in zip(a, b, strict=True))
    equality: Any = type(a).__eq__
    if equality is object.__eq__ and depth < 3:
        names = _attribute_names(a)
        return all(_same(getattr(a, n, None), getattr(b, n, None), depth + 1) for n in names)
    try:
        return bool(a == b)
    except Exception:
        return False


__all__ = ["check_immutability", "check_position", "queries"]
