"""A dataset whose results were rewritten is refused, however self-consistent the forgery
(found from outside): a finished game turned into a forfeit of its real winner, a won game
cut short into a draw, an error at a ply or seat where none could come, and a results
table that no longer holds its batch's games (Parquet and CSV alike)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from saved_arena import PAIR, copy, saved_dataset

import tabletop
from tabletop.arena import arena, dataset, load
from tabletop.arena.results import GameResult


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    return saved_dataset(tmp_path_factory.mktemp("tampering"), games=3)


def rewrite_first(folder: Path, change) -> None:
    """Rewrite the first game line of the first batch with ``change(line)``."""
    path = folder / "games" / "batch-00000.jsonl"
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    change(lines[0])
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")


def test_a_finished_game_rewritten_as_a_forfeit_of_its_winner_is_refused(saved, tmp_path):
    folder = copy(saved, tmp_path)
    winner = load(folder).games[0].winners[0]

    def forfeit(line):
        line["error"] = {"seat": winner, "agent": line["seats"][winner], "kind": "error",
                         "message": "x", "ply": line["length"]}
        line["winners"] = [1 - winner]

    rewrite_first(folder, forfeit)
    for verify in (False, True):
        with pytest.raises(tabletop.InvalidRecord, match=r"batch-00000\.jsonl line 1 .*lost "
                                                         r"on an error stops before the game's "
                                                         r"end: its finished is false"):
            load(folder, verify=verify)
    with pytest.raises(ValueError, match="its finished is false"):
        GameResult(index=0, seed=0, seats=("a", "b"), scores=(0, 1), winners=(1,), length=3,
                   finished=True, seconds=0.0, record={},
                   error={"seat": 0, "kind": "error", "message": "x"})


def test_a_game_cut_short_without_an_error_or_a_ply_limit_is_refused(saved, tmp_path):
    folder = copy(saved, tmp_path)

    def cut(line):
        record = tabletop.replay(line["record"])
        line["record"]["actions"] = line["record"]["actions"][:4]
        del line["record"]["result"]  # (a record states how it ends: dropped, as a forger would)
        short = tabletop.replay(line["record"])
        line.update(finished=False, winners=[], length=4, scores=list(short.scores))
        assert record.is_terminal and not short.is_terminal

    rewrite_first(folder, cut)
    with pytest.raises(tabletop.InvalidRecord, match="stopped unfinished after 4 plies with no "
                                                     "error.*max_plies, which this tournament "
                                                     "does not set"):
        load(folder)


@pytest.mark.parametrize(("ply", "seat", "message"), [
    (2, None, "its error came at ply 2, and its record stops at ply 4"),
    (4, "other", "seat . lost it on an error at ply 4, where seat . was to move"),
])
def test_an_error_where_none_could_come_is_refused_by_verify(saved, tmp_path, ply, seat,
                                                              message):
    folder = copy(saved, tmp_path)

    def fault(line):
        line["record"]["actions"] = line["record"]["actions"][:4]
        del line["record"]["result"]
        state = tabletop.replay(line["record"])
        mover = state.current_player
        loser = mover if seat is None else 1 - mover
        line.update(finished=False, length=4, scores=list(state.scores), winners=[1 - loser],
                    error={"seat": loser, "agent": line["seats"][loser], "kind": "error",
                           "message": "x", "ply": ply})

    rewrite_first(folder, fault)
    load(folder)  # each line is a game of the tournament on its own
    with pytest.raises(tabletop.InvalidRecord, match=f"game 0 \\(seed 0\\): {message}"):
        load(folder, verify=True)


class Quitter:
    """An agent that gives up at its first move (its seat forfeits)."""

    def act(self, view):
        raise RuntimeError("I give up")


def tamper_table(table: Path) -> None:
    """Flip the first game's winner in its table (Parquet or CSV)."""
    if table.suffix == ".csv":
        lines = table.read_text(encoding="utf-8").splitlines()
        head = lines[0].split(",")
        cells = lines[1].split(",")
        at = head.index("winners")
        cells[at] = "1" if cells[at] == "0" else "0"
        lines[1] = ",".join(cells)
        table.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return
    pd = pytest.importorskip("pandas")
    frame = pd.read_parquet(table)
    frame.loc[0, "winners"] = "1" if frame.loc[0, "winners"] == "0" else "0"
    frame.to_parquet(table, index=False)


@pytest.mark.parametrize("kind", ["parquet", "csv"])
@pytest.mark.parametrize("damage", ["edited", "garbage"])
def test_a_table_that_no_longer_holds_its_games_is_refused(tmp_path, monkeypatch, kind,
                                                           damage):
    if kind == "parquet":
        pytest.importorskip("pyarrow")
    else:
        monkeypatch.setattr(dataset, "table_format", lambda: "csv")
    folder = tmp_path / "saved"
    arena("lava-flows", PAIR, games=3, seed=0, progress=False, save=folder, batch=3)
    table = folder / "results" / f"batch-00000.{kind}"
    if damage == "edited":
        tamper_table(table)
        said = r"row 1's winners is|line 2 is"
    else:
        table.write_bytes(b"\xffgarbage")
        said = r"it cannot be read as a Parquet table|it is not UTF-8 text"
    named = rf"{table.name} does not hold the games of games/batch-00000\.jsonl: ({said})"
    load(folder)  # the games are whole: read without replaying, as before
    with pytest.raises(tabletop.InvalidRecord, match=named):
        load(folder, verify=True)
    with pytest.raises(tabletop.InvalidRecord, match=named + ".*remove it, and a resume"):
        arena("lava-flows", PAIR, games=4, seed=0, progress=False, save=folder, batch=3)
    assert sorted(p.name for p in (folder / "games").iterdir()) == ["batch-00000.jsonl"]
    table.unlink()  # as the message says: the resume writes it again from the games
    arena("lava-flows", PAIR, games=4, seed=0, progress=False, save=folder, batch=3)
    assert len(load(folder, verify=True)) == 4


def test_an_untouched_table_passes_whatever_its_columns_hold(tmp_path):
    """Draws (no winner: empty and missing cells) and forfeits read back as written."""
    pytest.importorskip("pyarrow")
    folder = tmp_path / "saved"
    arena("lava-flows", [Quitter(), "random"], games=2, seed=0, progress=False,
          save=folder, batch=2, errors="forfeit", max_plies=3)
    assert len(load(folder, verify=True)) == 2
    arena("lava-flows", [Quitter(), "random"], games=3, seed=0, progress=False,
          save=folder, batch=2, errors="forfeit", max_plies=3)
    assert len(load(folder, verify=True)) == 3
