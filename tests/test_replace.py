"""``dataclasses.replace`` on states and views (``core/testing/replacing.py``, and
``core.derived.derived``): a position made by it answers as its fields say, in every game;
a field kept for speed and carried over by ``replace`` is caught."""

import dataclasses

import pytest
from broken_derived import DerivedNim, StaleNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.common import random_playout
from tabletop.core.testing.replacing import check_out_of_range, check_replace


@pytest.mark.parametrize("name, players", [(name, players) for name in tabletop.games()
                                           for players in tabletop.load(name).player_counts])
def test_every_game_answers_as_its_fields_say_after_replace(name, players):
    check_replace(tabletop.load(name, players=players), seeds=range(3))


def test_a_field_carried_over_by_replace_is_caught(registered):
    with pytest.raises(ConformanceError, match=r"answers legal_actions\(\) with .* "
                                               r"uncompared: takes_open; declare it derived"):
        check_replace(registered(StaleNim), seeds=range(3))


def test_a_derived_field_is_worked_out_again(registered):
    game = registered(DerivedNim)
    check_replace(game, seeds=range(3))
    state = game.new(seed=1)
    assert dataclasses.replace(state, pile=1).takes_open == (1,)
    # not an argument: worked out (Python's refusal: ValueError, TypeError from 3.13)
    with pytest.raises((ValueError, TypeError), match="init=False"):
        dataclasses.replace(state, takes_open=(2,))


@pytest.mark.parametrize("name", ["lacuna", "lava-flows", "landlock"])
def test_a_what_if_by_replace_takes_the_turn_and_moves_from_its_fields(name):
    # the user's what-if: a late position of one game put into an early one of another
    early = list(random_playout(tabletop.load(name), seed=1))[3]
    late = list(random_playout(tabletop.load(name), seed=2))[-8]
    tuple(early.legal_actions())  # its memos filled
    values = {f.name: getattr(late, f.name) for f in dataclasses.fields(late)
              if f.init and f.compare}
    made = dataclasses.replace(early, **values)
    assert made == late and made.current_player == late.current_player
    assert tuple(made.legal_actions()) == tuple(late.legal_actions())
    assert made.view(0) == late.view(0)


def test_a_field_out_of_range_that_breaks_the_game_later_is_caught(registered):
    from broken_ranges import UncheckedNim

    # (its first finding: a pile of -1 its state takes and each of its views refuses)
    with pytest.raises(ConformanceError, match=r"replace\(position, pile=\.\.\.\) with -1 "
                                               r"was accepted, and then ValueError: "
                                               r"\"NimView: field 'pile'"):
        check_replace(registered(UncheckedNim), seeds=range(2))


def test_a_value_that_breaks_only_the_views_of_a_state_without_a_record_is_caught(registered):
    # a state made by replace has no record (InvalidRecord): the views are asked all the same
    from broken_ranges import LooseNim

    with pytest.raises(ConformanceError, match=r"replace\(position, first=\.\.\.\) with -1 "
                                               r"was accepted, and then ValueError: "
                                               r"\"NimView: field 'first'"):
        check_out_of_range(registered(LooseNim), seeds=range(2))


def test_declared_ranges_refuse_the_value_at_once(registered):
    from broken_ranges import CheckedNim

    game = registered(CheckedNim)
    check_replace(game, seeds=range(2))
    with pytest.raises(ValueError, match=r"CheckedState: field 'first' should be an int "
                                         r"0\.\.1, not 1000000"):
        dataclasses.replace(game.new(seed=1), first=10**6)


def test_a_string_field_looked_up_without_a_range_is_caught(registered):
    from broken_ranges import MoodyNim

    with pytest.raises(ConformanceError, match=r"replace\(position, mood=\.\.\.\) with the "
                                               r"empty string was accepted, and then "
                                               r"KeyError"):
        check_replace(registered(MoodyNim), seeds=range(2))


def test_a_declared_string_range_refuses_a_wild_string_at_once(registered):
    from broken_ranges import SteadyNim

    game = registered(SteadyNim)
    check_replace(game, seeds=range(2))
    with pytest.raises(ValueError, match=r"SteadyState: field 'mood' should be one of 'calm' or "
                                         r"'keen', not '\?'"):
        dataclasses.replace(game.new(seed=1), mood="?")


