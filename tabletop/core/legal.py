"""``LegalActions``: the sequence ``legal_actions()`` returns, built only as far as it is read.

A game's ``_legal_actions()`` may return a plain tuple (wrapped as it is) or a lazy
``LegalActions(length, at)``: ``len`` and ``legal[i]`` then cost one call each, so
``rng.choice(state.legal_actions())`` builds one action, not the whole list (as
python-chess's legal-move generator does). Anything else that reads the whole sequence —
iteration, ``in``, slices, equality, ``hash`` — builds the tuple once and answers from it,
so the order and contents are exactly those of the tuple (``tuple(legal)``).

It compares equal to that tuple (``legal == tuple(legal)``, either way round), hashes like
it (``hash(legal) == hash(tuple(legal))``, as equal objects must) and prints like it (so
outputs stay the same); slices, ``+`` and a pickled copy are tuples of the same actions. In
a notebook it shows as a picture: the actions' notation, numbered by index (``_repr_html_``).

>>> legal = LegalActions(3, lambda i: "abc"[i])
>>> len(legal), legal[-1], legal.built
(3, 'c', False)
>>> legal == ("a", "b", "c"), ("a", "b", "c") == legal, "b" in legal, legal[1:]
(True, True, True, ('b', 'c'))
>>> hash(legal) == hash(("a", "b", "c")), legal.built, legal
(True, True, ('a', 'b', 'c'))
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Sequence
from html import escape
from numbers import Integral
from typing import Any, NoReturn, SupportsIndex, TypeVar, overload

from .action import Action
from .quoting import counted

T = TypeVar("T")

#: The longest list whose picture shows open (a longer one opens with a click).
OPEN_UP_TO = 60
#: The list's style: a grid of columns at least 12em wide, a long notation wrapped in its
#: cell. Only properties JupyterLab's sanitiser keeps (``display``, ``grid-*``,
#: ``overflow-wrap``, ``margin``), so a saved notebook reopened untrusted shows the same
#: columns (it drops CSS ``columns``, which made that list one long column).
LIST_STYLE = ("display: grid; grid-template-columns: repeat(auto-fill, minmax(12em, 1fr)); "
              "overflow-wrap: break-word; margin: 0")


def index_of(i: SupportsIndex) -> int:
    """``i`` as an index of a sequence, or the ``TypeError`` a tuple raises for it.

    >>> index_of(2), index_of(True)
    (2, 1)
    >>> index_of(1.0)
    Traceback (most recent call last):
    ...
    TypeError: legal action indices must be integers or slices, not float
    """
    try:
        return operator.index(i)
    except TypeError:
        raise TypeError(f"legal action indices must be integers or slices, not "
                        f"{type(i).__name__}") from None


def _tuple_of(other: object) -> tuple[Any, ...] | None:
    """The tuple a ``LegalActions`` or a tuple stands for; ``None`` for anything else."""
    if isinstance(other, LegalActions):
        return other.as_tuple()
    return other if isinstance(other, tuple) else None


class LegalActions(Sequence[T]):
    """A read-only sequence of ``length`` actions, action ``i`` being ``at(i)`` (``0 <= i <
    length``); ``build()``, if given, returns the whole tuple faster than ``at`` one by one.
    ``of(items)`` wraps a tuple that is already built."""

    __slots__ = ("_length", "_at", "_build", "_items", "_last")

    _length: int
    _at: Callable[[int], T]
    _build: Callable[[], tuple[T, ...]] | None
    _items: tuple[T, ...] | None
    _last: T | None

    def __init__(self, length: int, at: Callable[[int], T],
                 build: Callable[[], tuple[T, ...]] | None = None) -> None:
        # ``_last`` is the last action read by index: ``_coerce`` accepts it without
        # building the list. The slots are written through ``_SET``: the sequence is
        # read-only to everyone else (``__setattr__``).
        _SET["_length"](self, length)
        _SET["_at"](self, at)
        _SET["_build"](self, build)
        _SET["_items"](self, None)
        _SET["_last"](self, None)

    @staticmethod
    def of(items: tuple[T, ...]) -> LegalActions[T]:
        """The sequence of an already built tuple."""
        made: LegalActions[T] = object.__new__(_Built)  # the hot path: two writes, no __init__
        _set_items(made, items)
        _set_last(made, None)
        return made

    @property
    def built(self) -> bool:
        """Whether the whole tuple has been built."""
        return self._items is not None

    def as_tuple(self) -> tuple[T, ...]:
        """Every action, as a tuple (built once)."""
        items = self._items
        if items is None:
            build = self._build
            items = build() if build is not None else tuple(map(self._at, range(self._length)))
            _set_items(self, items)
        return items

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, i: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...

    def __getitem__(self, i: SupportsIndex | slice) -> T | tuple[T, ...]:
        if isinstance(i, slice):
            return self.as_tuple()[i]
        items = self._items
        if items is not None:  # built: the tuple answers
            found = items[i]
            _set_last(self, found)
            return found
        n = self._length
        k = index_of(i)
        if not -n <= k < n:
            raise IndexError("legal action index out of range")
        found = self._at(k + n if k < 0 else k)
        _set_last(self, found)
        return found

    def __iter__(self) -> Iterator[T]:
        return iter(self.as_tuple())

    def __reversed__(self) -> Iterator[T]:
        return reversed(self.as_tuple())

    def __contains__(self, item: object) -> bool:
        """Whether ``item`` is listed; notation or an action id among actions is refused
        (``TypeError`` saying what answers that question), never quietly ``False``."""
        if not isinstance(item, str | Integral) or isinstance(item, Action):
            return item in self.as_tuple()
        told = stranger_text(self, item)
        if told:
            raise TypeError(told)
        return item in self.as_tuple()

    def __bool__(self) -> bool:
        return self._length > 0

    def index(self, value: Any, start: SupportsIndex = 0, stop: SupportsIndex = 2**63) -> int:
        """Where ``value`` is in the list (``ValueError`` saying so if it is not there, and
        what to ask instead if it is notation or an action id)."""
        try:
            return self.as_tuple().index(value, start, stop)
        except ValueError:
            told = stranger_text(self, value)  # notation or an id: what answers instead
            raise ValueError(f"{str(value)!r} is not among these {len(self)} legal "
                             "actions" + (f" ({told})" if told else "")) from None

    def count(self, value: Any) -> int:
        """How many times ``value`` is listed (refusing notation or an id, as ``in`` does)."""
        told = stranger_text(self, value)
        if told:
            raise TypeError(told)
        return self.as_tuple().count(value)

    # compared, hashed, added and repeated as the tuple it stands for
    def __eq__(self, other: object) -> bool:
        found = _tuple_of(other)
        return NotImplemented if found is None else self.as_tuple() == found

    def __lt__(self, other: object) -> bool:
        found = _tuple_of(other)
        return NotImplemented if found is None else self.as_tuple() < found

    def __le__(self, other: object) -> bool:
        found = _tuple_of(other)
        return NotImplemented if found is None else self.as_tuple() <= found

    def __gt__(self, other: object) -> bool:
        found = _tuple_of(other)
        return NotImplemented if found is None else self.as_tuple() > found

    def __ge__(self, other: object) -> bool:
        found = _tuple_of(other)
        return NotImplemented if found is None else self.as_tuple() >= found

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __add__(self, other: Any) -> Any:
        return self.as_tuple() + (other.as_tuple() if isinstance(other, LegalActions) else other)

    def __radd__(self, other: Any) -> Any:
        return other + self.as_tuple()

    def __mul__(self, times: SupportsIndex) -> tuple[T, ...]:
        return self.as_tuple() * times

    __rmul__ = __mul__

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self.as_tuple(),))

    def __repr__(self) -> str:
        return repr(self.as_tuple())  # printed like the tuple it stands for

    def _repr_html_(self) -> str:
        """The list's picture in a notebook: each action's notation beside its index.

        >>> html = LegalActions(2, lambda i: ("pay", "<pass>")[i])._repr_html_()
        >>> print(html.replace(LIST_STYLE, "..."))
        <details open><summary>2 legal actions</summary><ol start="0" style="...">\
