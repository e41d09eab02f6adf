"""The Legend of Landlock: final scoring — networks and sides, ponds, islands, gnomes — and
the networkx board graphs agreeing with the fast union-find scorer.

Scenario boards are full 6 × 6 maps written as rows (cells c3..h8; see
``tabletop.games.landlock.maps``). BASE is a map with no pond, island or facing gnome:
every cell's "\\" diagonal carries the band (paths on even cells, streams on odd ones), so
each network is a set of diagonal lines from edge to edge. Each scenario changes a few cells,
keeping the tile counts of the box.
"""


import networkx as nx
import pytest

import tabletop
from tabletop.core.testing import random_states
from tabletop.games.landlock.board import cell_index, vertex_name
from tabletop.games.landlock.graphs import analyse_graphs, board_graph
from tabletop.games.landlock.scoring import (
    BOTTOM,
    LEFT,
    RIGHT,
    TABLE_SIDES,
    TOP,
    analyse,
    final_points,
    sides_reached,
)
from tabletop.games.landlock.tiles import KINDS, LAND, WATER

GAME = tabletop.load("landlock")
GAME4 = tabletop.load("landlock", players=4)

BASE = [
    "T  S7 P7 S  P  T",
    "S  P  S  P  S  P9",
    "P  S  P  S  P  S9",
    "S  P  S  P  S  P9",
    "P  S  P  S  P  S9",
    "S7 P7 S1 P1 S7 P7",
]


def rows(changes=None):
    """BASE with cells replaced: ``{(column 0..5, row 0..5): token}``."""
    grid = [r.split() for r in BASE]
    for (i, j), token in (changes or {}).items():
        grid[j][i] = token
    return [" ".join(r) for r in grid]


def board(changes=None, game=GAME, **kw):
    return game.position(rows=rows(changes), top_left="c3", **kw)


def kind_of(state, cell):
    return KINDS[state.board[cell] >> 2].name.split("-")[0]


def names(vertices):
    return [vertex_name(v) for v in vertices]


def test_base_map_scores_only_two_sided_networks():
    s = board()
    assert s.is_terminal and s.count == 36
    a = s.analysis()
    assert a.islands == () and a.ponds == () and a.gnomes == ()
    assert a.best(LAND).points == 5 and a.best(WATER).points == 5
    assert s.scores == (5, 5)


# --- ponds and islands ---------------------------------------------------------------------


def test_pond_of_one_vertex_enclosed_by_four_path_tiles():
    """A single enclosed vertex counts (four tiles around a pond) [S, Wege]; Land scores 4."""
    s = board({(1, 2): "P", (2, 3): "P", (4, 2): "S", (2, 4): "S"})
    a = s.analysis()
    assert [names(p.vertices) for p in a.ponds] == [["E6"]]
    around = [cell_index(c) for c in ("d5", "e5", "d6", "e6")]
    assert all(kind_of(s, c) == "path" for c in around)
    assert a.islands == ()
    assert s.scores == (5 + 4, 5)  # North plays Land
    assert "1 at E6" in str(s.score_breakdown())


def test_larger_pond_of_two_vertices_joined_by_a_stream():
    """Islands and ponds are not limited to four tiles."""
    s = board({(1, 2): "P", (3, 4): "P", (4, 0): "S", (0, 4): "S"})
    a = s.analysis()
    assert [names(p.vertices) for p in a.ponds] == [["E6", "F7"]]
    assert s.G_W.has_edge((4, 5), (5, 6))  # the stream at e6 joins the pond's two vertices
    assert s.team_points()[s.land_team] == a.best(LAND).points + 4 == 7 + 4


def test_pond_touching_the_edge_does_not_count():
    """Incomplete islands and ponds touching the edge of the board don't count."""
    s = board({(1, 2): "P", (4, 0): "S"})
    a = s.analysis()
    assert a.ponds == ()
    component = nx.node_connected_component(s.G_W, (3, 4))  # vertex D5
    assert component == {(3, 4), (2, 3)}  # D5 reaches C4, on the left edge
    assert s.G_W.nodes[(2, 3)]["edge"]


ISLAND = {(1, 3): "S", (2, 4): "S", (3, 0): "P", (0, 3): "P"}  # streams around E7


