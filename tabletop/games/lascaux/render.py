"""The Lascaux picture: table cards, colour legend (the choice buttons), pot, token stack,
players' collections by animal, and the last resolution. No rule logic here.

>>> import tabletop
>>> scene = tabletop.load("lascaux").new(seed=1).scene()
>>> scene.width, ("colour", "blue") in scene.targets()
(640, True)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence

from ...core.game import Action
from ...core.public import seat_name
from ...core.quoting import counted
from ...render.contrast import backdrop, ink_on
from ...render.metrics import wrap_text
from ...render.scene import Scene
from .actions import Choose
from .cards import ANIMAL, ANIMALS, BIT, COLOURS, MASK, PAINT, PAIR, describe, mask_of
from .input import PASS_TARGET, PAY_TARGET, colour_target
from .position import LascauxPosition
from .scoring import animal_counts, animal_points

WIDTH = 640
INK = "#3b2a1a"
STONE = "#efe2c8"
CAVE = "#fbf6ec"
MARK = "#d4380d"
BACK = "#6b5b49"  # card backs, and quieter text (5:1 on every panel colour)
#: The medallion behind a card's animal initial, and the stones and pot.
MEDALLION, STONES = "#8f4e16", "#766e64"
#: Each animal of ``ANIMALS`` in the plural (deer, ibex and aurochs stay as they are).
PLURALS = ("deer", "mammoths", "ibex", "horses", "aurochs", "rhinos")
CARD_W, CARD_H, CARD_GAP = 80, 106, 8
LINE_H = 16  # a line of the last resolution


def draw(
    s: LascauxPosition,
    *,
    highlight: Collection[Hashable] = (),
    last: Action | None = None,
    reveal: bool = False,
) -> Scene:
    """The scene of a Lascaux state or view.

    ``highlight`` marks clickable targets (colour swatches, ``"pay"``, ``"pass"``); ``last``
    names the last action in the footer (a colour choice only as "a token laid", unless a
    full state is drawn with ``reveal=True``). Tokens lie face down until revealed; a view
    shows its own player's token, and ``reveal=True`` shows every token of a full state (for
    teaching; never use it on a player's screen).
    """
    n = s.game.players
    marked = set(highlight)
    tokens = s.shown_tokens(reveal)
    players_top = 300
    row_h = 44
    res_top = players_top + n * row_h + 10
    resolved, room = _resolution_lines(s), _resolution_room(n)
    height = res_top + 24 + LINE_H * room + 34  # one size all game long
    scene = Scene(WIDTH, height, background=CAVE, title=f"Lascaux, round {s.round_number}")
    _header(scene, s)
    _table(scene, s)
    _legend(scene, s, marked)
    _middle(scene, s, marked, tokens)
    _players(scene, s, tokens, players_top, row_h)
    _resolution(scene, s, resolved, res_top, room)
    _footer(scene, s, last, height, secret=reveal is False or s.viewer is not None)
    return scene


# --- pieces -------------------------------------------------------------------------------

def _names(s: LascauxPosition) -> list[str]:
    return [s.game.player_name(p) for p in range(s.game.players)]


def _header(scene: Scene, s: LascauxPosition) -> None:
    names = _names(s)
    if s.phase == "over":
        why = "every card is taken" if s.end == "cards" else "three rounds changed nothing"
        won = s.leaders
        result = (" and ".join(names[p] for p in won) + (" win" if len(won) > 1 else " wins")
                  if won else "a draw")
        status = f"Game over ({why}): {result}"
    elif s.phase == "choose":
        status = f"{names[s.current_player or 0]} lays a colour token face down"
    else:
        status = f"{names[s.turn]} bids: pay a stone or pass and take the pot"
    scene.text(12, 16, f"Round {s.round_number}", anchor="start", font_size=15,
               font_weight="bold", fill=INK)
    scene.text(100, 16, status, anchor="start", font_size=13, fill=INK)
    viewer = s.viewer
    if viewer is not None:
        scene.text(WIDTH - 12, 16, f"view of {seat_name(s.game, viewer)}", anchor="end",
                   font_size=11, fill=BACK)


def _table(scene: Scene, s: LascauxPosition) -> None:
    top = 34
    if not s.table:
        scene.rect(12, top, WIDTH - 24, CARD_H, rx=8, fill="none", stroke=BACK, dash=(4, 4))
        scene.text(WIDTH / 2, top + CARD_H / 2, "the table is empty", font_size=13, fill=BACK)
    for i, card in enumerate(s.table):
        x = 12 + i * (CARD_W + CARD_GAP)
        _card(scene, x, top, card, leftover=i < s.fresh)
    if s.fresh:
        scene.text(WIDTH - 12, top + CARD_H + 9, "dashed: left over from earlier rounds",
                   anchor="end", font_size=9, fill=BACK)


def _card(scene: Scene, x: float, y: float, card: int, leftover: bool) -> None:
    tip = describe(card) + (" (left over from an earlier round)" if leftover else "")
    scene.rect(x, y, CARD_W, CARD_H, rx=7, fill=STONE, stroke=INK,
               stroke_width=1.5, dash=(5, 3) if leftover else (), title=tip)
    animal = ANIMALS[ANIMAL[card]]
    scene.text(x + CARD_W / 2, y + 13, animal, font_size=12, font_weight="bold", fill=INK)
    scene.circle(x + CARD_W / 2, y + 40, 17, fill=MEDALLION)
    scene.text(x + CARD_W / 2, y + 41, animal[0].upper(), font_size=18, font_weight="bold",
               fill=STONE)
    for k, colour in enumerate(PAIR[card]):
        cx = x + 21 + 38 * k
        _hand(scene, cx, y + 77, colour)
        scene.text(cx, y + 98, COLOURS[colour], font_size=9, fill=INK)


def _hand(scene: Scene, x: float, y: float, colour: int, scale: float = 1.0) -> None:
    """A handprint: a palm and five fingers in the colour's paint."""
    paint, edge = PAINT[colour], INK
    scene.circle(x, y + 2 * scale, 7 * scale, fill=paint, stroke=edge, stroke_width=0.8)
    for dx, dy in ((-7.5, -3), (-4, -9), (0, -11), (4, -9), (8, -2)):
        scene.circle(x + dx * scale, y + dy * scale, 2.4 * scale, fill=paint, stroke=edge,
                     stroke_width=0.6)


