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
from dataclasses import dataclass
from itertools import permutations

from ...core import ranges
from ...core.action import notation
from ...core.builders import own_position
from ...core.errors import InvalidOption
from ...core.game import Action, Game, State, View
from ...core.ids import ActionSpace
from ...core.plain import flag, whole
from ...core.position import evolve, maker
from . import tensor
from .actions import ACTION_TABLE, CHOICES, FORMS, PASS, PAY, Choose, Pay
from .cards import (
    ALL_COLOURS,
    CARD_COUNT,
    COLOURS,
    MASK,
    NOT_SHOWING,
    SHOWING,
    card_id,
    describe,
    mask_of,
)
from .position import (
    BID,
    CARD,
    CHOOSE,
    COLOUR,
    MOST_ROUNDS,
    MOST_STONES,
    NAMES,
    OVER,
    Claim,
    LascauxPosition,
)
from .view import LascauxView

#: Cards the reveal stops at.
TABLE_LIMIT = 7
#: Rounds in a row that change nothing (deck empty, or nothing revealed) before the game ends.
IDLE_LIMIT = 3


def _cards(where: str, cards: Iterable[int | str]) -> tuple[int, ...]:
    """The card numbers ``cards`` name; a ``ValueError`` naming ``where`` for one that is
    no card, or for ``cards`` that are no list of cards (a text is one card, not a list)."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise InvalidOption(f"{where} should be a list of cards (each like 'deer blue/brown' "
                            f"or a number 0..53), not {cards!r:.60}")
    try:
        return tuple(card_id(c) for c in cards)
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def _placed_once(*places: tuple[str, tuple[int, ...]]) -> None:
    """``InvalidOption`` naming the first card given in two places (or twice in one)."""
    seen: dict[int, str] = {}
    for where, cards in places:
        for card in cards:
            if card in seen:
                twice = (f"in {where}" if seen[card] == where
                         else f"({seen[card]} and {where})")
                raise InvalidOption(f"card {describe(card)!r} is placed twice {twice}: each card "
                                    f"may be in one place at most")
            seen[card] = where


__all__ = ["BID", "CHOOSE", "IDLE_LIMIT", "OVER", "TABLE_LIMIT", "Lascaux", "LascauxState",
           "LascauxView"]


# --- the state ----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, kw_only=True)
class LascauxState(LascauxPosition, State):
    """A full Lascaux position: the public one (``LascauxPosition``) plus the deck's order
    and every player's token (``None`` until laid)."""

    deck: tuple[int, ...]
    choices: tuple[int | None, ...]

    @ranges.per_game
    def _ranges(self) -> ranges.Ranges:
        return {**LascauxPosition._ranges(self), "deck": ranges.Row(CARD, longest=CARD_COUNT),
                "choices": ranges.Row(COLOUR, length=self.game.players)}

    def _card_places(self) -> list[tuple[str, tuple[int, ...]]]:
        return [*LascauxPosition._card_places(self), ("field 'deck'", self.deck)]

    @property
    def deck_count(self) -> int:
        return len(self.deck)

    @property
    def tokens_laid(self) -> int:
        return len(self.choices) - self.choices.count(None)

    @property
    def laid(self) -> tuple[bool, ...]:
        return tuple(c is not None for c in self.choices)

    def shown_tokens(self, reveal: bool = False) -> tuple[int | None, ...]:
        return self.choices if flag(reveal, "reveal") else (None,) * len(self.choices)

    def __hash__(self) -> int:
        """A hash of the fields that tell apart the positions of one game (``deck`` and
        ``choices`` first, which a search's determinizations differ in): equal states still
        hash equal, without hashing the game (a Python call) or the last resolution."""
        return hash((self.deck, self.choices, self.table, self.collections, self.stones,
                     self.pot, self.stack, self.turn, self.phase, self.round_number))

    def _is_setup(self) -> bool:
        """A secret colour choice is due (so ``new(setup="random")`` makes round 1's)."""
        return self.phase == CHOOSE

    # --- transitions ----------------------------------------------------------------------
    def _apply(self, action: Action) -> LascauxState:
        p = self.current_player  # who moves: lays a token, or bids (then ``turn``)
        assert p is not None
        if type(action) is Choose:
            choices = [*self.choices]  # a list's item set: the cheapest tuple update
            choices[p] = action.colour
            p += 1
            if p == len(choices):
                p = 0
            if p != self.start:
                return _chosen(self, tuple(choices), p)
            return _bidding(self, tuple(choices), BID, p, (), p)
        stones = [*self.stones]
        n = len(stones)
        if type(action) is Pay:
            stones[p] -= 1
            p = _NEXT_BIDDER[n][self.stack][p]
            return _paid(self, tuple(stones), self.pot + 1, p, p)
        stones[p] += self.pot
        # a pass with an empty pot changes no one's stones: the new state shares the tuple
        after = tuple(stones) if self.pot else self.stones
        stack = self.stack + (p,)
        p = _NEXT_BIDDER[n][stack][p]
        if len(stack) < n - 1:
            return _passed(self, after, 0, stack, p, p)
        return self._resolve(after, stack + (p,))

    def _resolve(self, stones: tuple[int, ...], stack: tuple[int, ...]) -> LascauxState:
        """The auction is over (``stack`` full, its winner on top; ``stones`` after the last
        pass): reveal the tokens from the top of the stack, each taking its colour's cards,
        and begin the next round — or end the game after ``IDLE_LIMIT`` idle rounds."""
        cards = bytes(self.table)  # filtered by ``translate``, in C (card numbers < 256)
        collections = list(self.collections)
        choices = self.choices
        claims: list[Claim] = []
        for p in reversed(stack):
            colour = choices[p]
            assert colour is not None
            left = cards.translate(None, SHOWING[colour])
            if len(left) < len(cards):
                taken = tuple(cards.translate(None, NOT_SHOWING[colour]))
                cards = left
                collections[p] = tuple(sorted(collections[p] + taken))
            else:
                taken = ()
            claims.append((p, colour, taken))
        claimed = len(cards) < len(self.table)
        # nothing claimed: the table and the collections are shared with the old state
        table = tuple(cards) if claimed else self.table
        revealed = len(self.table) - self.fresh
        idle = self.idle + 1 if not claimed and (not self.deck or not revealed) else 0
        fresh = len(table)
        if idle >= IDLE_LIMIT:
            deck, phase, end, number = self.deck, OVER, "stalled", self.round_number
        else:
            table, deck, phase, end = _next_round(table, self.deck)
            number = self.round_number + (phase == CHOOSE)
        first = stack[0]  # the first passer starts the next round
        return _resolved(self, stones, 0, table, fresh,
                         tuple(collections) if claimed else self.collections,
                         (None,) * len(stones), (), first, first, idle, tuple(claims),
                         phase, end, deck, number, first if phase == CHOOSE else None)

    # --- outcome --------------------------------------------------------------------------
    def _scores(self) -> tuple[float, ...]:
        return self.points

    def _winners(self) -> tuple[int, ...]:
        return self.leaders

    # --- views and text -------------------------------------------------------------------
    def _view(self, player: int) -> LascauxView:
        return evolve(self, LascauxView, player=player, deck_size=len(self.deck),
                      chosen=self.laid,
                      own=self.choices[player] if player < len(self.choices) else None)

    def _deck_line(self) -> str:
        return f"deck {len(self.deck)}:" + "".join(f" {c}" for c in self.deck)

    def _token_words(self) -> Sequence[str]:
        return ["-" if c is None else COLOURS[c] for c in self.choices]


