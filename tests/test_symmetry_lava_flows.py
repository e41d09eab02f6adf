"""Lava Flows' symmetries: the board mirrored left to right, and the colours swapped with the
seats (White's home row becoming Black's, so the rows flip too). Neither may change the answer.

A position and its image are built from the same random position's fields; each check maps
the position's answer and compares it with the image's: legal actions (a set: their order
follows cell numbers), what each action leads to, the outcome and winners, every view (its
stacks, legal actions and observation tensor), the click paths, and a game played on in
lockstep from both (repetition draws and the ply cap included). Refusal messages agree too,
but for their list of legal actions, which is in cell order.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Callable

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop.core.errors import IllegalAction
from tabletop.core.ids import action_space
from tabletop.core.input import input_for
from tabletop.games.lava_flows import actions as A
from tabletop.games.lava_flows.board import CELLS, INDEX
from tabletop.games.lava_flows.position import PLAY
from tabletop.games.lava_flows.rules import LavaState
from tabletop.games.lava_flows.tensor import PLANES

KINDS = ("mirror", "swap")
#: The colour swap: Larges and Mediums change colour; a Medium White hid becomes one Black
#: hid of the other colour (``0`` white under White's Large -> ``4`` black under Black's);
#: the unknown hiding places ``m`` (White's) and ``n`` (Black's) trade places.
SWAP_CODES = str.maketrans("WBwb012345mn", "BWbw435102nm")
SWAP_WORDS = {"black": "white", "white": "black", "wbw": "bwb", "bwb": "wbw"}
OPTIONS = ({}, {"slide": "empty"}, {"oreo": "top"}, {"memory": True},
           {"ply_cap": 40, "slide": "empty", "memory": True})


def cell_map(kind: str) -> Callable[[int], int]:
    """Where cell ``i`` goes: columns a <-> c (mirror), rows 1 <-> 3 (swap)."""
    def image(i: int) -> int:
        row, col = divmod(i, 3)
        return row * 3 + 2 - col if kind == "mirror" else (2 - row) * 3 + col
    return image


def seat(kind: str, p: int | None) -> int | None:
    return 1 - p if kind == "swap" and p is not None and p >= 0 else p


def stacks_image(stacks: tuple[str, ...], kind: str) -> tuple[str, ...]:
    image = cell_map(kind)
    out = [""] * 9
    for i, stack in enumerate(stacks):
        out[image(i)] = stack.translate(SWAP_CODES) if kind == "swap" else stack
    return tuple(out)


def rebuilt(s: LavaState, kind: str | None = None) -> LavaState:
    """``s`` (``kind=None``) or its image as a fresh position in play: no history, so the
    position and its image both start their repetition count here."""
    if kind is None:
        return LavaState(game=s.game, stacks=s.stacks, cones=s.cones, first=s.first, phase=PLAY,
                         to_move=s.to_move, lock=s.lock, plies=s.plies, positions=(),
                         winner=-1, outcome="", claims=())._settled()
    image = cell_map(kind)
    cones = [-1] * 9
    for i, owner in enumerate(s.cones):
        cones[image(i)] = seat(kind, owner)
    return LavaState(game=s.game, stacks=stacks_image(s.stacks, kind), cones=tuple(cones),
                     first=seat(kind, s.first), phase=PLAY, to_move=seat(kind, s.to_move),
                     lock=image(s.lock) if s.lock >= 0 else -1, plies=s.plies, positions=(),
                     winner=-1, outcome="", claims=())._settled()


def target(t: object, kind: str) -> object:
    """An action field or a click target, mapped: cell names move, colour words swap."""
    if isinstance(t, tuple):
        return tuple(target(x, kind) for x in t)
    if isinstance(t, str) and t in INDEX:
        return CELLS[cell_map(kind)(INDEX[t])]
    if kind == "swap" and isinstance(t, str):
        return SWAP_WORDS.get(t, t)
    return t


def action(a: A.Action, kind: str) -> A.Action:
    if isinstance(a, A.Move | A.Slide):
        return type(a)(target(a.src, kind), target(a.dst, kind))
    if isinstance(a, A.Bubble):
        return A.Bubble(target(a.cell, kind), target(a.claim, kind))
    if isinstance(a, A.Eject):
        return A.Eject(target(a.cell, kind), a.depth, target(a.dst, kind),
                       target(a.claim, kind))
    if isinstance(a, A.Arrange):
        return A.Arrange(target(a.black, kind), target(a.white, kind))
    return a


def facts(s: object, kind: str | None = None) -> tuple[object, ...]:
    """What a position's answer is, mapped by ``kind`` (``None``: as it is)."""
    stacks, cones = s.stacks, s.cones
    k = kind or "none"
    if kind is not None:
        stacks = stacks_image(stacks, kind)
        moved = [-1] * 9
        for i, owner in enumerate(cones):
            moved[cell_map(kind)(i)] = seat(kind, owner)
        cones = tuple(moved)
    lock = s.lock
    return (stacks, cones, seat(k, s.current_player),
            cell_map(kind)(lock) if kind and lock >= 0 else lock,
            s.outcome, tuple(sorted(seat(k, p) for p in s.winners)),
            tuple(s.scores)[::-1] if kind == "swap" else tuple(s.scores))


