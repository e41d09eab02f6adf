"""Agents that choose actions from a player's view: ``RandomAgent`` and ``MCTSAgent``.

Every agent has ``act(view) -> action``: it sees only what its player may see. ``make_agent``
builds one by name, the way the game widget's ``bots={1: "mcts"}`` and ``tabletop.arena`` do.

>>> agent = make_agent("random", seed=1)
>>> agent.name
'random'
>>> make_agent("mcts", seed=1, strength="weak")
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
* Rewards: a finished game gives each winner ``1 / len(winners)`` and others 0; a draw (no
  winner) gives every player ``1 / n``. With ``score_weight=w`` that vector is blended with
  the players' score shares, ``(1 - w) * win + w * share``. A rollout cut off by
  ``rollout_depth`` is valued by the running scores (``margin_value``: ``1/n`` plus half the
  ``tanh`` of each player's lead over the mean score, halved), or by your ``evaluate``.
* Continuous games (Lacuna) are searched through their finite ``legal_actions()`` sample.
  Where a node offers more than ``widen_from`` moves (64: Lacuna's placements, not the other
  games' turns), the search widens progressively: it weighs only the first
  ``ceil(2·sqrt(visits + 1))`` of them, in an order shuffled once per node, so that the few
  it tries are tried often enough to compare (Coulom 2007; Chaslot et al. 2008).

After ``act`` (or ``analyse``) the agent keeps what it was thinking in ``last_analysis``:
``analysis.top(k)`` lists the best candidate moves with visits and mean values,
``analysis.to_json()`` is a JSON-safe summary to store in a record, and
``analysis.to_graph()`` is the search tree as a networkx graph (``TreeWidget`` draws it).
An analysis is its player's own account — its choice in full notation even when the move is
secret, and numbers that rest on what the player knows — so it is for that player, or for
someone who may see everything; the game widget shows another seat only that the bot thought
(``tabletop.widgets.thinking``).

For the game widget (and any other front end)::

    bot = make_agent("mcts", seed=1)            # or "random", "mcts-weak", "mcts-strong",
                                                # or make_agent("mcts", iterations=2000)
    action = bot.act(state.view(player))        # what the seat plays
    thinking = getattr(bot, "last_analysis", None)   # None for agents that don't search
    thinking.top(3)       # Candidate(action, notation, visits, value, values, share), best first
    thinking.to_json()    # {"agent", "player", "choice", "iterations", "determinizations",
                          #  "seconds", "candidates": [{"action", "visits", "value",
                          #  "values", "share"}, ...]} — plain JSON, for the record;
                          #  "shallow": true when the search was too shallow to rank moves
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Protocol, runtime_checkable

import networkx as nx

from .choices import did_you_mean, unknown
from .errors import InvalidOption, UnknownAgent
from .game import Action, State, View
from .quoting import brief

Reward = list[float]


@runtime_checkable
class Agent(Protocol):
    """Anything that picks an action for the player a view belongs to."""

    def act(self, view: View) -> Action: ...


def _as_view(subject: View | State) -> View:
    """A view to decide from: a ``State`` is turned into its current player's view."""
    if isinstance(subject, State):
        if subject.current_player is None:
            raise ValueError("the game is over: there is no move to choose")
        return subject.view(subject.current_player)
    if not isinstance(subject, View):
        raise TypeError(f"an agent acts on a View (or a State), not {type(subject).__name__}")
    return subject


def _legal_for(view: View) -> tuple[Action, ...]:
    legal = view.legal_actions()
    if not legal:
        if view.current_player is None:
            raise ValueError("the game is over: there is no move to choose")
        raise ValueError(
            f"it is player {view.current_player}'s turn, not player {view.player}'s: "
            "an agent can only act for the player whose view it is given"
        )
    return legal


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded RNG.

    >>> RandomAgent(seed=3).seed
    3
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: View | State) -> Action:
        """A uniformly random legal action of the view's player."""
        return self.rng.choice(_legal_for(_as_view(view)))

    def __repr__(self) -> str:
        return "RandomAgent()"


# --- rewards ------------------------------------------------------------------------------

