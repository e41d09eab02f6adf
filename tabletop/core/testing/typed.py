"""Typed text that is no action at all is refused saying what actions look like; a click
input takes only positions of its own game.

A person who types junk (``"xyzzy"``, ``"1 2 3"``, a word of no notation) gets an
``IllegalAction`` whose reason — the part before the list of legal actions — quotes an
example of the game's notation, at every position: mid-game, at the end (where no action is
listed) and in a view of a player not to move. An example counts if its first word begins
some action's notation met in the seeded games (so ``'f6 r1'`` counts once ``f5 r0`` was
legal somewhere: the first words are compared by their shape, letters and digits apart).

A game's click input (``input_class``), made on junk or on another game's position, raises
a ``TypeError`` saying so, not an ``AttributeError`` from its insides nor silently offering
targets that mean nothing there (``check_click_subjects``).

A move typed in the view of a player not to move is refused saying whose turn it is, and
one typed after the end saying the game is over, whatever the game's own parser does first
(``check_typed_turns``).

>>> import tabletop
>>> check_notation_forms(tabletop.load("lascaux", players=3), seeds=[0])
>>> check_typed_turns(tabletop.load("lascaux", players=3), seeds=[0])
>>> check_click_subjects(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ..errors import IllegalAction
from ..game import Game, State, View
from ..quoting import quote
from ..registry import load, names
from .common import click_input, fail, random_playout

#: Texts no game's notation is: typed by mistake, empty, digits, punctuation.
JUNK = ("xyzzy", "", "1 2 3", "hello world", "??", "-", "@ @", "q9 zz", "0", "é", "ß 9",
        "  Q9   ZZ ", "   ", "XYZZY")

#: A quoted example in a message: its quotes stand apart from words, so an apostrophe
#: (``Liar's Dice``, ``Gold's turn``) opens or closes none.
QUOTED = re.compile(r"(?<!\w)'([^']+)'(?!\w)")


def quoted_examples(text: str) -> list[str]:
    """The non-blank texts ``text`` quotes in single quotes, apostrophes skipped.

    >>> quoted_examples("no action in Liar's Dice: try 'bid 3x5' or 'liar'")
    ['bid 3x5', 'liar']
    """
    return [e for e in QUOTED.findall(text) if e.strip()]


def shape(word: str) -> str:
    """A word with each run of letters or of digits replaced by one mark: cells such as
    ``f6`` and ``e5`` have one shape, ``a1-b1`` another, and words stay themselves.

    >>> shape("f6"), shape("e11"), shape("move"), shape("0-1")
    ('a9', 'a9', 'move', '9-9')
    """
    word = re.sub(r"\d+", "9", word)
    return re.sub(r"(?<![a-z])[a-z](?![a-z])", "a", word)


def check_notation_forms(game: Game, seeds: Iterable[int] = range(2),
                         every: int = 7) -> None:
    """Junk text is refused with ``IllegalAction`` whose reason quotes the text as typed
    (capitals and spaces too) and an example of the game's notation, for the state and
    every player's view at every ``every``-th position and the end of each seeded random
    game."""
    firsts: set[str] = set()
    subjects: list[tuple[str, State | View]] = []
    for where, subject in _subjects(game, seeds, every):
        firsts.update(shape(str(a).lower().split()[0]) for a in subject.legal_actions()
                      if str(a).strip())
        subjects.append((where, subject))
    for where, subject in subjects:
        for junk in JUNK:
            _check_refusal(game, subject, junk, firsts, where)


def _subjects(game: Game, seeds: Iterable[int], every: int
              ) -> Iterator[tuple[str, State | View]]:
    for seed in seeds:
        for ply, state in enumerate(random_playout(game, seed)):
            if ply % every and not state.is_terminal:
                continue
            where = f"{game.name} seed {seed} ply {ply}"
            yield where, state
            for player in range(game.players):
                yield f"{where}, {game.player_name(player)}'s view", state.view(player)


def _check_refusal(game: Game, subject: State | View, junk: str, firsts: set[str],
                   where: str) -> None:
    try:
        found = game.parse_action(subject, junk)
    except IllegalAction as err:
        reason = err.reason
    except Exception as err:  # noqa: BLE001 - the finding
        fail(where, f"parse_action({junk!r}) raised {type(err).__name__}, not IllegalAction: "
                    f"{err}")
    else:
        fail(where, f"parse_action({junk!r}) gave {found!r}: junk text is no action")
    if quote(junk) not in reason and repr(junk) not in reason:
        fail(where, f"typed {junk!r} was refused without quoting it as typed (a game's "
                    f"_parse raises NotationProblem for the core to quote it): {reason!r}")
    said = reason.replace(quote(junk), " ").replace(repr(junk), " ")  # the junk itself
    examples = quoted_examples(said)
    if not any(shape(e.lower().split()[0]) in firsts for e in examples):
        fail(where, f"typed {junk!r} was refused without saying what actions look like "
                    f"(quote an example of the notation, e.g. \"actions are 'pass' or "
                    f"'move a1-b1'\"): {reason!r}")


#: What is no position at all, given to a click input.
NOT_SUBJECTS: tuple[object, ...] = ("x", None, 5, ())


def check_click_subjects(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """The game's click input refuses junk and a position of another registered game with
    a ``TypeError`` (a game without ``input_class`` has no clicks, and passes)."""
    make_input = click_input(game)
    if make_input is None:
        return
    where = f"{game.name}: {make_input.__name__}"
    strangers: list[object] = [*NOT_SUBJECTS, game]
    strangers += [load(name).new(seed=next(iter(seeds), 0)) for name in names()
                  if name != game.name][:2]
    for stranger in strangers:
        try:
            made = make_input(stranger)  # type: ignore[arg-type]  # the point
            made.next_targets()
            made.hint()
        except TypeError:
            continue
        except Exception as err:  # noqa: BLE001 - the finding
            fail(where, f"made on {_named(stranger)}, it raised {type(err).__name__}, not a "
                        f"TypeError saying what it takes: {err}")
        fail(where, f"was made on {_named(stranger)} without a TypeError: a click input "
                    "takes a state or view of its own game (ClickInput.__init__ checks it)")


def _named(stranger: object) -> str:
    found = getattr(stranger, "game", None)
    return f"a {found.name} position" if isinstance(found, Game) else repr(stranger)


def check_typed_turns(game: Game, seeds: Iterable[int] = range(2), every: int = 3,
                      sampled: int = 3) -> None:
    """At every ``every``-th position of each seeded game, ``sampled`` of the mover's legal
    moves, typed in each other player's view, are refused with the view's turn problem
    ("it is White's turn, not Black's") in the reason; the last moves legal before the end,
    typed at the end, are refused saying the game is over."""
    for seed in seeds:
        last: list[str] = []
        state = None
        for ply, state in enumerate(random_playout(game, seed)):
            if state.is_terminal:
                break
            last = [str(a) for a in state.legal_actions()[:sampled]]
            if ply % every:
                continue
            where = f"{game.name} seed {seed} ply {ply}"
            for player in range(game.players):
                view = state.view(player)
                turn = view._turn_problem()
                if turn is not None:
                    for text in last:
                        _typed(view, text, turn, f"{where}, {game.player_name(player)}'s view")
        if state is not None:
            for text in last:
                _typed(state, text, "over", f"{game.name} seed {seed} at the end")


def _typed(subject: State | View, text: str, said: str, where: str) -> None:
    try:
        subject._coerce(text)
    except IllegalAction as err:
        if said not in err.reason:
            fail(where, f"typed {text!r} was refused without saying {said!r}: {err.reason!r}")
    except Exception as err:  # noqa: BLE001 - the finding
        fail(where, f"typed {text!r} raised {type(err).__name__}, not IllegalAction: {err}")
    else:
        fail(where, f"typed {text!r} was taken")
