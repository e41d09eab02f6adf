"""The result line says how a game ended (round 57, loose ends): a Lava Flows draw by
repetition read "a draw (1–0)", scores beside a draw that read as a win. Now every game's
line names the end where its rules have several (Lava Flows, Lascaux), and scores beside
a draw that differ are called scores; so do a record's "after the end" refusal and the
tree inspector's node text."""

import re

import pytest

import tabletop
from tabletop.core.testing import random_playout
from tabletop.widgets import GameWidget

#: (game, options, seed, what the widget's result line must say): seeded random games
#: found by searching seeds in order (``random_playout``).
ENDS = [
    ("lava-flows", {}, 4, "a draw (repetition; scores 1–0)"),
    ("lava-flows", {"ply_cap": 12}, 0, "a draw (ply cap; scores "),
    ("lascaux", {}, 0, " (all cards taken; scores "),
]


def _end(name, options, seed):
    *_, end = random_playout(tabletop.load(name, **options), seed)
    assert end.is_terminal
    return end


@pytest.mark.parametrize(("name", "options", "seed", "said"), ENDS)
def test_the_result_line_says_how_the_game_ended(name, options, seed, said):
    end = _end(name, options, seed)
    line = GameWidget(end, agent_delay=0).turn_html.value
    assert "Game over" in line and said in line, line


@pytest.mark.parametrize("name", tabletop.games())
def test_no_result_line_shows_a_draw_beside_bare_unequal_scores(name):
    seen = 0
    for seed in range(12):
        end = _end(name, {}, seed)
        line = GameWidget(end, agent_delay=0).turn_html.value
        shown = re.search(r"\(([^()]*)\)</div>$", line)
        assert shown, line
        if not end.winners and len(set(end.scores)) > 1:
            seen += 1
            assert "scores " in shown.group(1), line
        if end._ending():
            assert shown.group(1).startswith(f"{end._ending()}; scores "), line
    if name == "lava-flows":
        assert seen  # random Lava Flows games mostly end in a draw by repetition


def test_a_record_past_the_end_and_the_tree_say_how_the_game_ended():
    end = _end("lava-flows", {}, 4)
    record = end.to_record()
    record["actions"].append("pass")
    with pytest.raises(tabletop.InvalidRecord, match=r"finish it \(a draw: repetition\)"):
        tabletop.replay(record)
    from tabletop.widgets.treemodel import TreeModel  # the tree inspector's model

    assert "over: a draw (repetition)" in TreeModel(end, depth=1).describe(0)
