"""The contract every game keeps: ``Game``, ``State``, ``View`` and ``Action``.

A game writes only its own rules, as a handful of hooks (the way OpenSpiel's Python games
write ``_legal_actions`` and ``_apply_action``):

* ``Game._initial(rng)`` — the first state, every chance event resolved from ``rng``;
* ``State.current_player``, ``State._legal_actions()``, ``State._apply(action)``,
  ``State._scores()``, ``State._view(player)``, ``State._text()``;
* ``View.determinize(rng)`` and ``View._text()``;
* ``Game.renderer`` and ``Game.clicks`` — where the picture (a function of a state or
  view returning a ``Scene``) and the click input (a ``ClickInput``) live in the game's
  package, as ``"module:name"``; the core imports them on first use (``parts``).

The bases own everything else: legality checks with explaining errors (``legality``), the
history, records, caching, pictures in notebooks; integer actions (``ids``), metadata and
returns (``metadata``), observation tensors and information states (``observation``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from copy import deepcopy
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, cast

from ..render.scene import Scene
from ..render.svg import img_html, to_svg
from .action import Action as Action  # re-exported: the games import it from here
from .action import notation
from .builders import position_builder
from .choices import OptionChecks, did_you_mean, suggestion
from .compat import slot_setter
from .copying import Steps, rebuild, rebuild_game, steps_of, values_of
from .derived import Derives
from .drawing import drawing_options
from .errors import IllegalAction, InvalidOption, InvalidRecord
from .foreign import ForeignNames
from .hooks import wrap_own
from .ids import IntegerActions
from .legal import NONE, LegalActions, legal_of
from .legality import LISTED_ACTIONS as LISTED_ACTIONS  # re-exported: it was defined here
from .legality import Legality
from .logs import Logs, log_of
from .metadata import GameFacts, returns_of
from .observation import Observed
from .parsing import read_action
from .parts import Declared, part
from .plain import plain, player_of
from .public import PUBLIC, public_building, seat_name, viewer_of
from .quoting import brief, either
from .record import MAX_SAFE_INT, MAX_SEED, make_record
from .setonce import SetOnce
from .signatures import options_signature
from .subjects import described, named_players, own_subject
from .textformat import FormatsAsText

if TYPE_CHECKING:
    from typing_extensions import Self

    from .breakdown import Breakdown

S = TypeVar("S", bound="State")
R = TypeVar("R")
P = TypeVar("P", bound="_Positioned")

#: What ``_cached`` finds for a key not computed yet.
_MISSING: Any = object()


class Game(OptionChecks, GameFacts, SetOnce, FormatsAsText):
    """A game's rules plus its options; immutable (``SetOnce``), hashable, equal by name and
    options. Subclasses set ``name``, ``title``, ``player_counts`` and ``defaults`` (every
    option and its default), and may override ``_check_option`` to validate values. A game
    formats as its text (its ``tabletop.load(...)`` call) does: ``f"{game:>60}"`` is
    ``f"{str(game):>60}"``."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    player_counts: ClassVar[tuple[int, ...]] = (2,)
    defaults: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    setups: ClassVar[tuple[str, ...]] = ("decide", "random")
    #: The game's picture, ``"module:function"`` in its package (``"render:draw"``).
    renderer: ClassVar[str] = ""
    #: The game's click input, ``"module:class"`` in its package (``"input:LascauxInput"``).
    clicks: ClassVar[str] = ""
    #: The game's ``State`` class (its views derive states of it in ``determinize``).
    state_class: ClassVar[type[State]]
    #: The ``ClickInput`` subclass ``clicks`` names (``None`` without one).
    input_class: ClassVar[Any] = Declared("clicks")
    #: What the game's actions look like, quoted ("actions are 'pay' or 'pass'"): typed text
    #: that is no action at all is refused saying so (``core.notation.unknown``).
    notation_forms: ClassVar[str] = ""
    #: The CSS colours of the players' pieces (player ``i``: the ``i``-th), for the dots beside
    #: their names in the widget; empty: the widget's own palette of distinct colours.
    player_colours: ClassVar[tuple[str, ...]] = ()

    __slots__ = ("_options", "_players", "_hash", "__weakref__")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Each game's ``defaults`` and ``variants`` become read-only (they are shared by
        every load), its signature names its options (``core.signatures``), and its
        ``position`` builder checks what it is given (``core.builders``)."""
        super().__init_subclass__(**kwargs)
        if not isinstance(cls.defaults, MappingProxyType):
            cls.defaults = MappingProxyType(dict(cls.defaults))
        # what ``help(cls)`` and call tips show: the options, not ``**options``
        setattr(cls, "__signature__", options_signature(cls.defaults))  # noqa: B010
        if "variants" in vars(cls) and type(cls.variants) is tuple:
            cls.variants = tuple(MappingProxyType(dict(v)) if isinstance(v, Mapping) else v
                                 for v in cls.variants)
        if "position" in vars(cls):
            wrap_own(cls, "position", position_builder)
        if "player_name" in vars(cls):
            wrap_own(cls, "player_name", named_players)
        if "describe" in vars(cls):
            wrap_own(cls, "describe", described)

    def __init__(self, players: int | None = None, **options: Any) -> None:
        players = self.player_counts[0] if players is None else plain(players)
        options = {key: plain(value) for key, value in options.items()}
        if type(players) is not int or players not in self.player_counts:
            raise InvalidOption(f"{self.name} is played by {either(self.player_counts)} players, "
                                f"not {brief(players)}")
        strays = sorted(set(options) - set(self.defaults))
        if strays:
            known = ", ".join(f"{k}={v!r}" for k, v in self.defaults.items()) or "none"
            hint = did_you_mean(strays[0], ["players", *self.defaults])
            raise InvalidOption(f"{self.name} has no option {brief(strays[0])}; {hint}"
                                f"options: {known}")
        merged = {**self.defaults, **options}
        for key, value in merged.items():
            self._check_option(key, value)
        merged = {key: self._settled_option(key, value) for key, value in merged.items()}
        self._players = players
        self._options = MappingProxyType(merged)
        self._hash = hash((self.name, players, tuple(sorted(merged.items()))))

    @property
    def players(self) -> int:
        """The number of players, numbered ``0 .. players - 1``."""
        return self._players

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option with its value (defaults included), read-only."""
        return self._options

    def __eq__(self, other: object) -> bool:
        return (type(other) is type(self) and other._players == self._players
                and other._options == self._options)

    def __hash__(self) -> int:
        return self._hash  # every state's hash starts with its game's: worked out once

    def __reduce__(self) -> tuple[Any, ...]:
        return (rebuild_game, (type(self), self._players, dict(self._options)))

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self  # immutable

    def __repr__(self) -> str:
        opts = "".join(f", {k}={v!r}" for k, v in self._options.items())
        return f"tabletop.load({self.name!r}, players={self._players}{opts})"

    # --- starting a game ------------------------------------------------------------------
    def new(self, seed: int | None = None, setup: str = "decide",
            start: Mapping[str, Any] | None = None) -> State:
        """The initial state. Every chance event comes from ``seed`` (random if ``None``:
        drawn from the operating system over 0 .. 2**53 - 1, too many for anybody to search
        for the one that deals the public start they see, and each read exactly by every
        JSON reader, JavaScript's included, so the record means the same game there).

        ``setup="decide"`` leaves secret setup choices to the players, as actions;
        ``setup="random"`` makes them at random (from the seed) and records them as actions.
        ``start`` is the start data a record stored (see ``State._start_data``), used
        instead of sampling it again.
        """
        seed = random.SystemRandom().randrange(MAX_SAFE_INT + 1) if seed is None else plain(seed)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise InvalidOption(f"seed must be an int from 0 to 2**64 - 1, not "
                                f"{brief(seed)}")
        if setup not in self.setups:
            raise InvalidOption(f"setup={brief(setup)} is not one of {either(self.setups)}"
                                f"{suggestion(setup, self.setups)}")
        rng = random.Random(seed)
        state = self._initial(rng) if start is None else self._initial_from(rng, start)
        object.__setattr__(state, "_origin", seed)
        if setup == "random":
            chooser = random.Random(f"setup/{seed}")
            while not state.is_terminal and state._is_setup():
                state = state.apply(chooser.choice(state.legal_actions()))
        return state

    def _initial(self, rng: random.Random) -> State:
        """The first state, with every chance event of the game resolved from ``rng``."""
        raise NotImplementedError

    def _initial_from(self, rng: random.Random, start: Mapping[str, Any]) -> State:
        """The first state from a record's start data (games that store some override this;
        bad data raises ``InvalidRecord`` saying what is wrong)."""
        raise InvalidRecord(f"{self.name} records carry no start data, but this one has some")

    # --- notation and pictures -------------------------------------------------------------
    def parse_action(self, state: State | View, text: str) -> Action:
        """The legal action that ``text`` denotes in ``state``; round trip with ``str(action)``.

        Text is read *in* the position (as python-chess's ``Board.parse_uci`` reads a move),
        so every game answers alike: the notation of a legal action (in any letter case and
        spacing, or a form the game's ``_parse`` also reads) gives that action; anything
        else raises ``IllegalAction`` quoting ``text`` and listing what is legal — text that
        is no action at all (saying what actions look like), and well-formed notation of an
        action not legal here (a taken cell, a colour not on offer, a finished game, a view
        of a player not to move), with the game's reason. Text longer than
        ``notation.MAX_NOTATION`` characters is refused before anything reads it, and only
        printable ASCII reaches ``_parse``.
        """
        found = read_action(self, state, text)  # (checks ``state`` is one of this game's)
        return state._checked(found, text)

    def _parse(self, state: State | View, text: str) -> Action | None:
        """The action ``text`` (normalised: lower case, single spaces) denotes, legal or not
        (``parse_action`` then refuses an illegal one with ``_why_illegal``'s reason);
        called only for text that is not the notation of a legal action (a game overrides it
        so that illegal moves get their reason, and for legal ones outside the listed sample);
        it raises ``NotationProblem(why)`` for text that is no action at all."""
        return None

    @named_players
    def player_name(self, player: int) -> str:
        """How to call a player in pictures and tables (e.g. ``"White"``)."""
        return f"Player {player}"

    def draw(self, subject: State | View, **options: Any) -> Scene:
        """The picture of a state or view, as a backend-neutral ``Scene``.

        Every renderer accepts ``highlight`` (targets to mark as clickable) and ``last``
        (the last action, to mark on the board), plus options of its own.
        """
        renderer = part(type(self), "renderer")
        if renderer is None:
            raise NotImplementedError(f"{self.name} has no renderer")
        own_subject(self, subject, "draw")
        scene: Scene = renderer(subject, **drawing_options(self, renderer, options))
        return scene

    @described
    def describe(self, action: Action, actor: int | None, viewer: int | None) -> str:
        """How ``viewer`` (``None``: everyone, omniscient) sees ``action`` by ``actor``
        (games with secret actions override this to redact them)."""
        return notation(action)


