"""The game widget driven from Python: clicks, messages, timeline, seats, views, records."""

from __future__ import annotations

import asyncio
import json

import networkx as nx
import pytest
from awaiting import until
from test_widget_toy import ClickNim
from toygame import Bonus, Take

import tabletop
from tabletop.agents import agent_names, resolve_agent
from tabletop.core.errors import IllegalAction, InvalidOption, InvalidRecord
from tabletop.core.registry import register, unregister
from tabletop.render.scenecanvas import click_point
from tabletop.widgets import GameWidget
from tabletop.widgets.messages import sentence
from tabletop.widgets.panels import log_html, scores_html
from tabletop.widgets.session import Session


@pytest.fixture
def click_nim():
    register(ClickNim.name, ClickNim)
    yield ClickNim()
    unregister(ClickNim.name)


def new_widget(**options):
    options.setdefault("agent_delay", 0)
    return tabletop.play("click-nim", seed=3, setup="random", **options)


def take(widget: GameWidget, n: int):
    """Click the counters to take ``n``: the leftmost one taken, then the take button."""
    pile = widget.state.pile
    assert widget.click(*click_point(widget.scene(), ("counter", pile - n))) is None
    return widget.choose(("take",))


def test_play_returns_a_widget_with_a_state_traitlet(click_nim):
    widget = new_widget()
    assert isinstance(widget, GameWidget)
    assert widget.state == click_nim.new(seed=3, setup="random")
    seen = []
    widget.observe(lambda change: seen.append(change["new"]), "state")
    assert take(widget, 2) == Take(2)
    assert seen == [widget.state] and widget.state.history[-1] == Take(2)
    assert "played take 2" in widget.message
    assert "take 2" in widget.log_html.value


def test_picks_are_highlighted_outlined_and_undone(click_nim):
    widget = new_widget()
    pile = widget.state.pile
    scene = widget.scene()
    halos = [s for s in scene.shapes if s.target is None and getattr(s, "r", 0) == 18]
    assert len(halos) == 2  # the two counters a take may start from
    widget.click(*click_point(scene, ("counter", pile - 1)))
    assert "Picked counter" in widget.message
    outlined = [s for s in widget.scene().shapes if s.style.stroke == "#f5b700"]
    assert len(outlined) == 1
    assert [b.description for b in widget.choices.children] == ["take"]
    assert widget.cancel_button.layout.display == ""
    widget.click(*click_point(widget.scene(), ("counter", pile - 1)))  # again: un-pick
    assert widget.choices.children == () and widget.state.pile == pile


def test_an_illegal_click_says_why(click_nim):
    widget = new_widget()
    before = widget.state
    assert widget.click(*click_point(widget.scene(), ("counter", 0))) is None
    assert widget.state is before
    assert "makes no legal action" in widget.message and "try counter" in widget.message
    assert "error" in widget.message_html.value
    assert widget.click(370, 75) is None  # bare table
    assert widget.message.startswith("Nothing to play there")



@pytest.mark.parametrize("name", tabletop.games())
def test_an_illegal_play_from_python_says_why_in_the_message_line(name):
    """``widget.play`` refuses as a click does: the refusal replaces the message line (no
    stale message stays), nothing changes, and the caller gets ``IllegalAction``."""
    widget = tabletop.play(name, seed=1)
    with pytest.raises(InvalidRecord):
        widget.load(widget.save(), ply=99)  # leaves "could not open the record" on the line
    before, node = widget.state, widget.node
    with pytest.raises(IllegalAction) as refused:
        widget.play("no such move")
    assert widget.message == sentence(str(refused.value)) and "error" in widget.message_html.value
    assert widget.state is before and widget.node == node
    other = (widget.state.current_player + 1) % widget.state.game.players
    widget.view = other  # told as the seat on show sees it: the mover's moves stay unsaid
    legal = str(widget.state.legal_actions()[0])
    with pytest.raises(IllegalAction) as refused:
        widget.play(legal + " nowhere")
    said = widget.message
    assert said != str(refused.value) and "no action is legal" in said
    assert "may play" not in said and said.startswith(repr(legal + " nowhere"))

