"""A message that lists the valid choices lists them as a person writes them: "2 or 4
players", "one of 'ratings' or 'win rate'", never "2, 4 players" or a tuple's repr."""

import re
from pathlib import Path

import pytest

import tabletop
from tabletop.arena import arena
from tabletop.core.errors import InvalidOption, InvalidRecord
from tabletop.core.quoting import either

SOURCE = Path(tabletop.__file__).parent
#: A list of two or more choices as a message writes it: commas, "or" before the last.
LISTED = r"(\S+, )*\S+ or \S+"


def test_either_lists_choices_with_or_before_the_last():
    assert either([2]) == "2"
    assert either([2, 4]) == "2 or 4"
    assert either((3, 4, 5)) == "3, 4 or 5"
    assert either(["a", "b"], repr) == "'a' or 'b'"
    assert either([]) == "nothing"


@pytest.mark.parametrize("name", tabletop.games())
def test_a_wrong_player_count_names_the_counts_with_or(name):
    counts = type(tabletop.load(name)).player_counts
    with pytest.raises(InvalidOption) as info:
        tabletop.load(name, players=9)
    assert f"is played by {either(counts)} players, not 9" in str(info.value)
    if len(counts) > 1:
        assert re.search(rf"played by {LISTED} players", str(info.value))
    assert ", ".join(map(str, counts)) + " players" not in str(info.value) or len(counts) == 1


def test_landlock_says_two_or_four():
    with pytest.raises(InvalidOption, match=r"^landlock is played by 2 or 4 players, not 3$"):
        tabletop.load("landlock", players=3)


def test_a_record_with_a_wrong_player_count_names_the_counts_with_or():
    record = tabletop.load("lascaux").new(seed=1).to_record()
    with pytest.raises(InvalidRecord, match=r"lascaux is played by 3, 4 or 5 players"):
        tabletop.replay({**record, "players": 9})


def test_an_option_choice_and_a_setup_list_their_choices_with_or():
    with pytest.raises(InvalidOption, match=r"must be one of 'onto' or 'empty'"):
        tabletop.load("lava-flows", slide="nowhere")
    with pytest.raises(InvalidOption, match=rf"setup='later' is not one of {LISTED}"):
        tabletop.load("lava-flows").new(seed=1, setup="later")


def test_arena_arguments_list_their_choices_with_or():
    with pytest.raises(ValueError, match=r"errors should be one of 'forfeit' or 'raise', "):
        arena("lava-flows", ["random"] * 2, games=1, progress=False, errors="ignore")


def test_no_message_lists_choices_by_a_bare_join_or_a_repr():
    """Every "one of {...}" and "played by {...}" in tabletop's messages goes through
    ``either``: a bare ``', '.join`` reads "2, 4 players", a tuple's repr "('a', 'b')"."""
    built = re.compile(r"""(one of|played by) (["']\s+f?["'])?\{(?!either\()""")
    found = [f"{path.relative_to(SOURCE)}: {match.group(0)!r}"
             for path in sorted(SOURCE.rglob("*.py"))
             for match in built.finditer(path.read_text(encoding="utf-8"))]
    assert not found, "choices listed without either():\n" + "\n".join(found)
