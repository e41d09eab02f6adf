r"""Prose a copy editor would pass: no hedged plural, doubled word, stray space, Python value
or float noise in any text a game shows.

The check reads the texts ``check_number_agreement`` reads (state and view texts, pictures'
titles, texts and tooltips, legal actions, refusals of typed text, click hints, labels and
refusals, logs, the score breakdown) at every ``every``-th position of seeded random games,
and fails on the first fault ``prose_faults`` finds:

- a hedged plural (``"stone(s)"``: count the noun with ``core.quoting.counted``);
- in a one-line text (a position's text of many lines is a board or a table, which lines
  up its columns with spaces and lists what two players hold alike, ``tokens: pink pink``;
  a log is read line by line): a word written twice in a row (``"the the"``, ``"to to"``;
  other one- and two-letter runs and capitals are the games' codes, like Landlock's tiles
  ``SL SL`` or Lava Flows' pieces ``b b``), two spaces in a row, a space before a stop or
  comma;
- a space at the end of a line, and an ellipsis followed by a full stop;
- a Python value in prose: ``None``, ``True``, ``False``, a one-item tuple ``(1,)``, an
  object's ``repr`` (``<… object at 0x…>``, ``Take(count=2)``) or an attribute path
  (``state.claims``, ``view.hand``) where the player should read words;
- a float's noise: a whole number written ``3.0`` or a long tail such as
  ``0.30000000000000004``;
- "color" where the texts spell "colour" (the contract's keyword names are not prose, and a
  game's texts are not where they appear);
- brackets that do not pair up.

>>> import tabletop
>>> check_prose(tabletop.load("landlock"), seeds=[0])
>>> prose_faults("pile 2 stone(s) · the the end · 2 in state.claims")
['a hedged plural', 'a doubled word', 'a Python value']
>>> prose_faults("0.30000000000000004 or 3.0 …. ")[1:]
['an ellipsis followed by a full stop', 'a space at the end of a line']
>>> prose_faults("tokens: pink pink\nstones 3 3")
[]
>>> prose_faults("pile SL SL PW · b b B · bl bl · (a) [b] · 1/2 · @0.25 · 3 · S/ P\\3")
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..game import Game
from ..ids import action_space
from .agreement import sampled_texts
from .common import fail

#: Each fault, found by a pattern: (what it is, the pattern, one-line texts only).
FAULTS: tuple[tuple[str, re.Pattern[str], bool], ...] = (
    ("a hedged plural", re.compile(r"[a-z]\((?:s|es)\)"), False),
    ("a doubled word", re.compile(r"\b((?=[A-Za-z]*[a-z])[A-Za-z]{3,}|a|an|as|at|be|by|in|is|"
                                  r"it|of|on|or|to) \1\b"), True),
    ("a Python value", re.compile(
        r"\b(?:None|True|False)\b|\(\d+,\)|<[\w.]+ object at 0x|\b[A-Z]\w*\(\w+="
        r"|\b(?:state|view|self|game)\.(?:[a-z_]\w*)"), False),
    ("a float written with its noise",
     re.compile(r"(?<![\w.])\d+\.0(?![\d.])|\d\.\d*(\d)\1{4,}\d*|\d\.\d{9,}"), False),
    ("the spelling color", re.compile(r"\bcolor", re.IGNORECASE), False),
    ("an ellipsis followed by a full stop", re.compile(r"(?:…|\.\.\.) ?\.(?!\.)"), False),
    ("a space at the end of a line", re.compile(r"[ \t]+$", re.MULTILINE), False),
    ("two spaces in a row", re.compile(r"\S {2,}\S"), True),
    ("a space before a stop or comma", re.compile(r"\w [.,;](?:\s|$)"), True),
)

_PAIRS = (("(", ")"), ("[", "]"), ("{", "}"))


def prose_faults(text: str, moves: frozenset[str] = frozenset()) -> list[str]:
    """What is wrong with ``text`` as prose a person reads, each fault named once, in the
    order of ``FAULTS`` (then unpaired brackets). A word doubled that is a move's whole
    notation (in ``moves``) is two moves in a row, not a fault: ``said: check check``.

    >>> prose_faults("the the end"), prose_faults("said: check check", frozenset({"check"}))
    (['a doubled word'], [])
    """
    one_line = "\n" not in text.strip("\n")
    found = [what for what, pattern, single in FAULTS
             if (one_line or not single) and any(
                 what != "a doubled word" or match.group(1) not in moves
                 for match in pattern.finditer(text))]
    if any(text.count(opening) != text.count(closing) for opening, closing in _PAIRS):
        found.append("brackets that do not pair up")
    return found


def check_prose(game: Game, seeds: Iterable[int] = range(2), every: int = 4) -> None:
    """No text of every ``every``-th position of each seeded random game (and each end) has a
    fault ``prose_faults`` finds."""
    moves = _one_word_moves(game)
    for where, label, text in sampled_texts(game, seeds, every, typed=8):
        for line in text.split("\n") if label.startswith("the log") else (text,):
            faults = prose_faults(line, moves)
            if faults:
                fail(where, f"{label} has {faults[0]}: {line[:160]!r}")


def _one_word_moves(game: Game) -> frozenset[str]:
    """The notations of the game's actions that are one word (``pass``, ``check``)."""
    space = action_space(game)
    actions = map(space.action_at, range(game.num_distinct_actions))
    return frozenset(text for text in map(str, filter(None, actions)) if text.isalpha())
