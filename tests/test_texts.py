"""Typed text read alike by every game (``check_illegal_text``): ``parse_action`` gives a legal
action or raises ``IllegalAction`` quoting the text and saying what is legal."""

import pytest
from toygame import SecretNim

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.illegaltext import check_illegal_text


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_refuses_text_of_an_illegal_action_in_parse_action(name):
    game = tabletop.load(name)
    for players in game.player_counts:
        check_illegal_text(tabletop.load(name, players=players), seeds=range(2))


def test_a_sound_toy_passes(registered):
    check_illegal_text(registered(SecretNim), seeds=range(3))


@pytest.mark.parametrize("broken, message", [
    ("HandingNim", r"parse_action gave Take\(count=\d\), which is not legal here"),
    ("CrashingNim", r"parse_action raised ValueError, not IllegalAction: cannot take"),
    ("TerseNim", r"the refusal does not say what is legal"),
])
def test_each_broken_reading_is_caught(registered, broken, message):
    import broken_texts

    with pytest.raises(ConformanceError, match=message):
        check_illegal_text(registered(getattr(broken_texts, broken)), seeds=range(3))


@pytest.mark.parametrize("name, text", [
    ("landlock", "e6 r1"),  # the first tile goes in the middle
    ("lascaux", "pay"),  # the colours are chosen first
    ("lava-flows", "move a1-b1"),  # the Mediums are arranged first
    ("lacuna", "place 0-1 @1/2"),  # a colour is set aside first
])
def test_parse_action_refuses_well_formed_illegal_text_as_apply_does(name, text):
    state = tabletop.load(name).new(seed=3)
    with pytest.raises(IllegalAction) as parsed:
        state.game.parse_action(state, text)
    with pytest.raises(IllegalAction) as applied:
        state.apply(text)
    assert str(parsed.value) == str(applied.value)
    assert f"'{text}' is not legal here (" in str(parsed.value) and " may play: " in str(
        parsed.value)