def test_timeline_steps_and_branches(click_nim):
    widget = new_widget()
    start = widget.node
    take(widget, 1)
    take(widget, 1)
    assert widget.slider.value == widget.slider.max == 4
    widget.back()
    assert widget.slider.value == 3 and widget.forward_button.disabled is False
    widget.back()
    assert widget.state.history[-1] == Bonus(1)
    take(widget, 2)  # a different move from an earlier state: a branch
    graph = widget.timeline
    assert isinstance(graph, nx.DiGraph)
    assert len(list(widget.navigator.leaves())) == 2
    assert all("state" in data for _, data in graph.nodes(data=True))
    assert {str(d["action"]) for _, _, d in graph.out_edges(start, data=True)} == \
        {"take 1", "take 2"}
    labels = [label for label, _ in widget.branch_picker.options]
    assert len(labels) == 2 and any("take 1" in la for la in labels)
    other = next(v for _, v in widget.branch_picker.options if v != widget.node)
    widget.branch_picker.value = other  # pick the other branch from the dropdown
    assert widget.state.history[-2:] == (Take(1), Take(1))
    widget.slider.value = 0
    assert widget.node == 0 and widget.back_button.disabled
    widget.end()
    assert widget.state.history[-2:] == (Take(1), Take(1))


def test_counts_in_the_widgets_words_agree_with_their_number():
    """A move played, stepped back from and another played (a cell run twice, say): each
    branch is one ply long, and says so ("1 plies" before); the repr counts states too."""
    widget = tabletop.play("lascaux", players=3, seed=0)
    assert repr(widget) == "<GameWidget lascaux: ply 0, 1 state>"
    widget.play("choose brown")
    assert widget.branch_picker.options == (("main line · 1 ply", widget.node),)
    widget.back()
    widget.play("choose green")
    labels = [label for label, _ in widget.branch_picker.options]
    assert labels == ["ply 1: choose brown · 1 ply", "ply 1: choose green · 1 ply"]
    widget.play("choose blue")
    assert "ply 1: choose green · 2 plies" in [label for label, _ in widget.branch_picker.options]
    assert repr(widget) == "<GameWidget lascaux: ply 2, 4 states>"


def test_a_random_bot_replies_at_once_without_an_event_loop(click_nim):
    widget = new_widget(bots={1: "random"})
    p = widget.state.current_player
    if p == 1:  # the bot moved first already
        assert len(widget.state.history) == 3
    take(widget, 1)
    assert widget.state.current_player in (0, None)
    assert widget.state.is_terminal or widget.session.last()[1] == 1
    assert "random" in widget.seat_pickers[1].value


def test_a_bot_replies_after_a_visible_pause_in_an_event_loop(click_nim):
    first = click_nim.new(seed=4, setup="random").current_player

    async def scenario():
        widget = tabletop.play("click-nim", seed=4, setup="random", bots={first: "random"},
                               agent_delay=0.05)
        assert widget.state.current_player == first and widget.runner.running
        await until(lambda: widget.state.current_player != first, "the bot's move")
        assert widget.state.current_player == 1 - first  # the bot has moved
        plies = len(widget.state.history)
        widget.agent_move()  # the button: a random move for the human seat too
        assert len(widget.state.history) >= plies + 1
        widget.back()  # stepping cancels a pending bot move
        assert not widget.runner.running

    asyncio.run(scenario())


def test_in_an_event_loop_the_board_is_sent_first_and_the_panels_follow(click_nim):
    async def scenario():
        widget = new_widget(panel_delay=0.05)
        frames, log, turn = widget.board.frames, widget.log_html.value, widget.turn_html.value
        state = widget.state
        take(widget, 1)
        assert widget.board.frames == frames + 2  # each click's frame at once
        assert widget.state is not state  # observers hear the move at once, too
        assert (widget.log_html.value, widget.turn_html.value) == (log, turn)
        await until(lambda: widget._panels_due is None, "the panels to follow the board")
        assert widget.log_html.value != log and widget.turn_html.value != turn
        assert "played" in widget.message_html.value

    asyncio.run(scenario())


