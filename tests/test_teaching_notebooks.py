"""The teaching notebooks teach like a rulebook, and their exercises are real ones.

Every ``Exercise`` in every committed notebook is walked: its stored solution is accepted, at
least two plausible wrong answers are refused with an explanation in the game's words, the
cell where the learner answers is empty, and no later cell types the answer. Exercises on a
position where the mover's view hides something are drawn from that view (``viewer=``).
Each game's learn-to-play notebook is short, opens with the rules at a glance and the setup
picture, plays scripted examples, and imports nothing but ``tabletop`` and its teaching helpers.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from guards import failure
from notebook_cells import (
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
from tabletop.teaching import Example, Exercise
from tabletop.teaching.pictures import svg_of

#: The learn-to-play notebook of each game.
LEARN = {"lava-flows": "01-lava-flows.ipynb", "landlock": "02-landlock.ipynb",
         "lacuna": "03-lacuna.ipynb", "lascaux": "04-lascaux.ipynb"}
#: The edge-cases-and-interpretations notebook of each game.
EDGES = {"lava-flows": "11-lava-flows-edge-cases.ipynb",
         "landlock": "12-landlock-edge-cases.ipynb",
         "lacuna": "13-lacuna-edge-cases.ipynb", "lascaux": "14-lascaux-edge-cases.ipynb"}
LABEL = re.compile(r"\b([ID]\d+)\b")  # a numbered interpretation or design decision
MAX_CELLS = 35
#: About six minutes of prose at 200 words a minute: with the pictures, the captions and the
#: exercises, a first reading stays within 15 minutes.
MAX_WORDS = 1250


def with_exercises() -> list[Path]:
    return [p for p in NOTEBOOKS if any("Exercise(" in s for s in code_cells(p))]


def run_until_last_exercise(path: Path) -> dict[str, Any]:
    return run_until(path, r"Exercise\(")


def exercises_in(namespace: dict[str, Any]) -> dict[str, Exercise]:
    return {name: value for name, value in namespace.items() if isinstance(value, Exercise)}


@pytest.mark.parametrize("path", with_exercises(), ids=lambda p: p.name)
def test_every_exercise_accepts_its_solution_and_explains_wrong_answers(path):
    found = exercises_in(run_until_last_exercise(path))
    assert found, f"{path.name} makes Exercises but none is bound to a name"
    for name, ex in found.items():
        assert ex.solution_move is not None, f"{name}: no stored solution"
        assert ex.answer(ex.solution_move), f"{name}: its solution is refused"
        assert ex.solution().right and str(ex.solution_move) in str(ex.solution())
        assert len(ex.wrong) >= 2, f"{name}: fewer than two plausible wrong answers"
        shown = re.search(r'as in \.answer\("(.+)"\)', str(ex.answer("")))
        assert shown and not ex.answer(shown.group(1)), \
            f"{name}: the empty answer's example move is a right answer"
        for move in ex.wrong:
            verdict = ex.answer(move)
            assert not verdict, f"{name}: wrong answer {move!r} accepted"
            assert verdict.solution, f"{name}: no solution offered after {move!r}"
            assert repr(str(ex.solution_move)) not in verdict.message, \
                f"{name}: refusing {move!r} gives the solution away unasked"
            if verdict.legal:  # the explanation is the exercise's own, in the game's words
                said = ex.explain(ex.state, ex.state._coerce(move), verdict.after) \
                    if ex.explain else ""
                assert len(said.split()) >= 5, f"{name}: {move!r} refused without a reason"
                assert said in verdict.message
            else:
                assert verdict.message.startswith("Not legal: ") and len(verdict.message) > 30


def odd_answers(ex: Exercise) -> list[Any]:
    """What a class of newcomers types: nothing, numbers, lists, the solution in capitals,
    quoted or squashed, half a move, the moves of other games, every legal move, the first
    moves of every game as objects, states and views."""
    solution = str(ex.solution_move)
    others = [tabletop.load(name).new(seed=1) for name in tabletop.games()]
    return ["", "  ", None, 0, 3.5, True, [solution], {"move": solution}, solution.upper(),
            f"'{solution}'", f"`{solution}`", solution.replace(" ", ""), solution[:-1],
            solution.split(" ", 1)[-1], f"{solution.split(' ', 1)[-1]} r0",  # no verb
            "pass", "hint", "solution", "e2e4", *(str(s.legal_actions()[0]) for s in others),
            *(s.legal_actions()[0] for s in others), *others, ex.state.view(0),
            *ex.state.legal_actions()]


@pytest.mark.parametrize("path", with_exercises(), ids=lambda p: p.name)
def test_every_exercise_answers_a_class_of_newcomers_without_giving_the_solution_away(path):
    """However odd the answer, the learner gets a verdict: never an error from the author's
    check, never the solution unless it was the answer, and its pictures only ever of what
    the exercise's viewer sees."""
    for name, ex in exercises_in(run_until_last_exercise(path)).items():
        solution = repr(str(ex.solution_move))
        named = re.compile(rf"(?<![\w@/-]){re.escape(str(ex.solution_move))}(?![\w@/-])", re.I)
        for answer in odd_answers(ex):
            verdict = ex.answer(answer)
            assert "could not be checked" not in verdict.message, f"{name}: {verdict}"
            assert verdict.message.split(":")[0] in (
                "Right", "Not this time", "Not legal", "Not understood", "No answer yet"), \
                f"{name}, {answer!r}: {verdict}"
            if not verdict:
                typed = verdict.message.split(". ", 1)[0]  # "Not legal: 'x' is no action…"
                rest = verdict.message.replace(typed, "", 1)
                assert solution not in rest and not named.search(rest), \
                    f"{name}: answering {answer!r} gives the solution away: {verdict}"
            if verdict.after is not None and ex.viewer is not None:
                assert verdict.picture == ex._picture(verdict.after)
                assert verdict.picture == svg_of(verdict.after.view(ex.viewer), ex.draw)
        assert ex.answer(str(ex.solution_move).upper()), f"{name}: the solution in capitals"


