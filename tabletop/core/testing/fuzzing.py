"""``check_fuzzing(game, seeds)``: hostile notation and corrupted records, each call timed.

Notation: text built from the game's own legal notations and mutated (digits blown up,
huge exponents, separators repeated, long inputs, unicode, random words) goes to
``parse_action``, ``apply`` and ``is_legal`` on seeded positions and views. Records: a real
record with fields deleted, retyped, nested, NaN'd, enlarged, its result tampered with or its
last action cut (the result kept) goes to ``replay``, as a dict and as JSON text, at odd
``ply`` values.

The promises checked: only ``IllegalAction`` (notation) or ``InvalidRecord`` (records) comes
out, ``is_legal`` answers a bool, the position is unchanged, a tampered result is refused
whenever the replay reaches the record's end, and each call takes less than ``TIME_LIMIT``
seconds (a call still running after ``HANG_LIMIT`` seconds is interrupted, on every system:
``tabletop.core.testing.hangguard``, so that a hang fails the check instead of stalling it).

Hypothesis drives the mutations, derandomized and without a database, so a run is the same
on every machine. It is imported inside the check (the ``test`` extra), never by ``core``.

>>> from tabletop.core.testing.fuzzing import check_fuzzing
>>> import tabletop
>>> check_fuzzing(tabletop.load("lascaux", players=3), seeds=range(1))  # doctest: +SKIP
"""

from __future__ import annotations

import copy
import gc
import json
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

from ..errors import IllegalAction, InvalidRecord
from ..game import Game, State, View
from ..quoting import brief, quote
from ..record import replay
from .common import fail, random_playout
from .hangguard import Hung, hang_guard

#: The longest any one parse, apply, is_legal or replay may take, in seconds.
TIME_LIMIT = 0.5
#: After this long a call is interrupted (on the main thread of a Unix process).
HANG_LIMIT = 5.0
#: Examples hypothesis tries per game, for notation and for records.
NOTATION_EXAMPLES = 400
RECORD_EXAMPLES = 200
#: Records are cut to this many actions, so that replaying one stays cheap.
RECORD_PLIES = 24


