"""Browser fixtures: Debian's chromium driven by Playwright against a real server."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe
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


@pytest.fixture(scope="module")
def shared_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real server with instant bots for a whole test module (tables of bots allowed)."""
    process = ServerProcess(tmp_path_factory.mktemp("site") / "data", flags=("--allow-bot-tables",))
    process.start()
    yield process
    process.stop()


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


def overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than its window (0: no horizontal scroll)."""
    width: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return max(0, width)


SETTLED = """() => Promise.race([
  Promise.all(document.getAnimations()
    .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => null))),
  new Promise((done) => setTimeout(done, 3000)),
])"""
"""A page script that waits until the page's finite animations and transitions are over
(three seconds at most)."""


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each (rule, impact,
    the first elements), once its finite animations are over (a card fading in is not yet
    its colour: its contrast is judged when it has arrived)."""
    page.evaluate(SETTLED)
    found = Axe().run(page).response["violations"]
    return [
        f"{item['id']} ({item['impact']}): {item['help']} at "
        + "; ".join(" ".join(node["target"]) for node in item["nodes"][:3])
        for item in found
        if item["impact"] in ("serious", "critical")
    ]
