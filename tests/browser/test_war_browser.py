"""Wonderland's War in real Chromium: a tea party turn and a battle, against two bots."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.support import ServerProcess

from .conftest import new_page


def test_tea_party_turn_and_a_battle(browser: Browser, site: ServerProcess) -> None:
    """Choose a faction, take a tea party card, then draw through a battle to its award."""
    page = new_page(browser)
    page.goto(site.url + "/")
    form = page.locator("#game-wonderlands_war form")
    form.get_by_label("Players", exact=True).select_option("3")
    form.get_by_role("button", name="Create a Wonderland's War table").click()
    page.goto(page.locator(".seat-link").first.get_attribute("href") or "")
    expect(page.locator(".tea")).to_be_visible()
    choice = page.locator(".choice")
    took_card = awarded = False
    before: tuple[int, list[str]] | None = None
    for _ in range(300):
        expect(choice.first.or_(page.locator(".scores"))).to_be_visible(timeout=20000)
        now = (
            page.locator(".regions").inner_text().count("castle"),
            page.locator(".players tbody tr td:nth-child(2)").all_inner_texts(),
        )
        if before is None and page.locator(".battle").count():
            expect(page.locator(".battle meter").first).to_be_visible()
            before = now  # castles and scores when the first battle began
        awarded = before is not None and now != before
        if awarded:
            break
        if not choice.count():
            continue
        text = choice.first.inner_text()
        took_card = took_card or text.startswith("move to space")
        choice.first.click()
        page.wait_for_timeout(100)
    assert took_card, "no tea party card was taken"
    assert before is not None, "no battle was shown"
    assert awarded, "the first battle gave no award"
    expect(page.locator("#log li").first).to_be_visible()
    assert not page.errors  # type: ignore[attr-defined]
