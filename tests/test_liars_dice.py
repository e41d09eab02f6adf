"""A sixth game written from ``docs/adding-a-game.md`` alone (``tests/liars_dice``): one
round of Liar's Dice for three or four, with options of its own, hidden hands rolled by the
setup, two-part actions (``bid 3x5``), draws and scores that are not 0/1. Every generic
surface an outside user reaches takes it as it takes the shipped games: the conformance
suite, records, the widget, the agents, the tree, the adapters and the arena."""

import doctest
import importlib
import json
import pkgutil
import random

import liars_dice
import pytest
from liars_dice import Bid, Call, LiarsDice, LiarState

import tabletop
from tabletop.core.errors import IllegalAction, InvalidOption
from tabletop.core.registry import register, unregister
from tabletop.core.testing import check_game, playout
from tabletop.core.testing.abuse import CHECKS


@pytest.fixture
def game():
    register("liars-dice", "liars_dice.rules:LiarsDice")
    yield tabletop.load("liars-dice", players=4, dice=1)
    unregister("liars-dice")


def test_the_contract_holds_for_every_player_count_and_options(game):
    for players, options in [(3, {}), (4, {}), (3, {"dice": 1, "faces": 2}),
                             (4, {"dice": 3, "faces": 3})]:
        check_game(tabletop.load("liars-dice", players=players, **options), seeds=range(3))


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_every_promise_holds_under_abuse(game, check):
    check(game, range(2))


def at_call(game, dice, bid, first=0):
    """The state where the player after ``first``'s bid ``bid`` calls it a lie."""
    s = LiarState(game=game, first=first, bids=(), revealed=(), dice=dice)
    return s.apply(Bid(*bid)).apply(Call())


def test_the_loser_pays_every_other_player_and_spot_on_is_a_draw(game):
    dice = ((2,), (2,), (5,), (6,))
    lie = at_call(game, dice, (3, 2))          # two 2s, not three: Ann, who bid, loses
    assert lie.scores == (-3.0, 1.0, 1.0, 1.0) and lie.winners == (1, 2, 3)
    assert lie.returns() == (-1.0, 1.0, 1.0, 1.0)
    truth = at_call(game, dice, (1, 2))        # two 2s, more than one: Bo, who called, loses
    assert truth.scores == (1.0, -3.0, 1.0, 1.0) and truth.winners == (0, 2, 3)
    spot = at_call(game, dice, (2, 2))         # exactly two: nobody loses
    assert spot.scores == (0.0,) * 4 and spot.winners == () and spot.returns() == (0.0,) * 4
    assert "spot on: nobody loses" in str(spot.score_breakdown())


def test_each_player_sees_their_own_dice_until_the_call(game):
    s = game.new(seed=4)
    assert [s.view(p).known_dice()[p] for p in range(4)] == list(s.dice)
    assert all(s.view(p).known_dice()[q] is None for p in range(4) for q in range(4) if p != q)
    other = LiarState(game=game, first=s.first, bids=(), revealed=(),
                      dice=(s.dice[0], *(((7 - d[0]),) for d in s.dice[1:])))
    assert other.view(0) == s.view(0) and other.view(1) != s.view(1)
    over = s.apply("bid 1x1").apply("liar")
    assert over.view(2).known_dice() == over.dice


def test_refusals_say_why(game):
    s = game.new(seed=1)
    with pytest.raises(IllegalAction, match="there is no bid to call yet"):
        s.apply("liar")
    with pytest.raises(IllegalAction, match=r"a bid must beat 2x3"):
        s.apply("bid 2x3").apply("bid 2x2")
    with pytest.raises(IllegalAction, match=r"a bid is a quantity and a face, like 'bid 3x5'"):
        s.apply("bid 3")
    with pytest.raises(InvalidOption, match="dice=0 of liars-dice must be a whole number from 1"):
        LiarsDice(dice=0)
    with pytest.raises(InvalidOption, match="played by 3 or 4 players, not 2"):
        LiarsDice(players=2)


def test_records_replay_with_the_options_and_the_player_count(game):
    s = playout(game.new(seed=7), 7)
    record = json.loads(json.dumps(s.to_record()))
    assert record["players"] == 4 and record["options"] == {"dice": 1, "faces": 6}
    assert tabletop.replay(record) == s


