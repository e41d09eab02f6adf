"""Toys for the guest check (``core/testing/guest.py``): sound Secret Nim in every rule,
each leaving the process it plays in changed the way careless libraries do."""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass

import numpy as np
from toygame import NimState, SecretNim

#: Set by a test to let ``LingeringNim``'s thread end.
RELEASE = threading.Event()
#: The handler ``LoggingNim`` puts on the root logger (once: adding it again does nothing).
HANDLER = logging.StreamHandler()


@dataclass(frozen=True, slots=True, kw_only=True)
class QuietingState(NimState):
    def _apply(self, action):
        np.seterr(all="ignore")  # "silence numpy's warnings" for everyone in the process
        return NimState._apply(self, action)


class QuietingNim(SecretNim):
    """Turns numpy's floating-point warnings off for the whole process as it plays."""

    name = "quieting-nim"

    def _initial(self, rng):
        return QuietingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                             bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class LoggingState(NimState):
    def _apply(self, action):
        logging.getLogger().addHandler(HANDLER)  # a handler on the user's root logger
        return NimState._apply(self, action)


class LoggingNim(SecretNim):
    """Puts a handler on the root logger, which only an application should configure."""

    name = "logging-nim"

    def _initial(self, rng):
        return LoggingState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                            bonus=(None, None), taken_last=None)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChattyState(NimState):
    def _apply(self, action):
        print(f"{self.game.name}: applying {action}")  # noqa: T201 (the fault on show)
        return NimState._apply(self, action)


class ChattyNim(SecretNim):
    """Prints every move it applies to the user's stdout."""

    name = "chatty-nim"

    def _initial(self, rng):
        return ChattyState(game=self, pile=rng.randint(5, 9), first=rng.randrange(2),
                           bonus=(None, None), taken_last=None)


class LingeringNim(SecretNim):
    """Starts a helper thread with its first deal and leaves it waiting after the call."""

    name = "lingering-nim"

    def _initial(self, rng):
        threading.Thread(target=RELEASE.wait, name="nim-helper", daemon=True).start()
        return SecretNim._initial(self, rng)
