"""Ratings with their uncertainty: Wilson win rates, head-to-head tables, Bradley–Terry on
the Elo scale with bootstrap intervals (known cases, a synthetic field whose true strengths
are known); and bots that raise or overrun their time lose the game, with the error recorded,
without stopping the tournament."""

from __future__ import annotations

import math
import random
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from toygame import TakeAway

import tabletop
from tabletop.arena import ArenaResult, GameResult, arena, bradley_terry, load, pairwise, ratings
from tabletop.core.registry import register, unregister
from tabletop.teaching import WinRate

TRUE = {"strong": 300.0, "good": 100.0, "fair": 0.0, "weak": -200.0}


def game(index, a, b, winner):
    return GameResult(index=index, seed=index, seats=(a, b),
                      scores=(float(winner == 0), float(winner == 1)),
                      winners=() if winner is None else (winner,), length=1, finished=True,
                      seconds=0.0, record={})


def synthetic_field(games=1200, seed=7):
    """Two-player games between random pairs, won as Bradley–Terry with ``TRUE`` says."""
    rng = random.Random(seed)
    names = list(TRUE)
    played = []
    for i in range(games):
        a, b = rng.sample(names, 2)
        p = 1 / (1 + 10 ** ((TRUE[b] - TRUE[a]) / 400))
        played.append(game(i, a, b, 0 if rng.random() < p else 1))
    return ArenaResult("synthetic", 2, tuple(names), played)


def test_bradley_terry_recovers_the_order_and_the_intervals_cover_the_truth():
    field = synthetic_field()
    elo = ratings(field, samples=200, seed=1)
    assert elo.ranked() == ["strong", "good", "fair", "weak"]
    centre = np.mean(list(TRUE.values()))
    for name, true in TRUE.items():
        rating, low, high = elo[name]
        assert low <= true - centre <= high, (name, low, true - centre, high)
        assert low < rating < high and high - low < 150
    assert abs(sum(elo.rating)) < 1  # centred on 0
    assert elo == ratings(field, samples=200, seed=1)  # seeded bootstrap
    assert "strong" in str(elo) and "<table>" in elo._repr_html_()


def test_known_cases():
    # 3 wins to 1 is 191 Elo points; equal records, equal ratings
    assert round(float(np.diff(400 * np.log10(bradley_terry(
        np.array([[0, 1.0], [3.0, 0]]), prior=0)))[0])) == 191
    even = ratings(ArenaResult("x", 2, ("a", "b"),
                               [game(0, "a", "b", 0), game(1, "b", "a", 0)]), samples=20)
    assert even["a"][0] == even["b"][0] == 0.0
    # a clean sweep stays finite thanks to the pseudo-game, anchored on the loser
    sweep = ratings(ArenaResult("x", 2, ("a", "b"), [game(i, "a", "b", 0) for i in range(5)]),
                    samples=50, anchor="b")
    assert sweep["b"] == (0.0, 0.0, 0.0) and 200 < sweep["a"][0] < 1000
    with pytest.raises(KeyError, match="no agent 'c'"):
        ratings(ArenaResult("x", 2, ("a", "b"), []), anchor="c")


def test_pairwise_tables_and_wilson_win_rates():
    result = ArenaResult("x", 2, ("a", "b"), [game(0, "a", "b", 0), game(1, "b", "a", 0),
                                              game(2, "a", "b", None), game(3, "a", "b", 0)])
    table = pairwise(result)
    assert table.games.tolist() == [[0, 4], [4, 0]]
    assert table.points[0, 1] == 2.5 and table.points[1, 0] == 1.5  # a draw is half each
    rate = table.rate("a", "b")
    assert isinstance(rate, WinRate) and rate.games == 4 and rate.rate == 2.5 / 4
    assert "62%" in str(table) and "<table>" in table._repr_html_()
    rates = result.win_rates()
    assert rates["a"] == WinRate(2.0, 4) and rates["a"].low < 0.5 < rates["a"].high


