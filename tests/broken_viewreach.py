"""Games whose game object keeps a memo filled from full states, so that their views reach
hidden parts (``check_view_reach`` must fail): ``GossipNim``, a Secret Nim keyed by the
bonuses; ``HoldingLavaFlows``, Lava Flows as it was (``game.tables.memos``)."""

from __future__ import annotations

from dataclasses import dataclass

from toygame import NimState, SecretNim

from tabletop.games.lava_flows import tables
from tabletop.games.lava_flows.rules import LavaFlows
from tabletop.games.lava_flows.tables import PlayTables


class GossipNim(SecretNim):
    name = "gossip-nim"
    __slots__ = ("listed",)

    def __init__(self, *args, **options) -> None:
        super().__init__(*args, **options)
        object.__setattr__(self, "listed", {})  # what its states listed, by their bonuses

    def _initial(self, rng):
        return GossipState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                           bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class GossipState(NimState):
    def _legal_actions(self):
        legal = NimState._legal_actions(self)
        self.game.listed[f"bonuses {self.bonus}"] = len(legal)  # the bug: the secret as a key
        return legal


class HoldingLavaFlows(LavaFlows):
    """Lava Flows as it was: its ``tables`` also held the hot loop's memos, which are keyed
    by stacks as full states hold them (White's hidden Mediums)."""

    name = "holding-lava-flows"
    __slots__ = ()

    def __init__(self, *args, **options) -> None:
        super().__init__(*args, **options)
        object.__setattr__(self, "tables", HoldingTables(self.tables))


class HoldingTables(PlayTables):
    __slots__ = ("memos",)

    def __init__(self, play: PlayTables) -> None:
        super().__init__(play.slides, play.own, play.top_only, play.memory, play.onto,
                         play.ply_cap)
        object.__setattr__(self, "memos", tables._CELLS[play.key])
