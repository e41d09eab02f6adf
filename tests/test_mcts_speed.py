"""The MCTS core's shortcuts for speed give what the plain search gives: UCB over a node
whose moves were all tried (``ucb_choice``), the untried slots kept per node, the rollout
loop over its draws (``islice`` of ``rng.random`` calls), a wide node's order drawn as far
as its window reaches, rewards added player by player (``credit``), ``margin_value``'s clip
without ``min``/``max``, a counted search's loop without the clock, its logarithms
listed before it starts, and a move seen alike by all (a game that redacts nothing) observed
without describing it per player."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.agents.analysis import Node, credit, ucb_choice
from tabletop.agents.mcts import _Search, margin_value, margin_value_of, open_slots, outcome
from tabletop.core.game import State
from tabletop.core.shuffling import shuffle
from tabletop.core.testing import random_states

GAMES = [("lacuna", 2), ("landlock", 2), ("landlock", 4), ("lascaux", 3), ("lascaux", 5),
         ("lava-flows", 2)]


def plain_ucb(children: Sequence[Node], player: int, c: float, logs: Sequence[float]) -> int:
    """The search's original scan: the index of the first child of highest value."""
    best, best_u = -1, -math.inf
    for i, child in enumerate(children):
        child.avail += 1
        u = child.total[player] / child.visits + c * math.sqrt(logs[child.avail]
                                                                / child.visits)
        if u > best_u:
            best_u, best = u, i
    return best


def random_children(rng: random.Random, players: int) -> list[Node]:
    """Children with random statistics, often tied (equal stats), some value NaN or -inf."""
    kids = []
    for k in range(rng.randrange(1, 12)):
        child = Node(k, str(k), 0, players)
        child.visits = rng.choice((1, 2, 3, rng.randrange(1, 500)))
        child.avail = child.visits + rng.choice((0, 0, 1, rng.randrange(0, 300)))
        child.total = [rng.choice((0.0, 0.5, 1.0, rng.random())) * child.visits
                       for _ in range(players)]
        if rng.random() < 0.05:
            child.total[0] = rng.choice((math.nan, -math.inf))
        kids.append(child)
    if rng.random() < 0.3:  # exact ties
        kids = [kids[0]] + [_copy(kids[0], k) for k in range(1, len(kids))]
    return kids


def _copy(node: Node, k: int) -> Node:
    twin = Node(k, str(k), node.actor, len(node.total))
    twin.visits, twin.avail, twin.total = node.visits, node.avail, list(node.total)
    return twin


def test_ucb_choice_is_the_plain_scan():
    rng = random.Random(20)
    logs = [-math.inf] + [math.log(a) for a in range(1, 1000)]
    for _ in range(3000):
        players = rng.choice((2, 3, 5))
        kids = random_children(rng, players)
        twins = [_copy(k, k.action) for k in kids]
        player = rng.randrange(players)
        c = rng.choice((0.7, 0, 1, 1.9))
        expected = plain_ucb(twins, player, c, logs)
        got = ucb_choice(kids, player, c, logs)
        assert (-1 if got is None else kids.index(got)) == expected
        assert [k.avail for k in kids] == [t.avail for t in twins]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 25, 40, 63, 64, 65, 127, 128, 129, 300])
def test_core_shuffle_is_rng_shuffle(n):
    """``core.shuffling.shuffle`` (Landlock's determinizations) is ``rng.shuffle``, draw for
    draw; a subclass of ``Random`` is asked to shuffle itself."""
    for seed in range(40):
        mine, theirs = random.Random(seed), random.Random(seed)
        order, expected = list(range(n)), list(range(n))
        theirs.shuffle(expected)
        shuffle(order, mine)
        assert order == expected
        assert mine.getstate() == theirs.getstate()

    class Reversing(random.Random):
        def shuffle(self, x):  # type: ignore[override]
            x.reverse()

    order = list(range(n))
    shuffle(order, Reversing(1))
    assert order == list(range(n))[::-1]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 65, 300])
