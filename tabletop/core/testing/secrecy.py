"""View secrecy through every surface a player sees.

Two games a player cannot tell apart must look the same to that player everywhere: the
view's text, its picture, its legal actions, its score breakdown, its observation tensor and
information state, its repr and hash, every public attribute a player's code reads
(``public_attributes``), the answers to the player's own tries (``tries``: legal or not,
and each refusal's words), and the move log as that player reads it. The
check builds such pairs two ways:

* **lockstep twins**: a seeded random game, and a twin that makes, at every move of another
  player, a different move that the viewer reads the same way (``game.describe``), so the two
  differ only in what the viewer may not see; compared for as long as the viewer's two views
  are equal (once a secret comes out by the rules, the twins may rightly look different);
* **redrawn hidden parts**: a position, and a state ``determinize`` draws from the viewer's
  view (another deck order, other secret choices).

The public view (``state.view("public")``, someone watching without a seat) is a viewer too:
twins whose moves the audience reads alike, and a state redrawn from *any* seat's view (which
keeps everything public), must look the same to it on every surface but the observation
tensor (the public view has none: it refuses), whoever's secret differs.

``SURFACES`` lists what is compared; a caller can add its own (the widget's tests add the
widget's panels) with ``check_secrecy(game, surfaces=SURFACES + (...,))``.

>>> import tabletop
>>> check_secrecy(tabletop.load("lascaux", players=3), seeds=[0])
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable
from typing import Any

from ..game import Action, Game, State
from ..public import PUBLIC
from .attributes import public_attributes
from .common import fail, random_states
from .tries import tries

#: A surface: its name, and what ``viewer`` (a player, or ``"public"``) sees of it in a state
#: (any comparable value).
Surface = tuple[str, Callable[[State, Any], Any]]


def _breakdown(state: State, viewer: int | str) -> str:
    view = state.view(viewer)
    breakdown = getattr(view, "score_breakdown", None)
    return "" if breakdown is None else breakdown()._repr_html_()


#: What a player sees of a state, surface by surface.
SURFACES: tuple[Surface, ...] = (
    ("view text", lambda s, p: str(s.view(p))),
    ("view picture", lambda s, p: s.view(p).svg()),
    ("legal actions", lambda s, p: tuple(map(str, s.view(p).legal_actions()))),
    ("whose turn", lambda s, p: s.view(p).current_player),
    ("score breakdown", _breakdown),
    ("observation tensor", lambda s, p: s.view(p).observation().tobytes()),
    ("information state", lambda s, p: s.view(p).information_state()),
    ("view repr", lambda s, p: repr(s.view(p))),
    ("view hash", lambda s, p: hash(s.view(p))),
    ("answers to the player's own tries (refusals)", tries),
    ("view's public attributes", public_attributes),
)

def _without_history(state: State, viewer: int | str) -> dict[str, str | bytes]:
    seen = public_attributes(state, viewer)
    seen.pop("information_state", None)
    return seen


#: What the public view is compared on: every surface of a view but the observation tensor.
PUBLIC_SURFACES: tuple[Surface, ...] = tuple(s for s in SURFACES
                                             if s[0] != "observation tensor")

#: The public view compared with a state redrawn from a seat's view: that state keeps the
#: seat's own history (``State._seen``), not the audience's, so what reads the history (the
#: information state, alone or among the attributes) is left to the twins.
REDRAWN_PUBLIC_SURFACES: tuple[Surface, ...] = tuple(
    (name, _without_history) if name == "view's public attributes" else (name, surface)
    for name, surface in PUBLIC_SURFACES if name != "information state")

#: Surfaces that come from the history, which a determinized state does not have.
HISTORY_SURFACES: tuple[Surface, ...] = (
    ("move log", lambda s, p: s.log(p)),
)


def check_secrecy(game: Game, seeds: Iterable[int] = range(2),
                  surfaces: tuple[Surface, ...] = SURFACES, every: int = 3) -> None:
    """Pairs of states a viewer cannot tell apart look the same on every surface."""
    seeds = tuple(seeds)
    for seed in seeds:
        for viewer in range(game.players):
            _check_twins(game, seed, viewer, surfaces + HISTORY_SURFACES)
        _check_twins(game, seed, PUBLIC, PUBLIC_SURFACES + HISTORY_SURFACES)
    for where, state in random_states(game, seeds, every):
        if state.is_terminal:
            continue
        rng = random.Random(where)
        for viewer in range(game.players):
            redrawn = state.view(viewer).determinize(rng)
            _compare(state, redrawn, viewer, surfaces, f"{where} redrawn for player {viewer}")
            _compare(state, redrawn, PUBLIC, REDRAWN_PUBLIC_SURFACES,
                     f"{where} redrawn for player {viewer}")
        public = state.view(PUBLIC)
        drawn = public.determinize(rng)  # from the audience's view: consistent with it
        if drawn.view(PUBLIC) != public or not drawn.legal_actions():
            fail(f"{where} redrawn from the public view",
                 "a state drawn from the public view looks otherwise to the audience, or "
                 "offers no move (the position goes on)")


def _compare(a: State, b: State, viewer: int | str, surfaces: tuple[Surface, ...],
             where: str) -> None:
    """Every surface of ``a`` and of ``b`` alike to ``viewer``. Each state is seen afresh (a
    copy, which has no cache) and whole before the other: a memo that making one view fills
    and another view's picture reads (a table keyed by the public position) would otherwise
    hold the last state's secret for both, and show no difference."""
    who = "the public view" if viewer == PUBLIC else f"player {viewer}"
    seen_a, seen_b = ([surface(fresh, viewer) for _, surface in surfaces]
                      for fresh in (copy.copy(a), copy.copy(b)))
    for (name, _), one, other in zip(surfaces, seen_a, seen_b, strict=True):
        if one != other:
            fail(where, f"{who} can tell hidden information apart by the {name}: "
                        f"{_difference(one, other)}")


