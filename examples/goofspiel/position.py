"""What Goofspiel's states and views share: the public position and the queries both answer.

Public: the prize on show, both hands (every bid is shown once the round ends, so what is
left in a hand is known), the prizes each player has taken, who has bid this round, and
every finished round. A ``GoofState`` adds the prize pile's order and this round's bids
(``rules.py``); a ``GoofView`` what one player knows of them (``view.py``).

>>> import tabletop
>>> from tabletop.core.registry import register
>>> register("goofspiel", "goofspiel.rules:Goofspiel")
>>> s = tabletop.load("goofspiel").new(seed=1)
>>> isinstance(s.view(1), GoofPosition), s.current_player, s.prize in s.hands[0]
(True, 0, True)
"""

from __future__ import annotations

from tabletop.core import ranges
from tabletop.core.breakdown import Breakdown, Row
from tabletop.core.game import Action, Game, Position
from tabletop.core.position import position
from tabletop.core.quoting import counted

from .actions import Bid
from .cards import NAMES

#: A finished round: the prize, North's bid, South's bid.
Round = tuple[int, int, int]


@position
class GoofPosition(Position):
    """The public part of a Goofspiel position: ``prize`` is the prize on show (``0`` once
    the game is over), ``hands`` each player's cards left, ``taken`` the prizes each has
    won, ``laid`` who has bid this round, ``rounds`` the finished rounds in order."""

    game: Game
    prize: int
    hands: tuple[tuple[int, ...], ...]
    taken: tuple[tuple[int, ...], ...]
    laid: tuple[bool, ...]
    rounds: tuple[Round, ...]

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        """What each field may hold beyond its type, from the number of cards: checked when
        a position is made by hand (its constructor, ``dataclasses.replace``)."""
        n = self.game.options["cards"]
        card = ranges.Span(1, n)
        cards = ranges.Row(card, longest=n)
        return {"prize": ranges.Span(0, n), "hands": ranges.Row(cards, length=2),
                "taken": ranges.Row(cards, length=2), "laid": ranges.Row(length=2),
                "rounds": ranges.Row(ranges.Items((card, card, card)), longest=n)}

    # --- what states and views each know their own way -----------------------------------
    @property
    def pile_count(self) -> int:
        """How many prizes are still face down."""
        raise NotImplementedError

    @property
    def viewer(self) -> int | None:
        """The player whose view this is; ``None`` for a full state."""
        return None

    def shown_bids(self) -> tuple[int | None, ...]:
        """This round's bids as the position may show them (``None``: face down or not
        laid): a view shows its own player's bid, a state shows none."""
        raise NotImplementedError

    # --- what both answer ------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if not self.prize:
            return None
        return self.laid.index(False)

    def _legal_actions(self) -> tuple[Action, ...]:
        return tuple(Bid(card) for card in self.hands[self.laid.index(False)])

    def _why_illegal(self, action: Action) -> str | None:
        if isinstance(action, Bid) and self.prize:
            mover = self.laid.index(False)
            return f"{NAMES[mover]} holds no {action.card} (has {_cards(self.hands[mover])})"
        return None

    @property
    def points(self) -> tuple[float, ...]:
        """The prizes each player has taken, added up."""
        return tuple(float(sum(won)) for won in self.taken)

    def score_breakdown(self) -> Breakdown:
        """One row per player's prizes: the cards taken and their sum."""
        rows = tuple(Row(f"{NAMES[p]}'s prizes", tuple(float(q == p) * self.points[p]
                                                        for q in range(2)),
                         detail=_cards(self.taken[p])) for p in range(2))
        ties = sum(1 for _, a, b in self.rounds if a == b)
        return Breakdown(players=NAMES, rows=rows,
                         notes=(f"{counted(ties, 'prize')} discarded on a tie",) if ties else ())

    def _text(self) -> str:
        bids = " ".join("?" if laid else "-" for laid in self.laid)
        head = f"prize {self.prize}" if self.prize else "over"
        lines = [f"Goofspiel · {head} · pile {self.pile_count} · bids {bids}"]
        lines += [f"{NAMES[p]}: hand {_cards(self.hands[p])} · taken {_cards(self.taken[p])}"
                  for p in range(2)]
        lines += [f"  prize {prize}: {a} against {b}" for prize, a, b in self.rounds]
        return "\n".join(lines)


def _cards(cards: tuple[int, ...]) -> str:
    return " ".join(map(str, cards)) or "-"
