"""Agents: RandomAgent, MCTSAgent (UCT and information-set search), make_agent, analyses."""

from __future__ import annotations

import json
import math
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from toygame import Take, TakeAway, TakeState

import tabletop
from tabletop.agents import (
    STRENGTHS,
    Analysis,
    MCTSAgent,
    RandomAgent,
    agent_names,
    cutoff_value,
    make_agent,
    margin_value,
    register_agent,
)
from tabletop.agents.mcts import WIDEN_FROM, margin_value_of, outcome, score_shares
from tabletop.core.errors import InvalidOption, UnknownAgent
from tabletop.core.game import Action, State
from tabletop.core.testing import random_states

# --- RandomAgent and make_agent -------------------------------------------------------------

def test_random_agent_plays_legal_moves_reproducibly_from_its_seed():
    state = TakeAway().new(seed=0)
    picks = [RandomAgent(seed=4).act(state.view(0)) for _ in range(3)]
    assert len(set(picks)) == 1 and picks[0] in state.legal_actions()
    agent = RandomAgent(seed=1)
    assert {agent.act(state) for _ in range(40)} == set(state.legal_actions())


def test_agents_refuse_a_view_whose_player_is_not_to_move_or_a_finished_game():
    state = TakeAway().new(seed=0)
    for agent in (RandomAgent(seed=1), MCTSAgent(iterations=10, seed=1)):
        with pytest.raises(ValueError, match="player 0's turn, not player 1's"):
            agent.act(state.view(1))
        with pytest.raises(ValueError, match="game is over"):
            agent.act(TakeAway().position(0))
        with pytest.raises(TypeError, match="acts on a View"):
            agent.act("take 1")  # type: ignore[arg-type]


def test_make_agent_resolves_names_strengths_and_options():
    assert isinstance(make_agent("random", seed=3), RandomAgent)
    assert make_agent(" MCTS ", seed=2).iterations == STRENGTHS["default"][0]
    assert make_agent("mcts", strength="weak").iterations == STRENGTHS["weak"][0]
    strong = make_agent("mcts", seed=1, strength="strong")
    assert (strong.iterations, strong.seconds) == STRENGTHS["strong"]
    custom = make_agent("mcts", iterations=77, seconds=2.0, exploration=1.1)
    assert (custom.iterations, custom.seconds, custom.exploration) == (77, 2.0, 1.1)
    agent = RandomAgent(seed=1)
    assert make_agent(agent) is agent
    assert {"random", "mcts", "mcts-weak", "mcts-strong"} <= set(agent_names())
    assert make_agent("mcts-strong", seed=1).iterations == STRENGTHS["strong"][0]
    assert make_agent("mcts-weak", seed=1, exploration=0.3).exploration == 0.3


@pytest.mark.parametrize("name, options", [
    ("mcts-strong", {"strength": "weak"}), ("mcts-weak", {"iterations": 5}),
    ("mcts-strong", {"seconds": 0.01}),
])
def test_an_option_a_preset_name_clashes_with_names_the_agent_to_use(name, options):
    """Taken literally, the advice works: the message names 'mcts', which takes the option
    (it said "the agent it presets", and for iterations= of 'mcts-weak' only "give a
    strength, or iterations …, not both", though no strength was given)."""
    with pytest.raises(InvalidOption) as refused:
        make_agent(name, **options)
    message = str(refused.value)
    assert f"{name!r} " in message and "'mcts'" in message
    plain = re.search(r"(?:to|use) '([\w-]+)'", message)
    assert plain is not None and plain.group(1) == "mcts"
    make_agent(plain.group(1), **options)  # what it says to do
    with pytest.raises(InvalidOption) as refused:  # a plain bad value: no such advice
        make_agent(name, exploration=-1)
    assert "'mcts'" not in str(refused.value)


