"""Exercises for the teaching notebooks: a position, a question, and a check of the answer.

>>> import tabletop
>>> from tabletop.teaching import Exercise
>>> s = tabletop.load("lascaux").new(seed=1, setup="random")
>>> ex = Exercise(s, "Keep your stones: pass.",
...               right=lambda before, action, after: str(action) == "pass",
...               why="Passing takes the pot and ends your bidding.")
>>> print(ex.answer("pass"))
Right: 'pass'. Passing takes the pot and ends your bidding.
>>> print(ex.answer("choose purple"))
Not legal: 'choose purple' is not a legal action here; ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html import escape
from typing import Any

from .core.errors import IllegalAction
from .core.game import Action, State
from .render.svg import img_html

#: ``right(before, action, after)`` says whether an answer is right.
Check = Callable[[State, Action, State], bool]


@dataclass(frozen=True, repr=False)
class Verdict:
    """The outcome of an answer: right, wrong-but-legal, or illegal; shows itself in notebooks."""

    answer: str
    legal: bool
    right: bool
    message: str
    picture: str = ""  # SVG of the position after the answer, as the exercise's viewer sees it
    after: State | None = None

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"<Verdict {self.message!r}>"

    def __bool__(self) -> bool:
        return self.right

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.right else ("#b26a00" if self.legal else "#b3261e")
        return (f'<div style="border-left:4px solid {colour};padding:4px 10px">'
                f"<b>{escape(self.message)}</b><div>{_img(self.picture)}</div></div>")


class Exercise:
    """A position and a question; ``answer(action)`` checks a learner's move.

    ``right(before, action, after)`` decides; ``why`` explains the rule once they get it, and
    ``hint`` nudges after a legal but wrong answer. With ``viewer=p`` the pictures show
    player ``p``'s view, so an exercise about hidden information doesn't give it away;
    ``draw`` holds drawing options for the pictures (the game's, e.g. ``enclosed=True``).
    """

    def __init__(self, state: State, question: str, right: Check, why: str = "",
                 hint: str = "", viewer: int | None = None,
                 draw: Mapping[str, Any] | None = None) -> None:
        self.state = state
        self.question = question
        self.right = right
        self.why = why
        self.hint = hint
        self.viewer = viewer  # draw this player's view, not the full state (hidden games)
        self.draw = dict(draw or {})

    def _picture(self, state: State) -> str:
        shown = state if self.viewer is None else state.view(self.viewer)
        if self.draw:
            return shown.svg(**self.draw)
        return shown._repr_svg_()

    def answer(self, action: Action | str) -> Verdict:
        """Check an answer (an Action or notation); never raises for a wrong or illegal one."""
        text = str(action)
        try:
            chosen = self.state._coerce(action)
        except IllegalAction as err:
            return Verdict(text, False, False, f"Not legal: {err}")
        after = self.state.apply(chosen)
        if self.right(self.state, chosen, after):
            return Verdict(text, True, True, f"Right: {str(chosen)!r}. {self.why}".strip(),
                           self._picture(after), after)
        nudge = f" Hint: {self.hint}" if self.hint else ""
        return Verdict(text, True, False,
                       f"Legal, but not what was asked: {str(chosen)!r}.{nudge}",
                       self._picture(after), after)

    def solutions(self) -> tuple[Action, ...]:
        """Every legal action that is a right answer (for checking the exercise itself)."""
        return tuple(a for a, t in self.state.children() if self.right(self.state, a, t))

    def __repr__(self) -> str:
        return f"<Exercise {self.question!r}>"

    def _repr_html_(self) -> str:
        return (f"<p><b>Try it:</b> {escape(self.question)}</p>"
                f"{_img(self._picture(self.state))}")


def _img(svg: str) -> str:
    """The SVG as an ``<img>``, which untrusted notebooks show (inline SVG they strip)."""
    return img_html(svg, "the position") if svg else ""
