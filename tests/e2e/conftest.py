"""The end-to-end fixtures: the real server (``suanfan.web.app.serve`` in a subprocess on a free loopback port) and
Debian's Chromium driven by Playwright. Skipped, saying why, only when Chromium or Playwright is missing on a
developer's machine; under CI (``CI`` set, where .ci/browser.sh installs both) a missing browser is a failure."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from servers import serve_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]  # fmt: skip


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"{CHROMIUM} is not installed (bash .ci/browser.sh installs Debian's chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (bash .ci/browser.sh installs it: pip install playwright)"
    return None


@pytest.fixture(scope="session")
def server_url():
    reason = _missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the browser test: {reason}")
        pytest.skip(reason)
    yield from serve_app("/api/rules")


@pytest.fixture(scope="session")
def playwright_driver(server_url):
    """The one Playwright driver of the session (a second one cannot start beside it): tests that need a browser
    of their own (another font set, another environment) launch it from here."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser_context(playwright_driver, tmp_path_factory):
    context = playwright_driver.chromium.launch_persistent_context(
        str(tmp_path_factory.mktemp("chromium-profile")),  # a fresh, empty user-data-dir
        executable_path=CHROMIUM,
        args=ARGS,
        headless=True,
        viewport={"width": 1280, "height": 900},
        locale="en-US",
    )
    context.set_default_timeout(15_000)
    from playwright.sync_api import expect

    expect.set_options(timeout=15_000)  # expect(...) waits as long as the page's own calls (a loaded machine is slow)
    yield context
    context.close()


@pytest.fixture
def page(browser_context, server_url):
    page = browser_context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # a 4xx answer to a half-typed hand is expected (the page shows the error); anything else the console says is not
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "status of 4" not in m.text else None)
    yield page
    page.close()
    assert not errors, errors
