"""Model-based stateful tests: ``Timeline`` (and a ``copy.copy`` of it, and its reader)
against ``HistoryModel`` for every game, including the ``cursor`` setter that moves without
changing where "forward" leads."""

from __future__ import annotations

import copy

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from timeline_model import HistoryModel

import tabletop
from tabletop.core.timeline import Timeline, TimelineReader


class TimelineMachine(RuleBasedStateMachine):
    game_name = "lascaux"

    @initialize(seed=st.integers(0, 3))
    def open(self, seed: int) -> None:
        self.timeline = Timeline(tabletop.load(self.game_name).new(seed=seed))
        self.model = HistoryModel()
        self.twins: list[tuple[Timeline, HistoryModel]] = []

    @precondition(lambda self: not self.timeline.state.is_terminal)
    @rule(pick=st.integers(0, 2), as_text=st.booleans())
    def play(self, pick: int, as_text: bool) -> None:
        legal = list(self.timeline.state.legal_actions())
        action = legal[pick % len(legal)]
        after = self.timeline.play(str(action) if as_text else action)
        self.model.play(str(action))
        assert after is self.timeline.state

    @rule()
    def back(self) -> None:
        self.timeline.back()
        self.model.back()

    @rule()
    def forward(self) -> None:
        self.timeline.forward()
        self.model.forward()

    @rule()
    def start(self) -> None:
        self.timeline.start()
        self.model.start()

    @rule()
    def end(self) -> None:
        self.timeline.end()
        self.model.end()

    @rule(pick=st.integers(0, 200))
    def goto(self, pick: int) -> None:
        node = pick % len(self.model)
        self.timeline.goto(node)
        self.model.goto(node)

    @rule(pick=st.integers(0, 200))
    def set_cursor(self, pick: int) -> None:
        node = pick % len(self.model)
        self.timeline.cursor = node
        self.model.cursor = node  # ("forward" still leads where it did)

    @rule()
    def refuse_a_missing_node(self) -> None:
        with pytest.raises(KeyError):
            self.timeline.goto(len(self.model))
        with pytest.raises(KeyError):
            self.timeline.cursor = len(self.model) + 5

    @rule()
    def twin(self) -> None:
        """A copy made here stays as it is while the original steps on: checked against a
        copy of the model."""
        self.twins.append((copy.copy(self.timeline), copy.deepcopy(self.model)))

    @invariant()
    def agrees(self) -> None:
        pairs = [(self.timeline, self.model), *getattr(self, "twins", [])]
        for timeline, m in pairs:
            reader = TimelineReader(timeline)
            assert timeline.cursor == reader.cursor == m.cursor
            assert [str(a) for a in timeline.state.history] == m.moves_to(m.cursor)
            assert timeline.line() == reader.line() == m.line()
            assert sorted(timeline.leaves()) == m.leaves()
            assert len(timeline) == len(m)
            for node in range(len(m)):
                assert timeline.parent(node) == m.parent[node]
                assert timeline.path_to(node) == m.path_to(node)
                assert timeline.graph.nodes[node]["ply"] == m.depth(node)
            for node, parent in enumerate(m.parent):
                if parent is not None:
                    assert timeline.graph.edges[parent, node]["notation"] == m.move[node]


@pytest.mark.parametrize("game", tabletop.games())
def test_timeline_agrees_with_the_model(game):
    machine = type(f"TimelineMachine_{game}", (TimelineMachine,), {"game_name": game})
    machine.TestCase.settings = settings(max_examples=25, stateful_step_count=30,
                                         deadline=None)
    machine.TestCase().runTest()
