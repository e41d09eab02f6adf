"""Arguments of the arena, the adapters, the tree counts, golden files and the teaching
helpers: each refused when given, with a short message naming it (probe 26, findings 6–13
and 17)."""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import numpy as np
import pytest

import tabletop
from tabletop.agents import MCTSAgent, resolve_agent
from tabletop.arena import arena, load
from tabletop.arena.ratings import ratings
from tabletop.core.golden import HEADER, playthrough, regenerate
from tabletop.core.tree import expand, explore, perft
from tabletop.teaching import WinRate
from tabletop.teaching.winrate import games_needed

HUGE = 10**5000
LONG = "x" * 10**6


@pytest.fixture(scope="module")
def result():
    return arena("lascaux", {"a": "random", "b": "random", "c": "random"}, games=3,
                 progress=False)


@pytest.fixture(scope="module")
def lascaux():
    return tabletop.load("lascaux", players=3).new(seed=1, setup="random")


def short(err: pytest.ExceptionInfo[BaseException]) -> bool:
    return len(str(err.value)) < 400


# --- 6: perft and expand ------------------------------------------------------------------

@pytest.mark.parametrize("depth", [-1, 1.5, "a", True, None])
def test_perft_checks_its_depth(lascaux, depth):
    with pytest.raises(ValueError, match="depth must be an int ≥ 0, not "):
        perft(lascaux, depth)


def test_perft_takes_a_numpy_depth_and_refuses_what_is_no_state(lascaux):
    assert perft(lascaux, np.int64(1)) == perft(lascaux, 1) == len(lascaux.legal_actions())
    with pytest.raises(TypeError, match="perft needs a full State, not LascauxView"):
        perft(lascaux.view(0), 1)


@pytest.mark.parametrize("node", [999, "x", -1, None])
def test_expand_names_a_node_the_graph_does_not_have(lascaux, node):
    graph = explore(lascaux, depth=1)
    with pytest.raises(ValueError, match=r"expand needs a node of the graph \(0 \.\. \d+\), "
                                         r"not "):
        expand(graph, node)


# --- 7: ratings and the result's lookups ----------------------------------------------------

@pytest.mark.parametrize("samples", [10**12, 10**6 + 1, -1, 2.5, "5", True])
def test_ratings_bound_their_samples(result, samples):
    with pytest.raises(ValueError, match="samples should be an int from 0 to 1,000,000"):
        result.ratings(samples=samples)


@pytest.mark.parametrize("confidence", [-1, 0, 1, 2, math.nan, "x", 10**400],
                         ids=["-1", "0", "1", "2", "nan", "x", "10**400"])
def test_ratings_check_their_confidence(result, confidence):
    with pytest.raises(ValueError, match="confidence should be a number between 0 and 1"):
        result.ratings(samples=5, confidence=confidence)


@pytest.mark.parametrize("seed", ["a", 1.5, -1, 2**64, None])
def test_ratings_check_their_seed(result, seed):
    with pytest.raises(ValueError, match=r"seed should be an int from 0 to 2\*\*64 - 1"):
        result.ratings(samples=5, seed=seed)


@pytest.mark.parametrize("prior", [-1, 0, math.nan, math.inf, "1"])
def test_ratings_check_their_prior(result, prior):
    with pytest.raises(ValueError, match="prior should be a finite number > 0"):
        ratings(result, samples=5, prior=prior)


def test_ratings_take_numpy_settings(result):
    assert (ratings(result, samples=np.int64(5), seed=np.int64(1), confidence=np.float64(0.9))
            == ratings(result, samples=5, seed=1, confidence=0.9))


