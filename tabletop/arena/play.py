"""Playing one game of a tournament, in this process or in a worker: seats, agent seeds,
and the rule that an agent which raises or overruns its time loses without stopping anything.

>>> agent_seed(5, 1, 0) == agent_seed(5, 1, 0) != agent_seed(5, 1, 1)
True
>>> import tabletop
>>> g = play_game(tabletop.load("lascaux", players=3), ["random"] * 3, ["r"] * 3, 0, seed=4)
>>> g.finished, g.seed, g.error
(True, 4, None)
"""

from __future__ import annotations

import pickle
import random
import time
from collections.abc import Sequence
from typing import Any

from ..agents import Agent
from ..agents.base import fresh_view
from ..agents.exits import EXITS, STOPS
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.plain import real, whole
from ..core.quoting import brief, cut, either, quote
from ..core.record import MAX_SEED
from .clock import Clock, MoveTimeout, Overrun
from .entrants import Spec, build, without_addresses
from .results import GameResult

__all__ = ["AgentError", "MoveTimeout", "Spec", "agent_seed", "forfeit_winners", "play_game",
           "rotation"]


def agent_seed(seed: int, index: int, entrant: int) -> int:
    """The seed of entrant ``entrant``'s agent in game ``index`` of the tournament of seed
    ``seed`` (stable across processes). All three are whole numbers ≥ 0 (numpy's too; a
    bool, which would name another seed than 1, is none), ``seed`` at most 2**64 − 1.

    >>> agent_seed(0, 3, 1) == agent_seed(0, 3, 1) != agent_seed(0, 3, 0)
    True
    >>> agent_seed(True, 0, 0)
    Traceback (most recent call last):
    ValueError: seed must be an int from 0 to 2**64 - 1, not True
    """
    seed = whole(seed, 0, "seed must be an int from 0 to 2**64 - 1", most=MAX_SEED)
    index = whole(index, 0, "index must be an int ≥ 0 (a game of the tournament)",
                  most=MAX_SEED)
    entrant = whole(entrant, 0, "entrant must be an int ≥ 0 (an entrant of the tournament)",
                    most=MAX_SEED)
    return random.Random(f"arena/{seed}/{index}/{entrant}").randrange(2**32)


def rotation(agents: Sequence[str], index: int) -> tuple[str, ...]:
    """The label at each seat in game ``index``: entrant ``j`` sits at ``(j + index) % n``.

    >>> rotation(["a", "b", "c"], 1)
    ('c', 'a', 'b')
    """
    index = whole(index, 0, "index must be an int ≥ 0 (a game of the tournament)",
                  most=MAX_SEED)
    n = len(agents)
    seats = [""] * n
    for j, label in enumerate(agents):
        seats[(j + index) % n] = label
    return tuple(seats)


def overrun_message(move_time: float, what: str, stopped: bool) -> str:
    """What a game's error says of an agent that overran ``move_time`` doing ``what``.

    >>> overrun_message(0.5, "move", True)
    'took longer than 0.5 s to move'
    """
    message = f"took longer than {move_time:g} s to {what}"
    if stopped:
        return message
    return message + " and did not stop when interrupted: its thread was left running"


#: What ``play_game`` does with an agent's exception: lose the game, or raise it.
ERRORS = ("forfeit", "raise")
#: The longest ``move_time`` (a day; the clock's timer cannot wait much longer).
MOST_MOVE_TIME = 86_400.0


def move_time_of(move_time: object) -> float | None:
    """``move_time`` checked: ``None``, or seconds above 0 and at most a day.

    >>> move_time_of(1e300)
    Traceback (most recent call last):
    ValueError: move_time must be a finite number of seconds > 0 or None (at most 86,400: ...
    """
    if move_time is None:
        return None
    return real(move_time, "move_time must be a finite number of seconds > 0 or None (at most "
                "86,400: a day)", low=0.0, high=MOST_MOVE_TIME, above=True)


def max_plies_of(max_plies: object) -> int | None:
    """``max_plies`` checked: ``None``, or an int ≥ 1."""
    if max_plies is None:
        return None
    return whole(max_plies, 1, "max_plies must be an int ≥ 1 or None")


def errors_of(errors: object) -> str:
    """``errors`` checked: one of ``ERRORS``."""
    if not isinstance(errors, str) or errors not in ERRORS:
        raise ValueError(f"errors should be one of {either(ERRORS, repr)}, not {brief(errors)}")
    return errors


