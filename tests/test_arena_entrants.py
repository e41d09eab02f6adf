"""Who plays a tournament: one label is one agent (in the call and in a resumed dataset),
an agent object starts every game from the same state here as in a worker, and what is no
entrant — an ``act(view)`` function, a set, a generator — is refused saying what is."""

from __future__ import annotations

import functools
import gc
import json
import pickle
import re
import warnings
from concurrent.futures import Executor, Future, ProcessPoolExecutor

import pytest

import tabletop
from tabletop.agents import MCTSAgent, RandomAgent, resolve_agent
from tabletop.arena import arena, combine, load


def records(result):
    return [g.record["actions"] for g in result.games]


class First:
    name = "first"

    def __init__(self, seed=None):
        pass

    def act(self, view):
        return view.legal_actions()[0]


class Last(First):
    name = "first"  # another agent under the same label

    def act(self, view):
        return view.legal_actions()[-1]


def test_two_different_agents_under_one_label_are_refused():
    bots = [MCTSAgent(iterations=5, seed=1), MCTSAgent(iterations=200, seed=2)]
    with pytest.raises(ValueError, match=r"two different entrants of agents are labelled "
                                         r"'mcts' .*iterations=5.*iterations=200.*would merge"):
        arena("lava-flows", bots, games=1, progress=False)
    with pytest.raises(ValueError, match="labelled 'first'"):
        arena("lava-flows", [First, Last], games=1, progress=False)
    with pytest.raises(ValueError, match="labelled 'random' .*RandomAgent.* and random"):
        arena("lava-flows", [RandomAgent(seed=2), "random"], games=1, progress=False)
    with pytest.raises(ValueError, match="labelled '<lambda>'"):
        arena("lava-flows", [lambda seed: First(), lambda seed: Last()], games=1,
              progress=False)


def test_one_agent_twice_is_one_entrant():
    bot = MCTSAgent(iterations=5, seed=1)
    for agents in (["random", "random", "random"], [First, First, "random"],
                   ["random", ("random", {}), "mcts-weak"],
                   [bot, bot, "random"], [RandomAgent(seed=2), RandomAgent(seed=2), First]):
        assert len(arena("lascaux", agents, games=1, progress=False)) == 1


def test_a_dataset_knows_its_agents_beyond_their_labels(tmp_path):
    arena("lava-flows", [MCTSAgent(iterations=5), "random"], games=2, progress=False,
          save=tmp_path)
    kept = json.loads((tmp_path / "dataset.json").read_text(encoding="utf-8"))
    assert [e["label"] for e in kept["entrants"]] == ["mcts", "random"]
    assert "iterations=5" in kept["entrants"][0]["agent"]
    with pytest.raises(ValueError, match=r"holds another tournament: its agent 'mcts' is "
                                         r".*iterations=5.*, not .*iterations=300"):
        arena("lava-flows", [MCTSAgent(iterations=300), "random"], games=4, progress=False,
              save=tmp_path)
    with pytest.raises(ValueError, match="its agent 'first' is class .*First, not class "
                                         ".*Last"):
        folder = tmp_path / "classes"
        arena("lava-flows", {"first": First, "b": "random"}, games=1, progress=False,
              save=folder)
        arena("lava-flows", {"first": Last, "b": "random"}, games=2, progress=False,
              save=folder)
    assert len(arena("lava-flows", [MCTSAgent(iterations=5), "random"], games=3,
                     progress=False, save=tmp_path)) == 3  # the same agent resumes it


def test_an_agent_object_starts_every_game_from_the_same_state():
    bot = MCTSAgent(seed=1, iterations=20)
    here = arena("lava-flows", [bot, "random"], games=3, seed=0, progress=False)
    again = arena("lava-flows", [bot, "random"], games=3, seed=0, progress=False)
    assert records(here) == records(again)
    with ProcessPoolExecutor(1) as pool:
        there = arena("lava-flows", [bot, "random"], games=3, seed=0, progress=False,
                      executor=pool)
    assert records(there) == records(here)


class Unpicklable(First):
    def __init__(self, seed=None):
        self.lock = __import__("threading").Lock()


def test_an_agent_object_that_cannot_be_copied_is_refused_before_any_game():
    with pytest.raises(TypeError, match="agent 'first' is an object, and every game starts "
                                        "from a copy of it made by pickle"):
        arena("lava-flows", [Unpicklable(), "random"], games=1, progress=False)


def my_bot(view):
    return view.legal_actions()[0]


def seeded_bot(seed):
    return seed.legal_actions()[0]  # an act function whose parameter has another name


