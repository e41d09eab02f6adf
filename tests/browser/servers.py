"""Servers for the browser tests: JupyterLab or Voilà as subprocesses, and the skip rule.

Servers run on free ports with temporary config, data and runtime dirs and a temporary copy
of the notebooks; ``Server.stop`` shuts their kernels down, then the server's process group.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NOTEBOOKS = HERE / "notebooks"
ARTIFACTS = HERE / "artifacts"
IN_CI = os.environ.get("CI", "").lower() == "true"


def missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is missing (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is missing (pip install playwright)"
    return None


def need(reason: str | None) -> None:
    """Skip with ``reason`` locally; fail under CI, where everything must run."""
    if reason is None:
        return
    if IN_CI:
        pytest.fail(f"browser test cannot run under CI=true: {reason}")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """A Jupyter server subprocess: its base URL, token and notebook folder."""

    process: subprocess.Popen[bytes]
    url: str
    token: str
    root: Path
    log: Path

    def api(self, path: str, method: str = "GET") -> Any:
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def kernel_stacks(self) -> str:
        """Where each of this server's kernels is now, for a failure's message: its main
        thread's stack and those of the threads in tabletop's code (each kernel writes every
        thread's stack when sent ``SIGUSR1``: ``STACKS_STARTUP``)."""
        marker = f"IPYTHONDIR={self.root.parent / 'ipython'}".encode()
        signalled = []
        for pid in _kernel_pids(marker):
            try:
                (self.root.parent / "stacks" / f"{pid}.txt").write_bytes(b"")  # (appended to)
                os.kill(pid, signal.SIGUSR1)
                signalled.append(pid)
            except OSError:
                pass
        time.sleep(1.0)
        told = [f"kernel {pid}: " + _telling_stacks(self.root.parent / "stacks" / f"{pid}.txt")
                for pid in signalled]
        return "\n".join(told) or "(no kernel running)"

    def stop(self) -> None:
        RUNNING.pop(self.url, None)
        try:  # kernels run in their own process groups: shut them down through the server
            for kernel in self.api("/api/kernels"):
                self.api(f"/api/kernels/{kernel['id']}", method="DELETE")
        except (OSError, ValueError, urllib.error.URLError):
            pass
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=5)


#: The servers started and not stopped, by URL.
RUNNING: dict[str, Server] = {}


def server_of(url: str) -> Server:
    """The running server whose page ``url`` is."""
    return next(server for base, server in RUNNING.items() if url.startswith(f"{base}/"))


#: JupyterLab user settings for the tests: start the kernel without asking, fetch no news.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker": {"autoStartDefaultKernel": True,
                                               "windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
}


#: An IPython startup file for the servers' kernels: ``SIGUSR1`` writes every thread's
#: stack to ``<base>/stacks/<pid>.txt`` (``Server.kernel_stacks``). (A function: the
#: notebook's names stay as they were.)
STACKS_STARTUP = """def _stacks_on_sigusr1():
    import faulthandler, os, signal
    stacks = open(os.path.join({folder!r}, f"{{os.getpid()}}.txt"), "a")
    faulthandler.register(signal.SIGUSR1, file=stacks, all_threads=True)
_stacks_on_sigusr1()
del _stacks_on_sigusr1
"""


def _kernel_pids(marker: bytes) -> list[int]:
    """The process ids of the kernels whose environment holds ``marker``."""
    pids = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if (b"ipykernel" in (proc / "cmdline").read_bytes()
                    and marker in (proc / "environ").read_bytes().split(b"\0")):
                pids.append(int(proc.name))
        except OSError:  # gone, or not ours to read
            continue
    return pids


def _telling_stacks(path: Path) -> str:
    """The stacks in ``path`` of the main thread and of the threads in tabletop's code."""
    try:
        blocks = path.read_text(encoding="utf-8", errors="replace").strip().split("\n\n")
    except OSError:
        return "(it wrote no stacks)"
    telling = [_short(b) for b in blocks if "_run_module_as_main" in b or "tabletop" in b]
    return "\n".join([*telling, f"({len(blocks) - len(telling)} more threads, none in "
                                 "tabletop's code)"])