def outcome(state: State, score_weight: float = 0.0) -> Reward:
    """The reward vector of a finished game: winners share 1, a draw gives ``1/n`` each.

    With ``score_weight`` the vector is blended with the players' score shares.
    """
    n = state.game.players
    winners = state.winners
    if winners:
        reward = [0.0] * n
        for p in winners:
            reward[p] = 1.0 / len(winners)
    else:
        reward = [1.0 / n] * n
    if score_weight:
        share = score_shares(state.scores)
        w = score_weight
        reward = [(1 - w) * r + w * s for r, s in zip(reward, share, strict=True)]
    return reward


def score_shares(scores: Sequence[float]) -> Reward:
    """Scores as shares that add up to 1: each score above the lowest, over their sum.

    >>> score_shares((3, 1, 1))
    [1.0, 0.0, 0.0]
    >>> score_shares((2, 2))
    [0.5, 0.5]
    """
    low = min(scores)
    lifted = [s - low for s in scores]
    total = sum(lifted)
    if total <= 0:
        return [1.0 / len(scores)] * len(scores)
    return [x / total for x in lifted]


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


def margin_value_of(scores: Sequence[float], scale: float = 2.0) -> Reward:
    """``margin_value`` for a tuple of scores."""
    n = len(scores)
    mean = sum(scores) / n
    return [min(1.0, max(0.0, 1 / n + math.tanh((s - mean) / scale) / 2)) for s in scores]


# --- the search tree ----------------------------------------------------------------------

class Node:
    """A node of an MCTS search tree: the move into it, and its statistics.

    ``action`` is the move (``None`` at the root, and for a secret move as another player
    sees it); ``label`` its notation as seen in this tree; ``actor`` who made it; ``visits``
    how often the search passed through; ``avail`` how often the move was legal when its
    actor chose; ``total`` the summed reward per player; ``state`` one state the search
    reached here (a determinization: for a game with hidden parts, a guess).
    """

    __slots__ = ("action", "label", "actor", "visits", "avail", "total", "children",
                 "state", "origin", "seen", "stamp", "legal", "slots", "order")

    def __init__(self, action: Action | None, label: str, actor: int | None, players: int,
                 state: State | None = None) -> None:
        self.action = action
        self.label = label
        self.actor = actor
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players
        self.children: dict[Hashable, Node] = {}
        self.state = state
        self.origin: object = None  # the determinization ``state`` was reached from
        self.seen = 0  # bit mask: the players in whose tree this node is
        self.stamp = -1  # the last iteration that counted a visit here
        # the legal actions last chosen from here, and the child of each (``None``: untried);
        # reused while the same tuple comes back (always, when nothing is hidden)
        self.legal: tuple[Action, ...] | None = None
        self.slots: list[Node | None] = []
        self.order: list[int] | None = None  # widening: the slots in the order they open

    def mean(self, player: int) -> float:
        """The mean reward of ``player`` over the visits (0 when unvisited)."""
        return self.total[player] / self.visits if self.visits else 0.0

    @property
    def values(self) -> tuple[float, ...]:
        """The mean reward of every player."""
        return tuple(self.mean(p) for p in range(len(self.total)))

    def __repr__(self) -> str:
        return f"<Node {self.label or 'root'}: {self.visits} visits>"


@dataclass(frozen=True, slots=True)
class Candidate:
    """One move the search considered at the root, with what it found.

    ``value`` is the mean reward of the deciding player, ``values`` that of every player,
    ``share`` the fraction of the root's visits spent on it.
    """

    action: Action
    notation: str
    visits: int
    value: float
    values: tuple[float, ...]
    share: float

    def to_json(self) -> dict[str, Any]:
        """A JSON-safe dict (values rounded to 4 decimals)."""
        return {"action": self.notation, "visits": self.visits, "value": round(self.value, 4),
                "values": [round(v, 4) for v in self.values], "share": round(self.share, 4)}


