"""Parade in real Chromium: two friends and a bot to the score table; a reload mid-game; the
drawn table against the server's own state messages; no sideways scroll on a desktop or a
phone; a turn played with the keyboard only."""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket, WebSocketRoute, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support import ServerProcess
from wonderland.games.parade.cards import COLOURS
from wonderland.games.parade.rules import colour_counts, majority_holders

from .conftest import new_page

ENABLED_CARD = ".hand .play-card:not([disabled]):not([aria-disabled='true'])"
PARADE_CARDS = ".parade .pd-slot .pcard"


def create_table(page: Page, site: ServerProcess, seats: list[str]) -> list[str]:
    """Use the lobby form; return the seat links it shows."""
    page.goto(site.url + "/")
    form = page.locator("#game-parade form")
    form.get_by_label("Players", exact=True).select_option(str(len(seats)))
    for seat, choice in enumerate(seats):
        form.get_by_label(f"Seat {seat + 1}", exact=True).select_option(choice)
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
    expect(host.locator("#who")).to_have_text("you are seat 1")
    expect(friend.locator("#who")).to_have_text("you are seat 2")
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
    expect(host.locator("#replay-pos")).to_contain_text("start, before move 1 of")
    host.locator("#replay-next").click()
    expect(host.locator("#replay-pos")).to_contain_text("move 1 of")
    assert not host.errors and not friend.errors  # type: ignore[attr-defined]


def test_reload_keeps_the_game(browser: Browser, site: ServerProcess) -> None:
    """Reloading the page mid-game shows the same hand, parade and log."""
    page = new_page(browser)
    links = create_table(page, site, ["human", "bot:greedy", "bot:random"])
    page.goto(links[0])
    for _ in range(3):
        expect(page.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)  # bots first
        page.locator(ENABLED_CARD).first.click()
        page.wait_for_timeout(200)
    expect(page.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)  # bots first
    hand = page.locator(".hand .play-card").all_inner_texts()
    parade = drawn_parade(page)
    log_size = page.locator("#log li").count()
    page.reload()
    expect(page.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)  # bots first
    assert page.locator(".hand .play-card").all_inner_texts() == hand
    assert drawn_parade(page) == parade
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
    expect(page.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)  # bots first
    page.locator(ENABLED_CARD).first.click()
    expect(page.locator("#error")).to_contain_text("P11")
    expect(page.locator("#error")).to_contain_text("not in their hand")
    expect(page.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)  # bots first
    page.locator(ENABLED_CARD).first.click()
    expect(page.locator("#error")).to_be_hidden()
    assert not page.errors  # type: ignore[attr-defined]


def card_name(card: int) -> str:
    return "RBPGKY"[card // 11] + str(card % 11)


def drawn_parade(page: Page) -> list[str]:
    """The parade as drawn, front to end."""
    return [card.get_attribute("data-card") or "" for card in page.locator(PARADE_CARDS).all()]


def overflow(page: Page) -> int:
    """How many CSS px the page is wider than the window (0: no sideways scroll)."""
    width: int = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    return width


class Wire:
    """The state messages the server sent this page and the actions the page sent, read from
    the websocket itself, independently of what the renderer draws."""

    def __init__(self, page: Page) -> None:
        self.states: list[dict[str, Any]] = []
        self.acts: list[dict[str, Any]] = []
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda frame: self._keep(frame, self.states, "state"))
        socket.on("framesent", lambda frame: self._keep(frame, self.acts, "act"))

    @staticmethod
    def _keep(frame: str | bytes, into: list[dict[str, Any]], kind: str) -> None:
        message = json.loads(frame)
        if message.get("type") == kind:
            into.append(message)

    @property
    def last(self) -> dict[str, Any]:
        return self.states[-1]


def my_turn(page: Page, wire: Wire) -> dict[str, Any]:
    """Wait until this page may play a card; the state message that says so."""
    expect(page.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)  # bots first
    state = wire.last
    assert state["legal"] and state["view"]["phase"] == "play"
    return state


def my_turn_or_end(page: Page, wire: Wire) -> dict[str, Any] | None:
    """Wait until this page may play a card (its state message), or until the game is at
    its end choice (None): a table whose player collects the six colours early ends early."""
    end_choice = page.get_by_role("heading", name=re.compile(r"^Keep 2 of your"))
    expect(page.locator(ENABLED_CARD).first.or_(end_choice)).to_be_visible(timeout=20_000)
    if end_choice.count():
        return None
    return my_turn(page, wire)


def card_id(name: str) -> int:
    return COLOURS.index(name[0]) * 11 + int(name[1:])


def expected_majorities(collections: list[list[str]]) -> list[int]:
    """Per seat: how many colours' majorities it holds now, by the engine's own rule."""
    counts = [
        colour_counts([COLOURS.index(c[0]) * 11 + int(c[1:]) for c in cards])
        for cards in collections
    ]
    held = [0] * len(collections)
    for colour in range(len(COLOURS)):
        for seat, holds in enumerate(majority_holders([row[colour] for row in counts])):
            held[seat] += holds
    return held