# --- bots that fail -----------------------------------------------------------------------

@pytest.fixture
def take_away():
    register(TakeAway.name, TakeAway)
    yield TakeAway
    unregister(TakeAway.name)


class Raiser:
    name = "raiser"

    def act(self, view):
        raise ZeroDivisionError("my bug")


class Spinner:
    """Thinks forever, in pure Python, and swallows ordinary exceptions."""

    name = "spinner"

    def act(self, view):
        while True:
            try:
                sum(range(1000))
            except Exception:
                pass


class Sleeper:
    """Stuck in a C call (``time.sleep``) past the limit: judged when it returns."""

    name = "sleeper"

    def act(self, view):
        time.sleep(0.3)
        return view.legal_actions()[0]


class Cheat:
    name = "cheat"

    def act(self, view):
        return "take 9"


def test_a_bot_that_raises_loses_with_its_error_recorded(take_away):
    result = arena("take-away", [Raiser, "random"], games=4, progress=False, pile=7)
    assert len(result) == 4  # the tournament went on
    for g in result.games:
        seat = g.seats.index("raiser")
        assert g.error == {"seat": seat, "agent": "raiser", "kind": "error", "ply": seat,
                           "message": "ZeroDivisionError: my bug"}
        assert g.winner == "random" and not g.finished and g.length == seat
    assert result.win_rate("raiser") == 0
    assert "ZeroDivisionError: my bug" in result.rows()[0]["error"]["message"]
    pytest.importorskip("pandas")
    assert result.to_dataframe()["error"].iloc[0] == "error: ZeroDivisionError: my bug"


class Quitter:
    """Calls ``sys.exit`` (or raises ``GeneratorExit``) when asked to move."""

    name = "quitter"

    def __init__(self, seed=None, how=SystemExit):
        self.how = how

    def act(self, view):
        raise self.how(3) if self.how is SystemExit else self.how()


def _generator_exit(seed):
    return Quitter(seed, GeneratorExit)


@pytest.mark.parametrize("move_time", [None, 5.0])
@pytest.mark.parametrize("spec,kind", [(Quitter, "SystemExit: 3"),
                                       (_generator_exit, "GeneratorExit: ")])
def test_a_bot_that_exits_loses_like_one_that_raises(take_away, spec, kind, move_time):
    """``sys.exit()`` in a bot is its error, not an exit of the tournament (or a worker)."""
    labels = {"quitter": spec, "random": "random"}
    result = arena("take-away", labels, games=2, progress=False, pile=7, move_time=move_time)
    assert [g.error["message"] for g in result.games] == [kind, kind]
    assert all(g.winner == "random" for g in result.games)
    with pytest.raises(RuntimeError, match=f"agent 'quitter' raised {kind}") as caught:
        arena("take-away", labels, games=2, progress=False, pile=7, errors="raise")
    assert caught.value.arena_fault["agent"] == "quitter"


def test_an_illegal_move_loses(take_away):
    (g,) = arena("take-away", ["random", Cheat], games=1, progress=False, pile=7).games
    assert g.error is not None and g.error["agent"] == "cheat"
    assert g.error["message"].startswith("illegal action") and g.winner == "random"


def test_with_errors_raise_a_bot_error_stops_the_tournament_as_it_was_raised(take_away):
    with pytest.raises(ZeroDivisionError, match="my bug") as caught:
        arena("take-away", [Raiser, "random"], games=4, progress=False, pile=7,
              errors="raise")
    assert caught.value.arena_fault == {"game": 0, "seat": 0, "agent": "raiser",
                                        "kind": "error", "ply": 0,
                                        "message": "ZeroDivisionError: my bug"}
    with ThreadPoolExecutor(2) as pool, pytest.raises(tabletop.IllegalAction) as illegal:
        arena("take-away", ["random", Cheat], games=2, progress=False, executor=pool,
              errors="raise")
    assert illegal.value.reason  # the exception itself, not a lost game submitted again
    with pytest.raises(ValueError, match="errors should be one of"):
        arena("take-away", ["random", "random"], games=1, progress=False, errors="ignore")


