"""An independent oracle for Lacuna, written from the rules specification alone.

It implements ``rules/lacuna.md`` and the public docs (``docs/rules/lacuna.md``: the tick grid
of I2, touching of I3, blocking of I6, where a pawn may stand of I7, the free placement of I8,
the listed sample of I9, the ties of I10, the winner of I11, the notation of D2) without
reading ``tabletop/games/lacuna`` and without importing tabletop. Every test is decided in
Python integers: flower centres are in ticks (0.0001), a pawn on a line stands at
``A + k/1024 (B - A)``, so all coordinates are kept in units of 1/1024 tick.

The chance outcomes come from outside (the library's record): the start player, the 48 flower
centres (``layout``), the pour order of the 49 colours (``pour``) and which of the set-aside
colour's seven flowers in it the start player takes (``taken``).
"""

from __future__ import annotations

from fractions import Fraction

COLOURS = ("red", "orange", "yellow", "green", "blue", "violet", "white")
TICKS = 10_000  # ticks per unit
SCALE = 1024  # positions are kept in 1/1024 tick


def ticks(value: float) -> int:
    """A length in mat units as whole ticks."""
    return round(value * TICKS)


def position_text(k: int) -> str:
    """The notation of the fraction k/1024 (D2): 0, 1, a fraction with a denominator up to
    16, else the shortest decimal of at most four places that reads back as k."""
    if k in (0, SCALE):
        return str(k // SCALE)
    frac = Fraction(k, SCALE)
    if frac.denominator <= 16:
        return f"{frac.numerator}/{frac.denominator}"
    for places in range(1, 5):
        digits = round(frac * 10**places)
        if round(Fraction(digits, 10**places) * SCALE) == k:
            return f"0.{digits:0{places}d}".rstrip("0")
    raise AssertionError(k)


def tick_text(t: int) -> str:
    """A tick coordinate as the shortest decimal of mat units."""
    sign = "-" if t < 0 else ""
    whole, rest = divmod(abs(t), TICKS)
    return sign + (f"{whole}.{rest:04d}".rstrip("0") if rest else str(whole))


class Reference:
    """One game of Lacuna: the layout, the pour order and the start player are given."""

    def __init__(self, *, start: int, layout: list, pour: list, taken: int,
                 mat_radius: float = 1.0, flower_radius: float = 0.031,
                 pawn_radius: float = 0.029) -> None:
        self.start = start
        self.mat = ticks(mat_radius)
        self.rf = ticks(flower_radius)
        self.rp = ticks(pawn_radius)
        self.centres = [(x * SCALE, y * SCALE) for x, y in layout]
        self.pour = list(pour)
        self.taken = taken
        self.colour: list[int] | None = None  # of each flower, once the aside is made
        self.aside: int | None = None
        self.on_mat = set(range(len(self.centres)))
        self.pawns: list[tuple[int, int, int]] = []  # (x, y, owner), 1/1024 tick
        self.collected: list[list[int]] = [[], []]
        self.to_move = start

    @classmethod
    def built(cls, flowers: list, pawns: list, *, start: int, aside: int | None,
              collected: list, **options: float) -> Reference:
        """A position from coordinates in mat units: flowers ``(x, y, colour index)`` take
        the ids 0, 1, ... in the order given; pawns ``(x, y, owner)``."""
        ref = cls(start=start, layout=[(ticks(x), ticks(y)) for x, y, _ in flowers],
                  pour=[], taken=0, **options)
        ref.colour = [c for _, _, c in flowers]
        ref.aside = aside
        ref.pawns = [(ticks(x) * SCALE, ticks(y) * SCALE, o) for x, y, o in pawns]
        ref.collected = [list(c) for c in collected]
        ref.on_mat -= set(ref.collected[0]) | set(ref.collected[1])
        ref.to_move = (start + len(pawns)) % 2
        return ref

    # -- geometry -------------------------------------------------------------------------
    def blocks(self, a: int, b: int, c: tuple[int, int], r: int) -> bool:
        """Whether a disc of radius r ticks at c enters the segment a-b's interior (I6)."""
        (ax, ay), (bx, by) = self.centres[a], self.centres[b]
        dx, dy, cx, cy = bx - ax, by - ay, c[0] - ax, c[1] - ay
        rr = (r * SCALE) ** 2
        dot, length2 = cx * dx + cy * dy, dx * dx + dy * dy
        if dot <= 0:
            return cx * cx + cy * cy < rr
        if dot >= length2:
            ex, ey = c[0] - bx, c[1] - by
            return ex * ex + ey * ey < rr
        cross = cx * dy - cy * dx
        return cross * cross < rr * length2

    def blockers(self, a: int, b: int) -> list:
        found: list = [f for f in self.on_mat if f not in (a, b)
                       and self.blocks(a, b, self.centres[f], self.rf)]
        found += [p for p in self.pawns if self.blocks(a, b, p[:2], self.rp)]
        return found

    def overlaps(self, x: int, y: int, skip: tuple[int, ...] = ()) -> bool:
        """Whether a pawn at (x, y) (1/1024 tick) overlaps a pawn or a flower not in skip."""
        for px, py, _ in self.pawns:
            if (px - x) ** 2 + (py - y) ** 2 < (2 * self.rp * SCALE) ** 2:
                return True
        for f in self.on_mat:
            if f in skip:
                continue
            fx, fy = self.centres[f]
            if (fx - x) ** 2 + (fy - y) ** 2 < ((self.rp + self.rf) * SCALE) ** 2:
                return True
        return False

    def at(self, a: int, b: int, k: int) -> tuple[int, int]:
        (ax, ay), (bx, by) = self.centres[a], self.centres[b]
        return (ax + k * (bx - ax) // SCALE, ay + k * (by - ay) // SCALE)

    def stands(self, a: int, b: int, k: int) -> bool:
        return not self.overlaps(*self.at(a, b, k), skip=(a, b))

    # -- moves ----------------------------------------------------------------------------
    def open_pairs(self) -> list[tuple[int, int]]:
        if self.colour is None:
            return []
        mat = sorted(self.on_mat)
        return [(a, b) for i, a in enumerate(mat) for b in mat[i + 1:]
                if self.colour[a] == self.colour[b] and not self.blockers(a, b)]

    def sample(self, a: int, b: int) -> list[int]:
        """The listed positions on a pair (I9), before legality."""
        (ax, ay), (bx, by) = self.centres[a], self.centres[b]
        length2 = ((bx - ax) // SCALE) ** 2 + ((by - ay) // SCALE) ** 2
        gap = self.mat // 12
        if length2 < gap * gap:
            return [512]
        if length2 < (2 * gap) ** 2:
            return [0, SCALE]
        if length2 < (4 * gap) ** 2:
            return [0, 512, SCALE]
        return [0, 256, 512, 768, SCALE]

    def pair_moves(self) -> dict[tuple[int, int], list[int]]:
        """Each legal pair and its listed positions."""
        out = {}
        for a, b in self.open_pairs():
            listed = [k for k in self.sample(a, b) if self.stands(a, b, k)]
            if not listed:  # the legal position nearest the middle, if any
                listed = [k for k in sorted(range(SCALE + 1), key=lambda k: abs(2 * k - SCALE))
                          if self.stands(a, b, k)][:1]
            if listed:
                out[(a, b)] = listed
        return out

    def allows(self, a: int, b: int, k: int) -> bool:
        """Whether a pawn may go at k/1024 from flower a to b, listed or not (I6, I7)."""
        if self.colour is None or self.terminal or a == b or not {a, b} <= self.on_mat:
            return False
        return (self.colour[a] == self.colour[b] and not self.blockers(a, b)
                and self.stands(a, b, k))

    def allows_free(self, x: int, y: int) -> bool:
        """Whether a free placement at the tick point (x, y) is legal now (I8)."""
        return (self.colour is not None and not self.terminal and not self.pair_moves()
                and self.free_ok(x, y))

    def free_ok(self, x: int, y: int) -> bool:
        """Whether a free pawn may stand at the tick point (x, y) (I8)."""
        if x * x + y * y > (self.mat - self.rp) ** 2:
            return False
        return not self.overlaps(x * SCALE, y * SCALE)

    def legal(self) -> list[str]:
        if self.terminal:
            return []
        if self.colour is None:
            return [f"aside {c}" for c in COLOURS]
        moves = self.pair_moves()
        if moves:
            return [f"place {a}-{b} @{position_text(k)}"
                    for (a, b), ks in moves.items() for k in ks]
        for level in range(3):
            step, n = self.mat // 4 // 2**level, 4 * 2**level
            found = [f"place free {tick_text(i * step)},{tick_text(j * step)}"
                     for i in range(-n, n + 1) for j in range(-n, n + 1)
                     if self.free_ok(i * step, j * step)]
            if found:
                return found
        return []

    def action_id(self, text: str) -> int:
        """The integer id of a listed action (D6): ``aside`` 0-6; a placement on flowers a < b
        ``7 + 6 pair + slot`` (pairs (0, 1), (0, 2), ... of 48 flowers; slot 0-4 the sample
        positions, 5 the nearest the middle); then the free lattices R/4, R/8, R/16 (9, 17,
        33 points a side, x then y), a point on two with the coarser one's id."""
        words = text.split()
        if words[0] == "aside":
            return COLOURS.index(words[1])
        if words[1] != "free":
            a, b = (int(v) for v in words[1].split("-"))
            k = round(Fraction(words[2][1:]) * SCALE)
            pair = sum(47 - i for i in range(a)) + b - a - 1
            slots = [0, 256, 512, 768, SCALE]
            return 7 + 6 * pair + (slots.index(k) if k in slots else 5)
        x, y = (ticks(float(v)) for v in words[2].split(","))
        base = 7 + 6 * 48 * 47 // 2
        for level in range(3):
            step, n = self.mat // 4 // 2**level, 4 * 2**level
            if x % step == 0 and y % step == 0:
                return base + (x // step + n) * (2 * n + 1) + y // step + n
            base += (2 * n + 1) ** 2
        raise AssertionError(text)

    def apply(self, text: str) -> None:
        assert text in self.legal(), (text, self.legal()[:5])
        words = text.split()
        if words[0] == "aside":
            self.set_aside(COLOURS.index(words[1]))
            return
        if words[1] == "free":
            x, y = (ticks(float(v)) for v in words[2].split(","))
            self.pawns.append((x * SCALE, y * SCALE, self.to_move))
        else:
            a, b = (int(v) for v in words[1].split("-"))
            k = round(Fraction(words[2][1:]) * SCALE)
            self.pawns.append((*self.at(a, b, k), self.to_move))
            self.on_mat -= {a, b}
            self.collected[self.to_move] += [a, b]
        self.to_move = 1 - self.to_move

    def set_aside(self, colour: int) -> None:
        nth = [i for i, c in enumerate(self.pour) if c == colour][self.taken]
        self.colour = self.pour[:nth] + self.pour[nth + 1:]
        self.aside = colour

    # -- the end --------------------------------------------------------------------------
    @property
    def terminal(self) -> bool:
        return len(self.pawns) == 12

    def claim(self, f: int) -> int | None:
        """Who takes flower f by the nearest pawn now (None: no pawn, or an exact tie)."""
        fx, fy = self.centres[f]
        near: list[int | None] = [
            min(((x - fx) ** 2 + (y - fy) ** 2 for x, y, o in self.pawns if o == p),
                default=None) for p in (0, 1)]
        if near[0] is None and near[1] is None:
            return None
        if near[1] is None or (near[0] is not None and near[0] < near[1]):
            return 0
        if near[0] is None or near[1] < near[0]:
            return 1
        return None

    def claims(self) -> dict[int, int | None]:
        return {f: self.claim(f) for f in sorted(self.on_mat)}

    def tally(self) -> list[list[int]]:
        """Flowers of each colour per player: collected, the aside, and at the end the
        claims."""
        out = [[0] * 7 for _ in range(2)]
        if self.colour is None:
            return out
        for p in (0, 1):
            for f in self.collected[p]:
                out[p][self.colour[f]] += 1
        if self.aside is not None:
            out[self.start][self.aside] += 1
        if self.terminal:
            for f, who in self.claims().items():
                if who is not None:
                    out[who][self.colour[f]] += 1
        return out

    def scores(self) -> list[int]:
        return [sum(n >= 4 for n in row) for row in self.tally()]

    def winners(self) -> tuple[int, ...]:
        tally, won = self.tally(), self.scores()
        for key in (won, [sum(row) for row in tally]):
            if key[0] != key[1]:
                return (0,) if key[0] > key[1] else (1,)
        return ()  # a draw: no winners

    def pawn_points(self, owner: int) -> list[tuple[float, float]]:
        return [(x / SCALE / TICKS, y / SCALE / TICKS) for x, y, o in self.pawns if o == owner]

    def colour_rows(self) -> dict[str, list[int]]:
        """The flowers on the mat by colour name (once poured)."""
        if self.colour is None:
            return {}
        return {name: [f for f in sorted(self.on_mat) if self.colour[f] == c]
                for c, name in enumerate(COLOURS)}


__all__ = ["COLOURS", "Reference", "position_text", "tick_text"]
