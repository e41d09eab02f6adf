"""Every code example in README.md and docs/ runs, and gives what the text says it gives.

Each ```python block of a page runs, in order, in one namespace per page (a page's later
blocks use what its earlier ones made). What a block shows is checked:

- a bare expression whose trailing comment is a Python literal (``tabletop.games()  #
  ('lacuna', ...)``) must equal that literal; a comment that starts like a value but is no
  literal (``# 607: ids 0..606``) is an error, since nothing could check it — write it as
  a literal, or as a ```pycon example;
- a ```pycon block is a doctest (``>>>`` lines and the output printed after them), run in
  the same namespace.

A block that cannot run here (a cluster, a browser) carries, on the line above its fence,
``<!-- not run: why -->``; each such block is reported as a skipped test named by its page
and line, with the reason, never left out silently. Every fence names its language, so no
Python example hides in an untagged block, and ``>>>`` appears only in ```pycon blocks.

The pages' ``tabletop.…`` names, the files they name in backticks, and their relative links
(and the notebooks') must exist too.
"""

from __future__ import annotations
import __future__

import ast
import doctest
import importlib
import io
import json
import os
import re
import sys
import tokenize
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from guards import failure

ROOT = Path(__file__).parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
         *sorted((ROOT / "docs" / "rules").glob("*.md"))]

#: Fence languages a page may use: Python runs (``python``, ``pycon``); the others do not.
RUN = {"python", "pycon"}
NOT_PYTHON = {"bash", "text", "{eval-rst}", "{toctree}", "{literalinclude}", "{include}"}

#: Modules of optional extras: without them a page's examples skip, except in CI.
OPTIONAL = {"pyspiel", "open_spiel", "pettingzoo", "gymnasium", "dask", "distributed",
            "pandas", "matplotlib", "pyarrow"}

FENCE = re.compile(r"^```(?P<lang>[^\s`]*)[^\n]*\n(?P<code>.*?)^```[ \t]*$", re.S | re.M)
NOT_RUN = re.compile(r"<!--\s*not run:\s*(?P<reason>.*?)\s*-->", re.S)
#: How a comment starts when it shows a value (a number, a string, a tuple, ...).
VALUE_START = re.compile(r"""^(-?\d|['"(\[{]|True\b|False\b|None\b)""")


@dataclass(frozen=True)
class Block:
    """One fenced block of a page: its language, code, where it starts, and why it is not run."""

    page: Path
    line: int  # the line of the opening fence, from 1
    lang: str
    code: str
    not_run: str | None

    @property
    def name(self) -> str:
        return f"{shown(self.page)}:{self.line}"


def shown(page: Path) -> str:
    """``page`` as the report names it: from the repository's root when it is in it."""
    return str(page.relative_to(ROOT)) if page.is_relative_to(ROOT) else page.name


def blocks(page: Path, text: str | None = None) -> list[Block]:
    """The fenced blocks of ``page`` (or of ``text``, read as that page), in order.

    >>> [(b.lang, b.line, b.not_run) for b in blocks(ROOT / "x.md",
    ...     "a\\n<!-- not run: no cluster -->\\n```python\\n1\\n```\\n```bash\\nls\\n```\\n")]
    [('python', 3, 'no cluster'), ('bash', 6, None)]
    """
    text = page.read_text(encoding="utf-8") if text is None else text
    found = []
    for match in FENCE.finditer(text):
        before = text[:match.start()].rstrip().rsplit("\n", 1)[-1]
        marker = NOT_RUN.fullmatch(before.strip())
        found.append(Block(page, text.count("\n", 0, match.start()) + 1, match["lang"],
                           match["code"], marker["reason"] if marker else None))
    return found


def all_blocks() -> list[Block]:
    return [b for page in PAGES for b in blocks(page)]


def comments(code: str) -> dict[int, str]:
    """``{line: comment text}`` for each ``#`` comment in ``code`` (lines from 1)."""
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string[1:].strip()
    return found


