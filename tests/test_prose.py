"""Prose a copy editor would pass, in every text a game or the widget shows
(``check_prose``: no hedged plural, doubled word, stray space, Python value or float noise),
and the texts that had such faults."""

import random

import pytest

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.prose import check_prose, prose_faults
from tabletop.widgets.panels import as_sentence, thinking_html
from tabletop.widgets.session import Session


@pytest.mark.parametrize("name", tabletop.games())
def test_every_games_texts_are_prose(name):
    game = tabletop.load(name)
    for players in game.player_counts:
        check_prose(tabletop.load(name, players=players), seeds=range(3), every=3)


def test_a_toy_whose_texts_are_words_passes(registered):
    from broken_texts import PlainNim

    check_prose(registered(PlainNim), seeds=range(3), every=1)


@pytest.mark.parametrize("broken, message", [
    ("HedgingNim", r"the state's picture's title has a hedged plural: '\d counter\(s\) left'"),
    ("LeakingNim", r"the state's picture's title has a Python value: 'taken last by None'"),
    ("NoisyNim", r"the state's picture's title has a float written with its noise: 'share \d"),
])
def test_each_toy_with_faulty_prose_is_caught(registered, broken, message):
    import broken_texts

    with pytest.raises(ConformanceError, match=message):
        check_prose(registered(getattr(broken_texts, broken)), seeds=range(3), every=1)


@pytest.mark.parametrize("text, faults", [
    ("3 stone(s) left", ["a hedged plural"]),
    ("press the the button", ["a doubled word"]),
    ("Oreos: ", ["a space at the end of a line"]),
    ("1 earlier in state.claims", ["a Python value"]),
    ("taken by None", ["a Python value"]),
    ("Take(count=2) is not legal", ["a Python value"]),
    ("win rate 0.30000000000000004", ["a float written with its noise"]),
    ("scored 3.0", ["a float written with its noise"]),
    ("try cell a1, cell b2 ….", ["an ellipsis followed by a full stop"]),
    ("the color red", ["the spelling color"]),
    ("a bridge (e.g. bridge d5", ["brackets that do not pair up"]),
    ("pay 1 stone , or pass", ["a space before a stop or comma"]),
    ("place 0-1 @1/2 · place free 0.25,-0.5 · 3 plies · r0..r3 · 1.5 · a1 … c3", []),
    ("     d   e\n  5  .   .  S/9\n  6 S\\  S/", []),  # a board in text lines up its columns
])
def test_prose_faults_are_read_precisely(text, faults):
    assert prose_faults(text) == faults


def test_the_lava_flows_picture_says_in_words_where_earlier_announcements_went():
    rng, s = random.Random(0), tabletop.load("lava-flows").new(seed=0, setup="random")
    while len(s.claims) < 6:
        s = s.apply(rng.choice(s.legal_actions()))
    for subject in (s, s.view(0)):
        texts = [getattr(shape, "text", "") for shape in subject.scene().shapes]
        assert f"Announcements ({len(s.claims)}): the last 4; {len(s.claims) - 4} earlier " \
               "in the position's text" in texts
        assert "Oreos:" in texts or "Oreos: none" in texts
        assert not [t for t in texts if isinstance(t, str) and prose_faults(t)]


@pytest.mark.parametrize("iterations, said", [
    (1, "mcts chose <b>pay</b> after 1 iteration.</div>"),
    (300, "mcts chose <b>pay</b> after 300 iterations.</div>"),
    (None, "mcts chose <b>pay</b>.</div>"),  # a record's thinking without its count
])
def test_the_bots_panel_counts_its_iterations_in_a_sentence(iterations, said):
    thinking = {"agent": "mcts", "choice": "pay", "iterations": iterations,
                "candidates": [{"action": "pay", "visits": 1, "value": 0.5},
                               {"action": "pass", "visits": 0, "value": 0.25}]}
    if iterations is None:
        del thinking["iterations"]
    shown = thinking_html(thinking)
    assert said in shown and "?" not in shown


def _widget(name, **options):
    return tabletop.play(name, seed=1, panel_delay=0, agent_delay=0, **options)


