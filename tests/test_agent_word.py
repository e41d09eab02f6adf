"""Issue 17, point 4: one word, "agent", in the code (the widget may say "bot" in its labels,
and the contract's ``tabletop.play(..., bots={...})`` keeps the name DESIGN gives it).

Read from the source: no module, class, function, parameter, attribute or variable name in
``tabletop/`` says "bot" but the contract's ``bots`` and the widget's ``start_bots`` that goes
with it (a widget built with ``bots=`` starts them, or not).
"""

import ast
import re
from pathlib import Path

from guards import failure

import tabletop

ROOT = Path(tabletop.__file__).parent
#: The names the contract spells with "bot": ``play(..., bots=...)`` and its widget's twin.
ALLOWED = {"bots", "start_bots"}
#: Words that hold "bot" but mean something else.
NOT_BOT = ("both", "bottom")


def says_bot(name: str) -> bool:
    """Whether a word of ``name`` (split at underscores and capitals) is or starts "bot"."""
    words = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+", name)
    return any(w.lower().startswith("bot") and not w.lower().startswith(NOT_BOT)
               for w in words)


def names_in(path: Path) -> set[str]:
    """Every name ``path`` binds: modules, classes, functions, arguments, attributes, targets."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.add((node.asname or node.name).rpartition(".")[2])
    return found


def test_the_code_says_agent_not_bot():
    said = sorted(f"{path.relative_to(ROOT.parent)}: {name}"
                  for path in ROOT.rglob("*.py") for name in names_in(path)
                  if says_bot(name) and name not in ALLOWED)
    said += sorted(f"{path.relative_to(ROOT.parent)}: the module's name"
                   for path in ROOT.rglob("*.py") if says_bot(path.stem))
    assert not said, failure(
        "names in tabletop/ that say 'bot' where the code says 'agent' (issue 17)", said,
        "rename each with 'agent' (agent_seats, not bot_seats); the widget's labels may say "
        "'bot', and only the contract's `bots`/`start_bots` keep the word in code")


def test_the_word_test_reads_words_not_letters():
    assert [says_bot(n) for n in ("bot_seats", "BotTurns", "botturns", "check_bot_secrecy")] \
        == [True] * 4
    assert not any(says_bot(n) for n in ("BOTTOM", "both", "robot", "agent_seats"))
