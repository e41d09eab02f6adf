"""The games of a tournament and their summaries: ``GameResult``, ``AgentSummary``,
``ArenaResult`` (tables, frames, HTML; ratings and plots through ``ratings`` and ``plots``).

>>> g = GameResult(index=0, seed=7, seats=("a", "b"), scores=(1.0, 0.0), winners=(0,),
...                length=5, finished=True, seconds=0.01, record={})
>>> g.winner, g.credit(0), g.credit(1)
('a', 1.0, 0.0)
"""

from __future__ import annotations

import json
import math
import numbers
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, NoReturn

from ..core.names import SHOWN, fit, html_name, padded, width
from ..core.plain import NotJSON, flag, json_data, player_of, whole
from ..core.quoting import brief, counted, cut, either, quote
from ..core.readonly import ReadOnlyDict
from ..core.record import MAX_SEED
from ..core.textformat import FormatsAsText
from .optional import require as _require  # the name tests/test_notebook_requirements.py reads

if TYPE_CHECKING:  # pandas and matplotlib are optional extras, imported when asked for
    import pandas as pd
    from matplotlib.axes import Axes

    from ..teaching.winrate import WinRate
    from .ratings import Pairwise, Ratings

#: What a game's ``error`` may say happened (``GameResult.error["kind"]``).
ERROR_KINDS = ("error", "timeout")

#: The columns of ``ArenaResult.rows`` (and of a dataset's table, seats and scores spread).
COLUMNS = ("index", "seed", "seats", "scores", "winners", "length", "finished", "seconds",
           "error")