@dataclass(frozen=True, slots=True)
class Analysis:
    """What an ``MCTSAgent`` was thinking when it chose ``choice`` for ``player``.

    ``root`` is the search tree (``Node``); ``iterations`` and ``seconds`` what was spent;
    ``determinizations`` how many distinct full states were sampled from the view, and
    ``samples`` the first few of them (guesses at the hidden parts, never the truth).

    >>> analysis.top(3)            # doctest: +SKIP
    (Candidate(notation='take 2', visits=812, value=0.93, ...), ...)
    >>> json.dumps(analysis.to_json())   # doctest: +SKIP
    """

    view: View
    player: int
    choice: Action
    root: Node
    iterations: int
    seconds: float
    determinizations: int
    samples: tuple[State, ...]
    agent: str = "mcts"

    @property
    def shallow(self) -> bool:
        """Whether the search was too shallow to rank the moves: there was a choice, and the
        most visited candidate was searched fewer than ``SHALLOW_VISITS`` times (its value
        is a handful of random games)."""
        best = self.top(2)
        return len(best) > 1 and best[0].visits < SHALLOW_VISITS

    def top(self, k: int = 5) -> tuple[Candidate, ...]:
        """The ``k`` most visited moves at the root, best first (ties: higher value first)."""
        p = self.player
        nodes = [c for c in self.root.children.values() if c.action is not None
                 and c.actor == p]
        nodes.sort(key=lambda c: (-c.visits, -c.mean(p)))
        total = sum(c.visits for c in nodes) or 1
        return tuple(
            Candidate(c.action, c.label, c.visits, c.mean(p), c.values, c.visits / total)
            for c in nodes[:k] if c.action is not None
        )

    @property
    def candidates(self) -> tuple[Candidate, ...]:
        """Every move searched at the root, best first."""
        return self.top(len(self.root.children))

    def to_json(self, k: int = 5) -> dict[str, Any]:
        """A JSON-safe summary: the choice, the effort, and the top ``k`` candidates.

        Like the analysis, it tells the searcher's secrets (a secret choice in full), so it
        belongs with the full game, as in a record; not in front of another player.
        ``"shallow": True`` is added when the search was too shallow to rank the moves.
        """
        out: dict[str, Any] = {
            "agent": self.agent,
            "player": self.player,
            "choice": str(self.choice),
            "iterations": self.iterations,
            "determinizations": self.determinizations,
            "seconds": round(self.seconds, 3),
            "candidates": [c.to_json() for c in self.top(k)],
        }
        if self.shallow:
            out["shallow"] = True
        return out

    def to_graph(self, max_depth: int | None = None, min_visits: int = 1) -> nx.DiGraph:
        """The search tree as the deciding player sees it, as a networkx ``DiGraph``.

        Nodes are integers (``0`` is the root) with ``visits``, ``values`` (mean reward per
        player), ``player`` (to move), ``terminal``, ``depth`` and ``state`` (a sampled
        state); edges carry ``notation``, ``action`` (``None`` for a hidden move), ``actor``,
        ``visits`` and ``value`` (the actor's mean reward). Children are in order of visits.
        """
        graph = nx.DiGraph(root=0, source="mcts", player=self.player, game=self.view.game)
        bit = 1 << self.player

        def add(node: Node, depth: int) -> int:
            ident = graph.number_of_nodes()
            state = node.state
            graph.add_node(ident, visits=node.visits, values=node.values, depth=depth,
                           player=None if state is None else state.current_player,
                           terminal=False if state is None else state.is_terminal,
                           state=state)
            return ident

        add(self.root, 0)
        stack = [(self.root, 0, 0)]
        while stack:
            node, ident, depth = stack.pop()
            if max_depth is not None and depth >= max_depth:
                continue
            kids = [c for c in node.children.values() if c.seen & bit and c.visits >= min_visits]
            kids.sort(key=lambda c: -c.visits)
            for child in kids:
                cid = add(child, depth + 1)
                actor = child.actor
                graph.add_edge(ident, cid, notation=child.label, action=child.action,
                               actor=actor, visits=child.visits,
                               value=child.mean(actor) if actor is not None else 0.0)
                stack.append((child, cid, depth + 1))
        return graph

    def _repr_html_(self) -> str:
        names = [self.view.game.player_name(q) for q in range(len(self.root.total))]
        head = "".join(f"<th>{escape(n)}</th>" for n in names)
        rows = "".join(
            f"<tr><td>{escape(c.notation)}</td><td>{c.visits}</td>"
            + "".join(f"<td>{v:.3f}</td>" for v in c.values) + "</tr>"
            for c in self.top(10)
        )
        warning = f"<p>{escape(shallow_text(self.top(1)[0].visits))}</p>" \
            if self.shallow else ""
        return (f"<p>{escape(self.view.game.player_name(self.player))} plays "
                f"<b>{escape(str(self.choice))}</b> after {self.iterations} iterations over "
                f"{self.determinizations} determinizations</p>{warning}"
                f"<table><tr><th>move</th><th>visits</th>{head}</tr>{rows}</table>")

    def __repr__(self) -> str:
        best = ", ".join(f"{c.notation} {c.visits}/{c.value:.2f}" for c in self.top(3))
        return (f"<Analysis player {self.player} plays {str(self.choice)!r}: "
                f"{self.iterations} iterations; {best}>")


