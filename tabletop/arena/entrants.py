"""Who plays a tournament: the entrants' labels, what each one is (its *description*, kept
in a dataset so that another agent under the same label is refused), and the fresh agents
each game builds.

An agent *object* is copied for every game by pickle, in this process as in a worker, so
that every game starts from the object as it was when the tournament was called:

>>> from tabletop.agents import MCTSAgent
>>> describe(("MCTS", {"iterations": 40})), describe(MCTSAgent(iterations=9, seed=1))
('mcts {"iterations": 40}', 'object tabletop.agents.mcts:MCTSAgent MCTSAgent(iterations=9, seed=1)')
"""

from __future__ import annotations

import copy
import hashlib
import inspect
import io
import json
import os
import pickle
import re
import sys
from collections.abc import Mapping, Sequence
from types import FunctionType
from typing import Any

from ..agents import Agent, agent_key, agent_label, resolve_agent
from ..agents.base import made_by, registered
from ..agents.exits import agent_call
from ..core.errors import CallerError
from ..core.names import spelt
from ..core.plain import plain
from ..core.quoting import brief, cut, quote
from .clock import Overrun, limited

Spec = Any  # str | tuple[str, dict] | an agent class | Callable[[int], Agent] | Agent


def entrants(agents: object) -> tuple[list[str], list[Spec]]:
    """The labels and the specs of ``agents``: a list (any sequence) of specs, one per seat,
    or a mapping ``{label: spec}``. Anything else — a set, a generator — is refused, as is one
    label given to two different entrants (their results would merge)."""
    if isinstance(agents, Mapping):
        return unique_labels([label_of(k) for k in agents]), list(agents.values())
    if not isinstance(agents, Sequence) or isinstance(agents, str | bytes):
        raise TypeError(f"agents should be a list of agents, one per seat (such as "
                        f"['mcts', 'random']), or a mapping of labels to agents, not "
                        f"{brief(agents)}")
    specs = list(agents)
    labels = [spelt(agent_label(spec), f"the label of {brief(spec)}") for spec in specs]
    _same_label_same_agent(labels, specs)
    return labels, specs


def label_of(key: object) -> str:
    """An entrant's label from a key of the ``agents`` mapping: a string, or what a
    number's ``str`` says. A string is read as ``tabletop.core.names.spelt`` reads a name:
    ``"café"`` is one label however its accent was typed, and one that is blank or holds a
    line break is refused.

    >>> label_of(" Zoë "), label_of(7)
    ('Zoë', '7')
    """
    key = plain(key)
    if isinstance(key, str):
        return spelt(key, "an entrant's label (a key of the agents mapping)")
    if isinstance(key, float) or isinstance(key, int) and key.bit_length() <= 64:
        return str(key)  # (no 5,000-digit label)
    raise TypeError(f"the agents mapping's keys are labels: strings (or numbers), not "
                    f"{brief(key)}")


def unique_labels(labels: list[str]) -> list[str]:
    """``labels``, if no two are the same; else a ``ValueError`` naming the one repeated."""
    seen: set[str] = set()
    for label in labels:
        if label in seen:
            raise ValueError(f"two entrants of the agents mapping are labelled "
                             f"{quote(label)}: their results would merge")
        seen.add(label)
    return labels


def _same_label_same_agent(labels: list[str], specs: list[Spec]) -> None:
    """A ``ValueError`` if two entrants of the list share a label but are different agents
    (another description, or another class or function of the same name)."""
    first: dict[str, Spec] = {}
    for label, spec in zip(labels, specs, strict=True):
        if label not in first:
            first[label] = spec
            continue
        other = first[label]
        made_by_call = callable(spec) and not is_object(spec)  # a class or a factory
        if describe(other) != describe(spec) or made_by_call and spec is not other:
            raise ValueError(f"two different entrants of agents are labelled {quote(label)} "
                             f"({cut(describe(other), 80)} and {cut(describe(spec), 80)}): "
                             f"their results would merge; name them with a mapping, "
                             f"{{'label': agent, …}}")
        twins = _twin_functions(other, spec)
        if twins:
            raise ValueError(f"two different entrants of agents are labelled {quote(label)} "
                             f"({cut(describe(spec), 80)}, twice): they are set with two "
                             f"different functions that are both called {quote(twins)}, so "
                             f"their results would merge; name them with a mapping, "
                             f"{{'label': agent, …}}")


def _own(spec: Spec) -> list[Any]:
    """``_functions(spec)``, an agent object's methods bound to itself as their functions
    (two agents alike each hold their own ``self.choose = self.greedy``)."""
    return [f.__func__ if inspect.ismethod(f) and f.__self__ is spec else f
            for f in _functions(spec)]


