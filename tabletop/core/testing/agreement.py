"""Counts that agree with their nouns: no "1 tiles", no "0 horse", in any text a game shows.

The check plays seeded random games and reads every text they produce: each state's and
each player's view's text, the log as every viewer reads it (``describe``), the legal
actions, the score breakdown, the picture's title, texts and tooltips (state and views), the
click input's hint, button labels and refusals, and the refusals of typed notation of
actions legal elsewhere. In each, a number followed by a countable noun (after at most one
word such as "table" or "land") must agree with it: the singular after 1, the plural after
any other number.

The nouns (``NOUNS``) are those the four games print after a number, each with its plural;
nouns whose plural is the same word (deer, ibex, aurochs) cannot disagree and are left out.
A number that labels rather than counts ("flower 1 was collected", "ply 4 ·") has no noun
after it, so it is not read as a count.

>>> import tabletop
>>> check_number_agreement(tabletop.load("lascaux"), seeds=[0])
>>> disagreements("pile 1 tiles · 2 land gnome · 1 table card shows it · 0 horses")
['1 tiles', '2 land gnome']
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator

from ...render.scene import Scene
from ..errors import IllegalAction
from ..game import Game, State, View
from .common import click_input, fail, random_playout

#: Countable nouns the games print after a number, singular: plural.
NOUNS: dict[str, str] = {
    "action": "actions", "announcement": "announcements", "bridge": "bridges",
    "card": "cards", "cell": "cells", "centre": "centres", "claim": "claims",
    "colour": "colours", "cone": "cones", "counter": "counters", "flower": "flowers",
    "game": "games", "gnome": "gnomes", "horse": "horses", "island": "islands",
    "iteration": "iterations",
    "lake": "lakes", "mammoth": "mammoths", "medium": "mediums", "move": "moves",
    "network": "networks", "pawn": "pawns", "piece": "pieces", "player": "players",
    "ply": "plies", "point": "points", "pond": "ponds", "rhino": "rhinos", "round": "rounds",
    "side": "sides", "stack": "stacks", "stone": "stones", "tile": "tiles", "token": "tokens",
    "turn": "turns", "tussock": "tussocks", "visit": "visits",
}
_SINGULAR = {plural: one for one, plural in NOUNS.items()}

# A whole number standing alone (not inside "0-1", "@1/2", "1.5", "r0", "c5"), then the
# one or two words after it.
_COUNT = re.compile(r"(?<![\w.@/:-])(\d+) ([a-z]+)(?: ([a-z]+))?(?![\w-])")

#: How many of each position's legal actions are read, and typed elsewhere.
SAMPLED_ACTIONS = 40


def disagreements(text: str) -> list[str]:
    """Each count in ``text`` whose noun does not agree with its number."""
    found = []
    for match in _COUNT.finditer(text.lower()):
        number, first, second = match.group(1), match.group(2), match.group(3)
        head = second if second in NOUNS or second in _SINGULAR else first
        if head not in NOUNS and head not in _SINGULAR:
            continue
        one = number.lstrip("0") == "1"
        if (one and head in _SINGULAR) or (not one and head in NOUNS):
            found.append(match.group(0).split(head)[0] + head)
    return found


def check_number_agreement(game: Game, seeds: Iterable[int] = range(2),
                           every: int = 4) -> None:
    """Every text of every ``every``-th position of each seeded random game (and each whole
    game's log) has its counts agree with their nouns."""
    for where, label, text in sampled_texts(game, seeds, every, typed=8):
        wrong = disagreements(text)
        if wrong:
            fail(where, f"{label} says {wrong[0]!r}, the noun not agreeing with the "
                        f"number: {_around(text, wrong[0])!r}")


def sampled_texts(game: Game, seeds: Iterable[int], every: int, typed: int
                  ) -> Iterator[tuple[str, str, str]]:
    """``(where, label, text)`` for each ``shown_texts`` of every ``every``-th position (and
    each end) of each seeded random game, with ``typed`` actions of the game tried as typed
    text at each."""
    for seed in seeds:
        states = list(random_playout(game, seed))
        pool = sorted({str(a) for s in states for a in s.legal_actions()[:SAMPLED_ACTIONS]})
        rng = random.Random(seed)
        for ply, state in enumerate(states):
            if ply % every and not state.is_terminal:
                continue
            tried = rng.sample(pool, min(typed, len(pool)))
            for label, text in shown_texts(state, tried):
                yield f"{game.name} seed {seed} ply {ply}", label, text


def _around(text: str, part: str) -> str:
    at = text.lower().find(part)
    return text[max(0, at - 40):at + len(part) + 30]


def shown_texts(state: State, typed: list[str]) -> Iterator[tuple[str, str]]:
    """``(what, text)`` for every text ``state`` shows."""
    game = state.game
    subjects: list[tuple[str, State | View]] = [("the state", state)]
    subjects += [(f"{game.player_name(p)}'s view", state.view(p)) for p in range(game.players)]
    for who, subject in subjects:
        yield f"{who}'s text", str(subject)
        yield from _scene_texts(f"{who}'s picture", subject.scene())
        for action in subject.legal_actions()[:SAMPLED_ACTIONS]:
            yield "a legal action", str(action)
        yield from _refusals(who, subject, typed)
        yield from _clicks(who, subject)
    for viewer in (None, *range(game.players)):
        yield f"the log as {viewer} reads it", "\n".join(state.log(viewer))
    yield "the score breakdown", str(state.score_breakdown())


def _scene_texts(what: str, scene: Scene) -> Iterator[tuple[str, str]]:
    yield f"{what}'s title", scene.title
    for shape in scene.shapes:
        if shape.title:
            yield f"a tooltip of {what}", shape.title
        text = getattr(shape, "text", None)
        if isinstance(text, str):
            yield f"a text of {what}", text


def _refusals(who: str, subject: State | View, typed: list[str]) -> Iterator[tuple[str, str]]:
    for text in typed:
        try:
            subject.game.parse_action(subject, text)
        except IllegalAction as refused:
            yield f"the refusal of {text!r} in {who}", str(refused)


def _clicks(who: str, subject: State | View) -> Iterator[tuple[str, str]]:
    make = click_input(subject.game)
    if make is None or subject.current_player is None:
        return
    clicks = make(subject)
    yield f"the click hint in {who}", clicks.hint()
    for target in clicks.next_targets()[:SAMPLED_ACTIONS]:
        yield f"the label of {target!r} in {who}", clicks.label(target)
    try:
        clicks.click(("nowhere", 99))
    except IllegalAction as refused:
        yield f"the refusal of a stray click in {who}", str(refused)
