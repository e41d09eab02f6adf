"""The chance checks: a game's draws do not lean on the seed's neighbours, and a view's
``determinize`` draws the hidden parts as the game dealt them.

Both read a state as its *leaves*: every value equality compares, by where it lies
(``("deck", 3)``: the fourth card of the deck). Both are seeded and test at the strict
``stats.STRICT`` (divided among the leaves tested), so they pass or fail the same every run.

* ``check_determinizations``: a deal ``s = game.new(seed)`` (each setup, then a few random
  plies) and ``d = s.view(p).determinize(rng)`` must be *exchangeable*: when ``d`` is drawn
  as the hidden parts were dealt, given what ``p`` sees, the pair ``(s, d)`` is as likely as
  ``(d, s)``. So for every leaf value, the deals that show it where the determinization does
  not are as many, up to chance, as the other way round (a sign test). A sampler that
  favours some cards, keeps an order, or forgets a weight fails; one that ignores the view
  is caught by ``d.view(p) == view``.
* ``check_seed_neighbours``: the deals of ``seed`` and ``seed + 1`` (the arena deals game
  ``i`` from ``seed + i``) agree on a leaf no more and no less often than two deals of
  unrelated seeds.

>>> import tabletop
>>> check_chance(tabletop.load("lava-flows"), samples=60)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from ..game import Game, State
from ..keys import key_parts
from .common import ConformanceError
from .entry import suite_count, suite_game
from .stats import STRICT, binomial_p

#: Fewer discordant pairs than this cannot reach the threshold: such leaves are not tested.
_LEAST = 20
_MISSING = ("missing",)


def check_chance(game: Game, samples: int = 200, plies: int = 4,
                 ignore: Iterable[str] = ()) -> None:
    """``check_determinizations`` and ``check_seed_neighbours`` with ``samples`` seeds."""
    game = suite_game(game, "check_chance")
    samples = suite_count(samples, "samples", "check_chance")
    plies = suite_count(plies, "plies", "check_chance", 0)
    check_determinizations(game, samples, plies, ignore)
    check_seed_neighbours(game, samples)


#: How many seeds ``check_abuse`` gives ``check_chance`` (0.2 to 1.3 s a game, 2026-12).
ABUSE_SAMPLES = 200


def check_fair_chance(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """``check_chance`` with ``ABUSE_SAMPLES`` seeds, as ``check_abuse`` runs it: a player
    after the hidden information finds no lean in the deal or in a determinization. The
    ``seeds`` (``check_abuse``'s) are not used: the statistics need a sample of their own.

    >>> import tabletop
    >>> check_fair_chance(tabletop.load("landlock"))
    """
    check_chance(game, samples=ABUSE_SAMPLES)


def leaves(state: State, ignore: Iterable[str] = ()) -> dict[tuple[Any, ...], Any]:
    """Every compared value of ``state`` by where it lies (field name, then indices), but
    the fields named in ``ignore``.

    >>> import tabletop
    >>> found = leaves(tabletop.load("lava-flows").new(seed=0))
    >>> found[("stacks", 0)], found[("first",)] in (0, 1)
    ('W', True)
    """
    out: dict[tuple[Any, ...], Any] = {}
    for item in key_parts(state)[1:]:
        name, value = item
        if name != "game" and name not in ignore:
            _walk(value, (name,), out)
    return out


def _walk(value: Any, path: tuple[Any, ...], out: dict[tuple[Any, ...], Any]) -> None:
    if isinstance(value, tuple):
        if not value:
            out[path] = ()
        for i, item in enumerate(value):
            _walk(item, (*path, i), out)
    else:
        out[path] = value


def check_determinizations(game: Game, samples: int = 200, plies: int = 4,
                           ignore: Iterable[str] = ()) -> None:
    """Determinizations drawn as the game deals (see the module's docstring): ``samples``
    seeds, each setup, after 0 .. ``plies`` uniformly random plies, every player's view.
    ``ignore`` names fields left out of the comparison: notes a view forgets that play
    never reads (Lava Flows' ``claims`` under ``memory=True``: what each reveal found)."""
    ignore = frozenset(ignore)
    more: dict[tuple[Any, ...], int] = {}  # (player, setup, leaf, value): the deal has it
    less: dict[tuple[Any, ...], int] = {}  # ... the determinization has it
    for seed in range(samples):
        for setup in game.setups:
            state = _dealt(game, seed, setup, plies)
            if state is None:
                continue
            for player in range(game.players):
                view = state.view(player)
                drawn = view.determinize(random.Random(f"chance/{seed}/{setup}/{player}"))
                if drawn.view(player) != view:
                    raise ConformanceError(
                        f"{game.name} seed {seed} ({setup}): view({player}).determinize gave "
                        f"a state whose view({player}) is not the view it was drawn from")
                mine, theirs = leaves(state, ignore), leaves(drawn, ignore)
                for path in mine.keys() | theirs.keys():
                    a, b = mine.get(path, _MISSING), theirs.get(path, _MISSING)
                    if a != b:
                        dealt_key, drawn_key = (player, setup, path, repr(a)), \
                            (player, setup, path, repr(b))
                        more[dealt_key] = more.get(dealt_key, 0) + 1
                        less[drawn_key] = less.get(drawn_key, 0) + 1
    found = _worst(more, less)
    if found is not None:
        (player, setup, path, value), in_deals, in_draws, p = found
        raise ConformanceError(
            f"{game.name}: view({player}).determinize is biased ({setup} setup): "
            f"{_where(path)} = {value} in {in_deals} deals where the determinization has "
            f"something else, but the other way round in {in_draws} (p = {p:.2g} over "
            f"{samples} seeds); it should draw the hidden parts as the game deals them")


def check_seed_neighbours(game: Game, samples: int = 200) -> None:
    """The deals of consecutive seeds are independent (see the module's docstring)."""
    base = 1 << 33
    near: dict[tuple[Any, ...], int] = {}
    far: dict[tuple[Any, ...], int] = {}
    for setup in game.setups:
        dealt = [leaves(game.new(seed=base + i, setup=setup)) for i in range(samples + 1)]
        spread = random.Random(f"neighbours/{game.name}")
        others = [leaves(game.new(seed=spread.randrange(1 << 62), setup=setup))
                  for _ in range(samples)]
        for i in range(samples):
            a, b, c = dealt[i], dealt[i + 1], others[i]
            for path in a:
                same_near = a[path] == b.get(path, _MISSING)
                same_far = a[path] == c.get(path, _MISSING)
                if same_near != same_far:
                    key = (setup, path)
                    counts = near if same_near else far
                    counts[key] = counts.get(key, 0) + 1
    found = _worst(near, far)
    if found is not None:
        (setup, path), together, apart, p = found
        raise ConformanceError(
            f"{game.name}: the deals of seed and seed + 1 ({setup} setup) are not "
            f"independent: {_where(path)} agrees between neighbours where unrelated seeds' "
            f"deals differ {together} times, the other way round {apart} times (p = {p:.2g} "
            f"over {samples} seeds)")


def _dealt(game: Game, seed: int, setup: str, plies: int) -> State | None:
    """The deal of ``seed`` after 0 .. ``plies`` uniformly random plies (``None`` if over)."""
    rng = random.Random(f"plies/{seed}")
    state = game.new(seed=seed, setup=setup)
    for _ in range(rng.randrange(plies + 1)):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal else state


def _worst(more: dict[Any, int], less: dict[Any, int]
           ) -> tuple[Any, int, int, float] | None:
    """The key whose counts ``more`` and ``less`` differ most beyond chance (a sign test),
    if that is below the threshold divided among the keys tested."""
    keys = [k for k in more.keys() | less.keys() if more.get(k, 0) + less.get(k, 0) >= _LEAST]
    if not keys:
        return None
    tested = [(binomial_p(more.get(k, 0), more.get(k, 0) + less.get(k, 0)), k) for k in keys]
    p, key = min(tested, key=lambda t: (t[0], repr(t[1])))
    if p >= STRICT / len(keys):
        return None
    return key, more.get(key, 0), less.get(key, 0), p


def _where(path: tuple[Any, ...]) -> str:
    """``("deck", 3)`` as ``deck[3]``."""
    return str(path[0]) + "".join(f"[{i}]" for i in path[1:])