def test_bots_by_name_or_object(click_nim):
    assert "random" in agent_names() and "mcts" in agent_names()

    class Fixed:
        name = "fixed"

        def act(self, view):
            return view.legal_actions()[0]

    agent = Fixed()
    assert resolve_agent(agent) is agent
    widget = new_widget(bots={1: agent})
    assert widget.seat_pickers[1].value == "fixed"
    with pytest.raises(ValueError, match="'nobody'"):
        resolve_agent("nobody")
    widget.seat_pickers[1].value = "human"
    assert widget.session.seats[1] is None


def test_a_bot_seat_is_not_clicked_for(click_nim):
    widget = new_widget(bots={0: "random", 1: "random"}, agent_delay=0)
    assert widget.state.is_terminal  # bots alone play to the end
    assert "Game over" in widget.turn_html.value
    widget.start()
    widget.forward()
    widget.forward()
    assert widget.click(20, 30) is None
    assert "Bot move" in widget.message or "over" in widget.message


def test_a_players_view_hides_the_others_secrets(click_nim):
    state = click_nim.new(seed=3)  # setup "decide": the bonuses are chosen by clicking
    widget = GameWidget(state, agent_delay=0)
    assert [b.description for b in widget.choices.children] == ["bonus 0", "bonus 1"]
    widget.choose(("bonus", 1))  # player 0's secret
    widget.view = 1
    texts = [s.text for s in widget.scene().shapes if hasattr(s, "text")]
    assert "bonus (-1, None)" in texts  # player 1 sees that 0 chose, not what
    assert "bonus ?" in widget.log_html.value and "bonus 1" not in widget.log_html.value
    svg = widget._repr_mimebundle_()["image/svg+xml"]
    assert "(-1, None)" in svg and "(1, None)" not in svg
    widget.view = 0
    assert widget.click(20, 30) is None and "you are seeing" in widget.message


def test_hot_seat_covers_the_board_between_turns(click_nim):
    widget = GameWidget(click_nim.new(seed=3), hot_seat=True, agent_delay=0)
    assert widget.session.covered() and widget.confirm_button.layout.display == ""
    cover = widget.scene()
    assert not cover.targets().keys() - {("cover",)}
    assert "Pass the board to Player 0" in " ".join(getattr(s, "text", "") for s in cover.shapes)
    assert "hidden" in widget.log_html.value and "hidden" in widget.scores_html.value
    widget.click(10, 10)  # a click on the cover confirms
    assert not widget.session.covered()
    widget.choose(("bonus", 1))
    assert widget.session.covered()  # player 1 now: covered again
    svg = widget._repr_mimebundle_()["image/svg+xml"]
    assert "(1, None)" not in svg and "Pass the board" in svg
    widget.confirm()
    texts = [s.text for s in widget.scene().shapes if hasattr(s, "text")]
    assert "bonus (-1, None)" in texts
    assert widget.view_picker.disabled


def test_save_and_load_at_a_ply(click_nim):
    widget = new_widget()
    take(widget, 1)
    take(widget, 2)
    widget.back()
    record = widget.save()
    assert record["ply"] == 3 and len(record["actions"]) == 4
    json.dumps(record)
    other = new_widget()
    other.load(record)
    assert other.state == widget.state and other.slider.max == 4
    other.load(json.dumps(record), ply=1)
    assert len(other.state.history) == 1
    with pytest.raises(InvalidRecord):
        other.load(record, ply=9)
    again = tabletop.play(record)
    assert again.state == widget.state


def test_static_viewers_get_an_svg(click_nim):
    bundle = new_widget()._repr_mimebundle_()
    assert bundle["image/svg+xml"].startswith("<svg")
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_play_accepts_a_game_or_a_state_and_checks_options(click_nim):
    state = click_nim.new(seed=5, setup="random").apply("take 1")
    widget = tabletop.play(state, agent_delay=0)
    assert widget.state == state and len(widget.timeline) == len(state.history) + 1
    widget.start()
    assert widget.state.history == ()
    assert tabletop.play(click_nim, seed=5).state == click_nim.new(seed=5)
    with pytest.raises(InvalidOption, match="max_take"):
        tabletop.play(click_nim, max_take=1)
    assert tabletop.play("click-nim", seed=5, max_take=1).state.game.options["max_take"] == 1
    with pytest.raises(ValueError, match="view"):
        tabletop.play("click-nim", view="everyone")


