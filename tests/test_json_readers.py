"""Records and other JSON the library writes, read by another language (here JavaScript,
through node when the machine has it, and ``as_javascript``, which does what node does):
strict JSON (RFC 8259), every number exact in a double, and the same game when read and
written again there. And the reverse: JSON other writers make reads the same, or is refused
with ``InvalidRecord`` saying what to write instead."""

import json
import shutil
import subprocess

import pytest
from broken_jsonreaders import KeptWeightNim, TaggedNim, WeightedNim
from toygame import SecretNim

import tabletop
from tabletop.core.errors import InvalidRecord
from tabletop.core.record import MAX_SAFE_INT, MAX_SEED
from tabletop.core.testing import ConformanceError, playout
from tabletop.core.testing.jsonreaders import as_javascript, check_json_readers

NODE = shutil.which("node")
#: Reads JSON lines strictly (JSON.parse) and writes each again (JSON.stringify).
ROUND_TRIP = """
const lines = require("fs").readFileSync(0, "utf8").split("\\n").filter((l) => l);
process.stdout.write(lines.map((l) => JSON.stringify(JSON.parse(l))).join("\\n"));
"""
GAMES = [(name, players) for name in tabletop.games()
         for players in tabletop.load(name).player_counts]


def through_node(texts):
    """Each JSON text read by node's JSON.parse and written again by JSON.stringify."""
    if NODE is None:
        pytest.skip("node is not installed")
    run = subprocess.run([NODE, "-e", ROUND_TRIP], input="\n".join(texts), text=True,
                         capture_output=True, encoding="utf-8", timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    return run.stdout.split("\n")


@pytest.mark.parametrize("name, players", GAMES)
def test_every_game_writes_records_javascript_reads_as_they_are(name, players):
    check_json_readers(tabletop.load(name, players=players), seeds=range(2))


def test_the_toy_passes_and_toys_whose_records_change_in_javascript_are_caught(registered):
    check_json_readers(registered(SecretNim))
    with pytest.raises(ConformanceError, match=r"\$\.start\.tag is 1152921504606846977, "
                                               r"beyond 2\*\*53 - 1: .* reads 11529215046068"):
        check_json_readers(registered(TaggedNim))
    with pytest.raises(ConformanceError, match=r"written by JavaScript's JSON\.parse then "
                                               r"JSON\.stringify: no longer replays: .*not 1$"):
        check_json_readers(registered(WeightedNim))
    with pytest.raises(ConformanceError, match=r"replays to a record written otherwise: at "
                                               r"character \d+, '.*1\.0}}' became '.*1}}'"):
        check_json_readers(registered(KeptWeightNim))


def test_a_whole_number_for_a_float_option_makes_the_game_the_float_makes():
    """JavaScript writes Lacuna's ``"mat_radius": 1.0`` as ``1``: the game replayed from it
    kept the int, and its record said ``"mat_radius": 1`` (a different text for the same
    game, as for a user's ``mat_radius=2``)."""
    for given, meant in ((1, 1.0), (2, 2.0)):
        game = tabletop.load("lacuna", mat_radius=given)
        assert game == tabletop.load("lacuna", mat_radius=meant)
        assert type(game.options["mat_radius"]) is float
        assert f"mat_radius={meant}," in repr(game)
        text = json.dumps(game.new(seed=1).to_record())
        assert f'"mat_radius": {meant},' in text
        assert json.dumps(tabletop.replay(as_javascript(text)).to_record()) == text
    assert type(tabletop.load("lava-flows", ply_cap=50).options["ply_cap"]) is int


@pytest.mark.parametrize("name, players", GAMES)
def test_records_of_unseeded_games_replay_the_same_after_node_reads_and_writes_them(
        name, players):
    """Unseeded games drew seeds up to 2**64 - 1: node rounded every one of them (25 of 25
    games across the four games), and a rounded seed replayed another game, sometimes with
    no complaint (a Lava Flows record of seed 13918560436788223948 replayed as seed
    13918560436788224000)."""
    game = tabletop.load(name, players=players)
    states = [playout(game.new(), seed, plies=seed * 7) for seed in range(6)]
    states += [playout(game.new(seed=seed), seed) for seed in range(3)]
    texts = [json.dumps(s.to_record()) for s in states]
    written = through_node(texts)
    for state, text, again in zip(states, texts, written, strict=True):
        assert state.seed <= MAX_SAFE_INT
        assert again == as_javascript(text)  # what the conformance check assumes node does
        assert tabletop.replay(again) == state
        assert tabletop.replay(again).to_record() == state.to_record()


def test_every_seed_the_library_draws_is_exact_in_javascript():
    assert max(tabletop.load("lascaux", players=3).new().seed for _ in range(50)) \
        <= MAX_SAFE_INT
    from tabletop.arena import arena
    from tabletop.arena.run import secret_seed

    assert all(secret_seed(MAX_SEED - 10 + 1) <= MAX_SAFE_INT - 10 + 1 for _ in range(50))
    played = arena("lascaux", ["random"] * 3, games=3, seed=None, progress=False)
    assert all(g.seed <= MAX_SAFE_INT for g in played.games)


def test_a_pettingzoo_reset_draws_seeds_javascript_reads_exactly():
    pytest.importorskip("pettingzoo")
    from tabletop.adapters.pettingzoo import env

    e = env("lascaux", players=3)
    drawn = []
    for _ in range(30):
        e.reset()
        drawn.append(e.unwrapped.tabletop.seed)
    assert max(drawn) <= MAX_SAFE_INT and max(drawn) >= 2**40


def test_a_record_of_a_seed_beyond_2_53_still_replays():
    """Seeds above 2**53 - 1 are seeds still (given by hand, or in older records): Python
    reads them exactly; docs/promises.md says what a reader elsewhere must do."""
    state = playout(tabletop.load("landlock").new(seed=MAX_SEED), 1, plies=9)
    text = json.dumps(state.to_record())
    assert f'"seed": {MAX_SEED}' in text and tabletop.replay(text) == state


@pytest.mark.parametrize("name, players", GAMES)
def test_what_other_writers_write_reads_the_same(name, players):
    state = playout(tabletop.load(name, players=players).new(seed=4), 4, plies=15)
    record = state.to_record()
    for text in (json.dumps(record, indent="\t").replace("\n", "\r\n"),
                 json.dumps(dict(reversed(record.items())), ensure_ascii=True),
                 json.dumps(record).replace('"seed"', '"\\u0073eed"')):
        assert tabletop.replay(text) == state


@pytest.mark.parametrize("field, written, hint", [
    ("players", "3.0", "write a whole number without a fraction or exponent: 3"),
    ("players", "3e0", "write a whole number without a fraction or exponent: 3"),
    ("seed", "4.0", "write a whole number without a fraction or exponent: 4"),
    ("seed", "4E+0", "write a whole number without a fraction or exponent: 4"),
    ("seed", "4.5", "should be an int, not 4.5$"),
    ("seed", '"4"', "should be an int, not '4'$"),
    ("seed", "18446744073709551616", "from 0 to 2\\*\\*64 - 1"),
])
def test_whole_numbers_written_as_floats_are_refused_saying_how_to_write_them(
        field, written, hint):
    record = tabletop.load("lascaux", players=3).new(seed=4).to_record()
    text = json.dumps(record).replace(f'"{field}": {record[field]}', f'"{field}": {written}')
    with pytest.raises(InvalidRecord, match=hint):
        tabletop.replay(text)


def test_a_tournament_dataset_is_strict_json_that_javascript_reads_exactly(tmp_path):
    from tabletop.arena import arena, load

    played = arena("lava-flows", ["random", "random"], games=3, seed=None,
                   save=tmp_path / "t", progress=False)
    files = sorted((tmp_path / "t").rglob("*.json*"))
    assert files
    for path in files:
        raw = path.read_bytes()
        assert b"\r" not in raw and not raw.startswith(b"\xef\xbb\xbf")
        # (a JSON string holds no raw line break, so a file's lines join into one line)
        lines = [raw.decode().replace("\n", " ")] if path.suffix == ".json" \
            else raw.decode().splitlines()
        for text, again in zip(lines, through_node(lines), strict=True):
            assert json.loads(again) == json.loads(text)  # nothing rounded, nothing lost
    assert load(tmp_path / "t").games == played.games


def test_a_bots_thinking_is_strict_json_javascript_reads_exactly():
    from tabletop.agents import MCTSAgent

    state = tabletop.load("lacuna").new(seed=2)
    bot = MCTSAgent(iterations=40, seed=MAX_SEED)
    bot.act(state)
    text = json.dumps(bot.last_analysis.to_json(), allow_nan=False)
    assert json.loads(through_node([text])[0]) == json.loads(text)
