"""``MCTSAgent``: information-set Monte Carlo tree search, for any game through the contract.

>>> MCTSAgent(seed=1, strength="weak")
MCTSAgent(iterations=50, seed=1)

``MCTSAgent`` is information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012,
the "multiple-observer" form), written against the game contract alone:

* It never sees the true state. Each iteration samples a full state consistent with the view
  (``view.determinize(rng)``) and plays it down the tree and out to the end at random.
* Every player has their own tree, in which another player's move appears as that player
  sees it (``game.describe(action, actor, viewer)``): a secret choice of an opponent is one
  branch ``"bonus ?"``, not one branch per hidden value. Where a move is seen the same way by
  everyone, the trees share their nodes — so in a game with no hidden information there is a
  single tree, and the search is plain UCT.
* A node's statistics are kept for every player (a reward vector), so any number of players
  works; at a node, its mover picks by UCB on their own mean reward, counting only the visits
  in which the child was legal (``avail``), since what is legal may depend on hidden parts.
* Rewards (``rewards``): a finished game gives each winner ``1 / len(winners)`` and others
  0; a draw (no winner) gives every player ``1 / n``. With ``score_weight=w`` that vector is
  blended with the players' score shares, ``(1 - w) * win + w * share``. A rollout cut off by
  ``rollout_depth`` is valued by the running scores (``margin_value``: ``1/n`` plus half the
  ``tanh`` of each player's lead over the mean score, halved), or by your ``evaluate``.
* Continuous games (Lacuna) are searched through their finite ``legal_actions()`` sample.
  Where a node offers more than ``widen_from`` moves (64: Lacuna's placements, not the other
  games' turns), the search widens progressively: it weighs only the first
  ``ceil(2·sqrt(visits + 1))`` of them, in a random order drawn once per node (as far as
  the window reaches: ``open_slots``), so that the few it tries are tried often enough to
  compare (Coulom 2007; Chaslot et al. 2008).
* Python's cycle collector is paused while the search runs (``core.collector``): a search
  makes no cyclic garbage, and the collector's passes over a growing tree cost 7–12 % of it.

After ``act`` (or ``analyse``) the agent keeps what it was thinking in ``last_analysis``:
``analysis.top(k)`` lists the best candidate moves with visits and mean values,
``analysis.to_json()`` is a JSON-safe summary to store in a record, and
``analysis.to_graph()`` is the search tree as a networkx graph (``TreeWidget`` draws it;
what its visits, values and chance nodes mean is in ``docs/widget.md``, "Reading a search
tree"). What an analysis may be shown to is in ``analysis.py``.

For the game widget (and any other front end)::

    agent = make_agent("mcts", seed=1)            # or "random", "mcts-weak", "mcts-strong",
                                                # or make_agent("mcts", iterations=2000)
    action = agent.act(state.view(player))        # what the seat plays
    thinking = getattr(agent, "last_analysis", None)   # None for agents that don't search
    thinking.top(3)       # Candidate(action, notation, visits, value, values, share), best first
    thinking.to_json()    # {"agent", "player", "choice", "iterations", "determinizations",
                          #  "seconds", "candidates": [{"action", "visits", "value",
                          #  "values", "share"}, ...]} — plain JSON, for the record;
                          #  "shallow": true when the search was too shallow to rank moves
"""

from __future__ import annotations

import math
import random
import sys
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from itertools import islice
from typing import cast

from ..core.collector import breathe, collector_paused
from ..core.game import Action, Game, State, View
from ..core.legal import LegalActions
from .analysis import Analysis, Node, credit, ucb_choice
from .base import as_view, legal_for
from .evaluation import evaluation
from .rewards import Reward, margin_value_of, outcome
from .rewards import score_shares as score_shares  # re-exported: users import it from here
from .settings import budget, checked_setting

