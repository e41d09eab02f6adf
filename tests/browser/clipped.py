"""Widgets showing their longest texts (the same in the notebook and in the test), for every
game and player count: the start, a finished game with its breakdown unfolded, the longest
refusal of a typed move and of a click, the typing help, the hot-seat cover after a move,
the turn line of a bot with a long name (paused, and thinking), the bots' panel after their
replies, and the tree inspector on a search (its deepest node's details, opened in the game).

Each case is found by the widget's own logic on seeded positions, so a change to a game's
words keeps these the longest."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable

import tabletop
from tabletop.agents.base import RandomAgent
from tabletop.agents.mcts import MCTSAgent
from tabletop.core.errors import IllegalAction
from tabletop.core.game import State
from tabletop.widgets import GameWidget, TreeWidget
from tabletop.widgets.session import Session

SEED = 0
#: Each game with each player count it is played with.
CONFIGS = (("lacuna", 2), ("lascaux", 3), ("lascaux", 5), ("lava-flows", 2),
           ("landlock", 2), ("landlock", 4))


def positions(name: str, players: int) -> list[State]:
    """Every position of a seeded random game, start to end."""
    rng = random.Random(SEED)
    state = tabletop.load(name, players=players).new(seed=SEED, setup="random")
    found = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


def start(name: str, players: int) -> GameWidget:
    return tabletop.play(positions(name, players)[0], agent_delay=0)


def end(name: str, players: int) -> GameWidget:
    """The finished game, the score's breakdown unfolded."""
    widget = tabletop.play(positions(name, players)[-1], agent_delay=0)
    widget.breakdown_toggle.value = True
    return widget


def typed(name: str, players: int) -> GameWidget:
    """The longest refusal of a typed move (a legal move with a word too many)."""
    best: tuple[int, State | None, str] = (0, None, "")
    for state in positions(name, players)[:-1:3]:
        text = f"{state.legal_actions()[0]} x"
        session = Session(state)
        try:
            session.play(text)
        except IllegalAction as err:
            if len(str(err)) > best[0]:
                best = (len(str(err)), state, text)
    assert best[1] is not None
    widget = tabletop.play(best[1], agent_delay=0)
    try:
        widget.play(best[2])
    except IllegalAction:
        pass
    return widget


def clicked(name: str, players: int) -> GameWidget:
    """The longest message two clicks on the board bring (a refusal, or what to pick next)."""
    rng = random.Random(SEED)
    best: tuple[int, State | None, list[Hashable]] = (0, None, [])
    for state in positions(name, players)[:-1:4]:
        targets = list(Session(state).scene().targets())
        for first in rng.sample(targets, min(12, len(targets))):
            session = Session(state)
            session.choose(first)
            more = list(session.scene().targets())
            for second in [None, *rng.sample(more, min(6, len(more)))]:
                tried = Session(state)
                tried.choose(first)
                if second is not None:
                    tried.choose(second)
                said = len(tried.message_line().text)
                if said > best[0]:
                    best = (said, state, [first] if second is None else [first, second])
    widget = tabletop.play(best[1] or positions(name, players)[0], agent_delay=0)
    for target in best[2]:
        widget.choose(target)
    return widget


def typing_help(name: str, players: int) -> GameWidget:
    """Enter on an empty move box, mid-game."""
    states = positions(name, players)
    widget = tabletop.play(states[len(states) // 2], agent_delay=0)
    widget.move_box.value = ""
    widget._typing_help()
    return widget


def cover(name: str, players: int) -> GameWidget:
    """Hot seat: a move played, the cover up for the next player."""
    states = positions(name, players)
    widget = tabletop.play(states[len(states) // 2], hot_seat=True, agent_delay=0)
    widget.session.confirm()
    widget.play(widget.session.state.legal_actions()[0])
    return widget


class StudentBot(RandomAgent):
    """A bot of a class tournament, named as long as a name is shown in full (``SHOWN``)."""

    name = "alice-and-bob-minimax-depth-four"


def _bot_to_move(name: str, players: int) -> GameWidget:
    """Mid-game, the bots paused, and ``StudentBot`` at the seat to move."""
    states = positions(name, players)
    widget = tabletop.play(states[len(states) // 2], agent_delay=0)
    widget.pause_button.value = True
    player = widget.session.state.current_player
    assert player is not None
    widget.set_seat(player, StudentBot(seed=SEED))
    return widget


def paused(name: str, players: int) -> GameWidget:
    """The turn line of a paused bot with a long name: "… to move <name> · paused"."""
    return _bot_to_move(name, players)


def thinking(name: str, players: int) -> GameWidget:
    """The turn line of a bot with a long name while it searches: "… is thinking…"."""
    widget = _bot_to_move(name, players)
    widget.runner.thinking = widget.session.state.current_player  # as a search shows it
    widget._show_turn()
    return widget


def bot(name: str, players: int) -> GameWidget:
    """The bots' panel after their replies (mid-game, a weak search at every other seat)."""
    states = positions(name, players)
    state = states[len(states) // 2]
    me = state.current_player
    bots = {p: MCTSAgent(iterations=60, seed=SEED) for p in range(players) if p != me}
    widget = tabletop.play(state, bots=bots, agent_delay=0)
    widget.play(widget.session.state.legal_actions()[0])
    return widget


def tree(name: str, players: int) -> TreeWidget:
    """The tree inspector on a bot's search mid-game: the deepest node with the longest line
    to it selected (its details, and the note on sampled boards) and opened in the game."""
    states = positions(name, players)
    state = states[len(states) // 2]
    agent = MCTSAgent(iterations=80, seed=SEED)
    agent.analyse(state)
    assert agent.last_analysis is not None
    widget = TreeWidget(agent.last_analysis, depth=2, max_children=6)
    model = widget.model
    widget.select(max(model.visible(), key=lambda n: (model.graph.nodes[n]["depth"],
                                                      len(" → ".join(model.path(n))))))
    widget.open_in_game()
    return widget


CASES: dict[str, Callable[[str, int], GameWidget | TreeWidget]] = {
    "start": start, "end": end, "typed": typed, "clicked": clicked, "help": typing_help,
    "cover": cover, "paused": paused, "thinking": thinking, "bot": bot, "tree": tree,
}


def tag(case: str, name: str, players: int) -> str:
    return f"{case}-{name}-{players}p"


def all_tags(cases: Iterable[str] = CASES) -> list[str]:
    return [tag(case, n, p) for case in cases for n, p in CONFIGS]


def show_all(cases: Iterable[str] = CASES) -> dict[str, GameWidget | TreeWidget]:
    """Every case (or those named) of every game, each tagged for the test (``under-test``,
    ``game-<tag>``)."""
    shown = {}
    for case in cases:
        make = CASES[case]
        for name, players in CONFIGS:
            t = tag(case, name, players)
            shown[t] = make(name, players).add_class("under-test").add_class(f"game-{t}")
    return shown
