"""The oldest releases of other projects that the adapters work with: ``pyproject.toml``'s
floors for their extras (tests/test_floors.py keeps the two in step). pip checks them only
when the extra itself is installed, so an older release installed before tabletop is caught
here, by name, when an adapter is imported, not later and obscurely.

>>> require_extra("pettingzoo")  # nothing happens where the installed releases are new enough
>>> try:
...     require("numpy", "999", "pettingzoo")
... except ImportError as error:
...     print(str(error).split(" (")[0])
tabletop's pettingzoo extra needs numpy>=999
"""

from __future__ import annotations

import re
from importlib.metadata import PackageNotFoundError, version

#: ``{extra: {distribution: floor}}``: the lowest releases measured to work.
FLOORS: dict[str, dict[str, str]] = {
    "pettingzoo": {"pettingzoo": "1.24.3", "gymnasium": "1.0", "resvg-py": "0.5",
                   "pillow": "10"},
}


def release(text: str) -> tuple[int, ...]:
    """The numbers a version starts with, trailing zeros dropped (``"1.0"`` is ``"1"``).

    >>> release("1.24.3rc1"), release("10.0.0"), release("2024.1") > release("10")
    ((1, 24, 3), (10,), True)
    """
    match = re.match(r"\d+(\.\d+)*", text)
    numbers = [int(part) for part in match.group().split(".")] if match else []
    while numbers and numbers[-1] == 0:
        numbers.pop()
    return tuple(numbers)


def require(distribution: str, floor: str, extra: str) -> None:
    """An ``ImportError`` if ``distribution`` is installed in a release older than ``floor``
    (one that is missing is left to the import that needs it, which names it)."""
    try:
        have = version(distribution)
    except PackageNotFoundError:
        return
    if release(have) < release(floor):
        raise ImportError(f"tabletop's {extra} extra needs {distribution}>={floor} "
                          f"(installed: {have}): pip install \"tabletop[{extra}]\"")


def require_extra(extra: str) -> None:
    """``require`` every floor of ``extra``."""
    for distribution, floor in FLOORS[extra].items():
        require(distribution, floor, extra)
