"""JSON game records, and replaying them.

A record is plain JSON: the game, its options, the seed and the actions in notation, plus the
outcome it reached, so that a tampered record is caught on replay. A record is untrusted
input: whatever is wrong with it (a missing or mistyped field, NaN, numbers or text too large,
nesting too deep, an illegal action, an altered result) raises ``InvalidRecord`` naming the
field, and nothing else escapes. A record dict built in Python reads as its JSON text would
(``json_shaped``): tuples as lists, any mapping as an object, numpy's numbers as plain ones.

>>> from tabletop.core.record import FORMAT
>>> FORMAT
'tabletop/1'
>>> replay('{"format": "tabletop/1", "game": "lascaux", "players": 3, "options": {}, '
...        '"seed": NaN, "actions": []}')
Traceback (most recent call last):
...
tabletop.core.errors.InvalidRecord: record 'seed' should be an int, not NaN
"""

from __future__ import annotations

import json
import math
import os
import unicodedata
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .choices import suggestion
from .errors import InvalidRecord, TabletopError
from .notation import MAX_NOTATION
from .plain import NotJSON, json_data, json_object, plain
from .quoting import brief, cut, either, quote
from .registry import game_class

if TYPE_CHECKING:
    from .game import Game, State

FORMAT = "tabletop/1"
_REQUIRED = {"format": str, "game": str, "players": int, "options": dict, "seed": int,
             "actions": list}
#: Each kind of field, named with its article.
_A = {str: "a string", int: "an int", dict: "a JSON object", list: "a list"}
#: The longest record text ``replay`` reads, in characters.
MAX_TEXT = 10_000_000
#: The largest seed (``Game.new`` takes no larger one, so every seed prints in a record).
MAX_SEED = 2**64 - 1
#: The largest integer every JSON reader reads exactly (2**53 - 1: JavaScript's
#: ``Number.MAX_SAFE_INTEGER``; a reader that keeps numbers as doubles rounds a larger one).
#: The seeds the library draws itself are at most this, so their records mean the same in
#: any language; a larger seed given by hand is still a seed (see docs/promises.md).
MAX_SAFE_INT = 2**53 - 1
#: How deeply the data inside ``options``, ``start`` and ``result`` may nest.
MAX_DEPTH = 16
#: How many values ``start`` may hold in all.
MAX_START_ITEMS = 100_000
#: How many values the caller's own fields of a record (``to_record(**extra)``) may hold.
MAX_EXTRA_ITEMS = 1_000_000
#: The fields a record's maker writes (not the caller's to set).
OWN_FIELDS = (*_REQUIRED, "result", "start", "position")
#: The most digits a number in record text may have.
_MAX_DIGITS = 400


class _Unreadable:
    """What JSON text held where a number should be: NaN, an infinity or too many digits.

    It stands in for the value until the field that holds it is checked and refused by name.
    """

    __slots__ = ("what",)

    def __init__(self, what: str) -> None:
        self.what = what

    def __repr__(self) -> str:
        return self.what


def make_record(state: State, **extra: Any) -> dict[str, Any]:
    """The record of ``state``'s game so far; ``extra`` keys (the caller's own: not a
    field of the record, each holding JSON data) are stored alongside."""
    extra = _checked_extra(extra)
    composed = state._position_call()
    if state.seed is None and composed is None:
        made = "drawn by a view's determinize" if state._seen is not None else \
            "made by dataclasses.replace or the constructor, which start afresh (no seed, no " \
            "history); build it with the game's position(...) to have a record"
        raise InvalidRecord(f"this state has no seed, so it has no record: it was {made}")
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.name,
        "players": state.game.players,
        "options": dict(state.game.options),
        "seed": state.seed,
        "actions": [str(a) for a in state.history],
        "result": _result(state),
    }
    start = state._start_data()
    if start is not None:
        record["start"] = start
    if composed is not None:
        record["position"] = composed
    record.update(extra)
    return record


