"""The errors tabletop raises when it refuses something. All are ``ValueError`` subclasses
whose message explains, under one base, ``TabletopError``::

    TabletopError (ValueError)
    ├── IllegalAction    an action the rules do not allow here (``reason`` says why)
    ├── InvalidRecord    a record that is malformed or does not replay
    └── CallerError      a name or option the caller passed (shown in one line by IPython)
        ├── UnknownGame
        ├── UnknownAgent
        └── InvalidOption

Each is made again alike by ``pickle``, ``copy`` and ``deepcopy`` (class, message and
attributes): that is how one raised in a Dask worker or a process pool reaches the caller.

>>> import pickle
>>> err = pickle.loads(pickle.dumps(IllegalAction("'x': no; legal: y", reason="'x': no")))
>>> isinstance(err, TabletopError), isinstance(err, ValueError), err.reason
(True, True, "'x': no")
"""

from __future__ import annotations


class TabletopError(ValueError):
    """Base of every tabletop error."""


class IllegalAction(TabletopError):
    """An action that the rules do not allow in this state; the state is unchanged.

    The message quotes the action, says why it is refused and what is legal instead;
    ``reason`` is the first two without the list (what a teaching notebook shows).

    >>> err = IllegalAction("'pass' is not legal here; legal: pay",
    ...                     reason="'pass' is not legal here")
    >>> raise err
    Traceback (most recent call last):
    ...
    tabletop.core.errors.IllegalAction: 'pass' is not legal here; legal: pay
    >>> err.reason
    "'pass' is not legal here"
    """

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason


class InvalidRecord(TabletopError):
    """A game record that is malformed, tampered with, or does not replay."""


class CallerError(TabletopError):
    """A name or option the caller passed that is not accepted (a typo, mostly): the message
    says what would be, and the nearest. IPython and Jupyter show it as that one line, without
    the traceback into tabletop's internals (``%debug`` and ``sys.last_traceback`` keep it).

    >>> UnknownGame("no game called 'chess'")._render_traceback_()
    ["UnknownGame: no game called 'chess'"]

    Notes added to it (``add_note``, Python 3.11 on) follow, as a traceback shows them:

    >>> err = InvalidOption("seed must be an int")
    >>> err.__notes__ = ["while loading row 3 of games.csv"]
    >>> err._render_traceback_()
    ['InvalidOption: seed must be an int', 'while loading row 3 of games.csv']
    """

    def _render_traceback_(self) -> list[str]:
        """The lines IPython shows for this error instead of a traceback: the message, then
        each note added to it."""
        notes = getattr(self, "__notes__", None)
        shown = [str(note) for note in notes] if isinstance(notes, list | tuple) else []
        return [f"{type(self).__name__}: {self}", *shown]


class UnknownGame(CallerError):
    """A game name that is not registered."""


class UnknownAgent(CallerError):
    """An agent or agent name that is not known."""


class InvalidOption(CallerError):
    """A game option (or player count, seed, setup, widget option) that is not accepted."""
