"""The worked example of ``docs/adding-a-game.md``: Goofspiel, a game package written outside
the library by following that page, passes the whole conformance suite once registered."""

import doctest
import importlib
import pkgutil
import random

import goofspiel
import pytest
from goofspiel import Bid, Goofspiel

import tabletop
from tabletop.core.errors import IllegalAction, InvalidOption
from tabletop.core.registry import register, unregister
from tabletop.core.testing import check_game
from tabletop.core.testing.abuse import CHECKS


@pytest.fixture
def game():
    register("goofspiel", "goofspiel.rules:Goofspiel")
    yield tabletop.load("goofspiel")
    unregister("goofspiel")


def test_the_contract_holds(game):
    check_game(game, seeds=range(4))
    check_game(tabletop.load("goofspiel", cards=2), seeds=range(4))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_every_promise_holds_under_abuse(game, check):
    check(game, range(2))


def test_the_higher_bid_takes_the_prize_and_a_tie_discards_it(game):
    s = game.new(seed=5)
    prize = s.prize
    t = s.apply("bid 4").apply("bid 2")
    assert t.taken == ((prize,), ()) and t.rounds == ((prize, 4, 2),)
    assert t.hands == ((1, 2, 3, 5), (1, 3, 4, 5))
    u = t.apply("bid 1").apply("bid 1")
    assert u.taken == t.taken and u.rounds[-1] == (t.prize, 1, 1)
    assert "1 prize discarded on a tie" in str(u.score_breakdown())


def test_south_bids_without_seeing_norths_bid(game):
    s = game.new(seed=5).apply("bid 5")
    assert s.view(1).own_bid is None and s.view(0).own_bid == 5
    assert s.log(viewer=1) == ("bid ?",) and s.log(viewer=0) == ("bid 5",)
    assert s.view(1) == game.new(seed=5).apply("bid 1").view(1)


def test_the_game_ends_with_the_hands_and_the_best_sum_wins(game):
    s = game.new(seed=9)
    rng = random.Random(9)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    assert len(s.rounds) == 5 and s.hands == ((), ())
    assert sum(s.scores) + sum(p for p, a, b in s.rounds if a == b) == 15
    best = max(s.scores)
    assert s.winners == (() if s.scores[0] == s.scores[1] else (s.scores.index(best),))


def test_refusals_say_why(game):
    s = game.new(seed=1).apply("bid 3").apply("bid 2")
    with pytest.raises(IllegalAction, match=r"North holds no 3 \(has 1 2 4 5\)"):
        s.apply(Bid(3))
    with pytest.raises(IllegalAction, match="a card must be a whole number from 1 to 13"):
        s.apply("bid 99")
    with pytest.raises(InvalidOption):
        Goofspiel(cards=1)


def test_it_plays_in_the_widget_by_clicking(game):
    widget = tabletop.play("goofspiel", seed=2, agent_delay=0, panel_delay=0)
    scene = widget.scene()
    x0, y0, x1, y1 = scene.targets()[("card", 3)].bounds()
    widget.click((x0 + x1) / 2, (y0 + y1) / 2)
    assert widget.state.history == (Bid(3),)


EXAMPLE_MODULES = ["goofspiel", *sorted(
    m.name for m in pkgutil.walk_packages(goofspiel.__path__, "goofspiel."))]


@pytest.mark.parametrize("name", EXAMPLE_MODULES)
def test_the_examples_docstring_examples_run(game, name):
    """The worked example's own docstring examples (``test_doctests`` covers ``tabletop``
    alone); each registers the game, which the fixture forgets again."""
    result = doctest.testmod(importlib.import_module(name), verbose=False,
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and result.failed == 0, f"{result} in {name}"


def test_the_suite_holds_under_its_variants(game):
    from tabletop.core.testing import check_variants

    assert [dict(g.options) for g in check_variants(game)] == [{"cards": 2}]