#: A search whose most visited candidate has fewer visits than this is too shallow to rank.
SHALLOW_VISITS = 10


def shallow_text(visits: int) -> str:
    """The sentence that says a search was too shallow (``visits``: its best candidate's).

    >>> shallow_text(2)
    'The search was too shallow to rank these moves: the most-tried one was searched only 2 \
times. Give the bot more thinking (strength "strong", or more iterations).'
    """
    return (f"The search was too shallow to rank these moves: the most-tried one was searched "
            f"only {visits} time{'' if visits == 1 else 's'}. Give the bot more thinking "
            '(strength "strong", or more iterations).')


# --- the agent ----------------------------------------------------------------------------

#: Progressive widening applies at nodes with more legal moves than this (``widen_from``).
WIDEN_FROM = 64

#: The thinking budget at each named strength: (iterations, seconds), whichever ends first.
STRENGTHS: dict[str, tuple[int | None, float | None]] = {
    "weak": (50, None),
    "medium": (150, None),
    "default": (300, 1.0),
    "strong": (2000, 5.0),
}


class MCTSAgent:
    """Information-set Monte Carlo tree search, for any game through the contract alone.

    It stops after ``iterations``, or after ``seconds`` of thinking, whichever comes first
    when both are given. ``strength`` names a budget (``STRENGTHS``): ``"weak"``, ``"medium"``,
    ``"default"`` (what you get with no budget: 300 iterations, at most 1 s) or ``"strong"``.
    A time limit makes the play depend on the machine's speed: give ``iterations`` alone for
    moves that repeat exactly from a seed. ``exploration`` is the UCB constant; rollouts stop
    after ``rollout_depth`` random moves, and ``evaluate(state)`` (one value in 0..1 per
    player; default ``margin_value``, or try ``cutoff_value``) scores where they stop;
    ``score_weight`` blends score shares into the rewards of finished games.
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
        rollout_depth: int = 20,
        score_weight: float = 0.0,
        evaluate: Callable[[State], Sequence[float]] | None = None,
        keep_samples: int = 8,
        widen_from: int | None = WIDEN_FROM,
    ) -> None:
        if strength is not None:
            if strength not in STRENGTHS:
                known = ", ".join(repr(s) for s in STRENGTHS)
                hint = did_you_mean(strength, STRENGTHS)
                raise InvalidOption(f"strength {brief(strength)} is not one of {known}"
                                    f"{'; ' + hint.strip() if hint else ''}")
            if iterations is not None or seconds is not None:
                raise ValueError("give a strength, or iterations and/or seconds, not both")
            iterations, seconds = STRENGTHS[strength]
        elif iterations is None and seconds is None:
            iterations, seconds = STRENGTHS["default"]
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"iterations must be a positive int, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if rollout_depth < 0:
            raise ValueError(f"rollout_depth must be ≥ 0, not {rollout_depth!r}")
        if not 0 <= score_weight <= 1:
            raise ValueError(f"score_weight must be between 0 and 1, not {score_weight!r}")
        if widen_from is not None and (not isinstance(widen_from, int)
                                       or isinstance(widen_from, bool) or widen_from < 1):
            raise ValueError(f"widen_from must be a positive int or None, not {widen_from!r}")
        self.widen_from = widen_from
        self.iterations = iterations
        self.seconds = seconds
        self.seed = seed
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.score_weight = score_weight
        self.evaluate = evaluate
        self.keep_samples = keep_samples
        self.rng = random.Random(seed)
        self.last_analysis: Analysis | None = None

    def __repr__(self) -> str:
        budget = []
        if self.iterations is not None:
            budget.append(f"iterations={self.iterations}")
        if self.seconds is not None:
            budget.append(f"seconds={self.seconds}")
        return f"MCTSAgent({', '.join(budget)}, seed={self.seed})"

    def act(self, view: View | State) -> Action:
        """The chosen action for the view's player; ``last_analysis`` keeps the search."""
        return self.analyse(view).choice

    def analyse(self, view: View | State) -> Analysis:
        """Search from ``view`` and return the ``Analysis`` (also kept as ``last_analysis``).

        A ``State`` is searched through its current player's view, never directly.
        """
        view = _as_view(view)
        legal = _legal_for(view)
        analysis = _Search(self, view, legal).run()
        self.last_analysis = analysis
        return analysis