def refuse_own_fields(extra: Mapping[str, Any], caller: str, fields: Sequence[str] = ()
                      ) -> None:
    """``InvalidRecord`` if a key of ``extra`` (a caller's own fields, for ``caller`` to
    store) is a field of the record itself or one of ``fields`` (those ``caller`` writes),
    in any letters (``"Seed"`` too).

    >>> refuse_own_fields({"ply": 3}, "save_timeline()", ("notes", "ply"))
    Traceback (most recent call last):
    tabletop.core.errors.InvalidRecord: save_timeline() can't set 'ply': it is a field of ...
    """
    own = (*OWN_FIELDS, *fields)
    taken = [key for key in extra if _as_field(key) in own]
    if taken:
        raise InvalidRecord(f"{caller} can't set {quote(taken[0])}: it is a field of the "
                            f"record itself ({', '.join(own)}); name yours otherwise")


def _checked_extra(extra: dict[str, Any]) -> dict[str, Any]:
    """``extra`` as JSON (``json_shaped``: tuples as lists, numpy's numbers plain), if no key
    is a field of the record and every value is finite JSON data; else ``InvalidRecord``
    saying which is not."""
    refuse_own_fields(extra, "to_record()")
    extra = {key: json_shaped(value, 1) for key, value in extra.items()}
    budget = [MAX_EXTRA_ITEMS]
    for key, value in extra.items():
        _check_plain(value, key, budget)
    return extra


def replay(record: dict[str, Any] | str, ply: int | None = None) -> State:
    """The state a record reaches (or reached after ``ply`` actions).

    ``record`` is a dict or its JSON text. Anything malformed (the caller's own fields too,
    which the state does not keep: what ``to_record(**extra)`` would refuse to write, NaN
    say), or an action that is not legal where it stands, or an outcome that doesn't match
    (checked whenever the replay reaches the record's end), raises ``InvalidRecord`` saying
    what.
    """
    record = read(record)
    check_callers_fields(record)
    actions = record["actions"]
    ply = _check_ply(ply, len(actions))
    game = _load(record)
    state = _start(game, record)
    for i, text in enumerate(actions[:ply]):
        if state.is_terminal:
            raise InvalidRecord(past_the_end(state, text, i, len(actions), "record")
                                + older_rules(game, moves=True))
        try:
            state = state.apply(text)
        except TabletopError as err:
            raise InvalidRecord(f"action {i + 1} of the record, {quote(text)}, is illegal: "
                                f"{err}{older_rules(game, moves=True)}") from None
    if ply == len(actions) and record.get("result") is not None:
        _check_result(record["result"], state)
    return state


def past_the_end(state: State, text: object, i: int, total: int, kind: str) -> str:
    """What to say of action ``i`` (from 0) of a record's (or line's) ``total`` when its
    first ``i`` actions already finish the game at ``state``: where it ended, how, and the
    ``ply`` that stops there (not one more illegal move).

    >>> import tabletop
    >>> start = tabletop.load("lava-flows", ply_cap=1).new(seed=1)
    >>> end = start.apply("arrange black a1 white b1").apply("arrange black a3 white b3")
    >>> end = end.apply(end.legal_actions()[0])
    >>> said = past_the_end(end, "pass", 3, 5, "record")
    >>> print(said.replace(": ", ":\\n", 1).replace("; ", ";\\n"))
    action 4 of the record, 'pass', comes after the end of the game:
    its first 3 actions finish it (a draw: ply cap), and 2 more follow;
    replay(record, ply=3) stops at the end
    """
    game = state.game
    names = [game.player_name(p) for p in state.winners]
    result = ("a draw" if not names else
              f"{names[0]} wins" if len(names) == 1 else
              f"{', '.join(names[:-1])} and {names[-1]} win")
    how = state._ending()  # (a draw by repetition is not one at the ply cap)
    result = f"{result}: {how}" if how else result
    stop = (f"replay(record, ply={i}) stops at the end" if kind == "record" else
            f"cut the {kind} after action {i}")
    return (f"action {i + 1} of the {kind}, {quote(str(text))}, comes after the end of the "
            f"game: its first {i} actions finish it ({result}), and {total - i} more "
            f"{'follows' if total - i == 1 else 'follow'}; {stop}")


