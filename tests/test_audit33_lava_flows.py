"""Audit 33: Lava Flows against a plain model of the specification's physical rules.

The engine is written for speed (piece codes, memos, handed-on tables). This file restates
the rules of ``rules/lava-flows.md`` as plainly as possible — pieces and hiding places in
lists, no knowledge — and checks that the engine offers the same Moves, Slides, Bubble Ups
and Oreo ejections and that every action leaves the same pieces, cones, lock and winner, in
random games and random positions, under every option.
"""

from __future__ import annotations

import random

import pytest

import tabletop
from tabletop.games.lava_flows.actions import Bubble, Eject, Move, Slide

OPTIONS = [{}, {"slide": "empty"}, {"oreo": "top"}, {"memory": True},
           {"slide": "empty", "oreo": "top"}]

CELLS = [f"{col}{row + 1}" for row in range(3) for col in "abc"]
INDEX = {name: i for i, name in enumerate(CELLS)}
GOAL = {0: (6, 7, 8), 1: (0, 1, 2)}  # White aims for row 3, Black for row 1
GOAL_OWNER = {c: p for p, cells in GOAL.items() for c in cells}
#: The engine's piece codes as plain pieces: ``_`` an empty hiding place (not a piece).
PLAIN = {"W": "W", "B": "B", "w": "w", "b": "b", "0": "w", "3": "w", "1": "b", "4": "b",
         "2": "_", "5": "_"}
CONE = {-1: [], 0: ["W", "w"], 1: ["B", "b"]}


def neighbours(c):
    r, k = divmod(c, 3)
    return [(r + dr) * 3 + k + dk for dr, dk in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < 3 and 0 <= k + dk < 3]


def colour(piece):
    return 0 if piece in "Ww" else 1


def is_large(piece):
    return piece in "WB"


def pieces(stack):
    return [x for x in stack if x != "_"]


def settle(stack):
    """An empty hiding place that no Large covers any more has been seen: it is gone."""
    larges = [i for i, x in enumerate(stack) if is_large(x)]
    top = larges[-1] if larges else -1
    return [x for i, x in enumerate(stack) if not (x == "_" and i > top)]


def plain(state):
    return [[PLAIN[code] for code in s] for s in state.stacks], list(state.cones)


def oreos(cone, stack, top_only):
    """``(depth, middle index, pile, all in view)`` of every Oreo in a cell (cone included)."""
    pile = CONE[cone] + pieces(stack)
    n, low = len(pile), max(1, len(CONE[cone]))
    larges = [j for j, x in enumerate(pile) if is_large(x)]
    top = larges[-1] if larges else -1
    return [(n - 1 - i, i, pile, i - 1 >= top) for i in range(low, n - 1)
            if (not top_only or i == n - 2)
            and colour(pile[i - 1]) == colour(pile[i + 1]) != colour(pile[i])]


def expected_offers(stacks, cones, mover, lock, options):
    """The Moves, Slides and Bubble Ups (cell, claimed?) the rules allow, and the Oreos."""
    onto = options.get("slide", "onto") == "onto"
    moves, slides, bubbles, ejects = set(), set(), set(), {}
    for c in range(9):
        stack = stacks[c]
        real = pieces(stack)
        for d in neighbours(c):
            occupied = bool(pieces(stacks[d])) or cones[d] >= 0
            if real and colour(real[-1]) == mover:
                moves.add((CELLS[c], CELLS[d]))
            if real and (occupied if onto else colour(real[-1]) == mover and not occupied):
                slides.add((CELLS[c], CELLS[d]))
        if len(stack) >= 2 and c != lock:  # two places at least, a hiding place counting
            bubbles.add((CELLS[c], any(map(is_large, stack))))
        for depth, i, pile, in_view in oreos(cones[c], stack, options.get("oreo") == "top"):
            ejects[(CELLS[c], depth)] = ("bwb" if colour(pile[i]) == 0 else "wbw", in_view)
    return moves, slides, bubbles, ejects


