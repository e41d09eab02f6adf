"""Probe 32, bots: the arena refuses what would overflow its clock, checks what
``play_game`` is given, names a dataset whose files were swapped for folders (or the other
way round) or whose lines contradict themselves, and hands out results nothing can change."""

from __future__ import annotations

import json
import shutil
import warnings
from concurrent.futures import Executor

import numpy as np
import pytest

import tabletop
from tabletop.arena import ArenaResult, GameResult, arena, load, play_game, results_table
from tabletop.core.record import MAX_SEED

RANDOM3 = ["random"] * 3


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    folder = tmp_path_factory.mktemp("probe32") / "run"
    arena("lascaux", RANDOM3, games=3, progress=False, save=folder, batch=2)
    return folder


def copy_of(saved, tmp_path):
    folder = tmp_path / "copy"
    shutil.copytree(saved, folder)
    return folder


def resume(folder):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return arena("lascaux", RANDOM3, games=4, progress=False, save=folder, batch=2)


# --- the clock ------------------------------------------------------------------------------

@pytest.mark.parametrize("move_time", [86_400.5, 1e10, 1e300, 10**400])
def test_a_move_time_past_a_day_is_refused(move_time):
    rule = r"move_time must be a finite number of seconds > 0 or None \(at most 86,400"
    with pytest.raises(ValueError, match=rule):
        arena("lascaux", RANDOM3, games=1, progress=False, move_time=move_time)
    game = tabletop.load("lascaux", players=3)
    with pytest.raises(ValueError, match=rule):
        play_game(game, RANDOM3, ["r"] * 3, 0, 0, move_time=move_time)


def test_a_move_time_of_a_day_plays():
    result = arena("lascaux", RANDOM3, games=1, progress=False, move_time=86_400)
    assert result.games[0].finished


# --- play_game's arguments --------------------------------------------------------------------

GAME = tabletop.load("lascaux", players=3)
PLAYS = {
    "game a name": (("lascaux", RANDOM3, ["r"] * 3, 0, 0), {}, TypeError, "game should be a Game"),
    "too few specs": ((GAME, ["random"], ["r"] * 3, 0, 0), {}, TypeError,
                      "specs should be a list of 3"),
    "too few labels": ((GAME, RANDOM3, ["r"], 0, 0), {}, TypeError, "labels should be a list of 3"),
    "labels a string": ((GAME, RANDOM3, "rrr", 0, 0), {}, TypeError, "labels should be a list"),
    "labels not text": ((GAME, RANDOM3, [1, 2, 3], 0, 0), {}, TypeError,
                        "labels should be strings"),
    "index -1": ((GAME, RANDOM3, ["r"] * 3, -1, 0), {}, ValueError, "index must be an int ≥ 0"),
    "seed text": ((GAME, RANDOM3, ["r"] * 3, 0, "x"), {}, ValueError, "seed must be an int ≥ 0"),
    "seed + index too large": ((GAME, RANDOM3, ["r"] * 3, 5, MAX_SEED), {}, ValueError,
                               r"seed must be an int ≥ 0 \(at most 2\*\*64 - 1 - index"),
    "max_plies 0": ((GAME, RANDOM3, ["r"] * 3, 0, 0), {"max_plies": 0}, ValueError,
                    "max_plies must be an int ≥ 1 or None"),
    "move_time -1": ((GAME, RANDOM3, ["r"] * 3, 0, 0), {"move_time": -1}, ValueError,
                     "move_time must be a finite number"),
    "errors junk": ((GAME, RANDOM3, ["r"] * 3, 0, 0), {"errors": ["raise"]}, ValueError,
                    "errors should be one of"),
}


@pytest.mark.parametrize("case", PLAYS)
def test_play_game_checks_what_it_is_given(case):
    args, options, kind, message = PLAYS[case]
    with pytest.raises(kind, match=message):
        play_game(*args, **options)


def test_play_game_still_plays_numpy_numbers():
    g = play_game(GAME, RANDOM3, ["r"] * 3, np.int64(1), np.uint32(4), max_plies=np.int8(5))
    assert (g.index, g.seed, g.length) == (1, 5, 5)