def _check_twins(game: Game, seed: int, viewer: int | str, surfaces: tuple[Surface, ...]) -> None:
    """Play a seeded game and a twin the viewer can't tell from it, comparing every step."""
    rng = random.Random(seed)
    state = twin = game.new(seed=seed)
    differs = False
    for ply in range(10_000):
        if state.is_terminal or twin.is_terminal:
            return
        if differs:
            if state.view(viewer) != twin.view(viewer):
                return  # the secret is out (check_game checks it was not out at once)
            _compare(state, twin, viewer, surfaces,
                     f"{game.name} seed {seed} ply {ply} (twin game)")
        action = rng.choice(state.legal_actions())
        if viewer == PUBLIC:
            _check_public_words(game, action, state.current_player,
                                f"{game.name} seed {seed} ply {ply}")
        echo = _same_to(viewer, twin, state.current_player, action, rng)
        if echo is None:
            return  # the twin cannot follow: stop this pair here
        differs = differs or echo != action
        state, twin = state.apply(action), twin.apply(echo)


def _check_public_words(game: Game, action: Action, actor: int | None, where: str) -> None:
    """The audience reads no move better than a seat that did not make it: if one such seat
    reads ``action`` redacted, the public log must not show it in full."""
    told = str(action)
    hidden = [q for q in range(game.players)
              if q != actor and game.describe(action, actor, q) != told]
    if hidden and game.describe(action, actor, PUBLIC) == told:
        fail(where, f"the public view reads {told!r} in full in its move log, while player "
                    f"{hidden[0]} reads it as {game.describe(action, actor, hidden[0])!r}")


def _same_to(viewer: int | str, twin: State, actor: int | None, action: Action,
             rng: random.Random) -> Action | None:
    """A legal move of the twin that ``viewer`` reads as ``action``: another one if the
    action is secret to the viewer, else the action itself."""
    game = twin.game
    seen = game.describe(action, actor, viewer)
    legal = twin.legal_actions()
    if actor != viewer and seen != str(action):
        alike = [a for a in legal if a != action and game.describe(a, actor, viewer) == seen]
        if alike:
            return rng.choice(alike)
    return action if twin.is_legal(action) else None


def _difference(a: Any, b: Any) -> str:
    if isinstance(a, dict) and isinstance(b, dict):  # name the first key that differs
        key = next((k for k in sorted(a.keys() | b.keys()) if a.get(k) != b.get(k)), None)
        return f"{key!r}: {_difference(a.get(key), b.get(key))}"
    if isinstance(a, str) and isinstance(b, str):
        at = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                  min(len(a), len(b)))
        return f"…{a[max(0, at - 40):at + 40]!r}… != …{b[max(0, at - 40):at + 40]!r}…"
    return f"{a!r:.200} != {b!r:.200}"
