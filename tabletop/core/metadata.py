"""What a game declares for AI libraries: its integer action count, longest game, utilities,
and the returns of a finished game (a mixin of ``Game``, and ``returns_of`` for states).

Every game answers:

* ``num_distinct_actions`` — the size of its ``ActionSpace`` (``ids.py``), fixed per game,
  options and player count;
* ``max_game_length`` — a proven bound on the plies of any game from ``new()`` (each game
  derives it from its rules and ply caps, in its docstring);
* ``min_utility`` / ``max_utility`` — the bounds of ``state.returns()``: ``-1`` and ``+1``;
* ``utility_sum`` — ``0.0`` for a zero-sum game (two players, or two teams), ``None`` for a
  general-sum one;
* ``chance`` — ``"seed"``: every chance event comes from the seed of ``new()``, so an
  adapter can expose one chance node over seeds, or fix the seed.

``state.returns()`` maps the outcome to one float per player: ``+1`` for each winner,
``-1`` for each other player, ``0`` for everyone before the end and in a draw (no winner, or
every player a winner). In a team game each partner gets the team's result.

>>> import tabletop
>>> game = tabletop.load("lava-flows")
>>> game.min_utility, game.max_utility, game.utility_sum, game.chance
(-1.0, 1.0, 0.0, 'seed')
>>> game.new(seed=1).returns()
(0.0, 0.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from .ids import ActionSpace, action_space

if TYPE_CHECKING:
    from .game import State

#: The utility of a win, a loss and a draw.
WIN, LOSS, DRAW = 1.0, -1.0, 0.0


class GameFacts:
    """The metadata every ``Game`` answers (the game fills in ``_action_space``,
    ``max_game_length`` and ``observation_shape``)."""

    __slots__ = ()
    min_utility: ClassVar[float] = LOSS
    max_utility: ClassVar[float] = WIN
    chance: ClassVar[str] = "seed"
    #: Each change to the rules that makes an older record replay otherwise, oldest first:
    #: ``"2026-12-01: a bridge cancels …"``. ``replay`` names them when a record fails.
    rule_changes: ClassVar[tuple[str, ...]] = ()

    if TYPE_CHECKING:
        name: ClassVar[str]

        @property
        def players(self) -> int: ...

    @property
    def num_distinct_actions(self) -> int:
        """How many integer action ids there are: ``0 .. num_distinct_actions - 1``."""
        return action_space(self).size

    def _action_space(self) -> ActionSpace:
        """The game's numbering of its actions (built once per game and options)."""
        raise NotImplementedError(f"{self.name} declares no integer actions")

    @property
    def max_game_length(self) -> int:
        """A proven bound on the number of plies of any game from ``new()``."""
        raise NotImplementedError(f"{self.name} declares no maximum game length")

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every ``view.observation()`` of this game and options."""
        raise NotImplementedError(f"{self.name} declares no observation tensor")

    @property
    def utility_sum(self) -> float | None:
        """``0.0`` if the returns of every finished game add up to zero (two sides), else
        ``None`` (general-sum)."""
        return 0.0 if self.players == 2 else None


def returns_of(state: State) -> tuple[float, ...]:
    """One float per player: ``+1`` a winner, ``-1`` another player, ``0`` before the end
    and in a draw (no winner, or every player a winner)."""
    n = state.game.players
    winners = set(state.winners)
    if not state.is_terminal or not winners or len(winners) == n:
        return (DRAW,) * n
    return tuple(WIN if p in winners else LOSS for p in range(n))
