"""Notebooks 05 and 06 hand the work over: every section ends with a task for the reader.

A task whose answer is not a move (a number, some cells, a word, an agent) is a
``tabletop.teaching.Task`` or ``AgentTask``. Every task in every notebook is walked: its stored
solution is accepted, at least two plausible wrong answers are refused with an explanation in
plain words (and a folded solution, which the refusal itself does not give away), and the cell
where the reader answers is empty in the committed notebook. The helpers for sample sizes are
checked against real tournaments.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from notebook_cells import (
    EMPTY_ANSWER,
    NOTEBOOKS,
    ROOT,
    cells_of,
    code_cells,
    empty_answers,
    run_until,
    source,
    typed_answers,
)

import tabletop
from tabletop.arena import arena
from tabletop.teaching import AgentTask, Task, Verdict, WinRate, games_needed, shrinking

MADE = re.compile(r"^(\w+)\s*=\s*(?:Agent)?Task\(", re.M)
#: The notebooks that hand the work over to the reader (issue 21, point 3).
HANDOVER = ("05-inspecting-games.ipynb", "06-bots-and-trees.ipynb")


def with_tasks() -> list[Path]:
    return [p for p in NOTEBOOKS if any(MADE.search(s) for s in code_cells(p))]


def run_until_last_task(path: Path) -> dict[str, Any]:
    return run_until(path, MADE.pattern)


def tasks_in(namespace: dict[str, Any]) -> dict[str, Task]:
    return {name: value for name, value in namespace.items() if isinstance(value, Task)}


def gives_away(message: str, solution: str) -> bool:
    """Whether ``message`` states the solution (as a whole word or number, not inside one)."""
    return re.search(rf"(?<![\w.]){re.escape(solution)}(?![\w.])", message) is not None


def test_the_handover_notebooks_have_tasks():
    assert {p.name for p in with_tasks()} >= set(HANDOVER)


@pytest.mark.slow
@pytest.mark.parametrize("path", with_tasks(), ids=lambda p: p.name)
def test_every_task_accepts_its_solution_and_explains_wrong_answers(path):
    found = tasks_in(run_until_last_task(path))
    made = {m for s in code_cells(path) for m in MADE.findall(s)}
    assert made and made <= set(found), f"tasks not bound to a name: {made - set(found)}"
    for name, task in found.items():
        assert task.answer(task.solution_value), f"{name}: its stored solution is refused"
        shown = task.solution()
        assert shown.right and str(shown).startswith("A solution: ")
        assert len(task.wrong) >= 2, f"{name}: fewer than two plausible wrong answers"
        solution = task._show(task.solution_value)
        for value in task.wrong:
            verdict = task.answer(value)
            assert not verdict, f"{name}: wrong answer {value!r} accepted"
            assert verdict.solution, f"{name}: no folded solution after {value!r}"
            assert not gives_away(verdict.message, solution), \
                f"{name}: refusing {value!r} gives the solution {solution!r} away: {verdict}"
            said = verdict.message.split(". ", 1)[-1]
            assert len(said.split()) >= 5, f"{name}: {value!r} refused without a reason"
        empty = task.answer("")
        assert not empty and empty.message.startswith("No answer yet") and not empty.solution


@pytest.mark.parametrize("path", with_tasks(), ids=lambda p: p.name)
def test_answer_cells_are_empty_and_the_task_set_up_is_folded(path):
    cells = cells_of(path)
    code = [source(c) for c in cells if c["cell_type"] == "code"]
    made = {m for s in code for m in MADE.findall(s)}
    empty = empty_answers(path)
    assert made <= empty, f"tasks without an empty answer cell: {sorted(made - empty)}"
    typed = typed_answers(path)
    assert not typed, f"cells type answers the reader should find: {typed}"
    for cell in cells:
        if cell["cell_type"] == "code" and MADE.search(source(cell)):
            assert cell["metadata"].get("jupyter", {}).get("source_hidden"), \
                "a task's set-up (with its solution) is shown unfolded"
            assert "hide-input" in cell["metadata"].get("tags", [])


@pytest.mark.parametrize("name", HANDOVER)
def test_every_section_ends_with_a_task(name):
    """Between one ``## `` heading and the next there is a task and its answer cell."""
    sections: list[list[str]] = []
    for cell in cells_of(ROOT / "notebooks" / name):
        text = source(cell)
        if cell["cell_type"] == "markdown" and text.startswith("## "):
            sections.append([])
        elif sections and cell["cell_type"] == "code":
            sections[-1].append(text)
    assert len(sections) >= 4, f"{name} has {len(sections)} sections"
    for number, section in enumerate(sections, 1):
        assert any(MADE.search(s) for s in section), f"{name} section {number}: no task"
        assert EMPTY_ANSWER.match(section[-1].strip()), \
            f"{name} section {number} does not end with the task's answer cell"


