"""``check_endings(game, seeds)``: every door of a finished game says the same thing.

At the end of each seeded random game (each end the rules reach at random):

* the outcome agrees with itself: ``returns()`` gives each winner more than each other
  player and gives everyone the same in a draw; ``winners`` never names every player
  (that is a draw, ``()``, as ``returns()`` and the widget's result line read it); the
  record's ``result`` holds the same ``terminal``, ``scores`` and ``winners``, and its
  replay ends with them again;
* nothing can be played, and each way of asking says so: ``legal_actions()`` reads as an
  empty tuple (length, indexing from both ends, slicing, truth), ``legal_action_ids()``
  is empty and ``legal_mask()`` all false, ``children()`` and ``explore`` find no move;
  the actions legal one ply before (and the last one played, as an action, as its
  notation and as its id) are not ``is_legal``, and ``apply``, ``action_from_id`` and
  ``parse_action`` refuse them with ``IllegalAction`` saying the game is over;
* every player's view is over too (no player to move, no legal action, refusals saying
  so), and where a view has ``scores`` or ``winners`` they are the state's: the end is
  public.

>>> import tabletop
>>> check_endings(tabletop.load("lava-flows"), seeds=[2])
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from ..errors import IllegalAction
from ..game import Action, Game, State, View
from ..quoting import brief
from ..record import replay
from ..tree import explore
from .common import fail, random_playout
from .entry import suite_game, suite_seeds


def check_endings(game: Game, seeds: Iterable[int] = range(3)) -> None:
    """Play each seed's random game to the end and check every door of its last state."""
    game = suite_game(game, "check_endings")
    for seed in suite_seeds(seeds, "check_endings"):
        before: State | None = None
        last: State | None = None
        for state in random_playout(game, seed):
            before, last = last, state
        if last is None or before is None or not last.is_terminal:
            continue
        check_ending(last, before, f"{game.name} seed {seed} (the end, ply "
                                   f"{len(last.history)})")


def check_ending(state: State, before: State, where: str = "the end") -> None:
    """Check every door of one finished game ``state``; ``before`` is the state one ply
    earlier (whose legal actions must all be refused now)."""
    for name, value in (("state", state), ("before", before)):
        if not isinstance(value, State):
            raise TypeError(f"check_ending's {name} should be a State, not {brief(value)}")
    if not state.is_terminal or state.history[:-1] != before.history:
        raise ValueError("check_ending needs a finished game's last state and the state "
                         "one ply before it")
    _check_outcome(state, where)
    _check_record(state, where)
    earlier = (*before.legal_actions()[:6], state.history[-1])
    _check_nothing_to_play(state, earlier, where)
    for player in range(state.game.players):
        _check_view(state, state.view(player), earlier, f"{where} view {player}")


def _check_outcome(state: State, where: str) -> None:
    players, winners = state.game.players, state.winners
    returns = state.returns()
    if players > 1 and len(set(winners)) == players:
        fail(where, f"winners {winners} name every player: a game every player wins is a "
                    "draw, whose winners are () (returns() and the result line read it so)")
    if winners:
        worst_winner = min(returns[p] for p in winners)
        others = [returns[p] for p in range(players) if p not in winners]
        if others and worst_winner <= max(others):
            fail(where, f"returns() {returns} do not rank the winners {winners} above the "
                        "other players")
    elif len(set(returns)) > 1:
        fail(where, f"a draw (no winners) but returns() {returns} differ")


def _check_record(state: State, where: str) -> None:
    record = json.loads(json.dumps(state.to_record()))
    result = record.get("result", {})
    want = {"terminal": True, "scores": list(state.scores), "winners": list(state.winners)}
    for key, value in want.items():
        if key in result and result[key] != value:
            fail(where, f"the record's result says {key} {result[key]!r}, the state "
                        f"{value!r}")
    again = replay(record)
    if not again.is_terminal or again.winners != state.winners \
            or tuple(again.scores) != tuple(state.scores) or again.returns() != state.returns():
        fail(where, "the record of the finished game replays to another outcome: "
                    f"{again.scores}/{again.winners}, not {state.scores}/{state.winners}")


def _check_nothing_to_play(state: State, earlier: tuple[Action, ...], where: str) -> None:
    _check_empty(state, where)
    if list(state.children()):
        fail(where, "children() yields a move after the end")
    tree = explore(state, depth=2)
    if tree.number_of_nodes() != 1:
        fail(where, f"explore(depth=2) of a finished game has {tree.number_of_nodes()} "
                    "nodes, not the one")
    _check_refused(state, earlier, where)


def _check_view(state: State, view: View, earlier: tuple[Action, ...], where: str) -> None:
    if not view.is_terminal or view.current_player is not None:
        fail(where, f"the view is not over (current_player {view.current_player!r})")
    _check_empty(view, where)
    _check_refused(view, earlier, where)
    for name in ("scores", "winners"):
        shown = getattr(view, name, None)
        if shown is not None and tuple(shown) != tuple(getattr(state, name)):
            fail(where, f"the view's {name} {tuple(shown)} are not the state's "
                        f"{tuple(getattr(state, name))} (at the end the outcome is public)")


def _check_empty(subject: State | View, where: str) -> None:
    """``legal_actions()`` reads as ``()`` in every way a tuple is read."""
    legal = subject.legal_actions()
    if len(legal) or legal or tuple(legal) != () or legal[:] != () or legal != ():
        fail(where, f"legal_actions() is not empty at the end: {tuple(legal)[:3]!r}")
    for i in (0, -1):
        try:
            legal[i]
        except IndexError:
            continue
        except Exception as err:  # noqa: BLE001
            fail(where, f"legal_actions()[{i}] raised {type(err).__name__}, not the "
                        "IndexError an empty tuple raises")
        fail(where, f"legal_actions()[{i}] gave an action at the end")
    if subject.legal_action_ids() != () or subject.legal_mask().any():
        fail(where, "legal_action_ids() or legal_mask() marks an action at the end")


def _check_refused(subject: State | View, earlier: tuple[Action, ...], where: str) -> None:
    """Each action legal just before the end is refused, saying the game is over."""
    asks: list[tuple[str, Callable[[], Any]]] = []
    for action in earlier:
        text = str(action)
        if subject.is_legal(action) or subject.is_legal(text):
            fail(where, f"is_legal({text!r}) is true at the end")
        asks.append((f"parse_action({text!r})",
                     partial(subject.game.parse_action, subject, text)))
        if isinstance(subject, State):
            asks.append((f"apply({text!r})", partial(subject.apply, action)))
        found = _id_of(subject, action)
        if found is not None:
            asks.append((f"action_from_id({found})", partial(subject.action_from_id, found)))
    for asked, ask in asks:
        try:
            ask()
        except IllegalAction as err:
            if "over" not in str(err):
                fail(where, f"{asked} at the end is refused without saying the game is "
                            f"over: {str(err)[:160]!r}")
            continue
        except Exception as err:  # noqa: BLE001
            fail(where, f"{asked} at the end raised {type(err).__name__}, not "
                        f"IllegalAction: {err}")
        fail(where, f"{asked} was accepted at the end of the game")


def _id_of(subject: State | View, action: Action) -> int | None:
    try:
        return subject.action_id(action)
    except IllegalAction:
        return None  # an action outside the integer space (or named by its position)


__all__ = ["check_ending", "check_endings"]
