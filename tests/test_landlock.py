"""The Legend of Landlock: conformance, turns, placement, bridges, tussocks, views, clicks.

Scoring scenarios (networks, ponds, islands, gnomes) are in test_landlock_scoring.py.
The rules as implemented are docs/rules/landlock.md; quoted rules are from the project's
specification, which that page cites.
"""

import random

import pytest

import tabletop
from tabletop.core.testing import check_game, playout, random_states
from tabletop.games.landlock import Landlock, LandlockInput
from tabletop.games.landlock.actions import BRIDGES, PLACE, ROLE_ACTIONS, Bridge, Place
from tabletop.games.landlock.board import (
    CELL_NAMES,
    CELLS,
    CENTER,
    CORNERS,
    SIZE,
    VERTEX_PARITY,
    cell_index,
)
from tabletop.games.landlock.tiles import BRIDGE, KINDS, LAND, TILE_SET, TUSSOCK, kind_index

GAME2 = tabletop.load("landlock", players=2)
GAME4 = tabletop.load("landlock", players=4)


def cells(*names):
    return tuple(cell_index(n) for n in names)


# --- conformance -----------------------------------------------------------------------------

#: Pictures (plain, and with every overlay) and clicks at a sample of the first seeds' states.
PACKAGE = {"pictures_every": 3, "clicks_every": 2,
           "draw_options": ({}, {"networks": True, "checkerboard": True, "legal": True})}


@pytest.mark.parametrize("players,seeds", [(2, range(12)), (4, range(100, 108))])
def test_check_game(players, seeds):
    """Four players: the pictures with the most on them are drawn under another hash seed
    too."""
    four = players == 4
    report = check_game(tabletop.load("landlock", players=players), seeds=seeds, apply_all=12,
                        package_seeds=1 if four else 2, hash_seed_states=4 * four, **PACKAGE)
    assert report.games == len(seeds) and report.terminal == len(seeds)
    assert report.pictures and report.actions_clicked
    assert bool(report.hash_seed_pictures) == four


def test_check_game_gnomes_scored_when_placed():
    report = check_game(tabletop.load("landlock", gnomes="placed"), seeds=range(2), apply_all=8,
                        package_seeds=1, hash_seed_states=0, **PACKAGE)
    assert report.games == 2


def test_registry_and_options():
    assert "landlock" in tabletop.games()
    assert isinstance(GAME2, Landlock) and GAME4.players == 4
    with pytest.raises(tabletop.InvalidOption):
        tabletop.load("landlock", players=3)
    with pytest.raises(tabletop.InvalidOption, match="end"):
        tabletop.load("landlock", gnomes="never")
    assert [GAME4.player_name(p) for p in range(4)] == ["North", "East", "South", "West"]


# --- setup: the first player is chance, then chooses a role ----------------------------------


def test_first_player_is_a_chance_event_then_chooses_a_role():
    """[I] the first player is a chance event; the first player chooses the role."""
    firsts = {GAME2.new(seed=s).current_player for s in range(20)}
    assert firsts == {0, 1}
    s = GAME2.new(seed=0)
    assert s.legal_actions() == ROLE_ACTIONS
    assert s.role(0) is None and s.tile is None
    t = s.apply("water")
    assert t.role(s.first) == "water" and t.role(1 - s.first) == "land"
    assert t.current_player == s.first  # the chooser draws and places the first tile
    assert t.tile is not None and len(t.pile) == 39


def test_four_players_two_teams_partners_opposite_share_a_score():
    """4 players: two teams, partners sit opposite, play rotates clockwise, score shared."""
    s = GAME4.new(seed=3)
    first = s.first
    t = s.apply("land")
    assert [t.role(p) for p in range(4)] == [
        "land" if (p - first) % 2 == 0 else "water" for p in range(4)]
    order = []
    rng = random.Random(0)
    for _ in range(6):
        order.append(t.current_player)
        t = t.apply(rng.choice(t.legal_actions()))
    if not any(isinstance(a, Bridge) for a in t.history):
        assert order == [(first + i) % 4 for i in range(6)]
    end = playout(t, rng)
    assert end.scores[0] == end.scores[2] and end.scores[1] == end.scores[3]
    assert set(end.winners) in ({0, 2}, {1, 3}, set())


