"""Texts every game gets right: typed text read alike (``check_illegal_text``: ``parse_action``
gives a legal action or raises ``IllegalAction`` quoting the text and saying what is legal),
and counts that agree with their nouns (``check_number_agreement``: no "1 tiles")."""

import pytest
from toygame import SecretNim

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.testing import ConformanceError
from tabletop.core.testing.agreement import check_number_agreement, disagreements
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


@pytest.mark.parametrize("name", tabletop.games())
def test_every_games_counts_agree_with_their_nouns(name):
    game = tabletop.load(name)
    for players in game.player_counts:
        check_number_agreement(tabletop.load(name, players=players), seeds=range(3))


def test_a_toy_whose_counts_agree_passes(registered):
    from broken_texts import CountingNim

    check_number_agreement(registered(CountingNim), seeds=range(3), every=1)


@pytest.mark.parametrize("broken, message", [
    ("MiscountingTextNim", r"the state's picture's title says '1 counters'"),
    ("SingularNim", r"the click hint in the state says '\d+ counter'"),
])
def test_each_miscounting_toy_is_caught(registered, broken, message):
    import broken_texts

    with pytest.raises(ConformanceError, match=message):
        check_number_agreement(registered(getattr(broken_texts, broken)), seeds=range(3),
                               every=1)


@pytest.mark.parametrize("text, wrong", [
    ("pile 1 tiles (order hidden)", ["1 tiles"]),
    ("choose pink: 2 table card(s) show it", ["2 table card"]),
    ("Marcel: 0 horse", ["0 horse"]),
    ("b2 holds only 1 pieces, all in view", ["1 pieces"]),
    ("1 flower centres instead of 48", ["1 flower centres"]),
    ("ply 4 · 198 plies to a draw · 1 ply left · 1 pass · 3 bonus", []),
    ("flower 1 was collected; Gold 1 left; 0 deer, 2 aurochs; place 0-1 @1/2", []),
])
def test_disagreements_are_read_precisely(text, wrong):
    assert disagreements(text) == wrong


def test_the_lascaux_and_lava_flows_texts_that_miscounted_now_agree():
    lascaux = tabletop.load("lascaux").new(seed=0)
    titles = [shape.title for shape in lascaux.scene().shapes if shape.title]
    assert any(t.endswith("table card shows it") or t.endswith("table cards show it")
               for t in titles) and not any("card(s)" in t for t in titles)
    assert any(": 0 horses" in t for t in titles) and not any(": 0 horse" == t[-9:]
                                                             for t in titles)


def test_the_arena_and_the_teaching_helpers_count_one_game_as_one_game():
    """Counts outside the games agree with their nouns too: "1 game", never "1 games"."""
    from tabletop.arena import arena
    from tabletop.teaching.winrate import WinRate

    result = arena("lava-flows", ["random", "random"], games=1, seed=0)
    for text in (str(result), repr(result), result._repr_html_()):
        assert "1 game" in text and "1 games" not in text, text
    assert str(WinRate(wins=1, games=1)).startswith("100% of 1 game:")
    assert "of 2 games" in str(WinRate(wins=1, games=2))


def test_a_negative_zero_in_a_text_is_caught(registered):
    """A value just below zero printed to fixed places keeps its sign ("-0.000")."""
    from broken_texts import LeaningNim, SettledLeaningNim

    from tabletop.core.testing.zeros import check_signed_zeros

    check_signed_zeros(registered(SettledLeaningNim), seeds=range(4), every=1)
    with pytest.raises(ConformanceError, match=r"the state's picture's title writes a "
                                               r"negative zero '-0\.000': 'lean -0\.000'"):
        check_signed_zeros(registered(LeaningNim), seeds=range(4), every=1)


@pytest.mark.parametrize("name", tabletop.games())
def test_no_game_writes_a_negative_zero(name):
    from tabletop.core.testing.zeros import check_signed_zeros

    check_signed_zeros(tabletop.load(name), seeds=range(2))


def test_a_lacuna_pawn_just_left_of_the_centre_line_reads_0():
    """Seed 2's ``place 0-22 @0.007`` stands 28 fine units (2.7e-6 mat units) left of the
    centre: the text said its pawn was at "(-0.00000,0.88948)"."""
    from tabletop.core.testing.zeros import negative_zeros

    state = tabletop.load("lacuna").new(seed=2).apply("aside red").apply("place 0-22 @0.007")
    assert state.pawns[0][0] == -28
    text = str(state)
    assert "Gold: pawns (0.00000,0.88948)" in text and not negative_zeros(text)
