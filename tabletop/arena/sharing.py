"""How many timed games may run at once on this machine's CPUs.

``move_time`` is measured on the wall clock, so a game that waits for a CPU spends its
agents' time. A ``ProcessPoolExecutor(4)`` on a machine where this process may use one CPU
(a Binder, ``taskset -c 0``, a CI runner's quota) shares that CPU among four games: agents
that move in a tenth of ``move_time`` alone lost 7 games of 8 on time there. So with a
``move_time``, an executor whose workers run on this machine — a ``concurrent.futures``
process pool, a thread pool, a Dask ``LocalCluster``'s client — gets at most one game in
flight per usable CPU (``tabletop.core.cpus.usable_cpus``), and a thread pool one game at a
time where threads take turns at Python (the GIL). A remote cluster's workers have CPUs of
their own: ``batch`` alone bounds them.

>>> from concurrent.futures import ThreadPoolExecutor
>>> with ThreadPoolExecutor(4) as pool:
...     timed_window(pool, 100, move_time=None), timed_window(pool, 100, move_time=1.0)
(100, 1)
>>> timed_window(None, 100, move_time=1.0)  # games played here run one by one anyway
100
"""

from __future__ import annotations

import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from ..core.cpus import usable_cpus


def timed_window(executor: Any, batch: int, move_time: float | None) -> int:
    """How many games may be in flight at once on ``executor``: ``batch``, or, with a
    ``move_time`` and workers on this machine, no more than it has CPUs for them."""
    if move_time is None or executor is None:
        return batch
    if isinstance(executor, ThreadPoolExecutor):
        return min(batch, usable_cpus() if _threads_run_in_parallel() else 1)
    if isinstance(executor, ProcessPoolExecutor) or _is_local_dask(executor):
        return min(batch, usable_cpus())
    return batch


def _threads_run_in_parallel() -> bool:
    """Whether this Python runs threads' Python code at once (a free-threaded build)."""
    gil_enabled = getattr(sys, "_is_gil_enabled", None)
    return gil_enabled is not None and not gil_enabled()


def _is_local_dask(executor: Any) -> bool:
    """Whether ``executor`` is a Dask client of a ``LocalCluster`` (workers on this machine).
    Dask is not imported for it: a client of one exists only once Dask is."""
    deploy = sys.modules.get("distributed.deploy.local")
    local_cluster = getattr(deploy, "LocalCluster", None)
    cluster = getattr(executor, "cluster", None)
    return local_cluster is not None and isinstance(cluster, local_cluster)
