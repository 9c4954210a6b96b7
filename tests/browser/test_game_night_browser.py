"""Game night in real Chromium: two browsers with names chat and play a Parade table to its end
by clicking on the drawn table, then play again with one click each; a table with an open
seat waits (waiting room, host's panel) until a third browser takes the seat from the lobby.
Each screen is checked for sideways scroll at 390 px and by axe-core."""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support import ServerProcess

from .conftest import new_page, overflow, serious_violations
from .test_parade_browser import take_turn

SHOTS = Path(os.environ.get("WONDERLAND_SHOTS", "/tmp/game-night-shots"))


def shot(page: Page, name: str) -> None:
    """Keep a picture of the page, to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(150)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def checked(page: Page, name: str) -> None:
    """No sideways scroll, no serious accessibility problem; a picture."""
    wide = page.evaluate(
        "[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right"
        " > innerWidth + 1).slice(0, 5).map((e) => e.tagName + '.' + e.className)"
    )
    assert overflow(page) == 0, f"{name}: {wide}"
    assert serious_violations(page) == [], name
    shot(page, name)


def new_link_reseats(host: Page, player: Page, seat: int, who: str, picture: str) -> None:
    """The host sends ``seat`` a new link: the player's page is told its link went, and the
    new link, opened, seats the player again (``who`` says so)."""
    host.locator(f'#host-panel .host-reissue[data-seat="{seat}"]').click()
    expect(host.locator("#host-new-link")).to_have_value(re.compile(rf"#seat={seat}&token="))
    expect(player.locator("#connection")).to_contain_text("new link")
    checked(host, picture)
    new_link = host.locator("#host-new-link").input_value()
    player.goto("about:blank")
    player.goto(new_link)
    expect(player.locator("#who")).to_have_text(who)


def create_in_lobby(page: Page, site: ServerProcess, seat_one: str) -> list[str]:
    """Create a two-player Parade table from the lobby form; the seat links shown."""
    page.goto(site.url + "/")
    form = page.locator("#game-parade form")
    form.get_by_label("Players", exact=True).select_option("2")
    form.get_by_label("Seat 2", exact=True).select_option(seat_one)
    form.get_by_role("button", name="Create a Parade table").click()
    expect(page.locator("#created")).to_be_visible()
    expect(page.locator(".host-link")).to_be_visible()
    return [link.get_attribute("href") or "" for link in page.locator(".seat-link").all()]


def name_and_chat(page: Page, name: str, words: str) -> None:
    page.locator("#name-input").fill(name)
    page.locator("#name-save").click()
    expect(page.locator("#name-note")).to_contain_text(name)
    page.locator("#chat-input").fill(words)
    page.locator("#chat-input").press("Enter")


@pytest.mark.slow
def test_two_browsers_play_parade_to_the_end_then_again(
    browser: Browser, site: ServerProcess
) -> None:
    alice, hatter = new_page(browser), new_page(browser, 390, 844)
    links = create_in_lobby(alice, site, "human")
    assert len(links) == 2
    alice.goto(links[0])
    hatter.goto(links[1])
    expect(alice.locator("#host-panel")).to_be_visible()  # the lobby kept the host link
    expect(hatter.locator("#host-panel")).to_be_hidden()
    name_and_chat(alice, "Alice", "good luck <b>all</b>")
    name_and_chat(hatter, "Hatter", "tea first")
    expect(alice.locator("#chat")).to_contain_text("tea first")
    expect(hatter.locator("#chat")).to_contain_text("good luck <b>all</b>")
    expect(hatter.locator("#seats")).to_contain_text("Alice")
    checked(alice, "host-panel-1280")
    for _ in range(400):
        if alice.locator("#game-over").is_visible() and hatter.locator("#game-over").is_visible():
            break
        if not (take_turn(alice) or take_turn(hatter)):
            alice.wait_for_timeout(50)
    expect(alice.locator("#game-over")).to_be_visible()
    expect(hatter.locator("#game-over")).to_be_visible()
    expect(alice.locator("#rematch")).to_have_text("Play again with the same seats")
    checked(alice, "rematch-1280")
    first_table = alice.url.split("/t/")[1].split("#")[0]
    alice.locator("#rematch").click()
    alice.wait_for_url(lambda url: first_table not in url)
    expect(hatter.locator("#rematch")).to_have_text("Play again: join the next game")
    expect(hatter.locator(".rematch-offer")).to_be_visible()
    checked(hatter, "rematch-offer-390")
    hatter.locator("#rematch").click()
    hatter.wait_for_url(lambda url: first_table not in url)
    assert alice.url.split("#")[0] == hatter.url.split("#")[0]
    assert "token=" in alice.url and "token=" in hatter.url and alice.url != hatter.url
    for page in (alice, hatter):
        expect(page.locator("#waiting")).to_be_hidden()
        expect(page.locator("#board")).to_be_visible()
        expect(page.locator("#seats")).to_contain_text("Alice")
        expect(page.locator("#seats")).to_contain_text("Hatter")
    expect(alice.locator("#host-panel")).to_be_visible()  # the asker hosts the next game
    expect(hatter.locator("#host-panel")).to_be_hidden()
    # My tables in the lobby knows both tables and whose turn it is
    alice.goto(site.url + "/")
    expect(alice.locator("#my-tables li")).to_have_count(2)
    expect(alice.locator("#my-tables")).to_contain_text("finished")
    expect(alice.locator("#my-tables")).to_contain_text("as Alice")
    assert alice.errors == [] and hatter.errors == []  # type: ignore[attr-defined]


@pytest.mark.slow
def test_an_open_seat_is_taken_from_the_lobby(browser: Browser, site: ServerProcess) -> None:
    host = new_page(browser)
    links = create_in_lobby(host, site, "open")
    assert len(links) == 1  # an open seat has no invitation link
    host_url = host.locator(".host-link").get_attribute("href") or ""
    host.goto(links[0])
    expect(host.locator("#waiting")).to_be_visible()
    expect(host.locator("#board")).to_be_hidden()
    expect(host.locator("#waiting")).to_contain_text("Seat 2: open")
    expect(host.locator("#start-now")).to_be_visible()
    checked(host, "waiting-room-1280")
    for width, height in ((390, 844), (1280, 800)):
        look = new_page(browser, width, height)
        look.goto(site.url + "/")
        expect(look.locator("#waiting-tables .take-seat").first).to_be_visible()
        checked(look, f"lobby-{width}")
        look.context.close()
    phone = new_page(browser, 390, 844)
    phone.goto(links[0].split("#")[0])  # the table as a visitor sees it: the waiting room
    expect(phone.locator("#waiting .take-seat")).to_be_visible()
    checked(phone, "waiting-room-390")
    stranger = new_page(browser, 390, 844)
    stranger.goto(site.url + "/")
    entry = stranger.locator("#waiting-tables li").first
    expect(entry).to_contain_text("time control: none")
    entry.get_by_role("button", name="Take seat 2").click()
    stranger.wait_for_url("**#seat=1&token=*")
    expect(stranger.locator("#who")).to_have_text("you are seat 2")
    for page in (host, stranger):
        expect(page.locator("#waiting")).to_be_hidden()
        expect(page.locator("#board")).to_be_visible()
        expect(page.locator("#log")).to_contain_text("Every seat is taken")
    expect(phone.locator("#waiting")).to_be_hidden()  # the visitor now watches the game
    host_panel = host.locator("#host-panel")
    expect(host_panel.locator(".host-reissue")).to_have_count(2)
    new_link_reseats(host, stranger, 1, "you are seat 2", "host-new-link-1280")
    on_phone = new_page(browser, 390, 844)
    on_phone.goto(host_url)  # the host link alone: a spectator with the host's controls
    expect(on_phone.locator("#host-panel .host-reissue")).to_have_count(2)
    expect(on_phone.locator('#host-panel .host-bot[data-seat="1"]')).to_be_disabled()
    checked(on_phone, "host-panel-390")
    assert host.errors == [] and stranger.errors == []  # type: ignore[attr-defined]


FAKE_NOTIFICATIONS = """
window.__notes = [];
window.__asked = 0;
let permission = "default";
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
  static get permission() { return permission; }
  static async requestPermission() {
    window.__asked += 1;
    permission = "granted";
    return permission;
  }
}
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { get: () => true, configurable: true });
"""
"""The browser's notifications, recorded, on a page that is in the background."""


