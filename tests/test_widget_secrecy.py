"""The widget keeps a seat's secrets: everything it shows a seat is built from that seat's view.

For every registered game and player count, on seeded random positions, two positions a
viewer cannot tell apart must look byte-identical in the widget set to that viewer's seat:
every panel's HTML, the message line, the move log, the buttons, the branch labels, the canvas
scene's SVG and the static SVG — with a bot's thinking present. The pairs are

* two moves the viewer sees the same way (``game.describe``), the secret one made by a bot
  whose thinking names its choice (and, where the game goes on, the next bot's thinking too),
  also under the hot seat as the next player takes the board;
* two redraws of what the viewer's view hides (``view.determinize``).

The core may not import the widgets, so this check lives here; the broken variants at the end
(a panel fed the full state, or unredacted thinking) show that it fails when a surface leaks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from test_widget_toy import ClickNim

import tabletop
from tabletop.agents import MCTSAgent
from tabletop.core.game import Action, Game, State
from tabletop.core.public import PUBLIC
from tabletop.core.registry import game_class, register, unregister
from tabletop.core.testing.common import ConformanceError, fail, random_states
from tabletop.render.svg import to_svg
from tabletop.widgets import GameWidget
from tabletop.widgets.session import Session

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]
#: Pairs of positions compared per game configuration (kept small: CI runs every config).
PAIRS = 3


class Scripted:
    """A bot that plays ``action`` and reports the thinking of a real search from its view,
    with ``action`` as its choice and most visited candidate (so unredacted, it tells)."""

    name = "scripted"

    def __init__(self, action: Action) -> None:
        self.action = action
        self.last_analysis: _Report | None = None

    def act(self, view) -> Action:
        summary = MCTSAgent(iterations=12, seed=0).analyse(view).to_json()
        chosen = {"action": str(self.action), "visits": 99, "value": 0.75,
                  "values": [0.75] * view.game.players, "share": 0.9}
        summary["candidates"] = [chosen, *(c for c in summary["candidates"]
                                           if c["action"] != str(self.action))]
        summary.update(agent=self.name, choice=str(self.action))
        self.last_analysis = _Report(summary)
        return self.action


class _Report:
    def __init__(self, summary: dict) -> None:
        self.summary = summary

    def to_json(self) -> dict:
        return self.summary


def surfaces(widget: GameWidget) -> dict[str, object]:
    """Everything the widget shows, as text: panels, lines, buttons, pictures, and the
    thinking a record saved from this view holds."""
    widget._show_panels()
    s = widget.session
    return {
        "turn": widget.turn_html.value,
        "message": widget.message_html.value,
        "message line": widget.message,
        "scores": widget.scores_html.value,
        "thinking": widget.thinking_html.value,
        "thinking json": _timeless(s.thinking()),
        "saved thinking": _saved_thinking(widget),
        "log": widget.log_html.value,
        "branches": [label for label, _ in widget.branch_picker.options],
        "slider": (widget.slider.value, widget.slider.max),
        "buttons": [(b.description, b.tooltip) for b in widget.choices.children],
        "controls": (widget.confirm_button.layout.display, widget.cancel_button.layout.display,
                     widget.agent_button.disabled),
        "canvas": to_svg(widget.scene()),
        "static svg": widget._repr_mimebundle_()["image/svg+xml"],
    }


def _saved_thinking(widget: GameWidget) -> dict | None:
    """The thinking a record saved from this view holds (positions drawn by ``determinize``
    have no seed, so no record)."""
    if widget.session.state.seed is None:
        return None
    return {ply: _timeless(t) for ply, t in widget.save().get("thinking", {}).items()}


def _timeless(thinking: dict | None) -> dict | None:
    """The thinking without the seconds it took (machine noise, never shown)."""
    return None if thinking is None else {k: v for k, v in thinking.items() if k != "seconds"}


def same_for_viewer(where: str, first: GameWidget, second: GameWidget) -> None:
    """Fail unless the two widgets show exactly the same."""
    a, b = surfaces(first), surfaces(second)
    for key in a:
        if a[key] != b[key]:
            fail(where, f"the widget's {key} differs between two positions its viewer "
                        f"cannot tell apart:\n  {_cut(a[key])}\n  {_cut(b[key])}")


def _cut(value: object, room: int = 300) -> str:
    text = repr(value)
    return text if len(text) <= room else text[:room] + "…"


def twin_moves(state: State) -> Iterator[tuple[int | str, Action, Action]]:
    """``(viewer, secret, twin)``: a move of the player to move that ``viewer`` sees redacted,
    and another legal move ``viewer`` sees the same way."""
    game, actor = state.game, state.current_player
    legal = state.legal_actions()
    for viewer in (*range(game.players), PUBLIC):  # (the audience's public view too)
        if viewer == actor:
            continue
        for secret in legal:
            seen = game.describe(secret, actor, viewer)
            if seen == str(secret):
                continue
            twin = next((b for b in legal if b != secret
                         and game.describe(b, actor, viewer) == seen), None)
            if twin is not None:
                yield viewer, secret, twin
                break


def after_bot_move(state: State, action: Action, viewer: int | str, hot_seat: bool = False
                   ) -> GameWidget:
    """A widget for ``viewer``'s seat where a bot has just played ``action`` from ``state``,
    and, if the game goes on with another player than ``viewer``, that player's bot too."""
    widget = GameWidget(state, view=None if hot_seat else viewer, hot_seat=hot_seat,
                        agent_delay=0, panel_delay=0)
    widget.session.agent_move(Scripted(action))
    nxt = widget.session.state
    if nxt.current_player not in (None, viewer) and not hot_seat:
        widget.session.agent_move(Scripted(nxt.legal_actions()[0]))
    widget._refresh(full=True)
    return widget


