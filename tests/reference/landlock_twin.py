"""Play The Legend of Landlock in the library and in the test oracle side by side.

``compare(seed, players)`` plays one seeded random game, choosing each move from the
library's legal actions, and returns the disagreements found (an empty list when the two
agree on every legal-action list, tile in hand, player to move, role, map, score, the end
and the winners). The oracle takes only the chance outcomes from the library: the first
player and the pile's order, read from the library's text of the start position.
"""

from __future__ import annotations

import random
from collections import Counter

import tabletop
from reference.landlock_ref import COUNTS, GNOME, SIZE, Reference, cell_name
from reference.lockstep import lockstep


def board_tokens(state: object) -> dict[str, str]:
    """The library's ``board_text()`` as cell name -> token (empty cells left out)."""
    lines = [line for line in state.board_text().splitlines() if line.strip()]  # type: ignore[attr-defined]
    if not lines or lines[0].startswith("("):
        return {}
    columns = lines[0].split()
    out = {}
    for line in lines[1:]:
        parts = line.split()
        if not parts[0].isdigit():
            continue
        for column, token in zip(columns, parts[1:], strict=False):
            if token != ".":
                out[f"{column}{parts[0]}"] = token
    return out


def notation(actions: object, hand: str | None, first: bool = False) -> list[str]:
    """Sorted notation; a tussock's placements after the first without their rotation (it
    takes any, and the two implementations list a different one)."""
    texts = [str(a) for a in actions]  # type: ignore[attr-defined]
    if hand == "T" and not first:
        texts = [t.split()[0] if " r" in t else t for t in texts]
    return sorted(texts)


def pile_codes(state: object) -> list[str]:
    for line in str(state).splitlines():
        if "· pile " in line:
            return line.split("· pile ", 1)[1].split()
    raise AssertionError(f"no pile in {state}")


def candidates() -> list[str]:
    """Every spelling worth asking about: roles, each cell with and without each rotation,
    a bridge on each cell."""
    cells = [cell_name((c, r)) for c in range(SIZE) for r in range(SIZE)]
    return (["land", "water"] + cells + [f"{c} r{k}" for c in cells for k in range(4)]
            + [f"bridge {c}" for c in cells])


def graph_of(graph: object) -> tuple[list, list]:
    nodes = sorted(graph.nodes)  # type: ignore[attr-defined]
    edges = sorted(tuple(sorted(e)) for e in graph.edges)  # type: ignore[attr-defined]
    return nodes, edges


def ref_graph(ref: Reference, terrain: str) -> tuple[list, list]:
    if ref.lpar is None:
        return [], []
    nodes, edges = ref.graph(terrain)
    return sorted(nodes), sorted(tuple(sorted((u, v))) for u, v, _ in edges)


