"""Running a tournament: here, on any ``concurrent.futures.Executor``, or on a Dask client —
in bounded batches, resubmitting the games a lost worker took with it, streaming each
finished game to a dataset and to a progress bar with the running standings."""

from __future__ import annotations

import inspect
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from typing import Any

from ..core.game import Game
from ..core.names import SHOWN, fit
from ..core.plain import flag, whole
from ..core.printing import fit as fit_to
from ..core.quoting import brief, cut, quote
from ..core.record import MAX_SAFE_INT, MAX_SEED
from ..core.registry import load
from ..core.warn import warn
from .dataset import HEADER, Dataset, folder_path, read_header
from .entrants import (
    Spec,
    check_entrants,
    check_sendable,
    describe,
    entrants,
    is_unsendable,
    portable,
)
from .play import errors_of, max_plies_of, move_time_of, play_game, rotation
from .results import ArenaResult, GameResult
from .sharing import timed_window

#: The most games one ``arena`` call plays (its list of games to do is kept in memory).
MAX_GAMES = 10_000_000


def _games_and_seed(games: object, seed: object, save: object = None) -> tuple[int, int]:
    """``games`` (1 to ``MAX_GAMES``) and ``seed``, checked: game ``i``'s seed
    ``seed + i`` must be a seed (at most 2**64 - 1). ``seed=None`` is a secret one
    (``secret_seed``)."""
    count = whole(games, 1, f"games must be an int ≥ 1 (at most {MAX_GAMES:,})", most=MAX_GAMES)
    last = MAX_SEED - count + 1  # game i is played with seed + i
    if seed is None:
        seed = secret_seed(last, save)
    first = whole(seed, 0, f"seed must be an int ≥ 0 (at most 2**64 - games = {last})",
                  most=last)
    return count, first


def secret_seed(last: int, save: object = None) -> int:
    """A tournament seed no entrant can guess: drawn by the operating system from
    ``0 .. last - (2**64 - 2**53)`` (so that every game's seed is at most 2**53 - 1 and reads
    exactly in any JSON reader: ``last`` is the largest the game count allows), or,
    resuming a tournament saved at ``save``, the seed it was played with.

    Every deal follows from the tournament's seed (game ``i`` from ``seed + i``), so an
    entrant that can guess the seed (``0``, the default, or any small number) can deal each
    of its games itself and match the deal to its first view: it then knows every hidden
    part (a Lascaux or Lacuna deal is found among 200 seeds by its first view alone).
    """
    if save is not None and (folder_path(save) / HEADER).exists():
        seed: int = read_header(folder_path(save))["seed"]
        return seed
    # every game's seed at most 2**53 - 1 (exact in any JSON reader), where the count allows
    return random.SystemRandom().randrange(max(last - (MAX_SEED - MAX_SAFE_INT), 0) + 1)


def as_executor(executor: Any) -> Executor | None:
    """An ``Executor`` from ``executor``: itself, or a cluster's ``get_executor()`` — told
    ``pure=False`` where it takes options, as Dask's does (games are not pure functions of
    their arguments: each is played afresh) — or anything else with a ``submit`` method."""
    if executor is None:
        return executor
    if blocks_its_loop(executor):
        raise RuntimeError(
            f"executor is an asynchronous Dask client ({brief(executor)}) and arena() was "
            f"called on its event loop: the client's games finish only on that loop, which "
            f"arena() would block until they finish (a hang). Run the tournament in a "
            f"thread, leaving the loop free: await asyncio.to_thread(arena, ..., "
            f"executor=client) (or use a synchronous Client(), which runs its own loop)")
    if isinstance(executor, Executor):
        return executor
    if callable(getattr(executor, "get_executor", None)):
        getter = executor.get_executor
        made = getter(pure=False) if takes_pure(getter) else getter()
        if not isinstance(made, Executor) and not callable(getattr(made, "submit", None)):
            raise TypeError(f"executor.get_executor() should give an executor (a "
                            f"concurrent.futures.Executor, or anything with submit), and "
                            f"{brief(executor)}'s gave {brief(made)}: no executor")
        return made
    if callable(getattr(executor, "submit", None)):
        return executor
    raise TypeError(f"executor should be a concurrent.futures.Executor or a Dask client "
                    f"(anything with get_executor() or submit), not {brief(executor)}")


