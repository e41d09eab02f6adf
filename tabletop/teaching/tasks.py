"""Tasks for the reader whose answer is a value or an agent, not a move."""

from __future__ import annotations

import math
import numbers
import os
import re
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from ..agents import resolve_agent
from ..agents.base import is_built_in
from ..core.errors import IllegalAction
from ..core.game import Game
from ..core.plain import plain, real, whole
from ..core.quoting import brief, counted, cut, either, quote
from ..core.record import MAX_SEED
from ..core.registry import load
from .arguments import function_of, items, text_of
from .exercise import Verdict, sentence


def games_of(games: object) -> int:
    """``games`` if it is a number of games a tournament plays (1 to ``MAX_GAMES``); else a
    ``ValueError``."""
    from ..arena.run import MAX_GAMES  # here: the arena imports the teaching package

    return whole(games, 1, f"games should be an int from 1 to {MAX_GAMES:,}", most=MAX_GAMES)


#: What separates the words of a set typed as text: spaces, commas, semicolons, slashes,
#: "and", "or", "&", "+", "|", and the brackets and quotes of a set or list typed as Python
#: (``"{'b3', 'c3'}"``, ``"b3/c3"``, ``"b3 + c3"``).
SEPARATORS = re.compile(r"""(?:[\s,;&+|/{}\[\]()'"`]|\b(?:and|or)\b)+""")
#: Quotes a typed word may come in (``'"refused"'``, a word copied with its backticks).
QUOTES = "'\"`"
#: Words that turn a sentence's meaning round: a sentence holding one is not read as the
#: word it names ("it is not refused").
NEGATIONS = frozenset({"not", "no", "never", "nor", "cannot", "neither", "nothing"})


def _alike(typed: str, known: str) -> bool:
    """Whether a typed word is a form of a known one: the same word, or, both of four
    letters or more, sharing their first five (or all of the shorter's): "refuses" and
    "refused", "accepts" and "accept"."""
    if typed == known:
        return True
    if min(len(typed), len(known)) < 4:
        return False
    shared = len(os.path.commonprefix([typed, known]))
    return shared >= min(5, len(typed), len(known))


def _kind(value: Any) -> str:
    """The kind of answer ``value`` is, where a kind is asked for: ``"a number"`` (a finite
    one: NaN and infinity count nothing), ``"True or False"``, ``"a word"`` or ``"a set"``;
    else ``""``."""
    if isinstance(value, bool):
        return "True or False"
    if isinstance(value, numbers.Real):
        return "a number" if isinstance(value, numbers.Integral) or math.isfinite(value) else ""
    if isinstance(value, str):
        return "a word"
    return "a set" if isinstance(value, (set, frozenset)) else ""


