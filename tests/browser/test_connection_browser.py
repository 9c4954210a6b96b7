"""The table when the connection goes: the banner, every control disabled, presence unknown;
back again by itself or at once with "Retry now"; other seats' presence from the server."""

from __future__ import annotations

import re

import httpx2 as httpx
from playwright.sync_api import Browser, Page, expect

from tests.support import ServerProcess

from .conftest import new_page

ENABLED = "button:enabled, input:enabled, select:enabled, textarea:enabled"


def seat_links(site: ServerProcess, seats: list[dict[str, str]]) -> list[str]:
    """A Parade table's seat links."""
    response = httpx.post(
        f"{site.url}/api/tables", json={"game": "parade", "seats": seats}, timeout=10
    )
    assert response.status_code == 200, response.text
    return [link["url"] for link in response.json()["seats"]]


def enabled_controls(page: Page) -> list[str]:
    """The ids or texts of the controls in the page that can be used now, Retry left out."""
    found: list[str] = page.eval_on_selector_all(
        ENABLED, "nodes => nodes.filter(n => n.id !== 'retry').map(n => n.id || n.textContent)"
    )
    return found


def presence(page: Page, seat: int) -> str:
    """What the players panel says of ``seat``'s presence."""
    text: str = page.locator(f'#seats li[data-seat="{seat}"] .presence').inner_text()
    return text.strip()


def test_lost_connection_disables_the_table_until_it_is_back(
    browser: Browser, site: ServerProcess
) -> None:
    """The server goes: the banner counts down, nothing can be pressed, nobody's presence is
    claimed; it comes back: the table is live again on its own, and "Retry now" reconnects
    without waiting for the count."""
    url = seat_links(site, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])[0]
    page = new_page(browser, 390, 844)
    page.goto(url)
    board_buttons = page.locator("#board button:enabled")
    expect(board_buttons.first).to_be_visible()  # the bot moves at once: seat 0 plays
    hand = board_buttons.count()
    expect(page.locator("#connection")).to_be_hidden()
    assert presence(page, 0) == "online"

    site.kill()
    banner = page.locator("#connection")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text(re.compile(r"Connection lost — reconnecting in \d+ s…"))
    expect(page.locator("#retry")).to_be_enabled()
    assert enabled_controls(page) == []
    assert page.evaluate("document.getElementById('board').inert")
    assert [presence(page, seat) for seat in (0, 1)] == ["presence unknown"] * 2
    expect(page).to_have_title(re.compile("^Offline · Parade"))
    page.keyboard.press("1")  # a shortcut does nothing while offline
    assert enabled_controls(page) == []

    site.start()
    expect(banner).to_be_hidden(timeout=30_000)  # the back-off is at most 15 s
    expect(board_buttons).to_have_count(hand)
    assert not page.evaluate("document.getElementById('board').inert")
    assert presence(page, 0) == "online"
    expect(page.locator("#status")).to_have_text("connected")

    site.kill()
    # a long count (the back-off doubles up to 15 s), so that the server is back before the
    # page's own next try however slowly it starts
    expect(banner).to_contain_text(re.compile(r"reconnecting in 1[2-5] s"), timeout=45_000)
    site.start()
    expect(banner).to_be_visible()
    waiting = int(re.findall(r"in (\d+) s", banner.inner_text())[0])
    page.locator("#retry").click()
    expect(banner).to_be_hidden(timeout=max(waiting - 1, 1) * 1000)  # sooner than the count
    expect(board_buttons).to_have_count(hand)
    assert not page.errors  # type: ignore[attr-defined]


def test_other_seats_presence_comes_from_the_server(browser: Browser, site: ServerProcess) -> None:
    """A friend's seat is offline until they open their link and again when they leave; a bot
    is always present."""
    links = seat_links(
        site, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    )
    host = new_page(browser)
    host.goto(links[0])
    expect(host.locator("#seats li")).to_have_count(3)
    expect(host.locator('#seats li[data-seat="1"] .presence')).to_have_text("offline")
    expect(host.locator('#seats li[data-seat="2"] .presence')).to_have_text("online")
    expect(host.locator('#seats li[data-seat="2"] .seat-kind svg')).to_have_attribute(
        "aria-label", "bot"
    )
    friend = new_page(browser)
    friend.goto(links[1])
    expect(host.locator('#seats li[data-seat="1"] .presence')).to_have_text("online")
    expect(friend.locator('#seats li[data-seat="0"] .presence')).to_have_text("online")
    expect(friend.locator('#seats li[data-seat="1"] .seat-name')).to_contain_text("(you)")
    friend.context.close()
    expect(host.locator('#seats li[data-seat="1"] .presence')).to_have_text("offline")
    assert not host.errors  # type: ignore[attr-defined]