def blocks_its_loop(executor: Any) -> bool:
    """Whether ``executor`` is an asynchronous Dask client (``Client(asynchronous=True)``),
    or the executor of one, called from its own event loop's thread: its futures complete
    on that loop, so waiting for them there never ends. (A client's ``asynchronous`` says
    exactly that: it is false in any other thread.)

    >>> from concurrent.futures import ThreadPoolExecutor
    >>> blocks_its_loop(ThreadPoolExecutor(1))
    False
    """
    client = executor if hasattr(executor, "get_executor") else getattr(executor, "_client",
                                                                        None)
    return getattr(client, "asynchronous", False) is True


def takes_pure(getter: Callable[..., Any]) -> bool:
    """Whether ``getter`` (a ``get_executor``) takes a ``pure=`` option, by name or among
    ``**options``; one whose signature can't be read is given it, as a Dask client is."""
    try:
        signature = inspect.signature(getter)
    except (TypeError, ValueError):
        return True
    return any(p.kind is p.VAR_KEYWORD or (p.name == "pure" and p.kind is not p.POSITIONAL_ONLY)
               for p in signature.parameters.values())


def in_flight(executor: Executor, call: Callable[[int], GameResult], todo: Sequence[int],
              window: int, retries: int) -> Iterator[GameResult]:
    """The results of ``call(i)`` for ``i`` in ``todo`` as they finish, with at most
    ``window`` submitted at once; games that finish together are taken in order, so an
    agent's error raised in two of them is the earlier game's. A game whose future fails (a
    worker died, a connection dropped) is submitted again, up to ``retries`` times."""
    queue = iter(todo)
    pending: dict[Future[GameResult], tuple[int, int]] = {}

    def submit(i: int, attempt: int) -> None:
        try:
            future = executor.submit(call, i)
        except BrokenExecutor as err:
            raise broken(i, err) from err
        if not isinstance(future, Future):
            raise TypeError(f"executor.submit should return a concurrent.futures.Future, "
                            f"and {brief(executor)} returned {brief(future)}")
        pending[future] = (i, attempt)

    try:
        for i in queue:
            submit(i, 0)
            if len(pending) >= window:
                break
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(finished, key=lambda done: pending[done]):
                i, attempt = pending.pop(future)
                try:
                    result = future.result()
                except Exception as err:
                    if getattr(err, "arena_fault", None) is not None:
                        raise  # an agent's own error, raised on purpose: not a lost game
                    if isinstance(err, BrokenExecutor):  # no game can be sent to it again
                        raise broken(i, err) from err
                    if type(err).__name__ == "KilledWorker":  # Dask gave up on it already
                        raise killer(i, err, call) from err
                    if is_unsendable(err):
                        raise TypeError(f"game {i} could not be sent to the executor's "
                                        f"workers ({type(err).__name__}: {cut(str(err))}): "
                                        f"give agents as names, classes or factories "
                                        f"defined at the top of a module") from err
                    if attempt >= retries:
                        raise RuntimeError(f"game {i} failed {attempt + 1} times; the last "
                                           f"time with {said(err)}") from err
                    warn(f"game {i} was lost ({said(err)}); submitted again")
                    submit(i, attempt + 1)
                    continue
                yield result
                following = next(queue, None)
                if following is not None:
                    submit(following, 0)
    finally:
        for future in pending:
            future.cancel()


def broken(index: int, err: BaseException) -> RuntimeError:
    """The error for a pool that broke under game ``index``: a ``concurrent.futures`` pool
    whose worker process died (killed, out of memory, an agent that ended its process) takes
    no more games, so resubmitting them would only fail again.

    >>> from concurrent.futures.process import BrokenProcessPool
    >>> print(broken(3, BrokenProcessPool("terminated abruptly")))  # doctest: +ELLIPSIS
    the executor broke while playing game 3: BrokenProcessPool: terminated abruptly. ...
    """
    why = cut(str(err)).rstrip(".")
    return RuntimeError(f"the executor broke while playing game {index}: "
                        f"{type(err).__name__}: {why}. A worker process died "
                        f"(killed, out of memory, or an agent ended it), and a pool of "
                        f"concurrent.futures takes no more games once broken: make a new "
                        f"one (with save=, the same call resumes where this one stopped), "
                        f"or use a Dask client, which replaces lost workers")


