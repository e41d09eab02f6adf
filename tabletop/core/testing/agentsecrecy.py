"""A bot's thinking, shown to its seat, holds nothing the seat may not see.

An ``MCTSAgent`` searches from its player's view, through states ``view.determinize(rng)``
draws; its analysis (the choice, the values, the sampled states, the tree) is shown to that
player. So a draw must rest on the view alone: two states the player cannot tell apart must
give the same draws for the same random numbers, and the same search. A ``determinize`` that
reads the true hidden parts from somewhere the view's equality does not look (a field left
out of comparison, a reference to the full state) passes every check of what a view shows,
yet lets the bot play — and show its seat — the other players' secrets.

``check_agent_secrecy`` compares both, on the pairs ``check_secrecy`` builds (twin games that
differ only in what the player may not see, and positions against states drawn from the
player's view).

>>> import tabletop
>>> check_agent_secrecy(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable

from ..game import Game, State
from .secrecy import Surface, check_secrecy

#: How many draws are compared, and how long the compared search is (iterations).
DRAWS = 3
SEARCH = 6


def _draws(state: State, viewer: int) -> tuple[State, ...]:
    """The states ``viewer``'s view draws for the random numbers of seeds ``0 .. DRAWS-1``."""
    view = state.view(viewer)
    return tuple(view.determinize(random.Random(k)) for k in range(DRAWS))


def _thinking(state: State, viewer: int) -> str | None:
    """What a short seeded search from ``viewer``'s view shows its seat (``None`` when the
    viewer has no move): its summary, and the notation of the searched tree's edges."""
    from ...agents import MCTSAgent  # (the agents build on the core: imported when used)

    view = state.view(viewer)
    if not view.legal_actions():
        return None
    analysis = MCTSAgent(iterations=SEARCH, seed=0).analyse(view)
    summary = {**analysis.to_json(), "seconds": None}
    edges = [data["notation"] for _, _, data in analysis.to_graph().edges(data=True)]
    return json.dumps([summary, edges], sort_keys=True)


#: What a bot shows its seat, surface by surface.
AGENT_SURFACES: tuple[Surface, ...] = (
    ("determinized states (a bot's samples)", _draws),
    ("bot's thinking", _thinking),
)


def check_agent_secrecy(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Two states a player cannot tell apart give that player's view the same draws and
    the same bot thinking (``ConformanceError`` names the pair and what differs)."""
    check_secrecy(game, seeds, surfaces=AGENT_SURFACES, every=5)
