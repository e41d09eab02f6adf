"""tabletop's games as OpenSpiel games (the optional extra ``pip install "tabletop[openspiel]"``).

``load_game(name)`` returns a ``pyspiel.Game`` registered as ``tabletop_<name>`` (dashes
become underscores). Every game of tabletop is registered when this module is imported (one
registered later, at its first ``load_game``), so ``pyspiel.load_game("tabletop_lava_flows")``
works too. The first node is a chance node
whose outcomes are the seeds ``0 .. seeds - 1`` (1000 by default, at most ``MAX_SEEDS``;
uniform) given to ``game.new(seed=...)``; with ``seed=`` (0 to 2**31 - 1, OpenSpiel's
integer parameters are 32-bit) the game has no chance node and starts from that seed.
Actions are tabletop's integer ids, strings come from the player's view, and
``resampler()`` hands OpenSpiel's ``ISMCTSBot`` tabletop's ``view.determinize``.
``docs/adapters.md`` lists what is mapped.

>>> from tabletop.adapters import openspiel
>>> game = openspiel.load_game("lava-flows")
>>> game.get_type().short_name, game.num_distinct_actions(), game.max_chance_outcomes()
('tabletop_lava_flows', 961, 1000)
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
>>> state.apply_action(7)                    # the chance outcome is the seed
>>> state.current_player(), state.legal_actions()
(0, [0, 1, 2, 3, 4, 5])
>>> state.action_to_string(0, 0)
'arrange black a1 white b1'
>>> game.observation_tensor_shape(), len(state.observation_tensor(0))
([202, 3, 3], 1818)
>>> clone = state.clone()
>>> clone.tabletop is state.tabletop         # immutable states are shared, not copied
True
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError('tabletop.adapters.openspiel needs OpenSpiel: '
                      'pip install "tabletop[openspiel]"') from error

import tabletop
from tabletop.agents.settings import seed_of
from tabletop.core.errors import IllegalAction, InvalidRecord
from tabletop.core.game import Game, State
from tabletop.core.ids import action_space
from tabletop.core.keys import position_key
from tabletop.core.plain import plain, plain_inside
from tabletop.core.quoting import brief
from tabletop.core.registry import game_class
from tabletop.core.textformat import FormatsAsText

from .openspiel_checks import (
    CHANCE,
    action_arg,
    draw_seed,
    foreign_game,
    history_ids,
    history_problem,
    invalid,
    mismatch,
    notation_id,
    observation_kind,
    player_arg,
    player_checked,
    sample,
    text_problem,
)
from .openspiel_history import replay
from .openspiel_params import (
    MAX_FIXED_SEED,
    MAX_SEEDS,
    NO_SEED,
    SEEDS,
    game_info,
    game_type,
    short_name,
    split_params,
)

__all__ = ["GAMES", "MAX_FIXED_SEED", "MAX_SEEDS", "NO_SEED", "SEEDS", "TabletopGame",
           "TabletopObserver", "TabletopState", "load_game", "resampler", "short_name"]

#: The default of a player argument: the player to move.
MOVER: Any = object()

Resampler = Callable[["TabletopState", int], "TabletopState"]


def load_game(name: str, *, seed: int | None = None, players: int | None = None,
              seeds: int = SEEDS, **options: Any) -> Any:
    """The ``pyspiel.Game`` of tabletop's game ``name`` with ``players`` and its options.

    Without ``seed`` the game starts with a chance node over the seeds ``0 .. seeds - 1``;
    with ``seed`` (0 to 2**31 - 1) it is deterministic and starts from ``new(seed=seed)``.

    >>> load_game("lascaux", players=4, seed=3).get_type().chance_mode
    <ChanceMode.DETERMINISTIC: 0>
    """
    if not isinstance(name, str):  # (a pyspiel game can't even be compared with a name)
        game_class(name)  # UnknownGame, saying which name to give
    defaults = game_class(name).defaults if name in tabletop.games() else {}
    options = {key: float(value) if type(defaults.get(key)) is float and type(value) is int
               else value for key, value in plain_inside(options).items()}  # OpenSpiel's types
    params: dict[str, Any] = {"seed": NO_SEED if seed is None else plain(seed),
                              "seeds": plain(seeds), **options}
    split_params(params)  # refused here, with tabletop's message, before OpenSpiel casts them
    if players is not None:
        params["players"] = plain(players)
        options["players"] = plain(players)
    tabletop.load(name, **options)  # a name, player count or option tabletop refuses
    _register()  # a game registered with tabletop after this module was imported
    return pyspiel.load_game(short_name(name), params)


def resampler(seed: int | None = None) -> Resampler:
    """A resampler for ``ISMCTSBot.set_resampler``: ``(state, player) -> state``, a full
    state drawn by tabletop's ``view.determinize`` from ``player``'s view.

    >>> from open_spiel.python.algorithms import ismcts, mcts
    >>> game = load_game("lascaux", players=3)
    >>> bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(), 2.0, 10)
    >>> bot.set_resampler(resampler(seed=1))
    """
    rng = random.Random(seed_of(seed))

    def resample(state: TabletopState, player: int) -> TabletopState:
        if not isinstance(state, TabletopState):
            raise TypeError(f"a resampler draws from a TabletopState, not {brief(state)}")
        return state.resample(player, rng)

    return resample


class TabletopGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]
    """A tabletop game with its options, as a ``pyspiel.Game`` (``.tabletop`` is it).
    Each game of tabletop has its subclass (``GAMES[name]``), naming it in ``tabletop_name``."""

    tabletop_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.tabletop_name
        cls = game_class(name)
        full = {**game_type(cls, None, True).parameter_specification, **(params or {})}
        seed, seeds, options = split_params(full)
        self.tabletop: Game = tabletop.load(name, **options)
        self.seed: int | None = None if seed == NO_SEED else seed
        chance = self.seed is None
        super().__init__(game_type(cls, self.tabletop.utility_sum, chance),
                         game_info(self.tabletop, seeds if chance else 0), full)
        self.seeds = seeds
        self._start = _Shared(self.tabletop.new(seed=self.seed)) if not chance else None

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, Any]]]:
        """Pickled as OpenSpiel's name and parameters: loaded again, it is the same game."""
        return pyspiel.load_game, (short_name(self.tabletop_name), self.get_parameters())

    def new_initial_state(self, *start: object) -> TabletopState:
        """The chance node over seeds, or (with a fixed seed) the state from that seed.
        OpenSpiel's ``new_initial_state(text or json)`` is refused (``ValueError``): a
        state comes back from text through ``deserialize_state``, which checks its game."""
        if start:
            raise ValueError(f"{self} starts from no text or JSON, not {brief(start[0])}: "
                             "call new_initial_state(), or deserialize_state(text) for a "
                             "serialized state")
        return TabletopState(self, self._start)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> TabletopObserver | None:
        """The observer of the information state (``perfect_recall``) or the observation;
        ``None`` (OpenSpiel's "not provided") for any other type: tabletop observes a
        player's whole view, public and private information together, nothing less.

        >>> game = load_game("lacuna")
        >>> game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True)).recall
        True
        >>> print(game.make_py_observer(pyspiel.IIGObservationType(
        ...     public_info=True, perfect_recall=False,
        ...     private_info=pyspiel.PrivateInfoType.NONE)))
        None
        """
        if isinstance(iig_obs_type, dict) and params is None:  # C++'s make_observer(params)
            iig_obs_type, params = None, iig_obs_type
        observation_kind(iig_obs_type, pyspiel)
        if params:
            raise ValueError(f"tabletop observers take no parameters, not {brief(params)}")
        if iig_obs_type is not None and (
                iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info):
            return None
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return TabletopObserver(self.tabletop.observation_shape, recall, self.tabletop)

    def make_observer(self, *type_and_params: Any) -> Any:
        """OpenSpiel's C++ observer, ``make_observer([iig_obs_type,] params)``; a type
        ``make_py_observer`` does not provide is a ``ValueError`` saying which are."""
        if len(type_and_params) == 2 and self.make_py_observer(*type_and_params) is None:
            kind = type_and_params[0]
            raise ValueError(
                f"{self} provides no observer with public_info={kind.public_info}, "
                f"private_info={kind.private_info}: tabletop observes a player's view, "
                "public_info=True with private_info=SINGLE_PLAYER (perfect_recall either)")
        return super().make_observer(*type_and_params)

    def deserialize_state(self, text: str) -> TabletopState:
        """The state ``serialize()`` wrote; text that is no serialized state of this game
        (damaged, of another game, or whose history is not its state's) is an
        ``InvalidRecord`` saying what is wrong."""
        if not isinstance(text, str):
            raise TypeError(f"deserialize_state takes the text serialize() wrote, not "
                            f"{brief(text)}")
        problem = text_problem(text)
        if problem is not None:
            raise InvalidRecord(f"{self} cannot deserialize this text: {problem}")
        try:
            state: TabletopState = super().deserialize_state(text)
        except Exception as error:  # the unpickling of a damaged __dict__= line
            raise invalid(error) from error
        return state

    def max_chance_nodes_in_history(self) -> int:
        """One chance node (the seed), or none with a fixed seed."""
        return 0 if self.seed is not None else 1


