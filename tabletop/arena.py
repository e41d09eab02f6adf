"""Tournaments: play many seeded games between agents and tabulate who wins.

>>> import tabletop
>>> from tabletop.arena import arena
>>> result = arena("landlock", ["mcts", "random"], games=4, seed=0)    # doctest: +SKIP
>>> result.summary()                                                  # doctest: +SKIP
>>> result.to_dataframe()          # pandas, when installed              # doctest: +SKIP
>>> result.plot()                  # matplotlib, when installed          # doctest: +SKIP

Agents are given as specs, so that each game builds fresh agents (seeded from the tournament
seed, the game and the seat) — in this process or in a worker of any
``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, or a Dask or Ray executor):

* a name, ``"mcts"`` or ``"random"`` (see ``tabletop.agents.make_agent``);
* a name with options, ``("mcts", {"iterations": 200})``;
* an agent class (built with ``seed=`` if it takes one), or a factory ``f(seed) -> agent``
  (module-level, to be picklable) — ``tabletop.agents.resolve_agent`` reads every spec;
* or a mapping ``{label: spec}`` to name the entrants yourself.

Game ``i`` uses seed ``seed + i`` and rotates the seats, so that every agent plays every seat
equally often: agent ``j`` sits at seat ``(j + i) % players``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import asdict, dataclass, field
from html import escape
from typing import Any

from .agents import Agent, agent_label, resolve_agent
from .core.game import Game
from .core.registry import load

Spec = Any  # str | tuple[str, dict] | Callable[[int], Agent] | Agent


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament.

    ``seats`` is the agent label at each seat; ``winners`` the winning seats (``()`` for a
    draw); ``winner_agents`` their labels; ``length`` the number of actions; ``record`` the
    JSON record (replay it with ``tabletop.replay``).
    """

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    length: int
    finished: bool
    seconds: float
    record: dict[str, Any] = field(repr=False, compare=False)

    @property
    def winner_agents(self) -> tuple[str, ...]:
        return tuple(self.seats[p] for p in self.winners)

    @property
    def winner(self) -> str | None:
        """The winning agent's label; ``None`` for a draw, ``"a+b"`` for a shared win."""
        return "+".join(self.winner_agents) or None

    def credit(self, seat: int) -> float:
        """The share of the win that went to ``seat``: 1, ``1/k`` if shared by k, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0


@dataclass(frozen=True)
class AgentSummary:
    """How one agent did: games played, wins (a shared win counts ``1/k``), draws, win rate,
    and the win rate at each seat."""

    agent: str
    games: int
    wins: float
    draws: int
    win_rate: float
    by_seat: tuple[float | None, ...]


@dataclass
class ArenaResult:
    """The games of a tournament, with summaries, tables and a plot."""

    game: str
    players: int
    agents: tuple[str, ...]
    games: list[GameResult]

    def __len__(self) -> int:
        return len(self.games)

    def summary(self) -> list[AgentSummary]:
        """Per agent label: games, wins, draws, win rate, and the win rate at each seat."""
        out = []
        for label in dict.fromkeys(self.agents):
            played = wins = 0.0
            draws = 0
            seat_games = [0] * self.players
            seat_wins = [0.0] * self.players
            for g in self.games:
                for seat, who in enumerate(g.seats):
                    if who != label:
                        continue
                    played += 1
                    seat_games[seat] += 1
                    seat_wins[seat] += g.credit(seat)
                    wins += g.credit(seat)
                    draws += not g.winners
            by_seat = tuple(w / n if n else None for w, n in zip(seat_wins, seat_games,
                                                                  strict=True))
            out.append(AgentSummary(label, int(played), wins, draws,
                                    wins / played if played else 0.0, by_seat))
        return out

    def win_rate(self, agent: str) -> float:
        """The win rate of the agent labelled ``agent`` (shared wins count ``1/k``)."""
        for row in self.summary():
            if row.agent == agent:
                return row.win_rate
        raise KeyError(f"no agent {agent!r} in this tournament; agents: {self.agents}")

    def rows(self) -> list[dict[str, Any]]:
        """One JSON-safe dict per game (seed, seats, scores, winners, length …)."""
        keep = ("index", "seed", "seats", "scores", "winners", "length", "finished", "seconds")
        return [{**{k: v for k, v in asdict(g).items() if k in keep}, "winner": g.winner}
                for g in self.games]

    def to_dataframe(self) -> Any:
        """The games as a pandas DataFrame (one row per game; seats as ``seat0`` …)."""
        pd = _require("pandas", "to_dataframe")
        rows = []
        for row in self.rows():
            flat = {k: v for k, v in row.items() if k not in ("seats", "scores")}
            flat["winners"] = ",".join(map(str, row["winners"]))
            for p in range(self.players):
                flat[f"seat{p}"] = row["seats"][p]
                flat[f"score{p}"] = row["scores"][p]
            rows.append(flat)
        return pd.DataFrame(rows).set_index("index")

    def summary_frame(self) -> Any:
        """The summary as a pandas DataFrame indexed by agent."""
        pd = _require("pandas", "summary_frame")
        rows = []
        for s in self.summary():
            row: dict[str, Any] = {"agent": s.agent, "games": s.games, "wins": s.wins,
                                   "draws": s.draws, "win_rate": s.win_rate}
            row.update({f"seat{p}": r for p, r in enumerate(s.by_seat)})
            rows.append(row)
        return pd.DataFrame(rows).set_index("agent")

    def plot(self, ax: Any = None) -> Any:
        """A bar chart of win rates per agent and seat (matplotlib); returns the axes."""
        return plot(self, ax=ax)

    def _summary_text(self) -> list[str]:
        w = max([16, *(len(a) + 2 for a in self.agents)])
        lines = [f"{'agent':<{w}}{'games':>7}{'wins':>8}{'draws':>7}{'win rate':>10}"
                 + "".join(f"{'seat ' + str(p):>9}" for p in range(self.players))]
        for s in self.summary():
            seats = "".join(f"{'-' if r is None else f'{r:.0%}':>9}" for r in s.by_seat)
            lines.append(f"{s.agent:<{w}}{s.games:>7}{s.wins:>8g}{s.draws:>7}"
                         f"{s.win_rate:>10.1%}{seats}")
        return lines

    def __str__(self) -> str:
        head = f"{self.game}, {self.players} players, {len(self.games)} games"
        return "\n".join([head, *self._summary_text()])

    def __repr__(self) -> str:
        return f"<ArenaResult {self.game}: {len(self.games)} games, agents {self.agents}>"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>seat {p}</th>" for p in range(self.players))
        body = "".join(
            f"<tr><td>{escape(s.agent)}</td><td>{s.games}</td><td>{s.wins:g}</td>"
            f"<td>{s.draws}</td><td>{s.win_rate:.1%}</td>"
            + "".join(f"<td>{'–' if r is None else f'{r:.0%}'}</td>" for r in s.by_seat)
            + "</tr>"
            for s in self.summary()
        )
        return (f"<p>{escape(self.game)}, {self.players} players, {len(self.games)} games</p>"
                f"<table><tr><th>agent</th><th>games</th><th>wins</th><th>draws</th>"
                f"<th>win rate</th>{head}</tr>{body}</table>")


def _require(module: str, what: str) -> Any:
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"{what} needs {module}: pip install {module}") from None


def plot(result: ArenaResult, ax: Any = None) -> Any:
    """Bars of each agent's win rate, overall and per seat, with the fair share marked."""
    plt = _require("matplotlib.pyplot", "plot")
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.2))
    summary = result.summary()
    groups = ["all"] + [f"seat {p}" for p in range(result.players)]
    width = 0.8 / max(1, len(summary))
    for i, s in enumerate(summary):
        rates = [s.win_rate] + [r if r is not None else 0.0 for r in s.by_seat]
        xs = [g + (i - (len(summary) - 1) / 2) * width for g in range(len(groups))]
        ax.bar(xs, rates, width=width, label=s.agent)
    ax.axhline(1 / result.players, color="grey", linestyle="--", linewidth=1,
               label="fair share")
    ax.set_xticks(range(len(groups)), groups)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title(f"{result.game}: {len(result.games)} games")
    ax.legend(fontsize="small")
    return ax