def test_unknown_agents_are_named_with_the_known_ones(result):
    with pytest.raises(KeyError, match="no agent 'zzz' in this tournament; agents: 'a', 'b'"):
        result.ratings(samples=5)["zzz"]
    with pytest.raises(KeyError, match="no agent 'z' in this tournament; agents: 'a', 'b'"):
        result.pairwise().rate("a", "z")
    with pytest.raises(KeyError, match="no agent an integer of about 5001 digits"):
        result.ratings(samples=5, anchor=HUGE)
    with pytest.raises(KeyError, match="no agent 'xxx") as err:
        result.win_rate(LONG)
    assert short(err)
    with pytest.raises(KeyError, match="no agent 1 "):
        result.win_rate(1)
    assert result.pairwise().rate("a", "b").games == 3


# --- 8: settings too large for a float; games_needed ---------------------------------------

@pytest.mark.parametrize("setting, message", [
    ("seconds", "seconds must be a finite number > 0 and at most 86,400 (a day)"),
    ("exploration", "exploration must be a finite number ≥ 0"),
    ("score_weight", "score_weight must be a number from 0 to 1"),
])
def test_agent_settings_too_large_for_a_float_are_refused(setting, message):
    refusal = re.escape(message + ", not an integer of about 401 digits")
    with pytest.raises(ValueError, match=refusal):
        MCTSAgent(**{setting: 10**400})


def test_arena_move_time_too_large_for_a_float_is_refused():
    with pytest.raises(ValueError, match="move_time must be a finite number of seconds"):
        arena("lascaux", ["random"] * 3, games=1, progress=False, move_time=10**400)


def test_win_rates_and_games_needed_refuse_huge_numbers():
    with pytest.raises(ValueError, match=r"games should be an int ≥ 0 \(at most 1e\+15\), not an "
                                         "integer of about 5001 digits"):
        WinRate(wins=10**400, games=HUGE)
    with pytest.raises(ValueError, match="wins should be a number from 0 to games=10, not an "):
        WinRate(wins=10**400, games=10)
    with pytest.raises(ValueError, match="confidence should be a number between 0 and 1"):
        WinRate(1, 2, confidence=10**400)
    with pytest.raises(ValueError, match="margin should be a number above 0 and at most 1"):
        games_needed(10**400)
    with pytest.raises(ValueError, match="rate should be a win rate from 0 to 1"):
        games_needed(0.1, rate=10**400)


@pytest.mark.parametrize("margin", [1e-300, 5e-324, 1e-9])
def test_games_needed_refuses_a_margin_too_small_to_count(margin):
    with pytest.raises(ValueError, match="is too small: it needs more than 1e"):
        games_needed(margin)


def test_games_needed_still_counts():
    assert (games_needed(0.05), games_needed(0.1), games_needed(0.05, rate=0.8)) == (385, 97,
                                                                                       246)
    assert games_needed(1e-300, rate=1.0) == games_needed(0.5, rate=0.0) == 1


# --- 9: messages quote user values briefly --------------------------------------------------

def test_agent_specs_are_quoted_briefly():
    with pytest.raises(TypeError, match="not an integer of about 5001 digits"):
        resolve_agent(HUGE)
    with pytest.raises(TypeError, match="not a list of 1000000 items"):
        resolve_agent(list(range(10**6)))
    with pytest.raises(TypeError, match="not an integer of about 5001 digits"):
        arena("lava-flows", [HUGE, "random"], games=1, progress=False)


def test_arena_settings_are_quoted_briefly(result):
    with pytest.raises(TypeError, match="not an integer of about 5001 digits"):
        arena("lava-flows", ["random"] * 2, games=1, progress=False, executor=HUGE)
    with pytest.raises(ValueError, match="errors should be one of .*, not an integer"):
        arena("lava-flows", ["random"] * 2, games=1, progress=False, errors=HUGE)
    with pytest.raises(ValueError, match="errors should be one of") as err:
        arena("lava-flows", ["random"] * 2, games=1, progress=False, errors=LONG)
    assert short(err)
    with pytest.raises(ValueError, match="kind should be one of .*, not an integer"):
        result.plot(kind=HUGE)


