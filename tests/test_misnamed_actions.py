"""Refusals that name what the caller gave, in the game's words.

* A malformed action never prints as the notation of another action (a refusal quotes what
  the caller built): the misnamed-action check, its broken toy, and Lacuna's and Landlock's
  actions, whose notation once looked fields up in tables (``Place(cell=-1)`` read ``k11``,
  ``SetAside(True)`` read ``aside orange``).
* A position builder refuses a wrong argument in its own words, not Python's: the
  builder-words check, its broken toy, and Lacuna's and Landlock's builders."""

import pytest
from toygame import SecretNim

import tabletop
from tabletop import IllegalAction
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.misnamed import check_misnamed_actions
from tabletop.games.lacuna import Place as LacunaPlace
from tabletop.games.lacuna import SetAside
from tabletop.games.landlock.actions import Bridge, Place

LANDLOCK = tabletop.load("landlock")
LACUNA = tabletop.load("lacuna")


def test_the_check_passes_a_sound_toy_and_catches_a_table_notation(registered):
    from broken_games35b_misnamed import TableNim

    check_misnamed_actions(registered(SecretNim), seeds=range(3), every=1)
    with pytest.raises(ConformanceError, match=r"the malformed TableBonus\(value=-1\) prints "
                                               r"as 'bonus 1', the notation of"):
        check_misnamed_actions(registered(TableNim), seeds=range(3), every=1)


EVERY_GAME = [LANDLOCK, tabletop.load("landlock", players=4), LACUNA,
              tabletop.load("lascaux", players=3), tabletop.load("lascaux", players=5),
              tabletop.load("lava-flows"), tabletop.load("lava-flows", memory=True)]
GAME_IDS = ["landlock", "landlock-4", "lacuna", "lascaux-3", "lascaux-5", "lava-flows",
            "lava-flows-memory"]


@pytest.mark.parametrize("game", EVERY_GAME, ids=GAME_IDS)
def test_no_action_of_any_game_is_misnamed(game):
    check_misnamed_actions(game, seeds=range(4), every=3)


@pytest.mark.parametrize("action, shown, reason", [
    (Place(-1, 0), "Place(cell=-1, rot=0)", "there is no cell -1: cells are 0 .. 120"),
    (Place(-39, 0), "Place(cell=-39, rot=0)", "there is no cell -39"),
    (Place(121, 0), "Place(cell=121, rot=0)", "there is no cell 121"),
    (Place(49, 5), "Place(cell=49, rot=5)", "there is no rotation 5: rotations are 0 .. 3"),
    (Place(True, 0), "Place(cell=True, rot=0)", "field 'cell' should be int, not True"),
    (Bridge(True), "Bridge(cell=True)", "field 'cell' should be int, not True"),
])
def test_landlock_refuses_a_malformed_placement_quoting_it_and_saying_why(action, shown,
                                                                          reason):
    s = LANDLOCK.new(seed=3).apply("land").apply("f6 r0")
    assert str(action) == shown
    assert s.is_legal(action) is False
    with pytest.raises(IllegalAction) as refused:
        s.apply(action)
    message = str(refused.value)
    assert message.startswith(f"{shown!r} is not legal here ({reason}")
    assert "well-formed" not in message  # the rules name the problem, not an exception


def test_landlock_refuses_a_bridge_on_no_cell_saying_which_cells_there_are():
    s = LANDLOCK.position(rows=["P S P", "S P S", "P S P"], top_left="e5", tile="bridge")
    with pytest.raises(IllegalAction, match=r"^'Bridge\(cell=-1\)' is not legal here \(there "
                                            r"is no cell -1: cells are 0 \.\. 120"):
        s.apply(Bridge(-1))
    assert str(Bridge(60)) == "bridge f6" and str(Place(60, 1)) == "f6 r1"


def test_lacuna_shows_a_bool_as_itself_not_as_a_colour_or_a_position():
    s = LACUNA.new(seed=1)
    assert str(SetAside(True)) == "SetAside(colour=True)" and str(SetAside(1)) == "aside orange"
    with pytest.raises(IllegalAction, match=r"^'SetAside\(colour=True\)' is not legal here "
                                            r"\(field 'colour' should be int, not True\)"):
        s.apply(SetAside(True))
    t = s.apply("aside red")
    assert str(LacunaPlace(0, 1, True)) == "Place(a=0, b=1, k=True)"
    with pytest.raises(IllegalAction, match=r"^'Place\(a=0, b=1, k=True\)' is not legal here"):
        t.apply(LacunaPlace(0, 1, True))