def test_open_slots_settles_a_random_order_step_by_step(n):
    """Settled in steps as the window grows or all at once, the same draws give the same
    order; each settled entry costs one draw; the slots stay a permutation."""
    for seed in range(40):
        stepwise, at_once = list(range(n)), list(range(n))
        mine, theirs = random.Random(seed), random.Random(seed)
        opened = 0
        for window in (2, 3, 3, 1, 5, 9, 40, 400):
            opened = open_slots(stepwise, opened, window, mine.random)
            assert opened == min(n, max(opened, window))
        assert open_slots(at_once, 0, 400, theirs.random) == n
        assert stepwise == at_once and sorted(stepwise) == list(range(n))
        assert mine.getstate() == theirs.getstate()
        fresh = random.Random(seed)
        for _ in range(n):  # one draw per slot settled
            fresh.random()
        assert fresh.getstate() == mine.getstate()


def test_open_slots_draws_every_slot_alike():
    """The first slot of a 5-slot order is each slot about a fifth of the time, and so is
    the third (a forward Fisher–Yates: uniform, not merely a permutation)."""
    rng = random.Random(3)
    firsts, thirds = [0] * 5, [0] * 5
    for _ in range(20_000):
        order = list(range(5))
        open_slots(order, 0, 3, rng.random)
        firsts[order[0]] += 1
        thirds[order[2]] += 1
    assert all(3700 < k < 4300 for k in firsts + thirds), (firsts, thirds)


def plain_rollout(state: State, rng: random.Random, depth: int, agent: MCTSAgent) -> list:
    """The search's original rollout: one pick per move, counting down ``depth``."""
    while state.current_player is not None:
        if depth <= 0:
            return list(agent.evaluate(state)) if agent.evaluate else margin_value(state)
        state = state._apply(state._pick(rng.random()))
        depth -= 1
    return outcome(state, agent.score_weight)


@pytest.mark.parametrize("name, players", GAMES)
def test_rollout_is_the_plain_rollout(name, players):
    game = tabletop.load(name, players=players)
    for where, state in random_states(game, seeds=range(2), every=7):
        for depth in (0, 1, 5, 400):
            agent = MCTSAgent(iterations=1, seed=3, rollout_depth=depth, score_weight=0.25)
            search = _Search(agent, state.view(state.current_player or 0), ())
            theirs = random.Random(3)
            expected = plain_rollout(state, theirs, depth, agent)
            assert search._rollout(state) == expected, where
            assert agent.rng.getstate() == theirs.getstate(), where


@pytest.mark.parametrize("name, players", GAMES)
def test_a_move_is_observed_as_every_player_describes_it(name, players):
    """A game that keeps the core's ``describe`` (Lacuna, Landlock) is observed without
    asking it; what the search keeps is what the per-player descriptions give, every game."""
    game = tabletop.load(name, players=players)
    opened = False
    for where, state in random_states(game, seeds=range(2), every=5):
        actor = state.current_player
        if actor is None:
            continue
        search = _Search(MCTSAgent(iterations=1), state.view(actor), ())
        opened |= search.open_moves
        for action in list(state.legal_actions())[:40]:
            labels = tuple(game.describe(action, actor, p) for p in range(players))
            keys = tuple(action if seen == str(action) else ("seen", actor, seen)
                         for seen in labels)
            plain = tuple(key is action for key in keys)
            assert search._observed(action, actor) == (keys, labels, plain, all(plain)), where
    assert opened == (name in ("lacuna", "landlock"))


def nodes(root: Node) -> list[Node]:
    """Every node of the search's trees, once."""
    seen: dict[int, Node] = {}
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) not in seen:
            seen[id(node)] = node
            stack.extend(node.children.values())
    return list(seen.values())


@pytest.mark.parametrize("name, players", GAMES)
@pytest.mark.parametrize("widen_from", [64, 3])
def test_untried_lists_the_empty_slots(name, players, widen_from):
    """At every narrow node, ``untried`` is the indices of the untried slots, in order; and
    every child in the tree was visited (``ucb_choice`` divides by its visits)."""
    game = tabletop.load(name, players=players)
    for where, state in random_states(game, seeds=range(2), every=11):
        if state.is_terminal:
            continue
        agent = MCTSAgent(iterations=60, seed=1, widen_from=widen_from, rollout_depth=4)
        root = agent.analyse(state.view(state.current_player)).root
        for node in nodes(root):
            assert node is root or node.visits > 0, where
            if node.legal is not None and len(node.slots) <= widen_from:
                empty = [i for i, child in enumerate(node.slots) if child is None]
                assert node.untried == empty, where


