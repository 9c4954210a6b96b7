"""Wonderdice in real Chromium: a real-time round against a bot, to the round's result; the
table fits a laptop and a phone; the drawn rows are the rows of the state the server sent;
a die is used by clicking it."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx2 as httpx
from playwright.sync_api import Browser, Locator, Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support import ServerProcess

from .conftest import new_page, serious_violations


def clicked(button: Locator) -> bool:
    """Click ``button`` if it is still offered: in a real-time game the table redraws as
    everyone acts, and a choice can vanish between finding it and clicking it."""
    try:
        button.click(timeout=1_000)
    except PlaywrightTimeout:
        return False
    return True


def create(site: ServerProcess, seats: list[dict[str, str]], **variants: str) -> dict[str, Any]:
    """A Wonderdice table with quick rounds (short countdown and cooldown)."""
    chosen = {"roll_cooldown_ms": "300", "countdown_ms": "600", **variants}
    response = httpx.post(
        f"{site.url}/api/tables",
        json={"game": "wonderdice", "seats": seats, "variants": chosen},
        timeout=10,
    )
    assert response.status_code == 200, response.text
    table: dict[str, Any] = response.json()
    return table


def against_a_bot(site: ServerProcess) -> dict[str, Any]:
    return create(site, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])


class Frames:
    """The state messages the page received, read from its websocket (not from the page)."""

    def __init__(self, page: Page) -> None:
        self.states: list[dict[str, Any]] = []
        page.on("websocket", self.watch)

    def watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", self.received)

    def received(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            self.states.append(message)

    @property
    def view(self) -> dict[str, Any]:
        assert self.states, "no state message came"
        view: dict[str, Any] = self.states[-1]["view"]
        return view


def drawn_faces(page: Page) -> list[int]:
    """The faces of the roll drawn in this seat's tray, sorted."""
    faces: list[int] = page.evaluate(
        "() => [...document.querySelectorAll('.rolled-die')].map((d) => Number(d.dataset.face))"
    )
    return sorted(faces)


def drawn_rows(page: Page) -> list[tuple[int, int | None]]:
    """Per seat as drawn: the dice placed on its row, the value of the die blocking it."""
    rows: list[tuple[int, int | None]] = page.evaluate(
        """() => [...document.querySelectorAll('.dice-seat')]
            .sort((a, b) => a.dataset.seat - b.dataset.seat)
            .map((seat) => {
              const block = seat.querySelector('.row .block-die');
              return [seat.querySelectorAll('.row .slot-die.placed').length,
                      block ? Number(block.dataset.value) : null];
            })"""
    )
    return [(placed, block) for placed, block in rows]


def state_rows(view: dict[str, Any]) -> list[tuple[int, int | None]]:
    """Per seat in the view: its row and the value of the die blocking it."""
    return [
        (p["row"], p["blocked_by"]["value"] if p["blocked_by"] else None) for p in view["players"]
    ]


def play_a_little(page: Page) -> None:
    """One step of a player: touch the Rabbit, use an advancing die, or roll."""
    claim = page.locator('button[data-kind="claim"]')
    die = page.locator('.rolled-die[data-kind="advance"], .rolled-die[data-kind="unblock"]')
    if claim.count():
        clicked(claim.first)
    elif die.count():
        clicked(die.first)
    elif page.locator("#roll:not([disabled])").count():
        clicked(page.locator("#roll"))


def ready(page: Page) -> None:
    """Say "I'm ready" at a real-time table: its race starts after the countdown."""
    page.locator("#ready-button").click()
    expect(page.locator("#readiness")).to_be_hidden()


def no_overflow(page: Page) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


def test_a_round_against_a_bot(browser: Browser, site: ServerProcess) -> None:
    """Roll, use dice as they come, until someone wins the round; the result is shown."""
    created = against_a_bot(site)
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    ready(page)
    expect(page.locator("#roll")).to_be_visible()
    expect(page.locator(".dice-seat")).to_have_count(2)
    rolled = acted = False
    deadline = time.monotonic() + 90
    wins = page.locator(".dice-seat .wins")

    def won() -> bool:
        return any(wins.nth(i).get_attribute("data-wins") != "0/0" for i in range(wins.count()))

    while time.monotonic() < deadline:
        if won():
            break
        claim = page.locator('button[data-kind="claim"]')
        advance = page.locator(
            '.rolled-die[data-kind="advance"], .rolled-die[data-kind="unblock"],'
            ' .die-action[data-kind="advance"]'
        )
        choose = page.locator('.rolled-die[data-kind="choose"][aria-expanded="false"]')
        if claim.count():
            clicked(claim.first)
        elif advance.count():
            acted = clicked(advance.first) or acted
        elif choose.count():
            clicked(choose.first)
        elif page.locator("#roll:not([disabled])").count():
            rolled = clicked(page.locator("#roll")) or rolled
        page.wait_for_timeout(60)
    assert rolled and acted, "the player never rolled and used a die"
    assert won(), "no round was won"
    expect(page.locator("#log")).to_contain_text("caught the White Rabbit")
    expect(page.locator(".result")).to_contain_text("caught the White Rabbit")
    expect(page.locator(".result")).to_contain_text("wins the game")  # why the card turned
    assert not page.errors  # type: ignore[attr-defined]


