"""Pictures of a game night in one room for docs/screenshots (run on purpose, not a test):
the host's page with the seats' join codes, the table screen at 1920x1080 (a Wonderland's War
battle, a Wonderdice race) and the three phones (390x844) that joined by scanning its codes.

    .venv/bin/python -m tests.browser.room_screenshots

A real server; the phones read the codes from the screen's pixels and play by pressing their
table's own buttons, chosen by a seeded random generator.
"""

from __future__ import annotations

import random
import sys
from contextlib import suppress

import httpx2 as httpx
from PIL import Image
from playwright.sync_api import Browser, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.browser.positions import NAMES
from tests.browser.scan import scan
from tests.browser.screenshots import ENABLED, OUT, shoot, site_and_browser

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def open_table(browser: Browser, base: str, game: str, people: int) -> tuple[Page, Page]:
    """A table of open seats: the host's page (1280x800) and the screen it opens (1920x1080)."""
    seats = [{"kind": "open"}] * people
    created = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats}, timeout=10)
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    host.goto(created.json()["host_url"])
    link = host.locator("#open-screen")
    link.wait_for()
    screen = browser.new_context(viewport=TV).new_page()
    screen.goto(str(link.get_attribute("href")))
    screen.locator(".screen-codes .join-qr").nth(people - 1).wait_for()
    return host, screen


def join_by_codes(browser: Browser, screen: Page, people: int) -> list[Page]:
    """A phone for each code on the screen, opened at the link its picture reads; each
    player gives their name."""
    links = [scan(screen.locator(".join-qr").nth(i)) for i in range(people)]
    phones = []
    for name, link in zip(NAMES, links, strict=False):
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
        phone.goto(link)
        phone.locator("#who", has_text="you are").wait_for()
        phone.locator("#name-input").fill(name)
        phone.locator("#name-save").click()
        screen.locator(".screen-player-name", has_text=name).wait_for()
        phones.append(phone)
    return phones


def press_any(phones: list[Page], rng: random.Random) -> None:
    """One phone whose table offers a button presses one of them."""
    for phone in rng.sample(phones, len(phones)):
        buttons = phone.locator(ENABLED)
        count = buttons.count()
        if count:
            with suppress(PlaywrightTimeout):  # the table redrew under the click: another turn
                buttons.nth(rng.randrange(count)).click(timeout=800)
            return
    phones[0].wait_for_timeout(120)


def night(name: str, screen: Page, phones: list[Page]) -> None:
    """The screen and the phones side by side in one picture (``name.png``); of the phones'
    own pictures only the first is kept."""
    shoot(screen, f"{name}-screen")
    for i, phone in enumerate(phones):
        shoot(phone, f"{name}-phone-{i + 1}")
    pictures = [Image.open(OUT / f"{name}-screen.png")]
    pictures += [Image.open(OUT / f"{name}-phone-{i + 1}.png") for i in range(len(phones))]
    gap = 24
    width = sum(picture.width for picture in pictures) + gap * (len(pictures) + 1)
    height = max(picture.height for picture in pictures) + 2 * gap
    canvas = Image.new("RGB", (width, height), (45, 24, 56))
    left = gap
    for picture in pictures:
        canvas.paste(picture, (left, (height - picture.height) // 2))
        left += picture.width + gap
    canvas.save(OUT / f"{name}.png")
    print(f"docs/screenshots/{name}.png")
    (OUT / f"{name}-phone-1.png").rename(OUT / f"{name}-phone.png")
    for i in range(1, len(phones)):
        (OUT / f"{name}-phone-{i + 1}.png").unlink()


def war_battle(browser: Browser, base: str, out: str) -> None:
    host, screen = open_table(browser, base, "wonderlands_war", 3)
    shoot(host, f"{out}-host")
    shoot(screen, f"{out}-screen-waiting")
    phones = join_by_codes(browser, screen, 3)
    rng = random.Random("room-war")
    for _ in range(600):
        if screen.locator("#board .track").count():
            break
        press_any(phones, rng)
    night(f"{out}-war", screen, phones)
    screen.set_viewport_size({"width": 1280, "height": 720})  # a laptop as the table
    shoot(screen, f"{out}-war-screen-laptop")


def wonderdice_race(browser: Browser, base: str, out: str) -> None:
    _, screen = open_table(browser, base, "wonderdice", 3)
    phones = join_by_codes(browser, screen, 3)
    for phone in phones:
        phone.locator("#ready-button").click()
    rng = random.Random("room-wonderdice")
    for _ in range(150):  # well into the race: a few dice in every row
        press_any(phones, rng)
    night(f"{out}-wonderdice", screen, phones)


def main(out: str = "room") -> None:
    """Start a server and take the pictures (named ``out-...``)."""
    with site_and_browser() as (base, browser):
        war_battle(browser, base, out)
        wonderdice_race(browser, base, out)


if __name__ == "__main__":
    main(*sys.argv[1:])