def after_review(state: State, action: Action, avoid: tuple[Action, ...]) -> GameWidget | None:
    """A hot-seat widget where the game was played to the end from ``state`` (not by a move
    in ``avoid``), then a bot played ``action`` from ``state`` (a branch not over), and the
    friends went back to review the finished line (``None`` if every move is in ``avoid``)."""
    first = next((a for a in state.legal_actions() if a not in avoid), None)
    if first is None:
        return None
    widget = GameWidget(state, hot_seat=True, agent_delay=0, panel_delay=0)
    s = widget.session
    s.play(first)
    for _ in range(5000):
        if s.state.is_terminal:
            break
        s.play(s.state.legal_actions()[0])
    end = s.timeline.cursor
    widget.start()
    s.agent_move(Scripted(action))
    widget.goto(end)
    widget._refresh(full=True)
    return widget


def _to_the_branch(widget: GameWidget) -> bool:
    """Step from the review onto the branch not over (``False`` if there is none)."""
    s = widget.session
    branch = next((n for n in s.timeline.leaves() if not s.graph.nodes[n]["state"].is_terminal),
                  None)
    if branch is None:
        return False
    widget.goto(branch)
    return True


def check_widget_secrecy(game: Game, seeds: range = range(2), pairs: int = PAIRS) -> int:
    """Compare the widget on pairs of positions a viewer can't tell apart; the pairs seen."""
    seen = redraws = 0
    for where, state in random_states(game, seeds):
        if state.is_terminal or seen >= pairs:
            continue
        for viewer, secret, twin in twin_moves(state):
            first, second = state.apply(secret), state.apply(twin)
            if first.legal_actions()[:1] != second.legal_actions()[:1]:
                continue  # the next move differs in public: no longer the same to the viewer
            who = "the audience" if viewer == PUBLIC else f"player {viewer}"
            label = f"{where}, {secret} or {twin} as {who} sees it"
            same_for_viewer(label, after_bot_move(state, secret, viewer),
                            after_bot_move(state, twin, viewer))
            nxt = first.current_player
            if viewer != PUBLIC and nxt is not None and nxt != state.current_player and \
                    game.describe(secret, state.current_player, nxt) != str(secret):
                covered = [after_bot_move(state, a, nxt, hot_seat=True) for a in (secret, twin)]
                same_for_viewer(f"{label}, hot seat, covered", *covered)
                for widget in covered:
                    widget.confirm()
                same_for_viewer(f"{label}, hot seat, player {nxt} at the board", *covered)
                reviews = [after_review(state, a, (secret, twin)) for a in (secret, twin)]
                if reviews[0] is not None and reviews[1] is not None:
                    # the finished line is everyone's; the branch not over tells nothing
                    same_for_viewer(f"{label}, hot seat, the finished line reviewed", *reviews)
                    if all(map(_to_the_branch, reviews)):
                        same_for_viewer(f"{label}, hot seat, on the branch after the review",
                                        *reviews)
            seen += 1
    for where, state in random_states(game, seeds[:1], every=9):
        if state.is_terminal or redraws >= pairs:
            continue
        redraws += 1
        for viewer in range(game.players):
            view = state.view(viewer)
            redrawn = [view.determinize(random.Random(k)) for k in (1, 2)]
            widgets = [GameWidget(s, view=viewer, agent_delay=0, panel_delay=0) for s in redrawn]
            same_for_viewer(f"{where}, redrawn as player {viewer} sees it", *widgets)
            # what a seat's redraw keeps is public: the audience sees the same widget
            audience = [GameWidget(s, view=PUBLIC, agent_delay=0, panel_delay=0)
                        for s in (state, *redrawn)]
            same_for_viewer(f"{where}, redrawn for player {viewer}, as the audience sees it",
                            *audience[1:])
            seen += 1
    return seen


