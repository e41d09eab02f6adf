"""A dataset's lines must belong to its tournament (game, options, the seed and seats their
index gives, once each) for ``load`` and a resume alike; a dataset keeps one table format."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from saved_arena import PAIR, copy, saved_dataset

import tabletop
from tabletop.arena import arena, dataset, load


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    return saved_dataset(tmp_path_factory.mktemp("lines"), games=4)


def add_lines(folder: Path, lines: list[dict], name="batch-00007.jsonl") -> None:
    (folder / "games" / name).write_text("".join(json.dumps(x) + "\n" for x in lines),
                                         encoding="utf-8")


def lines_of(folder: Path) -> list[dict]:
    text = (folder / "games" / "batch-00000.jsonl").read_text(encoding="utf-8")
    return [json.loads(x) for x in text.splitlines()]


def refused_everywhere(folder: Path, message: str) -> None:
    where = r"batch-00007\.jsonl line 1 .*"
    for verify in (False, True):
        with pytest.raises(tabletop.InvalidRecord, match=where + message):
            load(folder, verify=verify)
    before = sorted(p.name for p in (folder / "games").iterdir())
    with pytest.raises(tabletop.InvalidRecord, match=where + message):
        arena("lava-flows", PAIR, games=6, seed=0, progress=False, save=folder, batch=4)
    assert sorted(p.name for p in (folder / "games").iterdir()) == before  # nothing played


def test_games_of_another_seed_are_refused(saved, tmp_path):
    other = tmp_path / "other"
    arena("lava-flows", PAIR, games=2, seed=1000, progress=False, save=other)
    folder = copy(saved, tmp_path)
    shutil.copy(other / "games" / "batch-00000.jsonl", folder / "games" / "batch-00007.jsonl")
    refused_everywhere(folder, r"is not a game of the tournament in .*arena\.json: its seed "
                               r"is 1000, and game 0 of a tournament of seed 0 has seed 0")


def test_games_of_another_game_or_options_are_refused(saved, tmp_path):
    other = tmp_path / "other"
    arena("landlock", PAIR, games=1, seed=0, progress=False, save=other)
    folder = copy(saved, tmp_path)
    shutil.copy(other / "games" / "batch-00000.jsonl", folder / "games" / "batch-00007.jsonl")
    refused_everywhere(folder, "its record's game is 'landlock', the tournament's "
                               "'lava-flows'")
    line = lines_of(saved)[0]
    line["record"]["options"] = {**line["record"]["options"], "made": "up"}
    add_lines(folder, [line])
    refused_everywhere(folder, "its record's options is")


@pytest.mark.parametrize("edit, message", [
    ({"game": "nope"}, r"'game' is 'nope': no game called 'nope'"),
    ({"game": "lacuna"}, r"'options' are .*, and lacuna has no option"),
    ({"players": 3, "agents": ["a", "b", "c"]},
     r"'players' is 3, and lava-flows is played by 2 players, not 3"),
    ({"options": {"made": "up"}}, r"'options' are \{'made': 'up'\}, and lava-flows has no"),
    ({"options": {}}, r"'options' are \{\}, and lava-flows fills them in as"),
])
@pytest.mark.parametrize("lines", ["with its games", "without games"])
def test_verify_loads_the_headers_game_players_and_options(saved, tmp_path, edit, message,
                                                           lines):
    """Was: with no game lines to compare it with, ``load(path, verify=True)`` took a header
    of no registered game (``nope, 3 players, 0 games``), or of a player count or options
    its game refuses."""
    folder = copy(saved, tmp_path)
    header = json.loads((folder / "arena.json").read_text(encoding="utf-8"))
    (folder / "arena.json").write_text(json.dumps({**header, **edit}), encoding="utf-8")
    if lines == "without games":
        for batch in (folder / "games").iterdir():
            batch.write_text("", encoding="utf-8")
    with pytest.raises(tabletop.InvalidRecord,
                       match=r"arena\.json is not a tournament's header: " + message):
        load(folder, verify=True)


def test_games_whose_seats_do_not_rotate_are_refused(saved, tmp_path):
    folder = copy(saved, tmp_path)
    (folder / "games" / "batch-00000.jsonl").unlink()
    line = lines_of(saved)[1]
    line["seats"] = line["seats"][::-1]  # game 1 as if game 0's seats
    add_lines(folder, [line])
    refused_everywhere(folder, r"its seats are \['random', 'mcts-weak'\], game 1's are "
                               r"\['mcts-weak', 'random'\]")


def test_a_game_stored_twice_is_refused(saved, tmp_path):
    folder = copy(saved, tmp_path)
    add_lines(folder, [lines_of(saved)[2]])
    refused_everywhere(folder, r"is game 2 again \(already at .*batch-00000\.jsonl line 3\)")


def test_a_game_longer_than_the_limit_is_refused(tmp_path):
    arena("lava-flows", PAIR, games=1, progress=False, save=tmp_path, max_plies=3)
    header = json.loads((tmp_path / "arena.json").read_text(encoding="utf-8"))
    (tmp_path / "arena.json").write_text(json.dumps({**header, "max_plies": 2}), encoding="utf-8")
    with pytest.raises(tabletop.InvalidRecord, match="it lasted 3 plies, more than the "
                                                     "tournament's max_plies 2"):
        load(tmp_path)


def test_a_dataset_keeps_its_table_format(tmp_path, monkeypatch):
    arena("lava-flows", PAIR, games=2, progress=False, save=tmp_path, batch=2)
    written = (tmp_path / "dataset.json").read_text(encoding="utf-8")
    assert json.loads(written)["tables"] == "parquet"
    monkeypatch.setattr(dataset, "table_format", lambda: "csv")  # pyarrow gone
    with pytest.raises(ImportError, match=r"keeps its tables as Parquet \(dataset.json says "
                                          r"so\), and writing Parquet needs pandas and "
                                          "pyarrow"):
        arena("lava-flows", PAIR, games=4, progress=False, save=tmp_path, batch=2)
    assert sorted(p.name for p in (tmp_path / "results").iterdir()) == ["batch-00000.parquet"]
    csv = tmp_path / "csv"
    arena("lava-flows", PAIR, games=2, progress=False, save=csv, batch=2)
    monkeypatch.undo()  # pyarrow back: the dataset goes on in CSV
    arena("lava-flows", PAIR, games=4, progress=False, save=csv, batch=2)
    assert sorted(p.name for p in (csv / "results").iterdir()) == ["batch-00000.csv",
                                                                    "batch-00001.csv"]


def test_a_dataset_without_its_description_is_not_resumed(saved, tmp_path):
    folder = copy(saved, tmp_path)
    (folder / "dataset.json").unlink()
    assert len(load(folder)) == 4
    with pytest.raises(ValueError, match="has no dataset.json .* cannot be resumed"):
        arena("lava-flows", PAIR, games=6, seed=0, progress=False, save=folder)
    (folder / "dataset.json").write_text('{"tables": "xls", "entrants": []}', encoding="utf-8")
    with pytest.raises(tabletop.InvalidRecord, match="dataset.json is not a dataset's "
                                                     "description: it needs 'tables'"):
        arena("lava-flows", PAIR, games=6, seed=0, progress=False, save=folder)


@pytest.mark.parametrize("args,message", [
    ((True, 0, 0), "seed must be an int from 0 to 2\\*\\*64 - 1, not True"),
    ((-1, 0, 0), "seed must be an int from 0 to 2\\*\\*64 - 1, not -1"),
    ((10**5000, 0, 0), "seed must be .*, not an integer of about 5001 digits"),
    ((0, 1.0, 0), "index must be an int ≥ 0 \\(a game of the tournament\\), not 1.0"),
    ((0, 0, "x"), "entrant must be an int ≥ 0 \\(an entrant of the tournament\\), not 'x'"),
])
def test_agent_seeds_take_only_whole_numbers_in_range(args, message):
    """``agent_seed(True, …)`` named another seed than ``agent_seed(1, …)``; a 5,001-digit
    seed hit Python's integer-to-text limit."""
    from tabletop.arena import agent_seed

    with pytest.raises(ValueError, match=message):
        agent_seed(*args)
    assert agent_seed(np.int64(2), np.int64(3), np.int64(1)) == agent_seed(2, 3, 1)


