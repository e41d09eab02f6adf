"""A game served over HTTP with the standard library only: a WSGI app that keeps each game
as its JSON record and nothing else, replays it on every request, and answers each seat
with its own view (text, legal moves, an SVG picture) and its clicks on that picture.

Run it with ``python examples/serve_game.py`` (http://localhost:8000); tests call ``app``
directly. Every request is JSON in, JSON out (the picture: ``image/svg+xml``)::

    POST /games                   {"game": "lascaux", "players": 3, "options": {}, "seed": 1}
                                  -> {"id": "g1", "tokens": ["…", "…", "…"]}  (one per seat)
    GET  /games/g1?token=…        -> the seat's view: text, to_move, legal, scores, svg, …
    GET  /games/g1/picture?token=…&selection=[…]   -> the seat's picture, picks outlined
    POST /games/g1/actions        {"token": "…", "action": "choose blue", "ply": 0}
    POST /games/g1/clicks         {"token": "…", "x": 120, "y": 80, "shown": [320, 258],
                                   "selection": []}   or   {"token": "…", "target": […]}
                                  -> {"played": "…" | null, "selection": […], "buttons": […],
                                      "hint": "…", "view": {…}}
    GET  /games/g1/record         -> the whole record, once the game is over

A seat is known by its token, never by a number the page sends: a record holds every secret
(the seed deals the deck, secret choices are actions), so it stays on the server until the
game ends, and each seat sees only ``state.view(seat)``. The page keeps the targets picked so
far (``selection``) and sends them back with the next click: the server keeps no clicks.
A move or click may give the ``ply`` its page shows (the view's ``"ply"``): the server
then refuses it (409) if the game has moved on, so a move sent twice is not played twice.
Bad input of any kind is a 4xx answer ``{"error": "…"}`` saying what was wrong.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qs

import tabletop
from tabletop.render import to_svg
from tabletop.render.pointing import Clicked, click_at, picture, press

#: The largest request body read (a click or a move is a few hundred bytes).
MAX_BODY = 64_000

Json = dict[str, Any]
StartResponse = Callable[..., Any]


class Refused(Exception):
    """A request the server answers with ``status`` and ``{"error": message}``."""

    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.status = status


class Games:
    """The games being played: each as its record's JSON text and its seats' tokens.

    Replaces the record whole under the game's own lock, so two moves sent at once for one
    game are played one after the other (the second against the first's result), never
    both against the same record, while other games move freely. Any store of text (a file
    per game, a database row) would do.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()  # for adding a game
        self._records: dict[str, str] = {}
        self._tokens: dict[str, tuple[str, ...]] = {}
        self._locks: dict[str, threading.Lock] = {}

    def create(self, state: tabletop.State) -> tuple[str, tuple[str, ...]]:
        tokens = tuple(secrets.token_urlsafe(16) for _ in range(state.game.players))
        with self._lock:
            gid = f"g{len(self._records) + 1}"
            self._records[gid] = json.dumps(state.to_record())
            self._tokens[gid] = tokens
            self._locks[gid] = threading.Lock()
        return gid, tokens

    def load(self, gid: str) -> tabletop.State:
        text = self._records.get(gid)
        if text is None:
            raise Refused("404 Not Found", f"no game {gid!r}")
        return tabletop.replay(json.loads(text))

    def seat(self, gid: str, token: object) -> int:
        tokens = self._tokens.get(gid)
        if tokens is None:
            raise Refused("404 Not Found", f"no game {gid!r}")
        if not isinstance(token, str) or token not in tokens:
            raise Refused("403 Forbidden", "a seat's token is needed (\"token\": the one "
                          "POST /games gave that seat)")
        return tokens.index(token)

    def play(self, gid: str, seat: int, move: Callable[[tabletop.State], Any],
             ply: object = None) -> Any:
        """Apply what ``move`` returns (an action, or ``None``) to the game as ``seat``; if
        ``ply`` is given, only while the game is at that ply (a move sent twice, or sent
        after the page last looked, is refused instead of being played on a later turn)."""
        if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool)):
            raise Refused("400 Bad Request", "\"ply\" should be a whole number: the ply "
                          f"the page shows, from its view's \"ply\", not {json.dumps(ply)[:60]}")
        with self._locks[gid]:  # (seat() found the game: it has a lock)
            state = self.load(gid)
            if ply is not None and ply != len(state.history):
                raise Refused("409 Conflict", f"the game is at ply {len(state.history)}, not "
                              f"{ply}: look again before moving")
            if state.current_player != seat:
                raise Refused("409 Conflict", _not_your_turn(state, seat))
            made = move(state)
            action = made.action if isinstance(made, Clicked) else made
            if action is not None:
                self._records[gid] = json.dumps(state.apply(action).to_record())
            return made