def test_a_bot_past_its_move_time_loses_and_the_game_replays(take_away, tmp_path):
    start = time.perf_counter()
    with ThreadPoolExecutor(2) as pool:  # enforced in a worker thread too
        result = arena("take-away", [Spinner, "random"], games=2, progress=False,
                       move_time=0.2, executor=pool, save=tmp_path)
    assert time.perf_counter() - start < 5
    for g in result.games:
        assert g.error is not None and g.error["kind"] == "timeout"
        assert g.error["message"] == "took longer than 0.2 s to move"
        assert g.winner == "random" and g.length == g.error["ply"]
        assert len(tabletop.replay(g.record).history) == g.length
    assert load(tmp_path, verify=True).rows() == result.rows()
    (g,) = arena("take-away", ["random", Sleeper], games=1, progress=False,
                 move_time=0.1).games
    assert g.error is not None and g.error["kind"] == "timeout" and g.winner == "random"
    quick = arena("take-away", ["random", "random"], games=2, progress=False, move_time=5)
    assert all(g.error is None and g.finished for g in quick.games)


def test_the_plot_shows_ratings_with_intervals(off_screen_matplotlib):
    result = arena("lascaux", ["mcts-weak", "random", ("mcts", {"iterations": 5})],
                   games=3, progress=False)
    ax = result.plot(kind="ratings")
    assert ax.get_xlabel().startswith("Elo (Bradley–Terry)")
    assert len(ax.get_yticklabels()) == 3
    ax = result.plot()  # win rates by seat, as notebook 06 shows them, with intervals
    assert ax.get_ylabel() == "win rate" and len(ax.collections) >= 3
    with pytest.raises(ValueError, match="kind should be one of"):
        result.plot(kind="pie")
    assert result.ratings(samples=10).plot().get_xlabel().startswith("Elo")


def sweep_of_three(games):
    """``games`` three-player games, every one won by ``mcts`` (as in a probe's Lascaux)."""
    return ArenaResult("x", 3, ("mcts", "r1", "r2"), [
        GameResult(index=i, seed=i, seats=("mcts", "r1", "r2"), scores=(1.0, 0.0, 0.0),
                   winners=(0,), length=1, finished=True, seconds=0.0, record={})
        for i in range(games)])


@pytest.mark.parametrize("samples", [200, 0])
def test_a_clean_sweep_gets_an_interval_of_some_width_around_its_rating(samples):
    """Every resampled game tells the same story, so the bootstrap alone collapsed to a
    point; the normal approximation from the fit's curvature keeps the interval honest."""
    two = ratings(ArenaResult("x", 2, ("a", "b"), [game(i, "a", "b", 0) for i in range(6)]),
                  samples=samples)
    three = ratings(sweep_of_three(6), samples=samples)
    for elo, agents in ((two, ("a", "b")), (three, ("mcts", "r1", "r2"))):
        for agent in agents:
            rating, low, high = elo[agent]
            assert low < rating < high and high - low > 100, (agent, low, rating, high)
    assert two["a"][0] > 0 > two["b"][0] and three.ranked()[0] == "mcts"


def test_only_draws_get_an_interval_of_some_width():
    elo = ratings(ArenaResult("x", 2, ("a", "b"), [game(i, "a", "b", None) for i in range(3)]))
    assert elo["a"][0] == elo["b"][0] == 0.0
    assert elo["a"][1] < -50 and elo["a"][2] > 50


def test_without_games_there_is_no_rating_and_no_interval_and_it_says_so():
    elo = ratings(ArenaResult("x", 2, ("a", "b"), []))
    assert all(math.isnan(v) for v in (*elo["a"], *elo["b"]))
    for text in (str(elo), elo._repr_html_()):
        assert text.count("no games") == 2 and "nan" not in text and "0 … 0" not in text
    assert elo == ratings(ArenaResult("x", 2, ("a", "b"), []))


