"""From clicks to actions: each action is reached by a *path* of clicked targets.

A game's ``input.py`` subclasses ``ClickInput`` and says, for each legal action, which
targets a person clicks to mean it (``paths``), and how to label targets that are not on the
board (shown as buttons: a claim, a colour, a rotation). The machinery here narrows the legal
actions as targets are clicked, says what to highlight next, and explains a wrong click.

>>> # for a game whose actions are reached by clicking a cell:
>>> # ClickInput(state).click(("cell", "b2"))  ->  the action, or None while ambiguous
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any

import numpy as np

from ..render.svg import target_text
from .errors import IllegalAction
from .game import Action, Game, State, View
from .hooks import wrap_own
from .plain import plain_inside, point_of
from .quoting import brief, cut

Target = Hashable
Point = tuple[float, float]


def _taking_plain_targets(click: Callable[..., Action | None]) -> Callable[..., Action | None]:
    @functools.wraps(click)
    def taking(self: ClickInput, target: Target, point: Point | None = None) -> Action | None:
        return click(self, _plain_target(self, target), _point(point))

    return taking


def _plain_target(clicks: ClickInput, target: Target) -> Target:
    """``target`` with numpy's numbers made plain (a numpy array as the tuple of its items);
    one no game's target can be — unhashable, or nested too deep (a list that holds itself)
    — is refused as clicking it would be."""
    if isinstance(target, np.ndarray):  # (compared with a target, an array is no bool)
        target = target.item() if target.ndim == 0 else tuple(target.tolist())
    try:
        plain: Target = plain_inside(target)
        hash(plain)
    except (ValueError, TypeError):
        raise IllegalAction(clicks._refusal(target)) from None
    return plain


def _point(point: object) -> Point | None:
    """A click's ``point`` as two floats, or ``None``; else a ``ValueError`` saying what a
    point is (a game's ``finish`` reads only numbers)."""
    return None if point is None else point_of(point)


def _check_subject(clicks: ClickInput, subject: object) -> None:
    """Refuse a ``subject`` that is no state or view (a ``TypeError``), or one of a game whose
    declared click input is another (its targets and paths would mean nothing there)."""
    mine = type(clicks)
    if not isinstance(subject, State | View):
        raise TypeError(f"{mine.__name__} takes a state or view of its game, not "
                        f"{brief(subject)}")
    declared = getattr(subject.game, "input_class", None)
    if isinstance(declared, type) and not (issubclass(mine, declared)
                                           or issubclass(declared, mine)):
        raise TypeError(f"{mine.__name__} reads clicks on another game's positions, not "
                        f"{subject.game.name}'s: use game.input_class ({declared.__name__})")


class ClickInput:
    """The clicks made so far in one state, and the legal actions they can still mean.

    Subclasses override ``paths`` (required), and ``label`` / ``hint`` / ``finish`` where
    needed: ``label`` names a target in the game's words (buttons, refusals), ``hint`` says
    in one line what a click does at the current step.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's own ``click`` gets its target with numpy's numbers made plain too."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("click")
        if own is not None:
            wrap_own(cls, "click", _taking_plain_targets)

    def __init__(self, subject: State | View) -> None:
        _check_subject(self, subject)
        self.subject = subject
        self.selection: tuple[Target, ...] = ()
        self._route_list: list[tuple[tuple[Target, ...], Action]] | None = None

    # --- what a game says -------------------------------------------------------------------
    def paths(self, action: Action) -> Iterable[tuple[Target, ...]]:
        """Every sequence of targets that means ``action`` (usually one)."""
        raise NotImplementedError

    def label(self, target: Target) -> str:
        """A target in the game's words: a button's text, and how messages name it."""
        return target_text(target)

    def hint(self) -> str:
        """One line saying what a click does now (games override it with their own words).

        This default names the targets that may be clicked next, by their labels.
        """
        options = self.next_targets()
        if not options:
            return "nothing can be clicked here"
        shown = ", ".join(self._named(t) for t in options[:6])
        more = " …" if len(options) > 6 else ""
        picked = " then ".join(self._named(t) for t in self.selection)
        after = f"after {picked}, " if picked else ""
        return f"{after}click {shown}{more}"

    def finish(self, target: Target, point: Point | None) -> Action | None:
        """A game's chance to turn a raw click into an action outside the listed sample
        (Lacuna: a point near the chosen line becomes a position on it)."""
        return None

    # --- the machinery ----------------------------------------------------------------------
    def _routes(self) -> list[tuple[tuple[Target, ...], Action]]:
        """Every (path, action) pair, computed once: they depend only on the subject."""
        if self._route_list is None:
            self._route_list = [(tuple(path), action)
                                for action in self.subject.legal_actions()
                                for path in self.paths(action)]
        return self._route_list

    def candidates(self) -> tuple[Action, ...]:
        """The legal actions the selection so far can still become."""
        n = len(self.selection)
        seen: dict[Action, None] = {}
        for path, action in self._routes():
            if path[:n] == self.selection:
                seen[action] = None
        return tuple(seen)

    def next_targets(self) -> tuple[Target, ...]:
        """The targets that may be clicked next (to highlight, or to show as buttons)."""
        n = len(self.selection)
        seen: dict[Target, None] = {}
        for path, _ in self._routes():
            if len(path) > n and path[:n] == self.selection:
                seen[path[n]] = None
        return tuple(seen)

    def click(self, target: Target, point: Point | None = None) -> Action | None:
        """Add a click. Returns the action once the clicks mean exactly one, else ``None``.

        A click that leads to no legal action raises ``IllegalAction`` saying what may be
        clicked instead, and leaves the selection as it was. Clicking the last selected
        target again un-selects it. ``point`` (where the click fell) is two numbers or
        ``None``; anything else is a ``ValueError``.
        """
        target = _plain_target(self, target)  # numpy's numbers, as plain ones (a
        point = _point(point)  # bare one compares as an array), and a point of two floats
        if self.selection and target == self.selection[-1]:
            self.selection = self.selection[:-1]
            return None
        finished = self.finish(target, point)
        if finished is not None:
            self.selection = ()
            return finished
        chosen = self.selection + (target,)
        n = len(chosen)
        complete = [a for path, a in self._routes() if path == chosen]
        longer = [a for path, a in self._routes() if len(path) > n and path[:n] == chosen]
        if not complete and not longer:
            raise IllegalAction(self._refusal(target))
        if len(set(complete)) == 1 and not longer:
            self.selection = ()
            return complete[0]
        self.selection = chosen
        return None

    def picked(self) -> tuple[Target, ...]:
        """The clicks that bring a new input of this subject to where this one is: the
        selection, and any switch a game's input keeps besides (Lacuna's "place freely").
        A server that keeps nothing between clicks hands these to the page and replays
        them with the next click (``tabletop.render.pointing.resumed``)."""
        return self.selection

    def reset(self) -> None:
        """Forget the clicks so far."""
        self.selection = ()

    def _named(self, target: Target) -> str:
        """A target in the game's words (its ``label``); anything a caller passed that the
        game cannot name is kept short."""
        try:
            return cut(self.label(target), 80)
        except Exception:  # not one of the game's targets, e.g. a malformed tuple
            try:
                return cut(target_text(target), 80)
            except Exception:  # e.g. a number too long to print
                return brief(target)

    def _refusal(self, target: Target) -> str:
        options = self.next_targets()
        shown = ", ".join(self._named(t) for t in options[:12])
        more = f" … {len(options)} in all" if len(options) > 12 else ""
        if not options:
            return f"nothing can be played: {self.subject._legal_summary()}"
        chosen = " then ".join(self._named(t) for t in self.selection)
        after = f" after {chosen}" if chosen else ""
        return f"clicking {self._named(target)}{after} makes no legal action; try {shown}{more}"


class ActionButtons(ClickInput):
    """One button per legal action, labelled with its notation (for games without input)."""

    def paths(self, action: Action) -> Iterable[tuple[Target, ...]]:
        return ((("action", str(action)),),)

    def label(self, target: Target) -> str:
        return str(target[1]) if isinstance(target, tuple) and len(target) == 2 else str(target)


def input_for(game: Game, subject: State | View) -> ClickInput:
    """The click controller of ``game`` on ``subject``: the game's own ``input_class``, or
    one button per legal action (``ActionButtons``) for a game that declares none.

    >>> import tabletop
    >>> state = tabletop.load("lava-flows").new(seed=1)
    >>> type(input_for(state.game, state.view(0))).__name__
    'LavaFlowsInput'
    """
    cls: type[ClickInput] = getattr(game, "input_class", None) or ActionButtons
    return cls(subject)


def single(*targets: Target) -> Sequence[tuple[Target, ...]]:
    """One path: a helper for ``paths`` (``return single(("cell", c))``)."""
    return (tuple(targets),)
