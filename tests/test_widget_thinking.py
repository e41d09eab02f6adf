"""What the bot was thinking, shown only to a viewer entitled to it (issue 14, class 1)."""

from __future__ import annotations

import json
import random
import re

import pytest

import tabletop
from tabletop.widgets import GameWidget
from tabletop.widgets.panels import thinking_html
from tabletop.widgets.thinking import hidden, may_see

COLOURS = ("brown", "yellow", "green", "pink", "white", "blue")


def text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


def shows_a_colour(html: str) -> bool:
    return any(f"choose {c}" in html for c in COLOURS)


@pytest.fixture(scope="module")
def lascaux_example() -> GameWidget:
    """The issue's example: Lascaux, 3 players, bots in seats 1 and 2; play a colour, step
    back."""
    w = tabletop.play("lascaux", players=3, seed=0, bots={1: "mcts-weak", 2: "mcts-weak"},
                      agent_delay=0)
    assert w.view == 0  # the one human's view, by default
    w.play(w.state.legal_actions()[2])  # green: a colour neither bot's seeded search takes
    w.back()
    return w


def test_the_example_shows_seat_0_no_secret_choice_and_no_visits(lascaux_example):
    w = lascaux_example
    agent_move = w.state.history[-1]
    assert str(agent_move).startswith("choose ") and w.state.current_player is not None
    assert w.session.thinking() == hidden("mcts-weak")
    shown = w.thinking_html.value
    assert "What the bot was thinking" in shown
    assert not shows_a_colour(shown) and "visits" not in shown and "<table" not in shown
    assert "full-state view" in text(shown)
    for surface in (w.log_html.value, w.message, w.message_html.value, w.scores_html.value,
                    w.turn_html.value):
        assert str(agent_move) not in surface
    assert "choose ?" in w.log_html.value


def test_the_full_state_view_shows_the_thinking_in_full(lascaux_example):
    w = lascaux_example
    w.view = None
    try:
        thinking = w.session.thinking()
        assert thinking["choice"] == str(w.state.history[-1])
        assert f"<b>{thinking['choice']}</b>" in w.thinking_html.value
        assert w.thinking_html.value.count("<tr>") == 1 + len(thinking["candidates"]) > 1
    finally:
        w.view = 0
    assert not shows_a_colour(w.thinking_html.value)


def test_after_the_game_is_over_every_seat_sees_the_thinking():
    w = tabletop.play("lascaux", players=3, seed=0, bots={1: "mcts-weak", 2: "mcts-weak"},
                      agent_delay=0)
    rng = random.Random(0)
    while not w.state.is_terminal:
        w.play(rng.choice(w.state.legal_actions()))
    assert w.view == 0
    thinking = w.session.thinking()
    assert "hidden" not in thinking and thinking["candidates"]
    assert f"<b>{thinking['choice']}</b>" in w.thinking_html.value
    w.back()  # back in the game: hidden again from seat 0's view
    assert w.session.thinking() == hidden("mcts-weak")


def test_lava_flows_hides_the_bots_arrangement():
    w = tabletop.play("lava-flows", seed=1, bots={0: "mcts-weak"}, agent_delay=0)
    assert w.view == 1 and len(w.state.history) == 1
    arrangement = str(w.state.history[0])
    assert arrangement.startswith("arrange ")
    shown = w.thinking_html.value
    assert "What the bot was thinking" in shown and "arrange" not in shown
    assert "visits" not in shown and "arrange ?" in w.log_html.value
    assert arrangement not in w.message and arrangement not in w.log_html.value
    w.play(w.state.legal_actions()[0])  # the human arranges; the bot then moves in public
    assert w.state.current_player == 1 and len(w.state.history) == 3
    assert w.session.thinking() == hidden("mcts-weak")  # it moved knowing its own hidden Mediums
    w.view = None
    assert w.session.thinking()["choice"] == str(w.state.history[-1])


def test_a_seat_that_saw_everything_the_bot_saw_sees_its_thinking():
    """Landlock hides the pile from everyone alike: the bot knows nothing the human doesn't."""
    w = tabletop.play("landlock", seed=3, bots={1: "mcts-weak"}, agent_delay=0)
    while w.session.thinking() is None:
        w.play(w.state.legal_actions()[0])
    assert w.view == 0
    thinking = w.session.thinking()
    assert thinking["choice"] == str(w.state.history[-1]) and thinking["candidates"]
    assert "<table" in w.thinking_html.value


def test_the_rule_each_seat_against_each_secret():
    game = tabletop.load("lascaux", players=3)
    start = game.new(seed=0)
    bot = start.current_player
    after = start.apply("choose pink")
    others = [p for p in range(3) if p != bot]
    assert may_see(after, bot, None) and may_see(after, bot, bot)
    assert not any(may_see(after, bot, p) for p in others)
    human = after.current_player
    later = after.apply("choose green")  # the next chooser's own secret
    assert not may_see(later, human, bot) and may_see(later, human, human)