class _Search:
    """One search: the tree, the pool of determinizations, and the loop."""

    def __init__(self, agent: MCTSAgent, view: View, legal: tuple[Action, ...]) -> None:
        self.agent = agent
        self.view = view
        self.legal = legal
        self.rng = agent.rng
        self.players = view.game.players
        self.game = view.game
        self.root = Node(None, "", None, self.players)
        self.root.seen = (1 << self.players) - 1
        self.pool: dict[State, State] = {}
        self.keys: dict[tuple[Action, int], tuple[tuple[Hashable, ...], str, tuple[str, ...]]]
        self.keys = {}

    def run(self) -> Analysis:
        agent = self.agent
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
            limit = agent.iterations
            deadline = None if agent.seconds is None else start + agent.seconds
            while (limit is None or done < limit) and (
                deadline is None or time.perf_counter() < deadline or done == 0
            ):
                self._iterate(done)
                done += 1
        seconds = time.perf_counter() - start
        kids = [c for c in self.root.children.values() if c.actor == self.view.player
                and c.action is not None]
        p = self.view.player
        best = max(kids, key=lambda c: (c.visits, c.mean(p)))
        return Analysis(
            view=self.view, player=p, choice=best.action,  # type: ignore[arg-type]
            root=self.root, iterations=done, seconds=seconds,
            determinizations=len(self.pool),
            samples=tuple(list(self.pool)[: agent.keep_samples]),
        )

    # --- one iteration --------------------------------------------------------------------
    def _determinize(self) -> State:
        state = self.view.determinize(self.rng)
        return self.pool.setdefault(state, state)

    def _observed(self, action: Action, actor: int) -> tuple[tuple[Hashable, ...], str,
                                                             tuple[str, ...]]:
        """Per player, the key of ``action`` in their tree, plus its notation and labels."""
        found = self.keys.get((action, actor))
        if found is None:
            notation = str(action)
            keys: list[Hashable] = []
            labels: list[str] = []
            for p in range(self.players):
                seen = notation if p == actor else self.game.describe(action, actor, p)
                keys.append(action if seen == notation else ("seen", actor, seen))
                labels.append(seen)
            found = self.keys[(action, actor)] = (tuple(keys), notation, tuple(labels))
        return found

    def _iterate(self, stamp: int) -> None:
        rng = self.rng
        c = self.agent.exploration
        log, sqrt = math.log, math.sqrt
        players = self.players
        widen = self.agent.widen_from
        root_state = self._determinize()
        state = root_state
        root = self.root
        if root.state is None:
            root.state = root_state
        cur = [root] * players
        visited = [root]
        root.stamp = stamp
        while state.current_player is not None:
            actor = state.current_player
            node = cur[actor]
            legal = state.legal_actions()
            if node.legal is legal:
                slots = node.slots
            else:
                slots = [node.children.get(a) for a in legal]
                node.legal, node.slots, node.order = legal, slots, None
            weighed: Iterable[tuple[int, Node | None]] = enumerate(slots)
            if widen is not None and len(slots) > widen:
                weighed = self._widened(node, slots)
            untried = []
            best = -1
            best_u = -math.inf
            for i, child in weighed:
                if child is None or child.visits == 0:
                    untried.append(i)
                    continue
                child.avail += 1
                u = child.total[actor] / child.visits + c * sqrt(log(child.avail) / child.visits)
                if u > best_u:
                    best_u, best = u, i
            expanding = bool(untried)
            if expanding:
                best = untried[0] if len(untried) == 1 else untried[int(rng.random()
                                                                         * len(untried))]
            action = legal[best]
            own = slots[best]
            nxt = own.state if own is not None and own.origin is root_state else None
            if nxt is None:
                nxt = state._apply(action)
            keys, _, labels = self._observed(action, actor)
            if own is None:
                own = node.children.get(action)
                if own is None:
                    own = node.children[action] = Node(action, labels[actor], actor, players,
                                                       nxt)
                slots[best] = own
            new = []
            for p in range(players):
                parent, key = cur[p], keys[p]
                if p == actor or (parent is node and isinstance(key, Action)):
                    child = own
                else:
                    child = parent.children.get(key)
                    if child is None:
                        child = Node(action if isinstance(key, Action) else None, labels[p],
                                     actor, players, nxt)
                        parent.children[key] = child
                        parent.legal = None  # its slots may now be out of date
                child.seen |= 1 << p
                if child.origin is not root_state:
                    child.origin, child.state = root_state, nxt
                if child.stamp != stamp:
                    child.stamp = stamp
                    visited.append(child)
                new.append(child)
            if expanding:
                own.avail += 1
            cur = new
            state = nxt
            if expanding:
                break
        reward = self._rollout(state)
        for node in visited:
            node.visits += 1
            total = node.total
            for p, r in enumerate(reward):
                total[p] += r

    def _widened(self, node: Node, slots: list[Node | None]) -> list[tuple[int, Node | None]]:
        """The slots a wide node weighs now: the first ``ceil(2·sqrt(visits + 1))`` in the
        node's shuffled order (shuffled once, when its legal moves are first seen)."""
        order = node.order
        if order is None:
            order = node.order = list(range(len(slots)))
            self.rng.shuffle(order)
        opened = math.ceil(2 * math.sqrt(node.visits + 1))
        return [(i, slots[i]) for i in order[:opened]]

    def _rollout(self, state: State) -> Reward:
        """Random moves to the end (or ``rollout_depth`` moves); the reward vector.

        The states here are thrown away at once, so the hooks are called directly, skipping
        the per-state caches and the legality check (every move comes from the legal list).
        """
        random_ = self.rng.random
        depth = self.agent.rollout_depth
        while state.current_player is not None:
            if depth <= 0:
                evaluate = self.agent.evaluate
                return list(evaluate(state)) if evaluate is not None else margin_value(state)
            legal = state._legal_actions()
            state = state._apply(legal[int(random_() * len(legal))])
            depth -= 1
        return outcome(state, self.agent.score_weight)


