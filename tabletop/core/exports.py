"""What ``dir(package)`` shows, so that tab completion offers a package's public names.

Python's own ``dir(module)`` lists every global: with it, Jupyter completes
``tabletop.widgets.`` to ``Any`` and ``TYPE_CHECKING`` (the package's own imports) but not to
``TreeWidget`` (imported on first use). A package of tabletop defines
``__dir__ = package_dir(globals(), lazy=...)`` instead: its ``__all__``, the names it
imports on first use, its submodules and its dunders, and nothing else.

>>> import tabletop.widgets
>>> "TreeWidget" in dir(tabletop.widgets), "TYPE_CHECKING" in dir(tabletop.widgets)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import ModuleType


def package_dir(namespace: Mapping[str, object],
                lazy: Iterable[str] = ()) -> Callable[[], list[str]]:
    """The ``__dir__`` of the package whose globals are ``namespace``: its ``__all__``,
    ``lazy`` (what its ``__getattr__`` imports on first use), its submodules already
    imported, and the dunders (``__version__``, ``__doc__`` …).

    >>> show = package_dir({"__name__": "p", "__all__": ["f"], "f": len, "Any": object},
    ...                    lazy=["g"])
    >>> show()
    ['__all__', '__name__', 'f', 'g']
    """
    lazy = tuple(lazy)

    def __dir__() -> list[str]:
        name = str(namespace["__name__"])
        exported = namespace.get("__all__", ())
        assert isinstance(exported, (list, tuple))
        shown = {*map(str, exported), *lazy}
        for key, value in namespace.items():
            if key.startswith("__") or (isinstance(value, ModuleType)
                                       and value.__name__ == f"{name}.{key}"):
                shown.add(key)
        return sorted(shown)

    return __dir__
