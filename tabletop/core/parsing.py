"""Reading typed notation: ``Game.parse_action`` is ``read_action`` here.

Text is untrusted: it is checked to be a string of at most ``notation.MAX_NOTATION``
characters before anything reads it, normalised (lower case, single spaces, no spaces around
the notation's punctuation ``- @ , /``: ``spellings``), looked up among the notation of the
legal actions, and otherwise handed to the game's ``_parse`` (printable ASCII only), which
says what action it denotes, or why it denotes none. Text that is no action at all is refused
naming the nearest legal notation, if one is near (``nearest``).

>>> import tabletop
>>> game = tabletop.load("lascaux")
>>> state = game.new(seed=1)
>>> read_action(game, state, "  Choose  BLUE ")
Choose(colour=5)
>>> read_action(game, state, "choose bleu")
Traceback (most recent call last):
...
tabletop.core.errors.IllegalAction: 'choose bleu' is no action in Lascaux: actions are \
'choose blue' (the colours: brown, yellow, green, pink, white, blue), pay and pass; the \
nearest legal action is 'choose blue'; Marcel may play: choose brown, choose yellow, choose \
green, choose pink, choose white, choose blue
"""

from __future__ import annotations

import difflib
import re
from typing import TYPE_CHECKING

from .errors import IllegalAction
from .notation import NotationProblem, check_length, quote, unknown
from .subjects import own_subject

if TYPE_CHECKING:
    from .game import Action, Game, State, View

#: Spaces next to these marks never change what notation means (``place 0 - 16 @ 1/4`` is
#: ``place 0-16 @1/4``; ``move a1 - b1`` is ``move a1-b1``; ``eject b2 @1 c2`` is ``eject
#: b2@1 c2``), in every game.
PUNCTUATION = "-@,/"
_AROUND = re.compile(rf" ?([{re.escape(PUNCTUATION)}]) ?")
#: How alike (difflib's ratio, 0 to 1) typed text and a legal action's notation must be
#: for a refusal to offer that action as the one meant.
NEAR = 0.6
#: The most legal actions compared with typed text when looking for the nearest.
MAX_COMPARED = 20_000


#: Dashes a keyboard, a word processor or tabletop's own texts (a true minus) put where
#: notation has ``-``: read as ``-``.
DASHES = str.maketrans(dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2212", "-"))


def spaced(text: str) -> str:
    """``text`` in lower case with single spaces and ASCII dashes (``DASHES``), as a game's
    ``_parse`` reads it.

    >>> spaced("  Move  A1\u2013B1 ")
    'move a1-b1'
    """
    return " ".join(text.translate(DASHES).split()).lower()


def tight(text: str) -> str:
    """``text`` (already ``spaced``) without the spaces around ``PUNCTUATION``: the form
    in which typed text and a legal action's notation are compared.

    >>> tight("place 0 - 16 @ 1 / 4"), tight("eject b2 @1 c2 claim wbw")
    ('place 0-16@1/4', 'eject b2@1 c2 claim wbw')
    """
    return _AROUND.sub(r"\1", text)


def spellings(state: State | View) -> dict[str, Action]:
    """The legal actions of ``state`` by their notation's ``tight`` form (computed once per
    state)."""
    return state._cached("notation_tight",
                         lambda: {tight(spaced(str(a))): a for a in state.legal_actions()})


def nearest(state: State | View, text: str) -> list[str]:
    """The legal actions' notation nearest to ``text`` (``spaced``), best first: those tied
    for the best likeness of at least ``NEAR``, at most three; none in a position with more
    than ``MAX_COMPARED`` legal actions (the comparison would be slow).

    >>> import tabletop
    >>> state = tabletop.load("lascaux").new(seed=1)
    >>> nearest(state, "choose b"), nearest(state, "jump")
    (['choose blue'], [])
    """
    known = spellings(state)
    if len(known) > MAX_COMPARED:
        return []
    typed = tight(text)
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(typed)
    scored: list[tuple[float, str]] = []
    for key in known:
        matcher.set_seq1(key)
        if matcher.real_quick_ratio() >= NEAR and matcher.quick_ratio() >= NEAR:
            score = matcher.ratio()
            if score >= NEAR:
                scored.append((score, key))
    if not scored:
        return []
    best = max(score for score, _ in scored)
    return sorted(str(known[key]) for score, key in scored if score == best)[:3]


def read_action(game: Game, state: State | View, text: str) -> Action:
    """The action that ``text`` denotes in ``state`` (``Game.parse_action``'s body)."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be an Action or its notation, not "
                            f"{type(text).__name__}")
    own_subject(game, state, "parse_action")
    check_length(text)
    key = spaced(text)
    found = state._notation_index().get(key)  # as the game writes it: the common case
    if found is None:
        found = spellings(state).get(tight(key))
    if found is not None:
        return found
    problem = None
    if key.isascii() and key.isprintable():
        for form in dict.fromkeys((key, tight(key))):  # as typed, then without the spaces
            try:
                found = game._parse(state, form)
            except NotationProblem as err:  # said of the text as typed
                problem = problem or str(err)
                continue
            if found is not None:
                return found
    why = problem or game.notation_forms
    if not why:
        raise state._refusal(f"{text!r} is not a legal action here{_meant(state, key)}")
    raise state._refusal(unknown(text, game.title, why) + _meant(state, key))


def _meant(state: State | View, key: str) -> str:
    """What to add to the refusal of ``key``: the nearest legal notation, if any."""
    near = [quote(text) for text in nearest(state, key)]
    if not near:
        return ""
    if len(near) == 1:
        return f"; the nearest legal action is {near[0]}"
    return f"; the nearest legal actions are {', '.join(near[:-1])} and {near[-1]}"