def older_rules(game: Game, moves: bool = False) -> str:
    """What to add when a record fails to replay: the game's rule changes, if it declares any
    (``Game.rule_changes``), since a record written before one cannot replay as it was played.
    With ``moves`` (a move refused, not a result that differs), a change of the scores alone
    (dated ``"YYYY-MM-DD, scores: …"``) is left out: it cannot be why.

    >>> import tabletop
    >>> older_rules(tabletop.load("lascaux")), older_rules(tabletop.load("landlock"), moves=True)
    ('', '')
    >>> print(older_rules(tabletop.load("landlock")))  # doctest: +ELLIPSIS
    . If a tabletop from before 2026-12-01 wrote this record, that is why: the rules of ...
    """
    dated = (change.split(": ", 1) for change in type(game).rule_changes)
    changes = [(day.removesuffix(", scores"), what) for day, what in dated
               if not (moves and day.endswith(", scores"))]
    if not changes:
        return ""
    said = " and ".join(f"on {c[0]} ({c[-1]})" for c in changes)
    return (f". If a tabletop from before {changes[-1][0]} wrote this record, that is why: the "
            f"rules of {game.title or game.name} changed {said}, so it cannot replay as it was "
            "played; open it with the tabletop that wrote it, or play the game again")


# --- reading and checking the fields ------------------------------------------------------

def read(record: object) -> dict[str, Any]:
    """The record as a dict whose fields are checked (``record`` itself, or the JSON object
    its text holds), without replaying it; ``InvalidRecord`` names a malformed field. The
    caller's own fields are left as they are (``check_callers_fields`` checks those a
    caller keeps)."""
    if isinstance(record, str):
        record = _from_text(record)
    elif isinstance(record, Mapping):  # built in Python: take what ``json.dumps`` would write
        record = json_shaped(record)
    if isinstance(record, bytes | bytearray | os.PathLike):
        raise InvalidRecord(f"a record is a JSON object or its text, not "
                            f"{type(record).__name__}: {_FROM_A_FILE}")
    if not isinstance(record, dict):
        raise InvalidRecord(f"a record is a JSON object, not {type(record).__name__}")
    _check_spelling(record)
    composed = record.get("position") is not None
    for key, kind in _REQUIRED.items():
        if key not in record:
            raise InvalidRecord(f"record has no {key!r} (it needs {', '.join(_REQUIRED)})")
        value = record[key]
        if key == "seed" and composed and value is None:
            continue  # a game started from position(...), which the record holds
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InvalidRecord(f"record {key!r} should be {_A[kind]}, not {brief(value)}"
                                f"{_whole(value) if kind is int else ''}")
    if record["format"] != FORMAT:
        raise InvalidRecord(f"record format {quote(record['format'])} is not {FORMAT!r}")
    seed = record["seed"]
    if composed:
        _check_position(record)
    elif not 0 <= seed <= MAX_SEED:
        raise InvalidRecord(f"record 'seed' should be an int from 0 to 2**64 - 1, "
                            f"not {brief(seed)}")
    _check_options(record["options"])
    for i, text in enumerate(record["actions"]):
        if not isinstance(text, str):
            raise InvalidRecord(f"record 'actions' must be a list of notation strings; action "
                                f"{i + 1} is {brief(text)}")
        if len(text) > MAX_NOTATION:
            raise InvalidRecord(f"record 'actions': action {i + 1} is {len(text)} characters "
                                f"long; notation is at most {MAX_NOTATION}")
    if record.get("start") is not None:
        if not isinstance(record["start"], dict):
            raise InvalidRecord(f"record 'start' should be an object, not "
                                f"{brief(record['start'])}")
        _check_plain(record["start"], "start", [MAX_START_ITEMS])
    if record.get("result") is not None:
        _check_result_shape(record["result"])
    return record


def check_callers_fields(record: dict[Any, Any], checked: Collection[str] = ()) -> None:
    """Refuse a key that is no string, and a field of the caller's that ``to_record(**extra)``
    would refuse to write (not finite JSON data, too deep, too much): for a reader that keeps
    them to write back, as the widget does (``replay`` keeps none: a state holds the game
    only). Fields in ``checked`` are the caller's to check in its own terms.

    >>> check_callers_fields({"seed": 1, "mine": float("nan")})
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidRecord: record 'mine' holds nan, which is not a finite JSON value
    """
    budget = [MAX_EXTRA_ITEMS]
    for key, value in record.items():
        if not isinstance(key, str):
            raise InvalidRecord(f"record has a key {brief(key)}, not a string")
        if key not in OWN_FIELDS and key not in checked:
            _check_plain(value, key, budget)


