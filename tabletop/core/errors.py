"""The errors tabletop raises. All are ``ValueError`` subclasses whose message explains."""

from __future__ import annotations


class TabletopError(ValueError):
    """Base of every tabletop error."""


class IllegalAction(TabletopError):
    """An action that the rules do not allow in this state; the state is unchanged.

    >>> raise IllegalAction("'pass' is not legal here")
    Traceback (most recent call last):
    ...
    tabletop.core.errors.IllegalAction: 'pass' is not legal here
    """


class InvalidRecord(TabletopError):
    """A game record that is malformed, tampered with, or does not replay."""


class UnknownGame(TabletopError):
    """A game name that is not registered."""


class InvalidOption(TabletopError):
    """A game option (or player count) that the game does not accept."""