def killer(index: int, err: BaseException, call: object) -> RuntimeError:
    """The error for game ``index``, which Dask gave up on (``KilledWorker``): every worker
    that played it died, as many times as the scheduler allows (its
    ``distributed.scheduler.allowed-failures``, 3 by default). An agent in it most likely
    ends its process (``os._exit``, a crash in C code, memory): sending the game again
    would only kill more workers, so the run stops, naming the game and who sat in it.

    >>> print(killer(2, RuntimeError("boom"), None))  # doctest: +ELLIPSIS
    game 2 killed every Dask worker that played it (RuntimeError: boom): ...
    """
    seats = getattr(call, "seats", None)
    sat = f" (seats: {', '.join(map(quote, seats(index)))})" if callable(seats) else ""
    return RuntimeError(f"game {index} killed every Dask worker that played it "
                        f"({said(err)}): an agent in it{sat} most likely ends or crashes its "
                        f"process, so it is not sent again. Play that game here to see how "
                        f"(arena(..., games={index + 1}) without executor=); on a cluster "
                        f"whose workers die of other causes, raise Dask's "
                        f"distributed.scheduler.allowed-failures. With save=, the same call "
                        f"resumes")


def said(err: BaseException) -> str:
    """``err``'s type and message, the type alone when the message is empty (a cancelled
    future's).

    >>> said(ValueError("bad")), said(KeyError())
    ('ValueError: bad', 'KeyError')
    """
    message = cut(str(err))
    return f"{type(err).__name__}: {message}" if message else type(err).__name__


class Match:
    """``play_game`` with everything but the index bound (picklable, for workers)."""

    def __init__(self, game: Game, specs: Sequence[Spec], labels: Sequence[str], seed: int,
                 max_plies: int | None, move_time: float | None, errors: str) -> None:
        self.args = (game, list(specs), list(labels))
        self.seed, self.max_plies, self.move_time = seed, max_plies, move_time
        self.errors = errors

    def __call__(self, index: int) -> GameResult:
        game, specs, labels = self.args
        return play_game(game, specs, labels, index, self.seed, self.max_plies,
                         self.move_time, self.errors)

    def seats(self, index: int) -> tuple[str, ...]:
        """The labels at each seat of game ``index``."""
        return rotation(self.args[2], index)


class Progress:
    """A tqdm bar of games done, games/s and the running standings (wins per agent)."""

    def __init__(self, total: int, done: Sequence[GameResult], desc: str,
                 enabled: bool) -> None:
        self.bar: Any = None
        self.wins: dict[str, float] = {}
        self.forfeited = 0  # games an agent lost by its error or its clock
        self.shown = 0.0
        for g in done:
            self._count(g)
        if not enabled or sys.stderr is None:  # (pythonw, a service: no stream to show it)
            return
        try:
            from tqdm.auto import tqdm
        except ImportError:
            return

        class Bar(tqdm):
            """tqdm without its monitor thread, which tqdm starts with the first bar and
            leaves running in the user's process after the bar is closed; ``miniters=1``
            shows every game anyway (what the monitor was there to catch up on)."""

            monitor_interval = 0

        self.bar = Bar(total=total, initial=len(done), desc=desc, unit="game", miniters=1)

    def _count(self, g: GameResult) -> None:
        for seat, who in enumerate(g.seats):
            self.wins[who] = self.wins.get(who, 0.0) + g.credit(seat)
        self.forfeited += g.error is not None

    def standings(self) -> str:
        """The agents by wins so far, e.g. ``"mcts 7 · random 3"``, and the games lost by
        an agent's error or clock, if any (``"· 2 forfeited"``; a long label cut short: the
        bar is one line)."""
        ranked = sorted(self.wins.items(), key=lambda kv: -kv[1])
        shown = [f"{fit(who, SHOWN)} {wins:g}" for who, wins in ranked]
        if self.forfeited:
            shown.append(f"{self.forfeited} forfeited")
        return fit_to(" · ".join(shown), getattr(sys.stderr, "encoding", None))  # its stream

    def update(self, g: GameResult) -> None:
        self._count(g)
        if self.bar is None:
            return
        self.bar.update(1)
        now = time.monotonic()
        if now - self.shown > 0.5:
            self.shown = now
            self.bar.set_postfix_str(self.standings(), refresh=False)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(self.standings(), refresh=False)
            self.bar.close()


