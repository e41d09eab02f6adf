"""One numbering of plies everywhere: the board, the move log, the timeline and records.

Ply ``n`` is the position after the ``n``-th action since ``new()`` (secret setup choices
counted); the ``n``-th item of the move log is the action that led to it. Lava Flows counts
plies of play for its ``ply_cap``, but its picture and score notes number plies as the rest
do (its text too), and number each announcement by the move log's number of the action
that made it.
"""

import re
from html import unescape

import pytest

import tabletop
from tabletop.core.registry import game_class
from tabletop.core.testing import playout
from tabletop.render.scene import Text
from tabletop.widgets import GameWidget

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]


def widget_at(state) -> GameWidget:
    return GameWidget(state, view="full", agent_delay=0, panel_delay=0)


def log_items(widget: GameWidget) -> list[tuple[str, str]]:
    """The move log as ``(class, move)``, item ``i`` numbered ``i + 1`` by the list."""
    html = widget.log_html.value
    return [(cls, unescape(move)) for cls, move in re.findall(
        r'<li class="(\w*)">.*?<span class="tt-move">(.*?)</span></li>', html)]


def board_texts(widget: GameWidget) -> list[str]:
    return [s.text for s in widget.scene().shapes if isinstance(s, Text)]


@pytest.mark.parametrize("name, players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_timeline_log_and_record_agree_on_the_ply(name, players):
    widget = widget_at(playout(tabletop.load(name, players=players).new(seed=1), 1, plies=9))
    for _ in range(3):
        n = widget.slider.value
        items = log_items(widget)
        assert n == widget.session.ply() == widget.save()["ply"]
        assert len(items) == 9 and [cls for cls, _ in items].index("now") == n - 1
        assert items[n - 1][1] == widget.state.log()[n - 1] == str(widget.state.history[-1])
        widget.back()
        widget.back()


def lava_with_claims():
    state = playout(tabletop.load("lava-flows").new(seed=9), 9, plies=400,
                    until=lambda s: len(s.claims) >= 3)
    assert len(state.claims) >= 3 and state.plies < len(state.history)
    return state


def test_lava_flows_board_says_the_timelines_ply():
    widget = widget_at(lava_with_claims())
    for _ in range(4):
        n = widget.slider.value
        texts = board_texts(widget)
        assert f"ply {n}" in texts
        assert not [t for t in texts if re.fullmatch(r"ply \d+/\d+", t)]
        left = widget.state.game.options["ply_cap"] - widget.state.plies
        assert f"draw in {left} plies" in texts
        notes = widget.state.score_breakdown().notes
        assert f"ply {n} · {left} plies to a draw" in notes[0]
        assert f"ply {n} ·" in unescape(widget.scores_html.value)
        widget.back()


def test_lava_flows_announcements_carry_the_move_logs_numbers():
    widget = widget_at(lava_with_claims())
    items = log_items(widget)
    shown = [t for t in board_texts(widget) if re.match(r"\d+\. (White|Black) ", t)]
    assert len(shown) >= 3
    for text in shown:
        number, rest = text.split(". ", 1)
        move = rest.split(" ", 1)[1].split(":")[0]  # "Black bubble c3 claim x: wrong …"
        assert items[int(number) - 1][1] == move, (text, items)


def test_numbers_before_play_count_the_secret_arrangements():
    state = tabletop.load("lava-flows").new(seed=3)
    assert (state.game_ply, state.plies) == (0, 0)
    state = state.apply(state.legal_actions()[0])
    assert state.game_ply == 1 and state.view(0).game_ply == 1
    state = state.apply(state.legal_actions()[0])
    assert (state.game_ply, state.plies, len(state.history)) == (2, 0, 2)
    assert "ply 2" in [s.text for s in state.scene().shapes if isinstance(s, Text)]


def test_lava_flows_text_and_claims_number_plies_as_the_log_does():
    """``str(state)``, ``str(view)`` and ``str(claim)`` use the same numbers as the board."""
    state = lava_with_claims()
    n = len(state.history)
    for text in (str(state), str(state.view(0))):
        assert f"ply {n} ·" in text.splitlines()[0]
        assert not re.search(r"ply \d+/\d+", text)
    log = state.log()
    for claim in state.claims:
        assert str(claim).startswith(f"{claim.ply}. ")
        assert log[claim.ply - 1] == claim.action