@pytest.mark.parametrize("name", tabletop.games())
def test_the_widgets_message_line_is_prose_through_a_game(name):
    """Every line the widget shows while a game is played by clicks, typed moves, stray
    clicks and bots: the hint alone reads as the same sentence it is after a move's news,
    a long list of choices ends in one stop, and no line has a prose fault."""
    w, rng = _widget(name, bots={1: "random"}), random.Random(1)
    lines = []
    for _ in range(60):
        s = w.session
        if s.state.is_terminal:
            break
        lines.append((w.message, w.message_html.value))
        if not w.message and w.hint:
            assert f">{as_sentence(w.hint)}</div>" in w.message_html.value
        w.click(-40.0, -40.0)  # off the board: "Nothing to play there; try …"
        lines.append((w.message, w.message_html.value))
        if s.seats[s.state.current_player] is not None:
            s.agent_move()
            w.cancel()
        else:
            w.play(rng.choice(s.state.legal_actions()))
    for message, _ in lines:
        assert not prose_faults(message), (message, prose_faults(message))
        assert not message.endswith("….")


def test_the_widgets_own_sentences_agree_in_quotes_and_stops():
    w = _widget("lava-flows", view=1)
    blocked = w.session.blocked()
    assert blocked == ("It is White's turn, and you are seeing Black's view: switch the view "
                       "to play.")
    state = tabletop.load("lascaux").new(seed=0)
    session = Session(state, bots={state.current_player: "random"}, hot_seat=True)
    assert session.covered()  # a bot's turn under the cover: confirming says what to press
    session.confirm()
    assert session.message.text == (f"{session.name(state.current_player)}'s bot is to move: "
                                    "press “Bot move”.")


def test_the_arena_tables_mark_an_empty_seat_alike_in_text_and_html():
    from tabletop.arena import arena

    result = arena("landlock", ["random", ("mcts", {"iterations": 2})], games=1, seed=0,
                   progress=False)
    assert [s.by_seat for s in result.summary()] == [(0.0, None), (None, 0.0)]
    assert "–" in str(result) and " -" not in str(result)
    assert "<td>–</td>" in result._repr_html_()


def test_every_teaching_verdict_ends_as_a_sentence():
    """A right answer's verdict ends with a stop as a wrong one's does, whether or not the
    author's ``why`` has one; a hint reads as a sentence; no reason ends in two stops."""
    from tabletop.teaching import Exercise

    s = tabletop.load("lascaux").new(seed=1, setup="random")
    ex = Exercise(s, "Keep your stones: pass", right=lambda b, a, t: str(a) == "pass",
                  why="Passing takes the pot", hint="think about the stones",
                  explain=lambda b, a, t: "Paying costs you a stone")
    assert ex.answer("pass").message == "Right: 'pass'. Passing takes the pot."
    assert ex.solution().message == "A solution: 'pass'. Passing takes the pot."
    assert ex.answer("pay").message == ("Not this time: 'pay'. Paying costs you a stone. "
                                        "Hint: think about the stones.")
    refused = ex.answer("jump").message
    assert refused.endswith("pay and pass. Hint: think about the stones.")
    for answer in ("pass", "pay", "jump", "", 5):
        said = ex.answer(answer).message
        assert said[-1] in ".!?" and ".." not in said and not prose_faults(said), said


@pytest.mark.parametrize("name", tabletop.games())
def test_the_search_trees_descriptions_count_their_visits(name):
    """A node a search visited once says "1 visit" (48 of a 60-iteration Landlock search's
    nodes said "1 visits")."""
    from tabletop.agents.mcts import MCTSAgent
    from tabletop.core.testing.agreement import disagreements
    from tabletop.widgets.treemodel import TreeModel

    graph = MCTSAgent(iterations=60, seed=1).analyse(tabletop.load(name).new(seed=3)).to_graph()
    model = TreeModel(graph)
    said = [model.describe(node) for node in graph.nodes]
    assert any(" 1 visit," in line for line in said)
    assert not [line for line in said if disagreements(line) or prose_faults(line)]
