"""Records as files to keep in git: one layout, the same bytes for the same game.

``record_text(record)`` is a record's JSON text laid out for a diff: each field of the record
on its own line, and inside ``actions``, ``options``, ``result``, ``notes``, ``thinking`` and
``branches`` each item on its own line (deeper data stays on its item's line), ending in a
newline. So appending a move changes three lines (the move, the comma before it and the
result's count of actions, ``plies``) and any score it changed, a note adds one, and the
same record gives the same text in any process.
``write_record(path, record)`` writes that text as UTF-8 with ``\\n`` line ends on every
system, whole or not at all. ``replay``, ``widget.load`` and ``open_timeline`` read the file
(or ``json.load`` of it) as any other record.

>>> import tabletop
>>> state = tabletop.load("lascaux", players=3).new(seed=1)
>>> state = state.apply(state.legal_actions()[0])
>>> print(record_text(state.to_record()), end="")
{
 "format": "tabletop/1",
 "game": "lascaux",
 "players": 3,
 "options": {
  "strict_colour": false
 },
 "seed": 1,
 "actions": [
  "choose brown"
 ],
 "result": {
  "terminal": false,
  "scores": [2, 2, 2],
  "winners": [],
  "plies": 1
 }
}
>>> tabletop.replay(record_text(state.to_record())) == state
True
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import InvalidRecord
from .files import write_text
from .quoting import brief
from .record import json_shaped


def _compact(value: Any) -> str:
    """``value`` as JSON on one line; ``InvalidRecord`` if it is no finite JSON data."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        raise InvalidRecord(f"record_text can't write {brief(value)}: not finite JSON "
                            f"data") from None


def _field(value: Any, indent: str) -> str:
    """One field's value: a non-empty list or object with an item a line, else compact."""
    if isinstance(value, dict) and value:
        items = [f"{indent} {_compact(key)}: {_compact(item)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, list) and value:
        return "[\n" + ",\n".join(f"{indent} {_compact(item)}" for item in value) \
            + f"\n{indent}]"
    return _compact(value)


def record_text(record: Mapping[str, Any]) -> str:
    """The JSON text of ``record`` (``to_record()``, ``widget.save()``, ``save_timeline``)
    laid out for a diff, as the module says; fields in the record's own order. Non-ASCII
    text is written as itself (UTF-8 in a file), not as ``\\u`` escapes.

    >>> record_text({"notes": {"3": "Ünal's blunder"}, "x": []})
    '{\\n "notes": {\\n  "3": "Ünal\\'s blunder"\\n },\\n "x": []\\n}\\n'
    >>> record_text({"seed": float("nan")})
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidRecord: record_text can't write nan: not finite JSON data
    """
    if not isinstance(record, Mapping):
        raise TypeError(f"record_text takes a record (a dict: state.to_record(), "
                        f"widget.save()), not {brief(record)}")
    shaped = json_shaped(record)
    fields = [f" {_compact(key)}: {_field(value, ' ')}" for key, value in shaped.items()]
    text = "{\n" + ",\n".join(fields) + "\n}\n" if fields else "{}\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no UTF-8 reader could read it back
        raise InvalidRecord("record_text can't write a record holding a lone surrogate "
                            "(text that is no Unicode)") from None
    return text


def write_record(path: str | os.PathLike[str], record: Mapping[str, Any]) -> Path:
    """``record_text(record)`` as the file ``path`` (UTF-8, ``\\n`` line ends on every
    system), written whole or not at all; returns the path.

    >>> import tempfile, tabletop
    >>> from pathlib import Path
    >>> state = tabletop.load("landlock").new(seed=2)
    >>> path = write_record(Path(tempfile.mkdtemp()) / "game.json", state.to_record())
    >>> tabletop.replay(path.read_text(encoding="utf-8")) == state
    True
    """
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"write_record's path should be a str or Path, not {brief(path)}")
    target = Path(path)
    write_text(target, record_text(record))
    return target
