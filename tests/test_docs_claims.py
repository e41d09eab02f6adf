"""What the docs' prose says of the code, held to the code.

``test_docs_examples.py`` runs the pages' examples and checks the names, files and links they
give; this file takes the claims made in sentences and tables — a signature written out, a
limit, a default, a figure measured on the games — and checks each against what the code
does, so that a change to either side fails here until the other follows.
"""

from __future__ import annotations

import copy
import inspect
import re
import statistics
from pathlib import Path
from typing import Any

import pytest
from guards import failure

import tabletop
from tabletop.core.testing import random_states

ROOT = Path(__file__).parent.parent


def page(name: str) -> str:
    """A page of ``docs/`` (or the README), its whitespace folded to single spaces."""
    path = ROOT / name if name.endswith(".md") and "/" in name else ROOT / "docs" / name
    return " ".join(path.read_text(encoding="utf-8").split())


#: How to fix a page that no longer says what the code does.
FIX = ("correct the page or the code, whichever is wrong, and this test's phrase with them "
       "(a changed promise gets a CHANGELOG line)")


def says(name: str, phrase: str) -> None:
    assert phrase in page(name), failure(
        "a docs page no longer says what a test holds the code to",
        [f"docs/{name}: {phrase!r}"], FIX)


# --- signatures written out in full ---------------------------------------------------------

def documented_signature(text: str, call: str) -> inspect.Signature:
    """The signature a page writes out as ``call(...)`` in backticks, read as a ``def``.

    >>> str(documented_signature("`f(a, b=1, **k)`", "f"))
    '(a, b=1, **k)'
    """
    match = re.search(rf"`{re.escape(call)}\(([^`]*)\)`", text)
    assert match, f"no `{call}(...)` written out"
    namespace: dict[str, Any] = {}
    exec(f"def {call.rsplit('.', 1)[-1]}({match[1]}): pass", namespace)  # noqa: S102
    return inspect.signature(namespace[call.rsplit(".", 1)[-1]])


def same_parameters(documented: inspect.Signature, real: inspect.Signature,
                    whole: bool) -> list[str]:
    """What differs: each documented parameter must be real, of the same kind and default;
    with ``whole``, the real function has no parameter the docs leave out."""
    wrong = []
    for name, given in documented.parameters.items():
        found = real.parameters.get(name)
        if found is None:
            wrong.append(f"{name}: not a parameter")
        elif given.kind != found.kind and not (
                given.kind is given.POSITIONAL_OR_KEYWORD and found.kind is found.KEYWORD_ONLY):
            wrong.append(f"{name}: {found.kind.description}, documented "
                         f"{given.kind.description}")
        elif given.default is not given.empty and given.default != found.default:
            wrong.append(f"{name}: default {found.default!r}, documented {given.default!r}")
    if whole:
        wrong += [f"{n}: left out of the docs" for n in real.parameters
                  if n not in documented.parameters and n != "self"]
    return wrong


def test_the_signatures_the_docs_write_out_are_the_functions():
    """``help(env)`` must show what the PettingZoo page promises (it showed ``**options``
    where the page gave ``setup=`` and ``mask=``)."""
    pytest.importorskip("pettingzoo")
    from tabletop.adapters import pettingzoo
    from tabletop.arena import ArenaResult

    text = (ROOT / "docs" / "pettingzoo.md").read_text(encoding="utf-8")
    wrong = []
    for function in (pettingzoo.env, pettingzoo.raw_env):
        wrong += [f"docs/pettingzoo.md, pettingzoo.{function.__name__}: {problem}"
                  for problem in same_parameters(documented_signature(text, "env"),
                                                 inspect.signature(function), whole=True)]
    arena_page = (ROOT / "docs" / "arena.md").read_text(encoding="utf-8")
    wrong += [f"docs/arena.md, ArenaResult.ratings: {problem}"
              for problem in same_parameters(documented_signature(arena_page, "result.ratings"),
                                             inspect.signature(ArenaResult.ratings),
                                             whole=False)]
    assert not wrong, failure("signatures the docs write out differ from the functions",
                              wrong, FIX)


def test_a_signature_that_differs_is_caught():
    def env(name: str, players: int | None = None, **options: Any) -> None: ...
    documented = documented_signature("`env(name, players=2, mask='x', **options)`", "env")
    assert same_parameters(documented, inspect.signature(env), whole=True) == [
        "players: default None, documented 2", "mask: not a parameter"]