def test_a_rotation_takes_only_a_game_index():
    from tabletop.arena.play import rotation

    for index in (-1, 1.5, True, "1"):
        with pytest.raises(ValueError, match="index must be an int ≥ 0"):
            rotation(["a", "b"], index)
    assert rotation(["a", "b"], 3) == ("b", "a")


@pytest.mark.parametrize("field,value,message", [
    ("index", -1, "a GameResult's index is an int from 0 to 2\\*\\*64 - 1, not -1"),
    ("index", True, "index is an int"),
    ("seed", 2**64, "seed is an int from 0 to 2\\*\\*64 - 1"),
    ("length", 1.5, "length is an int"),
    ("scores", (float("nan"), 0.0), "scores are finite numbers"),
    ("finished", "yes", "finished should be True or False"),
    ("seconds", -1, "seconds are a finite number ≥ 0"),
    ("seconds", float("inf"), "seconds are a finite number ≥ 0"),
    ("error", {"kind": "oops", "seat": 0}, "error has a 'kind' \\(one of"),
    ("error", {"kind": "error", "seat": 2}, "and a 'seat' \\(0 .. 1\\)"),
])
def test_a_game_result_built_by_hand_is_checked_field_by_field(field, value, message):
    """A dataset's lines were checked, but a GameResult built by hand took a negative
    index, NaN scores or an error of no known kind, and its tables and ratings showed them."""
    from tabletop.arena import GameResult

    good = dict(index=0, seed=7, seats=("a", "b"), scores=(1.0, 0.0), winners=(0,),
                length=5, finished=True, seconds=0.01, record={})
    with pytest.raises((TypeError, ValueError), match=message):
        GameResult(**{**good, field: value})
    made = GameResult(**{**good, "index": np.int64(3), "finished": np.bool_(True)})
    assert type(made.index) is int and made.finished is True


@pytest.mark.parametrize("name", [3, "", None])
def test_an_arena_result_names_its_game(name):
    from tabletop.arena import ArenaResult

    with pytest.raises(TypeError, match="an ArenaResult's game is a game's name, not"):
        ArenaResult(name, 2, ("a", "b"), [])
