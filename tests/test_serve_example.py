"""A game served over HTTP (``examples/serve_game.py``, a WSGI app called directly): moves
typed and clicked on pictures shown at any size, every piece of client input refused with a
clear 4xx answer, each seat's answers free of what it may not see, games served at once
from many threads, and no widget library needed."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import serve_game

import tabletop
from tabletop.render.pointing import picture, resumed
from tabletop.render.scenecanvas import click_point

GAMES = tabletop.games()


def call(games: serve_game.Games, method: str, path: str, body: Any = None,
         query: str = "") -> tuple[int, Any]:
    raw = body if isinstance(body, bytes) else b"" if body is None else \
        json.dumps(body).encode()
    environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
               "CONTENT_LENGTH": str(len(raw)), "wsgi.input": io.BytesIO(raw)}
    answer: dict[str, Any] = {}

    def start_response(status: str, headers: list[tuple[str, str]]) -> None:
        answer.update(status=int(status.split()[0]), headers=dict(headers))

    data = b"".join(serve_game.app(environ, start_response, games))
    assert answer["headers"]["Content-Length"] == str(len(data))
    if answer["headers"]["Content-Type"].startswith("image/svg+xml"):
        return answer["status"], data.decode("utf-8")
    return answer["status"], json.loads(data)


def new_game(games: serve_game.Games, name: str, seed: int = 4) -> tuple[str, list[str]]:
    status, made = call(games, "POST", "/games", {"game": name, "seed": seed})
    assert status == 201, made
    return made["id"], made["tokens"]


def shown_point(scene: Any, point: tuple[float, float], size: tuple[float, float]
                ) -> tuple[float, float]:
    """Where ``point`` of ``scene`` appears on the picture shown ``size`` large."""
    scale = min(size[0] / scene.width, size[1] / scene.height)
    return (point[0] * scale + (size[0] - scene.width * scale) / 2,
            point[1] * scale + (size[1] - scene.height * scale) / 2)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_is_played_to_the_end_by_clicks_on_pictures_of_any_size(name):
    """Every move clicked: on-board targets at their place on the picture shown at a random
    size and shape (a phone's, a wide screen's), buttons pressed; the record on the server
    is the game those clicks played."""
    games, rng = serve_game.Games(), random.Random(name)
    gid, tokens = new_game(games, name)
    played: list[str] = []
    for _ in range(400):
        state = games.load(gid)
        if state.is_terminal or len(played) >= 40:
            break
        seat = state.current_player
        view, selection = state.view(seat), []
        while True:
            inp = resumed(view, selection)
            target = rng.choice(inp.next_targets())
            scene = picture(view, selection)
            if target in scene.targets():
                size = (rng.uniform(120, 1600), rng.uniform(120, 1600))
                x, y = shown_point(scene, click_point(scene, target), size)
                body = {"token": tokens[seat], "x": x, "y": y, "shown": list(size),
                        "selection": selection}
            else:
                body = {"token": tokens[seat], "target": target, "selection": selection}
            status, answer = call(games, "POST", f"/games/{gid}/clicks", body)
            assert status == 200, answer
            if answer["played"] is not None:
                played.append(answer["played"])
                break
            inp.click(target, None if "target" in body else click_point(scene, target))
            assert answer["selection"] == json.loads(json.dumps(inp.picked()))
            selection = answer["selection"]
    assert games.load(gid).to_record()["actions"] == played
    assert played


BAD_BODIES = [
    (b"not json", 400, "JSON object"),
    (b"[1, 2]", 400, "JSON object"),
    (b"\xff\xfe", 400, "JSON object"),
    (b"[" * 60_000, 400, "JSON object"),  # (was a RecursionError: a 500)
    (b'{"token": "a", "token": "b"}', 400, '"token" is given twice'),
    (b'{"token": "T", "x": NaN, "y": 1}', 400, "NaN is no JSON number"),
    (b"1" * 5000, 400, "JSON object"),
    ({"x": 1, "y": 2}, 403, "token"),
    ({"token": 7, "x": 1, "y": 2}, 403, "token"),
    ({"token": "T"}, 400, '"x" and "y"'),
    ({"token": "T", "x": "1", "y": 2}, 400, "two numbers"),
    ({"token": "T", "x": True, "y": 2}, 400, "two numbers"),
    ({"token": "T", "x": 1, "y": 2, "shown": [0, 10]}, 400, "width and height"),
    ({"token": "T", "x": 1, "y": 2, "shown": "big"}, 400, "width and height"),
    ({"token": "T", "x": 1, "y": 2, "shown": [1e308, 1]}, 400, "width and height"),
    ({"token": "T", "x": -5, "y": -5}, 400, "nothing to play at -5, -5"),
    ({"token": "T", "x": 1e308, "y": 1e308}, 400, "nothing to play"),
    ({"token": "T", "target": ["no", "such"]}, 400, "makes no legal action"),
    ({"token": "T", "target": {"a": 1}}, 400, "a target is text, numbers and lists"),
    ({"token": "T", "target": [[[[["deep"]]]]]}, 400, "nests at most"),
    ({"token": "T", "target": "x", "selection": "abc"}, 400, "list of at most"),
    ({"token": "T", "target": "x", "selection": [["z"]] * 17}, 400, "list of at most"),
    ({"token": "T", "target": "x", "selection": [["cell", "zz"]]}, 400, "start no legal"),
]


@pytest.mark.parametrize("body, status, words", BAD_BODIES)
@pytest.mark.parametrize("name", GAMES)
def test_every_bad_click_is_refused_saying_why_and_changes_nothing(name, body, status, words):
    games = serve_game.Games()
    gid, tokens = new_game(games, name)
    before = games.load(gid).to_record()
    seat = games.load(gid).current_player
    if isinstance(body, dict):
        body = {k: (tokens[seat] if v == "T" else v) for k, v in body.items()}
    else:
        body = body.replace(b'"T"', json.dumps(tokens[seat]).encode())
    got, answer = call(games, "POST", f"/games/{gid}/clicks", body)
    assert (got, words in answer["error"]) == (status, True), answer
    assert games.load(gid).to_record() == before


@pytest.mark.parametrize("name", GAMES)
def test_bad_requests_of_every_other_kind_are_refused_saying_why(name):
    games = serve_game.Games()
    gid, tokens = new_game(games, name)
    seat = games.load(gid).current_player
    other = tokens[(seat + 1) % len(tokens)]
    before = games.load(gid).to_record()
    cases = [
        (("POST", "/games", {"game": "chess"}), 400, "no game called 'chess'"),
        (("POST", "/games", {"game": 3}), 400, "should name one of"),
        (("POST", "/games", {"game": name, "options": []}), 400, "options"),
        (("POST", "/games", {"game": name, "players": "two"}), 400, "players"),
        (("POST", "/games", {"game": name, "seed": -1}), 400, "seed"),
        (("POST", "/games", {"game": name, "seed": "1"}), 400, "seed"),
        (("POST", "/games", b"x" * 70_000), 413, "at most"),
        (("GET", "/games/nope", None, f"token={tokens[0]}"), 404, "no game"),
        (("GET", f"/games/{gid}/secrets", None), 404, "no such page"),
        (("GET", f"/games/{gid}/actions", None), 405, "takes POST"),
        (("GET", f"/games/{gid}", None, "token=guess"), 403, "token"),
        (("GET", f"/games/{gid}/record", None), 403, "every secret"),
        (("GET", f"/games/{gid}/picture", None, f"token={tokens[0]}&selection=[x"), 400,
         "JSON list"),
        (("POST", f"/games/{gid}/actions", {"token": tokens[seat], "action": 5}), 400,
         "in notation"),
        (("POST", f"/games/{gid}/actions", {"token": tokens[seat], "action": "jump"}), 400,
         "'jump'"),
        (("POST", f"/games/{gid}/actions", {"token": tokens[seat], "action": "x" * 300}),
         400, "300 characters"),
        (("POST", f"/games/{gid}/actions", {"token": other, "action": "pass"}), 409,
         "turn"),
        (("POST", f"/games/{gid}/actions", {"token": tokens[seat], "action": "x", "ply": 1}),
         409, "the game is at ply 0, not 1"),
        (("POST", f"/games/{gid}/clicks", {"token": tokens[seat], "x": 1, "y": 1, "ply": "0"}),
         400, "whole number"),
    ]
    for request, status, words in cases:
        got, answer = call(games, *request)
        assert (got, words in answer.get("error", "")) == (status, True), (request, answer)
    assert games.load(gid).to_record() == before


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_is_told_nothing_a_determinization_would_change(name):
    """What a seat gets (view text, legal moves, totals, picture with its highlights) is
    the same for every full state its view could be: nothing hidden reaches the page."""
    rng = random.Random(7)
    for seed in range(3):
        state = tabletop.load(name).new(seed=seed)
        for _ in range(rng.randrange(2, 30)):
            if state.is_terminal:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal:
            continue
        for seat in range(state.game.players):
            told = serve_game.view_json(state, seat)
            for i in range(3):
                other = state.view(seat).determinize(random.Random(i))
                # (the ply is public; a determinized state keeps no history of its own)
                assert {**serve_game.view_json(other, seat), "ply": told["ply"]} == told


@pytest.mark.parametrize("name", GAMES)
def test_games_served_from_many_threads_at_once_are_each_their_own(name):
    """Eight games played at once, two threads per game sending every move (with the ply
    it is for): each game ends as the same moves played alone would leave it, and the
    move sent twice is refused as stale, never played on a later turn."""
    games = serve_game.Games()
    moves = {}
    for seed in range(8):
        state, rng = tabletop.load(name).new(seed=seed), random.Random(seed)
        line = []
        while not state.is_terminal and len(line) < 25:
            action = rng.choice(state.legal_actions())
            line.append(str(action))
            state = state.apply(action)
        gid, tokens = new_game(games, name, seed)
        moves[gid, tuple(tokens)] = line
    problems: list[Any] = []

    def play(gid: str, tokens: tuple[str, ...], line: list[str]) -> None:
        for ply, text in enumerate(line):
            seat = tabletop.replay({**games.load(gid).to_record(), "actions": line[:ply],
                                    "result": None}).current_player
            status, answer = call(games, "POST", f"/games/{gid}/actions",
                                  {"token": tokens[seat], "action": text, "ply": ply})
            if status != 200 and not (status == 409 and "the game is at ply" in
                                      answer["error"]):
                problems.append(answer)
            for _ in range(20_000):  # the other thread's move, on its way (20 s at most)
                if len(games.load(gid).history) > ply:
                    break
                time.sleep(0.001)
            else:
                problems.append(f"{gid}: ply {ply} was never played")
                return

    threads = [threading.Thread(target=play, args=(gid, tokens, line))
               for (gid, tokens), line in moves.items() for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not problems
    for (gid, _), line in moves.items():
        assert games.load(gid).to_record()["actions"] == line


def test_the_server_needs_no_widget_library():
    """``import ipywidgets`` fails, and a game is still created, shown and clicked."""
    code = (
        "import sys; sys.modules['ipywidgets'] = None; sys.modules['ipycanvas'] = None\n"
        "sys.path.insert(0, 'examples'); import io, json, serve_game\n"
        "def call(method, path, body):\n"
        "    raw = json.dumps(body).encode()\n"
        "    env = {'REQUEST_METHOD': method, 'PATH_INFO': path, 'QUERY_STRING': '',\n"
        "           'CONTENT_LENGTH': str(len(raw)), 'wsgi.input': io.BytesIO(raw)}\n"
        "    return json.loads(b''.join(serve_game.app(env, lambda s, h: None)))\n"
        "made = call('POST', '/games', {'game': 'landlock', 'seed': 1})\n"
        "answer = call('POST', '/games/g1/clicks', {'token': made['tokens'][0],\n"
        "              'target': ['role', 'land']})\n"
        "print(answer['played'], 'ipywidgets' in sys.modules and sys.modules['ipywidgets'])\n"
    )
    root = Path(__file__).parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "None"


def test_a_pick_clicked_again_is_unpicked_and_a_stale_click_is_refused():
    games = serve_game.Games()
    gid, tokens = new_game(games, "lava-flows", 1)
    seat = games.load(gid).current_player
    view = games.load(gid).view(seat)
    scene = picture(view)
    x, y = click_point(scene, ("cell", "a1"))
    body = {"token": tokens[seat], "x": x, "y": y, "ply": 0}
    status, first = call(games, "POST", f"/games/{gid}/clicks", body)
    assert (status, first["played"], first["selection"]) == (200, None, [["cell", "a1"]])
    status, again = call(games, "POST", f"/games/{gid}/clicks",
                         {**body, "selection": first["selection"]})
    assert (status, again["played"], again["selection"]) == (200, None, [])
    status, svg = call(games, "GET", f"/games/{gid}/picture",
                       query=f"token={tokens[seat]}&selection=[[\"cell\",\"a1\"]]")
    assert status == 200 and svg.startswith("<svg") and svg != again["view"]["svg"]


def test_the_app_serves_over_a_real_socket():
    """The standard library's own server (``wsgiref``) runs the app: a game is made and a
    seat's view and picture fetched over HTTP, and a refusal comes back as a 4xx."""
    import urllib.error
    import urllib.request
    from wsgiref.simple_server import WSGIRequestHandler, make_server

    class Quiet(WSGIRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    server = make_server("127.0.0.1", 0, serve_game.app, handler_class=Quiet)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        ask = urllib.request.Request(f"{base}/games", method="POST",
                                     data=json.dumps({"game": "landlock", "seed": 2}).encode(),
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(ask, timeout=30) as answer:
            made = json.load(answer)
        token = made["tokens"][0]
        with urllib.request.urlopen(f"{base}/games/{made['id']}?token={token}",
                                    timeout=30) as answer:
            view = json.load(answer)
        assert view["seat"] == 0 and view["svg"].startswith("<svg")
        with urllib.request.urlopen(f"{base}/games/{made['id']}/picture?token={token}",
                                    timeout=30) as answer:
            assert answer.headers["Content-Type"].startswith("image/svg+xml")
            assert answer.read().decode() == view["svg"]
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/games/{made['id']}/record", timeout=30)
        assert refused.value.code == 403
        assert "every secret" in json.load(refused.value)["error"]
    finally:
        server.shutdown()
        server.server_close()