class FrozenList(list[Any]):
    """A ``list`` that refuses every change (a game result's record holds its actions in
    one); ``copy()`` (or ``list(x)``) gives a plain one. It prints, compares, serialises to
    JSON and copies as the list it replaces.

    >>> x = FrozenList(["a"]); x.append("b")
    Traceback (most recent call last):
    TypeError: this list is read-only (part of a game's result); copy it to change it: list(x)
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("this list is read-only (part of a game's result); copy it to change "
                        "it: list(x)")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def copy(self) -> list[Any]:
        """A plain, changeable ``list`` with the same items."""
        return list(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))


def frozen_json(value: object, name: str) -> Any:
    """A read-only copy of ``value``, which must be JSON data (dicts with string keys, lists,
    strings, finite numbers, ``None``; nested at most 16 deep), else a ``TypeError`` naming
    the ``GameResult`` field ``name``: dicts as ``ReadOnlyDict``, lists as ``FrozenList``.

    >>> frozen_json({"actions": ["a"]}, "record")["actions"]
    ['a']
    >>> frozen_json({"x": {1, 2}}, "record")
    Traceback (most recent call last):
    TypeError: a GameResult's record is JSON data (as to_record() gives), not {'x': {1, 2}}
    """
    if not isinstance(value, dict):
        raise TypeError(f"a GameResult's {name} is a dict of JSON data, not {brief(value)}")
    try:
        copied = json_data(value, [MAX_VALUES], loose=True)
    except NotJSON:
        raise TypeError(f"a GameResult's {name} is JSON data (as to_record() gives), not "
                        f"{brief(value)}") from None
    return _freeze(copied)


#: The most values a game result's record (or error) may hold.
MAX_VALUES = 10_000_000


def _freeze(value: Any) -> Any:
    """JSON data (nested at most ``MAX_NESTING`` deep) with every dict and list read-only."""
    if isinstance(value, dict):
        return ReadOnlyDict({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return FrozenList(_freeze(v) for v in value)
    return value


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament.

    ``seats`` is the agent label at each seat; ``winners`` the winning seats (``()`` for a
    draw); ``winner_agents`` their labels; ``length`` the number of actions; ``record`` the
    JSON record (replay it with ``tabletop.replay``); ``seconds`` how long the game took.
    Two results are equal when their games are, record included, whatever time they took:
    the same tournament played here and on a cluster gives equal results. ``error`` is
    ``None``, or, when an agent raised, returned an illegal action or overran the move
    time, what happened:
    ``{"seat", "agent", "kind": "error" | "timeout", "message", "ply"}`` — that seat lost
    (the others share the win) and the record stops before its move.
    """

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    length: int
    finished: bool
    seconds: float = field(compare=False)  # the clock's: equal games took any time
    record: dict[str, Any] = field(repr=False, hash=False)  # JSON, unhashable: compared only
    error: dict[str, Any] | None = field(default=None, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "record", frozen_json(self.record, "record"))
        if self.error is not None:
            object.__setattr__(self, "error", frozen_json(self.error, "error"))
        seats, winners = self.seats, self.winners
        if not isinstance(seats, tuple) or not seats or not all(isinstance(s, str)
                                                                for s in seats):
            raise TypeError(f"a GameResult's seats are a tuple of labels, not {brief(seats)}")
        if not isinstance(self.scores, tuple) or len(self.scores) != len(seats):
            raise ValueError(f"a GameResult's scores are a tuple of {len(seats)} (one per seat), "
                             f"not {brief(self.scores)}")
        if not isinstance(winners, tuple) or len(set(winners)) != len(winners) or not all(
                type(w) is int and 0 <= w < len(seats) for w in winners):
            raise ValueError(f"a GameResult's winners are a tuple of different seats 0 .. "
                             f"{len(seats) - 1}, not {brief(winners)}")
        self._check_numbers()

    def _check_numbers(self) -> None:
        """The index, seed, scores, length, flag, time and error have their types and
        ranges (a ``ValueError`` or ``TypeError`` naming the field)."""
        rule = "a GameResult's {} is an int from {} to {}"
        for name, most in (("index", MAX_SEED), ("seed", MAX_SEED), ("length", MAX_SEED)):
            value = whole(getattr(self, name), 0, rule.format(name, 0, "2**64 - 1"), most=most)
            object.__setattr__(self, name, value)
        if not all(_finite(v) for v in self.scores):
            raise ValueError(f"a GameResult's scores are finite numbers, not "
                             f"{brief(self.scores)}")
        object.__setattr__(self, "finished", flag(self.finished, "a GameResult's finished"))
        if not _finite(self.seconds) or self.seconds < 0:
            raise ValueError(f"a GameResult's seconds are a finite number ≥ 0, not "
                             f"{brief(self.seconds)}")
        error = self.error
        if error is not None and (error.get("kind") not in ERROR_KINDS or type(
                error.get("seat")) is not int or not 0 <= error["seat"] < len(self.seats)):
            raise ValueError(f"a GameResult's error has a 'kind' (one of "
                             f"{either(ERROR_KINDS, repr)}) and "
                             f"a 'seat' (0 .. {len(self.seats) - 1}), not {brief(error)}")
        if error is not None and self.finished:  # the agent failed while the game was on
            raise ValueError("a GameResult lost on an error stops before the game's end: "
                             "its finished is false")

    @property
    def winner_agents(self) -> tuple[str, ...]:
        """The labels of the agents in the winning seats (``()`` for a draw)."""
        return tuple(self.seats[p] for p in self.winners)

    @property
    def winner(self) -> str | None:
        """The winning agent's label; ``None`` for a draw, ``"a+b"`` for a shared win."""
        return "+".join(self.winner_agents) or None

    def credit(self, seat: int) -> float:
        """The share of the win that went to ``seat`` (a player ``0 .. players - 1``, else a
        ``ValueError``): 1, ``1/k`` if shared by k, else 0."""
        players = len(self.seats)
        seat = player_of(seat, players, f"seat must be a player 0..{players - 1}")
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


