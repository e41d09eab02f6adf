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


class CallerError(TabletopError):
    """A name or option the caller passed that is not accepted (a typo, mostly): the message
    says what would be, and the nearest. IPython and Jupyter show it as that one line, without
    the traceback into tabletop's internals (``%debug`` and ``sys.last_traceback`` keep it).

    >>> UnknownGame("no game called 'chess'")._render_traceback_()
    ["UnknownGame: no game called 'chess'"]
    """

    def _render_traceback_(self) -> list[str]:
        """The lines IPython shows for this error instead of a traceback."""
        return [f"{type(self).__name__}: {self}"]


class UnknownGame(CallerError):
    """A game name that is not registered."""


class UnknownAgent(CallerError):
    """An agent or agent name that is not known."""


class InvalidOption(CallerError):
    """A game option (or player count, seed, setup, widget option) that is not accepted."""