def test_env_passes_setup_and_mask_on():
    pytest.importorskip("pettingzoo")
    from tabletop.adapters.pettingzoo import env

    e = env("lava-flows", setup="random", mask="info")
    e.reset(seed=5)
    assert e.unwrapped.tabletop == tabletop.load("lava-flows").new(seed=5, setup="random")
    observation, *_, info = e.last()
    assert observation.shape == e.unwrapped.game.observation_shape and "action_mask" in info


# --- limits and defaults --------------------------------------------------------------------

def limits() -> list[tuple[str, str, object, object]]:
    """``(page, phrase, what the code has, what the phrase says)``."""
    from tabletop.agents import analysis, make_agent
    from tabletop.arena import arena, clock
    from tabletop.arena.ratings import MAX_SAMPLES
    from tabletop.core import notation, parsing, plain, record
    from tabletop.teaching import pictures, winrate
    from tabletop.widgets import GameWidget, TreeWidget, layout, thinking, treegraph
    from tabletop.widgets import game as game_widget

    tree = inspect.signature(TreeWidget).parameters
    run = inspect.signature(arena).parameters
    found = [
        ("promises.md", "at most 200 characters (`tabletop.core.notation.MAX_NOTATION`)",
         notation.MAX_NOTATION, 200),
        ("promises.md", "(difflib's ratio at least 0.6:", parsing.NEAR, 0.6),
        ("promises.md", "punctuation `-`, `@`, `,` and `/`", parsing.PUNCTUATION, "-@,/"),
        ("promises.md", "at most 24 characters, exponents −9 to 9", notation.MAX_NUMBER, 24),
        ("promises.md", "(10,000,000 characters)", record.MAX_TEXT, 10_000_000),
        ("promises.md", "nothing nests deeper than 16", plain.MAX_NESTING, 16),
        ("promises.md", "counts 0 to 10**12, values −10**12 to 10**12, texts of at most 200 "
         "characters", (thinking.LARGEST, thinking.LONGEST), (10**12, 200)),
        ("widget.md", "at most 16 deep and 100,000 values an entry",
         (plain.MAX_NESTING, thinking.MOST_VALUES), (16, 100_000)),
        ("promises.md", "samples at most 1,000,000", MAX_SAMPLES, 1_000_000),
        ("promises.md", "width (1 to 10,000 px)", pictures.MAX_WIDTH, 10_000),
        ("promises.md", "a margin that would need over 10**15 games", winrate.MAX_GAMES, 1e15),
        ("promises.md", "at most `max_nodes` nodes (10,000 by default",
         tree["max_nodes"].default, 10_000),
        ("widget.md", "`max_nodes` nodes (10,000 by default", tree["max_nodes"].default, 10_000),
        ("promises.md", "The board's `resolution` is at most 4 canvas pixels per unit",
         game_widget.MAX_RESOLUTION, 4),
        ("widget.md", "int nodes reached from the root 0 without cycles, at most 500 deep",
         treegraph.MAX_TREE_DEPTH, 500),
        ("promises.md", "shorter than about 745 px the board's row shrinks with the window (to "
         "360 px at least)", (layout.BOARD_HEIGHT + layout.WINDOW_ROOM,
                              layout.BOARD_HEIGHT_LEAST), (745, 360)),
        ("widget.md", "`agent_delay > 0` (the default, 0.6 s)",
         inspect.signature(GameWidget).parameters["agent_delay"].default, 0.6),
        ("widget.md", "fewer than 10 times (`tabletop.agents.analysis.SHALLOW_VISITS`)",
         analysis.SHALLOW_VISITS, 10),
        ("widget.md", "`MCTSAgent(widen_from=64)`, the default",
         make_agent("mcts").widen_from, 64),
        ("widget.md", "the default 300 iterations", make_agent("mcts").iterations, 300),
        ("arena.md", "a second (`tabletop.arena.clock.GRACE`)", clock.GRACE, 1.0),
        ("arena.md", "at most `batch=` games (100 by default)", run["batch"].default, 100),
        ("arena.md", "up to `retries=` times (3)", run["retries"].default, 3),
        ("arena.md", "It is at most a day (86,400 s", None, None),
        ("arena.md", "`result.ratings(samples=200, seed=0, anchor=None)`", None, None),
    ]
    try:
        from tabletop.adapters import openspiel
    except ImportError:
        return found
    return [*found,
            ("adapters.md", "(1000 by default, at most 100,000)",
             (openspiel.SEEDS, openspiel.MAX_SEEDS), (1000, 100_000)),
            ("adapters.md", "0 to 2³¹ − 1", openspiel.MAX_FIXED_SEED, 2**31 - 1),
            ("promises.md", "(`seeds` at most 100,000)", openspiel.MAX_SEEDS, 100_000)]


