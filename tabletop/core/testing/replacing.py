"""``check_replace``: a position derived with ``dataclasses.replace`` is what its fields say.

States and views are frozen dataclasses, and ``dataclasses.replace`` is how a user derives
one (a puzzle set up from a game's position, a what-if). A field a game keeps for speed but
works out from the others — whose turn it is, counts, a memo one ply hands to the next —
must then be worked out again, never carried over from the source: carried over, it makes a
position that shows one board and lists another's moves, or names the wrong player. Such a
field is declared ``core.derived.derived()``.

Positions from seeded random games are paired across plies and games; each position ``a``
(its caches filled) is given every compared field of its partner ``b`` by
``dataclasses.replace``, and the result must answer as ``b`` does: equal to it, the same
mover, legal actions and scores, and the same view for every player. Each player's view is
tried the same way.

Every position of those games, and each player's view of it, must also fit its own
declared ranges (``check_fits_own_ranges``). Then ``check_out_of_range``: each int field,
each int inside a tuple field and each tuple's length is given a value out of any range
(``WILD``); the position must refuse it at once (the game declares its fields' ranges,
``core.ranges``) or answer every public question with no exception but tabletop's own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import fields, is_dataclass, replace
from typing import Any

from ..errors import TabletopError
from ..game import Game, State, View
from ..observation import Observed
from .common import fail, random_playout

#: Positions taken from each seeded game, spread over it.
SAMPLES = 6


def check_replace(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if a state or view of ``game`` made by
    ``dataclasses.replace`` from another's compared fields answers differently from it."""
    played = {seed: list(random_playout(game, seed)) for seed in seeds}
    samples: list[tuple[str, State]] = []
    for seed, states in played.items():
        for ply, state in enumerate(states):
            where = f"{game.name} seed {seed} ply {ply}"
            check_fits_own_ranges(state, where)
            for player in range(game.players):
                check_fits_own_ranges(state.view(player), f"{where}, player {player}'s view")
        step = max(1, len(states) // SAMPLES)
        samples += [(f"{game.name} seed {seed} ply {ply}", states[ply])
                    for ply in range(0, len(states), step)]
    shift = min(3, len(samples) - 1)
    for (_, a), (where, b) in zip(samples, samples[shift:] + samples[:shift], strict=True):
        _check_pair(f"{where} (replacing into another position)", a, b)
        for player in range(game.players):
            _check_pair(f"{where}, player {player}'s view (replacing into another view)",
                        a.view(player), b.view(player))
    _check_wild_in(game, played)


def check_fits_own_ranges(position: State | View, where: str) -> None:
    """Fail unless ``dataclasses.replace(position)`` — the position rebuilt from its own
    fields, every declared range checked (``core.ranges``) — is accepted and equal to it: a
    declaration must admit every position the game itself reaches."""
    try:
        made = replace(position)
    except (ValueError, TypeError) as err:
        fail(where, f"the game reached this position, but rebuilt from its own fields it is "
                    f"refused: {err} (a declared range is too narrow)")
    if made != position:
        fail(where, "the position rebuilt from its own fields (dataclasses.replace) is not "
                    "equal to it")


def _check_pair(where: str, source: State | View, target: State | View) -> None:
    """``replace(source, **target's compared fields)`` must answer as ``target``."""
    _use(source)  # its caches and memos filled, so that anything carried over shows
    made = replace(source, **_value_fields(target))
    for what, got, expected in _answers(made, target):
        if got != expected:
            carried = ", ".join(f.name for f in fields(made) if f.init and not f.compare)
            fail(where, f"dataclasses.replace gave every compared field of a position to "
                        f"another, and the result answers {what} with {_brief(got)} where "
                        f"the position itself answers {_brief(expected)}: a field worked "
                        f"out from the others was carried over (of those replace copies "
                        f"uncompared: {carried or 'none'}; declare it derived())")


def _value_fields(position: State | View) -> dict[str, Any]:
    """The fields that make ``position``'s value: taken by the constructor, compared."""
    return {f.name: getattr(position, f.name) for f in fields(position)
            if f.init and f.compare}


def _use(position: State | View) -> None:
    """Ask ``position`` everything ``_answers`` compares, once."""
    for _ in _answers(position, position):
        pass


def _answers(made: State | View, expected: State | View) -> Iterable[tuple[str, Any, Any]]:
    """``(question, made's answer, expected's answer)`` for what a position answers."""
    yield "equality", made == expected, True
    yield "current_player", made.current_player, expected.current_player
    yield "legal_actions()", tuple(made.legal_actions()), tuple(expected.legal_actions())
    if isinstance(made, State) and isinstance(expected, State):
        yield "scores", made.scores, expected.scores
        for player in range(made.game.players):
            mine, theirs = made.view(player), expected.view(player)
            yield f"view({player})", mine, theirs
            yield (f"view({player}).legal_actions()", tuple(mine.legal_actions()),
                   tuple(theirs.legal_actions()))


def _brief(answer: Any) -> str:
    """An answer, cut short for a message."""
    text = repr(answer)
    return text if len(text) <= 120 else text[:117] + "..."


#: Ints put in every int field, and in every int inside a tuple field or a nested object:
#: none is in range for a player, a count or an index into a game's tables.
WILD = (-1, 10**6)

#: Numbers put in every int and float field, and in those inside tuples and nested objects,
#: by name: a coordinate or count far off either way, or past what a float holds.
WILD_NUMBERS = {"-1e300": -1e300, "1e300": 1e300, "10**400": 10**400}

#: How long the "very long string" is: longer than any field of any game may be.
LONG = 10_000


def wild_strings(value: str) -> Iterable[tuple[str, str]]:
    """``(in words, wild string)`` for a string field holding ``value``: empty, one unknown
    letter, its own letters in another order, and very long (its first letter repeated).

    >>> [words for words, _ in wild_strings("ab")]
    ['the empty string', "an unknown letter '?'", "its letters reversed 'ba'", '10000 letters']
    """
    yield "the empty string", ""
    yield "an unknown letter '?'", "?"
    if value[::-1] != value:
        yield f"its letters reversed {_brief(value[::-1])}", value[::-1]
    yield f"{LONG} letters", (value[:1] or "x") * LONG


def check_out_of_range(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Raise ``ConformanceError`` if a state or view of ``game`` given, by
    ``dataclasses.replace``, a wild value (``_wild_values``: an int out of range, a wild
    string, a tuple one item too short or too long, a nested item rebuilt with such a value,
    the game itself for another player count or options: ``other_games``)
    is neither refused at once (``ValueError`` or ``TypeError`` naming a field) nor answers
    every public question (``_ask_everything``) without an internal exception (only
    tabletop's own errors may come)."""
    _check_wild_in(game, {seed: list(random_playout(game, seed)) for seed in seeds})


def _check_wild_in(game: Game, played: dict[int, list[State]]) -> None:
    """``check_out_of_range`` on games already played: their states by seed."""
    for seed, states in played.items():
        for ply in sorted({0, len(states) // 2, len(states) - 1}):
            state = states[ply]
            where = f"{game.name} seed {seed} ply {ply}"
            _check_wild(where, state)
            for player in range(game.players):
                _check_wild(f"{where}, player {player}'s view", state.view(player))


def _check_wild(where: str, position: State | View) -> None:
    """Every wild value of every field of ``position``, by ``replace``."""
    for name, value, how in _wild_values(position):
        try:
            made = replace(position, **{name: value})
        except (ValueError, TypeError) as error:  # refused at once, as it should be, ...
            if "field '" not in str(error):  # ... naming the field (or one it must fit)
                fail(where, f"dataclasses.replace(position, {name}=...) with {how} was "
                            f"refused with {type(error).__name__}: {error}, which names "
                            f"no field")
            continue
        except Exception as error:  # noqa: BLE001 - any other is the defect reported
            fail(where, f"dataclasses.replace(position, {name}=...) with {how} raised "
                        f"{type(error).__name__}: {error} from the game's insides")
        try:
            _ask_everything(made)
        except TabletopError:
            continue
        except Exception as error:  # noqa: BLE001 - any other is the defect reported
            fail(where, f"dataclasses.replace(position, {name}=...) with {how} was accepted, "
                        f"and then {type(error).__name__}: {_brief(str(error))} came from the "
                        f"game's insides; declare the field's range in the position's "
                        f"_ranges() (core.ranges), or check the fields that must agree in "
                        f"its _check_together(), so that the constructor refuses it at once")


def _wild_values(position: State | View) -> Iterable[tuple[str, Any, str]]:
    """``(field, wild value, in words)`` for each int, string, tuple and nested object
    field: wild numbers and strings (``_wild_items``), a tuple one item short and one long,
    and its first and last items made wild the same way, nested tuples and objects too."""
    for f in fields(position):
        if not f.init or f.name in ("game", "player"):
            continue
        value = getattr(position, f.name)
        if isinstance(value, tuple) and value:
            yield f.name, value[:-1], f"its tuple one item short ({len(value) - 1} items)"
            yield f.name, value + value[-1:], f"its tuple one item long ({len(value) + 1})"
        for path, words, wild in _wild_items(value):
            yield f.name, wild, f"{f.name}{path} set to {words}" if path else words
    for other in other_games(position.game):
        yield "game", other, f"the same game for another player count or options ({other!r})"


def other_games(game: Game) -> Iterable[Game]:
    """``game`` for each other player count (its options kept), and with its defaults: the
    ``game`` a user may swap in by ``dataclasses.replace``.

    >>> import tabletop
    >>> [g.players for g in other_games(tabletop.load("landlock"))]
    [4]
    """
    made: list[Game] = []
    for players in type(game).player_counts:
        for options in (dict(game.options), {}):
            try:
                other = type(game)(players=players, **options)
            except TabletopError:  # (options that need their own player count)
                continue
            if other != game and other not in made:
                made.append(other)
    return made


def _wild_items(item: Any, depth: int = 3) -> Iterable[tuple[str, str, Any]]:
    """``(path, in words, wild item)``: a number made wild (``WILD`` for an int,
    ``WILD_NUMBERS`` for any), a string made wild (``wild_strings``), or a tuple's first or
    last item, or a nested object's field, made wild the same way (``depth`` levels down)."""
    if _is_int(item) or isinstance(item, float):
        for wild in WILD if _is_int(item) else ():
            yield "", f"{wild}", wild
        for words, number in WILD_NUMBERS.items():
            yield "", words, number
    elif isinstance(item, str):
        for words, text in wild_strings(item):
            yield "", words, text
    elif depth <= 0:
        return
    elif isinstance(item, tuple):
        for j in sorted({0, len(item) - 1} if item else set()):
            for path, words, wild in _wild_items(item[j], depth - 1):
                yield f"[{j}]{path}", words, (*item[:j], wild, *item[j + 1:])
    elif is_dataclass(item) and not isinstance(item, type):
        for f in fields(item):
            if not f.init:
                continue
            for path, words, wild in _wild_items(getattr(item, f.name), depth - 1):
                try:
                    rebuilt = replace(item, **{f.name: wild})
                except (ValueError, TypeError):  # the item itself refuses it: so may the user
                    continue
                yield f".{f.name}{path}", words, rebuilt


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: How many legal actions ``_ask_everything`` has the game describe.
DESCRIBED = 8


def _ask_everything(position: State | View) -> None:
    """Every public question of ``position``: its text, picture, moves and their
    descriptions, end, scores, record, the state after its first legal move, and each
    view's text, picture, moves, tensor, information state and determinization. Each
    question is asked on its own: one answered with tabletop's own error (a state made by
    ``replace`` has no record) does not spare the others from being asked."""
    for question in _questions(position):
        try:
            question()
        except TabletopError:
            continue


def _questions(position: State | View) -> Iterable[Callable[[], object]]:
    """The questions ``_ask_everything`` asks, one call each."""
    yield from _position_questions(position)
    if isinstance(position, State):
        state = position
        yield lambda: (state.scores, state.winners, state.returns)
        yield state.to_record
        yield lambda: _after_first_move(state)
        for player in range(state.game.players):
            yield from _view_questions(state, player)


def _view_questions(state: State, player: int) -> Iterable[Callable[[], object]]:
    """The questions of ``state.view(player)`` (none if the view itself is refused with
    tabletop's own error)."""
    try:
        view = state.view(player)
    except TabletopError:
        return
    yield from _position_questions(view)


def _after_first_move(state: State) -> None:
    """The state after its first legal move (if any), asked its text and moves."""
    actions = tuple(state.legal_actions())
    if actions:
        after = state.apply(actions[0])
        str(after)
        tuple(after.legal_actions())


def _position_questions(position: State | View) -> Iterable[Callable[[], object]]:
    """What a state and a view both answer (and, for a view, what only a view answers)."""
    yield lambda: str(position)
    yield position.svg
    yield lambda: (position.current_player, position.is_terminal)
    yield lambda: _describe_moves(position)
    if isinstance(position, View):
        view = position
        if type(view)._observation is not Observed._observation:  # the game declares one
            yield view.observation
        yield view.information_state
        yield lambda: view.determinize(random.Random(0))


def _describe_moves(position: State | View) -> None:
    """The first ``DESCRIBED`` legal actions, described as the game describes them."""
    actions = tuple(position.legal_actions())
    viewer = position.player if isinstance(position, View) else None
    for action in actions[:DESCRIBED]:
        position.game.describe(action, position.current_player, viewer)
