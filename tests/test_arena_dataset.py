"""``arena(..., save=path)``: games stream into an append-only dataset (JSON Lines batches
renamed into place, a Parquet or CSV table per batch); the same call resumes it; a batch a
crash cut short is played again; ``load`` reopens it, and ``verify=True`` replays it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.arena import arena, dataset, load, run

ROOT = Path(__file__).parent.parent
THREE = ["mcts-weak", "random", "random"]


def without_seconds(result):
    return [{k: v for k, v in row.items() if k != "seconds"} for row in result.rows()]


def test_games_stream_into_batches_of_json_lines_and_tables(tmp_path):
    result = arena("lascaux", THREE, games=7, seed=2, progress=False, save=tmp_path,
                   batch=3)
    batches = sorted(p.name for p in (tmp_path / "games").iterdir())
    assert batches == ["batch-00000.jsonl", "batch-00001.jsonl", "batch-00002.jsonl"]
    texts = [(tmp_path / "games" / b).read_text(encoding="utf-8").splitlines() for b in batches]
    lines = [json.loads(line) for text in texts for line in text]
    assert [len(text) for text in texts] == [3, 3, 1]
    assert sorted(line["index"] for line in lines) == list(range(7))
    assert all(line["record"]["format"] == "tabletop/1" for line in lines)
    header = json.loads((tmp_path / "arena.json").read_text(encoding="utf-8"))
    assert header["agents"] == THREE and header["seed"] == 2 and header["game"] == "lascaux"
    back = load(tmp_path)
    assert back.rows() == result.rows() and back.agents == result.agents
    assert [g.record for g in back.games] == [g.record for g in result.games]
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    table = pd.read_parquet(tmp_path / "results")
    assert len(table) == 7 and {"seed", "seat0", "score2", "winner"} <= set(table.columns)


def test_without_pyarrow_the_table_is_csv(tmp_path, monkeypatch):
    monkeypatch.setattr(dataset, "table_format", lambda: "csv")
    arena("lascaux", ["random"] * 3, games=2, progress=False, save=tmp_path)
    (table,) = (tmp_path / "results").iterdir()
    assert table.name == "batch-00000.csv"
    assert table.read_text(encoding="utf-8").splitlines()[0].startswith("index,seed,")


def counting_plays(monkeypatch):
    played: list[int] = []
    play = run.play_game

    def counted(game, specs, labels, index, *args):
        played.append(index)
        return play(game, specs, labels, index, *args)

    monkeypatch.setattr(run, "play_game", counted)
    return played


def test_the_same_call_resumes_and_plays_only_the_missing_seeds(tmp_path, monkeypatch):
    played = counting_plays(monkeypatch)
    first = arena("lascaux", THREE, games=4, progress=False, save=tmp_path, batch=3)
    again = arena("lascaux", THREE, games=4, progress=False, save=tmp_path, batch=3)
    more = arena("lascaux", THREE, games=6, progress=False, save=tmp_path, batch=3)
    assert played == [0, 1, 2, 3, 4, 5]
    assert again.rows() == first.rows() and more.rows()[:4] == first.rows()
    whole = arena("lascaux", THREE, games=6, progress=False)
    assert without_seconds(more) == without_seconds(whole)
    with pytest.raises(ValueError, match="holds another tournament.*agents"):
        arena("lascaux", ["random"] * 3, games=6, progress=False, save=tmp_path)


CRASHING_RUN = """
import sys
from test_arena_dataset import Crash
from tabletop.arena import arena

arena("lascaux", [Crash, "random", "random"], games=8, progress=False, save=sys.argv[1],
      batch=4)
