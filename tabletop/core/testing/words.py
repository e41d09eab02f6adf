"""Clicks explained in the game's words: a one-line hint at every input step, and no raw
target (a tuple's brackets or quotes, a numbered piece) in a hint, a button label or a
refused click.

The check walks the steps of an input at seeded random positions, for the state and for the
mover's view: before any click, then after each click along the path of a sample of legal
actions. At each step it reads the hint, the label of every target on offer, and the
refusal of a click on a target that is not the game's.

>>> import tabletop
>>> check_click_words(tabletop.load("lava-flows"), seeds=[0])
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable

from ..errors import IllegalAction
from ..game import Game
from ..input import ClickInput
from ..quoting import counted
from .builders import LOOP
from .common import click_input, fail, input_steps, mover_subjects

#: What a raw target looks like in text: brackets, quotes, a quoted word or a numbered piece.
RAW = re.compile(r"[()\[\]\"]|'\w+'|\bpiece -?\d")

#: A target no game has: clicking it must be refused in words.
STRAY = ("nowhere", 99)

#: How many legal actions' click paths are followed at each position, and how many of the
#: targets on offer have their labels read at each step.
SAMPLED_ACTIONS = 4
SAMPLED_LABELS = 30


def check_click_words(game: Game, seeds: Iterable[int] = range(2), every: int = 3) -> None:
    """Every input step has a one-line hint, and hints, labels and refusals name targets in
    words, at every ``every``-th position of each seeded random game (a game without
    ``input_class`` has no clicks to explain, and passes)."""
    make_input = click_input(game)
    if make_input is None:
        return
    for where, subject, _ in mover_subjects(game, seeds, every):
        for inp in input_steps(make_input(subject), random.Random(where), SAMPLED_ACTIONS,
                               where):
            _check_step(inp, f"{where}: after {counted(len(inp.selection), 'click')}")


def _check_step(inp: ClickInput, where: str) -> None:
    _words(inp.hint(), "the hint", where)
    for offered in inp.next_targets()[:SAMPLED_LABELS]:
        _words(inp.label(offered), f"the label of {offered!r}", where)
    selection = inp.selection
    try:
        inp.click(STRAY)
    except IllegalAction as refused:
        _words(str(refused).replace(" ".join(map(str, STRAY)), "nowhere"),
               "the refusal of a stray click", where)
    else:
        fail(where, f"a click on {STRAY!r}, no target of the game, was not refused")
    try:
        inp.click(LOOP)  # type: ignore[arg-type]  # the point: no target is a list
    except IllegalAction:
        pass
    except Exception as err:  # noqa: BLE001 - the finding
        fail(where, f"a click on a list that holds itself raised {type(err).__name__}, not "
                    "IllegalAction")
    else:
        fail(where, "a click on a list that holds itself was not refused")
    if inp.selection != selection:
        fail(where, "a refused click changed the clicks made so far")


def _words(text: str, what: str, where: str) -> None:
    if not text or "\n" in text:
        fail(where, f"{what} should be one non-empty line, not {text!r}")
    raw = RAW.search(text)
    if raw:
        fail(where, f"{what} names a target by its raw form ({raw.group()!r}) instead of "
                    f"the game's words: {text!r}")
