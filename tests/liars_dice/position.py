"""What Liar's Dice's states and views share: the public position and the queries both
answer.

Public: who bid first, every bid in order, and, once ``liar`` is called, every die. A
``LiarState`` adds every player's dice (``rules.py``); a ``LiarView`` its player's own
(``view.py``).

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("liars-dice", "liars_dice.rules:LiarsDice")
>>> s = tabletop.load("liars-dice").new(seed=1)
>>> isinstance(s.view(1), LiarPosition), s.current_player == s.first, s.bids
(True, True, ())
"""

from __future__ import annotations

from typing import Any

from tabletop.core import ranges
from tabletop.core.breakdown import Breakdown, Row
from tabletop.core.game import Action, Game, Position
from tabletop.core.position import position

from .actions import Bid, Call
from .dice import NAMES, total_dice


class _NoneOrAll:
    """``revealed`` is empty, or holds every player's dice."""

    def __init__(self, players: int, each: ranges.Row) -> None:
        self.players, self.each = players, each

    def fits(self, value: Any) -> bool:
        return isinstance(value, tuple) and len(value) in (0, self.players) \
            and all(self.each.fits(v) for v in value)

    def __str__(self) -> str:
        return f"() or a tuple of {self.players}, each {self.each}"


@position
class LiarPosition(Position):
    """The public part of a Liar's Dice position: ``first`` bids first, ``bids`` are the
    bids made so far as ``(quantity, face)``, ``revealed`` every player's dice once ``liar``
    is called (``()`` before)."""

    game: Game
    first: int
    bids: tuple[tuple[int, int], ...]
    revealed: tuple[tuple[int, ...], ...]

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        """What each field may hold, from the players and the options."""
        n, faces = self.game.players, self.game.options["faces"]
        total = total_dice(n, self.game.options["dice"])
        bid = ranges.Items((ranges.Span(1, total), ranges.Span(1, faces)))
        hand = ranges.Row(ranges.Span(1, faces), length=self.game.options["dice"])
        return {"first": ranges.Span(0, n - 1),
                "bids": ranges.Row(bid, longest=total * faces),
                "revealed": _NoneOrAll(n, hand)}

    # --- what states and views each know their own way -----------------------------------
    @property
    def viewer(self) -> int | None:
        """The player whose view this is; ``None`` for a full state."""
        return None

    def known_dice(self) -> tuple[tuple[int, ...] | None, ...]:
        """Each player's dice as this position knows them (``None``: hidden)."""
        raise NotImplementedError

    # --- what both answer ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.revealed:
            return None
        return (self.first + len(self.bids)) % self.game.players

    @property
    def bidder(self) -> int | None:
        """Who made the last bid (``None`` before the first)."""
        if not self.bids:
            return None
        return (self.first + len(self.bids) - 1) % self.game.players

    def _legal_actions(self) -> tuple[Action, ...]:
        total = total_dice(self.game.players, self.game.options["dice"])
        faces = self.game.options["faces"]
        q0, f0 = self.bids[-1] if self.bids else (0, faces)
        higher = [Bid(q0, f) for f in range(f0 + 1, faces + 1)]
        higher += [Bid(q, f) for q in range(q0 + 1, total + 1) for f in range(1, faces + 1)]
        return (*higher, Call()) if self.bids else tuple(higher)

    def _why_illegal(self, action: Action) -> str | None:
        if isinstance(action, Call) and not self.bids:
            return "there is no bid to call yet"
        if isinstance(action, Bid) and self.bids:
            q, f = self.bids[-1]
            return f"a bid must beat {q}x{f}: more dice, or as many of a higher face"
        if isinstance(action, Bid):
            return "a bid names 1 .. {} dice and a face 1 .. {}".format(
                total_dice(self.game.players, self.game.options["dice"]),
                self.game.options["faces"])
        return None

    def loser(self) -> int | None:
        """Who lost the challenge; ``None`` before the call and when the bid was spot on."""
        if not self.revealed:
            return None
        q, f = self.bids[-1]
        count = sum(d == f for hand in self.revealed for d in hand)
        if count == q:
            return None
        bidder = self.bidder
        assert bidder is not None
        caller = (bidder + 1) % self.game.players
        return bidder if count < q else caller

    @property
    def points(self) -> tuple[float, ...]:
        """``-(players - 1)`` for the loser and ``+1`` for every other player; all ``0``
        before the call, and when the bid was spot on (a draw)."""
        n, loser = self.game.players, self.loser()
        if loser is None:
            return (0.0,) * n
        return tuple(float(1 - n if p == loser else 1) for p in range(n))

    def score_breakdown(self) -> Breakdown:
        """One row: who paid the others for losing the challenge."""
        n, loser = self.game.players, self.loser()
        names = NAMES[:n]
        if loser is None:
            note = "spot on: nobody loses" if self.revealed else "no call yet"
            return Breakdown(players=names, rows=(Row("challenge", self.points),),
                             notes=(note,))
        return Breakdown(players=names, rows=(Row("challenge", self.points,
                                                  detail=f"{names[loser]} lost"),))

    def _text(self) -> str:
        n = self.game.players
        head = "over" if self.revealed else f"{NAMES[self.current_player or 0]} to move"
        lines = [f"Liar's Dice · {n} players · {head}"]
        bids = " ".join(f"{q}x{f}" for q, f in self.bids) or "-"
        lines.append(f"bids from {NAMES[self.first]}: {bids}")
        for p, hand in enumerate(self.known_dice()):
            shown = "?" * self.game.options["dice"] if hand is None else \
                " ".join(map(str, hand))
            lines.append(f"{NAMES[p]}: {shown}")
        return "\n".join(lines)