def test_my_turn_is_notified_and_listed_in_my_tables(browser: Browser, site: ServerProcess) -> None:
    body = {
        "game": "parade",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "variants": {"start_player": "1"},
    }
    links = httpx.post(f"{site.url}/api/tables", json=body, timeout=10).json()["seats"]
    mine = new_page(browser)
    mine.add_init_script(FAKE_NOTIFICATIONS)
    mine.goto(links[0]["url"])
    expect(mine.locator("#notify")).to_have_text("Notify me when it is my turn")
    assert mine.evaluate("window.__asked") == 0  # never asked on load
    mine.locator("#notify").click()
    expect(mine.locator("#notify")).to_have_text("Turn notifications on")
    other = new_page(browser, 390, 844)
    other.goto(links[1]["url"])
    for _ in range(100):
        if take_turn(other):
            break
        other.wait_for_timeout(50)
    expect(mine.locator(".turn-tag")).to_contain_text("your turn")
    mine.wait_for_function("window.__notes.length > 0")
    notes = mine.evaluate("window.__notes")
    assert notes[0]["title"] == "Your turn · Parade" and len(notes) == 1
    expect(mine).to_have_title("Your turn · Parade · Wonderland Table")
    lobby = mine.context.new_page()
    lobby.goto(site.url + "/")
    expect(lobby.locator("#my-tables li")).to_have_count(1)
    expect(lobby.locator("#my-tables .my-turn-now")).to_contain_text("your turn")
    checked(lobby, "my-tables-1280")
    assert mine.errors == [] and other.errors == []  # type: ignore[attr-defined]