@pytest.mark.slow
@pytest.mark.parametrize("name, players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_a_seat_sees_the_same_widget_for_positions_it_cannot_tell_apart(name, players):
    assert check_widget_secrecy(tabletop.load(name, players=players)) > 0


def test_games_with_secret_moves_are_compared_on_them():
    """Lascaux's colour tokens and Lava Flows' hidden Mediums give pairs of secret moves,
    for a seat and for the audience's public view."""
    for name in ("lascaux", "lava-flows"):
        game = tabletop.load(name)
        start = game.new(seed=0)
        assert next(twin_moves(start), None) is not None, name
        assert PUBLIC in {viewer for viewer, _, _ in twin_moves(start)}, name


@pytest.fixture
def click_nim():
    register(ClickNim.name, ClickNim)
    yield ClickNim()
    unregister(ClickNim.name)


def test_the_toy_with_secret_bonuses_passes(click_nim):
    assert check_widget_secrecy(click_nim, seeds=range(3)) >= PAIRS


# --- the check fails when a surface leaks -----------------------------------------------------

def unredacted_thinking(self: Session):
    line = self.timeline.path_to(self.timeline.cursor)
    for parent, child in reversed(list(zip(line, line[1:], strict=False))):
        if "thinking" in self.graph.edges[parent, child]:
            return self.graph.edges[parent, child]["thinking"]
    return None


def log_of_the_full_state(self: Session):
    return list(self.graph.nodes[self.line()[-1]]["state"].log(None))


@pytest.mark.parametrize("method, leak", [
    ("thinking", unredacted_thinking),
    ("log", log_of_the_full_state),
])
@pytest.mark.parametrize("name", ["lascaux", "lava-flows"])
def test_a_surface_built_from_the_full_state_is_caught(monkeypatch, method, leak, name):
    monkeypatch.setattr(Session, method, leak)
    with pytest.raises(ConformanceError, match="cannot tell apart"):
        check_widget_secrecy(tabletop.load(name))


def test_a_message_line_told_to_everyone_is_caught(monkeypatch, click_nim):
    told = Session.message_line

    def to_everyone(self):
        view, hot = self.view, self.hot_seat
        self.view, self.hot_seat = None, False
        try:
            return told(self)
        finally:
            self.view, self.hot_seat = view, hot

    monkeypatch.setattr(Session, "message_line", to_everyone)
    with pytest.raises(ConformanceError, match="message"):
        check_widget_secrecy(click_nim, seeds=range(3))


@pytest.mark.parametrize("name", ["lava-flows", "click-nim"])
def test_a_board_drawn_from_the_full_state_is_caught(monkeypatch, click_nim, name):
    """(Lascaux's board shows no token before the reveal even for the full state.)"""
    monkeypatch.setattr(Session, "subject", lambda self: self.state)
    with pytest.raises(ConformanceError, match="canvas"):
        check_widget_secrecy(tabletop.load(name), seeds=range(3))
