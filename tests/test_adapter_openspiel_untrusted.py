"""``game.deserialize_state(text)`` of the OpenSpiel adapter reads text that may come from
anywhere (a file, a colleague, the web), and OpenSpiel keeps a Python state's fields as a
pickle in that text. A crafted ``__dict__=`` line ran any function it named while being
read (the house rule: records are JSON, never pickle), and one holding the chance node
under a history of moves was accepted as a state. Both are refused now, before anything
runs; every real state (seeded or determinized, of every game) still comes back.
Skips without OpenSpiel, unless ``CI`` is ``"true"``."""

import base64
import os
import pickle
import random

import pytest

if os.environ.get("CI") == "true":
    import pyspiel  # noqa: F401
else:
    pytest.importorskip(
        "pyspiel", reason='OpenSpiel is an optional extra: pip install "tabletop[openspiel]"')

import tabletop
from tabletop.adapters import openspiel
from tabletop.adapters.openspiel_unpickle import allowed, dict_problem
from tabletop.core.errors import InvalidRecord
from tabletop.core.registry import game_class

CASES = [(name, n) for name in tabletop.games()
         for n in sorted({min(game_class(name).player_counts),
                          max(game_class(name).player_counts)})]
RAN: list[str] = []


def _ran(what):
    """A function a crafted pickle names: it records that it was called."""
    RAN.append(what)


class _Payload:
    def __reduce__(self):
        return (_ran, ("code from the text ran",))


def _with_dict(text, fields):
    lines = text.split("\n")
    lines[2] = "__dict__=" + base64.b64encode(pickle.dumps(fields)).decode()
    return "\n".join(lines)


@pytest.mark.parametrize("fields", [{"_shared": _Payload()}, {"_payload": _Payload()},
                                    {"_shared": None, "x": [1, _Payload()]}])
def test_a_crafted_dict_runs_nothing_and_is_refused(fields):
    game = openspiel.load_game("lascaux", players=3)
    state = game.new_initial_state()
    state.apply_action(3)
    state.apply_action(state.legal_actions()[0])
    RAN.clear()
    with pytest.raises(InvalidRecord, match=r"its __dict__= line names "
                                            r".*_ran, which a tabletop state's pickle never"):
        game.deserialize_state(_with_dict(state.serialize(), fields))
    assert RAN == []


def test_the_chance_node_under_a_history_of_moves_is_refused():
    game = openspiel.load_game("lascaux", players=3)
    state = game.new_initial_state()
    state.apply_action(3)
    text = _with_dict(state.serialize(), {"_shared": None})
    with pytest.raises(InvalidRecord, match=r"history differs: the chance node has none, "
                                            r"found \[3\]"):
        game.deserialize_state(text)
    fresh = game.new_initial_state()  # the real chance node still comes back
    assert game.deserialize_state(fresh.serialize()).is_chance_node()


