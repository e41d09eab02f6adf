"""The notebook's observers of the game widget: told in order, their errors told, never in
the way.

A notebook's own code hooks the widget with ``widget.observe(f, "state")``. What ``f`` does
is the notebook author's: it may raise, play a move itself (``widget.play`` inside ``f``), or
take its time. ``StateObservers`` keeps the widget whole whatever it does:

- the observers hear the state on show *after* the widget changed it, one change at a time:
  a move made inside an observer is told to every observer once the change being told is
  done, so no observer hears the changes out of order or ends on a state that is no longer
  on show (a nested ``set_trait`` would tell the later observers the older state last);
- an observer that raises stops nothing of the widget's: the board, panels, timeline and the
  bots' replies all follow the move. Its error is raised afterwards from the call that made
  the move (``widget.play`` …) and also said in the message line; with no call of the
  notebook's under way (a bot's move in an event loop) it is said in the message line and its
  traceback is shown as IPython shows a failed callback's;
- so does an observer of one of the widget's controls (``widget.message_html``,
  ``widget.slider`` …) that raises while the widget sets them: the rest are set all the same.

>>> observers = StateObservers()
>>> observers.depth, observers.errors
(0, [])
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from typing import Any, TypeVar

from ..core.names import fit
from .messages import Message

#: Most changes told in a row while observers keep changing the state (two observers undoing
#: each other's steps would otherwise never stop).
MAX_ROUNDS = 500

T = TypeVar("T")


class StateObservers:
    """The bookkeeping behind a widget's ``state`` trait (see the module's docstring).

    ``depth`` counts the widget's public calls under way (a call made by an observer is
    inside the call whose change it heard); ``errors`` holds what observers raised and no
    call has raised yet.
    """

    def __init__(self) -> None:
        self.depth = 0
        self.errors: list[Exception] = []
        self._telling = False

    def tell(self, widget: Any) -> None:
        """Set ``widget.state`` to its session's state, and again while observers change it;
        what they raise is kept for ``call`` to raise, and said in the message line."""
        if self._telling:  # an observer changed the state: told once this change is told
            return
        self._telling = True
        raised: list[Exception] = []
        try:
            for _ in range(MAX_ROUNDS):
                state = widget.session.state
                if widget.state is state:
                    break
                try:
                    widget.set_trait("state", state)
                except Exception as err:  # noqa: BLE001 - the observer's: raised after
                    raised.append(err)
            else:  # the trait still follows the state on show, told to no one
                widget._trait_values["state"] = widget.session.state
                raised.append(RuntimeError(
                    f"the widget's state observers changed the state {MAX_ROUNDS} times in "
                    "a row: they were not told the last change"))
        finally:
            self._telling = False
        if raised:
            self._keep(widget, raised)

    def guarded(self, widget: Any, update: Callable[[], None]) -> None:
        """Run ``update``, which sets the widget's controls (its panels, the slider, the
        turn line), to its end: an observer of one of them that raises (the notebook's
        ``widget.message_html.observe(f)``) is kept as ``tell`` keeps it, and ``update``
        runs again, setting only what is still to set (a trait already holding its new
        value tells no one again). An error not raised by an observer is raised at once."""
        for _ in range(MAX_ROUNDS):
            try:
                update()
                return
            except Exception as err:
                if not by_observer(err):
                    raise
                self._keep(widget, [err])
        raise RuntimeError(f"the widget's controls were set {MAX_ROUNDS} times over: their "
                           "observers kept raising")

    def _keep(self, widget: Any, raised: list[Exception]) -> None:
        """Keep ``raised`` for the call under way to raise (with none, show their tracebacks
        now) and say the first in the message line."""
        self.errors += raised
        widget.session.message = Message(said(raised[0], widget.session.viewer()), "error")
        if self.depth == 0:  # no call to raise it from (a bot's move in an event loop)
            for fault in raised:
                show_traceback(fault)
            self.errors.clear()

    def call(self, method: Callable[[], T]) -> T:
        """``method()``, a public call of the widget's; the outermost call raises, once it
        is done, the first error an observer raised meanwhile (the rest are noted on it)."""
        self.depth += 1
        try:
            result = method()
        except BaseException as err:
            self._note_on(err)
            raise
        finally:
            self.depth -= 1
        if self.depth == 0 and self.errors:
            first, *more = self.errors
            self.errors.clear()
            _note(first, "(raised by an observer of the widget's state; the widget is in step "
                         "with the change it heard)")
            for other in more:
                _note(first, f"(another observer raised {type(other).__name__}: {other})")
            raise first
        return result

    def _note_on(self, err: BaseException) -> None:
        """Note the observers' errors on the call's own (the outermost call's)."""
        if self.depth == 1 and self.errors:
            for other in self.errors:
                _note(err, f"(meanwhile an observer of the widget's state raised "
                           f"{type(other).__name__}: {other})")
            self.errors.clear()


def by_observer(err: BaseException) -> bool:
    """Whether ``err`` came out of an observer that traitlets called (``_notify_observers``
    is on its way)."""
    tb = err.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_name == "_notify_observers":
            return True
        tb = tb.tb_next
    return False


def said(err: Exception, viewer: int | str | None) -> str:
    """The message line for an observer's error: its words only to the full-state viewer
    (an observer hears the full state, and its words may tell a secret).

    >>> said(KeyError("x"), None)
    "an observer you hooked on the widget raised KeyError: 'x'"
    >>> said(KeyError("x"), 0)
    'an observer you hooked on the widget raised KeyError (its words show in the full-state view)'
    """
    head = f"an observer you hooked on the widget raised {type(err).__name__}"
    if viewer is None:
        return f"{head}: {fit(str(err), 300)}"
    return f"{head} (its words show in the full-state view)"


def show_traceback(err: BaseException) -> None:
    """Show ``err``'s traceback as IPython shows a failed callback's (else on stderr)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets needs IPython
        shell = None
    else:
        shell = get_ipython()
    if shell is not None:
        shell.showtraceback((type(err), err, err.__traceback__))
    else:
        traceback.print_exception(type(err), err, err.__traceback__, file=sys.stderr)


def _note(err: BaseException, text: str) -> None:
    """Add ``text`` to ``err``'s notes (Python 3.11+; an older Python shows none)."""
    add = getattr(err, "add_note", None)
    if add is not None:
        add(text)
