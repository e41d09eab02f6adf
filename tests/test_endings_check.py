"""``check_endings``: the doors of a finished game agree (round 56, the endgame angle).

Every game passes it at each player count; each broken toy is caught by it, for the
reason it was built to show."""

import pytest

import tabletop
from tabletop.core.registry import game_class
from tabletop.core.testing import ConformanceError, check_endings

CASES = [(name, n) for name in tabletop.games() for n in game_class(name).player_counts]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_every_game_ends_alike_through_every_door(name, players):
    check_endings(tabletop.load(name, players=players), seeds=range(4))


def test_the_sound_toy_passes(registered):
    from toygame import SecretNim

    check_endings(registered(SecretNim), seeds=range(6))


@pytest.mark.parametrize(("broken", "message"), [
    ("SharedWinNim", r"the end, ply \d+\): winners \(0, 1\) name every player: a game "
                     r"every player wins is a draw"),
    ("BackwardsReturnsNim", r"returns\(\) \(.*\) do not rank the winners \(\d,\) above"),
    ("BlindViewNim", r"view \d: the view's winners \(\) are not the state's \(\d,\)"),
])
def test_each_broken_endings_toy_is_caught(registered, broken, message):
    import broken_endings

    with pytest.raises(ConformanceError, match=message):
        check_endings(registered(getattr(broken_endings, broken)), seeds=range(6))
