"""Closing the widgets a re-run cell replaced: its old boards.

ipywidgets keeps every widget it made until ``close()`` is called (its registry holds them,
and the page keeps their models), so a cell that shows twelve game widgets, run again ten
times, left 120 widgets alive: some 1,270 widget models, 12 MB of kernel memory and 9 MB of
the page's memory more per run, their bots merely paused.

A tabletop widget remembers the notebook cell that made it (the cell id the front end sends
with each run; JupyterLab and Notebook 7 send one, a console or a callback none). When that
**same cell has been run again** and its run is over, the widget is closed (``close()``: its
bots stop, its comms and the page's models go, its canvases once the page has drawn them:
``tabletop.render.canvasclose``) if, besides, the page shows it nowhere
(``_view_count`` 0) and the notebook's variables no longer reach it. Anything else keeps it:
a scrolled-away, collapsed or closed-tab notebook, a deleted cell (``d d``, undone with
``z``), another cell or an ``Output`` showing it, a widget made by a console or a callback.
A widget displayed whose view never came (a page that failed to draw it) is shown nowhere
too; one made and never displayed is kept (a callback may show it later).
"Reach" follows the user's names through lists, tuples, dicts, sets, the attributes of the
user's own objects and the children of ipywidgets containers; IPython's output history
(``Out``, ``_``, ``_3``, …) does not count, so ``display(Out[3])`` after that cell ran
again shows a closed widget. ``ipywidgets.Widget.close_all()`` closes every widget at once.

>>> reachable({"games": [1, (2, {"x": 3})]}) >= {id(1), id(2), id(3)}
True
"""

from __future__ import annotations

import re
import weakref
from collections import deque
from collections.abc import Iterable, Mapping
from typing import Any

import ipywidgets as w

#: The most objects a sweep looks at; past it nothing is closed (a namespace too large to
#: walk quickly keeps its widgets, as before).
MOST_OBJECTS = 200_000
_HISTORY = re.compile(r"_+|_i*\d+|_i+|_oh|_ih|_dh|Out|In|exit|quit|get_ipython")
_CONTAINERS = (list, tuple, set, frozenset, deque)
_candidates: weakref.WeakSet[w.Widget] = weakref.WeakSet()
_hooked: list[object] = []  # the IPython shell whose cells end with a sweep
#: The cell running now (``None`` between cells and for a run without a cell id).
_running: list[str | None] = [None]
#: How often each cell id has started a run.
_runs: dict[str, int] = {}
#: Each watched widget's home: the cell that made it, and that cell's run count then.
_homes: weakref.WeakKeyDictionary[w.Widget, tuple[str, int]] = weakref.WeakKeyDictionary()


def watch(widget: w.Widget) -> None:
    """Make ``widget`` a candidate whenever it loses its last view on the page (needs the
    page to count views: ``_view_count`` is set to 0 if it was off), and remember the cell
    that made it."""
    if widget._view_count is None:
        widget._view_count = 0
    widget.observe(_on_views, "_view_count")
    _sweep_after_cells()
    cell = _running[0] or _cell_of_request()
    if cell is not None:
        _homes[widget] = (cell, _runs.get(cell, 0))


def displayed(widget: w.Widget) -> None:
    """Note that ``widget`` was displayed (its view sent to the page): shown nowhere until
    a view of it comes, so a view that never comes (a page that failed to draw it) does not
    keep it open once its cell has run again."""
    if not widget._view_count:
        _candidates.add(widget)


def started(cell: str | None) -> None:
    """Note that ``cell`` (a front end's cell id, or ``None``) starts running.

    >>> started("c1"); ended(); started("c1"); _runs["c1"] >= 2
    True
    >>> ended()
    """
    _running[0] = cell
    if cell is not None:
        _runs[cell] = _runs.get(cell, 0) + 1


def ended() -> None:
    """Note that the running cell is over (widgets made from now on have no home cell)."""
    _running[0] = None


def replaced(widget: w.Widget) -> bool:
    """Whether the cell that made ``widget`` has run again since (and is not running now)."""
    home = _homes.get(widget)
    if home is None:
        return False
    cell, runs = home
    return _runs.get(cell, 0) > runs and _running[0] != cell


def _on_views(change: dict[str, Any]) -> None:
    before, now = change["old"] or 0, change["new"] or 0
    if now == 0 < before:
        _candidates.add(change["owner"])
    elif now > 0:
        _candidates.discard(change["owner"])


def sweep(namespace: Mapping[str, Any]) -> list[w.Widget]:
    """Close every candidate whose cell ran again, shown nowhere, that ``namespace`` (the
    notebook's variables) does not reach; returns them."""
    waiting = [x for x in list(_candidates)
               if not x._view_count and x.comm is not None and replaced(x)]
    if not waiting:
        return []
    roots = [value for name, value in namespace.items() if not _HISTORY.fullmatch(name)]
    seen = reachable(roots)
    if seen is None:
        return []
    closed = [x for x in waiting if id(x) not in seen]
    for widget in closed:
        _candidates.discard(widget)
        widget.close()
    return closed


def reachable(roots: Iterable[Any] | Mapping[str, Any]) -> set[int] | None:
    """The ids of the objects ``roots`` reach (see the module's docstring), or ``None`` when
    there are more than ``MOST_OBJECTS``."""
    if isinstance(roots, Mapping):
        roots = list(roots.values())
    seen: set[int] = set()
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if len(seen) > MOST_OBJECTS:
            return None
        todo.extend(_inside(obj))
    return seen


def _inside(obj: Any) -> Iterable[Any]:
    """What ``obj`` holds, for the walk: containers' items, ipywidgets containers' children,
    and the attributes of objects whose class a notebook defined."""
    if isinstance(obj, dict):
        return [*obj.keys(), *obj.values()]
    if isinstance(obj, _CONTAINERS):
        return list(obj)
    if isinstance(obj, w.Widget):
        children = getattr(obj, "children", ())
        return list(children) if isinstance(children, tuple | list) else []
    if type(obj).__module__ == "__main__" and not isinstance(obj, type):
        return list(getattr(obj, "__dict__", {}).values()) + [
            getattr(obj, name, None) for name in getattr(type(obj), "__slots__", ())]
    return []


def _cell_of_request() -> str | None:
    """The cell id of the run under way when the hooks were not there yet at its start (the
    cell that first imports the widgets): the kernel's execute request names it."""
    try:
        from IPython import get_ipython

        parent = get_ipython().kernel.get_parent("shell")
    except Exception:  # no IPython kernel (a script, a test): no cell
        return None
    if not isinstance(parent, dict) or parent.get("msg_type", parent.get("header", {}).get(
            "msg_type")) != "execute_request":
        return None
    cell = parent.get("metadata", {}).get("cellId")
    return cell if isinstance(cell, str) else None


def _sweep_after_cells() -> None:
    """Have IPython sweep when each cell has run (once per shell)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - ipywidgets needs IPython
        return
    shell = get_ipython()
    if shell is None or any(hooked is shell for hooked in _hooked):
        return
    shell.events.register("pre_run_cell",
                          lambda info: started(getattr(info, "cell_id", None)))

    def after_cell(*_: object) -> None:
        ended()
        sweep(shell.user_ns)

    shell.events.register("post_run_cell", after_cell)
    _hooked.append(shell)
