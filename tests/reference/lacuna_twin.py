"""Play Lacuna in the library and in the test oracle side by side.

``compare(seed)`` plays one seeded random game, choosing each action from the library's legal
actions, and returns the disagreements found (an empty list when the two agree at every ply on
the player to move, the legal actions as texts, the table as the full state and each view
write it (the flowers on the mat by colour, each player's pawns and collected flowers, the
tally; before the set-aside choice a view shows no colours and no pour order), the open pairs,
the integer id of each listed action (D6), who takes each flower by the nearest pawn, the
scores, where a pawn may stand on an open line (``positions``), ``is_legal`` of placements
off the sample, the end and the winners). The oracle
takes only the chance outcomes from the library's record: the start player (from the seed),
the layout, the pour order and ``taken``.
"""

from __future__ import annotations

import random
from typing import Any

import tabletop
from reference.lacuna_ref import COLOURS, SCALE, Reference
from reference.lockstep import lockstep

NAMES = ("Gold", "Silver")


def table(text: str) -> dict[str, Any]:
    """The library's text of a state or view as the parts the oracle can write."""
    out: dict[str, Any] = {"rows": {}}
    for line in text.splitlines():
        head, _, rest = line.partition(":")
        name = head.strip()
        if name in COLOURS:
            out["rows"][name] = [int(w.split("(")[0]) for w in rest.split()
                                    if w != "-"]
        elif name in NAMES:
            pawns, _, collected = rest.partition("; collected")
            points = [tuple(float(v) for v in w.strip("()").split(","))
                      for w in pawns.replace("pawns", "").split() if w != "-"]
            out[name] = (points, sorted(int(w) for w in collected.split() if w != "-"))
        elif line.startswith("tally"):
            words = line.split()[1:]
            out["tally"] = [[int(words[i + 1].split("-")[p]) for i in range(0, 14, 2)]
                            for p in (0, 1)]
        elif line.startswith("pour order"):
            out["pour"] = True
    return out


def close(points: list, exact: list) -> bool:
    """Whether the library's printed pawn centres (five decimals) are the oracle's."""
    return len(points) == len(exact) and all(
        abs(x - u) < 1e-5 and abs(y - v) < 1e-5
        for (x, y), (u, v) in zip(points, exact, strict=True))


def compare(seed: int, *, stop: int = 5, view_every: int = 1,
            oracle: type[Reference] = Reference, probe: int = 4,
            **options: float) -> list[str]:
    """Disagreements in one seeded random game (at most ``stop`` + 1, then it stops);
    ``options`` are the game's (``mat_radius``, ``flower_radius``, ``pawn_radius``)."""
    game = tabletop.load("lacuna", **options)
    state = game.new(seed=seed)
    start = state.to_record()["start"]
    first: int = state.start  # type: ignore[attr-defined]
    ref = oracle(start=first, layout=start["layout"], pour=start["pour"],
                 taken=start.get("taken", 0), **options)
    return play(state, ref, random.Random(seed), f"seed {seed} {options}", stop, view_every,
                probe)


def built_position(seed: int, *, flowers: int = 7, pawns: int = 4, gap: float = 0.1,
                   mirror: bool = False, scale: float = 1.0) -> dict:
    """A random position from coordinates (``game.position``'s arguments): ``flowers`` flowers
    of random colours and ``pawns`` pawns spread on a mat of radius ``scale``, centres at
    least ``gap`` apart (in mat radii): few flowers make free placements come up, many and
    close ones crowded lines. ``mirror``: the pawns in mirror pairs (Gold's at x, Silver's
    at -x) and the first flowers on the line x = 0, so that exact ties come up."""
    rng = random.Random(seed)
    spots: list[tuple[float, float]] = []
    while len(spots) < flowers + pawns:
        x, y = (round(rng.uniform(-0.9, 0.9), 3) for _ in range(2))
        if mirror and len(spots) < flowers // 2:
            x = 0.0
        if x * x + y * y < 0.9**2 and all((x - u) ** 2 + (y - v) ** 2 > gap**2
                                           for u, v in spots):
            spots.append((x, y))
            if mirror and len(spots) > flowers and len(spots) < flowers + pawns:
                spots.append((-x, y))
    spots = [(round(x * scale, 4), round(y * scale, 4)) for x, y in spots]
    return {"flowers": [(x, y, rng.randrange(7)) for x, y in spots[:flowers]],
            "pawns": [(x, y, i % 2) for i, (x, y) in enumerate(spots[flowers:])],
            "start": rng.randrange(2), "aside": rng.choice([None, rng.randrange(7)]),
            "collected": ([], [])}


