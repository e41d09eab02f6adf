"""Counting the bytes a kernel sends to the page over the widget comms (benchmarks, tests).

Every message from a widget to its frontend model goes through ``Widget._send`` (a state
update, or ipycanvas' drawing commands as a custom message), but the first, which opens the
widget's comm with its whole state (``comm.create_comm`` in ``Widget.open``): ``Meter``
wraps both and counts each message's JSON and binary buffers, by widget class and by what
the message carried (``Class:open`` for a comm's opening).

>>> import ipywidgets
>>> box = ipywidgets.HTML("a")
>>> with Meter() as meter:
...     box.value = "bc"
>>> meter.total() > 0, sorted(meter.by_part())
(True, ['HTML.value'])
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import ipywidgets.widgets.widget as widget_module
from ipywidgets import Widget


def message_bytes(msg: dict[str, Any], buffers: Any) -> int:
    """The bytes of one comm message's content: its JSON and its binary buffers."""
    size = len(json.dumps(msg, separators=(",", ":"), default=str).encode("utf-8"))
    for buffer in buffers or ():
        size += memoryview(buffer).nbytes
    return size


class Meter:
    """While entered, every message a widget sends: ``(part, bytes)`` in ``messages``.

    A part is ``Class.trait`` for a state update (one per trait it carries, with its JSON and
    buffers; the envelope counts with the first) or ``Class:custom`` for a custom message.
    """

    def __init__(self) -> None:
        self.messages: list[tuple[str, int]] = []
        self._original: Any = None
        self._opened: Any = None

    def __enter__(self) -> Meter:
        self._original = original = Widget._send
        self._opened = opened = widget_module.comm.create_comm
        meter = self

        def send(widget: Widget, msg: dict[str, Any], buffers: Any = None) -> None:
            meter._count(widget, msg, buffers)
            original(widget, msg, buffers)

        def create_comm(**args: Any) -> Any:
            state = args.get("data", {}).get("state", {})
            kind = str(state.get("_model_name", "Widget")).removesuffix("Model")
            size = message_bytes(args.get("data", {}), args.get("buffers"))
            meter.messages.append((f"{kind}:open", size))
            return opened(**args)

        Widget._send = send  # type: ignore[method-assign]
        widget_module.comm.create_comm = create_comm
        return self

    def __exit__(self, *exc: object) -> None:
        Widget._send = self._original  # type: ignore[method-assign]
        widget_module.comm.create_comm = self._opened

    def _count(self, widget: Widget, msg: dict[str, Any], buffers: Any) -> None:
        kind = type(widget).__name__
        size = message_bytes(msg, buffers)
        if msg.get("method") != "update":
            self.messages.append((f"{kind}:{msg.get('method')}", size))
            return
        state = msg.get("state", {})
        paths = msg.get("buffer_paths", ())
        parts: Counter[str] = Counter()
        for key, value in state.items():
            parts[key] += message_bytes({key: value}, ())
        for path, buffer in zip(paths, buffers or (), strict=False):
            parts[str(path[0])] += memoryview(buffer).nbytes
        rest = size - sum(parts.values())  # the envelope: method, brackets, buffer paths
        for i, (key, part) in enumerate(sorted(parts.items())):
            self.messages.append((f"{kind}.{key}", part + (rest if i == 0 else 0)))
        if not parts:
            self.messages.append((f"{kind}.?", size))

    def total(self, but: str = "") -> int:
        """All the bytes, or all but the part named ``but`` (``"Image.value"``: the stills)."""
        return sum(size for part, size in self.messages if part != but)

    def by_part(self) -> Counter[str]:
        parts: Counter[str] = Counter()
        for part, size in self.messages:
            parts[part] += size
        return parts

    def reset(self) -> None:
        self.messages.clear()