def test_an_act_function_is_refused_saying_what_an_entrant_is():
    for spec in (my_bot, seeded_bot):
        with pytest.raises(TypeError, match="a function given as an agent is a factory "
                                            r"f\(seed\) -> agent"):
            arena("lava-flows", [spec, "random"], games=1, progress=False)
    with pytest.raises(TypeError, match=r"my_bot\(view\) takes a view"):
        resolve_agent(my_bot, seed=1)
    with pytest.raises(TypeError, match="seeded_bot was called as an agent factory with "
                                        "seed=1 and raised AttributeError") as raised:
        resolve_agent(seeded_bot, seed=1)
    assert isinstance(raised.value.__cause__, AttributeError)


class Deliberate:
    """An agent with a setting of its own, which a factory fills in."""

    def __init__(self, depth, seed=None):
        self.depth, self.seed = depth, seed

    def act(self, view):
        return view.legal_actions()[0]


class Plain:
    def act(self, view):
        return view.legal_actions()[-1]


def keyword_seed(*, seed):
    return Deliberate(1, seed)


def any_options(**options):
    return Deliberate(1, options.get("seed"))


#: Factories as Python writes them (issue 21: "accept a class, a factory or an instance"):
#: each is called as its parameters say, with the seed where it takes one.
FACTORIES = {"partial with a setting": (functools.partial(Deliberate, depth=2), 7),
             "partial of a plain class": (functools.partial(Plain), None),
             "no arguments": (lambda: Deliberate(3), None),
             "seed by keyword only": (keyword_seed, 7),
             "**options": (any_options, 7)}


@pytest.mark.parametrize("kind", list(FACTORIES))
def test_a_factory_is_called_as_its_parameters_say(kind):
    factory, seed_seen = FACTORIES[kind]
    agent = resolve_agent(factory, seed=7)
    assert getattr(agent, "seed", None) == seed_seen
    for name in tabletop.games():
        for players in tabletop.load(name).player_counts:
            others = ["random"] * (players - 1)
            result = arena(name, [factory, *others], games=1, players=players,
                           progress=False, errors="raise")
            assert len(result.games) == 1 and result.games[0].error is None, (name, players)
    widget = tabletop.play("landlock", seed=1, bots={1: factory})
    assert widget.state.current_player == 0  # the bot was built; the human is to move
    widget.close()


def test_a_partial_is_labelled_by_what_it_builds():
    result = arena("lava-flows", [functools.partial(Deliberate, depth=2), "random"], games=1,
                   progress=False)
    assert [row.agent for row in result.summary()] == ["Deliberate", "random"]


def test_a_factory_that_fails_says_how_it_was_called():
    with pytest.raises(TypeError, match="factory_of_nothing was called as an agent factory "
                                        "with no arguments and raised TypeError"):
        resolve_agent(factory_of_nothing, seed=1)


def factory_of_nothing():
    return Deliberate()  # (its depth forgotten)


@pytest.mark.parametrize("agents", [{"random", "mcts"}, (a for a in ["random", "mcts"]),
                                    frozenset(["random"]), {"random": 1}.keys()],
                         ids=["set", "generator", "frozenset", "keys"])
def test_agents_in_no_order_are_refused(agents):
    with pytest.raises(TypeError, match="agents should be a list of agents, one per seat"):
        arena("lava-flows", agents, games=1, progress=False)


def test_a_crashed_batch_is_set_aside_with_no_file_left_open(tmp_path):
    arena("lava-flows", ["random", "random"], games=1, progress=False, save=tmp_path)
    (tmp_path / "games" / "batch-00001.jsonl.part").write_text("{}\n", encoding="utf-8")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        arena("lava-flows", ["random", "random"], games=2, progress=False, save=tmp_path)
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]
    assert any("half-written" in str(w.message) for w in caught)


def _made_here(seed):
    return RandomAgent(seed=seed)


class _Pickling(Executor):
    """An executor whose workers get each call by pickle (as a process pool's or an MPI
    pool's do), here in this thread: a call that cannot be pickled fails in its future."""

    def __init__(self):
        self.calls = 0

    def submit(self, fn, *args):
        self.calls += 1
        future = Future()
        try:
            future.set_result(pickle.loads(pickle.dumps(fn))(*args))
        except Exception as err:  # noqa: BLE001 - handed to the caller through the future
            future.set_exception(err)
        return future