@pytest.mark.parametrize("path", with_exercises(), ids=lambda p: p.name)
def test_an_exercise_on_hidden_information_is_decided_by_what_its_viewer_sees(path):
    """A move is right or wrong alike in every position the viewer cannot tell from the real
    one: a verdict that turned on a face-down token would be unfair, and its explanation
    would tell the learner the token (04's "which colour gives the most points?" refused
    pink, right in four positions out of five that Marcel's view allows)."""
    import random

    for name, ex in exercises_in(run_until_last_exercise(path)).items():
        if ex.viewer is None:
            continue
        view = ex.state.view(ex.viewer)
        worlds = [ex.state] + [view.determinize(random.Random(k)) for k in range(8)]
        tried = {str(ex.solution_move), *ex.wrong, *map(str, ex.state.legal_actions()[:6])}
        for text in sorted(tried):
            if not ex.state.is_legal(text):
                continue
            verdicts = {bool(ex.right(w, w._coerce(text), w.apply(text))) for w in worlds}
            assert len(verdicts) == 1, f"{name}: {text!r} is right in some positions " \
                f"{ex.viewer=} cannot tell apart and wrong in others"


#: The notebooks a newcomer reads cell by cell (the others train, search and run clusters:
#: minutes, where these take seconds).
READ_CELL_BY_CELL = sorted(ROOT / "notebooks" / name for name in (
    "00-start-here.ipynb", *LEARN.values(), "05-inspecting-games.ipynb", *EDGES.values()))


@pytest.mark.parametrize("path", READ_CELL_BY_CELL, ids=lambda p: p.name)
def test_a_cell_run_twice_runs_again(path, off_screen_matplotlib):
    """A newcomer runs a cell again (to look once more, after a wrong answer): no cell may
    depend on having run only once, as ``state = state.apply(...)`` or
    ``first = Example(state, ...); state = first.final`` did (the second run refused the
    move, its flowers already taken)."""
    namespace: dict[str, Any] = {"__name__": "__notebook__"}
    for number, cell in enumerate(code_cells(path)):
        if cell.lstrip().startswith(("%", "!")):
            continue
        code = compile(cell, f"{path.name}, code cell {number}", "exec")
        exec(code, namespace)  # noqa: S102 (our own notebooks)
        exec(code, namespace)  # noqa: S102


@pytest.mark.parametrize("path", with_exercises(), ids=lambda p: p.name)
def test_answer_cells_are_empty_and_no_cell_types_an_answer(path):
    code = code_cells(path)
    made = {m for s in code for m in re.findall(r"^(\w+)\s*=\s*Exercise\(", s, re.M)}
    empty = empty_answers(path)
    assert made <= empty, failure(
        f"exercises of notebooks/{path.name} without an empty answer cell",
        sorted(made - empty),
        "follow each Exercise with a code cell holding only its answer call, blank "
        "(`name.answer(\"\")`) for the learner to fill in")
    typed = typed_answers(path)
    assert not typed, failure(
        f"cells of notebooks/{path.name} type answers the learner should find", typed,
        "leave the answer empty; the solution is revealed by `exercise.solution()` on request")


@pytest.mark.parametrize("path", with_exercises(), ids=lambda p: p.name)
def test_exercises_on_hidden_information_show_only_the_movers_view(path):
    for name, ex in exercises_in(run_until_last_exercise(path)).items():
        mover = ex.state.current_player
        hides = ex.state.view(mover)._repr_svg_() != ex.state._repr_svg_()
        if hides:
            assert ex.viewer == mover, f"{name}: the picture shows what the mover can't see"


