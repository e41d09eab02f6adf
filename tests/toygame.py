"""Tiny games used to test the core (they live in the tests, not in the product).

Secret Nim: each player first picks a secret bonus (0 or 1). Then, from a seeded pile of 5..9
counters, players alternately take 1 or 2; taking the last counter scores 2. Bonuses count at
the end. A take is one click on the leftmost counter to take; a bonus is a button. Take-away:
a perfect-information pile game for 2 or 3 players (see ``TakeAway``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

import numpy as np

from tabletop.core.game import Action, Game, State, View
from tabletop.core.ids import ActionTable
from tabletop.core.input import ClickInput, single
from tabletop.core.ranges import Row, Span
from tabletop.render.scene import Scene

HIDDEN = -1


@dataclass(frozen=True, slots=True)
class Bonus(Action):
    value: int

    def __str__(self) -> str:
        return f"bonus {self.value}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    count: int

    def __str__(self) -> str:
        return f"take {self.count}"


class CounterInput(ClickInput):
    """A take: the leftmost counter taken (drawn); a bonus: a button (not drawn)."""

    def paths(self, action):
        if isinstance(action, Bonus):
            return single(("bonus", action.value))
        return single(("counter", self.subject.pile - action.count))


class SecretNim(Game):
    name = "secret-nim"
    title = "Secret Nim"
    player_counts = (2,)
    defaults = {"max_take": 2}
    variants = ({"max_take": 3},)  # (check_variants)
    input_class = CounterInput
    renderer = "toygame:draw_pile"

    def _check_option(self, key, value):
        Game._check_option(self, key, value)
        self._option_choice(key, value, (1, 2, 3))

    def _initial(self, rng: random.Random) -> NimState:
        return NimState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                        bonus=(None, None), taken_last=None)

    def _action_space(self):
        """``bonus 0``, ``bonus 1``, then ``take 1`` .. ``take max_take``."""
        return ActionTable((Bonus(0), Bonus(1),
                            *(Take(n) for n in range(1, self.options["max_take"] + 1))))

    @property
    def max_game_length(self):
        return 2 + self.options.get("pile", 9)  # two bonuses, then takes of one at least

    observation_shape = (6,)

    def _parse(self, state, text):
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1].isdigit():
            return Take(int(words[1]))
        return None

    def describe(self, action, actor, viewer):
        if isinstance(action, Bonus) and viewer is not None and viewer != actor:
            return "bonus ?"
        return str(action)



def draw_pile(subject, *, highlight=(), last=None, shade=False):
    """The pile, a counter a target each, the first nine (``shade``: darker)."""
    scene = Scene(40 * 9 + 20, 60, background="white")
    for i in range(min(subject.pile, 9)):  # (the picture holds nine; a pile may be huge)
        scene.circle(20 + 40 * i, 30, 15, fill="#5c2e0e" if shade else "#a0522d",
                     target=("counter", i))
    return scene


def nim_ranges(position):
    """What a Nim position's fields may hold beyond their types (``core.ranges``)."""
    player = Span(0, 1)
    return {"pile": Span(0, 9999), "first": player, "bonus": Row(Span(HIDDEN, 1), length=2),
            "taken_last": player, "takes": Span(0, 9999)}


@dataclass(frozen=True, slots=True, kw_only=True)
class NimState(State):
    pile: int
    first: int
    bonus: tuple[int | None, int | None]
    taken_last: int | None
    takes: int = 0

    @property
    def current_player(self):
        if self.pile == 0:
            return None
        for p in (0, 1):
            if self.bonus[p] is None:
                return p
        return (self.first + self.takes) % 2

    def _ranges(self):
        return nim_ranges(self)

    def _is_setup(self):
        return None in self.bonus

    def _legal_actions(self):
        if None in self.bonus:
            return (Bonus(0), Bonus(1))
        return tuple(Take(n) for n in range(1, self.game.options["max_take"] + 1)
                     if n <= self.pile)

    def _apply(self, action):
        p = self.current_player
        if isinstance(action, Bonus):
            bonus = list(self.bonus)
            bonus[p] = action.value
            return replace(self, bonus=tuple(bonus))
        pile = self.pile - action.count
        return replace(self, pile=pile, taken_last=p if pile == 0 else None,
                       takes=self.takes + 1)

    def _why_illegal(self, action):
        if isinstance(action, Take) and action.count > self.game.options["max_take"]:
            return f"take at most {self.game.options['max_take']}"
        return None

    def _scores(self):
        if not self.is_terminal:
            return (0, 0)
        return tuple(2 * (self.taken_last == p) + (self.bonus[p] or 0) for p in (0, 1))

    def _view(self, player):
        shown = tuple(
            b if (p == player or b is None or self.is_terminal) else HIDDEN
            for p, b in enumerate(self.bonus)
        )
        return NimView(game=self.game, player=player, pile=self.pile, first=self.first,
                       bonus=shown, taken_last=self.taken_last, takes=self.takes)

    def _text(self):
        return f"pile {self.pile}, first {self.first}, bonus {self.bonus}"


