"""Issue 17: no private names cross modules — in particular, no module of a game package
reads a private attribute of its Game (``game._x``, ``self.game._x``) but ``rules.py``, where
the Game is written (the issue's example: Lava Flows' position code reading
``game._top_only`` and the Game's memos). What the position needs of the Game is public.

The core's own hooks (``Game._parse``, ``_check_option`` … , written by every game for the
core to call) are the Game base's: the core calling them is not a crossing.
"""

import ast
from pathlib import Path

from guards import failure

import tabletop

GAMES = Path(tabletop.__file__).parent / "games"
EXAMPLES = Path(tabletop.__file__).parent.parent / "examples"


def private_game_reads(path: Path) -> list[str]:
    """``line: text`` of every read of a private attribute of a ``game`` in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and not node.attr.startswith("__")):
            continue
        owner = node.value
        name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        if name == "game":
            found.append(f"{path.relative_to(GAMES.parent.parent)}:{node.lineno}: "
                         f"{ast.unparse(node)}")
    return found


def test_no_game_module_but_rules_reads_a_private_attribute_of_the_game():
    packages = [p for p in (*GAMES.iterdir(), *EXAMPLES.iterdir())
                if (p / "rules.py").exists()]
    assert len(packages) >= 5  # the four games and the worked example
    found = [line for package in packages for path in sorted(package.glob("*.py"))
             if path.name != "rules.py" for line in private_game_reads(path)]
    assert not found, failure(
        "private attributes of the Game read outside rules.py", found,
        "have rules.py set a public, read-only attribute (or property) with the value "
        "the other module needs, e.g. Lava Flows' `game.tables`, and read that")


def test_what_the_lava_flows_position_reads_of_its_game_is_public_and_read_only():
    """The tables every ply reads (``game.tables``) are the Game's, set once; neither they nor
    their fields can be rebound, so no state sees other rules than its record says."""
    import pytest

    game = tabletop.load("lava-flows", ply_cap=12)
    state = game.new(seed=1, setup="random")
    assert game.tables.ply_cap == 12
    with pytest.raises(AttributeError, match="is immutable"):
        game.tables = None
    for name in ("ply_cap", "memos", "top_only"):
        with pytest.raises(AttributeError, match="play tables are read-only"):
            setattr(game.tables, name, 5)
        with pytest.raises(AttributeError, match="play tables are read-only"):
            delattr(game.tables, name)
    assert game.tables.ply_cap == 12 and tabletop.replay(state.to_record()) == state
