"""An independent Lascaux, written from the rules specification alone.

This oracle plays Lascaux as ``rules/lascaux.md`` states it, with the project's
interpretations and designs (the deck D1, I2 leftovers counting toward the seven cards, I3 a
short deck, I4 all six tokens every round, I5 and ``strict_colour``, I6 choices in turn from
the start player, I7, I8 the forced pass as an action, I9 the idle-round safeguard, I10 the
tie-break, D2 the audience sees no colour). It imports nothing of ``tabletop``: the twin
(``lascaux_twin.py``) hands it only the chance outcomes, the first start player and the
deck's order, and compares what it says with the library's.

>>> ref = Reference(3, start=0, order=list(range(54)))
>>> [card_text(c) for c in ref.fresh][:3]
['deer:B/Br', 'deer:Y/W', 'deer:G/P']
>>> ref.legal()[:2], ref.to_move
(['choose brown', 'choose yellow'], 0)
"""

from __future__ import annotations

COLOURS = ("brown", "yellow", "green", "pink", "white", "blue")
SHORT = ("Br", "Y", "G", "P", "W", "B")
ANIMALS = ("deer", "mammoth", "ibex", "horse", "aurochs", "rhino")
NAMES = ("Marcel", "Jacques", "Georges", "Simon", "Robot")
MATCHINGS = (((5, 0), (1, 4), (2, 3)), ((5, 1), (0, 2), (3, 4)), ((5, 2), (1, 3), (0, 4)),
             ((5, 3), (2, 4), (0, 1)), ((5, 4), (0, 3), (1, 2)))
USES = ((0, 1, 2), (0, 1, 3), (0, 2, 4), (1, 2, 3), (0, 3, 4), (1, 2, 4))
# card number -> (animal index, (colour, colour)), in the specification's table order
CARDS = tuple((a, pair) for a, uses in enumerate(USES) for m in uses for pair in MATCHINGS[m])


def card_text(card: int) -> str:
    """A card as ``animal:C1/C2`` (the compact text)."""
    animal, (one, two) = CARDS[card]
    return f"{ANIMALS[animal]}:{SHORT[one]}/{SHORT[two]}"


def card_number(text: str) -> int:
    """The number of a card written ``animal:C1/C2``."""
    return [card_text(c) for c in range(54)].index(text)


