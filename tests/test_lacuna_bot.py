"""The bot's thinking in Lacuna is a search worth reading (issue 16, point 5): progressive
widening at wide nodes, and a "too shallow" sentence when a search could not rank its moves."""

from __future__ import annotations

import math
import statistics

import pytest

import tabletop
from tabletop.agents import MCTSAgent, make_agent
from tabletop.agents.analysis import SHALLOW_VISITS
from tabletop.agents.mcts import WIDEN_FROM
from tabletop.core.errors import InvalidRecord
from tabletop.widgets.panels import thinking_html
from tabletop.widgets.thinking import check_entry

GAME = tabletop.load("lacuna")


def first_pawn(seed: int = 1):
    s = GAME.new(seed=seed)
    return s.apply(s.legal_actions()[seed % 7])


def test_at_the_default_budget_the_top_candidates_are_searched_enough_to_differ():
    """300 iterations (the default strength, without its time limit so that the test does
    not depend on the machine): before widening, every candidate had 1-2 visits and value
    1.00; now the best has some 15-30 visits (at least 16 for each of 400 seeds) and the values
    differ."""
    s = first_pawn()
    assert len(s.legal_actions()) > WIDEN_FROM
    analysis = MCTSAgent(iterations=300, seed=1).analyse(s)
    top = analysis.top(5)
    assert 1.5 * SHALLOW_VISITS <= top[0].visits < 6 * SHALLOW_VISITS
    assert top[0].visits > statistics.median(c.visits for c in analysis.candidates)
    assert len({round(c.value, 2) for c in top}) > 1 and max(c.value for c in top) < 1
    assert not analysis.shallow and "shallow" not in analysis.to_json()
    shown = thinking_html(analysis.to_json())
    assert f"<td>{top[0].visits}</td>" in shown and "too shallow" not in shown


def test_a_wide_nodes_order_shows_the_slots_opened_so_far():
    """The root's ``order`` (read through the analysis) lists the slots its window opened,
    each once, as many as its last window held: ``ceil(2·sqrt(visits))``, not every move."""
    s = first_pawn()
    analysis = MCTSAgent(iterations=300, seed=1).analyse(s)
    root = analysis.root
    order = root.order
    assert len(order) == len(set(order)) == math.ceil(2 * math.sqrt(root.visits))
    assert len(order) < len(root.slots) and all(0 <= k < len(root.slots) for k in order)
    tried = {k for k, child in enumerate(root.slots) if child is not None}
    assert tried <= set(order)  # a widened node tries nothing outside its window


def test_without_widening_the_same_search_is_too_shallow_and_says_so():
    analysis = MCTSAgent(iterations=300, seed=1, widen_from=None).analyse(first_pawn())
    assert analysis.top(1)[0].visits < SHALLOW_VISITS and analysis.shallow
    data = analysis.to_json()
    assert data["shallow"] is True
    shown = thinking_html(data)
    most = analysis.top(1)[0].visits
    assert (f"The search was too shallow to rank these moves: the most-tried one was searched "
            f"only {most} time") in shown
    assert "too shallow" in analysis._repr_html_()


def test_the_widget_panel_shows_a_lacuna_bot_search_at_the_default_strength():
    """Seed 1: Gold (the human) starts; the default bot answers with the first pawn. Under a
    loaded machine its 1 s limit may cut the search short: then the panel must say so."""
    w = tabletop.play("lacuna", seed=1, bots={1: "mcts"}, agent_delay=0)
    w.play("aside red")
    w.play(w.state.legal_actions()[0])
    thinking = w.session.thinking()
    assert thinking is not None and not thinking.get("hidden")
    shown = w.thinking_html.value
    assert f"<b>{thinking['choice']}</b>" in shown
    visits = [c["visits"] for c in thinking["candidates"]]
    if thinking.get("shallow"):
        assert "too shallow" in shown
    else:
        assert visits[0] >= SHALLOW_VISITS and "too shallow" not in shown


@pytest.mark.parametrize("name, players", [("lava-flows", 2), ("landlock", 2),
                                           ("lascaux", 3)])
def test_narrow_games_search_exactly_as_before(name, players):
    """No node of these games has more than 64 moves: widening never starts."""
    s = tabletop.load(name, players=players).new(seed=3)
    runs = [MCTSAgent(iterations=120, seed=5, widen_from=w).analyse(s).to_json()
            for w in (WIDEN_FROM, None)]
    for run in runs:
        run.pop("seconds")
    assert runs[0] == runs[1]


def test_widen_from_is_checked_and_reaches_the_agent_by_name():
    assert make_agent("mcts", seed=1, widen_from=None).widen_from is None
    assert MCTSAgent(seed=1).widen_from == WIDEN_FROM
    for bad in (0, -3, 2.5, True, "64"):
        with pytest.raises(ValueError, match="widen_from must be a positive int or None"):
            MCTSAgent(seed=1, widen_from=bad)


def test_a_record_s_shallow_mark_must_be_true_or_false():
    entry = {"choice": "aside red", "candidates": [], "shallow": True}
    assert check_entry(entry, "here")["shallow"] is True
    with pytest.raises(InvalidRecord, match="'shallow' should be true or false"):
        check_entry({**entry, "shallow": "yes"}, "here")


def _decided(value: float) -> dict[str, object]:
    """What a search that could not tell its moves apart leaves (seen in Lacuna at ply 8,
    seed 2, where Silver wins 291 of 300 random games whatever it plays: 30 candidates at
    10 visits each, every value 1.00)."""
    return {"agent": "mcts", "player": 1, "choice": "place 8-17 @1", "iterations": 300,
            "determinizations": 1, "seconds": 0.15,
            "candidates": [{"action": f"place {k}-17 @1", "visits": 10, "value": value,
                            "values": [1 - value, value], "share": 0.0333}
                           for k in range(5)]}


@pytest.mark.parametrize("value, ending", [
    (1.0, "every move looks like a win"), (0.0, "every move looks like a loss"), (0.5, "")])
def test_a_search_that_cannot_tell_its_moves_apart_says_so(value, ending):
    """Issue 16 point 5: a panel of candidates all at the same visits and value 1.00 is not
    a meaningful search; when every candidate shown scored the same, the panel says that
    the search could not tell them apart (and, at 1.00 or 0.00, that the game looks
    decided) instead of leaving a table of equal numbers to be read as a ranking."""
    shown = thinking_html(_decided(value))
    assert "The search could not tell these moves apart: each scored " \
        f"{value:.2f}" in shown
    assert ending in shown
    assert "too shallow" not in shown
    ranked = _decided(0.6)
    ranked["candidates"][0]["value"] = 0.7  # type: ignore[index]
    assert "could not tell" not in thinking_html(ranked)


def test_an_analysis_that_cannot_tell_its_moves_apart_says_so_too():
    """The notebook's table of an ``Analysis`` says what the widget's panel says: at seed 5,
    after Gold and Silver each played their first listed move 11 times, every candidate of
    Silver's search wins."""
    state = tabletop.load("lacuna").new(seed=5, setup="random")
    while len(state.history) < 11:
        state = state.apply(state.legal_actions()[0])
    analysis = MCTSAgent(seed=0).analyse(state.view(state.current_player))
    assert {round(c.value, 2) for c in analysis.top(10)} == {1.0} and not analysis.shallow
    assert "could not tell these moves apart: each scored 1.00 in its games, so every move " \
        "looks like a win" in analysis._repr_html_()
