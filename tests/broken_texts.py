"""Toys that read typed text of an illegal action wrongly (for ``check_illegal_text``), whose
texts miscount (for ``check_number_agreement``), or whose texts are not prose a person should
read (for ``check_prose``), all built on ``SecretNim``, whose own reading is sound."""

from __future__ import annotations

from dataclasses import dataclass

from toygame import HIDDEN, CounterInput, NimState, NimView, SecretNim, Take, draw_pile

from tabletop.core.errors import IllegalAction
from tabletop.core.quoting import counted


def _take(text):
    """The ``Take`` that ``take N`` names, legal or not, else ``None``."""
    word, _, count = text.partition(" ")
    return Take(int(count)) if word == "take" and count.isdigit() else None


class HandingNim(SecretNim):
    """Hands back the action ``take N`` names, legal or not, for ``apply`` to refuse later."""

    name = "handing-nim"

    def parse_action(self, state, text):
        return _take(text) or super().parse_action(state, text)


class CrashingNim(SecretNim):
    """Its parser raises a bare ``ValueError`` for a take larger than the pile."""

    name = "crashing-nim"

    def _parse(self, state, text):
        found = _take(text)
        if found is not None and found.count > state.pile:
            raise ValueError(f"cannot take {found.count} from {state.pile}")
        return found


class TerseNim(SecretNim):
    """Refuses an illegal take without saying what is legal."""

    name = "terse-nim"

    def _parse(self, state, text):
        found = _take(text)
        if found is not None and found not in state.legal_actions():
            raise IllegalAction(f"{text!r} is not legal here")
        return found


class CountingNim(SecretNim):
    """Sound: its picture's title counts the counters left, agreeing ("1 counter")."""

    name = "counting-nim"
    renderer = "broken_texts:draw_counted"


class MiscountingTextNim(SecretNim):
    """Its picture's title says "1 counters left" once the pile is down to one."""

    name = "miscounting-text-nim"
    renderer = "broken_texts:draw_miscounted"


class SingularInput(CounterInput):
    def hint(self):
        return f"click a counter: take 1 counter or take {self.subject.pile} counter"


class SingularNim(SecretNim):
    """Its click hint says "take 2 counter", the noun singular after 2."""

    name = "singular-nim"
    input_class = SingularInput


def _titled(scene, title):
    scene.title = title
    return scene


def draw_counted(subject, *, highlight=(), last=None, shade=False):
    return _titled(draw_pile(subject, highlight=highlight, last=last, shade=shade),
                   f"{counted(subject.pile, 'counter')} left")


def draw_miscounted(subject, *, highlight=(), last=None, shade=False):
    return _titled(draw_pile(subject, highlight=highlight, last=last, shade=shade),
                   f"{subject.pile} counters left")


class LeaningNim(SecretNim):
    """Its picture's title gives the pile's lean, ``(pile - 7) / 1e6`` to three places: below
    7 counters a lean that rounds to nothing reads "-0.000" (for ``check_signed_zeros``)."""

    name = "leaning-nim"
    renderer = "broken_texts:draw_leaning"


class SettledLeaningNim(SecretNim):
    """``LeaningNim`` whose lean reads "0.000" when it rounds to nothing."""

    name = "settled-leaning-nim"
    renderer = "broken_texts:draw_settled_leaning"


def draw_leaning(subject, *, highlight=(), last=None, shade=False):
    return _titled(draw_pile(subject, highlight=highlight, last=last, shade=shade),
                   f"lean {(subject.pile - 7) / 1e6:.3f}")


def draw_settled_leaning(subject, *, highlight=(), last=None, shade=False):
    lean = round((subject.pile - 7) / 1e6, 3) + 0.0  # -0.0 + 0.0 is 0.0
    return _titled(draw_pile(subject, highlight=highlight, last=last, shade=shade),
                   f"lean {lean:.3f}")


# --- prose (for ``check_prose``): a Nim whose own texts are words, then three that are not -


@dataclass(frozen=True, slots=True, kw_only=True)
class PlainNimState(NimState):
    """``NimState`` in words: no tuple of bonuses with ``None`` in it."""

    def _view(self, player):
        view = NimState._view(self, player)
        return PlainNimView(game=view.game, player=view.player, pile=view.pile,
                            first=view.first, bonus=view.bonus, taken_last=view.taken_last,
                            takes=view.takes)

    def _text(self):
        return plain_text(self)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlainNimView(NimView):
    def _text(self):
        return plain_text(self)


def plain_text(subject):
    bonuses = ", ".join("none yet" if b is None else "hidden" if b == HIDDEN else str(b)
                        for b in subject.bonus)
    return f"pile {subject.pile}; player {subject.first} went first; bonuses: {bonuses}"


class PlainNim(SecretNim):
    """Sound: its texts are words, and its picture's title counts the pile ("1 counter")."""

    name = "plain-nim"
    renderer = "broken_texts:draw_counted"

    def _initial(self, rng):
        s = SecretNim._initial(self, rng)
        return PlainNimState(game=self, pile=s.pile, first=s.first, bonus=s.bonus,
                             taken_last=s.taken_last)


class HedgingNim(PlainNim):
    """Its picture's title says "3 counter(s) left"."""

    name = "hedging-nim"
    renderer = "broken_texts:draw_hedged"


class LeakingNim(PlainNim):
    """Its picture's title says who took last as Python has it: "taken last by None"."""

    name = "leaking-nim"
    renderer = "broken_texts:draw_leaked"


class NoisyNim(PlainNim):
    """Its picture's title gives the pile in thirds as Python prints a float: "share 2.0",
    "share 2.3333333333333335"."""

    name = "noisy-nim"
    renderer = "broken_texts:draw_noisy"


def draw_hedged(subject, *, highlight=(), last=None, shade=False):
    return _titled(draw_pile(subject, highlight=highlight, last=last, shade=shade),
                   f"{subject.pile} counter(s) left")


def draw_leaked(subject, *, highlight=(), last=None, shade=False):
    return _titled(draw_pile(subject, highlight=highlight, last=last, shade=shade),
                   f"taken last by {subject.taken_last}")


def draw_noisy(subject, *, highlight=(), last=None, shade=False):
    return _titled(draw_pile(subject, highlight=highlight, last=last, shade=shade),
                   f"share {subject.pile / 3}")
