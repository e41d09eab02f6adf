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

import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from statistics import NormalDist
from typing import Any

from .agents import resolve_agent
from .core.errors import IllegalAction
from .core.game import Action, State, View
from .render.svg import img_html

#: ``right(before, action, after)`` says whether an answer is right.
Check = Callable[[State, Action, State], bool]
#: ``explain(before, action, after)`` says, in the game's words, what a wrong answer misses.
Explain = Callable[[State, Action, State], str]

#: Inline CSS that scales a picture down to the width of its box.
FIT = "max-width:100%;height:auto"

__all__ = ["AgentTask", "Example", "Exercise", "Pictures", "Task", "Verdict", "WinRate",
           "games_needed", "moves", "shrinking", "side_by_side", "why_not"]


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


# --- tasks whose answer is not a move -------------------------------------------------------

class Task:
    """A task for the reader whose answer is a value (a number, a set of cells, a word), not a
    move: ``answer(value)`` checks it and returns a ``Verdict``, as ``Exercise.answer`` does.

    ``check(value)`` decides; ``why`` is said when it is right; ``explain(value)`` says in
    plain words what a wrong answer misses. ``solution`` is a right answer, checked when the
    task is made and shown only on request (folded under a wrong answer, or ``solution()``);
    ``wrong`` lists plausible wrong answers, which must be refused. A typed answer is read
    like the solution: ``"36"`` as a number, ``"a3, c3"`` as a set of words.

    >>> t = Task("How many cells has the Lava Flows grid?", check=lambda n: n == 9,
    ...          explain=lambda n: "Count them: three rows of three cells.",
    ...          why="Three rows of three.", solution=9, wrong=(6, 3))
    >>> print(t.answer(""))
    No answer yet: type your answer between the brackets, as in .answer(6), and run the cell.
    >>> print(t.answer("6"))
    Not this time: 6. Count them: three rows of three cells.
    >>> print(t.answer(9))
    Right: 9. Three rows of three.
    >>> print(Task("Which cells?", lambda cells: cells == {"a3", "c3"},
    ...            solution={"c3", "a3"}).answer("c3 a3"))
    Right: a3, c3.
    """

    def __init__(self, question: str, check: Callable[[Any], bool], *, solution: Any,
                 explain: Callable[[Any], str] | None = None, why: str = "",
                 hint: str = "", wrong: Sequence[Any] = ()) -> None:
        self.question = question
        self.check = check
        self.explain = explain
        self.why = why
        self.hint = hint
        self.solution_value = solution
        self.wrong = tuple(wrong)
        self._solved: Verdict | None = None
        if not self.solution():
            raise ValueError(f"the stored solution {self._show(solution)!r} is refused: "
                             f"{self.solution()}")
        for value in self.wrong:
            if self.answer(value):
                raise ValueError(f"{self._show(value)!r} is listed as wrong but is accepted")

    def _read(self, value: Any) -> Any:
        """A typed answer read like the solution (a number, or a set of words)."""
        like = self.solution_value
        if isinstance(value, str) and isinstance(like, (int, float)):
            return float(value) if "." in value else int(value)
        if isinstance(value, str) and isinstance(like, (set, frozenset)):
            return {w for w in re.split(r"[\s,;]+", value.strip()) if w}
        if isinstance(value, (list, tuple)) and isinstance(like, (set, frozenset)):
            return set(value)
        return value.strip() if isinstance(value, str) else value

    def _show(self, value: Any) -> str:
        if isinstance(value, (set, frozenset)):
            return ", ".join(sorted(map(str, value))) or "nothing"
        return str(value)

    def _judge(self, value: Any) -> tuple[bool, bool, str]:
        """(understood, right, what to say) for an answer already read."""
        if self.check(value):
            return True, True, self.why
        return True, False, self.explain(value) if self.explain else ""

    def answer(self, value: Any) -> Verdict:
        """Check an answer; never raises for a wrong or unreadable one."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return Verdict("", False, False, "No answer yet: type your answer between the "
                           f"brackets, as in .answer({self._example()}), and run the cell.")
        try:
            value = self._read(value)
        except ValueError:
            return Verdict(str(value), False, False, f"Not understood: {value!r} is not an "
                           f"answer of the right kind, such as {self._example()}.",
                           solution=self._reveal())
        understood, right, said = self._judge(value)
        head = "Right" if right else ("Not this time" if understood else "Not legal")
        message = f"{head}: {self._show(value)}. {said}".strip()
        if not right:
            message += f" Hint: {self.hint}" if self.hint else ""
        return Verdict(self._show(value), understood, right, message,
                       solution="" if right else self._reveal())

    def solution(self) -> Verdict:
        """The stored solution, with why it is right (worked out once)."""
        if self._solved is None:
            value = self._read(self.solution_value)
            _, right, said = self._judge(value)
            self._solved = Verdict(self._show(value), True, right,
                                   f"A solution: {self._show(value)}. {said}".strip())
        return self._solved

    def _example(self) -> str:
        """How an answer is typed, shown with a wrong one."""
        if not self.wrong:
            return '"…"'
        value = self.wrong[0]
        if isinstance(value, (set, frozenset)):
            return '"' + " ".join(sorted(map(str, value))) + '"'
        return f'"{value}"' if isinstance(value, str) else self._show(value)

    def _reveal(self) -> str:
        return f"<p>{escape(self.solution().message)}</p>"

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.question!r}>"

    def _repr_html_(self) -> str:
        return (f"<p><b>Your turn:</b> {escape(self.question)}</p>"
                "<p><i>Type your answer between the brackets in the cell below and run it."
                "</i></p>")


class AgentTask(Task):
    r"""A task whose answer is an agent: ``answer(MyAgent)`` plays ``games`` quick seeded
    games of ``game`` against ``opponents`` (specs as ``tabletop.arena`` takes them), seats
    rotating, and is right when every move was legal and the agent won at least ``target``
    of them (a shared win counts ``1/k``). ``solution`` is an agent, or the source code of
    an agent class (shown folded as code).

    >>> import random
    >>> class PotWatcher:
    ...     def __init__(self, seed=None):
    ...         self.rng = random.Random(seed)
    ...     def act(self, view):
    ...         moves = [str(a) for a in view.legal_actions()]
    ...         if "pay" in moves and view.pot < 2:
    ...             return "pay"
    ...         return "pass" if "pass" in moves else self.rng.choice(moves)
    >>> t = AgentTask("Beat random at Lascaux.", "lascaux", ["random", "random"], 0.5,
    ...               games=30, solution=PotWatcher)
    >>> print(t.answer("random"))
    Not this time: random. It won 27% of 30 games (8 wins); it needs 50%.
    >>> print(t.solution())
    A solution: PotWatcher. It won 70% of 30 games (21 wins), every move legal.
    """

    def __init__(self, question: str, game: str, opponents: Sequence[Any], target: float, *,
                 solution: Any, games: int = 60, seed: int = 0, why: str = "",
                 hint: str = "", wrong: Sequence[Any] = ()) -> None:
        self.game, self.opponents, self.target = game, list(opponents), target
        self.games, self.seed = games, seed
        self.code = solution if isinstance(solution, str) and "class " in solution else ""
        if self.code:
            namespace: dict[str, Any] = {}
            exec(compile(self.code, "<solution>", "exec"), namespace)  # noqa: S102
            solution = [v for v in namespace.values() if isinstance(v, type)][-1]
        super().__init__(question, lambda agent: False, solution=solution, why=why,
                         hint=hint, wrong=wrong)

    def _read(self, value: Any) -> Any:
        return value

    def _show(self, value: Any) -> str:
        return getattr(value, "__name__", None) or getattr(value, "name", None) \
            or type(value).__name__ if not isinstance(value, str) else value

    def _example(self) -> str:
        return "MyAgent"

    def _judge(self, value: Any) -> tuple[bool, bool, str]:
        from .arena import arena

        try:
            resolve_agent(value, 0)
        except Exception as err:  # noqa: BLE001 (any failure is reported to the learner)
            return False, False, f"That is not an agent: {err}"
        seats = {"yours": value, **{f"opponent {i}": spec
                                    for i, spec in enumerate(self.opponents, 1)}}
        try:
            result = arena(self.game, seats, games=self.games, seed=self.seed, progress=False)
        except IllegalAction as err:
            return False, False, f"It played a move the rules refuse: {err.reason}."
        except Exception as err:  # noqa: BLE001
            return False, False, f"It stopped the game: {type(err).__name__}: {err}"
        row = result.summary()[0]
        shared = sum(1 for g in result.games if "yours" in g.winner_agents
                     and len(g.winners) > 1)
        said = (f"It won {row.win_rate:.0%} of {row.games} games ({row.wins:g} wins"
                + (f", {shared} shared" if shared else "") + ")")
        if row.win_rate >= self.target:
            return True, True, f"{said}, every move legal. {self.why}".strip()
        return True, False, f"{said}; it needs {self.target:.0%}."

    def _reveal(self) -> str:
        if not self.code:
            return super()._reveal()
        return (f"<p>{escape(self.solution().message)}</p>"
                f"<pre>{escape(self.code)}</pre>")


# --- how sure is a win rate? ----------------------------------------------------------------

@dataclass(frozen=True)
class WinRate:
    """A win rate over ``games`` games with its confidence interval (Wilson's score interval).

    >>> r = WinRate(wins=62, games=100)
    >>> print(r)
    62% of 100 games: between 52% and 71% (95% confidence)
    >>> round(r.margin, 3)
    0.093
    """

    wins: float
    games: int
    confidence: float = 0.95

    @property
    def rate(self) -> float:
        return self.wins / self.games

    def _bounds(self) -> tuple[float, float]:
        z = NormalDist().inv_cdf(0.5 + self.confidence / 2)
        n, p = self.games, self.rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    @property
    def low(self) -> float:
        return self._bounds()[0]

    @property
    def high(self) -> float:
        return self._bounds()[1]

    @property
    def margin(self) -> float:
        """Half the width of the interval: the "±" of the win rate."""
        return (self.high - self.low) / 2

    def __str__(self) -> str:
        return (f"{self.rate:.0%} of {self.games} games: between {self.low:.0%} and "
                f"{self.high:.0%} ({self.confidence:.0%} confidence)")


@dataclass(frozen=True)
class Shrinking:
    """Win rates of one agent after the first n games of a tournament, for several n."""

    agent: str
    rows: tuple[WinRate, ...]

    def __str__(self) -> str:
        lines = [f"{'games':>6} {'win rate':>9} {'95% interval':>15} {'±':>6}"]
        lines += [f"{r.games:>6} {r.rate:>9.0%} {f'{r.low:.0%} – {r.high:.0%}':>15} "
                  f"{r.margin:>6.1%}" for r in self.rows]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        body = "".join(f"<tr><td>{r.games}</td><td>{r.rate:.0%}</td><td>{r.low:.0%} – "
                       f"{r.high:.0%}</td><td>± {r.margin:.1%}</td></tr>" for r in self.rows)
        return (f"<p>{escape(self.agent)}: win rate after the first n games</p><table><tr>"
                "<th>games n</th><th>win rate</th><th>95% interval</th><th>±</th></tr>"
                f"{body}</table>")


def shrinking(result: Any, agent: str, steps: Sequence[int]) -> Shrinking:
    """The win rate of ``agent`` (a label of the ``ArenaResult``) after the first ``n``
    games, for each ``n`` in ``steps``, with its 95 % interval: watch it shrink.

    >>> from tabletop.arena import arena
    >>> result = arena("lascaux", ["random"] * 3, games=40, seed=1, progress=False)
    >>> [(r.games, r.wins) for r in shrinking(result, "random", [10, 40]).rows]
    [(30, 10.0), (120, 40.0)]
    """
    rows = []
    for n in steps:
        games = result.games[:n]
        wins = sum(g.credit(p) for g in games for p, who in enumerate(g.seats)
                   if who == agent)
        played = sum(who == agent for g in games for who in g.seats)
        rows.append(WinRate(float(wins), played))
    return Shrinking(agent, tuple(rows))


def games_needed(margin: float, rate: float = 0.5, confidence: float = 0.95) -> int:
    """How many games make the interval of a win rate near ``rate`` about ``± margin``.

    The margin shrinks with the square root of the games: half the margin, four times the
    games. A rate of one half is the worst case.

    >>> games_needed(0.05), games_needed(0.10), games_needed(0.05, rate=0.8)
    (385, 97, 246)
    """
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    return math.ceil(z * z * rate * (1 - rate) / (margin * margin))
