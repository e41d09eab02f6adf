"""The agent protocol, the random agent, and the one resolver of agents by name, by options,
by class, by factory or as objects.

Every agent has ``act(view) -> action``: it sees only what its player may see. Agents are
named in one registry (``register_agent``); ``make_agent`` builds one by name, and
``resolve_agent`` turns any spec — what the game widget's ``bots={1: "mcts"}`` and
``tabletop.arena`` accept — into an agent.

>>> make_agent("random", seed=1).name
'random'
>>> make_agent("mcts", seed=1, strength="weak")
MCTSAgent(iterations=50, seed=1)
>>> resolve_agent(("mcts", {"iterations": 20}), seed=3)
MCTSAgent(iterations=20, seed=3)
>>> resolve_agent(RandomAgent, seed=4).seed
4
"""

from __future__ import annotations

import functools
import inspect
import random
import re
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any, Protocol, cast, runtime_checkable

from ..core.choices import did_you_mean, unknown
from ..core.errors import CallerError, IllegalAction, InvalidOption, UnknownAgent
from ..core.game import Action, State, View
from ..core.legal import LegalActions
from ..core.names import nfc, spelt
from ..core.quoting import brief, cut
from .settings import SettingError, rng_of, seed_of


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for the player a view belongs to."""

    def act(self, view: View) -> Action:
        """One legal action for the player ``view`` belongs to (the player to move)."""
        ...


#: What an agent asked to move after the end says (``IllegalAction``, as ``apply`` there).
GAME_OVER = "the game is over: there is no move to choose"


def as_view(subject: View | State) -> View:
    """A view to decide from: a ``State`` is turned into its current player's view.

    A finished game has no one to move: an agent asked to move there refuses with
    ``IllegalAction`` saying the game is over, as ``apply`` does.
    """
    if isinstance(subject, State):
        if subject.current_player is None:
            raise IllegalAction(GAME_OVER)
        return subject.view(subject.current_player)
    if not isinstance(subject, View):
        raise TypeError(f"an agent acts on a View (or a State), not {type(subject).__name__}")
    return subject


def fresh_view(state: State, player: int) -> View:
    """A view of ``state`` for ``player`` to hand an agent: made afresh, not the one
    ``state.view(player)`` keeps, so whatever the agent does to it (``object.__setattr__``
    on a frozen field, say) stays with that agent, and the state, its other viewers and the
    widget showing it never see the change.

    >>> import tabletop
    >>> s = tabletop.load("lava-flows").new(seed=1)
    >>> fresh_view(s, 0) == s.view(0), fresh_view(s, 0) is s.view(0)
    (True, False)
    """
    return state._logged_view(state._check_player(player))


def legal_for(view: View) -> LegalActions[Action]:
    """The actions an agent chooses among; ``IllegalAction`` when the view's player has
    none (the game is over, or another player is to move)."""
    legal = view.legal_actions()
    if not legal:
        if view.current_player is None:
            raise IllegalAction(GAME_OVER)
        raise IllegalAction(
            f"it is player {view.current_player}'s turn, not player {view.player}'s: "
            "an agent can only act for the player whose view it is given"
        )
    return legal


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded RNG.

    >>> RandomAgent(seed=3).seed
    3
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed_of(seed)
        self.rng = random.Random(self.seed)

    def __setattr__(self, name: str, value: object) -> None:
        if name == "seed":
            value = seed_of(value)
        elif name == "rng":
            value = rng_of(value)
        object.__setattr__(self, name, value)

    def act(self, view: View | State) -> Action:
        """A uniformly random legal action of the view's player."""
        return self.rng.choice(legal_for(as_view(view)))

    def __repr__(self) -> str:
        return "RandomAgent()" if self.seed is None else f"RandomAgent(seed={self.seed})"


# --- the registry and the resolver ----------------------------------------------------------

AgentFactory = Callable[..., Agent]

#: Agents by name: a factory (called with ``seed=`` and options), or its ``"module:name"``
#: imported on first use, with the options the name stands for; the built-in ones weakest
#: first (the order the widget's seat pickers offer them in).
_REGISTRY: dict[str, tuple[AgentFactory | str, dict[str, Any]]] = {
    "random": (RandomAgent, {}),
    "mcts-weak": ("tabletop.agents.mcts:MCTSAgent", {"strength": "weak"}),
    "mcts": ("tabletop.agents.mcts:MCTSAgent", {}),
    "mcts-strong": ("tabletop.agents.mcts:MCTSAgent", {"strength": "strong"}),
}
_BUILT_IN = frozenset(_REGISTRY)


