"""Lacuna's faster move machinery against plain references, exactly.

* ``kernels.pawn_table`` (one ``take`` of a few values per pair) against the table written
  column by column, on seeded layouts of several sizes.
* The dead mask a move carries to the next state against one worked out afresh, and the
  end's claims against the plain nearest-pawn rule.
* The colour counts packed a byte per colour (``scoring.counts``) against plain counting.
"""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

import tabletop
from tabletop.games.lacuna import kernels, scoring
from tabletop.games.lacuna.geometry import STEPS
from tabletop.games.lacuna.plane import nearest_owner


def ref_pawn_rows(seg: kernels.Lines, rp: float) -> np.ndarray:
    """``pawn_table``'s rows written column by column, in bit order, each as ``(px term, py
    term, constant, |p|² term)`` against ``(px, py, 1, |p|² − (2·rp)²)``: per pair its sample
    spots (``|S − p|² − (2·rp)²``) and one that never holds; per pair ``−s``, ``s − |d|²``
    (``s = (p − A)·d``) and ``±cross`` less the low width, then the high one; per flower
    ``|F − p|² − rp²``; zero columns up to whole bytes."""
    pairs, spots = seg.spots.shape[1:]
    low, high = rp * (1 - kernels._MARGIN), rp * (1 + kernels._MARGIN)
    columns = []
    for i in range(pairs):
        for sx, sy in seg.spots[:, i].T.tolist():
            columns.append((-2 * sx, -2 * sy, sx * sx + sy * sy, 1))
        columns.append((0, 0, 0, 0))
    for i in range(pairs):
        (ax, ay), (dx, dy) = seg.start[:, i].tolist(), seg.run[:, i].tolist()
        bx, by, c, root = ax + dx, ay + dy, seg.cross[2, i], seg.root[i]
        columns.append((-dx, -dy, ax * dx + ay * dy, 0))
        columns.append((dx, dy, -(bx * dx + by * dy), 0))
        for width in (low * root, high * root):
            columns += [(dy, -dx, c - width, 0), (-dy, dx, -c - width, 0)]
    for fx, fy in seg.flowers.T.tolist():
        columns.append((-2 * fx, -2 * fy, fx * fx + fy * fy + 3 * rp * rp, 1))
    columns += [(0, 0, 0, 0)] * (-len(columns) % 8)
    return np.array(columns, dtype=float).T


@pytest.mark.parametrize("options", [{}, {"mat_radius": 2, "flower_radius": 0.05,
                                          "pawn_radius": 0.1}, {"pawn_radius": 0.01}])
def test_pawn_table_is_the_column_by_column_table(options):
    """Every column exactly as written plainly, but the widths' constants (rounded: within a
    unit); stored last column first."""
    game = tabletop.load("lacuna", **options)
    for seed in range(12):
        geo = game.new(seed=seed, setup="random").geometry
        table = kernels.pawn_table(geo._lines, geo.rp)
        rows, want = table.rows[:, ::-1], ref_pawn_rows(geo._lines, geo.rp)
        assert rows.shape == want.shape and table.rows.flags.c_contiguous
        widths = np.zeros(rows.shape, dtype=bool)
        page = table.page
        widths[2, page:2 * page].reshape(-1, 6)[:, 2:] = True  # the constants of ±cross
        assert np.array_equal(rows[~widths], want[~widths])
        assert np.allclose(rows[widths], want[widths], rtol=0, atol=1)
        assert table.reach2 == 4 * geo.rp * geo.rp and page == 6 * len(geo.pa)
        table.rows[:] = -1.0  # the table's own: what it starts from is kept apart
    geo = game.new(seed=0, setup="random").geometry
    again = kernels.pawn_table(geo._lines, geo.rp).rows[:, ::-1]
    assert np.array_equal(again[3], ref_pawn_rows(geo._lines, geo.rp)[3])


def _finished(seed: int, check=None):
    """A seeded random game of Lacuna played to the end (``check`` called on each state
    after the first)."""
    rng = random.Random(seed)
    state = tabletop.load("lacuna").new(seed=seed, setup="random")
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        if check is not None:
            check(state)
    return state


def _dead_mask_is_fresh(state) -> None:
    carried = state._cache.get("dead")
    if carried is not None:
        assert copy.copy(state)._dead() == carried