def compare_position(seed: int, *, stop: int = 5, view_every: int = 1,
                     oracle: type[Reference] = Reference, kind: str = "sparse",
                     probe: int = 4, **options: float) -> list[str]:
    """Disagreements in a random game played on from a built position: ``kind`` "sparse"
    (7 flowers, 4 pawns: free placements), "crowded" (40 flowers 0.065 apart, 2 pawns:
    cramped lines) or "mirror" (ties at the end)."""
    scale = options.get("mat_radius", 1.0)
    where = {"sparse": lambda: built_position(seed, scale=scale),
             "crowded": lambda: built_position(seed, flowers=40, pawns=2, gap=0.065,
                                               scale=scale),
             "mirror": lambda: built_position(seed, flowers=14, pawns=10, mirror=True,
                                              scale=scale)}[kind]()
    state = tabletop.load("lacuna", **options).position(**where)  # type: ignore[attr-defined]
    ref = oracle.built(**where, **options)  # type: ignore[arg-type]
    return play(state, ref, random.Random(seed), f"{kind} position {seed} {options}", stop,
                view_every, probe)


def probes(ref: Reference, rng: random.Random, count: int) -> list[tuple[str, bool]]:
    """``count`` placements off the listed sample, each with the oracle's verdict: a random
    1/1024 step on a random pair of flowers on the mat (of any colours, named in either
    order), and a random tick point for a free placement."""
    out: list[tuple[str, bool]] = []
    mat = sorted(ref.on_mat)
    for _ in range(count if ref.colour is not None and len(mat) > 1 else 0):
        a, b = rng.sample(mat, 2)
        alike = [f for f in mat if f != a and ref.colour[f] == ref.colour[a]]  # type: ignore[index]
        if alike and rng.random() < 0.8:
            b = rng.choice(alike)
        k = rng.randrange(1025)
        out.append((f"place {a}-{b} @{k}/1024", ref.allows(min(a, b), max(a, b),
                                                          k if a < b else 1024 - k)))
        x, y = (rng.randrange(-ref.mat, ref.mat + 1) for _ in range(2))
        out.append((f"place free {x / 10_000},{y / 10_000}", ref.allows_free(x, y)))
    return out


def play(start: Any, ref: Reference, rng: random.Random, label: str, stop: int,
         view_every: int, probe: int = 4) -> list[str]:
    """Play on from ``start`` and ``ref`` (the same position), comparing at every ply."""
    found: list[str] = []

    def check(what: str, lib: object, mine: object) -> None:
        if lib != mine:
            found.append(f"{label} ply {len(state.history)} {what}: "
                         f"library {lib!r} oracle {mine!r}")

    def check_table(what: str, text: str) -> None:
        got = table(text)
        check(f"{what} flowers by colour", got["rows"], ref.colour_rows())
        if ref.colour is not None:
            check(f"{what} tally", got.get("tally"), ref.tally())
        for p, name in enumerate(NAMES):
            points, collected = got.get(name, ([], []))
            check(f"{what} {name}'s collected", collected, sorted(ref.collected[p]))
            if not close(points, ref.pawn_points(p)):
                check(f"{what} {name}'s pawns", points, ref.pawn_points(p))

    for state, legal in lockstep(start, ref, rng, found, stop=stop, label=label):
        check("terminal", state.is_terminal, ref.terminal)
        check("to move", state.current_player, None if ref.terminal else ref.to_move)
        check("legal", sorted(map(str, state.legal_actions())), sorted(legal))
        check_table("state", str(state))
        if len(ref.centres) <= 48:
            check("action ids", sorted((str(a), state.action_id(a))
                                       for a in state.legal_actions()),
                  sorted((t, ref.action_id(t)) for t in legal))
        check("open pairs", sorted(state.open_pairs()), ref.open_pairs())
        if ref.colour is not None:
            check("claims", dict(state.claims()), ref.claims())
            check("scores", [int(x) for x in state.scores], ref.scores())
        if view_every and len(state.history) % view_every == 0:
            for who in (0, 1, "public"):
                view = state.view(who)
                text = str(view)
                check(f"view {who} shows the pour order", "pour order" in text, False)
                check_table(f"view {who}", text)
                if who == ref.to_move and not ref.terminal:
                    check(f"view {who} legal", sorted(map(str, view.legal_actions())),
                          sorted(legal))
        pairs = ref.open_pairs() if probe and not ref.terminal else []
        if pairs:  # where a pawn may stand on one open line, named in a random order
            a, b = rng.choice(pairs)
            a, b = (a, b) if rng.random() < 0.5 else (b, a)
            lo, hi = min(a, b), max(a, b)
            steps = sorted(rng.sample(range(SCALE + 1), 40))
            mine = [ref.stands(lo, hi, k if a < b else SCALE - k) for k in steps]
            lib = state.positions(a, b)
            check(f"positions({a}, {b}) at {steps}", [bool(lib[k]) for k in steps], mine)
        for text, mine in probes(ref, rng, probe):
            check(f"is_legal({text!r})", state.is_legal(text), mine)
    if state.is_terminal and ref.terminal:
        check("winners", tuple(state.winners), ref.winners())
    return found


__all__ = ["built_position", "compare", "compare_position", "play", "table"]
