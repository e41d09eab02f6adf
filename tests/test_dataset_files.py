"""A tournament dataset's files as a hostile or careless disk leaves them: bytes that are not
UTF-8, keys given twice, a record that is no JSON data, files put in by hand, games without
their header, an empty path, and two writers at once. Each is refused by name (or left
alone), never a raw decoding error, a mixed dataset or a user's file deleted."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import tabletop
from tabletop.arena import arena, load
from tabletop.arena.dataset import Dataset
from tabletop.core.testing.hangguard import hang_guard

ROOT = Path(__file__).parent.parent
THREE = ["random"] * 3


def saved(folder: Path, games: int = 4) -> Path:
    arena("lascaux", THREE, games=games, progress=False, save=folder, batch=2)
    return folder


def first_batch(folder: Path) -> Path:
    return folder / "games" / "batch-00000.jsonl"


def test_a_batch_whose_bytes_are_not_utf8_is_refused_naming_its_file_and_line(tmp_path):
    batch = first_batch(saved(tmp_path))
    lines = batch.read_bytes().splitlines(keepends=True)
    batch.write_bytes(lines[0] + lines[1][:40] + b"\xff\xfe" + lines[1][42:])
    match = r"batch-00000\.jsonl line 2 is not a game of a tournament: 'utf-8' codec can't"
    with pytest.raises(tabletop.InvalidRecord, match=match):
        load(tmp_path)
    with pytest.raises(tabletop.InvalidRecord, match=match):  # and a resume, before any game
        saved(tmp_path, games=6)
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [
        "batch-00000.jsonl", "batch-00001.jsonl"]


@pytest.mark.parametrize("where", ["line", "arena.json", "dataset.json"])
def test_a_key_given_twice_in_a_dataset_file_is_refused(tmp_path, where):
    """Python's json keeps the last of two keys, other readers the first: a line saying
    two things (``"winners": [0] … "winners": [2]``) is refused, as a record text is."""
    saved(tmp_path)
    path = first_batch(tmp_path) if where == "line" else tmp_path / where
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"format"' if where != "line" else '"index"',
                                 '"players": 3, "format"' if where != "line"
                                 else '"index": 9, "index"', 1), encoding="utf-8")
    if where == "dataset.json":
        text = text.replace('"tables"', '"tables": "csv", "tables"', 1)
        path.write_text(text, encoding="utf-8")
        with pytest.raises(tabletop.InvalidRecord, match=r"dataset.json is not a dataset's "
                                                         r"description: .*'tables' twice"):
            saved(tmp_path, games=6)
        return
    what = "'index'" if where == "line" else "'players'"
    with pytest.raises(tabletop.InvalidRecord, match=f"gives the key {what} twice in one "
                                                     f"object"):
        load(tmp_path)


def test_a_line_whose_record_is_no_json_data_is_an_invalid_record(tmp_path):
    batch = first_batch(saved(tmp_path))
    text = batch.read_text(encoding="utf-8")
    batch.write_text(text.replace('"record":{', '"record":{"x":NaN,', 1), encoding="utf-8")
    with pytest.raises(tabletop.InvalidRecord, match=r"batch-00000\.jsonl line 1 is not a "
                                                     r"game of a tournament: .*record"):
        load(tmp_path)


def test_a_resume_removes_only_the_datasets_own_stale_tables(tmp_path):
    saved(tmp_path)
    results = tmp_path / "results"
    kind = next(results.iterdir()).suffix
    mine = [results / "my notes.txt", results / f"summary{kind}", results / "batch-7.txt"]
    for path in mine:
        path.write_text("keep me", encoding="utf-8")
    (results / f"batch-00009{kind}").write_text("a table without games", encoding="utf-8")
    (results / "plots").mkdir()
    saved(tmp_path, games=6)
    assert all(path.read_text(encoding="utf-8") == "keep me" for path in mine)
    assert (results / "plots").is_dir()
    assert not (results / f"batch-00009{kind}").exists()
    assert len(load(tmp_path)) == 6


@pytest.mark.parametrize("kept", ["nothing", "dataset.json"])
def test_games_without_their_header_are_not_mixed_with_a_new_tournament(tmp_path, kept):
    saved(tmp_path)
    (tmp_path / "arena.json").unlink()
    if kept == "nothing":
        (tmp_path / "dataset.json").unlink()
    before = sorted(p.name for p in (tmp_path / "games").iterdir())
    with pytest.raises(tabletop.InvalidRecord, match=r"games holds games, but .* has no "
                                                     r"arena\.json .* restore arena\.json, "
                                                     r"or save to another folder"):
        saved(tmp_path, games=6)
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == before
    assert not (tmp_path / "arena.json").exists()


def test_a_folder_with_only_a_dataset_json_is_started_afresh(tmp_path):
    """What a crash between writing dataset.json and arena.json leaves: no games."""
    saved(tmp_path)
    (tmp_path / "arena.json").unlink()
    for path in [*(tmp_path / "games").iterdir(), *(tmp_path / "results").iterdir()]:
        path.unlink()
    saved(tmp_path, games=3)
    assert len(load(tmp_path)) == 3


def test_an_empty_path_is_refused_rather_than_taken_as_the_current_folder(tmp_path,
                                                                           monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match="save should be the path of a folder, not an "
                                         "empty string"):
        arena("lascaux", THREE, games=1, progress=False, save="")
    with pytest.raises(ValueError, match="a tournament dataset is a path to a folder, not "
                                         "an empty string"):
        load("")
    assert list(tmp_path.iterdir()) == []


def header() -> dict:
    return {"game": "lascaux", "players": 3, "options": {"strict_colour": False},
            "agents": ["a", "b", "c"], "seed": 0, "max_plies": None, "move_time": None}


def test_two_writers_cannot_open_one_dataset_at_once(tmp_path):
    first = Dataset(tmp_path, header(), ["random"] * 3)
    with pytest.raises(RuntimeError, match="is being written by another arena"):
        Dataset(tmp_path, header(), ["random"] * 3)
    with pytest.raises(RuntimeError, match="is being written by another arena"):
        arena("lascaux", {"a": "random", "b": "random", "c": "random"}, games=1,
              progress=False, save=tmp_path)
    first.close()
    Dataset(tmp_path, header(), ["random"] * 3).close()  # the next one gets in


def test_a_refused_reopening_lets_the_next_writer_in(tmp_path):
    Dataset(tmp_path, header(), ["random"] * 3).close()
    other = {**header(), "seed": 5}
    with pytest.raises(ValueError, match="holds another tournament"):
        Dataset(tmp_path, other, ["random"] * 3)
    Dataset(tmp_path, header(), ["random"] * 3).close()


KILLED = """
import os, sys
from tabletop.arena.dataset import Dataset
Dataset(sys.argv[1], {header!r}, ["random"] * 3)
os._exit(3)
"""


def test_a_writer_that_dies_leaves_no_lock_behind(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", KILLED.format(header=header()),
                           str(tmp_path)], env=env, timeout=120)
    assert done.returncode == 3
    Dataset(tmp_path, header(), ["random"] * 3).close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX's")
@pytest.mark.parametrize("name", ["arena.json", "dataset.json", "games/batch-00007.jsonl",
                                  "games/batch-00007.jsonl.part", "results/batch-00000.csv"])
def test_a_pipe_or_device_in_a_dataset_is_refused_rather_than_read_forever(tmp_path, name):
    """Reading a named pipe waits for a writer that never comes (``/dev/zero`` never ends):
    every file of a dataset must be a regular file, checked before it is opened."""
    saved(tmp_path)
    path = tmp_path / name
    path.unlink(missing_ok=True)
    if name == "dataset.json":
        path.symlink_to(os.devnull)
    else:
        os.mkfifo(path)
    match = f"{name.split('/')[-1]} should be a file of a tournament dataset, and is a " \
            f"special file"

    with hang_guard(20):  # a failure, not a hung test run (the suite's own limit kept)
        with pytest.raises(tabletop.InvalidRecord, match=match):
            saved(tmp_path, games=6)
        if name.endswith(".jsonl") or name == "arena.json":
            with pytest.raises(tabletop.InvalidRecord, match=match):
                load(tmp_path)


class FullDisk:
    """An open batch file on a disk that fills up half way through the next line."""

    def __init__(self, file):
        self.file = file

    def write(self, text):
        self.file.write(text[: len(text) // 2])
        self.file.flush()
        raise OSError(28, "No space left on device")

    def __getattr__(self, name):
        return getattr(self.file, name)


def _cut_by_a_full_disk(folder):
    """A dataset in ``folder`` whose second game's line a full disk cut short."""
    games = arena("lascaux", THREE, games=3, progress=False).games
    store = Dataset(folder, {**header(), "agents": ["random"] * 3}, ["random"] * 3,
                    batch=10)
    store.add(games[0])
    store.open = FullDisk(store.open)
    with pytest.raises(OSError, match="No space left"):
        store.add(games[1])
    store.close()