#: How the players see a move: per player its key in their tree, its label there and whether
#: they see it as it is (the key is the action), and whether everyone does.
Observed = tuple[tuple[Hashable, ...], tuple[str, ...], tuple[bool, ...], bool]


# --- the values of a rollout cut short ---------------------------------------------------

def cutoff_value(state: State) -> Reward:
    """A coarser cut-off value (``MCTSAgent(evaluate=cutoff_value)``): half a draw, half the
    current score leaders' win, whatever the margin."""
    n = state.game.players
    scores = state.scores
    best = max(scores)
    leaders = [p for p, s in enumerate(scores) if s == best]
    value = [0.5 / n] * n
    for p in leaders:
        value[p] += 0.5 / len(leaders)
    return value


def margin_value(state: State, scale: float = 2.0) -> Reward:
    """The default value of a rollout cut short: ``1/n + tanh(lead / scale) / 2`` for each
    player, where ``lead`` is their running score minus the mean score (clipped to 0..1).
    It grows with every point of lead, so progress counts before the end (Lava Flows' cones).

    >>> [round(v, 3) for v in margin_value_of((2, 0))]
    [0.731, 0.269]
    """
    return margin_value_of(state.scores, scale)


# --- progressive widening -----------------------------------------------------------------

def open_slots(order: list[int], opened: int, wanted: int, draw: Callable[[], float]) -> int:
    """Settle ``order[opened:wanted]`` (``order``: slot numbers, the first ``opened`` settled
    already) as the next entries of a uniformly random order of them all: a forward
    Fisher–Yates, one ``draw()`` (a float in [0, 1)) per entry settled, so that a wide node
    draws for the few slots its window reaches, not for every one. Returns how many are
    settled now.

    >>> import random
    >>> order = list(range(300)); rng = random.Random(5)
    >>> open_slots(order, 0, 3, rng.random), open_slots(order, 3, 2, rng.random)
    (3, 3)
    >>> sorted(order) == list(range(300)), order[:3] != [0, 1, 2]
    (True, True)
    """
    n = len(order)
    end = min(wanted, n)
    for p in range(opened, end):
        j = p + int(draw() * (n - p))
        order[p], order[j] = order[j], order[p]
    return max(opened, end)


# --- the agent ----------------------------------------------------------------------------

#: Progressive widening applies at nodes with more legal moves than this (``widen_from``).
WIDEN_FROM = 64


#: The settings an ``MCTSAgent``'s ``repr`` leaves out when they are these.
_DEFAULTS: dict[str, object] = {"exploration": 0.7, "rollout_depth": 20, "score_weight": 0.0,
                                "evaluate": None, "keep_samples": 8, "widen_from": WIDEN_FROM}


