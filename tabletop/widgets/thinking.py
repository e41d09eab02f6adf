"""What a viewer may see of an agent's thinking: the rule, the redaction, and the record format.

An agent decides from its own view, so what it was thinking (its choice, the candidates it
weighed, their visits and values) can rest on things another player may not see — its own
secret choice (Lascaux's colour token, Lava Flows' hidden Mediums) or what it learnt earlier.
The widget shows an agent's thinking in full only to a viewer entitled to it:

* the full-state view (``view=None``: the person who sees everything anyway),
* the agent's own seat,
* anyone, once the game on show is over,
* another seat only when the agent knew nothing that seat didn't: every move before the
  agent's own was seen by that seat in full, or the same way the agent saw it
  (``game.describe``), and the agent's own move in full — its thinking names it, and an
  agent that forgets its move at once (Lava Flows with ``memory=True``: its own log reads
  ``arrange ?``) still chose it knowing. Secrets reach players through actions in every
  game of tabletop (``DESIGN.md``: secret choices are actions), so this is what their
  views differ by — in a game grown from ``new()``: a position drawn by ``determinize`` or
  built by hand has no history to read, so there only the first two see it.

Anyone else sees only that the agent thought, not what (``hidden(...)``): no choice, no
candidate, no number that could tell one secret from another.

A record saved from the widget keeps the thinking as its viewer may see it (``Session.save``;
``full=True`` keeps all of it), and the widget redacts a loaded record's thinking on display
as it does for thinking it saw happen. Hidden thinking is ``{"agent": ..., "hidden": True}``.

>>> import tabletop
>>> s = tabletop.load("lascaux", players=3).new(seed=0).apply("choose pink")
>>> s.log(1), may_see(s, agent=2, viewer=1), may_see(s, agent=2, viewer=None)
(('choose ?',), False, True)
>>> forgets = tabletop.load("lava-flows", memory=True).new(seed=0)
>>> forgets = forgets.apply("arrange black a1 white b1")
>>> forgets.log(0), forgets.log(1), may_see(forgets, agent=0, viewer=1)
(('arrange ?',), ('arrange ?',), False)
>>> hidden("mcts")["hidden"]
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeGuard

from ..core.errors import InvalidRecord
from ..core.game import State
from ..core.plain import MAX_NESTING, NotJSON, json_data, plain
from ..core.quoting import brief

#: The fields of one candidate move that the panel shows, and their JSON types.
CANDIDATE_FIELDS: dict[str, tuple[type, ...]] = {"action": (str,), "visits": (int,),
                                                 "value": (int, float)}
#: The largest count or value a record's thinking may hold, and its longest text: what the
#: panel shows must be shown (no float overflow, no integer past Python's digit limit).
LARGEST = 10**12
LONGEST = 200
#: The most values (numbers, texts, lists, objects) one move's thinking may hold: a search's
#: candidates with a value per player fit many times over.
MOST_VALUES = 100_000


def may_see(state: State, agent: int | None, viewer: int | str | None) -> bool:
    """Whether ``viewer`` may see the thinking behind the last move of ``state`` by the agent
    of seat ``agent``.

    ``state`` is the state right after the bot's move; ``viewer`` ``None`` is the full state.
    Only a state grown from ``new()`` (one with a ``seed``) has the whole history this rule
    reads: one drawn by ``determinize`` or built by hand may start with secrets the agent
    already held, so another seat sees none of its thinking before the game is over.
    """
    if viewer is None or viewer == agent:
        return True
    if agent is None or state.seed is None:
        return False
    seen = state.log(viewer)
    known = state.log(agent)
    if state.history and seen[-1] != str(state.history[-1]):  # the agent's own move
        return False
    return all(mine == str(action) or mine == theirs
               for action, mine, theirs in zip(state.history, seen, known, strict=True))


def hidden(agent: object) -> dict[str, Any]:
    """The thinking as a viewer not entitled to it sees it: that there was some, no more."""
    return {"agent": str(agent), "hidden": True}


def check_thinking(raw: object, notations: Sequence[str]) -> dict[int, dict[str, Any]]:
    """A record's ``"thinking"``, checked: a mapping from ply (``1..len(notations)``) to the
    agent's thinking for the move at that ply, in the format ``Analysis.to_json`` writes.

    ``notations`` are the record's actions; each entry's ``"choice"`` must be the action its
    ply plays. Anything else raises ``InvalidRecord`` naming the key or field at fault.

    >>> check_thinking({"1": {"choice": "take 1", "candidates": []}}, ["take 1"])
    {1: {'choice': 'take 1', 'candidates': []}}
    >>> check_thinking([], ["take 1"])
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidRecord: record 'thinking' should be an object from plies to a
    bot's thinking, not list
    """
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise InvalidRecord(f"record 'thinking' should be an object from plies to a bot's "
                            f"thinking, not {type(raw).__name__}")
    plies = len(notations)
    checked: dict[int, dict[str, Any]] = {}
    for key, entry in raw.items():
        ply = _ply_key(key)
        if ply is None or not 1 <= ply <= plies:
            raise InvalidRecord(f"record 'thinking' has the key {brief(key)}: its keys are "
                                f"the plies of bot moves, 1..{plies}")
        if ply in checked:
            raise InvalidRecord(f"record 'thinking' has ply {ply} twice")
        checked[ply] = check_entry(entry, f"record 'thinking' for ply {ply}",
                                   notations[ply - 1])
    return checked


def check_entry(entry: object, where: str, played: str | None = None) -> dict[str, Any]:
    """A copy of one agent move's thinking, checked (see ``check_thinking``): finite JSON data
    (a tuple becomes a list, numpy's numbers plain ones) in the format the panel shows;
    ``InvalidRecord`` if not. The copy shares nothing with ``entry``, so changing what was
    given changes nothing the widget keeps.

    >>> check_entry({"hidden": 1, "agent": "mcts"}, "the bot's thinking")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidRecord: the bot's thinking: 'hidden' should be true or false
    """
    if not isinstance(entry, Mapping):
        raise InvalidRecord(f"{where} should be an object, not {type(entry).__name__}")
    try:
        copied: dict[str, Any] = json_copy(entry, where)
    except InvalidRecord:  # say what is wrong with a field the panel reads, if one is
        _check_fields(entry, where, played)
        raise
    _check_fields(copied, where, played)
    return copied


def _check_fields(data: Mapping[Any, Any], where: str, played: str | None) -> None:
    """Raise ``InvalidRecord`` unless the fields the panel reads are what it can show."""
    if not isinstance(data.get("hidden", False), bool):
        raise InvalidRecord(f"{where}: 'hidden' should be true or false")
    if data.get("hidden") is True:  # saved for a viewer not entitled to it
        if set(data) != {"agent", "hidden"} or not isinstance(data["agent"], str):
            raise InvalidRecord(f"{where} is hidden thinking: it holds only 'agent' (a "
                                "string) and 'hidden'")
        return
    choice = data.get("choice")
    if not isinstance(choice, str):
        raise InvalidRecord(f"{where} has no 'choice' notation")
    if played is not None and choice != played:
        raise InvalidRecord(f"{where} says the bot chose {brief(choice)}, but the record "
                            f"plays {brief(played)} there")
    if "agent" in data and not _is_text(data["agent"]):
        raise InvalidRecord(f"{where}: 'agent' should be a string of at most {LONGEST} "
                            f"characters, not {brief(data['agent'])}")
    for field in ("iterations", "player"):
        if field in data and not _is_count(data[field]):
            raise InvalidRecord(f"{where}: {field!r} should be an integer from 0 to 10**12, "
                                f"not {brief(data[field])}")
    if "shallow" in data and not isinstance(data["shallow"], bool):
        raise InvalidRecord(f"{where}: 'shallow' should be true or false")
    candidates = data.get("candidates")
    if not isinstance(candidates, list):
        raise InvalidRecord(f"{where}: 'candidates' should be a list of moves with visits "
                            "and values")
    for i, candidate in enumerate(candidates):
        if not isinstance(candidate, Mapping):
            raise InvalidRecord(f"{where}: candidate {i + 1} should be an object")
        for field, kinds in CANDIDATE_FIELDS.items():
            value = candidate.get(field)
            if not _fits(field, value):
                raise InvalidRecord(f"{where}: candidate {i + 1} needs {field!r} as "
                                    f"{' or '.join(k.__name__ for k in kinds)} "
                                    f"({_BOUNDS[field]}), not {brief(value)}")


def json_copy(value: Any, where: str) -> Any:
    """A copy of ``value`` if it is finite JSON data, at most ``MAX_NESTING`` deep and
    ``MOST_VALUES`` values in all (tuples become lists, numpy's numbers plain ones); else
    ``InvalidRecord`` saying what in ``where`` is not.

    >>> json_copy({"values": (0.5, 1)}, "thinking")
    {'values': [0.5, 1]}
    >>> json_copy({"seconds": float("nan")}, "thinking")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.InvalidRecord: thinking: 'seconds' holds nan, which is not finite JSON
    data
    """
    try:
        return json_data(value, [MOST_VALUES], MAX_NESTING, LARGEST_JSON, loose=True)
    except NotJSON as refused:
        inside = f"{where}: {refused.field!r}" if refused.field is not None else where
        raise InvalidRecord(_SAID[refused.problem].format(
            where=inside, found=brief(refused.found), most=MOST_VALUES,
            deep=MAX_NESTING)) from None


#: What ``json_copy`` says of each ``NotJSON`` problem.
_SAID = {"values": "{where} holds more than {most} values",
         "depth": "{where} nests more than {deep} deep (or holds itself)",
         "key": "{where} has the key {found}: keys are strings",
         "text": "{where} holds {found}, which is not Unicode text (a lone surrogate)",
         "value": "{where} holds {found}, which is not finite JSON data"}


#: The largest integer a record's thinking may hold anywhere (far past any count; a record's
#: text reads no integer of more digits).
LARGEST_JSON = 10**400


def _ply_key(key: object) -> int | None:
    key = plain(key)  # numpy's, in a record built in Python
    if _is_int(key):
        return key
    if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 9 \
            and str(int(key)) == key:
        return int(key)
    return None


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= LARGEST


def _fits(field: str, value: object) -> bool:
    """Whether a candidate's ``field`` holds what the panel can show."""
    if field == "action":
        return _is_text(value)
    if field == "visits":
        return _is_count(value)
    return isinstance(value, int | float) and not isinstance(value, bool) \
        and -LARGEST <= value <= LARGEST  # compared as it is: NaN and huge ints fail


def _is_text(value: object) -> bool:
    return isinstance(value, str) and len(value) <= LONGEST


#: How each candidate field is bounded, as a refusal says it.
_BOUNDS = {"action": f"at most {LONGEST} characters", "visits": "from 0 to 10**12",
           "value": "from -10**12 to 10**12"}


def agent_report(agent: Any) -> Any:
    """What ``agent`` says it was thinking (``last_analysis.to_json()``), or ``None`` if it
    says nothing or fails to say it: an agent's thinking is told, never in the way of its
    move. The search's ``"seconds"`` are left out: a timing differs from run to run (and
    no panel shows it), so the same game saved twice is the same record, byte for byte."""
    try:
        analysis = getattr(agent, "last_analysis", None)
        if analysis is None:
            return None
        told = analysis.to_json()
        if isinstance(told, dict):  # (a copy: the agent's own dict is left as it was)
            told = {key: value for key, value in told.items() if key != "seconds"}
        return told
    except Exception:  # noqa: BLE001 - any agent's own failure: no thinking to show
        return None
