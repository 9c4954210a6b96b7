"""Parade's take-back before the draw in two browsers (RULES.md, "Table conventions", T1): the
player sees "Take back (N s)" counting down and "Keep it", the other player the countdown in
words; the take-back by keyboard returns the card to the hand with nothing drawn; "Keep it"
draws at once and the button goes. Both pages fit a phone and pass axe-core."""

from __future__ import annotations

import os
import re
from pathlib import Path

import httpx2 as httpx
from playwright.sync_api import Browser, expect

from tests.support import ServerProcess

from .conftest import new_page, overflow, serious_violations

SHOTS = Path(os.environ.get("WONDERLAND_SHOTS", "/tmp/take-back-shots"))
"""Where the pictures of the take-back go (to look at them)."""
ENABLED_CARD = ".hand .play-card:not([disabled]):not([aria-disabled='true'])"


def test_t1_take_back_and_keep_in_two_browsers(browser: Browser, site: ServerProcess) -> None:
    body = {
        "game": "parade",
        "seats": [{"kind": "human"}, {"kind": "human"}],
        "variants": {"start_player": 0},
        "take_back_seconds": 30,
    }
    SHOTS.mkdir(parents=True, exist_ok=True)
    links = httpx.post(f"{site.url}/api/tables", json=body, timeout=10).json()
    alice, bob = new_page(browser), new_page(browser, 390, 844)
    for page, link in zip((alice, bob), links["seats"], strict=True):
        page.goto(link["url"])
        expect(page.locator("#seats li")).to_have_count(2)
    expect(alice.locator(ENABLED_CARD)).to_have_count(5, timeout=20000)
    hand = sorted(alice.locator(".hand .play-card").all_inner_texts())
    expect(alice.locator("#undo-ask")).to_be_hidden()

    alice.locator(ENABLED_CARD).first.click()
    ask, keep = alice.locator("#undo-ask"), alice.locator("#undo-keep")
    expect(ask).to_contain_text("Take back (")
    expect(ask).to_contain_text(" s)")
    expect(keep).to_be_visible()
    expect(alice.locator(".hand .play-card")).to_have_count(4)  # nothing drawn yet
    expect(bob.locator("#undo-hold")).to_contain_text("may take back their move")
    # nothing is drawn yet, and the table's status line does not say it is
    expect(alice.locator(".pd-status strong")).to_have_text(
        "Your card is drawn when the take-back time ends."
    )
    expect(bob.locator(".pd-status strong")).to_contain_text("may still take back their play")
    expect(bob.locator("#undo-ask")).to_be_hidden()
    for page in (alice, bob):
        assert overflow(page) == 0
        assert serious_violations(page) == []
    alice.screenshot(path=str(SHOTS / "take-back-1280.png"))
    bob.screenshot(path=str(SHOTS / "take-back-waiting-390.png"))
    phone = new_page(browser, 390, 844)  # the player's own page on a phone
    phone.goto(links["seats"][0]["url"])
    expect(phone.locator("#undo-keep")).to_be_visible()
    assert overflow(phone) == 0
    phone.screenshot(path=str(SHOTS / "take-back-390.png"))
    bob.set_viewport_size({"width": 1280, "height": 800})
    bob.screenshot(path=str(SHOTS / "take-back-waiting-1280.png"))

    ask.focus()
    alice.keyboard.press("Enter")  # reached by keyboard
    expect(alice.locator(".hand .play-card")).to_have_count(5)
    assert sorted(alice.locator(".hand .play-card").all_inner_texts()) == hand
    for page in (alice, bob):
        expect(page.locator("#log")).to_contain_text("before its card was drawn")
    expect(bob.locator("#undo-hold")).to_be_hidden()
    # the notice speaks to each: "your" move to its player, the player's name to the others
    expect(alice.locator(".undo-words")).to_have_text("Accepted: your last move was taken back.")
    others = re.compile(r"Accepted: .+'s last move was taken back")
    expect(bob.locator(".undo-words")).to_have_text(others)
    assert "(you)'s" not in alice.locator(".undo-words").inner_text()

    alice.locator(ENABLED_CARD).last.click()
    expect(keep).to_be_visible()
    keep.focus()
    alice.keyboard.press("Enter")
    expect(keep).to_be_hidden()
    expect(ask).to_be_hidden()
    expect(alice.locator(".hand .play-card")).to_have_count(5)  # the card is drawn
    expect(bob.locator(ENABLED_CARD)).to_have_count(5)  # Bob's turn
    for page in (alice, bob, phone):
        assert not page.errors  # type: ignore[attr-defined]