def _next_bidders(players: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """For every stack of fewer than ``players`` passed players, the next player after each
    player still in the auction (not on the stack): a table, as there are few stacks (206
    for five players) and every bid asks.

    >>> _next_bidders(5)[(0, 2)][4]
    1
    """
    table = {}
    for size in range(players):
        for stack in permutations(range(players), size):
            after = []
            for turn in range(players):
                p = (turn + 1) % players
                while p in stack:
                    p = (p + 1) % players
                after.append(p)
            table[stack] = tuple(after)
    return table


#: ``_next_bidders(n)`` at index ``n``, for every player count.
_NEXT_BIDDER = tuple(_next_bidders(n) if n >= 3 else {} for n in range(6))


def _next_round(table: tuple[int, ...], deck: tuple[int, ...]
                ) -> tuple[tuple[int, ...], tuple[int, ...], str, str]:
    """A round begins with the start player's reveal, to 7 cards or all six colours
    (leftovers count): the table, deck, phase and end after it. The game is over instead
    (end ``"cards"``) if no card is left at all (the round count then stays at the last
    round played).

    >>> _next_round((), ())
    ((), (), 'over', 'cards')
    >>> _next_round((0,), (1, 2, 3, 4, 5, 6, 7, 8))  # cards 0-2 show all six colours
    ((0, 1, 2), (3, 4, 5, 6, 7, 8), 'choose', '')
    """
    if not deck and not table:
        return table, deck, OVER, "cards"
    mask = mask_of(table)
    room = TABLE_LIMIT - len(table)
    i = 0
    for card in deck:
        if i >= room or mask == ALL_COLOURS:
            break
        mask |= MASK[card]
        i += 1
    return table + deck[:i], deck[i:], CHOOSE, ""


#: ``evolve`` without keywords, for the hot path: the next state after a colour choice (the
#: last one starts the bidding), a pay, a pass, and the pass that ends the round.
_chosen = maker(LascauxState, "choices", "current_player")
_bidding = maker(LascauxState, "choices", "phase", "turn", "stack", "current_player")
_paid = maker(LascauxState, "stones", "pot", "turn", "current_player")
_passed = maker(LascauxState, "stones", "pot", "stack", "turn", "current_player")
_resolved = maker(LascauxState, "stones", "pot", "table", "fresh", "collections", "choices",
                  "stack", "start", "turn", "idle", "resolved", "phase", "end", "deck",
                  "round_number", "current_player")


# --- the game ------------------------------------------------------------------------------

class Lascaux(Game):
    """Lascaux (Ehrhard, Lalet, des Pallières; Phalanx 2007) for 3–5 players.

    Option ``strict_colour=True`` allows only colours shown on the table to be chosen.
    """

    __slots__ = ("strict",)

    name = "lascaux"
    title = "Lascaux"
    notation_forms = FORMS
    player_counts = (3, 4, 5)
    defaults = {"strict_colour": False}
    #: Only colours on the table, with five players (``check_variants``).
    variants = ({"players": 5, "strict_colour": True},)
    renderer = "render:draw"
    clicks = "input:LascauxInput"
    state_class = LascauxState

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        #: ``options["strict_colour"]``, read by every colour choice's legal actions (an
        #: attribute: the option mapping's property and lookup cost more than the rest).
        self.strict: bool = bool(self.options["strict_colour"])

    def _parse(self, state: State | View, text: str) -> Action | None:
        """Any Lascaux notation, legal or not, so that an illegal one gets its reason; text
        that is none says what actions look like (``notation.unknown``)."""
        if text in ("pay", "pass"):
            return PAY if text == "pay" else PASS
        word, _, colour = text.partition(" ")
        if word == "choose":  # no colour of the game: the legal list names the colours
            return CHOICES[COLOURS.index(colour)] if colour in COLOURS else None
        return None  # no action at all: the core says what actions look like

    def _action_space(self) -> ActionSpace:
        return ACTION_TABLE

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """A flat vector of named sections (``tensor.sections``): 268 numbers with three
        players, 333 with four, 398 with five."""
        return tensor.shape(self.players)

    @property
    def max_game_length(self) -> int:
        """A proven bound on the plies of a game: ``rounds × (2 n − 1 + S)``.

        A round has ``n`` colour choices, ``n − 1`` passes and at most ``S`` pays (``S`` the
        stones in play: each pay moves a stone of a player still in the auction to the pot,
        and the pot goes to players who have left it). A round that claims no card and
        reveals none (or leaves the deck empty) is idle, and the third idle round in a row
        ends the game; every other round claims a card (54 at most) or reveals one (54 at
        most), so there are at most 108 of those, each after at most two idle rounds, plus
        the last three: ``rounds ≤ 3 · 108 + 3 = 327``.

        >>> [Lascaux(players=n).max_game_length for n in (3, 4, 5)]
        [13407, 17985, 19293]
        """
        n = self.players
        busy = 2 * CARD_COUNT  # rounds that claim a card or reveal one
        rounds = busy * IDLE_LIMIT + IDLE_LIMIT  # each after IDLE_LIMIT - 1 idle ones at most
        return rounds * (2 * n - 1 + n * self.start_stones)

    @property
    def start_stones(self) -> int:
        """Stones each player starts with: 12, or 10 with five players."""
        return 10 if self.players == 5 else 12

    def _initial(self, rng: random.Random) -> LascauxState:
        deck = list(range(CARD_COUNT))
        rng.shuffle(deck)
        start = rng.randrange(self.players)
        return own_position(self, deck=deck, start=start)

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
        idle: int = 0,
    ) -> LascauxState:
        """A position at the start of a round, for tests and notebooks.

        Cards are numbers or text (``"deer blue/brown"``, or ``"deer:B/Br"`` as the state's
        text lists them). ``table`` holds the leftovers,
        ``deck`` the cards still to come, top first; cards placed nowhere are out of the
        game. With ``reveal=True`` the start player's reveal is made at once, so the state
        is ready for the colour choices (or over, if there is nothing left to play with).
        ``idle``: the idle rounds in a row just before this one (0..2: the third ends the
        game), as the state's text counts them ("idle rounds: 1").

        >>> import tabletop
        >>> s = tabletop.load("lascaux").position(
        ...     table=["deer blue/brown"], deck=["horse pink/white", "ibex yellow/green"])
        >>> from tabletop.games.lascaux.cards import short
        >>> [short(c) for c in s.table], len(s.deck)
        (['deer:B/Br', 'horse:P/W', 'ibex:Y/G'], 0)
        """
        n = self.players
        try:
            table_ids = _cards("table", table)
            deck_ids = _cards("deck", deck)
            held = tuple(tuple(sorted(_cards(f"collections[{p}]", cs)))
                         for p, cs in enumerate(collections or [()] * n))
            stones_t = (tuple(whole(s, 0, f"stones are whole numbers 0..{MOST_STONES}",
                                    MOST_STONES) for s in stones)
                        if stones is not None else (self.start_stones,) * n)
            start = whole(start, 0, f"start is the player who starts the round, 0..{n - 1}",
                          n - 1)
            pot = whole(pot, 0, f"pot is a whole number of stones 0..{MOST_STONES}", MOST_STONES)
            round_number = whole(round_number, 1, f"round_number counts the rounds from 1 to "
                                                  f"{MOST_ROUNDS}", MOST_ROUNDS)
            idle = whole(idle, 0, f"idle counts the idle rounds in a row so far, "
                                  f"0..{IDLE_LIMIT - 1} (idle round {IDLE_LIMIT} ends the game)",
                         IDLE_LIMIT - 1)
        except ValueError as error:
            raise InvalidOption(str(error)) from None
        _placed_once(("table", table_ids), ("deck", deck_ids),
                     *((f"collections[{p}]", cs) for p, cs in enumerate(held)))
        for name, given in (("collections", held), ("stones", stones_t)):
            if len(given) != n:
                raise InvalidOption(f"give {name} for all {n} players, one entry each; "
                                    f"{len(given)} given")
        if not reveal and not table_ids:
            raise InvalidOption("reveal=False needs cards on the table to choose from")
        if len(table_ids) > TABLE_LIMIT:
            raise InvalidOption(f"at most {TABLE_LIMIT} cards can be left on the table")
        state = LascauxState(
            game=self, deck=deck_ids, table=table_ids, fresh=len(table_ids),
            collections=held, stones=stones_t, pot=pot, start=start, phase=CHOOSE,
            choices=(None,) * n, stack=(), turn=start, round_number=round_number, idle=idle,
            resolved=(), end="", current_player=start,
        )
        if not reveal:
            return state
        table, deck, phase, end = _next_round(table_ids, deck_ids)
        return evolve(state, table=table, deck=deck, phase=phase, end=end,
                      current_player=start if phase == CHOOSE else None)

    def player_name(self, player: int) -> str:
        return NAMES[player]

    def describe(self, action: Action, actor: int | None, viewer: int | None) -> str:
        if isinstance(action, Choose) and viewer is not None and viewer != actor:
            return "choose ?"
        return notation(action)