def test_first_tile_goes_in_the_middle_and_fixes_the_checkerboard():
    """First tile goes in the middle; its rotation fixes the checkerboard."""
    s = GAME2.new(seed=1).apply("land")
    assert {a.cell for a in s.legal_actions()} == {CENTER}
    kind = KINDS[s.tile]
    assert len(s.legal_actions()) == (2 if kind.symmetric else 4)
    a, b = s.apply(PLACE[CENTER][0]), s.apply(PLACE[CENTER][1])
    assert a.lpar != b.lpar  # r0 and r1 give the two checkerboards


# --- matching ------------------------------------------------------------------------------


def corner_terrain(kind, rot, pos):
    """Independent of the rules: the terrain a tile shows in position ``pos`` when turned."""
    k = KINDS[kind]
    return k.corner0 if (pos - rot) % 2 == 0 else ("W" if k.corner0 == LAND else LAND)


@pytest.mark.parametrize("kind", range(len(KINDS)))
def test_matching_every_tile_fits_every_empty_cell_in_exactly_two_rotations(kind):
    """Matching land to land, water to water: any tile fits any empty cell, in the two
    rotations 180° apart that put its band between that cell's corners of its terrain."""
    s = GAME2.position(rows=["P S P", "S P ."], top_left="e5", tile=KINDS[kind].name)
    assert s.legal_cells()  # some empty cells are next to the map
    for cell in s.legal_cells():
        fits = [rot for rot in range(4) if all(
            corner_terrain(kind, rot, pos) == ("L" if VERTEX_PARITY[v] == s.lpar else "W")
            for pos, v in enumerate(CORNERS[cell]))]
        assert len(fits) == 2 and fits[1] - fits[0] == 2
        offered = [a.rot for a in s.legal_actions() if a.cell == cell]
        if KINDS[kind].symmetric:  # both rotations are the same tile: offered once
            assert offered == [fits[0]]
            assert GAME2.parse_action(s, f"{CELL_NAMES[cell]} r{fits[1]}") == PLACE[cell][fits[0]]
        else:  # the gnome sits in a different corner: both offered
            assert offered == fits
        for rot in range(4):
            assert s.is_legal(PLACE[cell][rot]) == (rot in offered)


@pytest.mark.parametrize("kind", range(len(KINDS)))
def test_the_first_tile_takes_a_rotation_180_degrees_from_a_listed_one_as_that_one(kind):
    """On f6 a tile without a gnome lists r0 and r1 (the two checkerboards); ``f6 r2`` and
    ``f6 r3`` are the same tiles (as the rules page's example says), and a ``Place`` object
    turned so is refused with that reason, not with "the first tile goes in the middle"."""
    s = GAME2.position([], tile=KINDS[kind].name)
    listed = [a.rot for a in s.legal_actions()]
    for rot in range(4):
        played = s.apply(f"f6 r{rot}").history[-1]
        assert played.rot == (rot if rot in listed else rot % 2)
        if rot not in listed:
            with pytest.raises(tabletop.IllegalAction, match=f"the same as r{rot % 2}: play f6"):
                s.apply(PLACE[cell_index("f6")][rot])
    with pytest.raises(tabletop.IllegalAction, match="the first tile goes in the middle"):
        s.apply("e6 r0")


def test_a_tussock_is_placed_in_any_rotation_as_its_one_listed_placement():
    """I3: a tussock's corners are wild, so every rotation of it on a cell is the same tile."""
    s = GAME2.position(["f6 path r0"], tile="tussock")
    for listed in s.legal_actions():
        where = CELL_NAMES[listed.cell]
        for rot in range(4):
            assert GAME2.parse_action(s, f"{where} r{rot}") == listed
            assert GAME2.parse_action(s.view(0), f"{where} r{rot}") == listed
            if rot != listed.rot:
                with pytest.raises(tabletop.IllegalAction, match="tussock turned .* is the same"):
                    s.apply(PLACE[listed.cell][rot])


