"""How many CPUs this process may use: what a default number of workers should be sized by.

``os.cpu_count()`` counts the machine's cores, not the ones this process may run on. On a
Binder or a CI runner (a container with a CPU quota), under ``taskset -c 0`` or in a job
given one core, it says 2, 16 or 64 where the process gets one. ``usable_cpus`` takes the
smallest of what Python says the process may use (``os.process_cpu_count()`` on 3.13+,
which reads ``PYTHON_CPU_COUNT`` and the CPU affinity; the affinity before 3.13) and the
CPU quota of the process's cgroup (v2 ``cpu.max``, v1 ``cpu.cfs_quota_us`` over
``cpu.cfs_period_us``; a quota of 1.5 CPUs counts as 2), and is never below 1. The
cgroup files are read where a container sees its own (``/sys/fs/cgroup``): a process in a
nested cgroup of a host without a namespace of its own is sized by its affinity alone.

>>> usable_cpus() >= 1
True
>>> cpus_text(1, 64), cpus_text(2, 2)
('1 usable CPU of 64 cores', '2 usable CPUs')
>>> quota_cpus("150000 100000"), quota_cpus("max 100000"), quota_cpus("garbage")
(2, None, None)
"""

from __future__ import annotations

import math
import os
from pathlib import Path

#: Where a process's cgroup files are (the cgroup v2 unified tree; v1 keeps the CPU
#: controller's in ``cpu/`` beneath it).
CGROUP_ROOT = Path("/sys/fs/cgroup")


def usable_cpus(cgroup_root: Path | None = None) -> int:
    """The number of CPUs this process may use (at least 1): the affinity (or Python's
    ``process_cpu_count``) and the cgroup's CPU quota, whichever is smaller. ``cgroup_root``
    is where the cgroup files are read (``CGROUP_ROOT`` by default)."""
    counts = [n for n in (python_cpus(), cgroup_cpus(cgroup_root or CGROUP_ROOT))
              if n is not None]
    return max(1, min(counts, default=1))


def cpus_text(usable: int | None = None, cores: int | None = None) -> str:
    """What a benchmark's report says of the CPUs it ran on: the usable ones and, when they
    are fewer, the machine's cores (by default this process's and this machine's)."""
    usable = usable_cpus() if usable is None else usable
    cores = os.cpu_count() if cores is None else cores
    said = f"{usable} usable CPU{'s' * (usable != 1)}"
    return said if cores is None or cores <= usable else f"{said} of {cores} cores"


def python_cpus() -> int | None:
    """What Python says this process may use: ``os.process_cpu_count()`` (3.13+), else the
    number of CPUs in its affinity, else ``os.cpu_count()`` (``None`` when unknown)."""
    counter = getattr(os, "process_cpu_count", None)
    if counter is not None:
        counted: int | None = counter()
        return counted
    try:
        return len(os.sched_getaffinity(0)) or None
    except (AttributeError, OSError):  # macOS and Windows have no affinity call
        return os.cpu_count()


def cgroup_cpus(root: Path) -> int | None:
    """The CPU quota of this process's cgroup under ``root``, rounded up to whole CPUs
    (``None`` without a quota, or where there are no cgroup files: not Linux)."""
    for path, read in ((root / "cpu.max", _read),
                       (root / "cpu" / "cpu.cfs_quota_us", _read_v1)):
        try:
            text = read(path)
        except (OSError, UnicodeDecodeError):
            continue
        return quota_cpus(text)
    return None


def quota_cpus(text: str) -> int | None:
    """Whole CPUs in a quota written as cgroup v2's ``cpu.max`` writes it (``"QUOTA
    PERIOD"``, both in microseconds; ``"max PERIOD"`` for no quota), or ``None``."""
    parts = text.split()
    try:
        quota, period = int(parts[0]), int(parts[1])
    except (IndexError, ValueError):
        return None
    if quota <= 0 or period <= 0:
        return None
    return max(1, math.ceil(quota / period))


def _read(path: Path) -> str:
    with open(path, encoding="utf-8") as file:
        return file.read()


def _read_v1(path: Path) -> str:
    """cgroup v1's quota and period, written as v2's ``cpu.max`` (a quota of -1: none)."""
    quota = _read(path).strip()
    period = _read(path.with_name("cpu.cfs_period_us")).strip()
    return f"{'max' if quota == '-1' else quota} {period}"