def test_carried_dead_mask_and_claims_are_the_fresh_ones():
    """A move carries the next state's dead mask (``_apply``); a copy, which carries no
    cache, works it out afresh: the same. At the end, the claims are those of the plain
    nearest-pawn rule, and pawn columns kept under either owner give the claims of new ones."""
    for seed in range(16):
        state = _finished(seed, _dead_mask_is_fresh)
        on = state.flowers_on_mat()
        fx = np.array([state.points[f][0] * STEPS for f in on], dtype=float)
        fy = np.array([state.points[f][1] * STEPS for f in on], dtype=float)
        assert dict(state.claims()) == dict(zip(on, nearest_owner(fx, fy, state.pawns),
                                                strict=True))
        rows, _, columns = state._score_rows()
        swapped = tuple((x, y, 1 - o) for x, y, o in state.pawns)  # every column cached
        assert scoring.claim_masks(rows, swapped, columns) == \
            scoring.claim_masks(rows, swapped, {})


def test_stored_current_player_follows_the_rule():
    """``current_player`` is a field every move sets: the start player until the colour is
    set aside, then alternately from the start player, ``None`` with all 12 pawns placed —
    in states, views, determinized states and copies alike."""
    game = tabletop.load("lacuna")
    for seed in range(8):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        while True:
            placed = len(state.pawns)
            want = None if placed >= 12 else (state.start + placed) % 2
            view = state.view(seed % 2)
            assert state.current_player == view.current_player == want
            assert view.determinize(random.Random(seed)).current_player == want
            assert copy.copy(state).current_player == want
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))


def test_minus_is_plain_subtraction():
    """``kernels.minus`` against counts per bit subtracted one by one."""
    rng = random.Random(5)
    for _ in range(300):
        width = rng.randrange(1, 40)
        counts = [rng.randrange(0, 9) for _ in range(width)]
        r = [rng.randrange(0, 2) if c else 0 for c in counts]
        s = [rng.randrange(0, 2) if c - r[i] > 0 else 0 for i, c in enumerate(counts)]
        planes = tuple(sum(((c >> j) & 1) << i for i, c in enumerate(counts))
                       for j in range(max(counts).bit_length()))
        rm, sm = sum(b << i for i, b in enumerate(r)), sum(b << i for i, b in enumerate(s))
        out, union = kernels.minus(planes, rm ^ sm, rm & sm)
        left = [c - r[i] - s[i] for i, c in enumerate(counts)]
        assert [sum(((p >> i) & 1) << j for j, p in enumerate(out)) for i in range(width)] \
            == left
        assert union == sum(1 << i for i, c in enumerate(left) if c)
        assert not out or out[-1]  # no all-zero high plane


def test_claims_of_pawns_in_turn_are_those_of_any_order():
    """``claim_masks``' fast case (owners taking turns) against the same pawns reordered,
    which takes the general path."""
    for seed in range(10):
        state = _finished(seed)
        rows, _, columns = state._score_rows()
        shuffled = list(state.pawns)
        random.Random(seed).shuffle(shuffled)
        shuffled.sort(key=lambda p: p[2])  # player 0's pawns, then player 1's: not in turn
        assert scoring.claim_masks(rows, state.pawns, columns) == \
            scoring.claim_masks(rows, shuffled, {})


def test_claims_survive_the_column_store_filling_up():
    """When the store of pawn columns is full, it is emptied before the missing columns are
    chosen: the pawns already kept are read again too (a claim must never fail for it)."""
    state = _finished(3)
    rows, _, _ = state._score_rows()
    expected = scoring.claim_masks(rows, state.pawns, {})
    columns: dict = {}
    scoring.claim_masks(rows, state.pawns[:-1], columns)  # all but the last pawn kept
    for i in range(scoring.MAX_COLUMNS.size - len(columns)):  # filled to the limit with others
        columns[-1, -1, i] = b""
    assert scoring.claim_masks(rows, state.pawns, columns) == expected


def test_packed_colour_counts_follow_the_plain_count() -> None:
    """``scoring.counts`` (a byte per colour, read from per-byte tables) against counting
    each colour's flowers in the owned masks, with ``majorities`` and ``total`` on top."""
    rng = random.Random(20)
    for _ in range(300):
        n = rng.randrange(1, 64)
        colors = [rng.randrange(7) for _ in range(n)]
        owned = (rng.getrandbits(n), rng.getrandbits(n))
        start, aside = rng.randrange(2), rng.choice([None, *range(7)])
        plain = [[sum(1 for f in range(n) if (owned[p] >> f) & 1 and colors[f] == c)
                  for c in range(7)] for p in (0, 1)]
        if aside is not None:
            plain[start][aside] += 1
        packed = scoring.counts(scoring.count_tables(colors), owned, start, aside)
        assert scoring.tally(packed) == (tuple(plain[0]), tuple(plain[1]))
        for p in (0, 1):
            assert scoring.total(packed[p]) == sum(plain[p])
            for majority in (1, 4, 7):
                assert scoring.majorities(packed[p], majority) == sum(
                    k >= majority for k in plain[p])


