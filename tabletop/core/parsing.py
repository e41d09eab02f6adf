"""Reading typed notation: ``Game.parse_action`` is ``read_action`` here.

Text is untrusted: it is checked to be a string of at most ``notation.MAX_NOTATION``
characters before anything reads it, normalised (lower case, single spaces), looked up among
the notation of the legal actions, and otherwise handed to the game's ``_parse`` (printable
ASCII only), which says what action it denotes, or why it denotes none.

>>> import tabletop
>>> game = tabletop.load("lascaux")
>>> state = game.new(seed=1)
>>> read_action(game, state, "  Choose  BLUE ")
Choose(colour=5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import IllegalAction
from .notation import NotationProblem, check_length, unknown
from .subjects import own_subject

if TYPE_CHECKING:
    from .game import Action, Game, State, View


def read_action(game: Game, state: State | View, text: str) -> Action:
    """The action that ``text`` denotes in ``state`` (``Game.parse_action``'s body)."""
    if not isinstance(text, str):
        raise IllegalAction(f"an action must be an Action or its notation, not "
                            f"{type(text).__name__}")
    own_subject(game, state, "parse_action")
    check_length(text)
    key = " ".join(text.split()).lower()
    found = state._notation_index().get(key)
    if found is None and key.isascii() and key.isprintable():
        try:
            found = game._parse(state, key)
        except NotationProblem as problem:  # said of the text as typed
            raise state._refusal(unknown(text, game.title, str(problem))) from None
    if found is None:
        raise state._refusal(unknown(text, game.title, game.notation_forms)
                             if game.notation_forms else f"{text!r} is not a legal action here")
    return found
