"""Lascaux: reveal cards, choose a colour in secret, bid or pass and take the pot, claim cards.

A round: the start player reveals cards until 7 lie on the table or all six colours show
(leftovers count); every player lays a colour token face down (sequential hidden decisions,
start player first); then, from the start player, each player pays a stone into the pot or
passes, taking the whole pot and putting their token on the stack; the last one in wins the
auction (and nothing else). Tokens are revealed from the top of the stack down, each taking
every table card that shows its colour. The first passer starts the next round.

Reveals and resolutions happen inside ``_apply``: the deck order is fixed by the seed in
``_initial``, so there are no chance actions.

>>> import tabletop
>>> game = tabletop.load("lascaux", players=3)
>>> s = game.new(seed=1)
>>> s.phase, len(s.table) > 0, s.stones
('choose', True, (12, 12, 12))
>>> [str(a) for a in s.legal_actions()][:2]
['choose brown', 'choose yellow']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...core.breakdown import Breakdown, Row
from ...core.errors import InvalidOption
from ...core.game import Action, Game, State, View
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
from .cards import (
    ALL_COLOURS,
    ANIMALS,
    BIT,
    CARD_COUNT,
    COLOURS,
    MASK,
    card_id,
    colours_of,
    mask_of,
    short,
)
from .input import LascauxInput

if TYPE_CHECKING:
    from ...render.scene import Scene

CHOOSE, BID, OVER = "choose", "bid", "over"

#: Cards the reveal stops at.
TABLE_LIMIT = 7
#: Rounds in a row that change nothing (deck empty, or nothing revealed) before the game ends.
IDLE_LIMIT = 3

#: Player names: the four teenagers who found the cave in 1940, and their dog.
NAMES = ("Marcel", "Jacques", "Georges", "Simon", "Robot")

#: One resolved token: (player, colour, cards it took), listed from the top of the stack.
Claim = tuple[int, int, tuple[int, ...]]


# --- the game -----------------------------------------------------------------------------

class Lascaux(Game):
    """Lascaux (Ehrhard, Lalet, des Pallières; Phalanx 2007) for 3–5 players.

    Option ``strict_colour=True`` allows only colours shown on the table to be chosen.
    """

    name = "lascaux"
    title = "Lascaux"
    player_counts = (3, 4, 5)
    defaults = {"strict_colour": False}
    input_class = LascauxInput

    def _parse(self, state: State | View, text: str) -> Action | None:
        """Any Lascaux notation, legal or not, so that an illegal one gets its reason."""
        if text in ("pay", "pass"):
            return PAY if text == "pay" else PASS
        word, _, colour = text.partition(" ")
        if word == "choose" and colour in COLOURS:
            return CHOICES[COLOURS.index(colour)]
        return None

    @property
    def start_stones(self) -> int:
        """Stones each player starts with: 12, or 10 with five players."""
        return 10 if self.players == 5 else 12

    def _initial(self, rng: random.Random) -> LascauxState:
        deck = list(range(CARD_COUNT))
        rng.shuffle(deck)
        start = rng.randrange(self.players)
        return self.position(deck=deck, start=start)

    def position(
        self,
        *,
        table: Iterable[int | str] = (),
        deck: Iterable[int | str] = (),
        stones: Sequence[int] | None = None,
        collections: Sequence[Iterable[int | str]] | None = None,
        start: int = 0,
        pot: int = 0,
        round_number: int = 1,
        reveal: bool = True,
    ) -> LascauxState:
        """A position at the start of a round, for tests and notebooks.

        Cards are numbers or text (``"deer blue/brown"``). ``table`` holds the leftovers,
        ``deck`` the cards still to come, top first; cards placed nowhere are out of the
        game. With ``reveal=True`` the start player's reveal is made at once, so the state
        is ready for the colour choices (or over, if there is nothing left to play with).

        >>> import tabletop
        >>> s = tabletop.load("lascaux").position(
        ...     table=["deer blue/brown"], deck=["horse pink/white", "ibex yellow/green"])
        >>> [short(c) for c in s.table], len(s.deck)
        (['deer:B/Br', 'horse:P/W', 'ibex:Y/G'], 0)
        """
        n = self.players
        table_ids = tuple(card_id(c) for c in table)
        deck_ids = tuple(card_id(c) for c in deck)
        held = tuple(tuple(sorted(card_id(c) for c in cs)) for cs in (collections or [()] * n))
        stones_t = tuple(stones) if stones is not None else (self.start_stones,) * n
        everything = table_ids + deck_ids + tuple(c for cs in held for c in cs)
        if len(set(everything)) != len(everything):
            raise InvalidOption("a card is placed twice (table, deck and collections)")
        if len(held) != n or len(stones_t) != n:
            raise InvalidOption(f"give collections and stones for all {n} players")
        if not reveal and not table_ids:
            raise InvalidOption("reveal=False needs cards on the table to choose from")
        if len(table_ids) > TABLE_LIMIT:
            raise InvalidOption(f"at most {TABLE_LIMIT} cards can be left on the table")
        if not 0 <= start < n or pot < 0 or min(stones_t) < 0:
            raise InvalidOption("start must be a player; pot and stones must be ≥ 0")
        state = LascauxState(
            game=self, deck=deck_ids, table=table_ids, fresh=len(table_ids),
            collections=held, stones=stones_t, pot=pot, start=start, phase=CHOOSE,
            choices=(None,) * n, stack=(), turn=start, round_number=round_number, idle=0,
            resolved=(), end="",
        )
        return state._begin_round(round_number) if reveal else state

    def player_name(self, player: int) -> str:
        return NAMES[player]

    def describe(self, action: Action, actor: int | None, viewer: int | None) -> str:
        if isinstance(action, Choose) and viewer is not None and viewer != actor:
            return "choose ?"
        return str(action)

    def draw(self, subject: State | View, **options: Any) -> Scene:
        from .render import draw

        return draw(subject, **options)


# --- shared by states and views -----------------------------------------------------------

def _current(phase: str, start: int, chosen: int, turn: int, players: int) -> int | None:
    if phase == CHOOSE:
        return (start + chosen) % players
    if phase == BID:
        return turn
    return None


def _legal(phase: str, table_mask: int, stones: int, strict: bool) -> tuple[Action, ...]:
    if phase == CHOOSE:
        return CHOICES_BY_MASK[table_mask] if strict else CHOICES
    if phase == BID:
        return PAY_OR_PASS if stones > 0 else ONLY_PASS
    return ()


def _next_bidder(turn: int, stack: tuple[int, ...], players: int) -> int:
    p = (turn + 1) % players
    while p in stack:
        p = (p + 1) % players
    return p


# --- the state ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class LascauxState(State):
    """A full Lascaux position (deck order and secret tokens included).

    ``table`` lists the face-up cards in the order they came (``table[:fresh]`` are leftovers
    from earlier rounds); ``stack`` the players who passed, bottom first; ``resolved`` the
    tokens of the last resolution, top first, with what each took.
    """

    deck: tuple[int, ...]
    table: tuple[int, ...]
    fresh: int
    collections: tuple[tuple[int, ...], ...]
    stones: tuple[int, ...]
    pot: int
    start: int
    phase: str
    choices: tuple[int | None, ...]
    stack: tuple[int, ...]
    turn: int
    round_number: int
    idle: int
    resolved: tuple[Claim, ...]
    end: str

    @property
    def current_player(self) -> int | None:
        n = len(self.stones)
        chosen = n - self.choices.count(None)
        return _current(self.phase, self.start, chosen, self.turn, n)

    def _is_setup(self) -> bool:
        """A secret colour choice is due (so ``new(setup="random")`` makes round 1's)."""
        return self.phase == CHOOSE

    @property
    def table_mask(self) -> int:
        """The bit mask of the colours shown on the table."""
        return mask_of(self.table)

    def _legal_actions(self) -> tuple[Action, ...]:
        p = self.turn
        return _legal(self.phase, mask_of(self.table) if self.phase == CHOOSE else 0,
                      self.stones[p], self.game.options["strict_colour"])

    def _why_illegal(self, action: Action) -> str | None:
        return _why(self, action)

    # --- transitions ----------------------------------------------------------------------
    def _apply(self, action: Action) -> LascauxState:
        if type(action) is Choose:
            n = len(self.stones)
            chosen = n - self.choices.count(None)
            p = (self.start + chosen) % n
            choices = self.choices[:p] + (action.colour,) + self.choices[p + 1:]
            if chosen + 1 < n:
                return replace(self, choices=choices)
            return replace(self, choices=choices, phase=BID, turn=self.start, stack=())
        p = self.turn
        stones = list(self.stones)
        if type(action) is Pay:
            stones[p] -= 1
            return replace(self, stones=tuple(stones), pot=self.pot + 1,
                           turn=_next_bidder(p, self.stack, len(stones)))
        stones[p] += self.pot
        stack = self.stack + (p,)
        n = len(stones)
        if len(stack) < n - 1:
            return replace(self, stones=tuple(stones), pot=0, stack=stack,
                           turn=_next_bidder(p, stack, n))
        winner = _next_bidder(p, stack, n)
        return replace(self, stones=tuple(stones), pot=0, stack=stack + (winner,))._resolve()

    def _resolve(self) -> LascauxState:
        """Reveal the tokens from the top of the stack; each takes its colour's cards."""
        table = self.table
        collections = list(self.collections)
        claims: list[Claim] = []
        for p in reversed(self.stack):
            colour = self.choices[p]
            assert colour is not None
            bit = BIT[colour]
            taken = tuple(c for c in table if MASK[c] & bit)
            if taken:
                table = tuple(c for c in table if not MASK[c] & bit)
                collections[p] = tuple(sorted(collections[p] + taken))
            claims.append((p, colour, taken))
        claimed = len(table) < len(self.table)
        revealed = len(self.table) - self.fresh
        idle = self.idle + 1 if not claimed and (not self.deck or not revealed) else 0
        n = len(self.stones)
        after = replace(
            self, table=table, fresh=len(table), collections=tuple(collections),
            choices=(None,) * n, stack=(), start=self.stack[0], turn=self.stack[0],
            idle=idle, resolved=tuple(claims), phase=CHOOSE,
        )
        if idle >= IDLE_LIMIT:
            return replace(after, phase=OVER, end="stalled")
        return after._begin_round(self.round_number + 1)

    def _begin_round(self, number: int) -> LascauxState:
        """Round ``number`` begins with the start player's reveal: to 7 cards or all six
        colours (leftovers count). Over instead if no card is left at all (the round count
        stays at the last round played)."""
        if not self.deck and not self.table:
            return replace(self, phase=OVER, end="cards")
        table = list(self.table)
        mask = mask_of(table)
        deck = self.deck
        i = 0
        while len(table) < TABLE_LIMIT and mask != ALL_COLOURS and i < len(deck):
            card = deck[i]
            table.append(card)
            mask |= MASK[card]
            i += 1
        return replace(self, deck=deck[i:], table=tuple(table), fresh=len(self.table),
                       phase=CHOOSE, round_number=number)

    # --- outcome --------------------------------------------------------------------------
    def _scores(self) -> tuple[float, ...]:
        return scoring.scores(self.collections, self.stones)

    def _winners(self) -> tuple[int, ...]:
        return scoring.winners(self.scores, self.stones)

    def score_breakdown(self) -> Breakdown:
        return breakdown(self.game, self.collections, self.stones)

    # --- views and text -------------------------------------------------------------------
    def _view(self, player: int) -> LascauxView:
        return LascauxView(
            game=self.game, player=player, deck_size=len(self.deck), table=self.table,
            fresh=self.fresh, collections=self.collections, stones=self.stones, pot=self.pot,
            start=self.start, phase=self.phase,
            chosen=tuple(c is not None for c in self.choices), own=self.choices[player],
            stack=self.stack, turn=self.turn, round_number=self.round_number, idle=self.idle,
            resolved=self.resolved, end=self.end,
        )

    def _text(self) -> str:
        choices = " ".join("-" if c is None else COLOURS[c] for c in self.choices)
        deck = "".join(f" {c}" for c in self.deck)
        return "\n".join([
            _head(self),
            f"deck {len(self.deck)}:{deck}",
            *_body(self),
            f"tokens: {choices}",
        ])


# --- the view -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class LascauxView(View):
    """What one player sees: everything but the deck order and the others' hidden tokens.

    ``chosen`` says who has laid a token this round; ``own`` is the player's own colour.
    """

    deck_size: int
    table: tuple[int, ...]
    fresh: int
    collections: tuple[tuple[int, ...], ...]
    stones: tuple[int, ...]
    pot: int
    start: int
    phase: str
    chosen: tuple[bool, ...]
    own: int | None
    stack: tuple[int, ...]
    turn: int
    round_number: int
    idle: int
    resolved: tuple[Claim, ...]
    end: str

    @property
    def current_player(self) -> int | None:
        n = len(self.stones)
        return _current(self.phase, self.start, sum(self.chosen), self.turn, n)

    def _legal_actions(self) -> tuple[Action, ...]:
        if self.current_player != self.player:
            return ()
        return _legal(self.phase, mask_of(self.table), self.stones[self.turn],
                      self.game.options["strict_colour"])

    def _why_illegal(self, action: Action) -> str | None:
        return _why(self, action)

    @property
    def table_mask(self) -> int:
        """The bit mask of the colours shown on the table."""
        return mask_of(self.table)

    def determinize(self, rng: random.Random) -> LascauxState:
        """A full state: the unseen cards shuffled into the deck, others' tokens sampled."""
        seen = set(self.table).union(*self.collections)
        unseen = [c for c in range(CARD_COUNT) if c not in seen]
        deck = tuple(rng.sample(unseen, self.deck_size))
        allowed = (colours_of(mask_of(self.table)) if self.game.options["strict_colour"]
                   else tuple(range(len(COLOURS))))
        choices = tuple(
            self.own if p == self.player
            else rng.choice(allowed) if done else None
            for p, done in enumerate(self.chosen)
        )
        return LascauxState(
            game=self.game, deck=deck, table=self.table, fresh=self.fresh,
            collections=self.collections, stones=self.stones, pot=self.pot, start=self.start,
            phase=self.phase, choices=choices, stack=self.stack, turn=self.turn,
            round_number=self.round_number, idle=self.idle, resolved=self.resolved,
            end=self.end,
        )

    def score_breakdown(self) -> Breakdown:
        """Where everyone's points come from (all of it is public)."""
        return breakdown(self.game, self.collections, self.stones)

    @property
    def scores(self) -> tuple[int, ...]:
        """Everyone's points as things stand (public)."""
        return scoring.scores(self.collections, self.stones)

    def _text(self) -> str:
        tokens = " ".join(
            (COLOURS[self.own] if p == self.player and self.own is not None
             else "?" if done else "-")
            for p, done in enumerate(self.chosen)
        )
        return "\n".join([
            _head(self),
            f"deck {self.deck_size}",
            *_body(self),
            f"tokens: {tokens}",
        ])


# --- text shared by states and views --------------------------------------------------------

def _head(s: LascauxState | LascauxView) -> str:
    names = [s.game.player_name(p) for p in range(s.game.players)]
    if s.phase == OVER:
        why = "all cards taken" if s.end == "cards" else "three idle rounds"
        return f"round {s.round_number} · over ({why})"
    mover = s.current_player
    assert mover is not None
    return (f"round {s.round_number} · {s.phase} · start {names[s.start]} · "
            f"to move {names[mover]}")


def _body(s: LascauxState | LascauxView) -> list[str]:
    names = [s.game.player_name(p) for p in range(s.game.players)]
    table = " ".join(short(c) for c in s.table[s.fresh:])
    left = " ".join(short(c) for c in s.table[:s.fresh])
    stack = " ".join(names[p] for p in s.stack) or "-"
    held = " · ".join(
        f"{names[p]} " + " ".join(map(str, scoring.animal_counts(cs)))
        for p, cs in enumerate(s.collections)
    )
    lines = [
        f"table: {table or '-'}" + (f" · leftovers: {left}" if left else ""),
        f"pot {s.pot} · stones {' '.join(map(str, s.stones))} · stack {stack}",
        f"cards: {held}",
    ]
    if s.resolved:
        lines.append("resolved: " + " · ".join(
            f"{names[p]} {COLOURS[c]} +{len(cards)}" for p, c, cards in s.resolved))
    if s.idle:
        lines.append(f"idle rounds: {s.idle}")
    return lines


def _why(s: LascauxState | LascauxView, action: Action) -> str | None:
    names = [s.game.player_name(p) for p in range(s.game.players)]
    if isinstance(action, Choose):
        if s.phase == BID:
            return (f"the tokens are laid; {names[s.turn]} bids now: pay or pass")
        if not 0 <= action.colour < len(COLOURS):
            return f"there is no colour number {action.colour}"
        if s.game.options["strict_colour"] and not mask_of(s.table) & BIT[action.colour]:
            return f"strict_colour: no card on the table shows {COLOURS[action.colour]}"
    if isinstance(action, Pay | Pass):
        if s.phase == CHOOSE:
            return "the bidding starts once every player has laid a colour token"
        if isinstance(action, Pay) and s.phase == BID and s.stones[s.turn] == 0:
            return f"{names[s.turn]} has no stones left and must pass"
    return None


def breakdown(game: Game, collections: Sequence[Sequence[int]],
              stones: Sequence[int]) -> Breakdown:
    """Rows per animal (majority points, with everyone's card counts) and one for stones."""
    counts = [scoring.animal_counts(c) for c in collections]
    rows_pts = scoring.animal_points(counts)
    rows = []
    for a, animal in enumerate(ANIMALS):
        held = "/".join(str(counts[p][a]) for p in range(len(counts)))
        rows.append(Row(animal, tuple(rows_pts[p][a] for p in range(len(counts))),
                        detail=f"cards {held}"))
    per = scoring.STONES_PER_POINT
    rows.append(Row(f"stones (1 per {per})", tuple(s // per for s in stones),
                    detail="stones " + "/".join(str(s) for s in stones)))
    names = tuple(game.player_name(p) for p in range(game.players))
    return Breakdown(players=names, rows=tuple(rows),
                     notes=("ties on points go to most stones left, then are shared",))
