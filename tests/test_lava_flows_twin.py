"""Differential tests: the library's Lava Flows against an independent oracle.

``tests/reference/lava_flows_ref.py`` implements the rules from ``rules/lava-flows.md``
alone (without reading ``tabletop/games/lava_flows``); ``tests/reference/lava_flows_twin.py``
plays the two side by side. Seeded random games compare, at every ply, the player to move,
the legal actions (arrangements, moves, slides, Bubble Up claims, Oreo announcements), the
board as the full state, each player's view and the audience's view write it (what a view
must show and must not: hiding places, Mediums covered in play, ``memory=True``'s unknowns),
the Oreos the state and each view report, the lock, the Cinder Cones, the scores, every
announcement's verdict and kind, then the end and the winners. Each option is played.

Set ``TABLETOP_TWIN_GAMES`` (e.g. ``2000``) to play more games per option set.
"""

from __future__ import annotations

import os

import pytest
from reference.lava_flows_ref import Reference
from reference.lava_flows_twin import compare

import tabletop

GAMES = int(os.environ.get("TABLETOP_TWIN_GAMES", "6"))

OPTIONS = [
    {},
    {"slide": "empty"},
    {"oreo": "top"},
    {"memory": True},
    {"slide": "empty", "oreo": "top", "memory": True},
    {"ply_cap": 9},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(
    f"{k}={v}" for k, v in o.items()) or "defaults")
def test_random_games_agree_with_the_oracle(options: dict) -> None:
    found = [line for seed in range(GAMES) for line in compare(seed, **options)]
    assert not found, "\n".join(found[:5])


def test_the_oracle_plays_the_spec_examples() -> None:
    """The oracle itself on the spec's plainest cases (so a wrong oracle fails here)."""
    ref = Reference(first=0)
    assert len(ref.legal()) == 6 and ref.to_move == 0
    ref.apply("arrange black a1 white b1")
    ref.apply("arrange black a3 white c3")
    assert ref.board()["b2"] == "w b"  # the first player's Medium at the bottom
    assert ref.board(1)["a1"] == "[?:W] W" and ref.board(0)["a1"] == "[b:W] W"
    assert ref.board(0)["c1"] == "[-:W] W" and ref.board(1)["c1"] == "[?:W] W"
    assert "bubble c1 claim nothing" in ref.legal()  # a hiding place counts as a piece
    assert "bubble b2" in ref.legal() and "slide b2-a2" not in ref.legal()  # not onto empty
    ref.apply("bubble c1 claim nothing")  # right: the place is revealed, the lock set
    assert ref.board(1)["c1"] == "W" and ref.lock == 2 and ref.claims[-1][1:] == (True, "sure")
    assert not [a for a in ref.legal() if a.startswith("bubble c1")]  # locked, and lone
    ref.apply("move a3-a2")  # Black's Large leaves its black Medium in view
    assert ref.board(0)["a3"] == "b" and ref.board()["a2"] == "B"


def test_a_forgetful_player_is_offered_no_announcement_the_count_rules_out() -> None:
    """``memory=True``: five Mediums are out of view and five are covered in play, so Black's
    hiding place in b2 is empty (I23: what the board tells stays known). ``b2@2`` is then the
    covered black Medium between the white one and the white Large, never a Medium in that
    place: ``b2@2 bwb`` cannot be right and is not offered (I15). The library offered it,
    drawing the place's contents without counting the Mediums covered elsewhere."""
    cells = {"a3": "(w) B", "b2": "(w) (b) W [-:B] B", "c3": "(b) B", "a1": "(b) W",
             "c1": "w", "c2": "W"}
    state = tabletop.load("lava-flows", memory=True).position(cells, to_move=1)
    ejects = {str(a) for a in state.legal_actions() if str(a).startswith("eject")}
    assert ejects == {f"eject b2@{d} {to} claim {c}" for d, c in ((1, "bwb"), (2, "wbw"))
                      for to in ("a2", "b1", "b3", "c2")}
    assert {str(o) for o in state.view(1).oreos()} == {"b2@1 bwb (possible)",
                                                      "b2@2 wbw (possible)"}
    assert ejects == {str(a) for a in state.view(1).legal_actions()
                      if str(a).startswith("eject")}


def test_a_forgetful_player_counts_the_other_hiding_places_too() -> None:
    """Two white and two black Mediums are out of view; White's three hiding places hold one
    of each (one white). Two covered whites in b3 would make three: no ``b3@2 wbw``."""
    cells = {"a1": "[b:W] W", "b1": "[w:W] W", "c1": "[-:W] W", "a3": "b",
             "b3": "(w) B (b) B", "c3": "[-:B] B", "b2": "w"}
    state = tabletop.load("lava-flows", memory=True).position(cells, to_move=0)
    ejects = {str(a) for a in state.legal_actions() if str(a).startswith("eject")}
    assert not [a for a in ejects if "b3@2" in a]
    assert ejects == {f"eject b3@1 {to} claim bwb" for to in ("a3", "b2", "c3")}


class LockAfterAnyClaim(Reference):
    """A wrong oracle: a wrong Bubble Up claim locks its cell too."""

    def bubble(self, i: int, claim: str | None, action: str, p: int) -> int | None:
        super().bubble(i, claim, action, p)
        return i


class LonePlacesDoNotBubble(Reference):
    """A wrong oracle: a hiding place does not count as a piece for Bubble Up."""

    def legal(self) -> list[str]:
        return [a for a in super().legal() if not (
            a.startswith("bubble") and [e[0] for e in self.cells[
                "abc".index(a[7]) + 3 * (int(a[8]) - 1)]] == ["-", "L"])]


@pytest.mark.parametrize("wrong", [LockAfterAnyClaim, LonePlacesDoNotBubble])
def test_a_wrong_oracle_is_caught(wrong: type[Reference]) -> None:
    """The comparison can fail: one rule changed in the oracle shows up within a few games."""
    assert any(compare(seed, oracle=wrong, view_every=0, stop=0) for seed in range(4))
