"""Differential tests: the library's Lacuna against an independent oracle.

``tests/reference/lacuna_ref.py`` implements the rules from ``rules/lacuna.md`` and the public
docs alone (without reading ``tabletop/games/lacuna``), in Python integers;
``tests/reference/lacuna_twin.py`` plays the two side by side. Seeded random games compare, at
every ply, the player to move, the legal actions as texts (the set-asides, the sample of I9
with its thinning on short pairs and its "nearest the middle", the free lattices of I8), the
table as the full state, each player's view and the audience's view write it (flowers on the
mat by colour, pawns, collected flowers, the tally; no colours and no pour order in a view
before the set-aside choice), the open pairs, the integer id of each listed action (D6), who
takes each flower by the nearest pawn, the scores, ``is_legal`` of placements off the sample
(any 1/1024 step of any pair, either order; any free tick point), then the end and the
winners. Every option set below is played, from
the seeded start and from built positions: sparse ones (free placements), crowded ones
(cramped lines) and mirrored ones (exact ties at the end). Lacuna has 2 players only.

Set ``TABLETOP_TWIN_GAMES`` (e.g. ``50``) to play more games per option set.
"""

from __future__ import annotations

import json
import math
import os

import pytest
from reference.lacuna_ref import SCALE, Reference, position_text
from reference.lacuna_twin import compare, compare_position

import tabletop

GAMES = int(os.environ.get("TABLETOP_TWIN_GAMES", "1"))

OPTIONS = [
    {},
    {"flower_radius": 0.01, "pawn_radius": 0.01},
    {"flower_radius": 0.02, "pawn_radius": 0.05},
    {"mat_radius": 0.5, "flower_radius": 0.025, "pawn_radius": 0.025},
    {"mat_radius": 2.0},
    {"flower_radius": 0.05, "pawn_radius": 0.05},
]