def test_a_task_reads_typed_answers_like_its_solution():
    count = Task("How many?", check=lambda n: n == 72, solution=72, wrong=(6, 36),
                 explain=lambda n: "Multiply the ways of each unknown.")
    assert count.answer("72") and count.answer(" 72 ") and not count.answer("36")
    refused = count.answer("seventy-two")
    assert not refused and not refused.legal and "Not understood" in str(refused)
    cells = Task("Which?", check=lambda c: c == {"b3", "c3"}, solution={"b3", "c3"},
                 wrong=({"c3"}, {"a3"}), explain=lambda c: "Look at what is still hidden.")
    assert cells.answer("c3, b3") and cells.answer(["b3", "c3"]) and cells.answer("b3 c3")
    assert str(cells.answer("c3")) == "Not this time: c3. Look at what is still hidden."
    assert 'answer("c3")' in str(cells.answer(""))
    with pytest.raises(ValueError, match="stored solution"):
        Task("?", check=lambda n: n == 1, solution=2)
    with pytest.raises(ValueError, match="listed as wrong"):
        Task("?", check=lambda n: n > 0, solution=2, wrong=(3,))
    html = cells.answer("a3")._repr_html_()
    assert "<details><summary>Show a solution</summary>" in html and "b3, c3" in html


#: What a class of newcomers types into a task's answer: numbers out of every range, words,
#: sets, lists, things of no kind at all.
ODD_VALUES: tuple[Any, ...] = (
    0, -1, 1, 10**400, 2.5, float("nan"), float("inf"), True, "0", "-1", "1e3", "nan", "six",
    "yes", "B3 C3", "{a3, b3}", "a3 and b3", "brown.", "'Accepted'", [], ["a3"], set(), {},
    b"6", object())


@pytest.mark.parametrize("path", with_tasks(), ids=lambda p: p.name)
def test_every_task_answers_a_class_of_newcomers_in_plain_words(path):
    """However odd the answer, the reader gets a verdict from the task's own words or a
    "Not understood": never an error from inside the author's check, never the solution
    unasked, and the solution however it is typed (capitals, quotes, a full stop)."""
    for name, task in tasks_in(run_until_last_task(path)).items():
        if isinstance(task, AgentTask):
            continue  # its answers play tournaments: test_an_agent_task_... covers them
        solution = task._show(task.solution_value)
        for value in ODD_VALUES:
            verdict = task.answer(value)
            assert "could not be checked" not in verdict.message, f"{name}, {value!r}: {verdict}"
            if not verdict:  # naming the solution among every choice gives nothing away
                said = re.split(r"\. | is not an answer", verdict.message, maxsplit=1)[-1]
                said = said.rstrip(".")  # without the answer it echoes
                every = all(gives_away(said, task._show(w)) for w in task.wrong)
                assert every or not gives_away(said, solution), f"{name}: {verdict}"
        value = task.solution_value
        typed = (" ".join(sorted(map(str, value))).upper() if isinstance(value, (set, frozenset))
                 else f'"{value}".'.upper() if isinstance(value, str) else f" {value} ")
        assert task.answer(typed), f"{name}: the solution typed as {typed!r} is refused"


def test_a_task_reads_an_answer_as_a_newcomer_types_it():
    cells = Task("Which?", check=lambda c: c == {"b3", "c3"}, solution={"b3", "c3"},
                 wrong=({"a3"},), explain=lambda c: "Look at what is still hidden.")
    for typed in ("B3 C3", "{b3, c3}", "['b3', 'c3']", "b3 and c3", "b3 & c3.", ("B3", "C3")):
        assert cells.answer(typed), typed
    word = Task("Accepted or refused?", check=lambda w: w == "refused", solution="refused",
                wrong=("accepted",), explain=lambda w: "The seed makes the tile pile.")
    for typed in ("Refused", "REFUSED", '"refused"', "`refused`", "refused."):
        assert str(word.answer(typed)) == "Right: refused.", typed
    count = Task("How many?", check=lambda n: n == 1000, solution=1000, wrong=(10,),
                 explain=lambda n: f"{n:g} is {1000 - n:g} short.")
    assert count.answer("1e3") and count.answer("1000.0")
    for odd in ("nan", float("nan"), "inf", float("-inf")):  # counts nothing: not a number
        verdict = count.answer(odd)
        assert not verdict.legal and str(verdict).startswith("Not understood"), odd
    flowers = Task("Which flowers?", check=lambda f: f == {13, 38}, solution={13, 38},
                   wrong=({13},), explain=lambda f: "Find the open line.")
    assert flowers.answer("38, 13") and flowers.answer("13 and 38")