def check_fuzzing(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Fuzz ``game``'s notation and records from the seeded positions; raise
    ``ConformanceError`` naming the input on the first broken promise. Needs hypothesis
    (the ``test`` extra)."""
    seeds = tuple(seeds)
    require_hypothesis("check_fuzzing")
    positions = _positions(game, seeds)
    check_notation(game, positions)
    check_records(game, seeds)


def require_hypothesis(who: str) -> None:
    """A ``ModuleNotFoundError`` naming the extra that installs hypothesis, if it is
    missing (a plain ``pip install tabletop`` leaves it out)."""
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise ModuleNotFoundError(
            f"{who} needs hypothesis (it fuzzes notation and records), which only the test "
            "extra installs: pip install 'tabletop[test]' (or pip install hypothesis)",
            name="hypothesis") from None


# --- positions and the corpus of notation ---------------------------------------------------

def _positions(game: Game, seeds: tuple[int, ...]) -> list[tuple[str, State | View]]:
    """A few states of each seeded game (start, middle, end) and views of them."""
    out: list[tuple[str, State | View]] = []
    for seed in seeds:
        states = list(random_playout(game, seed))
        for ply in sorted({0, 1, len(states) // 3, 2 * len(states) // 3, len(states) - 1}):
            state = states[ply]
            where = f"{game.name} seed {seed} ply {ply}"
            out.append((where, state))
            for player in range(game.players):
                out.append((f"{where} view {player}", state.view(player)))
    return out


def _corpus(positions: list[tuple[str, State | View]]) -> list[str]:
    """Legal notation of the positions, a few of each kind (first word) per position."""
    seen: dict[str, None] = {}
    for _, state in positions:
        kinds: dict[str, int] = {}
        for action in state.legal_actions():
            text = str(action)
            kind = text.split(" ", 1)[0]
            if kinds.get(kind, 0) < 3:
                kinds[kind] = kinds.get(kind, 0) + 1
                seen[text] = None
    return list(seen) or ["pass"]


_DIGITS = re.compile(r"\d+")
_SEPARATOR = re.compile(r"[ ,@/.\-]")


def _hostile(text: str) -> list[str]:
    """The fixed battery: the known ways notation has hurt parsers, applied to ``text``."""
    blown = [_DIGITS.sub(lambda m: m.group() + "9" * 30, text, count=1),
             _DIGITS.sub(lambda m: m.group() + "9" * 5000, text, count=1)]
    if _DIGITS.search(text):
        blown += [_DIGITS.sub("1" * 40 + "x", text, count=1),
                  _DIGITS.sub("1e-100000000", text, count=1),
                  _DIGITS.sub("1e100000000", text, count=1),
                  _DIGITS.sub("9" * 4400, text, count=1)]
    return blown + [
        text + " 1e999", text + "e-100000000", text + " nan", text + " inf",
        text + " " + "1." * 40000, text + "1." * 50 + "x", text * 50,
        _SEPARATOR.sub(lambda m: m.group() * 200, text), text.upper(), text[: len(text) // 2],
        "\u0663".join(text.split(" ")), text.replace("1", "\uff11").replace("2", "\u00b2"),
        text + "\x00", " " * 1000 + text, text + "\u0130" * 20,
    ]


# --- notation ---------------------------------------------------------------------------------

def check_notation(game: Game, positions: list[tuple[str, State | View]]) -> None:
    """The fixed battery on every corpus entry, then hypothesis's mutations."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    corpus = _corpus(positions)
    snapshots = [(where, state, copy.deepcopy(state), str(state)) for where, state in positions]
    rng = random.Random(game.name)
    for text in corpus:
        for hostile in _hostile(text):
            where, state, _, _ = rng.choice(snapshots)
            _try_notation(where, state, hostile)

    @settings(max_examples=NOTATION_EXAMPLES, derandomize=True, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(text=_mutated(st, corpus), index=st.integers(0, len(snapshots) - 1))
    def fuzz(text: str, index: int) -> None:
        where, state, _, _ = snapshots[index]
        _try_notation(where, state, text)

    fuzz()
    for where, state, before, text in snapshots:
        if state != before or str(state) != text:
            fail(where, "fuzzed notation changed the position")


def _mutated(st: Any, corpus: list[str]) -> Any:
    """Hypothesis text: legal notation, mutated one to three times."""
    odd = st.sampled_from(["1e-100000000", "1e99999", "-0", "+1", ".5", "1/0", "1/3", "nan",
                           "inf", "0x1f", "1_000", "٣", "²", "\uff11", "\u0130", "\x00",
                           "1." * 40, "(", ")", ",", "@", "-", "/", ":", "r9", "aside",
                           "claim", "9" * 4400])
    mutation = st.one_of(
        st.tuples(st.just("digits"), st.integers(1, 5000)),
        st.tuples(st.just("insert"), st.one_of(odd, st.text(max_size=12))),
        st.tuples(st.just("repeat"), st.integers(2, 3000)),
        st.tuples(st.just("separator"), st.integers(2, 500)),
        st.tuples(st.just("cut"), st.integers(0, 40)),
        st.tuples(st.just("word"), st.from_regex(r"[a-z0-9]{1,12}", fullmatch=True)),
        st.tuples(st.just("join"), st.sampled_from(corpus)),
    )

    @st.composite  # type: ignore[untyped-decorator]  # (hypothesis' decorator is untyped)
    def build(draw: Callable[[Any], Any]) -> str:
        text: str = draw(st.sampled_from(corpus))
        for _ in range(draw(st.integers(1, 3))):
            kind, arg = draw(mutation)
            at = draw(st.integers(0, len(text)))
            text = _mutate(text, kind, arg, at)
        return text

    return st.one_of(build(), st.text(max_size=60))


def _mutate(text: str, kind: str, arg: Any, at: int) -> str:
    """``text`` changed by one mutation ``kind`` (``arg``: a count, a word or a string)."""
    if kind == "digits":
        blown: str = _DIGITS.sub(lambda m: m.group() + "7" * arg, text, count=1)
        return blown if blown != text else text[:at] + "7" * arg + text[at:]
    if kind == "insert" or kind == "word":
        glue = " " if kind == "word" else ""
        return text[:at] + glue + str(arg) + glue + text[at:]
    if kind == "repeat":
        times: int = arg
        return (text + " ") * times if times < 100 else text[:at] + text[at:at + 2] * times
    if kind == "separator":
        return _SEPARATOR.sub(lambda m: m.group() * arg, text, count=1)
    if kind == "cut":
        return text[:at] if arg % 2 else text[at:]
    return f"{text} {arg}"  # join


def _try_notation(where: str, state: State | View, text: str) -> None:
    here = f"{where}, notation {quote(text, 60)}"
    for name, call in (("parse_action", lambda: state.game.parse_action(state, text)),
                       ("is_legal", lambda: state.is_legal(text)),
                       ("apply", lambda: cast(State, state).apply(text))):  # (a State's)
        if name == "apply" and not isinstance(state, State):
            continue
        answer = _timed(here, name, call, IllegalAction)
        if name == "is_legal" and not isinstance(answer, bool):
            fail(here, f"is_legal answered {answer!r}, not a bool")


# --- records ----------------------------------------------------------------------------------

def check_records(game: Game, seeds: tuple[int, ...]) -> None:
    """Corrupt a real record of each seeded game in the fixed ways, then by hypothesis."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st

    records = [_record(game, seed) for seed in seeds]
    paths = [(i, path) for i, (_, record) in enumerate(records) for path in _paths(record)]
    for where, record in records:
        for label, bad in _broken_records(record):  # each to be refused
            tampered = label.startswith("result")
            accepted = ("a record whose result disagrees with its actions was accepted"
                        if tampered else "a malformed record was accepted")
            for ply in (None, len(record["actions"])) if tampered else (None,):
                _try_record(f"{where}, {label}, ply {ply}", bad, ply, accepted)
    for i, path in paths:  # every field and a sample of what is inside, retyped
        where, record = records[i]
        for name in _RETYPED:
            label = f"set {'/'.join(map(str, path)) or 'the record'} = {name}"
            bad = _edit(record, path, "set", _HOSTILE_VALUES[name]())
            _try_record(f"{where}, {label}", bad, None)
    values = st.one_of(st.sampled_from(sorted(_HOSTILE_VALUES)), st.integers(), st.floats(),
                       st.text(max_size=20), st.booleans(), st.none())

    @settings(max_examples=RECORD_EXAMPLES, derandomize=True, database=None, deadline=None,
              phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(target=st.sampled_from(paths), op=st.sampled_from(["set", "delete", "nest"]),
           value=values, as_text=st.booleans(),
           ply=st.one_of(st.none(), st.integers(-2, RECORD_PLIES + 2),
                         st.sampled_from(["1", 1.5, True, 2**70, -(2**70)])))
    def fuzz(target: tuple[int, tuple[Any, ...]], op: str, value: Any, as_text: bool,
             ply: Any) -> None:
        i, path = target
        where, record = records[i]
        label = f"{op} {'/'.join(map(str, path)) or 'the record'}"
        if op == "set":
            label += f" = {brief(value)}"
            if isinstance(value, str) and value in _HOSTILE_VALUES:
                value = _HOSTILE_VALUES[value]()
        bad = _edit(record, path, op, value)
        if as_text:
            try:
                bad = json.dumps(bad)
            except (ValueError, TypeError, RecursionError):  # no JSON text: keep the dict
                pass
        _try_record(f"{where}, {label}, ply {brief(ply)}", bad, ply)

    fuzz()


def _record(game: Game, seed: int) -> tuple[str, dict[str, Any]]:
    """The record of the seeded random game, cut to ``RECORD_PLIES`` actions."""
    for ply, state in enumerate(random_playout(game, seed)):
        if ply == RECORD_PLIES or state.is_terminal:
            break
    return f"{game.name} seed {seed} record", json.loads(json.dumps(state.to_record()))


def _nested(depth: int) -> list[Any]:
    nested: list[Any] = _wrap([], depth)
    return nested


#: Values to put into a record, by name (built on use: some have no repr or JSON text).
_HOSTILE_VALUES: dict[str, Callable[[], Any]] = {
    "null": lambda: None, "true": lambda: True, "0": lambda: 0, "-1": lambda: -1,
    "1.5": lambda: 1.5, "empty text": lambda: "", "'1'": lambda: "1",
    "huge text": lambda: "x" * 100_000, "huge int": lambda: 10**5000,
    "huge negative int": lambda: -(10**5000), "2**64": lambda: 2**64,
    "NaN": lambda: float("nan"), "inf": lambda: float("inf"), "-inf": lambda: float("-inf"),
    "1e-300": lambda: 1e-300, "[]": lambda: [], "{}": lambda: {}, "[1, 2]": lambda: [1, 2],
    "{players: 2}": lambda: {"players": 2}, "{name: x}": lambda: {"name": "x"},
    "deep list": lambda: _nested(50_000), "NaN list": lambda: [float("nan")] * 3,
    "long strings": lambda: ["x" * 1000] * 3,
}


#: The values every path of a record is set to, in the systematic sweep.
_RETYPED = ("null", "'1'", "-1", "NaN", "2**64", "[]", "{}")


def _paths(record: dict[str, Any], limit: int = 60) -> list[tuple[Any, ...]]:
    """Paths to the record's fields and to a sample of the values inside them."""
    out: list[tuple[Any, ...]] = [()]
    stack: list[tuple[tuple[Any, ...], Any]] = [((), record)]
    while stack and len(out) < limit:
        path, value = stack.pop(0)
        items = list(value.items()) if isinstance(value, dict) else \
            list(enumerate(value))[:3] if isinstance(value, list) else []
        for key, item in items:
            out.append((*path, key))
            stack.append(((*path, key), item))
    for key in ("players", "name", "surprise"):  # options that collide with fields
        out.append(("options", key))
    return out


def _edit(record: dict[str, Any], path: tuple[Any, ...], op: str, value: Any) -> Any:
    """A deep copy of ``record`` with the value at ``path`` set to ``value``, deleted, or
    wrapped in a thousand lists."""
    if not path:
        return value if op == "set" else _wrap(record, 1000) if op == "nest" else {}
    bad = copy.deepcopy(record)
    parent = bad
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    present = key in parent if isinstance(parent, dict) else key < len(parent)
    if op == "delete" and present:
        del parent[key]
    elif op == "nest" and present:
        parent[key] = _wrap(parent[key], 1000)
    elif op == "set":
        parent[key] = value
    return bad


def _wrap(value: Any, depth: int) -> Any:
    for _ in range(depth):
        value = [value]
    return value


def _broken_records(record: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """The fixed battery of corrupt records, each of which replay must refuse (the label
    starts with ``result`` when only the result was altered)."""
    text = json.dumps(record)
    yield "the field 'seed' misspelt 'ſeed'", {**record, "ſeed": record["seed"]}
    yield "text nested deeply", "[" * 100_000 + "]" * 100_000
    yield "text not JSON", text[: len(text) // 2]
    yield "text with NaN seed", text.replace(f'"seed": {record["seed"]}', '"seed": NaN', 1)
    yield "text with a huge seed", text.replace(f'"seed": {record["seed"]}',
                                                 '"seed": 1' + "0" * 5000, 1)
    yield "text with 1e999", text.replace('"players": ', '"players": 1e999, "x": ', 1)
    yield "huge text", " " * 20_000_000
    for number in ("NaN", "[-Infinity]", "1e400"):
        yield f"text with a caller's field holding {number}", text[:-1] + f', "mine": {number}}}'
    yield "a caller's field holding NaN", {**record, "mine": {"x": float("nan")}}
    yield "result with a field of no record", {**record, "result": {"winner": [0]}}
    for key in ("players", "name"):
        bad = copy.deepcopy(record)
        bad["options"][key] = 2
        yield f"options holding {key!r}", bad
    if record["actions"]:
        bad = copy.deepcopy(record)
        bad["actions"][0] = "x" * 1_000_000
        yield "a huge action", bad
    result = record.get("result")
    if isinstance(result, dict):
        for key, value in (("terminal", not result.get("terminal")),
                           ("scores", [9999] * len(result.get("scores", []))),
                           ("winners", [0] if result.get("winners") != [0] else [1]),
                           ("plies", len(record["actions"]) + 1)):
            bad = copy.deepcopy(record)
            bad["result"][key] = value
            yield f"result {key} tampered", bad
        if record["actions"]:  # mid-game, one action less mostly leaves the scores alone
            bad = copy.deepcopy(record)
            bad["actions"].pop()
            yield "result kept with the record's last action cut", bad


def _try_record(where: str, record: Any, ply: Any, accepted: str | None = None) -> None:
    """Replay ``record``: ``InvalidRecord`` or a state, quickly; a state fails the check
    with ``accepted`` when that says it should have been refused."""
    state = _timed(where, "replay", lambda: replay(record, ply=ply), InvalidRecord)
    if accepted is not None and state is not None:
        fail(where, accepted)


# --- timing and the promise of the right error --------------------------------------------------

def _timed(where: str, name: str, call: Callable[[], Any], allowed: type[Exception]) -> Any:
    """``call()``'s answer (``None`` if it raised ``allowed``), failing on any other error
    or when it took longer than ``TIME_LIMIT`` twice running (a pause of a busy machine is
    not the parser's fault; a slow parser is slow again)."""
    took, answer = _run(where, name, call, allowed)
    if took > TIME_LIMIT:
        gc.collect()
        took, answer = _run(where, name, call, allowed)
        if took > TIME_LIMIT:
            fail(where, f"{name} took {took:.2f} s (the limit is {TIME_LIMIT} s)")
    return answer


def _run(where: str, name: str, call: Callable[[], Any],
         allowed: type[Exception]) -> tuple[float, Any]:
    """How long ``call()`` took, with the garbage collector paused, and its answer."""
    answer = None
    collecting = gc.isenabled()
    gc.disable()
    start = time.perf_counter()
    try:
        with hang_guard(HANG_LIMIT):
            answer = call()
    except allowed:
        pass
    except Hung:
        fail(where, f"{name} did not finish within {HANG_LIMIT} s (interrupted)")
    except Exception as err:  # the promise: nothing but `allowed` comes out
        fail(where, f"{name} raised {type(err).__name__}, not {allowed.__name__}: "
                    f"{quote(str(err), 200)}")
    finally:
        took = time.perf_counter() - start
        if collecting:
            gc.enable()
    return took, answer
