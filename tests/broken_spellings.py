"""Toys whose typed notation depends on spacing the docs say never matters (for the
spellings check), beside a sound one, built on ``SecretNim``."""

from __future__ import annotations

from dataclasses import dataclass

from toygame import NimState, SecretNim, Take

from tabletop.core.ids import ActionTable


@dataclass(frozen=True, slots=True)
class Minus(Take):
    """A take written as what it does to the pile: ``take -2``."""

    def __str__(self) -> str:
        return f"take -{self.count}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MinusState(NimState):
    def _legal_actions(self):
        return tuple(Minus(a.count) if isinstance(a, Take) else a
                     for a in NimState._legal_actions(self))


class MinusNim(SecretNim):
    """Sound: ``_parse`` reads the take wherever the core's spacing leaves the sign."""

    name = "minus-nim"
    state_class = MinusState

    def _initial(self, rng):
        state = super()._initial(rng)
        return MinusState(**{f: getattr(state, f) for f in
                             ("game", "pile", "first", "bonus", "taken_last", "takes")})

    def _action_space(self):
        return ActionTable((*super()._action_space()[:2],
                            *(Minus(n) for n in range(1, self.options["max_take"] + 1))))

    def _parse(self, state, text):
        rest = text.removeprefix("take").replace(" ", "")  # 'take -2', 'take-2', 'take - 2'
        if rest != text and rest[:1] == "-" and rest[1:].isdigit():
            return Minus(int(rest[1:]))
        return None


class SplitMinusNim(MinusNim):
    """Splits typed text at spaces: ``take - 2`` (the sign apart) is no action to it, so a
    take not legal here typed that way is refused as no action at all, not for its reason."""

    name = "split-minus-nim"

    def _parse(self, state, text):
        words = text.split()
        if len(words) == 2 and words[0] == "take" and words[1][:1] == "-" \
                and words[1][1:].isdigit():
            return Minus(int(words[1][1:]))
        return None
