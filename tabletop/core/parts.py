"""A game's parts found by declaration: its Game class names the modules of its package that
hold its renderer and its click input, and the core imports them on first use.

>>> class Pile:   # a game class in package ``tabletop.games.lascaux`` would say:
...     renderer = "render:draw"
...     clicks = "input:LascauxInput"
>>> Pile.__module__ = "tabletop.games.lascaux.rules"
>>> part(Pile, "renderer").__name__, part(Pile, "clicks").__name__
('draw', 'LascauxInput')

So a game's ``rules.py`` never imports its ``render.py`` or ``input.py``: data flows one way,
rules → render, and no game writes a lazy import of its own.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_found: dict[tuple[type, str], Any] = {}


def part(owner: type, declaration: str) -> Any:
    """What ``owner.<declaration>`` (``"module:name"``, the module relative to the package
    of the class that declares it) names, imported once; ``None`` if nothing is declared.

    >>> import tabletop
    >>> class HouseLascaux(type(tabletop.load("lascaux"))):   # in a notebook's __main__
    ...     name = "house-lascaux"
    >>> part(HouseLascaux, "clicks").__name__
    'LascauxInput'
    """
    key = (owner, declaration)
    if key not in _found:
        spec = getattr(owner, declaration, "")
        _found[key] = _resolve(owner, declaration, spec) if spec else None
    return _found[key]


def _resolve(owner: type, declaration: str, spec: str) -> Any:
    module, colon, name = spec.partition(":")
    package = _declarer(owner, declaration).__module__.rpartition(".")[0]
    if not colon or not module or not name:
        raise TypeError(f"{owner.__name__}.{declaration} should read 'module:name', "
                        f"not {spec!r}")
    where = f"{package}.{module}" if package else module
    try:
        return getattr(import_module(where), name)
    except (ImportError, AttributeError) as err:
        raise TypeError(f"{owner.__name__}.{declaration} = {spec!r}: no {name} in "
                        f"{where} ({err})") from err


def _declarer(owner: type, declaration: str) -> type:
    """The class in ``owner``'s MRO that wrote the declaration: its package holds the part
    (a subclass of a shipped game, in a notebook, draws with the shipped renderer)."""
    return next((cls for cls in owner.__mro__ if declaration in vars(cls)), owner)


class Declared:
    """A class attribute that is the part a declaration names:
    ``input_class = Declared("clicks")`` is ``part(cls, "clicks")``, on the class and on
    its instances. A subclass may still assign the attribute directly."""

    def __init__(self, declaration: str) -> None:
        self.declaration = declaration

    def __get__(self, obj: object, owner: type) -> Any:
        return part(owner, self.declaration)