@dataclass(frozen=True, slots=True, kw_only=True)
class NimView(View):
    pile: int
    first: int
    bonus: tuple[int | None, ...]
    taken_last: int | None
    takes: int

    def _ranges(self):
        return nim_ranges(self)

    @property
    def current_player(self):
        return NimState.current_player.fget(self)

    def determinize(self, rng):
        bonus = tuple(rng.randrange(2) if b == HIDDEN else b for b in self.bonus)
        return NimState(game=self.game, pile=self.pile, first=self.first, bonus=bonus,
                        taken_last=self.taken_last, takes=self.takes)

    def _text(self):
        return f"pile {self.pile}, first {self.first}, bonus {self.bonus}"

    def _observation(self):
        """pile, takes, first, who took last (-1: nobody), each bonus (-1 hidden, -2 not
        chosen)."""
        bonus = [-2 if b is None else b for b in self.bonus]
        last = -1 if self.taken_last is None else self.taken_last
        return np.array([self.pile, self.takes, self.first, last, *bonus])


# --- deliberately broken variants, one per invariant check_game guards -------------------

class MutatingNim(SecretNim):
    """Applying an action changes the earlier state it was applied to."""

    name = "mutating-nim"

    def _initial(self, rng):
        return MutatingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None, notes=[])


@dataclass(frozen=True, slots=True, kw_only=True)
class MutatingState(NimState):
    notes: list[str] = field(compare=False, hash=False)

    def _apply(self, action):
        self.notes.append(str(action))  # the bug: shared, mutable, changed in place
        return NimState._apply(self, action)

    def _text(self):
        return NimState._text(self) + f", notes {self.notes}"


class LeakyNim(SecretNim):
    """A view shows the opponent's secret bonus."""

    name = "leaky-nim"

    def _initial(self, rng):
        return LeakyState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                          bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class LeakyState(NimState):
    def _view(self, player):
        return NimView(game=self.game, player=player, pile=self.pile, first=self.first,
                       bonus=self.bonus, taken_last=self.taken_last, takes=self.takes)


class UnseededNim(SecretNim):
    """The pile size comes from the global RNG, not the seed."""

    name = "unseeded-nim"

    def _initial(self, rng):
        return NimState(game=self, pile=random.randint(5, 900), first=rng.randrange(2),
                        bonus=(None, None), taken_last=None)


class RejectingNim(SecretNim):
    """``legal_actions`` offers ``take 2`` on a pile of 2, which ``apply`` then refuses."""

    name = "rejecting-nim"

    def _initial(self, rng):
        return RejectingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class RejectingState(NimState):
    def _apply(self, action):
        if action == Take(2) and self.pile == 2:
            from tabletop.core.errors import IllegalAction

            raise IllegalAction("take 2: not on a pile of 2")
        return NimState._apply(self, action)


# --- Take-away: a perfect-information toy for 2 or 3 players -----------------------------


class TakeAway(Game):
    """Players in turn take 1–3 counters from a pile; whoever takes the last one wins."""

    name = "take-away"
    player_counts = (2, 3)
    defaults = {"pile": 10}

    def _initial(self, rng: random.Random) -> TakeState:
        return TakeState(game=self, pile=self.options["pile"], turn=0, last=None)

    def _action_space(self):
        return ActionTable((Take(1), Take(2), Take(3)))

    @property
    def max_game_length(self):
        return self.options["pile"]

    observation_shape = (3,)

    def position(self, pile: int, turn: int = 0) -> TakeState:
        if pile < 0:  # (no move could follow: check_composed_records)
            raise ValueError(f"pile is a number of counters, 0 or more, not {pile}")
        return TakeState(game=self, pile=pile, turn=turn, last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeState(State):
    pile: int
    turn: int
    last: int | None

    @property
    def current_player(self) -> int | None:
        return None if self.pile == 0 else self.turn

    def _legal_actions(self) -> tuple[Action, ...]:
        return tuple(Take(n) for n in (1, 2, 3) if n <= self.pile)

    def _apply(self, action: Take) -> TakeState:  # type: ignore[override]
        return replace(self, pile=self.pile - action.count, last=self.turn,
                       turn=(self.turn + 1) % self.game.players)

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(p == self.last and self.pile == 0) for p in range(self.game.players))

    def _view(self, player: int) -> TakeView:
        return TakeView(game=self.game, player=player, pile=self.pile, turn=self.turn,
                        last=self.last)

    def _text(self) -> str:
        return f"pile {self.pile}, player {self.turn} to move"


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeView(View):
    pile: int
    turn: int
    last: int | None

    @property
    def current_player(self) -> int | None:
        return None if self.pile == 0 else self.turn

    def determinize(self, rng: random.Random) -> TakeState:
        return TakeState(game=self.game, pile=self.pile, turn=self.turn, last=self.last)

    def _text(self) -> str:
        return f"pile {self.pile}"

    def _observation(self):
        return np.array([self.pile, self.turn, -1 if self.last is None else self.last])


class MiscountingNim(SecretNim):
    """Secret Nim whose score breakdown leaves the bonuses out: its totals are not the scores."""

    name = "miscounting-nim"

    def _initial(self, rng):
        return MiscountingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                                bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class MiscountingState(NimState):
    def score_breakdown(self):
        from tabletop.core.breakdown import Breakdown, Row

        last = [2.0 if self.taken_last == p else 0.0 for p in range(2)]
        return Breakdown(players=("first", "second"), rows=(Row("last counter", tuple(last)),))
