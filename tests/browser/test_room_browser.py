"""A game night in one room: the host's page opens the table screen; the screen shows a QR
code for each open seat; phones (390x844) that read the codes from the screen's pixels have
their seats; the screen's public link shows no code and is sent no seat token; both pages
pass axe and fit a TV (1920x1080) and a laptop (1280x720)."""

from __future__ import annotations

import re

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support import ServerProcess

from .conftest import new_page, overflow, serious_violations
from .scan import scan

pytestmark = pytest.mark.browser


def frames_of(page: Page) -> list[str]:
    """Every websocket frame the page will receive from now on."""
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(str(frame))))
    return frames


def test_phones_join_by_the_screens_codes(browser: Browser, site: ServerProcess) -> None:
    seats = [{"kind": "open"}] * 3
    created = httpx.post(
        f"{site.url}/api/tables", json={"game": "parade", "seats": seats}, timeout=10
    ).json()
    table = created["table"]
    host = new_page(browser)
    host.goto(created["host_url"])
    expect(host.locator("#host-room .join-qr")).to_have_count(3)
    screen_link = str(host.locator("#open-screen").get_attribute("href"))
    assert re.fullmatch(rf"{site.url}/t/{table}/screen#key=[\w-]+", screen_link)
    assert serious_violations(host) == []

    public = new_page(browser, 1280, 720)
    seen = frames_of(public)
    public.goto(f"{site.url}/t/{table}/screen")
    expect(public.locator("#turn")).to_have_text("Waiting for players to sit down.")
    assert "Ask the host" in public.locator("#screen-waiting-lead").inner_text()
    screen = new_page(browser, 1920, 1080)
    screen.goto(screen_link)
    codes = screen.locator("#screen-codes .join-qr")
    expect(codes).to_have_count(3)
    assert serious_violations(screen) == [] and overflow(screen) == 0
    links = [scan(codes.nth(seat)) for seat in range(3)]
    for seat, link in enumerate(links):
        assert re.fullmatch(rf"{site.url}/t/{table}#seat={seat}&token=[\w-]+", link), link

    phones = []
    for seat, link in enumerate(links):
        phone = new_page(browser, 390, 844)
        phone.goto(link)
        expect(phone.locator(f'#seats .seat-you[data-seat="{seat}"]')).to_have_count(1)
        phones.append(phone)
    expect(screen.locator("#screen-codes")).to_be_hidden()  # every seat taken: no code left
    expect(screen.locator("#board .parade-row, #board [data-key]").first).to_be_visible()
    expect(screen.locator("#turn")).to_contain_text("to move")
    expect(public.locator("#turn")).to_contain_text("to move")
    assert overflow(public) == 0 and serious_violations(public) == []
    assert overflow(phones[0]) == 0
    assert public.locator(".join-qr").count() == 0
    tokens = [link.rsplit("token=", 1)[1] for link in links]
    assert seen and not any(token in frame for token in tokens for frame in seen)
    assert not any(page.errors for page in [host, public, screen, *phones])  # type: ignore[attr-defined]


def test_a_lost_phones_code_is_replaced_from_the_hosts_page(
    browser: Browser, site: ServerProcess
) -> None:
    seats = [{"kind": "open"}, {"kind": "open"}]
    created = httpx.post(
        f"{site.url}/api/tables", json={"game": "parade", "seats": seats}, timeout=10
    ).json()
    host = new_page(browser)
    host.goto(created["host_url"])
    first = host.locator("#host-room .join-qr").first
    lost = scan(first)
    phone = new_page(browser, 390, 844)
    phone.goto(lost)
    expect(phone.locator('#seats .seat-you[data-seat="0"]')).to_have_count(1)
    taken = host.locator('#host-room .join-taken[data-seat="0"]')
    expect(taken).to_contain_text("here")
    phone.context.close()  # the phone is lost
    expect(taken).to_contain_text("away")
    taken.locator(".join-renew").click()
    code = host.locator('#host-room .join-code[data-seat="0"] .join-qr')
    expect(code).to_be_visible()
    fresh = scan(code)
    assert fresh != lost and fresh.startswith(f"{site.url}/t/{created['table']}#seat=0&token=")
    again = new_page(browser, 390, 844)
    again.goto(lost)
    expect(again.locator("main")).to_contain_text("no longer works")
    again.goto(fresh)
    again.reload()
    expect(again.locator('#seats .seat-you[data-seat="0"]')).to_have_count(1)
