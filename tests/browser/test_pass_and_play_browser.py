"""Pass-and-play in real Chromium on a phone-sized screen: three people play a whole Parade game
on one device, behind a cover between their turns; while the cover is up, neither the page nor
the websocket frames it receives hold another seat's hand (the hands read from the server as
those seats); a reload keeps the cover; the cover passes axe; at a War table of two people
and a bot, a move is taken back from the next person's cover, and a refused take-back brings
the cover back with the reason; Wonderdice is refused with a sentence in the lobby."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect
from websockets.sync.client import connect

from tests.support import ServerProcess

from .conftest import new_page, serious_violations
from .test_parade_browser import ENABLED_CARD, take_turn

COVER = "#pass-cover"


class Frames:
    """Every websocket frame the page receives, in order."""

    def __init__(self, page: Page) -> None:
        self.seen: list[dict[str, Any]] = []
        page.on("websocket", lambda socket: socket.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        self.seen.append(json.loads(payload))


def create_in_lobby(page: Page, site: ServerProcess, game: str, seats: list[str]) -> None:
    """Fill the lobby's form: each seat a name (someone on this device) or a bot choice."""
    page.goto(site.url + "/")
    form = page.locator(f"#game-{game} form")
    form.get_by_label("Players", exact=True).select_option(str(len(seats)))
    for seat, choice in enumerate(seats):
        if choice.startswith("bot:"):
            form.get_by_label(f"Seat {seat + 1}", exact=True).select_option(choice)
            continue
        form.get_by_label(f"Seat {seat + 1}", exact=True).select_option("local")
        form.locator(f"#{game}-seat-{seat}-name").fill(choice)
    form.locator("button[type=submit]").click()


def open_on_this_device(page: Page, site: ServerProcess, game: str, seats: list[str]) -> str:
    """Create the table in the lobby and open it on this device; its pass-and-play link."""
    create_in_lobby(page, site, game, seats)
    link = page.locator(".pass-link")
    expect(link).to_be_visible()
    href = link.get_attribute("href") or ""
    link.click()
    return href


def hands(site: ServerProcess, link: str) -> dict[int, list[str]]:
    """Each local seat's hand as the server sends it to that seat (its own connection)."""
    table = urlsplit(link).path.split("/")[-1]
    held = parse_qs(urlsplit(link).fragment)["local"][0].split(",")
    found = {}
    for seat, token in (part.split(":") for part in held):
        with connect(site.url.replace("http", "ws") + "/ws") as ws:
            ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
            while (message := json.loads(ws.recv(timeout=10)))["type"] != "state":
                pass
            found[int(seat)] = message["view"]["hand"]
    return found


def shown(card: str, text: str) -> bool:
    """Whether ``card`` (R5, K10) is named in ``text`` (not as a part of B10 or R50)."""
    return re.search(rf"(?<![A-Za-z0-9]){card}(?![0-9])", text) is not None


def check_the_cover(page: Page, site: ServerProcess, link: str, frames: list[Any]) -> None:
    """While the cover is up for one person: no seat's hand is in the page (nor in the states
    it keeps), and no frame the page received since it went up holds the hand of a seat
    other than the next."""
    name = (page.locator("#pass-title").text_content() or "").removeprefix("Pass to ")
    page_text = page.content() + page.locator("body").inner_text()
    page_text += page.evaluate("JSON.stringify(window.__table.history)")  # the states it kept
    for seat, hand in hands(site, link).items():
        for card in hand:
            assert not shown(card, page_text), f"{card} of seat {seat + 1} is in the page"
    for message in frames:
        if message.get("type") == "state" and message["view"].get("hand"):
            assert message["view"]["seat"] == [s["name"] for s in message["seats"]].index(name)


@pytest.mark.slow
def test_three_people_play_parade_on_one_phone(
    browser: Browser, shared_site: ServerProcess
) -> None:
    page = new_page(browser, 390, 844)
    frames = Frames(page)
    link = open_on_this_device(page, shared_site, "parade", ["Alice", "Bob", "Carol"])
    covers, turns, last = 0, 0, None
    for _ in range(600):
        expect(
            page.locator(f"{COVER}:visible, {ENABLED_CARD}, #keep, .scores").first
        ).to_be_visible(timeout=20_000)
        if page.locator(".scores").count():
            break
        if page.locator(COVER).is_visible():
            since = len(frames.seen)
            page.wait_for_timeout(50)
            expect(page.locator("#pass-ready")).to_be_focused()
            check_the_cover(page, shared_site, link, frames.seen[since:])
            covers += 1
            page.locator("#pass-ready").click()
            continue
        who = page.locator("#who").text_content()
        assert who != last or page.locator("#keep").count(), "one person played twice in a row"
        last = who
        assert take_turn(page)
        turns += 1
    expect(page.locator(".scores")).to_be_visible()
    expect(page.locator(COVER)).to_be_hidden()  # the result is for everyone
    # the public board is the device's people's, not a spectator's
    expect(page.locator("#who")).to_have_text("on this device: Alice, Bob and Carol")
    assert covers >= turns - 1 and turns > 10, (covers, turns)
    page.get_by_role("button", name="Replay this game step by step").click()
    expect(page.locator("#replay-pos")).to_contain_text("start, before move 1 of")
    assert not page.errors  # type: ignore[attr-defined]


