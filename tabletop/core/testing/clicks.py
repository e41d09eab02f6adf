"""Every legal action can be played by clicking: ``check_clicks(game, seeds)``.

At seeded random positions, for the player to move's view and for the full state, the check
clicks its way through the game's input the way the widget does: at each step it draws the
picture with the offered targets highlighted, clicks each drawn target at a point where the
picture's hit test finds it (a target the picture does not draw is pressed as a button), and
follows every selection that leaves more to click. Each legal action must come out of some
sequence of clicks, and nothing else may come out; a first click with numpy's numbers in its
target does what the plain one does; after every click that leaves more to click, the
clicks the input says it has picked (``picked()``), replayed on a new input, bring it to
the same place (a server keeps nothing between clicks but those). A game without a
``ClickInput`` subclass as its ``input_class`` fails: it cannot be played in the widget.

>>> import tabletop
>>> check_clicks(tabletop.load("lava-flows"), seeds=[0], every=20) > 0
True
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from copy import copy

import numpy as np

from ...render.pointing import resumed
from ...render.scene import Scene
from ...render.scenecanvas import click_point
from ..errors import IllegalAction
from ..game import Action, Game, State, View
from ..input import ClickInput, Point
from ..quoting import counted, cut
from .common import ConformanceError, click_input, fail, last_seen, random_states
from .scalars import numpy_twin


def input_class(game: Game) -> type[ClickInput]:
    """The game's click input, or ``ConformanceError`` saying it has none."""
    found = click_input(game)
    if found is None:
        declared = getattr(game, "input_class", None)
        raise ConformanceError(f"{game.name}: the game declares no click input (input_class "
                               f"is {declared!r}, not a ClickInput subclass): its actions "
                               f"cannot be played by clicking")
    return found


def check_clicks(game: Game, seeds: Iterable[int] = range(2), every: int = 1,
                 full_state: bool = True, setup: str = "decide") -> int:
    """Each legal action at every ``every``-th position of seeded random games is reached
    by clicking drawn targets (and buttons), in the mover's view and (``full_state``) in
    the full state; no sequence of clicks makes anything but a legal action. Returns how
    many legal actions were reached."""
    make_input = input_class(game)
    count = 0
    for where, state in random_states(game, seeds, every, setup):
        mover = state.current_player
        if mover is None:
            continue
        subjects: list[tuple[str, State | View, int | None]] = [
            (f"{where}, {game.player_name(mover)}'s view", state.view(mover), mover)]
        if full_state:
            subjects.append((where, state, None))
        for at, subject, viewer in subjects:
            reached = _click_everything(game, make_input(subject), last_seen(state, viewer), at)
            missing = [a for a in subject.legal_actions() if a not in reached]
            if missing:
                paths = [tuple(p) for p in make_input(subject).paths(missing[0])]
                fail(at, f"{counted(len(missing), 'legal action')} cannot be reached by clicking, "
                         f"e.g. {str(missing[0])!r} (its paths: {paths or 'none'})")
            count += len(reached)
    return count


def _click_everything(game: Game, inp: ClickInput, last: Action | None,
                      where: str) -> set[Action]:
    """The actions sequences of clicks on ``inp`` make, by depth-first search: every
    offered target is clicked, and each selection followed while it can still become an
    action not reached yet."""
    legal = set(inp.subject.legal_actions())
    reached: set[Action] = set()
    todo: list[tuple[Hashable, ...]] = [()]
    while todo:
        selection = todo.pop()
        inp.selection = selection
        if selection and reached.issuperset(inp.candidates()):
            continue  # every action this selection can still become is reached already
        offered = inp.next_targets()
        scene = game.draw(inp.subject, highlight=offered, last=last)
        if not isinstance(scene, Scene):
            fail(where, f"draw returned {type(scene).__name__}, not a Scene")
        drawn = scene.targets()
        after = f" after {' then '.join(map(repr, selection))}" if selection else ""
        if not selection:
            _check_stray_number(inp, offered, where)
        for target in offered:
            point = _point(scene, target, where + after) if target in drawn else None
            probe = copy(inp)  # each click from the same input: a click may switch its mode
            probe.selection = selection
            try:
                action = probe.click(target, point)
            except IllegalAction as err:
                fail(where, f"clicking the offered target {target!r}{after} was refused: {err}")
            if not selection:
                _check_numpy_twin(inp, target, point, action, probe.selection, where)
            if action is None:
                _check_resumable(probe, where, after, target)
                if probe.selection == selection:
                    continue  # a switch of how the next click lands (Lacuna's "place freely")
                if probe.selection != selection + (target,):
                    fail(where, f"clicking the offered target {target!r}{after} did not add "
                                f"it to the selection (it undoes the last click?)")
                todo.append(probe.selection)
            elif action not in legal:
                fail(where, f"clicking {' then '.join(map(repr, selection + (target,)))} "
                            f"made {action!r}, which is not legal here")
            else:
                reached.add(action)
    inp.reset()
    return reached


