"""What Lascaux's states and views share: the public position and the queries both answer.

Everything here is public — the table, collections, stones, pot, the token stack, whose turn
it is. A ``LascauxState`` adds the deck's order and every secret token (``rules.py``), a
``LascauxView`` what one player knows of them (``view.py``).

>>> import tabletop
>>> s = tabletop.load("lascaux").new(seed=1)
>>> isinstance(s, LascauxPosition), isinstance(s.view(0), LascauxPosition)
(True, True)
>>> s.deck_count == s.view(0).deck_count, s.viewer, s.view(2).viewer
(True, None, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import ranges
from ...core.breakdown import Breakdown, Row
from ...core.game import Action, Position
from ...core.position import position
from . import scoring
from .actions import (
    CHOICES,
    CHOICES_BY_MASK,
    ONLY_PASS,
    PASS,
    PAY,
    PAY_OR_PASS,
    Choose,
    Pass,
    Pay,
)
from .cards import ANIMALS, BIT, CARD_COUNT, COLOURS, MASK, describe, mask_of, short

if TYPE_CHECKING:
    from .rules import Lascaux

CHOOSE, BID, OVER = "choose", "bid", "over"

#: Player names: the four teenagers who found the cave in 1940, and their dog.
NAMES = ("Marcel", "Jacques", "Georges", "Simon", "Robot")

#: One resolved token: (player, colour, cards it took), listed from the top of the stack.
Claim = tuple[int, int, tuple[int, ...]]

#: What a card number and a colour number may be (``_ranges``).
CARD, COLOUR = ranges.Span(0, CARD_COUNT - 1), ranges.Span(0, len(COLOURS) - 1)
#: The most stones a player or the pot may hold, and the highest round number, in a
#: position given by hand (a game from ``new()`` stays far below: 60 stones, 327 rounds).
MOST_STONES, MOST_ROUNDS = 999, 9_999
#: Why a game ended (``end``): not yet, every card taken, or three idle rounds.
ENDS = ("", "cards", "stalled")


@position
class LascauxPosition(Position):
    """The public part of a Lascaux position.

    ``table`` lists the face-up cards in the order they came (``table[:fresh]`` are leftovers
    from earlier rounds); ``stack`` the players who passed, bottom first; ``resolved`` the
    tokens of the last resolution, top first, with what each took.
    """

    game: Lascaux
    table: tuple[int, ...]
    fresh: int
    collections: tuple[tuple[int, ...], ...]
    stones: tuple[int, ...]
    pot: int
    start: int
    phase: str
    stack: tuple[int, ...]
    turn: int
    round_number: int
    idle: int
    resolved: tuple[Claim, ...]
    end: str
    #: Whose decision it is (``None`` once over): the bidder ``turn``, or the next player to
    #: lay a token from ``start``. Kept as a field, set by every move, because every search
    #: step asks and a property's call cost as much as a fifth of a move; in the repr, which
    #: is the constructor call that rebuilds the position (``check_reprs``).
    current_player: int | None

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        players = self.game.players
        player, card, count = ranges.Span(0, players - 1), CARD, ranges.Span(0, MOST_STONES)
        cards = ranges.Row(card, longest=CARD_COUNT)
        return {"table": cards, "fresh": ranges.Span(0, CARD_COUNT),
                "collections": ranges.Row(cards, length=players),
                "stones": ranges.Row(count, length=players), "pot": count, "start": player,
                "phase": ranges.OneOf((CHOOSE, BID, OVER)),
                "stack": ranges.Row(player, longest=players), "turn": player,
                "round_number": ranges.Span(0, MOST_ROUNDS),
                "idle": ranges.Span(0, 3),  # (to IDLE_LIMIT)
                "resolved": ranges.Row(ranges.Items((player, COLOUR, cards)), longest=players),
                "end": ranges.OneOf(ENDS), "current_player": player}

    def _check_together(self) -> None:
        """Refuse a card in two places (or twice in one): a ``ValueError`` naming the card
        and both fields, at once (``dataclasses.replace``, the constructor), not an error
        from a determinization later.

        >>> import dataclasses, tabletop
        >>> s = tabletop.load("lascaux").new(seed=1)
        >>> dataclasses.replace(s, deck=s.deck + s.table[:1])
        Traceback (most recent call last):
        ...
        ValueError: LascauxState: card 2 ('deer green/pink') is in field 'table' and in ...
        """
        self._check_stack()
        self._check_resolved()
        seen: dict[int, str] = {}
        for where, cards in self._card_places():
            for card in cards:
                first = seen.get(card)
                if first is None:
                    seen[card] = where
                else:
                    places = (f"twice in {where}" if first == where
                              else f"in {first} and in {where}")
                    raise ValueError(f"{type(self).__name__}: card {card} ({describe(card)!r}) "
                                     f"is {places}: each card is in one place at most")

    def _check_stack(self) -> None:
        """Refuse a player in the token stack twice (each passes once a round), a bidder
        to move who has passed already, and a ``current_player`` who is not the one to move
        (``replace(state, turn=2)`` leaves it as it was)."""
        kind, stack = type(self).__name__, self.stack
        for player in stack:
            if stack.count(player) > 1:
                raise ValueError(f"{kind}: player {player} is twice in field 'stack': each "
                                 f"player passes once a round")
        if self.phase == BID and self.turn in stack:
            raise ValueError(f"{kind}: field 'turn' names player {self.turn}, who has passed "
                             f"(is in field 'stack'): the bidder to move is still bidding")
        phase, n = self.phase, len(self.stones)
        mover = (self.turn if phase == BID else (self.start + self.tokens_laid) % n
                 if phase == CHOOSE else None)
        if self.current_player != mover:
            why = ("the bidder, field 'turn'" if phase == BID else "the next to lay a token "
                   "from field 'start'" if phase == CHOOSE else "none: the game is over")
            raise ValueError(f"{kind}: field 'current_player' should be {mover} ({why}), not "
                             f"{self.current_player}")

    def _check_resolved(self) -> None:
        """Refuse leftovers (``fresh``) beyond the table, and a last resolution
        (``resolved``) that could not have happened: one token per player, each taking cards
        that show its colour into its player's collection, all of them (a later token of a
        colour taken already takes none), so that no leftover shows a resolved colour.

        >>> import dataclasses, tabletop
        >>> s = tabletop.load("lascaux").new(seed=1)
        >>> dataclasses.replace(s, fresh=len(s.table) + 1)
        Traceback (most recent call last):
        ...
        ValueError: LascauxState: field 'fresh' counts the leftovers at the start of ...
        """
        kind, players = type(self).__name__, len(self.stones)
        if self.fresh > len(self.table):
            raise ValueError(f"{kind}: field 'fresh' counts the leftovers at the start of "
                             f"field 'table', so it is at most {len(self.table)} (the table's "
                             f"cards), not {self.fresh}")
        if not self.resolved:
            return
        claimants = [p for p, _, _ in self.resolved]
        if sorted(claimants) != list(range(players)):
            raise ValueError(f"{kind}: field 'resolved' reveals one token per player, each "
                             f"player once (players 0..{players - 1}), not players "
                             f"{claimants}")
        taken: set[int] = set()
        for p, colour, cards in self.resolved:
            where = f"field 'resolved' (player {p}'s {COLOURS[colour]} token)"
            for card in cards:
                if not MASK[card] & BIT[colour] or colour in taken:
                    why = ("an earlier token of that colour took them all" if colour in taken
                           else f"it does not show {COLOURS[colour]}")
                    raise ValueError(f"{kind}: {where} took card {card} ({describe(card)!r}), "
                                     f"but {why}")
                if cards.count(card) > 1 or card not in self.collections[p]:
                    why = ("twice" if cards.count(card) > 1 else
                           f"but field 'collections' (player {p}'s) does not hold it")
                    raise ValueError(f"{kind}: {where} took card {card} ({describe(card)!r}) "
                                     f"{why}")
            taken.add(colour)
        for card in self.table[:self.fresh]:
            if MASK[card] & sum(BIT[c] for c in taken):
                raise ValueError(f"{kind}: card {card} ({describe(card)!r}) is a leftover "
                                 f"(in field 'table', before field 'fresh') but shows a colour "
                                 f"that field 'resolved' took from the table")

    def _card_places(self) -> list[tuple[str, tuple[int, ...]]]:
        """``(where in words, cards)`` for each field holding cards, naming the field."""
        return [("field 'table'", self.table),
                *((f"field 'collections' (player {p}'s)", cards)
                  for p, cards in enumerate(self.collections))]

    # --- what states and views each know their own way -----------------------------------
    @property
    def deck_count(self) -> int:
        """How many cards are left in the deck."""
        raise NotImplementedError

    @property
    def tokens_laid(self) -> int:
        """How many players have laid their colour token this round."""
        raise NotImplementedError

    @property
    def laid(self) -> tuple[bool, ...]:
        """Whether each player has laid their colour token this round."""
        raise NotImplementedError

    @property
    def viewer(self) -> int | None:
        """The player whose view this is; ``None`` for a full state."""
        return None

    def shown_tokens(self, reveal: bool = False) -> tuple[int | None, ...]:
        """Each player's token colour as a picture may show it (``None``: face down or not
        laid): a view shows its own player's; ``reveal`` shows all of a full state's."""
        raise NotImplementedError

    # --- the queries both answer ------------------------------------------------------------
    @property
    def table_mask(self) -> int:
        """The bit mask of the colours shown on the table."""
        return mask_of(self.table)

    def _legal_actions(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase == BID:
            return PAY_OR_PASS if self.stones[self.turn] > 0 else ONLY_PASS
        if phase == CHOOSE:
            return CHOICES_BY_MASK[mask_of(self.table)] if self.game.strict else CHOICES
        return ()

    def _pick(self, u: float) -> Action:
        """``_legal_actions()[int(u * n)]`` (the rollout's move) without the tuple: a bid is
        ``pay`` exactly when ``u < 0.5`` (``int(2u) == 0``) and a stone is left.

        >>> import tabletop
        >>> s = tabletop.load("lascaux").new(seed=1)
        >>> str(s._pick(0.0)), str(s._pick(0.99)), str(s._pick(0.5))
        ('choose brown', 'choose blue', 'choose pink')
        """
        if self.phase == BID:
            return PAY if u < 0.5 and self.stones[self.turn] > 0 else PASS
        legal = self._legal_actions()
        return legal[int(u * len(legal))]

    def _why_illegal(self, action: Action) -> str | None:
        name = self.game.player_name
        if isinstance(action, Choose):
            if self.phase == BID:
                bids = "pay or pass" if self.stones[self.turn] else "pass (no stones left)"
                return f"the tokens are laid; {name(self.turn)} bids now: {bids}"
            if not 0 <= action.colour < len(COLOURS):
                return f"there is no colour number {action.colour}"
            if self.game.strict and not self.table_mask & BIT[action.colour]:
                return f"strict_colour: no card on the table shows {COLOURS[action.colour]}"
        if isinstance(action, Pay | Pass):
            if self.phase == CHOOSE:
                return "the bidding starts once every player has laid a colour token"
            if isinstance(action, Pay) and self.phase == BID and self.stones[self.turn] == 0:
                return f"{name(self.turn)} has no stones left and must pass"
        return None

    @property
    def points(self) -> tuple[int, ...]:
        """Everyone's points as things stand (all of it public)."""
        return scoring.scores(self.collections, self.stones)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The players ahead as things stand, ties broken by stones (the winners at the
        end; ``()`` for a draw)."""
        return scoring.winners(self.points, self.stones)

    def score_breakdown(self) -> Breakdown:
        """Rows per animal (majority points, with everyone's card counts) and one for
        stones."""
        counts = [scoring.animal_counts(c) for c in self.collections]
        rows_pts = scoring.animal_points(counts)
        rows = []
        for a, animal in enumerate(ANIMALS):
            held = "/".join(str(counts[p][a]) for p in range(len(counts)))
            rows.append(Row(animal, tuple(rows_pts[p][a] for p in range(len(counts))),
                            detail=f"cards {held}"))
        per = scoring.STONES_PER_POINT
        rows.append(Row(f"stones (1 per {per})", tuple(s // per for s in self.stones),
                        detail="stones " + "/".join(str(s) for s in self.stones)))
        names = tuple(self.game.player_name(p) for p in range(self.game.players))
        return Breakdown(players=names, rows=tuple(rows),
                         notes=("ties on points go to most stones left, then are shared",))

    # --- text ------------------------------------------------------------------------------
    def _text(self) -> str:
        return "\n".join([self._head(), self._deck_line(), *self._body(),
                          f"tokens: {' '.join(self._token_words())}"])

    def _token_words(self) -> Sequence[str]:
        """Each player's token in the text: a colour, ``?`` (laid, unseen) or ``-``."""
        raise NotImplementedError

    def _deck_line(self) -> str:
        return f"deck {self.deck_count}"

    def _ending(self) -> str:
        """How the game ended: ``"all cards taken"`` or ``"three idle rounds"``."""
        if self.phase != OVER:
            return ""
        return "all cards taken" if self.end == "cards" else "three idle rounds"

    def _head(self) -> str:
        name = self.game.player_name
        if self.phase == OVER:
            return f"round {self.round_number} · over ({self._ending()})"
        mover = self.current_player
        assert mover is not None
        return (f"round {self.round_number} · {self.phase} · start {name(self.start)} · "
                f"to move {name(mover)}")

    def _body(self) -> list[str]:
        name = self.game.player_name
        table = " ".join(short(c) for c in self.table[self.fresh:])
        left = " ".join(short(c) for c in self.table[:self.fresh])
        stack = " ".join(name(p) for p in self.stack) or "-"
        held = " · ".join(
            f"{name(p)} " + " ".join(map(str, scoring.animal_counts(cs)))
            for p, cs in enumerate(self.collections)
        )
        lines = [
            f"table: {table or '-'}" + (f" · leftovers: {left}" if left else ""),
            f"pot {self.pot} · stones {' '.join(map(str, self.stones))} · stack {stack}",
            f"cards: {held}",
        ]
        if self.resolved:
            lines.append("resolved: " + " · ".join(
                f"{name(p)} {COLOURS[c]} +{len(cards)}" for p, c, cards in self.resolved))
        if self.idle:
            lines.append(f"idle rounds: {self.idle}")
        return lines
