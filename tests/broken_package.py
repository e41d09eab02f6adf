"""Toys whose rules are sound but whose package is not: no click input, an action no clicks
reach, a target covered by another, a click that ignores numpy's numbers or raises on a
stray one, a picture that crashes or changes, a picture that depends on hash order.
``check_game`` must catch each (``test_check_game.py``).
"""

from __future__ import annotations

import itertools

from toygame import Bonus, CounterInput, SecretNim, Take

from tabletop.core.input import single


class NoInputNim(SecretNim):
    """Draws, but declares no click input: the widget could not play it."""

    name = "no-input-nim"
    input_class = None


class ShadowInput(CounterInput):
    """Take 2 is the counter for take 1 and then the next: once the first counter is
    clicked, more clicks may follow, so take 1 is never made."""

    def paths(self, action):
        pile = self.subject.pile
        if action == Take(2):
            return single(("counter", pile - 1), ("counter", pile - 2))
        return CounterInput.paths(self, action)


class ShadowNim(SecretNim):
    name = "shadow-nim"
    input_class = ShadowInput


class PathlessInput(CounterInput):
    """Bonus 1 has no path at all."""

    def paths(self, action):
        return () if action == Bonus(1) else CounterInput.paths(self, action)


class PathlessNim(SecretNim):
    name = "pathless-nim"
    input_class = PathlessInput


class CoveredNim(SecretNim):
    """A 'pile' panel with a target of its own is drawn over the counters."""

    name = "covered-nim"

    def draw(self, subject, **options):
        scene = SecretNim.draw(self, subject, **options)
        scene.rect(0, 0, scene.width, scene.height, fill="#eeeeee", layer=5, target=("pile",))
        return scene


class CrashingNim(SecretNim):
    """The game-over picture divides by the pile, which is empty then."""

    name = "crashing-nim"

    def draw(self, subject, **options):
        scene = SecretNim.draw(self, subject, **options)
        scene.text(10, 52, f"{100 // subject.pile}% of the pile per counter", anchor="start")
        return scene


_DRAWS = itertools.count()


class RestlessNim(SecretNim):
    """The picture's title counts how often anything was drawn."""

    name = "restless-nim"

    def draw(self, subject, **options):
        scene = SecretNim.draw(self, subject, **options)
        scene.title = f"Secret Nim, picture {next(_DRAWS)}"
        return scene


class HashOrderNim(SecretNim):
    """The legend lists the pile's facts in the order of a set of strings: another hash seed
    lists them in another order."""

    name = "hash-order-nim"

    def draw(self, subject, **options):
        scene = SecretNim.draw(self, subject, **options)
        facts = {f"{name} {getattr(subject, name)}"
                 for name in ("pile", "first", "takes", "taken_last", "bonus")}
        facts |= {f"counter {i}" for i in range(subject.pile)} | {"Secret", "Nim", "legend"}
        for row, fact in enumerate(facts):
            scene.text(370, 4 + 3 * row, fact, font_size=3, anchor="end")  # inside the 60
        return scene


class StrictInput(CounterInput):
    """Compares targets by their types too: ``("bonus", np.int64(0))`` is no target."""


def _strict_click(self, target, point=None):
    if type(target) is tuple and any(type(part).__module__ == "numpy" for part in target):
        return None  # the bug: the click is ignored
    return CounterInput.click(self, target, point)


# set after the class is made, past the wrapper ``ClickInput`` gives a game's own ``click``
StrictInput.click = _strict_click


class StrictNim(SecretNim):
    name = "strict-nim"
    input_class = StrictInput


class PairingInput(CounterInput):
    """Reads a click's target as a pair before anything else: a stray number raises."""

    def click(self, target, point=None):
        kind, _ = target  # the bug: TypeError for a target that is no pair
        return CounterInput.click(self, target, point)


class PairingNim(SecretNim):
    name = "pairing-nim"
    input_class = PairingInput