class _Shared:
    """A tabletop state held by an OpenSpiel state: shared by clones (it is immutable) and
    serialized as its record (JSON); a determinized state, which has no record, as its pickle.
    """

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        if self.state.seed is None:
            return (_Shared, (self.state,))
        return (_from_record, (json.dumps(self.state.to_record()),))


def _from_record(text: str) -> _Shared:
    """The unpickling of ``_Shared``: the state its record reaches (which game's it is, the
    ``TabletopState`` it is set on checks)."""
    return _Shared(tabletop.replay(text))


def _action_arg(action: object, state: TabletopState) -> int:
    """``action`` as an int id (``openspiel_checks.action_arg``); at the chance node an id
    too large for OpenSpiel gets the chance node's message."""
    size = state.get_game().tabletop.num_distinct_actions
    try:
        return action_arg(action, size, state.tabletop)
    except IllegalAction:
        found = plain(action)
        if state.tabletop is None and type(found) is int and found >= 2**63:
            state._seed(found)  # the chance node's message
        raise


# --- states --------------------------------------------------------------------------------

class TabletopState(pyspiel.State, FormatsAsText):  # type: ignore[misc,unused-ignore]
    """An OpenSpiel state around an immutable tabletop state (``.tabletop``; ``None`` at
    the chance node that draws the seed).

    ``TabletopState(game, state)`` wraps any tabletop ``State`` of the game's rules (e.g.
    ``view.determinize(rng)``), so OpenSpiel's bots can search from it. Its OpenSpiel
    history is the state's (the seed, if the game has a chance node, then each action's
    id): it answers as the state reached by ``apply_action`` from the start. A determinized
    state, which has no seed or history, starts an empty one. A format spec applies to its
    text, as on tabletop's own states.
    """

    def __init__(self, game: TabletopGame, state: State | _Shared | None = None) -> None:
        if not isinstance(game, TabletopGame):
            raise TypeError(f"TabletopState(game, state) takes a game of "
                            f"tabletop.adapters.openspiel (load_game(name)), not {brief(game)}")
        if not isinstance(state, State | _Shared | None):
            raise TypeError(f"TabletopState(game, state) wraps a tabletop State of the game "
                            f"(of a view: view.determinize(rng)), not {brief(state)}")
        super().__init__(game)
        if isinstance(state, State):
            wrong = mismatch(game, state)
            if wrong is not None:
                raise ValueError(f"a state of {state.game!r} cannot be a state of {game}: "
                                 f"{wrong}")
            replay(self, state, pyspiel.State.apply_action)  # its history, as if played
            state = _Shared(state)
        self.__dict__["_shared"] = state

    @property
    def _shared(self) -> _Shared | None:
        """The tabletop state held (in ``__dict__``, which OpenSpiel serializes and clones)."""
        shared: _Shared | None = self.__dict__["_shared"]
        return shared

    @_shared.setter
    def _shared(self, shared: _Shared | None) -> None:
        """Set by ``_apply_action`` and by OpenSpiel's ``clone``, ``deserialize_state`` and
        unpickling: a state that is not of this game (a record of another game, player
        count, options or fixed seed) is an ``InvalidRecord`` naming what differs."""
        game = self.get_game()
        if shared is not None and not isinstance(shared, _Shared):
            raise InvalidRecord(f"a serialized state of {game} holds {brief(shared)}, not a "
                                "tabletop state")
        if shared is None:  # the chance node: a game with seed= has none, and no move before
            wrong = (f"seed differs: expected {game.seed} (the game's seed=), found the "
                     "chance node, before a seed is drawn") if game.seed is not None else (
                f"history differs: the chance node has none, found {brief(self.history())}"
                if self.history() or self.move_number() else None)
        else:
            wrong = mismatch(game, shared.state) or history_problem(
                self.history(), self.move_number(),
                history_ids(game.tabletop, shared.state, game.seed is None))
        if wrong is not None:
            raise InvalidRecord(f"the serialized state is not a state of {game}: {wrong}")
        self.__dict__["_shared"] = shared

    @property
    def tabletop(self) -> State | None:
        """The tabletop state, or ``None`` before the seed is drawn."""
        return None if self._shared is None else self._shared.state

    def _held(self) -> State:
        if self._shared is None:
            raise pyspiel.SpielError("the seed is not drawn yet: this is the chance node")
        return self._shared.state

    def current_player(self) -> Any:
        """The player to move, ``CHANCE`` before the seed, ``TERMINAL`` at the end."""
        if self._shared is None:
            return pyspiel.PlayerId.CHANCE
        player = self._shared.state.current_player
        return pyspiel.PlayerId.TERMINAL if player is None else player

    def is_terminal(self) -> bool:
        return self._shared is not None and self._shared.state.is_terminal

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the legal actions, ascending."""
        return list(self._held().legal_action_ids())

    def _player(self, player: object, chance: bool = False) -> int:
        """``player`` checked: one of the game's (or chance, if ``chance``); OpenSpiel's
        ``PlayerId`` names too."""
        if isinstance(player, pyspiel.PlayerId):
            player = int(player)
        return player_arg(player, self.num_players(), chance=chance)

    def legal_actions(self, player: Any = MOVER) -> list[int]:
        """The legal ids of ``player`` (by default the player to move): none for a player
        not to move. (OpenSpiel's own would list the seeds for any player at the chance
        node.)"""
        if player is MOVER:
            return list(super().legal_actions())
        if self._player(player, chance=True) != self.current_player():
            return []
        return list(super().legal_actions())

    def legal_actions_mask(self, player: Any = MOVER) -> list[int]:
        """``legal_actions(player)`` as 0s and 1s, one per action (per chance outcome for
        chance). OpenSpiel's own wrote the seeds past the end of a player's mask at the
        chance node, corrupting memory."""
        if player is MOVER:
            return list(super().legal_actions_mask())
        who = self._player(player, chance=True)
        game = self.get_game()
        size = game.max_chance_outcomes() if who == CHANCE else game.num_distinct_actions()
        mask = [0] * size
        for action in self.legal_actions(who):
            mask[action] = 1
        return mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seeds, uniformly (at the chance node only: elsewhere a ``SpielError``)."""
        if self._shared is not None:
            raise pyspiel.SpielError("chance_outcomes: this is no chance node (the seed is "
                                     "drawn); legal_actions() lists the moves")
        seeds = self.get_game().seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _seed(self, action: int) -> int:
        """The chance outcome ``action`` as a seed ``0 .. seeds - 1``; else ``IllegalAction``."""
        seeds = self.get_game().seeds
        if not 0 <= action < seeds:
            raise IllegalAction(f"chance outcome {brief(action)} is not a seed 0 .. "
                                f"{seeds - 1}")
        return int(action)

    def apply_action(self, action: int) -> None:
        """Apply the action (or chance outcome) with id ``action``: an int, numpy's too; a
        bool, float, string, ``None`` or array is an ``IllegalAction``, as is an id that is
        not legal here (saying what is)."""
        super().apply_action(_action_arg(action, self))

    def apply_action_with_legality_check(self, action: int) -> None:
        """``apply_action``, with OpenSpiel's check that ``action`` is legal."""
        super().apply_action_with_legality_check(_action_arg(action, self))

    def child(self, action: int) -> TabletopState:
        """The state after ``action`` (checked as ``apply_action`` checks it)."""
        child: TabletopState = super().child(_action_arg(action, self))
        return child

    def action_to_string(self, *player_and_action: Any) -> str:
        """``action_to_string([player,] action)``, the action id checked as by
        ``apply_action``, the player as one of the game's or chance (``-1``)."""
        if len(player_and_action) not in (1, 2):
            raise TypeError(f"action_to_string([player,] action) takes one or two arguments, "
                            f"not {len(player_and_action)}")
        *player, action = player_and_action
        player = [p if self._at_end(p) else self._player(p, chance=True) for p in player]
        text: str = super().action_to_string(*player, _action_arg(action, self))
        return text

    def _at_end(self, player: object) -> bool:
        """Whether ``player`` is ``TERMINAL`` and the game is over: then it is the player
        to move (``current_player()``), so ``action_to_string`` takes it, as the
        one-argument form passes it, and names the action as for any player (the moves of
        a finished game are named so)."""
        if isinstance(player, pyspiel.PlayerId):
            player = int(player)
        found = plain(player)
        return (type(found) is int and found == int(pyspiel.PlayerId.TERMINAL)
                and self.is_terminal())

    def string_to_action(self, *player_and_text: Any) -> int:
        """``string_to_action([player,] text)``: the legal id whose ``action_to_string`` is
        ``text``, or that ``text`` names in tabletop's notation; else ``IllegalAction``
        listing them."""
        if len(player_and_text) not in (1, 2):
            raise TypeError(f"string_to_action([player,] text) takes one or two arguments, "
                            f"not {len(player_and_text)}")
        *player, text = player_and_text
        if player and not self._at_end(player[0]):  # (TERMINAL at the end: the mover's)
            who = self._player(player[0], chance=True)
            legal = self.legal_actions(who)
        else:
            who, legal = self.current_player(), self.legal_actions()
        named = {self.action_to_string(who, a): a for a in legal}
        if isinstance(text, str) and text in named:
            return named[text]
        if (found := notation_id(self.tabletop, text, named)) is not None:  # "PAY" is pay
            return found
        shown = ", ".join(map(repr, list(named)[:12])) + (", …" if len(named) > 12 else "")
        if not named:  # say why there is none, not "legal: " and nothing
            why = ("the game is over" if self.is_terminal() else
                   f"player {who} is not to move: player {self.current_player()} is")
            raise IllegalAction(f"{brief(text)} names no legal action here; legal: none "
                                f"({why})")
        raise IllegalAction(f"{brief(text)} names no legal action here; legal: {shown}")

    def _apply_action(self, action: int) -> None:
        # the new state is one of this game's: set directly, without the setter's check
        if self._shared is None:
            self.__dict__["_shared"] = _Shared(
                self.get_game().tabletop.new(seed=self._seed(action)))
        else:
            state = self._shared.state
            self.__dict__["_shared"] = _Shared(state.apply(state.action_from_id(int(action))))

    def _action_to_string(self, player: int, action: int) -> str:
        """A seed, or the action's notation."""
        game = self.get_game().tabletop
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {self._seed(action)}"
        if not 0 <= player < game.players and not self._at_end(player):
            raise ValueError(f"player must be 0 .. {game.players - 1} (or "
                             f"{int(pyspiel.PlayerId.CHANCE)}: chance), not {brief(player)}")
        named = action_space(game).action_at(int(action))
        if named is None and self._shared is not None:
            named = self._shared.state.action_from_id(int(action))  # a bad id: IllegalAction
        if named is None:  # an id that only a position can name, asked before the deal
            raise IllegalAction(f"action id {action} names no {game.name} action before the "
                                "game is dealt")
        return str(named)

    def returns(self) -> list[float]:
        """``state.returns()``: +1 a winner, -1 another player, 0 in a draw or before."""
        if self._shared is None:
            return [0.0] * self.num_players()
        return list(self._shared.state.returns())

    def rewards(self) -> list[float]:
        """Terminal rewards: the returns at the end, zero before."""
        return self.returns() if self.is_terminal() else [0.0] * self.num_players()

    def resample(self, player: int, rng: random.Random) -> TabletopState:
        """A state drawn from ``player``'s view by ``view.determinize(rng)`` (its
        information state is the same; its OpenSpiel history starts empty)."""
        if self._shared is None:
            return TabletopState(self.get_game(), None)
        drawn = self._shared.state.view(player).determinize(rng)
        return TabletopState(self.get_game(), _Shared(drawn))

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> TabletopState:
        """OpenSpiel's resampling hook, through ``view.determinize``."""
        return self.resample(player, random.Random(draw_seed(sample(probability_sampler))))

    def __str__(self) -> str:
        """The state's text, then ``state`` and its key (``core.keys.position_key``): the
        text leaves out what no player sees, and OpenSpiel keys states by this string."""
        if self._shared is None:
            return f"{self.get_game().tabletop.name}: the seed is not drawn yet"
        state = self._shared.state
        return f"{state}\nstate {position_key(state)}"


