"""JSON game records, and replaying them.

A record is plain JSON: the game, its options, the seed and the actions in notation, plus the
outcome it reached, so that a tampered record is caught on replay.

>>> from tabletop.core.record import FORMAT
>>> FORMAT
'tabletop/1'
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .errors import IllegalAction, InvalidRecord, TabletopError
from .registry import load

if TYPE_CHECKING:
    from .game import State

FORMAT = "tabletop/1"
_REQUIRED = {"format": str, "game": str, "players": int, "options": dict, "seed": int,
             "actions": list}


def make_record(state: State, **extra: Any) -> dict[str, Any]:
    """The record of ``state``'s game so far; ``extra`` keys are stored alongside."""
    if state.seed is None:
        raise InvalidRecord("a determinized state has no seed, so it has no record")
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": state.game.name,
        "players": state.game.players,
        "options": dict(state.game.options),
        "seed": state.seed,
        "actions": [str(a) for a in state.history],
        "result": {
            "terminal": state.is_terminal,
            "scores": list(state.scores),
            "winners": list(state.winners),
        },
    }
    start = state._start_data()
    if start is not None:
        record["start"] = start
    record.update(extra)
    return record


def replay(record: dict[str, Any] | str, ply: int | None = None) -> State:
    """The state a record reaches (or reached after ``ply`` actions).

    ``record`` is a dict or its JSON text. Anything malformed, or an action that is not legal
    where it stands, or an outcome that doesn't match, raises ``InvalidRecord`` saying what.
    """
    record = _parse(record)
    try:
        game = load(record["game"], players=record["players"], **record["options"])
    except TabletopError as err:
        raise InvalidRecord(f"record names a game that can't be loaded: {err}") from None
    actions = record["actions"]
    if not all(isinstance(a, str) for a in actions):
        raise InvalidRecord("record 'actions' must be a list of notation strings")
    if ply is not None and not 0 <= ply <= len(actions):
        raise InvalidRecord(f"ply {ply} is outside the record's 0..{len(actions)} actions")
    start = record.get("start")
    if start is not None and not isinstance(start, dict):
        raise InvalidRecord(f"record 'start' should be an object, not {start!r}")
    state = game.new(seed=record["seed"], start=start)  # bad start data: InvalidRecord
    for i, text in enumerate(actions[:ply] if ply is not None else actions):
        try:
            state = state.apply(text)
        except IllegalAction as err:
            raise InvalidRecord(f"action {i + 1} of the record, {text!r}, is illegal: {err}") \
                from None
    if ply is None and "result" in record:
        _check_result(record["result"], state)
    return state


def _parse(record: dict[str, Any] | str) -> dict[str, Any]:
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as err:
            raise InvalidRecord(f"record is not valid JSON: {err}") from None
    if not isinstance(record, dict):
        raise InvalidRecord(f"a record is a JSON object, not {type(record).__name__}")
    for key, kind in _REQUIRED.items():
        if key not in record:
            raise InvalidRecord(f"record has no {key!r} (it needs {', '.join(_REQUIRED)})")
        value = record[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise InvalidRecord(
                f"record {key!r} should be a {kind.__name__}, not {value!r}"
            )
    if record["format"] != FORMAT:
        raise InvalidRecord(f"record format {record['format']!r} is not {FORMAT!r}")
    return record


def _check_result(result: Any, state: State) -> None:
    expected = {
        "terminal": state.is_terminal,
        "scores": list(state.scores),
        "winners": list(state.winners),
    }
    if not isinstance(result, dict):
        raise InvalidRecord(f"record 'result' should be an object, not {result!r}")
    for key, value in expected.items():
        if key in result and result[key] != value:
            raise InvalidRecord(
                f"record says {key} {result[key]!r} but its actions give {value!r}: "
                "the record was altered"
            )
