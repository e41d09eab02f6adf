"""The twins' shared stepping (``tests/reference/lockstep.py``) on a counting toy: it yields
every ply, applies the oracle's spelling of a common action to both sides, stops at the end,
at ``stop`` disagreements, and reports a ply where no action is common."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from reference.lockstep import lockstep


@dataclass(frozen=True)
class Count:
    """A library side: counts up to ``end`` by the actions ``"+1"`` and ``"+2"``."""

    value: int = 0
    end: int = 5
    history: tuple[str, ...] = ()
    offered: tuple[str, ...] = ("+1", "+2")

    @property
    def is_terminal(self) -> bool:
        return self.value >= self.end

    def legal_actions(self) -> list[str]:
        return [] if self.is_terminal else list(self.offered)

    def apply(self, action: str) -> Count:
        return Count(self.value + int(action), self.end, (*self.history, action), self.offered)


@dataclass
class Oracle:
    """An oracle side that spells its actions ``" +1"`` (a key strips the space)."""

    value: int = 0
    end: int = 5
    offered: tuple[str, ...] = (" +1", " +2")
    applied: list[str] = field(default_factory=list)

    @property
    def terminal(self) -> bool:
        return self.value >= self.end

    def legal(self) -> list[str]:
        return [] if self.terminal else list(self.offered)

    def apply(self, action: str) -> None:
        self.applied.append(action)
        self.value += int(action)


def test_both_sides_step_together_to_the_end_with_the_oracles_spelling() -> None:
    ref, found, seen = Oracle(), [], []
    for state, legal in lockstep(Count(), ref, random.Random(1), found, stop=0, label="toy",
                                 key=str.strip):
        assert state.value == ref.value
        seen.append((state.value, legal))
    assert found == []
    assert state.is_terminal and ref.terminal
    assert list(state.history) == ref.applied  # the oracle's " +1", accepted by int()
    assert seen[-1] == (state.value, [])
    assert len(seen) == len(ref.applied) + 1


def test_it_stops_after_stop_disagreements() -> None:
    found: list[str] = []
    plies = 0
    for _state, _legal in lockstep(Count(end=50), Oracle(end=50), random.Random(2), found,
                                   stop=1, label="toy", key=str.strip):
        plies += 1
        found.append("a disagreement")
    assert plies == 2 and found == ["a disagreement"] * 2


def test_a_ply_without_a_common_action_is_reported() -> None:
    found: list[str] = []
    states = [s for s, _ in lockstep(Count(offered=("+1",)), Oracle(offered=("+2",)),
                                     random.Random(3), found, stop=5, label="seed 3")]
    assert len(states) == 1
    assert found == ["seed 3 ply 0: no common action"]


def test_choose_picks_among_the_sorted_common_names() -> None:
    offers: list[list[str]] = []

    def last(common: list[str], rng: random.Random) -> str:
        offers.append(common)
        return common[-1]

    ref = Oracle(offered=("+1", "+2", "+3"))
    for _ in lockstep(Count(offered=("+2", "+1")), ref, random.Random(4), [], stop=0,
                      label="toy", choose=last):
        pass
    assert offers[0] == ["+1", "+2"]
    assert ref.applied == ["+2", "+2", "+2"]
