"""tabletop without Jupyter: a game played by typed moves (``tabletop.terminal``,
``python -m tabletop``), and ``tabletop.play`` in a process no front end can show a widget in
(``tabletop.widgets.frontend``: it warns, naming the terminal's way)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import tabletop
from tabletop.core.treetext import tree_text
from tabletop.terminal import play_text
from tabletop.widgets.frontend import NoFrontEnd, shown_nowhere, terminal_command
from tabletop.widgets.tree import TreeWidget

ROOT = Path(__file__).parents[1]


def random_typist(seed: int, log: list[str], out: list[str]):
    """Types a random legal move of the state the loop is at, as notation (the loop's
    state is followed by replaying what was typed), after checking that what was printed
    last is the view of the player to move (hot seat: no other seat's secret shows)."""
    rng = random.Random(seed)
    box: dict[str, tabletop.State] = {}

    def read(prompt: str) -> str:
        state = box["state"]
        assert out[-1] == str(state.view(state.current_player)), out[-1]
        move = str(rng.choice(state.legal_actions()))
        box["state"] = state.apply(move)
        log.append(move)
        return move
    return box, read


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_plays_to_its_end_by_typed_notation(name):
    game = tabletop.load(name)
    start = game.new(seed=4, setup="random")
    typed: list[str] = []
    out: list[str] = []
    box, read = random_typist(1, typed, out)
    box["state"] = start
    end = play_text(start, read=read, write=out.append)
    assert end.is_terminal and [str(a) for a in end.history[len(start.history):]] == typed
    assert out[-1].startswith(f"Game over after {len(end.history)} move")
    winners = [game.player_name(p) for p in end.winners]
    assert all(w in out[-1] for w in winners)
    assert str(end) in out  # the final position is printed whole


def reading_the_list(out: list[str], rng: random.Random):
    """A human who asks for the legal moves (``?``) and types one of those listed."""
    def read(prompt: str) -> str:
        listed = out[-1].split("\n")
        if "legal move" in listed[0] and " for " in listed[0]:
            return rng.choice(listed[1:]).strip()
        return "?"
    return read


def states_of(end: tabletop.State) -> list[tabletop.State]:
    """Every state of ``end``'s game, from its start (its record's) to ``end``."""
    states = [tabletop.replay({**end.to_record(), "result": None}, ply=0)]
    for action in end.history:
        states.append(states[-1].apply(action))
    return states


@pytest.mark.parametrize("name", tabletop.games())
def test_a_human_against_bots_sees_only_their_own_view(name):
    """Every position printed before the end is the human's view, and a bot's move is told
    as the human's log tells it: "choose ?" (found from outside: the terminal printed a
    Lascaux bot's secret colour and a Lava Flows bot's hidden arrangement in full)."""
    game = tabletop.load(name)
    human, bots = 0, {p: "random" for p in range(1, game.players)}
    out: list[str] = []
    end = play_text(name, seed=5, bots=bots, read=reading_the_list(out, random.Random(5)),
                    write=out.append)
    assert end.is_terminal
    states = states_of(end)
    views = {str(s.view(human)) for s in states[:-1]}
    assert not [line for line in out if line in {str(s) for s in states[:-1]} - views]
    told = [line for line in out if " (random) plays " in line]
    assert told == [f"{game.player_name(s.current_player)} (random) plays "
                    f"{after.log(human)[-1]}"
                    for s, after in zip(states, states[1:], strict=False)
                    if s.current_player in bots]
    if name in ("lascaux", "lava-flows"):  # (their bots' choices are secret)
        assert any(line.endswith("?") for line in told), told


def test_players_sharing_the_screen_see_a_bots_turn_as_the_audience_does():
    out: list[str] = []
    end = play_text("lascaux", players=3, seed=2, bots={2: "random"},
                    read=reading_the_list(out, random.Random(2)), write=out.append)
    states = states_of(end)
    public = {str(s.view("public")) for s in states[:-1]}
    secret = {str(s) for s in states[:-1]} - public - {str(s.view(p)) for s in states[:-1]
                                                        for p in (0, 1)}
    assert not [line for line in out[:-1] if line in secret]
    assert [line for line in out if line in public]
    assert "Georges (random) plays choose ?" in out


def test_the_heading_names_only_a_seed_the_player_gave():
    """(A seed tabletop drew deals the game: whoever reads it can replay the deal and see
    every hidden tile.)"""
    out: list[str] = []
    end = play_text("landlock", bots={1: "random"}, read=lambda p: "quit", write=out.append)
    assert f"seed {end.seed}" not in out[0] and "seed" not in out[0].split(".")[0]
    play_text("landlock", seed=3, read=lambda p: "quit", write=out.append)
    assert "The Legend of Landlock, 2 players, seed 3. " in out[-3]


def test_bots_replay_alike_from_the_same_seed():
    ends = [play_text("lava-flows", seed=9, setup="random", bots={0: "random", 1: "mcts-weak"},
                      write=lambda t: None) for _ in range(2)]
    assert ends[0] == ends[1] and ends[0].is_terminal


def test_commands_help_moves_undo_board_save_and_refusals(tmp_path):
    lines = iter(["help", "?", "nonsense", "water", "board", "undo", "undo", "land",
                  f"save {tmp_path / 'game.json'}", "save", "quit"])
    out: list[str] = []
    end = play_text("landlock", seed=3, bots={1: "random"}, read=lambda p: next(lines),
                    write=out.append)
    text = "\n".join(out)
    assert "save FILE" in text and "2 legal moves for North:\n  land\n  water" in text
    assert "'nonsense' is no action in The Legend of Landlock" in text
    assert "Back to ply 0." in text and "Nothing to undo." in text
    assert [str(a) for a in end.history][:1] == ["land"]
    record = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert tabletop.replay(record) == end
    # "save" without a file (no move of the game) says how to save
    assert "To save the game, give a file: save FILE" in text and "'save' is no" not in text
    assert out[-1].startswith("Stopped at ply")


def test_end_of_input_stops_like_quit():
    def read(prompt: str) -> str:
        raise EOFError
    out: list[str] = []
    end = play_text("lacuna", seed=1, setup="random", read=read, write=out.append)
    assert end.history == tabletop.load("lacuna").new(seed=1, setup="random").history
    assert out[-1].startswith("Stopped at ply")


def test_bad_seats_and_arguments_are_refused_clearly():
    with pytest.raises(ValueError, match="a bot's seat is a player from 0 to 1, not 2"):
        play_text("landlock", bots={2: "random"}, write=lambda t: None)
    with pytest.raises(ValueError, match=r"not 'south' \('south' is player 1\)$"):
        play_text("landlock", bots={"south": "random"}, write=lambda t: None)  # type: ignore[dict-item]
    with pytest.raises(tabletop.UnknownAgent):
        play_text("landlock", bots={1: "minimax"}, write=lambda t: None)
    with pytest.raises(TypeError, match="takes a game name"):
        play_text(3.5, write=lambda t: None)  # type: ignore[arg-type]


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=300, encoding="utf-8",
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin",
                               "PYTHONIOENCODING": "utf-8"})


