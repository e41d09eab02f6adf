"""Toys that take arguments they should refuse, one way each (for
``tabletop.core.testing.arguments``). Each writes around what the core wraps for it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from toygame import Bonus, NimState, NimView, SecretNim, Take
from toygame import draw_pile as _draw_pile

from tabletop.core.game import Action


def draw_anything(subject, **options):
    """The bug: takes any option, so a misspelt one is ignored."""
    return _draw_pile(subject)


class AnyOptionNim(SecretNim):
    """Its renderer takes ``**options``."""

    name = "any-option-nim"
    renderer = "broken_arguments:draw_anything"


class OwnDrawNim(SecretNim):
    """It draws by itself, past the core's checks: another game's position reaches its
    drawing, and a misspelt option is ignored."""

    name = "own-draw-nim"

    def draw(self, subject, **options):
        return _draw_pile(subject)


class AnyFlagNim(SecretNim):
    """It reads its renderer's bool option ``shade`` itself before the core checks it, as
    the truth of whatever it is given: ``shade="no"`` shades."""

    name = "any-flag-nim"

    def draw(self, subject, **options):
        if "shade" in options:
            options["shade"] = bool(options["shade"])  # the bug
        return SecretNim.draw(self, subject, **options)


@dataclass(frozen=True, slots=True, kw_only=True)
class AnySeedView(NimView):
    pass


def _seeded_by_anything(self, rng):
    # The bug: set after the class is made (the core wraps only what a class defines), it
    # seeds a generator with whatever it is given.
    source = rng if isinstance(rng, random.Random) else random.Random(rng)
    return NimView.determinize.__wrapped__(self, source)


AnySeedView.determinize = _seeded_by_anything


@dataclass(frozen=True, slots=True, kw_only=True)
class AnySeedState(NimState):
    def _view(self, player):
        shown = NimState._view(self, player)
        return AnySeedView(game=self.game, player=player, pile=shown.pile, first=shown.first,
                           bonus=shown.bonus, taken_last=shown.taken_last, takes=shown.takes)


class AnySeedNim(SecretNim):
    """Its views' ``determinize`` takes any seed: ``"7"`` and ``None`` included."""

    name = "any-seed-nim"

    def _initial(self, rng):
        return AnySeedState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)


class AnyPlayerNim(SecretNim):
    """Its ``player_name``, set after the class is made, names any player."""

    name = "any-player-nim"


AnyPlayerNim.player_name = lambda self, player: f"Player {player}"


class AnyViewerNim(SecretNim):
    """Its ``describe``, set after the class is made, takes any viewer (``True`` as 1)."""

    name = "any-viewer-nim"


AnyViewerNim.describe = lambda self, action, actor, viewer: (
    "bonus ?" if isinstance(action, Bonus) and viewer not in (None, actor) else str(action))


@dataclass(frozen=True, slots=True, kw_only=True)
class LooseQueryState(NimState):
    def counter_x(self, counter: int) -> int:
        """Where a counter is drawn (the bug: junk reaches the tuple: ``IndexError``,
        ``TypeError`` for some, and ``True`` is read as counter 1)."""
        return tuple(20 + 40 * i for i in range(self.pile))[counter]


class LooseQueryNim(SecretNim):
    """A public query of its states indexes with whatever it is given."""

    name = "loose-query-nim"

    def _initial(self, rng):
        return LooseQueryState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                               bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class LooseFlagState(NimState):
    def bonuses(self, reveal: bool = False) -> tuple[int | None, ...]:
        """The bonuses, shown if ``reveal`` (the bug: ``"no"`` is read as true)."""
        return self.bonus if reveal else (None, None)


class LooseFlagNim(SecretNim):
    """A public query of its states reads a flag as the truth of whatever it is given."""

    name = "loose-flag-nim"

    def _initial(self, rng):
        return LooseFlagState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                              bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class ByTextState(NimState):
    def _coerce(self, action):
        # The bug: an action of a class not its own is read by its notation, so another
        # game's action is refused as unknown text, without saying whose it is.
        if isinstance(action, Action) and not isinstance(action, Take | Bonus):
            action = str(action)
        return NimState._coerce(self, action)


class ByTextNim(SecretNim):
    """It reads any action object it does not know by its text."""

    name = "by-text-nim"

    def _initial(self, rng):
        return ByTextState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                           bonus=(None, None), taken_last=None)