def shown_value(comment: str, where: str) -> tuple[bool, Any]:
    """``(True, value)`` if ``comment`` shows a value, ``(False, None)`` if it only describes.

    >>> shown_value("('a', 1)", "x"), shown_value("a new state", "x")
    ((True, ('a', 1)), (False, None))
    >>> shown_value("607: ids", "page.md:3")
    Traceback (most recent call last):
    AssertionError: page.md:3: the comment '607: ids' shows a value no test can check: ...
    """
    try:
        return True, ast.literal_eval(comment)
    except (ValueError, SyntaxError):
        pass
    assert not VALUE_START.match(comment), (
        f"{where}: the comment {comment!r} shows a value no test can check: write it as a "
        "Python literal alone, or as a ```pycon example")
    return False, None


def run_python(block: Block, namespace: dict) -> None:
    """Run ``block`` statement by statement, checking each value its comments show."""
    tree = ast.parse(block.code, filename=block.name)
    notes = comments(block.code)
    flags = 0  # a block's ``from __future__ import ...`` holds for the rest of it, as in a file
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module == "__future__":
            for alias in statement.names:
                flags |= getattr(__future__, alias.name).compiler_flag
        line = block.line + statement.lineno
        where = f"{shown(block.page)}:{line}"
        note = notes.get(statement.end_lineno or statement.lineno)
        shows, expected = shown_value(note, where) if note else (False, None)
        if isinstance(statement, ast.Expr):
            code = compile(ast.Expression(statement.value), where, "eval", flags)
            value = eval(code, namespace)  # noqa: S307 - the docs' own examples
            if shows:
                same = value == expected
                assert isinstance(same, bool) and same, \
                    f"{where}: the docs show {expected!r}, the code gives {value!r}"
        else:
            assert not shows, f"{where}: a value is shown after a statement that has none"
            module = ast.Module(body=[statement], type_ignores=[])
            exec(compile(module, where, "exec", flags), namespace)  # noqa: S102


def run_pycon(block: Block, namespace: dict) -> None:
    """Run ``block`` as a doctest in ``namespace``, comparing what it prints."""
    test = doctest.DocTestParser().get_doctest(block.code, namespace, block.name,
                                               str(block.page), block.line)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=out.write, clear_globs=False)
    assert runner.failures == 0, f"{block.name}: the example does not show what it says\n" \
                                 f"{out.getvalue()}"


def run_page(page: Path) -> None:
    """Run every runnable block of ``page`` in order, in one namespace: a module's, as a
    notebook's is (a dataclass defined there finds its module)."""
    module = types.ModuleType("docs_example_" + re.sub(r"\W", "_", page.stem))
    sys.modules[module.__name__] = module
    try:
        for block in blocks(page):
            if block.lang in RUN and block.not_run is None:
                (run_pycon if block.lang == "pycon" else run_python)(block, module.__dict__)
    finally:
        del sys.modules[module.__name__]


RUNNABLE = [p for p in PAGES if any(b.lang in RUN and b.not_run is None for b in blocks(p))]
NOT_RUN_BLOCKS = [b for b in all_blocks() if b.not_run is not None]


@pytest.mark.parametrize("page", RUNNABLE, ids=shown)
def test_the_examples_of_a_page_run_and_show_what_they_say(page, tmp_path, monkeypatch,
                                                          off_screen_matplotlib):
    """(Drawn with matplotlib's Agg backend, chosen in this process only: an environment
    variable would reach the notebooks' kernels that nbval starts later and change what
    their figures output.)"""
    monkeypatch.chdir(tmp_path)  # whatever an example saves goes here
    try:
        run_page(page)
    except ModuleNotFoundError as error:
        if error.name and error.name.split(".")[0] in OPTIONAL and os.environ.get("CI") != "true":
            pytest.skip(f"{page.name} needs an optional extra: {error}")
        raise


@pytest.mark.parametrize("block", NOT_RUN_BLOCKS, ids=lambda b: b.name)
def test_an_example_marked_not_run_is_reported(block):
    assert block.lang in RUN, f"{block.name}: a 'not run' mark above a {block.lang!r} block"
    assert block.not_run, f"{block.name}: a 'not run' mark must say why"
    pytest.skip(f"{block.name} is not run: {block.not_run}")


def test_every_fence_names_a_known_language():
    unknown = [(b.name, b.lang) for b in all_blocks() if b.lang not in RUN | NOT_PYTHON]
    assert not unknown, failure(
        "code fences in the docs without a known language (page, language)", unknown,
        "name the fence's language: ```python or ```pycon (run and checked), ```bash or "
        "```text (shown only)")


