"""A seed fixes the whole game in any process: the record, the texts, the states a view
draws, a seeded bot's search — whatever ``PYTHONHASHSEED`` says and whatever the global
generators hold, which a game leaves as they were (``tabletop.core.testing.reproducible``,
run by ``check_game`` through ``check_hash_seeds``); and a seeded widget's bot moves, "Bot
move" at a human seat too."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import broken_reproducible
import numpy as np
import pytest

import tabletop
from tabletop.core.testing import (
    ConformanceError,
    check_game,
    check_global_random,
    check_hash_seeds,
    playout,
)
from tabletop.core.testing.reproducible import play_digests
from tabletop.widgets import GameWidget

COUNTS = [(name, players) for name in tabletop.games()
          for players in tabletop.load(name).player_counts]


def test_a_draw_in_hash_order_is_caught_in_another_process(registered):
    game = registered(broken_reproducible.HashDrawNim)
    check_global_random(game, seed=0, states=20)  # consistent within this process
    with pytest.raises(ConformanceError, match=r"hash-draw-nim seed 0 ply \d+, Player \d's "
                                               r"view: the state determinize\(random.Random"
                                               r"\(\d+\)\) draws, played on at random: not the "
                                               r"same under another PYTHONHASHSEED"):
        check_hash_seeds(game, seed=0, states=20)


@pytest.mark.parametrize("broken, message", [
    ("NumpyGlobalNim", "changed the state of numpy's global np.random generator"),
    ("GlobalRandomNim", "changed the state of Python's global random generator"),
    ("CopiedRandomNim", r"Random\(\d+\)\) draws, played on at random: not the same after "
                        r"random.seed\(1\) and random.seed\(2\)"),
])
def test_a_game_using_a_global_generator_is_caught(registered, broken, message):
    game = registered(getattr(broken_reproducible, broken))
    random.seed(5)
    np.random.seed(5)
    mine, my_numpy = random.getstate(), np.random.get_state()[1].copy()
    with pytest.raises(ConformanceError, match=message):
        check_global_random(game, seed=0, states=6)
    assert random.getstate() == mine  # the user's generators, as they were
    assert (np.random.get_state()[1] == my_numpy).all()


def test_check_game_runs_the_reproducibility_checks(registered):
    with pytest.raises(ConformanceError, match="numpy's global np.random generator"):
        check_game(registered(broken_reproducible.NumpyGlobalNim), seeds=range(2))


@pytest.mark.parametrize("name, players", COUNTS)
def test_every_game_plays_the_same_whatever_the_global_generators_hold(name, players):
    game = tabletop.load(name, players=players)
    random.seed(3)
    np.random.seed(3)
    mine, my_numpy = random.getstate(), np.random.get_state()[1].copy()
    found = check_global_random(game, seed=2, states=3, setup="random")
    assert random.getstate() == mine and (np.random.get_state()[1] == my_numpy).all()
    kinds = {what.rpartition(": ")[2].split("(")[0] for what, _ in found}
    assert {"the record of the game, as JSON", "the position's text", "its text",
            "the observation tensor"} <= kinds
    assert any("determinize(random.Random" in what for what, _ in found)
    assert any("MCTSAgent(iterations=12, seed=2)'s search" in what for what, _ in found)


def _pressed_bot_moves(name: str, players: int, fill: int) -> str:
    """The full record of a seeded hot-seat widget of humans only after "Bot move" is
    pressed a dozen times, twice more after two steps back (a branch), with the global
    generators seeded with ``fill`` first."""
    random.seed(fill)
    np.random.seed(fill)
    state = tabletop.load(name, players=players).new(seed=5)
    widget = GameWidget(state, hot_seat=True, seed=5, agent_delay=0, panel_delay=0)
    try:
        for _ in range(12):
            widget.agent_move()
        widget.back()
        widget.back()
        widget.agent_move()
        widget.agent_move()
        return json.dumps(widget.save(full=True))
    finally:
        widget.close()


@pytest.mark.parametrize("name, players", COUNTS)
def test_a_seeded_widget_plays_the_same_bot_moves_for_the_same_presses(name, players):
    """Each human seat's "Bot move" is made by an agent seeded from the widget's ``seed=``
    and the seat, as a seated bot is, so the same presses play the same moves (an unseeded
    one would make a Hypothesis machine's replay differ from its run)."""
    mine, my_numpy = random.getstate(), np.random.get_state()
    try:
        first = _pressed_bot_moves(name, players, fill=1)
        assert _pressed_bot_moves(name, players, fill=2) == first
    finally:
        random.setstate(mine)
        np.random.set_state(my_numpy)


def test_the_digests_name_each_draw_and_search():
    found = play_digests(tabletop.load("lava-flows"), seed=0, states=2)
    assert found[0][0] == "lava-flows seed 0: the record of the game, as JSON"
    draws = [what for what, _ in found if "determinize" in what]
    assert len(set(draws)) == len(draws) == 2 * 2 * 2  # two positions, two views, two draws


_REPLAY = """
import json, sys, tabletop
print(json.dumps([json.dumps(tabletop.replay(text).to_record())
                  for text in json.loads(sys.stdin.read())]))
"""


def test_a_record_written_here_replays_to_the_same_bytes_in_another_process():
    """Every game and player count, both setups, finished and mid-game: a record's JSON
    replayed and written again in a process under another hash seed is the same bytes."""
    texts = []
    for name, players in COUNTS:
        for setup in ("decide", "random"):
            end = playout(tabletop.load(name, players=players).new(seed=7, setup=setup), 7)
            texts.append(json.dumps(end.to_record()))
            texts.append(json.dumps(tabletop.replay(end.to_record(),
                                                    ply=len(end.history) // 2).to_record()))
    root = str(Path(tabletop.__file__).parent.parent)
    mine = os.environ.get("PYTHONHASHSEED", "random")
    other = str(int(mine) + 1) if mine.isdigit() else "1"
    run = subprocess.run([sys.executable, "-c", _REPLAY], input=json.dumps(texts), text=True,
                         env={**os.environ, "PYTHONHASHSEED": other, "PYTHONPATH": root},
                         capture_output=True, timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert json.loads(run.stdout) == texts