def cell_names(cells: object) -> list[str]:
    return sorted(cell_name((i % SIZE, i // SIZE)) for i in cells)  # type: ignore[attr-defined]


def compare(seed: int, players: int, *, gnomes: str = "end", stop: int = 5,
            spellings: int = 0, view_every: int = 1,
            oracle: type[Reference] = Reference) -> list[str]:
    """Disagreements in one seeded random game (at most ``stop`` of them, then it stops).

    ``spellings=k`` also asks both, every ``k`` plies, whether each of ~700 spellings
    (``candidates()``) is legal (slow: a few games only). The mover's view is compared
    every ``view_every`` plies (0: never).
    """
    game = tabletop.load("landlock", players=players, gnomes=gnomes)
    start = game.new(seed=seed)
    ref = oracle(players=players, first=start.current_player, pile=pile_codes(start),
                 gnomes_when=gnomes)
    rng = random.Random(seed)
    found: list[str] = []

    def check(what: str, lib: object, mine: object) -> None:
        if lib != mine:
            found.append(f"seed {seed} players {players} ply {len(state.history)} {what}: "
                         f"library {lib!r} oracle {mine!r}")

    def spelled(action: object) -> str:  # a tussock after the first takes any rotation
        return notation([action], ref.hand, not ref.board)[0]

    label = f"seed {seed} players {players}"
    for state, legal in lockstep(start, ref, rng, found, stop=stop, label=label, key=spelled):
        check("to move", state.current_player, ref.to_move)
        check("terminal", state.is_terminal, ref.terminal)
        first = not ref.board
        check("legal", notation(state.legal_actions(), ref.hand, first),
              notation(legal, ref.hand, first))
        check("scores", tuple(state.scores), tuple(ref.scores()))
        check("map", board_tokens(state), ref.tokens())
        if ref.land_team is not None:
            check("roles", [state.role(p) for p in range(players)],
                  [ref.role(p) for p in range(players)])
        if not ref.terminal and ref.hand is not None:
            check("hand", pile_codes_hand(state), ref.hand)
            check("pending", bool(state.pending), ref.pending)
        check("G_L", graph_of(state.G_L), ref_graph(ref, "L"))
        check("G_W", graph_of(state.G_W), ref_graph(ref, "W"))
        check("bridge targets", cell_names(state.bridge_targets()),
              sorted(cell_name(c) for c in ref.bridge_targets()))
        if ref.land_team is not None and not ref.terminal:
            check("legal cells", cell_names(state.legal_cells()),
                  sorted(cell_name(c) for c in ref.open_cells()))
        if ref.to_move is not None and view_every and len(state.history) % view_every == 0:
            view = state.view(ref.to_move)
            check("view legal", notation(view.legal_actions(), ref.hand, not ref.board),
                  notation(legal, ref.hand, not ref.board))
            check("view map", board_tokens(view), ref.tokens())
        if spellings and len(state.history) % spellings == 0:
            check("accepted spellings",
                  [t for t in candidates() if state.is_legal(t)],
                  [t for t in candidates() if ref.accepts(t)])
    if state.is_terminal and ref.terminal:
        check("winners", tuple(state.winners), tuple(ref.winners()))
        check("team points", list(state.team_points()), ref.final_points())
        found.extend(f"seed {seed} players {players} end {line}" for line in ends(state, ref))
    return found


def ends(state: object, ref: Reference) -> list[str]:
    """Final analysis item by item: islands, ponds, those a bridge cancels, facing gnomes."""
    analysis = state.analysis()  # type: ignore[attr-defined]
    c0, c1, r0, r1 = ref.box()
    mine = {"islands": 0, "ponds": 0, "cancelled": 0}
    for terrain, key in (("L", "islands"), ("W", "ponds")):
        nodes, edges = ref.graph(terrain)
        for members, bridged in ref.components(nodes, edges):
            if all(c0 < x < c1 + 1 and r0 < y < r1 + 1 for x, y in members):
                mine["cancelled" if bridged else key] += 1
    theirs = {key: len(getattr(analysis, key)) for key in mine}
    gnomes = sum(len(cells) for cells in ref.gnomes().values() if len(cells) >= 2)
    out = []
    if theirs != mine:
        out.append(f"analysis: library {theirs} oracle {mine}")
    facing = sum(len(group.cells) for group in analysis.gnomes)
    if facing != gnomes:
        out.append(f"facing gnomes: library {analysis.gnomes} oracle {gnomes}")
    return out


def pile_codes_hand(state: object) -> str:
    """The code of the tile in hand, from the library's text ("... to place: path (drawn)")."""
    for line in str(state).splitlines():
        if " to place: " in line:
            name = line.split(" to place: ", 1)[1].split(" (")[0]
            return NAMES[name]
    raise AssertionError(f"no tile in hand in {state}")


NAMES = {
    "path": "P", "path-land-gnome": "PL", "path-water-gnome": "PW", "stream": "S",
    "stream-water-gnome": "SW", "stream-land-gnome": "SL", "bridge": "B", "tussock": "T",
}


def random_map(rng: random.Random, crowd: int = 0) -> Reference:
    """A finished game's 6 x 6 map drawn at random from the box (36 of the 40 tiles, each
    turned at random to fit one checkerboard), in the oracle, with ``land_team`` 0; ``crowd``
    gnome tiles (up to 4) then turned to meet at one inner vertex."""
    box = [kind for kind, count in COUNTS.items() for _ in range(count)]
    rng.shuffle(box)
    ref = Reference(players=2, first=0, pile=[])
    ref.lpar = rng.randrange(2)
    ref.land_team = 0
    top = (rng.randrange(SIZE - 5), rng.randrange(SIZE - 5))
    cells = [(top[0] + c, top[1] + r) for r in range(6) for c in range(6)]
    for cell, kind in zip(cells, box[:36], strict=True):
        ref.board[cell] = (kind, rng.choice([k for k in range(4) if ref.fits(kind, k, cell)]))
    if crowd:  # up to four gnomes turned to meet at one inner vertex
        vertex = (top[0] + rng.randrange(1, 6), top[1] + rng.randrange(1, 6))
        is_land = sum(vertex) % 2 == ref.lpar
        kinds = ["PL", "SL"] * 3 if is_land else ["PW", "SW"] * 3
        rng.shuffle(kinds)
        around = [((vertex[0], vertex[1]), 0), ((vertex[0] - 1, vertex[1]), 1),
                  ((vertex[0] - 1, vertex[1] - 1), 2), ((vertex[0], vertex[1] - 1), 3)]
        placed: set[tuple[int, int]] = set()
        for (cell, corner), kind in zip(around[:crowd], kinds, strict=False):
            rot = (corner - GNOME[kind]) % 4
            held = Counter(k for k, _ in ref.board.values())
            if held[kind] == COUNTS[kind]:  # all in the map: swap with one elsewhere
                other = next((c for c, (k, _) in ref.board.items()
                              if k == kind and c not in placed and c != cell), None)
                if other is None:
                    continue
                displaced = ref.board[cell][0]
                ref.board[other] = (displaced, next(
                    k for k in range(4) if ref.fits(displaced, k, other)))
            ref.board[cell] = (kind, rot)
            placed.add(cell)
    ref.to_move = None
    return ref


def map_rows(ref: Reference) -> tuple[list[str], str]:
    """The oracle's map as ``game.position(rows=..., top_left=...)`` takes it."""
    tokens = ref.tokens()
    c0, c1, r0, r1 = ref.box()
    rows = [" ".join(tokens[cell_name((c, r))] for c in range(c0, c1 + 1))
            for r in range(r0, r1 + 1)]
    return rows, cell_name((c0, r0))


def compare_map(seed: int, crowd: int = 0) -> list[str]:
    """Disagreements on the final scoring of one random full map (built by the library's
    ``game.position``, scored by both)."""
    ref = random_map(random.Random(seed), crowd)
    rows, top_left = map_rows(ref)
    game = tabletop.load("landlock")
    state = game.position(rows=rows, top_left=top_left, land="land", first=0)
    found = []
    if board_tokens(state) != ref.tokens():
        found.append(f"map seed {seed}: the built map differs")
    for what, lib, mine in (
        ("terminal", state.is_terminal, True),
        ("team points", list(state.team_points()), ref.final_points()),
        ("scores", list(state.scores), ref.scores()),
        ("winners", list(state.winners), ref.winners()),
    ):
        if lib != mine:
            found.append(f"map seed {seed} {what}: library {lib!r} oracle {mine!r}\n"
                         + "\n".join(rows))
    found.extend(f"map seed {seed} {line}\n" + "\n".join(rows) for line in ends(state, ref))
    return found
