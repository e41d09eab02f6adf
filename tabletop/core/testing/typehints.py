"""Does a value keep the promise of a type hint? The reader ``check_annotations`` uses.

tabletop ships ``py.typed``: a user's type checker takes every hint at its word, so a value
must be what its hint says, as the type checker and ``json``/``repr`` see it, not only as
``isinstance`` does. So ``int`` is an ``int`` (not a ``bool`` nor a ``numpy.int64``),
``float`` an ``int`` or ``float`` (not a ``numpy.float64``, which ``isinstance`` lets
through), ``bool`` a ``bool`` (not a ``numpy.bool_``), ``str`` no ``numpy.str_``.

The forms read: ``Any``/``object``, ``None``, classes, unions and ``Optional``,
``Literal``, ``tuple[X, ...]`` and ``tuple[X, Y]``, sequences and sets (``list``,
``Sequence``, ``frozenset`` …, each item), mappings (``dict``, ``Mapping``: keys and values),
``Callable`` (callable), ``type[X]``, a generic class such as ``LegalActions[Action]`` (the
class, and each item when it is a sequence), numpy arrays with their dtype
(``npt.NDArray[np.bool_]``), and TypeVars (by their bound, or, unbound, as the class of the
owner: ``apply(self: S) -> S``). ``Iterator[X]``/``Iterable[X]`` are left to the caller,
which reads a few items. Any other form (a ``Protocol``, ``Annotated`` …) is taken as kept.

>>> import numpy as np
>>> mismatch(np.float64(1.5), float)
'numpy.float64 (1.5), not a float'
>>> mismatch([1, 2], tuple[int, ...]), mismatch((1, True), tuple[int, ...])
('list, not a tuple', 'item 1: bool (True), not an int')
>>> mismatch({"a": 1}, dict[int, int]), mismatch(None, "int | None")
("key 'a': str ('a'), not an int", None)
"""

from __future__ import annotations

import collections.abc as abc
import sys
import types
import typing
from typing import Any, Literal, TypeVar, Union

import numpy as np

from ..quoting import either

#: How many items of a container, and how deep, are read.
ITEMS = 40
DEPTH = 5
#: Builtins a value must be exactly (``True`` is no ``int`` to a record or a type checker).
EXACT: dict[type, tuple[type, ...]] = {int: (int,), float: (int, float), bool: (bool,)}
SEQUENCES = (list, tuple, abc.Sequence, abc.MutableSequence, set, frozenset, abc.Set,
             abc.MutableSet, abc.Collection, abc.Container)
MAPPINGS = (dict, abc.Mapping, abc.MutableMapping)


def _name(value: object) -> str:
    kind = type(value)
    module = "" if kind.__module__ == "builtins" else f"{kind.__module__.split('.')[0]}."
    plain = value.item() if isinstance(value, np.generic) else value
    shown = f" ({plain!r})" if isinstance(plain, (int, float, str)) else ""
    return f"{module}{kind.__qualname__}{shown}"[:120]


def _article(name: str) -> str:
    return f"an {name}" if name[:1] in "aeiou" else f"a {name}"


