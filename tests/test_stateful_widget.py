"""Model-based stateful tests: the game widget (no browser) against ``HistoryModel``.

Hypothesis drives a ``GameWidget`` of every game through moves, steps, jumps, the slider and
the branch picker, bot moves, seat changes, saving and loading records (good and bad), and
after every step compares it with a small reference model (``tests/timeline_model.py``):
the node on show, the line, every branch end, the widget's controls and labels, the log,
and the record it would save.
"""

from __future__ import annotations

import json
import os
import re

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from timeline_model import HistoryModel

import tabletop
from tabletop.core.errors import InvalidRecord
from tabletop.widgets import GameWidget

BOT = 1  # the seat a seeded random bot may take
#: Games (and options) whose records the widget opens: other player counts too.
OTHERS = [(name, {}) for name in tabletop.games()] + [
    ("lascaux", {"players": 4}), ("landlock", {"players": 4}), ("lascaux", {"players": 5})]


def notations(state) -> list[str]:
    return [str(a) for a in state.history]


class WidgetMachine(RuleBasedStateMachine):
    game_name = "lascaux"

    def __init__(self) -> None:
        super().__init__()
        self.widget: GameWidget | None = None
        self.model = HistoryModel()

    @initialize(seed=st.integers(0, 3), bot=st.booleans())
    def open(self, seed: int, bot: bool) -> None:
        root = tabletop.load(self.game_name).new(seed=seed)
        self.root = root
        self.widget = GameWidget(root, bots={BOT: "random"} if bot else None, seed=seed,
                                 agent_delay=0, panel_delay=0, start_bots=False)
        self.model = HistoryModel()

    def teardown(self) -> None:
        if self.widget is not None:
            self.widget.close()

    # --- helpers ----------------------------------------------------------------------------
    @property
    def s(self):
        return self.widget.session

    def absorb(self, settled: bool = True) -> None:
        """Take in the bots' replies the widget made after a move: each a move on from the
        model's cursor, by a bot seat, and (``settled``) none left to make once they stop."""
        shown = notations(self.widget.state)
        mine = self.model.moves_to(self.model.cursor)
        assert shown[:len(mine)] == mine, (shown, mine)
        for notation in shown[len(mine):]:
            actor = self.widget.timeline.nodes[self.model.cursor]["state"].current_player
            assert self.s.seats[actor] is not None, f"{notation} was played for a human seat"
            self.model.play(notation)
        state = self.widget.state
        if settled:
            assert state.is_terminal or self.s.seats[state.current_player] is None

    # --- rules --------------------------------------------------------------------------------
    @precondition(lambda self: not self.widget.state.is_terminal)
    @rule(pick=st.integers(0, 2))
    def play(self, pick: int) -> None:
        self.picking = False
        legal = list(self.widget.state.legal_actions())
        action = legal[pick % len(legal)]
        played = self.widget.play(str(action))
        assert str(played) == str(action)
        self.model.play(str(action))
        self.absorb()

    @precondition(lambda self: not self.widget.state.is_terminal)
    @rule()
    def agent_move(self) -> None:
        if self.s.agent_to_move() is None:
            return  # a human seat's agent is an unseeded random one: not replayable
        self.picking = False
        played = self.widget.agent_move()
        assert played is not None, self.widget.message
        self.model.play(str(played))
        self.absorb()

    @rule(pick=st.integers(0, 50))
    def choose(self, pick: int) -> None:
        """Pick a target the input offers (on the board or a button), as a click does."""
        inp = self.s.input
        targets = [] if inp is None else list(inp.next_targets())
        before = self.widget.node
        if not targets:
            assert self.widget.choose(("nothing",)) is None
            assert self.widget.node == before
            return
        played = self.widget.choose(targets[pick % len(targets)])
        if played is None:
            assert self.widget.node == before and self.s.input is inp
            self.picking = bool(inp.selection)
            return
        self.model.play(str(played))
        self.absorb()

    @rule()
    def back(self) -> None:
        self.picking = False
        self.widget.back()
        self.model.back()

    @rule()
    def forward(self) -> None:
        self.picking = False
        self.widget.forward()
        self.model.forward()

    @rule()
    def start(self) -> None:
        self.picking = False
        self.widget.start()
        self.model.start()

    @rule()
    def end(self) -> None:
        self.picking = False
        self.widget.end()
        self.model.end()

    @rule(pick=st.integers(0, 200))
    def goto(self, pick: int) -> None:
        self.picking = False
        node = pick % len(self.model)
        self.widget.goto(node)
        self.model.goto(node)

    @rule(pick=st.integers(0, 200))
    def slide(self, pick: int) -> None:
        picking, self.picking = getattr(self, "picking", False), False
        line = self.model.line()
        index = pick % len(line)
        self.widget.slider.value = index  # as the page's slider does
        if line[index] != self.model.cursor:
            self.model.goto(line[index])
        else:
            self.picking = picking

    @rule(pick=st.integers(0, 200))
    def pick_branch(self, pick: int) -> None:
        picking, self.picking = getattr(self, "picking", False), False
        leaves = self.model.leaves()
        leaf = leaves[pick % len(leaves)]
        self.widget.branch_picker.value = leaf  # as the page's dropdown does
        if leaf != self.model.line()[-1]:
            self.model.goto(leaf)
        else:
            self.picking = picking

    @rule(kind=st.sampled_from(["human", "random", "mcts"]))
    def seat(self, kind: str) -> None:
        self.picking = False
        spec = ("mcts", {"iterations": 6}) if kind == "mcts" else kind
        self.widget.set_seat(BOT, spec)
        self.absorb()

    @rule(view=st.one_of(st.none(), st.integers(0, 3)))
    def view(self, view: int | None) -> None:
        if view is not None:
            view %= self.s.game.players
        self.widget.view = view

    @rule(on=st.booleans())
    def hot_seat(self, on: bool) -> None:
        self.widget.hot_seat = on
        self.absorb(settled=False)  # (no change, no bot moves)

    @rule()
    def confirm(self) -> None:
        self.widget.confirm()

    @rule(ply=st.one_of(st.none(), st.integers(0, 200)), text=st.booleans(),
          full=st.booleans())
    def save_and_load(self, ply: int | None, text: bool, full: bool) -> None:
        self.picking = False
        record = self.widget.save(full)
        moves = record["actions"]
        if ply is not None:
            ply %= len(moves) + 1
        self.widget.load(json.dumps(record) if text else record, ply)
        # the record keeps the other lines too ("branches"): the same tree comes back
        self.model = HistoryModel.from_record(record, record["ply"] if ply is None else ply)
        again = self.widget.save(full)
        if not full:  # what a viewer may see of the thinking depends on the ply on show
            again.pop("thinking", None)
            record.pop("thinking", None)
        assert dict(again, ply=record["ply"]) == record
        assert again["ply"] == (record["ply"] if ply is None else ply)

    @rule(other=st.sampled_from(OTHERS), plies=st.integers(0, 6), seed=st.integers(0, 3))
    def load_other_game(self, other: tuple[str, dict], plies: int, seed: int) -> None:
        self.picking = False
        other, options = other
        state = tabletop.load(other, **options).new(seed=seed)
        for _ in range(plies):
            if state.is_terminal:
                break
            state = state.apply(list(state.legal_actions())[0])
        self.widget.load(state.to_record())
        self.game_name = other
        self.model = HistoryModel.from_line(notations(state), len(state.history))

    @rule(cut=st.integers(1, 3))
    def load_bad_record(self, cut: int) -> None:
        record = self.widget.save()
        bad = dict(record, ply=len(record["actions"]) + cut)
        before = (self.widget.node, len(self.widget.timeline), self.s.line())
        with pytest.raises(InvalidRecord):
            self.widget.load(bad)
        assert (self.widget.node, len(self.widget.timeline), self.s.line()) == before

    # --- what must agree ----------------------------------------------------------------------
    @invariant()
    def same_history(self) -> None:
        if self.widget is None:
            return
        m, w = self.model, self.widget
        assert w.node == m.cursor
        assert notations(w.state) == m.moves_to(m.cursor)
        assert w.state is self.s.state
        assert w.navigator.line() == m.line()
        assert sorted(w.navigator.leaves()) == m.leaves()
        assert len(w.navigator) == len(m) == len(w.timeline)
        assert self.s.ply() == m.depth(m.cursor)
        assert repr(w) == (f"<GameWidget {self.game_name}: ply {m.depth(m.cursor)}, "
                           f"{len(m)} state{'' if len(m) == 1 else 's'}>")

    @invariant()
    def same_controls(self) -> None:
        if self.widget is None:
            return
        m, w = self.model, self.widget
        line = m.line()
        index = line.index(m.cursor)
        assert (w.slider.max, w.slider.value) == (len(line) - 1, index)
        assert w.back_button.disabled == w.first_button.disabled == (index == 0)
        assert w.forward_button.disabled == (index == len(line) - 1)
        assert w.branch_picker.value == line[-1]
        labels = dict((leaf, label) for label, leaf in w.branch_picker.options)
        assert len(set(labels.values())) == len(labels), labels  # told apart
        assert sorted(labels) == m.leaves()
        for leaf, label in labels.items():
            label = re.sub(r" #\d+$", "", label)  # (numbered when two would read alike)
            depth = m.depth(leaf)
            assert label.endswith(f" · {depth} {'ply' if depth == 1 else 'plies'}"), label
            fork = m.fork(leaf)
            if fork is None:
                assert label.startswith("main line"), label
            else:
                assert re.match(rf"ply {fork}: ", label), (label, fork)
        log = self.s.log()
        if self.s.covered():
            assert log is None
        else:
            assert log is not None and len(log) == m.depth(line[-1])

    @invariant()
    def picks_belong_here(self) -> None:
        """Targets picked so far are picked at the node on show: a step or a move forgets
        them."""
        if self.widget is None:
            return
        inp = self.s.input
        if not getattr(self, "picking", False):
            assert inp is None or not inp.selection, inp.selection

    @invariant()
    def controls_fit_the_game(self) -> None:
        """A seat picker per player, a view per player (and the full state, the public
        view)."""
        if self.widget is None:
            return
        w, players = self.widget, self.s.game.players
        assert len(self.s.seats) == players
        assert len(w.seat_pickers) == players
        assert len(w.view_picker.options) == players + 2
        assert w.view is None or 0 <= w.view < players
        for p, picker in enumerate(w.seat_pickers):
            assert picker.value == self.s.seat_label(p)

    @invariant()
    def same_record(self) -> None:
        if self.widget is None:
            return
        m = self.model
        record = self.widget.save()
        assert record["actions"] == m.moves_to(m.line()[-1])
        assert record["ply"] == m.depth(m.cursor)


