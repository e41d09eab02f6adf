"""A mistyped game, bot, option or option value ends in one line naming the choices and
the nearest match ("did you mean 'lascaux'?"), not a traceback into tabletop's internals."""

import subprocess
import sys

import pytest

import tabletop
from tabletop.agents import MCTSAgent, make_agent, resolve_agent
from tabletop.core.choices import nearest, unknown
from tabletop.core.errors import CallerError, InvalidOption, UnknownAgent, UnknownGame

GAMES = "'lacuna', 'lascaux', 'lava-flows', 'landlock'"


def raised(call, error=CallerError):
    """The error ``call()`` raises, checked to be one line that IPython shows alone."""
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert "\n" not in message and len(message) < 400
    assert info.value._render_traceback_() == [f"{type(info.value).__name__}: {message}"]
    return message


def test_nearest_ignores_case_and_separators_and_wants_a_near_match():
    games = tabletop.games()
    assert nearest("LASCAUX", games) == "lascaux"
    assert nearest("lava_flows", games) == "lava-flows"
    assert nearest("landlok", games) == "landlock"
    assert nearest("flows lava", games) == "lava-flows"
    assert nearest("chess", games) is None
    assert nearest(3, games) is None and nearest("x" * 10_000, games) is None
    assert unknown("game", "x" * 10_000, games).startswith("no game called 'xxxx")
    assert len(unknown("game", "x" * 10_000, games)) < 200


@pytest.mark.parametrize("call, message", [
    (lambda: tabletop.load("lascux"),
     f"no game called 'lascux'; did you mean 'lascaux'? known games: {GAMES}"),
    (lambda: tabletop.play("Lava Flows"),
     f"no game called 'Lava Flows'; did you mean 'lava-flows'? known games: {GAMES}"),
    (lambda: tabletop.play("chess"), f"no game called 'chess'; known games: {GAMES}"),
])
def test_a_game_name(call, message):
    assert raised(call, UnknownGame) == message


def test_a_bot_name_in_play():
    message = raised(lambda: tabletop.play("lacuna", bots={1: "mtcs"}), UnknownAgent)
    assert message == ("no agent called 'mtcs'; did you mean 'mcts'? known agents: 'random', "
                       "'mcts-weak', 'mcts', 'mcts-strong', or an object with act(view); "
                       "'human' leaves the seat to a person")
    assert "did you mean 'mcts-weak'?" in raised(lambda: resolve_agent("mcts_waek"), UnknownAgent)
    assert "did you mean" not in raised(lambda: resolve_agent("alphazero"), UnknownAgent)
    assert raised(lambda: make_agent(3), UnknownAgent).startswith("no agent called 3; known agents")


def test_an_agent_name_and_strength():
    assert raised(lambda: make_agent("mtcs"), UnknownAgent).startswith(
        "no agent called 'mtcs'; did you mean 'mcts'? known agents: 'random', 'mcts-weak', "
        "'mcts', 'mcts-strong'")
    assert raised(lambda: MCTSAgent(strength="strnog"), InvalidOption).endswith(
        "; did you mean 'strong'?")


@pytest.mark.parametrize("call, message", [
    (lambda: tabletop.load("lascaux", player=3),
     "lascaux has no option 'player'; did you mean 'players'? options: strict_colour=False"),
    (lambda: tabletop.load("lava-flows", plycap=9),
     "lava-flows has no option 'plycap'; did you mean 'ply_cap'? options: slide='onto'"),
    (lambda: tabletop.load("lava-flows", slide="onot"),
     "option slide='onot' of lava-flows must be one of 'onto' or 'empty'; did you mean 'onto'?"),
    (lambda: tabletop.load("lava-flows").new(setup="randm"),
     "setup='randm' is not one of decide or random; did you mean 'random'?"),
    (lambda: tabletop.play("lascaux", players=3, bot={1: "mcts"}),
     "play() has no option 'bot'; did you mean 'bots'? options: bots, view"),
    (lambda: tabletop.play("lascaux", colour_strict=True),
     "play() has no option 'colour_strict'; did you mean 'strict_colour'?"),
    (lambda: tabletop.play("landlock", view="ful"),
     "view must be 'full' (or None) or a player number 0..1, not 'ful'; did you mean 'full'?"),
    (lambda: tabletop.play("landlock", bots={5: "mcts"}),
     "bots={5: …}: landlock has no player 5; its players are 0..1"),
])
def test_an_option_name_or_value(call, message):
    assert raised(call, InvalidOption).startswith(message)


@pytest.mark.parametrize("name", tabletop.games())
def test_a_seat_named_by_its_player_says_its_number(name):
    """Issue 16: a bots= typo names the valid choices and the nearest match; a seat keyed by
    its player's name (as the board and the turn line call it) names the number it means."""
    players = tabletop.load(name).player_counts[-1]
    game = tabletop.load(name, players=players)
    for seat in range(players):
        spelt = game.player_name(seat).upper()
        message = raised(lambda key=spelt: tabletop.play(name, players=players,
                                                         bots={key: "random"}), InvalidOption)
        assert message.endswith(f"({spelt!r} is player {seat}: bots={{{seat}: …}})")
    message = raised(lambda: tabletop.play(name, players=players, bots={"nobody": "random"}),
                     InvalidOption)
    assert f"1 is {game.player_name(1)}" in message


def test_ipython_shows_the_one_line_and_no_traceback():
    code = ("import tabletop\n"
            "tabletop.play('lascux')\n")
    out = subprocess.run([sys.executable, "-m", "IPython", "--colors=NoColor", "--quick",
                          "-c", code], capture_output=True, text=True, timeout=120)
    shown = (out.stdout + out.stderr).strip().splitlines()
    assert shown == [f"UnknownGame: no game called 'lascux'; did you mean 'lascaux'? "
                     f"known games: {GAMES}"]


@pytest.mark.parametrize("spec", ["human", "Human", " HUMAN ", None, ("human", {})])
def test_a_seat_is_made_human_spelt_as_agents_are(spec):
    """``"human"`` is read as agents' names are (case and spaces do not count)."""
    assert tabletop.play("lacuna", bots={1: "Random"}).session.seats[1] is not None
    assert tabletop.play("lacuna", bots={1: spec}).session.seats == [None, None]
    widget = tabletop.play("lascaux", players=3, bots={1: "random", 2: "random"})
    widget.set_seat(2, spec)
    assert widget.session.seats[2] is None


@pytest.mark.parametrize("spec, nearest", [("humna", "human"), (("mtcs", {}), "mcts"),
                                           ("chess", None)])
def test_a_wrong_seat_names_human_among_the_choices(spec, nearest):
    widget = tabletop.play("lacuna")
    message = raised(lambda: widget.set_seat(1, spec), UnknownAgent)
    name = spec[0] if isinstance(spec, tuple) else spec
    assert message.startswith(f"no agent called '{name}'; ")
    assert ("did you mean" not in message if nearest is None
            else f"did you mean '{nearest}'?" in message)
    assert message.endswith("'human' leaves the seat to a person")
    assert widget.session.seats == [None, None]



def test_human_with_options_is_refused_in_one_line():
    widget = tabletop.play("lacuna", bots={1: "random"})
    message = raised(lambda: widget.set_seat(1, ("Human", {"x": 1})), InvalidOption)
    assert message == "'human' takes no options (a person plays the seat), not {'x': 1}: " \
                      "give 'human' alone"
    assert widget.session.seats[1] is not None
