"""Broken toys for ``check_search_trees``: agents whose analyses misread their own search.

* ``ContraryAgent`` plays the least visited move while its statistics show another best;
* ``RestlessAgent`` ignores its seed, so the same search gives another tree;
* ``LeakyAgent``'s tree shows another player's secret move as the guess it sampled, as if
  the searcher knew it;
* ``OneSampleAgent``'s tree says who is to move at a node from one sampled state, where the
  states sampled there disagree (the old ``to_graph``).
"""

from __future__ import annotations

import dataclasses
import random

from toygame import Bonus

from tabletop.agents import MCTSAgent
from tabletop.agents.analysis import Analysis


class ContraryAgent(MCTSAgent):
    """Chooses the least visited candidate."""

    def analyse(self, view):
        analysis = super().analyse(view)
        worst = analysis.candidates[-1].action
        return dataclasses.replace(analysis, choice=worst)


class RestlessAgent(MCTSAgent):
    """Draws from a generator seeded afresh by the system each search."""

    def analyse(self, view):
        self.rng = random.Random()
        return super().analyse(view)


class LeakyAnalysis(Analysis):
    __slots__ = ()

    def to_graph(self, max_depth=None, min_visits=1):
        graph = super().to_graph(max_depth, min_visits)
        for _, child, data in graph.edges(data=True):
            if data["action"] is None:  # hidden: shown as the sampled move, as if known
                sampled = Bonus(graph.nodes[child]["state"].bonus[data["actor"]])
                data["action"], data["notation"] = sampled, str(sampled)
        return graph


class OneSampleAnalysis(Analysis):
    __slots__ = ()

    def to_graph(self, max_depth=None, min_visits=1):
        graph = super().to_graph(max_depth, min_visits)
        for _, data in graph.nodes(data=True):
            state = data["state"]
            data["chance"] = False
            data["player"] = state.current_player
            data["terminal"] = state.is_terminal
        return graph


def _as(cls, analysis):
    return cls(**{f.name: getattr(analysis, f.name) for f in dataclasses.fields(analysis)})


class LeakyAgent(MCTSAgent):
    def analyse(self, view):
        return _as(LeakyAnalysis, super().analyse(view))


class OneSampleAgent(MCTSAgent):
    def analyse(self, view):
        return _as(OneSampleAnalysis, super().analyse(view))
