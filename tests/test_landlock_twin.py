"""Differential tests: the library's Landlock against an independent oracle.

``tests/reference/landlock_ref.py`` implements the rules from ``rules/landlock.md`` alone
(without reading ``tabletop/games/landlock``); ``tests/reference/landlock_twin.py`` plays the
two side by side. Seeded random games compare, at every ply, the player to move, the legal
actions, the tile in hand (and whether a bridge removed it), the roles, the map, the board
graphs, the cells a placement may use, the tiles a bridge may replace, the mover's view and
the scores, then at the end the team points, the winners, the islands, ponds, cancelled ones
and facing gnomes. Random full maps built by ``game.position`` compare the final scoring on
many more bridges, enclosures and gnome groups than play reaches.

Set ``TABLETOP_TWIN_GAMES`` (e.g. ``2000``) to play more games per player count, and
``TABLETOP_TWIN_MAPS`` to score more maps.
"""

from __future__ import annotations

import os

import pytest
from reference.landlock_ref import Reference
from reference.landlock_twin import candidates, compare, compare_map

GAMES = int(os.environ.get("TABLETOP_TWIN_GAMES", "8"))
MAPS = int(os.environ.get("TABLETOP_TWIN_MAPS", "120"))


@pytest.mark.parametrize("players", [2, 4])
def test_random_games_agree_with_the_oracle(players: int) -> None:
    found = [line for seed in range(GAMES)
             for line in compare(seed, players, view_every=3)]
    assert not found, "\n".join(found[:10])


@pytest.mark.parametrize("players", [2, 4])
def test_gnomes_scored_when_placed_agree_with_the_oracle(players: int) -> None:
    """The library's ``gnomes="placed"`` option (I11 in docs/rules/landlock.md)."""
    found = [line for seed in range(GAMES // 3 + 1)
             for line in compare(seed, players, gnomes="placed", view_every=0)]
    assert not found, "\n".join(found[:10])


def test_final_scoring_agrees_on_random_full_maps() -> None:
    found = [line for seed in range(MAPS) for line in compare_map(seed)]
    assert not found, "\n".join(found[:5])


def test_final_scoring_agrees_on_maps_with_gnomes_crowded_at_a_vertex() -> None:
    """Two, three or four gnomes meeting at one vertex (random play rarely gets past two)."""
    found = [line for seed in range(MAPS // 2) for line in compare_map(seed, 2 + seed % 3)]
    assert not found, "\n".join(found[:5])


def test_every_spelling_is_accepted_alike() -> None:
    """Synonyms (``r2`` for ``r0``, a tussock's any rotation, a cell alone) and near misses
    are legal in the library exactly when the oracle says so."""
    assert len(candidates()) == 2 + 121 * 6
    found = compare(7, 2, spellings=5, view_every=0)
    assert not found, "\n".join(found[:10])


def test_the_oracle_plays_the_spec_examples() -> None:
    """The oracle itself on the spec's plainest cases (so a wrong oracle fails here)."""
    ref = Reference(players=2, first=1, pile=["T", "P", "B", "S"] + ["P"] * 36)
    assert ref.legal() == ["land", "water"]
    ref.apply("water")  # player 1 is Water; player 0 Land; the tussock is player 1's point
    assert ref.scores() == [0, 1] and ref.hand == "T"
    assert ref.legal() == ["f6 r0", "f6 r1"]  # the first tile's rotation fixes the checkerboard
    ref.apply("f6 r1")
    assert ref.lpar == 1 and ref.to_move == 0 and ref.hand == "P"
    assert ref.legal() == ["e6 r0", "f5 r0", "f7 r0", "g6 r0"]  # one look per cell
    ref.apply("g6 r0")
    assert ref.hand == "B" and ref.bridge_targets() == []  # every tile is on the edge
    assert ref.legal() == ["e6 r0", "f5 r0", "f7 r0", "g5 r1", "g7 r1", "h6 r1"]


def test_the_oracle_scores_lone_enclosed_vertices() -> None:
    ref = Reference(players=2, first=0, pile=[])
    ref.lpar, ref.land_team = 0, 0
    for c in range(6):
        for r in range(6):
            ref.board[(c, r)] = ("P", (c + r) % 2)  # a path in every cell
    # the land bands join every land vertex (four sides: 10); no stream at all, so each of
    # the 12 inner water vertices is a pond of its own (4 each) for Land
    assert ref.final_points() == [10 + 12 * 4, 0]
    ref.board[(2, 2)] = ("B", 0)  # a bridge's water band joins two inner water vertices:
    assert ref.final_points() == [10 + 10 * 4, 0]  # that pond is cancelled


class EdgeBridges(Reference):
    """A wrong oracle: bridges may replace tiles on the edge of the map too."""

    def bridge_targets(self) -> list[tuple[int, int]]:
        facing = self.facing_cells()
        return [cell for cell, (kind, _) in self.board.items()
                if kind not in ("T", "B") and cell not in facing]


class LoneVerticesDoNotCount(Reference):
    """A wrong oracle: an enclosed vertex without a band is no island or pond."""

    @staticmethod
    def components(nodes: set, edges: list) -> list[tuple[set, bool]]:
        return [(members, bridged) for members, bridged in Reference.components(nodes, edges)
                if len(members) > 1]


@pytest.mark.parametrize("wrong", [EdgeBridges, LoneVerticesDoNotCount])
def test_a_wrong_oracle_is_caught(wrong: type[Reference]) -> None:
    """The comparison can fail: one rule changed in the oracle shows up within a few games."""
    assert any(compare(seed, 2, oracle=wrong, view_every=0, stop=0) for seed in range(6))
