"""A kernel's burst of widget messages reaches a reader that lags (``widgets.iopub``).

A real IPython kernel (``jupyter_client``) makes a burst of widgets while this test, its only
reader, does not read until the kernel has made them all and a while more, as a busy Jupyter
server would not: before the kernel's
first tabletop widget ZeroMQ drops what its queue cannot hold (the control: if it ever stops
dropping, the fix is no longer needed); after it, every creation message arrives.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.widgets import iopub

pytest.importorskip("jupyter_client")

#: Buttons a burst makes (three creation messages each: the button, its layout, its style),
#: and how long the reader still does not read once the kernel has made them (its socket's
#: thread sends them on meanwhile). The reader waits for the kernel, not for a set time: a
#: busy machine once took longer than a set 8 s to make them, and the reader that woke up
#: before the end of the burst read every message of it.
BUTTONS, LAG = 3000, 2.0


@pytest.fixture(scope="module")
def kernel() -> Iterator[Any]:
    from jupyter_client import KernelManager

    manager = KernelManager(kernel_name="python3")
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(client: Any, code: str) -> str:
    """Run ``code`` in the kernel; what it printed (fails on an error)."""
    said: list[str] = []
    reply = client.execute_interactive(
        code, timeout=120, output_hook=lambda msg: said.append(msg["content"].get("text", "")))
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(said)


def burst_received(client: Any) -> int:
    """The creation messages that reach this reader of a burst of ``BUTTONS`` buttons when it
    does not read until the kernel has made them and ``LAG`` seconds more."""
    while True:  # (what came before)
        try:
            client.get_iopub_msg(timeout=0.5)
        except queue.Empty:
            break
    sent = client.execute(f"burst = [W.Button(description=str(i)) for i in range({BUTTONS})]\n"
                          "W.Widget.close_all()")
    while client.get_shell_msg(timeout=120)["parent_header"].get("msg_id") != sent:
        pass  # (the kernel's replies to earlier requests)
    time.sleep(LAG)
    opened = 0
    while True:
        try:
            message = client.get_iopub_msg(timeout=5)
        except queue.Empty:
            return opened
        opened += message["msg_type"] == "comm_open"


def test_a_burst_of_widgets_reaches_a_reader_that_lags_once_a_tabletop_widget_is_made(
        kernel: Any) -> None:
    run(kernel, "import ipywidgets as W")
    before = burst_received(kernel)
    assert before < 3 * BUTTONS, "ZeroMQ no longer drops a burst: is widgets.iopub needed?"
    said = run(kernel, "import tabletop, zmq\n"
                       "board = tabletop.play('lacuna', seed=1)\n"
                       "import time; time.sleep(0.5)  # (the socket's thread sets its queue)\n"
                       "print(get_ipython().kernel.iopub_thread.socket.getsockopt(zmq.SNDHWM))")
    assert said.split() == [str(iopub.QUEUE)]
    assert burst_received(kernel) == 3 * BUTTONS, f"{before} of {3 * BUTTONS} before"


def test_outside_a_kernel_nothing_is_set() -> None:
    class Terminal:  # IPython's terminal shell: no kernel
        kernel = None

    assert iopub.hold_messages(Terminal()) is False
    assert iopub.hold_messages(None) is False
