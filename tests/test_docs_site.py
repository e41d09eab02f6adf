"""The docs site as a reader gets it: built as CI builds it, then read as HTML.

The site is built once per session (``sphinx-build -W``, as ``.ci/run`` does, into a temporary
folder; about ten seconds) and every page of the output is checked:

- every internal link and ``#anchor`` (including the highlighted sources' [docs] links back to
  the reference) reaches a page of the build and an id on it; every ``src`` of a local
  picture or script is a file of the build, and every inline picture decodes;
- the front page reaches every page by following links, and the search index lists them;
- every notebook cell that shows a widget shows its stored picture on its page (issue 16:
  pictures before any cell runs), and no page shows the tests' machinery (nbval's
  ``# NBVAL_…`` markers are cell tags, which no reader sees) or prompts in code to copy.

The same reader on GitHub follows README.md's, docs/'s and the notebooks' relative links to
a heading: each ``#anchor`` there is checked against GitHub's heading ids.

Without Sphinx and myst-nb (the ``docs`` extra) the site's tests skip, except in CI.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import json
import os
import posixpath
import re
import subprocess
import sys
from base64 import b64decode
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from guards import failure
from test_notebook_pictures import widget_cells

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: Pages Sphinx makes for itself rather than from a source.
GENERATED = {"genindex", "py-modindex", "search"}


class Page(HTMLParser):
    """The ids a page defines, and the links and sources it refers to."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.refs: list[str] = []  # every href and src
        self.alts: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if "id" in found:
            self.ids.add(found["id"])
        if tag == "a" and "name" in found:
            self.ids.add(found["name"])
        self.refs += [found[name] for name in ("href", "src") if name in found]
        if tag == "img":
            self.alts.append(found.get("alt", ""))


def read_site(folder: Path) -> dict[Path, Page]:
    return {path.resolve(): Page(path.read_text(encoding="utf-8"))
            for path in sorted(folder.rglob("*.html"))}


def broken_references(folder: Path) -> list[str]:
    """Every link, anchor or local source of the site in ``folder`` that reaches nothing.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> _ = (site / "a.html").write_text('<h1 id="top"></h1><a href="a.html#top">ok</a>'
    ...     '<a href="#gone">x</a><a href="b.html">y</a><img src="p.svg">'
    ...     '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">')
    >>> broken_references(site)
    ['a.html: #gone (no such id)', 'a.html: b.html (no such file)', 'a.html: p.svg (no such file)']
    """
    pages = read_site(folder)
    broken = []
    for path, page in pages.items():
        where = path.relative_to(folder.resolve())
        for address in page.refs:
            parts = urlsplit(address)
            if parts.scheme == "data":
                kind, _, payload = parts.path.partition(";base64,")
                if kind.startswith("image/svg") and not b64decode(payload).startswith(b"<svg"):
                    broken.append(f"{where}: an inline picture that is no SVG")
                continue
            if parts.scheme or parts.netloc:
                continue  # another site: not this test's to reach
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.is_file():
                broken.append(f"{where}: {address} (no such file)")
            elif parts.fragment and target in pages \
                    and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{where}: {address} (no such id)")
    return sorted(broken)


