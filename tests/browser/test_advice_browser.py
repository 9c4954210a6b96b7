""" "Suggest a move" in real Chromium: at a Parade table the suggestion appears beside the
board with its reason and the moves weighed, its card is marked in the hand, playing the
marked card plays the suggested move, and the mark goes with the turn; reached by keyboard,
on a phone without sideways scroll, and passing axe-core."""

from __future__ import annotations

import httpx2 as httpx
from playwright.sync_api import Browser, expect

from tests.support import ServerProcess

from .conftest import new_page, overflow, serious_violations
from .test_parade_browser import Wire, my_turn

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]


def test_a_suggested_card_is_marked_and_played(browser: Browser, site: ServerProcess) -> None:
    body = {"game": "parade", "seats": SEATS, "variants": {"start_player": "0"}}
    link = httpx.post(f"{site.url}/api/tables", json=body, timeout=10).json()["seats"][0]["url"]
    for width, height in ((1280, 800), (390, 844)):
        page = new_page(browser, width, height)
        wire = Wire(page)
        page.goto(link)
        state = my_turn(page, wire)
        ask = page.get_by_role("button", name="Suggest a move")
        ask.focus()
        page.keyboard.press("Enter")
        panel = page.locator("#advice-panel")
        expect(panel).to_be_visible()
        title = panel.locator("h2").inner_text()
        card = title.removeprefix("★").strip().removeprefix("Suggested:").strip()
        assert card in {a["label"] for a in state["legal"]}, title
        expect(panel.locator(".advice-reason")).not_to_be_empty()
        expect(panel.locator(".advice-moves li").first).to_contain_text(card)
        marked = page.locator(".hand .advised")
        expect(marked).to_have_count(1)
        assert marked.get_attribute("data-card") == card
        assert overflow(page) <= 0
        assert not serious_violations(page)
        if width == 390:
            marked.click()
            expect(page.locator(".advised")).to_have_count(0)  # the turn moved on
            expect(panel).to_be_hidden()
            sent = [a for a in wire.acts if a["version"] == state["version"]]
            label = {a["id"]: a["label"] for a in state["legal"]}
            assert [label[a["action"]] for a in sent] == [card]
        assert not page.errors  # type: ignore[attr-defined]
        page.close()
