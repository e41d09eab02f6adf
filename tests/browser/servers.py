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

    def stop(self) -> None:
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


#: JupyterLab user settings for the tests: start the kernel without asking, fetch no news.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker": {"autoStartDefaultKernel": True,
                                               "windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false",
                                                    "checkForUpdates": False},
}


def _environment(base: Path) -> dict[str, str]:
    env = dict(os.environ)
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
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if process.poll() is not None:
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