@pytest.mark.parametrize("game", sorted(LEARN))
def test_learn_to_play_is_short_and_starts_with_the_rules_and_the_setup(game):
    path = ROOT / "notebooks" / LEARN[game]
    cells = cells_of(path)
    where = f"notebooks/{path.name}"
    assert len(cells) <= MAX_CELLS, failure(
        f"a learn-to-play notebook has more than {MAX_CELLS} cells",
        [f"{where}: {len(cells)}"], "merge or move cells to the edge-cases notebook")
    words = sum(len(source(c).split()) for c in cells if c["cell_type"] == "markdown")
    assert words <= MAX_WORDS, failure(
        f"a learn-to-play notebook has more than {MAX_WORDS} words of prose",
        [f"{where}: {words}"], "shorten its markdown; point to docs/rules/ for the detail")
    first = cells[:3]
    assert first[0]["cell_type"] == "markdown" and "glance" in source(first[0]).lower(), \
        failure("a learn-to-play notebook does not start with the rules at a glance", [where],
                "make its first cell markdown saying the rules \"at a glance\"")
    assert any("image/svg+xml" in out.get("data", {}) or "<img" in str(out.get("data", {}))
               for c in first if c["cell_type"] == "code" for out in c["outputs"]), \
        failure("a learn-to-play notebook stores no setup picture in its first three cells",
                [where], "show the setup position in one of them and refresh the notebook with "
                "`PYTHONPATH=$PWD python notebooks/refresh.py notebooks/<name>.ipynb`")
    exercises = sum(len(re.findall(r"\bExercise\(", source(c))) for c in cells
                    if c["cell_type"] == "code")
    assert 3 <= exercises <= 4, failure(
        "a learn-to-play notebook has other than 3 or 4 exercises",
        [f"{where}: {exercises}"], "keep 3 or 4 `Exercise(...)` cells")
    assert any("Example(" in source(c) for c in cells), failure(
        "a learn-to-play notebook has no scripted example of play", [where],
        "add an `Example(state, [(move, caption), ...])` cell (tabletop.teaching)")


@pytest.mark.parametrize("game", sorted(LEARN))
def test_learn_to_play_shows_no_plumbing(game):
    path = ROOT / "notebooks" / LEARN[game]
    tree = ast.parse("\n".join(code_cells(path)))
    plumbing = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and [a.name for a in node.names] != ["tabletop"]:
            plumbing.append(f"an import other than tabletop: {ast.unparse(node)}")
        if isinstance(node, ast.ImportFrom) and node.module != "tabletop.teaching":
            plumbing.append(f"a from-import not of tabletop.teaching: {ast.unparse(node)}")
        if isinstance(node, ast.BinOp) and isinstance(
                node.op, (ast.LShift, ast.RShift, ast.BitAnd, ast.BitOr)):
            plumbing.append(f"bit operations: {ast.unparse(node)}")
        if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            plumbing.append(f"a private name: {ast.unparse(node)}")
    for cell in cells_of(path):  # the checking code of an exercise is folded away
        if cell["cell_type"] == "code" and re.search(r"=\s*Exercise\(", source(cell)):
            if not cell["metadata"].get("jupyter", {}).get("source_hidden") or \
                    "hide-input" not in cell["metadata"].get("tags", ()):
                plumbing.append(f"an Exercise cell not folded: {source(cell)[:60]}")
    code = "\n".join(code_cells(path))
    if "random" in code.replace("setup=\"random\"", ""):
        plumbing.append("`random` outside setup=\"random\" (examples are scripted)")
    assert not plumbing, failure(
        f"notebooks/{path.name} shows a learner plumbing", plumbing,
        "use only `import tabletop` and `from tabletop.teaching import ...`, public names, "
        "scripted moves; fold an Exercise cell (metadata jupyter.source_hidden and the "
        "hide-input tag)")