class Reference:
    """One game of Lascaux: ``order`` is the deck top first, ``start`` round 1's start."""

    def __init__(self, players: int, *, start: int, order: list[int],
                 strict_colour: bool = False, leftovers: list[int] = (),  # type: ignore[assignment]
                 stones: list[int] | None = None, collections: list[list[int]] | None = None,
                 pot: int = 0, round_number: int = 1, idle: int = 0,
                 reveal: bool = True) -> None:
        """A game from ``new()`` (the defaults) or from ``position(...)`` (the rest)."""
        self.whole = len(order) + len(leftovers) + sum(map(len, collections or [])) == 54
        self.n = players
        self.strict = strict_colour
        self.deck = list(order)
        self.fresh: list[int] = []       # this round's revealed cards, in order
        self.leftovers = list(leftovers)  # cards left from earlier rounds
        self.stones = list(stones or [10 if players == 5 else 12] * players)
        self.collections = [list(c) for c in collections or [[] for _ in range(players)]]
        self.pot = pot
        self.start = start
        self.round = round_number
        self.idle = idle
        self.ended: str | None = None
        self.resolved: list[tuple[int, int, int]] = []  # (player, colour, cards), top first
        self.history: list[tuple[int, str]] = []
        self.begin_round(reveal)
        if not self.table():
            self.ended = "all cards taken"

    # -- the round ---------------------------------------------------------------------------
    def table(self) -> list[int]:
        return self.fresh + self.leftovers

    def table_colours(self) -> set[int]:
        return {c for card in self.table() for c in CARDS[card][1]}

    def begin_round(self, reveal: bool = True) -> None:
        self.tokens: list[int | None] = [None] * self.n
        self.passed: list[int] = []  # the stack, bottom first
        self.phase = "choose"
        self.to_move = self.start
        self.revealed = 0
        while reveal and self.deck and len(self.table()) < 7 and len(self.table_colours()) < 6:
            self.fresh.append(self.deck.pop(0))
            self.revealed += 1

    def bidders(self) -> list[int]:
        return [p for p in range(self.n) if p not in self.passed]

    def next_bidder(self, after: int) -> int:
        for k in range(1, self.n + 1):
            p = (after + k) % self.n
            if p not in self.passed:
                return p
        raise AssertionError("nobody bids")

    # -- the rules ---------------------------------------------------------------------------
    @property
    def terminal(self) -> bool:
        return self.ended is not None

    def legal(self) -> list[str]:
        if self.terminal:
            return []
        if self.phase == "choose":
            colours = self.table_colours() if self.strict else set(range(6))
            return [f"choose {COLOURS[c]}" for c in sorted(colours)]
        return (["pay"] if self.stones[self.to_move] >= 1 else []) + ["pass"]

    def apply(self, action: str) -> None:
        assert action in self.legal(), (action, self.legal())
        p = self.to_move
        self.history.append((p, action))
        if action.startswith("choose"):
            self.tokens[p] = COLOURS.index(action.split()[1])
            if all(t is not None for t in self.tokens):
                self.phase = "bid"
                self.to_move = self.start
            else:
                self.to_move = (p + 1) % self.n
            return
        if action == "pay":
            self.stones[p] -= 1
            self.pot += 1
            self.to_move = self.next_bidder(p)
            return
        self.stones[p] += self.pot
        self.pot = 0
        self.passed.append(p)
        left = self.bidders()
        if len(left) == 1:
            self.passed.append(left[0])
            self.resolve()
        else:
            self.to_move = self.next_bidder(p)

    def resolve(self) -> None:
        table = self.fresh + self.leftovers
        self.resolved = []
        self.taken: list[list[int]] = []
        for p in reversed(self.passed):
            colour = self.tokens[p]
            taken = [c for c in table if colour in CARDS[c][1]]
            table = [c for c in table if c not in taken]
            self.collections[p].extend(taken)
            self.resolved.append((p, colour, len(taken)))  # type: ignore[arg-type]
            self.taken.append(sorted(taken))
        claimed = sum(r[2] for r in self.resolved)
        idle = claimed == 0 and (not self.deck or self.revealed == 0)
        self.idle = self.idle + 1 if idle else 0
        self.fresh, self.leftovers = [], table
        self.start = self.passed[0]
        self.tokens = [None] * self.n
        self.passed = []
        if not self.deck and not table:
            self.ended = "all cards taken"
        elif self.idle >= 3:
            self.ended = "idle"
        else:
            self.round += 1
            self.begin_round()

    # -- scores ------------------------------------------------------------------------------
    def counts(self, p: int) -> list[int]:
        return [sum(1 for c in self.collections[p] if CARDS[c][0] == a) for a in range(6)]

    def scores(self) -> list[int]:
        counts = [self.counts(p) for p in range(self.n)]
        out = [s // 6 for s in self.stones]
        for a in range(6):
            best = max(c[a] for c in counts)
            for p in range(self.n):
                if best and counts[p][a] == best:
                    out[p] += best
        return out

    def breakdown(self) -> list[tuple[str, list[int]]]:
        """The score table: a row per animal, one for stones, the totals."""
        counts = [self.counts(p) for p in range(self.n)]
        rows = []
        for a, animal in enumerate(ANIMALS):
            best = max(c[a] for c in counts)
            rows.append((animal, [best if best and c[a] == best else 0 for c in counts]))
        rows.append(("stones (1 per 6)", [s // 6 for s in self.stones]))
        return rows + [("total", self.scores())]

    def returns(self) -> list[float]:
        """+1 for a winner, -1 for the others at the end; 0 for all in a draw."""
        won = self.winners()
        return [0.0 if not won else 1.0 if p in won else -1.0 for p in range(self.n)]

    def winners(self) -> tuple[int, ...]:
        scores = self.scores()
        tied = [p for p in range(self.n) if scores[p] == max(scores)]
        most = max(self.stones[p] for p in tied)
        tied = [p for p in tied if self.stones[p] == most]
        return () if len(tied) == self.n else tuple(tied)

    def log(self, viewer: int | str) -> list[str]:
        """The history as ``viewer`` saw it: another's colour is ``choose ?`` (D2: all of
        them for the audience)."""
        return [a if p == viewer or not a.startswith("choose") else "choose ?"
                for p, a in self.history]

    def legal_colours(self) -> set[int]:
        """The colours a token may show this round."""
        return self.table_colours() if self.strict else set(range(6))

    def view_attributes(self, viewer: int | str) -> dict[str, object]:
        """What ``state.view(viewer)`` shows of the state's fields."""
        out = self.attributes()
        del out["deck"], out["choices"]
        own = self.tokens[viewer] if isinstance(viewer, int) else None
        out.update(deck_size=len(self.deck), chosen=out["laid"], own=own)
        return out

    def attributes(self) -> dict[str, object]:
        """The state's public fields as the library names them (the deck's order and the
        tokens are the full state's only)."""
        return {
            "table": (sorted(self.leftovers), self.fresh), "deck": list(self.deck),
            "deck_count": len(self.deck), "stones": list(self.stones), "pot": self.pot,
            "stack": list(self.passed) if not self.terminal else [],
            "start": self.start, "round_number": self.round, "idle": self.idle,
            "phase": "over" if self.terminal else self.phase,
            "laid": [t is not None for t in self.tokens],
            "choices": list(self.tokens),
            "collections": [sorted(c) for c in self.collections],
            "resolved": [(p, c, t) for (p, c, _), t in zip(self.resolved, self.taken, strict=True)]
            if self.resolved else [],
        }

    def observation(self, viewer: int) -> list[float]:
        """The view's tensor as ``docs/observations.md`` lays it out: seats relative to the
        viewer (seat k is the player k places after them), one-hots and plain counts."""
        n = self.n
        seats = [(viewer + k) % n for k in range(n)]

        def one_hot(size: int, index: int | None) -> list[float]:
            return [1.0 if i == index else 0.0 for i in range(size)]

        def cards(of: list[int]) -> list[float]:
            return [1.0 if c in of else 0.0 for c in range(54)]

        out = one_hot(n, None if self.terminal else seats.index(self.to_move))
        out += one_hot(n, seats.index(self.start))
        out += one_hot(3, 2 if self.terminal else ("choose", "bid").index(self.phase))
        out += cards(self.table())
        out += [1.0 if c in self.table_colours() else 0.0 for c in range(6)]
        for p in seats:
            out += cards(self.collections[p])
        out += [float(self.stones[p]) for p in seats]
        out += [float(self.pot), float(len(self.deck)), float(self.round), float(self.idle)]
        out += [float(self.tokens[p] is not None) for p in seats]
        out += one_hot(6, self.tokens[viewer])
        out += [float(self.passed.index(p) + 1) if p in self.passed else 0.0 for p in seats]
        shown = {p: c for p, c, _ in self.resolved}
        for p in seats:
            out += one_hot(6, shown.get(p))
        return out

    # -- the text a state or view shows ------------------------------------------------------
    def text(self, viewer: int | None | str = None) -> dict[str, object]:
        """What ``str(state)`` (``viewer`` None) or ``str(state.view(viewer))`` shows, as
        fields; ``viewer="public"`` is the audience."""
        out: dict[str, object] = {
            "round": self.round,
            "phase": "over" if self.terminal else self.phase,
            "deck": (len(self.deck), self.deck if viewer is None else None),
            "fresh": [card_text(c) for c in self.fresh],
            "leftovers": sorted(card_text(c) for c in self.leftovers),
            "pot": self.pot, "stones": list(self.stones),
            "stack": [NAMES[p] for p in self.passed] if not self.terminal else [],
            "cards": [self.counts(p) for p in range(self.n)],
            "resolved": [(NAMES[p], COLOURS[c], k) for p, c, k in self.resolved],
            "idle": self.idle,
        }
        if not self.terminal:
            out["start"] = NAMES[self.start]
            out["to move"] = NAMES[self.to_move]
        tokens = []
        for p, t in enumerate(self.tokens):
            if t is None:
                tokens.append("-")
            elif viewer is None or viewer == p:
                tokens.append(COLOURS[t])
            else:
                tokens.append("?")
        out["tokens"] = tokens
        return out


__all__ = ["ANIMALS", "CARDS", "COLOURS", "NAMES", "Reference", "card_number", "card_text"]
