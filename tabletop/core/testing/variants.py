"""``check_variants(game)``: the suite played again under a game's non-default options.

``check_game`` and ``check_abuse`` check the game they are given, and most tests give them a
game loaded with its defaults: an option that a table, a memo, a range or a picture forgets
(built once from the defaults, or read where it should not be) passes them. A game
therefore declares ``variants``: option sets, ``players`` among them where the game has
several counts, that between them give **every option a value other than its default**
and, where a game has two settings or more (options, or several player counts), change two
at once in one of them at least (Lava Flows' ``memory`` with ``slide`` and a short
``ply_cap``). ``check_variants`` checks the declaration, then loads each variant and runs
on it a short ``check_game`` (rules, ids, tensors, records, pictures, clicks) and
``check_abuse``'s checks but the costliest, whose tries read no option, and chance
(``VARIANT_CHECKS``: secrecy, odd values of the other options, positions derived with
``replace``, malformed actions, long games, click targets and labels, the bot's secrecy and
search tree, values, advice, type hints ...).

A game with no options declares none; a game with options and no variants fails, naming
the options left at their defaults.

>>> import tabletop
>>> [dict(v.options) for v in check_variants(tabletop.load("landlock"), rules_only=True)]
[{'gnomes': 'placed'}]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..errors import InvalidOption
from ..game import Game
from ..quoting import brief
from .abuse import CHECKS
from .chance import check_fair_chance
from .common import ConformanceError, fail
from .contract import check_game
from .entry import suite_game, suite_seeds
from .foreign import check_foreign
from .fuzzing import check_fuzzing
from .immutability import check_immutability
from .interrupts import check_interrupts
from .targets import check_targets_on_board

#: ``check_abuse``'s checks left out on a variant: the costliest, whose tries read no option
#: (fuzzed text and records, mutation of returned data, interrupts) or are repeated by
#: ``check_hit_areas`` (targets inside the picture); ``check_foreign``, which plays the
#: actions of every variant on the game itself; and ``check_fair_chance``: a variant may
#: forget on purpose what its views saw (Lava Flows' ``memory=True``), which
#: ``check_chance(game, ignore=...)`` must be told (``tests/test_chance.py`` runs it on
#: every variant so).
SKIPPED: tuple[Callable[[Game, Iterable[int]], object], ...] = (
    check_fuzzing, check_immutability, check_interrupts, check_targets_on_board,
    check_foreign, check_fair_chance,
)
#: The robustness checks run on every variant: all others of ``check_abuse``.
VARIANT_CHECKS: tuple[Callable[[Game, Iterable[int]], object], ...] = tuple(
    check for check in CHECKS if check not in SKIPPED)

#: ``check_game``'s settings for a variant: one seed's pictures and clicks, sampled.
GAME_SETTINGS: dict[str, Any] = {"apply_all": 8, "package_seeds": 1, "pictures_every": 4,
                                 "clicks_every": 4, "hash_seed_states": 0}


def check_variants(game: Game, seeds: Iterable[int] = range(1), *,
                   rules_only: bool = False) -> list[Game]:
    """Check ``type(game).variants`` gives every option a non-default value, then run a
    short ``check_game`` and ``VARIANT_CHECKS`` on each variant (``rules_only``: the
    declaration and ``check_game``'s rules, no pictures, clicks or other checks). Returns
    the variants' games; raises ``ConformanceError`` on the first breach."""
    game = suite_game(game, "check_variants")
    seeds = suite_seeds(seeds, "check_variants")
    if not isinstance(rules_only, bool):
        raise TypeError(f"check_variants's rules_only should be True or False, not "
                        f"{brief(rules_only)}")
    games = variant_games(type(game))
    for variant in games:
        where = f"{game.name} variant {_options_text(variant)}"
        settings = {**GAME_SETTINGS, "package_seeds": 0} if rules_only else GAME_SETTINGS
        try:
            check_game(variant, seeds, **settings)
            for check in () if rules_only else VARIANT_CHECKS:
                check(variant, seeds)
        except ConformanceError as err:  # say which variant broke
            fail(where, str(err))
        except Exception as err:
            fail(where, f"{type(err).__name__}: {brief(str(err), 300)}")
    return games


def variant_games(cls: type[Game]) -> list[Game]:
    """The games ``cls.variants`` declares, each loaded; ``ConformanceError`` if they are
    not a tuple of option mappings, one does not load, one is the defaults, or some option
    keeps its default in all of them."""
    declared = getattr(cls, "variants", ())
    if not isinstance(declared, tuple) or not all(isinstance(v, Mapping) for v in declared):
        fail(cls.name, f"variants should be a tuple of option mappings, not {brief(declared)}")
    games = []
    for options in declared:
        try:
            variant = cls(**options)
        except InvalidOption as err:
            fail(cls.name, f"variant {brief(dict(options))} does not load: {err}")
        if not _changed(variant):
            fail(cls.name, f"variant {brief(dict(options))} is the defaults: it checks "
                           "nothing check_game does not")
        games.append(variant)
    kept = [key for key, default in cls.defaults.items()
            if all(g.options[key] == default for g in games)]
    if kept:
        fail(cls.name, f"no variant gives {', '.join(kept)} a value other than its default: "
                       f"declare {cls.__name__}.variants (option sets the conformance suite "
                       "plays too) so that every option is checked off its default")
    settings = len(cls.defaults) + (len(cls.player_counts) > 1)
    if settings > 1 and max(len(_changed(g)) for g in games) < 2:
        fail(cls.name, "no variant changes two settings at once (options, or the player "
                       "count): options that meet (a rule with a size, a count with a rule) "
                       "are then never checked together")
    return games


def _changed(game: Game) -> list[str]:
    """The settings of ``game`` off the defaults: its options', and ``players``."""
    first = type(game).player_counts[0]
    return [k for k, v in game.options.items() if game.defaults[k] != v] + \
        (["players"] if game.players != first else [])


def _options_text(game: Game) -> str:
    return ", ".join([f"players={game.players}"] + [f"{k}={game.options[k]!r}"
                                                    for k in _changed(game) if k != "players"])