def test_credit_is_the_plain_sum():
    """``credit``'s adds written out per player count give the sums of the plain loop."""
    rng = random.Random(4)
    for _ in range(500):
        players = rng.randrange(1, 8)
        nodes = [Node(None, "", 0, players) for _ in range(rng.randrange(1, 5))]
        plain = [[0.0] * players for _ in nodes]
        for _ in range(rng.randrange(1, 6)):
            size = players if rng.random() < 0.8 else rng.randrange(1, players + 1)
            reward = [rng.random() for _ in range(size)]
            some = rng.sample(range(len(nodes)), rng.randrange(1, len(nodes) + 1))
            credit([nodes[i] for i in some], reward, players)
            for i in some:
                plain[i] = [t + (reward[p] if p < size else 0.0)
                            for p, t in enumerate(plain[i])]
        assert [node.total for node in nodes] == plain


def test_margin_value_clips_as_min_max():
    """``margin_value_of`` clips without ``min``/``max`` calls, to the same floats (and 2
    players, written out, give the loop's floats: every count from 1 to 5 is drawn)."""
    rng = random.Random(6)
    for _ in range(3000):
        n = rng.randrange(1, 6)
        scores = [rng.choice((0, 1, 2, 50, -3, rng.uniform(-40, 40), math.nan))
                  for _ in range(n)]
        scale = rng.choice((2.0, 0.5, 1e-300, 3))
        mean = sum(scores) / n
        plain = [min(1.0, max(0.0, 1 / n + math.tanh((s - mean) / scale) / 2)) for s in scores]
        assert repr(margin_value_of(scores, scale)) == repr(plain)  # -0.0 and NaN too


def tree_numbers(root: Node) -> list:
    """Every node's move, visits, avail and totals, in the order the tree is walked."""
    return [(str(n.action), n.label, n.visits, n.avail, n.total) for n in nodes(root)]


@pytest.mark.parametrize("name, players", GAMES)
def test_a_counted_search_is_the_clocked_loop(name, players):
    """With a count alone the loop skips the clock and makes the ``log``s in doubling blocks:
    the same search as the clocked loop (given time to spare), which grows ``logs`` one by
    one."""
    game = tabletop.load(name, players=players)
    for where, state in random_states(game, seeds=range(2), every=13):
        if state.is_terminal:
            continue
        view = state.view(state.current_player)
        counted, clocked = MCTSAgent(iterations=30, seed=5), MCTSAgent(iterations=30, seed=5,
                                                                       seconds=86_400)
        mine, theirs = counted.analyse(view), clocked.analyse(view)
        assert mine.iterations == theirs.iterations, where
        assert tree_numbers(mine.root) == tree_numbers(theirs.root), where
        assert counted.rng.getstate() == clocked.rng.getstate(), where


def test_logs_are_math_log():
    """The counted loop's table holds ``math.log(a)`` at every ``a`` the search may read."""
    state = tabletop.load("landlock").new(seed=1, setup="random")
    view = state.view(state.current_player)
    search = _Search(MCTSAgent(iterations=25, seed=1), view, view.legal_actions())
    search.run()
    assert search.logs[1:] == [math.log(a) for a in range(1, 26)]
    assert search.logs[0] == -math.inf


def test_a_huge_count_allocates_nothing_at_once(monkeypatch):
    """``iterations=10**9`` is a budget, not a list of 10**9 logs made before the first
    iteration: the table grows with the iterations run."""
    state = tabletop.load("lascaux", players=3).new(seed=1)
    view = state.view(state.current_player)
    search = _Search(MCTSAgent(iterations=10**9, seed=1), view, view.legal_actions())
    calls = []

    def iterate(done):
        calls.append(done)
        if len(calls) == 5:
            raise KeyboardInterrupt  # a person stopping the search

    monkeypatch.setattr(search, "_iterate", iterate)
    with pytest.raises(KeyboardInterrupt):
        search.run()
    assert calls == [0, 1, 2, 3, 4] and 6 <= len(search.logs) <= 16
    assert search.logs[1:6] == [math.log(a) for a in range(1, 6)]
