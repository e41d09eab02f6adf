"""Closing canvases once the page has drawn them (``tabletop.render.canvasclose``).

The page is simulated: its answer is the marker's ``image_data`` set to a 1x1 PNG of a
colour, as ipycanvas' page model sends it back (``sync_image_data``). The real page is
tests/browser/test_canvas_chain.py's.
"""

from __future__ import annotations

import asyncio
import io
import subprocess
import sys
from collections.abc import Awaitable, Callable
from typing import Any

import ipywidgets as w
import pytest
from PIL import Image

import tabletop
from tabletop.render import canvasclose
from tabletop.render.canvasclose import DrawnCloser, mark_colour, mark_of, passed, pixel_mark
from tabletop.widgets.tree import TreeWidget

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def png(colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (1, 1), colour).save(out, "PNG")
    return out.getvalue()


def answer(closer: DrawnCloser, mark: int) -> None:
    """The page sends back the marker's pixels painted with ``mark``."""
    closer.marker().set_trait("image_data", png(mark_colour(mark)))


def in_loop(test: Callable[[], Awaitable[None]]) -> None:
    asyncio.run(test())  # type: ignore[arg-type]


def kernel_closer(wait: float = 30.0) -> DrawnCloser:
    return DrawnCloser(front_end=lambda: True, wait=wait)


def test_marks_round_trip_through_colours_and_pixels() -> None:
    for mark in [1, 2, 255, 256, 65_535, 65_536, 1 << 23, (1 << 24) - 1]:
        assert mark_of(bytes.fromhex(mark_colour(mark)[1:])) == mark
        assert pixel_mark(png(mark_colour(mark))) == mark
    assert pixel_mark(b"no picture") is None and pixel_mark(b"") is None
    assert passed(5, 5) and passed(5, 9) and not passed(9, 5)
    assert passed((1 << 24) - 2, 3)  # the marks counted round
    assert not passed(3, (1 << 24) - 2)


def test_outside_a_kernel_widgets_close_at_once() -> None:
    parts = [w.Layout(), w.Button()]
    DrawnCloser(front_end=lambda: False).close(parts)
    assert all(part.comm is None for part in parts)


def test_in_a_kernel_without_an_event_loop_widgets_close_at_once() -> None:
    parts = [w.Layout()]
    closer = kernel_closer()
    closer.close(parts)  # (no loop runs in this thread)
    assert parts[0].comm is None and closer.pending == [] and closer._marker is None


def test_a_close_waits_for_the_page_to_draw_the_marker_painted_after_it() -> None:
    async def test() -> None:
        closer = kernel_closer()
        first, second = [w.Layout()], [w.Layout(), w.Layout()]
        closer.close(first)
        closer.close(second)
        assert [mark for mark, _, _ in closer.pending] == [1, 2]
        assert closer.marker().fill_style == mark_colour(2)
        assert first[0].comm is not None and second[0].comm is not None
        answer(closer, 1)  # the page has drawn the first mark only
        assert first[0].comm is None
        assert all(part.comm is not None for part in second)
        answer(closer, 1)  # (the same pixels again: no change, nothing more)
        assert all(part.comm is not None for part in second)
        closer.marker().set_trait("image_data", b"garbage")  # unreadable: no answer
        assert all(part.comm is not None for part in second)
        answer(closer, 2)
        assert all(part.comm is None for part in second) and closer.pending == []
    in_loop(test)


def test_a_later_mark_answers_the_earlier_ones_too() -> None:
    async def test() -> None:
        closer = kernel_closer()
        parts = [w.Layout() for _ in range(3)]
        for part in parts:
            closer.close([part])
        answer(closer, 3)
        assert all(part.comm is None for part in parts) and closer.pending == []
    in_loop(test)


def test_a_page_that_never_answers_has_the_widgets_closed_after_the_wait() -> None:
    async def test() -> None:
        closer = kernel_closer(wait=0.05)
        parts = [w.Layout()]
        closer.close(parts)
        await asyncio.sleep(0.01)
        assert parts[0].comm is not None
        await asyncio.sleep(0.2)
        assert parts[0].comm is None and closer.pending == []
    in_loop(test)


def test_closed_widgets_are_skipped_and_a_closed_marker_is_made_again() -> None:
    async def test() -> None:
        closer = kernel_closer()
        done = w.Layout()
        done.close()
        closer.close([done])
        assert closer.pending == [] and closer._marker is None  # nothing to wait for
        parts = [w.Layout()]
        closer.close(parts)
        old = closer.marker()
        old.close()  # ipywidgets.Widget.close_all() closes the marker too
        later = [w.Layout()]
        closer.close(later)
        assert closer.marker() is not old
        answer(closer, 2)
        assert parts[0].comm is None and later[0].comm is None
    in_loop(test)


def test_game_and_tree_widgets_close_their_canvases_once_drawn(monkeypatch: Any) -> None:
    """Every close of tabletop's canvases goes through the closer: the widget itself (its
    bots, its controls) closes at once, its canvases once the page has drawn them."""
    async def test() -> None:
        closer = kernel_closer()
        monkeypatch.setattr(canvasclose, "CLOSER", closer)
        game = tabletop.play("lascaux", players=3, seed=1, bots={1: "random"}, paused=True)
        tree = TreeWidget(game.state, depth=1)
        canvases = [*game.board.canvases, game.board.widget, *tree.canvas.canvases,
                    tree.canvas.widget, *tree.cursor.parts]
        game.close()
        tree.close()
        assert game.closed and game.comm is None and tree.comm is None
        assert game.board.frame.comm is None and game.board.still.comm is None
        assert all(canvas.comm is not None for canvas in canvases)
        answer(closer, closer.marks)
        assert all(canvas.comm is None and canvas.layout.comm is None for canvas in canvases)
    in_loop(test)


def test_a_plain_process_closes_everything_at_once_and_exits() -> None:
    """A script (no kernel, no page): ``close()`` closes every canvas at once, nothing waits
    and the process ends promptly."""
    script = (
        "import asyncio, tabletop\n"
        "from tabletop.widgets.tree import TreeWidget\n"
        "from tabletop.render.canvasclose import CLOSER\n"
        "async def main():\n"
        "    g = tabletop.play('lacuna', seed=1)\n"
        "    t = TreeWidget(g.state, depth=1)\n"
        "    parts = [*g.board.canvases, g.board.widget, *t.canvas.canvases, *t.cursor.parts]\n"
        "    g.close(); t.close()\n"
        "    print(all(p.comm is None for p in parts), len(CLOSER.pending), CLOSER._marker)\n"
        "asyncio.run(main())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=True)
    assert done.stdout.split() == ["True", "0", "None"], done
