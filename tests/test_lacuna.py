"""Lacuna: the conformance suite, and scenarios for each rule of docs/rules/lacuna.md.

Scenario positions are built with ``Lacuna.position`` (flowers and pawns from coordinates).
Default sizes: mat radius 1, flower radius 0.031, pawn radius 0.029.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

import tabletop
from tabletop.core.errors import IllegalAction, InvalidOption, InvalidRecord
from tabletop.core.testing import check_game, playout
from tabletop.games.lacuna import STEPS, TICKS, Lacuna, LacunaState, Place, PlaceFree, SetAside
from tabletop.games.lacuna.actions import parse

GAME = tabletop.load("lacuna")
RF, RP = 0.031, 0.029


# --- the contract -----------------------------------------------------------------------------

#: Pictures (plain, and with every overlay) and clicks at a sample of the first seeds' states.
PACKAGE = {"pictures_every": 2, "clicks_every": 6,
           "draw_options": ({}, {"lines": True, "blocked": True, "territories": True})}


def test_conformance_many_seeds():
    report = check_game(GAME, seeds=range(6), apply_all=25, **PACKAGE)
    assert report.games == 6 and report.terminal == 6
    assert all(n == 13 for n in report.lengths)  # the choice, then 12 pawns
    assert report.pictures and report.actions_clicked and report.hash_seed_pictures


def test_conformance_random_setup_and_other_sizes():
    check_game(GAME, seeds=range(100, 103), setup="random", apply_all=10, package_seeds=0)
    small = tabletop.load("lacuna", flower_radius=0.045, pawn_radius=0.04)
    check_game(small, seeds=range(3), apply_all=10, package_seeds=1, hash_seed_states=0,
               **PACKAGE)


def test_registered_and_named():
    assert "lacuna" in tabletop.games()
    assert isinstance(GAME, Lacuna)
    assert GAME.player_name(0) == "Gold" and GAME.player_name(1) == "Silver"


def test_options_are_validated():
    with pytest.raises(InvalidOption, match="0.0001"):
        tabletop.load("lacuna", flower_radius=0.03125)
    with pytest.raises(InvalidOption, match="too large"):
        tabletop.load("lacuna", pawn_radius=0.06)
    with pytest.raises(InvalidOption, match="0.5 to 2"):
        tabletop.load("lacuna", mat_radius=3.0)
    with pytest.raises(InvalidOption):
        tabletop.load("lacuna", players=3)
    assert tabletop.load("lacuna", mat_radius=2, flower_radius=0.06).params.flower == 600


# --- setup ------------------------------------------------------------------------------------
def test_scatter_is_seeded_even_and_inside_the_mat():
    """48 flowers, 7 of each colour but the set-aside one, ≥ 2.5 r apart, within R − r."""
    a, b = GAME.new(seed=5), GAME.new(seed=5)
    assert a.points == b.points and a == b
    assert GAME.new(seed=6).points != a.points
    pts = a.points
    assert len(pts) == 48
    rf = round(RF * TICKS)
    assert all(x * x + y * y <= (TICKS - rf) ** 2 for x, y in pts)
    closest = min(math.dist(p, q) for i, p in enumerate(pts) for q in pts[i + 1:])
    assert closest >= 2.5 * rf
    s = a.apply("aside green")
    counts = [s.colors.count(c) for c in range(7)]
    assert counts == [7, 7, 7, 6, 7, 7, 7]


def test_start_player_is_random_from_the_seed_and_chooses_first():
    starts = {GAME.new(seed=s).start for s in range(20)}
    assert starts == {0, 1}
    s = GAME.new(seed=3)
    assert s.current_player == s.start and s._is_setup()
    assert s.legal_actions() == tuple(SetAside(c) for c in range(7))
    with pytest.raises(IllegalAction, match="sets a flower aside"):
        s.apply(Place(0, 1, 0))


def test_set_aside_flower_is_counted_for_the_start_player():
    s = GAME.new(seed=11).apply("aside violet")
    assert s.tally()[s.start][5] == 1 and sum(s.tally()[1 - s.start]) == 0
    assert not s._is_setup() and s.current_player == s.start
    with pytest.raises(IllegalAction, match="chosen already"):
        s.apply(SetAside(2))
    end = playout(s)
    assert sum(end.tally()[0]) + sum(end.tally()[1]) + sum(
        1 for o in end.claims().values() if o is None) == 49


def test_the_pour_is_hidden_until_the_choice_then_public():
    s = GAME.new(seed=4)
    v = s.view(1 - s.start)
    assert v.colors is None and not hasattr(v, "tokens")
    twin = v.determinize(random.Random(1))
    assert twin.view(1 - s.start) == v and twin.points == s.points
    t = s.apply("aside red")
    assert t.view(0).colors == t.colors == t.view(1).colors
    assert t.view(0).determinize(random.Random(2)) == t


# --- placing pawns: geometry scenarios ------------------------------------------------------
def test_flower_exactly_between_two_others_blocks():
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0, "blue")])
    assert s.open_pairs() == ()
    assert s.blockers(0, 1) == (("flower", 2),)
    with pytest.raises(IllegalAction, match=r"blocked by flower 2 \(blue\)"):
        s.apply("place 0-1 @0.5")


def test_flower_tangent_to_the_line_does_not_block():
    tangent = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, RF, "blue")])
    assert tangent.open_pairs() == ((0, 1),)
    inside = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, RF - 0.0001, "blue")])
    assert inside.open_pairs() == ()
    # a slanted tangent: the 3-4-5 direction, centre exactly r from the line
    r = 0.05  # 500 ticks; the line through (0,0) and (0.72,0.54); normal (-0.6, 0.8)
    big = tabletop.load("lacuna", flower_radius=0.05, pawn_radius=0.02)
    s = big.position([(0, 0, 0), (0.72, 0.54, 0), (0.36 - 0.6 * r, 0.27 + 0.8 * r, 1)])
    assert s.open_pairs() == ((0, 1),)
    s = big.position([(0, 0, 0), (0.72, 0.54, 0), (0.36 - 0.6 * r + 0.0001, 0.27 + 0.8 * r, 1)])
    assert s.open_pairs() == ()


def test_pawn_tangent_to_the_line_does_not_block():
    fine = 1 / (TICKS * STEPS)  # the pawn grid
    flowers = [(-0.5, 0, "red"), (0.5, 0, "red")]
    for y, is_open in ((RP, True), (RP - fine, False), (-RP, True), (-RP + fine, False)):
        s = GAME.position(flowers, [(0.0, y, 1)], start=1)
        assert (s.open_pairs() == ((0, 1),)) is is_open, y
    # slanted (3-4-5 direction) with a pawn exactly r from the line: too close to call in
    # floating point, decided in integers
    big = tabletop.load("lacuna", flower_radius=0.05, pawn_radius=0.04)
    r = 0.04
    for nudge, is_open in ((0, True), (fine, False)):
        s = big.position([(0, 0, 0), (0.72, 0.54, 0)],
                         [(0.36 - 0.6 * r + nudge, 0.27 + 0.8 * r, 0)], start=1)
        assert (s.open_pairs() == ((0, 1),)) is is_open, nudge


def test_pawn_blocks_later_lines_and_only_the_one_pair_is_collected():
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, -0.5, "green"),
                       (0, 0.5, "green")])
    assert s.open_pairs() == ((0, 1), (2, 3))
    t = s.apply("place 0-1 @0.5")  # the pawn stands where the lines cross
    assert t.pawn_xy(0) == (0.0, 0.0)
    assert t.collected == (0b0011, 0) and t.flowers_on_mat() == (2, 3)
    assert t.open_pairs() == () and t.blockers(2, 3) == (("pawn", 0),)
    with pytest.raises(IllegalAction, match="blocked by Gold's pawn 0"):
        t.apply("place 2-3 @0.25")
    assert all(isinstance(a, PlaceFree) for a in t.legal_actions())


def test_where_a_pawn_may_stand_is_measured_from_the_flower_named_first():
    """``positions``/``stretch`` name the line either way round, measured from the first
    flower as ``along`` and the notation (``place 1-0 @1/4`` is 1/4 of the way from 1); the
    docstring once said ``a < b``; this pins the reversed call."""
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0.25, 0.05, "blue")])
    assert s.stretch(0, 1) == ((0, 734), (802, 1024))
    assert s.stretch(1, 0) == ((0, 222), (290, 1024))  # 1024 - 802, 1024 - 734
    forward, back = s.positions(0, 1), s.positions(1, 0)
    assert (back == forward[::-1]).all() and not back.flags.writeable
    for k in (0, 230, 256, 289, 290, 1024):
        typed = parse(f"place 1-0 @{k}/1024")
        assert s.is_legal(typed) == bool(back[k])
    assert s.nearest_place(1, 0, 0.25, 0) == s.nearest_place(0, 1, 0.25, 0)


def test_pawn_cannot_overlap_a_flower_or_a_pawn():
    # blue is 0.05 from the red line: no block (> 0.031) but a pawn needs 0.06 of room
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0.25, 0.05, "blue")])
    assert s.open_pairs() == ((0, 1),)
    with pytest.raises(IllegalAction, match=r"would overlap flower 2 \(blue\)"):
        s.apply("place 0-1 @0.75")
    # hand computed: |x − 0.25| < √(0.06² − 0.05²) = 0.033166 → k in 735..801 overlap
    assert s.stretch(0, 1) == ((0, 734), (802, 1024))
    assert s.is_legal(Place(0, 1, 734)) and not s.is_legal(Place(0, 1, 735))
    assert [a.k for a in s.legal_actions()] == [0, 256, 512, 1024]  # the listed sample
    # a pawn 0.05 from the line blocks nothing but takes room: 2 × 0.029 = 0.058 needed
    p = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red")], [(0.0, 0.05, 1)], start=1)
    assert p.open_pairs() == ((0, 1),)
    with pytest.raises(IllegalAction, match="Silver's pawn 0"):
        p.apply("place 0-1 @0.5")
    assert p.is_legal("place 0-1 @0.4") and p.is_legal("place 0-1 @0.6")


def test_touching_is_allowed():
    # pawn centre exactly r_flower + r_pawn = 0.06 from the blue flower
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0.0, 0.06, "blue")])
    assert s.is_legal("place 0-1 @0.5")
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0.0, 0.0599, "blue")])
    assert not s.is_legal("place 0-1 @0.5")


def test_positions_at_the_very_ends():
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0.3, "blue")])
    for k, where in ((0, (-0.5, 0.0)), (STEPS, (0.5, 0.0))):
        t = s.apply(Place(0, 1, k))
        assert t.pawn_xy(0) == where
    assert s.apply("place 0-1 @0").history == (Place(0, 1, 0),)
    assert str(Place(0, 1, 0)) == "place 0-1 @0" and str(Place(0, 1, STEPS)) == "place 0-1 @1"


def test_any_position_on_the_grid_is_accepted_not_only_the_sample():
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red")])
    assert Place(0, 1, 333) not in s.legal_actions()
    t = s.apply(Place(0, 1, 333))
    assert t.pawns[0][:2] == s.geometry.at(0, 1, 333)
    assert s.apply("place 0-1 @0.3").history[-1] == Place(0, 1, 307)  # rounded to 1/1024
    assert s.apply("place 1-0 @0.25").history[-1] == Place(0, 1, 768)  # from the first named
    assert s.apply("place 0-1 @1/3").history[-1] == Place(0, 1, 341)


def test_no_open_pair_means_place_free():
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0, "blue"), (0.9, 0, "blue")])
    assert s.open_pairs() == ()
    legal = s.legal_actions()
    assert legal and all(isinstance(a, PlaceFree) for a in legal)
    assert PlaceFree(0, 5000) in legal  # the lattice of spacing R/4
    t = s.apply("place free 0.1234,0.4321")  # any free grid point, not only the sample
    assert t.pawn_xy(0) == (0.1234, 0.4321) and t.collected == (0, 0)
    with pytest.raises(IllegalAction, match=r"overlap flower 2 \(blue\)"):
        s.apply("place free 0.02,0.02")
    with pytest.raises(IllegalAction, match="off the mat"):
        s.apply(PlaceFree(9800, 0))
    with pytest.raises(IllegalAction, match="blocked"):
        s.apply("place 0-1 @0.25")
    # while a pair can take a pawn, a free placement is refused
    o = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red")])
    with pytest.raises(IllegalAction, match="must go on a line"):
        o.apply("place free 0.5,0.5")


def test_open_pair_without_room_is_not_offered_and_a_middle_spot_is_found():
    # blue flowers beside the line at 0.05 (no block) leave no room at the sample spots
    flowers = [(-0.5, 0, "red"), (0.5, 0, "red")]
    flowers += [(x, 0.05 * side, "blue") for x in (-0.5, -0.25, 0, 0.25, 0.5)
                for side in (1, -1)]
    s = GAME.position(flowers)
    assert (0, 1) in s.open_pairs()
    places = [a for a in s.legal_actions() if isinstance(a, Place) and (a.a, a.b) == (0, 1)]
    ok = s.positions(0, 1)
    assert ok.any() and len(places) == 1  # the legal spot nearest the middle
    k = places[0].k
    assert ok[k] and all(not ok[j] for j in range(STEPS + 1) if abs(j - 512) < abs(k - 512))


def test_errors_explain():
    s = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0.5, "blue")],
                      collected=((), ()))
    cases = {
        Place(1, 0, 0): "lower-numbered flower first: place 0-1 @1",
        Place(0, 2, 0): "not the same colour",
        Place(0, 9, 0): "no flower 9",
        Place(0, 1, 2000): "k in 0..1024",
        Place(0, 0, 5): "two different flowers",
    }
    for action, message in cases.items():
        with pytest.raises(IllegalAction, match=message):
            s.apply(action)
    t = GAME.position([(-0.5, 0, "red"), (0.5, 0, "red"), (0, 0.5, "red")],
                      collected=((2,), ()))
    with pytest.raises(IllegalAction, match="flower 2 was collected by Gold"):
        t.apply(Place(0, 2, 0))
    with pytest.raises(IllegalAction, match="between 0 and 1"):
        t.apply("place 0-1 @1.5")
    with pytest.raises(IllegalAction, match="'plant 0-1' is no action in Lacuna: actions are "
                                             "'place 0-1 @1/2'"):
        t.apply("plant 0-1")


# --- the end and scoring ------------------------------------------------------------------------
def _terminal(flowers, pawns_at, collected=((), ()), aside=None, start=0):
    """A finished position: 12 pawns, alternating owners unless given."""
    pawns = [(x, y, o) for x, y, o in pawns_at]
    filler = [(-0.55 + 0.1 * i, -0.8, i % 2) for i in range(12 - len(pawns))]
    return GAME.position(flowers, pawns + filler, collected=collected, aside=aside,
                         start=start)


def test_each_remaining_flower_goes_to_the_nearest_pawn_exact_ties_to_nobody():
    s = _terminal([(0, 0, "red"), (0, 0.5, "red")],
                  [(-0.2, 0, 0), (0.2, 0, 1), (0.05, 0.5, 1)])
    assert s.is_terminal
    assert s.claims() == {0: None, 1: 1}
    assert s.tally()[1][0] == 1 and s.tally()[0][0] == 0
    assert "1 tied" in str(s.score_breakdown())
    # two pawns of one player at equal distance: that player takes it
    s = _terminal([(0, 0, "red")], [(-0.2, 0, 1), (0.2, 0, 1), (0.5, 0.5, 0)])
    assert s.claims() == {0: 1}


def _flowers_for(counts):
    """Flowers (all off the mat, collected) giving per colour (gold, silver) counts."""
    flowers, gold, silver = [], [], []
    for c, (g, s) in enumerate(counts):
        for _ in range(g):
            gold.append(len(flowers))
            flowers.append((0.01 * len(flowers) - 0.3, 0.7, c))
        for _ in range(s):
            silver.append(len(flowers))
            flowers.append((0.01 * len(flowers) - 0.3, 0.7, c))
    return flowers, (gold, silver)


def test_colours_and_winner():
    """4+ of a colour wins it; 4+ colours wins; then more colours, more flowers, else draw."""
    flowers, collected = _flowers_for([(4, 3)] * 4 + [(3, 4)] * 3)
    s = _terminal(flowers, [], collected)
    assert s.colours_won() == (4, 3) and s.scores == (4, 3) and s.winners == (0,)
    b = s.score_breakdown()
    assert b.totals == s.scores and len(b.rows) == 7
    assert "Gold 4, Silver 3" in str(b)
    # unclaimed flowers leave 3-3 colours: more flowers wins, else a draw
    flowers, collected = _flowers_for([(4, 3)] * 3 + [(3, 4)] * 3 + [(3, 2)])
    s = _terminal(flowers, [], collected)
    assert s.colours_won() == (3, 3) and s.winners == (0,)
    flowers, collected = _flowers_for([(4, 3)] * 3 + [(3, 4)] * 3 + [(3, 3)])
    s = _terminal(flowers, [], collected)
    assert s.colours_won() == (3, 3) and s.winners == ()


def test_set_aside_flower_counts_at_the_end():
    flowers, collected = _flowers_for([(3, 3)] + [(4, 3)] * 3 + [(3, 4)] * 3)
    s = _terminal(flowers, [], collected, aside=0, start=0)
    assert s.tally()[0][0] == 4 and s.colours_won() == (4, 3) and s.winners == (0,)
    s = _terminal(flowers, [], collected, aside=0, start=1)
    assert s.colours_won() == (3, 4) and s.winners == (1,)


def test_a_full_game_scores_every_flower_once():
    for seed in range(4):
        end = playout(GAME.new(seed=seed, setup="random"), seed)
        t = end.tally()
        unclaimed = sum(1 for o in end.claims().values() if o is None)
        assert sum(t[0]) + sum(t[1]) + unclaimed == 49
        assert end.scores == end.colours_won() and end.score_breakdown().totals == end.scores


# --- notation, graph, views ---------------------------------------------------------------------
def test_notation_round_trips_and_is_short():
    s = GAME.new(seed=9).apply("aside white")
    for a in s.legal_actions()[:50]:
        assert GAME.parse_action(s, str(a)) == a
    assert str(Place(3, 7, 1)) == "place 3-7 @0.001"
    assert [str(Place(3, 7, k)) for k in (384, 512, 434)] == [
        "place 3-7 @3/8", "place 3-7 @1/2", "place 3-7 @0.424"]


def test_every_grid_position_prints_short_and_reads_back_as_itself():
    a, b = next(p for p in GAME.new(seed=9).apply("aside white").open_pairs())
    s = GAME.new(seed=9).apply("aside white")
    ok = s.positions(a, b)
    for k in range(STEPS + 1):
        text = str(Place(a, b, k))
        assert len(text.split("@")[1]) <= 6, text
        assert parse(text) == Place(a, b, k)
        if ok[k]:
            assert GAME.parse_action(s, text) == Place(a, b, k)


def test_old_records_exact_decimals_still_read():
    assert parse("place 3-7 @0.423828125") == Place(3, 7, 434) == parse("place 3-7 @0.424")
    assert parse("place 3-7 @0.0009765625") == Place(3, 7, 1)
    s = GAME.new(seed=1).apply("aside orange")
    a, b = next((a, b) for a, b in s.open_pairs() if s.positions(a, b)[434])
    played = s.apply(f"place {a}-{b} @0.423828125")
    record = played.to_record()
    assert record["actions"][-1] == f"place {a}-{b} @0.424"
    record["actions"][-1] = f"place {a}-{b} @0.423828125"  # as records were written before
    assert tabletop.replay(record) == played
    assert str(PlaceFree(-1234, 50)) == "place free -0.1234,0.005"
    assert GAME.parse_action(GAME.new(seed=9), "  ASIDE   Red ") == SetAside(0)


def test_record_keeps_the_layout_and_replays():
    end = playout(GAME.new(seed=21, setup="random"), 3)
    record = end.to_record()
    assert record["start"]["layout"] == [list(p) for p in end.points]
    again = tabletop.replay(record)
    assert again == end and again.points == end.points
    assert all(isinstance(a, str) for a in record["actions"])


def test_visibility_graph():
    s = GAME.new(seed=2).apply("aside blue")
    g = s.graph
    assert sorted(g.nodes) == list(range(48))
    assert sorted(g.edges) == sorted(s.open_pairs())
    for a, b, data in g.edges(data=True):
        assert g.nodes[a]["colour"] == g.nodes[b]["colour"] == data["colour"]
        assert data["room"] is True or not s.positions(min(a, b), max(a, b)).any()
    t = s.apply(s.legal_actions()[0])
    assert t.graph.number_of_nodes() == 46


def test_constructed_pieces_lie_wholly_on_the_mat():
    """``position`` took a flower whose centre was on the rim (half of it off the mat, which
    no record's layout may hold), and then offered a pawn at that centre, half off the mat,
    where a free placement is refused; and a bool was read as a coordinate (True = 1)."""
    rim = GAME.params.mat - GAME.params.flower  # 9690 ticks
    s = GAME.position([(rim / 10_000, 0, "red"), (-rim / 10_000, 0, "red")])
    assert s.points == ((9690, 0), (-9690, 0))
    for x, y in ((1, 0), (0.6, 0.8), (0.9691, 0), (0, -0.97)):
        with pytest.raises(ValueError, match=r"off the mat \(a flower lies wholly on it: its "
                                             r"centre within 0\.969 of the centre\)"):
            GAME.position([(x, y, "red"), (0, 0, "red")])
    with pytest.raises(ValueError, match=r"pawn 0 at \(0\.9712, 0\) is off the mat \(a pawn "
                                         r"lies wholly on it: its centre within 0\.971"):
        GAME.position([(0, 0, "red"), (0.5, 0, "red")], [(0.9712, 0, 0)])
    GAME.position([(0, 0, "red"), (0.5, 0, "red")], [(0.971, 0, 0)])
    with pytest.raises(ValueError, match="flower 0's x must be a number, not True"):
        GAME.position([(True, 0, "red")])
    with pytest.raises(ValueError, match="pawn 0's y must be a number, not False"):
        GAME.position([(0, 0, "red")], [(0.5, False, 0)])
    with pytest.raises(ValueError, match=r"at \(an integer of about 401 digits, 0\) is off"):
        GAME.position([(10**400, 0, "red")])
    # every legal move of such a position keeps the pawn wholly on the mat
    for a in s.legal_actions():
        x, y = s.action_xy(a)
        assert x * x + y * y <= ((GAME.params.mat - GAME.params.pawn) / 10_000) ** 2


def test_constructed_positions_are_checked():
    with pytest.raises(ValueError, match="off the mat"):
        GAME.position([(1.2, 0, "red")])
    with pytest.raises(ValueError, match="not a colour"):
        GAME.position([(0, 0, "pink")])
    s = GAME.position([(0, 0, "red"), (0.5, 0, 0)], [(0.2, 0.2, 0)])
    assert isinstance(s, LacunaState) and s.current_player == 1 and s.seed is None


@pytest.mark.parametrize("flowers, pawns, said", [
    ("0,0,red", (), r"^flowers should be a list of \(x, y, colour\), not '0,0,red'$"),
    ([5], (), r"^flowers should be a list of \(x, y, colour\), not 5 \(flower 0\)$"),
    ([(0, 0, "red"), (0.5, 0)], (), r"not \(0\.5, 0\) \(flower 1\)$"),
    ([(0, 0, "red")], "x", r"^pawns should be a list of \(x, y, owner\), not 'x'$"),
    ([(0, 0, "red")], [(0.2, 0.2)], r"^pawns should be a list of \(x, y, owner\), not "
                                    r"\(0\.2, 0\.2\) \(pawn 0\)$"),
    ([(0, 0, "Red")], (), r"^'Red' is not a colour \(0\.\.6 or red, .*\); did you mean "
                          r"'red'\?$"),
])
def test_constructed_positions_name_an_entry_that_is_no_triple(flowers, pawns, said):
    """A text or a pair was unpacked by Python ("not enough values to unpack"), a number
    failed inside the builder ("could not read its arguments")."""
    with pytest.raises(ValueError, match=said):
        GAME.position(flowers, pawns)


def test_a_record_stores_the_layout_and_replay_never_resamples_it():
    """Spec, setup 2: "The layout is public; a record stores the positions, never re-samples
    them" — replay places the flowers where the record says, and checks they are a layout."""
    import json

    state = tabletop.load("lacuna").new(seed=3, setup="random")
    record = json.loads(json.dumps(state.to_record()))
    assert record["start"]["layout"] == [list(p) for p in state.points]
    assert tabletop.replay(record) == state
    record["start"]["layout"][0][0] += 3  # a stored position wins over the seed's sampler
    assert tabletop.replay(record).points[0] == (state.points[0][0] + 3, state.points[0][1])
    record["start"]["layout"][0] = record["start"]["layout"][1]
    with pytest.raises(InvalidRecord, match="overlap"):
        tabletop.replay(record)
    del record["start"]["pour"]
    with pytest.raises(InvalidRecord, match="needs 'layout'.*and 'pour'"):
        tabletop.replay(record)


def test_the_least_mat_radius_is_said_and_every_mat_in_the_range_plays():
    """``mat_radius`` is 0.5–2, and at least 20 × the flower and pawn radii: 0.62 with the
    default radii. Below that, the error says so (not only that the default flower_radius
    the caller never gave is "too large"); a mat down to 0.5 plays with smaller pieces."""
    with pytest.raises(InvalidOption, match=r"mat_radius=0\.6199 of lacuna is too small for "
                       r"the default flower_radius=0\.031: .* mat_radius must be at least 0\.62, "
                       r"or flower_radius and pawn_radius of at most 0\.0309 be given"):
        tabletop.load("lacuna", mat_radius=0.6199)
    with pytest.raises(InvalidOption, match=r"too small for the default pawn_radius=0\.029: "
                       r".* at least 0\.58"):
        tabletop.load("lacuna", mat_radius=0.5, flower_radius=0.025)
    with pytest.raises(InvalidOption, match=r"flower_radius=0\.03 of lacuna is too large: at "
                       r"most 5% of mat_radius=0\.5$"):
        tabletop.load("lacuna", mat_radius=0.5, flower_radius=0.03, pawn_radius=0.02)
    with pytest.raises(InvalidOption, match=r"from 0\.5 to 2"):
        tabletop.load("lacuna", mat_radius=0.4999, flower_radius=0.02, pawn_radius=0.02)
    for options in ({"mat_radius": 0.62}, {"mat_radius": 0.5, "flower_radius": 0.025,
                                           "pawn_radius": 0.025},
                    {"mat_radius": 2, "flower_radius": 0.1, "pawn_radius": 0.1}):
        game = tabletop.load("lacuna", **options)
        for seed in range(3):
            state = game.new(seed=seed)
            while not state.is_terminal:
                state = state.apply(state.legal_actions()[seed % len(state.legal_actions())])
            assert game.draw(state).shapes


# --- a position by dataclasses.replace before the set-aside -----------------------------------

@pytest.mark.parametrize("fields, says", [
    (lambda s: {"points": s.points[:-1]}, "field 'points' should hold 48 flowers before the "
                                          "set-aside .*, not 47"),
    (lambda s: {"tokens": s.tokens[:-1]}, "field 'tokens' should hold the pour order of all "
                                          "49 flowers before the set-aside, not 48"),
    (lambda s: {"tokens": s.tokens + (0,)}, "field 'tokens' .* not 50"),
    (lambda s: {"tokens": (0,) * 49}, "field 'tokens' should hold the pour order, each colour "
                                      "7 times, before the set-aside; it holds colour 0 49 "
                                      "times"),
])
def test_replace_refuses_a_pour_order_that_does_not_fit_the_layout(fields, says):
    # accepted once, then the set-aside broke: 'one colour per flower: flowers 47, colours
    # 48' or 'tuple.index(x): x not in tuple', raw ValueErrors from the game's insides
    s = tabletop.load("lacuna").new(seed=0)
    assert s.colors is None
    with pytest.raises(ValueError, match=f"^LacunaState: {says}"):
        dataclasses.replace(s, **fields(s))


def test_replace_refuses_a_view_before_the_set_aside_with_another_flower_count():
    v = tabletop.load("lacuna").new(seed=0).view(1)
    with pytest.raises(ValueError, match="^LacunaView: field 'points' should hold 48"):
        dataclasses.replace(v, points=v.points[:-1])
    assert dataclasses.replace(v) == v


def test_after_the_set_aside_any_flower_count_the_colours_fit_is_a_position():
    s = tabletop.load("lacuna").new(seed=0, setup="random")
    assert s.colors is not None
    made = dataclasses.replace(s, points=s.points[:-1], colors=s.colors[:-1], pawns=(),
                               collected=(0, 0))
    assert len(made.points) == 47 and made.legal_actions()
