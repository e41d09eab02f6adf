"""A tournament dataset folder someone else prepared, holding symbolic links where the
dataset's own files go: nothing outside the folder may be written (or made, or read) by
``arena(..., save=folder)`` or ``load(folder)``. Each link is refused by name, before any
game is played, and the file it points at is left as it was."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.arena import arena, load
from tabletop.core.files import write_atomically

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need rights")

THREE = ["random"] * 3


def outside(tmp_path: Path) -> tuple[Path, Path]:
    """A folder beside the dataset holding a file of the user's, and the dataset folder."""
    theirs = tmp_path / "outside"
    theirs.mkdir()
    (theirs / "precious.txt").write_text("mine", encoding="utf-8")
    folder = tmp_path / "dataset"
    folder.mkdir()
    return theirs, folder


def untouched(theirs: Path) -> None:
    assert sorted(p.name for p in theirs.iterdir()) == ["precious.txt"]
    assert (theirs / "precious.txt").read_text(encoding="utf-8") == "mine"


def play(folder: Path, games: int = 2) -> None:
    arena("lascaux", THREE, games=games, progress=False, save=folder, batch=1)


def test_a_link_at_a_headers_temporary_name_is_not_written_through(tmp_path):
    theirs, folder = outside(tmp_path)
    for name in (".arena.json.tmp", ".dataset.json.tmp"):
        (folder / name).symlink_to(theirs / "precious.txt")
    play(folder)
    untouched(theirs)
    assert len(load(folder)) == 2
    assert not (folder / "arena.json").is_symlink()


@pytest.mark.parametrize("name", ["writing.lock", "arena.json", "dataset.json"])
def test_a_link_at_a_files_name_is_refused_and_makes_nothing_outside(tmp_path, name):
    theirs, folder = outside(tmp_path)
    (folder / name).symlink_to(theirs / ("precious.txt" if name != "writing.lock" else "new"))
    with pytest.raises(tabletop.InvalidRecord, match=f"{name} should be a file .* symbolic link"):
        play(folder)
    untouched(theirs)


@pytest.mark.parametrize("name", ["games", "results"])
def test_a_linked_subfolder_is_refused_before_anything_is_written_into_it(tmp_path, name):
    theirs, folder = outside(tmp_path)
    (folder / name).symlink_to(theirs, target_is_directory=True)
    with pytest.raises(tabletop.InvalidRecord, match=f"{name} should be a folder .* symbolic"):
        play(folder)
    untouched(theirs)


def test_links_put_into_a_saved_dataset_are_refused_on_resume_and_load(tmp_path):
    theirs, folder = outside(tmp_path)
    play(folder)
    batch = folder / "games" / "batch-00001.jsonl"
    batch.rename(theirs / "moved.jsonl")
    batch.symlink_to(theirs / "moved.jsonl")  # a batch read from outside the folder
    with pytest.raises(tabletop.InvalidRecord, match="batch-00001.jsonl should be a file"):
        load(folder)
    batch.unlink()
    (theirs / "moved.jsonl").rename(batch)
    table = next((folder / "results").iterdir())
    (folder / "results" / f".batch-00005{table.suffix}.tmp").symlink_to(theirs / "precious.txt")
    part = folder / "games" / "batch-00004.jsonl.part"
    part.symlink_to(theirs / "precious.txt")
    with pytest.raises(tabletop.InvalidRecord, match="should be a file .* symbolic link"):
        play(folder, games=4)
    untouched(theirs)
    assert len(load(folder)) == 2


def test_write_atomically_replaces_a_link_at_its_path_rather_than_its_target(tmp_path):
    theirs, folder = outside(tmp_path)
    (folder / "note.txt").symlink_to(theirs / "precious.txt")
    (folder / ".note.txt.tmp").symlink_to(theirs / "other.txt")  # dangling: not made
    write_atomically(folder / "note.txt", lambda tmp: tmp.write_text("new", encoding="utf-8"))
    untouched(theirs)
    assert not (folder / "note.txt").is_symlink()
    assert (folder / "note.txt").read_text(encoding="utf-8") == "new"
    assert sorted(os.listdir(folder)) == ["note.txt"]