def test_the_limits_and_defaults_the_docs_give_are_the_codes():
    wrong = []
    for name, phrase, code, said in limits():
        says(name, phrase)
        if code != said:
            wrong.append(f"docs/{name} says {phrase!r}: the code has {code!r}")
    assert not wrong, failure("limits and defaults the docs give are not the code's", wrong,
                              FIX)


def test_a_move_time_over_a_day_is_refused_as_the_arena_page_says():
    from tabletop.arena import arena

    with pytest.raises(ValueError, match="at most 86,400: a day"):
        arena("landlock", ["random", "random"], games=1, move_time=86_401, progress=False)


def test_thinking_values_may_be_negative_and_counts_may_not():
    """The promise reads "counts 0 to 10**12, values −10**12 to 10**12": a candidate's mean
    value below zero loads, a negative visit count is refused."""
    from tabletop.core.errors import InvalidRecord

    widget = tabletop.play("landlock", seed=3, bots={1: "mcts-weak"}, agent_delay=0,
                           panel_delay=0)
    widget.play("land")
    widget.play(widget.state.legal_actions()[0])
    saved = widget.save(full=True)
    ply = next(iter(saved["thinking"]))

    def with_candidate(**fields: object) -> dict:
        changed = copy.deepcopy(saved)
        changed["thinking"][ply]["candidates"][0].update(fields)
        return changed

    widget.load(with_candidate(value=-10**12))
    for refused in ({"value": -10**12 - 1}, {"visits": -1}):
        with pytest.raises(InvalidRecord, match="candidate 1 needs"):
            widget.load(with_candidate(**refused))
    widget.close()


# --- figures measured on the games ----------------------------------------------------------

def test_lacunas_placements_a_turn_are_as_the_widget_page_says():
    """"Lacuna offers some A–B placements a turn (about C for the first pawn, D halfway
    through a game)": A–B holds the middle 90 % of the decisions of seeded random games, and
    C and D are the medians, within a tenth."""
    match = re.search(r"Lacuna offers some (\d+)–(\d+) placements a turn \(about (\d+) for "
                      r"the first pawn, (\d+) halfway through a game\)", page("widget.md"))
    assert match, "docs/widget.md no longer gives Lacuna's placements a turn"
    low, high, first, halfway = map(int, match.groups())
    by_pawn: dict[int, list[int]] = {}
    for _, state in random_states(tabletop.load("lacuna"), range(40), setup="random"):
        if not state.is_terminal:
            by_pawn.setdefault(len(state.history) - 1, []).append(len(state.legal_actions()))
    counts = sorted(n for ns in by_pawn.values() for n in ns)
    cut = len(counts) // 20
    assert low <= counts[cut] and counts[-cut - 1] <= high, (counts[cut], counts[-cut - 1])
    assert abs(statistics.median(by_pawn[0]) - first) <= first / 10
    assert abs(statistics.median(by_pawn[6]) - halfway) <= halfway / 10


def test_no_node_of_the_other_games_is_widened():
    """"No node of the other games has more than 64 moves": seeded random games of every
    other game and player count never offer more than ``widen_from`` moves."""
    from tabletop.agents import make_agent

    says("widget.md", "No node of the other games has more than 64 moves")
    widen_from = make_agent("mcts").widen_from
    for name in ("lascaux", "lava-flows", "landlock"):
        for players in tabletop.load(name).player_counts:
            game = tabletop.load(name, players=players)
            widest = max(len(state.legal_actions())
                         for _, state in random_states(game, range(20), setup="random"))
            assert widest <= widen_from, (name, players, widest)


# --- module docstrings ----------------------------------------------------------------------

