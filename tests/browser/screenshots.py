"""Pictures of the web table for docs/screenshots (run on purpose, not a test): the lobby and
each game's table in mid-game, on a desktop (1280x800) and a phone (390x844).

    make screenshots          (or .venv/bin/python -m tests.browser.screenshots)

A real server with bots; the player's seat makes its moves by pressing the table's own
buttons, chosen by a seeded random generator, so a run shows the same kind of position.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.conftest import CHROMIUM_FLAGS
from tests.support import ServerProcess

OUT = Path(__file__).parents[2] / "docs" / "screenshots"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES = {
    # game: (the bots at the table, the player's moves before the picture)
    "parade": (["greedy", "greedy", "greedy"], 6),
    "wonderdice": (["greedy", "greedy"], 14),
    "wonderlands_war": (["heuristic", "heuristic"], 16),
}
ENABLED = '#board button:enabled:not([aria-disabled="true"])'


def shoot(page: Page, name: str) -> None:
    """The page as it is once its animations have settled."""
    page.mouse.move(0, 0)
    page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)")
    page.wait_for_timeout(900)
    # every move's animation has ended (a running clock's may go on: then go ahead); asked
    # by polling, as the page's content security policy refuses a waited-for function
    for _ in range(30):
        if page.evaluate("document.getAnimations().every((a) => a.playState !== 'running')"):
            break
        page.wait_for_timeout(100)
    page.screenshot(path=str(OUT / f"{name}.png"))
    print(f"docs/screenshots/{name}.png")


def lobby(browser: Browser, base: str) -> None:
    """The lobby on both sizes."""
    for size, (width, height) in SIZES.items():
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(base + "/")
        page.wait_for_selector(".game form")
        shoot(page, f"lobby-{size}")
        page.close()


def version_now(page: Page) -> int:
    """The version of the last state the table drew (-1 before the first)."""
    version: int = page.evaluate("window.__table.history.at(-1)?.version ?? -1")
    return version


def play(page: Page, moves: int, rng: random.Random) -> None:
    """Make ``moves`` moves with the table's enabled buttons (a real-time game's included)."""
    made = 0
    for _ in range(moves * 40):
        if made >= moves:
            return
        buttons = page.locator(ENABLED)
        if not buttons.count():
            page.wait_for_timeout(150)
            continue
        version = version_now(page)
        try:
            buttons.nth(rng.randrange(buttons.count())).click(timeout=1000)
        except PlaywrightTimeout:  # the table redrew under the click: choose again
            continue
        for _ in range(25):
            page.wait_for_timeout(200)
            if version_now(page) > version:
                made += 1
                break
        # else a button that only chooses (e.g. cards to keep): choose again


def game_table(browser: Browser, base: str, game: str) -> None:
    """A table in mid-game: seat 0 plays a few moves on the desktop, then both sizes."""
    bots, moves = GAMES[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": bot} for bot in bots]
    created = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats}, timeout=10)
    url = created.json()["seats"][0]["url"]
    pages = {}
    for size, (width, height) in SIZES.items():
        pages[size] = browser.new_page(viewport={"width": width, "height": height})
        pages[size].goto(url)
    pages["desktop"].locator("#name-input").fill("Ana")  # the player's name, not "player 1"
    pages["desktop"].locator("#name-save").click()
    pages["desktop"].locator("#who", has_text="Ana").wait_for()
    ready = pages["desktop"].locator("#ready-button")  # a real-time race waits for its player
    if game == "wonderdice":
        ready.click()
    play(pages["desktop"], moves, random.Random(f"{game}-screenshots"))
    for size, page in pages.items():
        shoot(page, f"{game}-{size}")
        page.close()


def main() -> None:
    """Start a server, take the pictures (the old ones are replaced)."""
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.png"):
        if not old.name.startswith("room-"):  # a game night's: tests.browser.room_screenshots
            old.unlink()
    with site_and_browser() as (base, browser):
        for game in GAMES:
            game_table(browser, base, game)
        lobby(browser, base)


@contextmanager
def site_and_browser() -> Iterator[tuple[str, Browser]]:
    """A real server with bots (its base URL) and Debian's chromium, for one run."""
    server = ServerProcess(Path(tempfile.mkdtemp()) / "data", bot_delay=0.2)
    server.start()
    try:
        with sync_playwright() as playwright:
            executable = shutil.which("chromium") or "chromium"
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
            yield server.url, browser
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