# --- 10, 12: OpenSpiel ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def tos():
    pytest.importorskip("pyspiel")
    from tabletop.adapters import openspiel

    return openspiel


def test_openspiel_takes_numpy_numbers(tos):
    game = tos.load_game("lascaux", players=np.int64(3), seed=np.int64(3))
    assert game.num_players() == 3 and game.new_initial_state().tabletop.seed == 3
    assert tos.load_game("lascaux", players=3, seeds=np.int64(5)).max_chance_outcomes() == 5


@pytest.mark.parametrize("name, options, error, message", [
    (5, {}, tabletop.UnknownGame, "no game called 5"),
    ("lascux", {}, tabletop.UnknownGame, "did you mean 'lascaux'"),
    ("lascaux", {"players": 3.0}, tabletop.InvalidOption, "played by 3, 4 or 5 players, not 3.0"),
    ("lascaux", {"players": HUGE}, tabletop.InvalidOption, "not an integer of about 5001"),
    ("lascaux", {"players": 3, "mat": 1}, tabletop.InvalidOption, "has no option 'mat'"),
])
def test_openspiel_load_game_refuses_with_tabletops_messages(tos, name, options, error,
                                                              message):
    with pytest.raises(error, match=message):
        tos.load_game(name, **options)


def test_openspiel_options_may_be_numpy(tos):
    game = tos.load_game("lascaux", players=np.int64(4), strict_colour=np.True_)
    assert game.new_initial_state().get_game().tabletop.options["strict_colour"] is True


@pytest.mark.parametrize("seeds", [10**12, 10**5 + 1, 0, True, 2.0])
def test_openspiel_bounds_its_seeds(tos, seeds):
    with pytest.raises(ValueError, match="seeds .* must be from 1 to 100,000, not "):
        tos.load_game("lascaux", players=3, seeds=seeds)


def test_openspiel_quotes_a_huge_seed_briefly(tos):
    with pytest.raises(ValueError, match="not an integer of about 5001 digits"):
        tos.load_game("lascaux", players=3, seed=HUGE)


@pytest.mark.parametrize("outcome", [5, 5000, 2**63 - 1])
def test_openspiel_chance_node_takes_only_its_seeds(tos, outcome):
    state = tos.load_game("lascaux", players=3, seeds=5).new_initial_state()
    with pytest.raises(tabletop.IllegalAction, match=r"chance outcome \d+ is not a seed 0 \.\. 4"):
        state.apply_action(outcome)
    assert state.is_chance_node() and state.tabletop is None
    state.apply_action(4)
    assert state.tabletop.seed == 4


def test_openspiel_chance_outcomes_and_strings_check_the_node_and_player(tos):
    import pyspiel

    state = tos.load_game("lascaux", players=3, seeds=5).new_initial_state()
    assert state.action_to_string(-1, 2) == "seed 2"
    with pytest.raises(tabletop.IllegalAction, match="chance outcome 7 is not a seed"):
        state.action_to_string(-1, 7)
    state.apply_action(1)
    with pytest.raises(pyspiel.SpielError, match="this is no chance node"):
        state.chance_outcomes()
    action = state.legal_actions()[0]
    for player in (99, 3, -5):
        with pytest.raises(ValueError, match=r"player must be 0 \.\. 2 \(or -1: chance\)"):
            state.action_to_string(player, action)
    assert state.action_to_string(0, action) == str(state.tabletop.action_from_id(action))


# --- 10, 13: PettingZoo -----------------------------------------------------------------------

@pytest.fixture(scope="module")
def pz():
    pytest.importorskip("pettingzoo")
    from tabletop.adapters import pettingzoo

    return pettingzoo


def test_pettingzoo_reset_takes_a_numpy_seed(pz):
    first, second = pz.raw_env("lascaux", players=3), pz.raw_env("lascaux", players=3)
    first.reset(seed=np.int64(3))
    second.reset(seed=3)
    assert first.tabletop == second.tabletop and first.tabletop.seed == 3
    first.reset()
    second.reset()
    assert first.tabletop == second.tabletop