def test_a_batch_cut_mid_line_by_a_failed_write_is_not_closed_as_a_whole_one(tmp_path):
    """A full disk (or an interrupt) in the middle of a line: the batch is not renamed into
    place with half a line at its end (which would make the whole dataset unreadable); it
    stays a ``.part``, and the resume plays its games again."""
    _cut_by_a_full_disk(tmp_path)
    assert [p.name for p in (tmp_path / "games").iterdir()] == ["batch-00000.jsonl.part"]
    assert len(load(tmp_path)) == 0
    with pytest.warns(UserWarning, match="half-written"):
        saved(tmp_path, games=3)
    assert len(load(tmp_path, verify=True)) == 3


def test_a_resume_writes_again_the_table_of_a_batch_that_lost_it(tmp_path):
    """``results/`` holds every closed batch's table (what ``pandas.read_parquet`` of the
    folder reads): one removed by hand is written again from its games on resume."""
    saved(tmp_path)
    results = tmp_path / "results"
    lost = sorted(results.iterdir())[0]
    kept = sorted(results.iterdir())[1].read_bytes()
    lost.unlink()
    saved(tmp_path, games=6)
    assert lost.exists() and sorted(results.iterdir())[1].read_bytes() == kept
    assert sorted(p.name.split(".")[0] for p in results.iterdir()) == sorted(
        p.stem for p in (tmp_path / "games").glob("*.jsonl"))
    if lost.suffix == ".csv":
        return
    pandas = pytest.importorskip("pandas")
    table = pandas.read_parquet(results)
    assert sorted(table["index"]) == list(range(6))