def test_a_layout_is_freed_with_its_last_state_without_the_garbage_collector() -> None:
    """What a layout keeps in its memo (the action readers of ``places.spot_places``, the
    scoring data) must not point back at it: a reference cycle would keep every played
    layout, arrays and all, until the collector runs."""
    import gc

    from tabletop.core.testing import playout
    from tabletop.games.lacuna.geometry import Geometry

    game = tabletop.load("lacuna")
    gc.collect()
    gc.disable()
    kept = {id(o) for o in gc.get_objects() if isinstance(o, Geometry)}  # other tests' layouts
    try:
        for seed in range(20):
            state = playout(game.new(seed=seed, setup="random"), seed, plies=5)
            tuple(state.legal_actions())  # every reader: one action and the whole list
            state = playout(state, seed)
            assert state.is_terminal and state.scores
        del state
        alive = [o for o in gc.get_objects() if isinstance(o, Geometry) and id(o) not in kept]
    finally:
        gc.enable()
    assert alive == []


def _crowded(seed: int):
    """A hand-built position of a few flowers and pawns (``pawn_radius`` 0.04): cramped
    pairs and free placements come up often."""
    rng = random.Random(seed)
    flowers: list[tuple[float, float, int]] = []
    while len(flowers) < rng.randrange(4, 12):
        x, y = round(rng.uniform(-0.6, 0.6), 3), round(rng.uniform(-0.6, 0.6), 3)
        if all((x - a) ** 2 + (y - b) ** 2 > 0.01 for a, b, _ in flowers):
            flowers.append((x, y, rng.randrange(2)))
    pawns = [(round(rng.uniform(-0.6, 0.6), 3), round(rng.uniform(-0.6, 0.6), 3), i % 2)
             for i in range(rng.randrange(0, 9))]
    x, y, colour = flowers[0]  # a short pair whose middle spot a pawn beside it takes
    flowers.append((round(x + 0.06, 3), y, colour))
    pawns.append((round(x + 0.03, 3), round(y + 0.06 + rng.uniform(0, 0.015), 3), 1))
    game = tabletop.load("lacuna", pawn_radius=0.04)
    return game.position(flowers, pawns, start=rng.randrange(2), aside=rng.randrange(7))


def test_listing_and_moves_follow_the_plain_rules():
    """``_legal_actions``' written-out common case (one test for a cramped pair) against
    ``_places`` (which works out the cramped pairs themselves) and the free sample; and each
    move's pawn and collected flowers (worked out in ``_apply``) against ``Geometry.at``, on
    seeded games and crowded hand-built positions."""
    from tabletop.games.lacuna.actions import Place

    starts = [tabletop.load("lacuna").new(seed=seed, setup="random") for seed in range(12)]
    starts += [_crowded(seed) for seed in range(60)]
    kinds = set()
    for seed, state in enumerate(starts):
        rng = random.Random(seed)
        while not state.is_terminal:
            listed = state._legal_actions()
            plain = state._places() or state._free_sample()
            assert tuple(listed) == tuple(plain)
            kinds |= {type(a).__name__ + ("" if type(a) is not Place or a.k % 256 == 0
                                          else " mid") for a in plain}
            action, player = listed[int(rng.random() * len(listed))], state.current_player
            before = state.collected[player]
            state = state.apply(action)
            _dead_mask_is_fresh(state)
            if type(action) is Place:
                x, y, owner = state.pawns[-1]
                assert (x, y) == state.geometry.at(action.a, action.b, action.k)
                assert owner == player
                assert state.collected[player] == before | 1 << action.a | 1 << action.b
    assert kinds == {"Place", "Place mid", "PlaceFree"}  # every kind of listing was met


def test_place_lookup_by_bit_is_place_at_the_pairs():
    """``spot_places``' reader of one bit (built from ``pa`` and ``pb``, without the layout's
    ``pairs`` tuple) gives the interned ``place_at(geo.pairs, bit)`` at every sample spot."""
    from tabletop.games.lacuna.geometry import GROUP
    from tabletop.games.lacuna.places import place_at, spot_places

    game = tabletop.load("lacuna")
    for seed in range(6):
        geo = game.new(seed=seed, setup="random").geometry
        one = spot_places(geo)[3]
        assert geo._pairs is None  # made lazily: listing moves never needs the tuple
        bits = [b for b in range(GROUP * len(geo.pa)) if b % GROUP < GROUP - 1]
        for bit in random.Random(seed).sample(bits, 60) + bits[:GROUP] + bits[-GROUP:]:
            assert one(bit) is one(bit) is place_at(geo.pairs, bit)
        assert geo.pairs == tuple(zip(geo.pa.tolist(), geo.pb.tolist(), strict=True))
