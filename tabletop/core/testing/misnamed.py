"""Misnamed actions: a malformed action must not print as the notation of another action.

A refusal quotes the action it refuses (``'k11 r0' is not legal here``) and a notebook
shows actions by their notation. A notation that looks a field up in a table can name the
wrong action when the field is malformed: a negative index counts from the end of the table
(``Place(cell=-1)`` printed as the last cell), and ``True`` is the index 1 (a colour, a
cell). The refusal then quotes an action the caller never built, one that may even be legal.

For each kind of action a game offers, ``check_misnamed_actions`` builds the malformed
variants the malformed-action check builds (``malformed.malformed_variants``), and copies
with a text field in capitals (``Role("LAND")``: notation is read in any case), and, for each
that has no integer id in a seeded position, reads its ``str`` back as ``parse_action`` does
but legal or not (``core.parsing.read_action``): the text must not denote an action that has
an id there (a well-formed action of the game).
A class whose notation cannot name a field should raise (its ``str`` then falls back to the
fields, ``Place(cell=-1, rot=0)``) or show the value itself (``take True``).

>>> import tabletop
>>> check_misnamed_actions(tabletop.load("landlock"), seeds=[0])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields, is_dataclass, replace

from ..errors import IllegalAction, TabletopError
from ..game import Action, Game, State
from ..parsing import read_action
from .common import fail, random_states
from .malformed import malformed_variants

#: Longer texts are not read back (no notation of a well-formed action is this long).
TEXT_LIMIT = 200


def check_misnamed_actions(game: Game, seeds: Iterable[int] = range(2), every: int = 7) -> None:
    """No malformed variant of an action prints as the notation of a well-formed action."""
    samples: dict[type, Action] = {}
    for where, state in random_states(game, seeds, every):
        for action in state.legal_actions():
            samples.setdefault(type(action), action)
        for sample in samples.values():
            for bad in (*(v for v, _ in malformed_variants(sample)), *_recased(sample)):
                if not _has_id(state, bad):
                    _not_misnamed(state, bad, where)


def _recased(action: Action) -> list[Action]:
    """Copies of ``action`` with a text field in other letter cases (``"LAND"``, ``"Land"``):
    notation is read case-insensitively, so such a field must not print as the real one."""
    found = []
    for f in fields(action) if is_dataclass(action) else ():
        value = getattr(action, f.name)
        if isinstance(value, str):
            for other in {value.upper(), value.capitalize()} - {value}:
                try:
                    found.append(replace(action, **{f.name: other}))
                except Exception:  # noqa: BLE001 - a class that validates its fields
                    continue
    return found


def _has_id(state: State, action: Action) -> bool:
    """Whether ``action`` has an integer id here (a well-formed action of the game)."""
    try:
        state.action_id(action)
    except IllegalAction:
        return False
    except Exception:  # noqa: BLE001 - the malformed-action check reports other errors
        return False
    return True


def _not_misnamed(state: State, bad: Action, where: str) -> None:
    try:
        text = str(bad)
    except Exception:  # noqa: BLE001 - the malformed-action check reports a failing str
        return
    if not text or len(text) > TEXT_LIMIT:
        return
    try:
        read = read_action(state.game, state, text)
    except TabletopError:
        return  # the text denotes no action: the refusal quotes no other one
    except Exception:  # noqa: BLE001 - the fuzzing check reports a parser's crash
        return
    if _has_id(state, read):
        fail(where, f"the malformed {_shown(bad)} prints as {text!r}, the notation of "
                    f"{_shown(read)}: a refusal would quote an action the caller did not "
                    f"build (show a field no table holds as itself, not looked up)")


def _shown(action: Action) -> str:
    """``action`` as its class and fields, each cut short."""
    try:
        return repr(action)[:80]
    except Exception:  # noqa: BLE001 - a field with no repr (a huge number)
        return type(action).__name__
