"""Tournaments on disk: an append-only dataset that games stream into, and ``load``.

A dataset is a directory::

    arena.json                  what the tournament is (game, options, agents, seed …)
    dataset.json                who each agent is (beyond its label), the tables' format
    games/batch-00000.jsonl     one JSON line per game: its result and its record
    games/batch-00001.jsonl.part    the batch being written (a crash leaves it behind)
    results/batch-00000.parquet the same games as a table (.csv without pandas/pyarrow)

Every game line must belong to the tournament of ``arena.json`` — its game and options, the
seed and the seats that its index gives, once — or the dataset is refused, naming the file
and line (``load`` and a resume alike). A dataset keeps the table format it was started
with: resuming a Parquet one where pyarrow is missing fails before any game is played.

Each finished game is appended to the open batch at once; a full batch is closed by
writing its table (temporary file, then rename) and renaming ``.part`` away. A ``.part``
found when a dataset is reopened is a batch a crash cut short: it is set aside and its games
are played again. Everything is JSON (and Parquet/CSV): nothing is ever unpickled. One
writer at a time: an open dataset holds ``writing.lock`` (``writer``), and files of the
folder that are not the dataset's own are left alone.

>>> import tempfile, tabletop
>>> from tabletop.arena import arena, load
>>> folder = tempfile.mkdtemp()
>>> first = arena("lascaux", ["random"] * 3, games=4, progress=False, save=folder)
>>> again = arena("lascaux", ["random"] * 3, games=6, progress=False, save=folder)
>>> len(load(folder)), load(folder, verify=True).rows() == again.rows()
(6, True)
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
from pathlib import Path
from typing import IO, Any

from ..core.errors import InvalidRecord
from ..core.files import write_atomically, write_text
from ..core.game import State
from ..core.plain import NotJSON, flag, json_object
from ..core.quoting import brief, cut, either, quote
from ..core.record import MAX_SEED, replay
from ..core.warn import warn
from .headergame import header_game_problem
from .play import MOST_MOVE_TIME, forfeit_winners, rotation
from .results import ERROR_KINDS, ArenaResult, GameResult, flat_row, row
from .tables import csv_text, table_problem
from .writer import LOCK, WriterLock

FORMAT = "tabletop-arena/1"
#: What every game line holds (and ``error``, ``winner``).
LINE_KEYS = ("index", "seed", "seats", "scores", "winners", "length", "finished", "seconds",
             "record")
GAMES, TABLES, HEADER, KEEPING = "games", "results", "arena.json", "dataset.json"
TABLE_FORMATS = ("parquet", "csv")
#: The names of the tables (and their temporary files) a dataset writes in ``results/``.
OWN_TABLE = re.compile(r"\.?batch-\d+\.(parquet|csv)(\.tmp)?")
#: What every header holds.
REQUIRED = ("game", "players", "options", "agents", "seed")


def table_format() -> str:
    """``"parquet"`` when pandas and pyarrow are installed, else ``"csv"``."""
    try:
        import pandas  # noqa: F401
        import pyarrow  # noqa: F401
    except ImportError:
        return "csv"
    return "parquet"


def _must_be(path: Path, folder: bool) -> None:
    """An ``InvalidRecord`` if ``path`` exists but is not a folder (``folder``) or not a
    regular file (a pipe or a device would never end: reading it would hang or fill the
    memory), or is a symbolic link (the dataset would read, and write, files outside its
    folder: a link planted in a folder someone hands you could have its games or tables
    written over a file of yours): a dataset someone tampered with, named before anything
    reads or writes it. (The folder itself may be a link: it is the one the caller named.)"""
    if path.exists() and not (path.is_dir() if folder else path.is_file()):
        kind = "folder" if path.is_dir() else "file" if path.is_file() else \
            "special file (a pipe, socket or device)"
        raise InvalidRecord(f"{path} should be a {'folder' if folder else 'file'} of a "
                            f"tournament dataset, and is a {kind}")
    if path.is_symlink():
        raise InvalidRecord(f"{path} should be a {'folder' if folder else 'file'} of a "
                            f"tournament dataset, and is a symbolic link (to "
                            f"{cut(os.readlink(path), 80)!r}): a dataset's own files and "
                            f"folders are never links, so that nothing outside the folder "
                            f"is read or written; replace the link by what it names")


def write_table(rows: list[dict[str, Any]], path: Path, kind: str) -> Path:
    """``rows`` as ``path`` with the suffix of ``kind`` (a table format), written
    atomically."""
    path = path.with_suffix("." + kind)
    if kind == "parquet":
        import pandas as pd

        write_atomically(path, lambda tmp: pd.DataFrame(rows).to_parquet(tmp, index=False))
    else:
        write_text(path, csv_text(rows))
    return path


def check_tables(path: Path, by_batch: dict[str, list[GameResult]]) -> None:
    """``InvalidRecord`` naming the first table of a closed batch in the dataset at
    ``path`` that does not hold that batch's games (a missing one is fine: a resume writes
    it again; a Parquet one is read where pandas and pyarrow are installed)."""
    readable = TABLE_FORMATS if table_format() == "parquet" else ("csv",)
    for name, games in by_batch.items():
        for kind in readable:
            table = path / TABLES / f"{name}.{kind}"
            _must_be(table, folder=False)
            problem = table.exists() and table_problem(table, [flat_row(g) for g in games])
            if problem:
                raise InvalidRecord(f"{table} does not hold the games of {GAMES}/{name}.jsonl: "
                                    f"{problem}; remove it, and a resume writes it again "
                                    f"from the games")


class Dataset:
    """An open dataset: ``add`` each finished game, ``close`` at the end.

    ``header`` says which tournament this is and ``agents`` what each entrant is
    (``entrants.describe``); reopening a dataset for another tournament, or with another
    agent under one of its labels, is refused, so that a resumed run never mixes two.
    """

    def __init__(self, path: str | os.PathLike[str], header: dict[str, Any],
                 agents: list[str], batch: int = 100) -> None:
        self.path = folder_path(path)
        self.batch = batch
        header = {"format": FORMAT, **header}
        entrants = [{"label": label, "agent": agent}
                    for label, agent in zip(header["agents"], agents, strict=True)]
        keeping: dict[str, Any] = {"format": FORMAT, "tables": table_format(),
                                   "entrants": entrants}
        self.games: dict[int, GameResult] = {}
        if self.path.exists() and not self.path.is_dir():
            raise ValueError(f"save should name a folder, and {self.path} is a file")
        for name, folder in ((HEADER, False), (KEEPING, False), (GAMES, True), (TABLES, True),
                             (LOCK, False)):
            _must_be(self.path / name, folder)
        self.path.mkdir(parents=True, exist_ok=True)
        self.lock: WriterLock | None = WriterLock(self.path)  # before anything is read
        self.open: IO[str] | None = None
        self.pending: list[GameResult] = []
        self.cut = False  # whether a write to the open batch failed part way
        self.by_batch: dict[str, list[GameResult]] = {}  # the closed batches' games
        try:
            self._start(header, keeping)
        except BaseException:
            self.close()
            raise

    def _start(self, header: dict[str, Any], keeping: dict[str, Any]) -> None:
        keeping = self._reopen(header, keeping)
        self.tables: str = keeping["tables"]
        (self.path / GAMES).mkdir(parents=True, exist_ok=True)
        (self.path / TABLES).mkdir(exist_ok=True)
        if not (self.path / HEADER).exists():  # dataset.json first: arena.json says it is one
            _write_json(self.path / KEEPING, keeping)
            _write_json(self.path / HEADER, header)
        self._recover()
        numbers = (re.match(r"batch-(\d+)", p.name) for p in (self.path / GAMES).iterdir())
        self.number = 1 + max((int(m.group(1)) for m in numbers if m),
                              default=-1)  # a crashed batch's number is not used again

    def _reopen(self, header: dict[str, Any], keeping: dict[str, Any]) -> dict[str, Any]:
        """The ``dataset.json`` to keep: the stored one of a resumed dataset (its games
        read into ``games``), refused before anything changes if it is another tournament's
        or damaged; else ``keeping``, if the folder holds no games without a header."""
        if (self.path / HEADER).exists():
            stored = read_header(self.path)
            _same_tournament(self.path, stored, header)
            keeping = _same_keeping(self.path, read_keeping(self.path), keeping)
            self.games = {g.index: g for g in read_games(self.path, stored, self.by_batch)}
        elif (self.path / GAMES).is_dir() and any((self.path / GAMES).glob("batch-*")):
            raise InvalidRecord(f"{self.path / GAMES} holds games, but {self.path} has no "
                                f"{HEADER} to say which tournament they belong to; adding "
                                f"games to them would mix two: restore {HEADER}, or save "
                                f"to another folder")
        return keeping

    def _batches(self) -> list[Path]:
        return sorted((self.path / GAMES).glob("batch-*.jsonl"))

    def _recover(self) -> None:
        """Set aside the batches a crash left half-written; remove the tables without
        games, and temporary files; write again the tables of games that lost theirs."""
        parts = sorted((self.path / GAMES).glob("*.jsonl.part"))
        tables = [t for t in (self.path / TABLES).iterdir() if OWN_TABLE.fullmatch(t.name)]
        for left in parts + tables:  # all checked before any is moved or removed
            _must_be(left, folder=False)
        check_tables(self.path, self.by_batch)
        said = []  # warned of once the folder is whole again: under ``-W error`` the
        for part in parts:  # warning stops this run, and the next one resumes as usual
            with part.open(encoding="utf-8", errors="replace") as f:
                lines = sum(1 for _ in f)
            said.append(f"{part.name} in {self.path} was left half-written (a crash?): "
                        f"the {lines} game{'s' * (lines != 1)} in it will be played again")
            part.replace(part.with_name(part.name[:-5] + ".crashed"))
        names = {p.stem for p in self._batches()}
        for table in tables:  # only the dataset's own: a file put there by hand stays
            if table.suffix == ".tmp" or table.name.lstrip(".").split(".")[0] not in names:
                table.unlink()
        for name, games in self.by_batch.items():  # a table removed or never written
            if not (self.path / TABLES / f"{name}.{self.tables}").exists():
                write_table([flat_row(g) for g in games], self.path / TABLES / name,
                            self.tables)
        for message in said:
            warn(message)

    def add(self, game: GameResult) -> None:
        """Append ``game`` to the open batch (flushed at once); close a full batch."""
        if self.open is None:
            self.open = (self.path / GAMES / f"batch-{self.number:05d}.jsonl.part").open(
                "x", encoding="utf-8", newline="\n")  # the same bytes on every system; "x":
            # a new file (no link or left-over is there: its number is past every name)
        line = json.dumps({**row(game), "record": game.record}, separators=(",", ":"),
                          allow_nan=False)  # (checked finite already: strict JSON, RFC 8259)
        try:
            self.open.write(line + "\n")
            self.open.flush()
        except BaseException:  # a full disk, an interrupt: the batch may end mid-line
            self.cut = True  # so it is left as a .part, played again when resumed
            raise
        self.pending.append(game)
        self.games[game.index] = game
        if len(self.pending) >= self.batch:
            self.commit()

    def commit(self) -> None:
        """Close the open batch: its table, then its games, each renamed into place (not
        a batch a write failed in part way: it stays a ``.part``, to be played again)."""
        if self.open is None or self.cut:
            return
        name = f"batch-{self.number:05d}"
        write_table([flat_row(g) for g in self.pending], self.path / TABLES / name,
                    self.tables)
        self.open.flush()
        os.fsync(self.open.fileno())
        self.open.close()
        part = self.path / GAMES / f"{name}.jsonl.part"
        os.replace(part, part.with_suffix(""))
        self.open, self.pending = None, []
        self.number += 1

    def close(self) -> None:
        """Close the open batch, and let the next writer in."""
        try:
            self.commit()
        finally:
            if self.open is not None:  # not committed: left as a .part (its handle closed)
                with contextlib.suppress(OSError):
                    self.open.close()
                self.open = None
            if self.lock is not None:
                self.lock.release()
                self.lock = None


def folder_path(path: object, what: str = "save should be the path of a folder") -> Path:
    """``path`` (a ``str`` or ``os.PathLike``) as a ``Path``; a ``TypeError`` for anything
    else and a ``ValueError`` for an empty one (which ``Path`` would take as the current
    folder)."""
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"{what}, not {brief(path)}")
    if not os.fspath(path):
        raise ValueError(f"{what}, not an empty string (write '.' for the current folder)")
    return Path(path)


def _write_json(path: Path, content: dict[str, Any]) -> None:
    write_text(path, json.dumps(content, indent=1, allow_nan=False))  # (ends in a newline)


def read_keeping(path: Path) -> dict[str, Any]:
    """The ``dataset.json`` of the dataset at ``path``, checked (``InvalidRecord`` if
    damaged; a ``ValueError`` if missing: such a dataset cannot be resumed safely)."""
    where = path / KEEPING
    _must_be(where, folder=False)
    try:
        keeping = _json(where.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"{path} has no {KEEPING} (it was written by an earlier tabletop): "
                         f"it does not say who its agents are beyond their labels, so it "
                         f"cannot be resumed; load() still reads it — save to a new "
                         f"folder") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise InvalidRecord(f"{where} is not a dataset's description: {cut(str(error))}"
                            ) from None
    if isinstance(keeping, dict) and keeping.get("format", FORMAT) != FORMAT:
        raise InvalidRecord(f"{where} is not a dataset's description: "
                            f"{_other_format(keeping['format'])}")
    entrants = keeping.get("entrants") if isinstance(keeping, dict) else None
    if not isinstance(keeping, dict) or keeping.get("tables") not in TABLE_FORMATS \
            or not isinstance(entrants, list) or not all(
                isinstance(e, dict) and isinstance(e.get("agent"), str) for e in entrants):
        raise InvalidRecord(f"{where} is not a dataset's description: it needs 'tables' "
                            f"(one of {either(TABLE_FORMATS, repr)}) and 'entrants' (each "
                            f"with its 'agent')")
    return keeping


def _same_keeping(path: Path, old: dict[str, Any], asked: dict[str, Any]) -> dict[str, Any]:
    """``old`` (the stored ``dataset.json``), if its entrants are the ones ``asked`` and
    its table format can be written here; else a ``ValueError`` or an ``ImportError``."""
    stored = [e["agent"] for e in old["entrants"]]
    for j, entrant in enumerate(asked["entrants"]):
        before = stored[j] if j < len(stored) else None
        if before != entrant["agent"]:
            raise ValueError(f"{path} holds another tournament: its agent "
                             f"{quote(entrant['label'])} is {cut(str(before), 120)}, not "
                             f"{cut(entrant['agent'], 120)}")
    if old["tables"] == "parquet" and table_format() != "parquet":
        raise ImportError(f"{path} keeps its tables as Parquet ({KEEPING} says so), and "
                          f"writing Parquet needs pandas and pyarrow: pip install pandas "
                          f"pyarrow, or resume it where they are installed")
    return old


def _same_tournament(path: Path, old: dict[str, Any], header: dict[str, Any]) -> None:
    """Refuse to reopen the dataset at ``path`` (header ``old``) for the tournament
    ``header``, if they differ, naming what differs."""
    asked = json.loads(json.dumps(header))
    differing = [f"{k}: {brief(old.get(k))} stored, {brief(asked.get(k))} asked"
                 for k in sorted(asked.keys() | old.keys()) if old.get(k) != asked.get(k)]
    if differing:
        raise ValueError(f"{path} holds another tournament; differing: "
                         f"{'; '.join(differing)}")


def _json(text: str) -> Any:
    """``text`` read as JSON: a ``ValueError`` for what is none (nesting too deep too, and
    a key given twice in one object, which JSON readers take differently)."""
    try:
        return json.loads(text, object_pairs_hook=json_object)
    except NotJSON as twice:
        raise ValueError(f"it gives the key {brief(twice.found)} twice in one object") from None
    except json.JSONDecodeError:
        raise
    except RecursionError:
        raise ValueError("it is nested too deeply") from None
    except ValueError:  # an int of more digits than Python turns into a number
        raise ValueError("it holds a number too long to read") from None


def read_header(path: Path) -> dict[str, Any]:
    """The header of the dataset at ``path``, checked: ``InvalidRecord`` if damaged."""
    _must_be(path / HEADER, folder=False)
    try:
        header = _json((path / HEADER).read_text(encoding="utf-8"))
    except (FileNotFoundError, NotADirectoryError):
        raise FileNotFoundError(f"{path} is not a tournament dataset: it has no "
                                f"{HEADER}") from None
    except (ValueError, UnicodeDecodeError) as error:  # JSONDecodeError is a ValueError
        raise InvalidRecord(f"{path / HEADER} is not a tournament's header: "
                            f"{cut(str(error))}") from None
    if not isinstance(header, dict) or not set(REQUIRED) <= set(header):
        raise InvalidRecord(f"{path / HEADER} is not a tournament's header: it needs "
                            f"{', '.join(map(repr, REQUIRED))}")
    problem = _header_problem(header)
    if problem:
        raise InvalidRecord(f"{path / HEADER} is not a tournament's header: {problem}")
    return header


def _header_problem(header: dict[str, Any]) -> str:
    """What is wrong with a header's game, players and agents ("" if nothing)."""
    game, players, agents = header["game"], header["players"], header["agents"]
    if header.get("format", FORMAT) != FORMAT:
        return _other_format(header["format"])
    if not isinstance(game, str):
        return f"'game' should be a game's name, not {brief(game)}"
    if type(players) is not int or players < 1:
        return f"'players' should be an int ≥ 1, not {brief(players)}"
    if not isinstance(agents, list) or len(agents) != players \
            or not all(isinstance(a, str) for a in agents):
        return f"'agents' should be a list of {players} labels, not {brief(agents)}"
    seed, options, max_plies = header["seed"], header["options"], header.get("max_plies")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        return f"'seed' should be an int from 0 to 2**64 - 1, not {brief(seed)}"
    if not isinstance(options, dict):
        return f"'options' should be an object, not {brief(options)}"
    if max_plies is not None and (type(max_plies) is not int or max_plies < 1):
        return f"'max_plies' should be null or an int ≥ 1, not {brief(max_plies)}"
    move_time = header.get("move_time")
    if move_time is not None and not (_finite(move_time) and 0 < move_time <= MOST_MOVE_TIME):
        return (f"'move_time' should be null or seconds above 0 and at most "
                f"{MOST_MOVE_TIME:,.0f}, not {brief(move_time)}")
    return ""