def unreachable(folder: Path, start: str = "index.html") -> list[str]:
    """The pages of ``folder`` that no chain of links from ``start`` reaches.

    >>> import tempfile
    >>> site = Path(tempfile.mkdtemp())
    >>> _ = (site / "index.html").write_text('<a href="b.html#x">b</a>')
    >>> _ = (site / "b.html").write_text('<a href="index.html">back</a>')
    >>> _ = (site / "c.html").write_text('nobody links here')
    >>> unreachable(site)
    ['c.html']
    """
    pages = read_site(folder)
    seen: set[Path] = set()
    todo = [(folder / start).resolve()]
    while todo:
        path = todo.pop()
        if path in seen or path not in pages:
            continue
        seen.add(path)
        for address in pages[path].refs:
            parts = urlsplit(address)
            if not (parts.scheme or parts.netloc) and parts.path.endswith(".html"):
                todo.append((path.parent / unquote(parts.path)).resolve())
    return sorted(str(p.relative_to(folder.resolve())) for p in pages if p not in seen)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as ``.ci/run`` builds it (warnings are errors)."""
    if not os.environ.get("CI"):
        pytest.importorskip("sphinx")
        pytest.importorskip("myst_nb")
    out = tmp_path_factory.mktemp("site") / "html"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [
        str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going",
                           "-b", "html", str(ROOT / "docs"), str(out)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, f"the docs build fails:\n{done.stderr[-3000:]}"
    return out


def test_every_link_anchor_and_picture_resolves(site: Path) -> None:
    broken = broken_references(site)
    assert not broken, failure(
        "links, anchors or pictures in the built site that reach nothing", broken,
        "point each at a page or heading that exists (a Markdown link to a .md or .ipynb "
        "file, a heading's anchor as MyST writes it), or put the picture in docs/_static/")


def test_the_front_page_reaches_every_page(site: Path) -> None:
    lost = [page for page in unreachable(site) if not page.startswith("_modules/")]
    assert not lost, failure(
        "pages no link reaches from the front page", lost,
        "list each in a {toctree} of docs/index.md (or of a page it lists)")


def test_the_search_index_holds_every_page(site: Path) -> None:
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    indexed = set(json.loads(text[text.index("(") + 1:text.rindex(")")])["docnames"])
    pages = {str(p.relative_to(site).with_suffix("")) for p in site.rglob("*.html")
             if p.relative_to(site).parts[0] not in {"_modules", "_sources"}}
    assert pages - GENERATED == indexed
    assert (site / "search.html").is_file() and (site / "genindex.html").is_file()


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_widget_cell_shows_its_picture_on_the_site(site: Path, notebook: Path) -> None:
    html = (site / "notebooks" / f"{notebook.stem}.html").read_text(encoding="utf-8")
    shown = [alt for alt in Page(html).alts if re.match(r"(GameWidget|TreeWidget) ", alt)]
    cells = widget_cells(json.loads(notebook.read_text(encoding="utf-8")))
    assert len(shown) == len(cells), f"{len(cells)} widget cells, {len(shown)} pictures"
    assert "&lt;GameWidget" not in html and "&lt;TreeWidget" not in html, \
        "a widget shown as its text, not its picture"


def binder_links(html: str) -> list[str]:
    """The Binder addresses a page links to."""
    return [ref for ref in Page(html).refs if ref.startswith("https://mybinder.org/")]


def test_every_notebook_page_runs_on_binder_as_the_readme_badge_does(site: Path) -> None:
    badge = re.search(r"\]\((https://mybinder\.org/v2/[^)]+)\)", (ROOT / "README.md").read_text(
        encoding="utf-8"))
    assert badge, "the README has no Binder badge"
    readme = badge.group(1)
    front = binder_links((site / "index.html").read_text(encoding="utf-8"))
    assert front == [readme], f"the front page's Binder link {front} is not the README's"
    base = readme.split("?")[0]
    for notebook in NOTEBOOKS:
        html = (site / "notebooks" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        wanted = f"{base}?urlpath=lab/tree/notebooks/{notebook.name}"
        assert binder_links(html) == [wanted], f"{notebook.name}: {binder_links(html)}"


#: What no reader should find in code they read or copy: nbval's markers and prompts.
MACHINERY = re.compile(r"^\s*(#\s*NBVAL_\w+|>>> |In \[\d*\]:)", re.M)


def test_no_page_shows_the_tests_machinery(site: Path) -> None:
    shown = []
    for path in sorted((site / "notebooks").glob("*.html")):
        for block in re.findall(r'<div class="highlight-ipython3[^"]*">(.*?)</pre>',
                                path.read_text(encoding="utf-8"), re.S):
            code = re.sub(r"<[^>]+>", "", block).replace("&gt;", ">")
            shown += [f"{path.name}: {m.strip()}" for m in MACHINERY.findall(code)]
    assert not shown, failure(
        "notebook code on the site that shows the tests' machinery", shown,
        "give the cell a tag (nbval-ignore-output, nbval-skip...) instead of a # NBVAL_ "
        "comment, and write no >>> prompt or In [n]: in a cell")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_a_notebooks_code_holds_no_test_markers(notebook: Path) -> None:
    """nbval reads ``nbval-ignore-output`` (and its other markers) as cell tags too."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    marked = [index for index, cell in enumerate(cells) if cell["cell_type"] == "code"
              and MACHINERY.search("".join(cell["source"]))]
    assert not marked, failure(
        f"cells of {notebook.name} that show a test marker or a prompt (cell index)", marked,
        "give the cell a tag (nbval-ignore-output, nbval-skip...) instead of a # NBVAL_ "
        "comment, and write no >>> prompt or In [n]: in a cell")



def borrowed_docstring(owner: type, attribute: str) -> str | None:
    """Where autodoc takes ``owner.attribute``'s text from, if from outside tabletop.

    A method with no docstring of its own is shown with its base's: for a ``ReadOnlyDict``
    whose ``clear`` refuses, ``dict.clear``'s "Remove all items from D." says the opposite.

    >>> class Strict(dict):
    ...     def clear(self): raise TypeError
    ...     def pop(self, key): "Refused."
    >>> borrowed_docstring(Strict, "clear"), borrowed_docstring(Strict, "pop")
    ('builtins.dict.clear', None)
    """
    own = vars(owner).get(attribute)
    if own is None or getattr(getattr(own, "__func__", own), "__doc__", None):
        return None
    for base in owner.__mro__[1:]:
        text = getattr(vars(base).get(attribute), "__doc__", None)
        if text:
            if base.__module__.startswith("tabletop"):
                return None
            return f"{base.__module__}.{base.__qualname__}.{attribute}"
    return None