def expected_after(stacks, cones, mover, action):
    """The pieces, cones, lock and winner after ``action``, by the rules."""
    stacks = [list(s) for s in stacks]
    cones = list(cones)
    lock = -1
    if isinstance(action, Move):
        a, b = INDEX[action.src], INDEX[action.dst]
        stacks[b].append(stacks[a].pop())
        stacks[a] = settle(stacks[a])
    elif isinstance(action, Slide):
        a, b = INDEX[action.src], INDEX[action.dst]
        stacks[b] += stacks[a]
        stacks[a] = []
    elif isinstance(action, Bubble):
        c = INDEX[action.cell]
        s = stacks[c]
        if not action.claim:
            stacks[c], lock = s[1:] + s[:1], c
        else:
            low = 1 if s[0] == "_" else 0  # under an empty hiding place: its Large
            found = ("nothing" if is_large(s[low])
                     else "white" if s[low] == "w" else "black")
            if action.claim == found:
                stacks[c], lock = settle(s[low + 1:] + [s[low]]), c
            else:  # revealed where it lies; an empty hiding place is seen, so gone
                stacks[c] = s[low:]
    elif isinstance(action, Eject):
        c, b = INDEX[action.cell], INDEX[action.dst]
        s = stacks[c]
        at = [j for j, x in enumerate(s) if x != "_"]
        if action.claim:  # lifted apart down to the Oreo's lowest piece (or the bottom)
            lowest = at[-(action.depth + 2)] if action.depth + 2 <= len(at) else -1
            s = [x for j, x in enumerate(s) if not (x == "_" and j > lowest)]
            at = [j for j, x in enumerate(s) if x != "_"]
        pile = CONE[cones[c]] + pieces(s)
        i = len(pile) - 1 - action.depth
        right = (max(1, len(CONE[cones[c]])) <= i < len(pile) - 1
                 and colour(pile[i - 1]) == colour(pile[i + 1]) != colour(pile[i])
                 and (not action.claim or action.claim[1] == pile[i].lower()))
        if right:
            j = at[len(at) - 1 - action.depth]
            stacks[b].append(s[j])
            s = s[:j] + s[j + 1:]
        stacks[c] = settle(s)
    for c, owner in GOAL_OWNER.items():  # solidification, for both players
        s = stacks[c]
        larges = [i for i, x in enumerate(s) if is_large(x)]
        if cones[c] < 0 and larges and s[larges[-1]:larges[-1] + 2] == CONE[owner]:
            k = larges[-1]
            cones[c], stacks[c] = owner, settle(s[:k] + s[k + 2:])
    winner = next((p for p in (mover, 1 - mover)
                   if all(cones[c] == p for c in GOAL[p])), -1)
    return stacks, cones, lock, winner


def compare(state, rng, options, check_ejects=True):
    """Play on from ``state`` at random (claims often), checking every step; the plies
    played and the cones formed."""
    steps = formed = 0
    while not state.is_terminal and steps < 80:
        stacks, cones = plain(state)
        mover = state.current_player
        lock = -1 if state.lock is None else state.lock
        moves, slides, bubbles, ejects = expected_offers(stacks, cones, mover, lock, options)
        actions = state.legal_actions()
        assert {(a.src, a.dst) for a in actions if isinstance(a, Move)} == moves, state
        assert {(a.src, a.dst) for a in actions if isinstance(a, Slide)} == slides, state
        assert {(a.cell, bool(a.claim)) for a in actions if isinstance(a, Bubble)} == bubbles
        offered = {}
        for a in actions:
            if isinstance(a, Eject):
                offered.setdefault((a.cell, a.depth), set()).add((a.claim, a.dst))
        if check_ejects:
            for (cell, depth), (pattern, in_view) in ejects.items():
                want = {("" if in_view else pattern, CELLS[d]) for d in neighbours(INDEX[cell])}
                assert want <= offered.get((cell, depth), set()), (cell, depth, state)
            for key, got in offered.items():  # unannounced: a real Oreo wholly in view
                assert all(claim or ejects.get(key, ("", False))[1] for claim, _ in got), state
        action = rng.choice(actions)
        claimed = [a for a in actions if isinstance(a, Bubble | Eject)]
        if claimed and rng.random() < 0.5:
            action = rng.choice(claimed)
        after = state.apply(action)
        if after.outcome in ("repetition", "ply cap"):
            break
        want = expected_after(stacks, cones, mover, action)
        got_stacks, got_cones = plain(after)
        got = (got_stacks, got_cones, -1 if after.lock is None else after.lock,
               after.winner if after.outcome == "win" else -1)
        assert got == want, (str(action), str(state))
        formed += sum(1 for before, now in zip(cones, got_cones, strict=True) if before != now)
        state, steps = after, steps + 1
    return steps, formed


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_random_games_follow_the_plain_rules(options):
    game = tabletop.load("lava-flows", **options)
    plies = sum(compare(game.new(seed=seed, setup="random"), random.Random(seed), options)[0]
                for seed in range(12))
    assert plies > 100


@pytest.mark.parametrize("options", OPTIONS, ids=str)
def test_random_positions_follow_the_plain_rules(options):
    """Random piles of all twelve pieces (in view, or covered in view), so that cones
    form and games are won often."""
    game = tabletop.load("lava-flows", **options)
    formed = 0
    for seed in range(60):
        rng = random.Random(seed)
        bag = list("WWWBBBwwwbbb")
        rng.shuffle(bag)
        cells: dict[str, list[str]] = {}
        for piece in bag:  # the goal rows twice as likely as the middle row
            cells.setdefault(rng.choice(CELLS[:3] + CELLS[6:] + CELLS), []).append(piece)
        state = game.position({c: " ".join(s) for c, s in cells.items()},
                              to_move=rng.randrange(2))
        formed += compare(state, rng, options)[1]
    assert formed > 10
