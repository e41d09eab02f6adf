"""The widget's message line: what it holds, and what of an agent's failure a viewer is told.

A move in the line is told as the viewer on show sees it (``Session.message_line``). An
agent's failure — what it raised, or the refusal of the move it chose — is the agent's own
words about its own view: a ``repr`` of that view, the moves its secrets allow (Lava Flows'
legal moves depend on where the hidden pieces are). So it is told in full only to a viewer
who knows all the agent knew (``may_hear``); anyone else reads that it failed and where to
read why (``withheld``), and a notebook saved from that seat holds no more.

>>> import tabletop
>>> s = tabletop.load("lava-flows").new(seed=0).apply("arrange black a1 white b1")
>>> s = s.apply("arrange black c3 white a3")
>>> may_hear(s, agent=0, viewer=1), may_hear(s, agent=0, viewer=0), may_hear(s, 0, None)
(False, True, True)
>>> withheld("Black")
"bot failed: what Black's bot said may rest on what only it knows; it shows in the full-state view"
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalAction
from ..core.game import Action, State, View
from ..core.quoting import quote

#: How many moves Enter on an empty move box names.
TYPING_EXAMPLES = 3

#: A move to tell of in the message line: the action, who played it, and which agent (or "").
Played = tuple[Action, int | None, str]


@dataclass(frozen=True, slots=True)
class Message:
    """A line for the person playing: ``kind`` is ``info``, ``error``, ``done`` or
    ``picked`` (targets picked so far, with what to click next).

    ``moves`` are told after ``text`` as the viewer on show sees them, when the line is
    shown (``Session.message_line``), so a secret move never reaches another seat's eyes.
    ``agent`` is the seat whose agent's own words ``text`` is (a failure), told in full only
    to a viewer who ``may_hear`` them.
    """

    text: str = ""
    kind: str = "info"
    moves: tuple[Played, ...] = ()
    agent: int | None = None


def may_hear(state: State, agent: int, viewer: int | str | None) -> bool:
    """Whether ``viewer`` (``None``: the full state) knows everything the agent of seat
    ``agent`` knows at ``state``: its own seat, the full state, a finished game, or a seat
    that saw every move so far in full or as the agent saw it — in a game grown from
    ``new()`` (a state with a ``seed``): one drawn by ``determinize`` or built by hand has no
    history to tell what the agent learnt before it."""
    if viewer is None or viewer == agent or state.is_terminal:
        return True
    logs = zip(state.history, state.log(viewer), state.log(agent), strict=True)
    return state.seed is not None and all(mine == str(action) or mine == theirs
                                          for action, mine, theirs in logs)


def withheld(name: str) -> str:
    """The failure of ``name``'s agent as a viewer not entitled to its words reads it."""
    return (f"bot failed: what {name}'s bot said may rest on what only it knows; it shows in "
            f"the full-state view")


def sentence(text: str) -> str:
    """``text`` as the message line shows it: a sentence, its first letter a capital and a
    full stop at its end (unless it ends a sentence already), as a refusal a game or an
    agent words for a program ("clicking … makes no legal action; try …") reads to a
    person; ``""`` stays empty.

    >>> sentence("clicking a1 makes no legal action; try b2"), sentence("Pass the board.")
    ('Clicking a1 makes no legal action; try b2.', 'Pass the board.')
    >>> sentence("'pass' is not legal here (bidding)"), sentence("cut short…")
    ("'pass' is not legal here (bidding).", 'Cut short…')
    """
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else text + "."


def refusal(subject: State | View, action: Action | str) -> str:
    """Why ``action`` is refused, as ``subject`` (the state or view on show) tells it; if that
    view would allow it, only that it is not legal (the reason is what the view can't see).

    >>> import tabletop
    >>> refusal(tabletop.load("lascaux").new(seed=1), "pass")[:64]
    "'pass' is not legal here (the bidding starts once every player h"
    """
    try:
        subject._coerce(action)
    except IllegalAction as err:
        return str(err)
    return f"{quote(str(action))} is not legal here"


def typing_help(subject: State | View) -> str:
    """What Enter on an empty move box says: a few of the moves that may be typed, first
    (the message line is three lines tall, growing for more).

    >>> import tabletop
    >>> print(typing_help(tabletop.load("lacuna").new(seed=1)))
    Gold may play: aside red, aside orange, aside yellow, … (7 in all). Type one as the move \
log writes it, then press Enter.
    """
    legal = subject.legal_actions()
    shown = ", ".join(str(a) for a in legal[:TYPING_EXAMPLES])
    more = f", … ({len(legal)} in all)" if len(legal) > TYPING_EXAMPLES else ""
    if subject.current_player is None or not legal:
        return "No move may be typed now."
    who = subject.game.player_name(subject.current_player)
    return (f"{who} may play: {shown}{more}. Type one as the move log writes it, then press "
            "Enter.")
