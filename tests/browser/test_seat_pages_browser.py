"""A seat comes back and a dead link says so, in real Chromium: a player whose tab closed opens
the table's plain link and is offered their seat (never told they are "watching"), rejoins
and plays, and the host sends a new link during the game; an unknown table and a bad seat
link are pages in words with the way to the lobby and nothing live; the turn notification
is offered at a turn-based table only. Each screen is checked by axe-core, fits a phone, and
is kept as a picture."""

from __future__ import annotations

import re
from typing import Any

import httpx2 as httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.support import ServerProcess

from .conftest import new_page
from .test_game_night_browser import checked, new_link_reseats
from .test_parade_browser import take_turn

LIVE_CONTROLS = "#chat-input, #name-input, #notify, #chat-send, #name-save, #retry:visible"


def create(site: ServerProcess, game: str, seats: list[dict[str, str]]) -> dict[str, Any]:
    body = {
        "game": game,
        "seats": seats,
        "variants": {"start_player": "0"} if game == "parade" else {},
    }
    response = httpx.post(f"{site.url}/api/tables", json=body, timeout=10)
    assert response.status_code == 200, response.text
    created: dict[str, Any] = response.json()
    return created


def console_errors(page: Page) -> list[str]:
    """Collect the page's console errors from now on (the list fills as they come)."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    return errors


def played_a_move(page: Page, other: Page) -> None:
    """``page`` makes one move (``other`` plays in between when it is its turn)."""
    for _ in range(40):
        if take_turn(page):
            return
        if not take_turn(other):
            page.wait_for_timeout(100)
    raise AssertionError("no move was offered to the page")


def test_a_returning_player_is_offered_the_seat_and_the_host_sends_a_new_link(
    browser: Browser, site: ServerProcess
) -> None:
    table = create(site, "parade", [{"kind": "human"}, {"kind": "human"}])
    host_token = table["host_token"]
    alice = new_page(browser)
    alice.goto(f"{table['seats'][0]['url']}&host={host_token}")
    bob = new_page(browser, 390, 844)
    bob.goto(table["seats"][1]["url"])
    bob.locator("#name-input").fill("Bob")
    bob.locator("#name-save").click()
    expect(bob.locator("#who")).to_have_text("you are Bob (seat 2)")
    played_a_move(alice, bob)
    bobs_browser = bob.context
    bob.close()  # his tab closes; his browser keeps what the page stored

    for width, height in ((390, 844), (1280, 800)):
        back = page_in(bobs_browser, width, height)
        errors = console_errors(back)
        back.goto(f"{site.url}/t/{table['table']}")  # the plain link
        offer = back.locator("#seat-return")
        expect(offer).to_have_text("This is your seat — rejoin")
        expect(back.locator("#who")).to_have_text("your seat: Bob (seat 2), not rejoined yet")
        assert "watching" not in back.locator("body").inner_text()
        checked(back, f"seat-return-{width}")
        offer.click()
        back.wait_for_url(re.compile(r"#seat=1&token="))
        expect(back.locator("#who")).to_have_text("you are Bob (seat 2)")
        expect(back.locator("#seat-return-box")).to_be_hidden()
        played_a_move(back, alice)
        assert errors == [] and back.errors == []  # type: ignore[attr-defined]
        back.close()

    # The host sends a new link while the game goes on: the old one stops, the new one plays.
    bob = page_in(bobs_browser, 390, 844)
    bob.goto(table["seats"][1]["url"])
    expect(bob.locator("#who")).to_have_text("you are Bob (seat 2)")
    panel = alice.locator("#host-panel")
    expect(panel.locator('.host-reissue[data-seat="1"]')).to_be_visible()
    new_link_reseats(alice, bob, 1, "you are Bob (seat 2)", "host-new-link-during-play-1280")
    played_a_move(bob, alice)
    # The old link now opens nothing: a page says so, with the way on and nothing live.
    stale = new_page(browser, 390, 844)
    errors = console_errors(stale)
    stale.goto(table["seats"][1]["url"])
    expect(stale.locator("#gone h2")).to_have_text("This seat link no longer works")
    expect(stale.locator(".gone-watch")).to_have_attribute("href", f"/t/{table['table']}")
    expect(stale.locator(".gone-lobby")).to_have_attribute("href", "/")
    expect(stale.locator(LIVE_CONTROLS)).to_have_count(0)
    assert "connecting" not in stale.locator("body").inner_text()
    checked(stale, "bad-seat-link-390")
    assert errors == [] and stale.errors == []  # type: ignore[attr-defined]
    # The host closes the table: it says so, offers the lobby, and no turn is to be notified.
    alice.locator("#host-close").click()
    alice.locator("#host-close-yes").click()
    for page in (alice, bob):
        expect(page.locator("#over-headline")).to_have_text("Closed unfinished")
        expect(page.locator("#over-reason")).to_have_text(
            "The host closed this table: it takes no more moves."
        )
        expect(page.locator(".over-lobby a")).to_have_attribute("href", "/")
        expect(page.locator("#notify")).to_be_hidden()
    checked(bob, "closed-390")
    assert alice.errors == [] and bob.errors == []  # type: ignore[attr-defined]


def test_a_browser_holding_a_seat_is_not_offered_another(
    browser: Browser, site: ServerProcess
) -> None:
    """The waiting room and the lobby's waiting tables show a browser its own seat, never
    "Take seat N" for another; a stranger is offered the free seat, numbered from 1."""
    table = create(site, "parade", [{"kind": "human"}, {"kind": "human"}, {"kind": "open"}])
    bob = new_page(browser, 390, 844)
    bob.goto(table["seats"][1]["url"])
    waiting = bob.locator("#waiting")
    expect(waiting).to_contain_text("Seat 3: open")
    expect(waiting.locator(".take-seat")).to_have_count(0)
    bobs_browser = bob.context
    bob.close()
    for width, height in ((390, 844), (1280, 800)):
        back = page_in(bobs_browser, width, height)
        back.goto(f"{site.url}/t/{table['table']}")  # the plain link
        expect(back.locator("#seat-return")).to_be_visible()
        expect(back.locator("#waiting")).to_contain_text("This browser holds seat 2 here")
        expect(back.locator('.waiting-seat[data-seat="1"] .you-tag')).to_be_visible()
        expect(back.locator(".take-seat")).to_have_count(0)
        checked(back, f"waiting-kept-seat-{width}")
        assert back.errors == []  # type: ignore[attr-defined]
        back.close()
    lobby = page_in(bobs_browser, 1280, 800)
    lobby.goto(site.url + "/")
    entry = lobby.locator(f'.waiting-table[data-table="{table["table"]}"]')
    expect(entry.locator(".your-seat")).to_have_text("Your seat: seat 2")
    expect(entry.locator(".take-seat")).to_have_count(0)
    checked(lobby, "lobby-kept-seat-1280")
    stranger = new_page(browser, 390, 844)
    stranger.goto(f"{site.url}/t/{table['table']}")
    expect(stranger.locator(".take-seat")).to_have_text(["Take seat 3"])


def page_in(context: BrowserContext, width: int, height: int) -> Page:
    """A new tab of the same browser (its storage kept), ``width`` × ``height``."""
    page = context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    return page


def test_an_unknown_table_is_a_page_in_words(browser: Browser, site: ServerProcess) -> None:
    for width, height in ((390, 844), (1280, 800)):
        page = new_page(browser, width, height)
        errors = console_errors(page)
        answer = page.goto(f"{site.url}/t/doesnotexist")
        assert answer is not None and answer.status == 404
        expect(page.locator("#gone h2")).to_have_text("No table here")
        expect(page.locator(".gone-why")).to_have_text("There is no table 'doesnotexist'.")
        expect(page.locator(".gone-lobby")).to_have_attribute("href", "/")
        expect(page.locator(LIVE_CONTROLS)).to_have_count(0)
        body = page.locator("body").inner_text()
        assert "null" not in body and "connecting" not in body
        checked(page, f"not-found-{width}")
        page.locator(".gone-lobby").click()
        expect(page.locator("#games")).to_be_visible()
        assert [e for e in errors if "404" not in e] == []  # the page's own status only
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()


def test_the_turn_notification_is_offered_at_turn_based_tables_only(
    browser: Browser, site: ServerProcess
) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    for game, offered in (("parade", True), ("wonderdice", False)):
        page = new_page(browser, 390, 844)
        page.add_init_script(
            "window.Notification = class { static get permission() { return 'default'; } };"
        )
        page.goto(create(site, game, seats)["seats"][0]["url"])
        expect(page.locator("#who")).to_have_text("you are seat 1")
        expect(page.locator("#board")).not_to_be_empty()
        notify = page.locator("#notify")
        if offered:
            expect(notify).to_be_visible()
        else:
            expect(notify).to_be_hidden()
        checked(page, f"notify-{game}-390")
        assert page.errors == []  # type: ignore[attr-defined]
        page.context.close()