def _name(options: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"


@pytest.mark.parametrize("options", OPTIONS, ids=_name)
def test_random_games_agree_with_the_oracle(options: dict) -> None:
    found = [line for seed in range(GAMES)
             for line in compare(seed, view_every=4 if GAMES == 1 else 1, **options)]
    assert not found, "\n".join(found[:5])


@pytest.mark.parametrize("kind", ["sparse", "crowded", "mirror"])
@pytest.mark.parametrize("options", [OPTIONS[0], OPTIONS[2], OPTIONS[3]], ids=_name)
def test_built_positions_agree_with_the_oracle(kind: str, options: dict) -> None:
    found = [line for seed in range(GAMES) for line in compare_position(
        seed, kind=kind, view_every=3, probe=2 if kind == "crowded" else 4, **options)]
    assert not found, "\n".join(found[:5])


def test_the_oracle_plays_the_spec_examples() -> None:
    """The oracle itself on the plainest cases (so a wrong oracle fails here)."""
    ref = Reference.built([(-0.5, 0, 0), (0.5, 0, 0), (0, 0, 4), (0, 0.5, 0), (0, 0.031, 1)],
                          [], start=1, aside=None, collected=([], []))
    assert ref.blockers(0, 1) == [2]  # the blue flower sits on the red line
    assert ref.open_pairs() == [(0, 3), (1, 3)] and ref.to_move == 1
    assert not ref.blocks(0, 1, ref.centres[4], ref.rf)  # tangent at 0.031: no block (I3)
    ref.apply("place 0-3 @1/2")
    assert ref.collected == [[], [0, 3]] and ref.claims() == {1: 1, 2: 1, 4: 1}
    assert [position_text(k) for k in (0, 512, 256, 320, 434, 1, 1024)] == [
        "0", "1/2", "1/4", "5/16", "0.424", "0.001", "1"]
    assert all(round(float(position_text(k).split("/")[0]) * SCALE) == k
               for k in range(SCALE + 1) if "/" not in position_text(k))


def test_a_position_a_game_reaches_can_be_built() -> None:
    """With pawns larger than flowers a pawn on a line may stand at a flower by the rim,
    past ``mat_radius - pawn_radius`` (the rules ask only that its centre be on the line,
    I7); ``game.position`` refused such a pawn as off the mat, though its docstring promises
    the pieces may stand where a game puts them. Each reached position rebuilds now."""
    game = tabletop.load("lacuna", flower_radius=0.02, pawn_radius=0.05)
    state = game.new(seed=0, setup="random")
    far = max(range(48), key=lambda f: math.hypot(*state.flower_xy(f)))
    move = next(a for a in state.legal_actions() if (a.a, a.k) == (far, 0)
                or (a.b, a.k) == (far, SCALE))
    after = state.apply(move)
    x, y = after.pawn_xy(0)
    assert math.hypot(x, y) > 1 - 0.05  # past where a free placement may stand
    flowers = [(*state.flower_xy(f), state.colors[f]) for f in range(48)]
    built = game.position(flowers, [(x, y, state.current_player)], start=state.start,
                          aside=after.aside, collected=[
                              [f for f in range(48) if after.owner_of(f) == p] for p in (0, 1)])
    assert built.pawn_xy(0) == (x, y) and built.legal_actions() == after.legal_actions()
    assert tabletop.replay(json.loads(json.dumps(built.to_record()))) == built
    with pytest.raises(ValueError, match=r"pawn 0 at \(0\.9801, 0\) is off the mat \(a "
                                         r"pawn's centre lies within 0\.98 of the centre"):
        game.position(flowers, [(0.9801, 0, 0)])
    default = tabletop.load("lacuna")  # pawns the smaller: wholly on the mat, as before
    with pytest.raises(ValueError, match=r"a pawn lies wholly on it: its centre within 0\.971"):
        default.position([(0, 0, "red")], [(0.9712, 0, 0)])


class NoThinning(Reference):
    """A wrong oracle: every pair offers the five sample positions, short or long."""

    def sample(self, a: int, b: int) -> list[int]:
        return [0, 256, 512, 768, SCALE]


class PawnsDoNotBlock(Reference):
    """A wrong oracle: only flowers block a line."""

    def blockers(self, a: int, b: int) -> list:
        return [f for f in self.on_mat if f not in (a, b)
                and self.blocks(a, b, self.centres[f], self.rf)]


class TiesGoToGold(Reference):
    """A wrong oracle: a flower equally near both players' pawns goes to Gold."""

    def claim(self, f: int) -> int | None:
        mine = super().claim(f)
        return 0 if mine is None and self.pawns else mine


@pytest.mark.parametrize("wrong", [NoThinning, PawnsDoNotBlock])
def test_a_wrong_oracle_is_caught(wrong: type[Reference]) -> None:
    """The comparison can fail: one rule changed in the oracle shows up in a game."""
    assert compare(0, oracle=wrong, view_every=0, stop=0)


def test_a_wrong_tie_rule_is_caught() -> None:
    assert any(compare_position(seed, kind="mirror", oracle=TiesGoToGold, view_every=0,
                                stop=0) for seed in range(3))


def test_a_tie_for_nearest_the_middle_lists_the_smaller_step() -> None:
    """A short red pair (only its middle is sampled) with a blue flower beside the middle:
    the legal stretches near the two ends are equally near the middle, and the list offers
    the one nearer the first flower (I9; the oracle chose the same before reading the
    library, and the docs now say so)."""
    flowers = [(-0.04, 0, "red"), (0.04, 0, "red"), (0, 0.05, "blue")]
    state = tabletop.load("lacuna").position(flowers)
    assert state.stretch(0, 1) == ((0, 87), (937, 1024))
    assert [str(a) for a in state.legal_actions()] == ["place 0-1 @0.085"]  # k = 87
    ref = Reference.built([(x, y, 0 if c == "red" else 4) for x, y, c in flowers], [],
                          start=0, aside=None, collected=([], []))
    assert ref.legal() == ["place 0-1 @0.085"]