def names(actions: object, kind: str | None = None) -> list[str]:
    return sorted(str(action(a, kind) if kind else a) for a in actions)


def position(seed: int, options: dict[str, object]) -> LavaState:
    """A position in play after a random number of random plies."""
    game = tabletop.load("lava-flows", **options)
    rng = random.Random(seed)
    s = game.new(seed=seed, setup="random")
    for _ in range(rng.randrange(0, 60)):
        if s.is_terminal:
            break
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def plane_map() -> list[int]:
    """Where each observation plane goes under the colour swap."""
    def swapped(name: str) -> str:
        if name.startswith("height "):
            height, code = name.split(": ")
            return f"{height}: {code.translate(SWAP_CODES)}"
        for a, b in (("White", "Black"), ("white", "black")):
            name = name.replace(a, "\0").replace(b, a).replace("\0", b)
        return name
    return [PLANES.index(swapped(n)) for n in PLANES]


SEEDS = st.integers(0, 10**6)
FEW = settings(max_examples=12, deadline=None)


@FEW
@given(seed=SEEDS, which=st.integers(0, len(OPTIONS) - 1))
def test_legal_actions_results_and_outcomes_map(seed: int, which: int) -> None:
    s = position(seed, OPTIONS[which])
    base = rebuilt(s)
    for kind in KINDS:
        image = rebuilt(s, kind)
        assert facts(base, kind) == facts(image)
        assert names(base.legal_actions(), kind) == names(image.legal_actions())
        for a in base.legal_actions():
            assert facts(base.apply(a), kind) == facts(image.apply(action(a, kind))), (kind, a)


@FEW
@given(seed=SEEDS, which=st.integers(0, len(OPTIONS) - 1))
def test_views_and_observations_map(seed: int, which: int) -> None:
    s = position(seed, OPTIONS[which])
    base = rebuilt(s)
    swap_planes = plane_map()
    for kind in KINDS:
        image = rebuilt(s, kind)
        for p in (0, 1):
            seen, imaged = base.view(p), image.view(seat(kind, p))
            assert stacks_image(seen.stacks, kind) == imaged.stacks
            assert names(seen.legal_actions(), kind) == names(imaged.legal_actions())
            ours = np.asarray(seen.observation())
            expected = ours[:, :, ::-1] if kind == "mirror" else ours[:, ::-1, :]
            if kind == "swap":
                expected = expected[np.argsort(swap_planes)]
            assert np.array_equal(expected, np.asarray(imaged.observation())), (kind, p)