def _seats_of(game: object, specs: Any, labels: Any, index: object, seed: object
              ) -> tuple[Game, list[Spec], list[str], int, int]:
    """``play_game``'s game, entrants, index and seed, checked: a ``TypeError`` or a
    ``ValueError`` naming the one that is wrong."""
    if not isinstance(game, Game):
        raise TypeError(f"game should be a Game (tabletop.load(name)), not {brief(game)}")
    n = game.players
    for name, given in (("specs", specs), ("labels", labels)):
        if not isinstance(given, Sequence) or isinstance(given, str | bytes) \
                or len(given) != n:
            raise TypeError(f"{name} should be a list of {n} (one per player of {game.name}), "
                            f"not {brief(given)}")
    if not all(isinstance(label, str) for label in labels):
        raise TypeError(f"labels should be strings, not {brief(labels)}")
    index = whole(index, 0, "index must be an int ≥ 0")
    seed = whole(seed, 0, f"seed must be an int ≥ 0 (at most 2**64 - 1 - index = "
                          f"{MAX_SEED - index})", most=MAX_SEED - index)
    return game, list(specs), list(labels), index, seed


class AgentError(RuntimeError):
    """An agent's exception that could not be copied by pickle (so not sent back from a
    worker, where a process pool took it for a crashed process): its type and message,
    with the same ``arena_fault``."""

    arena_fault: dict[str, Any]  # (set by ``mark``)


def mark(err: Exception, index: int, fault: dict[str, Any]) -> Exception:
    """``err`` marked as an agent's fault in game ``index``, with a mark that survives
    pickling (``arena_fault``, and a note the traceback shows: which agent, seat, game and
    ply); an ``AgentError`` saying what it was if ``err`` does not survive pickling itself
    (an exception whose ``__init__`` takes other arguments than its ``args``), or one that
    would end a loop silently.

    >>> class Odd(Exception):
    ...     def __init__(self, a, b): super().__init__(f"{a}/{b}")
    >>> raised = mark(Odd(1, 2), 3, {"seat": 0, "agent": "odd", "ply": 5})
    >>> type(raised).__name__, str(raised), raised.arena_fault["game"]
    ('AgentError', "agent 'odd' raised Odd: 1/2 (an exception that pickle cannot copy)", 3)
    >>> raised.__notes__
    ["raised by agent 'odd' (seat 0) in the arena's game 3 at ply 5"]

    A ``StopIteration`` (or ``StopAsyncIteration``) is copied so too, since it would end
    the loop it goes through silently (the tournament's over its games) instead of stopping it:

    >>> str(mark(StopIteration(), 0, {"seat": 1, "agent": "odd", "ply": 2}))
    "agent 'odd' raised StopIteration (an exception that would end the arena's loop over ..."
    """
    marked = {"game": index, **fault}
    if isinstance(err, STOPS):
        why = "an exception that would end the arena's loop over its games silently"
    else:
        try:
            err.arena_fault = marked  # type: ignore[attr-defined]
            noted(err, marked)
            pickle.loads(pickle.dumps(err))
            return err
        except Exception:  # noqa: BLE001 - whatever pickle makes of it
            why = "an exception that pickle cannot copy"
    said = f"{type(err).__name__}: {cut(str(err))}" if str(err) else type(err).__name__
    copy = AgentError(f"agent {quote(str(fault.get('agent')))} raised {said} ({why})")
    copy.arena_fault = marked
    return noted(copy, marked)


def noted(err: Exception, fault: dict[str, Any]) -> Exception:
    """``err`` with a note naming the agent, seat, game and ply of ``fault`` (the words a
    traceback shows under the message; ``add_note`` where Python has it, 3.11 on).

    >>> noted(ValueError("no"), {"agent": "bot", "seat": 1, "game": 0, "ply": 2}).__notes__
    ["raised by agent 'bot' (seat 1) in the arena's game 0 at ply 2"]
    """
    note = f"raised by agent {quote(str(fault.get('agent')))} (seat {fault.get('seat')}) " \
           f"in the arena's game {fault.get('game')} at ply {fault.get('ply')}"
    notes = getattr(err, "__notes__", None)
    if not isinstance(notes, list):
        notes = []
        vars(err)["__notes__"] = notes  # where ``add_note`` would keep them (3.10 has none)
    if note not in notes:
        notes.append(note)
    return err


def forfeit_winners(players: int, seat: int) -> tuple[int, ...]:
    """The winners of a game lost by ``seat`` on an error: every other seat.

    >>> forfeit_winners(3, 1)
    (0, 2)
    """
    return tuple(p for p in range(players) if p != seat)