class Steps:
    """A stand-in state: moves with how each player saw them, from ``new()`` (a seed)."""

    seed = 0

    def __init__(self, *moves: tuple[str, tuple[str, ...]]) -> None:
        self.history = tuple(m for m, _ in moves)
        self.seen = [seen for _, seen in moves]

    def log(self, viewer):
        return tuple(seen[viewer] for seen in self.seen)


def test_a_viewer_who_knows_more_than_the_bot_may_see():
    """The viewer's own secret (seen in full by them, as '?' by the bot) hides nothing."""
    mine = Steps(("bonus 1", ("bonus 1", "bonus ?")), ("take 2", ("take 2", "take 2")))
    assert may_see(mine, agent=1, viewer=0)
    theirs = Steps(("bonus 1", ("bonus ?", "bonus 1")), ("take 2", ("take 2", "take 2")))
    assert not may_see(theirs, agent=1, viewer=0)


def test_a_position_without_its_history_shows_no_seat_another_bots_thinking():
    """A position drawn by ``determinize`` (no seed) starts with secrets the bot may hold."""
    game = tabletop.load("lascaux", players=3)
    start = game.new(seed=0)
    drawn = start.view(0).determinize(random.Random(0))
    after = drawn.apply(drawn.legal_actions()[0])
    assert drawn.seed is None and not may_see(after, agent=0, viewer=1)
    assert may_see(after, agent=0, viewer=0) and may_see(after, agent=0, viewer=None)


def test_a_seats_saved_record_keeps_the_thinking_as_the_seat_sees_it(lascaux_example):
    """Saved from seat 0 mid-game, the bots' thinking is redacted as in the panel; saved in
    full, it is complete, and a seat's widget opening it still redacts it on display."""
    w = lascaux_example
    ply = str(len(w.state.history))
    seat = json.loads(json.dumps(w.save()))
    assert seat["thinking"][ply] == hidden("mcts-weak")
    assert not shows_a_colour(json.dumps(seat["thinking"]))
    again = tabletop.play(seat, bots={1: "mcts-weak", 2: "mcts-weak"}, agent_delay=0)
    assert again.state == w.state and again.session.thinking() == hidden("mcts-weak")

    record = json.loads(json.dumps(w.save(full=True)))
    assert record["thinking"][ply]["choice"] == record["actions"][-2]
    again = tabletop.play(record, bots={1: "mcts-weak", 2: "mcts-weak"}, agent_delay=0)
    assert again.view == 0 and again.state == w.state
    assert again.session.thinking() == hidden("mcts-weak")
    assert not shows_a_colour(again.thinking_html.value)
    assert tabletop.play(record).session.thinking() == record["thinking"][ply]
    w.view = None  # the full-state view saves everything by default
    assert w.save() == record


def test_hidden_thinking_in_a_record_must_hold_only_its_agent():
    from tabletop.widgets.thinking import check_entry

    assert check_entry(hidden("mcts"), "x", "choose pink") == hidden("mcts")
    with pytest.raises(tabletop.InvalidRecord, match="hidden thinking"):
        check_entry({**hidden("mcts"), "choice": "choose pink"}, "x")


def test_the_panel_for_hidden_thinking_names_only_the_bot():
    html = thinking_html({"agent": "mcts<x>", "hidden": True}, "Jacques")
    assert "Jacques (mcts&lt;x&gt;)" in html and "<table" not in html
    assert thinking_html(None) == ""


def test_the_hot_seat_message_line_never_tells_a_secret_under_the_cover():
    w = tabletop.play("lascaux", players=3, seed=0, hot_seat=True, agent_delay=0)
    w.confirm()
    mover = w.state.current_player
    w.play("choose pink")
    assert w.session.covered()
    assert "pink" not in w.message and "pink" not in w.message_html.value
    w.confirm()
    nxt = w.state.current_player
    assert nxt != mover and f"{w.session.name(mover)} played choose ?." in w.message
    assert "your turn" in w.message


@pytest.mark.parametrize("name", ["lascaux", "lava-flows", "landlock"])
def test_a_forced_move_says_there_was_nothing_to_search(name):
    """With one legal move the search runs no iteration: the panel says so, instead of
    "after 0 iterations" and a value of 0.00 that reads as a sure loss (probe 30)."""
    from tabletop.agents import MCTSAgent

    game = tabletop.load(name)
    for seed in range(30):
        rng, state = random.Random(seed), game.new(seed=seed)
        while not state.is_terminal and len(state.legal_actions()) > 1:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal:
            break
    agent = MCTSAgent(iterations=50, seed=1)
    only = agent.act(state.view(state.current_player))
    shown = thinking_html(agent.last_analysis.to_json(), "")
    assert f"played <b>{only}</b>, the only legal move" in shown
    assert "0 iterations" not in shown and "0.00" not in shown
