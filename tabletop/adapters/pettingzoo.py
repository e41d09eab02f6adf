"""tabletop's games as PettingZoo AEC environments (the optional extra ``[pettingzoo]``).

``env(name, players=None, render_mode=None, **options)`` is the environment wrapped as
PettingZoo's classic games are (illegal moves end the game with a loss for the mover, ids
out of range are refused, the call order is enforced); ``raw_env(...)`` is the bare one.

* agents ``player_0`` … ``player_{n-1}`` are tabletop's players ``0 .. n-1``;
* an action is an integer id (``Discrete(game.num_distinct_actions)``, ``state.action_id``):
  an int, numpy's integers too (a 0-d integer array as well, as ``Discrete`` holds it); a
  bool, float, string, ``None``, other array or an id out of range is an ``IllegalAction``
  saying what ``step`` takes, and nothing changes;
* an observation is ``{"observation": view.observation(), "action_mask": mask}`` of the
  agent's own view (``Dict`` of two ``Box`` spaces, as PettingZoo's classic games); the mask
  is the view's ``legal_mask()`` as ``int8``, all zeros when the agent is not to move. With
  ``mask="info"`` the observation is the tensor alone (a ``Box``) and the mask travels in
  ``infos[agent]["action_mask"]``;
* the tensor is tabletop's own read-only array (not copied: writing to it raises); the
  observation's mask is a fresh array, the agent's own to change; the info's mask is
  read-only (wrappers read it there) and ``last()``'s info dict is a copy;
* rewards are ``state.returns()`` once the game is over, ``0`` before; no truncation (every
  game has a proven ``max_game_length``);
* ``reset(seed=s)`` starts ``game.new(seed=s)``; ``reset()`` draws the seed from the
  environment's generator. Secret setup choices are the agents' own actions
  (``setup="decide"``, tabletop's contract); ``setup="random"`` makes them at random;
* ``state()`` (AEC's global state, for centralised training): every player's observation
  tensor, stacked (``players × game.observation_shape``; ``state_space`` is its ``Box``);
  ``raw_env.tabletop`` is the current tabletop ``State`` itself;
* ``render()``: ``"ansi"`` the text of the view of the agent to act, ``"rgb_array"`` its
  picture (the view's SVG rasterised by resvg), ``"human"`` prints the text.

>>> from tabletop.adapters.pettingzoo import env
>>> e = env("landlock", players=4)
>>> e.reset(seed=2)               # game.new(seed=2)
>>> e.agent_selection, e.action_space("player_0")
('player_0', Discrete(607))
>>> obs, reward, terminated, truncated, info = e.last()
>>> obs["observation"].shape, obs["action_mask"].nonzero()[0]   # land or water
((58, 11, 11), array([0, 1]))
>>> e.step(0)
>>> [str(action) for action in e.unwrapped.tabletop.history]
['land']
"""

from __future__ import annotations

import copy
import io
import sys
from collections.abc import Mapping
from typing import Any

import numpy as np

try:
    import gymnasium
    import resvg_py
    from gymnasium import spaces
    from gymnasium.utils import EzPickle, seeding
    from pettingzoo import AECEnv
    from pettingzoo.utils import BaseWrapper, wrappers
    from PIL import Image
except ImportError as error:  # pragma: no cover - depends on the environment
    raise ImportError(
        f"tabletop's PettingZoo adapter needs {error.name}: pip install \"tabletop[pettingzoo]\""
    ) from error

import tabletop
from tabletop.core.errors import IllegalAction, InvalidOption
from tabletop.core.game import Game, State, View
from tabletop.core.ids import id_hint
from tabletop.core.plain import plain
from tabletop.core.printing import say
from tabletop.core.quoting import brief
from tabletop.core.readonly import readonly_array as readonly
from tabletop.core.record import MAX_SAFE_INT
from tabletop.core.warn import outside_level

from .floors import require_extra

require_extra("pettingzoo")  # an older PettingZoo breaks the turn order, not the import

__all__ = ["env", "raw_env"]

Observation = dict[str, np.ndarray] | np.ndarray

#: The observation tensors' entries are one-hots, fractions, coordinates in [0, 1] and
#: counts (of pieces, cards, stones, tiles, points, rounds, plies); counts stay below this
#: or the game's ``max_game_length``, whichever is larger.
COUNT_BOUND = 100.0
#: The packages between a user and this environment when it is wrapped.
WRAPPERS = ("pettingzoo", "gymnasium")