def test_agents_that_never_met_another_group_are_not_comparable():
    apart = ratings(ArenaResult("x", 2, ("a", "b", "c", "d"),
                                [game(0, "a", "b", 0), game(1, "c", "d", 1)]))
    assert all(math.isnan(r) for r in apart.rating) and "not comparable" in str(apart)
    # an agent that only played itself has no rating; the others still do
    alone = ratings(ArenaResult("x", 2, ("a", "b", "c"),
                                [game(0, "a", "b", 0), game(1, "c", "c", 1)]))
    assert math.isnan(alone["c"][0]) and alone["a"][1] < alone["a"][0] < alone["a"][2]
    assert alone.ranked() == ["a", "b", "c"]
    for text in (str(alone), alone._repr_html_()):  # it met no one: not "not comparable"
        assert "no opponents" in text and "not comparable" not in text
    assert alone.met == (1, 1, 0)


@pytest.mark.slow
def test_a_ladder_of_two_player_matches_is_rated_as_one_field():
    """MCTS at two strengths and random in a 2-player game: each pair is its own arena
    call (two seats), and ``combine`` makes one field of them for the ratings."""
    from tabletop.arena import combine

    pairs = (["mcts-weak", "random"], ["mcts", "random"], ["mcts", "mcts-weak"])
    runs = [arena("landlock", pair, games=4, progress=False) for pair in pairs]
    field = combine(runs)
    assert field.agents == ("mcts-weak", "random", "mcts")
    assert field.games == runs[0].games + runs[1].games + runs[2].games
    rated = field.ratings(samples=20)
    assert sorted(rated.agents) == ["mcts", "mcts-weak", "random"]
    assert all(not math.isnan(rated[a][0]) for a in rated.agents)
    table = field.pairwise()
    assert table.games.sum() == 2 * 12  # every game, once each way
    assert combine([runs[0]]).games == runs[0].games


def test_combine_refuses_what_is_not_one_game():
    from tabletop.arena import combine

    ll = arena("landlock", ["random", "random"], games=1, progress=False)
    placed = arena("landlock", ["random", "random"], games=1, progress=False, gnomes="placed")
    lava = arena("lava-flows", ["random", "random"], games=1, progress=False)
    with pytest.raises(ValueError, match="other options: .*'?gnomes.*end.*placed"):
        combine([ll, placed])
    with pytest.raises(ValueError, match="one game: landlock with 2 players, then lava-flows"):
        combine([ll, lava])
    with pytest.raises(ValueError, match="at least one"):
        combine([])
    for wrong in (ll, "ab", [ll, "x"], None):
        with pytest.raises(TypeError, match="combine takes a list of ArenaResults"):
            combine(wrong)


@pytest.mark.parametrize("wins", [[[0, -1], [1, 0]], [[0, math.nan], [1, 0]],
                                  [[0, 1e308], [1e308, 0]], np.zeros((2, 3)),
                                  np.zeros((0, 0)), "x", [[0, "a"], [1, 0]]])
def test_bradley_terry_refuses_a_table_that_is_no_points(wins):
    """A negative or NaN count fitted strengths of 1, as if nothing were known."""
    with pytest.raises(ValueError, match="wins should be a square table of finite points"):
        bradley_terry(wins)


@pytest.mark.parametrize("setting,message", [
    ({"prior": -1}, "prior should be a finite number ≥ 0"),
    ({"prior": math.nan}, "prior should be a finite number ≥ 0"),
    ({"tol": 0}, "tol should be a finite number > 0"),
    ({"steps": 0}, "steps should be an int ≥ 1"),
])
def test_bradley_terry_refuses_settings_out_of_range(setting, message):
    with pytest.raises(ValueError, match=message):
        bradley_terry(np.array([[0.0, 3.0], [1.0, 0.0]]), **setting)
    assert bradley_terry([[0, 3], [1, 0]], prior=0.0) == pytest.approx([3 ** 0.5, 3 ** -0.5])