# --- files of the wrong kind ------------------------------------------------------------------

def test_save_names_a_file(tmp_path):
    path = tmp_path / "a-file"
    path.write_text("x", encoding="utf-8")
    with pytest.raises(ValueError, match="save should name a folder, and .* is a file"):
        arena("lascaux", RANDOM3, games=1, progress=False, save=path)


SWAPS = {  # what is swapped, and whether load (not only a resume) reads it
    "arena.json": (True, True), "dataset.json": (True, False), "games": (False, True),
    "results": (False, False), "games/batch-00000.jsonl": (True, True),
}


@pytest.mark.parametrize("name", SWAPS)
def test_a_file_swapped_for_a_folder_is_named(saved, tmp_path, name):
    folder = copy_of(saved, tmp_path)
    was_file, loaded = SWAPS[name]
    target = folder / name
    if was_file:
        target.unlink()
        target.mkdir()
    else:
        shutil.rmtree(target)
        target.write_text("x", encoding="utf-8")
    kind = "folder" if not was_file else "file"
    message = f"{name.split('/')[-1]} should be a {kind} of a tournament dataset"
    if loaded:
        with pytest.raises(tabletop.InvalidRecord, match=message):
            load(folder)
    else:
        assert len(load(folder)) == 3
    with pytest.raises(tabletop.InvalidRecord, match=message):
        resume(folder)


@pytest.mark.parametrize("left", ["games/batch-00007.jsonl.part", "results/batch-00000.csv.tmp"])
def test_a_folder_where_a_leftover_file_goes_is_named_and_nothing_is_moved(saved, tmp_path,
                                                                            left):
    folder = copy_of(saved, tmp_path)
    (folder / "games" / "batch-00009.jsonl.part").write_text("", encoding="utf-8")
    (folder / left).mkdir()
    before = sorted(p.name for p in folder.rglob("*"))
    with pytest.raises(tabletop.InvalidRecord, match="should be a file of a tournament dataset"):
        resume(folder)
    assert sorted(p.name for p in folder.rglob("*")) == before
    assert len(load(folder)) == 3


# --- lines and headers that contradict themselves ------------------------------------------

def edit_first_line(folder, **changes):
    batch = folder / "games" / "batch-00000.jsonl"
    lines = batch.read_text(encoding="utf-8").splitlines()
    line = json.loads(lines[0])
    line.update(changes)
    lines[0] = json.dumps(line)
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")


LINES = {
    "winners twice": ({"winners": [0, 0]},
                      r"'winners' should be a list of seats 0 \.\. 2, each once"),
    "seconds below 0": ({"seconds": -5}, "'seconds' should be a number ≥ 0"),
    "error of no kind": ({"error": {"seat": 0, "kind": "oops", "message": "m"},
                          "winners": [1, 2]}, "'kind' \\(one of 'error' or 'timeout'\\)"),
    "forfeit won": ({"error": {"seat": 0, "kind": "error", "message": "m"}, "winners": [0]},
                    r"seat 0 lost it by an error, so its winners are \[1, 2\], not \[0\]"),
}


@pytest.mark.parametrize("case", LINES)
def test_a_line_that_contradicts_itself_is_refused(saved, tmp_path, case):
    changes, message = LINES[case]
    folder = copy_of(saved, tmp_path)
    edit_first_line(folder, **changes)
    for verify in (False, True):
        with pytest.raises(tabletop.InvalidRecord, match=message):
            load(folder, verify=verify)
    with pytest.raises(tabletop.InvalidRecord, match=message):
        resume(folder)


@pytest.mark.parametrize("move_time", ["x", -1, 0, 1e10, True])
def test_a_header_move_time_is_checked(saved, tmp_path, move_time):
    folder = copy_of(saved, tmp_path)
    header = json.loads((folder / "arena.json").read_text(encoding="utf-8"))
    header["move_time"] = move_time
    (folder / "arena.json").write_text(json.dumps(header), encoding="utf-8")
    with pytest.raises(tabletop.InvalidRecord, match="'move_time' should be null or seconds"):
        load(folder)