def env(name: str, players: int | None = None, render_mode: str | None = None,
        setup: str = "decide", mask: str = "observation", **options: Any) -> AECEnv:
    """The game ``name`` as a PettingZoo AEC environment, wrapped as PettingZoo's classic
    games are: an illegal action ends the game (the mover gets ``-1``), anything that is no
    id of the action space raises (``IllegalAction``, as ``raw_env`` says it), and ``reset``
    must come first. ``setup``, ``mask`` and the game's ``options`` go to ``raw_env``.

    >>> e = env("lava-flows")
    >>> e.reset(seed=1)
    >>> e.step(True)                              # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tabletop.core.errors.IllegalAction: player_0 is still playing: step needs an action id, ...
    """
    environment: AECEnv = raw_env(name, players=players, render_mode=render_mode,
                                  setup=setup, mask=mask, **options)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = _ActionIds(environment)
    return _InOrder(environment)


class _InOrder(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper``, whose ``last()`` asks ``raw_env`` whether an
    agent is to act (its own reads the agent's reward from a dict it has left)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self._has_reset:
            problem = self.unwrapped._no_agent()
            if problem is not None:
                raise ValueError(f"last() has no agent to answer for: {problem}")
        return _owned(super().last(observe))

    def step(self, action: Any) -> None:
        """PettingZoo's ``step``, except that once every agent has stepped out it raises
        ``raw_env``'s ``IllegalAction`` (its own only logs a warning and plays nothing, so any
        argument at all was taken)."""
        if self._has_reset:
            self.unwrapped._refuse_step_without_agent(action)
        super().step(action)


def _owned(last: tuple[Any, float, bool, bool, dict[str, Any]]
           ) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    """``last()``'s answer with the info dict the caller's own (a copy: adding to it or
    replacing its mask changes nothing the environment or its wrappers read)."""
    observation, reward, terminated, truncated, info = last
    return observation, reward, terminated, truncated, dict(info)


class _ActionIds(BaseWrapper):
    """Refuses a ``step`` argument that is no action id, with ``raw_env``'s message, before
    ``TerminateIllegalWrapper`` indexes its mask with it (``True`` would pick a mask, not an
    entry). It stands where PettingZoo's ``AssertOutOfBoundsWrapper`` would, saying more.
    It hands out a copy of the observation's mask: ``TerminateIllegalWrapper`` judges the
    next step by the mask it observed, which an agent editing its own must not change."""

    def observe(self, agent: str) -> Any:
        observation = self.env.observe(agent)
        if isinstance(observation, dict):
            return {**observation, "action_mask": observation["action_mask"].copy()}
        return observation

    def step(self, action: Any) -> None:
        raw = self.unwrapped
        agent = raw.agent_selection
        if not (raw.terminations[agent] or raw.truncations[agent]):
            action = raw._action_id(agent, action)
        self.env.step(action)


class raw_env(AECEnv, EzPickle):  # noqa: N801 (PettingZoo's name for the bare environment)
    """A tabletop game as an AEC environment (see the module's docstring)."""

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "tabletop_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, name: str, players: int | None = None,
                 render_mode: str | None = None, setup: str = "decide",
                 mask: str = "observation", **options: Any) -> None:
        EzPickle.__init__(self, name, players, render_mode, setup, mask, **options)
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {brief(render_mode)}: one of None, "
                             + ", ".join(repr(m) for m in self.metadata["render_modes"]))
        if mask not in ("observation", "info"):
            raise ValueError(f"mask {brief(mask)}: 'observation' or 'info'")
        if players is not None:
            options["players"] = players
        self.game: Game = tabletop.load(name, **options)
        self.render_mode = render_mode
        self.setup = setup
        self.mask_in_info = mask == "info"
        self.metadata = {**self.metadata,
                         "name": f"tabletop_{self.game.name.replace('-', '_')}_v0"}
        self.possible_agents = [f"player_{p}" for p in range(self.game.players)]
        self._player = {agent: p for p, agent in enumerate(self.possible_agents)}
        space = _space(self.game, self.mask_in_info)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        action_space = spaces.Discrete(self.game.num_distinct_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        stack = (self.game.players, *self.game.observation_shape)
        self.state_space = _tensors(self.game, stack)
        self.np_random, _ = seeding.np_random(None)
        #: The current tabletop ``State`` (``state()`` is AEC's global state).
        self.tabletop: State = self.game.new(seed=0, setup=setup)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (and copied) as its arguments and the game under way: a copy of a
        started environment is at the same point of the same game, not a fresh one, and
        shares nothing that changes with it (even ``copy.copy``: the state is immutable)."""
        running = {key: value if key == "tabletop" else copy.deepcopy(value)
                   for key, value in self.__dict__.items() if key in _RUNNING}
        return {**EzPickle.__getstate__(self), "running": running}

    def __setstate__(self, saved: dict[str, Any]) -> None:
        EzPickle.__setstate__(self, saved)
        self.__dict__.update(saved.get("running", {}))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` (or, with ``mask="info"``, ``Box``) for every agent."""
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(game.num_distinct_actions)``."""
        return self.action_spaces[self._known(agent)]

    def state(self) -> np.ndarray:
        """AEC's global state: every player's observation tensor, stacked (a new array of
        shape ``(players, *game.observation_shape)``). The tabletop state is ``tabletop``."""
        return np.stack([self.tabletop.view(p).observation() for p in range(self.game.players)])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game from ``game.new(seed=seed)``; without a seed, one drawn from the
        environment's generator (seeded by the last ``reset(seed=...)``). The game's
        options are fixed when the environment is made: ``options`` naming one of them (or
        ``players``, ``setup``, ``mask``, ``render_mode``) are refused; others are ignored,
        as PettingZoo's ``api_test`` asks. A refused reset changes nothing, the generator
        included."""
        self._check_reset_options(options)
        if seed is not None:
            game_seed = plain(seed)
            state = self.game.new(seed=game_seed, setup=self.setup)  # checks the seed first
            self.np_random, _ = seeding.np_random(game_seed)
        else:
            # 2**53 seeds: too many for an agent to search, each exact in any JSON reader
            drawn = self.np_random.integers(MAX_SAFE_INT + 1, dtype=np.uint64)
            state = self.game.new(seed=int(drawn), setup=self.setup)
        self.tabletop = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.agent_selection = self._agent_to_move()
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._update_masks()

    def _check_reset_options(self, options: object) -> None:
        """Refuse ``reset``'s ``options`` if they are no mapping, or would set what is
        fixed when the environment is made."""
        if options is None:
            return
        if not isinstance(options, Mapping):
            raise TypeError(f"reset's options should be a dict, not {brief(options)}")
        fixed = ("players", "setup", "mask", "render_mode", *self.game.defaults)
        for key in options:
            if key in fixed:
                raise InvalidOption(f"reset cannot change {brief(key)}: the game's options "
                                    "are fixed when the environment is made, as in "
                                    "raw_env(name, players=…, …)")

    def observe(self, agent: str) -> Observation:
        """The agent's view as a tensor, with its legal-action mask (see the module)."""
        tensor = self._view(agent).observation()
        if self.mask_in_info:
            return tensor
        return {"observation": tensor, "action_mask": self._mask(agent)}

    def step(self, action: int | None) -> None:
        """Play the action with id ``action`` (an int; numpy's too) for
        ``agent_selection`` (``None`` for an agent whose game is over). Before ``reset``,
        or once every agent has stepped out of a finished game, ``IllegalAction``."""
        self._refuse_step_without_agent(action)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self.tabletop.action_from_id(self._action_id(agent, action))  # legal, or refused
        self._cumulative_rewards[agent] = 0.0
        self.tabletop = self.tabletop.apply(move)
        self._clear_rewards()
        if self.tabletop.is_terminal:
            for other, value in zip(self.possible_agents, self.tabletop.returns(),
                                    strict=True):
                self.rewards[other] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = _after(self.possible_agents, agent)
        else:
            self.agent_selection = self._agent_to_move()
        self._update_masks()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """AEC's ``(observation, reward, termination, truncation, info)`` of
        ``agent_selection``; a ``ValueError`` before ``reset`` or once every agent has
        stepped out of a finished game."""
        problem = self._no_agent()
        if problem is not None:
            raise ValueError(f"last() has no agent to answer for: {problem}")
        return _owned(super().last(observe))

    def _refuse_step_without_agent(self, action: object) -> None:
        """``IllegalAction`` for ``step(action)`` before ``reset`` or once every agent has
        stepped out of a finished game (``env``'s wrappers ask it too)."""
        problem = self._no_agent()
        if problem is not None:
            raise IllegalAction(f"step({brief(action)}) plays nothing: {problem}")

    def _no_agent(self) -> str | None:
        """Why no agent is to act (no game yet, or every agent has left), or ``None``."""
        if "agents" not in self.__dict__:
            return "no game has started: call reset() (or reset(seed=...)) first"
        if self.agent_selection not in self.terminations:
            return ("the game is over and every agent has stepped out of it: reset() "
                    "starts another")
        return None

    def render(self) -> None | np.ndarray | str:
        """The view of the agent to act (``agent_selection``): its text (``"ansi"``), its
        picture as an ``H × W × 3`` ``uint8`` array (``"rgb_array"``), or the text printed
        (``"human"``)."""
        if self.render_mode is None:
            # gymnasium's logger, as PettingZoo's own games warn (its level silences it),
            # naming the user's line past PettingZoo's wrappers (the logger adds a level)
            gymnasium.logger.warn("render() without a render_mode: make the environment "
                                  "with render_mode='ansi', 'rgb_array' or 'human'",
                                  stacklevel=outside_level(sys._getframe(), WRAPPERS) - 1)
            return None
        if "agents" not in self.__dict__:
            raise ValueError("render() has no game to draw: call reset() (or "
                             "reset(seed=...)) first")
        view = self._view(self.agent_selection)
        if self.render_mode == "rgb_array":
            return rasterise(view._repr_svg_())
        if self.render_mode == "ansi":
            return str(view)
        say(view)  # fitted to standard output's encoding
        return None

    def close(self) -> None:
        """Nothing to release (pictures are drawn on demand)."""

    def _known(self, agent: object) -> str:
        """``agent`` if it is one of ``possible_agents``; else a ``KeyError`` listing them."""
        if isinstance(agent, str) and agent in self._player:
            return agent
        raise KeyError(f"no agent {brief(agent)} in this environment; its agents: "
                       f"{', '.join(self.possible_agents)}")

    def _action_id(self, agent: str, action: object) -> int:
        """``action`` as an int id of the action space (numpy's integers and 0-d integer
        arrays too); else ``IllegalAction`` saying what ``step`` takes."""
        if isinstance(action, np.ndarray) and action.shape == () \
                and np.issubdtype(action.dtype, np.integer):
            action = action.item()
        action = plain(action)
        size = self.game.num_distinct_actions
        if isinstance(action, int) and not isinstance(action, bool) and 0 <= action < size:
            return action
        legal = self.tabletop.legal_action_ids()
        shown = ", ".join(map(str, legal[:12])) + (", …" if len(legal) > 12 else "")
        raise IllegalAction(f"{agent} is still playing: step needs an action id, an int from "
                            f"0 to {size - 1} (numpy's too) that the action mask marks "
                            f"(now {shown}), not {brief(action)}{id_hint(self.tabletop, action)}")

    def _view(self, agent: str) -> View:
        return self.tabletop.view(self._player[self._known(agent)])

    def _mask(self, agent: str) -> np.ndarray:
        """The view's legal-action mask as a new ``int8`` array (zeros if not to move)."""
        return self._view(agent).legal_mask().astype(np.int8)

    def _agent_to_move(self) -> str:
        player = self.tabletop.current_player
        assert player is not None
        return self.possible_agents[player]

    def _update_masks(self) -> None:
        """With ``mask="info"``, each agent's info holds its mask (a new dict each step), a
        read-only array: wrappers such as ``TerminateIllegalWrapper`` read it there."""
        if self.mask_in_info:
            self.infos = {agent: {"action_mask": readonly(self._mask(agent))}
                          for agent in self.agents}


#: What ``reset`` and ``step`` set: the game under way, kept by copies and pickles.
_RUNNING = ("tabletop", "agents", "rewards", "_cumulative_rewards", "terminations",
            "truncations", "agent_selection", "infos", "np_random")


def rasterise(svg: str) -> np.ndarray:
    """An SVG picture as an ``H × W × 3`` ``uint8`` RGB array (resvg, then Pillow).

    >>> rasterise('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2">'
    ...           '<rect width="4" height="2" fill="#ff0000"/></svg>')[0, 0]
    array([255,   0,   0], dtype=uint8)
    """
    png = resvg_py.svg_to_bytes(svg_string=svg, background="#ffffff")
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def _tensors(game: Game, shape: tuple[int, ...]) -> spaces.Box:
    """A ``Box`` of observation tensors (or of a stack of them) of ``shape``."""
    high = max(COUNT_BOUND, float(game.max_game_length))
    return spaces.Box(low=-1.0, high=high, shape=shape, dtype=np.float32)


def _space(game: Game, mask_in_info: bool) -> spaces.Space[Any]:
    tensor = _tensors(game, game.observation_shape)
    if mask_in_info:
        return tensor
    mask = spaces.Box(low=0, high=1, shape=(game.num_distinct_actions,), dtype=np.int8)
    return spaces.Dict({"observation": tensor, "action_mask": mask})


def _after(agents: list[str], agent: str) -> str:
    return agents[(agents.index(agent) + 1) % len(agents)]
