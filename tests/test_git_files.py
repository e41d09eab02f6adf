"""Files to keep in git: what tabletop writes is byte-stable and diff-friendly.

The same game saved twice — in one process, in two processes with different
``PYTHONHASHSEED``s, after a load/save round trip — is the same bytes; no timing, address or
random id gets into a record; every text file tabletop writes is UTF-8 with ``\\n`` line
ends and ends in a newline; ``record_text`` lays a record out so that a move appended
changes three lines (docs/promises.md, "Files to keep in git").
"""

from __future__ import annotations

import difflib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from guards import failure

import tabletop
from tabletop.arena import arena, dataset
from tabletop.core import golden
from tabletop.core.branches import open_timeline, save_timeline
from tabletop.core.errors import InvalidRecord
from tabletop.core.recordfile import record_text, write_record
from tabletop.core.testing import playout
from tabletop.render import save_picture

ROOT = Path(__file__).parent.parent
GAMES = tabletop.games()
SEATS = {"lacuna": 2, "lascaux": 3, "lava-flows": 2, "landlock": 2}

#: A game with a bot, two branches and notes, saved by the widget: run here and in
#: subprocesses with other hash seeds, it must print the same text.
SCRIPT = '''
import random, sys
import tabletop
from tabletop.core.recordfile import record_text

def saved(name):
    w = tabletop.play(name, seed=3, bots={1: "mcts-weak"})
    rng = random.Random(1)
    for ply in range(7):
        legal = w.state.legal_actions()
        if w.state.is_terminal or not legal:
            break
        w.play(rng.choice(list(legal)))
        if ply == 2:
            w.annotate("Ünal: a quiet move")
    w.back()
    legal = w.state.legal_actions()
    if legal:
        w.play(legal[-1])
        w.annotate("the other try")
    return record_text(w.save(full=True)) + record_text(w.save())

sys.stdout.write("".join(saved(name) for name in sys.argv[1:]))
'''


def run_script(names: tuple[str, ...], hash_seed: str) -> bytes:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT),
           "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, *names], capture_output=True,
                          env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-2000:]
    return done.stdout


def test_a_widget_record_with_a_bot_branches_and_notes_is_the_same_bytes_in_any_process():
    """Two processes, two hash seeds, every game: the saved records (bot thinking, branches,
    notes, non-ASCII text) are byte-equal. The bot's search seconds were in the record's
    thinking, so no two runs ever wrote the same file."""
    first, second = run_script(GAMES, "1"), run_script(GAMES, "2024")
    assert first == second
    assert b'"seconds"' not in first
    assert "Ünal".encode() in first  # written as itself, not as a \\u escape


@pytest.mark.parametrize("name", GAMES)
def test_the_thinking_a_widget_saves_holds_no_timing(name):
    w = tabletop.play(name, seed=3, bots={1: "mcts-weak"})
    rng = random.Random(1)
    while "thinking" not in w.save(full=True) and not w.state.is_terminal:
        w.play(rng.choice(list(w.state.legal_actions())))
    thinking = w.save(full=True)["thinking"]
    assert thinking and all("seconds" not in told for told in thinking.values())
    assert w.session.seats[1].last_analysis.to_json()["seconds"] >= 0  # the agent's own: kept


@pytest.mark.parametrize("name", GAMES)
def test_a_widget_record_survives_load_and_save_byte_for_byte(name):
    w = tabletop.play(name, seed=5, bots={1: "mcts-weak"})
    rng = random.Random(5)
    for _ in range(6):
        if w.state.is_terminal:
            break
        w.play(rng.choice(list(w.state.legal_actions())))
    w.annotate("last")
    w.back()
    w.back()
    w.annotate("earlier, written after")  # notes made out of ply order
    if w.state.legal_actions():
        w.play(w.state.legal_actions()[-1])
    text = record_text(w.save(full=True))
    again = tabletop.play(json.loads(text))
    assert record_text(again.save(full=True)) == text
    timeline = open_timeline(json.loads(text))
    assert record_text(save_timeline(timeline)) == record_text(
        save_timeline(open_timeline(json.loads(record_text(save_timeline(timeline))))))


def lines_changed(before: str, after: str) -> int:
    return sum(1 for line in difflib.ndiff(before.splitlines(), after.splitlines())
               if line[:1] in "+-")


