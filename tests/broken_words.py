"""Toys whose clicks are explained badly (for the click-words check), built on the sound
``TargetNim`` of ``broken_targets``.
"""

from __future__ import annotations

from broken_targets import TakeInput, TargetNim


class RawLabelInput(TakeInput):
    """Names a counter by its raw target, as Lava Flows once said "piece 0"."""

    def label(self, target):
        return repr(target) if target[0] == "counter" else super().label(target)


class RawLabelNim(TargetNim):
    name = "raw-label-nim"
    input_class = RawLabelInput


class SilentInput(TakeInput):
    """Says nothing about what a click does once a counter is picked."""

    def hint(self):
        return "" if self.selection else super().hint()


class SilentNim(TargetNim):
    name = "silent-nim"
    input_class = SilentInput


class ChattyInput(TakeInput):
    """A hint over two lines."""

    def hint(self):
        return "click a counter\nthen click take"


class ChattyNim(TargetNim):
    name = "chatty-nim"
    input_class = ChattyInput


class IndexRefusalInput(TakeInput):
    """Refuses a stray click quoting the raw targets on offer."""

    def _refusal(self, target):
        return f"no; try one of {list(self.next_targets())}"


class IndexRefusalNim(TargetNim):
    name = "index-refusal-nim"
    input_class = IndexRefusalInput