def test_a_task_reads_natural_spellings_and_explains_only_what_was_typed():
    """05's task 4 compared the first five letters ('it is refused' was wrong, and got the
    explanation written for 'accepted'); task 1 read 'b3/c3' as one cell and 'b3 + c3' as
    three; task 2 did not understand "'72'"."""
    word = Task("Accepted or refused?", check=lambda w: w == "refused", solution="refused",
                wrong=("accepted", "accept"),
                explain=lambda w: f"{w!r} is not what replay does.")
    for typed in ("it is refused", "it refuses", "Refuse.", "replay refuses it"):
        assert str(word.answer(typed)).startswith("Right: refused."), typed
    for typed in ("it is accepted", "it accepts it"):
        assert str(word.answer(typed)) == "Not this time: accepted. 'accepted' is not what " \
            "replay does.", typed
    for typed in ("it is not refused", "replay won't accept it", "refused or accepted"):
        verdict = word.answer(typed)  # turned round, or both: not read as either word
        assert str(verdict).startswith("Not understood") and "answer with one word" in \
            str(verdict), typed
    cells = Task("Which?", check=lambda c: c == {"b3", "c3"}, solution={"b3", "c3"},
                 wrong=({"a3"},), explain=lambda c: f"Not {', '.join(sorted(c))}.")
    for typed in ("b3/c3", "b3 + c3", "b3+c3", "b3 | c3", "b3 or c3"):
        assert str(cells.answer(typed)).startswith("Right: b3, c3."), typed
    count = Task("How many?", check=lambda n: n == 72, solution=72, wrong=(6,),
                 explain=lambda n: "Multiply.")
    for typed in ("'72'", '"72"', "`72`", "72.", "'72.'"):
        assert str(count.answer(typed)).startswith("Right: 72."), typed


def test_the_inspecting_notebooks_tasks_take_natural_spellings():
    found = tasks_in(run_until_last_task(ROOT / "notebooks" / HANDOVER[0]))
    assert found["task4"].answer("it is refused") and found["task4"].answer("it refuses")
    assert found["task1"].answer("b3/c3") and found["task1"].answer("b3 + c3")
    assert found["task2"].answer(f"'{found['task2'].solution_value}'")


def test_a_wrong_answers_hint_follows_a_full_sentence_and_a_non_agent_is_shown_as_typed():
    task = Task("How many?", check=lambda n: n == 2, solution=2, wrong=(3,),
                explain=lambda n: "Count the pairs", hint="Two of a kind.")
    assert str(task.answer(3)) == "Not this time: 3. Count the pairs. Hint: Two of a kind."
    agents = AgentTask("Beat random.", "lascaux", ["random", "random"], 0.0, games=1,
                       solution="random", hint="Watch the pot.")
    for odd, shown in ((5, "5"), ([], "[]"), (None, "")):
        said = str(agents.answer(odd))
        assert not shown or said.startswith(f"Not legal: {shown}. That is not an agent"), said
        assert " Hint: " not in said or ". Hint: Watch the pot." in said, said


class Watcher:
    """Pays while the pot is small, then passes; chooses colours at random."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: Any) -> str:
        moves = [str(a) for a in view.legal_actions()]
        if "pass" in moves:
            return "pay" if view.pot < 2 and "pay" in moves else "pass"
        return self.rng.choice(moves)


class Spender:
    """Pays whenever it may, and asks to pay even when it may not: illegal when broke."""

    def act(self, view: Any) -> str:
        moves = [str(a) for a in view.legal_actions()]
        return "pay" if "pass" in moves else moves[0]


class Dabbler:
    """A learner's agent no better than chance: a random legal move."""

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def act(self, view):
        return self.rng.choice(list(view.legal_actions()))


class Crashes:
    def act(self, view: Any) -> str:
        raise RuntimeError("forgot to write this")