def agent_key(name: str) -> str:
    """An agent's name as ``make_agent`` reads it: case, surrounding spaces and how an
    accent was typed (``"é"`` or ``"e"`` and a combining accent) do not count.

    >>> agent_key(" MCTS-weak"), agent_key("Cafe\u0301") == agent_key("café")
    ('mcts-weak', True)
    """
    return nfc(name).strip().lower()


def register_agent(name: str, factory: AgentFactory | str, **options: Any) -> None:
    """Make ``make_agent(name, seed=…, **kw)`` call ``factory(seed=…, **options, **kw)``;
    ``factory`` may be given as ``"module:name"``. Names are read as ``make_agent`` reads
    them (``" MyBot"`` is ``"mybot"``); registering a name again replaces it (a notebook
    cell run twice), except the built-in ones.

    >>> register_agent("random", RandomAgent)
    Traceback (most recent call last):
    ...
    ValueError: 'random' is a built-in agent: register yours under another name
    """
    if not isinstance(name, str):
        raise ValueError(f"an agent's name is a non-empty string, not {brief(name)}")
    key = agent_key(spelt(name, "an agent's name"))  # (no line breaks, no direction controls)
    if key in _BUILT_IN:
        raise ValueError(f"{key!r} is a built-in agent: register yours under another name")
    if key == "human":  # (the widget's seats and pickers read it so, and would never reach it)
        raise ValueError("'human' gives a seat to a person (tabletop.play(..., bots={1: "
                         "'human'})): register your agent under another name")
    if not (callable(factory) or isinstance(factory, str) and ":" in factory):
        raise TypeError(f"an agent factory is a callable (seed=…, **options) -> agent, or "
                        f"its 'module:name', not {brief(factory)}")
    if "seed" in options:  # every make_agent call gives the seed: a preset one clashes
        raise ValueError(f"agent {key!r} cannot preset seed=: make_agent seeds each agent "
                         f"it makes (make_agent({key!r}, seed=5))")
    if callable(factory):  # (a "module:name" is checked when it is first imported)
        _check_option_names(key, factory, {}, options)
    _REGISTRY[key] = (factory, options)


def is_built_in(agent: object) -> bool:
    """Whether ``agent`` is an object of one of tabletop's own agent classes (those of the
    built-in names), rather than someone's own (a subclass of one is their own).

    >>> is_built_in(make_agent("mcts-weak")), is_built_in(RandomAgent), is_built_in(3)
    (True, False, False)
    """
    kinds = set()
    for key in _BUILT_IN:
        factory = _REGISTRY[key][0]
        kinds.add(_imported(key, factory) if isinstance(factory, str) else factory)
    return type(agent) in kinds


def agent_names() -> tuple[str, ...]:
    """The names ``make_agent`` knows (the widget offers them for every seat): the built-in
    ones weakest first, then those registered, in turn.

    >>> agent_names()[:4]
    ('random', 'mcts-weak', 'mcts', 'mcts-strong')
    """
    return tuple(_REGISTRY)


def make_agent(name: str | Agent, seed: int | None = None, **options: Any) -> Agent:
    """An agent by name: ``"random"``, ``"mcts"``, ``"mcts-weak"`` or ``"mcts-strong"``
    (options such as ``strength="strong"``, ``iterations=2000`` or ``seconds=0.5`` go to the
    agent). An agent object is returned as is.

    >>> make_agent("mcts", seed=2, iterations=50)
    MCTSAgent(iterations=50, seed=2)
    >>> make_agent("minimax")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownAgent: no agent called 'minimax'; known agents: 'random', ...
    >>> make_agent("mtcs")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownAgent: no agent called 'mtcs'; did you mean 'mcts'? ...
    """
    if isinstance(name, Agent) and not isinstance(name, type):
        return name
    if isinstance(name, type):
        raise UnknownAgent(f"make_agent takes an agent's name or an agent object, not the class "
                           f"{name.__name__}: make one ({name.__name__}(...)), or give it a "
                           f"name with register_agent")
    key = agent_key(name) if isinstance(name, str) else None
    if key is None or key not in _REGISTRY:
        raise UnknownAgent(unknown("agent", name, _REGISTRY) + ", or an object with act(view)")
    factory, preset = _REGISTRY[key]
    if isinstance(factory, str):
        factory = _imported(key, factory)
        _check_option_names(key, factory, {}, preset)
        _REGISTRY[key] = (factory, preset)
    return made_by(key, factory, preset, seed, options)


