"""Exercises: a position, a question, and a check of the move a learner types."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from ..core.errors import IllegalAction
from ..core.game import Action, State, View
from ..core.quoting import brief, cut, quote
from ..core.registry import stranger_problem
from ..core.textformat import FormatsAsText
from .arguments import (
    drawing_of,
    function_of,
    items,
    position_of,
    text_of,
    texts,
    viewer_of,
)
from .pictures import img_of, svg_of

#: How many positions an exercise with a viewer draws from the viewer's view, to check
#: that its solution and listed wrong answers do not turn on what the viewer cannot see.
WORLDS = 8
#: ``right(before, action, after)`` says whether an answer is right.
Check = Callable[[State, Action, State], bool]
#: ``explain(before, action, after)`` says, in the game's words, what a wrong answer misses.
Explain = Callable[[State, Action, State], str]


def moves(subject: State | View, *starts: str) -> list[str]:
    """The legal moves in the game's notation; only those beginning with one of ``starts``.

    >>> import tabletop
    >>> moves(tabletop.load("lava-flows").new(seed=1), "arrange black a1")
    ['arrange black a1 white b1', 'arrange black a1 white c1']
    """
    position_of(subject, "moves' subject")
    starts = texts(starts, "moves' starts")
    return [str(a) for a in subject.legal_actions() if not starts or str(a).startswith(starts)]


def why_not(state: State, action: Action | str) -> str:
    """Why the rules refuse ``action`` here, in one sentence (without the list of legal moves).

    >>> import tabletop
    >>> why_not(tabletop.load("lava-flows").new(seed=1), "pass")
    "'pass' is not legal here (White must first arrange their hidden Mediums, ...)"
    """
    position_of(state, "why_not's state")
    try:
        state._coerce(action)
    except IllegalAction as err:
        return err.reason
    return f"{str(action)!r} is legal here"


@dataclass(frozen=True, repr=False)
class Verdict(FormatsAsText):
    """The outcome of an answer: right, wrong-but-legal, illegal, or none yet.

    Shows itself in notebooks; a wrong answer's picture offers the solution folded away, and
    an answer that is not yet a move (none, or one of no kind) the hint, folded too.
    """

    answer: str
    legal: bool
    right: bool
    message: str
    picture: str = ""  # SVG of the position after the answer, as the exercise's viewer sees it
    after: State | None = None
    solution: str = ""  # HTML of the solution, shown folded (only for answers that were not right)
    hint: str = ""  # the hint, shown folded before the solution (where the message has none)

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"<Verdict {self.message!r}>"

    def __bool__(self) -> bool:
        return self.right

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.right else ("#b26a00" if self.legal else "#b3261e")
        folded = (f"<details><summary>Show a hint</summary><p>{escape(self.hint)}</p></details>"
                  if self.hint else "")
        folded += (f"<details><summary>Show a solution</summary>{self.solution}</details>"
                   if self.solution else "")
        return (f'<div style="border-left:4px solid {colour};padding:4px 10px">'
                f"<b>{escape(self.message)}</b><div>{img_of(self.picture)}</div>{folded}</div>")


def sentence(text: str) -> str:
    """``text`` ending as a sentence does (a full stop added if it has none), so that a
    hint after it reads as the next sentence.

    >>> sentence("Count them"), sentence("Right!"), sentence("")
    ('Count them.', 'Right!', '')
    """
    text = text.strip()
    return text + "." if text and text[-1] not in ".!?" else text


#: What a typed move may come wrapped in: quotes (``"'pass'"``, a move copied with its
#: backticks) and a full stop (``"pay."``), which no move's notation begins or ends with.
WRAPPING = "'\"`."


def _text(action: object) -> str:
    """An answer as typed: its notation if it is a move or a string (without the quotes or
    full stop it was typed with), else a short quote of it (an answer of no kind, even a huge
    int, is not understood, not met by ``str``)."""
    if action is None:
        return ""
    if isinstance(action, str):
        return action.strip().strip(WRAPPING).strip()
    return str(action) if isinstance(action, Action) else brief(action)


def _own_moves(moves: Sequence[Any], state: State) -> Sequence[Any]:
    """``moves``, unless one is an action of another game (a ``ValueError`` naming it): kept
    as its text, it would read as a learner's typo, refused for the wrong reason.

    >>> import tabletop
    >>> lacuna = tabletop.load("lacuna").new(seed=1)
    >>> _own_moves(["pass"], lacuna)
    ['pass']
    >>> _own_moves(lacuna.legal_actions()[:1], tabletop.load("lava-flows").new(seed=1))
    Traceback (most recent call last):
    ValueError: the wrong answer 'aside red' is an action of Lacuna, not of Lava Flows: ...
    """
    for move in moves:
        problem = stranger_problem(move, state.game) if isinstance(move, Action) else None
        if problem is not None:
            raise ValueError(f"the wrong answer {quote(str(move))} is {problem}: list moves of "
                             "this game (or their notation)")
    return moves


def _naming(move: str) -> re.Pattern[str]:
    """Where a text names ``move``: as a whole (not part of a longer move), and a one-word
    move (``pay``) only in quotes, since unquoted it names a kind of move
    (``actions are 'choose blue', pay and pass``)."""
    if " " not in move:
        return re.compile(rf"'{re.escape(move)}'", re.IGNORECASE)
    return re.compile(rf"(?<![\w@/-]){re.escape(move)}(?![\w@/-])", re.IGNORECASE)


class Exercise:
    """A position and a question; ``answer(move)`` checks a learner's move.

    ``right(before, action, after)`` decides. ``why`` explains the rule once they get it;
    ``explain(before, action, after)`` says in the game's words what a legal wrong answer
    misses, and ``hint`` nudges. ``solution`` is one right move, revealed only on request
    (``solution()``, or the folded part of a wrong answer's verdict); ``wrong`` lists plausible
    wrong answers, which the notebook tests check are refused with an explanation. Both are
    checked when the exercise is made. A move typed without its move word ("green") is
    read as the one move a move word makes of it ("choose green"); a refusal is the game's,
    without any right answer it names (``_unsaid``). With ``viewer=p`` (the player to move)
    the pictures show ``p``'s view, so an exercise about hidden information doesn't give it
    away; ``draw`` holds the game's drawing options for the pictures (e.g. ``networks=True``).
    """

    def __init__(self, state: State, question: str, right: Check, why: str = "",
                 hint: str = "", viewer: int | None = None,
                 draw: Mapping[str, Any] | None = None, *, explain: Explain | None = None,
                 solution: Action | str | None = None, wrong: Sequence[Action | str] = ()
                 ) -> None:
        self.state = position_of(state, "an exercise's state", views=False)
        if state.is_terminal:  # no move could ever answer it
            raise ValueError("an exercise asks for a move, and the game is over at this "
                             "position: give a position where someone is to move")
        self.question = text_of(question, "an exercise's question")
        self.right = function_of(right, "right")
        self.why = text_of(why, "why")
        self.hint = text_of(hint, "hint")
        # draw this player's view, not the full state (hidden games): the view of the player
        # who answers, as another seat's view shows what the mover may not know
        self.viewer = viewer_of(viewer, state)
        mover = state.current_player
        if self.viewer is not None and self.viewer != mover:
            names = state.game.player_name
            raise ValueError(f"viewer={self.viewer} ({names(self.viewer)}) is not to move: the "
                             f"exercise asks {names(mover) if mover is not None else 'nobody'} "
                             f"for a move, and shows what they see (viewer={mover})")
        self.draw = drawing_of(draw, "draw", state.game)
        self.explain = function_of(explain, "explain", optional=True)
        self.wrong = tuple(str(w) for w in _own_moves(items(wrong, "wrong"), state))
        self.solution_move = None if solution is None else state._coerce(solution)
        if self.solution_move is not None and not self._is_right(self.solution_move):
            raise ValueError(f"the stored solution {quote(str(solution))} is not a right answer")
        if self.solution_move is None and not self.solutions():  # no answer could be right
            raise ValueError("no legal move is a right answer to this exercise: right() refuses "
                             "every one (give a position where one is, or a solution=)")
        for move in self.wrong:  # a check that fails on one meets the author, here
            if self._answer(move, strict=True).right:
                raise ValueError(f"{quote(move)} is listed as wrong but is a right answer")
        if self.viewer is not None:
            self._check_fair(self.viewer, (self.solution_move, *self.wrong))

    def _check_fair(self, viewer: int, moves: Sequence[Action | str | None]) -> None:
        """A ``ValueError`` if one of the listed ``moves`` is right in some positions the
        viewer cannot tell from this one (``WORLDS`` drawn from their view) and wrong in
        others: a verdict must not turn on what the viewer may not see."""
        view = self.state.view(viewer)
        worlds = [view.determinize(random.Random(k)) for k in range(WORLDS)]
        for move in moves:
            if move is None or not self.state.is_legal(move):
                continue
            text = str(move)
            right = self._is_right(self.state._coerce(text))
            for world in worlds:
                if self.right(world, world._coerce(text), world.apply(text)) != right:
                    raise ValueError(
                        f"{quote(text)} is {'right' if right else 'wrong'} here but not in "
                        f"every position player {self.viewer} cannot tell from this one: judge "
                        "a move by what the viewer sees (in every position their view allows)")

    def _is_right(self, action: Action) -> bool:
        return self.right(self.state, action, self.state.apply(action))

    def _picture(self, state: State) -> str:
        shown = state if self.viewer is None else state.view(self.viewer)
        return svg_of(shown, self.draw)

    def answer(self, action: Action | str | None) -> Verdict:
        """Check an answer (an Action or notation); never raises for a wrong or illegal one."""
        return self._answer(action, strict=False)

    def _answer(self, action: Action | str | None, strict: bool) -> Verdict:
        """``answer``; with ``strict``, an error of the author's ``right`` or ``explain`` is
        raised, not reported."""
        text = _text(action)
        if not text.strip():
            return Verdict(text, False, False, "No answer yet: type your move between the "
                           f'quotes, as in .answer("{self._sample()}").',
                           solution=self._reveal(), hint=self.hint)
        if not isinstance(action, (str, Action)):  # a number, a list: no move of any game
            return Verdict(text, False, False, f"Not understood: {text} is not a move: type "
                           f'your move as text between the quotes, as in .answer("'
                           f'{self._sample()}").', solution=self._reveal(), hint=self.hint)
        try:
            chosen = self._chosen(text if isinstance(action, str) else action)
        except IllegalAction as err:
            reason = self._unsaid(text, err.reason)
            return Verdict(text, False, False, sentence(f"Not legal: {reason}") + self._nudge(),
                           solution=self._reveal())
        after = self.state.apply(chosen)
        try:
            right = self.right(self.state, chosen, after)
            said = "" if right or not self.explain else self.explain(self.state, chosen, after)
        except Exception as err:  # noqa: BLE001 (the author's check meets a learner's move)
            if strict:
                raise
            return Verdict(text, True, False, f"Not checked: {str(chosen)!r} could not be "
                           f"checked ({type(err).__name__}: {cut(str(err))}).{self._nudge()}",
                           self._picture(after), after, self._reveal())
        if right:
            return Verdict(text, True, True, sentence(f"Right: {str(chosen)!r}. {self.why}"),
                           self._picture(after), after)
        message = sentence(f"Not this time: {str(chosen)!r}. {said}") + self._nudge()
        return Verdict(text, True, False, message, self._picture(after), after, self._reveal())

    def _chosen(self, action: Action | str) -> Action:
        """The legal move ``action`` is, read as the game reads it or, where that finds no
        move at all, with a move word left out added (``_completed``); else the game's
        ``IllegalAction``."""
        try:
            return self.state._coerce(action)
        except IllegalAction as err:
            if not isinstance(action, str) or not err.reason.startswith(
                    f"{quote(action)} is no action in "):  # (read, but refused: as it is)
                raise
            found = self._completed(action)
            if found is None:
                raise
            return found

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

    def _unsaid(self, typed: str, reason: str) -> str:
        """The game's refusal ``reason`` of ``typed``, where it names no right answer.

        Where a clause of it names one (``the nearest legal actions are …``, ``the tile goes
        g7 r0 or g7 r2``, ``e.g. bridge f6``), the game's example would give the solution
        away unasked, even when it is the one reading of what was typed: a list of nearest
        moves is left out, and another clause is cut before the move and ended with an
        example of the notation that is no right answer and that the game did not name.
        No move is ever put in the place of another, so what is left is the game's own words.
        """
        rights = [str(a) for a in self.solutions()]
        echo = quote(typed)
        head, body = (echo, reason[len(echo):]) if reason.startswith(echo) else ("", reason)
        kept = []
        for clause in body.split("; "):
            at = min((m.start() for r in rights if (m := _naming(r).search(clause))),
                     default=None)
            if at is None:
                kept.append(clause)
            elif not clause.startswith("the nearest legal action"):
                kept.append(self._cut(clause[:at], reason))
        said = head + "; ".join(clause for clause in kept if clause)
        return said if said.strip(" ;:") != echo else f"{echo} is not a legal move here"

    def _cut(self, clause: str, reason: str) -> str:
        """``clause`` (the part before the right answer it named) cut at its last colon or
        bracket, its brackets closed, and ended with an example of how moves are typed; ``""``
        (left out) if it has neither."""
        colon, bracket = clause.rfind(": "), clause.rfind("(")
        if bracket > colon:  # "... (a bridge must replace a tile (e.g. " -> "... a tile)"
            clause = clause[:bracket].rstrip(" ,;")
            return clause + ")" * max(0, clause.count("(") - clause.count(")"))
        if colon < 0:
            return ""
        clause = clause[:colon]
        example = self._example(reason)
        shown = f", as in {quote(example)}" if example else ""
        return f"{clause}: type one whole move in the game's notation{shown}"

    def _example(self, reason: str) -> str:
        """A legal move that is no right answer and that ``reason`` does not name, of the
        same kind as the right answers where one is (``choose brown`` for ``choose green``)."""
        rights = self.solutions()
        shapes = {(str(a).split()[0], len(str(a).split())) for a in rights}
        others = [str(a) for a in self.state.legal_actions() if a not in rights
                  and not _naming(str(a)).search(reason)]
        alike = [o for o in others if (o.split()[0], len(o.split())) in shapes]
        return next(iter(alike or others), "")

    def _completed(self, text: str) -> Action | None:
        """The legal move ``text`` is with a move's first word the learner left out ("green"
        for "choose green"), where exactly one of the game's move words makes it a move (legal
        or not: "c2-c3", a move or a slide, is neither); else ``None``."""
        forms = re.findall(r"'([a-z][^']*)'", self.state.game.notation_forms)
        words = {str(a).split()[0] for a in self.state.legal_actions()}
        words |= {form.split()[0] for form in forms}
        found: list[Action | None] = []
        for word in sorted(w for w in words if w.isalpha() and not text.lower().startswith(w)):
            longer = f"{word} {text}"
            try:
                found.append(self.state._coerce(longer))
            except IllegalAction as err:  # a move, but not one to play here
                if err.reason.startswith(f"{quote(longer)} is not legal here"):
                    found.append(None)
        return found[0] if len(found) == 1 else None

    def _nudge(self) -> str:
        return f" Hint: {sentence(self.hint)}" if self.hint.strip() else ""

    def _sample(self) -> str:
        """A legal move that is not a right answer, to show how moves are typed."""
        mover = self.state if self.viewer is None else self.state.view(self.viewer)
        wrong = (a for a in mover.legal_actions() if not self._is_right(a))
        return str(next(wrong, "…"))

    def _reveal(self) -> str:
        if self.solution_move is None:
            return ""
        shown = self.solution()
        return f"<p>{escape(shown.message)}</p>{img_of(shown.picture)}"

    def __repr__(self) -> str:
        return f"<Exercise {self.question!r}>"

    def _repr_html_(self) -> str:
        return (f"<p><b>Try it:</b> {escape(self.question)}</p>"
                f"{img_of(self._picture(self.state))}"
                "<p><i>Type your move between the quotes in the cell below and run it.</i></p>")