def test_branches_a_secret_apart_are_told_apart_in_a_seats_view():
    """Lascaux's secret choices and Lava Flows' hidden arrangements: in a seat's view the
    branches' moves read alike ("choose ?"); the picker numbers them, telling no secret."""
    for name in ("lascaux", "lava-flows"):
        widget = GameWidget(tabletop.load(name).new(seed=0), view=1, agent_delay=0,
                            panel_delay=0, start_bots=False)
        actions = list(widget.state.legal_actions())[:3]
        for action in actions:
            widget.start()
            widget.play(str(action))
        labels = [label for label, _ in widget.branch_picker.options]
        assert len(set(labels)) == 3, labels
        assert [label[-2:] for label in labels] == ["#1", "#2", "#3"]
        assert not any(str(a) in label for a in actions for label in labels)
        widget.view = None  # the full state tells the moves: no numbers needed
        assert not any("#" in label for label, _ in widget.branch_picker.options)
        widget.close()


#: ``SM_EXAMPLES=120 SM_STEPS=50`` searches longer (without shrinking, to report sooner).
SETTINGS = settings(phases=[Phase.explicit, Phase.generate] if "SM_EXAMPLES" in os.environ
                    else list(Phase),
                    max_examples=int(os.environ.get("SM_EXAMPLES", 25)),
                    stateful_step_count=int(os.environ.get("SM_STEPS", 30)), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@pytest.mark.parametrize("game", tabletop.games())
def test_widget_agrees_with_the_model(game):
    machine = type(f"WidgetMachine_{game}", (WidgetMachine,), {"game_name": game})
    machine.TestCase.settings = SETTINGS
    machine.TestCase().runTest()
