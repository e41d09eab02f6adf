"""``tabletop.arena``: seeded tournaments, seat rotation, summaries, tables, executors."""

from __future__ import annotations

import json
import math
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from toygame import TakeAway

import tabletop
from tabletop.agents import MCTSAgent, RandomAgent, resolve_agent
from tabletop.arena import ArenaResult, agent_seed, arena
from tabletop.core.registry import register, unregister


@pytest.fixture
def take_away():
    register(TakeAway.name, TakeAway)
    yield TakeAway
    unregister(TakeAway.name)


def first_move(seed: int) -> RandomAgent:
    """A module-level factory (picklable, for process pools)."""
    return RandomAgent(seed=seed)


def test_games_rotate_seats_and_record_everything(take_away):
    result = arena("take-away", ["mcts", "random"], games=4, seed=10, progress=False,
                   pile=7)
    assert isinstance(result, ArenaResult) and len(result) == 4
    assert [g.seats for g in result.games] == [("mcts", "random"), ("random", "mcts")] * 2
    assert [g.seed for g in result.games] == [10, 11, 12, 13]
    for g in result.games:
        assert g.finished and g.length == len(g.record["actions"]) and len(g.winners) == 1
        assert sum(g.scores) == 1 and g.winner == g.seats[g.winners[0]]
        assert tabletop.replay(g.record).winners == g.winners


def test_summary_counts_wins_per_agent_and_seat(take_away):
    # pile 7 (player 0 to move): taking 3 wins; MCTS finds it from either seat
    result = arena(take_away(pile=8), [("mcts", {"iterations": 300}), "random"], games=6,
                   progress=False)
    summary = {s.agent: s for s in result.summary()}
    mcts, rnd = summary["mcts(iterations=300)"], summary["random"]
    assert mcts.games == rnd.games == 6
    assert mcts.wins + rnd.wins == 6 and mcts.draws == 0
    assert mcts.win_rate == result.win_rate("mcts(iterations=300)") >= 0.8
    assert len(mcts.by_seat) == 2 and all(r is not None for r in mcts.by_seat)
    text = str(result)
    assert "take-away, 2 players, 6 games" in text and "mcts(iterations=300)" in text
    assert "<table>" in result._repr_html_()
    with pytest.raises(KeyError, match="no agent 'nobody'"):
        result.win_rate("nobody")


def test_the_same_seed_gives_the_same_tournament(take_away):
    runs = [arena("take-away", {"a": ("mcts", {"iterations": 30}), "b": first_move},
                  games=3, seed=5, progress=False) for _ in range(2)]
    strip = [[{k: v for k, v in row.items() if k != "seconds"} for row in r.rows()]
             for r in runs]
    assert strip[0] == strip[1]
    assert json.loads(json.dumps(runs[0].rows()))  # JSON-safe rows
    assert agent_seed(5, 1, 0) == agent_seed(5, 1, 0) != agent_seed(5, 1, 1)


def test_an_executor_plays_the_same_games(take_away):
    specs = {"mcts": ("mcts", {"iterations": 30}), "random": "random"}
    here = arena("take-away", specs, games=4, seed=2, progress=False)
    with ThreadPoolExecutor(2) as pool:
        there = arena("take-away", specs, games=4, seed=2, progress=False, executor=pool)
    assert [g.record["actions"] for g in here.games] == [g.record["actions"]
                                                         for g in there.games]


def test_three_players_and_dataframes(take_away):
    pd = pytest.importorskip("pandas")
    result = arena("take-away", ["mcts", "random", "random"], games=3, progress=False,
                   players=3, pile=6)
    assert [g.seats for g in result.games][:2] == [("mcts", "random", "random"),
                                                   ("random", "mcts", "random")]
    frame = result.to_dataframe()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 3
    assert {"seed", "winner", "length", "seat0", "score2"} <= set(frame.columns)
    summary = result.summary_frame()
    assert list(summary.index) == ["mcts", "random"]
    assert summary.loc["random", "games"] == 6  # two random seats per game


def test_plot_draws_bars(take_away, off_screen_matplotlib):
    result = arena("take-away", {"a": "random", "b": "random"}, games=2, progress=False)
    ax = result.plot()
    assert ax.get_ylabel() == "win rate" and len(ax.patches) == 2 * 3


