"""No front end hands an agent a seed it could undo to deal the game itself.

An agent is told its seed. Were that seed a sum of the game's seed and the seat (as the
terminal's once was, ``101 · seed + seat``), the agent could work the game's seed out, deal
the game again with ``new(seed)`` and know every hidden part: the pour order, the hands.
The widget, the terminal and the arena each derive an agent's seed by a hash
(``seat_seed``, ``agent_seed``); here each is played with an agent that writes down the seed
it gets, and the seeds are checked to be those hashes, never the game's seed, and no
arithmetic progression of it.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.agents.settings import seat_seed
from tabletop.arena import agent_seed, arena
from tabletop.terminal import play_text
from tabletop.widgets import GameWidget

SEEDS = range(40, 46)
SEAT = 1


class Snoop:
    """A random agent that writes down every seed it is built with."""

    seeds: list[int | None] = []

    def __init__(self, seed: int | None = None) -> None:
        Snoop.seeds.append(seed)
        self.rng = random.Random(seed)

    def act(self, view):
        return self.rng.choice(view.legal_actions())


@pytest.fixture(autouse=True)
def _fresh_snoop():
    Snoop.seeds = []
    yield
    Snoop.seeds = []


def _never_undoable(handed: list[int | None], seeds: range) -> None:
    assert None not in handed, handed
    assert not set(handed) & set(seeds), "an agent was handed the game's own seed"
    seeds = [s for s in handed if s is not None]
    steps = {b - a for a, b in zip(seeds, seeds[1:], strict=False)}
    assert len(steps) > 1, (
        f"the seeds handed for consecutive game seeds step by {steps.pop()} each time: an "
        f"agent can undo that and deal the game itself")


def _quit(prompt: str) -> str:
    raise EOFError


def test_the_terminal_seeds_a_bot_as_the_widget_does():
    for seed in SEEDS:
        play_text("landlock", seed=seed, bots={SEAT: Snoop}, read=_quit, write=lambda t: None)
    assert Snoop.seeds == [seat_seed(seed, SEAT) for seed in SEEDS]
    _never_undoable(Snoop.seeds, SEEDS)


def test_a_game_without_a_seed_gets_fresh_bots_in_the_terminal():
    built = tabletop.load("lacuna").position([(-0.5, 0, "red"), (0.5, 0, "red")], aside="red")
    assert built.seed is None
    play_text(built, bots={SEAT: Snoop}, read=_quit, write=lambda t: None)
    assert Snoop.seeds == [None]


def test_the_widget_seeds_its_seated_bots_and_bot_move_by_a_hash():
    for seed in SEEDS:
        state = tabletop.load("landlock").new(seed=seed)
        widget = GameWidget(state, seed=seed, bots={SEAT: Snoop}, agent_delay=0,
                            panel_delay=0, start_bots=False)
        widget.close()
    assert Snoop.seeds == [seat_seed(seed, SEAT) for seed in SEEDS]
    _never_undoable(Snoop.seeds, SEEDS)


def test_the_arena_seeds_each_entrant_by_a_hash():
    arena("lava-flows", [Snoop, "random"], games=len(SEEDS), seed=SEEDS[0], progress=False,
          max_plies=2)
    expected = [agent_seed(SEEDS[0], i, 0) for i in range(len(SEEDS))]
    probe, *played = Snoop.seeds  # the one build that checks the spec before any game
    assert probe == 0 and sorted(played) == sorted(expected)
    _never_undoable(expected, range(SEEDS[0], SEEDS[0] + len(SEEDS)))


def test_the_terminal_command_a_widget_names_plays_the_widgets_game():
    """``terminal_command`` says a widget's game plays the same in a terminal: with the same
    typed moves, its bots answer as the widget's do."""
    state = tabletop.load("lava-flows").new(seed=3, setup="random")
    widget = GameWidget(state, seed=3, bots={SEAT: "random"}, agent_delay=0, panel_delay=0)
    try:
        typed = []
        while not widget.state.is_terminal and len(typed) < 8:
            move = str(widget.state.legal_actions()[-1])
            typed.append(move)
            widget.play(move)
        seen = widget.state
    finally:
        widget.close()
    lines = iter(typed)
    end = play_text("lava-flows", seed=3, setup="random", bots={SEAT: "random"},
                    read=lambda prompt: next(lines, "quit"), write=lambda t: None)
    assert end.history[:len(seen.history)] == seen.history and len(seen.history) > len(typed)