class Table:
    """One game in progress: the seats, the agents, the state, and the fault that ended it
    (if one did). Calls into the agents go through a ``Clock`` when there is a time limit."""

    def __init__(self, game: Game, labels: Sequence[str], index: int, seed: int,
                 move_time: float | None, errors: str) -> None:
        n = game.players
        self.index, self.move_time, self.errors = index, move_time, errors
        self.seats = [(j + index) % n for j in range(n)]  # entrant j sits at seats[j]
        self.labels = list(rotation(labels, index))
        self.agents: list[Agent | None] = [None] * n
        self.state = game.new(seed=seed + index)
        self.plies = 0
        self.error: dict[str, Any] | None = None
        self.clock = Clock(move_time) if move_time is not None else None

    def call(self, seat: int, what: str, function: Any, *args: Any) -> Any:
        """``function(*args)`` for the agent at ``seat``; its failure or overrun (doing
        ``what``) becomes the game's fault, or, with ``errors="raise"``, is raised marked."""
        try:
            return self.clock.call(function, *args) if self.clock else function(*args)
        except Overrun as over:
            assert self.move_time is not None
            self.fail(seat, "timeout", overrun_message(self.move_time, what, over.stopped))
        except IllegalAction as err:
            self.fail(seat, "error", f"illegal action: {err}", err)
        except Exception as err:
            prefix = "could not be built: " if what == "be built" else ""
            self.fail(seat, "error", f"{prefix}{type(err).__name__}: {err}", err)
        except EXITS as err:  # the bot's own exit (not Ctrl-C): an
            # error of the bot, which must not end the tournament (or a worker) as an exit
            prefix = "could not be built: " if what == "be built" else ""
            message = f"{prefix}{type(err).__name__}: {err}"
            self.fail(seat, "error", message, AgentError(f"agent {quote(self.labels[seat])} "
                                                         f"raised {message}"))
        return None

    def fail(self, seat: int, kind: str, message: str, err: Exception | None = None) -> None:
        """The game ends in an error of ``seat``'s agent; its message is kept without memory
        addresses, so two runs of a tournament keep the same error (and dataset line)."""
        self.error = {"seat": seat, "agent": self.labels[seat], "kind": kind,
                      "message": without_addresses(message)[:500], "ply": self.plies}
        if err is not None and self.errors == "raise":
            raised = mark(err, self.index, self.error)
            if raised is err:
                raise err
            raise raised from err

    def build(self, specs: Sequence[Spec], seed: int) -> None:
        """Build every entrant's agent (until one fails)."""
        for j, spec in enumerate(specs):
            seat = self.seats[j]
            self.agents[seat] = self.call(seat, "be built", build, spec,
                                          agent_seed(seed, self.index, j))
            if self.error is not None:
                return

    def play(self, max_plies: int | None) -> None:
        """Play until the game ends, ``max_plies`` are played, or an agent fails."""
        while (self.error is None and not self.state.is_terminal
               and (max_plies is None or self.plies < max_plies)):
            player = self.state.current_player
            assert player is not None
            agent = self.agents[player]
            assert agent is not None
            action = self.call(player, "move", agent.act, fresh_view(self.state, player))
            if self.error is not None:
                return
            try:
                self.state = self.state.apply(action)
            except IllegalAction as err:
                self.fail(player, "error", f"illegal action: {err}", err)
            except Exception as err:
                self.fail(player, "error", f"{type(err).__name__}: {err}", err)
            else:
                self.plies += 1

    def close(self) -> None:
        if self.clock is not None:
            self.clock.close()


def play_game(game: Game, specs: Sequence[Spec], labels: Sequence[str], index: int,
              seed: int, max_plies: int | None = None,
              move_time: float | None = None, errors: str = "raise") -> GameResult:
    """Play game ``index`` of a tournament (module-level, so that workers can run it).

    Entrant ``j`` sits at seat ``(j + index) % players``; the game's seed is
    ``seed + index``; an agent object is copied afresh for the game (by pickle). An agent
    that takes longer than ``move_time`` seconds to be built or to move loses the game, and
    ``error`` says why (see ``tabletop.arena.clock``: the game ends even if the agent does
    not stop). So does one that cannot be built, raises or returns an illegal action when
    ``errors="forfeit"``; with ``errors="raise"`` its exception is raised, marked with
    ``arena_fault`` (the game, seat and agent) so that the arena does not take it for a lost
    worker.
    """
    game, specs, labels, index, seed = _seats_of(game, specs, labels, index, seed)
    max_plies, move_time = max_plies_of(max_plies), move_time_of(move_time)
    errors = errors_of(errors)
    start = time.perf_counter()
    table = Table(game, labels, index, seed, move_time, errors)
    try:
        table.build(specs, seed)
        table.play(max_plies)
    finally:
        table.close()
    state, error = table.state, table.error
    winners = tuple(state.winners) if error is None else forfeit_winners(game.players,
                                                                          error["seat"])
    return GameResult(
        index=index, seed=seed + index, seats=tuple(table.labels),
        scores=tuple(state.scores), winners=winners, length=table.plies,
        finished=state.is_terminal, seconds=round(time.perf_counter() - start, 3),
        record=state.to_record(), error=error,
    )
