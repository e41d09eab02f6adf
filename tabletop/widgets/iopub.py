"""Keep a kernel from dropping the messages a page of widgets needs.

An IPython kernel sends the page everything it shows — each widget's creation and updates, a
cell's outputs, the "idle" that ends a cell — on one ZeroMQ PUB socket, through the Jupyter
server. That socket queues at most 1,000 messages for a reader (ZeroMQ's default; ipykernel
sets none) and, past that, drops the newest **silently**. A cell of many game widgets sends
them in a burst (a gallery of eight boards and a tree: some 2,000 messages in the cell, 850
more as the previous run's widgets close), so a server slower to read than the kernel is to
write (a busy machine, a Binder) lost some: a board never shown ("widget model not found" in
the browser's console), a cell whose run never ended. Measured with a reader that paused
8 s while a kernel made 3,000 buttons: 4,987 of their 9,000 creation messages arrived.

So the first tabletop widget of a kernel lets that queue hold ``QUEUE`` messages (set in the
socket's own thread, as ZeroMQ wants; it applies to the server already connected): 9,000
of 9,000 arrived in the same test. Outside an IPython kernel it does nothing.

>>> hold_messages(shell=None)
False
"""

from __future__ import annotations

from typing import Any

#: The most messages the kernel's PUB socket queues for a reader that lags (100 times
#: ZeroMQ's default; a reader 100,000 messages behind is a server that has stopped).
QUEUE = 100_000

_done: list[object] = []  # the kernels whose queue was set


def hold_messages(shell: Any = ...) -> bool:
    """Let the kernel of ``shell`` (IPython's, by default) queue ``QUEUE`` messages for the
    page, once per kernel; whether there is such a kernel (``False`` outside one)."""
    if shell is ...:
        from IPython import get_ipython

        shell = get_ipython()
    thread = getattr(getattr(shell, "kernel", None), "iopub_thread", None)
    socket, loop = getattr(thread, "socket", None), getattr(thread, "io_loop", None)
    if socket is None or loop is None:
        return False
    if not any(done is thread for done in _done):
        import zmq

        loop.add_callback(socket.setsockopt, zmq.SNDHWM, QUEUE)
        _done.append(thread)
    return True
