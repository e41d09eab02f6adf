"""Reprs a debugger can read: short for games and actions, growing slowly with the game for
states and views.

A state's repr is exact (it rebuilds the state), so it may grow with what the position keeps
(Lava Flows' repetition keys and announcements: about 50 characters a ply). What it must
not do is grow by a board's worth every ply, or nest earlier states: that is what pdb's
``p state``, ``logging.debug("%r", state)`` and pytest's reports print.
``check_repr_sizes(game, seeds)`` plays each seeded game as ``check_long_games`` extends it
and holds, at five plies along it, the repr of the state and of every player's view to at
most ``PER_PLY`` characters a ply more than at the start (with ``SLACK`` to spare), the
game's repr to ``GAME_REPR`` characters and each legal action's to ``ACTION_REPR``.

``check_format_specs(game, seeds)``: a format spec (``f"{x:>5}"``, ``f"{x:.40}"``) on the
game, a state, every player's view, a legal action or the score breakdown applies to its text,
as it does on a ``str``; the empty spec gives ``str(x)``. Python's default ``__format__``
raises ``TypeError`` on any spec. So does it on anything else a state or view hands out
whose class writes its own text (``__str__``) — Lava Flows' announcements and Oreos, say —
directly or as an item of what a query returns.

>>> import tabletop
>>> check_repr_sizes(tabletop.load("landlock"), seeds=[0])
>>> check_format_specs(tabletop.load("landlock"), seeds=[0])
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from ..game import Game, State, View
from .common import fail, random_playout
from .immutability import queries
from .longgames import extended_game

#: How many characters a state's or view's repr may grow by per ply of the game.
PER_PLY = 250
#: How many characters it may grow by beyond that (a field that fills once, say).
SLACK = 400
#: The longest repr of a game (its ``tabletop.load(...)`` call).
GAME_REPR = 1000
#: The longest repr of one action.
ACTION_REPR = 200
#: The format specs ``check_format_specs`` tries.
SPECS = ("", ">5", "<300", "^40", ".12", "!r:>3")
#: How many items of a returned container are looked at.
ITEMS = 3


def check_repr_sizes(game: Game, seeds: Iterable[int]) -> None:
    """Hold the reprs of seeded games' states, views, actions and the game to their bounds."""
    if len(repr(game)) > GAME_REPR:
        fail(game.name, f"the game's repr is {len(repr(game)):,} characters "
             f"(at most {GAME_REPR:,})")
    for seed in seeds:
        states = extended_game(game, seed)
        last = len(states) - 1
        start = [states[0], *(states[0].view(p) for p in range(game.players))]
        for ply in sorted({0, last // 4, last // 2, 3 * last // 4, last}):
            state = states[ply]
            where = f"{game.name} seed {seed} ply {ply} (of {last})"
            now = [state, *(state.view(p) for p in range(game.players))]
            for before, after in zip(start, now, strict=True):
                _check_growth(before, after, ply, where)
            for action in state.legal_actions()[:5]:
                if len(repr(action)) > ACTION_REPR:
                    fail(where, f"the repr of action {str(action)!r} is "
                         f"{len(repr(action)):,} characters (at most {ACTION_REPR})")


def _check_growth(before: object, after: object, ply: int, where: str) -> None:
    grown = len(repr(after)) - len(repr(before))
    if grown > PER_PLY * ply + SLACK:
        fail(where, f"the {type(after).__name__}'s repr is {len(repr(after)):,} characters, "
             f"{grown:,} more than at the start (at most {PER_PLY} a ply and {SLACK} more): "
             "a repr that copies the board every ply, or nests earlier states, is too long "
             "to read in pdb, a log or a pytest report; keep the history out of the "
             "position's fields, or out of its repr where equality does not read it")


def check_format_specs(game: Game, seeds: Iterable[int]) -> None:
    """Fail unless ``format(x, spec) == format(str(x), spec)`` for the game and, at a few
    plies of each seeded game, the state, every view, some legal actions and the score
    breakdown (``SPECS``; ``"!r:>3"`` is ``repr`` then the spec)."""
    _check_specs(game, game.name)
    for seed in seeds:
        states = list(random_playout(game, seed))
        for ply in sorted({0, len(states) // 2, len(states) - 1}):
            state = states[ply]
            where = f"{game.name} seed {seed} ply {ply}"
            views = [state.view(p) for p in range(game.players)]
            for subject in (state, *views, *state.legal_actions()[:3], state.score_breakdown()):
                _check_specs(subject, where)
            positions: list[State | View] = [state, *views]
            for position in positions:
                _check_handed_out(position, f"{where} ({type(position).__name__})")


def _check_handed_out(position: State | View, where: str) -> None:
    """The specs on every value a query of ``position`` returns, and on a few of the items it
    holds, whose class writes its own text."""
    for name, read in queries(position):
        try:
            value = read()
        except Exception:  # not every query applies to every position
            continue
        held = value.values() if isinstance(value, Mapping) else value
        items = list(held)[:ITEMS] if isinstance(held, Collection) and not isinstance(
            held, str | bytes) else []
        for item in (value, *items):
            if _writes_own_text(type(item), type(position.game)):
                _check_specs(item, f"{where}.{name}: a {type(item).__name__}")


def _writes_own_text(kind: type, game: type) -> bool:
    """Whether ``kind`` is the package's or the game's own (a networkx graph follows
    networkx's rules, sealed or not), writes its own text and leaves format specs to Python's
    default."""
    homes = {"tabletop", game.__module__.partition(".")[0], "builtins", "typing", "abc"}
    own = all(k.__module__.partition(".")[0] in homes for k in kind.__mro__)
    return own and _author(kind, "__str__") is not object and _author(kind, "__format__") is object


def _author(kind: type, method: str) -> type:
    """The class in ``kind``'s MRO whose own ``method`` it uses."""
    return next(k for k in kind.__mro__ if method in vars(k))


def _check_specs(subject: object, where: str) -> None:
    for spec in SPECS:
        conversion, _, inner = spec.rpartition(":")
        expected = format(repr(subject) if conversion else str(subject), inner)
        try:
            got = ("{0" + spec + "}" if conversion else "{0:" + spec + "}").format(subject)
        except Exception as err:
            fail(where, f"f\"{{x:{spec}}}\" on a {type(subject).__name__} raised "
                        f"{type(err).__name__}: {err}; a format spec should apply to its "
                        f"text, as on a str (format(str(self), spec) in __format__)")
        if got != expected:
            fail(where, f"f\"{{x:{spec}}}\" on a {type(subject).__name__} gave "
                        f"{got[:60]!r}, not its text formatted so: {expected[:60]!r}")