# --- results nothing can change -----------------------------------------------------------------

def test_an_arena_result_is_read_only(saved):
    for result in (load(saved), arena("lascaux", RANDOM3, games=2, progress=False)):
        assert isinstance(result.games, tuple) and isinstance(result.agents, tuple)
        with pytest.raises(AttributeError):
            result.games.append(result.games[0])  # type: ignore[attr-defined]
        with pytest.raises(AttributeError):
            result.games = ()  # type: ignore[misc]
        summary = result.summary()
        assert result.summary() == summary


def test_an_arena_result_takes_only_game_results():
    with pytest.raises(TypeError, match="games are GameResults, not 'junk'"):
        ArenaResult("lascaux", 3, ("a", "b", "c"), ["junk"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="agents are labels"):
        ArenaResult("lascaux", 3, "abc", [])  # type: ignore[arg-type]
    listed = ArenaResult("lascaux", 3, ["a", "b", "c"], [])  # type: ignore[arg-type]
    assert listed.agents == ("a", "b", "c") and listed.games == ()


def test_a_head_to_head_table_is_read_only():
    result = arena("lascaux", ["random", "mcts-weak", "random"], games=2, progress=False)
    table = result.pairwise()
    rate = table.rate("random", "mcts-weak")
    for array in (table.points, table.games):
        with pytest.raises(ValueError, match="read-only"):
            array[0, 1] = 99
        with pytest.raises(ValueError):
            array.flags.writeable = True
    assert table.rate("random", "mcts-weak") == rate


class NoFutures(Executor):
    def submit(self, fn, /, *args, **kwargs):  # type: ignore[override]
        return fn(*args, **kwargs)


def test_an_executor_that_gives_no_futures_is_named():
    with pytest.raises(TypeError, match="executor.submit should return a concurrent.futures"):
        arena("lascaux", RANDOM3, games=2, progress=False, executor=NoFutures())


@pytest.mark.parametrize("junk", ["abc", [1], 5, None])
def test_results_table_takes_tournaments(junk):
    with pytest.raises(TypeError, match="results_table takes a list of ArenaResults"):
        results_table(junk)


# --- results built by hand ----------------------------------------------------------------------

def one(seats=("a", "b"), scores=(1, 0), winners=(0,)):
    return GameResult(index=0, seed=0, seats=seats, scores=scores, winners=winners, length=1,
                      finished=True, seconds=0.1, record={})


@pytest.mark.parametrize(("fields", "kind", "message"), [
    ({"seats": "ab"}, TypeError, "seats are a tuple of labels"),
    ({"seats": ()}, TypeError, "seats are a tuple of labels"),
    ({"scores": (1, 0, 0)}, ValueError, "scores are a tuple of 2"),
    ({"winners": (7,)}, ValueError, r"winners are a tuple of different seats 0 \.\. 1"),
    ({"winners": (0, 0)}, ValueError, "winners are a tuple of different seats"),
    ({"winners": (True,)}, ValueError, "winners are a tuple of different seats"),
])
def test_a_game_result_built_by_hand_is_checked(fields, kind, message):
    with pytest.raises(kind, match=message):
        one(**fields)


@pytest.mark.parametrize(("players", "agents", "games", "message"), [
    (0, (), [], "players are an int ≥ 1"),
    ("2", ("a", "b"), [], "players are an int ≥ 1"),
    (2, ("a", "b"), [one(("a", "b", "c"), (1, 0, 0))], "game 0 has seats"),
    (2, ("a", "b"), [one(("a", "z"))], r"game 0 has seats \['a', 'z'\]"),
])
def test_an_arena_result_built_by_hand_is_checked(players, agents, games, message):
    with pytest.raises(ValueError, match=message):
        ArenaResult("x", players, agents, games)


def test_a_field_of_more_agents_than_seats_is_still_a_result():
    result = ArenaResult("x", 2, ("a", "b", "c"), [one(("a", "b")), one(("c", "a"))])
    assert [s.games for s in result.summary()] == [2, 1, 1]