"""


class Crash(tabletop.agents.RandomAgent):
    """A random agent that turns the power off (exits) as game 5 starts, when the
    environment says so; without it, the same entrant plays on."""

    name = "crash"
    built = 0

    def __init__(self, seed=None):
        super().__init__(seed)
        Crash.built += 1
        if os.environ.get("TABLETOP_CRASH") and Crash.built == 7:  # (one built to check it)
            os._exit(9)


def test_a_batch_a_crash_cut_short_is_played_again(tmp_path):
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{ROOT / 'tests'}",
           "TABLETOP_CRASH": "1"}
    done = subprocess.run([sys.executable, "-c", CRASHING_RUN, str(tmp_path)], env=env,
                          timeout=120)
    assert done.returncode == 9
    assert (tmp_path / "games" / "batch-00001.jsonl.part").exists()
    assert len(load(tmp_path)) == 4  # the closed batch only
    (tmp_path / "results" / "batch-00001.csv.tmp").write_text("index,seed\n4,",  # cut short
                                                              encoding="utf-8")
    with pytest.warns(UserWarning, match=r"batch-00001.jsonl.part .* half-written .* the 1 "
                                         "game in it will be played again") as caught:
        resumed = arena("lascaux", [Crash, "random", "random"], games=8, progress=False,
                        save=tmp_path, batch=4)
    assert {w.filename for w in caught} == {__file__}  # the user's line, not tabletop's
    assert (tmp_path / "games" / "batch-00001.jsonl.crashed").exists()
    stems = sorted(p.name.split(".")[0] for p in (tmp_path / "games").glob("*.jsonl"))
    tables = sorted(p.name.split(".")[0] for p in (tmp_path / "results").iterdir())
    assert stems == tables == ["batch-00000", "batch-00002"]
    whole = arena("lascaux", [Crash, "random", "random"], games=8, progress=False)
    assert without_seconds(resumed) == without_seconds(whole)
    assert without_seconds(load(tmp_path, verify=True)) == without_seconds(whole)


def tamper(path: Path, index: int, change) -> None:
    for batch in (path / "games").glob("*.jsonl"):
        lines = [json.loads(line) for line in batch.read_text(encoding="utf-8").splitlines()]
        for line in lines:
            if line["index"] == index:
                change(line)
        batch.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def test_verify_replays_every_record_and_names_the_game_that_differs(tmp_path):
    arena("lascaux", THREE, games=5, seed=10, progress=False, save=tmp_path, batch=2)
    assert len(load(tmp_path, verify=True)) == 5
    tamper(tmp_path, 3, lambda line: line.update(winners=[2], length=line["length"] + 1))
    assert load(tmp_path).games[3].winners == (2,)  # load alone trusts the dataset
    with pytest.raises(tabletop.InvalidRecord,
                       match=r"game 3 \(seed 13\): the dataset says length"):
        load(tmp_path, verify=True)
    tamper(tmp_path, 3, lambda line: line.update(winners=[], length=line["length"] - 1))
    tamper(tmp_path, 1, lambda line: line["record"]["actions"].pop())
    with pytest.raises(tabletop.InvalidRecord, match=r"game 1 \(seed 11\): "):
        load(tmp_path, verify=True)


def test_what_is_not_a_dataset_is_refused(tmp_path):
    with pytest.raises(FileNotFoundError, match="not a tournament dataset"):
        load(tmp_path)
    arena("lascaux", ["random"] * 3, games=1, progress=False, save=tmp_path)
    (tmp_path / "games" / "batch-00000.jsonl").write_text("{not json\n", encoding="utf-8")
    with pytest.raises(tabletop.InvalidRecord, match="batch-00000.jsonl line 1 is not"):
        load(tmp_path)


def test_a_damaged_dataset_or_a_path_that_is_not_one_is_refused_by_name(tmp_path):
    with pytest.raises(TypeError, match="a tournament dataset is a path to a folder, not None"):
        load(None)
    arena("lascaux", ["random"] * 3, games=2, progress=False, save=tmp_path)
    lines = (tmp_path / "games" / "batch-00000.jsonl").read_text(encoding="utf-8").splitlines()
    with pytest.raises(FileNotFoundError, match="not a tournament dataset"):
        load(tmp_path / "games" / "batch-00000.jsonl")  # a file, not a folder
    (tmp_path / "games" / "batch-00000.jsonl").write_text(
        lines[0] + "\n" + lines[1].replace('"seed"', '"sed"', 1) + "\n", encoding="utf-8")
    with pytest.raises(tabletop.InvalidRecord, match="line 2 is not a game of a tournament: "
                                                     "it has no 'seed'"):
        load(tmp_path)
    for header in ("{not json", "[1]", '{"game": "lascaux"}'):
        (tmp_path / "arena.json").write_text(header, encoding="utf-8")
        with pytest.raises(tabletop.InvalidRecord, match="arena.json is not a tournament's "
                                                         "header"):
            load(tmp_path)


@pytest.mark.parametrize("agents", ["random", 5, None])
def test_agents_that_are_not_a_list_or_mapping_are_refused(agents):
    with pytest.raises(TypeError, match="agents should be a list of agents, one per seat"):
        arena("lascaux", agents, games=1, progress=False)


def test_a_save_that_is_not_a_path_is_refused_before_any_game(tmp_path):
    with pytest.raises(TypeError, match="save should be the path of a folder, or None, not 5"):
        arena("lascaux", ["random"] * 3, games=1, progress=False, save=5)