# --- playing ------------------------------------------------------------------------------

def _labels(agents: Sequence[Spec] | Mapping[str, Spec]) -> tuple[list[str], list[Spec]]:
    if isinstance(agents, Mapping):
        return [str(k) for k in agents], list(agents.values())
    return [agent_label(spec) for spec in agents], list(agents)


def agent_seed(seed: int, index: int, entrant: int) -> int:
    """The seed of entrant ``entrant``'s agent in game ``index`` (stable across processes)."""
    return random.Random(f"arena/{seed}/{index}/{entrant}").randrange(2**32)


def play_game(game: Game, specs: Sequence[Spec], labels: Sequence[str], index: int,
              seed: int, max_plies: int | None = None) -> GameResult:
    """Play game ``index`` of a tournament (a module-level function, so workers can run it)."""
    n = game.players
    start = time.perf_counter()
    seats = [(j + index) % n for j in range(n)]  # entrant j sits at seats[j]
    by_seat: list[Agent | None] = [None] * n
    labels_by_seat = [""] * n
    for j, spec in enumerate(specs):
        by_seat[seats[j]] = resolve_agent(spec, agent_seed(seed, index, j))
        labels_by_seat[seats[j]] = labels[j]
    state = game.new(seed=seed + index)
    plies = 0
    while not state.is_terminal and (max_plies is None or plies < max_plies):
        player = state.current_player
        assert player is not None
        agent = by_seat[player]
        assert agent is not None
        state = state.apply(agent.act(state.view(player)))
        plies += 1
    return GameResult(
        index=index, seed=seed + index, seats=tuple(labels_by_seat),
        scores=tuple(state.scores), winners=tuple(state.winners), length=plies,
        finished=state.is_terminal, seconds=round(time.perf_counter() - start, 3),
        record=state.to_record(),
    )