def test_wrong_rotation_is_refused_with_a_reason():
    s = GAME2.position(["f6 path r0"], tile="stream")
    bad = next(PLACE[c][r] for c in s.legal_cells() for r in range(4)
               if not s.is_legal(PLACE[c][r]) and r % 2 != s.legal_actions()[0].rot % 2)
    with pytest.raises(tabletop.IllegalAction, match="fits only as"):
        s.apply(bad)
    with pytest.raises(tabletop.IllegalAction, match="not next to a tile"):
        s.apply("a1 r0")
    with pytest.raises(tabletop.IllegalAction, match="already holds"):
        s.apply(PLACE[CENTER][0])


# --- the 6 × 6 limit ------------------------------------------------------------------------


def test_six_tiles_in_a_row_stops_growth_in_that_direction():
    """The map can be no longer than six tiles in any direction (bounding box ≤ 6 × 6)."""
    s = GAME2.position(rows=["P S P S P S"], top_left="c6", tile="path")
    assert set(s.legal_cells()) == set(cells(*[f"{c}{r}" for c in "cdefgh" for r in (5, 7)]))
    with pytest.raises(tabletop.IllegalAction, match="longer than 6"):
        s.apply(PLACE[cell_index("i6")][0])
    column = GAME2.position(rows=["P", "S", "P", "S", "P", "S"], top_left="f3", tile="stream")
    assert set(column.legal_cells()) == set(
        cells(*[f"{c}{r}" for c in "eg" for r in range(3, 9)]))


def test_the_box_may_still_grow_on_the_other_axis():
    s = GAME2.position(rows=["P S P S P"], top_left="c6", tile="path")
    assert cell_index("b6") in s.legal_cells() and cell_index("h6") in s.legal_cells()
    assert cell_index("i6") not in s.legal_cells()


# --- bridges --------------------------------------------------------------------------------

THREE = ["P S P", "S {} S", "P S P"]


def three(centre, **kw):
    rows = [r.format(centre) for r in THREE]
    return GAME2.position(rows=rows, top_left="e5", tile="bridge", **kw)


def test_bridge_replaces_a_tile_and_the_next_player_plays_the_removed_tile():
    """The bridge's player removes a tile and puts the bridge in its place; instead of
    drawing, the next player must play the removed tile."""
    s = three("S")
    assert s.legal_actions() == (BRIDGES[CENTER],)
    pile = s.pile
    t = s.apply("bridge f6")
    assert t.board[CENTER] >> 2 == BRIDGE
    assert t.tile == kind_index("stream") and t.pending
    assert t.current_player == 1 and t.pile == pile  # nobody drew
    assert all(isinstance(a, Place) for a in t.legal_actions())
    assert t.count == s.count  # the bridge took the stream's place
    u = t.apply(t.legal_actions()[0])
    assert u.board[t.legal_actions()[0].cell] >> 2 == kind_index("stream")
    assert u.current_player == 0 and not u.pending
    assert u.tile == pile[0] and u.pile == pile[1:]  # now the next player draws


@pytest.mark.parametrize("centre,why", [
    ("T", "tussock"), ("B", "bridge"),
])
def test_bridge_cannot_remove_a_tussock_or_a_bridge(centre, why):
    """A bridge may not remove a tussock [S]; bridges are not removable either [I]."""
    s = three(centre)
    assert s.bridge_targets() == ()
    # no target: the bridge is placed like an ordinary tile
    assert s.legal_actions() and all(isinstance(a, Place) for a in s.legal_actions())
    with pytest.raises(tabletop.IllegalAction, match=why):
        s.apply("bridge f6")


def test_bridge_cannot_remove_a_tile_on_the_edge_of_the_map():
    """[I] Edge = first/last row or column of the current bounding box."""
    s = three("S")
    assert s.bridge_targets() == (CENTER,)
    with pytest.raises(tabletop.IllegalAction, match="edge of the map"):
        s.apply("bridge e5")
    big = GAME2.position(rows=["P S P S", "S P S P", "P S P S", "S P S P"], top_left="e5",
                         tile="bridge")
    assert big.bridge_targets() == cells("f6", "g6", "f7", "g7")


def test_bridge_cannot_separate_facing_gnomes():
    """Players can't separate facing Roaming Gnomes."""
    # f6 has a land gnome at its NW corner, e5 one at its SE corner: the same vertex
    s = GAME2.position(rows=["P3 S P", "S P7 S", "P S P"], top_left="e5", tile="bridge")
    assert s.analysis().gnomes and s.bridge_targets() == ()
    with pytest.raises(tabletop.IllegalAction, match="faces another gnome"):
        s.apply("bridge f6")
    lone = GAME2.position(rows=["P S P", "S P7 S", "P S P"], top_left="e5", tile="bridge")
    assert lone.bridge_targets() == (CENTER,)  # a gnome facing nobody may go