@pytest.mark.parametrize("name", ["arena.json", "dataset.json"])
def test_a_dataset_of_another_format_is_refused_rather_than_misread(tmp_path, name):
    saved(tmp_path)
    path = tmp_path / name
    path.write_text(path.read_text(encoding="utf-8").replace(
        '"tabletop-arena/1"', '"tabletop-arena/2"'), encoding="utf-8")
    match = f"{name} is not .*: its format is 'tabletop-arena/2', and this tabletop reads " \
            f"'tabletop-arena/1'"
    if name == "arena.json":
        with pytest.raises(tabletop.InvalidRecord, match=match):
            load(tmp_path)
    with pytest.raises(tabletop.InvalidRecord, match=match):
        saved(tmp_path, games=6)


def test_a_file_system_without_locks_still_takes_a_dataset(tmp_path, monkeypatch):
    """Only a lock held by another writer refuses; a file system that has none (some network
    or FUSE ones say ENOLCK) is written as before, not taken for a busy dataset."""
    import errno

    from tabletop.arena import writer

    def no_locks(fd):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(writer, "_lock", no_locks)
    saved(tmp_path)
    assert len(load(tmp_path)) == 4


def test_a_table_being_written_is_hidden_from_a_reader_of_the_folder(tmp_path, monkeypatch):
    """While a table is written, its temporary file sits in ``results/``: it is hidden
    (``.batch-….tmp``), so ``pandas.read_parquet("path/results")`` (which skips names
    starting with ``.``) or a glob of ``*.csv`` never reads a table half-written; a resume
    removes one a crash left (and the visible ``.tmp`` of earlier versions)."""
    from tabletop.arena import dataset

    renamed = []
    replace = os.replace

    def noting(src, dst):
        renamed.append(Path(src).name)
        replace(src, dst)

    monkeypatch.setattr(dataset.os, "replace", noting)
    saved(tmp_path)
    temporary = [name for name in renamed if name.endswith(".tmp")]
    assert temporary and all(name.startswith(".") for name in temporary)
    results = tmp_path / "results"
    kind = next(results.iterdir()).suffix
    for left in (f".batch-00002{kind}.tmp", f"batch-00003{kind}.tmp"):
        (results / left).write_bytes(b"half a table")
    saved(tmp_path, games=6)
    assert sorted(p.name for p in results.iterdir()) == [
        f"batch-0000{i}{kind}" for i in range(3)]  # the two .tmp gone, batch 2 written


def test_a_resume_under_warnings_as_errors_stops_with_the_folder_whole(tmp_path):
    """Under ``-W error`` the half-written batch's warning is an exception: it came before
    the batch was set aside, so every resume raised it again and the dataset could never be
    resumed. It now comes once the folder is whole again, and the next run resumes."""
    _cut_by_a_full_disk(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UserWarning, match="half-written"):
            saved(tmp_path, games=3)
        assert [p.name for p in (tmp_path / "games").iterdir()] == ["batch-00000.jsonl.crashed"]
        saved(tmp_path, games=3)  # no warning left to raise
    assert len(load(tmp_path, verify=True)) == 3