def test_no_horizontal_overflow_on_a_laptop_and_a_phone(
    browser: Browser, site: ServerProcess
) -> None:
    """At 1280x800 and at 390x844 the table never scrolls sideways, dice rolled or not."""
    for width, height in ((1280, 800), (390, 844)):
        created = create(
            site, [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3, countdown_ms="300"
        )
        page = new_page(browser, width, height)
        page.goto(created["seats"][0]["url"])
        ready(page)
        expect(page.locator(".dice-seat")).to_have_count(4)
        no_overflow(page)
        seen_roll = False
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not (
            seen_roll and page.locator(".block-die").count()
        ):
            if page.locator(".rolled-die").count():
                seen_roll = True
                no_overflow(page)
            play_a_little(page)
            page.wait_for_timeout(50)
        assert seen_roll, "no roll was drawn"
        no_overflow(page)
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


def test_a_phone_shows_your_seat_and_roll_button_without_scrolling(
    browser: Browser, site: ServerProcess
) -> None:
    """At 390x844, with five others at the table, your own seat and its Roll button are on
    the first screen (above the others), and so is the White Rabbit; on a laptop your seat
    stays below the others, as at the real table."""
    created = create(site, [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 5)
    for width, height in ((390, 844), (1280, 800)):
        page = new_page(browser, width, height)
        page.goto(created["seats"][0]["url"])
        if width == 390:  # the laptop opens the same seat once the race is on
            ready(page)
        expect(page.locator(".dice-seat")).to_have_count(6)
        mine = page.locator(".me .dice-seat").bounding_box()
        others = page.locator(".opponents").bounding_box()
        roll = page.locator("#roll").bounding_box()
        token = page.locator(".token").bounding_box()
        assert mine and others and roll and token
        if width == 390:
            assert mine["y"] < others["y"]
            assert roll["y"] + roll["height"] <= height and token["y"] + token["height"] <= height
        else:
            assert mine["y"] > others["y"]
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()


BLOCK_LABELS = """() => [...document.querySelectorAll(".row-wrap")].map((wrap) => [
  wrap.querySelector(".block-die").dataset.blocker,
  wrap.querySelector(".block-label").textContent,
])"""
"""Each blocked row's blocker seat and the words under it."""


def test_drawn_rows_match_the_state(browser: Browser, site: ServerProcess) -> None:
    """Each seat's placed dice and blocking die are those of the view the server sent; the
    words under a block say "your" for the reader's own die."""
    created = create(site, [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 2)
    page = new_page(browser)
    frames = Frames(page)
    page.goto(created["seats"][0]["url"])
    ready(page)
    expect(page.locator(".dice-seat")).to_have_count(3)
    checks = placed_seen = 0
    blocks_seen = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (checks >= 5 and placed_seen >= 6 and blocks_seen):
        for _ in range(4):
            play_a_little(page)
            page.wait_for_timeout(80)
        for _ in range(50):  # the page draws each message soon after it came
            expected = state_rows(frames.view)
            if drawn_rows(page) == expected:
                break
            page.wait_for_timeout(40)
        else:
            raise AssertionError(f"drawn {drawn_rows(page)} but the state says {expected}")
        for blocker, label in page.evaluate(BLOCK_LABELS):  # seat 0 reads this page
            assert ("blocked by your " in label) == (blocker == "0"), (blocker, label)
            assert "s's " not in label, label
        if frames.view["phase"] == "play":
            checks += 1
            placed_seen = max(placed_seen, sum(row for row, _ in expected))
            blocks_seen = blocks_seen or any(block is not None for _, block in expected)
    assert checks >= 5 and placed_seen >= 6, (checks, placed_seen)
    assert blocks_seen, "no block was ever drawn"
    assert not page.errors  # type: ignore[attr-defined]


def test_a_die_is_used_by_clicking_it(browser: Browser, site: ServerProcess) -> None:
    """Roll, click a 1 (it offers its choices next to it), advance: the row grows to 1."""
    created = create(site, [{"kind": "human"}, {"kind": "human"}], deal="in_order")
    page = new_page(browser)
    frames = Frames(page)
    page.goto(created["seats"][0]["url"])
    page.locator("#ready-button").click()
    other = new_page(browser)  # the other person is here too, and ready
    other.goto(created["seats"][1]["url"])
    ready(other)
    expect(page.locator("#readiness")).to_be_hidden()
    expect(page.locator(".dice-seat")).to_have_count(2)
    one = page.locator('.rolled-die[data-face="1"]')
    for _ in range(30):  # roll until a 1 shows
        expect(page.locator("#roll")).to_be_enabled(timeout=5_000)
        rolls = frames.view["stats"].get("rolls", 0)
        page.locator("#roll").click()
        deadline = time.monotonic() + 5  # this roll's faces came, and are drawn
        while frames.view["stats"].get("rolls", 0) == rolls and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        counts = (frames.states[-1].get("live") or {}).get("pending", [None])[0] or []
        faces = [face for face, n in enumerate(counts) if face >= 1 for _ in range(n)]
        while drawn_faces(page) != faces and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        assert drawn_faces(page) == faces, (drawn_faces(page), faces)
        if one.count():
            break
    assert one.count(), "thirty rolls without a 1"
    # the Mad Hatter's 1 may advance or block Absolem's 1: the die offers both
    expect(one.first).to_have_attribute("data-kind", "choose")
    expect(one.first.locator(".die-caption")).to_contain_text("choices")
    one.first.click()
    choices = page.locator(".die-choices")
    advance = choices.get_by_role("button", name="advance to 1", exact=True)
    expect(advance).to_have_count(1)
    expect(choices.get_by_role("button", name="block Absolem the Caterpillar's 1")).to_have_count(1)
    advance.click()
    mine = page.locator('.dice-seat[data-seat="0"] .row .slot-die.placed')
    expect(mine).to_have_count(1)
    expect(page.locator("#log")).to_contain_text("Mad Hatter advances to 1")
    deadline = time.monotonic() + 5
    while frames.view["players"][0]["row"] != 1 and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert frames.view["players"][0]["row"] == 1
    assert frames.view["players"][0]["hand"] == 5
    assert not page.locator(".rolled-die").count(), "the roll's one action is spent (D14)"
    assert not page.errors  # type: ignore[attr-defined]


LOG_NOTE = "getComputedStyle(document.getElementById('log'), '::before').content"
"""What the game log box says of itself (its note while no line is in it)."""


def test_the_race_waits_for_its_player_and_pauses_while_they_are_away(
    browser: Browser, site: ServerProcess
) -> None:
    """A person and two bots: "Ready?" and nothing rolled until the person says so; then a
    countdown everyone sees, and the race; when the person's page closes, a spectator sees
    the race paused for them; when they are back it goes on after a countdown."""
    created = create(
        site,
        [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 2,
        countdown_ms="3000",
    )
    page = new_page(browser)
    frames = Frames(page)
    page.goto(created["seats"][0]["url"])
    expect(page.locator("#readiness")).to_contain_text("Ready?")
    expect(page.locator("#ready-button")).to_be_visible()
    expect(page.locator("#roll")).to_be_disabled()
    assert page.evaluate(LOG_NOTE) == '"Nothing has happened yet."'  # not an empty frame
    assert page.evaluate(LOG_NOTE.replace("'log'", "'chat'")) == "none"  # the chat's own
    page.wait_for_timeout(3_000)  # several seconds: the bots wait too
    assert frames.states and max(s["version"] for s in frames.states) == 1  # the deal only
    assert serious_violations(page) == []
    page.screenshot(path="/tmp/ready-check-1280.png")
    phone = new_page(browser, 390, 844)
    phone.goto(created["seats"][0]["url"])
    expect(phone.locator("#ready-button")).to_be_visible()
    phone.screenshot(path="/tmp/ready-check-390.png")
    phone.close()
    page.locator("#ready-button").click()
    expect(page.locator("#readiness")).to_be_hidden()
    expect(page.locator(".countdown .count-number")).to_be_visible()
    expect(page.locator(".countdown")).to_contain_text("“Play Me!” opens the round")
    page.screenshot(path="/tmp/ready-countdown-1280.png")
    expect(page.locator("#roll")).to_be_enabled(timeout=6_000)  # "Play Me!": the race is on
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and frames.states[-1]["version"] <= 1:
        page.wait_for_timeout(200)
    assert frames.states[-1]["version"] > 1  # the bots race now
    expect(page.locator("#log li").first).to_be_visible()
    assert page.evaluate(LOG_NOTE) == "none"  # the log's lines took its place
    page.context.close()  # the person's only page closes
    watcher = new_page(browser)
    watcher.goto(f"{site.url}/t/{created['table']}")
    expect(watcher.locator("#readiness")).to_contain_text("Paused")
    expect(watcher.locator("#readiness")).to_contain_text("Waiting for")
    assert serious_violations(watcher) == []
    watcher.screenshot(path="/tmp/ready-paused-1280.png")
    small = new_page(browser, 390, 844)
    small.goto(f"{site.url}/t/{created['table']}")
    expect(small.locator("#readiness")).to_contain_text("Paused")
    small.screenshot(path="/tmp/ready-paused-390.png")
    small.close()
    back = new_page(browser)
    back.goto(created["seats"][0]["url"])
    expect(watcher.locator("#readiness")).to_be_hidden()  # back: it goes on for everyone
    expect(watcher.locator(".countdown")).to_contain_text("then the race goes on")
    assert "opens the round" not in watcher.locator(".countdown").inner_text()
    expect(back.locator("#roll")).to_be_enabled(timeout=6_000)
    assert not back.errors and not watcher.errors  # type: ignore[attr-defined]