<li><code>pay</code></li><li><code>&lt;pass&gt;</code></li></ol></details>
        """
        items = self.as_tuple()
        if not items:
            return "<p><i>no legal actions</i></p>"
        shown = "".join(f"<li><code>{escape(str(action))}</code></li>" for action in items)
        opened = " open" if len(items) <= OPEN_UP_TO else ""
        return (f"<details{opened}><summary>{counted(len(items), 'legal action')}</summary>"
                f"<ol start=\"0\" style=\"{LIST_STYLE}\">{shown}</ol></details>")

    def __setattr__(self, name: str, value: object) -> None:
        _refuse(name)

    def __delattr__(self, name: str) -> None:
        _refuse(name)


def stranger_text(legal: LegalActions[Any], item: object) -> str | None:
    """Why ``item`` — a string or an integer — is never found among actions, and what to
    ask instead; ``None`` for anything else, and for lists of anything but actions (or
    empty). Looked for with ``in`` or ``count``, such an item is a ``TypeError`` with this
    text: notation and action ids are never listed, so ``False`` would be true of the
    objects and wrong of what the caller meant (the habit of OpenSpiel's integer actions,
    or of the notation ``apply`` takes); ``index`` adds it to its ``ValueError``.

    >>> import tabletop
    >>> state = tabletop.load("landlock").new(seed=0)
    >>> "land" in state.legal_actions()
    Traceback (most recent call last):
    ...
    TypeError: 'land' is notation, not an action: state.is_legal('land') says whether it ...
    >>> state.is_legal("land"), state.legal_actions()[0] in state.legal_actions()
    (True, True)
    """
    if not isinstance(item, str | Integral) or not legal \
            or not isinstance(legal[0], Action):
        return None
    shown = f"{item!r}" if isinstance(item, str | bool) else f"{int(item)}"
    if isinstance(item, str):
        return (f"{shown} is notation, not an action: state.is_legal({shown}) says whether "
                f"it may be played, state.legal_actions() holds Action objects "
                f"(str(action) is an action's notation)")
    if isinstance(item, bool):
        return f"{shown} is not an action: state.legal_actions() holds Action objects"
    return (f"{shown} is an action id, not an action: {shown} in "
            f"state.legal_action_ids() (or state.legal_mask()[{shown}]) says whether it "
            f"is legal, state.action_from_id({shown}) is its action")


def _refuse(name: str) -> NoReturn:
    raise AttributeError(f"legal actions are read-only (their {name!r} can't be set or "
                         "deleted): list(legal) is a copy to change")


def _setters(cls: type) -> dict[str, Callable[[object, object], None]]:
    """How to write each of ``cls``'s own slots (its ``__setattr__`` refuses)."""
    return {name: vars(cls)[name].__set__ for name in vars(cls)["__slots__"]}