@pytest.mark.parametrize("name", ["win_rates", "pairwise", "ratings", "plot"])
def test_the_rating_functions_take_only_a_tournament(name):
    import tabletop.arena as module

    with pytest.raises(TypeError, match=f"{name} takes an ArenaResult .*, not 'x'"):
        getattr(module, name)("x")


# --- head to head when an agent holds several seats ------------------------------------

def _one_against_many(rng, players, p_one, games):
    """``one`` in one seat against ``many`` in all the others; ``one`` wins with
    probability ``p_one``, else one of the ``many`` seats at random."""
    labels = ["one"] + ["many"] * (players - 1)
    played = []
    for i in range(games):
        seats = [""] * players
        for j, label in enumerate(labels):
            seats[(j + i) % players] = label
        mine = seats.index("one")
        others = [s for s in range(players) if s != mine]
        won = mine if rng.random() < p_one else rng.choice(others)
        played.append(GameResult(index=i, seed=i, seats=tuple(seats),
                                 scores=tuple(float(s == won) for s in range(players)),
                                 winners=(won,), length=1, finished=True, seconds=0.0,
                                 record={}))
    return ArenaResult("x", players, ("one", "many"), played)


def test_a_head_to_head_interval_counts_games_not_the_meetings_one_game_ties_together():
    """Four seats of one agent meet the fifth four times a game, and those meetings go
    together (when ``one`` wins it beats all four): an interval that took them for 4
    independent trials covered the true score in ~87 % of tournaments at 95 %."""
    table = _one_against_many(random.Random(0), 5, 0.4, 12).pairwise()
    assert table.games[0, 1] == 48 and table.played[0, 1] == 12
    rate = table.rate("one", "many")
    assert rate.games == 12 and rate.rate == pytest.approx(table.points[0, 1] / 48)
    truth = 0.4 + 0.6 * 0.5 * 3 / 4  # one's expected points per meeting
    rng = random.Random(1)
    covered = sum(r.low <= truth <= r.high for r in (
        _one_against_many(rng, 5, 0.4, 60).pairwise().rate("one", "many")
        for _ in range(300)))
    assert covered / 300 >= 0.94
    # a combined field whose games seat the pair unequally counts their effective number
    two = ArenaResult("x", 3, ("a", "b"), [
        GameResult(index=0, seed=0, seats=("a", "b", "b"), scores=(1.0, 0.0, 0.0),
                   winners=(0,), length=1, finished=True, seconds=0.0, record={}),
        GameResult(index=1, seed=1, seats=("a", "a", "b"), scores=(0.0, 0.0, 1.0),
                   winners=(2,), length=1, finished=True, seconds=0.0, record={}),
        GameResult(index=2, seed=2, seats=("a", "b", "a"), scores=(0.0, 1.0, 0.0),
                   winners=(1,), length=1, finished=True, seconds=0.0, record={})])
    assert two.pairwise().played[0, 1] == 3  # 2 meetings in each: as good as 3 games


def test_a_rating_that_rounds_to_nothing_reads_0_not_minus_0():
    """Elo shown as whole numbers: -0.4 points (or an interval's end just below zero) was
    written "-0" in the table and its HTML."""
    from tabletop.arena.ratings import Ratings
    from tabletop.core.testing.zeros import negative_zeros

    shown = Ratings(agents=("a", "b"), rating=(0.4, -0.4), low=(-30.2, -40.4),
                    high=(0.3, -0.2), games=(4, 4), confidence=0.95, samples=20)
    for text in (str(shown), shown._repr_html_()):
        assert not negative_zeros(text), text
    assert "-40 … 0" in str(shown) and "-30 … 0" in str(shown)
