"""Typed text read alike by every game: ``parse_action`` gives a legal action or refuses.

``game.parse_action(subject, text)`` reads text *in* a position. The contract: it returns an
action that is legal there, or raises ``IllegalAction`` quoting the text and saying what is
legal (the legal list, "no action is legal" for a view of a player not to move, or "the game
is over"). A game that hands back the action an illegal text names, for ``apply`` to refuse
later, or raises another error, or refuses without saying what is legal, breaks it.

The check feeds each seeded position (the state and every player's view) the notation of
actions legal in *other* positions of the same games — well-formed text naming moves that
are illegal here (a taken cell, a colour not on offer, a phase that is over) — and a few
mangled forms of it (cut short, a word added, in capitals), which must give a legal action or
an ``IllegalAction`` (whose message may name only the first bad part).

>>> import tabletop
>>> check_illegal_text(tabletop.load("lascaux"), seeds=[0])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

from ..errors import IllegalAction
from ..game import Game, State, View
from .common import fail, random_states

#: How many texts each position is fed.
SAMPLED_TEXTS = 16
#: How many actions of each position are kept as texts for the others.
KEPT_PER_POSITION = 6


def check_illegal_text(game: Game, seeds: Iterable[int] = range(2), every: int = 5) -> None:
    """Every text fed to ``parse_action`` gives a legal action or an ``IllegalAction`` that
    quotes it and says what is legal, at every ``every``-th position of each seeded game."""
    states = [(where, state) for where, state in random_states(game, seeds, every)]
    rng = random.Random(game.name)
    texts: dict[str, None] = {}
    for _, state in states:
        legal = state.legal_actions()
        for action in rng.sample(list(legal), min(KEPT_PER_POSITION, len(legal))):
            texts[str(action)] = None
    pool = sorted(texts)
    for where, state in states:
        for label, subject in _subjects(where, state):
            chosen = rng.sample(pool, min(SAMPLED_TEXTS, len(pool)))
            for text in chosen:
                _read(game, subject, text, label, well_formed=True)
            for text in _mangled(chosen[:2], rng):
                _read(game, subject, text, label, well_formed=False)


def _subjects(where: str, state: State) -> Iterator[tuple[str, State | View]]:
    yield where, state
    for player in range(state.game.players):
        yield f"{where}, {state.game.player_name(player)}'s view", state.view(player)


def _mangled(texts: list[str], rng: random.Random) -> list[str]:
    """Forms of real notation that a person might type by mistake."""
    found = []
    for text in texts:
        found += [text[:max(1, len(text) // 2)], f"{text} {rng.randrange(10)}",
                  text.upper(), f"x{text}"]
    return found


def _read(game: Game, subject: State | View, text: str, where: str, well_formed: bool) -> None:
    """Read ``text``; a refusal of well-formed text must quote it and say what is legal (a
    mangled one may be refused for its first bad part: "a card is 1 to 13, not '1 4'")."""
    here = f"{where}, text {text!r}"
    try:
        found = game.parse_action(subject, text)
    except IllegalAction as refused:
        if well_formed:
            _says_what_is_legal(subject, text, str(refused), here)
        return
    except Exception as err:  # noqa: BLE001 - reported: any other error breaks the contract
        fail(here, f"parse_action raised {type(err).__name__}, not IllegalAction: {err}")
    try:
        legal = subject.is_legal(found)
    except Exception as err:  # noqa: BLE001
        legal = False
        fail(here, f"is_legal of what parse_action gave raised {type(err).__name__}: {err}")
    if not legal:
        fail(here, f"parse_action gave {found!r}, which is not legal here: text naming an "
                   "illegal action must be refused with IllegalAction saying what is legal, "
                   "as apply refuses it")


def _says_what_is_legal(subject: State | View, text: str, said: str, where: str) -> None:
    if text.strip()[:30].lower() not in said.lower():
        fail(where, f"the refusal does not quote the text: {said!r}")
    if subject.is_terminal:
        if "over" not in said:
            fail(where, f"the refusal does not say the game is over: {said!r}")
        return
    summary = subject._legal_summary()
    if summary not in said:
        fail(where, f"the refusal does not say what is legal ({summary[:60]!r}…): {said!r}")
