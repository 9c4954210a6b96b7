"""Browser fixtures: Debian's chromium driven by Playwright against a real server."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from tests.support import ServerProcess

CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless chromium (installed by `make test`; a missing browser fails, never skips)."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    assert executable, "Debian's chromium is needed: `make test` installs it when run as root"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[ServerProcess]:
    """A real server with instant bots."""
    process = ServerProcess(tmp_path / "data")
    process.start()
    yield process
    process.stop()


def new_page(browser: Browser, width: int = 1280, height: int = 800) -> Page:
    """A page in a fresh context (its own storage, like another person's browser)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page
