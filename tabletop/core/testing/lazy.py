"""The lazy legal actions: ``check_game`` checks at every step that the sequence
``legal_actions()`` returns, read without building it, agrees with its fully built tuple —
the state's, and every player's view's (agents pick from a view's list by index).

On fresh copies of the state or view (so nothing is built or cached yet), it checks that
``legal_actions()`` is a ``LegalActions``; that its length, each index (negative ones too),
an index out of range, an index that is no integer (a ``TypeError``), slices, iteration,
``in``, equality and hash agree with the tuple; that notation or an action id looked
for ``in`` it is a ``TypeError`` naming ``is_legal`` or ``legal_action_ids``
(``check_strangers``); that a state accepts by ``apply`` an action
read by index; and that nothing of the sequence can be rebound (``check_sealed``). Then, for
a state, ``check_pick``: the rollout hook ``State._pick(u)`` is the listed action ``int(u·n)``.

>>> import tabletop
>>> state = tabletop.load("lacuna").new(seed=1, setup="random")
>>> check_lazy(state, "lacuna seed 1 ply 1")
>>> check_lazy(state.view(state.current_player), "lacuna seed 1 ply 1 view")
"""

from __future__ import annotations

import copy
from functools import partial
from typing import Any

from ..game import State, View
from ..legal import LegalActions
from .common import fail

#: How many indices from each end are read lazily and compared.
PROBES = 4
#: What is no index: a tuple refuses each with a ``TypeError``, and so must the lazy list.
NOT_INDICES = (1.0, "1", None)


def check_lazy(state: State | View, where: str) -> None:
    """The lazy ``legal_actions()`` of ``state`` (a State or a View) agrees with its built
    tuple."""
    full = copy.copy(state).legal_actions()
    if not isinstance(full, LegalActions):
        fail(where, f"legal_actions() is a {type(full).__name__}, not a LegalActions")
    built = full.as_tuple()
    n = len(built)
    lazy = copy.copy(state).legal_actions()
    if len(lazy) != n:
        fail(where, f"len(legal_actions()) is {len(lazy)} but the built tuple has {n} "
                    "actions (the lazy length disagrees)")
    picks = sorted({*range(min(n, PROBES)), *range(max(n - PROBES, 0), n), *range(n)[n // 2:][:1]})
    for i in picks:
        for k in (i, i - n):
            if lazy[k] != built[i]:
                fail(where, f"legal_actions()[{k}] is {str(lazy[k])!r} read lazily, but "
                            f"{str(built[i])!r} in the built tuple")
    for k in (n, -n - 1):
        try:
            lazy[k]
        except IndexError:
            continue
        fail(where, f"legal_actions()[{k}] gave an action, not IndexError ({n} actions)")
    for k in NOT_INDICES:
        try:
            lazy[k]  # type: ignore[call-overload]
        except TypeError:
            continue
        except Exception as err:  # noqa: BLE001 - the failure this check is about
            fail(where, f"legal_actions()[{k!r}] raised {type(err).__name__}, not the "
                        "TypeError a tuple raises")
        fail(where, f"legal_actions()[{k!r}] gave an action, not the TypeError a tuple raises")
    if n and not lazy.built and isinstance(state, State):
        fresh = copy.copy(state)
        action = fresh.legal_actions()[n // 2]
        fresh.apply(action)  # a listed action read by index is accepted as it is
    if lazy[1:-1] != built[1:-1] or lazy[::-2] != built[::-2] or tuple(lazy) != built:
        fail(where, "slices or iteration of legal_actions() differ from the built tuple")
    if lazy != built or built != lazy or hash(lazy) != hash(built) or bool(lazy) != bool(n):
        fail(where, "legal_actions() is not equal to its built tuple, or hashes otherwise")
    if any(a not in lazy for a in built[:PROBES]) or object() in lazy:
        fail(where, "'in' on legal_actions() disagrees with the built tuple")
    if n:
        check_strangers(lazy, built[0], state, where)
    check_sealed(lazy, where)
    if isinstance(state, State):
        check_pick(state, built, where)


def check_strangers(legal: LegalActions[Any], action: Any, state: State | View,
                    where: str) -> None:
    """Notation and an action id looked for ``in`` the actions (the habits of ``apply``'s
    notation and of OpenSpiel's integer actions) are refused with a ``TypeError`` naming
    what answers that (``is_legal``, ``legal_action_ids``), never answered ``False``."""
    for stranger, answer in ((str(action), "is_legal"), (state.action_id(action),
                                                         "legal_action_ids")):
        try:
            found = stranger in legal
        except TypeError as err:
            if answer not in str(err):
                fail(where, f"{stranger!r} in legal_actions() is refused without naming "
                            f"{answer}: {err}")
            continue
        fail(where, f"{stranger!r} in legal_actions() answered {found!r}: notation or an "
                    f"action id among actions is a TypeError that names {answer}")


#: What ``check_sealed`` tries to rebind on a handed-out sequence: its own slots and a new name.
REBOUND = ("_last", "_length", "_items", "_at", "note")


def check_sealed(legal: LegalActions[Any], where: str) -> None:
    """Nothing of a handed-out ``legal_actions()`` can be rebound or deleted: ``apply``
    trusts the action last read from it (and a terminal position's empty one is shared)."""
    for name in REBOUND:
        for change in (partial(setattr, legal, name, None), partial(delattr, legal, name)):
            try:
                change()
            except (AttributeError, TypeError):
                continue
            fail(where, f"legal_actions().{name} could be set or deleted: the sequence "
                        "apply trusts can be changed from outside")


#: Where ``check_pick`` reads the rollout hook, besides each probed index's two edges.
DRAWS = (0.0, 0.5, 1 - 2.0 ** -53, 0.1, 0.3, 0.7, 0.9)


def check_pick(state: State, built: tuple[object, ...], where: str) -> None:
    """``state._pick(u)`` is ``built[int(u * len(built))]`` for draws at both ends, in the
    middle and at both edges of the first and last few actions' shares of [0, 1), on the
    state itself (with whatever it has cached) and on a fresh copy."""
    if state.is_terminal:
        return
    n = len(built)
    draws = {*DRAWS}
    for i in {*range(min(n, PROBES)), *range(max(n - PROBES, 0), n)}:
        draws.update(u for u in (i / n, (i + 1) / n - 2.0 ** -40) if 0 <= u < 1)
    for u in sorted(draws):
        want = built[int(u * n)]
        for source, target in (("", state), ("a fresh copy's ", copy.copy(state))):
            got = target._pick(u)
            if got != want:
                fail(where, f"{source}_pick({u!r}) is {str(got)!r}, but the legal action "
                            f"{int(u * n)} of {n} (int(u·n)) is {str(want)!r}")
