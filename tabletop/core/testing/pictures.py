"""Every picture draws: ``check_pictures(game, seeds)``.

At seeded random positions, the full state and each player's view are drawn as the widget
draws them (the click input's targets highlighted, the last action marked where its viewer
may see it) with each set of drawing options given: each must give a ``Scene`` and SVG text,
the full state drawn again must give the same bytes, and every picture with the same options
must be the same size (the widget scales it to a fixed height: one that grew would narrow
the board and move the side panel).

>>> import tabletop
>>> check_pictures(tabletop.load("lascaux", players=3), seeds=[0], every=30)
16
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from ...render.scene import Scene
from ...render.svg import to_svg
from ..game import Game, State, View
from .common import click_input, fail, last_seen, random_states
from .framing import check_framed

#: Drawing options: each a set of keyword arguments for ``game.draw``.
DrawOptions = Sequence[Mapping[str, Any]]


def subjects(state: State) -> Iterator[tuple[str, State | View, int | None]]:
    """``(label, subject, viewer)``: each player's view of ``state``, then the state."""
    game = state.game
    for player in range(game.players):
        yield f"{game.player_name(player)}'s view", state.view(player), player
    yield "the full state", state, None


def picture(game: Game, state: State, subject: State | View, viewer: int | None,
            options: Mapping[str, Any], where: str,
            sizes: dict[str, tuple[float, float, str]] | None = None) -> str:
    """The SVG of ``subject`` as the widget draws it, with ``options``; fails if it won't,
    or (given ``sizes``, the first size seen with each set of options, and where) if its
    size differs from the first picture's: the widget scales the picture to a fixed height,
    so a picture that grows narrows the board and moves the side panel beside it."""
    make_input = click_input(game)
    highlight = make_input(subject).next_targets() if make_input is not None else ()
    shown = f" with {dict(options)}" if options else ""
    try:
        scene = game.draw(subject, highlight=highlight, last=last_seen(state, viewer),
                          **options)
        if not isinstance(scene, Scene):
            fail(where, f"draw{shown} returned {type(scene).__name__}, not a Scene")
        svg = to_svg(scene)
    except Exception as err:
        if isinstance(err, AssertionError):
            raise
        fail(where, f"drawing{shown} raised {type(err).__name__}: {err}")
    if not svg.startswith("<svg"):
        fail(where, f"the SVG{shown} does not start with <svg")
    check_framed(scene, svg, where + shown)
    if sizes is not None:
        first = sizes.setdefault(shown, (scene.width, scene.height, where))
        if first[:2] != (scene.width, scene.height):
            fail(where, f"the picture{shown} is {scene.width:g}×{scene.height:g}, and was "
                        f"{first[0]:g}×{first[1]:g} at {first[2]}: one game's pictures keep "
                        f"one size (keep room for what may appear), or the widget's board "
                        f"narrows and the side panel beside it moves")
    return svg


def check_pictures(game: Game, seeds: Iterable[int] = range(2), every: int = 1,
                   setup: str = "decide", options: DrawOptions = ({},)) -> int:
    """Every view and full state of every ``every``-th seeded position draws with each set
    of options (the full state, with the last, the same twice), each set of options at one
    size all game long; returns how many pictures were drawn."""
    options = tuple(options) or ({},)
    drawn = 0
    sizes: dict[str, tuple[float, float, str]] = {}
    for where, state in random_states(game, seeds, every, setup):
        for label, subject, viewer in subjects(state):
            at = f"{where}, {label}"
            for opts in options:
                svg = picture(game, state, subject, viewer, opts, at, sizes)
                drawn += 1
            if viewer is None and picture(game, state, subject, None, options[-1], at) != svg:
                fail(at, "drawing the same position twice gave different SVG bytes")
    return drawn


def digests(game: Game, seed: int, states: int, setup: str = "decide",
            options: DrawOptions = ({},)) -> list[tuple[str, str]]:
    """``(where, sha256 of the SVG)`` for every picture of ``states`` positions spread
    over the seeded random game (the first and last among them)."""
    options = tuple(options) or ({},)
    every = max(1, _length(game, seed, setup) // max(1, states - 1))
    found = []
    for where, state in random_states(game, [seed], every, setup):
        for label, subject, viewer in subjects(state):
            for opts in options:
                at = f"{where}, {label}" + (f" with {dict(opts)}" if opts else "")
                svg = picture(game, state, subject, viewer, opts, at)
                found.append((at, hashlib.sha256(svg.encode()).hexdigest()))
    return found


def _length(game: Game, seed: int, setup: str) -> int:
    return sum(1 for _ in random_states(game, [seed], 1, setup))
