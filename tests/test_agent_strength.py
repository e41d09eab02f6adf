"""The agents' strength as the docs present it, played out as a player meets it: every game
and player count, with small seeded arenas whose own confidence intervals must separate.

- The weakest search the widget's seat pickers offer, ``"mcts-weak"``, beats ``"random"``.
- A time budget is kept: a search given seconds and more iterations than it can run stops on
  the clock, having used its time (``docs/arena.md``: ``"mcts"`` stops after 300 iterations
  *or* 1 s).
- The same view and the same seed give the same decision: no agent the widget offers reads
  what its view hides (``docs/widget.md``, notebook 06).

The comparison counts the games one of the two agents won alone (Lava Flows has draws by a
third repetition; Lascaux has shared wins): the stronger agent's Wilson interval must lie
above one half. In four-player Landlock each team is
a pair of one agent (partners sit opposite), so that a team's result is its agent's.
"""

from __future__ import annotations

import random
import time

import pytest

import tabletop
from tabletop.agents import MCTSAgent, make_agent
from tabletop.arena import ArenaResult, arena
from tabletop.teaching import WinRate

#: Every built-in game at each player count it is played by.
SETTINGS = [(name, players) for name in tabletop.games()
            for players in tabletop.load(name).player_counts]
IDS = [f"{name}-{players}" for name, players in SETTINGS]

#: Games enough for the quick arena's interval to clear one half: two-player Landlock gives
#: random a game now and then.
QUICK_GAMES = {("landlock", 2): 20}


def seats(name: str, players: int, stronger: object, weaker: object) -> list[object]:
    """One stronger agent against weaker ones; in four-player Landlock, a team of each."""
    if name == "landlock" and players == 4:
        return [stronger, weaker, stronger, weaker]
    return [stronger] + [weaker] * (players - 1)


def played(name: str, players: int, stronger: object, weaker: object, games: int,
           seed: int = 1000) -> ArenaResult:
    """A seeded arena whose first seat holds the stronger agent, its second the weaker (the
    seats rotate)."""
    return arena(name, seats(name, players, stronger, weaker), games=games, seed=seed,
                 players=players, progress=False)


def outright(result: ArenaResult) -> WinRate:
    """How often the first agent won the games that one of the two agents won alone (a
    sign test: a draw or a shared win tells neither apart). Where the second holds several
    seats this favours the second, so the first's lead is if anything understated."""
    strong, weak = result.agents[0], result.agents[1]
    won = [set(game.winner_agents) for game in result.games]
    return WinRate(won.count({strong}), won.count({strong}) + won.count({weak}))


@pytest.mark.parametrize(("name", "players"), SETTINGS, ids=IDS)
def test_the_weakest_search_the_widget_offers_beats_random(name, players):
    games = QUICK_GAMES.get((name, players), 12)
    rate = outright(played(name, players, "mcts-weak", "random", games=games))
    assert rate.low > 0.5, f"mcts-weak against random in {name} with {players}: {rate}"


def test_the_comparison_fails_between_equals():
    """The check above can fail: random against random clears no bound."""
    result = arena("landlock", {"one": "random", "other": "random"}, games=12, seed=1000,
                   progress=False)
    rate = outright(result)
    assert rate.games and not rate.low > 0.5


def _positions(name: str, players: int, seeds: range):
    """Seeded random positions, each with the mover's view."""
    game = tabletop.load(name, players=players)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(seed=seed)
        for _ in range(rng.randrange(1, 40)):
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_terminal:
            yield state


#: More iterations than 0.05 s holds in any game, and few enough that a search deaf to its
#: clock ends (in seconds, not hours) and fails the test.
MANY = 20_000


@pytest.mark.parametrize(("name", "players"), SETTINGS, ids=IDS)
def test_a_time_budget_is_kept_in_every_game(name, players):
    """Given 0.05 s and far more iterations than fit in it, the search stops on the clock:
    it used its time, and overran it by no more than an iteration's worth (a generous
    bound, for a busy machine)."""
    budget = 0.05
    for state in list(_positions(name, players, range(3))):
        agent = MCTSAgent(iterations=MANY, seconds=budget, seed=1)
        start = time.perf_counter()
        analysis = agent.analyse(state.view(state.current_player))
        took = time.perf_counter() - start
        if len(state.legal_actions()) == 1:
            continue  # a forced move needs no search
        assert analysis.seconds >= budget and analysis.iterations < MANY
        assert took < budget + 3.0, f"{name}: a 0.05 s search took {took:.2f} s"


def _twins(name: str, players: int, wanted: int):
    """Pairs of true states the player to move cannot tell apart."""
    found = []
    for state in _positions(name, players, range(60)):
        view = state.view(state.current_player)
        for k in range(4):
            other = view.determinize(random.Random(k))
            if other != state and other.view(state.current_player) == view:
                found.append((state, other))
                break
        if len(found) == wanted:
            break
    return found


AGENTS = ["random", "mcts-weak"]


@pytest.mark.parametrize(("name", "players"), SETTINGS, ids=IDS)
def test_the_same_view_and_seed_give_the_same_decision(name, players):
    """Two true states behind one view: every agent the widget offers (the default search
    at 300 iterations, without its clock) decides the same in both, with the same numbers."""
    twins = _twins(name, players, wanted=3)
    if name == "lacuna":  # nothing is hidden in Lacuna: a view is its state
        assert not twins
        return
    assert twins, f"no {name} position with something hidden from the mover"
    for state, other in twins:
        p = state.current_player
        for agent in AGENTS:
            assert (make_agent(agent, seed=3).act(state.view(p))
                    == make_agent(agent, seed=3).act(other.view(p)))
        runs = [make_agent("mcts", seed=3, iterations=60).analyse(s.view(p))
                for s in (state, other)]
        assert runs[0].choice == runs[1].choice
        assert [c.to_json() for c in runs[0].candidates] == \
            [c.to_json() for c in runs[1].candidates]