def test_island_of_one_vertex_scores_for_water():
    """Water scores 4 for each island (a G_L component with no vertex on the edge)."""
    s = board(ISLAND)
    a = s.analysis()
    assert [names(i.vertices) for i in a.islands] == [["E7"]]
    assert a.ponds == ()
    assert s.scores == (5, 5 + 4)


def test_island_broken_by_a_bridge():
    """Bridges cancel out any island or pond in progress; islands connected to a path by a
    bridge don't count."""
    s = board({**ISLAND, (5, 0): "."}, tile="bridge")
    assert s.count == 35 and [names(i.vertices) for i in s.analysis().islands] == [["E7"]]
    assert cell_index("d6") in s.bridge_targets()
    t = s.apply("bridge d6")  # the stream at d6 goes; its land corners D6 and E7 are joined
    assert t.G_L.has_edge((3, 5), (4, 6))
    assert t.tile is not None and t.pending  # the stream must be played next
    end = t.apply(t.legal_actions()[0])  # the only empty cell: h3
    assert end.is_terminal and end.count == 36
    assert end.analysis().islands == ()
    assert nx.node_connected_component(end.G_L, (4, 6)) & {
        n for n, d in end.G_L.nodes(data=True) if d["edge"]}
    assert end.scores[1] == end.analysis().best(WATER).points  # no island points


# --- bridges cancel islands and ponds ------------------------------------------------------
# "Bridges join paths and streams and cancel out any island or pond in progress or in play";
# "(Islands connected to a path by a bridge don't count.)" [S]. On e5 each map below has a
# bridge, or for comparison a path, stream or tussock in its place.

#: Streams on d4 and f6 wall in the land band of e5 (E5-F6); paths on c4 and c6 keep the
#: tile counts (the example of issue 15).
AROUND_E5 = {(1, 1): "S", (3, 3): "S", (0, 1): "P", (0, 3): "P"}
#: Paths on e4, f5, d5 and e6 wall in the water band of e5 (F5-E6); streams on g5, g7 and c7
#: keep the tile counts.
POND_E5 = {(2, 1): "P", (3, 2): "P", (1, 2): "P", (2, 3): "P",
           (4, 2): "S", (4, 4): "S", (0, 4): "S"}
E5 = cell_index("e5")


def test_bridge_inside_an_enclosed_island_cancels_it():
    path = board({**AROUND_E5, (2, 2): "P"})
    assert [names(i.vertices) for i in path.analysis().islands] == [["E5", "F6"]]
    assert path.scores == (5, 7 + 4)  # with a path on e5 the island scores for Water

    s = board({**AROUND_E5, (2, 2): "B"})
    a = s.analysis()
    assert a.islands == () and a.ponds == ()
    (gone,) = a.cancelled
    assert (names(gone.vertices), gone.terrain, gone.bridges) == (["E5", "F6"], LAND, (E5,))
    assert gone.cancelled and gone.cells == (E5,)
    assert a.points(WATER)["enclosed"] == 0
    assert s.scores == (5, 7)
    islands = next(r for r in s.score_breakdown().rows if r.label == "islands enclosed")
    assert islands.points == (0, 0)
    assert islands.detail == "cancelled by the bridge on e5: E5 F6"


def test_bridge_joining_two_enclosed_points_makes_one_cancelled_island():
    tussock = board({**AROUND_E5, (2, 2): "T"})  # joins nothing: two islands of one point
    assert [names(i.vertices) for i in tussock.analysis().islands] == [["E5"], ["F6"]]
    assert tussock.scores == (5, 7 + 8)

    s = board({**AROUND_E5, (2, 2): "B"})  # its land band joins E5 and F6
    assert s.G_L.has_edge((4, 4), (5, 5)) and s.G_L.edges[(4, 4), (5, 5)]["tile"] == "bridge"
    assert s.analysis().islands == ()
    assert [names(c.vertices) for c in s.analysis().cancelled] == [["E5", "F6"]]
    assert s.scores == (5, 7)


def test_bridge_inside_a_pond_cancels_it():
    stream = board({**POND_E5, (2, 2): "S"})
    assert [names(p.vertices) for p in stream.analysis().ponds] == [["F5", "E6"]]
    assert stream.scores == (7 + 4, 7)

    s = board({**POND_E5, (2, 2): "B"})
    a = s.analysis()
    assert a.ponds == () and a.islands == ()
    (gone,) = a.cancelled
    assert (names(gone.vertices), gone.terrain, gone.bridges) == (["F5", "E6"], WATER, (E5,))
    assert s.scores == (7, 7)
    assert "cancelled by the bridge on e5: F5 E6" in str(s.score_breakdown())


