"""Play a game in a terminal by typing moves: no Jupyter, no widget.

``python -m tabletop play landlock --seed 3 --bot 1=mcts`` (or :func:`play_text` from
Python) prints the position as text — the view of the player to move (``str(view)``), the
whole ``str(state)`` at the end — and reads moves in the game's notation, the same
text ``str(action)`` writes and ``state.apply("...")`` reads. Besides a move it reads
``?`` (the legal moves), ``undo``, ``board``, ``save FILE`` (the game's JSON record),
``help`` and ``quit``. Bots move on their own. Reading and writing are parameters, so a
script or a test can drive the loop:

>>> import tabletop
>>> lines = iter(["?", "water", "quit"])
>>> out: list[str] = []
>>> end = play_text("landlock", seed=3, read=lambda prompt: next(lines), write=out.append)
>>> end.history
(Role(role='water'),)
>>> out[-1]
'Stopped at ply 1: replay the record to go on (save FILE writes it).'
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from .agents.base import agent_label, resolve_agent
from .agents.exits import agent_call
from .agents.settings import seat_seed
from .core.errors import TabletopError
from .core.game import Game, State
from .core.outcome import number_text, outcome
from .core.printing import say
from .core.quoting import counted
from .core.record import replay
from .core.recordfile import write_record
from .core.registry import load

__all__ = ["COMMANDS", "play_text"]

#: The words the prompt reads besides a move, and what each does.
COMMANDS = {
    "?": "list the legal moves (also: moves)",
    "undo": "take back your last move (and the bots' replies)",
    "board": "print the position again",
    "save FILE": "write the game's record (JSON; tabletop.replay reads it back)",
    "help": "this list",
    "quit": "stop (also: Ctrl-D)",
}

Reader = Callable[[str], str]
Writer = Callable[[str], None]


def play_text(game: str | Game | State | Mapping[str, Any], *, seed: int | None = None,
              setup: str = "decide", bots: Mapping[int, Any] | None = None,
              read: Reader = input, write: Writer = say, **options: Any) -> State:
    """Play ``game`` (a name, a ``Game``, a ``State`` or a record) by typed moves; return the
    state it stopped at (the end, or where the player quit).

    ``seed``, ``setup`` and ``options`` (``players=`` and the game's own, with a name) start a
    new game as ``game.new`` does; ``bots`` maps seats to agents as in ``tabletop.play``
    (``{1: "mcts"}``; each seeded from the game's seed and its seat, so a game replays alike).
    ``read(prompt)`` returns a typed line (``input`` by default; ``EOFError`` stops) and
    ``write(text)`` prints one.
    """
    state = _start(game, seed, setup, options)
    seats = _seats(state, bots or {})
    states = [state]
    write(_heading(state, seats, seed))
    write(_position(state, seats))
    while not states[-1].is_terminal:
        state = states[-1]
        p = state.current_player
        assert p is not None  # the game is not over
        if p in seats:
            action = agent_call(seats[p].act, state.view(p))  # its exit: an error of its own
            states.append(state.apply(action))
            shown = states[-1].log(_onlooker(state, seats))[-1]  # (a secret choice: "?")
            write(f"{state.game.player_name(p)} ({agent_label(seats[p])}) plays {shown}")
            if states[-1].current_player not in seats:
                write(_position(states[-1], seats))
            continue
        try:
            line = read(f"{state.game.player_name(p)}> ").strip()
        except EOFError:
            line = "quit"
        word, _, rest = line.partition(" ")
        if not line:
            continue
        if line == "quit":
            write(f"Stopped at ply {len(state.history)}: replay the record to go on "
                  "(save FILE writes it).")
            return state
        if line in ("?", "moves"):
            write(_moves(state, p))
        elif line == "help":
            write(_help())
        elif line == "board":
            write(_position(state, seats))
        elif line == "undo":
            write(_undo(states, seats))
        elif word == "save" and rest.strip():
            write(_save(state, rest.strip()))
        else:
            try:
                states.append(state.apply(line))
            except TabletopError as err:  # IllegalAction: says why, and what is legal
                write(_refusal(line, err))
            else:
                if states[-1].current_player not in seats or states[-1].is_terminal:
                    write(_position(states[-1], seats))
    end = states[-1]
    write(_result(end))
    return end


def _start(game: Any, seed: int | None, setup: str, options: dict[str, Any]) -> State:
    """The first state: a record replayed, a state as it is, or a new game."""
    if isinstance(game, Mapping) or (isinstance(game, str) and game.lstrip().startswith("{")):
        if seed is not None or setup != "decide" or options:
            raise TypeError("a record carries its own seed, setup and options: give none "
                            "with it")
        return replay(json.loads(game) if isinstance(game, str) else dict(game))
    if isinstance(game, State):
        return game
    if isinstance(game, str):
        game = load(game, **options)
    elif options:
        raise TypeError(f"options {sorted(options)} go with a game's name, not a "
                        f"{type(game).__name__}")
    if not isinstance(game, Game):
        raise TypeError(f"play_text() takes a game name, a Game, a State or a record, not "
                        f"{type(game).__name__}")
    return game.new(seed=seed, setup=setup)


def _named_seat(state: State, key: object) -> str:
    """Which number a seat given by its player's name is (``" ('South' is player 1)"``)."""
    names = [state.game.player_name(p).casefold() for p in range(state.game.players)]
    if isinstance(key, str) and key.strip().casefold() in names:
        return f" ({key!r} is player {names.index(key.strip().casefold())})"
    return ""


def _seats(state: State, bots: Mapping[int, Any]) -> dict[int, Any]:
    """The agents of the bots' seats, each seeded from the game's seed and its seat as the
    widget seeds them (``seat_seed``: a hash, which no agent can undo to deal the game
    itself; a game without a seed, such as a built position, gets fresh bots)."""
    n = state.game.players
    seats = {}
    for seat, spec in bots.items():
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise ValueError(f"a bot's seat is a player from 0 to {n - 1}, not {seat!r}"
                             f"{_named_seat(state, seat)}")
        seats[seat] = resolve_agent(spec, seed=seat_seed(state.seed, seat))
    return seats


def _heading(state: State, seats: Mapping[int, Any], seed: int | None) -> str:
    """Who plays whom, and how to type a move; the seed only if the caller gave it (one
    tabletop drew deals the game: whoever reads it could replay the deal and see every hidden
    card)."""
    game = state.game
    who = ", ".join(f"{game.player_name(p)}: "
                    f"{agent_label(seats[p]) + ' bot' if p in seats else 'you'}"
                    for p in range(game.players))
    given = "" if seed is None else f", seed {seed}"
    return (f"{game.title or game.name}, {counted(game.players, 'player')}{given}. {who}.\n"
            "Type a move in the game's notation, ? for the legal moves, help for the rest.")


def _onlooker(state: State, seats: Mapping[int, Any]) -> int | str | None:
    """Whose eyes the screen is for while a bot plays: the one human's seat; the audience's
    (``"public"``: every secret hidden) when several humans share it; nobody's (``None``,
    the whole state) when bots play each other."""
    humans = [q for q in range(state.game.players) if q not in seats]
    if not humans:
        return None
    return humans[0] if len(humans) == 1 else "public"


def _position(state: State, seats: Mapping[int, Any]) -> str:
    """The position as the player to move may see it (their view: nothing another seat hides
    shows), the onlooker's view while a bot is to move, the whole state once the game is
    over."""
    p = state.current_player
    if state.is_terminal or p is None:
        return str(state)  # the game is over: nothing is secret any more
    viewer = p if p not in seats else _onlooker(state, seats)
    return str(state) if viewer is None else str(state.view(viewer))


def _moves(state: State, player: int) -> str:
    """Every legal move of ``player``, in notation, as typed."""
    legal = state.legal_actions()
    return (f"{counted(len(legal), 'legal move')} for {state.game.player_name(player)}:\n  "
            + "\n  ".join(str(a) for a in legal))


def _help() -> str:
    """The commands."""
    return "Type a move, or:\n" + "\n".join(f"  {k:<10} {v}" for k, v in COMMANDS.items())


def _undo(states: list[State], seats: Mapping[int, Any]) -> str:
    """Step back to the previous position where a typed move was due (the bots' replies
    to it go too)."""
    typed = [i for i, s in enumerate(states[:-1]) if s.current_player not in seats]
    if not typed:
        return "Nothing to undo."
    del states[typed[-1] + 1:]
    return f"Back to ply {len(states[-1].history)}.\n" + _position(states[-1], seats)


def _refusal(line: str, err: TabletopError) -> str:
    """What to say when ``line`` is not a move: the error, or, for a bare ``save`` (no move
    of the game), how to save."""
    if line == "save":
        return "To save the game, give a file: save FILE (e.g. save game.json)."
    return str(err)


def _save(state: State, path: str) -> str:
    """Write the state's record to ``path``; say where, or why not."""
    try:
        written = write_record(path, state.to_record())
    except OSError as err:
        return f"Could not save to {path!r}: {err.strerror or err}"
    return f"Saved the record to {written} (tabletop.replay or `python -m tabletop play "\
           f"{written}` goes on from it)."


def _result(state: State) -> str:
    """The result at the end, in the widget's words, and whose score is whose."""
    game = state.game
    scores = ", ".join(f"{game.player_name(p)} {number_text(state.scores[p])}"
                       for p in range(game.players))
    return (f"Game over after {counted(len(state.history), 'move')}: "
            f"{outcome(state, game.player_name)}. Scores: {scores}.")
