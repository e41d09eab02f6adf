"""``check_repr_sizes`` (in ``check_abuse``): reprs a debugger can read. The four games and a
long sound toy pass; a toy whose state's repr grows by a board's worth a ply fails."""

import pytest
from broken_longgames import LongNim
from broken_reprs import DrawnOutNim, NotedNim, UnformattableNim

import tabletop
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.reprs import PER_PLY, check_format_specs, check_repr_sizes


@pytest.mark.parametrize(("name", "players"), [("lacuna", 2), ("lascaux", 5), ("lava-flows", 2),
                                               ("landlock", 4)])
def test_every_game_keeps_its_reprs_readable(name, players):
    check_repr_sizes(tabletop.load(name, players=players), range(3))


def test_a_long_game_of_lava_flows_grows_by_less_than_the_bound():
    check_repr_sizes(tabletop.load("lava-flows", ply_cap=5000), range(2))


def test_a_sound_long_toy_passes(registered):
    check_repr_sizes(registered(LongNim, pile=600), range(2))


def test_a_repr_growing_by_a_board_a_ply_is_caught(registered):
    with pytest.raises(ConformanceError, match=rf"repr is .* more than at the start "
                                               rf"\(at most {PER_PLY} a ply"):
        check_repr_sizes(registered(DrawnOutNim), range(1))


@pytest.mark.parametrize(("name", "players"), [("lacuna", 2), ("lascaux", 4), ("lava-flows", 2),
                                               ("landlock", 4)])
def test_a_format_spec_applies_to_the_text_in_every_game(name, players):
    """``f"{state:>5}"`` raised ``TypeError`` (round 58); it formats the text as a str does."""
    game = tabletop.load(name, players=players)
    state = game.new(seed=3, setup="random")
    assert f"{state:>5}" == f"{str(state):>5}" and f"{state:.20}" == str(state)[:20]
    assert f"{state.view(1):^300}" == f"{str(state.view(1)):^300}"
    assert f"{game:>80}" == f"{str(game):>80}" and f"{game}" == repr(game)
    assert f"{state.score_breakdown():.5}" == str(state.score_breakdown())[:5]
    check_format_specs(game, range(2))


def test_a_state_refusing_format_specs_is_caught(registered):
    with pytest.raises(ConformanceError, match=r'f"\{x:>5\}" on a UnformattableState raised '
                                               r"TypeError"):
        check_format_specs(registered(UnformattableNim), range(1))


def test_a_note_a_state_hands_out_refusing_format_specs_is_caught(registered):
    """Not only the state: what its queries return, when it writes its own text."""
    with pytest.raises(ConformanceError, match=r'\(NotedState\)\.notes\(\): a Note: '
                                               r'f"\{x:>5\}" on a Note raised TypeError'):
        check_format_specs(registered(NotedNim), range(1))


@pytest.mark.parametrize("options", [{}, {"memory": True}])
def test_lava_flows_announcements_and_oreos_format_as_their_text(options):
    """A table of announcements: ``f"{claim:<40}"`` raised ``TypeError`` (issue 3: the state
    shows which announcements were made and the Oreos present)."""
    game = tabletop.load("lava-flows", **options)
    state = game.position({"b2": "b B w", "a1": "W"}, to_move=0)
    state = state.apply("bubble b2 claim black")  # B w b: an Oreo
    (claim,) = state.claims
    oreos = state.oreos()
    assert oreos and claim
    for thing in (claim, *oreos, *state.view(1).claims, *state.view(1).oreos()):
        assert f"{thing:<60}|" == f"{str(thing):<60}|" and f"{thing:.6}" == str(thing)[:6]
        assert f"{thing}" == str(thing)