@pytest.mark.parametrize("seed", [True, 2**64, -1, 1.5, "3"])
def test_a_refused_reset_changes_nothing(pz, seed):
    environment = pz.raw_env("lascaux", players=3)
    environment.reset(seed=1)
    before = (environment.tabletop, environment.np_random.bit_generator.state)
    with pytest.raises(tabletop.InvalidOption, match="seed must be an int from 0 to 2"):
        environment.reset(seed=seed)
    assert (environment.tabletop, environment.np_random.bit_generator.state) == before


def test_pettingzoo_reset_refuses_options_it_cannot_change(pz):
    environment = pz.raw_env("lascaux", players=3)
    for key in ("players", "setup", "strict_colour"):
        with pytest.raises(tabletop.InvalidOption, match=f"reset cannot change '{key}'"):
            environment.reset(options={key: 9})
    with pytest.raises(TypeError, match="reset's options should be a dict, not 5"):
        environment.reset(options=5)
    environment.reset(seed=2, options={"anything": 1})  # as PettingZoo's api_test asks


@pytest.mark.parametrize("agent", ["player_9", 0, "x", None])
def test_pettingzoo_names_its_agents_for_an_unknown_one(pz, agent):
    environment = pz.raw_env("lascaux", players=3)
    environment.reset(seed=1)
    for call in (environment.observe, environment.observation_space,
                 environment.action_space):
        with pytest.raises(KeyError, match="in this environment; its agents: player_0, "
                                           "player_1, player_2"):
            call(agent)


@pytest.mark.parametrize("action", [1.5, "0", True, np.float64(0.0)])
def test_pettingzoo_step_takes_only_an_int_id(pz, action):
    environment = pz.raw_env("lascaux", players=3)
    environment.reset(seed=1)
    before = environment.tabletop
    with pytest.raises(ValueError):
        environment.step(action)
    assert environment.tabletop == before


def test_pettingzoo_step_takes_numpy_ids_and_refuses_none(pz):
    environment = pz.raw_env("lascaux", players=3)
    environment.reset(seed=1)
    with pytest.raises(ValueError, match="player_0 is still playing: step needs an action id"):
        environment.step(None)
    legal = list(environment.tabletop.legal_action_ids())
    environment.step(np.int64(legal[0]))
    assert len(environment.tabletop.history) == 1


def test_pettingzoo_state_is_the_global_state(pz):
    environment = pz.env("lascaux", players=3)
    environment.reset(seed=1)
    stacked = environment.state()
    raw = environment.unwrapped
    assert stacked.shape == (3, *raw.game.observation_shape)
    assert raw.state_space.contains(stacked)
    assert np.array_equal(stacked[1], raw.tabletop.view(1).observation())


# --- 11: a damaged dataset -------------------------------------------------------------------

@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    folder = tmp_path_factory.mktemp("arena") / "saved"
    arena("lascaux", ["random"] * 3, games=2, progress=False, save=folder, batch=5)
    return folder


def damaged(saved: Path, where: Path, header=None, line=None) -> Path:
    folder = where / "copy"
    shutil.copytree(saved, folder)
    if header is not None:
        (folder / "arena.json").write_text(
            header((folder / "arena.json").read_text(encoding="utf-8")), encoding="utf-8")
    if line is not None:
        batch = folder / "games" / "batch-00000.jsonl"
        lines = batch.read_text(encoding="utf-8").splitlines()
        lines[1] = line(lines[1])
        batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def edited(**changes):
    return lambda text: json.dumps({**json.loads(text), **changes})