def test_lacuna_shows_a_place_written_the_other_way_round_as_itself():
    """(Found from outside: ``Place(16, 0, 1024)`` printed as ``place 16-0 @1``, which reads
    as ``place 0-16 @0``, another move; check_misnamed_actions now swaps two fields of a
    kind, so it fails the old notation.)"""
    t = LACUNA.new(seed=3).apply("aside red")
    assert str(LacunaPlace(16, 0, 1024)) == "Place(a=16, b=0, k=1024)"
    assert t.is_legal(LacunaPlace(16, 0, 1024)) is False


def test_the_builder_words_check_passes_a_sound_toy_and_catches_python_words(registered):
    from broken_games35b_builders import LiteralTakeAway
    from toygame import TakeAway

    from tabletop.core.testing.builders import check_position_builder

    check_position_builder(registered(TakeAway))
    with pytest.raises(ConformanceError, match=r"literal-take-away position\(pile=.*\): "
                                               r"refused in Python's words: "):
        check_position_builder(registered(LiteralTakeAway))


@pytest.mark.parametrize("game", EVERY_GAME, ids=GAME_IDS)
def test_every_games_builder_refuses_in_its_own_words(game):
    from tabletop.core.testing.builders import check_position_builder

    check_position_builder(game)


@pytest.mark.parametrize("build, said", [
    (lambda: LACUNA.position([(0, 0, "red")], collected=(1, 2)),
     r"^collected must be two lists of flower ids, one per player, not \(1, 2\)$"),
    (lambda: LANDLOCK.position(rows=[["P", "S"]], top_left="f6"),
     r"^rows are texts of cells like 'P S P', not \['P', 'S'\] \(row 1\)$"),
    (lambda: LANDLOCK.position(["f6 path r0"], pile=[["path"]]),
     r"^a tile kind is a name, a code or a number 0 \.\. 7 \(like 'path', 'SL' or 3\), "
     r"not \['path'\]$"),
])
def test_builder_arguments_of_the_wrong_shape_are_named(build, said):
    with pytest.raises(ValueError, match=said):
        build()


def test_a_role_in_capitals_is_shown_as_its_field_not_as_the_role_it_reads_as():
    """Notation is read in any case, so ``Role("LAND")`` printed ``LAND`` — text that is
    legal typed — in the refusal of the action itself."""
    from tabletop.games.landlock.actions import Role

    s = LANDLOCK.new(seed=1)
    assert str(Role("LAND")) == "Role(role='LAND')" and str(Role("land")) == "land"
    with pytest.raises(IllegalAction, match=r"""^"Role\(role='LAND'\)" is not legal here """
                                            r"\(the roles are land and water\)"):
        s.apply(Role("LAND"))
    assert s.apply("LAND").role(0) == "land"


def test_lascaux_and_lava_flows_show_a_field_no_table_holds_as_itself():
    from tabletop.games.lascaux.actions import Choose
    from tabletop.games.lava_flows.actions import Arrange, Bubble, Eject, Move

    assert [str(Choose(-1)), str(Choose(True)), str(Choose(6))] == [
        "Choose(colour=-1)", "Choose(colour=True)", "Choose(colour=6)"]  # not 'choose blue'
    assert str(Choose(5)) == "choose blue"
    assert str(Move("A1", "b1")) == "Move(src='A1', dst='b1')"  # not 'move a1-b1'
    assert str(Arrange("a1", "B1")) == "Arrange(black='a1', white='B1')"
    assert str(Bubble("a1", "WHITE")) == "Bubble(cell='a1', claim='WHITE')"
    assert str(Eject("b2", 2, "c2", "WBW")) == "Eject(cell='b2', depth=2, dst='c2', claim='WBW')"
    assert str(Bubble("a1", "white")) == "bubble a1 claim white"


@pytest.mark.parametrize("build, said", [
    (lambda: tabletop.load("lascaux", players=3).position(collections=[None]),
     "collections[0] should be a list of cards"),
    (lambda: tabletop.load("lascaux", players=3).position(table="deer blue/brown"),
     "table should be a list of cards"),
    (lambda: tabletop.load("lava-flows").position({"a1": 5}),
     "cells={'a1': 5}: a cell's stack is a text of pieces"),
])
def test_lascaux_and_lava_flows_builders_name_an_argument_of_the_wrong_shape(build, said):
    with pytest.raises(tabletop.core.InvalidOption, match=said.replace("[", "\\[")):
        build()
