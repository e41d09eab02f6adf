"""The contract check every game's tests call: ``check_game(game)``.

First, that the game declares what the suite needs (``declarations.py``). Then it plays
seeded random games to the end and checks, at every step, the contract of
``tabletop.core.game``: legality, immutability, notation and record round trips, the
running scores, determinism from the seed, that views leak nothing and determinize
consistently, the lazy legal actions against their built tuple (``lazy.py``), integer
action ids and masks (``actionids.py``), observation tensors and information states, and
that no two views of a player that differ share one (``observations.py``), and at each end the
game's length bound and returns; at the first two seeds, that ``apply`` shares every
field an action leaves unchanged (``sharing.py``). Then the rest of the game package, at
the positions of the first seeds: every view and full state draws (``pictures.py``) and
shows a picture in a notebook, as do their legal actions and score breakdowns
(``notebookpictures.py``), every legal action is reached by clicking through the game's
input (``clicks.py``; a game without one fails), and the SVG bytes are the same under
another hash seed (``hashseeds.py``).

>>> from tabletop.core.testing import check_game
>>> import tabletop
>>> report = check_game(tabletop.load("lava-flows"), seeds=range(2))  # doctest: +SKIP
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import Any

from ..errors import IllegalAction
from ..game import Action, Game, State, View
from ..record import replay
from .actionids import Ids, check_ids, check_outcome_numbers, check_space
from .clicks import check_clicks
from .common import ConformanceError, fail, first_difference
from .declarations import check_declarations
from .entry import suite_count, suite_game, suite_seeds
from .hashseeds import check_hash_seeds
from .lazy import check_lazy
from .notebookpictures import check_notebook_pictures
from .observations import Distinct, check_observation, check_twin
from .pictures import DrawOptions, check_pictures
from .sharing import check_sharing


@dataclass
class Report:
    """What ``check_game`` looked at."""

    games: int = 0
    steps: int = 0
    terminal: int = 0
    actions_applied: int = 0
    illegal_tried: int = 0
    views_checked: int = 0
    lengths: list[int] = field(default_factory=list)
    pictures: int = 0
    actions_clicked: int = 0
    hash_seed_pictures: int = 0


class _Nonsense:
    """An object that is not an action."""


def check_game(
    game: Game,
    seeds: Iterable[int] = range(10),
    max_steps: int = 2000,
    apply_all: int = 40,
    views_every: int = 1,
    setup: str = "decide",
    package_seeds: int = 2,
    pictures_every: int = 1,
    clicks_every: int = 1,
    draw_options: DrawOptions = ({},),
    hash_seed_states: int = 4,
) -> Report:
    """Play one random game per seed and check the contract at every step, then the
    pictures, clicks and hash-seed independence at the first ``package_seeds`` seeds.

    ``apply_all`` caps how many legal actions are each applied per step; ``views_every``
    checks views every that many steps, ``pictures_every`` draws and ``clicks_every``
    clicks every that many. ``draw_options`` are the sets of keyword arguments each
    picture is drawn with (a game's overlays). ``hash_seed_states`` positions of the first
    seed are drawn again in one process under another hash seed (0: not; one call per game
    is enough). ``package_seeds=0`` checks the rules only (and that the game declares a
    click input). Raises ``ConformanceError`` on the first breach.
    """
    game = suite_game(game, "check_game")
    seeds = suite_seeds(seeds, "check_game")
    for name, value, least in [("max_steps", max_steps, 1), ("apply_all", apply_all, 0),
                               ("views_every", views_every, 1),
                               ("package_seeds", package_seeds, 0),
                               ("pictures_every", pictures_every, 1),
                               ("clicks_every", clicks_every, 1),
                               ("hash_seed_states", hash_seed_states, 0)]:
        suite_count(value, name, "check_game", least)
    report = Report()
    foreign: list[Action] = []  # legal actions seen elsewhere: candidates for illegal tries
    check_declarations(game, seeds[0])
    check_space(game)
    ids = Ids()  # each action's id where first met: the same in every state
    distinct = Distinct()  # every view met, by information state and tensor
    for seed in seeds:
        state = game.new(seed=seed, setup=setup)
        check_lazy(state, f"{game.name} seed {seed} ply 0")  # before anything else reads it
        _check_determinism(game, seed, setup)
        rng = random.Random(seed)
        earlier: list[tuple[State, State, int, str]] = []
        for ply in range(max_steps + 1):
            where = f"{game.name} seed {seed} ply {ply}"
            with _said_where(where):
                check_lazy(state, where)
                _check_step(state, where, foreign, rng, report, apply_all)
                check_ids(state, where, ids)
                if ply % views_every == 0:
                    _check_views(state, where, rng, report, distinct)
                earlier.append((state, copy.deepcopy(state), hash(state), str(state)))
                if state.is_terminal:
                    report.terminal += 1
                    break
                legal = state.legal_actions()
                foreign.extend(rng.sample(legal, min(3, len(legal))))
                del foreign[:-200]
                action = rng.choice(legal)
                _check_secret_swap(state, action, where)
                state = state.apply(action)
        else:
            raise ConformanceError(f"{game.name} seed {seed}: not over after {max_steps} steps")
        for old, snapshot, old_hash, old_text in earlier:
            if old != snapshot or hash(old) != old_hash or str(old) != old_text:
                raise ConformanceError(
                    f"{game.name} seed {seed}: an earlier state changed after later applies"
                )
        with _said_where(f"{game.name} seed {seed}, its record"):
            _check_record(state, f"{game.name} seed {seed}")
        _check_outcome(state, f"{game.name} seed {seed}")
        check_outcome_numbers(state, f"{game.name} seed {seed}")
        report.games += 1
        report.lengths.append(len(state.history))
    check_sharing(game, seeds[:2], setup)
    package = seeds[:package_seeds]
    report.pictures = check_pictures(game, package, pictures_every, setup, draw_options)
    if package:
        check_notebook_pictures(game, package, 10 * pictures_every, setup)
    report.actions_clicked = check_clicks(game, package, clicks_every, setup=setup)
    if package and hash_seed_states:
        report.hash_seed_pictures = check_hash_seeds(game, package[0], hash_seed_states,
                                                     setup, draw_options)
    return report


@contextmanager
def _said_where(where: str) -> Iterator[None]:
    """Turn an error from the game's code (a ``TypeError`` of an unhashable field, an
    ``InvalidRecord`` of its own record) into a ``ConformanceError`` saying where it came."""
    try:
        yield
    except ConformanceError:
        raise
    except Exception as err:
        raise ConformanceError(f"{where}: {type(err).__name__} from the game's code: {err} "
                               "(its cause, below, shows where)") from err


def _check_determinism(game: Game, seed: int, setup: str) -> None:
    a, b = game.new(seed=seed, setup=setup), game.new(seed=seed, setup=setup)
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    for ply in range(60):
        if a != b or a.legal_actions() != b.legal_actions() or str(a) != str(b):
            fail(f"{game.name} seed {seed} ply {ply}",
                  "two games from the same seed differ (randomness not from the seed?)")
        if a.is_terminal:
            return
        a = a.apply(rng_a.choice(a.legal_actions()))
        b = b.apply(rng_b.choice(b.legal_actions()))


def _check_step(state: State, where: str, foreign: list[Action], rng: random.Random,
                report: Report, apply_all: int) -> None:
    report.steps += 1
    _check_running_scores(state, where)
    legal = state.legal_actions()
    if state.is_terminal != (state.current_player is None):
        fail(where, "is_terminal disagrees with current_player is None")
    if bool(legal) == state.is_terminal:
        fail(where, f"terminal={state.is_terminal} but {len(legal)} legal actions")
    if len(set(legal)) != len(legal):
        fail(where, "legal_actions() repeats an action")
    if not all(isinstance(a, Action) for a in legal):
        fail(where, "legal_actions() holds something that is not an Action")
    for action in rng.sample(legal, min(apply_all, len(legal))):
        text = str(action)
        if state.game.parse_action(state, text) != action:
            fail(where, f"notation {text!r} does not parse back to {action!r}")
        if text != text.lower():
            fail(where, f"notation {text!r} is not lower-case (a move is read in any case "
                        f"and written in one: docs/adding-a-game.md, Notation)")
        try:
            child = state.apply(action)
        except IllegalAction as err:
            fail(where, f"legal action {text!r} was rejected by apply: {err}")
        if child.history[-1] != action or child.history[:-1] != state.history:
            fail(where, f"history after {text!r} is not the old history plus it")
        report.actions_applied += 1
    before = (copy.deepcopy(state), str(state))
    legal_set = set(legal)
    illegal: list[Any] = [a for a in foreign if a not in legal_set][:5]
    typed = [str(a) for a in illegal[:2]]  # the same refused, as typed notation
    for bad in illegal + typed + ["xyzzy 99", _Nonsense()]:
        if isinstance(bad, (Action, str)) and state.is_legal(bad):
            continue  # legal beyond the listed sample (e.g. Lacuna's positions)
        try:
            state.apply(bad)
        except IllegalAction as err:
            _check_refusal(state, bad, err, where)
        else:
            fail(where, f"illegal action {bad!r} was accepted")
        report.illegal_tried += 1
    if state != before[0] or str(state) != before[1]:
        fail(where, "a rejected action changed the state")


def _check_running_scores(state: State, where: str) -> None:
    """``scores`` answers at every step, not only at the end: records, score panels and
    bots read the running score; and the score breakdown adds up to it."""
    try:
        scores = state.scores
    except Exception as err:
        fail(where, f"scores raised {type(err).__name__}: {err} (_scores() is called before "
                    "the end too, for records and score panels: give the running score)")
    if len(scores) != state.game.players:
        fail(where, f"{len(scores)} scores for {state.game.players} players")
    _check_breakdown(state, where)


def _check_breakdown(subject: State | View, where: str) -> None:
    """A score breakdown (of a state, or of a view that has one) adds up to its scores."""
    breakdown, scores = getattr(subject, "score_breakdown", None), getattr(subject, "scores",
                                                                          None)
    if breakdown is None or scores is None:
        return
    totals = breakdown().totals
    if len(totals) != len(scores) or any(abs(t - s) > 1e-9
                                         for t, s in zip(totals, scores, strict=True)):
        fail(where, f"score_breakdown() totals {totals} but scores are {tuple(scores)} (every "
                    "point of a score needs its row, and no row may count a point the score "
                    "lacks)")


def _check_refusal(state: State, bad: Any, err: IllegalAction, where: str) -> None:
    """A refusal explains itself, and its ``reason`` says why without the list of legal
    actions (what a teaching notebook shows, e.g. ``tabletop.teaching.why_not``)."""
    if not str(err):
        fail(where, f"IllegalAction for {bad!r} has no message")
    if not err.reason or not str(err).startswith(err.reason):
        fail(where, f"IllegalAction for {bad!r}: its reason {err.reason!r} does not begin "
                    "its message")
    if not state.is_terminal and state._legal_summary() in err.reason:
        fail(where, f"IllegalAction for {bad!r}: its reason lists the legal actions (raise "
                    "state._refusal(reason) to keep the reason apart from the list)")


def _check_views(state: State, where: str, rng: random.Random, report: Report,
                 distinct: Distinct) -> None:
    for player in range(state.game.players):
        view = state.view(player)
        report.views_checked += 1
        here = f"{where} view {player}"
        if not isinstance(view, View) or view.player != player:
            fail(here, "view(p) is not a View of player p")
        hash(view)
        _check_no_secrets(view, here)
        _check_breakdown(view, here)
        check_observation(view, here)
        distinct.check(view, here, state)
        if view.current_player != state.current_player:
            fail(here, "the view disagrees about whose turn it is")
        check_lazy(view, here)  # before anything else builds the view's list
        expected = state.legal_actions() if state.current_player == player else ()
        if view.legal_actions() != expected:
            fail(here, "the view's legal actions are not the player's legal actions")
        for k in range(2):
            twin = view.determinize(random.Random(rng.random()))
            if not isinstance(twin, State):
                fail(here, "determinize did not return a State")
            if twin.view(player) != view:
                fail(here, f"a determinization's view differs from the view "
                            f"(view leaks, or determinize is inconsistent): "
                            f"{first_difference(twin.view(player), view)}")
            check_twin(view, twin.view(player), here)
            if k == 0 and state.current_player == player and twin.legal_actions() != expected:
                fail(here, "a determinization offers different legal actions")


def _check_secret_swap(state: State, action: Action, where: str) -> None:
    """A secret action and another that others see the same way leave their views equal."""
    actor = state.current_player
    for viewer in range(state.game.players):
        seen = state.game.describe(action, actor, viewer)
        if viewer == actor or seen == str(action):
            continue
        for other in state.legal_actions():
            if other != action and state.game.describe(other, actor, viewer) == seen:
                a, b = state.apply(action).view(viewer), state.apply(other).view(viewer)
                if a != b:
                    fail(f"{where} view {viewer}",
                          f"player {viewer} sees {str(action)!r} only as {seen!r}, yet it "
                          f"shows in their view: {first_difference(a, b)}")
                break


def _check_no_secrets(view: View, where: str) -> None:
    for f in fields(view):
        name = f.name.lower()
        if "seed" in name or "rng" in name:
            fail(where, f"view has a field {f.name!r}")
        value = getattr(view, f.name)
        if isinstance(value, random.Random) or type(value).__name__ == "Generator":
            fail(where, f"view field {f.name!r} holds a random generator")
        if isinstance(value, State):
            fail(where, f"view field {f.name!r} holds a full State")


def _check_record(state: State, where: str) -> None:
    record = json.loads(json.dumps(state.to_record()))
    again = replay(record)
    if again != state or again.history != state.history or str(again) != str(state):
        fail(where, "replaying the record does not reproduce the state")
    half = len(state.history) // 2
    partial = replay(record, ply=half)
    if partial.history != state.history[:half]:
        fail(where, f"replay(record, ply={half}) stops at the wrong place")


def _check_outcome(state: State, where: str) -> None:
    players = state.game.players
    if len(state.scores) != players:
        fail(where, f"{len(state.scores)} scores for {players} players")
    if not set(state.winners) <= set(range(players)):
        fail(where, f"winners {state.winners} are not players")
    if len(set(state.winners)) != len(state.winners):
        fail(where, f"winners {state.winners} repeat a player")