class MCTSAgent:
    """Information-set Monte Carlo tree search, for any game through the contract alone.

    It stops after ``iterations``, or after ``seconds`` of thinking, whichever comes first
    when both are given. ``strength`` names a budget (``STRENGTHS``): ``"weak"``, ``"medium"``,
    ``"default"`` (what you get with no budget: 300 iterations, at most 1 s) or ``"strong"``.
    A time limit makes the play depend on the machine's speed: give ``iterations`` alone for
    moves that repeat exactly from a seed. ``exploration`` is the UCB constant; rollouts stop
    after ``rollout_depth`` random moves (``math.inf``: at the end), and ``evaluate(state)``
    (one value in 0..1 per player; default ``margin_value``, or try ``cutoff_value``) scores
    where they stop; ``score_weight`` blends score shares into the rewards of finished games.
    ``widen_from``: a node with more legal moves than this is widened progressively (see the
    module docstring); ``None`` never widens.

    >>> agent = MCTSAgent(iterations=200, seed=7)
    >>> # action = agent.act(state.view(player)); agent.last_analysis.top(3)
    >>> MCTSAgent(seed=1)
    MCTSAgent(iterations=300, seconds=1.0, seed=1)
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        seed: int | None = None,
        *,
        strength: str | None = None,
        exploration: float = 0.7,
        rollout_depth: int | float = 20,
        score_weight: float = 0.0,
        evaluate: Callable[[State], Sequence[float]] | None = None,
        keep_samples: int = 8,
        widen_from: int | None = WIDEN_FROM,
    ) -> None:
        iterations, seconds = budget(iterations, seconds, strength)
        # each setting is checked as it is set (``__setattr__``), now and whenever set again
        self.widen_from = widen_from
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.score_weight = score_weight
        self.evaluate = evaluate
        self.keep_samples = keep_samples
        self.seed = seed
        self.rng = random.Random(self.seed)
        self.last_analysis: Analysis | None = None

    def __setattr__(self, name: str, value: object) -> None:
        object.__setattr__(self, name, checked_setting(self, name, value))

    def __getstate__(self) -> dict[str, object]:
        """A pickled (or deep-copied) agent leaves its ``last_analysis`` behind: a search
        tree can take megabytes, and an arena copies its entrants for every game. The
        ``Analysis`` itself pickles (and deep-copies) however deep its tree, if you want to
        keep one."""
        return {**self.__dict__, "last_analysis": None}

    def __repr__(self) -> str:
        """Every setting that is not its default (a tournament tells two agents under one
        label apart by it: ``arena.entrants.describe``).

        >>> MCTSAgent(iterations=9, exploration=2, rollout_depth=math.inf, seed=1)
        MCTSAgent(iterations=9, exploration=2.0, rollout_depth=inf, seed=1)
        >>> MCTSAgent(iterations=9, evaluate=cutoff_value)
        MCTSAgent(iterations=9, evaluate=cutoff_value, seed=None)
        """
        shown = []
        if self.iterations is not None:
            shown.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            shown.append(f"seconds={self.seconds}")
        for name, default in _DEFAULTS.items():
            value = getattr(self, name)
            if value != default:
                text = getattr(value, "__qualname__", None) if name == "evaluate" else None
                shown.append(f"{name}={text}" if text else f"{name}={value!r}")
        return f"MCTSAgent({', '.join(shown)}, seed={self.seed})"

    def act(self, view: View | State) -> Action:
        """The chosen action for the view's player; ``last_analysis`` keeps the search."""
        return self.analyse(view).choice

    def analyse(self, view: View | State, *, stop: threading.Event | None = None) -> Analysis:
        """Search from ``view`` and return the ``Analysis`` (also kept as ``last_analysis``).

        A ``State`` is searched through its current player's view, never directly. ``stop``:
        once another thread sets it, the search ends after the iteration it is in (one at
        least), before its budget is spent (``tabletop.agents.awaiting`` sets it when the
        task awaiting the move is cancelled).
        """
        view = as_view(view)
        legal = legal_for(view)
        analysis = _Search(self, view, legal, stop).run()
        self.last_analysis = analysis
        return analysis


def _never() -> bool:
    """A search without a ``stop`` event is never told to stop."""
    return False