@dataclass(frozen=True)
class ArenaResult(FormatsAsText):
    """The games of a tournament, with summaries, tables and a plot; read-only (``agents``
    and ``games`` are tuples, whatever sequences it was given), so that nothing changes
    what its summaries, ratings and plots say after the fact.

    >>> ArenaResult("lascaux", 3, ("a", "b", "c"), ["a game"])
    Traceback (most recent call last):
    TypeError: an ArenaResult's games are GameResults, not 'a game'
    """

    game: str
    players: int
    agents: tuple[str, ...]
    games: tuple[GameResult, ...]
    #: What agent each label stood for, as ``(label, description)`` pairs (the description
    #: is ``tabletop.arena.entrants.describe``'s), where known: ``combine`` refuses a label
    #: that stood for two different agents.
    described: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or not self.game:
            raise TypeError(f"an ArenaResult's game is a game's name, not {brief(self.game)}")
        if not isinstance(self.agents, Sequence) or isinstance(self.agents, str) \
                or not all(isinstance(a, str) for a in self.agents):
            raise TypeError(f"an ArenaResult's agents are labels (strings), not "
                            f"{brief(self.agents)}")
        players = whole(self.players, 1, "an ArenaResult's players are an int ≥ 1")
        object.__setattr__(self, "players", players)
        if not isinstance(self.games, Sequence) or isinstance(self.games, str):
            raise TypeError(f"an ArenaResult's games are a sequence of GameResults, not "
                            f"{brief(self.games)}")
        for g in self.games:
            if not isinstance(g, GameResult):
                raise TypeError(f"an ArenaResult's games are GameResults, not {brief(g)}")
            if len(g.seats) != players or not set(g.seats) <= set(self.agents):
                raise ValueError(f"game {g.index} has seats {brief(list(g.seats))}: an "
                                 f"ArenaResult's games seat {players} of its agents "
                                 f"{brief(list(self.agents))}")
        object.__setattr__(self, "agents", tuple(self.agents))
        object.__setattr__(self, "games", tuple(self.games))
        object.__setattr__(self, "described", _described(self.described, self.agents))

    def __len__(self) -> int:
        return len(self.games)

    def summary(self) -> list[AgentSummary]:
        """Per agent label: games, wins, draws, win rate (0.0 for an agent that played no
        game, which the tables show as ``–``), and the win rate at each seat."""
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
        from .ratings import known_agent

        labels = tuple(dict.fromkeys(self.agents))
        return self.summary()[known_agent(labels, agent)].win_rate

    def rows(self) -> list[dict[str, Any]]:
        """One JSON-safe dict per game (seed, seats, scores, winners, length, error …)."""
        return [row(g) for g in self.games]

    def to_dataframe(self) -> pd.DataFrame:
        """The games as a pandas DataFrame (one row per game; seats as ``seat0`` …; an
        ``error`` column when an agent lost a game by an error)."""
        pd = _require("pandas", "to_dataframe")
        frame = pd.DataFrame([flat_row(g) for g in self.games],  # (no game: its columns)
                             columns=flat_columns(self.players)).set_index("index")
        if all(g.error is None for g in self.games):
            frame = frame.drop(columns="error")
        return frame

    def win_rates(self, confidence: float = 0.95) -> dict[str, WinRate]:
        """Each agent's win rate with its Wilson interval (``tabletop.teaching.WinRate``)."""
        from .ratings import win_rates

        return win_rates(self, confidence)

    def pairwise(self) -> Pairwise:
        """Head-to-head results of every pair of agents (``ratings.pairwise``)."""
        from .ratings import pairwise

        return pairwise(self)

    def ratings(self, samples: int = 200, seed: int = 0, confidence: float = 0.95,
                anchor: str | None = None, prior: float = 1.0) -> Ratings:
        """Bradley–Terry ratings on the Elo scale with bootstrap intervals
        (``ratings.ratings``, which says what each argument does)."""
        from .ratings import ratings

        return ratings(self, samples=samples, seed=seed, confidence=confidence,
                       anchor=anchor, prior=prior)

    def summary_frame(self) -> pd.DataFrame:
        """The summary as a pandas DataFrame indexed by agent."""
        pd = _require("pandas", "summary_frame")
        rows = []
        for s in self.summary():
            row: dict[str, Any] = {"agent": s.agent, "games": s.games, "wins": s.wins,
                                   "draws": s.draws, "win_rate": s.win_rate}
            row.update({f"seat{p}": r for p, r in enumerate(s.by_seat)})
            rows.append(row)
        return pd.DataFrame(rows).set_index("agent")

    def plot(self, ax: Axes | None = None, kind: str = "win rate") -> Axes:
        """Win rates per agent and seat with their Wilson intervals, or, with
        ``kind="ratings"``, the ratings with their bootstrap intervals (matplotlib);
        returns the axes."""
        from .plots import plot

        return plot(self, ax=ax, kind=kind)

    def forfeits(self) -> str:
        """Which agents lost games by their own fault, and how, in one line (``""`` when
        none did): what a run on a busy cluster must not hide behind a win rate.

        >>> g = GameResult(index=0, seed=0, seats=("bot", "random"), scores=(0.0, 1.0),
        ...                winners=(1,), length=3, finished=False, seconds=0.1, record={},
        ...                error={"seat": 0, "agent": "bot", "kind": "timeout",
        ...                       "message": "took longer than 1 s to move", "ply": 3})
        >>> ArenaResult("lascaux", 2, ("bot", "random"), [g, g]).forfeits()
        "2 games lost by an agent's fault: bot 2 timeouts (each game's error says more)"
        """
        counts: dict[str, dict[str, int]] = {}
        for g in self.games:
            if g.error is not None:
                kinds = counts.setdefault(g.seats[g.error["seat"]], {})
                kinds[g.error["kind"]] = kinds.get(g.error["kind"], 0) + 1
        if not counts:
            return ""
        lost = sum(n for kinds in counts.values() for n in kinds.values())
        said = " · ".join(f"{fit(who, SHOWN)} " + ", ".join(
            counted(kinds[kind], kind) for kind in ERROR_KINDS if kind in kinds)
            for who, kinds in counts.items())
        return (f"{counted(lost, 'game')} lost by an agent's fault: {said} (each game's "
                f"error says more)")

    def _summary_text(self) -> list[str]:
        w = max([16, *(width(fit(a, SHOWN)) + 2 for a in self.agents)])  # (wide letters: 2)
        lines = [f"{'agent':<{w}}{'games':>7}{'wins':>8}{'draws':>7}{'win rate':>10}"
                 + "".join(f"{'seat ' + str(p):>9}" for p in range(self.players))]
        for s in self.summary():
            seats = "".join(f"{'–' if r is None else f'{r:.0%}':>9}" for r in s.by_seat)
            lines.append(f"{padded(fit(s.agent, SHOWN), w)}{s.games:>7}{s.wins:>8g}{s.draws:>7}"
                         f"{_rate(s):>10}{seats}")
        return lines

    def __str__(self) -> str:
        head = f"{self.game}, {self.players} players, {counted(len(self.games), 'game')}"
        faults = self.forfeits()
        return "\n".join([head, *self._summary_text(), *([faults] if faults else [])])

    def __repr__(self) -> str:
        played = counted(len(self.games), "game")
        return f"<ArenaResult {self.game}: {played}, agents {self.agents}>"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>seat {p}</th>" for p in range(self.players))
        body = "".join(
            f"<tr><td>{html_name(s.agent)}</td><td>{s.games}</td><td>{s.wins:g}</td>"
            f"<td>{s.draws}</td><td>{_rate(s)}</td>"
            + "".join(f"<td>{'–' if r is None else f'{r:.0%}'}</td>" for r in s.by_seat)
            + "</tr>"
            for s in self.summary()
        )
        played = counted(len(self.games), "game")
        return (f"<p>{escape(self.game)}, {self.players} players, {played}</p>"
                f"<table><tr><th>agent</th><th>games</th><th>wins</th><th>draws</th>"
                f"<th>win rate</th>{head}</tr>{body}</table>"
                + (f"<p>{escape(self.forfeits())}</p>" if self.forfeits() else ""))


