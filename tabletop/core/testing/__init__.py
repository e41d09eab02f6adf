"""The conformance suite every game's tests call, and the helpers tests and benchmarks share.

* ``check_game(game)`` first checks the game declares what the suite needs
  (``check_declarations``: integer actions, a length bound, an observation tensor), then
  plays seeded random games and checks the contract at every step (legality, immutability,
  notation and records, running scores, determinism, views, integer action ids, states
  that share what an action left unchanged (``check_sharing``),
  observation tensors and information states, which tell apart every two views of a
  player that differ; lengths and returns), then the rest of the
  package: every view draws, and shows a picture in a notebook as its legal actions and
  score breakdown do (``check_notebook_pictures``), every legal action is reached by
  clicking through the game's input, and the SVG bytes do not depend on the hash seed,
  nor do the record, the texts, what views draw and a seeded bot's search, which do not
  depend on the global random generators either (``check_global_random``);
* ``check_abuse(game)`` tries what a hostile but ordinary user would: secrets through every
  surface (a view's repr and hash and the refusals of a player's own tries included), what a
  player is handed followed reference by reference (``check_handed_objects``: no view, legal
  action, scene, copy or pickle of a view reaches a full state or a random generator;
  ``check_view_reach``: nor a value that depends on what the view hides, such as a memo of the
  rules filled from full states), mutating returned data, records a JavaScript reader reads and
  writes back as they were (``check_json_readers``: strict JSON, numbers exact in a double),
  malformed actions (and their notation naming another action), board graphs that differ between
  equal states, hold numpy scalars, carry attributes their docstring does not name or cannot be
  drawn from their nodes' ``pos`` (``check_graphs``), fuzzed notation and records, very long
  games, positions derived with ``dataclasses.replace`` that carry over what they should work
  out again, numpy's numbers where the API takes numbers, answers that break their own type
  hints (``check_annotations``: a list for a tuple, a ``numpy.float64`` for a ``float``), junk
  arguments to a game's ``position`` builder (refused in the game's words), click targets drawn
  where they cannot be clicked or too small to hit, labels too faint to read on what they are
  drawn on (``check_text_contrast``: WCAG's 4.5:1), a negative zero in any text
  (``check_signed_zeros``: ``-0.00000`` for a value that rounds to nothing), texts that are not
  prose (``check_prose``: a hedged plural, a doubled word, a stray space, a Python value or a
  float's noise where a person reads words), a float option one float step off that makes
  another game playing the same (``check_close_options``), reference cycles that only the
  garbage collector would free, memos that break once full (``check_small_memos``) or are left
  half-filled by an Interrupt (``check_interrupts``), and arguments a game's own methods should
  refuse (junk seeds, another game's position, a player it lacks, a misspelt picture option),
  and advice taken literally (every action a refusal lists, typed back, is that legal action,
  and so is every example a refusal's reason quotes; every repr that reads as a constructor call
  rebuilds an equal object), and a bot's search tree read as documented (``check_search_trees``:
  visits, values, the choice, chance nodes, nothing shown as known that the searcher did not
  know), the doors of a finished game (``check_endings``: the outcome, the record, the views,
  and every way of asking to move, refused saying the game is over), and a game that leaves the
  user's process changed (``check_guest``: global generators, numpy's settings, warning filters,
  logging, hooks, threads, optional packages imported, text printed); it needs hypothesis (the
  ``test`` extra) and says so at once without it;
* ``check_variants(game)`` plays a short ``check_game`` and most of ``check_abuse`` again
  under the option sets the game's class declares as ``variants`` (every option off its
  default in at least one): a table, range or picture built from the
  defaults passes every check run on a default game;
* ``check_package_roles(game)`` reads the game's package: every file of the roles table of
  ``docs/adding-a-game.md``, each importing only what its role allows;
* ``check_chance(game)`` tests a game's chance as a statistician would, at a strict
  threshold on seeded samples (``chance.py``, ``stats.py``): a view's ``determinize`` draws
  the hidden parts as the game deals them (no favoured card, order or choice), and the
  deals of consecutive seeds are independent;
* ``soak(game, games)`` plays many seeded random games with every invariant checked
  (``benchmarks/soak.py`` runs it at length);
* ``random_states(game, seeds)`` walks seeded random games, ``playout(state, seed)`` plays on
  at random from a position.

Each check raises ``ConformanceError`` saying where (game, seed, ply) and what broke.

>>> from tabletop.core.testing import check_abuse, check_game, playout, random_states
"""

from ..exports import package_dir
from .abuse import check_abuse
from .actionids import check_action_ids
from .chance import check_chance
from .clicks import check_clicks
from .common import ConformanceError, playout, random_playout, random_states
from .contract import Report, check_game
from .declarations import check_declarations
from .endings import check_ending, check_endings
from .guest import check_guest
from .hashseeds import check_hash_seeds
from .interrupts import check_interrupts
from .memos import check_small_memos
from .notebookpictures import check_notebook_pictures
from .observations import check_observations
from .pictures import check_pictures
from .reproducible import check_global_random
from .roles import check_package_roles
from .sharing import check_sharing
from .soak import SoakResult, soak
from .variants import check_variants

__all__ = [
    "ConformanceError", "Report", "SoakResult", "check_abuse", "check_action_ids",
    "check_chance", "check_clicks", "check_declarations", "check_ending", "check_endings",
    "check_game", "check_global_random", "check_guest", "check_hash_seeds", "check_interrupts",
    "check_notebook_pictures", "check_observations", "check_package_roles", "check_pictures",
    "check_sharing",
    "check_small_memos", "check_variants",
    "playout", "random_playout", "random_states", "soak",
]
__dir__ = package_dir(globals())