class Task:
    """A task for the reader whose answer is a value (a number, a set of cells, a word), not a
    move: ``answer(value)`` checks it and returns a ``Verdict``, as ``Exercise.answer`` does.

    ``check(value)`` decides; ``why`` is said when it is right; ``explain(value)`` says in
    plain words what a wrong answer misses. ``solution`` is a right answer, checked when the
    task is made and shown only on request (folded under a wrong answer, or ``solution()``);
    ``wrong`` lists plausible wrong answers, which must be refused. A typed answer is read
    like the solution: ``"36"`` or ``"'36'"`` as a number, ``"a3, c3"`` or ``"a3/c3"`` as a
    set of words, and a word in a sentence or another form of it (``"it refuses"`` for
    ``"refused"``) as that word; a sentence that turns it round (``"not refused"``) or names
    two answers is not understood.

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
        self.question = text_of(question, "a task's question")
        self.check = function_of(check, "check")
        self.explain = function_of(explain, "explain", optional=True)
        self.why = text_of(why, "why")
        self.hint = text_of(hint, "hint")
        self.solution_value = solution
        self.wrong = items(wrong, "wrong")
        self._solved: Verdict | None = None
        if not self.solution():  # the check's own words on why, if it explains
            said = self.explain(self._read(solution)) if self.explain else ""
            raise ValueError(f"the stored solution {quote(self._show(solution))} is not a "
                             f"right answer: check({self._show(solution)}) is false. "
                             f"{said}".strip())
        for value in self.wrong:  # a check that fails on one meets the author, here
            if self._answer(value, strict=True):
                raise ValueError(f"{quote(self._show(value))} is listed as wrong but is accepted")

    def _read(self, value: Any) -> Any:
        """A typed answer read like the solution (a number, a set of words, True or False,
        a word spelt as the task spells it); a ``ValueError`` or ``TypeError`` if it cannot be.
        """
        like = plain(self.solution_value)
        value = plain(value)
        if isinstance(value, str) and isinstance(like, bool):
            return {"true": True, "false": False}.get(self._word(value).lower(), value)
        if isinstance(value, str) and _kind(like) == "a number":
            text = value.strip().strip(QUOTES).strip().removesuffix(".").strip()
            try:
                return int(text)
            except ValueError:  # "6.5", "1e3"; "six" stays a ValueError
                return float(text)
        if isinstance(value, str) and isinstance(like, (set, frozenset)):
            value = SEPARATORS.split(value.strip().rstrip("."))
        if isinstance(value, (list, tuple, set, frozenset)) and isinstance(like, (set, frozenset)):
            return {self._member(w) for w in value if not isinstance(w, str) or w.strip()}
        if isinstance(value, str) and isinstance(like, str):
            return self._sentence(value)
        return self._word(value) if isinstance(value, str) else value

    def _sentence(self, text: str) -> str:
        """A typed word answer read as the one word the task knows that it names: the word
        itself, or a sentence or form of it ("it is refused", "it refuses" for "refused");
        a ``ValueError`` for a sentence that turns it round ("not refused") or names
        words of two meanings; else the text as typed (for the check to judge)."""
        word = self._word(text)
        known = list(self._spellings().values())
        if word in known:
            return word
        tokens = re.findall(r"[a-z0-9']+", word.casefold())
        if any(t in NEGATIONS or t.endswith("n't") for t in tokens) and len(tokens) > 1:
            raise ValueError(f"{text!r} turns a word round")
        meant = [k for k in known if any(_alike(t, k.casefold()) for t in tokens)]
        if meant and all(_alike(a.casefold(), b.casefold()) for a in meant for b in meant):
            return meant[0]
        if len(meant) > 1:
            raise ValueError(f"{text!r} names more than one answer")
        return word

    def _spellings(self) -> dict[str, str]:
        """The words of the solution and the listed wrong answers (alone or in sets), by
        their case-folded form: a typed word is read as the task spells it."""
        found: dict[str, set[str]] = {}
        for value in (self.solution_value, *self.wrong):
            words = value if isinstance(value, (set, frozenset, list, tuple)) else (value,)
            for word in words:
                if isinstance(word, str):
                    found.setdefault(word.casefold(), set()).add(word)
        return {key: next(iter(spelt)) for key, spelt in found.items() if len(spelt) == 1}

    def _word(self, text: str) -> str:
        """A typed word without its quotes and full stop, spelt as the task spells it (or in
        lower case, when every word the task knows is)."""
        text = text.strip().strip(QUOTES + ".!").strip()
        spellings = self._spellings()
        if text.casefold() in spellings:
            return spellings[text.casefold()]
        lower = spellings and all(word == word.lower() for word in spellings.values())
        return text.lower() if lower else text

    def _member(self, word: Any) -> Any:
        """A member of a typed set, read like the solution's members (a word, or a whole
        number where they are whole numbers)."""
        if not isinstance(word, str):
            return word
        members = plain(self.solution_value)
        if members and all(isinstance(m, int) and not isinstance(m, bool) for m in members):
            try:
                return int(word)
            except ValueError:
                return word
        return self._word(word)

    def _unfit(self, value: Any) -> str:
        """What kind of answer is wanted, if ``value`` (already read) is not of the solution's
        kind (a bool is no number, nor a number a word); else ``""``."""
        wanted = _kind(plain(self.solution_value))
        return wanted if wanted and _kind(value) != wanted else ""

    def _show(self, value: Any) -> str:
        """The answer ``value`` as a short text (a huge or long one cut)."""
        try:
            if isinstance(value, (set, frozenset)):
                return cut(", ".join(sorted(map(str, value))) or "nothing")
            return cut(str(value))
        # (a learner's value: an integer too long for text, a list nested past the recursion
        # limit, a ``__str__`` that raises)
        except Exception:  # noqa: BLE001
            return brief(value)

    def _judge(self, value: Any) -> tuple[bool, bool, str]:
        """(understood, right, what to say) for an answer already read."""
        if self.check(value):
            return True, True, self.why
        return True, False, self.explain(value) if self.explain else ""

    def answer(self, value: Any) -> Verdict:
        """Check an answer; never raises for a wrong or unreadable one."""
        return self._answer(value, strict=False)

    def _answer(self, value: Any, strict: bool) -> Verdict:
        """``answer``; with ``strict``, an error of the author's ``check`` or ``explain`` is
        raised, not reported."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return Verdict("", False, False, "No answer yet: type your answer between the "
                           f"brackets, as in .answer({self._example()}), and run the cell.",
                           hint=self.hint)
        try:
            value = self._read(value)
        except (ValueError, TypeError):  # a huge number, a set of unhashable items, "not x"
            return self._not_understood(value, _kind(plain(self.solution_value)))
        wanted = self._unfit(value)
        if wanted:
            return self._not_understood(value, wanted)
        try:
            understood, right, said = self._judge(value)
        except Exception as err:  # noqa: BLE001 (the author's check meets a learner's answer)
            if strict:
                raise
            return Verdict(self._show(value), False, False,
                           f"Not understood: {self._show(value)} could not be checked "
                           f"({type(err).__name__}: {cut(str(err))}).",
                           solution=self._reveal())
        head = "Right" if right else ("Not this time" if understood else "Not legal")
        message = sentence(f"{head}: {self._show(value)}. {said}")
        if not right:
            message += f" Hint: {self.hint}" if self.hint else ""
        return Verdict(self._show(value), understood, right, message,
                       solution="" if right else self._reveal())

    def _not_understood(self, value: Any, wanted: str) -> Verdict:
        """The verdict on an answer that is not of the kind asked for."""
        kind = f" ({wanted})" if wanted else ""
        said = f"is not an answer of the right kind{kind}"
        if wanted == "a word" and isinstance(value, str):  # a sentence: "it is not refused"
            said = "names no one answer: answer with one word"
        return Verdict(self._show(value), False, False, f"Not understood: {brief(value)} "
                       f"{said}, such as {self._example()}.",
                       solution=self._reveal(), hint=self.hint)

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


