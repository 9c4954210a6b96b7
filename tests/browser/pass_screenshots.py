"""Pictures of pass-and-play for docs/screenshots (run on purpose, not a test): a Parade table
of three people on one device, its cover ("Pass to ...") and the hand shown after the tap, on a
phone (390x844) and a laptop (1280x800).

    .venv/bin/python -m tests.browser.pass_screenshots

A real server; the people play a few turns by tapping the cover and their first card.
"""

from __future__ import annotations

import httpx2 as httpx
from playwright.sync_api import Browser, Page

from tests.browser.screenshots import OUT, SIZES, shoot, site_and_browser

PEOPLE = ["Alice", "Bob", "Carol"]
CARD = ".hand .play-card:not([disabled]):not([aria-disabled='true'])"


def turns(page: Page, count: int) -> None:
    """``count`` turns: each a tap on the cover, then the first card."""
    for _ in range(count):
        page.locator("#pass-ready").click()
        page.locator(CARD).first.click()
        page.locator("#pass-cover").wait_for()


def pictures(browser: Browser, base: str) -> None:
    """The cover and the hand after the tap, at both sizes, a few turns into the game."""
    seats = [{"kind": "local", "name": name} for name in PEOPLE]
    created = httpx.post(f"{base}/api/tables", json={"game": "parade", "seats": seats}, timeout=10)
    link = created.json()["pass_and_play_url"]
    for size, (width, height) in SIZES.items():
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(link)
        page.locator("#pass-cover").wait_for()
        turns(page, 4 if size == "phone" else 1)
        shoot(page, f"pass-cover-{size}")
        page.locator("#pass-ready").click()
        page.locator(CARD).first.wait_for()
        shoot(page, f"pass-hand-{size}")
        page.context.close()


def main() -> None:
    """Start a server, take the pictures (the old ones are replaced)."""
    OUT.mkdir(parents=True, exist_ok=True)
    with site_and_browser() as (base, browser):
        pictures(browser, base)


if __name__ == "__main__":
    main()