def test_no_documented_method_borrows_a_docstring_from_outside(site: Path) -> None:
    from sphinx.util.inventory import InventoryFile

    with (site / "objects.inv").open("rb") as file:
        inventory = InventoryFile.load(file, "", posixpath.join)
    inventory = getattr(inventory, "data", inventory)  # a dict, or (Sphinx 8.2+) holds one
    names = [name for kind in ("py:method", "py:property", "py:attribute")
             for name in inventory.get(kind, {})]
    assert len(names) > 0  # the inventory is read at all
    borrowed = []
    for name in names:
        owner_name, _, attribute = name.rpartition(".")
        module, _, class_name = owner_name.rpartition(".")
        owner = getattr(importlib.import_module(module), class_name, None)
        where = borrowed_docstring(owner, attribute) if isinstance(owner, type) else None
        borrowed += [f"{name} shows the docstring of {where}"] if where else []
    assert not borrowed, failure(
        "methods the API reference explains in another class's words", borrowed,
        "give each its own docstring in its class (an override that inherits a docstring "
        "from a base outside tabletop shows that base's words)")


def test_the_site_build_silences_no_warning() -> None:
    """``-W`` makes every warning an error, so none may be silenced: an output whose kind the
    site cannot show (``skipping unknown output mime type``) fails the build instead of
    vanishing from its page."""
    conf = ast.parse((ROOT / "docs" / "conf.py").read_text(encoding="utf-8"))
    silenced = [node.lineno for node in ast.walk(conf) if isinstance(node, ast.Name)
                and node.id in {"suppress_warnings", "nitpick_ignore", "nitpick_ignore_regex"}]
    assert not silenced, f"docs/conf.py silences warnings (lines {silenced})"


#: A field of the reference and its value; a type is never three words of prose in a row.
FIELD = re.compile(r'<dt class="field-\w+">(.*?)<span class="colon">.*?</dt>\s*'
                   r'<dd class="field-\w+">(.*?)</dd>', re.S)
PROSE = re.compile(r"[A-Za-z’']+ [a-z’']+ [a-z’']+")


def test_no_type_in_the_reference_is_prose(site: Path) -> None:
    """A docstring's first line "Half the width of the interval: the ± of the win rate" is a
    sentence, not "type: description" (as napoleon read it, and showed "Type: Half the width
    of the interval")."""
    prose = []
    for path in sorted(site.glob("*.html")):
        for name, value in FIELD.findall(path.read_text(encoding="utf-8")):
            name, value = (" ".join(re.sub(r"<[^>]+>", " ", x).split()) for x in (name, value))
            if name.endswith(("Type", "type")) and PROSE.search(value):
                prose.append(f"{path.name}: {name}: {value[:80]}")
    assert not prose, "types that are sentences:\n" + "\n".join(prose)

# --- the repository as GitHub shows it ------------------------------------------------------

def github_ids(markdown: str) -> set[str]:
    """The ids GitHub gives a Markdown text's headings.

    >>> sorted(github_ids("# The `arena`: ratings!\\n## Step 1\\n## Step 1\\n```\\n# no\\n```"))
    ['step-1', 'step-1-1', 'the-arena-ratings']
    """
    ids: set[str] = set()
    text = re.sub(r"^```.*?^```", "", markdown, flags=re.S | re.M)
    for title in re.findall(r"^#{1,6}\s+(.*?)\s*#*$", text, re.M):
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)
        slug = base = re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")
        repeats = 0
        while slug in ids:
            repeats += 1
            slug = f"{base}-{repeats}"
        ids.add(slug)
    return ids


def markdown_of(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def test_every_anchor_a_page_links_resolves_on_github() -> None:
    sources = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(ROOT.glob("docs/**/*.md")),
               *NOTEBOOKS]
    broken = []
    for source in sources:
        if "_build" in source.parts or source.parent == ROOT / "docs" / "notebooks":
            continue
        for link in re.findall(r"\]\(([^)\s]*#[^)\s]+)\)", markdown_of(source)):
            page, _, anchor = link.partition("#")
            if re.match(r"[a-z]+:", page):
                continue
            target = (source.parent / page) if page else source
            if target.exists() and anchor not in github_ids(markdown_of(target)):
                broken.append(f"{source.relative_to(ROOT)}: {link}")
    assert not broken, "anchors with no heading on GitHub:\n" + "\n".join(broken)


def test_the_helpers_examples() -> None:
    result = doctest.testmod(sys.modules[__name__])
    assert result.attempted and not result.failed