def _same_function(one: Any, other: Any) -> bool:
    """Whether ``one`` and ``other`` are the same function: the same object, or equal (a
    method of one object, looked up twice, is two equal objects)."""
    if one is other:
        return True
    try:
        return bool(one == other)
    except Exception:  # an __eq__ that raises, or answers with no truth value
        return False


#: How deep ``_functions`` looks into an entrant's options or settings.
_FUNCTIONS_DEPTH = 4


def _functions(value: Any, depth: int = 0) -> list[Any]:
    """The functions and classes among ``value``'s options (a ``(name, options)`` spec) or
    settings (an agent object's attributes), in order, looking into lists, tuples, sets and
    dicts: what a description shows by name alone."""
    if depth > _FUNCTIONS_DEPTH:
        return []
    if depth == 0:
        if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Mapping):
            value = dict(value[1])
        elif is_object(value):
            value = dict(getattr(value, "__dict__", {}))
        else:
            return []
    if isinstance(value, type) or callable(value) and hasattr(value, "__qualname__"):
        return [value]
    if isinstance(value, Mapping):
        value = list(value.values())
    if isinstance(value, list | tuple | set | frozenset):
        return [f for item in value for f in _functions(item, depth + 1)]
    return []


def _twin_functions(one: Spec, other: Spec) -> str | None:
    """The name of a function (or class) that is set in ``one`` where ``other``, described
    alike, has another function of the same name — two lambdas, two closures of one maker —
    or None: such entrants are two agents that no description tells apart.

    >>> def maker(weight):
    ...     def value(state):
    ...         return weight
    ...     return value
    >>> _twin_functions(("mcts", {"evaluate": maker(1)}), ("mcts", {"evaluate": maker(2)}))
    'maker.<locals>.value'
    >>> same = maker(1)
    >>> _twin_functions(("mcts", {"evaluate": same}), ("mcts", {"evaluate": same})) is None
    True
    """
    for mine, theirs in zip(_own(one), _own(other), strict=False):
        if not _same_function(mine, theirs):
            return str(getattr(mine, "__qualname__", None) or brief(mine))
    return None


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def without_addresses(text: str) -> str:
    """``text`` without the memory addresses a default ``repr`` shows (`` at 0x7f…``), which
    differ from run to run: what an agent's error says, as a dataset keeps it.

    >>> without_addresses("can't use <Bot object at 0x7f3a2b1c0d90> here")
    "can't use <Bot object> here"
    """
    return _ADDRESS.sub("", text)
#: How deep ``stable_repr`` looks into containers (deeper ones are their plain ``repr``).
_STABLE_DEPTH = 8


def stable_repr(value: Any, depth: int = 0) -> str:
    """``repr(value)``, but the same in every process: a set's items (at any depth in
    lists, tuples, dicts and sets) sorted by their text, which ``repr`` lists in an order
    ``PYTHONHASHSEED`` decides; memory addresses are left out by the callers.

    >>> stable_repr({"avoid": {"pass", "pay", "choose blue"}, "k": (frozenset({2, 1}),)})
    "{'avoid': {'choose blue', 'pass', 'pay'}, 'k': (frozenset({1, 2}),)}"
    """
    if depth > _STABLE_DEPTH or type(value) not in (set, frozenset, list, tuple, dict):
        return repr(value)
    inner = depth + 1
    if isinstance(value, set | frozenset):
        if not value:
            return "set()" if type(value) is set else "frozenset()"
        items = "{" + ", ".join(sorted(stable_repr(v, inner) for v in value)) + "}"
        return items if type(value) is set else f"frozenset({items})"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{stable_repr(k, inner)}: {stable_repr(v, inner)}"
                               for k, v in value.items()) + "}"
    items = ", ".join(stable_repr(v, inner) for v in value)
    if isinstance(value, list):
        return f"[{items}]"
    return f"({items},)" if len(value) == 1 else f"({items})"


def _qualified(thing: Any) -> str:
    """``module:qualname`` of a class or function, else its type's and its ``repr``."""
    module, name = getattr(thing, "__module__", None), getattr(thing, "__qualname__", None)
    if isinstance(module, str) and isinstance(name, str):
        return f"{module}:{name}"
    return f"{_qualified(type(thing))} {_ADDRESS.sub('', repr(thing))}"


