"""The play logic behind ``GameWidget``, without any widget: who may click, what is shown.

A ``Session`` holds the branching timeline, the click controller of the state on show, the
seats (human or agent), the view (the full state or one player's) and the hot-seat cover. It
calls only the game contract: ``legal_actions`` and ``apply`` through the timeline, ``view``,
``input_class``, ``draw``, ``log``, ``describe`` and ``score_breakdown``.

Everything it says is said to the viewer on show (``viewer()``) and built from what that
viewer may see: the picture from their view, the move log and the message line through
``describe``, the scores from their view's breakdown, and a bot's thinking only when the
viewer is entitled to it (see ``tabletop.widgets.thinking``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from copy import deepcopy
from dataclasses import replace
from typing import Any

import networkx as nx

from ..agents import agent_label, agent_names, resolve_agent
from ..agents.base import fresh_view
from ..agents.settings import agent_seats, seat_seed, seed_of
from ..core.breakdown import Breakdown
from ..core.errors import CallerError, IllegalAction, InvalidOption, InvalidRecord, UnknownAgent
from ..core.game import Action, Game, State, View
from ..core.input import ClickInput
from ..core.names import SHOWN, fit
from ..core.plain import flag, plain, player_of
from ..core.public import PUBLIC, public_name, viewer_of
from ..core.quoting import brief
from ..render.picks import mark_picked
from ..render.scene import Scene
from .agentcall import agent_act, move_time_option
from .branchlabels import branch_labels
from .clicks import SessionClicks
from .cover import cover_scene
from .messages import Message, Played, may_hear, sentence, withheld
from .records import read_record
from .saving import save_record
from .starting import hot_seat_flag, human_seat, seat_refusal, shown_state, timeline_for
from .thinking import agent_report, check_entry, hidden, may_see


class Session(SessionClicks):
    """One game on show: timeline, seats, view and clicks.

    ``seats`` maps players to bots (a name like ``"random"`` or any object with
    ``act(view)``); the others are human. ``view`` is ``None`` (the full state) or a player;
    ``hot_seat`` shows only the view of the human to move and covers the board between turns.
    """

    def __init__(self, state: State, *, bots: Mapping[int, Any] | None = None,
                 view: int | str | None = None, hot_seat: bool = False,
                 seed: int | None = None, move_time: float | None = None) -> None:
        self.timeline = timeline_for(shown_state(state, "Session"))
        #: Seconds a bot may think over one move (``None``: no limit; see ``agentcall``).
        self.move_time = move_time_option(move_time)
        self.seed = seed_of(seed)
        self.seats: list[Any | None] = [None] * self.game.players
        self.message = Message()
        self.extra: dict[str, Any] = {}  # the caller's own fields of the record last opened
        self.hot_seat = hot_seat_flag(hot_seat)
        self.revealed: int | None = None
        self._stand_ins: dict[int, Any] = {}  # a human seat's "Bot move": ``_stand_in``
        for player, spec in agent_seats(bots).items():
            if not self._is_player(plain(player)):
                raise InvalidOption(f"bots={{{brief(player)}: …}}: {self.game.name} has no "
                                    f"player {brief(player)}; its players are "
                                    f"0..{self.game.players - 1}{self._seat_names(player)}")
            self.set_seat(player, spec)
        self.view: int | str | None = self._check_view(view)
        self._agent_spoke = False
        self._input: ClickInput | None = None
        self._input_key: tuple[Any, ...] | None = None
        self._size: tuple[float, float] | None = None
        self._scene: tuple[tuple[Any, ...], Scene] | None = None

    # --- what is there ----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game on show (rules and options)."""
        return self.timeline.root.game

    @property
    def state(self) -> State:
        """The full state at the timeline's cursor (``subject()``: as the viewer sees it)."""
        return self.timeline.state

    @property
    def graph(self) -> nx.DiGraph:
        """The timeline's graph: states on nodes, actions on edges."""
        return self.timeline._graph  # the session owns its timeline: it writes bots' thinking

    def line(self) -> list[int]:
        """The nodes of the line on show: start → cursor → the "forward" continuation."""
        return self.timeline.line()

    def name(self, player: int) -> str:
        """The name ``player`` is shown by."""
        return self.game.player_name(player)

    def _is_player(self, player: object) -> bool:
        return not isinstance(player, bool) and isinstance(player, int) \
            and 0 <= player < self.game.players

    def _check_view(self, view: int | str | None) -> int | str | None:
        """``view`` as the session's view: ``None`` (the full state), ``"public"`` (an
        audience: ``tabletop.core.public``) or a player; else ``ValueError``."""
        if public_name(view):
            return PUBLIC
        players = self.game.players
        if view is None:
            return None
        return viewer_of(view, players, f"view must be 0..{players - 1} or None")

    def _check_player(self, player: int | None, name: str = "player") -> int | None:
        """``player`` as an int (numpy's too) or ``None``; a ``ValueError`` naming ``name``
        if no player."""
        if player is None:
            return None
        players = self.game.players
        return player_of(player, players, f"{name} must be 0..{players - 1} or None")

    def _seat_names(self, key: Any) -> str:
        """The players' names by number, for a ``bots=`` key that is no player: which number
        a key spelling a player's name means, else every number with its name.

        >>> import tabletop
        >>> Session(tabletop.load("landlock").new(seed=1))._seat_names(" south")
        " (' south' is player 1: bots={1: …})"
        """
        names = [self.game.player_name(p) for p in range(self.game.players)]
        if isinstance(key, str):
            folded = [n.casefold() for n in names]
            if key.strip().casefold() in folded:
                seat = folded.index(key.strip().casefold())
                return f" ({brief(key)} is player {seat}: bots={{{seat}: …}})"
        return " (" + ", ".join(f"{p} is {n}" for p, n in enumerate(names)) + ")"

    # --- seats --------------------------------------------------------------------------------
    def set_seat(self, player: int, spec: Any) -> None:
        """Make ``player`` human (``None``, ``"human"`` in any case, ``("human", {})``) or a
        bot (a name or an agent; ``UnknownAgent`` names ``"human"`` among the choices).

        The message line is cleared: what it said was about the seats before. A hot-seat
        cover that was up stays up (whoever changes a seat then is not known: lifting it
        would show the last player's view, secrets and all).
        """
        try:  # a wrong seat or agent option is the caller's: one line in a notebook
            seat = self._check_player(player)
            if seat is None:
                raise ValueError(f"a seat is a player 0..{self.game.players - 1}, not None")
            if human_seat(spec):
                agent = None
            else:
                agent = resolve_agent(spec, self._seat_seed(seat))
        except UnknownAgent:  # a seat may also be made human: the choices say so
            # (or (name, opts)); the first refusal's words are superseded: not shown too
            raise UnknownAgent(seat_refusal(spec, agent_names())) from None
        except CallerError:
            raise
        except ValueError as err:
            raise InvalidOption(str(err)) from err
        covered = self.covered()
        self.seats[seat] = agent
        self.revealed = None if covered else self.revealed
        self._input_key = None
        self.message = Message()

    def _seat_seed(self, seat: int) -> int | None:
        """The seed of the agent at ``seat`` (``None``: a fresh one): ``seat_seed``."""
        return seat_seed(self.seed, seat)

    def set_view(self, view: int | str | None) -> None:
        """Draw ``view``'s view (``None``: the full state, ``"public"``: an audience's); the
        message line is cleared but for an agent's failure (told to each view as
        ``messages.may_hear`` says)."""
        self.view = self._check_view(view)
        self._input_key = None
        self.message = self.message if self.message.agent is not None else Message()

    def set_hot_seat(self, on: bool) -> None:
        """Turn the hot seat on or off (the cover comes down); the message line is cleared.
        ``on`` is ``True`` or ``False``, else ``InvalidOption``."""
        self.hot_seat = hot_seat_flag(on)
        self.revealed = None
        self._input_key = None
        self.message = Message()

    def seat_label(self, player: int) -> str:
        """``"human"``, or the label of the agent at ``player``'s seat."""
        players = self.game.players
        agent = self.seats[player_of(player, players, f"player must be 0..{players - 1}")]
        return "human" if agent is None else agent_label(agent)

    def agent_to_move(self) -> Any | None:
        """The agent whose turn it is, if the player to move is an agent."""
        p = self.state.current_player
        return None if p is None else self.seats[p]

    # --- what is shown ------------------------------------------------------------------------
    def _humans(self) -> list[int]:
        return [p for p, agent in enumerate(self.seats) if agent is None]

    def line_over(self) -> bool:
        """Whether the game on the line on show is over (its last position is): under the
        hot seat, then, everyone may review it in the full state, at any of its positions."""
        return bool(self.graph.nodes[self.timeline.line_end()]["state"].is_terminal)

    def reviewing(self) -> bool:
        """Whether the hot seat shows a finished line to everyone (``line_over``)."""
        return self.hot_seat and bool(self._humans()) and self.line_over()

    def covered(self) -> bool:
        """Whether the hot-seat cover hides the board until the next player confirms (never
        on a finished line: ``line_over``)."""
        s = self.state
        if not self.hot_seat or not self._humans() or self.line_over():
            return False
        p = s.current_player
        assert p is not None  # the game is not over (above)
        if self.seats[p] is not None:
            return self.revealed is None
        return self.revealed != p

    def viewer(self) -> int | str | None:
        """The player whose view is drawn, ``"public"`` for an audience's, or ``None`` for
        the full state."""
        if self.hot_seat:
            if not self._humans() or self.line_over():
                return None
            return self.revealed
        return self.view

    def confirm(self) -> None:
        """The next player took the seat: lift the hot-seat cover for them."""
        if self.covered():
            p = self.state.current_player
            assert p is not None  # covered() is False once the game is over
            if self.seats[p] is not None:  # a step under the cover reached a bot's turn
                self.message = Message(f"{self.name(p)}'s bot is to move: press “Bot move”.")
                return
            self.revealed = p
            self._input_key = None
            moves = self.message.moves if self.message.kind == "done" else ()
            self.message = Message(f"{self.name(p)}, your turn.", moves=moves)

    def message_line(self) -> Message:
        """The message as the viewer on show reads it: its moves described for them (none
        while the hot-seat cover is up: whoever looks then is not known); with nothing to
        say, the note on the position on show (``annotate``), if it has one."""
        m = self.message
        if not m.text and not m.moves and not self.covered() and self.timeline.note():
            return Message(f"Note: {self.timeline.note()}")  # the position's, when no news
        if m.agent is not None and (self.covered() or not may_hear(self.state, m.agent,
                                                                   self.viewer())):
            return Message(sentence(withheld(self.name(m.agent))), m.kind)  # see ``messages``
        if not m.moves:
            return replace(m, text=sentence(m.text))
        if self.covered():
            return Message(sentence(m.text), m.kind)
        viewer = self.viewer()
        told = []
        for action, actor, by in m.moves:
            who = self.name(actor) if actor is not None else "?"
            who = f"{who} ({fit(by, SHOWN)})" if by else who  # (a long name cut short)
            told.append(f"{who} played {self.game.describe(action, actor, viewer)}.")
        return Message(" ".join([*told, sentence(m.text)]).strip(), m.kind)

    def subject(self) -> State | View:
        """What is on show: the state, or the view of the viewer (``viewer()``)."""
        v = self.viewer()
        return self.state if v is None else self.state.view(v)

    def last(self) -> tuple[Action, int | None] | None:
        """The action that led to the state on show, and who played it."""
        parent = self.timeline.parent(self.timeline.cursor)
        if parent is None:
            return None
        action = self.graph.edges[parent, self.timeline.cursor]["action"]
        return action, self.graph.nodes[parent]["state"].current_player

    def _visible_last(self) -> Action | None:
        last = self.last()
        if last is None:
            return None
        action, actor = last
        v = self.viewer()
        if v is None or self.game.describe(action, actor, v) == self.game.describe(
                action, actor, None):
            return action
        return None

    def log(self) -> list[str] | None:
        """The current line's moves as the viewer saw them (``None`` while covered)."""
        if self.covered():
            return None
        end = self.graph.nodes[self.line()[-1]]["state"]
        return list(end.log(self.viewer()))

    def ply(self) -> int:
        """How many plies from the start the state on show is."""
        return int(self.graph.nodes[self.timeline.cursor]["ply"])

    def scoreboard(self) -> tuple[tuple[float, ...], Breakdown] | None:
        """Scores and breakdown the viewer may see (``None`` if they depend on secrets)."""
        s = self.state
        if self.covered():
            return None
        if self.viewer() is None or s.is_terminal:
            return s.scores, s.score_breakdown()
        subject = self.subject()
        board = getattr(subject, "score_breakdown", None)
        if callable(board):
            breakdown = board()
            return breakdown.totals, breakdown
        return None

    # --- moves and stepping -------------------------------------------------------------------
    def play(self, action: Action | str, *, by: str = "") -> Action:
        """Play ``action`` at the cursor (a branch if the cursor is not at the end)."""
        actor = self.state.current_player
        reviewing = self.reviewing()
        self.timeline.play(action)
        self.revealed = None if reviewing else self.revealed  # (all saw it: the next is unknown)
        played = self.graph.edges[self.timeline.parent(self.timeline.cursor),
                                  self.timeline.cursor]["action"]
        moves: tuple[Played, ...] = ((played, actor, by),)
        if by and self.message.kind == "done" and not self._agent_spoke:
            moves = (*self.message.moves, *moves)  # keep the person's move in view too
        self._agent_spoke = bool(by)
        self.message = Message("", "done", moves)
        self._input_key = None
        return played

    def mover(self, agent: Any | None = None) -> Any:
        """The agent that moves now: ``agent`` (a name or spec, resolved as a seat takes it),
        else the seat's, else the human seat's stand-in (``_stand_in``); ``IllegalAction``
        if the game is over."""
        p = self.state.current_player
        if p is None:
            raise IllegalAction("the game is over: no bot can move")
        if agent is not None:
            return resolve_agent(agent, self._seat_seed(p))
        return self.seats[p] or self._stand_in(p)

    def _stand_in(self, seat: int) -> Any:
        """The random agent that moves for human ``seat`` ("Bot move"): one per seat, made at
        its first move with the seat's seed (``seat_seed``), as a seated bot is; so a seeded
        session plays the same moves again for the same presses.

        >>> import tabletop
        >>> def moves():
        ...     s = Session(tabletop.load("lava-flows").new(seed=1), seed=1)
        ...     return [str(s.agent_move()) for _ in range(4)]
        >>> moves() == moves()
        True
        """
        agent = self._stand_ins.get(seat)
        if agent is None:
            agent = self._stand_ins[seat] = resolve_agent("random", self._seat_seed(seat))
        return agent

    def agent_move(self, agent: Any | None = None) -> Action:
        """Let the player to move's agent (or ``agent``) move; ``IllegalAction`` if none can.

        Whatever the agent raises comes out before anything changes; thinking it reports
        that the panel can't show (or can't be read) is dropped, never half-kept.
        """
        agent = self.mover(agent)
        s = self.state
        p = s.current_player
        assert p is not None  # ``mover`` raised otherwise
        action = agent_act(agent, fresh_view(s, p), self.move_time)  # exit or overrun: told
        report = agent_report(agent)
        played = self.play(action, by=agent_label(agent))
        edge = (self.timeline.parent(self.timeline.cursor), self.timeline.cursor)
        try:  # kept only if it is about this move, in the format the panel shows
            if report is None:
                raise InvalidRecord("no thinking")
            self.graph.edges[edge]["thinking"] = check_entry(report, "the bot's thinking",
                                                             str(played))
        except InvalidRecord:
            self.graph.edges[edge].pop("thinking", None)
        return played

    def thinking(self) -> dict[str, Any] | None:
        """What the agent was thinking for the last agent move up to the cursor, as the viewer on
        show may see it: in full (JSON from ``Analysis.to_json``: the choice and the top
        candidates with visits and values) if they are entitled to it, else only that there
        was some (``{"agent": ..., "hidden": True}``); ``None`` if there is none to show.

        Entitled are the full-state view, the agent's own seat, anyone once the game on show is
        over, and a seat that saw every move so far as the agent did
        (``tabletop.widgets.thinking.may_see``).
        """
        if self.covered():
            return None
        edge = self._last_thinking()
        return None if edge is None else self._thinking_for(*edge, self.viewer(),
                                                            self.state.is_terminal)

    def _last_thinking(self) -> tuple[int, int] | None:
        """The last edge up to the cursor that holds an agent's thinking, if any."""
        line = self.timeline.path_to(self.timeline.cursor)
        for parent, child in reversed(list(zip(line, line[1:], strict=False))):
            if "thinking" in self.graph.edges[parent, child]:
                return parent, child
        return None

    def _thinking_for(self, parent: int, child: int, viewer: int | str | None,
                      over: bool) -> dict[str, Any]:
        """A copy of the thinking on ``parent -> child`` as ``viewer`` (or all, if ``over``)."""
        found: dict[str, Any] = self.graph.edges[parent, child]["thinking"]
        mover = self.graph.nodes[parent]["state"].current_player
        after = self.graph.nodes[child]["state"]
        if over or may_see(after, mover, viewer):
            return deepcopy(found)
        return hidden(found.get("agent", "bot"))

    def thinking_by(self) -> str:
        """The name of the player whose agent's thinking ``thinking()`` is about ("" if none)."""
        edge = self._last_thinking()
        actor = None if edge is None else self.graph.nodes[edge[0]]["state"].current_player
        return "" if actor is None else self.name(actor)

    def goto(self, node: int) -> None:
        """Show timeline node ``node``."""
        self._moved(lambda: self.timeline.goto(node))

    def back(self) -> None:
        """Step back to the previous state (stays at the start)."""
        self._moved(self.timeline.back)

    def forward(self) -> None:
        """Step forward along the line on show (stays at its end)."""
        self._moved(self.timeline.forward)

    def start(self) -> None:
        """Jump to the first state, keeping the way forward."""
        self._moved(self.timeline.start)

    def end(self) -> None:
        """Follow "forward" to the end of the line on show."""
        self._moved(self.timeline.end)

    def _moved(self, step: Any = None) -> None:
        """After ``step`` (a move of the cursor): a cover that was up stays up, since whoever
        steps then is not known (it showed the last player's view, secrets and all); so does
        a review of a finished line stepping onto an unfinished one (everyone was looking)."""
        covered = self.covered() or self.reviewing()
        if step is not None:
            step()
        self.revealed = None if covered else self.revealed
        self.message = Message()
        self._input_key = None

    def annotate(self, text: str) -> None:
        """Write ``text`` as the note on the position on show (``""`` removes it); the
        message line then shows it."""
        self.timeline.annotate(text)
        self.message = Message()

    def branches(self) -> list[tuple[int, str]]:
        """Every branch end with a label saying where it left the others (labels that would
        read alike, a secret move apart, are numbered: see ``branchlabels``)."""
        hidden = self.covered()
        viewer = self.viewer()
        reviewing = self.reviewing()  # (the full state: an unfinished branch's moves untold)

        def log_of(leaf: int) -> Sequence[str]:
            end = self.graph.nodes[leaf]["state"]
            return () if hidden or reviewing and not end.is_terminal else end.log(viewer)
        return branch_labels(self.timeline, log_of)

    # --- records ------------------------------------------------------------------------------
    def save(self, full: bool = False) -> dict[str, Any]:
        """The record of the current line, with ``ply`` saying where the cursor is, the other
        lines as ``"branches"``, the notes (``core.branches``) and the fields of the record
        last opened that are the caller's own.

        Its ``"thinking"`` (by ply; each branch's too) is what the viewer on show may see of
        each bot's thinking, as the panel shows it: in full where they are entitled to it (the
        full-state view, the agent's own seat, a finished game), else only that there was
        some; under the hot-seat cover, nothing beyond that. ``full=True`` keeps all of it.
        The actions are always every move in notation, secret choices included: ``replay``
        needs them, so a record mid-game is for the full-state viewer whatever its thinking
        holds.
        """
        return save_record(self, flag(full, "full"))

    def load(self, record: dict[str, Any] | str, ply: int | None = None) -> None:
        """Open a record (a dict or JSON text) at ``ply`` (default: the record's, else the end).

        Everything is checked first (``read_record``): a bad record raises ``InvalidRecord``
        and leaves the session exactly as it was. A record of another game (or player count)
        replaces the game; seats and view are kept when the player count is the same.
        """
        opened = read_record(record, ply)
        timeline = opened.timeline
        extra = deepcopy(opened.extra)
        # nothing above touched the session; from here on nothing can fail
        if opened.end.game.players != self.game.players:
            self.seats = [None] * opened.end.game.players
            self._stand_ins = {}
            self.view = None
        self.timeline = timeline
        self.extra = extra
        self.revealed = None
        self._size = None
        self._scene = None
        self._moved()

    # --- pictures -----------------------------------------------------------------------------
    def scene(self) -> Scene:
        """The picture on show: the board with highlights and picks, or the hot-seat cover.

        Drawn once per situation (state, viewer, cover, picks so far) and then reused.
        """
        inp = self.input
        key = (id(self.timeline), self.timeline.cursor, self.viewer(), self.covered(),
               self._input_key, id(inp), inp.selection if inp is not None else None)
        if self._scene is not None and self._scene[0] == key:
            return self._scene[1]
        if self.covered():
            scene = self._cover()
        else:
            highlight = inp.next_targets() if inp is not None else ()
            scene = self.game.draw(self.subject(), highlight=highlight,
                                   last=self._visible_last())
            self._size = (scene.width, scene.height)
            if inp is not None and inp.selection:
                scene = mark_picked(scene, inp.selection)
        self._scene = (key, scene)
        return scene

    def _cover(self) -> Scene:
        p = self.state.current_player
        assert p is not None  # a cover is drawn only while ``covered()``: not over
        if self._size is None:
            probe = self.game.draw(self.state.view(p))
            self._size = (probe.width, probe.height)
        agent = self.seats[p]
        agent_name = "" if agent is None else fit(agent_label(agent), SHOWN)
        return cover_scene(*self._size, self.name(p), agent_name)

    def svg_scene(self) -> Scene:
        """The picture for static viewers: the board without click marks (or the cover)."""
        if self.covered():
            return self._cover()
        return self.game.draw(self.subject(), last=self._visible_last())

