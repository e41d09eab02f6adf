"""Golden playthroughs: every file in tests/golden replays to the same text; the command line
writes one for a registered game or a game class given as module:Class."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from tabletop.core.golden import regenerate, settings_of

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays_identically(path):
    expected = path.read_text(encoding="utf-8")
    assert regenerate(expected) == expected, (
        f"{path.name} no longer replays the same; if the change is intended, rewrite it with "
        f"python -m tabletop.core.golden"
    )


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_has_a_golden_playthrough(name):
    games = {settings_of(p.read_text(encoding="utf-8"))["game"] for p in FILES}
    assert name in games, f"no golden playthrough for {name} in tests/golden"


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_has_a_golden_playthrough_off_its_defaults(name):
    """Options change rules (Landlock's gnomes, Lava Flows' slides, Lascaux's colours) and
    sizes (Lacuna's): each game's behaviour under them is pinned too."""
    cls = type(tabletop.load(name))
    off = [p.name for p in FILES if (s := settings_of(p.read_text(encoding="utf-8")))["game"]
           == name and any(s["options"].get(k, d) != d for k, d in cls.defaults.items())]
    assert off, f"no golden playthrough of {name} with an option off its default"


def test_a_game_class_given_as_module_and_class_is_registered_and_written(tmp_path):
    """The step docs/adding-a-game.md shows for a new game: no registration beforehand."""
    from toygame import SecretNim

    from tabletop.core.golden import main, playthrough
    from tabletop.core.registry import names, unregister

    assert "secret-nim" not in names()
    try:
        main(["toygame:SecretNim", "--seed", "3", "--out", str(tmp_path)])
        written = (tmp_path / "secret-nim-2p-seed3.txt").read_text(encoding="utf-8")
        assert written == playthrough(SecretNim(), 3) == regenerate(written)
    finally:
        unregister("secret-nim")


@pytest.mark.parametrize("spec, message", [
    ("kuhn", r"^python -m tabletop\.core\.golden: no game called 'kuhn'; known games: .* \(a "
             r"game not registered here: name its class as module:Class, e\.g\. "
             r"mypackage\.rules:MyGame\)$"),
    ("no_such_module:Game", r"^python -m tabletop\.core\.golden: cannot import "
                            r"'no_such_module' \(No module named 'no_such_module'\); run from "
                            r"the folder that holds it, or add that folder to PYTHONPATH$"),
    ("toygame:Nothing", r"^python -m tabletop\.core\.golden: toygame has no Game class "
                        r"'Nothing' \(found None\)$"),
    ("toygame:Take", r"toygame has no Game class 'Take' \(found <class 'toygame\.Take'>\)$"),
    ("toygame:", r"'toygame:' should be module:Class, e\.g\. mypackage\.rules:MyGame$"),
    ("lascaux",
     r"^python -m tabletop\.core\.golden: lascaux is played by 3, 4 or 5 players, not 2$"),
])
def test_a_game_the_command_cannot_reach_is_one_line_that_says_why(spec, message, tmp_path):
    from tabletop.core.golden import main

    with pytest.raises(SystemExit) as stopped:
        main([spec, "--players", "2", "--out", str(tmp_path)])
    text = str(stopped.value.code)
    assert "\n" not in text and re.search(message, text), text
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("seeds, message", [
    (["1", "-4"], r"seed must be an int from 0 to 2\*\*64 - 1, not -4$"),
    ([str(2**64)], r"seed must be an int from 0 to 2\*\*64 - 1, not 18446744073709551616$"),
])
def test_a_seed_no_game_starts_from_is_one_line_and_nothing_is_written(seeds, message,
                                                                        tmp_path):
    from tabletop.core.golden import main

    with pytest.raises(SystemExit) as stopped:
        main(["lava-flows", *(f"--seed={seed}" for seed in seeds), "--out", str(tmp_path)])
    text = str(stopped.value.code)
    assert text.startswith("python -m tabletop.core.golden: ") and re.search(message, text)
    assert not list(tmp_path.iterdir())  # not even seed 1's file


def test_an_out_that_is_no_folder_is_one_line(tmp_path):
    from tabletop.core.golden import main

    (tmp_path / "a-file").write_text("", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"^python -m tabletop\.core\.golden: cannot write "
                                         r"to '.*a-file' \(File exists\); --out names a "
                                         r"folder$"):
        main(["lava-flows", "--out", str(tmp_path / "a-file")])


def test_the_command_line_reaches_the_worked_example_from_its_folder(tmp_path):
    """``python -m tabletop.core.golden goofspiel.rules:Goofspiel`` run in ``examples/``."""
    examples = Path(__file__).parent.parent / "examples"
    env = {**os.environ, "PYTHONIOENCODING": "utf-8", "PYTHONPATH": os.pathsep.join(
        [str(Path(tabletop.__file__).parent.parent), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "tabletop.core.golden",
                           "goofspiel.rules:Goofspiel", "--seed", "2", "--out", str(tmp_path)],
                          cwd=examples, env=env, capture_output=True, encoding="utf-8",
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "goofspiel-2p-seed2.txt").read_text(encoding="utf-8").startswith(
        "# tabletop golden playthrough")


def test_options_not_at_their_default_are_given_on_the_command_line_and_named(tmp_path):
    """A game's options reach the command line (``--option KEY=VALUE``), and games that
    differ only in them write different files; default options keep the plain name."""
    from tabletop.core.golden import filename, main, playthrough

    main(["lava-flows", "--option", "slide=empty", "--option", "memory=true", "--seed", "4",
          "--out", str(tmp_path)])
    main(["lava-flows", "--seed", "4", "--out", str(tmp_path)])
    game = tabletop.load("lava-flows", slide="empty", memory=True)
    named = "lava-flows-2p-memory=true-slide=empty-seed4.txt"
    assert filename(game, 4) == named
    assert {p.name for p in tmp_path.iterdir()} == {"lava-flows-2p-seed4.txt", named}
    written = (tmp_path / named).read_text(encoding="utf-8")
    assert written == playthrough(game, 4) == regenerate(written)
    assert filename(tabletop.load("lascaux", players=3, strict_colour=False), 7) == \
        "lascaux-3p-seed7.txt"


def test_pythons_spelling_of_a_bool_option_is_read_as_a_bool(tmp_path):
    """``--option memory=True`` was kept as the text 'True' and refused as not a bool —
    "like the default False", which is how the refusal spells the default."""
    from tabletop.core.golden import main

    main(["lava-flows", "--option", "memory=True", "--option", "slide=empty", "--seed", "4",
          "--out", str(tmp_path)])
    assert [p.name for p in tmp_path.iterdir()] == [
        "lava-flows-2p-memory=true-slide=empty-seed4.txt"]


@pytest.mark.parametrize("option, message", [
    ("slide", r"--option takes KEY=VALUE \(e\.g\. --option cards=3\), not 'slide'$"),
    ("=empty", r"--option takes KEY=VALUE"),
    ("slid=empty", r"lava-flows has no option 'slid'; did you mean 'slide'\?"),
    ("memory=1", r"option memory=1 of lava-flows should be of type bool"),
])
def test_a_bad_option_on_the_command_line_is_one_line(option, message, tmp_path):
    from tabletop.core.golden import main

    with pytest.raises(SystemExit) as stopped:
        main(["lava-flows", "--option", option, "--out", str(tmp_path)])
    text = str(stopped.value.code)
    assert "\n" not in text and text.startswith("python -m tabletop.core.golden: ")
    assert re.search(message, text), text
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("argv", [["--help"], ["lascaux", "--players", "three"]])
def test_the_commands_usage_names_the_command_a_user_types(argv, capsys):
    """Not ``golden.py``: an installed package has no such file to run."""
    from tabletop.core.golden import main

    with pytest.raises(SystemExit):
        main(argv)
    said = capsys.readouterr()
    assert (said.out + said.err).startswith("usage: python -m tabletop.core.golden ")
    assert "golden.py:" not in said.err  # argparse's own errors start with the prog too
