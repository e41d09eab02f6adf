"""Toys whose public view (``state.view("public")``, an audience without a seat) tells
secrets every seat but one's owner is denied (for the secrecy check's public viewer)."""

from __future__ import annotations

from dataclasses import dataclass

from toygame import NimState, NimView, SecretNim


class StageNim(SecretNim):
    """Secret Nim whose public view shows every bonus (its author took the audience for the
    person who may see everything)."""

    name = "stage-nim"

    def _initial(self, rng):
        return StageState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class StageState(NimState):
    def _view(self, player):
        if player < self.game.players:
            return NimState._view(self, player)
        return NimView(game=self.game, player=player, pile=self.pile, first=self.first,
                       bonus=self.bonus, taken_last=self.taken_last, takes=self.takes)


class HeraldNim(SecretNim):
    """Secret Nim whose move log tells the audience each bonus: its ``describe`` redacts a
    bonus only for the players (``viewer < players``), so the public log names it."""

    name = "herald-nim"

    def describe(self, action, actor, viewer):
        if viewer is not None and viewer >= self.players:
            return str(action)  # the bug: the public seat counted as omniscient
        return SecretNim.describe(self, action, actor, viewer)


class SeatsOnlyNim(SecretNim):
    """Secret Nim written for seats only: its view indexes a per-player table with the
    viewer, so the audience's seat (one past the last player's) finds no entry."""

    name = "seats-only-nim"

    def _initial(self, rng):
        return SeatsOnlyState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsOnlyState(NimState):
    def _view(self, player):
        own = self.bonus[player]  # the bug: no entry for the audience's seat
        shown = tuple(own if p == player else None if b is None else -1
                      for p, b in enumerate(self.bonus))
        return NimView(game=self.game, player=player, pile=self.pile, first=self.first,
                       bonus=shown, taken_last=self.taken_last, takes=self.takes)
