"""Golden playthroughs: every file in tests/golden replays to the same text."""

from pathlib import Path

import pytest

import tabletop
from tabletop.core.golden import regenerate, settings_of

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_playthrough_replays_identically(path):
    expected = path.read_text()
    assert regenerate(expected) == expected, (
        f"{path.name} no longer replays the same; if the change is intended, rewrite it with "
        f"python -m tabletop.core.golden"
    )


@pytest.mark.parametrize("name", tabletop.games())
def test_every_game_has_a_golden_playthrough(name):
    games = {settings_of(p.read_text())["game"] for p in FILES}
    assert name in games, f"no golden playthrough for {name} in tests/golden"
