"""The repository guards' failure message: what is wrong, where, and what to do about it.

A repository guard is a test that reads the repository itself (its source, docs, notebooks,
``pyproject.toml``) rather than running the library: file length, import shape, the word
"agent", named encodings, ``# type: ignore`` count... A newcomer meets one when a change of
theirs breaks a house rule they have not read yet, so its message says the rule, lists every
place that breaks it, and says how to fix it (``CONTRIBUTING.md``, "Repository guards",
lists them all; ``tests/test_guard_messages.py`` keeps each one built with :func:`failure`).

>>> print(failure("files over 600 lines", ["a.py: 612"], "split the file"))
files over 600 lines:
  a.py: 612
How to fix: split the file. (CONTRIBUTING.md, "Repository guards")
"""

from __future__ import annotations

from collections.abc import Iterable

#: Where the guards are listed for a contributor.
WHERE = 'CONTRIBUTING.md, "Repository guards"'


def failure(problem: str, found: Iterable[object], fix: str) -> str:
    """A guard's message: ``problem``, then each of ``found`` on a line, then ``fix``.

    >>> failure("files too long", {"x.py": 612}, "split it").splitlines()[1]
    '  x.py: 612'
    """
    if isinstance(found, dict):
        lines = [f"{key}: {value}" for key, value in found.items()]
    else:
        lines = [str(item) for item in found]
    fix = fix.rstrip(".")
    return "\n".join([f"{problem}:", *(f"  {line}" for line in lines),
                      f"How to fix: {fix}. ({WHERE})"])