def test_bridge_in_a_network_touching_the_edge_changes_nothing():
    """A bridge cancels only what is enclosed: in an open network it just joins bands."""
    stream = board()  # BASE has a stream on e4
    s = board({(2, 1): "B"})  # the bridge on e4 joins land lines through D4 and E3
    a = s.analysis()
    assert a.cancelled == () and a.islands == stream.analysis().islands == ()
    assert a.ponds == stream.analysis().ponds == ()
    network = next(n for n in a.networks if cell_index("e4") in n.cells and n.terrain == LAND)
    assert network is a.best(LAND) and network.points == 7
    assert nx.node_connected_component(s.G_L, (4, 4)) & {
        n for n, d in s.G_L.nodes(data=True) if d["edge"]}
    assert s.scores == (7, 5)


def test_an_island_elsewhere_on_the_map_still_scores():
    s = board({**AROUND_E5, (2, 2): "B", (1, 4): "P", (4, 4): "S"})
    a = s.analysis()
    assert [names(i.vertices) for i in a.islands] == [["G7"]]
    assert [names(p.vertices) for p in a.ponds] == [["D7"]]
    assert [names(c.vertices) for c in a.cancelled] == [["E5", "F6"]]
    assert s.scores == (5 + 4, 7 + 4)
    text = str(s.score_breakdown())
    assert "1 at G7; cancelled by the bridge on e5: E5 F6" in text and "1 at D7" in text


def test_a_bridge_played_into_an_enclosed_island_cancels_it():
    """The same through play: a bridge replaces the path on e5 inside a finished island."""
    s = board({**AROUND_E5, (2, 2): "P", (5, 0): "."}, tile="bridge")
    assert [names(i.vertices) for i in s.analysis().islands] == [["E5", "F6"]]
    t = s.apply("bridge e5")
    end = t.apply(t.legal_actions()[0])  # the lifted path goes in the only empty cell, h3
    assert end.is_terminal and kind_of(end, E5) == "bridge"
    assert end.analysis().islands == ()
    assert [c.bridges for c in end.analysis().cancelled] == [(E5,)]
    assert end.scores[1] == end.analysis().best(WATER).points


def test_picture_labels_each_island_once_and_marks_the_cancelled_one():
    two_points = board({**AROUND_E5, (2, 2): "P"}).scene()
    labels = [sh for sh in two_points.shapes if getattr(sh, "text", None) == "+4"]
    assert len(labels) == 1  # one label for the two-point island E5-F6, not one per point
    assert labels[0].title == "island E5 F6: +4 Water"

    scene = board({**AROUND_E5, (2, 2): "B", (1, 4): "P", (4, 4): "S"}).scene()
    texts = [sh.text for sh in scene.shapes if hasattr(sh, "text")]
    labels = {sh.title: sh.text for sh in scene.shapes if hasattr(sh, "text") and sh.title}
    assert labels == {"island E5 F6: cancelled by the bridge on e5, scores nothing": "4",
                      "pond D7: +4 Land": "+4", "island G7: +4 Water": "+4"}
    titles = {sh.title for sh in scene.shapes}
    assert "island E5 F6: cancelled by the bridge on e5, scores nothing" in titles
    assert {"pond D7: +4 Land", "island G7: +4 Water"} <= titles
    assert "cancelled by the bridge on e5" in texts  # the list under the panel
    assert "island at E5: 0" in texts and "pond at D7: +4 Land" in texts


# --- connections -----------------------------------------------------------------------------


def test_three_sides_score_seven():
    """7 points for a network touching three sides."""
    s = board({(2, 1): "B"})  # the bridge joins the land lines through D4 and E3
    best = s.analysis().best(LAND)
    assert best.side_names == ("top", "right", "bottom") and best.points == 7
    assert s.scores[0] == 7


def test_four_sides_score_ten():
    """10 points for a network touching all four sides."""
    s = board({(2, 1): "B", (0, 1): "B"})
    best = s.analysis().best(LAND)
    assert best.side_names == ("top", "right", "bottom", "left") and best.points == 10
    assert s.scores[0] == 10