@pytest.mark.parametrize("gnomes", ["end", "placed"])
def test_bridge_targets_agree_with_the_rule_read_plainly(gnomes):
    """The fast listing (per-code tables, a gnome's vertex looked at alone) against the rule:
    a tile off the box's edge, not a tussock or a bridge, not among the facing gnomes."""
    seen = 0
    for players in (2, 4):
        game = tabletop.load("landlock", players=players, gnomes=gnomes)
        for where, s in random_states(game, range(40)):
            if s.tile != BRIDGE or s.land_team is None or s.box is None:
                continue
            x0, x1, y0, y1 = s.box
            plain = tuple(y * SIZE + x for y in range(y0 + 1, y1) for x in range(x0 + 1, x1)
                          if s.board[y * SIZE + x] >= 0
                          and s.board[y * SIZE + x] >> 2 not in (BRIDGE, TUSSOCK)
                          and y * SIZE + x not in s.facing_cells())
            assert s.bridge_targets() == plain, where
            seen += bool(plain)
    assert seen > 20


def test_window_agrees_with_the_cells_read_one_by_one():
    """``masks.window``'s row arithmetic against the cells it stands for, for every bounding
    box a map can have (it holds f6 and is at most 6 × 6)."""
    from tabletop.games.landlock.masks import mask_of, window

    middle = CENTER % SIZE  # f6's column and row
    spans = [(a, b) for a in range(SIZE) for b in range(a, a + 6) if a <= middle <= b < SIZE]
    for x0, x1 in spans:
        for y0, y1 in spans:
            lox, hix = max(x0 - 1, x1 - 5), min(x1 + 1, x0 + 5)
            loy, hiy = max(y0 - 1, y1 - 5), min(y1 + 1, y0 + 5)
            inside = [c for c in range(CELLS)
                      if lox <= c % SIZE <= hix and loy <= c // SIZE <= hiy]
            assert window((x0, x1, y0, y1)) == (mask_of(inside), inside[0] // 8,
                                                 inside[-1] // 8 + 1)


def test_a_rollouts_pick_is_the_legal_action_it_indexes():
    """``_pick(u)`` reads the placement ``int(u * n)`` from the masks without the list: the
    same action for every kind of tile, both player counts, states and views, and draws at
    both ends and where the index turns over (checked by the conformance suite at fewer)."""
    rng = random.Random(7)
    seen = set()
    for game in (GAME2, GAME4):
        for seed in range(6):
            s = game.new(seed=seed)
            while not s.is_terminal:
                for state in (s, s.view(s.current_player)):
                    legal = state.legal_actions()
                    n = len(legal)
                    draws = [0.0, 1 - 2 ** -53, rng.random()] + [i / n for i in range(n)]
                    for u in draws:
                        assert state._pick(u) == legal[int(u * n)], (seed, u, str(s))
                seen.add(s.tile)
                s = s.apply(rng.choice(s.legal_actions()))
    assert seen >= set(range(len(KINDS)))  # every kind of tile was placed


def test_bridge_with_no_target_is_placed_like_an_ordinary_tile():
    s = GAME2.position(["f6 path r0"], tile="bridge")
    assert s.bridge_targets() == ()
    t = s.apply(s.legal_actions()[0])
    placed = t.board[s.legal_actions()[0].cell]
    assert placed >> 2 == BRIDGE and not t.pending
    # the bridge joins both networks
    assert t.G_L.number_of_edges() == 2 and t.G_W.number_of_edges() == 1


# --- tussocks ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [GAME2, GAME4])
def test_tussock_scores_one_point_at_once_for_whoever_turns_it_over(game):
    """Tussock: +1 point at once to the player who turned it over (4 players: the team)."""
    s = game.position(["f6 path r0"], tile="stream", pile=["tussock", "path", "path"])
    assert s.scores == (0,) * game.players
    t = s.apply(s.legal_actions()[0])
    drawer = t.current_player
    assert drawer == 1 and t.tile == TUSSOCK and not t.is_terminal
    assert t.scores[drawer] == 1 and t.scores[0] == 0
    if game.players == 4:
        assert t.scores[3] == 1 and t.scores[2] == 0  # partners share
    u = t.apply(t.legal_actions()[0])
    assert u.scores == t.scores  # placing it scores nothing more
    assert "tussocks" in str(u.score_breakdown())


# --- the end -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_game_ends_when_the_map_is_six_by_six_with_four_tiles_left_over(seed):
    """The game ends when the map is 6 × 6 (36 tiles; 4 are left over)."""
    rng = random.Random(seed)
    s = GAME2.new(seed=seed).apply("land")
    before = None
    while not s.is_terminal:
        before = s
        s = s.apply(rng.choice(s.legal_actions()))
    assert s.count == 36 and len(s.pile) == 4
    x0, x1, y0, y1 = s.box
    assert (x1 - x0, y1 - y0) == (5, 5)
    assert before.count == 35 and before.current_player is not None
    assert sum(code >= 0 for code in s.board) == 36
    bridges = sum(isinstance(a, Bridge) for a in s.history)
    assert len(s.history) == 1 + 36 + bridges
    assert s.legal_actions() == () and s.current_player is None
    with pytest.raises(tabletop.IllegalAction, match="over"):
        s.apply(PLACE[0][0])


def test_tile_counts_are_conserved():
    for _, s in random_states(GAME2, range(2), every=5):
        on_board = [code >> 2 for code in s.board if code >= 0]
        hand = [s.tile] if s.tile is not None else []
        assert sorted(on_board + hand + list(s.pile)) == sorted(TILE_SET)


# --- legality, notation, errors -------------------------------------------------------------


ALL_ACTIONS = [a for row in PLACE for a in row] + list(BRIDGES) + list(ROLE_ACTIONS)


def test_fast_legality_agrees_with_the_list():
    for _, s in random_states(GAME2, range(3), every=3):
        legal = set(s.legal_actions())
        for a in ALL_ACTIONS:
            assert s._is_legal(a) == (a in legal), (str(a), str(s))


def test_notation_is_readable_and_forgiving():
    s = GAME2.position(["f6 path r0"], tile="stream")
    a = s.legal_actions()[0]
    assert str(a) == f"{CELL_NAMES[a.cell]} r{a.rot}"
    assert GAME2.parse_action(s, f"  {str(a).upper()} ") == a
    assert GAME2.parse_action(s, CELL_NAMES[a.cell]) == a  # the cell alone when unambiguous
    with pytest.raises(tabletop.IllegalAction,
                       match="no action in The Legend of Landlock: no cell 'z9'"):
        GAME2.parse_action(s, "z9 r0")
    g = GAME2.position(["f6 path r0"], tile="path-land-gnome")
    with pytest.raises(tabletop.IllegalAction):
        GAME2.parse_action(g, CELL_NAMES[g.legal_actions()[0].cell])  # two ways round


def test_role_after_roles_chosen_is_explained():
    s = GAME2.new(seed=2).apply("land")
    with pytest.raises(tabletop.IllegalAction, match="already chosen"):
        s.apply(ROLE_ACTIONS[1])


def test_position_builder_checks_its_input():
    with pytest.raises(ValueError, match="f6"):
        GAME2.position(["a1 path r0"])
    with pytest.raises(ValueError, match="doesn't match"):
        GAME2.position(["f6 path r0", "g6 stream r1"])
    with pytest.raises(ValueError, match="box has 3"):
        GAME2.position(rows=["T T T T"], top_left="f6")
    with pytest.raises(ValueError, match="joined"):
        GAME2.position(rows=["P . P"], top_left="f6")
    with pytest.raises(ValueError, match="longer"):
        GAME2.position(rows=["P S P S P S P"], top_left="c6")


def test_too_many_plain_paths_or_streams_say_the_others_carry_gnomes():
    """The box has 17 streams, 11 of them plain: a map of rows with 12 plain ``S`` is told
    how to write the other six (with the gnome's corner), not only "the box has 11"."""
    twelve = ["S P S P S P", "P S P S P S", "S P S P S P", "P S P S P S"]
    with pytest.raises(ValueError, match=r"^12 stream tiles, but the box has 11 without a "
                                         r"gnome \(and 6 streams with one: write the "
                                         r"gnome's corner, like S7\)$"):
        GAME2.position(rows=twelve, top_left="c4")
    with pytest.raises(ValueError, match=r"^12 path tiles, but the box has 11 without a gnome"):
        GAME2.position(rows=[" ".join("P" if t == "S" else "S" for t in r.split())
                             for r in twelve], top_left="c4")
    with pytest.raises(ValueError, match=r"^4 tussock tiles, but the box has 3$"):
        GAME2.position(rows=["T T T T"], top_left="f6")


def test_position_builder_refuses_a_tile_in_hand_on_a_full_map():
    """A full 6 × 6 map ends the game (36 tiles, 4 left over), so a tile in hand cannot go
    with it: ``tile="path"`` was dropped without a word, giving a finished game."""
    s = GAME2.new(seed=5)
    rng = random.Random(5)
    while not s.is_terminal:
        s = s.apply(rng.choice(s.legal_actions()))
    x0, _, y0, _ = s.box
    rows = [row[4:] for row in s.board_text().splitlines()[1:]]
    top_left = CELL_NAMES[y0 * 11 + x0]
    done = GAME2.position(rows=rows, top_left=top_left)
    assert done.is_terminal and done.board == s.board and done.tile is None
    with pytest.raises(ValueError, match=r"^tile='path' would be in hand, but the map is full "
                                         r"\(36 tiles\): the game is over"):
        GAME2.position(rows=rows, top_left=top_left, tile="path")


@pytest.mark.parametrize("tiles, said", [
    ("f6 path r0", r"^tiles should be a list of placed tiles like \['f6 path r0', 'g6 stream "
                   r"r0'\], not the text 'f6 path r0'$"),
    ([5], r"^a placed tile is 'cell kind rotation' like 'f6 path r0' \(or a tuple like "
          r"\('f6', 'path', 0\)\), not 5$"),
    (["f6 path r0", None], r"not None$"),
])
def test_position_builder_names_a_placed_tile_that_is_none(tiles, said):
    """A text for ``tiles`` was read letter by letter ("not 'f'"), a number failed inside
    the builder ("could not read its arguments: TypeError")."""
    with pytest.raises(ValueError, match=said):
        GAME2.position(tiles)
    assert GAME2.position(["f6 path r0", ("g6", "stream", 0)]).board_text()


def test_text_round_trips_through_the_position_builder():
    for _, s in random_states(GAME2, range(2), every=9):
        if s.box is None:
            continue
        rows = s.board_text().splitlines()[1:]
        x0, _, y0, _ = s.box
        tokens = [[r[4 + 4 * i: 7 + 4 * i].strip() or "." for i in range(s.box[1] - x0 + 1)]
                  for r in rows]
        again = GAME2.position(rows=[" ".join(t) for t in tokens],
                               top_left=CELL_NAMES[y0 * 11 + x0],
                               tile=KINDS[s.tile].name if s.tile is not None else None)
        assert again.board == s.board


# --- views -------------------------------------------------------------------------------------


def test_views_hide_the_pile_order_but_show_the_drawn_tile():
    """The draw pile's order is hidden from everyone; the drawn tile is public."""
    s = GAME2.new(seed=4).apply("land")
    other = type(s)(**{**{f: getattr(s, f) for f in (
        "game", "first", "land_team", "board", "tile", "pending", "to_move", "tussocks",
        "gnome_bonus")},
        "pile": tuple(reversed(s.pile))})
    assert other != s
    for p in range(2):
        v = s.view(p)
        assert not hasattr(v, "pile") and v.pile_size == 39
        assert v.tile == s.tile
        assert v == other.view(p)
        assert "".join(KINDS[k].code + " " for k in s.pile[:6]) not in str(v)
        assert "order hidden" in str(v)
        twin = v.determinize(random.Random(1))
        assert sorted(twin.pile) == sorted(s.pile) and twin.board == s.board


def test_view_draws_and_scores_like_the_state_at_the_end():
    end = playout(GAME2.new(seed=8), 8)
    v = end.view(0)
    assert v.team_points() == end.team_points()
    assert v.svg() == end.svg()


# --- clicks -----------------------------------------------------------------------------------


def test_clicked_targets_are_drawn_on_the_scene():
    assert GAME2.input_class is GAME4.input_class is LandlockInput
    s = GAME2.position(["f6 path r0"], tile="path-land-gnome")
    clicker = LandlockInput(s)
    first = clicker.next_targets()
    scene = s.scene(highlight=first)
    assert set(first) <= set(scene.targets())
    clicker.click(first[0])
    rots = clicker.next_targets()
    assert {t[0] for t in rots} == {"rot"}
    assert set(rots) <= set(s.scene(highlight=rots).targets())
    assert clicker.click(rots[1]) == s.legal_actions()[1]
    roles = GAME2.new(seed=0)
    assert set(LandlockInput(roles).next_targets()) <= set(
        roles.scene(highlight=LandlockInput(roles).next_targets()).targets())


# --- pictures -----------------------------------------------------------------------------------


def test_scene_has_a_target_per_cell_and_fits_the_notebook():
    s = GAME2.position(rows=["P S P", "S P S"], top_left="e5", tile="path")
    scene = s.scene(legal=True)
    assert 480 <= scene.width <= 640
    targets = set(scene.targets())
    for c in range(CELLS):
        if s.board[c] >= 0 or c in s.legal_cells():
            assert ("cell", CELL_NAMES[c]) in targets
    x, y = 40 + 3.5 * 52, 62 + 3.5 * 52  # somewhere on the board
    assert scene.hit(x, y) is None or scene.hit(x, y)[0] == "cell"


def test_overlays_draw_the_networks_and_scoring():
    end = playout(GAME2.new(seed=5), 5)
    plain = end.scene(best=False, enclosed=False)
    nets = end.scene(networks=True, best=False, enclosed=False)
    extra = len(nets.shapes) - len(plain.shapes)
    assert extra == (end.G_L.number_of_edges() + end.G_W.number_of_edges()
                     + end.G_L.number_of_nodes() + end.G_W.number_of_nodes())
    assert len(end.scene().shapes) > len(plain.shapes)  # best network + enclosures at the end
    titles = {sh.title for sh in end.scene(checkerboard=True).shapes}
    assert "best path network" in titles or "best stream network" in titles
    with pytest.raises(TypeError, match="option"):
        end.scene(colour="red")


def test_facing_gnomes_ring_stays_visible_around_an_island_label():
    """Where gnomes face each other on the vertex that carries an island's "+4" label, their
    gold ring is drawn around the label and above it, not hidden under it."""
    state = playout(GAME2.new(seed=7), 7, plies=32)
    checked = 0
    for options in ({"enclosed": True}, {"enclosed": False}):
        shapes = state.scene(**options).shapes
        rings = [sh for sh in shapes if (sh.title or "").endswith("gnomes face each other")]
        assert rings
        for ring in rings:
            inner = ring.r - ring.style.stroke_width / 2
            covers = [sh for sh in shapes if sh.kind == "circle" and sh.style.fill
                      and (sh.x, sh.y) == (ring.x, ring.y) and sh.layer >= ring.layer
                      and sh.r + sh.style.stroke_width / 2 > inner]
            assert not covers, (options, ring.title, [c.title for c in covers])
            checked += 1
    assert checked >= 2
    shapes = state.scene(enclosed=True).shapes  # the case at hand: a ring on a labelled vertex
    labels = {(sh.x, sh.y) for sh in shapes if sh.kind == "text" and sh.text == "+4"}
    assert any((sh.x, sh.y) in labels for sh in shapes
               if (sh.title or "").endswith("gnomes face each other"))


def test_last_action_is_marked():
    s = GAME2.position(["f6 path r0"], tile="stream")
    a = s.legal_actions()[0]
    t = s.apply(a)
    titles = [sh.title for sh in t.scene(last=a).shapes]
    assert f"last: {a}" in titles


def test_a_pile_of_one_tile_is_counted_in_the_singular():
    s = tabletop.load("landlock").position(["f6 path r0"], tile="stream", pile=["path"])
    assert "pile 1 tile (order hidden)" in str(s.view(0))
    assert "draw pile: 1 tile<" in s.view(0)._repr_svg_()
    more = tabletop.load("landlock").position(["f6 path r0"], tile="stream", pile=["path"] * 2)
    assert "pile 2 tiles (order hidden)" in str(more.view(0))