def _legend(scene: Scene, s: LascauxPosition, marked: set[Hashable]) -> None:
    top = 156
    scene.text(12, top + 14, "colours", anchor="start", font_size=11, fill=INK)
    on_table = mask_of(s.table)
    counts = [sum(1 for c in s.table if MASK[c] & BIT[k]) for k in range(len(COLOURS))]
    for k, name in enumerate(COLOURS):
        x = 62 + k * 96
        target = colour_target(k)
        hot = target in marked
        scene.rect(x, top, 90, 28, rx=6, fill=PAINT[k], stroke=MARK if hot else INK,
                   stroke_width=3 if hot else 1, opacity=1.0 if on_table & BIT[k] else 0.45,
                   target=target, title=f"choose {name}: {_shown_by(counts[k])}")
        ink = ink_on(backdrop(scene, x + 45, top + 14), dark=INK)  # on the swatch as drawn
        scene.text(x + 45, top + 14, f"{name} · {counts[k]}", font_size=11,
                   font_weight="bold" if hot else "normal", fill=ink)


def _middle(scene: Scene, s: LascauxPosition, marked: set[Hashable],
            tokens: Sequence[int | None]) -> None:
    top = 196
    names = _names(s)
    deck = s.deck_count
    # the deck
    for k in range(min(3, deck)):
        scene.rect(14 + 3 * k, top + 6 - 3 * k, 46, 62, rx=5, fill=BACK, stroke=INK)
    scene.text(40, top + 84, f"deck {deck}", font_size=11, fill=INK)
    # the pot
    scene.circle(112, top + 36, 24, fill=STONES, stroke=INK)
    scene.text(112, top + 37, str(s.pot), font_size=16, font_weight="bold", fill="white")
    scene.text(112, top + 84, "pot", font_size=11, fill=INK)
    # the token stack, top first
    x0 = 168
    scene.text(x0, top + 6, "token stack (top first)", anchor="start", font_size=11, fill=INK)
    stack = list(reversed(s.stack))
    if not stack:
        scene.text(x0, top + 26, "empty: nobody has passed", anchor="start", font_size=10,
                   fill=BACK)
    for i, p in enumerate(stack):
        y = top + 24 + i * 16
        _token(scene, x0 + 8, y, tokens[p], r=7)
        role = f"passed {ordinal(len(s.stack) - i)}"
        scene.text(x0 + 20, y, f"{names[p]} · {role}", anchor="start", font_size=10, fill=INK)
    # the bidding buttons
    if s.phase == "bid":
        for i, (target, text) in enumerate(((PAY_TARGET, "pay 1 stone"),
                                            (PASS_TARGET, "pass: take the pot"))):
            hot = target in marked
            y = top + 8 + i * 40
            scene.rect(470, y, 150, 32, rx=8, fill="#fff3e0" if hot else "#eee",
                       stroke=MARK if hot else BACK, stroke_width=3 if hot else 1,
                       target=target, title=text)
            scene.text(545, y + 16, text, font_size=12, fill=INK,
                       font_weight="bold" if hot else "normal")


def _token(scene: Scene, x: float, y: float, colour: int | None, r: float = 8) -> None:
    if colour is None:
        scene.circle(x, y, r, fill=BACK, stroke=INK, title="a token, face down")
        scene.text(x, y + 0.5, "?", font_size=r * 1.4, fill="white")
    else:
        scene.circle(x, y, r, fill=PAINT[colour], stroke=INK, stroke_width=1.5,
                     title=f"{COLOURS[colour]} token")