def test_corner_counts_toward_one_side_only():
    """A network ending in a corner of the map may count that corner toward only one side:
    the diagonal from the top-left to the bottom-right corner touches two sides, not four."""
    s = board({(0, 0): "P", (4, 0): "T"})
    best = s.analysis().best(LAND)
    assert names(best.vertices)[0] == "C3" and names(best.vertices)[-1] == "I9"
    assert len(best.vertices) == 7 and best.points == 5
    assert len(best.side_names) == 2


def test_corner_assignment_maximises_the_sides():
    """[I] choose the corner assignment that maximises the count."""
    box = (2, 7, 2, 7)  # cells c3..h8: vertices x, y in 2..8

    def v(x, y):
        return y * 12 + x

    nw, ne, se, sw = v(2, 2), v(8, 2), v(8, 8), v(2, 8)
    top, left = v(5, 2), v(2, 5)
    assert sides_reached((nw,), box) in (TOP, LEFT)
    assert bin(sides_reached((nw, ne), box)).count("1") == 2
    assert sides_reached((nw, ne, se, sw), box) == TOP | RIGHT | BOTTOM | LEFT
    assert sides_reached((top, nw), box) == TOP | LEFT  # the corner takes the left side
    assert sides_reached((top, left, nw), box) == TOP | LEFT  # nothing left to add
    assert sides_reached((top, nw, se), box) == TOP | LEFT | BOTTOM or \
        sides_reached((top, nw, se), box) == TOP | LEFT | RIGHT
    assert all(TABLE_SIDES[base][0] == base for base in range(16))


def test_two_sides_score_five_and_one_side_nothing():
    """5 points for two sides; a network reaching one side scores nothing."""
    s = board({(0, 0): "P", (4, 0): "T"})
    assert s.analysis().best(LAND).points == 5
    short = next(n for n in s.analysis().networks if names(n.vertices) == ["H4", "I5"])
    assert short.side_names == ("right",) and short.points == 0


# --- gnomes --------------------------------------------------------------------------------


def test_facing_gnomes_side_by_side_and_diagonal():
    """Gnomes face each other side by side or diagonally, same type; Land scores facing land
    gnomes, Water facing water gnomes, at the end."""
    s = board({(0, 5): "S9", (2, 5): "S7", (1, 0): "S", (3, 4): "S3"})
    groups = {vertex_name(g.vertex): (g.terrain, [c for c in g.cells]) for g in
              s.analysis().gnomes}
    assert groups == {
        "D8": (LAND, [cell_index("c8"), cell_index("d8")]),  # side by side
        "G8": (WATER, [cell_index("f7"), cell_index("g8")]),  # diagonal
    }
    assert s.scores == (5 + 2, 5 + 2)
    text = str(s.score_breakdown())
    assert "D8 (c8 d8)" in text and "G8 (f7 g8)" in text


def test_three_gnomes_at_one_vertex_all_face():
    """[I] each gnome at a vertex with another gnome scores 1."""
    s = GAME.position(rows=["P3 S1", "S P7"], top_left="e5", tile="stream")
    (group,) = s.analysis().gnomes
    assert vertex_name(group.vertex) == "F6" and len(group.cells) == 3
    assert s.analysis().points(LAND)["gnomes"] == 3


def test_gnomes_scored_when_placed_option():
    """Option: facing gnomes scored when placed, by the player who places the tile."""
    game = tabletop.load("landlock", gnomes="placed")
    # f6's land gnome sits at its SE corner, G7: a gnome tile on g7 turned r0 faces it
    s = game.position(rows=["P S .", "S P3 S"], top_left="e5", tile="path-land-gnome",
                      to_move=1)
    t = s.apply("g7 r0")
    assert [vertex_name(g.vertex) for g in t.analysis().gnomes] == ["G7"]
    assert t.scores == (0, 2)  # South placed the second gnome of the pair: both score
    assert s.apply("g7 r2").scores == (0, 0)  # turned the other way: no pair
    end_rows = rows({(0, 5): "S9", (2, 5): "S7", (1, 0): "S", (3, 4): "S3"})
    finished = game.position(rows=end_rows, top_left="c3")
    assert finished.scores == (5, 5)  # at the end nothing more for gnomes in this variant