# --- observations --------------------------------------------------------------------------

class TabletopObserver:
    """OpenSpiel's Python observer of a tabletop view: ``tensor`` is ``view.observation()``
    (flat; ``dict["observation"]`` in the game's shape), the string is
    ``view.information_state()`` (with ``recall``) or the view's text."""

    def __init__(self, shape: tuple[int, ...], recall: bool, game: Game | None = None) -> None:
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self.recall = recall
        #: The tabletop game whose states it reads (``make_py_observer`` gives it): a state
        #: of another game, player count or options is refused, not read into this shape.
        self.game = game

    def set_from(self, state: TabletopState, player: int) -> None:
        """Write ``player``'s observation of ``state`` (zeros before the seed is drawn)."""
        held = self._observed(state)
        if held is None:
            self.tensor.fill(0.0)
            return
        observed = held.view(player).observation()
        target = self.dict["observation"]
        if observed.shape != target.shape:  # (an observer made by hand, without its game)
            raise ValueError(f"this observer holds observations of shape {target.shape}, "
                             f"not {held.game.name}'s {observed.shape}: make the observer "
                             "from the state's own game (game.make_py_observer())")
        target[...] = observed

    def string_from(self, state: TabletopState, player: int) -> str:
        """``player``'s information state or observation of ``state``, as text."""
        held = self._observed(state)
        if held is None:
            return str(state)
        view = held.view(player)
        return view.information_state() if self.recall else str(view)

    def _observed(self, state: object) -> State | None:
        """The tabletop state the observer reads (``None`` at the chance node); a
        ``TypeError`` for anything that is no ``TabletopState``, a ``ValueError`` naming
        what differs for a state of another game, player count or options."""
        if not isinstance(state, TabletopState):
            raise TypeError(f"a tabletop observer reads a TabletopState, not {brief(state)}")
        mine = self.game
        if mine is not None:
            found = state.get_game()
            theirs = found.tabletop if isinstance(found, TabletopGame) else None
            wrong = None if theirs is None else foreign_game(mine, theirs)
            if wrong is not None:
                raise ValueError(f"a {mine.name} observer read a state of another game "
                                 f"({wrong}): make the observer from the state's own game, "
                                 "state.get_game().make_py_observer()")
        return state.tabletop


for _name in ("observation_tensor", "information_state_tensor", "observation_string",
              "information_state_string", "player_return", "player_reward"):
    setattr(TabletopState, _name, player_checked(getattr(pyspiel.State, _name), _name))

#: The ``TabletopGame`` subclass of each game of tabletop, by tabletop name.
GAMES: dict[str, type[TabletopGame]] = {}


def _register() -> None:
    """Register every game of tabletop with OpenSpiel (once per process). The factories are
    classes, as in OpenSpiel's own Python games: OpenSpiel's registry outlives the
    interpreter, and a class (unlike a function) is not freed when it lets go of it."""
    known = set(pyspiel.registered_names())
    for name in (name for name in tabletop.games() if name not in GAMES):
        factory = GAMES[name] = type(f"TabletopGame_{short_name(name)}", (TabletopGame,),
                                     {"tabletop_name": name, "__module__": __name__})
        if short_name(name) not in known:
            utility = tabletop.load(name).utility_sum
            pyspiel.register_game(game_type(game_class(name), utility, True), factory)


_register()
