"""Names and chat in two browsers at one table: each picks a name and sees the other's at the
seats and in the log, they chat, a spectator (remembering its name) chats too; a name of markup
is refused by the server and a chat line of markup is shown as text."""

from __future__ import annotations

import re

import httpx2 as httpx
from playwright.sync_api import Browser, Dialog, Page, expect

from tests.support import ServerProcess

from .conftest import new_page

XSS = "<img src=x onerror=alert(1)>"


def choose_name(page: Page, name: str) -> None:
    page.locator("#name-input").fill(name)
    page.locator("#name-save").click()


def say(page: Page, words: str) -> None:
    page.locator("#chat-input").fill(words)
    page.locator("#chat-input").press("Enter")


def test_two_browsers_pick_names_and_chat(browser: Browser, site: ServerProcess) -> None:
    body = {"game": "parade", "seats": [{"kind": "human"}, {"kind": "human"}]}
    links = httpx.post(f"{site.url}/api/tables", json=body, timeout=10).json()
    dialogs: list[str] = []

    def record(dialog: Dialog) -> None:  # an alert() that ran would come here
        dialogs.append(dialog.message)
        dialog.dismiss()

    alice, hatter = new_page(browser), new_page(browser, 390, 844)
    for page, link in zip((alice, hatter), links["seats"], strict=True):
        page.on("dialog", record)
        page.goto(link["url"])
        expect(page.locator("#seats li")).to_have_count(2)
        expect(page.locator("#log li").first).to_be_visible()

    choose_name(alice, "Alice Liddell")
    expect(alice.locator("#name-note")).to_have_text("The table sees you as Alice Liddell.")
    hatter.locator("#name-input").fill("Mad Hatter")
    hatter.locator("#name-input").press("Enter")
    expect(hatter.locator("#who")).to_have_text("you are Mad Hatter (seat 2)")
    expect(alice.locator("#seats")).to_contain_text("Mad Hatter")
    expect(hatter.locator("#seats li").first).to_contain_text("Alice Liddell")
    # "seat N starts" (either seat may start, P8) is told with the starter's name
    expect(hatter.locator("#log")).to_contain_text(
        re.compile(r"(Alice Liddell|Mad Hatter \(you\)) starts")
    )
    expect(hatter.locator("#log")).not_to_contain_text("player 1")
    expect(hatter.locator("#log")).not_to_contain_text("player 2")

    choose_name(hatter, XSS)  # refused by the server, with its reason; the name stays
    expect(hatter.locator("#name-note")).to_contain_text("only letters, digits, spaces")
    expect(alice.locator("#seats")).to_contain_text("Mad Hatter")
    expect(alice.locator("#seats")).not_to_contain_text("<img")

    say(alice, XSS)
    say(hatter, "Tea first, then cards.")
    for page in (alice, hatter):
        lines = page.locator("#chat li")
        expect(lines).to_have_count(2)
        expect(lines.nth(0)).to_contain_text("Alice Liddell")
        expect(lines.nth(0).locator(".chat-text")).to_have_text(XSS)
        expect(lines.nth(1)).to_contain_text("Mad Hatter")
    expect(alice.locator("#chat-input")).to_have_value("")

    # a spectator in Alice's browser: the remembered name, marked as a spectator's (her seat,
    # kept by this browser, is offered back rather than her being called a spectator)
    watcher = alice.context.new_page()
    watcher.on("dialog", record)
    watcher_errors: list[str] = []
    watcher.on("pageerror", lambda error: watcher_errors.append(str(error)))
    watcher.goto(links["spectator_url"])
    expect(watcher.locator("#name-input")).to_have_value("Alice Liddell")
    expect(watcher.locator("#name-note")).to_have_text(
        "You chat as Alice Liddell until you rejoin your seat."
    )
    expect(watcher.locator("#seat-return")).to_have_text("This is your seat — rejoin")
    expect(watcher.locator("#chat li")).to_have_count(2)  # what was said before
    say(watcher, "watching now")
    spectator_line = hatter.locator("#chat li").nth(2)
    expect(spectator_line).to_contain_text("Alice Liddell (spectator): watching now")
    expect(spectator_line).to_have_class("chat-line chat-spectator")

    for page in (alice, hatter, watcher):
        assert page.locator("#chat img, #seats img, #log img").count() == 0
    for page in (alice, hatter):
        assert not page.errors  # type: ignore[attr-defined]
    assert watcher_errors == [] and dialogs == []
