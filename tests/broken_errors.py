"""A toy for the error-copies check: Secret Nim that refuses a typed take it does not allow
with its own ``IllegalAction`` subclass, made from the count and the pile rather than from
its message. Pickle makes an exception again from its ``args`` (the message), so it cannot
copy this one: a process pool or Dask worker that met it would report a broken worker, or
a notebook would get other words, instead of the refusal."""

from __future__ import annotations

from toygame import SecretNim, Take

from tabletop.core.errors import IllegalAction


class NoTake(IllegalAction):
    """The bug: ``__init__`` takes two numbers, while its ``args`` hold the message."""

    def __init__(self, count: int, pile: int) -> None:
        super().__init__(f"cannot take {count} now (the pile holds {pile})")
        self.count, self.pile = count, pile


class ProudNim(SecretNim):
    """Refuses a typed take that is not legal here with its own error class."""

    name = "proud-nim"

    def _parse(self, state, text):
        found = super()._parse(state, text)
        if isinstance(found, Take) and found not in state.legal_actions():
            raise NoTake(found.count, state.pile)
        return found


class Typist:
    """An agent that types a move no game has (for the arena's errors crossing processes)."""

    def act(self, view):
        return "zzz"
