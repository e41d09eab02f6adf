"""Toys whose equal views hand out different things (for ``observations.Consistent``).

``StartedNim`` remembers the pile each game started with in a field its views' equality
leaves out (``compare=False``) yet their text shows: two equal views, two texts, two
information states. ``RememberingNim`` hides every bonus from every view, the player's own
too (like Lava Flows' ``memory=True``), but its move log still shows the player's own
``bonus 1``: two equal views, two logs. ``ForgetAllNim`` logs ``bonus ?`` for the
player's own choice too: the sound one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from toygame import HIDDEN, Bonus, NimState, NimView, SecretNim, Take

from tabletop.core.ids import ActionTable


@dataclass(frozen=True, slots=True, kw_only=True)
class StartedView(NimView):
    """The bug: ``start`` is left out of ``==``, yet the text shows it."""

    start: int = field(default=0, compare=False)

    def determinize(self, rng: random.Random) -> StartedState:
        plain = NimView.determinize(self, rng)
        return StartedState(game=self.game, pile=plain.pile, first=plain.first,
                            bonus=plain.bonus, taken_last=plain.taken_last,
                            takes=plain.takes, start=self.start)

    def _text(self) -> str:
        return NimView._text(self) + f", started at {self.start}"


@dataclass(frozen=True, slots=True, kw_only=True)
class StartedState(NimState):
    start: int = field(default=0, compare=False)

    def _view(self, player: int) -> StartedView:
        plain = NimState._view(self, player)
        return StartedView(game=self.game, player=player, pile=plain.pile, first=plain.first,
                           bonus=plain.bonus, taken_last=plain.taken_last, takes=plain.takes,
                           start=self.start)

    def _text(self) -> str:
        return NimState._text(self) + f", started at {self.start}"


class StartedNim(SecretNim):
    name = "started-nim"

    def _initial(self, rng: random.Random) -> StartedState:
        pile = rng.randint(5, 9)
        return StartedState(game=self, pile=pile, first=rng.randrange(2), bonus=(None, None),
                            taken_last=None, start=pile)


@dataclass(frozen=True, slots=True, kw_only=True)
class ForgetfulView(NimView):
    """Every chosen bonus shown as hidden, the player's own too (until the end)."""

    def determinize(self, rng: random.Random) -> ForgetfulState:
        plain = NimView.determinize(self, rng)
        return ForgetfulState(game=self.game, pile=plain.pile, first=plain.first,
                              bonus=plain.bonus, taken_last=plain.taken_last,
                              takes=plain.takes)


@dataclass(frozen=True, slots=True, kw_only=True)
class ForgetfulState(NimState):
    """Every chosen bonus is shown as hidden to everyone until the end."""

    def _view(self, player: int) -> ForgetfulView:
        shown = tuple(b if b is None or self.is_terminal else HIDDEN for b in self.bonus)
        return ForgetfulView(game=self.game, player=player, pile=self.pile, first=self.first,
                             bonus=shown, taken_last=self.taken_last, takes=self.takes)


class ForgetAllNim(SecretNim):
    """Sound: every bonus is ``bonus ?`` in every player's log, as in their view."""

    name = "forget-all-nim"

    def _initial(self, rng: random.Random) -> ForgetfulState:
        return ForgetfulState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)

    def describe(self, action: Any, actor: int | None, viewer: int | None) -> str:
        if isinstance(action, Bonus) and viewer is not None:
            return "bonus ?"
        return str(action)


class RememberingNim(ForgetAllNim):
    """The bug: the player's own log shows the bonus their view forgets."""

    name = "remembering-nim"

    def describe(self, action: Any, actor: int | None, viewer: int | None) -> str:
        return SecretNim.describe(self, action, actor, viewer)


class ListyNim(SecretNim):
    """Secret Nim whose state holds a list: hashing a state fails inside the game's code
    (the check names where, rather than letting the ``TypeError`` out bare)."""

    name = "listy-nim"

    def _initial(self, rng):
        return ListyState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None, marks=[])


@dataclass(frozen=True, slots=True, kw_only=True)
class ListyState(NimState):
    marks: list


@dataclass(frozen=True, slots=True)
class ShoutedTake(Take):
    """A take written in capitals (``TAKE 2``)."""

    def __str__(self) -> str:
        return f"TAKE {self.count}"


class ShoutingNim(SecretNim):
    """Secret Nim whose takes are written in capitals, against the notation's one case."""

    name = "shouting-nim"

    def _initial(self, rng):
        return ShoutingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None)

    def _parse(self, state, text):
        action = SecretNim._parse(self, state, text)
        return ShoutedTake(action.count) if isinstance(action, Take) else action

    def _action_space(self):
        return ActionTable((Bonus(0), Bonus(1), *(ShoutedTake(n) for n in (1, 2, 3))))


@dataclass(frozen=True, slots=True, kw_only=True)
class ShoutingState(NimState):
    def _legal_actions(self):
        takes = NimState._legal_actions(self)
        return tuple(ShoutedTake(a.count) if isinstance(a, Take) else a for a in takes)