# --- networkx and the union-find agree -------------------------------------------------------


def random_end(game, seed):
    """The end of a seeded random game, and its states with 10 or 25 tiles down."""
    *line, end = (s for _, s in random_states(game, [seed]))
    return end, [s for s in line[1:] if s.count in (10, 25)]


@pytest.mark.parametrize("game,seeds", [(GAME, range(25)), (GAME4, range(25, 40))])
def test_networkx_and_union_find_agree_on_random_games(game, seeds):
    found = {"islands": 0, "ponds": 0, "gnomes": 0, "cancelled": 0, "sides": set()}
    for seed in seeds:
        end, mid = random_end(game, seed)
        for s in [end, *mid]:
            fast = analyse(s.board, s.lpar, s.box)
            slow = analyse_graphs(s.G_L, s.G_W, s.board, s.lpar, s.box)
            assert fast == slow, seed
            # every vertex of the map is in exactly one graph; bands are edges
            assert s.G_L.number_of_edges() + s.G_W.number_of_edges() == sum(
                len(n.cells) for n in fast.networks)
        a = end.analysis()
        assert end.G_L.number_of_nodes() + end.G_W.number_of_nodes() == 49
        found["islands"] += len(a.islands)
        found["ponds"] += len(a.ponds)
        found["gnomes"] += len(a.gnomes)
        found["cancelled"] += len(a.cancelled)
        found["sides"] |= {bin(n.sides).count("1") for n in a.networks}
    assert found["islands"] and found["ponds"] and found["gnomes"]  # the test saw them
    assert found["cancelled"]  # and islands or ponds a bridge cancelled
    assert {2, 3} <= found["sides"]


def test_graphs_are_cached_and_carry_attributes():
    s = board({(2, 1): "B"})
    assert s.G_L is s.G_L and s.G_W is s.G_W
    g = board_graph(s.board, s.lpar, s.box, LAND)
    assert nx.utils.graphs_equal(g, s.G_L)
    edge = s.G_L.edges[(5, 3), (4, 4)]  # the bridge at e4 joins F4 and E5
    assert edge == {"cell": "e4", "tile": "bridge"}
    assert s.G_L.nodes[(2, 2)] == {"name": "C3", "edge": True, "covered": False,
                                    "pos": (2, -2)}
    assert s.G_L.nodes[(4, 4)] == {"name": "E5", "edge": False, "covered": True,
                                    "pos": (4, -4)}


# --- breakdown ------------------------------------------------------------------------------


def test_breakdown_adds_up_and_names_what_scored():
    s = board({(1, 2): "P", (2, 3): "P", (4, 2): "S", (2, 4): "S", (2, 1): "B"},
              tussocks=(1, 0))
    b = s.score_breakdown()
    assert b.totals == s.scores == (1 + 7 + 4, 5)
    text = str(b)
    assert "path network: 3 sides" in text and "top, right, left" in text
    assert "ponds enclosed" in text and "E6" in text
    assert b.players == ("North (Land)", "South (Water)")
    assert "<table>" in b._repr_html_()


def test_breakdown_before_the_end_lists_the_provisional_scoring_as_notes():
    s = board({(5, 0): "."}, tile="bridge")
    b = s.score_breakdown()
    assert b.totals == s.scores == (0, 0)
    assert any("if the game ended now" in n for n in b.notes)


def test_breakdown_with_four_players_gives_both_partners_the_team_points():
    s = board({(2, 1): "B"}, game=GAME4)
    b = s.score_breakdown()
    assert b.totals == s.scores and s.scores[0] == s.scores[2] == 7
    assert b.players[1] == "East (Water)"


def test_final_points_agree_with_the_analysis() -> None:
    """The search's lean scorer sums to what ``analyse(...).points`` gives, on every map of
    random games (played to the end and stopped on the way), gnomes counted or not."""
    for _, state in random_states(GAME, seeds=range(12)):
        if state.land_team is None:
            continue
        found = analyse(state.board, state.lpar, state.box)
        for gnomes in (True, False):
            expected = (sum(found.points(LAND, gnomes).values()),
                        sum(found.points(WATER, gnomes).values()))
            assert final_points(state.board, state.lpar, state.box, gnomes) == expected