def test_an_entrant_a_process_pool_cannot_be_sent_is_refused_before_any_game():
    """A lambda factory cannot be pickled to a process pool's workers: refused at once,
    naming the entrant and what to give instead — not taken for lost workers, retried
    and warned about game after game."""
    local = lambda seed: RandomAgent(seed=seed)  # noqa: E731 - the case in point
    with ProcessPoolExecutor(1) as pool, warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(TypeError, match=r"agent '<lambda>' cannot be sent to the "
                                            r"executor's worker processes \(by pickle"):
            arena("landlock", [local, "random"], games=2, progress=False, executor=pool)
        played = arena("landlock", [_made_here, "random"], games=2, progress=False,
                       executor=pool)
    assert records(played) == records(arena("landlock", [_made_here, "random"], games=2,
                                            progress=False))


def test_a_game_that_cannot_be_sent_is_no_lost_game():
    """Any executor: a future failing with a pickling error stops the run at once."""
    pool = _Pickling()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(TypeError, match="game 0 could not be sent to the executor's "
                                            "workers .*defined at the top of a module"):
            arena("landlock", [lambda seed: RandomAgent(seed=seed), "random"], games=3,
                  progress=False, executor=pool, batch=1)
    assert pool.calls == 1
    assert len(arena("landlock", [_made_here, "random"], games=2, progress=False,
                     executor=_Pickling())) == 2


@pytest.mark.parametrize("spec, label", [("Random", "random"), (" random ", "random"),
                                         (("MCTS-weak", {}), "mcts-weak"),
                                         (("MCTS", {"iterations": 5}), "mcts(iterations=5)")])
def test_one_agent_typed_two_ways_is_one_entrant(spec, label):
    """A name is labelled as ``make_agent`` reads it, so it merges with the same agent
    typed another way (as two "random" do) instead of being rated as a second entrant."""
    canonical = ("mcts-weak" if label == "mcts-weak" else
                 ("mcts", {"iterations": 5}) if label.startswith("mcts(") else "random")
    result = arena("lava-flows", [canonical, spec], games=2, progress=False)
    assert [s.agent for s in result.summary()] == [label]


class _Notebook:
    """An agent class as a notebook defines it: in a ``__main__`` that has no file."""

    def __init__(self, seed=None):
        self.agent = RandomAgent(seed=seed)

    def act(self, view):
        return self.agent.act(view)


@pytest.fixture
def notebook_main(monkeypatch):
    """``__main__`` as in a notebook (or ``python -c``): no file a worker could run again,
    holding ``_Notebook`` (named ``Mine`` there) and a factory of it."""
    import sys
    import types

    main = types.ModuleType("__main__")
    cls = type("Mine", (_Notebook,), {"__module__": "__main__"})

    def factory(seed):
        return cls(seed)

    factory.__module__, factory.__qualname__ = "__main__", "factory"
    main.Mine, main.factory = cls, factory
    monkeypatch.setitem(sys.modules, "__main__", main)
    return main


class _Holding:
    """An agent of a module's class that holds a notebook's function."""

    def __init__(self, helper):
        self.helper = helper

    def act(self, view):
        return view.legal_actions()[0]


@pytest.mark.parametrize("kind", ["class", "object", "factory", "object holding one"])
def test_a_notebook_agent_a_spawned_pool_cannot_import_is_refused_before_any_game(
        notebook_main, kind):
    """A class (or factory) written in a notebook pickles by its name in ``__main__``,
    which a pool's spawned worker cannot import: each worker died unpickling the game
    (``BrokenProcessPool`` after the retries). Refused at once, saying what to do."""
    import multiprocessing

    spec = {"class": notebook_main.Mine, "object": notebook_main.Mine(1),
            "factory": notebook_main.factory,
            "object holding one": _Holding(notebook_main.factory)}[kind]
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn) as pool:
        with pytest.raises(TypeError, match=r"agent 'mine' uses '(Mine|factory)', defined "
                                            r"in this notebook or session \(__main__\).*"
                                            r"define it in a module"):
            arena("lava-flows", {"mine": spec, "random": "random"}, games=2,
                  progress=False, executor=pool)


def test_a_notebook_agent_is_sent_where_workers_can_have_it(notebook_main, tmp_path):
    """Where the workers do get ``__main__`` — a forked pool, or a script's file that a
    spawned worker runs again — the same agent is accepted and plays the same games."""
    import multiprocessing

    from tabletop.arena.entrants import check_sendable

    fork = multiprocessing.get_context("fork")
    agents = {"mine": notebook_main.Mine, "random": "random"}
    with ProcessPoolExecutor(1, mp_context=fork) as pool:
        played = arena("lava-flows", agents, games=2, progress=False, executor=pool)
    assert records(played) == records(arena("lava-flows", agents, games=2, progress=False))
    script = tmp_path / "script.py"
    script.write_text("", encoding="utf-8")
    notebook_main.__file__ = str(script)
    check_sendable(["mine"], [notebook_main.Mine], "spawn")