def test_prompts_only_in_pycon_blocks():
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        inside = {n for b in blocks(page) if b.lang == "pycon"
                  for n in range(b.line, b.line + b.code.count("\n") + 1)}
        stray = [f"{page.name}:{n}" for n, line in enumerate(text.splitlines(), 1)
                 if line.lstrip().startswith(">>>") and n not in inside]
        assert not stray, failure(
            "'>>>' examples outside a ```pycon fence (never run)", stray,
            "put them in a ```pycon fence, where each is run and its shown value checked")


def test_every_not_run_mark_sits_on_a_block():
    for page in PAGES:
        marks = len(NOT_RUN.findall(page.read_text(encoding="utf-8")))
        assert marks == sum(b.not_run is not None for b in blocks(page)), failure(
            f"{page.name} has a '<!-- not run: … -->' mark that is not on the line above a "
            f"fence", [page.name], "move the mark to the line just above the ``` fence it "
            "excuses, or delete it")


# --- the checker itself ---------------------------------------------------------------------

def fake_page(tmp_path: Path, text: str) -> Path:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return page


def test_a_wrong_shown_value_fails(tmp_path):
    page = fake_page(tmp_path, "```python\nx = 2\nx + 1   # 4\n```\n")
    with pytest.raises(AssertionError, match="the docs show 4, the code gives 3"):
        run_page(page)
    run_page(fake_page(tmp_path, "```python\nx = 2\nx + 1   # 3\n```\n"))


def test_a_value_no_test_can_check_fails(tmp_path):
    with pytest.raises(AssertionError, match="shows a value no test can check"):
        run_page(fake_page(tmp_path, "```python\n3   # 3: three\n```\n"))


def test_a_wrong_printed_output_fails_and_pages_share_a_namespace(tmp_path):
    text = "```python\nx = 2\n```\n\n```pycon\n>>> print(x)\n{}\n```\n"
    run_page(fake_page(tmp_path, text.format(2)))
    with pytest.raises(AssertionError, match="does not show what it says"):
        run_page(fake_page(tmp_path, text.format(5)))


def test_a_marked_block_is_not_run(tmp_path):
    page = fake_page(tmp_path, "<!-- not run: it would fail -->\n```python\n1 / 0\n```\n")
    run_page(page)
    assert [b.not_run for b in blocks(page)] == ["it would fail"]


def test_the_helpers_examples():
    result = doctest.testmod(sys.modules[__name__], optionflags=doctest.ELLIPSIS)
    assert result.attempted and not result.failed


# --- names, files and links -----------------------------------------------------------------

def resolve(dotted: str) -> object:
    """The object a dotted name such as ``tabletop.core.notation.MAX_NOTATION`` names."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for part in parts[cut:]:
            obj = getattr(obj, part)
        return obj
    raise ModuleNotFoundError(dotted)


def code_spans(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


def prose() -> list[tuple[Path, str]]:
    """The pages' text, and the markdown cells of each notebook."""
    sources = [(page, page.read_text(encoding="utf-8")) for page in PAGES]
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        sources.append((notebook, "\n".join("".join(c["source"]) for c in cells
                                            if c["cell_type"] == "markdown")))
    return sources


def test_every_tabletop_name_the_docs_give_exists():
    missing = []
    for source, text in prose():
        for span in code_spans(text):
            for name in re.findall(r"(?<![\w.])tabletop(?:\.[A-Za-z_]\w*)+", span):
                try:
                    resolve(name)
                except (ImportError, AttributeError) as error:
                    missing.append(f"{source.name}: {name} ({error})")
    assert not missing, failure(
        "tabletop names in the docs' code spans that do not exist (page: name)", missing,
        "correct the name to the one the code has (or its new home, after a rename)")


#: Folders of the repository a page may name files in.
FOLDERS = ("tabletop/", "tests/", "benchmarks/", "notebooks/", "docs/", "examples/", "binder/")


def made_by_runs() -> tuple[str, ...]:
    """The folders ``.gitignore`` names by path: what a build or a test run writes there is
    absent from a clean checkout, so the docs may not name it as a file."""
    lines = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    return tuple(line for line in lines if line.endswith("/") and "/" in line[:-1])


