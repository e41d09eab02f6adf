"""A small saved arena dataset for the tests that edit one (``test_arena_lines``,
``test_arena_tampering``): made once per module, copied before each edit."""

from __future__ import annotations

import shutil
from pathlib import Path

from tabletop.arena import arena

#: The entrants of every saved dataset here.
PAIR = ["random", "mcts-weak"]


def saved_dataset(folder: Path, games: int) -> Path:
    """``folder/saved``: a Lava Flows dataset of ``games`` games in one batch."""
    arena("lava-flows", PAIR, games=games, seed=0, progress=False, save=folder / "saved",
          batch=games)
    return folder / "saved"


def copy(saved: Path, tmp_path: Path) -> Path:
    """A copy of the dataset ``saved`` under ``tmp_path``, to edit."""
    shutil.copytree(saved, tmp_path / "copy")
    return tmp_path / "copy"