@pytest.mark.parametrize("name", GAMES)
def test_appending_a_move_changes_three_lines_of_a_record(name):
    """At most the move, the comma after the move before it, and the result's lines that
    changed (plies, scores, terminal, winners). ``json.dump`` writes the whole record on one
    line: every move rewrote it."""
    state = tabletop.load(name, players=SEATS[name]).new(seed=4)
    end = playout(state, random.Random(4))
    texts = [record_text(tabletop.replay(end.to_record(), ply=n).to_record())
             for n in range(len(end.history) + 1)]
    for n, (before, after) in enumerate(zip(texts, texts[1:], strict=False)):
        result_lines = lines_changed(before.split('"result"')[1], after.split('"result"')[1])
        moved = lines_changed(before, after) - result_lines
        # the first: "[]" becomes 3 lines; a move written as the one before it may
        # diff as that one line added
        assert 1 <= moved <= (4 if n == 0 else 3), (n, moved)
        assert result_lines <= 2 * 4  # at most plies, terminal, scores, winners: - and +


@pytest.mark.parametrize("name", GAMES)
def test_record_text_reads_back_as_the_record_and_ends_in_a_newline(name, tmp_path):
    state = playout(tabletop.load(name, players=SEATS[name]).new(seed=9), random.Random(9))
    record = state.to_record(notes={"2": "écrit à la main"}, mine=(1, 2.5))
    text = record_text(record)
    assert json.loads(text) == json.loads(json.dumps(record))
    assert text.endswith("}\n") and "\r" not in text
    assert tabletop.replay(text) == state
    path = write_record(tmp_path / "game.json", record)
    assert path.read_bytes() == text.encode("utf-8")
    assert write_record(str(tmp_path / "again.json"), json.loads(text)).read_bytes() \
        == path.read_bytes()


def test_record_text_refuses_what_is_no_record():
    with pytest.raises(TypeError, match="record_text takes a record"):
        record_text([1, 2])
    with pytest.raises(InvalidRecord, match="can't write inf"):
        record_text({"seed": float("inf")})
    with pytest.raises(InvalidRecord, match="lone surrogate"):
        record_text({"note": "\ud800"})
    with pytest.raises(TypeError, match="path should be a str or Path"):
        write_record(3, {})  # type: ignore[arg-type]


# --- the other files tabletop writes --------------------------------------------------------

def assert_text_file(path: Path) -> None:
    data = path.read_bytes()
    assert data.endswith(b"\n") and not data.endswith(b"\n\n"), path.name
    assert b"\r" not in data, path.name
    data.decode("utf-8")


def test_every_text_file_of_a_dataset_ends_lines_with_a_newline(tmp_path, monkeypatch):
    """``arena.json`` and ``dataset.json`` ended without a newline (git: *no newline at end of
    file*), and a CSV table ended its lines with ``\\r\\n``."""
    for kind in ("parquet", "csv"):
        folder = tmp_path / kind
        monkeypatch.setattr(dataset, "table_format", lambda kind=kind: kind)
        arena("lascaux", ["random"] * 3, games=3, progress=False, save=folder, batch=2)
        for path in (folder / "arena.json", folder / "dataset.json",
                     *(folder / "games").iterdir()):
            assert_text_file(path)
        if kind == "csv":
            for path in (folder / "results").iterdir():
                assert_text_file(path)


def test_a_dataset_run_twice_differs_only_in_the_games_seconds(tmp_path):
    def written(folder: Path) -> dict[str, bytes]:
        arena("lascaux", ["mcts-weak", "random", "random"], games=3, progress=False,
              save=folder, batch=2)
        return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
                if p.is_file() and p.suffix in (".json", ".jsonl")}

    first, second = written(tmp_path / "a"), written(tmp_path / "b")
    assert first.keys() == second.keys()
    for name in first:
        if name.endswith(".jsonl"):
            rows = [[{**json.loads(line), "seconds": 0} for line in files[name].splitlines()]
                    for files in (first, second)]
            assert rows[0] == rows[1]
        else:
            assert first[name] == second[name], name


def test_a_saved_picture_and_a_golden_file_end_in_a_newline(tmp_path):
    state = tabletop.load("lacuna").new(seed=1)
    assert_text_file(save_picture(state, tmp_path / "board.svg"))
    path = tmp_path / "golden.txt"
    golden.write(path, golden.playthrough(tabletop.load("lava-flows"), 1, max_steps=2))
    assert_text_file(path)


PICKY = '''
class Picky:
    """An agent whose settings hold a set (repr lists it in the hash seed's order)."""

    def __init__(self):
        self.avoid = {"pay", "pass", "choose blue", "choose pink", "choose green"}
        self.table = {"first": frozenset({"b", "a", "c", "d"})}

    def act(self, view):
        return view.legal_actions()[0]
'''

