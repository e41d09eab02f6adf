"""The public view: what someone watching without a seat may see (a streamer's audience,
a class watching two students), for every game alike.

``state.view("public")`` is a ``View`` like a seat's, but of no seat: it shows what every
player sees (the board, whose turn, the public scores) and none of anyone's secrets — no
deck or pile order, no secret choice of any player (Lascaux's colour tokens this round, Lava
Flows' hidden Mediums, known or not to one player), as the seats' views hide the others'.
``state.log("public")`` is the history as the audience saw it (every secret choice
redacted). Inside, the public view is the view of the seat numbered ``game.players`` (one
past the last player: it owns nothing, so every game's ``_view`` hides every secret from
it); its ``player`` says so, and ``is_public(view)`` asks.

>>> import tabletop
>>> s = tabletop.load("lascaux", players=3).new(seed=1)
>>> t = s.apply(s.legal_actions()[0])
>>> t.log(0), t.log("public"), t.view("public").legal_actions()
(('choose brown',), ('choose ?',), ())
>>> is_public(t.view("public")), is_public(t.view(0)), seat_name(t.game, 3)
(True, False, 'the audience')
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Literal

from .plain import plain, player_of
from .quoting import brief

if TYPE_CHECKING:
    from .game import Game

#: The name of the public view, wherever a player is taken to say whose view it is.
PUBLIC: Literal["public"] = "public"

#: What a picture or a text calls the public view's holder.
AUDIENCE = "the audience"


def public_name(value: object) -> bool:
    """Whether ``value`` names the public view (``"public"``, any case, spaces around)."""
    value = plain(value)
    return isinstance(value, str) and value.strip().lower() == PUBLIC


def viewer_of(value: object, players: int, rule: str) -> int:
    """``value`` as a viewer's seat: a player ``0 .. players - 1``, or ``players`` for
    ``"public"``; else a ``ValueError`` stating ``rule`` and that ``"public"`` is taken too.

    >>> viewer_of("public", 2, "player must be 0..1"), viewer_of(1, 2, "player must be 0..1")
    (2, 1)
    >>> viewer_of("publik", 2, "player must be 0..1")
    Traceback (most recent call last):
    ...
    ValueError: player must be 0..1, not 'publik' (or 'public': an audience's view, no seat's)
    """
    if public_name(value):
        return players
    try:
        if isinstance(value, str):
            raise ValueError(f"{rule}, not {brief(value)}")
        return player_of(value, players, rule)
    except ValueError as err:
        raise ValueError(f"{err} {PUBLIC_TOO}") from None


#: What a refusal of a viewer adds: the public view is a viewer too.
PUBLIC_TOO = "(or 'public': an audience's view, no seat's)"


def is_public(view: Any) -> bool:
    """Whether ``view`` is a public view (of no seat)."""
    return bool(getattr(view, "player", None) == view.game.players)


def seat_name(game: Game, seat: int) -> str:
    """``game.player_name(seat)``, or ``AUDIENCE`` for the public view's seat."""
    return AUDIENCE if seat == game.players else game.player_name(seat)


#: Whether ``State.view("public")`` is building a public view now (in this thread or task).
_BUILDING: ContextVar[bool] = ContextVar("tabletop_public_view", default=False)


@contextmanager
def public_building() -> Iterator[None]:
    """While ``State.view("public")`` builds the public view: a view's ``player`` field may
    then be ``game.players`` (anywhere else it is refused, so that a seat's view cannot be
    relabelled as the public one with ``dataclasses.replace``)."""
    token = _BUILDING.set(True)
    try:
        yield
    finally:
        _BUILDING.reset(token)


def building_public() -> bool:
    """Whether a public view is being built (``public_building``)."""
    return _BUILDING.get()