def _class_in(code: str) -> type:
    """The last class the author's ``code`` defines, run in a namespace of its own; a
    ``ValueError`` saying why, if it cannot be run or defines none.

    >>> _class_in("class Bot(:")
    Traceback (most recent call last):
    ValueError: the solution's code could not be run: SyntaxError: invalid syntax ...
    """
    namespace: dict[str, Any] = {}
    try:
        exec(compile(code, "<solution>", "exec"), namespace)  # noqa: S102
    except Exception as err:  # noqa: BLE001 (the author's code: any failure is named)
        raise ValueError(f"the solution's code could not be run: {type(err).__name__}: "
                         f"{cut(str(err))}") from err
    classes = [v for v in namespace.values() if isinstance(v, type)]
    if not classes:
        raise ValueError(f"the solution's code defines no class: {quote(code)}")
    return classes[-1]


class AgentTask(Task):
    r"""A task whose answer is an agent: ``answer(MyAgent)`` plays ``games`` quick seeded
    games of ``game`` against ``opponents`` (specs as ``tabletop.arena`` takes them), seats
    rotating (``game``: a name, played with its default options, or a ``Game`` loaded with
    the options and player count to play, ``tabletop.load("lava-flows", memory=True)``),
    and is right when every move was legal and the agent won at least ``target`` of them
    (a shared win counts ``1/k``); tabletop's own agents ("mcts-weak") are not answers.
    ``solution`` is an agent, or the source code of an agent class (shown folded as code).
    An agent that thinks longer than ``move_time`` seconds over one move (or over being
    built) is stopped, and told so: an answer never hangs the notebook (``move_time=None``:
    no limit).

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
    Not this time: random. That is tabletop's own RandomAgent, not an agent of yours: write a
    class with act(view) and answer with it.
    >>> print(t.solution())
    A solution: PotWatcher. It won 70% of 30 games (21 wins), every move legal.
    """

    def __init__(self, question: str, game: str | Game, opponents: Sequence[Any],
                 target: float, *,
                 solution: Any, games: int = 60, seed: int = 0, why: str = "",
                 hint: str = "", wrong: Sequence[Any] = (),
                 move_time: float | None = 10.0) -> None:
        from ..arena.play import move_time_of

        self.move_time = move_time_of(move_time)
        self.opponents = list(items(opponents, "opponents"))
        self.game: str | Game = game if isinstance(game, Game) else \
            load(text_of(game, "game")).name  # an unknown name: UnknownGame
        seated = 1 + len(self.opponents)
        counts = (game.players,) if isinstance(game, Game) else \
            type(load(game)).player_counts
        if seated not in counts:  # (else every answer, the solution too, stops the game)
            shown = repr(game) if isinstance(game, Game) else repr(self.game)
            raise ValueError(f"{shown} is played by {either(counts)} players, "
                             f"but the task seats {seated}: the answer and "
                             f"{counted(len(self.opponents), 'opponent')}")
        self.target = real(target, "target should be a win rate from 0 to 1", 0.0, 1.0)
        self.games = games_of(games)
        self.seed = whole(seed, 0, "seed should be an int ≥ 0")
        if self.seed + self.games - 1 > MAX_SEED:  # game i is played with seed + i
            raise ValueError(f"seed should be at most 2**64 - games, not {brief(seed)}")
        for spec in self.opponents:  # an unknown name meets the author, not the learner
            resolve_agent(spec, 0)
        self.code = solution if isinstance(solution, str) and "class " in solution else ""
        if self.code:
            solution = _class_in(self.code)
        super().__init__(question, lambda agent: False, solution=solution, why=why,
                         hint=hint, wrong=wrong)

    def _read(self, value: Any) -> Any:
        return value

    def _unfit(self, value: Any) -> str:
        return ""  # an agent may be a name, a class, an object or a factory

    def _show(self, value: Any) -> str:
        """An agent by its name (a class's, a function's, its own, or its class's); a value
        that is no agent (a number, a list) as itself."""
        if isinstance(value, str) or type(value).__module__ == "builtins" and not callable(value):
            return cut(value) if isinstance(value, str) else brief(value)
        return cut(str(getattr(value, "__name__", None) or getattr(value, "name", None)
                       or type(value).__name__))

    def _example(self) -> str:
        return "MyAgent"

    def _built(self, value: Any) -> Any:
        """The agent ``value`` gives, built within ``move_time`` as the arena builds it (an
        ``__init__`` that sleeps or loops is stopped: ``Overrun``)."""
        from ..agents.exits import agent_call
        from ..arena.clock import limited

        return limited(self.move_time, agent_call, resolve_agent, value, 0)

    def _judge(self, value: Any) -> tuple[bool, bool, str]:
        from ..arena import arena
        from ..arena.clock import Overrun
        from ..arena.play import overrun_message

        try:
            built = self._built(value)
        except Overrun as over:
            assert self.move_time is not None  # (no limit: no overrun)
            return True, False, (f"It {overrun_message(self.move_time, 'be built', over.stopped)}"
                                 f" (building an agent has the time of one move): make its "
                                 f"__init__ quicker.")
        except Exception as err:  # noqa: BLE001 (any failure is reported to the learner)
            return False, False, f"That is not an agent: {err}"
        if is_built_in(built) and value is not self.solution_value:  # (an author may
            # set one as the solution; a learner who types "mcts-weak" has written nothing)
            return True, False, (f"That is tabletop's own {type(built).__name__}, not an "
                                 f"agent of yours: write a class with act(view) and answer "
                                 f"with it.")
        seats = {"yours": value, **{f"opponent {i}": spec
                                    for i, spec in enumerate(self.opponents, 1)}}
        try:
            result = arena(self.game, seats, games=self.games, seed=self.seed, progress=False,
                           errors="raise", move_time=self.move_time)
        except IllegalAction as err:
            return False, False, f"It played a move the rules refuse: {err.reason}."
        except Exception as err:  # noqa: BLE001
            return False, False, f"It stopped the game: {type(err).__name__}: {err}"
        slow = next((g for g in result.games if g.error and g.error["agent"] == "yours"), None)
        if slow is not None:
            assert slow.error is not None  # (it was picked for its error)
            return False, False, (f"It was stopped in game {slow.index + 1}: it "
                                  f"{slow.error['message']}.")
        row = result.summary()[0]
        shared = sum(1 for g in result.games if "yours" in g.winner_agents
                     and len(g.winners) > 1)
        said = (f"It won {row.win_rate:.0%} of {counted(row.games, 'game')} ({row.wins:g} wins"
                + (f", {shared} shared" if shared else "") + ")")
        if row.win_rate >= self.target:
            return True, True, f"{said}, every move legal. {self.why}".strip()
        return True, False, f"{said}; it needs {self.target:.0%}."

    def _reveal(self) -> str:
        if not self.code:
            return super()._reveal()
        return (f"<p>{escape(self.solution().message)}</p>"
                f"<pre>{escape(self.code)}</pre>")