def _check_resumable(inp: ClickInput, where: str, after: str, target: Hashable) -> None:
    """Replaying ``inp.picked()`` on a new input of its subject (what a server that keeps
    nothing between clicks does: ``tabletop.render.pointing.resumed``) brings it to where
    ``inp`` is: the same selection, next targets and hint, and the same clicks picked."""
    clicks = inp.picked()
    try:
        again = resumed(inp.subject, clicks)
    except IllegalAction as err:
        fail(where, f"after clicking {target!r}{after}, replaying its picked() clicks "
                    f"{clicks!r} on a new input was refused: {cut(str(err), 160)}")
    seen = (again.selection, again.next_targets(), again.hint(), again.picked())
    if seen != (inp.selection, inp.next_targets(), inp.hint(), clicks):
        fail(where, f"after clicking {target!r}{after}, a new input given its picked() "
                    f"clicks {clicks!r} is elsewhere: hint {again.hint()!r}, not "
                    f"{inp.hint()!r} (a switch the input keeps is missing from picked())")


def _check_stray_number(inp: ClickInput, offered: tuple[Hashable, ...], where: str) -> None:
    """A click on a bare numpy number that is no target is refused as any stray click is
    (numpy compares with a tuple element by element: no truth value to test)."""
    stray = np.int64(1)
    if 1 in offered:  # a game whose target 1 is real: nothing stray to try
        return
    probe = copy(inp)
    probe.selection = ()
    try:
        probe.click(stray)
    except IllegalAction:
        return
    except Exception as err:  # noqa: BLE001 - the contract: IllegalAction, nothing else
        fail(where, f"a click on np.int64(1), no target, raised {type(err).__name__}, not "
                    f"IllegalAction")
    fail(where, "a click on np.int64(1), no target, was not refused")


def _check_numpy_twin(inp: ClickInput, target: Hashable, point: Point | None,
                      action: Action | None, selected: tuple[Hashable, ...], where: str) -> None:
    """A first click on ``target`` with its numbers as numpy's (a notebook's ``np.int64``)
    does what the plain click did: the same action, or the same selection."""
    parts = target if type(target) is tuple else (target,)
    if not any(type(part) in (int, float) for part in parts):
        return  # no number in it
    twin = tuple(map(numpy_twin, target)) if type(target) is tuple else numpy_twin(target)
    probe = copy(inp)
    probe.selection = ()
    try:
        got = probe.click(twin, point)
    except Exception as err:  # noqa: BLE001 - any refusal is the finding
        fail(where, f"clicking {target!r} with numpy's numbers raised {type(err).__name__}: "
                    f"{cut(str(err), 120)}")
    if got != action or probe.selection != selected:
        fail(where, f"clicking {target!r} with numpy's numbers made {got!r} (selection "
                    f"{probe.selection!r}), not {action!r} (selection {selected!r})")


def _point(scene: Scene, target: Hashable, where: str) -> tuple[float, float]:
    """Where a person clicks to hit ``target``: a point the scene's hit test finds it at."""
    try:
        return click_point(scene, target)
    except ValueError:
        raise ConformanceError(f"{where}: target {target!r} is drawn, but covered by other "
                               f"targets everywhere: a click on it hits something "
                               f"else") from None