def test_make_agent_explains_bad_names_and_options():
    with pytest.raises(ValueError, match="no agent called 'alphazero'; known agents: 'random'"):
        make_agent("alphazero")
    with pytest.raises(InvalidOption, match="agent 'random' has no option 'depth'; its options: "
                                         "none"):
        make_agent("random", depth=3)
    with pytest.raises(InvalidOption, match="agent 'mcts' has no option 'iteration'; did you mean "
                                         "'iterations'\\? its options: iterations, seconds"):
        make_agent("mcts", iteration=100)
    with pytest.raises(InvalidOption, match="agent 'mcts-strong' sets strength='strong' itself"):
        make_agent("mcts-strong", strength="weak")
    with pytest.raises(InvalidOption, match="strength 'godlike' is not one of"):
        make_agent("mcts", strength="godlike")
    with pytest.raises(InvalidOption, match="agent 'mcts': iterations must be a positive int"):
        make_agent("mcts", iterations=-5)  # the caller's mistake: one line in a notebook
    with pytest.raises(ValueError, match="not both"):
        MCTSAgent(iterations=10, strength="weak")
    with pytest.raises(ValueError, match="positive int"):
        MCTSAgent(iterations=0)
    with pytest.raises(UnknownAgent, match="no agent called 42; .* or an object with act"):
        make_agent(42)  # type: ignore[arg-type]
    with pytest.raises(UnknownAgent, match=r"no agent called \['mcts'\]"):
        make_agent(["mcts"])  # type: ignore[arg-type]


def test_register_agent_adds_a_name():
    register_agent("always-first", lambda seed=None: _First())
    try:
        state = TakeAway().new(seed=0)
        assert make_agent("always-first").act(state.view(0)) == Take(1)
    finally:
        from tabletop.agents import base

        base._REGISTRY.pop("always-first")


class _First:
    name = "first"

    def act(self, view):
        return view.legal_actions()[0]


# --- rewards --------------------------------------------------------------------------------

def test_rewards_share_a_win_and_split_a_draw():
    game = TakeAway(players=3)
    assert outcome(TakeState(game=game, pile=0, turn=0, last=2)) == [0.0, 0.0, 1.0]
    assert score_shares((1, 1, 1)) == [1 / 3] * 3
    assert score_shares((4, 2, 0)) == [4 / 6, 2 / 6, 0.0]
    mid = game.position(5)  # running scores all 0: the cut-off value is an even split
    assert cutoff_value(mid) == pytest.approx([1 / 3] * 3)
    assert margin_value(mid) == pytest.approx([1 / 3] * 3)
    # every point of lead counts: (2, 0) is worth more than (1, 0), and values stay in 0..1
    one, two = margin_value_of((1, 0)), margin_value_of((2, 0))
    assert 0.5 < one[0] < two[0] < 1 and sum(two) == pytest.approx(1.0)
    assert all(0 <= v <= 1 for v in margin_value_of((30, 0, 0, 0)))


# --- MCTS on perfect information ------------------------------------------------------------

@pytest.mark.parametrize("pile,winning", [(5, 1), (6, 2), (7, 3), (9, 1), (3, 3)])
def test_mcts_finds_the_winning_take(pile, winning):
    state = TakeAway().position(pile)
    agent = MCTSAgent(iterations=400, seed=pile)
    assert agent.act(state.view(0)) == Take(winning)
    best = agent.last_analysis.top(1)[0]
    assert best.notation == f"take {winning}" and best.value > 0.8


def test_mcts_is_reproducible_from_its_seed():
    state = TakeAway().position(10)
    runs = [MCTSAgent(iterations=200, seed=9).analyse(state) for _ in range(2)]
    strip = [{k: v for k, v in r.to_json(k=3).items() if k != "seconds"} for r in runs]
    assert strip[0] == strip[1]


