"""Toys for the out-of-range check (``check_out_of_range``, run by ``check_replace``):
Secret Nim whose text names the first player from a table by ``first`` and whose fields'
ranges are not declared, so that ``dataclasses.replace(state, first=10**6)`` is accepted and
its text then fails with an ``IndexError`` (``UncheckedNim``); the same game declaring them
(``CheckedNim``) refuses the value at once. Likewise for a string field: ``MoodyNim``'s text
looks its ``mood`` up in a table with no declared range, so that ``mood="?"`` is accepted and
the text fails with a ``KeyError``; ``SteadyNim`` declares the moods and refuses it. And a
declaration too narrow for the game's own play: ``CrampedNim`` (``check_fits_own_ranges``).
And the game swapped for another player count: ``SeatedTakeAway`` / ``SeatCheckedTakeAway``.
And a state that takes an unchecked ``first`` its own text, moves and scores never index,
but whose views refuse it (``LooseNim``): a state made by ``replace`` has no record, and the
questions after that refusal must still be asked."""

from __future__ import annotations

from dataclasses import dataclass

from toygame import Bonus, NimState, SecretNim, TakeAway, TakeState, TakeView, nim_ranges

from tabletop.core.position import evolve
from tabletop.core.ranges import OneOf, Span

NAMES = ("Ann", "Bob")
SEATS = ("Ann", "Bob", "Cy")


@dataclass(frozen=True, slots=True, kw_only=True)
class UncheckedState(NimState):
    def _ranges(self):
        return {}  # the bug: nothing beyond the types is checked

    def _text(self):
        return f"pile {self.pile}, {NAMES[self.first]} first, bonus {self.bonus}"


class UncheckedNim(SecretNim):
    """Sound in every rule it plays; ``replace`` takes any ``first``, which its text indexes."""

    name = "unchecked-nim"

    def _initial(self, rng):
        return UncheckedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckedState(UncheckedState):
    def _ranges(self):
        return nim_ranges(self)


class CheckedNim(SecretNim):
    """The same text, the fields' ranges declared: ``replace`` refuses ``first=10**6``."""

    name = "checked-nim"

    def _initial(self, rng):
        return CheckedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)


#: How a ``MoodyState`` words its mood: the table its text looks ``mood`` up in.
MOODS = {"calm": "calmly", "keen": "keenly"}


@dataclass(frozen=True, slots=True, kw_only=True)
class MoodyState(NimState):
    mood: str = "calm"

    def _ranges(self):
        return nim_ranges(self)  # the bug: ``mood`` has no declared range

    def _text(self):
        return f"pile {self.pile}, played {MOODS[self.mood]}"


class MoodyNim(SecretNim):
    """Sound in every rule it plays; ``replace`` takes any ``mood``, which its text looks
    up."""

    name = "moody-nim"

    def _initial(self, rng):
        return MoodyState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None, mood=rng.choice(sorted(MOODS)))


@dataclass(frozen=True, slots=True, kw_only=True)
class SteadyState(MoodyState):
    def _ranges(self):
        return {**nim_ranges(self), "mood": OneOf(tuple(MOODS))}


class SteadyNim(SecretNim):
    """The same text, ``mood`` declared one of the table's: ``replace`` refuses ``"?"``."""

    name = "steady-nim"

    def _initial(self, rng):
        return SteadyState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                           bonus=(None, None), taken_last=None, mood=rng.choice(sorted(MOODS)))


@dataclass(frozen=True, slots=True, kw_only=True)
class CrampedState(NimState):
    def _ranges(self):
        return {**nim_ranges(self), "takes": Span(0, 2)}  # the bug: a game takes more turns

    def _apply(self, action):
        # ``NimState._apply`` with ``evolve``, the fast path a game uses for its own moves:
        # it checks no range, so play reaches positions the declaration refuses.
        p = self.current_player
        if isinstance(action, Bonus):
            return evolve(self, bonus=(action.value, self.bonus[1]) if p == 0
                          else (self.bonus[0], action.value))
        pile = self.pile - action.count
        return evolve(self, pile=pile, taken_last=p if pile == 0 else None,
                      takes=self.takes + 1)


class CrampedNim(SecretNim):
    """Sound in every rule it plays; its declared range of ``takes`` (0..2) is narrower than
    the games it plays, so its own positions, rebuilt from their fields, are refused."""

    name = "cramped-nim"

    def _initial(self, rng):
        return CrampedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)


def _seat_ranges(position, seats):
    player = Span(0, seats - 1)
    return {"pile": Span(0, 9999), "turn": player, "last": player}


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatedView(TakeView):
    def _ranges(self):
        return _seat_ranges(self, self.game.players)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatedState(TakeState):
    def _ranges(self):
        return _seat_ranges(self, 3)  # the bug: the seats of the largest count, not its own

    def _text(self):
        return f"pile {self.pile}, {SEATS[:self.game.players][self.turn]} to move"

    def _view(self, player):
        return SeatedView(game=self.game, player=player, pile=self.pile, turn=self.turn,
                          last=self.last)


class SeatedTakeAway(TakeAway):
    """Take-away for 2 or 3 whose text names the mover from the seats of its player count,
    and whose state declares ``turn`` by the largest count: ``dataclasses.replace(state,
    game=<the 2-player game>)`` of a 3-player state with player 2 to move is taken, and its
    text then fails with an ``IndexError``."""

    name = "seated-take-away"
    state_class = SeatedState
    renderer = "toygame:draw_pile"

    def _initial(self, rng):
        return self.state_class(game=self, pile=self.options["pile"], turn=0, last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatCheckedState(SeatedState):
    def _ranges(self):
        return _seat_ranges(self, self.game.players)


class SeatCheckedTakeAway(SeatedTakeAway):
    """The same, declaring ``turn``'s range by the game's player count: refused at once."""

    name = "seat-checked-take-away"
    state_class = SeatCheckedState


@dataclass(frozen=True, slots=True, kw_only=True)
class LooseState(NimState):
    def _ranges(self):
        found = dict(nim_ranges(self))
        del found["first"]  # the bug: the state takes any ``first``; its views do not
        return found


class LooseNim(SecretNim):
    """Sound in every rule it plays; ``replace(state, first=10**6)`` is accepted and then
    ``state.view(0)`` raises a ``ValueError``: met only past the state's record."""

    name = "loose-nim"

    def _initial(self, rng):
        return LooseState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None)
