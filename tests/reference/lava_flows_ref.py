"""TEST ORACLE: an independent reference implementation of Lava Flows.

Written from ``rules/lava-flows.md`` (the project's rules specification) and the seed text
only, without reading ``tabletop/games/lava_flows``: tests play the same game in both and
compare every legal-action list, board, view, announcement, score and outcome. It is plain
and slow on purpose and imports nothing from tabletop. It speaks the library's action
notation (``arrange black a1 white c1``, ``move a1-a2``, ``slide``, ``bubble b2 claim white``,
``eject b2@1 c2 claim wbw``, ``pass``) and its text of a stack (``[b:W] W``, ``(w)``,
``[?:B]``, ``{W w}``), the interface the two share; its board is its own.

Board: cell ``i = 3 * row + col``; White (player 0, ``W``) is at home on row 0 (``a1``-``c1``),
Black (player 1, ``B``) on row 2. A cell is a list bottom to top of elements
``[kind, colour, hider, knowers]``: kind ``L`` (Large), ``M`` (Medium) or ``-`` (an empty
hiding place under its hider's Large), plus an optional Cinder Cone (its owner) under them.

>>> ref = Reference(first=1)
>>> ref.legal()[:2]
['arrange black a1 white b1', 'arrange black a1 white c1']
>>> ref.apply("arrange black a1 white b1"); ref.apply("arrange black c3 white b3")
>>> ref.to_move, ref.text(ref.cells[4], None), ref.text(ref.cells[0], 1)
(1, 'b w', '[?:W] W')
"""

from __future__ import annotations

from itertools import permutations, product

COLOURS = "WB"  # player p's colour
NAMES = {"W": "white", "B": "black", None: "nothing"}