def test_an_agent_task_plays_games_and_reports_legality_and_win_rate():
    task = AgentTask("Beat random.", "lascaux", ["random", "random"], 0.5, games=30,
                     solution=Watcher, wrong=("random", Spender))
    right = task.answer(Watcher)
    assert right and "every move legal" in str(right) and "of 30 games" in str(right)
    assert task.answer(Watcher(seed=1))  # an instance is an agent too
    weak = task.answer(Dabbler)
    assert weak.legal and not weak and "it needs 50%" in str(weak)
    own = task.answer("random")  # tabletop's own agent: no answer, whatever it would win
    assert own.legal and not own and "tabletop's own RandomAgent" in str(own)
    illegal = task.answer(Spender)
    assert not illegal.legal and "the rules refuse" in str(illegal) and "pay" in str(illegal)
    crash = task.answer(Crashes)
    assert not crash and "RuntimeError: forgot to write this" in str(crash)
    assert "not an agent" in str(task.answer(3.5))
    assert str(task.answer("")).endswith("as in .answer(MyAgent), and run the cell.")


def test_an_agent_tasks_solution_may_be_source_code_shown_folded():
    code = ("import random\n\nclass Patient:\n    def act(self, view):\n"
            "        moves = [str(a) for a in view.legal_actions()]\n"
            "        if 'pass' in moves:\n"
            "            return 'pay' if view.pot < 2 and 'pay' in moves else 'pass'\n"
            "        return random.Random(view.round_number).choice(moves)\n")
    task = AgentTask("Beat random.", "lascaux", ["random", "random"], 0.4, games=30,
                     solution=code, wrong=("random", Spender))
    assert task.solution() and "Patient" in str(task.solution())
    folded = task.answer("random").solution
    assert "<pre>" in folded and "view.pot &lt; 2" in folded


def test_the_interval_shrinks_with_the_square_root_of_the_games():
    result = arena("lascaux", {"w": Watcher, "r1": "random", "r2": "random"}, games=160,
                   seed=2, progress=False)
    table = shrinking(result, "w", [10, 40, 160])
    assert [r.games for r in table.rows] == [10, 40, 160]
    assert table.rows[-1].rate == pytest.approx(result.win_rate("w"))
    margins = [r.margin for r in table.rows]
    assert margins[0] > margins[1] > margins[2]
    assert margins[2] == pytest.approx(margins[0] / 4, rel=0.35)  # 16 times the games
    for r in table.rows:
        assert r.low <= r.rate <= r.high
    assert "games" in str(table) and "<table>" in table._repr_html_()


def test_games_needed_agrees_with_the_interval_it_promises():
    for margin, rate in ((0.05, 0.5), (0.1, 0.5), (0.05, 0.8)):
        n = games_needed(margin, rate)
        assert WinRate(rate * n, n).margin == pytest.approx(margin, rel=0.05)
        assert WinRate(rate * (n // 4), n // 4).margin > 1.8 * margin
    assert games_needed(0.05) == 385
    assert WinRate(0, 10).low == pytest.approx(0) and WinRate(10, 10).high == pytest.approx(1)
    assert isinstance(Task("?", lambda n: n == 1, solution=1).answer(1), Verdict)


def test_the_arena_takes_an_agent_class_a_factory_or_an_instance():
    for spec in (Watcher, lambda seed: Watcher(seed), Watcher(seed=3)):
        result = arena("lascaux", [spec, "random", "random"], games=3, progress=False)
        assert len(result) == 3 and all(g.finished for g in result.games)
    with pytest.raises(TypeError, match="an agent is a name"):
        arena("lascaux", [3.5, "random", "random"], games=1, progress=False)
    assert tabletop.load("lascaux", players=3).players == 3


def test_an_agent_task_stops_an_agent_slow_to_be_built_within_move_time():
    """``answer`` built the learner's agent with no limit before its games: an ``__init__``
    sleeping 12 s took 14 s with ``move_time=1``, and a ``while True`` hung the notebook."""
    import time

    class Quick:
        def __init__(self, seed=None):
            pass

        def act(self, view):
            return view.legal_actions()[0]

    class Slow(Quick):
        def __init__(self, seed=None):
            for _ in range(40):  # 2 s, in steps the clock can stop
                time.sleep(0.05)

    task = AgentTask("Beat random.", "lascaux", ["random", "random"], 0.0, games=2,
                     solution=Quick, move_time=0.3)
    start = time.monotonic()
    verdict = task.answer(Slow)
    assert time.monotonic() - start < 1.5
    assert not verdict and str(verdict) == (
        "Not this time: Slow. It took longer than 0.3 s to be built (building an agent has "
        "the time of one move): make its __init__ quicker.")