def _other_format(found: object) -> str:
    """Why a file of format ``found`` is not read (another tabletop wrote it)."""
    return (f"its format is {brief(found)}, and this tabletop reads {FORMAT!r} (a dataset "
            f"written by another version: open it with that one)")


def _game(line: object, players: int) -> GameResult:
    """A game line of a dataset as a ``GameResult``; a ``ValueError`` saying what is
    wrong with it."""
    if not isinstance(line, dict):
        raise ValueError(f"it should be an object, not {brief(line)}")
    missing = [k for k in LINE_KEYS if k not in line]
    if missing:
        raise ValueError(f"it has no {missing[0]!r}")
    seats, scores, winners = line["seats"], line["scores"], line["winners"]
    _expect(line, "index", type(line["index"]) is int and line["index"] >= 0, "an int ≥ 0")
    _expect(line, "seed", type(line["seed"]) is int and 0 <= line["seed"] <= MAX_SEED,
            "an int from 0 to 2**64 - 1")
    _expect(line, "seats", _listed(seats, players, lambda s: isinstance(s, str)),
            f"a list of {players} labels")
    _expect(line, "scores", _listed(scores, players, _finite), f"a list of {players} numbers")
    _expect(line, "winners", isinstance(winners, list) and all(
        _seat(w, players) for w in winners) and len(set(winners)) == len(winners),
        f"a list of seats 0 .. {players - 1}, each once")
    _expect(line, "length", type(line["length"]) is int and line["length"] >= 0, "an int ≥ 0")
    _expect(line, "finished", type(line["finished"]) is bool, "true or false")
    _expect(line, "seconds", _finite(line["seconds"]) and line["seconds"] >= 0,
            "a number ≥ 0")
    _expect(line, "record", isinstance(line["record"], dict), "a game record (an object)")
    error = line.get("error")
    _expect(line, "error", error is None or isinstance(error, dict)
            and _seat(error.get("seat"), players) and error.get("kind") in ERROR_KINDS
            and isinstance(error.get("message"), str),
            f"null or an object with 'seat' (0 .. {players - 1}), 'kind' (one of "
            f"{either(ERROR_KINDS, repr)}) and 'message'")
    if error is not None and winners != list(forfeit_winners(players, error["seat"])):
        raise ValueError(f"seat {error['seat']} lost it by an error, so its winners are "
                         f"{list(forfeit_winners(players, error['seat']))}, not "
                         f"{brief(winners)}")
    return GameResult(
        index=line["index"], seed=line["seed"], seats=tuple(seats), scores=tuple(scores),
        winners=tuple(winners), length=line["length"], finished=line["finished"],
        seconds=float(line["seconds"]), record=line["record"], error=error)