#: Where the frames of a kernel's own machinery are (left out of a stack told).
MACHINERY = ("/IPython/", "/ipykernel/", "/tornado/", "/asyncio/", "/traitlets/", "runpy",
             "ipykernel_launcher", "selectors.py")


def _short(stack: str) -> str:
    """A thread's stack without the frames of the kernel's own machinery."""
    lines = stack.splitlines()
    kept = [line for line in lines[1:] if not any(m in line for m in MACHINERY)]
    return "\n".join([lines[0], *kept, f"  ({len(lines) - 1 - len(kept)} frames of IPython, "
                                       "ipykernel and asyncio)"])


def _environment(base: Path) -> dict[str, str]:
    env = dict(os.environ)
    startup = base / "ipython" / "profile_default" / "startup"
    startup.mkdir(parents=True, exist_ok=True)
    (base / "stacks").mkdir(exist_ok=True)
    (startup / "00-stacks.py").write_text(
        STACKS_STARTUP.format(folder=str(base / "stacks")), encoding="utf-8")
    for name in ("config", "data", "runtime"):
        (base / name).mkdir(parents=True, exist_ok=True)
    for plugin, settings in LAB_SETTINGS.items():
        path = base / "config" / "lab" / "user-settings" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings), encoding="utf-8")
    env.update(JUPYTER_CONFIG_DIR=str(base / "config"), JUPYTER_DATA_DIR=str(base / "data"),
               JUPYTER_RUNTIME_DIR=str(base / "runtime"), IPYTHONDIR=str(base / "ipython"),
               PYTHONPATH=os.pathsep.join(
                   [str(REPO), str(REPO / "tests"), env.get("PYTHONPATH", "")]).rstrip(":"))
    return env


def start_server(kind: str, base: Path, args: list[str], ready_path: str) -> Server:
    """Start ``jupyter lab``, ``jupyter notebook`` or ``voila`` in ``base`` and wait until it
    answers."""
    port, token = free_port(), secrets.token_hex(12)
    root = base / "notebooks"
    if not root.exists():
        shutil.copytree(NOTEBOOKS, root)
    log = base / f"{kind}.log"
    if kind == "lab":
        command = [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser",
                   "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
                   f"--ServerApp.root_dir={root}", "--LabApp.extension_manager=readonly",
                   "--LabApp.expose_app_in_browser=True", *args]
    elif kind == "notebook":  # Notebook 7
        command = [sys.executable, "-m", "notebook", "--allow-root", "--no-browser",
                   "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
                   f"--ServerApp.root_dir={root}", *args]
    else:
        # (Voilà waits 4 s for a cell's last output after the cell ends, then renders the
        # page without it: on a loaded CI machine a page of widgets once came up empty,
        # "Timeout waiting for IOPub output" in its log)
        command = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}",
                   "--Voila.ip=127.0.0.1", f"--Voila.root_dir={root}",
                   "--VoilaExecutor.iopub_timeout=60", *args]
    with open(log, "wb") as out:
        process = subprocess.Popen(command, cwd=root, env=_environment(base), stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(process, f"http://127.0.0.1:{port}", token, root, log)
    RUNNING[server.url] = server
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
            RUNNING.pop(server.url)
            raise RuntimeError(f"{kind} exited early:\n{_tail(log)}")
        try:
            with urllib.request.urlopen(f"{server.url}{ready_path}", timeout=2):
                return server
        except urllib.error.HTTPError:  # it answers (403 without a token): it is up
            return server
        except (OSError, urllib.error.URLError):
            time.sleep(0.3)
    server.stop()
    raise RuntimeError(f"{kind} did not answer within 90 s:\n{_tail(log)}")


def _tail(log: Path) -> str:
    """The end of a server's log (its own output, read as UTF-8 whatever the locale)."""
    return log.read_text(encoding="utf-8", errors="replace")[-3000:]
