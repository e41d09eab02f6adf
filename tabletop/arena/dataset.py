"""Tournaments on disk: an append-only dataset that games stream into, and ``load``.

A dataset is a directory::

    arena.json                  what the tournament is (game, options, agents, seed …)
    games/batch-00000.jsonl     one JSON line per game: its result and its record
    games/batch-00001.jsonl.part    the batch being written (a crash leaves it behind)
    results/batch-00000.parquet the same games as a table (.csv without pandas/pyarrow)

Each finished game is appended to the open batch at once; a full batch is closed by
writing its table (temporary file, then rename) and renaming ``.part`` away. A ``.part``
found when a dataset is reopened is a batch a crash cut short: it is set aside and its games
are played again. Everything is JSON (and Parquet/CSV): nothing is ever unpickled.

>>> import tempfile, tabletop
>>> from tabletop.arena import arena, load
>>> folder = tempfile.mkdtemp()
>>> first = arena("lascaux", ["random"] * 3, games=4, progress=False, save=folder)
>>> again = arena("lascaux", ["random"] * 3, games=6, progress=False, save=folder)
>>> len(load(folder)), load(folder, verify=True).rows() == again.rows()
(6, True)
"""

from __future__ import annotations

import csv
import json
import os
import warnings
from pathlib import Path
from typing import IO, Any

from ..core.errors import InvalidRecord
from ..core.quoting import brief
from ..core.record import replay
from .play import forfeit_winners
from .results import ArenaResult, GameResult, flat_row, row

FORMAT = "tabletop-arena/1"
GAMES, TABLES, HEADER = "games", "results", "arena.json"


def table_format() -> str:
    """``"parquet"`` when pandas and pyarrow are installed, else ``"csv"``."""
    try:
        import pandas  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError:
        return "csv"
    return "parquet"


def _write_atomically(path: Path, write: Any) -> None:
    tmp = path.with_name(path.name + ".tmp")
    write(tmp)
    os.replace(tmp, path)


def write_table(rows: list[dict[str, Any]], path: Path) -> Path:
    """``rows`` as ``path`` with the suffix of ``table_format()``, written atomically."""
    kind = table_format()
    path = path.with_suffix("." + kind)
    if kind == "parquet":
        import pandas as pd

        _write_atomically(path, lambda tmp: pd.DataFrame(rows).to_parquet(tmp, index=False))
    else:
        def write_csv(tmp: Path) -> None:
            with tmp.open("w", newline="", encoding="utf-8") as f:
                out = csv.DictWriter(f, fieldnames=list(rows[0]))
                out.writeheader()
                out.writerows(rows)

        _write_atomically(path, write_csv)
    return path


class Dataset:
    """An open dataset: ``add`` each finished game, ``close`` at the end.

    ``header`` says which tournament this is; reopening a dataset with another header is
    refused, so that a resumed run never mixes two tournaments.
    """

    def __init__(self, path: str | os.PathLike[str], header: dict[str, Any],
                 batch: int = 100) -> None:
        self.path = Path(path)
        self.batch = batch
        (self.path / GAMES).mkdir(parents=True, exist_ok=True)
        (self.path / TABLES).mkdir(exist_ok=True)
        stored = self.path / HEADER
        header = {"format": FORMAT, **header}
        if stored.exists():
            old = json.loads(stored.read_text(encoding="utf-8"))
            if old != json.loads(json.dumps(header)):
                diff = {k: (old.get(k), header.get(k)) for k in header.keys() | old.keys()
                        if old.get(k) != json.loads(json.dumps(header.get(k)))}
                raise ValueError(f"{self.path} holds another tournament; differing "
                                 f"(stored, asked): {diff}")
        else:
            _write_atomically(stored, lambda tmp: tmp.write_text(
                json.dumps(header, indent=1), encoding="utf-8"))
        self._recover()
        self.games = {g.index: g for g in read_games(self.path)}
        self.number = 1 + max((int(p.name[6:11]) for p in (self.path / GAMES).glob("batch-*")),
                              default=-1)  # a crashed batch's number is not used again
        self.open: IO[str] | None = None
        self.pending: list[GameResult] = []

    def _batches(self) -> list[Path]:
        return sorted((self.path / GAMES).glob("batch-*.jsonl"))

    def _recover(self) -> None:
        """Set aside the batches a crash left half-written; remove the tables without
        games, and temporary files."""
        for part in sorted((self.path / GAMES).glob("*.jsonl.part")):
            lines = sum(1 for _ in part.open(encoding="utf-8", errors="replace"))
            warnings.warn(f"{part.name} in {self.path} was left half-written (a crash?): "
                          f"the {lines} game{'s' * (lines != 1)} in it will be played again",
                          stacklevel=4)
            part.replace(part.with_name(part.name[:-5] + ".crashed"))
        names = {p.stem for p in self._batches()}
        for table in (self.path / TABLES).iterdir():
            if table.suffix == ".tmp" or table.name.split(".")[0] not in names:
                table.unlink()

    def add(self, game: GameResult) -> None:
        """Append ``game`` to the open batch (flushed at once); close a full batch."""
        if self.open is None:
            self.open = (self.path / GAMES / f"batch-{self.number:05d}.jsonl.part").open(
                "w", encoding="utf-8")
        self.open.write(json.dumps({**row(game), "record": game.record},
                                   separators=(",", ":")) + "\n")
        self.open.flush()
        self.pending.append(game)
        self.games[game.index] = game
        if len(self.pending) >= self.batch:
            self.commit()

    def commit(self) -> None:
        """Close the open batch: its table, then its games, each renamed into place."""
        if self.open is None:
            return
        name = f"batch-{self.number:05d}"
        write_table([flat_row(g) for g in self.pending], self.path / TABLES / name)
        self.open.flush()
        os.fsync(self.open.fileno())
        self.open.close()
        part = self.path / GAMES / f"{name}.jsonl.part"
        os.replace(part, part.with_suffix(""))
        self.open, self.pending = None, []
        self.number += 1

    def close(self) -> None:
        self.commit()


