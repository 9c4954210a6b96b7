"""Undo and clocks in two browsers: at a Wonderland's War table with a real-time clock, each
seat's clock shows and the running one counts down; the first player takes back a move, the
other is asked on their page and accepts, and the move is back to be made again. The prompt
fits a phone, is reached by keyboard and passes axe-core."""

from __future__ import annotations

import os
from pathlib import Path

import httpx2 as httpx
from playwright.sync_api import Browser, Locator, Page, expect

from tests.support import ServerProcess

from .conftest import new_page, overflow, serious_violations

SHOTS = Path(os.environ.get("WONDERLAND_SHOTS", "/tmp/undo-clock-shots"))
"""Where the pictures of the clocks and the prompt go (to look at them)."""
CHANGED = (
    "([seat, t]) => document.querySelector(`.seat-clock[data-clock='${seat}'] .clock-time`)"
    ".textContent !== t"
)


def clock(page: Page, seat: int) -> Locator:
    return page.locator(f'.seat-clock[data-clock="{seat}"]')


def clock_text(page: Page, seat: int) -> str:
    text: str = clock(page, seat).locator(".clock-time").inner_text()
    return text


def test_undo_asked_and_accepted_between_two_browsers_with_clocks(
    browser: Browser, site: ServerProcess
) -> None:
    body = {
        "game": "wonderlands_war",
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
        "time_control": {
            "kind": "real_time",
            "base_seconds": 300,
            "increment_seconds": 10,
            "cap_seconds": 600,
        },
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    links = httpx.post(f"{site.url}/api/tables", json=body, timeout=10).json()
    alice, hatter = new_page(browser), new_page(browser, 390, 844)
    for page, link in zip((alice, hatter), links["seats"], strict=True):
        page.goto(link["url"])
        expect(page.locator("#seats li")).to_have_count(3)
    expect(alice.locator(".faction-pick").first).to_be_visible(timeout=20000)

    # both clocks show; the one of the seat to move runs
    for page in (alice, hatter):
        expect(page.locator(".seat-clock")).to_have_count(2)
        expect(clock(page, 0)).to_have_class("seat-clock clock-running")
    expect(alice.locator("#undo-ask")).to_be_hidden()  # nothing to take back yet
    first = clock_text(hatter, 0)
    hatter.wait_for_function(CHANGED, arg=[0, first], timeout=5000)
    assert clock_text(hatter, 0) < first  # "4:57" after "4:58": counting down
    alice.screenshot(path=str(SHOTS / "clocks-1280.png"))

    alice.locator(".faction-pick").first.click()
    expect(hatter.locator(".faction-pick").first).to_be_visible(timeout=20000)
    expect(clock(alice, 1)).to_have_class("seat-clock clock-running")
    expect(clock(alice, 0)).to_have_class("seat-clock")  # stopped
    expect(hatter.locator("#undo-ask")).to_be_hidden()  # hatter has not moved

    ask = alice.locator("#undo-ask")
    expect(ask).to_be_visible()
    ask.focus()
    alice.keyboard.press("Enter")  # reached by keyboard
    prompt = hatter.locator("#undo-panel")
    expect(prompt).to_be_visible()
    expect(prompt).to_contain_text("asks to take back their last move")
    expect(alice.locator("#undo-panel")).to_contain_text("Waiting for")
    accept = hatter.locator(".undo-accept")
    expect(accept).to_be_focused()
    box = accept.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert overflow(hatter) == 0
    assert serious_violations(hatter) == []
    hatter.screenshot(path=str(SHOTS / "undo-prompt-390.png"), full_page=False)
    wide = new_page(browser)  # the same prompt on a wide screen: a spectator sees it too
    wide.goto(links["spectator_url"])
    expect(wide.locator("#undo-panel")).to_contain_text("Waiting for")
    wide.screenshot(path=str(SHOTS / "undo-waiting-1280.png"))
    hatter.set_viewport_size({"width": 1280, "height": 800})
    hatter.screenshot(path=str(SHOTS / "undo-prompt-1280.png"))
    hatter.set_viewport_size({"width": 390, "height": 844})

    hatter.keyboard.press("Enter")  # the focused Accept
    for page in (alice, hatter):
        expect(page.locator("#undo-panel")).to_contain_text("taken back")
        expect(page.locator("#log")).to_contain_text("took back")
    expect(alice.locator(".faction-pick").first).to_be_visible()  # the move is hers again
    expect(clock(alice, 0)).to_have_class("seat-clock clock-running")
    hatter.screenshot(path=str(SHOTS / "undo-accepted-390.png"))
    for page in (alice, hatter, wide):
        assert not page.errors  # type: ignore[attr-defined]
