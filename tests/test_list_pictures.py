"""DESIGN.md, "Pictures first": every state, view, action list and score breakdown has a
picture in a notebook. Round 62: a cell ending in ``state.legal_actions()`` showed only a
tuple's repr; the list now shows its actions' notation, numbered by index, and
``check_notebook_pictures`` (run by ``check_game``) holds every game to all four."""

from __future__ import annotations

import random
import re

import pytest
from broken_notebookpictures import PlainBreakdownNim, PlainListNim
from toygame import SecretNim

import tabletop
from tabletop.core.legal import OPEN_UP_TO, LegalActions
from tabletop.core.testing import ConformanceError, check_game, check_notebook_pictures

CONFIGS = [(name, players) for name in tabletop.games()
           for players in tabletop.load(name).player_counts]


@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_every_game_shows_its_states_views_lists_and_breakdowns(name, players):
    check_notebook_pictures(tabletop.load(name, players=players), seeds=range(1), every=8)


@pytest.mark.parametrize("name", tabletop.games())
def test_a_legal_action_list_shows_each_action_by_index_and_notation(name):
    state = tabletop.load(name).new(seed=4)
    rng = random.Random(4)
    for _ in range(3):
        state = state.apply(rng.choice(state.legal_actions()))
    legal = state.legal_actions()
    html = legal._repr_html_()
    assert html.startswith("<details") and '<ol start="0"' in html
    assert f"{len(legal)} legal action" in html
    items = html.split("<li>")[1:]
    assert len(items) == len(legal)
    assert all(f"<code>{a}</code>" in item for a, item in zip(legal, items, strict=True))
    assert (" open>" in html) == (len(legal) <= OPEN_UP_TO)


def test_the_list_escapes_notation_and_says_when_it_is_empty():
    assert "&lt;b&gt; &amp; c" in LegalActions(1, lambda i: "<b> & c")._repr_html_()
    assert LegalActions(0, lambda i: "x")._repr_html_() == "<p><i>no legal actions</i></p>"
    view = tabletop.load("lascaux", players=3).new(seed=1).view(1)  # player 0 chooses first
    assert view.legal_actions()._repr_html_() == "<p><i>no legal actions</i></p>"


def test_the_list_is_still_printed_like_its_tuple():
    legal = tabletop.load("landlock").new(seed=2).legal_actions()
    assert repr(legal) == repr(tuple(legal))


def test_the_check_names_a_list_without_a_picture(registered):
    with pytest.raises(ConformanceError, match=r"legal_actions\(\): tuple has no _repr_html_"):
        check_notebook_pictures(registered(PlainListNim), seeds=range(1))


def test_the_sound_toy_passes(registered):
    check_notebook_pictures(registered(SecretNim), seeds=range(2), every=1)


def test_check_game_runs_the_check_and_names_a_breakdown_without_a_picture(registered):
    # (a plain tuple of legal actions is refused sooner in check_game, by check_lazy)
    with pytest.raises(ConformanceError, match=r"the state, score_breakdown\(\): Totals has no "
                                               r"_repr_html_"):
        check_game(registered(PlainBreakdownNim), seeds=range(1), package_seeds=1)


#: CSS properties JupyterLab 4's HTML sanitiser keeps in a ``style`` attribute (a subset of its
#: ``allowedStyles``): an untrusted output — a saved notebook reopened, a fresh clone's —
#: loses any other, as it lost ``columns`` (round 62: the list became one long column).
SANITISER_KEEPS = {"display", "grid-template-columns", "margin", "margin-left", "overflow-wrap",
                   "padding", "padding-left", "width", "color", "font-style", "font-weight"}


def _styles(html):
    return {prop.split(":")[0].strip() for style in re.findall(r'style="([^"]*)"', html)
            for prop in style.split(";") if prop.strip()}


def test_the_list_and_tree_pictures_use_only_styles_an_untrusted_notebook_keeps():
    state = tabletop.load("lava-flows").new(seed=3)
    for _ in range(2):
        state = state.apply(state.legal_actions()[0])
    lists = LegalActions(300, str)._repr_html_() + state.legal_actions()._repr_html_()
    tree = tabletop.explore(state, depth=2)._repr_html_()
    assert "display: grid" in lists
    assert _styles(lists) <= SANITISER_KEEPS, _styles(lists) - SANITISER_KEEPS
    assert _styles(tree) <= SANITISER_KEEPS, _styles(tree) - SANITISER_KEEPS