def registered(name: str) -> tuple[AgentFactory | str, dict[str, Any]] | None:
    """What a name given to ``register_agent`` in this process stands for — its factory
    (or ``"module:name"``) and preset options — or ``None`` for a built-in or unknown name.
    Another process (a pool's worker) has only the built-in names.

    >>> registered("mcts") is None
    True
    """
    key = agent_key(name) if isinstance(name, str) else ""
    if key in _BUILT_IN or key not in _REGISTRY:
        return None
    factory, preset = _REGISTRY[key]
    return factory, dict(preset)


def made_by(key: str, factory: AgentFactory | str, preset: Mapping[str, Any],
            seed: int | None, options: Mapping[str, Any]) -> Agent:
    """The agent named ``key`` makes: ``factory(seed=seed, **preset, **options)``, checked
    as ``make_agent`` checks it (the factory may be its ``"module:name"``)."""
    if isinstance(factory, str):
        factory = _imported(key, factory)
        _check_option_names(key, factory, {}, dict(preset))
    options = dict(options)
    _check_option_names(key, factory, preset, options)
    try:
        made = factory(seed=seed, **preset, **options)
    except TypeError as err:  # the factory does not take what a name's factory is given
        raise TypeError(f"agent {key!r}'s factory {brief(factory)} was called with seed= and "
                        f"its options, and raised TypeError: {cut(str(err))}") from err
    except ValueError as err:  # an option's value out of range: the caller's, one line
        if isinstance(err, CallerError) and not isinstance(err, SettingError):
            raise  # (an unknown strength, say: one line of its own already)
        cause = _outside_cause(factory, err)
        if options and any(word in str(err) for word in preset):  # a clash with the preset
            settings = ", ".join(f"{k}={v!r}" for k, v in preset.items())
            raise InvalidOption(f"agent {key!r} presets {settings}: {err}; to set "
                                f"{', '.join(options)} yourself, use "
                                f"{_unpreset(key, factory)}") from cause
        raise InvalidOption(f"agent {key!r}: {err}") from cause
    if not isinstance(made, Agent) or isinstance(made, type):
        raise TypeError(f"agent {key!r}'s factory {brief(factory)} made {brief(made)}, which "
                        f"has no act(view)")
    if key in _BUILT_IN and preset:  # a preset's agent answers to it ("mcts-strong")
        made.name = key  # type: ignore[attr-defined]
    return made


def _outside_cause(factory: object, err: BaseException) -> BaseException | None:
    """``err`` if ``factory`` is the caller's own code (its traceback shows where in it the
    value was refused), else None: a tabletop agent's refusal, whose words the new error
    repeats, would only add a traceback through tabletop's insides.

    >>> _outside_cause(RandomAgent, ValueError("no")) is None
    True
    """
    module = getattr(factory, "__module__", None) or ""
    return None if module == "tabletop" or module.startswith("tabletop.") else err


def _unpreset(key: str, factory: AgentFactory) -> str:
    """The name of the agent ``key`` presets options of, with none preset (``'mcts'`` for
    ``'mcts-weak'``), quoted; else its factory.

    >>> from tabletop.agents.mcts import MCTSAgent
    >>> _unpreset("mcts-strong", MCTSAgent)
    "'mcts'"
    """
    where = f"{getattr(factory, '__module__', '')}:{getattr(factory, '__qualname__', '')}"
    for name, (made, preset) in _REGISTRY.items():
        if name != key and not preset and (made is factory or made == where):
            return repr(name)
    return f"its factory {brief(factory)}"


