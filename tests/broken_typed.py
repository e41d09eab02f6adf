"""Toys that refuse typed junk without saying what actions look like (for the
notation-forms check), beside a sound one, all built on ``SecretNim``."""

from __future__ import annotations

from broken_targets import TakeInput, TargetNim
from toygame import Bonus, SecretNim, Take

#: What Secret Nim's actions look like.
FORMS = "actions are 'take 2' (one to three counters) and 'bonus 1'"


class FormsNim(SecretNim):
    """Sound: junk is refused naming the forms, at every position."""

    name = "forms-nim"
    notation_forms = FORMS  # the core's refusal of junk says it

    def _parse(self, state, text):
        found = super()._parse(state, text)
        word, _, value = text.partition(" ")
        if found is None and word == "bonus" and value.isdigit():
            found = Bonus(int(value))
        return found


class GenericNim(SecretNim):
    """Leaves junk to the generic refusal: "'xyzzy' is not a legal action here"."""

    name = "generic-nim"


class ListsNim(SecretNim):
    """Says what is legal now but not what actions look like (nothing at the end)."""

    name = "lists-nim"

    def _parse(self, state, text):
        found = super()._parse(state, text)
        if found is None:
            legal = ", ".join(str(a) for a in state.legal_actions())
            raise state._refusal(f"{text!r} is not an action (legal: {legal or 'none'})")
        return found


class UnquotedNim(SecretNim):
    """Names the forms, but with no example quoted: "actions are takes and bonuses"."""

    name = "unquoted-nim"

    def _parse(self, state, text):
        if text.startswith("take "):
            return Take(int(text[5:])) if text[5:].isdigit() else None
        raise state._refusal(f"{text!r}: actions are takes and bonuses")


class NormalisedNim(FormsNim):
    """Names the forms, but quotes the text as the core normalised it ('q9 zz' for
    '  Q9   ZZ '), not as typed: it refuses inside ``_parse`` instead of raising
    ``NotationProblem``."""

    name = "normalised-nim"

    def _parse(self, state, text):
        found = super()._parse(state, text)
        if found is None and text.startswith("q9"):
            raise state._refusal(f"{text!r} is no action: actions are 'take 1' or 'bonus 2'")
        return found


class OwnInitInput(TakeInput):
    """Sets itself up without ``ClickInput.__init__``, so it checks nothing it is given."""

    def __init__(self, subject):
        self.subject = subject
        self.selection = ()
        self._route_list = None


class AnySubjectNim(TargetNim):
    """Its click input takes anything (an ``AttributeError`` on junk, another game's state
    silently)."""

    name = "any-subject-nim"
    input_class = OwnInitInput


class SilentTurnNim(SecretNim):
    """Reads no move where none is legal (as Lacuna did): a move typed in the view of the
    player not to move gets "not a legal action here", not whose turn it is."""

    name = "silent-turn-nim"

    def _parse(self, state, text):
        return super()._parse(state, text) if state.legal_actions() else None