def test_a_perfect_information_search_is_one_tree_with_one_determinization():
    analysis = MCTSAgent(iterations=300, seed=1).analyse(TakeAway().position(8))
    assert analysis.determinizations == 1
    assert analysis.iterations == 300
    assert sum(c.visits for c in analysis.candidates) == 300
    graph = analysis.to_graph()
    assert graph.nodes[0]["visits"] == 300
    for parent, child, data in graph.edges(data=True):
        assert data["action"] is not None  # nothing hidden: every edge is a real action
        assert graph.nodes[child]["visits"] <= graph.nodes[parent]["visits"]


def test_a_view_with_nothing_hidden_determinizes_to_one_state_that_the_search_reuses():
    game = tabletop.load("lacuna")
    hidden = game.new(seed=4)  # before the colour is set aside, the pour order is hidden
    view = hidden.view(1 - hidden.start)
    a, b = view.determinize(random.Random(1)), view.determinize(random.Random(1))
    assert a is not b and a == b
    state = game.new(seed=4, setup="random")
    view = state.view(state.current_player)
    drawn = view.determinize(random.Random(1))
    assert drawn is view.determinize(random.Random(2)) and drawn == state
    assert drawn.legal_actions() == state.legal_actions()
    analysis = MCTSAgent(iterations=40, seed=1).analyse(view)
    assert analysis.determinizations == 1 and analysis.root.state is drawn


def test_analysis_top_json_and_graph():
    agent = MCTSAgent(iterations=300, seed=2)
    action = agent.act(TakeAway().position(7))
    analysis = agent.last_analysis
    assert isinstance(analysis, Analysis) and analysis.choice == action
    top = analysis.top(2)
    assert len(top) == 2 and top[0].visits >= top[1].visits
    assert all(sum(c.values) == pytest.approx(1.0) for c in top)
    data = json.loads(json.dumps(analysis.to_json(k=2)))
    assert data["choice"] == str(action) == data["candidates"][0]["action"]
    assert data["player"] == 0 and data["iterations"] == 300 and data["agent"] == "mcts"
    assert [c["visits"] for c in data["candidates"]] == [c.visits for c in top]
    assert "take 3" in analysis._repr_html_() and "take 3" in repr(analysis)
    shallow = analysis.to_graph(max_depth=1)
    assert shallow.number_of_nodes() == 1 + len(analysis.candidates)
    assert {d["notation"] for _, _, d in shallow.edges(data=True)} == {"take 1", "take 2",
                                                                       "take 3"}


def test_a_forced_move_needs_no_search():
    analysis = MCTSAgent(iterations=500, seed=1).analyse(TakeAway().position(1))
    assert analysis.choice == Take(1) and analysis.iterations == 0
    assert [c.notation for c in analysis.top()] == ["take 1"]


def test_a_time_budget_stops_the_search():
    agent = MCTSAgent(seconds=0.05, seed=1)
    analysis = agent.analyse(TakeAway(pile=30).new(seed=0))
    assert 1 <= analysis.iterations and analysis.seconds < 1.0


def _prefer_player_one(state):
    return [0.0, 1.0]


def test_an_evaluation_scores_rollouts_cut_short():
    # rollouts of 0 moves: every leaf is judged by ``evaluate`` alone, which favours
    # player 1 whatever happens — so every move looks lost to player 0
    agent = MCTSAgent(iterations=100, seed=1, rollout_depth=0, evaluate=_prefer_player_one)
    analysis = agent.analyse(TakeAway().position(30))  # too far from the end to reach it
    assert all(c.value == 0.0 for c in analysis.candidates)
    plain = MCTSAgent(iterations=100, seed=1, rollout_depth=0).analyse(TakeAway().position(30))
    assert all(c.value == pytest.approx(0.5) for c in plain.candidates)  # the even split


