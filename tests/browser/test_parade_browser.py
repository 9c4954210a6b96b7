"""Parade in real Chromium: two friends and a bot to the score table; a reload mid-game."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tests.support import ServerProcess

from .conftest import new_page

ENABLED_CARD = ".hand .play-card:not([disabled])"


def create_table(page: Page, site: ServerProcess, seats: list[str]) -> list[str]:
    """Use the lobby form; return the seat links it shows."""
    page.goto(site.url + "/")
    form = page.locator("#game-parade form")
    form.get_by_label("Players", exact=True).select_option(str(len(seats)))
    for seat, choice in enumerate(seats):
        form.get_by_label(f"Seat {seat}", exact=True).select_option(choice)
    form.get_by_role("button", name="Create a Parade table").click()
    expect(page.locator("#created")).to_be_visible()
    return [link.get_attribute("href") or "" for link in page.locator(".seat-link").all()]


def take_turn(page: Page) -> bool:
    """Play a card or make the end choice if it is this page's turn; True if it acted."""
    keep = page.locator("#keep")
    if keep.count():
        if keep.is_disabled():
            page.locator(".hand .pick-card").nth(0).click()
            page.locator(".hand .pick-card").nth(1).click()
        page.locator("#keep").click()
        expect(page.locator("#keep")).to_have_count(0)
        return True
    card = page.locator(ENABLED_CARD)
    if card.count():
        card.first.hover()
        expect(page.locator("#preview")).to_contain_text("collect")
        card.first.click()
        expect(page.locator(ENABLED_CARD)).to_have_count(0)  # the turn passed (or the end came)
        return True
    return False


def test_two_friends_and_a_bot_play_to_the_score_table(
    browser: Browser, site: ServerProcess
) -> None:
    """Two browser contexts play a whole Parade game against each other and a bot."""
    host = new_page(browser)
    links = create_table(host, site, ["human", "human", "bot:greedy"])
    assert len(links) == 2
    friend = new_page(browser)
    host.goto(links[0])
    friend.goto(links[1])
    expect(host.locator("#who")).to_have_text("you are seat 0")
    expect(friend.locator("#who")).to_have_text("you are seat 1")
    for _ in range(400):
        if host.locator(".scores").count() and friend.locator(".scores").count():
            break
        acted = take_turn(host) or take_turn(friend)
        if not acted:
            host.wait_for_timeout(100)
    expect(host.locator(".scores")).to_be_visible()
    expect(friend.locator(".scores")).to_be_visible()
    expect(host.locator(".explanation")).to_contain_text("P3")
    expect(host.locator("#log li").first).to_be_visible()
    host.get_by_role("button", name="Replay this game step by step").click()
    expect(host.locator("#replay-pos")).to_contain_text("step 0 of")
    host.locator("#replay-next").click()
    expect(host.locator("#replay-pos")).to_contain_text("step 1 of")
    assert not host.errors and not friend.errors  # type: ignore[attr-defined]


def test_reload_keeps_the_game(browser: Browser, site: ServerProcess) -> None:
    """Reloading the page mid-game shows the same hand, parade and log."""
    page = new_page(browser)
    links = create_table(page, site, ["human", "bot:greedy", "bot:random"])
    page.goto(links[0])
    for _ in range(3):
        expect(page.locator(ENABLED_CARD).first).to_be_visible()
        page.locator(ENABLED_CARD).first.click()
        page.wait_for_timeout(200)
    expect(page.locator(ENABLED_CARD).first).to_be_visible()
    hand = page.locator(".hand .play-card").all_inner_texts()
    parade = page.locator(".parade").inner_text()
    log_size = page.locator("#log li").count()
    page.reload()
    expect(page.locator(ENABLED_CARD).first).to_be_visible()
    assert page.locator(".hand .play-card").all_inner_texts() == hand
    assert page.locator(".parade").inner_text() == parade
    assert page.locator("#log li").count() == log_size
    assert not page.errors  # type: ignore[attr-defined]


def test_refused_actions_are_explained_on_screen(browser: Browser, site: ServerProcess) -> None:
    """A tampered action is refused with its rule clause; a stale one with the reason; the
    page then shows the server's current state (phone-width screen)."""
    page = new_page(browser, width=390, height=844)
    links = create_table(page, site, ["human", "bot:greedy"])
    tamper = {"on": True}

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def to_server(message: str | bytes) -> None:
            data = json.loads(message)
            if data["type"] == "act" and tamper["on"]:
                tamper["on"] = False
                hand = json.loads(
                    page.evaluate(
                        "JSON.stringify([...document.querySelectorAll"
                        "('.hand .card-button')].map(b => b.dataset.card))"
                    )
                )
                data["action"] = next(c for c in range(66) if card_name(c) not in hand)
            server.send(json.dumps(data))

        socket.on_message(to_server)
        server.on_message(socket.send)

    page.route_web_socket("**/ws", route)
    page.goto(links[0])
    expect(page.locator(ENABLED_CARD).first).to_be_visible()
    page.locator(ENABLED_CARD).first.click()
    expect(page.locator("#error")).to_contain_text("P11")
    expect(page.locator("#error")).to_contain_text("not in their hand")
    expect(page.locator(ENABLED_CARD).first).to_be_visible()
    page.locator(ENABLED_CARD).first.click()
    expect(page.locator("#error")).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]


def card_name(card: int) -> str:
    return "RBPGKY"[card // 11] + str(card % 11)