@pytest.mark.parametrize("name, players", CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_every_real_state_still_comes_back(name, players):
    options = {"memory": True} if name == "lava-flows" else {}
    for seed in (None, 7):
        game = openspiel.load_game(name, players=players, seed=seed, **options)
        state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(2)
        rng = random.Random(1)
        for _ in range(12):
            if state.is_terminal():
                break
            for player in range(players):  # a determinized state is pickled, not a record
                drawn = state.resample(player, rng)
                again = game.deserialize_state(drawn.serialize())
                assert str(again) == str(drawn)
            assert str(game.deserialize_state(state.serialize())) == str(state)
            state.apply_action(rng.choice(state.legal_actions()))


def test_what_a_state_pickle_may_name():
    assert allowed("tabletop.games.lacuna.rules", "LacunaState")
    assert allowed("tabletop.core.copying", "rebuild")
    assert allowed("tabletop.adapters.openspiel", "_from_record")
    assert allowed("builtins", "frozenset")
    for module, name in [("builtins", "eval"), ("os", "system"), ("subprocess", "run"),
                         ("tabletop.adapters.openspiel", "load_game"),
                         ("tabletop.core.files", "write_atomically"),  # a function, not a class
                         ("tabletop.core.copying", "rebuild.__globals__"),
                         ("tabletop.arena.dataset", "load")]:
        assert not allowed(module, name), (module, name)
    assert dict_problem(b"\x80\x04garbage").startswith("its __dict__= line is no pickle")
    assert dict_problem(pickle.dumps([1, 2])) == ("its __dict__= line holds a list, not a "
                                                  "state's fields")


def _calls(*parts):
    """Protocol-2 pickle opcodes: ``callable(arg)`` of globals ``"module\\nname"``, nested."""
    return b"".join(parts)


def _global(module, name):
    return b"c" + module.encode() + b"\n" + name.encode() + b"\n"


def _dict_of(value):
    return b"\x80\x02}q\x00X\x01\x00\x00\x00xq\x01" + value + b"s."


_HUGE = b"\x8a\x05" + (10**11).to_bytes(5, "little")  # LONG1: 100 billion, in 7 bytes


@pytest.mark.parametrize("raw", [
    # frozenset(range(10**11)): 60 bytes of text that would take terabytes
    _dict_of(_global("builtins", "frozenset") + _global("builtins", "range") + _HUGE
             + b"\x85R\x85R"),
    # frozenset(LegalActions(10**11, Pass)): a lazy sequence of tabletop, read whole
    _dict_of(_global("builtins", "frozenset") + _global("tabletop.core.legal", "LegalActions")
             + _HUGE + _global("tabletop.games.lascaux.actions", "Pass") + b"\x86R\x85R"),
], ids=["range", "lazy-legal-actions"])
def test_a_few_bytes_cannot_make_the_loader_build_something_huge(raw):
    """A pickle calls what it names: a name whose call turns a small number into a huge
    amount of work (a range, a lazy sequence) would let a short text take all the memory.
    A state's pickle names none: they are refused before anything is called."""
    import tabletop.games.lascaux.actions  # noqa: F401 (loaded, as a game's modules are)

    assert len(raw) < 120
    problem = dict_problem(raw)
    assert problem is not None and "which a tabletop state's pickle never does" in problem


def test_only_data_classes_and_games_load_not_every_class_of_tabletop():
    """A state's pickle names games, states, views, actions and their parts (dataclasses
    and enums) and the rebuilding functions: not containers, widgets' helpers or tools."""
    assert allowed("tabletop.games.lascaux.actions", "Pass")
    assert allowed("tabletop.games.lascaux.rules", "Lascaux")
    for module, name in [("builtins", "range"), ("tabletop.core.legal", "LegalActions"),
                         ("tabletop.core.legal", "_Bits"),
                         ("tabletop.core.timeline", "Timeline")]:
        assert not allowed(module, name), (module, name)


def _doubled(levels, key=False):
    """A pickle of a tuple of two copies of a tuple of two copies … ``levels`` deep (its
    parts shared through the memo), as a dict key or a value of the fields."""
    t = (1,)
    for _ in range(levels):
        t = (t, t)
    body = pickle.dumps(t, protocol=2)[2:-1]
    name = b"X\x01\x00\x00\x00x"
    return b"\x80\x02}" + (body + b"K\x01" if key else name + body) + b"s."


@pytest.mark.parametrize("key", [False, True], ids=["value", "dict-key"])
def test_a_few_hundred_bytes_of_shared_tuples_are_refused_before_any_hash(key):
    """Forty levels of a tuple holding two copies of the one below: 2**40 parts in a few
    hundred bytes. A dict key is hashed as it loads (for ever); a value would be at the
    first hash or print. Refused from the opcodes, before anything loads. (Without that
    check this test never ends: the hash is one call in C, which no alarm interrupts.)"""
    raw = _doubled(40, key)
    assert len(raw) < 400
    problem = dict_problem(raw)
    assert problem is not None and "parts once its shared ones are counted" in problem
    assert dict_problem(_doubled(3, key)) is None  # a few shared parts are a state's lot


def test_a_pickle_holding_itself_is_refused():
    loop: list = []
    loop.append(loop)
    problem = dict_problem(pickle.dumps({"x": loop}))
    assert problem is not None and "more than 2**62 parts" in problem


@pytest.mark.parametrize("raw", [b"\x80\x02e.", b"\x80\x02]e.", b"\x80\x02(K\x01t(",
                                 b"\x80\x02h\x05.", b"\x80\x02(K\x01(]e."])
def test_opcodes_the_counter_cannot_follow_are_damage(raw):
    problem = dict_problem(raw)
    assert problem is not None and problem.startswith("its __dict__= line is no pickle")