def test_the_drawn_table_matches_the_servers_state(browser: Browser, site: ServerProcess) -> None:
    """Turn after turn, the parade drawn is the parade the server sent (same cards, in order,
    as many), and so are every collection, hand size, majority crown and the pile's count."""
    page = new_page(browser)
    wire = Wire(page)
    links = create_table(page, site, ["human", "bot:greedy", "bot:greedy", "bot:random"])
    page.goto(links[0])
    for turn in range(6):
        state = my_turn_or_end(page, wire)
        if state is None:  # six colours collected early: the game is at its end choice
            assert turn >= 2, "the game cannot end before its second round"
            break
        view = state["view"]
        expect(page.locator(PARADE_CARDS)).to_have_count(len(view["parade"]))
        assert drawn_parade(page) == view["parade"]
        label = page.locator(".parade").get_attribute("aria-label") or ""
        assert f"{len(view['parade'])} cards" in label
        held = expected_majorities(view["collections"])
        for seat, cards in enumerate(view["collections"]):
            shown = page.locator(f"[data-collection-seat='{seat}'] .pcard")
            assert sorted(c.get_attribute("data-card") or "" for c in shown.all()) == sorted(cards)
            crowns = page.locator(f"[data-collection-seat='{seat}'] .pd-count.major")
            assert crowns.count() == held[seat], (turn, seat, cards)
            if seat != view["seat"]:
                backs = page.locator(f"[data-hand-seat='{seat}'] .pd-back")
                assert backs.count() == view["hand_sizes"][seat]
        assert page.locator(".hand .play-card").count() == len(view["hand"])
        pile = page.locator(".pd-pile").get_attribute("aria-label") or ""
        assert f"{view['pile_size']} cards" in pile
        page.locator(ENABLED_CARD).nth(turn % len(view["hand"])).click()
        expect(page.locator(".parade .pd-slot.end .pcard")).not_to_have_attribute(
            "data-card", view["parade"][-1]
        )
    assert not page.errors  # type: ignore[attr-defined]


def test_no_sideways_scroll_on_a_desktop_or_a_phone(browser: Browser, site: ServerProcess) -> None:
    """At 1280x800 and at 390x844 the table never scrolls sideways: mid-game with a card
    hovered (bracket and lifted cards drawn), during the end choice and at the score sheet."""
    desktop = new_page(browser, width=1280, height=800)
    links = create_table(
        desktop, site, ["human", "bot:greedy", "bot:greedy", "bot:greedy", "bot:greedy"]
    )
    desktop.goto(links[0])
    # One turn grows the parade past the first checks; more turns could already bring the end
    # (six colours collected in two plays happens at a five-player table), whose choice has no
    # card to hover.  Four bots move between two turns: allow a loaded machine time.
    expect(desktop.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)
    desktop.locator(ENABLED_CARD).last.click()
    desktop.wait_for_timeout(100)
    expect(desktop.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)
    desktop.locator(ENABLED_CARD).first.hover()
    expect(desktop.locator("#preview")).to_contain_text("collect")
    assert overflow(desktop) <= 0
    phone = new_page(browser, width=390, height=844)
    phone.goto(links[0])
    expect(phone.locator(ENABLED_CARD).first).to_be_visible(timeout=20_000)
    phone.locator(ENABLED_CARD).first.hover()
    expect(phone.locator("#preview")).to_contain_text("collect")
    assert overflow(phone) <= 0
    touch = phone.locator(".hand .play-card").first.bounding_box()
    assert touch and touch["width"] >= 44 and touch["height"] >= 44
    desktop.close()
    seen_choice = False
    for _ in range(400):
        if phone.locator(".scores").count():
            break
        if phone.locator("#keep").count():
            seen_choice = True
            assert overflow(phone) <= 0
            take_turn(phone)
        elif phone.locator(ENABLED_CARD).count():
            # the card seen may be gone by the click (played already, the end choice come):
            # the next look decides again
            with contextlib.suppress(PlaywrightTimeoutError):
                phone.locator(ENABLED_CARD).first.click(timeout=2_000)
            phone.wait_for_timeout(50)
        else:
            phone.wait_for_timeout(50)
    expect(phone.locator(".scores")).to_be_visible()
    assert seen_choice
    assert overflow(phone) <= 0
    assert not phone.errors  # type: ignore[attr-defined]


def test_a_turn_played_with_the_keyboard_only(browser: Browser, site: ServerProcess) -> None:
    """Once the table is open, no mouse: Tab reaches a card of the hand, focusing it shows its
    safe zone and takes, Enter plays it; on the next turn the key 1 plays the first card."""
    page = new_page(browser)
    wire = Wire(page)
    links = create_table(page, site, ["human", "bot:greedy", "bot:random"])
    page.goto(links[0])
    state = my_turn(page, wire)
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "(() => { const e = document.activeElement;"
            " return e && e.matches('.play-card:not([aria-disabled])')"
            " ? e.dataset.card : null; })()"
        )
        if focused:
            break
    assert focused, "Tab never reached a card of the hand"
    action = next(a for a in state["legal"] if a["label"] == focused)
    expect(page.locator("#preview")).to_contain_text(focused)
    expect(page.locator(".parade .pd-slot.safe")).to_have_count(len(action["info"]["safe"]))
    expect(page.locator(".parade .pd-slot.takes")).to_have_count(len(action["info"]["takes"]))
    taken = [s.get_attribute("data-card") for s in page.locator(".parade .pd-slot.takes").all()]
    assert sorted(t or "" for t in taken) == sorted(action["info"]["takes"])
    page.keyboard.press("Enter")
    expect(page.locator(f".hand .play-card[data-card='{focused}']")).to_have_count(0)
    assert [a["action"] for a in wire.acts] == [action["id"]]
    assert all(
        focused not in s["view"]["hand"] for s in wire.states if s["version"] > state["version"]
    )
    state = my_turn(page, wire)
    first = state["view"]["hand"][0]
    page.keyboard.press("1")
    expect(page.locator(f".hand .play-card[data-card='{first}']")).to_have_count(0)
    played = next(a["id"] for a in state["legal"] if a["label"] == first)
    assert [a["action"] for a in wire.acts] == [action["id"], played]
    assert not page.errors  # type: ignore[attr-defined]
