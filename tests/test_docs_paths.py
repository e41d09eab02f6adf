"""Every file a reader is sent to exists in the repository.

The docs pages, the README, CONTRIBUTING and the notebooks' prose name files in backticks
(`` `tabletop/core/testing/` ``, `` `notebooks/refresh.py` ``). A reader of a clone, or of
the docs site, can open only what the repository holds: a rules page that said where its
rules text came from by naming ``seeds/landlock.txt`` and ``rules/landlock.md`` beside
``DESIGN.md`` (the project's design notes, never part of the repository) sent them nowhere.
"""

from __future__ import annotations

import doctest
import json
import re
import sys
from functools import cache
from pathlib import Path

import pytest
from guards import failure

ROOT = Path(__file__).parent.parent
#: A backticked file name or path (what a reader would look for in the clone).
NAMED = re.compile(r"`((?:[\w.-]+/)*[\w.-]+\.(?:md|txt|py|ipynb|toml|cfg|yml|yaml))`")
#: Folders a page may name a file from without the full path (``render.py`` of a game).
SEARCHED = ("", "tabletop", "tests")


@cache
def pages() -> dict[str, str]:
    """Every page a reader reads: its path from the root, and its prose."""
    found = {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
             for p in sorted((ROOT / "docs").rglob("*.md")) if "_build" not in p.parts}
    for name in ("README.md", "CONTRIBUTING.md"):
        found[name] = (ROOT / name).read_text(encoding="utf-8")
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        found[str(path.relative_to(ROOT))] = "\n".join(
            "".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return found


def missing(page: str, prose: str, files: frozenset[str] | set[str]) -> list[str]:
    """The files ``prose`` (on ``page``) names that the repository does not hold.

    A path with a folder must be found from the root, the page's folder or a searched
    folder; a bare name must be some file's name.

    >>> missing("docs/x.md", "see `docs/x.md`, `render.py` and `seeds/a.txt`",
    ...         {"docs/x.md", "tabletop/games/g/render.py"})
    ['seeds/a.txt']
    """
    names = {f.rsplit("/", 1)[-1] for f in files}
    here = page.rsplit("/", 1)[0] if "/" in page else ""
    gone = []
    for named in NAMED.findall(prose):
        if "/" not in named:
            found = named in names
        else:
            bases = {here, *SEARCHED}
            found = any(str(Path(base, named)).replace("\\", "/") in files
                        or (ROOT / base / named).resolve().is_file() for base in bases)
        if not found:
            gone.append(named)
    return gone


@cache
def repository_files() -> frozenset[str]:
    return frozenset(str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                     if p.is_file() and ".git" not in p.parts and "_build" not in p.parts)


@pytest.mark.parametrize("page", sorted(pages()))
def test_every_file_a_page_names_is_in_the_repository(page: str) -> None:
    gone = missing(page, pages()[page], repository_files())
    assert not gone, failure(
        f"{page} names files the repository does not hold", gone,
        "correct the path (written from the repository's root, or from the page's folder) "
        "or, if the file went, the sentence that names it")


def test_the_helpers_examples() -> None:
    assert doctest.testmod(sys.modules[__name__]).failed == 0
