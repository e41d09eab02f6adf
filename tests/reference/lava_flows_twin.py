"""Play Lava Flows in the library and in the test oracle side by side.

``compare(seed)`` plays one seeded random game from both players' arrangements on, choosing
each action from the library's legal actions, and returns the disagreements found (an empty
list when the two agree at every ply on the player to move, the legal actions, the board as
the full state and as each player's view writes it, the lock, the Cinder Cones, the scores,
every announcement's verdict and kind, the end and the winners). The oracle takes only the
chance outcome from the library: the first player, ``state.first``.
"""

from __future__ import annotations

import random

import tabletop
from reference.lava_flows_ref import Reference, cell_name
from reference.lockstep import lockstep


def board_cells(state: object) -> dict[str, str]:
    """The library's text of the board as cell name -> the stack's text."""
    out = {}
    for line in str(state).splitlines():
        parts = line.split("|")
        if len(parts) >= 5 and parts[0].strip() in ("1", "2", "3"):
            row = int(parts[0])
            for col, text in enumerate(parts[1:4]):
                out[f"{'abc'[col]}{row}"] = " ".join(text.split())
    return out


def compare(seed: int, *, stop: int = 5, view_every: int = 1,
            oracle: type[Reference] = Reference, **options: object) -> list[str]:
    """Disagreements in one seeded random game (at most ``stop`` + 1, then it stops);
    ``options`` are the game's (``slide``, ``oreo``, ``memory``, ``ply_cap``)."""
    game = tabletop.load("lava-flows", **options)
    start = game.new(seed=seed)
    ref = oracle(first=start.first, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    found: list[str] = []

    def check(what: str, lib: object, mine: object) -> None:
        if lib != mine:
            found.append(f"seed {seed} {options} ply {len(state.history)} {what}: "
                         f"library {lib!r} oracle {mine!r}\n{state}")

    for state, legal in lockstep(start, ref, rng, found, stop=stop,
                                 label=f"seed {seed} {options}"):
        playing = ref.arranged == 2
        check("terminal", state.is_terminal, ref.terminal)
        if not ref.terminal:
            check("to move", state.current_player, ref.to_move)
        check("legal", sorted(str(a) for a in state.legal_actions()), sorted(legal))
        check("board", board_cells(state), ref.board())
        if not playing:  # setup: the other's arrangement and the first player are secret
            for p in (0, 1):
                view = state.view(p)
                check(f"view {p} board in setup", board_cells(view), ref.board(p))
                check(f"view {p} first in setup", view.first, -1)
        if playing:
            check("scores", [int(x) for x in state.scores], ref.scores())
            check("cones", [c if c >= 0 else None for c in state.cones], ref.cones)
            check("lock", None if state.lock < 0 else state.lock, ref.lock)
            check("oreos", sorted(map(str, state.oreos())), ref.oreo_report(None))
            check("claims", [(c.action, c.right, c.kind) for c in state.claims], ref.claims)
            if view_every and len(state.history) % view_every == 0:
                check("audience's board", board_cells(state.view("public")), ref.board(2))
                for p in (0, 1):
                    view = state.view(p)
                    check(f"view {p} board", board_cells(view), ref.board(p))
                    check(f"view {p} oreos", sorted(map(str, view.oreos())),
                          ref.oreo_report(p))
                    if p == ref.to_move:
                        check("view legal", sorted(str(a) for a in view.legal_actions()),
                              sorted(legal))
    if state.is_terminal and ref.terminal:
        check("winners", tuple(state.winners), ref.winners())
    return found


__all__ = ["board_cells", "cell_name", "compare"]