class Picky:
    """An agent with an option: plays its ``pick``-th legal move (or the last)."""

    def __init__(self, seed=None, pick=0):
        self.pick = pick

    def act(self, view):
        legal = view.legal_actions()
        return legal[min(self.pick, len(legal) - 1)]


def test_a_name_registered_here_plays_the_same_games_in_spawned_workers(monkeypatch):
    """``register_agent`` fills this process's registry only: a pool's spawned worker (or a
    Dask worker) did not know the name, so the agent forfeited every game there, with
    "could not be built: UnknownAgent". The arena now carries what the name stands for —
    its factory, or its "module:name", with the preset options — and the games agree."""
    import multiprocessing

    from tabletop.agents import base, register_agent

    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))  # forgotten after the test
    register_agent("picky-last", Picky, pick=99)
    register_agent("picky-by-path", f"{__name__}:Picky")
    agents = {"last": "Picky-Last", "second": ("picky-by-path", {"pick": 1})}
    here = arena("lava-flows", agents, games=2, progress=False)
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn) as pool:
        there = arena("lava-flows", agents, games=2, progress=False, executor=pool)
    assert [g.error for g in there.games] == [None, None]
    assert records(there) == records(here)


def _value_maker(weight):
    def value(state):
        return [weight * s for s in state.returns()]
    return value


_RETURNS = lambda s: list(s.returns())  # noqa: E731 (two lambdas: both called '<lambda>')
_NOTHING = lambda s: [0.0, 0.0]  # noqa: E731


class _Chooser:
    name = "chooser"

    def __init__(self):
        self.choose = self.first

    def first(self, view):
        return view.legal_actions()[0]

    def act(self, view):
        return self.choose(view)


class _Weights:
    def value(self, state):
        return list(state.returns())


def test_two_functions_of_one_name_are_two_agents_under_one_label():
    """Two differently set agents whose settings print alike — two lambdas, two closures
    of one maker — are two entrants: one label for both is refused, naming the function."""
    twins = {
        "lambda": [("mcts", {"iterations": 5, "evaluate": _RETURNS}),
                   ("mcts", {"iterations": 5, "evaluate": _NOTHING})],
        "closure": [("mcts", {"iterations": 5, "evaluate": _value_maker(1)}),
                    ("mcts", {"iterations": 5, "evaluate": _value_maker(-1)})],
    }
    for called, agents in twins.items():
        name = "<lambda>" if called == "lambda" else "_value_maker.<locals>.value"
        with pytest.raises(ValueError, match=r"two different entrants of agents are labelled "
                                             rf".*both called '{re.escape(name)}'.*merge"):
            arena("lava-flows", agents, games=1, progress=False)
        labelled = dict(zip(("one", "two"), agents, strict=True))  # a mapping names them
        assert arena("lava-flows", labelled, games=1, progress=False).agents == ("one", "two")
    assert len(set(arena("lava-flows", [_Chooser(), _Chooser()], games=1,
                         progress=False).agents)) == 1  # each its own self.choose: alike
    weights, same = _Weights(), _value_maker(1)
    for agents in ([("mcts", {"iterations": 5, "evaluate": same})] * 2,
                   [("mcts", {"iterations": 5, "evaluate": weights.value}),
                    ("mcts", {"iterations": 5, "evaluate": weights.value})]):
        assert len(set(arena("lava-flows", agents, games=1, progress=False).agents)) == 1


def test_combine_refuses_a_label_that_stood_for_two_agents(tmp_path):
    """One label in two tournaments must be one agent: MCTS at 5 and at 50 iterations, both
    labelled 'mcts', would otherwise be one entrant of the combined field."""
    weak = arena("lava-flows", [MCTSAgent(iterations=5, seed=1), "random"], games=2,
                 progress=False)
    strong = arena("lava-flows", [MCTSAgent(iterations=50, seed=1), "random"], games=2,
                   progress=False, save=tmp_path)
    for other in (strong, load(tmp_path)):
        with pytest.raises(ValueError, match=r"the label 'mcts' stands for two different "
                                             r"agents .*iterations=5.*iterations=50"):
            combine([weak, other])
    field = combine([weak, weak, arena("lava-flows", {"mcts-50": MCTSAgent(iterations=50),
                                                      "random": "random"},
                                       games=2, progress=False)])
    assert field.agents == ("mcts", "random", "mcts-50") and len(field) == 6
    assert dict(field.described)["mcts"] == dict(weak.described)["mcts"]
