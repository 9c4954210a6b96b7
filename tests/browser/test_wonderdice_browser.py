"""Wonderdice in real Chromium: a real-time round against a bot, to the round's result."""

from __future__ import annotations

import time

import httpx2 as httpx
from playwright.sync_api import Browser, Locator, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support import ServerProcess

from .conftest import new_page


def clicked(button: Locator) -> bool:
    """Click ``button`` if it is still offered: in a real-time game the table redraws as
    everyone acts, and a choice can vanish between finding it and clicking it."""
    try:
        button.click(timeout=1_000)
    except PlaywrightTimeout:
        return False
    return True


def test_a_round_against_a_bot(browser: Browser, site: ServerProcess) -> None:
    """Roll, use dice as they come, until someone wins the round; the result is shown."""
    created = httpx.post(
        f"{site.url}/api/tables",
        json={
            "game": "wonderdice",
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
            "variants": {"roll_cooldown_ms": "300", "countdown_ms": "600"},
        },
        timeout=10,
    ).json()
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    expect(page.locator("#roll")).to_be_visible()
    expect(page.locator(".dice-players tbody tr")).to_have_count(2)
    rolled = acted = False
    deadline = time.monotonic() + 90
    wins = page.locator(".dice-players tbody td:nth-child(6)")
    while time.monotonic() < deadline:
        if any(text != "0 / 0" for text in wins.all_inner_texts()):
            break
        claim = page.locator('button[data-kind="claim"]')
        advance = page.locator('.die-action[data-kind="advance"], .die-action[data-kind="unblock"]')
        if claim.count():
            clicked(claim.first)
        elif advance.count():
            acted = clicked(advance.first) or acted
        elif page.locator("#roll:not([disabled])").count():
            rolled = clicked(page.locator("#roll")) or rolled
        page.wait_for_timeout(60)
    assert rolled and acted, "the player never rolled and used a die"
    assert any(text != "0 / 0" for text in wins.all_inner_texts()), "no round was won"
    expect(page.locator("#log")).to_contain_text("round")
    assert not page.errors  # type: ignore[attr-defined]