def _check_spelling(record: dict[Any, Any]) -> None:
    """Refuse a key that is a record's own field in other letters (``"Seed"``, ``" start"``):
    a field edited by hand so would be kept as the caller's own and the field itself be
    missing or, if optional, silently unused (Lacuna's ``start`` unused: another layout).

    >>> _check_spelling({"format": "tabletop/1", "Start": {}})
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidRecord: record key 'Start' is the field 'start' misspelt: a \
record's own fields are written in plain lower-case letters, without spaces
    """
    for key in record:
        if isinstance(key, str) and key not in OWN_FIELDS and _as_field(key) in OWN_FIELDS:
            raise InvalidRecord(f"record key {brief(key)} is the field "
                                f"{_as_field(key)!r} misspelt: a record's own fields are "
                                "written in plain lower-case letters, without spaces")


def _as_field(key: str) -> str:
    """``key`` as the name of a field it may be mistaken for: compatible forms folded
    (``NFKC``), spaces stripped, letter case folded — ``"ſeed"`` and ``"Ｓｅｅｄ"`` are
    ``"seed"``.

    >>> _as_field(" Seed"), _as_field("ſeed"), _as_field("Ｓｔａｒｔ")
    ('seed', 'seed', 'start')
    """
    return unicodedata.normalize("NFKC", key).strip().casefold()


def _whole(value: Any) -> str:
    """What to add when a whole number came as a float (``2.0`` or ``2e0`` in the text, as
    a writer that keeps every number as a double may write it).

    >>> _whole(2.0), _whole(2.5)
    (' (write a whole number without a fraction or exponent: 2)', '')
    """
    if isinstance(value, float) and value.is_integer() and abs(value) <= MAX_SAFE_INT:
        return f" (write a whole number without a fraction or exponent: {int(value)})"
    return ""