def test_the_widget_bids_in_two_clicks_steps_back_and_saves(game):
    widget = tabletop.play("liars-dice", players=4, dice=1, seed=3, agent_delay=0,
                           panel_delay=0)

    def click(target):
        x0, y0, x1, y1 = widget.scene().targets()[target].bounds()
        return widget.click((x0 + x1) / 2, (y0 + y1) / 2)

    click(("quantity", 2))
    assert "face" in widget.hint and widget.state.history == ()
    click(("face", 5))
    widget.play("bid 3x1")
    assert widget.state.history == (Bid(2, 5), Bid(3, 1))
    widget.back()
    assert widget.state.history == (Bid(2, 5),)
    widget.forward()
    saved = widget.save()
    click(("liar",))
    assert widget.state.is_terminal and len(widget.state.winners) in (0, 3)
    widget.load(saved)
    assert widget.state.history == (Bid(2, 5), Bid(3, 1))


def test_agents_search_analyse_and_explore_it(game):
    from tabletop.agents import MCTSAgent
    from tabletop.core.tree import explore
    from tabletop.widgets.tree import TreeWidget

    s = game.new(seed=5).apply("bid 1x3")
    analysis = MCTSAgent(iterations=100, seed=1).analyse(s.view(s.current_player))
    assert len(analysis.top(1)[0].values) == 4 and analysis.choice in s.legal_actions()
    assert "<th>Di</th>" in analysis._repr_html_()
    # 24 opening bids; after the i-th, the 23 - i higher ones and the call
    assert explore(game.new(seed=1), depth=2).number_of_nodes() == 1 + 24 + sum(
        24 - i for i in range(24))
    assert TreeWidget(analysis).visible_nodes()


def test_the_adapters_take_it():
    pyspiel = pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from tabletop.adapters import openspiel, pettingzoo

    late = type("LateLiarsDice", (LiarsDice,), {"name": "liars-dice-late"})
    register(late.name, late)  # after the adapter was imported: registered at first use
    try:
        pyspiel.random_sim_test(openspiel.load_game(late.name, players=4, dice=1, seeds=20),
                                num_sims=3, serialize=True, verbose=False)
        assert pyspiel.load_game("tabletop_liars_dice_late").num_players() == 3
        api_test(pettingzoo.env(late.name, players=3, dice=1), num_cycles=30)
    finally:
        unregister(late.name)


def test_a_short_tournament_shares_the_wins_of_a_round(game):
    from tabletop.arena import arena

    result = arena("liars-dice", ["random", ("mcts", {"iterations": 10}), "random"],
                   games=6, seed=0, progress=False, dice=1)
    assert all(len(g.winners) in (0, 2) for g in result.games)  # all but the loser, or none
    decided = sum(1 for g in result.games if g.winners)
    assert sum(s.wins for s in result.summary()) == pytest.approx(decided)  # a win is shared


def test_a_golden_playthrough_is_written_with_its_options(game, tmp_path):
    from tabletop.core.golden import main, regenerate

    main(["liars_dice.rules:LiarsDice", "--players", "4", "--option", "dice=1",
          "--option", "faces=3", "--seed", "2", "--out", str(tmp_path)])
    written = (tmp_path / "liars-dice-4p-dice=1-faces=3-seed2.txt").read_text(encoding="utf-8")
    assert '"options": {"dice": 1, "faces": 3}' in written and regenerate(written) == written


MODULES = ["liars_dice", *sorted(
    m.name for m in pkgutil.walk_packages(liars_dice.__path__, "liars_dice."))]


@pytest.mark.parametrize("name", MODULES)
def test_its_docstring_examples_run(game, name):
    result = doctest.testmod(importlib.import_module(name), verbose=False,
                             optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted and result.failed == 0, f"{result} in {name}"


def test_random_play_ends_within_the_declared_length(game):
    rng = random.Random(0)
    for seed in range(20):
        s = game.new(seed=seed)
        while not s.is_terminal:
            s = s.apply(rng.choice(s.legal_actions()))
        assert len(s.history) <= game.max_game_length


def test_the_suite_holds_under_its_variants(game):
    from tabletop.core.testing import check_variants

    assert [g.players for g in check_variants(game)] == [4]