def _settings(agent: Any) -> str:
    """What an agent object is set to: its ``repr``, or its attributes when its class has no
    ``repr`` of its own (memory addresses left out, sets in order: ``stable_repr``; a long
    text ends in its digest)."""
    if type(agent).__repr__ is object.__repr__ and hasattr(agent, "__dict__"):
        text = "{" + ", ".join(f"{k}={stable_repr(v)}"
                               for k, v in sorted(vars(agent).items())) + "}"
    else:
        text = repr(agent)
    text = _ADDRESS.sub("", text)
    if len(text) > 300:
        text = text[:240] + " … sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]
    return text


def _json_option(value: Any) -> Any:
    """An option's value as JSON: as it is, or a function or class as its ``module:name``,
    anything else as its ``repr`` without memory addresses and with sets in order (the same
    in every process).

    >>> from tabletop.agents.mcts import cutoff_value
    >>> _json_option(cutoff_value), _json_option(object())
    ('tabletop.agents.mcts:cutoff_value', '<object object>')
    """
    value = plain(value)
    if isinstance(value, str | int | float | bool | list | dict):
        return value
    if isinstance(getattr(value, "__qualname__", None), str):
        return _qualified(value)
    return _ADDRESS.sub("", stable_repr(value))


def describe(spec: Spec) -> str:
    """What entrant ``spec`` is, as text that is the same in any process: a name (as
    ``make_agent`` reads it) and its options, the class or factory's ``module:name``, or an
    object's class and settings."""
    if isinstance(spec, str):
        return agent_key(spec)
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) \
            and isinstance(spec[1], Mapping):
        name = agent_key(spec[0])
        if not spec[1]:
            return name
        return f"{name} {json.dumps(dict(spec[1]), sort_keys=True, default=_json_option)}"
    if isinstance(spec, type):
        return f"class {_qualified(spec)}"
    if isinstance(spec, Agent):
        return f"object {_qualified(type(spec))} {_settings(spec)}"
    return f"factory {_qualified(spec)}"


def is_object(spec: Spec) -> bool:
    """Whether ``spec`` is an agent object (not a class, a name or a factory)."""
    return isinstance(spec, Agent) and not isinstance(spec, type)


def fresh(spec: Spec) -> Spec:
    """``spec`` for one game: an agent object's copy (by pickle, as a worker would get it);
    any other spec as it is.

    In a worker, an object whose class was written in the caller's script or notebook
    (``__main__``) arrives with a class rebuilt from its code (Dask's cloudpickle), which
    pickle cannot name there: that copy is made by ``copy.deepcopy``, which takes the same
    state (``__getstate__``/``__reduce__``) without naming the class.
    """
    if is_object(spec):
        try:
            return pickle.loads(pickle.dumps(spec))
        except (pickle.PicklingError, AttributeError, TypeError):
            return copy.deepcopy(spec)
    return spec


class Registered:
    """A name given to ``register_agent`` in the caller's process, carried to a worker with
    what it stands for (a worker's registry has only the built-in names): called with a
    seed, it makes the agent as ``make_agent`` would there.

    >>> from tabletop.agents import RandomAgent
    >>> Registered("my-random", RandomAgent, {}, {})(seed=3)
    RandomAgent(seed=3)
    >>> portable(("mcts", {"iterations": 5}))  # a built-in name: every process has it
    ('mcts', {'iterations': 5})
    """

    def __init__(self, key: str, factory: Any, preset: dict[str, Any],
                 options: dict[str, Any]) -> None:
        self.key, self.factory, self.preset, self.options = key, factory, preset, options

    def __call__(self, seed: int | None) -> Agent:
        return made_by(self.key, self.factory, self.preset, seed, self.options)

    def __repr__(self) -> str:
        return f"Registered({self.key!r}, {self.factory!r})"


def portable(spec: Spec) -> Spec:
    """``spec`` as any process can build it: a name (or ``(name, options)``) registered in
    this process becomes a ``Registered`` carrying its factory; any other spec as it is."""
    if isinstance(spec, str):
        name, options = spec, {}
    elif (isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str)
          and isinstance(spec[1], Mapping)):
        name, options = spec[0], dict(spec[1])
    else:
        return spec
    entry = registered(name)
    if entry is None:
        return spec
    return Registered(agent_key(name), entry[0], entry[1], options)


def build(spec: Spec, seed: int) -> Agent:
    """The agent ``spec`` gives for one game, seeded with ``seed``."""
    return resolve_agent(fresh(spec), seed)