def _imported(key: str, where: str) -> AgentFactory:
    """The factory a name was registered with as ``"module:name"``, imported; a
    ``ValueError`` naming the agent and what could not be imported.

    >>> _imported("nowhere", "no_such_module:Bot")
    Traceback (most recent call last):
    ...
    ValueError: agent 'nowhere' is registered as 'no_such_module:Bot', which cannot be ...
    """
    module, _, attr = where.partition(":")
    try:
        factory = getattr(import_module(module), attr)
    except (ImportError, AttributeError, ValueError, TypeError) as err:
        raise ValueError(f"agent {key!r} is registered as {brief(where)}, which cannot be "
                         f"imported ({type(err).__name__}: {cut(str(err))}): register it "
                         f"again with the factory itself or its right 'module:name'") from None
    if not callable(factory):
        raise ValueError(f"agent {key!r} is registered as {brief(where)}, which is "
                         f"{brief(factory)}, not a factory (seed=…, **options) -> agent")
    return cast(AgentFactory, factory)


def _check_option_names(key: str, factory: AgentFactory, preset: Mapping[str, Any],
                        options: dict[str, Any]) -> None:
    """Refuse an option the name already sets, or one the factory does not take (naming the
    nearest and every one it does; a factory that takes ``**options`` checks its own).

    >>> make_agent("mcts", iteration=100)
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidOption: agent 'mcts' has no option 'iteration'; did you mean ...
    """
    for word in options:
        if word in preset:
            raise InvalidOption(f"agent {key!r} sets {word}={preset[word]!r} itself; pass "
                                f"{word}= to {_unpreset(key, factory)} instead")
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a callable without a signature: it checks its own
        return
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return
    takes = [p.name for p in parameters if p.name != "seed"
             and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    for word in options:
        if word not in takes:
            raise InvalidOption(f"agent {key!r} has no option {brief(word)}; "
                             f"{did_you_mean(word, takes)}its options: "
                             f"{', '.join(takes) or 'none'}")


def resolve_agent(spec: Any, seed: int | None = None) -> Agent:
    """The agent ``spec`` means, seeded with ``seed``: an agent object (used as it is), a
    name, ``(name, options)``, an agent class (built with ``seed=`` if it takes one), or a
    factory, called with the seed as its parameters take it (``seed_passing``: ``f(seed)``,
    ``f(*, seed)``, or ``f()`` such as ``functools.partial(MyAgent, depth=2)``). Anything
    else is refused, saying what is accepted — a plain ``act(view)`` function too: a
    function is always a factory, and one whose first parameter is ``view`` or ``state`` is
    refused before it is called.

    >>> resolve_agent(3.5)
    Traceback (most recent call last):
    ...
    TypeError: an agent is a name, (name, options), an agent, an agent class or a factory ...
    """
    if isinstance(spec, str):
        return make_agent(spec, seed=seed)
    if (isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str)
            and isinstance(spec[1], Mapping)):
        return make_agent(spec[0], seed=seed, **_option_words(spec[0], spec[1]))
    if isinstance(spec, Agent) and not isinstance(spec, type):
        return spec
    if isinstance(spec, type):
        try:
            takes_seed = "seed" in inspect.signature(spec).parameters
        except (TypeError, ValueError):  # a class without a signature (a builtin): no seed
            takes_seed = False
        try:
            built = spec(seed=seed) if takes_seed else spec()
        except TypeError as err:
            raise TypeError(f"the agent class {brief(spec)} could not be built with "
                            f"{'seed=' + str(seed) if takes_seed else 'no arguments'}: "
                            f"{cut(str(err))}") from err
    elif callable(spec):
        built = _from_factory(spec, seed)
    else:
        raise TypeError(f"an agent is a name, (name, options), an agent, an agent class or "
                        f"a factory of seed -> agent, not {brief(spec)}")
    if not isinstance(built, Agent):
        raise TypeError(f"{brief(spec)} made {brief(built)}, which has no act(view)")
    return built


def _option_words(name: str, options: Mapping[Any, Any]) -> dict[str, Any]:
    """The options of a ``(name, options)`` spec, whose keys must be option names.

    >>> _option_words("mcts", {1: 2})
    Traceback (most recent call last):
    ...
    TypeError: the options of ('mcts', …) are named by strings, such as {'iterations': 200}, not 1
    """
    for word in options:
        if not isinstance(word, str):
            raise TypeError(f"the options of ({name!r}, …) are named by strings, such as "
                            f"{{'iterations': 200}}, not {brief(word)}")
        if word == "name":
            raise ValueError(f"the options of ({name!r}, …) cannot set 'name': the agent's "
                             f"name is the pair's first item")
        if word == "seed":
            raise ValueError(f"the options of ({name!r}, …) cannot set 'seed': the agent is "
                             f"seeded where it is made (each game seeds its own); for one "
                             f"seed, give an agent object such as make_agent({name!r}, seed=5)")
    return dict(options)