def arena(
    game: str | Game,
    agents: Sequence[Spec] | Mapping[str, Spec],
    games: int = 10,
    seed: int | None = 0,
    *,
    players: int | None = None,
    executor: Any = None,
    progress: bool = True,
    max_plies: int | None = None,
    move_time: float | None = None,
    errors: str = "forfeit",
    save: str | os.PathLike[str] | None = None,
    batch: int = 100,
    retries: int = 3,
    **options: Any,
) -> ArenaResult:
    """Play ``games`` seeded games between ``agents`` (one per seat), rotating the seats.

    ``game`` is a ``Game`` or a name (loaded with ``players`` — by default as many as agents
    — and ``options``). ``executor`` runs the games: a ``concurrent.futures.Executor``
    (``ProcessPoolExecutor(2)`` …) or a Dask ``Client`` (local or a cluster's); without one
    they run here, one after the other. At most ``batch`` games are in flight at once (with
    a ``move_time``, on workers of this machine, one per usable CPU: ``arena.sharing``), and
    a game lost with its worker is submitted again (up to ``retries`` times). ``save`` names
    a directory the games stream into (see ``tabletop.arena.dataset``): run the same call
    again to resume it, or to extend it with a larger ``games``.

    ``agents`` is a list (or tuple) of specs, one per seat, or a mapping ``{label: spec}``;
    two different agents under one label are refused. An agent object is copied for every
    game (by pickle), so each game starts from the same state here as in a worker.

    ``move_time`` (seconds) is the longest an agent may take to be built and to think per
    move: past it, it loses the game (``GameResult.error`` says so), and the game ends even
    if the agent never stops (``tabletop.arena.clock``). With ``errors="forfeit"`` (the default) an
    agent that raises or moves illegally loses its game too, with the error recorded, and
    the tournament goes on; with ``errors="raise"`` its exception stops the tournament.

    ``progress`` shows a tqdm bar with the running standings. ``max_plies`` stops a game
    unfinished (``finished=False``).

    Game ``i`` is dealt from ``seed + i``: an entrant that can guess ``seed`` can deal its
    games itself and know every hidden part. ``seed=None`` draws a secret seed (resuming a
    saved tournament, its own); each ``GameResult.seed`` tells it afterwards.
    """
    if not isinstance(game, str | Game):
        raise TypeError(f"game should be a game's name or a Game, not {brief(game)}")
    labels, specs = entrants(agents)
    progress = flag(progress, "progress")
    if players is not None:
        players = whole(players, 1, "players must be an int ≥ 1, or None for one per agent")
    if isinstance(game, str):
        game = load(game, players=len(specs) if players is None else players, **options)
    elif options or players not in (None, game.players):
        raise ValueError("players= and game options only apply when the game is given by name")
    if len(specs) != game.players:
        raise ValueError(f"{game.name} with {game.players} players needs {game.players} "
                         f"agents, not {len(specs)}")
    games, seed = _games_and_seed(games, seed, save)
    batch = whole(batch, 1, "batch must be an int ≥ 1")
    retries = whole(retries, 0, "retries must be an int ≥ 0")
    max_plies, move_time = max_plies_of(max_plies), move_time_of(move_time)
    errors = errors_of(errors)
    check_entrants(labels, specs, move_time, errors)  # fail here, not in a worker, on a bad spec
    sent = [portable(spec) for spec in specs]  # a name registered here, as workers build it
    pool = as_executor(executor)
    if isinstance(pool, ProcessPoolExecutor):
        context = getattr(pool, "_mp_context", None)  # how its workers start
        check_sendable(labels, sent,  # its workers get every game by pickle
                       None if context is None else context.get_start_method())
    store = None
    done: dict[int, GameResult] = {}
    if save is not None:
        if not isinstance(save, (str, os.PathLike)):
            raise TypeError(f"save should be the path of a folder, or None, not {brief(save)}")
        header = {"game": game.name, "players": game.players,
                  "options": dict(game.options), "agents": labels, "seed": seed,
                  "max_plies": max_plies, "move_time": move_time}
        store = Dataset(save, header, [describe(spec) for spec in specs], batch=batch)
        done = {i: g for i, g in store.games.items() if i < games}
    todo = [i for i in range(games) if i not in done]
    call = Match(game, sent, labels, seed, max_plies, move_time, errors)
    bar = Progress(games, list(done.values()), game.name, progress)
    window = min(timed_window(executor, batch, move_time),  # a Dask client, or its executor
                 timed_window(pool, batch, move_time))
    stream = ((call(i) for i in todo) if pool is None  # (a generator: a StopIteration out
              else in_flight(pool, call, todo, window, retries))  # of a game is no end)
    try:
        for result in stream:
            done[result.index] = result
            if store is not None:
                store.add(result)
            bar.update(result)
    finally:
        close = getattr(stream, "close", None)  # in_flight's: cancel the games in flight now,
        if close is not None:  # not when the stopped run is garbage-collected
            close()
        bar.close()
        if store is not None:
            store.close()
    return ArenaResult(game=game.name, players=game.players, agents=tuple(labels),
                       games=tuple(done[i] for i in range(games)),
                       described=tuple(zip(labels, map(describe, specs), strict=True)))