def test_a_wonderdice_table_waits_for_its_open_seat_and_the_host_starts_it(
    browser: Browser, site: ServerProcess
) -> None:
    """Real time too: the lobby offers an open seat, the table waits in its waiting room, the
    host starts it with a bot, and the host panel can hand an absent player's seat to a bot."""
    host = new_page(browser)
    host.goto(site.url + "/")
    form = host.locator("#game-wonderdice form")
    form.get_by_label("Players", exact=True).select_option("2")
    form.get_by_label("Seat 2", exact=True).select_option("open")
    form.locator("button[type=submit]").click()
    expect(host.locator("#created")).to_be_visible()
    host.goto(host.locator(".seat-link").first.get_attribute("href") or "")
    expect(host.locator("#waiting")).to_be_visible()
    expect(host.locator("#board")).to_be_hidden()
    checked(host, "wonderdice-waiting-1280")
    host.locator("#start-now").click()
    expect(host.locator("#waiting")).to_be_hidden()
    expect(host.locator("#board")).to_be_visible()
    host.locator("#ready-button").click()  # the race starts once its person is ready
    expect(host.locator("#readiness")).to_be_hidden()
    expect(host.locator("#log")).to_contain_text("bot")
    expect(host.locator('#host-panel .host-bot[data-seat="0"]')).to_be_disabled()  # seat 0 is here
    checked(host, "wonderdice-started-1280")
    phone = new_page(browser, 390, 844)
    phone.goto(host.url)
    expect(phone.locator("#board")).to_be_visible()
    checked(phone, "wonderdice-started-390")
    assert host.errors == [] and phone.errors == []  # type: ignore[attr-defined]