def test_rollouts_run_to_the_end_with_an_infinite_depth_and_refuse_a_fraction():
    state = TakeAway().position(30)
    endless = MCTSAgent(iterations=50, seed=4, rollout_depth=math.inf).analyse(state)
    deep = MCTSAgent(iterations=50, seed=4, rollout_depth=10_000).analyse(state)
    assert [(c.action, c.visits, c.value) for c in endless.top(5)] == [
        (c.action, c.visits, c.value) for c in deep.top(5)]
    for bad in (2.5, -1, "deep", True, None):
        with pytest.raises(ValueError, match="rollout_depth must be an int ≥ 0 or math.inf"):
            MCTSAgent(iterations=5, rollout_depth=bad)


def test_counts_may_be_any_integer_type_but_never_a_bool():
    # a sweep over ``numpy.arange`` hands out numpy integers: taken as the ints they are
    numpy = pytest.importorskip("numpy")
    state = TakeAway().position(12)
    plain = MCTSAgent(iterations=40, seed=2, rollout_depth=3, widen_from=4).analyse(state)
    swept = MCTSAgent(iterations=numpy.int64(40), seed=2, rollout_depth=numpy.int32(3),
                      widen_from=numpy.int16(4))
    assert (swept.iterations, swept.rollout_depth, swept.widen_from) == (40, 3, 4)
    assert type(swept.iterations) is int and type(swept.rollout_depth) is int
    assert [(c.action, c.visits) for c in swept.analyse(state).top(5)] == [
        (c.action, c.visits) for c in plain.top(5)]
    for name in ("iterations", "widen_from"):
        for bad in (True, 0, 1.0, "3"):
            with pytest.raises(ValueError, match=f"{name} must be a positive int"):
                MCTSAgent(**{"seed": 1, "iterations": 5, name: bad})
    numbers = MCTSAgent(seconds=numpy.float32(0.5), exploration=numpy.float64(1.2),
                        score_weight=numpy.float32(0.5), keep_samples=numpy.int8(3))
    assert (numbers.seconds, numbers.exploration, numbers.score_weight, numbers.keep_samples
            ) == (0.5, 1.2, 0.5, 3)


SECONDS_RULE = "seconds must be a finite number > 0 and at most 86,400 (a day)"
#: Settings an agent must refuse when made (each would fail, or never end, mid-search).
BAD_SETTINGS = [
    ("seconds", "5", SECONDS_RULE),
    ("seconds", math.inf, SECONDS_RULE),  # a search without end
    ("seconds", 1e30, SECONDS_RULE),  # as good as one
    ("seconds", True, SECONDS_RULE),
    ("iterations", 10**9 + 1, "iterations must be a positive int (at most 10**9)"),
    ("iterations", 10**30, "iterations must be a positive int (at most 10**9)"),
    ("exploration", "a", "exploration must be a finite number ≥ 0"),
    ("exploration", math.nan, "exploration must be a finite number ≥ 0"),
    ("exploration", -1.0, "exploration must be a finite number ≥ 0"),
    ("exploration", None, "exploration must be a finite number ≥ 0"),
    ("score_weight", "a", "score_weight must be a number from 0 to 1"),
    ("score_weight", None, "score_weight must be a number from 0 to 1"),
    ("score_weight", 1.5, "score_weight must be a number from 0 to 1"),
    ("keep_samples", -1, "keep_samples must be an int ≥ 0 (at most 10**9)"),
    ("keep_samples", 2.5, "keep_samples must be an int ≥ 0 (at most 10**9)"),
    ("keep_samples", None, "keep_samples must be an int ≥ 0 (at most 10**9)"),
    ("evaluate", 5, "evaluate must be a function of a state, or None"),
    ("seed", "x", "seed must be an int from 0 to 2**64 - 1 or None"),
    ("seed", 2.5, "seed must be an int from 0 to 2**64 - 1 or None"),
    ("seed", [1], "seed must be an int from 0 to 2**64 - 1 or None"),
]