def _game(line: dict[str, Any]) -> GameResult:
    return GameResult(
        index=int(line["index"]), seed=int(line["seed"]), seats=tuple(line["seats"]),
        scores=tuple(line["scores"]), winners=tuple(line["winners"]),
        length=int(line["length"]), finished=bool(line["finished"]),
        seconds=float(line["seconds"]), record=dict(line["record"]),
        error=line.get("error"))


def read_games(path: Path) -> list[GameResult]:
    """The games of every closed batch of the dataset at ``path``, by index."""
    games: dict[int, GameResult] = {}
    for batch in sorted((path / GAMES).glob("batch-*.jsonl")):
        with batch.open(encoding="utf-8") as f:
            for number, text in enumerate(f, 1):
                try:
                    game = _game(json.loads(text))
                except (ValueError, KeyError, TypeError) as err:
                    why = f"it has no {err}" if isinstance(err, KeyError) else str(err)
                    raise InvalidRecord(f"{batch.name} line {number} is not a game of a "
                                        f"tournament: {why}") from None
                games[game.index] = game
    return [games[i] for i in sorted(games)]


def check(game: GameResult, players: int) -> None:
    """Replay ``game``'s record and compare it with the stored result, or raise
    ``InvalidRecord`` saying which game differs and how."""
    where = f"game {game.index} (seed {game.seed})"
    try:
        state = replay(game.record)
    except InvalidRecord as err:
        raise InvalidRecord(f"{where}: {err}") from None
    if game.error is None:
        winners = tuple(state.winners)
    else:
        winners = forfeit_winners(players, int(game.error["seat"]))
    replayed = {"seed": state.seed, "length": len(state.history),
                "finished": state.is_terminal, "scores": tuple(state.scores),
                "winners": winners}
    stored = {"seed": game.seed, "length": game.length, "finished": game.finished,
              "scores": game.scores, "winners": game.winners}
    for key, value in stored.items():
        if value != replayed[key]:
            raise InvalidRecord(f"{where}: the dataset says {key} {value!r}, its record "
                                f"replays to {replayed[key]!r}")


def load(path: str | os.PathLike[str], verify: bool = False) -> ArenaResult:
    """Reopen the dataset at ``path`` as an ``ArenaResult``, replaying nothing — or, with
    ``verify=True``, replaying every record and checking it reaches the stored result
    (``InvalidRecord`` names the first game that does not)."""
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a tournament dataset is a path to a folder, not {brief(path)}")
    path = Path(path)
    try:
        header = json.loads((path / HEADER).read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        raise FileNotFoundError(f"{path} is not a tournament dataset: it has no "
                                f"{HEADER}") from None
    except (ValueError, UnicodeDecodeError) as error:  # JSONDecodeError is a ValueError
        raise InvalidRecord(f"{path / HEADER} is not a tournament's header: {error}") from None
    if not isinstance(header, dict) or not {"game", "players", "agents"} <= set(header):
        raise InvalidRecord(f"{path / HEADER} is not a tournament's header: it needs 'game', "
                            f"'players' and 'agents'")
    games = read_games(path)
    if verify:
        for game in games:
            check(game, int(header["players"]))
    return ArenaResult(game=header["game"], players=int(header["players"]),
                       agents=tuple(header["agents"]), games=games)