def test_python_m_tabletop_plays_a_bots_game_shows_and_goes_on_from_a_record(tmp_path):
    done = run("-m", "tabletop", "play", "lava-flows", "--seed", "2", "--setup", "random",
               "--bot", "0=random", "--bot", "1=random")
    assert done.returncode == 0, done.stderr
    assert "Game over after" in done.stdout and done.stderr == ""
    path = tmp_path / "r.json"
    done = run("-m", "tabletop", "play", "landlock", "--seed", "3", "--bot", "1=random",
               stdin=f"water\nsave {path}\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "Saved the record" in done.stdout
    shown = run("-m", "tabletop", "show", str(path))
    assert shown.returncode == 0 and "North water, South land" in shown.stdout
    done = run("-m", "tabletop", "play", str(path), "--bot", "1=random", stdin="quit\n")
    assert done.returncode == 0 and "Stopped at ply" in done.stdout, done.stderr
    assert run("-m", "tabletop", "games").stdout.split() == list(tabletop.games())


def test_python_m_tabletop_refuses_bad_input_in_one_line():
    done = run("-m", "tabletop", "play", "chess")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "no game called 'chess'" in done.stderr or "chess" in done.stderr
    done = run("-m", "tabletop", "play", "landlock", "--bot", "one=mcts")
    assert done.returncode == 2 and "not 'one'" in done.stderr
    done = run("-m", "tabletop", "play", "landlock", "--players", "9")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    done = run("-m", "tabletop", "play", "lacuna", "--option", "read=1")  # (play_text's)
    assert done.returncode == 2 and "lacuna has no option 'read'" in done.stderr, done.stderr


@pytest.mark.parametrize(("flags", "said"), [
    (["--bot", "1=random", "--bot", "01=mcts"],
     "--bot gives seat 1 twice ('1=random', then '01=mcts'): give each once"),
    (["--option", "players=2", "--option", "players=3"],
     "--option gives 'players' twice ('players=2', then 'players=3'): give each once"),
    (["--players", "2", "--option", "players=2"],
     "--players and --option players=... both set the number of players: give one"),
])
def test_a_flag_given_twice_for_one_thing_is_refused_not_overridden(flags, said, capsys):
    from tabletop.__main__ import main

    assert main(["play", "lacuna", *flags]) == 2
    assert said in capsys.readouterr().err


SCRIPT = """
import tabletop
widget = tabletop.play("landlock", seed=3, bots={1: "mcts"})
print(widget.state)
"""


def test_play_in_a_plain_script_says_what_works_in_a_terminal():
    """Before: ``tabletop.play`` in a script made a widget nothing could show, silently."""
    done = run("-c", SCRIPT)
    assert done.returncode == 0, done.stderr
    assert "NoFrontEnd: No Jupyter front end to show this widget" in done.stderr
    assert "python -m tabletop play landlock --seed 3 --bot 1=mcts" in done.stderr
    assert "<string>:3" in done.stderr  # the user's line, not tabletop's
    assert "North to choose land or water" in done.stdout


def test_play_warns_in_this_process_and_names_the_same_game():
    with pytest.warns(NoFrontEnd, match="python -m tabletop play lascaux --players 4 "
                                        "--seed 1 --setup random"):
        widget = tabletop.play("lascaux", players=4, seed=1, setup="random")
    assert shown_nowhere(widget)
    widget.close()


def test_the_terminal_command_for_games_states_and_options():
    game = tabletop.load("lava-flows", players=2, memory=True)
    assert terminal_command(game, seed=None, setup="decide", bots={1: object()},
                            options={}) == "python -m tabletop play lava-flows"
    assert terminal_command("lava-flows", seed=1, setup="decide", bots=None,
                            options={"memory": True, "slide": "onto"}) == (
        "python -m tabletop play lava-flows --seed 1 --option memory=true "
        "--option slide=onto")
    assert "RECORD.json" in terminal_command(game.new(seed=1), seed=None, setup="decide",
                                             bots=None, options={})


def test_a_widget_with_a_kernel_s_comm_does_not_warn():
    class KernelComm:  # what ipykernel gives a widget: a comm with a kernel
        kernel = object()

    class Widget:
        comm = KernelComm()
    assert not shown_nowhere(Widget())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from tabletop.widgets.frontend import warn_if_shown_nowhere
        warn_if_shown_nowhere(Widget(), "python -m tabletop play x")


# --- trees in a terminal: print(tree) -----------------------------------------------------
@pytest.mark.parametrize("name", tabletop.games())
def test_print_of_an_explored_tree_draws_its_moves_bounded(name):
    """Before: ``print(explore(...))`` said only "TreeGraph with 40 nodes and 39 edges"."""
    state = tabletop.load(name).new(seed=2, setup="random")
    tree = tabletop.explore(state, depth=2)
    text = str(tree)
    lines = text.splitlines()
    assert lines[0] == repr(tree)
    first = state.legal_actions()[0]
    assert lines[2].startswith(f"  {first} -> node ")
    assert len(lines) <= 1 + 40 + 1  # the heading, 40 nodes, the count of the rest
    if len(tree) > 40:
        assert lines[-1].startswith(f"  … {len(tree) - 40} more node")
    full = tree_text(tree, max_lines=None).splitlines()
    assert len(full) == 1 + len(tree)


def test_a_merged_tree_names_a_node_met_again_instead_of_repeating_it():
    state = tabletop.load("lava-flows").new(seed=1, setup="random")
    tree = tabletop.explore(state, depth=3, merge=True)
    text = tree_text(tree, max_lines=None)
    assert tree.number_of_edges() > len(tree) - 1  # some node has two parents
    assert "(above)" in text
    assert sum(" -> node " in line for line in text.splitlines()) == tree.number_of_edges()


def test_print_of_a_search_tree_orders_moves_by_visits():
    from tabletop.agents import MCTSAgent

    state = tabletop.load("lascaux").new(seed=1, setup="random")
    tree = MCTSAgent(iterations=60, seed=1).analyse(state.view(0)).to_graph()
    lines = str(tree).splitlines()
    tops = [line for line in lines if line.startswith("  ") and not line.startswith("   ")]
    visits = [int(line.split("(")[1].split(" visit")[0]) for line in tops
              if "visit" in line]
    assert visits == sorted(visits, reverse=True) and sum(visits) >= 59
    assert "(1 visit," in str(tree) or "(1 visit)" in tree_text(tree, max_lines=None)


def test_the_tree_inspector_in_a_plain_process_warns_with_the_text_alternative():
    state = tabletop.load("landlock").new(seed=1)
    with pytest.warns(NoFrontEnd, match=r"print\(tabletop.explore\(state, depth=2\)\)"):
        widget = TreeWidget(state)
    widget.close()


def test_the_last_line_says_the_result_as_the_widget_does():
    """Found from outside: a Lava Flows draw by repetition ended "White 1.0, Black 0.0;
    nobody wins" (floats, scores that read as a win, and no word of how it ended); the
    terminal now says the widget's result line, then whose score is whose."""
    from tabletop.core.outcome import outcome
    from tabletop.core.testing import playout

    game = tabletop.load("lava-flows")
    seen = None
    for seed in range(40):
        end = playout(game.new(seed=seed, setup="random"), seed)
        if not end.winners and len(set(end.scores)) > 1:
            seen = end
            break
    assert seen is not None, "no draw with unequal scores in 40 random games"
    out: list[str] = []
    play_text(seen, read=lambda prompt: "quit", write=out.append)
    last = out[-1]
    said = outcome(seen, game.player_name)
    assert said.startswith("a draw (") and "scores" in said
    assert last == (f"Game over after {len(seen.history)} moves: {said}. Scores: White "
                    f"{seen.scores[0]:g}, Black {seen.scores[1]:g}.")
    assert ".0" not in last


def test_a_mistyped_command_is_named_with_the_nearest_one(capsys):
    from tabletop.__main__ import main

    assert main(["plya", "lacuna"]) == 2
    assert capsys.readouterr().err.strip() == (
        "python -m tabletop: error: no command called 'plya'; did you mean 'play'? known "
        "commands: 'games', 'play', 'show'")