@FEW
@given(seed=SEEDS)
def test_click_paths_map(seed: int) -> None:
    s = position(seed, {})
    base = rebuilt(s)
    for kind in KINDS:
        image = rebuilt(s, kind)
        for ours, theirs in ((base, image), (base.view(base.to_move), image.view(image.to_move))):
            clicks, image_clicks = input_for(s.game, ours), input_for(s.game, theirs)
            mapped = sorted(repr(target(tuple(path), kind)) for a in ours.legal_actions()
                            for path in clicks.paths(a))
            assert mapped == sorted(repr(tuple(path)) for a in theirs.legal_actions()
                                    for path in image_clicks.paths(a))


@settings(max_examples=20, deadline=None)
@given(seed=SEEDS, which=st.integers(0, len(OPTIONS) - 1))
def test_games_played_on_in_lockstep_end_alike(seed: int, which: int) -> None:
    """From a position and its image, the same (mapped) plies to the end of the game: the
    repetition draws, the ply cap and the wins come at the same ply."""
    options = {"ply_cap": 40, **OPTIONS[which]}
    s = position(seed, options)
    rng = random.Random(seed)
    for kind in KINDS:
        base, image = rebuilt(s), rebuilt(s, kind)
        while True:
            assert facts(base, kind) == facts(image), (kind, base.plies)
            if base.is_terminal:
                break
            a = rng.choice(base.legal_actions())
            base, image = base.apply(a), image.apply(action(a, kind))


def test_setup_arrangements_mirror() -> None:
    """The hidden arrangements at setup: the mirrored choice hides the same pieces."""
    game = tabletop.load("lava-flows")
    for seed in range(6):
        s = game.new(seed=seed)
        rng = random.Random(seed)
        while s.phase < PLAY:
            image = dataclasses.replace(s, stacks=stacks_image(s.stacks, "mirror"))
            assert names(s.legal_actions(), "mirror") == names(image.legal_actions())
            a = rng.choice(s.legal_actions())
            t, u = s.apply(a), image.apply(action(a, "mirror"))
            assert stacks_image(t.stacks, "mirror") == u.stacks
            assert (t.phase, t.current_player, t.first) == (u.phase, u.current_player, u.first)
            s = t


def _mapped_text(text: str, kind: str) -> str:
    text = re.sub(r"; \w+ may play: .*", "", text)  # the legal actions, in cell order
    text = re.sub(r"\b([abc][123])\b", lambda m: str(target(m.group(1), kind)), text)
    if kind == "swap":
        for a, b in (("White", "Black"), ("white", "black"), ("wbw", "bwb")):
            text = re.sub(rf"\b{a}\b", "\0", text)
            text = re.sub(rf"\b{b}\b", a, text).replace("\0", b)
    return text


def _refusal(s: LavaState, a: A.Action) -> str:
    try:
        s.apply(a)
    except IllegalAction as error:
        return str(error)
    raise AssertionError(f"{a} was played")


def test_refusals_say_the_same_of_the_image() -> None:
    """Every action of the game's action space is legal in a position exactly when its image
    is legal in the image, and refused for the same (mapped) reason."""
    space = action_space(tabletop.load("lava-flows"))
    checked = 0
    for seed in range(3):
        s = position(seed, {})
        base = rebuilt(s)
        for kind in KINDS:
            image = rebuilt(s, kind)
            for i in range(space.size):
                a = space.action_at(i)
                if a is None or isinstance(a, A.Arrange):
                    continue
                b = action(a, kind)
                assert base.is_legal(a) == image.is_legal(b), (kind, a)
                if base.is_legal(a):
                    continue
                ours, theirs = _mapped_text(_refusal(base, a), kind), _refusal(image, b)
                theirs = re.sub(r"; \w+ may play: .*", "", theirs)
                # fixed wording that lists colours in one order, whoever asks
                if "cannot be seen: claim" in theirs or "e.g. 'eject" in theirs:
                    continue
                assert ours == theirs, (kind, a)
                checked += 1
    assert checked > 1000