@pytest.mark.parametrize("name, value, message", BAD_SETTINGS)
def test_a_wrong_setting_is_refused_when_the_agent_is_made(name, value, message):
    budget = {} if name in ("seconds", "iterations") else {"iterations": 5}
    with pytest.raises(ValueError, match=re.escape(message) + ", not "):
        MCTSAgent(**budget, **{name: value})
    if name == "seed":
        with pytest.raises(ValueError, match=re.escape(message)):
            RandomAgent(seed=value)


def test_three_players_each_get_their_own_values():
    game = TakeAway(players=3)
    # pile 4, player 0 to move: taking 3 leaves 1 for player 1, who then wins — avoid it
    analysis = MCTSAgent(iterations=600, seed=3).analyse(game.position(4))
    assert analysis.choice != Take(3)
    for c in analysis.candidates:
        assert len(c.values) == 3 and sum(c.values) == pytest.approx(1.0)
    # pile 3: player 0 takes all and wins at once
    assert MCTSAgent(iterations=200, seed=3).act(game.position(3)) == Take(3)


# --- information sets: Secret Nim -----------------------------------------------------------

def test_hidden_choices_are_never_read_swapping_them_changes_nothing(nim):
    # player 1 decides after player 0's secret bonus: bonus 0 and bonus 1 give equal views
    start = nim.new(seed=3)
    a, b = start.apply("bonus 0"), start.apply("bonus 1")
    assert a != b and a.view(1) == b.view(1)
    runs = [MCTSAgent(iterations=300, seed=11).analyse(s) for s in (a, b)]
    assert [c.to_json() for c in runs[0].candidates] == [c.to_json() for c in runs[1].candidates]
    assert runs[0].choice == runs[1].choice
    assert runs[0].determinizations == 2  # both values of the hidden bonus were sampled


def test_an_opponents_secret_move_is_one_branch_in_the_deciders_tree(nim):
    # player 0 chooses a bonus, then player 1 chooses theirs in secret
    analysis = MCTSAgent(iterations=200, seed=1).analyse(nim.new(seed=3))
    graph = analysis.to_graph(max_depth=2)
    second = {d["notation"] for u, _, d in graph.edges(data=True) if u != 0}
    assert second == {"bonus ?"}  # player 1's choice as player 0 sees it
    assert all(d["action"] is None for u, _, d in graph.edges(data=True) if u != 0)
    assert {d["notation"] for u, _, d in graph.edges(data=True) if u == 0} == {"bonus 0",
                                                                             "bonus 1"}


def test_the_search_samples_determinizations_consistent_with_the_view(nim):
    state = nim.new(seed=5, setup="random")
    player = state.current_player
    analysis = MCTSAgent(iterations=100, seed=2).analyse(state.view(player))
    assert analysis.samples
    for sample in analysis.samples:
        assert sample.view(player) == state.view(player)


# --- the real games ---------------------------------------------------------------------------

PLAYERS = {"lascaux": 3}


def _ready(name: str) -> bool:
    try:
        tabletop.load(name, players=PLAYERS.get(name, 2)).new(seed=0, setup="random")
    except Exception:  # noqa: BLE001 - a game still being built
        return False
    return True


GAMES = [n for n in ("lava-flows", "landlock", "lacuna", "lascaux") if _ready(n)]


def _win_in_one(state: State) -> tuple[list[Action], list[Action]] | None:
    """The mover's moves that win at once in every sampled determinization, and the moves
    that don't (``None`` unless both kinds exist)."""
    p = state.current_player
    view = state.view(p)
    worlds = [state] + [view.determinize(random.Random(k)) for k in range(4)]
    wins, others = [], []
    for action in state.legal_actions():
        after = [w.apply(action) for w in worlds]
        sure = all(s.is_terminal and s.winners == (p,) for s in after)
        (wins if sure else others).append(action)
    return (wins, others) if wins and others else None


