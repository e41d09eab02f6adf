"""Toys whose click input keeps a switch besides its selection (a "fast" mode, pressed
once a counter is picked), for the check that a new input replaying ``picked()`` is
where the old one was: ``SwitchNim`` lists the switch in ``picked()``, ``ForgetfulNim``
does not (a server replaying its clicks would lose the mode)."""

from __future__ import annotations

from broken_targets import TakeInput, TargetNim

FAST = ("mode", "fast")


class SwitchInput(TakeInput):
    """Counter, then (optionally) the fast switch, then the take mark."""

    def __init__(self, subject):
        TakeInput.__init__(self, subject)
        self.fast = False

    def next_targets(self):
        found = TakeInput.next_targets(self)
        return found + (FAST,) if self.selection else found

    def click(self, target, point=None):
        if target == FAST and self.selection:
            self.fast = not self.fast
            return None
        made = TakeInput.click(self, target, point)
        if not self.selection:
            self.fast = False
        return made

    def hint(self):
        return "fast: click take" if self.fast else TakeInput.hint(self)

    def picked(self):
        return self.selection + (FAST,) if self.fast else self.selection


class ForgetfulInput(SwitchInput):
    def picked(self):
        return self.selection


class SwitchNim(TargetNim):
    name = "switch-nim"
    input_class = SwitchInput


class ForgetfulNim(TargetNim):
    name = "forgetful-nim"
    input_class = ForgetfulInput
