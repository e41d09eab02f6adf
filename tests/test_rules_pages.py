"""Issue 8's rules pages, read literally: "one rules page per game (`docs/rules/*.md`, with
every interpretation and designed component listed and labelled, and where the rules text
came from)".

Each page says where its rules came from, marks each interpreted [I] or designed [D] point
where the text states it with the number it has in the page's closing list (``[I4]``,
``**D2 — notation**``), and lists every number it uses. A bare ``[I]`` beside a rule sent the
reader hunting through the list for which point it meant (Landlock's page had 17 of them), and
a point marked but never numbered (Lacuna's integer ids) was in no list at all.
"""

from __future__ import annotations

import doctest
import re
import sys
from pathlib import Path

import pytest
from guards import failure

ROOT = Path(__file__).parent.parent
PAGES = sorted((ROOT / "docs" / "rules").glob("*.md"))
LABEL = re.compile(r"\b([ID]\d+)\b")
#: The closing list of a page: its heading names interpretations.
CLOSING = re.compile(r"^## .*[Ii]nterpretation.*$", re.M)


def sections(text: str) -> tuple[str, str, str]:
    """A page cut into its sources section, the body, and the closing list.

    >>> source, body, listed = sections("# G\\n## Where the rules come from\\nX [I]\\n"
    ...                                 "## Play\\nY [I1]\\n## Interpretations\\n1. I1 — y\\n")
    >>> source
    '## Where the rules come from\\nX [I]\\n'
    >>> body, listed
    ('# G\\n## Play\\nY [I1]\\n', '## Interpretations\\n1. I1 — y\\n')
    """
    closing = list(CLOSING.finditer(text))
    assert closing, "no closing list of interpretations"
    body, listed = text[:closing[-1].start()], text[closing[-1].start():]
    source = re.search(r"^## Where (?:these |the )?rules come from\n(?:.*\n)*?(?=^## )", body,
                       re.M)
    assert source, "no section says where the rules come from"
    return source.group(0), body[:source.start()] + body[source.end():], listed


def unnumbered(body: str) -> list[str]:
    """The lines of ``body`` marking a point [I] or [D] without its number.

    >>> unnumbered("a rule [I]\\nanother [I4]\\n| a tile [D] |\\n")
    ['a rule [I]', '| a tile [D] |']
    """
    return [line.strip() for line in body.splitlines() if re.search(r"\[[ID]\]", line)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_a_rules_page_says_where_its_rules_came_from(page: Path) -> None:
    source, _, _ = sections(page.read_text(encoding="utf-8"))
    words = len(source.split())
    assert words >= 40, f"{page.name}: {words} words on where the rules came from"
    assert re.search(r"publish|rules text|wiki|review|summary", source), source


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_point_is_marked_with_its_number_and_listed(page: Path) -> None:
    _, body, listed = sections(page.read_text(encoding="utf-8"))
    bare = unnumbered(body)
    assert not bare, failure(
        f"{page.name} marks interpretations or design choices without their numbers", bare,
        "write [I7] or [D3], the number of the point in the page's closing list")
    numbers = set(LABEL.findall(listed))
    used = set(LABEL.findall(body))
    assert used <= numbers, failure(
        f"{page.name} marks points its closing list lacks", sorted(used - numbers),
        "add each to the list at the end of the page, with what was decided and why")
    for kind in "ID":  # numbered 1, 2, … with none left out
        have = sorted(int(n[1:]) for n in numbers if n[0] == kind)
        assert have == list(range(1, len(have) + 1)), failure(
            f"{page.name} numbers its {kind} points with a gap or twice", have,
            f"number them {kind}1, {kind}2, ... with none left out (a notebook that shows a "
            f"point names it by its number: renumber there too)")


def test_the_helpers_examples() -> None:
    assert doctest.testmod(sys.modules[__name__]).failed == 0