def test_every_file_the_docs_name_exists():
    """In a clean checkout: a file a test run or a build writes (gitignored) counts as
    missing even where an earlier run left it."""
    generated = made_by_runs()
    missing = []
    for page in PAGES:
        for span in code_spans(page.read_text(encoding="utf-8")):
            path = span.split()[0] if span.split() else ""
            if re.search(r"[<>*…]", path):
                continue  # a pattern, not a file
            if path.startswith(FOLDERS) and re.search(r"\.\w+$", path):
                if not (ROOT / path).exists() or path.startswith(generated):
                    missing.append(f"{page.name}: {path}")
            elif re.fullmatch(r"test_\w+\.py", path):
                if not list(ROOT.glob(f"tests/**/{path}")):
                    missing.append(f"{page.name}: {path}")
            elif re.fullmatch(r"\d\d-[\w-]+\.ipynb", path):
                if not (ROOT / "notebooks" / path).exists():
                    missing.append(f"{page.name}: {path}")
    assert not missing, "files the docs name that do not exist:\n" + "\n".join(missing)


def relative_links(text: str) -> list[str]:
    return [link for link in re.findall(r"\]\(([^)\s]+)\)", text)
            if not re.match(r"[a-z]+:", link) and not link.startswith("#")]


def test_every_relative_link_resolves():
    broken = [f"{source.relative_to(ROOT)}: {link}" for source, text in prose()
              for link in relative_links(text)
              if not (source.parent / link.split("#")[0]).exists()]
    assert not broken, "links to nothing:\n" + "\n".join(broken)


# --- the figures the pages give -------------------------------------------------------------

def page_text(relative: str) -> str:
    return " ".join((ROOT / relative).read_text(encoding="utf-8").split())


def test_the_observation_pages_figures_are_the_games():
    import tabletop

    text = page_text("docs/observations.md")
    lava, landlock, lacuna = (tabletop.load(n) for n in ("lava-flows", "landlock", "lacuna"))
    lascaux = {n: tabletop.load("lascaux", players=n) for n in (3, 4, 5)}
    for title, game in (("Lava Flows", lava), ("Landlock", landlock), ("Lacuna", lacuna),
                        ("Lascaux", lascaux[3])):
        assert f"| {title} | {game.num_distinct_actions} |" in text, title
    assert f"| Lava Flows | `ply_cap + 2` ({lava.max_game_length}) |" in text
    lengths = ", ".join(str(g.max_game_length) for g in lascaux.values())
    assert f"| Lascaux | {lengths} (3, 4, 5 players) |" in text
    assert f"| Landlock | {landlock.max_game_length} |" in text
    assert f"| Lacuna | {lacuna.max_game_length} |" in text
    assert f"### Lava Flows: `{lava.observation_shape}`" in text
    assert f"### The Legend of Landlock: `{landlock.observation_shape}`" in text
    assert f"### Lacuna: `{lacuna.observation_shape}`" in text
    sizes = " / ".join(str(g.observation_shape[0]) for g in lascaux.values())
    assert f"### Lascaux: a flat vector, {sizes} numbers for 3 / 4 / 5 players" in text


def options_table(text: str) -> dict[str, str]:
    """``{option: default}`` from a rules page's options table (a ``default`` column, or a
    value marked ``(default)``), the defaults as the page writes them.

    >>> options_table("| option | default | meaning |\\n|---|---|---|\\n| `a` | `1` | x |")
    {'a': '1'}
    >>> options_table("| option | values | meaning |\\n|---|---|---|\\n"
    ...               "| `g` | `\\"end\\"` (default) | x |\\n| | `\\"placed\\"` | y |")
    {'g': '"end"'}
    """
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("| option |"))
    header = [c.strip() for c in lines[start].strip("|").split("|")]
    found = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        if not cells[0]:
            continue  # another value of the option above
        if "default" in header:
            default = cells[header.index("default")]
        else:
            default = next(c for c in cells if c.endswith("(default)")).removesuffix("(default)")
        found[cells[0].strip("`")] = default.strip().strip("`")
    return found


@pytest.mark.parametrize("name", ["lacuna", "landlock", "lascaux", "lava-flows"])
def test_a_rules_pages_options_are_the_games_with_their_defaults(name):
    import tabletop

    table = options_table((ROOT / "docs" / "rules" / f"{name}.md").read_text(encoding="utf-8"))
    defaults = dict(tabletop.load(name).defaults)
    assert {k: ast.literal_eval(v) for k, v in table.items()} == defaults