_SET = _setters(LegalActions)
_set_length, _set_items, _set_last = (_SET[name] for name in ("_length", "_items", "_last"))


class _Built(LegalActions[T]):
    """``of``'s sequence: its tuple is built and answers for everything, the length too (so
    only ``_items`` and ``_last`` are written: every playout makes one per ply)."""

    __slots__ = ()

    _items: tuple[T, ...]
    _build = None

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)


def nth_set_bit(mask: int, n: int) -> int:
    """The position of the ``n``-th (from 0) lowest set bit of a non-negative ``mask`` that
    has more than ``n`` set bits: halving the mask, one ``bit_count`` a step, down to 1024
    bits, then seven fixed halvings, unrolled (512, 256, … 8: no width to track, and the bits
    above the window the bit is in are left and never counted), down to a byte (then a
    table). Lacuna's masks (800-odd bits) take the fixed halvings alone.

    >>> [nth_set_bit(0b1011001, n) for n in range(4)]
    [0, 3, 4, 6]
    >>> nth_set_bit(1 << 5000 | 1, 1), nth_set_bit(1 << 63 | 1 << 40, 1)
    (5000, 63)
    """
    offset = 0
    width = mask.bit_length()
    while width > 1024:
        half = width >> 1
        try:
            low = mask & _LOW[half]
        except IndexError:  # a mask wider than the table's (none of the games' yet)
            low = mask & ((1 << half) - 1)
        count = low.bit_count()
        if n < count:
            mask = low
            width = half
        else:
            n -= count
            mask >>= half
            offset += half
            width -= half
    count = (mask & _LOW_512).bit_count()
    if n >= count:
        n -= count
        mask >>= 512
        offset += 512
    count = (mask & _LOW_256).bit_count()
    if n >= count:
        n -= count
        mask >>= 256
        offset += 256
    count = (mask & _LOW_128).bit_count()
    if n >= count:
        n -= count
        mask >>= 128
        offset += 128
    count = (mask & 0xFFFFFFFFFFFFFFFF).bit_count()
    if n >= count:
        n -= count
        mask >>= 64
        offset += 64
    count = (mask & 0xFFFFFFFF).bit_count()
    if n >= count:
        n -= count
        mask >>= 32
        offset += 32
    count = (mask & 0xFFFF).bit_count()
    if n >= count:
        n -= count
        mask >>= 16
        offset += 16
    count = (mask & 0xFF).bit_count()
    if n >= count:
        n -= count
        mask >>= 8
        offset += 8
    return offset + _IN_BYTE[mask & 0xFF][n]