# --- building agents by name --------------------------------------------------------------

AgentFactory = Callable[..., Agent]
_FACTORIES: dict[str, AgentFactory] = {
    "random": RandomAgent,
    "mcts": MCTSAgent,
    "mcts-weak": lambda seed=None, **kw: MCTSAgent(seed=seed, strength="weak", **kw),
    "mcts-strong": lambda seed=None, **kw: MCTSAgent(seed=seed, strength="strong", **kw),
}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make ``make_agent(name, seed=…, **kw)`` call ``factory(seed=…, **kw)``."""
    _FACTORIES[name] = factory


def agent_names() -> tuple[str, ...]:
    """The names ``make_agent`` knows."""
    return tuple(_FACTORIES)


def make_agent(name: str | Agent, seed: int | None = None, **options: Any) -> Agent:
    """An agent by name: ``"random"``, ``"mcts"``, ``"mcts-weak"`` or ``"mcts-strong"``
    (options such as ``strength="strong"``, ``iterations=2000`` or ``seconds=0.5`` go to the
    agent). An agent object is returned as is.

    >>> make_agent("mcts", seed=2, iterations=50)
    MCTSAgent(iterations=50, seed=2)
    >>> make_agent("minimax")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownAgent: no agent called 'minimax'; known agents: 'random', ...
    >>> make_agent("mtcs")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.UnknownAgent: no agent called 'mtcs'; did you mean 'mcts'? ...
    """
    if not isinstance(name, str):
        if isinstance(name, Agent):
            return name
        raise TypeError(f"an agent is a name or an object with act(view), not {name!r}")
    key = name.strip().lower()
    factory = _FACTORIES.get(key)
    if factory is None:
        raise UnknownAgent(unknown("agent", name, _FACTORIES))
    try:
        return factory(seed=seed, **options)
    except TypeError as err:
        raise ValueError(f"agent {key!r} does not take these options "
                         f"{sorted(options)}: {err}") from None
