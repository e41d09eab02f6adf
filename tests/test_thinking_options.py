"""A bot's thinking stays secret under every game option, including a player who forgets.

With Lava Flows' ``memory=True`` a player forgets its own arrangement at once: its own log
reads ``arrange ?``, as its opponent's does. ``may_see`` compared the two logs, found them
alike, and showed the human the bot's thinking — whose choice *is* the secret arrangement,
in the panel and in a saved record. The widget's secrecy check ran on the default options
only, so it never met a forgetful player. Now the agent's own move must be seen in full, and
the check also runs on every game with each of its true/false options flipped.
"""

from __future__ import annotations

import pytest
from test_widget_secrecy import check_widget_secrecy

import tabletop
from tabletop.core.registry import game_class
from tabletop.core.testing.common import ConformanceError
from tabletop.widgets import session, thinking
from tabletop.widgets.thinking import hidden, may_see


def flipped_flags() -> list[tuple[str, dict]]:
    """Every registered game with one true/false option set against its default."""
    return [(name, {key: not default})
            for name in tabletop.games()
            for key, default in game_class(name).defaults.items() if type(default) is bool]


FLIPPED = flipped_flags()


def test_every_flag_option_of_the_games_is_covered():
    assert ("lava-flows", {"memory": True}) in FLIPPED
    assert ("lascaux", {"strict_colour": True}) in FLIPPED


@pytest.mark.slow
@pytest.mark.parametrize("name, options", FLIPPED, ids=[f"{n}-{o}" for n, o in FLIPPED])
def test_a_seat_sees_the_same_widget_under_each_flag_option(name, options):
    for players in game_class(name).player_counts:
        assert check_widget_secrecy(tabletop.load(name, players=players, **options)) > 0


def test_a_forgetful_bots_secret_arrangement_is_not_shown_to_the_human():
    w = tabletop.play("lava-flows", memory=True, seed=0, bots={0: "mcts-weak"}, agent_delay=0,
                      view=1)
    secret = str(w.state.history[0])
    assert w.state.log(0) == w.state.log(1) == ("arrange ?",)  # the bot forgot it too
    assert w.session.thinking() == hidden("mcts-weak")
    assert secret not in w.thinking_html.value
    assert w.save()["thinking"] == {"1": hidden("mcts-weak")}
    assert secret in str(w.save(full=True)["thinking"])
    w.view = None  # the full-state view is entitled to it
    assert w.session.thinking()["choice"] == secret
    w.close()


def test_the_rule_names_the_agents_own_move():
    game = tabletop.load("lava-flows", memory=True)
    after = game.new(seed=0).apply("arrange black a1 white b1")
    assert not may_see(after, agent=0, viewer=1) and may_see(after, 0, None)
    assert may_see(after, 0, 0)
    public = game.new(seed=0, setup="random")
    mover = public.current_player
    assert may_see(public.apply(public.legal_actions()[0]), agent=mover, viewer=1 - mover)


def test_the_check_catches_the_old_rule(monkeypatch):
    def logs_alike(state, agent, viewer):
        if viewer is None or viewer == agent:
            return True
        return all(mine == str(a) or mine == theirs for a, mine, theirs in
                   zip(state.history, state.log(viewer), state.log(agent), strict=True))

    monkeypatch.setattr(thinking, "may_see", logs_alike)
    monkeypatch.setattr(session, "may_see", logs_alike)
    with pytest.raises(ConformanceError, match="the widget's thinking differs"):
        check_widget_secrecy(tabletop.load("lava-flows", memory=True))
