"""What the teaching notebooks use: exercises, scripted examples of play, refusals, pictures.

A notebook that teaches a game imports ``tabletop`` and this module, and nothing else.

>>> import tabletop
>>> from tabletop.teaching import Exercise, why_not
>>> s = tabletop.load("lascaux").new(seed=1, setup="random")
>>> ex = Exercise(s, "Keep your stones: pass.",
...               right=lambda before, action, after: str(action) == "pass",
...               why="Passing takes the pot and ends your bidding.",
...               explain=lambda before, action, after: "Paying costs you a stone.",
...               solution="pass", wrong=("pay", "choose purple"))
>>> print(ex.answer(""))
No answer yet: type your move between the quotes, as in ex.answer("pay").
>>> print(ex.answer("pay"))
Not this time: 'pay'. Paying costs you a stone.
>>> print(ex.answer("choose purple"))
Not legal: 'choose purple' is not a legal action here.
>>> print(ex.answer("pass"))
Right: 'pass'. Passing takes the pot and ends your bidding.
>>> print(why_not(s, "choose purple"))
'choose purple' is not a legal action here
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from .core.errors import IllegalAction
from .core.game import Action, State, View
from .render.svg import img_html

#: ``right(before, action, after)`` says whether an answer is right.
Check = Callable[[State, Action, State], bool]
#: ``explain(before, action, after)`` says, in the game's words, what a wrong answer misses.
Explain = Callable[[State, Action, State], str]

#: Inline CSS that scales a picture down to the width of its box.
FIT = "max-width:100%;height:auto"

__all__ = ["Example", "Exercise", "Pictures", "Verdict", "moves", "side_by_side", "why_not"]


def moves(subject: State | View, *starts: str) -> list[str]:
    """The legal moves in the game's notation; only those beginning with one of ``starts``.

    >>> import tabletop
    >>> moves(tabletop.load("lava-flows").new(seed=1), "arrange black a1")
    ['arrange black a1 white b1', 'arrange black a1 white c1']
    """
    return [str(a) for a in subject.legal_actions() if not starts or str(a).startswith(starts)]


def why_not(state: State, action: Action | str) -> str:
    """Why the rules refuse ``action`` here, in one sentence (without the list of legal moves).

    >>> import tabletop
    >>> why_not(tabletop.load("lava-flows").new(seed=1), "pass")
    "'pass' is not legal here (White must first arrange their hidden Mediums, ...)"
    """
    try:
        state._coerce(action)
    except IllegalAction as err:
        return err.reason
    return f"{str(action)!r} is legal here"


@dataclass(frozen=True, repr=False)
class Pictures:
    """Pictures in a row that wraps, each with an optional caption; shows itself in notebooks."""

    svgs: tuple[str, ...]
    captions: tuple[str, ...] = ()
    width: int = 400

    def __repr__(self) -> str:  # the plain-text output: the captions, not the SVG
        return f"<{len(self.svgs)} pictures: {'; '.join(self.captions)}>"

    def _repr_html_(self) -> str:
        boxes = []
        for i, svg in enumerate(self.svgs):
            caption = self.captions[i] if i < len(self.captions) else ""
            text = f'<div style="font-size:90%">{escape(caption)}</div>' if caption else ""
            picture = img_html(svg, caption or "a position", FIT)
            boxes.append(f'<div style="flex:0 1 {self.width}px;min-width:200px">'
                         f"{picture}{text}</div>")
        return ('<div style="display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start">'
                + "".join(boxes) + "</div>")


def _svg(subject: State | View, draw: Mapping[str, Any]) -> str:
    return subject.svg(**draw) if draw else subject._repr_svg_()


def side_by_side(*subjects: State | View, captions: Sequence[str] = (),
                 draw: Mapping[str, Any] | None = None, width: int = 420) -> Pictures:
    """Pictures of states or views next to each other, captioned.

    >>> import tabletop
    >>> s = tabletop.load("lava-flows").new(seed=1, setup="random")
    >>> side_by_side(s.view(0), s.view(1), captions=["White sees", "Black sees"]).captions
    ('White sees', 'Black sees')
    """
    return Pictures(tuple(_svg(s, draw or {}) for s in subjects), tuple(captions), width)


class Example:
    """An example of play, as in a rulebook's box: a position and scripted moves, each with a
    comment, shown as numbered pictures (as ``viewer`` sees them, or the full state).

    ``final`` is the position after the last move, to continue from.

    >>> import tabletop
    >>> s = tabletop.load("lava-flows").new(seed=1)
    >>> ex = Example(s, [("arrange black a1 white b1", "White hides two Mediums."),
    ...                  ("arrange black a3 white c3", "So does Black.")])
    >>> [step.split(":")[0] for step in ex.captions]
    ['Start', '1. White', '2. Black']
    >>> ex.final.current_player is not None
    True
    """

    def __init__(self, state: State, steps: Iterable[tuple[Action | str, str]],
                 intro: str = "the position", viewer: int | None = None,
                 draw: Mapping[str, Any] | None = None, start: bool = True) -> None:
        self.viewer = viewer
        self.draw = dict(draw or {})
        self.states = [state]
        self.captions = [f"Start: {intro}"]
        for number, (move, comment) in enumerate(steps, 1):
            before = self.states[-1]
            actor = before.game.player_name(before.current_player) \
                if before.current_player is not None else "Nobody"
            after = before.apply(move)
            played = str(after.history[-1])
            self.states.append(after)
            self.captions.append(f"{number}. {actor}: {played}. {comment}".strip())
        self.start = start

    @property
    def final(self) -> State:
        """The position after the last scripted move."""
        return self.states[-1]

    def pictures(self) -> Pictures:
        """The numbered pictures (without the start when ``start=False``)."""
        shown = [s if self.viewer is None else s.view(self.viewer) for s in self.states]
        first = 0 if self.start else 1
        return Pictures(tuple(_svg(s, self.draw) for s in shown[first:]),
                        tuple(self.captions[first:]))

    def __repr__(self) -> str:
        return "\n".join(self.captions)

    def _repr_html_(self) -> str:
        return self.pictures()._repr_html_()


@dataclass(frozen=True, repr=False)
class Verdict:
    """The outcome of an answer: right, wrong-but-legal, illegal, or none yet.

    Shows itself in notebooks; a wrong answer's picture offers the solution folded away.
    """

    answer: str
    legal: bool
    right: bool
    message: str
    picture: str = ""  # SVG of the position after the answer, as the exercise's viewer sees it
    after: State | None = None
    solution: str = ""  # HTML of the solution, shown folded (only for answers that were not right)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"<Verdict {self.message!r}>"

    def __bool__(self) -> bool:
        return self.right

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.right else ("#b26a00" if self.legal else "#b3261e")
        folded = (f"<details><summary>Show a solution</summary>{self.solution}</details>"
                  if self.solution else "")
        return (f'<div style="border-left:4px solid {colour};padding:4px 10px">'
                f"<b>{escape(self.message)}</b><div>{_img(self.picture)}</div>{folded}</div>")


class Exercise:
    """A position and a question; ``answer(move)`` checks a learner's move.

    ``right(before, action, after)`` decides. ``why`` explains the rule once they get it;
    ``explain(before, action, after)`` says in the game's words what a legal wrong answer
    misses, and ``hint`` nudges. ``solution`` is one right move, revealed only on request
    (``solution()``, or the folded part of a wrong answer's verdict); ``wrong`` lists plausible
    wrong answers, which the notebook tests check are refused with an explanation. Both are
    checked when the exercise is made. With ``viewer=p`` the pictures show player ``p``'s
    view, so an exercise about hidden information doesn't give it away; ``draw`` holds the
    game's drawing options for the pictures (e.g. ``networks=True``).
    """

    def __init__(self, state: State, question: str, right: Check, why: str = "",
                 hint: str = "", viewer: int | None = None,
                 draw: Mapping[str, Any] | None = None, *, explain: Explain | None = None,
                 solution: Action | str | None = None, wrong: Sequence[Action | str] = ()
                 ) -> None:
        self.state = state
        self.question = question
        self.right = right
        self.why = why
        self.hint = hint
        self.viewer = viewer  # draw this player's view, not the full state (hidden games)
        self.draw = dict(draw or {})
        self.explain = explain
        self.wrong = tuple(str(w) for w in wrong)
        self.solution_move = None if solution is None else state._coerce(solution)
        if self.solution_move is not None and not self._is_right(self.solution_move):
            raise ValueError(f"the stored solution {str(solution)!r} is not a right answer")
        for move in self.wrong:
            if self.answer(move).right:
                raise ValueError(f"{move!r} is listed as wrong but is a right answer")

    def _is_right(self, action: Action) -> bool:
        return self.right(self.state, action, self.state.apply(action))

    def _picture(self, state: State) -> str:
        shown = state if self.viewer is None else state.view(self.viewer)
        return _svg(shown, self.draw)

    def answer(self, action: Action | str | None) -> Verdict:
        """Check an answer (an Action or notation); never raises for a wrong or illegal one."""
        text = "" if action is None else str(action)
        if not text.strip():
            return Verdict(text, False, False, "No answer yet: type your move between the "
                           f'quotes, as in ex.answer("{self._sample()}").',
                           solution=self._reveal())
        try:
            chosen = self.state._coerce(action)  # type: ignore[arg-type]
        except IllegalAction as err:
            return Verdict(text, False, False, f"Not legal: {err.reason}.{self._nudge()}",
                           solution=self._reveal())
        after = self.state.apply(chosen)
        if self.right(self.state, chosen, after):
            return Verdict(text, True, True, f"Right: {str(chosen)!r}. {self.why}".strip(),
                           self._picture(after), after)
        said = self.explain(self.state, chosen, after) if self.explain else ""
        message = f"Not this time: {str(chosen)!r}. {said}".strip() + self._nudge()
        return Verdict(text, True, False, message, self._picture(after), after, self._reveal())

    def solution(self) -> Verdict:
        """A right answer with its explanation: the exercise's stored one, or the first found."""
        found = self.solution_move or next(iter(self.solutions()), None)
        if found is None:
            raise ValueError("this exercise has no right answer among the legal moves")
        verdict = self.answer(found)
        return Verdict(verdict.answer, True, True, f"A solution: {verdict.message[7:]}",
                       verdict.picture, verdict.after)

    def solutions(self) -> tuple[Action, ...]:
        """Every listed legal action that is a right answer (for checking the exercise)."""
        return tuple(a for a, t in self.state.children() if self.right(self.state, a, t))

    def _nudge(self) -> str:
        return f" Hint: {self.hint}" if self.hint else ""

    def _sample(self) -> str:
        """A legal move that is not a right answer, to show how moves are typed."""
        mover = self.state if self.viewer is None else self.state.view(self.viewer)
        legal = [a for a in mover.legal_actions() if a != self.solution_move]
        return str(legal[0]) if legal else "…"

    def _reveal(self) -> str:
        if self.solution_move is None:
            return ""
        shown = self.solution()
        return f"<p>{escape(shown.message)}</p>{_img(shown.picture)}"

    def __repr__(self) -> str:
        return f"<Exercise {self.question!r}>"

    def _repr_html_(self) -> str:
        return (f"<p><b>Try it:</b> {escape(self.question)}</p>"
                f"{_img(self._picture(self.state))}"
                "<p><i>Type your move between the quotes in the cell below and run it.</i></p>")


def _img(svg: str) -> str:
    """The SVG as an ``<img>``, which untrusted notebooks show (inline SVG they strip)."""
    return img_html(svg, "the position") if svg else ""