def check_sendable(labels: Sequence[str], specs: Sequence[Spec],
                   start_method: str | None = None) -> None:
    """For an executor whose workers get their games by pickle (a process pool): every
    entrant must pickle, or each game would fail to be sent, and look like a lost worker.
    Its workers must also be able to unpickle it: one that names a class or function of a
    ``__main__`` they cannot import (a notebook's, or ``python -c``'s) would kill every
    worker of a pool that does not fork (``start_method`` ``"spawn"`` or
    ``"forkserver"``; ``None`` when unknown, taken as not forking).

    >>> check_sendable(["mine"], [lambda seed: None])  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    TypeError: agent 'mine' cannot be sent to the executor's worker processes (by pickle:
    PicklingError: ...); give a class or a factory defined at the top of a module ...
    """
    for label, spec in zip(labels, specs, strict=True):
        try:
            names = main_names(spec)
        except Exception as err:
            raise TypeError(f"agent {quote(label)} cannot be sent to the executor's worker "
                            f"processes (by pickle: {type(err).__name__}: {cut(str(err))}); "
                            f"give a class or a factory defined at the top of a module (a "
                            f"lambda or a function defined inside another is not "
                            f"picklable), or a name such as 'mcts'") from err
        if names and start_method != "fork" and not main_importable():
            raise TypeError(f"agent {quote(label)} uses {quote(names[0])}, defined in this "
                            f"notebook or session (__main__), which the executor's worker "
                            f"processes (started by {start_method or 'spawn'!r}, not fork) "
                            f"cannot import: define it in a module (a .py file) and import "
                            f"it from there, or use a Dask client (it sends the code "
                            f"itself) or no executor")


class _MainFinder(pickle.Pickler):
    """A pickler that notes the classes and functions it names in ``__main__``."""

    def __init__(self) -> None:
        super().__init__(io.BytesIO())
        self.found: list[str] = []

    def reducer_override(self, obj: Any) -> Any:
        if (isinstance(obj, type | FunctionType)
                and getattr(obj, "__module__", None) == "__main__"):
            self.found.append(str(getattr(obj, "__qualname__", obj)))
        return NotImplemented


def main_names(spec: Spec) -> list[str]:
    """The classes and functions of ``__main__`` that pickling ``spec`` names (it raises
    what pickle raises when ``spec`` cannot be pickled).

    >>> main_names(("mcts", {"iterations": 5})), main_names(Agent)
    ([], [])
    """
    finder = _MainFinder()
    finder.dump(spec)
    return finder.found


def main_importable() -> bool:
    """Whether a worker process that does not fork can rebuild ``__main__``: it runs the
    script's file again; a notebook, ``python -c`` or an interactive session has none."""
    path = getattr(sys.modules.get("__main__"), "__file__", None)
    return isinstance(path, str) and os.path.isfile(path)


def is_unsendable(err: BaseException) -> bool:
    """Whether ``err``, from a game's future, says the game could not be pickled to its
    worker (not a lost worker: sending it again would fail again)."""
    if isinstance(err, pickle.PicklingError):
        return True
    said = str(err).lower()  # "can't pickle local object …" (from Python 3.13: "can't get")
    return isinstance(err, TypeError | AttributeError) and (
        "pickle" in said or "local object" in said)


def check_entrants(labels: Sequence[str], specs: Sequence[Spec],
                   move_time: float | None, errors: str = "raise") -> None:
    """Build every entrant once, here, before any game (within ``move_time`` each): a bad
    spec, an object that cannot be copied or a constructor that overruns is refused now,
    not in a worker. A constructor that raises (or exits) is the agent's own failure: with
    ``errors="forfeit"`` the agent forfeits its games, each saying why; else it is refused
    now, in a ``ValueError`` naming the agent (a class of thirty students' bots should not
    stop on one of them, nor leave the teacher guessing whose it was)."""
    for label, spec in zip(labels, specs, strict=True):
        if is_object(spec):
            try:
                pickle.dumps(spec)
            except Exception as err:
                raise TypeError(f"agent {quote(label)} is an object, and every game starts "
                                f"from a copy of it made by pickle, which fails: "
                                f"{type(err).__name__}: {cut(str(err))}; give its class or "
                                f"a factory f(seed) -> agent instead") from None
        try:
            limited(move_time, agent_call, build, spec, 0)
        except Overrun:
            raise ValueError(f"agent {quote(label)} took longer than move_time={move_time:g} "
                             f"s to be built (building an agent has the time of one move)"
                             ) from None
        except (CallerError, TypeError):  # the spec itself: a misspelt name, a wrong option,
            raise  # a value that is no agent (each message names it)
        except Exception as err:
            if errors == "forfeit":  # the agent's own code: its games say so, one by one
                continue
            raise ValueError(f"agent {quote(label)} could not be built: "
                             f"{type(err).__name__}: {cut(str(err))}") from err
