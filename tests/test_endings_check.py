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


def _ends(name, players=None, seeds=range(400), setup="decide", **options):
    """``(text, before, end)`` of seeded random games (``random_playout``'s moves)."""
    from tabletop.core.testing import random_playout

    game = tabletop.load(name, players=players, **options)
    for seed in seeds:
        states = list(random_playout(game, seed, setup))
        yield str(states[-1]), states[-2], states[-1]


#: Every kind of end the rules have, reached by random play (seeds searched in order), with
#: how to tell it: (game, players, options, what the end must show).
KINDS = [
    ("lava-flows", 2, {}, lambda text, end: "draw (repetition)" in text),
    ("lava-flows", 2, {"ply_cap": 12}, lambda text, end: "draw (ply cap)" in text),
    ("lava-flows", 2, {}, lambda text, end: end.winners != ()),
    ("lascaux", 3, {}, lambda text, end: "all cards taken" in text),
    ("lascaux", 3, {}, lambda text, end: "three idle rounds" in text),
    ("lascaux", 5, {}, lambda text, end: len(end.winners) == 1),
    ("landlock", 2, {}, lambda text, end: end.winners == ()),
    ("landlock", 4, {}, lambda text, end: len(end.winners) == 2),
    ("landlock", 4, {}, lambda text, end: end.winners == ()),
    ("lacuna", 2, {}, lambda text, end: end.winners != ()),
]


@pytest.mark.parametrize(("name", "players", "options", "kind"), KINDS,
                         ids=[f"{k[0]}-{k[1]}-{i}" for i, k in enumerate(KINDS)])
def test_every_kind_of_end_passes(name, players, options, kind):
    from tabletop.core.testing.endings import check_ending

    for setup in ("decide", "random"):
        for text, before, end in _ends(name, players, setup=setup, **options):
            if kind(text, end):
                check_ending(end, before, f"{name}: {text.splitlines()[0]}")
                return
    pytest.fail(f"no random {name} game of 400 seeds ended so")