DEEP = "[" * 100_000 + "]" * 100_000
HEADERS = {
    "players text": (edited(players="x"), "'players' should be an int ≥ 1, not 'x'"),
    "players 1e400": (lambda t: t.replace('"players": 3', '"players": 1e400'),
                      "'players' should be an int ≥ 1, not inf"),
    "agents 5": (edited(agents=5), "'agents' should be a list of 3 labels, not 5"),
    "agents too few": (edited(agents=["a"]), "'agents' should be a list of 3 labels"),
    "game 5": (edited(game=5), "'game' should be a game's name, not 5"),
    "deep": (lambda t: DEEP, "it is nested too deeply"),
    "not json": (lambda t: "{x", "Expecting property name"),
}


@pytest.mark.parametrize("case", HEADERS)
def test_a_damaged_header_is_an_invalid_record(saved, tmp_path, case):
    change, message = HEADERS[case]
    folder = damaged(saved, tmp_path, header=change)
    with pytest.raises(tabletop.InvalidRecord, match="arena.json is not a tournament's header: "
                                                     + message):
        load(folder)
    with pytest.raises(tabletop.InvalidRecord, match="arena.json is not a tournament's header"):
        arena("lascaux", ["random"] * 3, games=3, progress=False, save=folder, batch=5)


LINES = {
    "index 1e400": (lambda t: t.replace('"index":1', '"index":1e400'),
                    "'index' should be an int ≥ 0, not inf"),
    "index text": (edited(index="1"), "'index' should be an int ≥ 0, not '1'"),
    "seed float": (edited(seed=2.5), r"'seed' should be an int from 0 to 2\*\*64 - 1"),
    "seats": (edited(seats="abc"), "'seats' should be a list of 3 labels"),
    "scores nan": (lambda t: t.replace('"scores":[', '"scores":[NaN,'),
                   "'scores' should be a list of 3 numbers"),
    "winners": (edited(winners=[7]), r"'winners' should be a list of seats 0 \.\. 2"),
    "finished": (edited(finished="no"), "'finished' should be true or false"),
    "record": (edited(record=[1]), "'record' should be a game record"),
    "error seat": (edited(error={"seat": "x", "kind": "error", "message": "m"}),
                   "'error' should be null or an object with 'seat'"),
    "deep": (lambda t: DEEP, "it is nested too deeply"),
    "list": (lambda t: "[1]", "it should be an object, not"),
    "huge int": (lambda t: t.replace('"index":1', '"index":' + "9" * 5000),
                 "it holds a number too long to read"),
}


@pytest.mark.parametrize("case", LINES)
def test_a_damaged_game_line_is_an_invalid_record_naming_it(saved, tmp_path, case):
    change, message = LINES[case]
    folder = damaged(saved, tmp_path, line=change)
    where = r"batch-00000\.jsonl line 2 is not a game of a tournament: "
    for verify in (False, True):
        with pytest.raises(tabletop.InvalidRecord, match=where + message) as err:
            load(folder, verify=verify)
        assert short(err)
    with pytest.raises(tabletop.InvalidRecord, match=where + message):
        arena("lascaux", ["random"] * 3, games=3, progress=False, save=folder, batch=5)


def test_an_untouched_dataset_still_loads_and_verifies(saved):
    assert len(load(saved, verify=np.True_)) == 2


@pytest.mark.parametrize("value", ["yes", 1, None])
def test_load_verify_and_arena_progress_are_flags(saved, value):
    with pytest.raises(TypeError, match="verify should be True or False"):
        load(saved, verify=value)
    with pytest.raises(TypeError, match="progress should be True or False"):
        arena("lascaux", ["random"] * 3, games=1, progress=value)


# --- 17: arena players and labels; golden files -------------------------------------------

@pytest.mark.parametrize("players", [0, False, -1, 1.5, "3"])
def test_arena_players_are_checked(players):
    with pytest.raises(ValueError, match="players must be an int ≥ 1, or None"):
        arena("lascaux", ["random"] * 3, games=1, progress=False, players=players)


def test_arena_players_may_be_numpy():
    assert arena("lascaux", ["random"] * 3, games=1, progress=False,
                 players=np.int64(3)).players == 3


