"""An OpenSpiel observer reads the states of the game that made it, and no other.

``game.make_py_observer()`` of one tabletop game, handed a state of another game (or of the
same game with another player count or options), wrote that state's observation into its
own array: numpy's "could not broadcast input array from shape (268,) into shape (77,12)",
or, where the shapes happen to agree (Landlock with 2 and with 4 players: both
(58, 11, 11)), silently the other game's numbers; ``string_from`` answered the other game's
text. Now both are refused with a ``ValueError`` naming what differs. Skips without
OpenSpiel, unless ``CI`` is ``"true"``."""

import os

import numpy as np
import pytest

if os.environ.get("CI") == "true":
    import pyspiel
else:
    pyspiel = pytest.importorskip(
        "pyspiel", reason='OpenSpiel is an optional extra: pip install "tabletop[openspiel]"')

import tabletop
from tabletop.adapters.openspiel import TabletopObserver, load_game
from tabletop.core.registry import game_class

#: Each game at its fewest and most players, and one with an option changed.
SETTINGS = [(name, {"players": n}) for name in tabletop.games()
            for n in sorted({min(game_class(name).player_counts),
                             max(game_class(name).player_counts)})]
SETTINGS.append(("lava-flows", {"memory": True}))


def _played(game):
    """A state of ``game`` past the seed and one move."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[0])
    return state


@pytest.fixture(scope="module")
def games():
    return [load_game(name, **options) for name, options in SETTINGS]


@pytest.mark.parametrize("recall", [False, True])
def test_an_observer_refuses_a_state_of_another_setting(games, recall):
    kind = pyspiel.IIGObservationType(perfect_recall=recall)
    refused = 0
    for mine in games:
        observer = mine.make_py_observer(kind)
        for other in games:
            if other is mine:
                continue
            state = _played(other)
            before = observer.tensor.copy()
            for read in (observer.set_from, observer.string_from):
                with pytest.raises(ValueError, match=r"observer read a state of another game "
                                                     r"\((game|players|option '\w+') differ"):
                    read(state, 0)
                refused += 1
            assert np.array_equal(observer.tensor, before)  # nothing half-written
        own = _played(mine)
        observer.set_from(own, 0)
        assert np.array_equal(observer.dict["observation"],
                              own.tabletop.view(0).observation())
        assert observer.string_from(own, 0)
    assert refused == 2 * len(games) * (len(games) - 1)


def test_an_observer_made_by_hand_refuses_an_observation_of_another_shape():
    lacuna, lascaux = load_game("lacuna"), load_game("lascaux")
    observer = TabletopObserver(lacuna.tabletop.observation_shape, False)
    with pytest.raises(ValueError, match=r"shape \(77, 12\), not lascaux's \(268,\)"):
        observer.set_from(_played(lascaux), 0)
    observer.set_from(_played(lacuna), 0)  # its own game's, as before


def test_the_chance_node_of_another_game_is_refused_too():
    observer = load_game("lacuna").make_py_observer()
    with pytest.raises(ValueError, match="game differs"):
        observer.set_from(load_game("landlock").new_initial_state(), 0)