def json_shaped(value: Any, depth: int = 0) -> Any:
    """A copy of ``value`` with JSON's containers for Python's: a tuple (or list) as a list,
    any mapping (a ``game.options`` proxy, say) as a dict, a numpy number as the plain one —
    so a record built in Python from the library's own values (``state.scores``, a tuple of
    notations) reads as its JSON text does. Nothing is refused here: what is still no JSON
    (a set, NaN, a key that is no string) is left for the field's own check to name, and so
    is anything deeper than ``MAX_DEPTH + 2`` (a list that holds itself, say).

    >>> import types
    >>> json_shaped({"scores": (4, 3), "options": types.MappingProxyType({"x": (1,)})})
    {'scores': [4, 3], 'options': {'x': [1]}}
    """
    value = plain(value)
    if depth > MAX_DEPTH + 2:
        return value
    if isinstance(value, Mapping):
        return {plain(key): json_shaped(item, depth + 1) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [json_shaped(item, depth + 1) for item in value]
    return value


def _from_text(text: str) -> Any:
    """JSON text as Python data; NaN, infinities and huge numbers become ``_Unreadable``."""
    if len(text) > MAX_TEXT:
        raise InvalidRecord(f"record text is {len(text)} characters long; records are at most "
                            f"{MAX_TEXT}")
    try:
        return json.loads(text, parse_constant=_Unreadable, parse_int=_read_int,
                          parse_float=_read_float, object_pairs_hook=json_object)
    except NotJSON as twice:
        raise InvalidRecord(f"record text gives the key {brief(twice.found)} twice in one "
                            "object: JSON readers disagree on which counts, so a record names "
                            "each key once") from None
    except RecursionError:
        raise InvalidRecord("record text nests too deeply to be a record") from None
    except ValueError as err:  # json.JSONDecodeError among them
        hint = "" if text.lstrip()[:1] in ("{", "", "\ufeff") else \
            f" (a record's text starts with '{{'; {_FROM_A_FILE})"
        raise InvalidRecord(f"record is not valid JSON: {err}{hint}") from None


#: How to replay a record saved as a file: ``replay`` takes no path, and reads no file.
_FROM_A_FILE = "to replay a saved file, read its text: replay(Path(name).read_text(" \
               "encoding='utf-8'))"


def _read_int(text: str) -> int | _Unreadable:
    if len(text.lstrip("-")) > _MAX_DIGITS:
        return _Unreadable(f"an integer of {len(text)} digits")
    return int(text)


def _read_float(text: str) -> float | _Unreadable:
    value = float(text) if len(text) <= _MAX_DIGITS else math.inf
    return value if math.isfinite(value) else _Unreadable(f"the number {quote(text, 20)}")


def _check_ply(ply: Any, length: int) -> int:
    ply = plain(ply)
    if ply is None:
        return length
    if not isinstance(ply, int) or isinstance(ply, bool):
        raise InvalidRecord(f"ply should be an int from 0 to {length} (the record's actions) "
                            f"or None, not {brief(ply)}")
    if not 0 <= ply <= length:
        raise InvalidRecord(f"ply {brief(ply)} is outside the record's 0..{length} actions")
    return ply


def _check_options(options: dict[Any, Any]) -> None:
    for key, value in options.items():
        if not isinstance(key, str) or len(key) > 64:
            raise InvalidRecord(f"record 'options' has a key {brief(key)}: option names are "
                                "short strings")
        if key in ("players", "name"):
            raise InvalidRecord(f"record 'options' must not hold {key!r}: it is a field of the "
                                "record, not an option")
        scalar = value is None or isinstance(value, bool | str | int | float)
        if not scalar or isinstance(value, float) and not math.isfinite(value) \
                or isinstance(value, int) and value.bit_length() > 64 \
                or isinstance(value, str) and len(value) > 200:
            raise InvalidRecord(f"record 'options' {key!r} should be a finite number, a short "
                                f"string or true/false, not {brief(value)}")


def _check_plain(value: Any, where: str, budget: list[int]) -> None:
    """Raise unless ``value`` is finite JSON data (``plain.json_data``), ``MAX_DEPTH`` deep at
    most, and holds at most ``budget[0]`` values (the budget is shared and spent)."""
    try:
        json_data(value, budget, MAX_DEPTH, 2 ** (4 * _MAX_DIGITS) - 1)
    except NotJSON as refused:
        raise InvalidRecord(_SAID[refused.problem].format(
            where=repr(where), found=brief(refused.found), deep=MAX_DEPTH)) from None


#: What a record says of each ``NotJSON`` problem in a field.
_SAID = {"values": "record {where} holds too much data",
         "depth": "record {where} nests more than {deep} deep",
         "key": "record {where} has a key {found}, not a string",
         "text": "record {where} holds {found}, which is not Unicode text (a lone surrogate "
                 "is half of a character: no UTF-8 file can hold it)",
         "value": "record {where} holds {found}, which is not a finite JSON value"}


def _check_result_shape(result: Any) -> None:
    if not isinstance(result, dict):
        raise InvalidRecord(f"record 'result' should be an object, not {brief(result)}")
    allowed = {"terminal": "true or false",
               "scores": "a list of finite numbers, one per player",
               "winners": "a list of player numbers (0 and up), possibly empty",
               "plies": "a whole number of actions (0 and up)"}
    kinds: dict[str, Callable[[Any], bool]] = {
        "terminal": lambda v: isinstance(v, bool),
        "scores": lambda v: isinstance(v, list) and len(v) <= 64 and all(
            isinstance(x, int | float) and not isinstance(x, bool)
            and (isinstance(x, int) and x.bit_length() <= 64 or isinstance(x, float)
                 and math.isfinite(x)) for x in v),
        "winners": lambda v: isinstance(v, list) and len(v) <= 64 and all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 64 for x in v),
        "plies": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_TEXT,
    }
    for key in result:
        if key not in kinds:
            raise InvalidRecord(f"record 'result' has no field {brief(key)}"
                                f"{suggestion(key, kinds)} (its fields: {', '.join(kinds)})")
    for key, fits in kinds.items():
        if key in result and not fits(result[key]):
            raise InvalidRecord(f"record 'result' {key!r} should be {allowed[key]}, not "
                                f"{brief(result[key])}")


