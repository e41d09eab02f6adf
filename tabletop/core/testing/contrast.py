"""Readable pictures: every label a game's picture draws stands out from what it is drawn on.

A person reads a scene's text against the colour beneath it (``render.contrast``): WCAG's
4.5:1 for text, 3:1 for large text. The check draws seeded random positions — the state and
every player's view, with the targets the mover's input offers highlighted, as the widget
draws them, and the end of each game — and fails on the first label below its level, naming
it, its colours and its contrast.

>>> import tabletop
>>> check_text_contrast(tabletop.load("landlock"), seeds=[0], every=10)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator

from ...render.contrast import faint_texts, least
from ..game import Game, State, View
from .common import click_input, fail, random_states


def check_text_contrast(game: Game, seeds: Iterable[int] = range(2), every: int = 3) -> None:
    """Every text of every drawn position reaches its WCAG contrast (a game without ``draw``
    passes)."""
    for where, subject, highlight in _pictures(game, seeds, every):
        try:
            scene = game.draw(subject, highlight=highlight)
        except NotImplementedError:
            return
        for text, ratio in faint_texts(scene):
            fail(where, f"the label {text.text!r} ({text.style.fill} at {text.style.font_size:g} "
                        f"units) has contrast {ratio:.2f}:1 with what is beneath it; text "
                        f"needs {least(text):g}:1 (WCAG 2.1 AA) to be read")


def _pictures(game: Game, seeds: Iterable[int], every: int
              ) -> Iterator[tuple[str, State | View, tuple[Hashable, ...]]]:
    make_input = click_input(game)
    for where, state in random_states(game, seeds, every):
        subjects: list[tuple[str, State | View]] = [(where, state)]
        subjects += [(f"{where}, {game.player_name(p)}'s view", state.view(p))
                     for p in range(game.players)]
        for label, subject in subjects:
            offered: tuple[Hashable, ...] = ()
            if make_input is not None and not state.is_terminal and (
                    isinstance(subject, State) or subject.player == state.current_player):
                offered = tuple(make_input(subject).next_targets())
            yield label, subject, offered