def test_bad_tournaments_are_refused(take_away):
    with pytest.raises(ValueError, match="needs 2 agents, not 3"):
        arena(take_away(), ["random"] * 3, games=1, progress=False)
    with pytest.raises(ValueError, match="no agent called 'genius'"):
        arena("take-away", ["genius", "random"], games=1, progress=False)
    with pytest.raises(ValueError, match="games must be"):
        arena("take-away", ["random", "random"], games=0, progress=False)
    for setting, wrong, rule in [
            ("games", 2.5, "games must be an int ≥ 1"), ("seed", "x", "seed must be an int ≥ 0"),
            ("seed", -5, "seed must be an int ≥ 0"), ("batch", 2.5, "batch must be an int ≥ 1"),
            ("retries", -1, "retries must be an int ≥ 0"),
            ("max_plies", 0, "max_plies must be an int ≥ 1 or None"),
            ("move_time", -1.0, "move_time must be a finite number of seconds > 0 or None"),
            ("move_time", math.nan, "move_time must be a finite number of seconds > 0"),
            ("move_time", "1", "move_time must be a finite number of seconds > 0")]:
        with pytest.raises(ValueError, match=rf"{rule}.*, not "):  # refused before any game
            arena("take-away", ["random", "random"], progress=False, **{"games": 1, setting: wrong})
    counted = arena("take-away", ["random", "random"], games=np.int64(2), seed=np.uint8(3),
                    batch=np.int64(1), max_plies=np.int32(40), progress=False)
    assert len(counted.games) == 2 and counted.games[0].seed == 3
    with pytest.raises(TypeError, match=r"an agent is a name, \(name, options\), an agent"):
        resolve_agent(3.5, seed=1)
    assert isinstance(resolve_agent(("mcts", {"iterations": 5}), seed=1), MCTSAgent)


def test_max_plies_leaves_a_game_unfinished(take_away):
    result = arena("take-away", ["random", "random"], games=1, progress=False, max_plies=2,
                   pile=20)
    game = result.games[0]
    assert not game.finished and game.length == 2 and game.winner is None


class Greedy:
    """An agent class taking a seed, as a reader of notebook 06 would write one."""

    name = "greedy"

    def __init__(self, seed=None):
        self.seed = seed

    def act(self, view):
        return view.legal_actions()[-1]


class Plain:
    name = "plain"

    def act(self, view):
        return view.legal_actions()[0]


def test_an_agent_class_a_factory_or_an_object_are_all_entrants(take_away):
    result = arena(take_away(), [Greedy, Plain], games=2, progress=False)
    assert result.agents == ("greedy", "plain") and len(result) == 2
    assert resolve_agent(Greedy, seed=7).seed == 7 and isinstance(resolve_agent(Plain), Plain)
    assert isinstance(resolve_agent(lambda seed: Plain(), seed=1), Plain)
    with pytest.raises(TypeError, match="which has no act"):
        resolve_agent(lambda seed: 42, seed=1)


def test_a_result_of_no_games_answers_every_question_with_its_columns_and_dashes(tmp_path):
    """Was: ``to_dataframe`` failed with pandas' ``KeyError: "None of ['index'] are in the
    columns"`` (a dataset whose games file is empty loads as no games), and the summary
    table gave an agent that played nothing a 0.0% win rate."""
    saved = tmp_path / "saved"
    arena("landlock", ["random", "mcts-weak"], games=1, seed=0, progress=False, save=saved)
    for batch in (saved / "games").iterdir():
        batch.write_text("", encoding="utf-8")
    for empty in (ArenaResult(game="landlock", players=2, agents=("a", "b"), games=()),
                  tabletop.arena.load(saved)):
        assert len(empty) == 0 and empty.rows() == [] and empty.win_rates() == {}
        assert "–" in str(empty.pairwise()) and "no games" in str(empty.ratings())
        assert all(line.split()[1:] == ["0", "0", "0", "–", "–", "–"]
                   for line in str(empty).splitlines()[2:])
        assert "<td>0.0%</td>" not in empty._repr_html_()
        pd = pytest.importorskip("pandas")
        frame = empty.to_dataframe()
        assert isinstance(frame, pd.DataFrame) and frame.empty and frame.index.name == "index"
        played = arena("landlock", ["random", "random"], games=1, progress=False)
        assert list(frame.columns) == list(played.to_dataframe().columns)