def _players(scene: Scene, s: LascauxPosition, tokens: Sequence[int | None],
             top: float, row_h: float) -> None:
    names = _names(s)
    n = s.game.players
    counts = [animal_counts(c) for c in s.collections]
    majority = animal_points(counts)
    points = s.points
    chosen = s.laid
    scene.text(12, top - 6, "player", anchor="start", font_size=10, fill=BACK)
    scene.text(150, top - 6, "stones", font_size=10, fill=BACK)
    scene.text(196, top - 6, "token", font_size=10, fill=BACK)
    for a, animal in enumerate(ANIMALS):
        scene.text(286 + a * 50, top - 6, animal, font_size=10, fill=BACK)
    scene.text(WIDTH - 26, top - 6, "points", font_size=10, fill=BACK)
    mover = s.current_player
    for p in range(n):
        y = top + p * row_h
        scene.rect(8, y, WIDTH - 16, row_h - 4, rx=6,
                   fill="#fff3e0" if p == mover else "#f3ebdc",
                   stroke=MARK if p == mover else "none")
        mid = y + (row_h - 4) / 2
        tag = " (start)" if p == s.start and s.phase != "over" else ""
        scene.text(16, mid, names[p] + tag, anchor="start", font_size=12,
                   font_weight="bold" if p == mover else "normal", fill=INK)
        scene.circle(136, mid, 7, fill=STONES, stroke=INK)
        scene.text(156, mid, str(s.stones[p]), anchor="start", font_size=12, fill=INK)
        if chosen[p]:
            _token(scene, 196, mid, tokens[p], r=8)
        else:
            scene.circle(196, mid, 8, fill="none", stroke=BACK, dash=(2, 2),
                         title="no token laid yet")
        if p in s.stack:
            scene.text(210, mid, f"passed {ordinal(s.stack.index(p) + 1)}", anchor="start",
                       font_size=9, fill=BACK)
        for a in range(len(ANIMALS)):
            cx = 286 + a * 50
            k = counts[p][a]
            lead = majority[p][a] > 0
            scene.rect(cx - 22, mid - 13, 44, 26, rx=4,
                       fill="#f5d27a" if lead else "none",
                       stroke=INK if k else "#d8cdb9", stroke_width=0.8,
                       title=f"{names[p]}: {counted(k, ANIMALS[a], PLURALS[a])}"
                             + (" (a majority: scores)" if lead else ""))
            scene.text(cx, mid, str(k) if k else "·", font_size=13,
                       font_weight="bold" if lead else "normal", fill=INK)
        scene.text(WIDTH - 26, mid, str(points[p]), font_size=14, font_weight="bold", fill=INK)


def _resolution_lines(s: LascauxPosition) -> list[list[str]]:
    """Each player's line of the last resolution, wrapped to fit the picture's width."""
    names = _names(s)
    found = []
    for i, (p, colour, cards) in enumerate(s.resolved):
        role = "auction winner" if i == 0 else f"passed {ordinal(len(s.resolved) - i)}"
        took = ", ".join(describe(c) for c in cards) if cards else "nothing left in that colour"
        found.append(wrap_text(f"{names[p]} ({role}) · {COLOURS[colour]}: {took}",
                               WIDTH - 42, 10, indent="  "))
    return found


def _resolution_room(players: int) -> int:
    """The lines kept for the last resolution: one per player and one more (one player's
    line wrapped), so that the picture keeps its size as rounds resolve (the widget's side
    panel beside it stays put)."""
    return players + 1


def _resolution(scene: Scene, s: LascauxPosition, resolved: list[list[str]],
                top: float, room: int) -> None:
    """The last resolution's lines in ``room`` lines' height (closer together when more
    lines wrap than the room holds)."""
    scene.text(12, top + 4, "last resolution, from the top of the stack:", anchor="start",
               font_size=11, font_weight="bold", fill=INK)
    if not s.resolved:
        scene.text(12, top + 22, "none yet", anchor="start", font_size=10, fill=BACK)
    y, step = top + 22, LINE_H * min(1.0, room / max(1, sum(map(len, resolved))))
    for (_, colour, _), lines in zip(s.resolved, resolved, strict=True):
        _token(scene, 18, y, colour, r=6)
        for line in lines:
            scene.text(30, y, line, anchor="start", font_size=10, fill=INK)
            y += step


def _footer(scene: Scene, s: LascauxPosition, last: Action | None,
            height: float, secret: bool) -> None:
    scene.text(WIDTH - 12, height - 12, "gold cell: a majority of that animal (it scores)",
               anchor="end", font_size=9, fill=BACK)
    if last is None:
        return
    hide = secret and isinstance(last, Choose)
    text = "a colour token was laid face down" if hide else str(last)
    scene.text(12, height - 12, f"last action: {text}", anchor="start", font_size=10,
               fill=BACK)


def _shown_by(cards: int) -> str:
    """How many table cards show a colour, the verb agreeing (``1 table card shows it``)."""
    return f"{counted(cards, 'table card')} {'shows' if cards == 1 else 'show'} it"


def ordinal(k: int) -> str:
    """``1`` → ``"1st"``, ``2`` → ``"2nd"`` …"""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(k, "th")
    return f"{k}{suffix}"