#: What a function given as an agent is taken for (and what it is not).
_FACTORY_ONLY = ("a function given as an agent is a factory f(seed) -> agent (or f() -> agent, "
                 "or f(*, seed) -> agent); a function that picks a move from a view is no "
                 "agent: make it the act(self, view) method of a class, and give the class")


def seed_passing(factory: Callable[..., Any]) -> str:
    """How ``factory`` takes the seed, read from its parameters: ``"positional"`` (a first
    positional parameter, whatever its name, or ``*args``; also a factory without a
    signature), ``"keyword"`` (a keyword-only ``seed``, or ``**options``) or ``"none"`` (it
    takes no argument: ``lambda: MyAgent()``, ``functools.partial(MyAgent, depth=2)``).

    >>> import functools
    >>> class Greedy:
    ...     def __init__(self, depth, seed=None): ...
    >>> [seed_passing(f) for f in (lambda s: 0, lambda: 0, functools.partial(Greedy, depth=2))]
    ['positional', 'none', 'keyword']
    """
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # no signature to read (a builtin): call it with the seed
        return "positional"
    kinds = {p.kind for p in parameters}
    if kinds & {inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                inspect.Parameter.VAR_POSITIONAL}:
        return "positional"
    if inspect.Parameter.VAR_KEYWORD in kinds or any(p.name == "seed" for p in parameters):
        return "keyword"
    return "none"


def _from_factory(factory: Callable[..., Any], seed: int | None) -> Any:
    """``factory`` called with ``seed`` as its parameters take it (``seed_passing``): refused
    up front if it takes a view (an act function), and its ``TypeError`` or
    ``AttributeError`` explained (the seed was taken for something else).

    >>> def first(view): ...
    >>> _from_factory(first, 1)
    Traceback (most recent call last):
    ...
    TypeError: first(view) takes a view: a function given as an agent is a factory ...
    """
    name = getattr(factory, "__name__", None) or brief(factory)
    try:
        parameters = list(inspect.signature(factory).parameters)
    except (TypeError, ValueError):  # no signature to read (a builtin): call it
        parameters = []
    if parameters and parameters[0] in ("view", "state"):
        raise TypeError(f"{name}({parameters[0]}) takes a {parameters[0]}: {_FACTORY_ONLY}")
    passing = seed_passing(factory)
    try:
        if passing == "positional":
            return factory(seed)
        return factory(seed=seed) if passing == "keyword" else factory()
    except (TypeError, AttributeError) as err:
        how = "no arguments" if passing == "none" else f"seed={seed}"
        raise TypeError(f"{name} was called as an agent factory with {how} and raised "
                        f"{type(err).__name__}: {cut(str(err))} — {_FACTORY_ONLY}") from err


def agent_label(spec: Any) -> str:
    """A short name for an agent or a spec: its ``name``, or its class's name.

    A name is spelt as ``make_agent`` reads it (``"MCTS "`` is ``"mcts"``), so one agent
    has one label however it was typed.

    >>> agent_label(RandomAgent()), agent_label(("MCTS", {"iterations": 9}))
    ('random', 'mcts(iterations=9)')
    """
    if isinstance(spec, str):
        return agent_key(spec)
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str) \
            and isinstance(spec[1], Mapping):  # (any other tuple is refused when resolved)
        name = agent_key(spec[0])
        options = ",".join(f"{k}={_shown(v)}" for k, v in dict(spec[1]).items())
        return f"{name}({options})" if options else name
    if isinstance(spec, functools.partial):  # labelled by what it builds
        return agent_label(spec.func)
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", None)
               or type(spec).__name__)


def _shown(value: Any) -> str:
    """An option's value in a label: a function or class by its name, anything else as
    ``str`` gives it, without memory addresses (a label is the same in every process).

    >>> from tabletop.agents.mcts import cutoff_value
    >>> agent_label(("mcts", {"evaluate": cutoff_value}))
    'mcts(evaluate=cutoff_value)'
    """
    name = getattr(value, "__qualname__", None)
    if isinstance(name, str) and callable(value):
        return name
    return re.sub(r" at 0x[0-9a-fA-F]+", "", str(value))