# --- loading and starting the game --------------------------------------------------------

def _load(record: Mapping[str, Any]) -> Game:
    name, players, options = record["game"], record["players"], record["options"]
    if len(name) > 64:
        raise InvalidRecord(f"record 'game' should be a game's name, not {quote(name)}")
    try:
        cls = game_class(name)
    except TabletopError as err:
        raise InvalidRecord(f"record 'game' can't be loaded: {cut(str(err))}") from None
    if players not in cls.player_counts:
        raise InvalidRecord(f"record 'players' is {brief(players)}, but {cls.name} is played "
                            f"by {either(cls.player_counts)} players")
    try:
        return cls(players=players, **options)
    except (TabletopError, TypeError, ValueError, ArithmeticError) as err:
        raise InvalidRecord(f"record 'options' can't be loaded: {cut(str(err))}") from None


def _check_position(record: dict[str, Any]) -> None:
    """A composed game's record: ``position`` an object of JSON data, ``seed`` null, no
    ``start`` (the position call is the whole start); else ``InvalidRecord``."""
    if not isinstance(record["position"], dict):
        raise InvalidRecord(f"record 'position' should be an object (the arguments of the "
                            f"game's position(...) by name), not {brief(record['position'])}")
    if record["seed"] is not None:
        raise InvalidRecord(f"record has a 'position' and 'seed' {brief(record['seed'])}: a "
                            f"game started from position(...) has no seed (null); delete one")
    if record.get("start") is not None:
        raise InvalidRecord("record has both a 'position' and a 'start': a game started from "
                            "position(...) has no other start data; delete 'start'")
    _check_plain(record["position"], "position", [MAX_START_ITEMS])


def checked_json(value: Any, where: str) -> Any:
    """``value`` as JSON data (``json_shaped``, a copy), if it is finite JSON data of at most
    ``MAX_START_ITEMS`` values; else ``InvalidRecord`` naming ``where``.

    >>> checked_json((1, [2.5, "x"]), "cells")
    [1, [2.5, 'x']]
    """
    shaped = json_shaped(value, 1)
    _check_plain(shaped, where, [MAX_START_ITEMS])
    return shaped


def _start(game: Game, record: Mapping[str, Any]) -> State:
    if record.get("position") is not None:
        try:
            built: State = getattr(game, "position")(**record["position"])  # noqa: B009
            return built
        except (TabletopError, TypeError, ValueError, ArithmeticError) as err:
            raise InvalidRecord(f"record 'position' can't build a {game.name} position: "
                                f"{cut(str(err))}") from None
    start = record.get("start")
    try:
        return game.new(seed=record["seed"], start=start)
    except InvalidRecord as err:
        if "'start'" in str(err):
            raise
        raise InvalidRecord(f"record 'start' can't be used: {cut(str(err))}") from None
    except (TabletopError, TypeError, ValueError, ArithmeticError) as err:
        fields = "'options' and 'start'" if start is not None else "'options'"
        raise InvalidRecord(f"record {fields} can't start a game: {cut(str(err))}") from None


# --- the outcome --------------------------------------------------------------------------

def _result(state: State) -> dict[str, Any]:
    """The outcome a record's actions reach: over or not, the scores, the winners, and how
    many actions led there (``plies``: so that actions cut or added are caught even where
    the scores stay the same)."""
    return {"terminal": state.is_terminal, "scores": list(state.scores),
            "winners": list(state.winners), "plies": len(state.history)}


#: What to do with a record whose actions were cut, added to or changed by hand.
_EDITED = "to go back by hand, delete its 'result' along with the actions, or give " \
          "replay(record, ply=N) to stop after N actions"


def _check_result(result: dict[str, Any], state: State) -> None:
    for key, value in _result(state).items():
        if key in result and result[key] != value:
            raise InvalidRecord(
                f"record says {key} {result[key]!r} in 'result' but its actions give "
                f"{value!r} ({_EDITED}): the record was altered{older_rules(state.game)}"
            )


# --- quoting untrusted values -------------------------------------------------------------

