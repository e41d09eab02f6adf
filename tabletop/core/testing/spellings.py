"""Notation typed by hand reads the same in any letter case and spacing.

A person typing a move (in the widget's move box, or editing a record) writes ``MOVE A1-B1``,
``move a1 - b1`` or `` place 0-16 @ 1/4 ``; the docs promise that letter case, runs of spaces
and spaces next to the notation's punctuation (``core.parsing.PUNCTUATION``) never change
what text means, in every game (``core.parsing`` normalises them once, for every game). A
game's notation or ``_parse`` can still break it: two legal actions whose notation differs
only in such spaces (one of them cannot be typed), or a ``_parse`` that splits on spaces
and so reads ``move a1-b1`` but refuses ``move a1 - b1`` when that move is not legal here
(the text is "no action" instead of "not legal here, because ...").

The check reads, at every ``every``-th position of each seeded game (the state and every
player's view), each legal action's notation and the notation of actions legal elsewhere,
each in other spellings (``respelled``): a spelling must give the same action, or be refused
for the same reason as the notation itself.

>>> import tabletop
>>> check_spellings(tabletop.load("lascaux"), seeds=[0])
>>> respelled("move a1-b1")[:4]
['MOVE A1-B1', '  Move   a1-b1 ', 'move a1 - b1', 'move  a1    -    b1']
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

from ..errors import IllegalAction
from ..game import Action, Game, State, View
from ..parsing import PUNCTUATION, spaced, tight
from ..quoting import quote
from .common import fail, random_states

#: How many notations each position reads in every spelling, legal there and not.
SAMPLED = 8
_MARK = re.compile(f"[{re.escape(PUNCTUATION)}]")


def respelled(text: str) -> list[str]:
    """``text`` as a person may type it: capitals, a capital first letter and runs of
    spaces, spaces around the punctuation, and without them, en dashes for hyphens (each form
    once, ``text`` not among them)."""
    words = text.split()
    forms = [text.upper(),
             "  " + "   ".join(w.capitalize() if i == 0 else w for i, w in enumerate(words))
             + " ",
             _MARK.sub(lambda m: f" {m.group()} ", text).replace("  ", " ").strip(),
             _MARK.sub(lambda m: f"  {m.group()}  ", text).replace(" ", "  ").strip(),
             tight(spaced(text)),
             text.replace("-", "\u2013")]  # an en dash, as word processors write it
    return [form for form in dict.fromkeys(forms) if form != text]


def check_spellings(game: Game, seeds: Iterable[int] = range(2), every: int = 5) -> None:
    """Every spelling ``respelled`` gives of a notation reads as that notation does: the
    same action, or a refusal for the same reason."""
    states = list(random_states(game, seeds, every))
    rng = random.Random(f"{game.name} spellings")
    pool: dict[str, None] = {}
    for where, state in states:
        legal = [str(a) for a in state.legal_actions()]
        _distinct(legal, where)
        pool.update(dict.fromkeys(rng.sample(legal, min(SAMPLED, len(legal)))))
    texts = sorted(pool)
    for where, state in states:
        subjects: list[tuple[str, State | View]] = [(where, state)]
        subjects += [(f"{where}, {game.player_name(p)}'s view", state.view(p))
                     for p in range(game.players)]
        for label, subject in subjects:
            for text in rng.sample(texts, min(SAMPLED, len(texts))):
                _same_reading(game, subject, text, label)


def _distinct(legal: list[str], where: str) -> None:
    seen: dict[str, str] = {}
    for text in legal:
        key = tight(spaced(text))
        if key in seen:
            fail(where, f"legal actions {seen[key]!r} and {text!r} differ only in letter case "
                        "or spaces, which typed text may change: one of them cannot be typed")
        seen[key] = text


def _reading(game: Game, subject: State | View, text: str) -> Action | str:
    """The action ``text`` gives, or the reason it is refused with the text itself left
    out."""
    try:
        return game.parse_action(subject, text)
    except IllegalAction as err:
        reason = err.reason
        for said in (quote(text), quote(text.strip()), repr(text), repr(text.strip())):
            reason = reason.replace(said, "<text>")
        return reason


def _same_reading(game: Game, subject: State | View, text: str, where: str) -> None:
    meant = _reading(game, subject, text)
    for form in respelled(text):
        read = _reading(game, subject, form)
        if read != meant:
            fail(where, f"{form!r}, typed for {text!r}, reads otherwise: {read!r}, not "
                        f"{meant!r} (letter case and spaces, also next to "
                        f"{' '.join(PUNCTUATION)}, must not change what notation means)")
