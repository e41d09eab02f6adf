"""The public view: what someone watching without a seat may see (a streamer's audience, a
class watching two students), in every game, through the core, the widget and the tree.

``check_secrecy`` (every game, in ``check_game``) proves the public view tells no secret;
``tests/test_widget_secrecy.py`` proves the same of the widget set to ``view="public"``.
Here: what the audience does see (everything public), the refusals, and a spectator's
session (bots playing each other, paused and stepped, everything revealed at the end).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

import tabletop
from tabletop.core.errors import InvalidOption
from tabletop.core.public import PUBLIC, is_public
from tabletop.core.registry import game_class
from tabletop.widgets import TreeWidget

CONFIGS = [(name, players) for name in tabletop.games()
           for players in game_class(name).player_counts]


def _random_line(game, seed: int, plies: int = 60):
    state = game.new(seed=seed, setup="random") if game.name != "lascaux" else \
        game.new(seed=seed)
    rng = random.Random(seed)
    line = [state]
    for _ in range(plies):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
        line.append(state)
    return line


@pytest.mark.parametrize("name, players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
def test_the_public_view_makes_no_move_and_is_no_seat(name, players):
    game = tabletop.load(name, players=players)
    for state in _random_line(game, seed=3)[::7]:
        public = state.view("public")
        assert is_public(public) and public.player == players
        assert state.view(" Public") is public  # one view per state, as a seat's
        assert public.current_player == state.current_player
        assert public.legal_actions() == () and len(public.legal_mask()) == \
            game.num_distinct_actions and not public.legal_mask().any()
        assert public._log == state.log("public")
        assert "the audience" in public.information_state()
        with pytest.raises(ValueError, match="the public view has no observation tensor"):
            public.observation()
        assert public.svg().startswith("<svg") and str(public)
        if state.legal_actions():
            assert not public.is_legal(state.legal_actions()[0])
            with pytest.raises(tabletop.IllegalAction, match="the public view has no seat"):
                game.parse_action(public, str(state.legal_actions()[0]))


@pytest.mark.parametrize("name", ["lacuna", "landlock"])
def test_a_game_whose_seats_hold_no_secret_shows_the_audience_everything_a_seat_sees(name):
    """Lacuna's pour order and Landlock's pile are hidden from every seat alike: the
    audience sees what each seat sees, field by field."""
    game = tabletop.load(name)
    for state in _random_line(game, seed=5)[::5]:
        seat, public = state.view(0), state.view("public")
        for f in dataclasses.fields(seat):
            if f.name != "player":
                assert getattr(public, f.name) == getattr(seat, f.name), f.name
        assert state.log("public") == state.log(0) == state.log(None)


def test_lascaux_shows_the_audience_no_token_until_the_rules_reveal_it():
    game = tabletop.load("lascaux", players=3)
    state = game.new(seed=1)
    state = state.apply("choose pink").apply("choose blue")
    assert state.view(0).own == state.choices[0] and state.view("public").own is None
    assert state.log("public") == ("choose ?", "choose ?")
    assert state.log(0) == ("choose pink", "choose ?")
    assert "pink" not in str(state.view("public")) and "blue" not in str(state.view("public"))


def test_lava_flows_shows_the_audience_what_both_players_know_and_no_hiding_place():
    game = tabletop.load("lava-flows")
    for state in _random_line(game, seed=2, plies=80)[::4]:
        public = state.view("public")
        seats = [state.view(p) for p in (0, 1)]
        for c, stack in enumerate(public.stacks):
            assert not set(stack) & set("012345"), stack  # no one's hiding place told
            # the pieces both seats see alike, the audience sees too
            if seats[0].stacks[c] == seats[1].stacks[c]:
                assert stack == seats[0].stacks[c]
    forgetful = tabletop.load("lava-flows", memory=True)
    for state in _random_line(forgetful, seed=2, plies=40)[::4]:
        public = state.view("public")
        assert public.stacks == state.view(0).stacks == state.view(1).stacks


def test_a_view_or_log_of_no_one_is_refused_naming_the_public_view():
    state = tabletop.load("lascaux").new(seed=0)
    for bad in ("publik", "everyone", 3 + state.game.players):
        with pytest.raises(ValueError, match=r"player must be 0\.\.\d, not .* \(or 'public': an "
                                             r"audience's view, no seat's\)"):
            state.view(bad)
        with pytest.raises(ValueError, match=r"player must be 0\.\.\d, not .* \(or 'public'"):
            state.log(bad)
    with pytest.raises(ValueError, match="field 'player' should be a player"):
        dataclasses.replace(state.view(0), player=state.game.players)  # no relabelled seat


@pytest.mark.parametrize("name", tabletop.games())
def test_the_public_views_own_seat_number_is_no_spelling_of_it(name, recwarn):
    """The public view's ``player`` is ``game.players`` (one past the last seat, docs/widget.md)
    but the audience is asked for as ``"public"``: that number, an off-by-one away from the
    last seat, is refused like any seat out of range on every surface that takes a viewer,
    each naming ``'public'``, so a user counting seats from 1 is never shown the audience's
    view unawares."""
    state = tabletop.load(name).new(seed=1)
    seats = state.game.players
    public = state.view("public")
    assert public.player == seats and is_public(public)
    assert public is state.view(" Public ")
    said = rf"not {seats} \(or 'public'"
    with pytest.raises(ValueError, match=rf"player must be 0\.\.{seats - 1}, {said}"):
        state.view(seats)
    with pytest.raises(ValueError, match=said):
        state.log(seats)
    with pytest.raises(ValueError, match=said):
        public.determinize(random.Random(1)).view(public.player)
    with pytest.raises(ValueError, match=said):
        TreeWidget(state, view=seats)
    with pytest.raises(InvalidOption, match=rf"not {seats} .*'public': what an audience"):
        tabletop.play(state, view=seats)


def test_a_streamer_watches_a_bot_match_paused_stepped_and_revealed_at_the_end():
    widget = tabletop.play("lascaux", players=3, seed=4, bots={p: "random" for p in range(3)},
                           view="public", agent_delay=0, panel_delay=0, paused=True)
    assert widget.view == PUBLIC and widget.state.history == ()  # the match waits
    for _ in range(3):
        widget.agent_move()  # the watcher steps the match one bot move at a time
    assert len(widget.state.history) == 3
    s = widget.session
    assert s.subject() == widget.state.view("public")
    assert "choose ?" in widget.log_html.value
    assert all(f"choose {c}" not in widget.log_html.value
               for c in ("brown", "yellow", "green", "pink", "white", "blue"))
    widget.paused = False  # let go: the bots play on to the end (at once: no event loop)
    assert widget.state.is_terminal
    widget.view = "full"  # and the streamer shows everything
    assert widget.session.subject() is widget.state
    widget.view = "public"
    assert widget.view_picker.value == "public" and widget.view == PUBLIC


def test_a_click_from_the_public_view_is_refused_saying_why():
    widget = tabletop.play("lava-flows", seed=1, view="public", agent_delay=0)
    assert widget.session.blocked() == (
        "It is White's turn, and you are watching the public view (an audience's, no "
        "seat's): switch the view to play.")
    assert widget.session.input is None and widget.choices.children == ()
    widget.play("arrange black a1 white b1")  # (the program's own move: played, and told)
    assert widget.message == "White played arrange ?."


def test_the_widget_refuses_a_misspelt_public_view_with_its_name():
    with pytest.raises(InvalidOption, match="did you mean 'public'"):
        tabletop.play("lava-flows", view="publc")


def test_the_tree_inspector_shows_a_game_tree_as_the_audience_sees_it():
    state = tabletop.load("lascaux", players=3).new(seed=2)
    tree = TreeWidget(state, depth=1, view="public")
    child = next(iter(tree.model.graph.successors(0)))
    assert tree.model.subject(child) == tree.model.state(child).view("public")
    assert tree.model.label(0, child) == "choose ?"


def test_a_game_written_for_seats_only_is_told_how_to_build_the_public_view(registered):
    from broken_public import SeatsOnlyNim

    from tabletop.core.testing.common import ConformanceError
    from tabletop.core.testing.secrecy import check_secrecy

    state = registered(SeatsOnlyNim).new(seed=1)
    with pytest.raises(NotImplementedError, match=r"seats-only-nim builds no public view: its "
                                                  r"_view\(2\) \(the audience's seat, one past "
                                                  r"the last player's\) raised IndexError"):
        state.view("public")
    assert state.view(0).player == 0  # the seats' views are as they were
    with pytest.raises((ConformanceError, NotImplementedError), match="public view"):
        check_secrecy(registered(SeatsOnlyNim), seeds=range(2), every=1)
