"""Objects of one game or setting handed where another's belong, outside the rules (which
``check_foreign`` and ``check_arguments`` cover): each is refused by name, never met by an
error from deep inside or taken silently."""

import importlib

import pytest

import tabletop
from tabletop.games.lacuna import click_to_place
from tabletop.teaching import Exercise


@pytest.mark.parametrize("name", [n for n in tabletop.games() if n != "lacuna"])
def test_click_to_place_refuses_another_games_position(name):
    other = tabletop.load(name).new(seed=1, setup="random")
    for subject in (other, other.view(0)):
        # it was an AttributeError: 'LandlockState' object has no attribute 'points'
        with pytest.raises(TypeError, match=f"takes a lacuna state or view, not "
                                            f"{type(subject).__name__}"):
            click_to_place(subject, 0, 1, (236, 37))
    with pytest.raises(TypeError, match="not 'lacuna'"):
        click_to_place("lacuna", 0, 1, (236, 37))


def test_click_to_place_takes_a_lacuna_state_of_any_setting_and_its_view():
    for options in ({}, {"mat_radius": 2.0}):
        state = tabletop.load("lacuna", **options).new(seed=1).apply("aside red")
        for subject in (state, state.view(state.current_player)):
            placed = click_to_place(subject, 0, 1, (236, 37))
            assert placed is None or state.is_legal(placed)


def test_an_exercises_wrong_answers_must_be_of_its_game():
    lava = tabletop.load("lava-flows").new(seed=1)
    lacuna = tabletop.load("lacuna").new(seed=1)
    right = str(lava.legal_actions()[0])
    wrong_game = lacuna.legal_actions()[0]
    # it was kept as its text ('aside red') and met as a learner's typo
    with pytest.raises(ValueError, match="the wrong answer 'aside red' is an action of "
                                         "Lacuna, not of Lava Flows"):
        Exercise(lava, "q", right=lambda before, a, after: str(a) == right,
                 wrong=[lava.legal_actions()[1], wrong_game])
    # text, and the game's own actions (illegal ones too), are still listed as before
    made = Exercise(lava, "q", right=lambda before, a, after: str(a) == right,
                    wrong=[lava.legal_actions()[1], "move a1-c3"])
    assert made.wrong == (str(lava.legal_actions()[1]), "move a1-c3")


def _named_holders():
    game = tabletop.load("landlock")
    state = game.new(seed=1)
    return [("Landlock", game), ("LandlockState", state), ("LandlockView", state.view(0))]


@pytest.mark.parametrize("kind, given", _named_holders())
def test_a_game_or_position_given_for_a_name_says_which_name(kind, given):
    # it was "no game called Landlock(...); known games: ...", read as a misspelt name
    calls = [tabletop.load]
    for module, name in (("pettingzoo", "env"), ("openspiel", "load_game")):
        try:  # (each adapter is an optional extra)
            calls.append(getattr(importlib.import_module(f"tabletop.adapters.{module}"), name))
        except ImportError:
            pass
    for call in calls:
        with pytest.raises(tabletop.UnknownGame,
                           match=rf"no game called {kind}\(\.\.\.\): a game is named by a "
                                 rf"string; this {kind} is of tabletop.load\('landlock', "
                                 rf"players=2, gnomes='end'\), named 'landlock'"):
            call(given)
    with pytest.raises(tabletop.UnknownGame, match="no game called 5; known games"):
        tabletop.load(5)


def test_an_openspiel_game_given_for_a_name_to_load_game():
    openspiel = pytest.importorskip("tabletop.adapters.openspiel")
    game = openspiel.load_game("landlock")
    # it was pybind11's "__eq__(): incompatible function arguments"
    with pytest.raises(tabletop.UnknownGame, match=r"a game is named by a string; .* "
                                                   r"named 'landlock'"):
        openspiel.load_game(game)


@pytest.mark.parametrize("name, opponents, counts", [
    ("lascaux", 1, "3, 4 or 5"), ("lascaux", 5, "3, 4 or 5"), ("landlock", 2, "2 or 4"),
    ("lava-flows", 2, "2"),
])
def test_an_agent_task_by_name_seats_a_player_count_of_its_game(name, opponents, counts):
    from tabletop.teaching import AgentTask

    # it was "the stored solution 'random' is not a right answer: check(random) is false."
    # (every answer, the solution's too, stopped on the player count)
    with pytest.raises(ValueError, match=rf"'{name}' is played by {counts} players, but the "
                                         rf"task seats {opponents + 1}: the answer and "
                                         rf"{opponents} opponent"):
        AgentTask("q", name, ["random"] * opponents, 0.1, solution="random", games=2)
    AgentTask("q", "landlock", ["random"] * 3, 0.1, solution="random", games=2)  # 4 seats


def _branched():
    from tabletop.core.timeline import Timeline

    state = tabletop.load("lava-flows").new(seed=1)
    timeline = Timeline(state)
    timeline.play(state.legal_actions()[0])
    timeline.back()
    timeline.play(state.legal_actions()[1])  # nodes 0 -> 1 and 0 -> 2
    return state, timeline


def test_save_timeline_refuses_a_state_and_a_line_that_is_not_one():
    from tabletop.core.branches import save_timeline

    state, timeline = _branched()
    # it was AttributeError: 'LavaState' object has no attribute 'line'
    with pytest.raises(TypeError, match=r"save_timeline takes a Timeline, not LavaState.*: "
                                        r"a state's own record is state.to_record\(\)"):
        save_timeline(state)
    # [1, 2] (two siblings) wrote node 2's line and silently lost the branch to node 1
    for line in ([1, 2], [2]):
        with pytest.raises(ValueError, match=r"line should run from the start to node 2 "
                                             r"\(\[0, 2\], timeline.path_to\(2\)\)"):
            save_timeline(timeline, line=line)
    with pytest.raises(TypeError, match="line should be a list of the timeline's nodes"):
        save_timeline(timeline, line="01")
    with pytest.raises(KeyError, match="no node 99"):
        save_timeline(timeline, line=[0, 99])
    record = save_timeline(timeline, line=[0, 1])
    assert record["actions"] == [str(state.legal_actions()[0])]
    assert record["branches"] == [{"actions": [str(state.legal_actions()[1])]}]
    assert save_timeline(timeline) == save_timeline(timeline, line=[0, 2])


def test_a_float32_option_is_the_number_it_was_written_as():
    import numpy as np

    # it was refused: "mat_radius=1.2999999523162842 ... must be ... a multiple of 0.0001"
    sizes = np.linspace(1.0, 2.0, 11, dtype=np.float32)
    games = [tabletop.load("lacuna", mat_radius=size) for size in sizes]
    assert [g.options["mat_radius"] for g in games] == [float(f"{1 + k / 10:.1f}")
                                                         for k in range(11)]
    assert tabletop.load("lacuna", mat_radius=np.float32(1.3)) == tabletop.load(
        "lacuna", mat_radius=1.3)
    with pytest.raises(tabletop.InvalidOption, match="0.33333334"):
        tabletop.load("lacuna", mat_radius=np.float32(1 / 3))  # not a multiple of 0.0001
