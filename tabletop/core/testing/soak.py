"""Soak: many seeded random games of one game, every invariant checked: ``soak(game, n)``.

Each game (seed ``s``: ``setup="decide"`` for even seeds, ``"random"`` for odd ones, moves
from ``random.Random(s)``) is played to its end, checking

* at every ply: terminal ⇔ no legal action ⇔ no current player; the state fits its own
  declared ranges (``check_fits_own_ranges``);
* at sampled plies (about one in ``every``): each player's view fits its ranges and equals
  the view of a determinization of it, and a view holds the mover's legal actions;
* at the end: ``replay`` of the JSON record is the final state, ``replay(record, ply=k)`` is
  the state at a sampled ply ``k``, scores and winners are well formed, and copy, deepcopy
  and pickle round trips of the final state, the state at ply ``k`` and a view are the same
  values.

A failure ends that game (the message says seed and ply) and the soak goes on with the next.

>>> import tabletop
>>> result = soak(tabletop.load("landlock"), games=3)
>>> result.games, result.failed, result.plies > 0
(3, 0, True)
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field

from ..game import Game, State
from ..record import replay
from .common import ConformanceError, fail
from .entry import suite_count, suite_game, suite_seeds
from .replacing import check_fits_own_ranges
from .roundtrip import check_round_trips

#: Messages kept per soak (the count of failed games is always exact).
KEPT_FAILURES = 5


@dataclass
class SoakResult:
    """What a soak played and found: games, plies, seconds, and the failed games."""

    games: int = 0
    plies: int = 0
    seconds: float = 0.0
    failed: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, other: SoakResult) -> None:
        """Fold ``other`` (e.g. a chunk run elsewhere) into this result."""
        self.games += other.games
        self.plies += other.plies
        self.seconds += other.seconds
        self.failed += other.failed
        self.failures.extend(other.failures[:KEPT_FAILURES - len(self.failures)])


def soak(game: Game, games: int, first_seed: int = 0, every: int = 16) -> SoakResult:
    """Play ``games`` seeded random games (seeds ``first_seed ...``), checking every
    invariant; expensive checks at about one ply in ``every``."""
    game = suite_game(game, "soak")
    games = suite_count(games, "games", "soak")
    suite_seeds(range(first_seed, first_seed + games), "soak")
    every = suite_count(every, "every", "soak")
    result = SoakResult()
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        result.games += 1
        try:
            result.plies += soak_one(game, seed, every)
        except Exception as err:  # any failure, expected or not, is a finding
            result.failed += 1
            if len(result.failures) < KEPT_FAILURES:
                text = str(err) if isinstance(err, ConformanceError) else \
                    f"{game.name} seed {seed}: {type(err).__name__}: {err}"
                result.failures.append(text)
    result.seconds = time.perf_counter() - start
    return result


def soak_one(game: Game, seed: int, every: int = 16) -> int:
    """Play and check the game of ``seed``; return its length in plies."""
    moves, checks = random.Random(seed), random.Random(f"soak {seed}")
    state = game.new(seed=seed, setup="random" if seed % 2 else "decide")
    states = [state]
    ply = len(state.history)  # a random setup has played some plies already
    while True:
        legal = state.legal_actions()
        if state.is_terminal == bool(legal) or state.is_terminal != (state.current_player is None):
            fail(f"{game.name} seed {seed} ply {ply}",
                 f"terminal={state.is_terminal}, current player {state.current_player!r}, "
                 f"{len(legal)} legal actions")
        check_fits_own_ranges(state, f"{game.name} seed {seed} ply {ply}")
        if checks.randrange(every) == 0:
            _check_views(state, checks, f"{game.name} seed {seed} ply {ply}")
        if state.is_terminal:
            break
        state = state.apply(moves.choice(legal))
        states.append(state)
        ply += 1
    _check_end(states, checks, f"{game.name} seed {seed}")
    return ply


def _check_views(state: State, rng: random.Random, where: str) -> None:
    for player in range(state.game.players):
        view = state.view(player)
        check_fits_own_ranges(view, f"{where} view {player}")
        twin = view.determinize(random.Random(rng.random()))
        if twin.view(player) != view:
            fail(f"{where} view {player}", "a determinization's view differs from the view")
        if view.legal_actions() != (state.legal_actions()
                                    if state.current_player == player else ()):
            fail(f"{where} view {player}", "the view's legal actions are not the player's")


def _check_end(states: list[State], rng: random.Random, where: str) -> None:
    final = states[-1]
    players = final.game.players
    if len(final.scores) != players or not set(final.winners) <= set(range(players)):
        fail(where, f"scores {final.scores} / winners {final.winners} for {players} players")
    record = json.loads(json.dumps(final.to_record()))
    again = replay(record)
    if again != final or again.history != final.history:
        fail(where, "replaying the record does not reach the final state")
    sampled = rng.choice(states)
    ply = len(sampled.history)  # a random setup plays some plies before the first state
    if replay(record, ply=ply) != sampled:
        fail(f"{where} ply {ply}", "replay(record, ply) is not the state at that ply")
    check_round_trips(final, f"{where} ply {len(final.history)}")
    check_round_trips(sampled, f"{where} ply {ply}")
    check_round_trips(sampled.view(rng.randrange(players)), f"{where} ply {ply} view")
