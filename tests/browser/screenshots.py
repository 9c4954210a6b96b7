"""Screenshots of each game's table for docs/screenshots (run on purpose, not a test).

.venv/bin/python -m tests.browser.screenshots
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from tests.browser.conftest import CHROMIUM_FLAGS
from tests.support import ServerProcess

OUT = Path(__file__).parents[2] / "docs" / "screenshots"


def parade(page: Page, base: str) -> None:
    """A Parade table mid-game with a card hovered, and the lobby."""
    page.goto(base + "/")
    page.wait_for_selector("#game-parade form")
    page.screenshot(path=str(OUT / "lobby.png"), full_page=True)
    form = page.locator("#game-parade form")
    form.get_by_label("Players", exact=True).select_option("4")
    form.get_by_role("button", name="Create a Parade table").click()
    page.goto(page.locator(".seat-link").first.get_attribute("href") or "")
    card = ".hand .play-card:not([disabled])"
    for _ in range(4):
        page.wait_for_selector(card)
        page.locator(card).last.click()
        page.wait_for_timeout(300)
    page.wait_for_selector(card)
    page.locator(card).first.hover()
    page.screenshot(path=str(OUT / "parade.png"), full_page=True)


def wonderlands_war(page: Page, base: str) -> None:
    """A Wonderland's War table at the tea party, then during the first battle."""
    import httpx2 as httpx

    seats = [
        {"kind": "human"},
        {"kind": "bot", "bot": "heuristic"},
        {"kind": "bot", "bot": "heuristic"},
    ]
    created = httpx.post(f"{base}/api/tables", json={"game": "wonderlands_war", "seats": seats})
    page.goto(created.json()["seats"][0]["url"])
    choice = page.locator(".choice")
    for _ in range(200):
        page.wait_for_selector(".choice")
        if page.locator(".tea .occupied").count() >= 2 and not page.locator(".battle").count():
            page.screenshot(path=str(OUT / "wonderlands_war_tea.png"), full_page=True)
        if page.locator(".battle").count():
            page.screenshot(path=str(OUT / "wonderlands_war_battle.png"), full_page=True)
            return
        choice.first.click()
        page.wait_for_timeout(150)


def main() -> None:
    """Start a server, take the pictures."""
    OUT.mkdir(parents=True, exist_ok=True)
    server = ServerProcess(Path(tempfile.mkdtemp()) / "data", bot_delay=0.0)
    server.start()
    try:
        with sync_playwright() as playwright:
            executable = shutil.which("chromium") or "chromium"
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            parade(page, server.url)
            wonderlands_war(page, server.url)
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
