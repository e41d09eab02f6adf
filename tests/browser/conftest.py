"""Real-browser tests: Debian's Chromium driven by Playwright, against JupyterLab and Voilà.

Without Chromium or Playwright the tests skip, except under ``CI=true``, where they fail.
Screenshots and latencies go to ``tests/browser/artifacts/`` (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from servers import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, Server, missing, need, start_server

# The notebooks here are opened by the tests in a browser, not run by nbval.
collect_ignore_glob = ["notebooks/*"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: runs in a real browser (Chromium + Playwright + JupyterLab)")


@pytest.fixture(scope="session")
def browser_ready() -> None:
    need(missing())


@pytest.fixture(scope="module")
def lab(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A JupyterLab server over a temporary copy of ``tests/browser/notebooks``."""
    base = tmp_path_factory.mktemp("lab")
    server = start_server("lab", base, [], "/api/status")
    try:
        yield server
    finally:
        server.stop()


# Module scope, not session: Playwright's sync API keeps an asyncio loop running until it
# stops, and later test modules (the widget's bot-pause test) run loops of their own.
@pytest.fixture(scope="module")
def browser(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A Chromium context (fresh profile) driven by Playwright."""
    from playwright.sync_api import sync_playwright

    profile = tmp_path_factory.mktemp("chromium")
    with sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1400, "height": 1000})
        context.set_default_timeout(30_000)
        try:
            yield context
        finally:
            context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """When a test fails, the page it used goes to the artifacts folder as a screenshot."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when != "call" or not report.failed:
        return
    for name in ("page", "lab_page"):
        page = getattr(item, "funcargs", {}).get(name)
        if page is None:
            continue
        ARTIFACTS.mkdir(exist_ok=True)
        label = "".join(c if c.isalnum() or c in "-_" else "_" for c in item.name)
        try:
            page.screenshot(path=str(ARTIFACTS / f"failed-{label}.png"), full_page=True)
        except Exception:  # noqa: BLE001 - a screenshot must not hide the failure
            pass


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh page."""
    page = browser.new_page()
    try:
        yield page
    finally:
        page.close()


@pytest.fixture(scope="module")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