@pytest.mark.parametrize("name, field, value, message", [
    ("lava-flows", "lock", 10**6, r"LavaState: field 'lock' should be an int -1\.\.8"),
    ("lava-flows", "to_move", 10**6, r"field 'to_move' should be an int 0\.\.1"),
    ("lava-flows", "cones", (-1,) * 8, r"field 'cones' should be a tuple of 9, each an int "
                                       r"-1\.\.1, not .* \(of 8\)"),
    ("lava-flows", "positions", ("1-1/" + "x" * 10**5,), r"field 'positions' should be a "
                                                         r"tuple of 0 to 201, each a string"),
    ("lava-flows", "positions", ("0-1/........./||||||||",) * 202, r"'positions' .* 0 to 201"),
    ("lascaux", "start", 10**6, r"LascauxState: field 'start' should be an int 0\.\.2"),
    ("lascaux", "current_player", -1, r"field 'current_player' should be an int 0\.\.2"),
    ("lascaux", "table", (10**6,), r"field 'table' should be .* \(item 0 is 1000000\)"),
    ("lacuna", "start", 10**6, r"LacunaState: field 'start' should be an int 0\.\.1"),
    ("lacuna", "collected", (-1, 0), r"field 'collected' should be a tuple of 2, each an int"),
    ("landlock", "first", 10**6, r"LandlockState: field 'first' should be an int 0\.\.1"),
    ("landlock", "pile", (99,), r"field 'pile' should be a tuple of 0 to \d+, each an int"),
])
def test_a_value_out_of_range_is_refused_at_once_naming_the_field(name, field, value, message):
    state = tabletop.load(name).new(seed=3)
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(state, **{field: value})
    for player in range(state.game.players):  # views, too, for the fields they share
        if field in {f.name for f in dataclasses.fields(state.view(player)) if f.init}:
            with pytest.raises(ValueError, match=message.replace(r"State:", r"View:")):
                dataclasses.replace(state.view(player), **{field: value})


def test_a_declaration_narrower_than_the_games_own_play_is_caught(registered):
    from broken_ranges import CrampedNim

    with pytest.raises(ConformanceError, match=r"ply \d+: the game reached this position, but "
                                               r"rebuilt from its own fields it is refused: "
                                               r"CrampedState: field 'takes' should be an int "
                                               r"0\.\.2, not 3"):
        check_replace(registered(CrampedNim), seeds=range(2))


def test_a_lava_flows_stack_of_every_piece_and_an_empty_hiding_place_is_a_position():
    # Seed 188's game stacks 12 pieces and an empty hiding place in one cell by ply 39; the
    # stacks' range once said 12 letters, so that position, rebuilt, was refused.
    from tabletop.core.testing.soak import soak_one

    game = tabletop.load("lava-flows")
    assert soak_one(game, 188) > 39
    state = game.new(seed=1)
    deep = ("WBwbwbwb2WB5WB",) + ("",) * 8
    assert dataclasses.replace(state, stacks=deep).stacks == deep
    with pytest.raises(ValueError, match=r"field 'stacks' should be a tuple of 9, each a "
                                         r"string of at most 14 of"):
        dataclasses.replace(state, stacks=("W" + deep[0],) + deep[1:])


def test_a_game_swapped_for_another_player_count_that_breaks_later_is_caught(registered):
    """``dataclasses.replace(state, game=<the game for another player count>)`` (round 58):
    refused at once, or the position its fields say under that game, answering everything."""
    from broken_ranges import SeatedTakeAway

    with pytest.raises(ConformanceError, match=r"replace\(position, game=\.\.\.\) with the "
                                               r"same game for another player count .* "
                                               r"accepted, and then ValueError: "
                                               r"\"SeatedView: field 'last'"):
        check_out_of_range(registered(SeatedTakeAway, players=3), seeds=range(2))


def test_a_game_swap_its_fields_do_not_fit_is_refused_at_once(registered):
    from broken_ranges import SeatCheckedTakeAway

    game = registered(SeatCheckedTakeAway, players=3)
    check_out_of_range(game, seeds=range(2))
    state = game.new(seed=0).apply("take 1").apply("take 1")
    with pytest.raises(ValueError, match=r"SeatCheckedState: field 'turn' should be an int "
                                         r"0\.\.1, not 2"):
        dataclasses.replace(state, game=tabletop.core.registry.game_class(game.name)(players=2))


@pytest.mark.parametrize("name", ["lascaux", "landlock"])
def test_swapping_the_player_count_of_a_real_game(name):
    """Lascaux's per-player fields refuse another count at once; a 2-player Landlock
    position is a 4-player one (teams: players 0 and 2, 1 and 3) with no history or seed."""
    state = list(random_playout(tabletop.load(name), seed=1))[5]
    other = tabletop.load(name, players=4)
    if name == "lascaux":
        with pytest.raises(ValueError, match=r"LascauxState: field '\w+' should be a tuple "
                                             r"of 4"):
            dataclasses.replace(state, game=other)
        return
    made = dataclasses.replace(state, game=other)
    assert made.game == other and made.board == state.board and made.history == ()
    assert made.legal_actions() == state.legal_actions()
    with pytest.raises(tabletop.InvalidRecord, match="dataclasses.replace"):
        made.to_record()