def _not_your_turn(state: tabletop.State, seat: int) -> str:
    mover = state.current_player
    if mover is None:
        return "the game is over"
    return (f"it is {state.game.player_name(mover)}'s turn, not "
            f"{state.game.player_name(seat)}'s")


def view_json(state: tabletop.State, seat: int) -> Json:
    """What ``seat`` may know of ``state``: all from ``state.view(seat)``."""
    view: Any = state.view(seat)  # (every game's view has a score_breakdown)
    mine = view.current_player == seat
    return {
        "seat": seat,
        "ply": len(state.history),
        "to_move": view.current_player,
        "terminal": view.is_terminal,
        "totals": list(view.score_breakdown().totals),  # as far as the seat can tell
        "winners": list(state.winners) if state.is_terminal else [],
        "text": str(view),
        "legal": [str(a) for a in view.legal_actions()] if mine else [],
        "svg": to_svg(picture(view)),
    }


def app(environ: dict[str, Any], start_response: StartResponse,
        games: Games | None = None) -> Iterable[bytes]:
    """The WSGI application (``games``: the store; one per process by default)."""
    try:
        status, body, kind = _route(environ, games or GAMES)
    except Refused as refused:
        status, body, kind = refused.status, {"error": str(refused)}, "json"
    except (tabletop.IllegalAction, tabletop.InvalidOption, tabletop.UnknownGame) as err:
        status, body, kind = "400 Bad Request", {"error": str(err)}, "json"
    data = body.encode("utf-8") if kind == "svg" else json.dumps(body).encode("utf-8")
    content = "image/svg+xml; charset=utf-8" if kind == "svg" else "application/json"
    start_response(status, [("Content-Type", content), ("Content-Length", str(len(data)))])
    return [data]


GAMES = Games()


def _route(environ: dict[str, Any], games: Games) -> tuple[str, Any, str]:
    method = environ.get("REQUEST_METHOD", "GET")
    parts = [p for p in str(environ.get("PATH_INFO", "")).split("/") if p]
    if parts == ["games"] and method == "POST":
        return "201 Created", _create(_body(environ), games), "json"
    if len(parts) < 2 or parts[0] != "games" or len(parts) > 3:
        raise Refused("404 Not Found", f"no such page: {environ.get('PATH_INFO')!r}")
    gid, page = parts[1], (parts[2] if len(parts) == 3 else "")
    wanted = {"": "GET", "picture": "GET", "record": "GET", "actions": "POST",
              "clicks": "POST"}.get(page)
    if wanted is None:
        raise Refused("404 Not Found", f"no such page: {environ.get('PATH_INFO')!r}")
    if method != wanted:
        raise Refused("405 Method Not Allowed", f"/games/{gid}/{page} takes {wanted}")
    fields = _query(environ) if wanted == "GET" else _body(environ)
    if page == "record":
        state = games.load(gid)
        if not state.is_terminal:
            raise Refused("403 Forbidden", "the record holds every secret: it is given out "
                          "once the game is over")
        return "200 OK", state.to_record(), "json"
    seat = games.seat(gid, fields.get("token"))
    if page == "":
        return "200 OK", view_json(games.load(gid), seat), "json"
    if page == "picture":
        view = games.load(gid).view(seat)
        return "200 OK", to_svg(picture(view, fields.get("selection", []))), "svg"
    if page == "actions":
        text = fields.get("action")
        if not isinstance(text, str):
            raise Refused("400 Bad Request", "\"action\" should be a move in notation, as "
                          f"the view's \"legal\" lists them, not {json.dumps(text)[:60]}")
        games.play(gid, seat, lambda state: state.game.parse_action(state.view(seat), text),
                   fields.get("ply"))
        return "200 OK", view_json(games.load(gid), seat), "json"
    clicked = games.play(gid, seat, lambda state: _click(state.view(seat), fields),
                         fields.get("ply"))
    return "200 OK", {
        "played": None if clicked.action is None else str(clicked.action),
        "selection": list(clicked.selection),
        "buttons": [{"target": t, "label": label} for t, label in clicked.buttons],
        "hint": clicked.hint,
        "view": view_json(games.load(gid), seat),
    }, "json"