class Position(Derives):
    """The base of everything that holds a position — states, views, and the shared
    position a game declares with ``core.position.position`` — giving each the game, a typed
    per-instance cache (``_cached``) and its ``derived()`` fields (``Derives``). No storage."""

    __slots__ = ()
    game: Game
    _cache: dict[str, Any]

    if TYPE_CHECKING:  # what every State and View answers (``_Positioned``)
        @property
        def is_terminal(self) -> bool: ...
        def legal_actions(self) -> LegalActions[Action]: ...
        def _legal_summary(self) -> str: ...
        def _refusal(self, refused: str) -> IllegalAction: ...
        def __deepcopy__(self, memo: dict[int, Any]) -> Self: ...

    def _ending(self) -> str:
        """The game's hook: how the game ended, in a few words for the result line
        (``"repetition"``); ``""`` before the end, and where the rules end one way only."""
        return ""

    def _cached(self, key: str, compute: Callable[[], R]) -> R:
        """``compute()``, computed once per instance under ``key``."""
        cache = self._cache
        value: R = cache.get(key, _MISSING)
        if value is _MISSING:
            value = cache[key] = compute()
        return value


@dataclass(frozen=True, slots=True, kw_only=True)
class _Positioned(IntegerActions, Legality, Position, FormatsAsText, ForeignNames):
    """Fields shared by states and views: the game, and a per-instance cache. A state or view
    formats as its text (``str``) does: ``f"{state:>5}"`` is ``f"{str(state):>5}"``; another
    library's method (``push``, ``clone``, ``apply_action``) is refused saying what to type
    instead (``ForeignNames``)."""

    game: Game
    _cache: dict[str, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    # --- copies and pickles: fields and a flat history, never the cache (see ``copying``) ----
    def _flat_steps(self) -> Steps | None:
        return None

    def __reduce__(self) -> tuple[Any, ...]:
        return (rebuild, (type(self), values_of(self), self._flat_steps()))

    def __copy__(self: P) -> P:
        return rebuild(type(self), values_of(self), None)

    def __deepcopy__(self: P, memo: dict[int, Any]) -> P:
        return rebuild(type(self), deepcopy(values_of(self), memo), None)

    # --- the shared read-only surface ----------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """Whose decision it is, or ``None`` once the game is over."""
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player is None

    def legal_actions(self) -> LegalActions[Action]:
        """Every legal action, in a deterministic order, equal to a tuple (``()`` when
        terminal) but built only as far as it is read (``core.legal``)."""
        cache = self._cache  # ``_cached`` written out: this is every playout's hot path
        legal: LegalActions[Action] | None = cache.get("legal")
        if legal is None:
            legal = cache["legal"] = self._legal_or_none()
        return legal

    def _legal_or_none(self) -> LegalActions[Action]:
        return NONE if self.is_terminal else legal_of(self._legal_actions())

    def _legal_actions(self) -> Sequence[Action]:
        """The game's hook: a tuple, or a lazy ``LegalActions``."""
        raise NotImplementedError

    # --- pictures --------------------------------------------------------------------------
    def scene(self, **options: Any) -> Scene:
        """The picture as a ``Scene`` (the game's renderer decides what options mean)."""
        return self.game.draw(cast("State | View", self), **options)  # (it is one of them)

    def svg(self, **options: Any) -> str:
        """The picture as SVG text."""
        return to_svg(self.scene(**options))

    def _repr_svg_(self) -> str:
        return self._cached("svg", self.svg)

    def _repr_html_(self) -> str:
        """The same picture as an ``<img>``: what a notebook nobody has run yet can show."""
        return img_html(self._repr_svg_(), f"{self.game.name} board")

    def __str__(self) -> str:
        return self._text()

    def _text(self) -> str:
        """The position as plain text (used by golden playthroughs)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True, kw_only=True)
class State(_Positioned):
    """A full game state: a value. ``apply`` returns a new state and leaves this one alone.

    Equality and hash are by position (the game's fields), not by history or seed.
    """

    #: Where the game started: the seed of ``new()``, a ``core.composed.Composed`` for a
    #: ``position(...)`` call, ``None`` for a state drawn by ``determinize``.
    _origin: Any = field(default=None, init=False, compare=False, repr=False)
    _trail: tuple[Any, ...] | None = field(default=None, init=False, compare=False, repr=False)
    #: ``(player, log)``: the history of the view ``determinize`` drew this state from.
    _seen: tuple[Any, ...] | None = field(default=None, init=False, compare=False, repr=False)

    def apply(self: S, action: Action | str) -> S:
        """The state after ``action`` (an Action or its notation); ``self`` is unchanged.

        Raises ``IllegalAction`` saying why, and what is legal, if it may not be played.
        """
        legal = self._cache.get("legal")
        if legal is None or action is not legal._last or action is None:
            action = self._coerce(action)  # else the action just drawn from the list
        actor = self.current_player
        nxt = self._apply(action)
        if nxt is self:
            raise RuntimeError(f"{type(self).__name__}._apply must return a new state")
        _set_origin(nxt, self._origin)
        _set_seen(nxt, self._seen)
        _set_trail(nxt, (self._trail, action, actor))
        logs = self._cache.get("logs")
        if logs is not None:  # this state's logs are described: the next one's build on them
            nxt._cache["logs"] = Logs(logs, action, actor)
        return nxt

    def _apply(self: S, action: Action) -> S:
        raise NotImplementedError

    def _pick(self, u: float) -> Action:
        """The rollout hook (MCTS draws through it): legal action ``int(u·n)`` of ``n``, ``u``
        in [0, 1); a game may find it without listing the rest (``check_pick`` agrees)."""
        legal = self._legal_actions()
        return legal[int(u * len(legal))]

    def _is_setup(self) -> bool:
        """Whether the current decision is a secret setup choice (``setup='random'`` makes it)."""
        return False

    # --- outcome ---------------------------------------------------------------------------
    @property
    def scores(self) -> tuple[float, ...]:
        """One number per player (the running score before the end)."""
        found: tuple[float, ...] | None = self._cache.get("scores")  # a rollout's end reads it
        if found is None:
            found = self._cache["scores"] = tuple(self._scores())
        return found

    def _scores(self) -> tuple[float, ...]:
        """One number per player at every ply, unfinished states too (records read it)."""
        raise NotImplementedError

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning players once the game is over; ``()`` before, and for a draw."""
        if not self.is_terminal:
            return ()
        return self._cached("winners", self._winners)

    def returns(self) -> tuple[float, ...]:
        """One float per player: +1 a winner, -1 a loser, 0 until the end and in a draw."""
        return self._cached("returns", lambda: returns_of(self))

    def _winners(self) -> tuple[int, ...]:
        scores = self.scores
        best = max(scores)
        top = tuple(p for p, s in enumerate(scores) if s == best)
        return () if len(top) == len(scores) else top

    def score_breakdown(self) -> Breakdown:
        """Where the points come from, row by row (games override with real detail)."""
        from .breakdown import Breakdown, Row

        names = tuple(self.game.player_name(p) for p in range(self.game.players))
        return Breakdown(players=names, rows=(Row("score", self.scores),))

    # --- history and records ---------------------------------------------------------------
    def _steps(self) -> tuple[tuple[Action, int | None], ...]:
        return self._cached("steps", lambda: steps_of(self._trail))

    def _flat_steps(self) -> Steps:
        steps = self._cache.get("steps")  # reused if known, not cached for a copy's sake
        return steps if steps is not None else steps_of(self._trail)

    def __copy__(self: S) -> S:
        copied = _Positioned.__copy__(self)
        object.__setattr__(copied, "_trail", self._trail)  # shared, like every other field
        return copied

    def __deepcopy__(self: S, memo: dict[int, Any]) -> S:
        copied = _Positioned.__deepcopy__(self, memo)
        object.__setattr__(copied, "_trail", self._trail)  # frozen actions: shared, not copied
        return copied

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions applied since ``new()``, oldest first."""
        return tuple(action for action, _ in self._steps())

    def log(self, viewer: int | str | None = None) -> tuple[str, ...]:
        """The history in notation as ``viewer`` saw it (secret choices of others redacted);
        ``viewer=None`` is the omniscient log, ``"public"`` the audience's (every secret
        choice redacted). (Built on the last state's log if it has one.)"""
        if viewer is None:
            return log_of(self, None)
        seat = self._check_viewer(viewer)
        return log_of(self, PUBLIC if seat == self.game.players else seat)

    @property
    def seed(self) -> int | None:
        """The seed of ``new()``; ``None`` for a position built by ``position(...)`` (see
        ``composed``) or drawn by ``determinize`` (it has no record)."""
        origin = self._origin
        return origin if type(origin) is int else None

    @property
    def composed(self) -> dict[str, Any] | None:
        """The arguments (by name, as JSON data) of the ``position(...)`` call this game
        started from, which its record keeps as ``"position"``; ``None`` for a game from
        ``new()`` or a state drawn by ``determinize``. ``game.position(**s.composed)`` builds
        the start again."""
        from .composed import arguments_of
        return arguments_of(self)

    def _position_call(self) -> dict[str, Any] | None:
        """The ``position(...)`` arguments a record of this game keeps (``composed``), or
        ``InvalidRecord`` saying why a record cannot hold them."""
        from .composed import arguments_of
        return arguments_of(self, strict=True)

    def _start_data(self) -> dict[str, Any] | None:
        """JSON-safe data a record keeps so that replay doesn't sample it again (Lacuna's
        flower layout); ``None`` when the seed alone is the record of every chance event."""
        return None

    def to_record(self, **extra: Any) -> dict[str, Any]:
        """A JSON-safe record (game, options, seed, actions) that ``replay`` turns back."""
        return make_record(self, **extra)

    # --- views -----------------------------------------------------------------------------
    def view(self, player: int | str) -> View:
        """What ``player`` may see: no deck order, no secret of another, no seed.
        ``view("public")`` is what someone watching without a seat may see: no one's
        secrets, no legal actions (``tabletop.core.public``)."""
        seat = self._check_viewer(player)
        return self._cached(f"view{seat}", lambda: self._logged_view(seat))

    def _logged_view(self, player: int) -> View:
        if player == self.game.players:
            with public_building():
                try:
                    view = self._view(player)
                except (IndexError, KeyError, TypeError) as err:  # a game written for seats
                    raise NotImplementedError(
                        f"{self.game.name} builds no public view: its _view({player}) (the "
                        f"audience's seat, one past the last player's) raised "
                        f"{type(err).__name__}: {err} (docs/adding-a-game.md, \"The audience "
                        f"is a seat that owns nothing\")") from err
        else:
            view = self._view(player)
        seen = self._seen[1] if self._seen and self._seen[0] == player else ()
        viewer = PUBLIC if player == self.game.players else player
        object.__setattr__(view, "_log", seen + log_of(self, viewer))
        return view

    def _view(self, player: int) -> View:
        raise NotImplementedError

    def _check_viewer(self, viewer: object) -> int:
        """``viewer`` as a seat: a player, or ``game.players`` for ``"public"``; else
        ``ValueError``."""
        players = self.game.players
        return viewer_of(viewer, players, f"player must be 0..{players - 1}")

    def _check_player(self, player: object) -> int:
        """``player`` as an int (numpy's too) if it is one of the game's; else ``ValueError``."""
        return player_of(player, self.game.players, f"player must be 0..{self.game.players - 1}")

    def children(self) -> Iterator[tuple[Action, State]]:
        """Each legal action with the state it leads to."""
        yield from ((action, self.apply(action)) for action in self.legal_actions())


#: The slots ``apply`` sets on each new state, set through their descriptors (no lookup).
_set_origin, _set_seen, _set_trail = (slot_setter(State, n)
                                      for n in ("_origin", "_seen", "_trail"))


@dataclass(frozen=True, slots=True, kw_only=True)
class View(Observed, _Positioned):
    """What one player may see of a state. Draws itself; never holds a seed or RNG.

    Its ``legal_actions()`` are the player's when the player is to move, else ``()``.
    """

    player: int
    #: The player's history as they saw it (``State.log(player)``), set by ``State.view``.
    _log: tuple[str, ...] = field(default=(), init=False, compare=False, repr=False)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with this view, hidden parts drawn from ``rng`` (or a seed)."""
        raise NotImplementedError

    def _legal_or_none(self) -> LegalActions[Action]:
        """The player's legal actions when the player is to move, else ``()``."""
        return NONE if self.current_player != self.player else legal_of(self._legal_actions())

    def _turn_problem(self) -> str | None:
        mover = self.current_player
        if mover is None or mover == self.player:
            return None
        if self.player == self.game.players:
            return (f"it is {self.game.player_name(mover)}'s turn; the public view has no "
                    f"seat and makes no move")
        return (f"it is {self.game.player_name(mover)}'s turn, not "
                f"{seat_name(self.game, self.player)}'s")

    def _legal_actions(self) -> Sequence[Action]:
        return self.determinize(random.Random(0)).legal_actions()

