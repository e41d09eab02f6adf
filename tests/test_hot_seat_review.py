"""Friends reviewing a hot-seat game after it ended (round 55).

Before, in 3-player Lascaux (seed 1) played to the end with ``hot_seat=True``, stepping back
once showed only the last mover's view and every further step brought the cover back, asking
for "Show my board" at each ply — though the finished game's full-state log had already shown
every secret. Now a line whose game is over is everyone's: at any of its positions the full
state is on show. A line that is not over keeps the hot seat: stepping or playing onto it
from the review covers the board, its branch label tells none of its moves, and a saved
record tells none of its bots' thinking.
"""

from __future__ import annotations

import random
import re

import pytest

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.core.registry import game_class
from tabletop.widgets import GameWidget

MACHINES = [(name, players, {}) for name in tabletop.games()
            for players in game_class(name).player_counts] + [("lava-flows", 2, {"memory": True})]
IDS = [f"{n}-{p}{'-memory' if o else ''}" for n, p, o in MACHINES]
UNTOLD = re.compile(r"(main line|ply \d+: …) · \d+ pl(y|ies)( #\d+)?")


def finished(name: str, players: int, options: dict, seed: int = 1) -> GameWidget:
    """A hot-seat widget (every seat human) whose game was played to the end, each player
    taking the board in turn."""
    state = tabletop.load(name, players=players, **options).new(seed=seed)
    widget = GameWidget(state, hot_seat=True, agent_delay=0, panel_delay=0)
    pick = random.Random(seed)
    while not widget.state.is_terminal:
        if widget.session.covered():
            widget.confirm()
        legal = widget.state.legal_actions()
        widget.play(legal[pick.randrange(len(legal))])
    return widget


def moves(widget: GameWidget) -> str:
    """The move log's text, without the mark of the ply on show."""
    return re.sub(r'<li class="[a-z ]*">', "<li>", widget.log_html.value)


def test_the_reported_game_steps_back_in_the_full_state():
    """The report: 3-player Lascaux, seed 1, to the end; every step back is the full state."""
    widget = finished("lascaux", 3, {})
    full_log = moves(widget)
    assert widget.session.viewer() is None and "choose ?" not in full_log
    for _ in range(len(widget.session.line()) - 1):
        widget.back()
        s = widget.session
        assert not s.covered() and s.viewer() is None, f"at ply {s.ply()}"
        assert moves(widget) == full_log  # the whole line's log, every secret told
        assert widget.confirm_button.layout.display == "none"
        if s.ply() < len(s.line()) - 1:  # what a click does here: a branch, hot seat again
            assert "Review: a move here is a new branch" in widget.message_html.value
        assert widget.scene().title != "hidden: pass the board"


@pytest.mark.parametrize("name, players, options", MACHINES, ids=IDS)
def test_a_review_is_full_and_a_line_not_over_keeps_the_hot_seat(name, players, options):
    widget = finished(name, players, options)
    s = widget.session
    end = s.timeline.cursor
    plies = s.ply()
    widget.slider.value = plies // 2  # the slider, as a reviewer drags it
    assert s.viewer() is None and not s.covered()
    # someone tries another move here, in everyone's sight: a branch, not over
    while len(widget.state.legal_actions()) < 2:
        widget.back()
    taken = str(s.graph.edges[s.timeline.cursor, s.line()[s.ply() + 1]]["action"])
    widget.play(next(a for a in widget.state.legal_actions() if str(a) != taken))
    assert not s.line_over()
    assert s.covered() and s.viewer() is None, "the next player takes the board themselves"
    branch = s.timeline.cursor
    labels = dict(s.branches())
    assert all(UNTOLD.fullmatch(label) for label in labels.values())  # under the cover
    p = s.state.current_player
    widget.confirm()
    assert s.viewer() == p and s.revealed == p
    widget.goto(end)  # back to the finished line: everyone's again
    assert s.viewer() is None and not s.covered()
    labels = dict(s.branches())
    assert UNTOLD.fullmatch(labels[branch]), labels[branch]  # the line not over: untold
    # and onto the unfinished one again, at p's turn: everyone was looking, so the cover,
    # not p's view (p took the board before the review, not since)
    widget.goto(branch)
    assert s.covered() and s.viewer() is None
    widget.confirm()
    assert s.viewer() == p  # only "Show my board" shows a seat's view there


def test_a_saved_review_tells_no_thinking_of_a_line_not_over():
    """A bot's secret choice on a branch not over keeps its thinking out of a record saved
    while the finished line is reviewed (its actions hold every move, as always)."""
    widget = finished("lascaux", 3, {})
    s = widget.session
    end = s.timeline.cursor
    widget.start()
    s.set_seat(s.state.current_player, MCTSAgent(iterations=12, seed=0))
    widget.agent_move()  # the first bid, a secret, on a new branch
    widget.goto(end)
    assert s.reviewing()
    branch = widget.save()["branches"][0]
    assert branch["thinking"] == {"1": {"agent": branch["thinking"]["1"]["agent"],
                                        "hidden": True}}
    assert "thinking" not in widget.save()  # (the finished line had no bot)
    assert "choose" in str(widget.save(full=True)["branches"][0]["thinking"]["1"])