def test_panels_escape_and_mark_the_current_ply():
    html = log_html(["a<b", "c"], ["P0", "P1"], 1)
    assert "a&lt;b" in html and '<li class="now">' in html and 'class="later"' in html
    assert "hidden" in scores_html(["A", "B"], None)


# --- every registered game ---------------------------------------------------------------------
GAMES = tabletop.games()


@pytest.mark.parametrize("name", GAMES)
def test_every_game_plays_by_clicks_in_the_widget(name):
    """Moves made by clicking shapes (by their centres) and buttons, as a person would."""
    import random

    widget = tabletop.play(name, seed=5, setup="random", agent_delay=0, bots={1: "random"})
    rng = random.Random(2)
    for _ in range(12):
        if widget.state.is_terminal:
            break
        session = widget.session
        before = len(widget.state.history)
        action = rng.choice(widget.state.legal_actions())
        for target in next(iter(session.input.paths(action))):
            scene = widget.scene()
            if target in scene.targets():
                widget.click(*click_point(scene, target))
            else:
                assert target in dict(session.buttons()), f"{target} is neither drawn nor a button"
                widget.choose(target)
        assert len(widget.state.history) > before, widget.message
    assert widget.log_html.value.count("<li") == len(widget.state.history)


@pytest.mark.parametrize("name", GAMES)
def test_hot_seat_never_draws_another_players_secrets(name):
    """Under hot seat the scene on show is always the mover's view (or the cover)."""
    game = tabletop.load(name)
    widget = GameWidget(game.new(seed=9), hot_seat=True, agent_delay=0)
    for _ in range(8):
        state = widget.state
        if state.is_terminal:
            break
        session: Session = widget.session
        assert session.covered() or session.viewer() == state.current_player
        if session.covered():
            widget.confirm()
        expected = game.draw(state.view(state.current_player), highlight=(),
                             last=None).targets().keys()
        assert set(widget.scene().targets()) <= set(expected) | {None}
        widget.play(state.legal_actions()[0])


def test_with_bots_in_every_other_seat_the_human_sees_only_their_own_view():
    """A bot's secrets (Lava Flows' hidden Mediums) stay hidden from the human by default."""
    against_bot = tabletop.play("lava-flows", seed=1, setup="random", bots={0: "random"},
                                agent_delay=0)
    assert against_bot.view == 1
    assert tabletop.play("lava-flows", seed=1, setup="random").view is None
    assert tabletop.play("lava-flows", seed=1, setup="random", bots={0: "random"},
                         view="full").view is None


def test_what_the_bot_was_thinking_is_shown_and_kept_in_the_record():
    """An MCTS seat leaves its top candidates on the timeline, in the panel and the record."""
    from tabletop.agents import MCTSAgent

    widget = tabletop.play("lava-flows", seed=1, setup="random", agent_delay=0)
    widget.session.agent_move(MCTSAgent(iterations=60, seed=1))
    thinking = widget.session.thinking()
    assert thinking["choice"] == str(widget.session.state.history[-1])
    assert thinking["candidates"] and thinking["candidates"][0]["visits"] > 0
    widget._refresh(full=True)
    assert "What the bot was thinking" in widget.thinking_html.value
    record = json.loads(json.dumps(widget.save()))
    ply = str(len(widget.session.state.history))
    assert record["thinking"][ply] == thinking
    again = tabletop.play(record)
    assert again.session.thinking() == thinking