def _expect(line: dict[str, Any], key: str, good: bool, what: str) -> None:
    """A ``ValueError`` unless ``good``: ``line[key]`` should be ``what``."""
    if not good:
        raise ValueError(f"{key!r} should be {what}, not {brief(line.get(key))}")


def _listed(value: object, size: int, test: Any) -> bool:
    """Whether ``value`` is a list of ``size`` items that pass ``test``."""
    return isinstance(value, list) and len(value) == size and all(map(test, value))


def _finite(value: object) -> bool:
    """Whether ``value`` is a finite JSON number (no bool)."""
    return (type(value) is int or type(value) is float) and math.isfinite(value)


def _seat(value: object, players: int) -> bool:
    """Whether ``value`` is a seat ``0 .. players - 1``."""
    return type(value) is int and 0 <= value < players


def read_games(path: Path, header: dict[str, Any],
               by_batch: dict[str, list[GameResult]] | None = None) -> list[GameResult]:
    """The games of every closed batch of the dataset at ``path`` (of the tournament
    ``header``), by index (and, into ``by_batch``, by batch name); ``InvalidRecord`` names
    the first line that is damaged or that does not belong to the tournament, or that plays
    a game again."""
    games: dict[int, GameResult] = {}
    where: dict[int, str] = {}
    _must_be(path / GAMES, folder=True)
    batches = sorted((path / GAMES).glob("batch-*.jsonl"))
    for batch in batches:
        _must_be(batch, folder=False)
    for batch in batches:
        with batch.open("rb") as f:
            for number, raw in enumerate(f, 1):
                line = f"{batch} line {number}"
                try:
                    game = _game(_json(raw.decode("utf-8")), header["players"])
                except (ValueError, TypeError) as err:  # a GameResult refuses with either
                    raise InvalidRecord(f"{line} is not a game of a tournament: "
                                        f"{cut(str(err))}") from None
                problem = _stranger(game, header)
                if problem:
                    raise InvalidRecord(f"{line} is not a game of the tournament in "
                                        f"{path / HEADER}: {problem}")
                if game.index in games:
                    raise InvalidRecord(f"{line} is game {game.index} again (already at "
                                        f"{where[game.index]})")
                games[game.index], where[game.index] = game, line
                if by_batch is not None:
                    by_batch.setdefault(batch.stem, []).append(game)
    return [games[i] for i in sorted(games)]


