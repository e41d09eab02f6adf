"""``check_abuse(game)``: every robustness check of the suite, on one game.

Each check is a function ``check(game, seeds)`` in a module of its own; this one runs them
in order and stops at the first ``ConformanceError``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..game import Game
from .advice import check_advice
from .agentsecrecy import check_agent_secrecy
from .agreement import check_number_agreement
from .annotated import check_annotations
from .arguments import check_arguments
from .builders import check_position_builder
from .chance import check_fair_chance
from .composedrecords import check_composed_records
from .contrast import check_text_contrast
from .cycles import check_cycles
from .declarations import check_declarations
from .endings import check_endings
from .entry import suite_game, suite_seeds
from .errorcopies import check_error_copies
from .foreign import check_foreign
from .fuzzing import check_fuzzing, require_hypothesis
from .gameprobe import check_drawn_last
from .graphs import check_graphs
from .guest import check_guest
from .handed import check_handed_objects
from .hitareas import check_hit_areas
from .illegaltext import check_illegal_text
from .immutability import check_immutability
from .interrupts import check_interrupts
from .jsonreaders import check_json_readers
from .longgames import check_long_games
from .malformed import check_malformed_actions
from .memos import check_small_memos
from .misnamed import check_misnamed_actions
from .optimized import check_optimized
from .options import check_options
from .prose import check_prose
from .replacing import check_replace
from .reprs import check_format_specs, check_repr_sizes
from .scalars import check_numpy_scalars
from .searchtrees import check_search_trees
from .secrecy import check_secrecy
from .spellings import check_spellings
from .targets import check_targets_on_board
from .transpositions import check_transpositions
from .typed import check_click_subjects, check_notation_forms, check_typed_turns
from .values import check_values
from .viewreach import check_view_reach
from .words import check_click_words
from .zeros import check_signed_zeros

#: The checks ``check_abuse`` runs, each ``check(game, seeds)``.
CHECKS: tuple[Callable[[Game, Iterable[int]], object], ...] = (
    check_secrecy,
    check_fair_chance,
    check_handed_objects,
    check_view_reach,
    check_malformed_actions,
    check_misnamed_actions,
    check_options,
    check_immutability,
    check_replace,
    check_transpositions,
    check_graphs,
    check_numpy_scalars,
    check_json_readers,
    check_position_builder,
    check_composed_records,
    check_fuzzing,
    check_long_games,
    check_repr_sizes,
    check_format_specs,
    check_cycles,
    check_small_memos,
    check_interrupts,
    check_targets_on_board,
    check_click_words,
    check_click_subjects,
    check_typed_turns,
    check_notation_forms,
    check_illegal_text,
    check_endings,
    check_spellings,
    check_number_agreement,
    check_prose,
    check_signed_zeros,
    check_hit_areas,
    check_text_contrast,
    check_arguments,
    check_foreign,
    check_drawn_last,
    check_agent_secrecy,
    check_search_trees,
    check_values,
    check_advice,
    check_annotations,
    check_optimized,
    check_error_copies,
    check_guest,
)


def check_abuse(game: Game, seeds: Iterable[int] = range(2)) -> None:
    """Run every robustness check on ``game`` with the given seeds; raise on the first breach.

    Needs hypothesis (``pip install 'tabletop[test]'``), for ``check_fuzzing``: without it,
    a ``ModuleNotFoundError`` saying so comes before any check runs.
    """
    game = suite_game(game, "check_abuse")
    seeds = suite_seeds(seeds, "check_abuse")
    require_hypothesis("check_abuse")
    check_declarations(game, seeds[0])
    for check in CHECKS:
        check(game, seeds)