def _click(view: tabletop.View, fields: Json) -> Clicked:
    selection = fields.get("selection", [])
    if "target" in fields:
        return press(view, fields["target"], selection=selection)
    if "x" not in fields or "y" not in fields:
        raise Refused("400 Bad Request", "a click gives \"x\" and \"y\" (where the picture "
                      "was clicked) or \"target\" (a button's)")
    try:
        return click_at(view, fields["x"], fields["y"], selection=selection,
                        shown=fields.get("shown"))
    except ValueError as err:  # a point or a size that is no pair of numbers
        if isinstance(err, tabletop.IllegalAction):
            raise
        raise Refused("400 Bad Request", str(err)) from None


def _create(fields: Json, games: Games) -> Json:
    name, players = fields.get("game"), fields.get("players")
    options, seed = fields.get("options", {}), fields.get("seed")
    if not isinstance(name, str):
        raise Refused("400 Bad Request", f"\"game\" should name one of {tabletop.games()}")
    if not isinstance(options, dict):
        raise Refused("400 Bad Request", "\"options\" should be an object of the game's options")
    if players is not None:
        options = {**options, "players": players}
    game = tabletop.load(name, **options)
    try:
        state = game.new(seed=seed)
    except (TypeError, ValueError) as err:
        raise Refused("400 Bad Request", f"\"seed\": {err}") from None
    gid, tokens = games.create(state)
    return {"id": gid, "players": game.players, "tokens": list(tokens)}


def _body(environ: dict[str, Any]) -> Json:
    try:
        size = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise Refused("400 Bad Request", "Content-Length should be a number") from None
    if size > MAX_BODY:
        raise Refused("413 Content Too Large", f"a request body is at most {MAX_BODY} bytes")
    raw = environ["wsgi.input"].read(size) if size > 0 else b""
    try:
        fields = json.loads(raw.decode("utf-8"), object_pairs_hook=_once,
                            parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as err:  # (64 KB of "[")
        why = f" ({err})" if isinstance(err, Strict) else ""
        raise Refused("400 Bad Request", f"the body should be a JSON object{why}") from None
    if not isinstance(fields, dict):
        raise Refused("400 Bad Request", "the body should be a JSON object")
    return fields


class Strict(ValueError):
    """JSON that Python reads but no strict reader would (NaN, a key given twice)."""


def _once(pairs: list[tuple[str, Any]]) -> Json:
    keys = [key for key, _ in pairs]
    twice = next((key for key in keys if keys.count(key) > 1), None)
    if twice is not None:
        raise Strict(f"{json.dumps(twice)[:40]} is given twice")
    return dict(pairs)


def _no_constant(name: str) -> Any:
    raise Strict(f"{name} is no JSON number")


def _query(environ: dict[str, Any]) -> Json:
    fields: Json = {k: v[-1] for k, v in parse_qs(environ.get("QUERY_STRING", "")).items()}
    if "selection" in fields:
        try:
            fields["selection"] = json.loads(fields["selection"])
        except ValueError:
            raise Refused("400 Bad Request", "selection should be a JSON list of the "
                          "targets picked so far") from None
    return fields


def main(port: int = 8000) -> None:  # pragma: no cover - serves until interrupted
    from wsgiref.simple_server import make_server

    with make_server("localhost", port, app) as server:
        print(f"serving tabletop on http://localhost:{port}/games")
        server.serve_forever()


if __name__ == "__main__":  # pragma: no cover
    main()