def cell_name(i: int) -> str:
    """``4`` -> ``'b2'``."""
    return "abc"[i % 3] + str(i // 3 + 1)


def cell_index(name: str) -> int:
    return "abc".index(name[0]) + 3 * (int(name[1]) - 1)


def neighbours(i: int) -> list[int]:
    r, c = divmod(i, 3)
    return [3 * rr + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < 3 and 0 <= cc < 3]


def home_row(p: int) -> list[int]:
    return [0, 1, 2] if p == 0 else [6, 7, 8]


def goal_row(p: int) -> list[int]:
    return home_row(1 - p)


class Reference:
    """One game of Lava Flows with the library's options ``slide``, ``oreo``, ``memory`` and
    ``ply_cap``."""

    def __init__(self, first: int, slide: str = "onto", oreo: str = "anywhere",
                 memory: bool = False, ply_cap: int = 200) -> None:
        self.first, self.slide, self.ply_cap = first, slide, ply_cap
        self.oreo, self.memory = oreo, memory
        self.cells: list[list[list]] = [[] for _ in range(9)]
        for p in (0, 1):  # the Larges wait on their home row for the secret arrangement
            for i in home_row(p):
                self.cells[i] = [["L", COLOURS[p], None, {0, 1}]]
        self.cones: list[int | None] = [None] * 9
        self.to_move: int | None = 0
        self.arranged = 0
        self.lock: int | None = None
        self.plies = 0
        self.winner: int | None = None
        self.terminal = False
        self.seen: dict = {}
        self.claims: list[tuple[str, bool, str]] = []  # action, right, kind
        self.memo: dict = {}

    # ---- what is where -------------------------------------------------------------------
    @staticmethod
    def hidden(cell: list, k: int) -> bool:
        """Element ``k`` is covered: some Large lies above it."""
        return any(e[0] == "L" for e in cell[k + 1:])

    def text(self, cell: list, viewer: int | None, cone: int | None = None) -> str:
        """The cell as the library writes it, for ``viewer`` (``None``: the full state,
        ``2``: the audience)."""
        out = [f"{{{COLOURS[cone]} {COLOURS[cone].lower()}}}"] if cone is not None else []
        for k, (kind, colour, hider, knowers) in enumerate(cell):
            if kind == "L":
                out.append(colour)
            elif kind == "M" and not self.hidden(cell, k):
                out.append(colour.lower())
            elif self.memory and viewer is not None:
                out.append("(?)" if knowers == {0, 1} else f"[?:{COLOURS[hider]}]")
            elif knowers == {0, 1}:
                out.append(f"({colour.lower()})")
            elif viewer is None or viewer in knowers:
                out.append(f"[{colour.lower() if kind == 'M' else '-'}:{COLOURS[hider]}]")
            else:
                out.append(f"[?:{COLOURS[hider]}]")
        return " ".join(out)

    def board(self, viewer: int | None = None) -> dict[str, str]:
        return {cell_name(i): self.text(self.cells[i], viewer, self.cones[i]) for i in range(9)}

    def scores(self) -> list[int]:
        return [sum(1 for c in self.cones if c == p) for p in (0, 1)]

    def winners(self) -> tuple[int, ...]:
        return () if self.winner is None else (self.winner,)

    def occupied(self, i: int) -> bool:
        return bool(self.cells[i]) or self.cones[i] is not None

    def full(self, cell: list, cone: int | None) -> list[tuple[str, str, bool]]:
        """Actual pieces bottom to top (cone pieces first) as (kind, colour, in view)."""
        elems = ([["L", COLOURS[cone], None, set()], ["M", COLOURS[cone], None, set()]]
                 if cone is not None else []) + [e for e in cell if e[0] != "-"]
        return [(e[0], e[1], not any(x[0] == "L" for x in elems[k + 1:]))
                for k, e in enumerate(elems)]

    def oreos(self, cell: list, cone: int | None) -> list[tuple[int, str, bool]]:
        """(depth of the middle, colours outer-middle-outer, all three in view)."""
        pieces = self.full(cell, cone)
        low = 2 if cone is not None else 0
        out = []
        for m in range(max(1, low), len(pieces) - 1):
            a, b, c = pieces[m - 1], pieces[m], pieces[m + 1]
            if a[1] == c[1] != b[1]:
                out.append((len(pieces) - 1 - m, (a[1] + b[1] + c[1]).lower(),
                            a[2] and b[2] and c[2]))
        return [o for o in out if self.oreo == "anywhere" or o[0] == 1]

    def fillings(self, p: int, memory: bool = False) -> list[list[list[list]]]:
        """Every board the player ``p`` cannot tell from the real one (``memory``: one
        who remembers no hidden piece)."""
        key = (p, memory, repr(self.cells))
        if key not in self.memo:  # the same board is asked about many times
            self.memo = {key: self.forgotten() if memory else self.remembered(p)}
        return self.memo[key]

    def remembered(self, p: int) -> list[list[list[list]]]:
        unknown = [(i, k) for i in range(9) for k, e in enumerate(self.cells[i])
                   if e[0] != "L" and p not in e[3]]
        contents = [self.cells[i][k][1] for i, k in unknown]
        return self.filled(unknown, set(permutations(contents)))

    def forgotten(self) -> list[list[list[list]]]:
        """Every board with the same shape: unrevealed hiding places hold black, white or
        nothing (a different one each per hider), covered Mediums either colour, as many
        hidden Mediums of each colour as are out of view."""
        unknown = [(i, k) for i in range(9) for k, e in enumerate(self.cells[i])
                   if e[0] == "-" or (e[0] == "M" and self.hidden(self.cells[i], k))]
        places = [self.cells[i][k][3] != {0, 1} for i, k in unknown]
        hiders = [self.cells[i][k][2] for i, k in unknown]
        out_of_view = {c: 3 - sum(1 for i in range(9) for k, e in enumerate(self.cells[i])
                                  if e[0] == "M" and e[1] == c
                                  and not self.hidden(self.cells[i], k))
                       - sum(1 for o in self.cones if o is not None and COLOURS[o] == c)
                       for c in COLOURS}
        fits = []
        for combo in product(*[("B", "W", None) if place else ("B", "W")
                               for place in places]):
            if any(combo.count(c) != out_of_view[c] for c in COLOURS):
                continue
            mine = [[c for c, place, h in zip(combo, places, hiders, strict=True)
                     if place and h == hider] for hider in (0, 1)]
            if all(len(set(m)) == len(m) for m in mine):
                fits.append(combo)
        return self.filled(unknown, fits)

    def filled(self, unknown: list[tuple[int, int]], fits: object) -> list[list[list[list]]]:
        boards = []
        for perm in fits:  # type: ignore[attr-defined]
            cells = [[list(e) for e in cell] for cell in self.cells]
            for (i, k), colour in zip(unknown, perm, strict=True):
                cells[i][k][0] = "-" if colour is None else "M"
                cells[i][k][1] = colour
            boards.append(cells)
        return boards

    def oreo_report(self, viewer: int | None) -> list[str]:
        """Every Oreo (the full state) or those in view and those ``viewer`` knows of or
        thinks possible, as ``cell@depth colours (visible|hidden|possible)``."""
        out = []
        for i in range(9):
            for d, cols, view in self.oreos(self.cells[i], self.cones[i]):
                if viewer is None or view:
                    out.append(f"{cell_name(i)}@{d} {cols} ({'visible' if view else 'hidden'})")
            if viewer is None:
                continue
            found = [{(d, cols) for d, cols, view in self.oreos(b[i], self.cones[i])
                      if not view} for b in self.fillings(viewer, self.memory)]
            certain = set.intersection(*found) if found else set()
            for d, cols in sorted(set().union(*found)):
                how = "hidden" if (d, cols) in certain else "possible"
                out.append(f"{cell_name(i)}@{d} {cols} ({how})")
        return sorted(out)

    # ---- legal actions -------------------------------------------------------------------
    def legal(self) -> list[str]:
        if self.terminal:
            return []
        p = self.to_move
        assert p is not None
        if self.arranged < 2:
            cells = [cell_name(i) for i in home_row(p)]
            return [f"arrange black {b} white {w}" for b in cells for w in cells if b != w]
        out = []
        for i in range(9):
            cell, name = self.cells[i], cell_name(i)
            if not cell:
                continue
            if cell[-1][1] == COLOURS[p]:
                out += [f"move {name}-{cell_name(j)}" for j in neighbours(i)]
            for j in neighbours(i):
                if self.slide == "onto" and self.occupied(j):
                    out.append(f"slide {name}-{cell_name(j)}")
                if (self.slide == "empty" and not self.occupied(j)
                        and cell[-1][1] == COLOURS[p]):
                    out.append(f"slide {name}-{cell_name(j)}")
            if len(cell) >= 2 and i != self.lock:
                if any(e[0] == "L" for e in cell):
                    out += [f"bubble {name} claim {c}" for c in ("black", "white", "nothing")]
                else:
                    out.append(f"bubble {name}")
        for i in range(9):
            name = cell_name(i)
            seen = {(d, cols) for d, cols, view in self.oreos(self.cells[i], self.cones[i])
                    if view}
            claims = {(d, cols) for board in self.fillings(p, self.memory)
                      for d, cols, view in self.oreos(board[i], self.cones[i]) if not view}
            for j in neighbours(i):
                out += [f"eject {name}@{d} {cell_name(j)}" for d, _ in sorted(seen)]
                out += [f"eject {name}@{d} {cell_name(j)} claim {cols}"
                        for d, cols in sorted(claims)]
        return out + ["pass"]

    # ---- playing -------------------------------------------------------------------------
    def apply(self, action: str) -> None:
        assert action in self.legal(), (action, self.legal())
        p = self.to_move
        assert p is not None
        words = action.split()
        lock = None
        if words[0] == "arrange":
            black, white = cell_index(words[2]), cell_index(words[4])
            for i in home_row(p):
                hid = "B" if i == black else "W" if i == white else None
                self.cells[i] = [["-" if hid is None else "M", hid, p, {p}],
                                 ["L", COLOURS[p], None, {0, 1}]]
            self.arranged += 1
            if self.arranged == 2:
                order = [COLOURS[self.first], COLOURS[1 - self.first]]
                self.cells[4] = [["M", c, None, {0, 1}] for c in order]
                self.to_move = self.first
                self.remember()
            else:
                self.to_move = 1
            return
        if words[0] in ("move", "slide"):
            src, dst = (cell_index(x) for x in words[1].split("-"))
            if words[0] == "move":
                self.cells[dst].append(self.cells[src].pop())
            else:
                self.cells[dst] += self.cells[src]
                self.cells[src] = []
        elif words[0] == "bubble":
            i = cell_index(words[1])
            lock = self.bubble(i, words[3] if len(words) > 3 else None, action, p)
        elif words[0] == "eject":
            self.eject(words, action, p)
        self.settle(p, lock)

    def kind(self, p: int, right_in: list[bool]) -> str:
        return "sure" if all(right_in) else "bluff" if not any(right_in) else "guess"

    def bubble(self, i: int, claim: str | None, action: str, p: int) -> int | None:
        cell = self.cells[i]
        if claim is None:
            cell.append(cell.pop(0))
            return i
        def truth(c: list) -> str:
            return NAMES[c[0][1]] if c[0][0] == "M" else "nothing"
        right = truth(cell) == claim
        self.claims.append((action, right, self.kind(
            p, [truth(b[i]) == claim for b in self.fillings(p)])))
        cell[0][3] = {0, 1}
        if cell[0][0] == "-":
            cell.pop(0)
            if not right:
                return None
        elif not right:
            return None
        cell.append(cell.pop(0))
        return i

    def eject(self, words: list[str], action: str, p: int) -> None:
        name, depth = words[1].split("@")
        i, depth, dst = cell_index(name), int(depth), cell_index(words[2])
        claim = words[4] if len(words) > 4 else None
        def right_in(cell: list) -> bool:
            return any(d == depth and (claim is None or cols == claim)
                       for d, cols, _ in self.oreos(cell, self.cones[i]))
        right = right_in(self.cells[i])
        cell = self.cells[i]
        if claim is not None:
            self.claims.append((action, right, self.kind(
                p, [right_in(b[i]) for b in self.fillings(p)])))
            # reveal from the top down to the Oreo's lowest piece
            count, keep = 0, []
            for e in reversed(cell):
                if count < depth + 2:
                    e[3] = {0, 1}
                    if e[0] == "-":
                        continue
                    count += 1
                keep.append(e)
            cell[:] = keep[::-1]
        if not right:
            return
        actual = [k for k, e in enumerate(cell) if e[0] != "-"]
        self.cells[dst].append(cell.pop(actual[len(actual) - 1 - depth]))

    def settle(self, actor: int, lock: int | None) -> None:
        self.tidy()
        for p in (0, 1):
            for i in goal_row(p):
                cell = self.cells[i]
                larges = [k for k, e in enumerate(cell) if e[0] == "L"]
                if self.cones[i] is not None or not larges:
                    continue
                k = larges[-1]
                if (cell[k][1] == COLOURS[p] and k + 1 < len(cell) and cell[k + 1][0] == "M"
                        and cell[k + 1][1] == COLOURS[p]):
                    self.cones[i] = p
                    del cell[k:k + 2]
        self.tidy()
        self.lock = lock
        self.plies += 1
        self.to_move = 1 - actor
        done = [all(self.cones[i] == p for i in goal_row(p)) for p in (0, 1)]
        if done[actor]:
            self.winner = actor
        elif done[1 - actor]:
            self.winner = 1 - actor
        if self.winner is not None or self.remember() >= 3 or self.plies >= self.ply_cap:
            self.terminal = True
            self.to_move = None

    def tidy(self) -> None:
        """Empty hiding places not directly under a Large are gone; pieces in view are
        known to both."""
        for cell in self.cells:
            cell[:] = [e for k, e in enumerate(cell)
                       if e[0] != "-" or (k + 1 < len(cell) and cell[k + 1][0] == "L")]
            for k, e in enumerate(cell):
                if e[0] == "M" and not self.hidden(cell, k):
                    e[3] = {0, 1}

    def remember(self) -> int:
        """Count this position (what everyone sees, the lock, the player to move)."""
        def public(cell: list) -> tuple:
            larges = [k for k, e in enumerate(cell) if e[0] == "L"]
            top = larges[-1] if larges else -1
            return tuple(e[0] + e[1] for k, e in enumerate(cell)
                         if e[0] == "L" or (e[0] == "M" and k > top))
        key = (tuple(public(c) for c in self.cells), tuple(self.cones), self.lock,
               self.to_move)
        self.seen[key] = self.seen.get(key, 0) + 1
        return self.seen[key]