def arena(
    game: str | Game,
    agents: Sequence[Spec] | Mapping[str, Spec],
    games: int = 10,
    seed: int = 0,
    *,
    players: int | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    max_plies: int | None = None,
    **options: Any,
) -> ArenaResult:
    """Play ``games`` seeded games between ``agents`` (one per seat), rotating the seats.

    ``game`` is a ``Game`` or a name (loaded with ``players`` — by default as many as agents
    — and ``options``). ``executor`` runs the games (``ProcessPoolExecutor(2)``, a Dask or Ray
    executor …); without one they run here, one after the other. ``progress`` shows a tqdm
    bar when tqdm is installed. ``max_plies`` stops a game unfinished (``finished=False``).
    """
    labels, specs = _labels(agents)
    if isinstance(game, str):
        game = load(game, players=players or len(specs), **options)
    elif options or players not in (None, game.players):
        raise ValueError("players= and game options only apply when the game is given by name")
    if len(specs) != game.players:
        raise ValueError(f"{game.name} with {game.players} players needs {game.players} "
                         f"agents, not {len(specs)}")
    if games < 1:
        raise ValueError(f"games must be ≥ 1, not {games!r}")
    for spec in specs:  # fail here, not in a worker, on a bad spec
        resolve_agent(spec, 0)
    bar = _progress(games, f"{game.name}", progress)
    results: list[GameResult] = []
    if executor is None:
        for i in range(games):
            results.append(play_game(game, specs, labels, i, seed, max_plies))
            bar(1)
    else:
        from concurrent.futures import as_completed

        futures = [executor.submit(play_game, game, specs, labels, i, seed, max_plies)
                   for i in range(games)]
        for future in as_completed(futures):
            results.append(future.result())
            bar(1)
    bar(None)
    results.sort(key=lambda r: r.index)
    return ArenaResult(game=game.name, players=game.players, agents=tuple(labels),
                       games=results)


def _progress(total: int, desc: str, enabled: bool) -> Callable[[int | None], None]:
    """``step(k)`` advances a tqdm bar by ``k``; ``step(None)`` closes it."""
    if not enabled:
        return lambda k: None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return lambda k: None
    bar = tqdm(total=total, desc=desc, unit="game")

    def step(k: int | None) -> None:
        if k is None:
            bar.close()
        else:
            bar.update(k)

    return step


def results_table(results: Iterable[ArenaResult]) -> str:
    """Several tournaments' summaries as one plain-text table (for benchmarks)."""
    return "\n\n".join(str(r) for r in results)
