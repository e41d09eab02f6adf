"""Hand-built malformed actions and odd option values get the library's own errors."""

import math

import pytest

import tabletop
from tabletop.games.lacuna import actions as lacuna
from tabletop.games.landlock import actions as landlock
from tabletop.games.lascaux import actions as lascaux
from tabletop.games.lava_flows import actions as lava

MALFORMED = [
    ("lascaux", 3, lascaux.Choose(99), "no colour number 99"),
    ("lascaux", 3, lascaux.Choose(None), "field 'colour' should be int, not None"),
    ("landlock", 2, landlock.Place(999, 0), "not legal here"),
    ("landlock", 2, landlock.Bridge("d4"), "field 'cell' should be int, not 'd4'"),
    ("lacuna", 2, lacuna.Place(0, 1, 512.0), "field 'k' should be int, not 512.0"),
    ("lacuna", 2, lacuna.Place(0, 1, 10**5000), "not legal here"),
    ("lava-flows", 2, lava.Eject("a1", "x", "a2", "zzz"), "field 'depth' should be int"),
    ("lava-flows", 2, lava.Eject(["a1"], 0, "a2", ""), "field 'cell' should be str, not"),
]


@pytest.mark.parametrize("name, players, action, reason", MALFORMED,
                         ids=[f"{m[0]}-{i}" for i, m in enumerate(MALFORMED)])
def test_a_malformed_action_is_refused_with_a_reason(name, players, action, reason):
    state = tabletop.load(name, players=players).new(seed=1)
    assert state.is_legal(action) is False
    with pytest.raises(tabletop.IllegalAction, match=reason) as refused:
        state.apply(action)
    assert "may play" in str(refused.value) and len(str(refused.value)) < 2000


def test_a_rule_that_trips_over_a_field_names_the_action_as_malformed():
    # Landlock looks Place cells up in its tables: 999 is none of them.
    state = tabletop.load("landlock").new(seed=1, setup="random")
    state = state.apply(state.legal_actions()[0])
    with pytest.raises(tabletop.IllegalAction, match=r"Place\(cell=999, rot=0\)"):
        state.apply(landlock.Place(999, 0))


def test_a_long_input_is_quoted_cut_short():
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    with pytest.raises(tabletop.IllegalAction) as refused:
        state.apply(lava.Move("a" * 100_000, "b1"))
    assert len(str(refused.value)) < 2000 and "…" in str(refused.value)


@pytest.mark.parametrize("name, options, allowed", [
    ("lacuna", {"players": 2.0}, "played by 2 players, not 2.0"),
    ("lascaux", {"players": True}, "not True"),
    ("lascaux", {"players": 10**5000}, "not an integer of about 5001 digits"),
    ("lacuna", {"flower_radius": math.nan}, "from 0.0001 to 0.1"),
    ("lacuna", {"flower_radius": math.inf}, "from 0.0001 to 0.1"),
    ("lacuna", {"pawn_radius": -math.inf}, "from 0.0001 to 0.1"),
    ("lacuna", {"pawn_radius": 1e-300}, "from 0.0001 to 0.1"),
    ("lacuna", {"mat_radius": 10**400}, "from 0.5 to 2"),
    ("lacuna", {"mat_radius": "1"}, "from 0.5 to 2"),
    ("lava-flows", {"ply_cap": 2.0}, "should be of type int"),
    ("lava-flows", {"ply_cap": 10**400}, "from 1 to 100000"),
    ("lava-flows", {"ply_cap": 0}, "from 1 to 100000"),
    ("lava-flows", {"memory": 1}, "should be of type bool"),
    ("landlock", {"gnomes": None}, "should be of type str"),
])
def test_an_odd_option_is_refused_up_front_with_the_allowed_range(name, options, allowed):
    with pytest.raises(tabletop.InvalidOption, match=allowed):
        tabletop.load(name, **options)


@pytest.mark.parametrize("player", [-1, 3, 10**5000, True, "0", None, 1.0],
                         ids=["-1", "3", "huge", "True", "str", "None", "float"])
def test_a_player_number_out_of_range_is_refused_by_views_and_logs(player):
    state = tabletop.load("lascaux", players=3).new(seed=1, setup="random")
    with pytest.raises(ValueError, match="player must be 0..2"):
        state.view(player)
    if player is not None:
        with pytest.raises(ValueError, match="player must be 0..2"):
            state.log(player)


@pytest.mark.parametrize("name", tabletop.games())
def test_a_games_defaults_cannot_be_changed_for_later_loads(name):
    game = tabletop.load(name)
    with pytest.raises(TypeError):
        game.defaults["speed"] = 3  # type: ignore[index]
    assert "speed" not in tabletop.load(name).defaults


@pytest.mark.parametrize("x", ["1e-100000000", "1." * 40_000, math.nan, math.inf, None])
def test_lacuna_positions_refuse_a_pawn_coordinate_that_is_no_short_number(x):
    game = tabletop.load("lacuna")
    with pytest.raises(ValueError, match="pawn 0's x must be a number"):
        game.position([(0.1, 0.1, 0), (0.2, 0.2, 0)], pawns=[(x, 0, 0)])


@pytest.mark.parametrize("mine, theirs", [(a, b) for a in tabletop.games()
                                          for b in tabletop.games() if a != b])
def test_another_games_action_is_refused_saying_whose_it_is(mine, theirs):
    state = tabletop.load(mine).new(seed=2, setup="random")
    other = tabletop.load(theirs)
    stranger = other.new(seed=2, setup="random").legal_actions()[0]
    assert not state.is_legal(stranger)
    for method in (state.apply, state.action_id):
        with pytest.raises(tabletop.IllegalAction,
                           match=f"an action of {other.title}, not of {state.game.title}"):
            method(stranger)