@pytest.mark.parametrize("name", ["lacuna", "landlock", "lava-flows"])
def test_a_players_view_shows_scores_when_they_are_public(name):
    """Lacuna's tallies, Landlock's map and tussocks and Lava Flows' Cinder Cones are
    public: a view's breakdown is the state's, and a player watching their own view sees
    the scores."""
    state = tabletop.load(name).new(seed=3, setup="random")
    for _ in range(6):
        state = state.apply(state.legal_actions()[len(state.legal_actions()) // 2])
    for player in (0, 1):
        assert state.view(player).score_breakdown() == state.score_breakdown()
    board = Session(state, view=state.current_player).scoreboard()
    assert board is not None and board[1] == state.score_breakdown()


#: Widget settings refused when the widget is made (each failed later, or drew nothing).
BAD_WIDGET_SETTINGS = [
    ({"seed": "x"}, "seed must be an int from 0 to 2\\*\\*64 - 1 or None"),
    ({"seed": -1}, "seed must be an int from 0 to 2\\*\\*64 - 1 or None"),
    ({"agent_delay": -1}, "agent_delay must be a finite number ≥ 0"),
    ({"panel_delay": float("nan")}, "panel_delay must be a finite number ≥ 0"),
    ({"resolution": 0}, "resolution must be a finite number > 0 and at most 4"),
    ({"resolution": 100}, "resolution must be a finite number > 0 and at most 4"),
    ({"resolution": 1e24}, "resolution must be a finite number > 0 and at most 4"),
]


@pytest.mark.parametrize("settings, rule", BAD_WIDGET_SETTINGS)
def test_a_wrong_widget_setting_is_refused_when_it_is_made(settings, rule):
    with pytest.raises(ValueError, match=rule + ", not "):
        GameWidget(tabletop.load("lascaux").new(seed=1), **settings)


def test_numpy_numbers_make_a_widget_as_plain_ones_do():
    import numpy as np

    state = tabletop.load("lascaux").new(seed=1)
    made = GameWidget(state, view=np.int64(1), seed=np.int64(4), bots={np.int64(2): "random"})
    assert (made.session.view, made.session.seed) == (1, 4)
    assert type(made.session.view) is int and type(made.session.seed) is int


@pytest.mark.parametrize("bots", [["mcts"], "mcts", 5, ("random",)])
def test_bots_that_are_not_a_mapping_of_seats_are_refused_by_name(bots):
    with pytest.raises(InvalidOption, match=r"bots must map seats to agents \(such as "):
        tabletop.play("lascaux", players=3, bots=bots)


def test_the_state_trait_is_read_only_and_delays_are_checked_whenever_set():
    import traitlets

    widget = tabletop.play("lascaux", players=3, seed=1)
    with pytest.raises(traitlets.TraitError, match="read-only"):
        widget.state = tabletop.load("lava-flows").new(seed=1)
    assert widget.state is widget.session.state
    for value in (-1, "x", float("nan")):
        with pytest.raises(ValueError, match="agent_delay must be a finite number ≥ 0"):
            widget.agent_delay = value
        with pytest.raises(ValueError, match="panel_delay must be a finite number ≥ 0"):
            widget.panel_delay = value
    widget.agent_delay = 0
    assert widget.agent_delay == 0.0


def test_play_refuses_settings_that_would_be_ignored():
    state = tabletop.load("lascaux").new(seed=1)
    record = state.apply("choose blue").to_record()
    with pytest.raises(InvalidOption, match="ply= opens a record at that ply"):
        tabletop.play("lascaux", ply=3)
    with pytest.raises(InvalidOption, match="seed= and setup= start a new game"):
        tabletop.play(record, seed=5)
    with pytest.raises(InvalidOption, match="setup= starts a new game"):
        tabletop.play(state, setup="random")
    for seed in (3, state.seed):  # was: taken, and only the bots' seeds changed
        with pytest.raises(InvalidOption, match="seed= starts a new game: .* not a State, "
                                                "whose bots are seeded from its own seed"):
            tabletop.play(state, seed=seed, bots={1: "random"})
    with pytest.raises(InvalidOption, match="hot_seat must be True or False, not 'x'"):
        tabletop.play("lascaux", hot_seat="x")
    assert tabletop.play(record, ply=1).session.timeline.cursor == 1