class _Search:
    """One search: the tree, the pool of determinizations, and the loop."""

    def __init__(self, agent: MCTSAgent, view: View, legal: Sequence[Action],
                 stop: threading.Event | None = None) -> None:
        self.agent = agent
        self.stopped: Callable[[], bool] = _never if stop is None else stop.is_set
        self.view = view
        self.legal = legal
        self.rng = agent.rng
        self.players = view.game.players
        self.game = view.game
        self.root = Node(None, "", None, self.players)
        self.root.seen = (1 << self.players) - 1
        self.pool: dict[State, State] = {}
        # the last state ``determinize`` drew, and its equal in the pool (``_determinize``)
        self.last: tuple[State | None, State | None] = (None, None)
        self.keys: dict[tuple[Action, int], Observed] = {}
        # ``logs[a] == math.log(a)`` up to the iterations so far plus one (``avail``'s bound),
        # filled in doubling blocks given a count; ``logs[0]`` is -inf: a 0 fails as
        # ``math.log(0)`` did
        self.logs = [-math.inf]
        self.everyone = (1 << self.players) - 1
        # a rollout's length (``None``: to the end) and its draws, read once per search
        self.depth = None if agent.rollout_depth == math.inf else int(agent.rollout_depth)
        self.random = self.rng.random
        self.widen = sys.maxsize if agent.widen_from is None else agent.widen_from  # none: ∞
        # a game that keeps the core's ``describe`` shows every move to everyone as it is
        self.open_moves = type(self.game).describe is Game.describe

    def run(self) -> Analysis:
        start = time.perf_counter()
        done = 0
        if len(self.legal) == 1:  # nothing to think about
            state = self._determinize()
            self.root.state = state
            only = self.legal[0]
            self.root.children[only] = Node(only, str(only), self.view.player, self.players,
                                            state._apply(only))
            self.root.children[only].seen = self.root.seen
        else:
            with collector_paused():  # nothing a search makes is cyclic garbage
                done = self._loop(start)
        seconds = time.perf_counter() - start
        kids = [c for c in self.root.children.values() if c.actor == self.view.player
                and c.action is not None]
        p = self.view.player
        best = max(kids, key=lambda c: (c.visits, c.mean(p)))
        choice = best.action
        assert choice is not None  # (``kids`` hold an action each)
        return Analysis(
            view=self.view, player=p, choice=choice,
            _tree=self.root, iterations=done, seconds=seconds,
            determinizations=len(self.pool),
            samples=tuple(list(self.pool)[: self.agent.keep_samples]), agent=self.agent.name,
        )

    def _loop(self, start: float) -> int:
        """The iterations, until the budget is spent (at least one); how many were run."""
        limit, seconds, logs, log = self.agent.iterations, self.agent.seconds, self.logs, math.log
        stopped = self.stopped
        if seconds is None:  # a count alone: no clock to read, the ``log``s made in blocks
            assert limit is not None
            for done in range(limit):
                if done and stopped():
                    return done
                if len(logs) <= done + 1:  # doubled as needed: no count allocates all at once
                    logs.extend(map(log, range(len(logs), min(2 * len(logs), limit + 1))))
                self._iterate(done)
                breathe()  # (the rest of the process's young garbage, now and then)
            return limit
        deadline, done = start + seconds, 0
        while (limit is None or done < limit) and (time.perf_counter() < deadline or done == 0) \
                and not (done and stopped()):
            logs.append(log(len(logs)))
            self._iterate(done)
            breathe()
            done += 1
        return done

    # --- one iteration --------------------------------------------------------------------
    def _determinize(self) -> State:
        state = self.view.determinize(self.rng)
        drawn, pooled = self.last
        if state is drawn and pooled is not None:  # the same state again (nothing hidden)
            return pooled
        pooled = self.pool.setdefault(state, state)
        self.last = state, pooled
        return pooled

    def _observed(self, action: Action, actor: int) -> Observed:
        """How the players see ``action`` of ``actor`` (``Observed``), worked out once."""
        found = self.keys.get((action, actor))
        if found is None:
            n = self.players
            if self.open_moves:  # everyone sees it as it is: no one need describe it
                found = ((action,) * n, (str(action),) * n, (True,) * n, True)
            else:
                notation = str(action)
                keys: list[Hashable] = []
                labels: list[str] = []
                for p in range(n):
                    seen = notation if p == actor else self.game.describe(action, actor, p)
                    keys.append(action if seen == notation else ("seen", actor, seen))
                    labels.append(seen)
                plain = tuple(isinstance(key, Action) for key in keys)
                found = (tuple(keys), tuple(labels), plain, all(plain))
            self.keys[(action, actor)] = found
        return found

    def _iterate(self, stamp: int) -> None:
        """One iteration: a determinization down the trees, one expansion, a rollout, and
        the reward added to every node passed.

        While every player is at the same node and the move is seen alike by all, the
        players' trees coincide and the step is taken once for all of them (``shared``).
        """
        rng, logs, players, everyone = self.rng, self.logs, self.players, self.everyone
        c, widen = self.agent.exploration, self.widen
        root_state = self._determinize()
        state = root_state
        root = self.root
        if root.state is None:
            root.state = root_state
        cur = [root] * players
        shared = True
        visited = [root]
        root.stamp = stamp
        while True:
            actor = state.current_player
            if actor is None:
                break
            node = cur[actor]
            legal: Sequence[Action] | None
            if node.source is state:  # ``_slots``' commonest answer, without the call
                legal, slots = node.legal, node.slots
                assert legal is not None  # set with ``source``
            else:
                legal, slots = self._slots(node, state)
            if len(slots) > widen:
                best, expanding = self._weigh_widened(node, slots, actor)
                own = slots[best]
                action = own.action if own is not None and own.action is not None \
                    else legal[best]
            elif node.untried:  # a move never tried here: one of those, at random
                expanding = True
                for tried in filter(None, slots):  # legal once more
                    tried.avail += 1
                untried = node.untried
                best = untried.pop(0 if len(untried) == 1 else int(rng.random() * len(untried)))
                own = None
                action = legal[best]
            else:
                expanding = False
                # every slot tried (no ``None``); if none beats -inf the scan took the last
                own = ucb_choice(cast("list[Node]", slots), actor, c, logs) or slots[-1]
                assert own is not None
                # a slot's child holds its action (an equal one): no building it again
                action = own.action if own.action is not None \
                    else legal[slots.index(own)]
            if own is not None and own.origin is root_state:
                nxt = own.state
                if nxt is None:
                    nxt = state._apply(action)
            else:
                nxt = state._apply(action)
            observed = own.observed if own is not None and own.actor == actor else None
            if observed is None:
                observed = self._observed(action, actor)
            keys, labels, plain, public = observed
            if own is None:
                own = node.children.get(action)
                if own is None:
                    own = node.children[action] = Node(action, labels[actor], actor, players,
                                                       nxt)
                slots[best] = own
            if own.observed is None and own.actor == actor:
                own.observed = observed
            state = nxt
            if shared and public:
                # Everyone is at ``node`` and sees the move as it is: one child for all.
                mask, new = everyone, [own] * players
            else:
                # The others: those at ``node`` who see the move as it is go to ``own`` too.
                mask, new = 0, []
                for p in range(players):
                    parent = cur[p]
                    if parent is node and (plain[p] or p == actor):  # (cur[actor] is node)
                        mask |= 1 << p
                        new.append(own)
                        continue
                    key = keys[p]
                    child = parent.children.get(key)
                    if child is None:
                        child = Node(action if plain[p] else None, labels[p], actor, players,
                                     nxt)
                        parent.children[key] = child
                        parent.legal = parent.source = None  # its slots may be out of date
                    child.seen |= 1 << p
                    if child.origin is not root_state:
                        child.origin, child.state = root_state, nxt
                    if child.stamp != stamp:
                        child.stamp = stamp
                        visited.append(child)
                    new.append(child)
            own.seen |= mask
            if own.origin is not root_state:
                own.origin, own.state = root_state, nxt
            if own.stamp != stamp:
                own.stamp = stamp
                visited.append(own)
            if expanding:
                own.avail += 1
                break
            cur = new
            shared = mask == everyone  # a child in a tree of its own is never ``own``
        reward = self._rollout(state)
        if len(reward) == 2 == players:  # the commonest case, added here (same sums)
            r0, r1 = reward
            for node in visited:
                node.visits += 1
                total = node.total
                total[0] += r0
                total[1] += r1
        else:
            credit(visited, reward, players)

    def _weigh_widened(self, node: Node, slots: list[Node | None], actor: int
                       ) -> tuple[int, bool]:
        """At a wide node, the slot to take and whether it is untried, as at a narrow one
        but over the first ``ceil(2·sqrt(visits + 1))`` slots in the node's order."""
        rng = self.rng
        window = math.ceil(2 * math.sqrt(node.visits + 1))
        order = node.order
        if order is None:
            order = node.order = list(range(len(slots)))
            node.opened = 0
        if node.opened < window:
            node.opened = open_slots(order, node.opened, window, self.random)
        c, logs, sqrt = self.agent.exploration, self.logs, math.sqrt
        untried = []
        best, best_u = -1, -math.inf
        for slot in order[:window]:
            child = slots[slot]
            if child is None:
                untried.append(slot)
                continue
            v = child.visits
            a = child.avail + 1
            child.avail = a
            u = child.total[actor] / v + c * sqrt(logs[a] / v)  # as ``ucb_choice``
            if u > best_u:
                best_u, best = u, slot
        if untried:
            best = untried[0] if len(untried) == 1 else untried[int(rng.random()
                                                                     * len(untried))]
        return best, bool(untried)

    def _slots(self, node: Node, state: State) -> tuple[Sequence[Action], list[Node | None]]:
        """The legal actions at ``node`` in ``state``, and the child of each (``None``:
        untried), reused while they are those of the last visit.

        They are rebuilt (and a wide node's order drawn afresh) exactly when the search always
        rebuilt them — when ``state.legal_actions()`` is not the sequence of the last visit:
        neither the same state again nor the same lazy sequence (the cache keeps what the
        hook returned). A tuple, which ``legal_actions()`` wraps afresh for each state, is
        reused by identity only at a narrow node, where no order hangs on it. There, a tuple
        equal to the last one (another determinization, the same moves) keeps the slots as
        well: rebuilt, they would come out the same, since every change to ``children``
        either fills its slot or clears ``legal``.
        """
        legal = state._legal_actions()  # (the caller has seen that ``source`` is not state)
        widen = self.agent.widen_from
        last = node.legal
        if widen is None or len(legal) <= widen:
            if legal is last or (type(legal) is tuple and type(last) is tuple
                                 and legal == last):
                node.legal, node.order = legal, None
                node.source = state
                return legal, node.slots
        elif legal is last and isinstance(legal, LegalActions):
            node.source = state
            return legal, node.slots
        children = node.children
        if children:
            slots = list(map(children.get, legal))
            untried = [i for i, child in enumerate(slots) if child is None]
        else:  # nothing tried here yet: no action need be built
            slots = [None] * len(legal)
            untried = list(range(len(legal)))
        node.legal, node.slots, node.order, node.untried = legal, slots, None, untried
        node.source = state
        return legal, slots

    def _rollout(self, state: State) -> Reward:
        """Random moves to the end (or ``rollout_depth`` moves); the reward vector.

        The states here are thrown away at once, so the hooks are called directly, skipping
        the per-state caches and the legality check: each move is the legal action
        ``_pick`` reads (a game may read it without listing the others).
        """
        floor = math.floor  # ``int`` of a float ≥ 0, by a cheaper call
        if state.current_player is not None:
            # a move's draw, made as the loop asks for it: once the state was seen to go on
            # (``random()`` is never -1.0: the calls end where ``islice`` stops asking)
            draws = islice(iter(self.random, -1.0), self.depth)
            if type(state)._pick is State._pick:  # the core's: the same pick, one call less
                for r in draws:
                    legal = state._legal_actions()
                    state = state._apply(legal[floor(r * len(legal))])
                    if state.current_player is None:
                        break
            else:
                for r in draws:
                    state = state._apply(state._pick(r))
                    if state.current_player is None:
                        break
        if state.current_player is None:
            return outcome(state, self.agent.score_weight)
        evaluate = self.agent.evaluate
        if evaluate is None:
            return margin_value_of(state.scores)
        return evaluation(evaluate(state), self.players)