def _stranger(game: GameResult, header: dict[str, Any]) -> str:
    """Why ``game`` is not a game of the tournament ``header`` ("" if it is one)."""
    record, index = game.record, game.index
    for key in ("game", "players", "options"):
        if record.get(key) != header[key]:
            return (f"its record's {key} is {brief(record.get(key))}, the tournament's "
                    f"{brief(header[key])}")
    if game.seed != header["seed"] + index:
        return (f"its seed is {game.seed}, and game {index} of a tournament of seed "
                f"{header['seed']} has seed {header['seed'] + index}")
    if record.get("seed") != game.seed:
        return f"its record's seed is {brief(record.get('seed'))}, its own {game.seed}"
    seats = rotation(header["agents"], index)
    if game.seats != seats:
        return f"its seats are {brief(list(game.seats))}, game {index}'s are {brief(list(seats))}"
    limit = header.get("max_plies")
    if limit is not None and game.length > limit:
        return f"it lasted {game.length} plies, more than the tournament's max_plies {limit}"
    if not game.finished and game.error is None and game.length != limit:
        at = "max_plies, which this tournament does not set" if limit is None else \
            f"the tournament's max_plies {limit}"
        return (f"it stopped unfinished after {game.length} plies with no error, and a game "
                f"stops early only on an error or at {at}")
    return ""


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
        _check_fault(game, state, where)
        winners = forfeit_winners(players, int(game.error["seat"]))
    replayed = {"seed": state.seed, "length": len(state.history),
                "finished": state.is_terminal, "scores": tuple(state.scores),
                "winners": winners}
    stored = {"seed": game.seed, "length": game.length, "finished": game.finished,
              "scores": game.scores, "winners": game.winners}
    for key, value in stored.items():
        if value != replayed[key]:
            raise InvalidRecord(f"{where}: the dataset says {key} {brief(value)}, its "
                                f"record replays to {brief(replayed[key])}")