_LOW = [(1 << h) - 1 for h in range(1024)]  # the lowest h bits, for the halving
_LOW_512, _LOW_256, _LOW_128 = _LOW[512], _LOW[256], _LOW[128]  # (a global each: no index)
_IN_BYTE = tuple(tuple(b for b in range(8) if (v >> b) & 1) for v in range(256))
"""The positions of the set bits of each byte value."""


def from_bits(mask: int, item: Callable[[int], T],
              build: Callable[[int], tuple[T, ...]] | None = None) -> LegalActions[T]:
    """The lazy sequence of ``item(b)`` for each set bit ``b`` of ``mask``, ascending;
    ``build(mask)``, if given, returns the whole tuple at once.

    >>> legal = from_bits(0b10110, "abcde".__getitem__); len(legal), legal[1], legal
    (3, 'c', ('b', 'c', 'e'))
    >>> from_bits(0b101, "abc".__getitem__, lambda m: ("a", "c"))[-1:]
    ('c',)
    """
    made: _Bits[T] = object.__new__(_Bits)  # the hot path: no __init__, no closure per list
    _set_length(made, mask.bit_count())
    _set_mask(made, mask)
    _set_item(made, item)
    _set_build_bits(made, build)
    _set_items(made, None)
    _set_last(made, None)
    return made


class _Bits(LegalActions[T]):
    """``from_bits``' sequence: action ``n`` is ``item(nth_set_bit(mask, n))``, read from the
    mask it keeps (a random pick builds one action and makes no closure)."""

    __slots__ = ("_mask", "_item", "_build_bits")

    _mask: int
    _item: Callable[[int], T]
    _build_bits: Callable[[int], tuple[T, ...]] | None
    _build = None  # ``as_tuple`` builds from the mask

    def _at(self, n: int) -> T:  # a method here, not a slot
        return self._item(nth_set_bit(self._mask, n))

    def as_tuple(self) -> tuple[T, ...]:
        items = self._items
        if items is None:
            build = self._build_bits
            items = build(self._mask) if build is not None else tuple(
                map(self._at, range(self._length)))
            _set_items(self, items)
        return items

    @overload
    def __getitem__(self, i: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[T, ...]: ...

    def __getitem__(self, i: SupportsIndex | slice) -> T | tuple[T, ...]:
        if self._items is not None or type(i) is not int:  # built, a slice or an index-like
            return LegalActions.__getitem__(self, i)
        n = self._length
        if not -n <= i < n:
            raise IndexError("legal action index out of range")
        found = self._item(nth_set_bit(self._mask, i + n if i < 0 else i))
        _set_last(self, found)
        return found


_set_mask, _set_item, _set_build_bits = _setters(_Bits).values()


#: The legal actions of a position where nobody may act.
NONE: LegalActions[Any] = LegalActions.of(())


def legal_of(actions: Sequence[T]) -> LegalActions[T]:
    """``actions`` as a ``LegalActions`` (a lazy one as it is, anything else as a tuple).

    >>> legal_of([1, 2]).built, legal_of([1, 2]), legal_of(()) is NONE
    (True, (1, 2), True)
    """
    if type(actions) is tuple:  # the common case first: no ABC check, no copy
        return LegalActions.of(actions) if actions else NONE
    if type(actions) is LegalActions or isinstance(actions, LegalActions):
        return actions
    items = tuple(actions)
    return LegalActions.of(items) if items else NONE