def _rate(s: AgentSummary) -> str:
    """``s``'s win rate as the tables show it: ``–`` for an agent that played no game (its
    ``win_rate`` is 0.0)."""
    return f"{s.win_rate:.1%}" if s.games else "–"


def _finite(value: object) -> bool:
    """Whether ``value`` is a finite real number (numpy's too; a bool is none)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool) \
        and math.isfinite(value)


def row(g: GameResult) -> dict[str, Any]:
    """``g`` as a JSON-safe dict, without its record."""
    return {**{k: v for k, v in asdict(g).items() if k in COLUMNS}, "winner": g.winner}


def flat_row(g: GameResult) -> dict[str, Any]:
    """``g`` as one flat table row: ``seat0``, ``score0`` …, winners as ``"0,1"``, the
    error as its message."""
    flat = {k: v for k, v in row(g).items() if k not in ("seats", "scores", "error")}
    flat["winners"] = ",".join(map(str, g.winners))
    for p, (who, score) in enumerate(zip(g.seats, g.scores, strict=True)):
        flat[f"seat{p}"] = who
        flat[f"score{p}"] = score
    flat["error"] = "" if g.error is None else f"{g.error['kind']}: {g.error['message']}"
    return flat


def flat_columns(players: int) -> list[str]:
    """The keys of ``flat_row`` of a game of ``players`` players, in its order.

    >>> flat_columns(2)[-5:]
    ['seat0', 'score0', 'seat1', 'score1', 'error']
    """
    columns = [c for c in COLUMNS if c not in ("seats", "scores", "error")] + ["winner"]
    seats = [f"{what}{p}" for p in range(players) for what in ("seat", "score")]
    return [*columns, *seats, "error"]


def results_table(results: Iterable[ArenaResult]) -> str:
    """Several tournaments' summaries as one plain-text table (for benchmarks); anything
    but a list of ``ArenaResult`` is a ``TypeError``."""
    if isinstance(results, str | bytes | ArenaResult) or not isinstance(results, Iterable):
        raise TypeError(f"results_table takes a list of ArenaResults, not {brief(results)}")
    listed = list(results)
    for r in listed:
        if not isinstance(r, ArenaResult):
            raise TypeError(f"results_table takes a list of ArenaResults; one is {brief(r)}")
    return "\n\n".join(str(r) for r in listed)


def combine(results: Iterable[ArenaResult]) -> ArenaResult:
    """Several tournaments of one game as one field, for ratings across matches that each
    seat fewer agents than the field holds — in a 2-player game, every pair of a ladder
    (MCTS at several strengths, and random) played as its own ``arena`` call.

    The agents are all the tournaments' labels, in order of first appearance; a label must
    name the same agent in every tournament (a ``ValueError`` names one that stood for two,
    where the results say: ``ArenaResult.described``). The games
    are all the tournaments' games, in order; the same seed in two tournaments is two
    games. Tournaments of other games, player counts or options are refused.

    >>> from tabletop.arena import arena
    >>> runs = [arena("landlock", pair, games=2, progress=False) for pair in
    ...         (["mcts-weak", "random"], ["mcts", "random"], ["mcts", "mcts-weak"])]
    >>> field = combine(runs)
    >>> field.agents, len(field)
    (('mcts-weak', 'random', 'mcts'), 6)
    >>> sorted(field.ratings(samples=20).agents)
    ['mcts', 'mcts-weak', 'random']
    """
    if isinstance(results, str | bytes | ArenaResult) or not isinstance(results, Iterable):
        raise TypeError(f"combine takes a list of ArenaResults, not {brief(results)}")
    listed = list(results)
    if not listed:
        raise ValueError("combine needs at least one ArenaResult")
    for r in listed:
        if not isinstance(r, ArenaResult):
            raise TypeError(f"combine takes a list of ArenaResults; one is {brief(r)}")
    first = listed[0]
    options: set[str] = set()
    for r in listed:
        if (r.game, r.players) != (first.game, first.players):
            raise ValueError(f"combine takes tournaments of one game: {first.game} with "
                             f"{first.players} players, then {r.game} with {r.players}")
        said = _options(r)
        if said is not None:
            options.add(said)
        if len(options) > 1:
            raise ValueError(f"combine takes tournaments of one game, and these were played "
                             f"with other options: {' and '.join(sorted(options))}")
    agents = tuple(dict.fromkeys(a for r in listed for a in r.agents))
    return ArenaResult(game=first.game, players=first.players, agents=agents,
                       games=tuple(g for r in listed for g in r.games),
                       described=tuple(_one_agent_per_label(listed).items()))


def _one_agent_per_label(results: list[ArenaResult]) -> dict[str, str]:
    """What each label of ``results`` stood for, where any says; a ``ValueError`` naming a
    label that stood for two different agents (their games would merge into one entrant)."""
    known: dict[str, str] = {}
    for n, result in enumerate(results):
        for label, agent in result.described:
            before = known.setdefault(label, agent)
            if before != agent:
                raise ValueError(f"combine: the label {quote(label)} stands for two different "
                                 f"agents ({cut(before, 80)}, then {cut(agent, 80)} in "
                                 f"tournament {n}): their games would merge into one "
                                 f"entrant; give them different labels with a mapping, "
                                 f"{{'label': agent, …}}")
    return known


def _described(described: object, agents: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """``described`` as ``(label, description)`` pairs of labels among ``agents``, checked.

    >>> _described({"a": "random"}, ("a", "b"))
    (('a', 'random'),)
    >>> _described([("c", "random")], ("a",))
    Traceback (most recent call last):
    ValueError: an ArenaResult describes 'c', which is none of its agents ('a',)
    """
    pairs = described.items() if isinstance(described, Mapping) else described
    if isinstance(pairs, str | bytes) or not isinstance(pairs, Iterable):
        raise TypeError(f"an ArenaResult's described is (label, description) pairs or a "
                        f"mapping, not {brief(described)}")
    out: dict[str, str] = {}
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2
                and all(isinstance(text, str) for text in pair)):
            raise TypeError(f"an ArenaResult's described holds (label, description) pairs "
                            f"of strings, not {brief(pair)}")
        if pair[0] not in agents:
            raise ValueError(f"an ArenaResult describes {quote(pair[0])}, which is none of "
                             f"its agents {agents}")
        out[pair[0]] = pair[1]
    return tuple(out.items())


def _options(result: ArenaResult) -> str | None:
    """The options of ``result``'s games, as their records give them (``None`` if no record
    says; a tournament whose records disagree is refused)."""
    found = {json.dumps(g.record["options"], sort_keys=True, default=str)
             for g in result.games
             if isinstance(g.record, dict) and isinstance(g.record.get("options"), dict)}
    if len(found) > 1:
        raise ValueError(f"the games of one ArenaResult were played with other options: "
                         f"{' and '.join(sorted(found))}")
    return found.pop() if found else None
