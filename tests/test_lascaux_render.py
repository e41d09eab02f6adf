"""Lascaux pictures and clicks: the scene draws what it should, hides what it must, and
every legal action is reachable by clicking."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.games.lascaux import Lascaux
from tabletop.games.lascaux.cards import COLOURS, describe
from tabletop.games.lascaux.input import LascauxInput
from tabletop.render.svg import to_svg


def random_states(players, seeds, strict=False):
    g = tabletop.load("lascaux", players=players, strict_colour=strict)
    for seed in seeds:
        state = g.new(seed=seed)
        rng = random.Random(seed)
        yield state
        while not state.is_terminal:
            state = state.apply(rng.choice(state.legal_actions()))
            yield state


def test_input_class_is_declared():
    assert Lascaux.input_class is LascauxInput


@pytest.mark.parametrize("players,strict", [(3, False), (4, True), (5, False)])
def test_every_legal_action_is_reached_by_clicking_its_path(players, strict):
    for k, state in enumerate(random_states(players, range(2), strict)):
        if state.is_terminal or k % 3:
            continue
        view = state.view(state.current_player)
        drawn = view.scene(highlight=LascauxInput(view).next_targets()).targets()
        for action in view.legal_actions():
            for path in LascauxInput(view).paths(action):
                assert all(t in drawn for t in path), f"{path} not drawn"
                clicks = LascauxInput(view)
                results = [clicks.click(t) for t in path]
                assert results[-1] == action and all(r is None for r in results[:-1])


def test_wrong_click_explains():
    s = tabletop.load("lascaux").new(seed=4)
    clicks = LascauxInput(s)
    with pytest.raises(IllegalAction, match="makes no legal action; try choose brown"):
        clicks.click("pay")
    assert clicks.label(("colour", "blue")) == "choose blue"
    assert clicks.label("pass") == "pass: take the pot"


def test_scene_shows_table_cards_legend_and_buttons():
    s = tabletop.load("lascaux", players=4).new(seed=8)
    svg = s.svg()
    for card in s.table:
        assert describe(card) in svg  # each card's tooltip names animal and colours
    for colour in COLOURS:
        assert f'data-target="colour {colour}"' in svg
    assert 'data-target="pay"' not in svg  # bidding buttons only while bidding
    while s.phase != "bid":
        s = s.apply(s.legal_actions()[0])
    svg = s.svg(highlight=("pay", "pass"), last=s.history[-1])
    assert 'data-target="pay"' in svg and 'data-target="pass"' in svg
    assert "last action: a colour token was laid face down" in svg
    assert 400 <= s.scene().width <= 640


def test_view_picture_hides_other_tokens():
    """No player's view shows another's choice until it is revealed (pictures too)."""
    s = tabletop.load("lascaux").new(seed=2)
    first = s.current_player
    a, b = s.apply("choose blue"), s.apply("choose green")
    for viewer in range(3):
        if viewer != first:
            assert a.view(viewer).svg() == b.view(viewer).svg()
    assert a.view(first).svg() != b.view(first).svg()  # own token is shown to its owner
    assert a.svg() == b.svg()  # a full state draws tokens face down by default
    assert a.svg(reveal=True) != b.svg(reveal=True)


def test_game_over_picture_names_the_winner():
    *_, s = random_states(3, [1])
    assert s.is_terminal
    names = [s.game.player_name(p) for p in s.winners]
    svg = s.svg()
    assert "Game over" in svg and all(n in svg for n in names)


def test_svg_is_byte_identical_across_hash_seeds():
    code = (
        "import tabletop, random, hashlib\n"
        "s = tabletop.load('lascaux', players=5).new(seed=11)\n"
        "r = random.Random(0)\n"
        "for _ in range(40): s = s.apply(r.choice(s.legal_actions()))\n"
        "out = s.svg() + s.view(1).svg(highlight=('pay', 'pass'))\n"
        "print(hashlib.sha256(out.encode()).hexdigest())\n"
    )
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True)
        digests.add(run.stdout)
    assert len(digests) == 1


def test_scene_draws_the_stack_and_last_resolution():
    for s in random_states(4, [3]):
        if s.phase == "bid" and len(s.stack) == 2 and s.resolved:
            break
    names = [s.game.player_name(p) for p in s.stack]
    svg = to_svg(s.scene())
    assert f"{names[1]} · passed 2nd" in svg and f"{names[0]} · passed 1st" in svg
    assert "auction winner" in svg