def test_a_reload_keeps_the_cover_and_advice_leaves_with_its_person(
    browser: Browser, shared_site: ServerProcess
) -> None:
    page = new_page(browser, 390, 844)
    link = open_on_this_device(page, shared_site, "parade", ["Alice", "Bob", "bot:greedy"])
    expect(page.locator(COVER)).to_be_visible(timeout=20_000)
    name = page.locator("#pass-title").text_content()
    assert serious_violations(page) == []
    page.reload()
    expect(page.locator(COVER)).to_be_visible()
    expect(page.locator("#pass-title")).to_have_text(name or "")
    assert page.locator("#board").inner_html() == ""
    check_the_cover(page, shared_site, link, [])
    page.locator("#pass-ready").click()
    expect(page.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)
    expect(page.locator("#who")).to_contain_text((name or "").removeprefix("Pass to "))
    page.locator("#advice-ask").click()  # advice for the person at the device now
    expect(page.locator("#advice-panel .advice-reason")).not_to_be_empty(timeout=20_000)
    assert take_turn(page)
    expect(page.locator(COVER)).to_be_visible(timeout=20_000)  # the other person's turn
    expect(page.locator("#advice-panel")).to_be_empty()
    check_the_cover(page, shared_site, link, [])
    assert not page.errors  # type: ignore[attr-defined]


def test_war_of_two_people_and_a_bot_passes_the_device_and_takes_a_move_back(
    browser: Browser, shared_site: ServerProcess
) -> None:
    """War's factions are chosen in seat order (W11): Alice, then Bob. Alice takes her choice
    back from Bob's cover (no other person is asked: they share the device), then chooses
    again, and Bob is left the other factions."""
    page = new_page(browser, 390, 844)
    open_on_this_device(page, shared_site, "wonderlands_war", ["Alice", "Bob", "bot:random"])
    expect(page.locator(COVER)).to_be_visible(timeout=30_000)
    expect(page.locator("#pass-title")).to_have_text("Pass to Alice")
    expect(page.locator("#pass-back")).to_be_hidden()  # nobody has moved yet
    assert serious_violations(page) == []
    page.locator("#pass-ready").click()
    expect(page.locator("#who")).to_contain_text("you are Alice")
    factions = page.locator(".faction-pick")
    expect(factions).to_have_count(5)
    factions.first.click()
    expect(page.locator("#pass-title")).to_have_text("Pass to Bob")
    expect(page.locator("#board")).to_be_empty()
    take_back = page.get_by_role("button", name="Alice: take back your move")
    assert serious_violations(page) == []
    take_back.click()
    expect(page.locator("#who")).to_contain_text("you are Alice")
    expect(factions).to_have_count(5)  # her choice was taken back: all five again
    factions.last.click()
    expect(page.locator("#pass-title")).to_have_text("Pass to Bob")
    page.locator("#pass-ready").click()
    expect(page.locator("#who")).to_contain_text("you are Bob")
    expect(factions).to_have_count(4)
    assert not page.errors  # type: ignore[attr-defined]


def test_a_refused_take_back_puts_the_cover_back_with_the_reason(
    browser: Browser, shared_site: ServerProcess
) -> None:
    """The server's refusal of a take-back asked from the cover (here put in place of its
    answer on the page's socket) brings the next person's cover back, saying why."""
    page = new_page(browser, 390, 844)
    why = "a card or chip was drawn after your action, so it can no longer be taken back"

    def route(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def to_server(message: str | bytes) -> None:
            if json.loads(message)["type"] == "undo_ask":
                socket.send(json.dumps({"type": "error", "code": "undo_refused", "message": why}))
            else:
                server.send(message)

        socket.on_message(to_server)
        server.on_message(socket.send)

    page.route_web_socket("**/ws", route)
    open_on_this_device(page, shared_site, "wonderlands_war", ["Alice", "Bob", "bot:random"])
    page.locator("#pass-ready").click()
    page.locator(".faction-pick").first.click()
    page.get_by_role("button", name="Alice: take back your move").click()
    expect(page.locator("#pass-title")).to_have_text("Pass to Bob")
    expect(page.locator("#pass-note")).to_have_text(f"Alice's move stays: {why}.")
    expect(page.locator("#pass-ready")).to_be_focused()
    expect(page.locator("#board")).to_be_empty()
    page.locator("#pass-ready").click()
    expect(page.locator("#who")).to_contain_text("you are Bob")
    expect(page.locator(".faction-pick")).to_have_count(4)
    assert not page.errors  # type: ignore[attr-defined]


def test_wonderdice_is_not_passed_around_one_device(
    browser: Browser, shared_site: ServerProcess
) -> None:
    page = new_page(browser, 390, 844)
    create_in_lobby(page, shared_site, "wonderdice", ["Alice", "Bob"])
    problem = page.locator("#game-wonderdice .error")
    expect(problem).to_contain_text("cannot be passed around one device")
    expect(page.locator("#created")).to_be_hidden()
    assert serious_violations(page) == []  # the lobby with its name fields
    assert not page.errors  # type: ignore[attr-defined]