def test_arena_refuses_two_entrants_with_one_label():
    with pytest.raises(ValueError, match="two entrants of the agents mapping are labelled "
                                         "'1'"):
        arena("lascaux", {1: "random", "1": "random", "b": "random"}, games=1,
              progress=False)
    with pytest.raises(TypeError, match="the agents mapping's keys are labels"):
        arena("lascaux", {HUGE: "random", "a": "random", "b": "random"}, games=1,
              progress=False)


def golden(settings: object) -> str:
    return HEADER + "\n" + (settings if isinstance(settings, str) else json.dumps(settings))


@pytest.mark.parametrize("settings, message", [
    ({"game": "lascaux", "players": 3, "options": {}, "seed": 2.9}, "an int seed, not 2.9"),
    ({"game": "lascaux", "players": 3, "options": {}, "seed": "3"}, "an int seed, not '3'"),
    ('{"game": "lascaux", "players": 3, "options": {}, "seed": 1e400}', "an int seed, not inf"),
    ({"game": "lascaux", "players": 3, "options": [], "seed": 1}, "the options as an object"),
    ({}, "should be an object with 'game', 'players', 'options' and 'seed'"),
    (DEEP, "nested too deeply"),
], ids=["seed float", "seed text", "seed 1e400", "options list", "empty", "deep"])
def test_golden_settings_are_checked(settings, message):
    with pytest.raises(ValueError, match=message):
        regenerate(golden(settings))


def test_golden_playthrough_checks_its_arguments():
    with pytest.raises(TypeError, match="playthrough needs a Game"):
        playthrough("lava-flows", 1)
    with pytest.raises(ValueError, match="max_steps must be an int ≥ 0, not 'x'"):
        playthrough(tabletop.load("lava-flows"), 1, max_steps="x")
    game = tabletop.load("lava-flows")
    assert playthrough(game, np.int64(2), max_steps=1) == playthrough(game, 2, max_steps=1)


@pytest.mark.parametrize("game", [5, None, ["lascaux"]])
def test_arena_game_is_a_name_or_a_game(game):
    with pytest.raises(TypeError, match="game should be a game's name or a Game, not "):
        arena(game, ["random"] * 3, games=1, progress=False)


def test_arena_bounds_its_games_and_seeds():
    with pytest.raises(ValueError, match=r"games must be an int ≥ 1 \(at most 10,000,000\), "
                                         "not an integer of about 401 digits"):
        arena("lascaux", ["random"] * 3, games=10**400, progress=False)
    with pytest.raises(ValueError, match=r"seed must be an int ≥ 0 \(at most 2\*\*64 - games "
                                         r"= 18446744073709551606\), not 18446744073709551607"):
        arena("lascaux", ["random"] * 3, games=10, seed=2**64 - 9, progress=False)
    last = arena("lascaux", ["random"] * 3, games=2, seed=2**64 - 2, progress=False)
    assert [g.seed for g in last.games] == [2**64 - 2, 2**64 - 1]


def test_a_stray_file_among_the_batches_does_not_stop_a_resume(saved, tmp_path):
    folder = damaged(saved, tmp_path)
    (folder / "games" / "batch-notes.txt").write_text("mine", encoding="utf-8")
    resumed = arena("lascaux", ["random"] * 3, games=3, progress=False, save=folder, batch=5)
    assert len(resumed) == 3 and (folder / "games" / "batch-00001.jsonl").exists()


@pytest.mark.parametrize("answer", [HUGE, [1] * 10**6, {HUGE}, LONG],
                         ids=["huge", "long list", "set of a huge", "long text"])
def test_a_task_answers_any_answer_in_a_short_message(answer):
    from tabletop.teaching import Task

    verdict = Task("How many?", lambda n: n == 6, solution=6).answer(answer)
    assert not verdict.right and len(verdict.message) < 400