@pytest.mark.parametrize("game", sorted(EDGES))
def test_each_game_has_an_edge_cases_notebook_for_its_interpretations(game):
    path = ROOT / "notebooks" / EDGES[game]
    assert path.exists(), failure("a game has no edge-cases notebook",
                                  [f"notebooks/{path.name}"],
                                  "write one showing each [I]/[D] point of its rules page")
    rules = (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")
    labels = set(LABEL.findall(rules))
    assert labels, failure("a rules page numbers no interpretation", [f"docs/rules/{game}.md"],
                           "mark each interpretation [I1], [I2], … and design choice [D1], …")
    shown = set(LABEL.findall("\n".join(source(c) for c in cells_of(path))))
    assert labels <= shown, failure(
        f"notebooks/{path.name} leaves out numbered points of docs/rules/{game}.md",
        sorted(labels - shown), "show each on a position, naming its label (I3, D2, …)")


def test_the_docs_site_lists_the_learn_to_play_notebooks_first():
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    entries = re.findall(r"^notebooks/(\S+)$", index, re.M)
    wanted = [name.removesuffix(".ipynb") for name in LEARN.values()]
    assert entries[:4] == wanted, failure(
        "docs/index.md does not list the learn-to-play notebooks first",
        [f"first: {entries[:4]}", f"wanted: {wanted}"],
        "put `notebooks/01-…` to `notebooks/04-…` first in its toctree, in that order")


def test_an_example_of_play_is_scripted_and_numbered():
    s = tabletop.load("lava-flows").new(seed=1)
    ex = Example(s, [("arrange black a1 white b1", "White hides."),
                     ("arrange black c3 white b3", "Black hides.")], viewer=0)
    assert ex.captions[1] == "1. White: arrange black a1 white b1. White hides."
    assert ex.final == s.apply("arrange black a1 white b1").apply("arrange black c3 white b3")
    html = ex._repr_html_()
    assert html.count("<img") == 3 and "2. Black" in html
    assert ex.pictures().svgs[2] == ex.final.view(0)._repr_svg_()


def incomplete_answers(ex: Exercise) -> set[str]:
    """What a learner who nearly has it types: each right answer and listed wrong one cut
    short by words or by a character, or without its first word."""
    found: set[str] = set()
    for move in (*map(str, ex.solutions()), *ex.wrong):
        words = move.split()
        found |= {" ".join(words[:i]) for i in range(1, len(words))}
        found |= {move[:-1], " ".join(words[1:]), move.split("@")[0].strip()}
    return {text for text in found if text.strip()}


def named(text: str, moves: list[str]) -> dict[str, int]:
    """How often ``text`` names each of ``moves`` (a one-word move only in quotes)."""
    counts = {}
    for move in moves:
        pattern = rf"'{re.escape(move)}'" if " " not in move else \
            rf"(?<![\w@/-]){re.escape(move)}(?![\w@/-])"
        counts[move] = len(re.findall(pattern, text, re.I))
    return counts


@pytest.mark.parametrize("path", LEARN.values())
def test_a_refusal_names_only_moves_the_game_named_and_each_once(path):
    """An exercise keeps the game's refusal or cuts it, and never puts a move in another's
    place: 02's 'g7' was "the tile goes g7 r2 or g7 r2" (the game: "g7 r0 or g7 r2"), 03's
    'place 13-38' listed 'place 0-10 @0' twice. Its own example of notation ("as in 'x'")
    is no right answer and no move the game named."""
    from tabletop.teaching import why_not

    for name, ex in exercises_in(run_until_last_exercise(ROOT / "notebooks" / path)).items():
        legal = [str(a) for a in ex.state.legal_actions()]
        rights = {str(a) for a in ex.solutions()}
        for typed in sorted(incomplete_answers(ex)):
            verdict = ex.answer(typed)
            if verdict.legal:
                continue
            game = why_not(ex.state, typed)
            ours = verdict.message.removeprefix("Not legal: ").split(" Hint: ")[0]
            ours = ours.replace(repr(typed), "", 1)
            example = re.search(r"as in '([^']+)'\.?$", ours)
            if example:
                assert example.group(1) not in rights | {m for m, n in named(game, legal)
                                                         .items() if n}, f"{name}: {verdict}"
                ours = ours[:example.start()]
            said, game_said = named(ours, legal), named(game.replace(repr(typed), "", 1), legal)
            for move, count in said.items():
                assert count <= game_said[move], \
                    f"{name}, {typed!r}: {move!r} in {verdict} (the game: {game})"
            for listed in re.findall(r"(?:are|goes) ([^;(]+? (?:and|or) [^;(.]+)", ours):
                names = [m for m, n in named(listed, legal).items() for _ in range(n)]
                assert len(names) == len(set(names)), f"{name}, {typed!r}: {verdict}"


@pytest.mark.parametrize("name", ["ex1", "ex3"])
def test_a_colour_is_an_answer_where_the_question_asks_for_a_colour(name):
    """04's "Which colour would take the most cards?" took 'choose green' and refused
    'green' as no action: a move the learner typed without its move word is read as the one
    move it can be."""
    ex = exercises_in(run_until_last_exercise(ROOT / "notebooks" / LEARN["lascaux"]))[name]
    colour = str(ex.solution_move).split()[-1]
    for typed in (colour, colour.capitalize() + ".", f"'{colour}'"):
        assert ex.answer(typed), f"{name}: {typed!r}: {ex.answer(typed)}"
    assert str(ex.answer(colour)).startswith(f"Right: {str(ex.solution_move)!r}")