def _check_fault(game: GameResult, state: State, where: str) -> None:
    """``InvalidRecord`` unless the error of ``game`` fits its replayed ``state``: it came
    at the ply where the record stops, from the seat to move there (or, before any move,
    from any seat: an agent that could not be built)."""
    error = game.error
    assert error is not None
    seat, ply = error["seat"], error.get("ply", game.length)
    if ply != game.length:
        raise InvalidRecord(f"{where}: its error came at ply {brief(ply)}, and its record "
                            f"stops at ply {game.length}")
    if game.length and state.current_player != seat:
        raise InvalidRecord(f"{where}: seat {seat} lost it on an error at ply {game.length}, "
                            f"where seat {state.current_player} was to move")


def load(path: str | os.PathLike[str], verify: bool = False) -> ArenaResult:
    """Reopen the dataset at ``path`` as an ``ArenaResult``, replaying nothing (every line
    must still be a game of its tournament: its game, options, seed and seats) — or, with
    ``verify=True``, loading the header's game (its name, players and options) and replaying
    every record and checking it reaches the stored result (``InvalidRecord`` names the
    header's field, or the first game, that does not)."""
    path = folder_path(path, "a tournament dataset is a path to a folder")
    verify = flag(verify, "verify")
    header = read_header(path)
    problem = header_game_problem(header) if verify else ""
    if problem:
        raise InvalidRecord(f"{path / HEADER} is not a tournament's header: {problem}")
    players = header["players"]
    by_batch: dict[str, list[GameResult]] = {}
    games = read_games(path, header, by_batch)
    if verify:
        for game in games:
            check(game, players)
        check_tables(path, by_batch)
    return ArenaResult(game=header["game"], players=players, agents=tuple(header["agents"]),
                       games=tuple(games), described=_described_in(path, header))


def _described_in(path: Path, header: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """What each label of the dataset at ``path`` stood for, as its ``dataset.json`` says;
    nothing where it cannot say (a dataset written before it kept one, or a damaged one:
    ``load`` reads the games without it, and only a resume needs it whole)."""
    try:
        entrants = read_keeping(path)["entrants"]
    except (InvalidRecord, ValueError):
        return ()
    if len(entrants) != len(header["agents"]):
        return ()
    return tuple(zip(header["agents"], (e["agent"] for e in entrants), strict=True))