def mismatch(value: object, hint: object, owner: type | None = None,
             depth: int = 0) -> str | None:
    """How ``value`` breaks ``hint``, in words, or ``None`` when it keeps it. ``owner`` is
    the class an unbound TypeVar stands for (a method's ``self`` type)."""
    if isinstance(hint, str):
        hint = eval(hint, {"int": int, "float": float, "bool": bool, "str": str})  # noqa: S307
    if depth > DEPTH or hint in (Any, object):
        return None
    if hint is None or hint is type(None):
        return None if value is None else f"{_name(value)}, not None"
    if isinstance(hint, TypeVar):
        bound = hint.__bound__
        if bound is None or isinstance(bound, typing.ForwardRef):
            bound = owner
        return None if bound is None else mismatch(value, bound, owner, depth)
    hint = _aliased(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (Union, types.UnionType):
        found = [mismatch(value, arm, owner, depth) for arm in args]
        return None if None in found else f"{_name(value)}, not {_hint_text(hint)}"
    if origin is Literal:
        kept = any(value == arm and type(value) is type(arm) for arm in args)
        return None if kept else f"{_name(value)}, not one of {either(args, repr)}"
    if origin is None:
        return _plain(value, hint)
    if origin is type:
        return None if isinstance(value, type) else f"{_name(value)}, not a class"
    if origin is abc.Callable:
        return None if callable(value) else f"{_name(value)}, not callable"
    if not isinstance(origin, type):
        return None  # (Annotated, ClassVar … : not read)
    if not isinstance(value, origin):
        return f"{_name(value)}, not {_article(origin.__qualname__)}"
    if origin in (abc.Iterator, abc.Iterable, abc.Generator):
        return None  # read by the caller, a few items
    if issubclass(origin, np.ndarray):
        return _dtype(value, args)
    if origin in MAPPINGS and len(args) == 2:
        return _mapping(value, args, owner, depth)
    if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
        return _fixed(value, args, owner, depth)
    if args and isinstance(value, abc.Iterable) and (origin in SEQUENCES
                                                     or isinstance(value, abc.Sequence)):
        for i, item in enumerate(value):
            if i >= ITEMS:
                break
            problem = mismatch(item, args[0], owner, depth + 1)
            if problem:
                return f"item {i}: {problem}"
    return None


def _aliased(hint: object) -> object:
    """What a type alias (``type Floats = list[float]``, ``TypeAliasType``) stands for, its
    parameters substituted: numpy's ``NDArray`` is one from numpy 2.5 on."""
    origin = typing.get_origin(hint)
    alias = hint if origin is None else origin
    if not hasattr(alias, "__value__") or not hasattr(alias, "__type_params__"):
        return hint
    value = alias.__value__
    args = typing.get_args(hint)
    return _aliased(value[args] if origin is not None and alias.__type_params__ else value)


def _plain(value: object, hint: object) -> str | None:
    if not isinstance(hint, type) or getattr(hint, "_is_protocol", False):
        return None  # a Protocol (unless runtime-checkable) or a form not read
    exact = EXACT.get(hint)
    if exact is not None:
        kept = type(value) in exact
    else:
        kept = isinstance(value, hint) and not (hint is str and isinstance(value, np.generic))
    return None if kept else f"{_name(value)}, not {_article(hint.__qualname__)}"


def _dtype(value: Any, args: tuple[Any, ...]) -> str | None:
    dtypes = typing.get_args(args[1]) if len(args) == 2 else ()
    scalar = dtypes[0] if dtypes else Any
    if isinstance(scalar, type) and not issubclass(value.dtype.type, scalar):
        return f"an array of {value.dtype}, not of {scalar.__name__}"
    return None


def _mapping(value: Any, args: tuple[Any, Any], owner: type | None,
             depth: int) -> str | None:
    for i, (key, item) in enumerate(value.items()):
        if i >= ITEMS:
            break
        problem = mismatch(key, args[0], owner, depth + 1)
        if problem:
            return f"key {key!r}: {problem}"
        problem = mismatch(item, args[1], owner, depth + 1)
        if problem:
            return f"at {key!r}: {problem}"
    return None


def _fixed(value: Any, args: tuple[Any, ...], owner: type | None, depth: int) -> str | None:
    if args == ((),):
        args = ()
    if len(value) != len(args):
        return f"a tuple of {len(value)}, not of {len(args)}"
    for i, (item, arm) in enumerate(zip(value, args, strict=True)):
        problem = mismatch(item, arm, owner, depth + 1)
        if problem:
            return f"item {i}: {problem}"
    return None


def _hint_text(hint: object) -> str:
    return repr(hint).replace("typing.", "").replace("collections.abc.", "")


def promised(cls: type, name: str) -> object:
    """What ``cls.name`` promises to return (a property's value, a method's result): the
    annotation of the nearest class in the MRO that writes one — an unannotated override
    keeps its base's promise, which is what a user's type checker reads. ``None`` when no
    class annotates it, or the hint cannot be resolved (``Ellipsis`` stands for that)."""
    for klass in cls.__mro__:
        member = klass.__dict__.get(name)
        if member is None:
            continue
        function = member.fget if isinstance(member, property) else member
        if not callable(function) or "return" not in getattr(function, "__annotations__", {}):
            continue
        hints = resolved(function)
        return hints.get("return", Ellipsis) if hints is not None else Ellipsis
    return Ellipsis


def resolved(subject: Any) -> dict[str, Any] | None:
    """``typing.get_type_hints(subject)``, names imported only for type checkers (under
    ``if TYPE_CHECKING:``) looked up in the loaded modules, nearest package first; ``None``
    if a name is found nowhere."""
    extra: dict[str, Any] = {}
    home = getattr(subject, "__module__", "") or ""
    for _ in range(8):
        try:
            return typing.get_type_hints(subject, localns=extra or None)
        except NameError as error:
            found = _loaded(error.name or "", home)
            if found is None or error.name in extra:
                return None
            extra[error.name or ""] = found
    return None


def _loaded(name: str, home: str) -> object:
    """The class or module loaded under ``name`` in the module nearest ``home``."""
    def nearness(module: str) -> int:
        shared = 0
        for mine, theirs in zip(module.split("."), home.split("."), strict=False):
            if mine != theirs:
                break
            shared += 1
        return -shared
    for module in sorted((m for m in list(sys.modules) if m.startswith(home.split(".")[0])),
                         key=nearness):
        value = getattr(sys.modules[module], name, None)
        if isinstance(value, (type, types.ModuleType)):
            return value
    return None