def _position_with_a_win_in_one(name: str, seeds: range) -> State | None:
    game = tabletop.load(name, players=PLAYERS.get(name, 2))
    for seed in seeds:
        line = [state for _, state in random_states(game, [seed], setup="random")]
        for earlier in reversed(line[-4:-1]):
            if _win_in_one(earlier):
                return earlier
    return None


@pytest.mark.parametrize("name", [n for n in GAMES if n != "lava-flows"])
def test_mcts_takes_a_win_in_one_at_the_end_of_a_game(name):
    state = _position_with_a_win_in_one(name, range(400))  # stops at the first found
    if state is None:
        pytest.skip(f"no end position with a win in one among 400 seeded {name} games")
    wins, _ = _win_in_one(state)
    # A widened root weighs only its first ceil(2·sqrt(visits + 1)) moves (a random order):
    # the budget lets that window hold every move, with 300 iterations to spare.
    n = len(state.legal_actions())
    agent = MCTSAgent(iterations=300 if n <= WIDEN_FROM else n * n // 4 + 300, seed=1)
    assert agent.act(state.view(state.current_player)) in wins


@pytest.mark.skipif("lava-flows" not in GAMES, reason="Lava Flows not ready")
def test_mcts_completes_the_third_cone_in_lava_flows():
    game = tabletop.load("lava-flows")
    state = game.position({"c3": "W", "c2": "w", "a1": "B", "b1": "B b"},
                          cones={"a3": 0, "b3": 0}, to_move=0)
    wins, others = _win_in_one(state)
    assert {str(a) for a in wins} == {"move c2-c3", "slide c2-c3"} and others
    agent = MCTSAgent(iterations=300, seed=4)
    assert agent.act(state.view(0)) in wins
    # and Black, to move, must stop it: the search sees White's threat
    black = game.position({"c3": "W", "c2": "w", "a1": "B", "b1": "B b"},
                          cones={"a3": 0, "b3": 0}, to_move=1)
    assert MCTSAgent(iterations=300, seed=4).analyse(black.view(1)).top(1)[0].value < 1.0


def _hidden_position(name: str) -> tuple[State, State] | None:
    """A seeded position, and another true state the player to move can't tell from it."""
    game = tabletop.load(name, players=PLAYERS.get(name, 2))
    for seed in range(10):
        rng = random.Random(seed)
        state = game.new(seed=seed)  # secret setup choices are made here, by random moves
        for _ in range(12):
            if state.is_terminal:
                break
            view = state.view(state.current_player)
            for k in range(10):
                other = view.determinize(random.Random(k))
                if other != state:
                    return state, other
            state = state.apply(rng.choice(state.legal_actions()))
    return None


@pytest.mark.parametrize("name", GAMES)
def test_swapping_the_hidden_state_gives_identical_decisions(name):
    found = _hidden_position(name)
    if found is None:
        pytest.skip(f"found no {name} position with something hidden from the mover")
    state, other = found
    p = state.current_player
    assert other != state and other.view(p) == state.view(p)
    runs = [MCTSAgent(iterations=60, seed=5).analyse(s) for s in (state, other)]
    assert runs[0].choice == runs[1].choice
    assert [c.to_json() for c in runs[0].candidates] == [c.to_json() for c in runs[1].candidates]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_plays_through_to_the_end_with_bots(name):
    game = tabletop.load(name, players=PLAYERS.get(name, 2))
    state = game.new(seed=1)
    bots = [MCTSAgent(iterations=8, seed=1, rollout_depth=10), RandomAgent(seed=2),
            RandomAgent(seed=3)]
    while not state.is_terminal:
        p = state.current_player
        state = state.apply(bots[p % 3].act(state.view(p)))
    assert state.is_terminal and len(state.scores) == game.players


def test_an_analysis_refuses_what_is_not_a_count():
    analysis = MCTSAgent(iterations=30, seed=1).analyse(TakeAway().new(seed=0).view(0))
    assert len(analysis.top(np.int64(2))) == 2 and analysis.top(0) == ()
    for k in (-1, 2.5, "x", None, True):
        with pytest.raises(ValueError, match="k must be an int ≥ 0"):
            analysis.top(k)
        with pytest.raises(ValueError, match="k must be an int ≥ 0"):
            analysis.to_json(k)
    for depth in (-1, "x", 1.5):
        with pytest.raises(ValueError, match="max_depth must be an int ≥ 0 or None"):
            analysis.to_graph(max_depth=depth)
    for visits in (None, -2, "x"):
        with pytest.raises(ValueError, match="min_visits must be an int ≥ 0"):
            analysis.to_graph(min_visits=visits)
    assert analysis.to_graph(max_depth=0).number_of_nodes() == 1


def test_register_agent_reads_names_as_make_agent_does_and_refuses_junk():
    from tabletop.agents import base

    register_agent(" Always-First ", lambda seed=None: _First())
    try:
        assert isinstance(make_agent("always-first"), _First)
        assert "always-first" in agent_names()
    finally:
        base._REGISTRY.pop("always-first")
    for name in (5, "", "  ", None):
        with pytest.raises(ValueError, match="an agent's name is a non-empty string"):
            register_agent(name, RandomAgent)
    with pytest.raises(ValueError, match="'random' is a built-in agent"):
        register_agent("Random", RandomAgent)
    with pytest.raises(TypeError, match="an agent factory is a callable"):
        register_agent("five", 5)
    assert agent_names() == ("random", "mcts-weak", "mcts", "mcts-strong")  # weakest first


def test_a_pickled_agent_leaves_its_last_analysis_behind():
    """An arena copies its entrants by pickle for every game: the last search tree (often
    megabytes) is not copied with them; the agent's settings and random state are."""
    import pickle

    from tabletop.agents.mcts import MCTSAgent

    agent = MCTSAgent(iterations=60, seed=3)
    state = tabletop.load("lascaux").new(seed=1)
    agent.act(state.view(state.current_player))
    assert agent.last_analysis is not None
    copy = pickle.loads(pickle.dumps(agent))
    assert copy.last_analysis is None and agent.last_analysis is not None
    assert copy.iterations == 60 and copy.rng.random() == agent.rng.random()
    assert len(pickle.dumps(agent)) < len(pickle.dumps(agent.last_analysis))


def test_the_search_trees_nodes_list_their_fields():
    """``dir`` (and so tab completion) shows a read-only node's fields, as a Node's."""
    from tabletop.agents import MCTSAgent

    state = tabletop.load("lascaux", players=3).new(seed=0)
    root = MCTSAgent(iterations=20, seed=0).analyse(state.view(state.current_player)).root
    shown = dir(root)
    assert {"visits", "children", "total", "action", "mean", "values"} <= set(shown)
    assert all(hasattr(root, name) for name in shown)


_DECISIONS = """
import json
from tabletop.arena import arena
games = [("lacuna", 2), ("lascaux", 3), ("lascaux", 5), ("lava-flows", 2), ("landlock", 2),
         ("landlock", 4)]
print(json.dumps([[g.record["actions"] for g in arena(
    name, [("mcts", {"iterations": 30})] + ["random"] * (players - 1), games=2,
    progress=False).games] for name, players in games]))
"""


def test_the_same_seed_gives_the_same_decisions_under_any_hash_seed():
    """A Dask worker or a spawned process salts string hashes otherwise than this one: MCTS
    and random bots must decide the same there (no order taken from a set of strings)."""
    root = str(Path(tabletop.__file__).parent.parent)
    seen = set()
    for hash_seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": root}
        run = subprocess.run([sys.executable, "-c", _DECISIONS], env=env, capture_output=True,
                             text=True, timeout=300, check=False)
        assert run.returncode == 0, run.stderr[-2000:]
        seen.add(run.stdout)
    assert len(seen) == 1