RESUME = '''
import sys
from picky import Picky
from tabletop.arena import arena
arena("lascaux", {"picky": Picky(), "r1": "random", "r2": "random"}, games=int(sys.argv[2]),
      progress=False, save=sys.argv[1])
'''


def test_a_dataset_of_an_agent_holding_a_set_resumes_under_another_hash_seed(tmp_path):
    """``dataset.json`` described an agent object by its attributes' ``repr``, which lists a
    set in the order ``PYTHONHASHSEED`` gives: a tournament resumed in a new process was
    refused ("holds another tournament: its agent 'picky' is … not …") and the file
    differed from run to run."""
    (tmp_path / "picky.py").write_text(PICKY, encoding="utf-8")
    folder = tmp_path / "data"
    kept = []
    for hash_seed, games in (("1", 2), ("2", 4), ("3", 4)):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed,
               "PYTHONPATH": os.pathsep.join((str(ROOT), str(tmp_path)))}
        done = subprocess.run([sys.executable, "-c", RESUME, str(folder), str(games)],
                              capture_output=True, env=env, timeout=300, check=False)
        assert done.returncode == 0, done.stderr.decode("utf-8", "replace")[-1500:]
        kept.append((folder / "dataset.json").read_bytes())
    assert kept[0] == kept[1] == kept[2]
    assert b"{'choose blue', 'choose green', 'choose pink', 'pass', 'pay'}" in kept[0]


class Clumsy:
    """An agent whose error names an object by its default repr (a memory address)."""

    def act(self, view):
        raise TypeError(f"can't play with {object()}")


def test_an_agents_error_is_kept_without_a_memory_address(tmp_path):
    """The dataset's line (and the result) kept "can't play with <object object at
    0x7f…>": the same tournament run twice wrote different lines and unequal results."""
    runs = [arena("lascaux", {"clumsy": Clumsy(), "r1": "random", "r2": "random"}, games=2,
                  progress=False, save=tmp_path / name) for name in ("a", "b")]
    messages = [[row["error"]["message"] for row in run.rows() if row["error"]] for run in runs]
    assert messages[0] == messages[1] == ["TypeError: can't play with <object object>"] * 2
    lines = [[{**json.loads(line), "seconds": 0}
              for line in (tmp_path / name / "games" / "batch-00000.jsonl").read_text(
                  encoding="utf-8").splitlines()] for name in ("a", "b")]
    assert lines[0] == lines[1]


def _writes(path: Path) -> list[str]:
    """The calls in ``path`` that write a file, as ``"line: what"``: a method
    ``.write_text``/``.write_bytes``, or ``.open``/``open`` with a mode that writes,
    and whether the latter name their encoding and newline."""
    import ast

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in ("write_text", "write_bytes"):
            found.append(f"{node.lineno}: .{func.attr}")
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name != "open":
            continue
        modes = [a.value for a in (*node.args, *(k.value for k in node.keywords
                                                  if k.arg == "mode"))
                 if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        if any(set(mode) & set("wxa") for mode in modes):
            keys = {k.arg for k in node.keywords}
            binary = any("b" in mode for mode in modes)
            found.append(f"{node.lineno}: open to write"
                         + ("" if binary or {"encoding", "newline"} <= keys
                            else " without encoding= and newline="))
    return found


#: Where a file is written other than by ``core.files.write_text``, and why that is right.
OTHER_WRITERS = {
    "tabletop/core/files.py": ".write_bytes",  # write_text's own bytes
    "tabletop/render/export.py": ".write_bytes",  # a PNG
    "tabletop/arena/dataset.py": "open to write",  # CSV rows and JSON Lines, "\n" ends
}


def test_every_text_file_tabletop_writes_goes_through_write_text():
    """So that each ends lines with ``\\n``, ends in one, and is UTF-8 on every system: a
    new writer of a text file uses ``tabletop.core.files.write_text`` (or names its
    encoding and newline, and is listed here with its reason)."""
    faults = []
    for path in sorted((ROOT / "tabletop").rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        for write in _writes(path):
            if write.split(": ", 1)[1] != OTHER_WRITERS.get(name):
                faults.append(f"{name}:{write}")
    assert not faults, failure(
        "text files written other than through tabletop.core.files.write_text", faults,
        "write with `tabletop.core.files.write_text` (UTF-8, \\n line ends, one final "
        "newline), or name encoding= and newline= and list the file in OTHER_WRITERS with "
        "its reason")
