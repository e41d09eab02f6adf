"""The core's shape for a game package: a shared ``@position``, ``evolve``, and parts found
by declaration (``Game.renderer``, ``Game.clicks``)."""

import dataclasses

import pytest
from toygame import SecretNim

import tabletop
from tabletop.core.game import Game, Position, State
from tabletop.core.parts import part
from tabletop.core.position import evolve, position
from tabletop.core.testing.common import random_states

GAMES = tabletop.games()



@pytest.mark.parametrize("name", GAMES)
def test_evolve_builds_what_the_dataclass_builds(name):
    game = tabletop.load(name)
    for _, state in random_states(game, seeds=range(2), every=7):
        copy = evolve(state)
        assert copy == state and hash(copy) == hash(state)
        assert copy._cache == {} and copy.seed is None and copy.history == ()
        init = {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.init}
        assert type(state)(**init) == copy
        view = state.view(0)
        assert evolve(view) == view and type(evolve(view)) is type(view)


def test_evolve_changes_fields_and_shares_the_rest():
    s = tabletop.load("lascaux").new(seed=1)
    t = evolve(s, pot=3)
    assert t.pot == 3 and s.pot == 0 and t.table is s.table
    assert t == dataclasses.replace(s, pot=3)
    with pytest.raises(TypeError, match="LascauxState has no field 'pots'"):
        evolve(s, pots=3)


def test_position_fields_are_declared_once_and_stay_slotted():
    @position
    class Pile(Position):
        counters: int

    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class PileState(Pile, State):
        secret: int

    class PileGame(SecretNim):  # a state holds a game of its own kind (``core.derived``)
        state_class = PileState

    s = PileState(game=PileGame(), counters=3, secret=1)
    assert not hasattr(s, "__dict__") and "counters" in PileState.__slots__
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.counters = 4  # type: ignore[misc]


def test_a_position_must_be_a_position():
    with pytest.raises(TypeError, match="should subclass tabletop.core.game.Position"):
        position(type("Loose", (), {}))


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_its_parts(name):
    game = tabletop.load(name)
    cls = type(game)
    assert cls.renderer and cls.clicks
    assert game.input_class is part(cls, "clicks") is cls.input_class
    assert callable(part(cls, "renderer"))
    assert "draw" not in vars(cls), "the core draws through the declared renderer"


def test_a_bad_declaration_says_what_is_wrong():
    class Broken(Game):
        name = "broken-parts"
        renderer = "render_nowhere:draw"
        clicks = "no colon"

    with pytest.raises(TypeError, match=r"Broken.clicks should read 'module:name'"):
        _ = Broken.input_class
    with pytest.raises(TypeError, match=r"Broken.renderer = 'render_nowhere:draw'"):
        Broken().draw(SecretNim().new(seed=1))
    with pytest.raises(TypeError, match=r"Broken.renderer = 'render_nowhere:draw': no draw"):
        part(Broken, "renderer")


def test_a_game_without_a_renderer_says_so():
    class Bare(Game):
        name = "bare"

    with pytest.raises(NotImplementedError, match="bare has no renderer"):
        Bare().draw(None)  # type: ignore[arg-type]