def test_cores_docstring_lists_what_core_holds():
    """``help(tabletop.core)`` named agents among its machinery; they live in
    ``tabletop.agents``, and core holds no agent module."""
    import tabletop.core

    listed = re.match(r"Game-independent machinery: (.*)\.", tabletop.core.__doc__ or "")
    assert listed, failure(
        "tabletop/core/__init__.py's docstring no longer lists what core holds",
        [(tabletop.core.__doc__ or "")[:80]],
        "keep its first sentence \"Game-independent machinery: ....\"")
    modules = {p.stem for p in (ROOT / "tabletop" / "core").iterdir()}
    stray = sorted(modules & {"agents", "agent", "mcts"}) + \
        (["agents, in core's docstring"] if "agents" in listed[1] else [])
    assert not stray, failure("core holds or names agent modules", stray,
                              "agents live in tabletop/agents: move them there and out of "
                              "core's docstring")


def test_resample_from_infostate_takes_what_the_adapters_page_says():
    """The page named the argument ``sampler`` beside ``openspiel.resampler``: a resampler
    passed there failed inside with "missing 2 required positional arguments"."""
    pytest.importorskip("pyspiel")
    import random

    from tabletop.adapters import openspiel

    says("adapters.md", "`state.resample_from_infostate(player, probability_sampler)`")
    says("adapters.md", "a function of no arguments returning a number from 0 to 1, such as "
                        "`random.random`; a resampler is refused with a `TypeError`")
    state = openspiel.load_game("lascaux", players=3).new_initial_state()
    state.apply_action(2)
    state.apply_action(state.legal_actions()[0])
    drawn = state.resample_from_infostate(1, random.Random(0).random)
    assert drawn.information_state_string(1) == state.information_state_string(1)
    for wrong in (openspiel.resampler(seed=0), 5):
        with pytest.raises(TypeError, match="probability_sampler should be a function of no "
                                            "arguments that returns a number from 0 to 1"):
            state.resample_from_infostate(1, wrong)


# --- the API reference ----------------------------------------------------------------------

#: An ``autoclass`` directive of a page, its options and the members it lists.
AUTOCLASS = re.compile(r"^\.\. autoclass:: (?P<name>\S+)\n(?P<options>(?:[ \t]+:.*\n"
                       r"(?:[ \t]{4,}[^:\s].*\n)*)*)", re.M)


def autoclasses(text: str) -> list[tuple[str, set[str], list[str]]]:
    """``(class, options, listed members)`` of each ``autoclass`` directive in ``text``.

    >>> [(name, sorted(options), listed) for name, options, listed in autoclasses(
    ...     ".. autoclass:: a.B\\n   :inherited-members:\\n   :members: x, y,\\n"
    ...     "             z\\n")]
    [('a.B', ['inherited-members', 'members'], ['x', 'y', 'z'])]
    """
    found = []
    for match in AUTOCLASS.finditer(text):
        options = dict(re.findall(r":([\w-]+):([^:]*?)(?=\n\s+:[\w-]+:|\Z)",
                                  match["options"].strip(), re.S))
        listed = [m.strip() for m in options.get("members", "").split(",") if m.strip()]
        found.append((match["name"], set(options), listed))
    return found


def test_every_member_the_api_reference_lists_is_shown():
    """Sphinx's autodoc drops a listed member that a class inherits, silently, unless the
    directive says ``:inherited-members:`` — so ``current_player``, ``legal_actions``,
    ``observation``, ``num_distinct_actions`` and twenty more were missing from the API
    page, under a build with ``-W``."""
    from test_docs_examples import resolve

    dropped, missing = [], []
    for page_path in sorted((ROOT / "docs").glob("*.md")):
        for name, options, listed in autoclasses(page_path.read_text(encoding="utf-8")):
            cls = resolve(name)
            if not isinstance(cls, type):
                missing.append(f"docs/{page_path.name}: {name} is no class")
                continue
            for member in listed:
                if not hasattr(cls, member):
                    missing.append(f"docs/{page_path.name}: {name} has no {member!r}")
                    continue
                own = member in vars(cls) or member in getattr(cls, "__annotations__", {})
                if not own and "inherited-members" not in options:
                    dropped.append(f"docs/{page_path.name}: {name}.{member}")
    assert not missing, failure("the API reference lists names that do not exist", missing,
                                "correct or drop each from its autoclass :members:")
    assert not dropped, failure(
        "members the API reference lists but Sphinx drops (inherited)", dropped,
        "add :inherited-members: to the autoclass directive that lists them")


def test_the_helpers_examples():
    import doctest
    import sys

    result = doctest.testmod(sys.modules[__name__])
    assert result.attempted and not result.failed
