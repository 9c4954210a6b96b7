"""Sound and attention in real Chromium: a seat's page sounds its turn and the cards played
(after the first gesture), not on load; a choice of off survives a reload and then no audio
is ever started; the table screen starts silent until someone turns it on; the control fits
at 1280x800, 390x844 and on a 1920x1080 screen; nothing moves when the reader asked for
reduced motion; and a seat whose page is in the background is notified of its turn."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support import ServerProcess

from .conftest import overflow, serious_violations
from .test_parade_browser import ENABLED_CARD
from .test_wonderdice_browser import clicked, ready

SHOTS = Path(os.environ.get("WONDERLAND_SHOTS", "/tmp/sound-shots"))

LISTEN = """
window.__cues = [];
window.__contexts = 0;
addEventListener("wonderland:cue", (event) => window.__cues.push(event.detail));
const Native = window.AudioContext;
window.AudioContext = class extends Native {
  constructor(...args) { super(...args); window.__contexts += 1; }
};
"""
"""Records every cue the page plays and every AudioContext it makes."""

AGAINST_A_BOT = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]


def seat_links(site: ServerProcess, game: str = "parade") -> tuple[str, str]:
    """A new table of a person against a bot (the person starts): the seat's link and the
    table screen's public link."""
    body = {"game": game, "seats": AGAINST_A_BOT}
    if game == "parade":
        body["variants"] = {"start_player": "1"}
    made = httpx.post(f"{site.url}/api/tables", json=body, timeout=10).json()
    return made["seats"][0]["url"], f"{site.url}/t/{made['table']}/screen"


def page_of(browser: Browser, width: int, height: int, **options: object) -> Page:
    """A page in a fresh context that records its cues and audio contexts."""
    context = browser.new_context(viewport={"width": width, "height": height}, **options)  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    page.add_init_script(LISTEN)
    return page


def seated(
    browser: Browser,
    site: ServerProcess,
    size: tuple[int, int],
    script: str = "",
    **options: object,
) -> tuple[Page, str]:
    """A person's seat at a new table against a bot, open at its turn (``script`` runs
    before the page's own), and the table screen's public link."""
    seat, screen_link = seat_links(site)
    page = page_of(browser, *size, **options)
    if script:
        page.add_init_script(script)
    page.goto(seat)
    expect(page.locator(".seat-you .turn-tag")).to_contain_text("your turn")
    return page, screen_link


def cues(page: Page, preview: bool = False) -> list[str]:
    """The cues played so far (previews of the control apart, unless asked)."""
    played: list[str] = page.evaluate(
        "(preview) => window.__cues.filter((c) => c.preview === preview).map((c) => c.cue)",
        preview,
    )
    return played


MY_TURN = """(after) => { const s = window.__table.history.at(-1);
  return s && s.version > after && s.legal.length > 0; }"""


def play_until_my_turn(page: Page) -> None:
    """Play a card of this seat's hand; the bot answers and the turn comes back."""
    version = page.evaluate("window.__table.history.at(-1).version")
    card = page.locator(ENABLED_CARD).first
    card.hover()
    card.click()
    page.wait_for_function(MY_TURN, arg=version + 1)
    expect(page.locator(".seat-you .turn-tag")).to_contain_text("your turn")


def followed(screen: Page, move: Callable[[], None]) -> None:
    """Make a move and wait until the screen shows it in its last moves."""
    before = screen.locator("#screen-log").inner_text()
    move()
    expect(screen.locator("#screen-log")).not_to_have_text(before)
    screen.wait_for_timeout(300)  # the bot's answer too


def fits(page: Page, name: str) -> None:
    """The control is shown whole, overlaps no other control, makes no sideways scroll and
    no serious accessibility problem; a picture of the page to look at."""
    control = page.locator(".sound-control")
    expect(control).to_be_visible()
    box = control.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]  # type: ignore[index]
    overlapping = page.evaluate(
        """() => {
          const mine = document.querySelector('.sound-control').getBoundingClientRect();
          const others = 'button, input, select, a, h1, #who, #status, #turn';
          return [...document.querySelectorAll(others)]
            .filter((e) => !e.closest('.sound-control') && e.offsetParent !== null)
            .filter((e) => { const r = e.getBoundingClientRect();
              return r.left < mine.right - 1 && mine.left < r.right - 1
                && r.top < mine.bottom - 1 && mine.top < r.bottom - 1; })
            .map((e) => e.id || e.tagName);
        }"""
    )
    assert overlapping == [], f"{name}: {overlapping}"
    assert overflow(page) == 0, name
    assert serious_violations(page) == [], name
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_seat_hears_its_turn_and_the_cards_and_its_choice_of_off_is_kept(
    browser: Browser, site: ServerProcess
) -> None:
    page, _ = seated(browser, site, (1280, 800))
    toggle = page.get_by_role("button", name="Sound")
    expect(toggle).to_have_attribute("aria-pressed", "true")  # a player's page: on by default
    assert cues(page) == [] and page.evaluate("window.__contexts") == 0  # silent on load
    # the browser holds sound back until a gesture: the control says so until then
    expect(page.locator("#sound-wait")).to_have_text("plays after your first tap")
    fits(page, "seat-1280")
    play_until_my_turn(page)  # the click is the gesture that lets the page play sound
    expect(page.locator("#sound-wait")).to_be_hidden()
    page.wait_for_function("() => window.__cues.some((c) => c.cue === 'turn')")
    assert cues(page) == ["card", "card", "turn"]  # mine, the bot's, the turn back to me
    assert page.evaluate("window.__contexts") == 1
    toggle.focus()
    page.keyboard.press("Space")  # the control works from the keyboard
    expect(toggle).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Volume")).to_be_focused()
    for _ in range(7):
        page.keyboard.press("ArrowLeft")  # from 60, in steps of 5
    page.reload()
    expect(page.get_by_role("button", name="Sound")).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_label("Volume")).to_have_value("25")
    expect(page.locator("#sound-wait")).to_be_hidden()  # off: nothing to wait for
    expect(page.locator(".seat-you .turn-tag")).to_contain_text("your turn")
    play_until_my_turn(page)
    play_until_my_turn(page)
    assert cues(page) == [] and cues(page, preview=True) == []
    assert page.evaluate("window.__contexts") == 0  # off: no audio is ever started
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_table_screen_starts_silent_until_someone_turns_sound_on(
    browser: Browser, site: ServerProcess
) -> None:
    player, screen_link = seated(browser, site, (390, 844))
    fits(player, "seat-390")
    screen = page_of(browser, 1920, 1080)
    screen.goto(screen_link)
    toggle = screen.get_by_role("button", name="Sound")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(screen.locator("#sound-wait")).to_be_hidden()
    expect(screen.locator(".board .pd-table")).to_be_visible()
    followed(screen, lambda: play_until_my_turn(player))
    screen.locator("body").click()  # a gesture, but sound is off: still nothing
    followed(screen, lambda: play_until_my_turn(player))
    assert cues(screen) == [] and screen.evaluate("window.__contexts") == 0
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    assert cues(screen, preview=True) == ["turn"]  # turning it on lets the room hear it
    fits(screen, "screen-1920")
    followed(screen, lambda: play_until_my_turn(player))
    screen.wait_for_function("() => window.__cues.filter((c) => !c.preview).length >= 2")
    assert cues(screen) == ["card", "card"]  # the screen has no turn of its own
    screen.reload()  # kept on for this screen, and silent again until the next gesture
    expect(screen.get_by_role("button", name="Sound")).to_have_attribute("aria-pressed", "true")
    expect(screen.locator("#sound-wait")).to_be_visible()
    assert screen.evaluate("window.__contexts") == 0
    assert player.errors == [] and screen.errors == []  # type: ignore[attr-defined]


MOVES = """
window.__moves = 0;
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.__moves += 1;
  return animate.apply(this, args);
};
addEventListener("transitionrun", () => { window.__moves += 1; }, true);
addEventListener("animationstart", (event) => {  // a stepped countdown does not glide
  const timing = getComputedStyle(event.target).animationTimingFunction;
  if (!timing.startsWith("steps")) window.__moves += 1;
}, true);
"""
"""Counts every animation and transition the page starts."""

STILL = """() => [...document.querySelectorAll('*')].filter((e) => {
  const s = getComputedStyle(e);
  const moving = s.transitionDuration.split(',').some((d) => parseFloat(d) > 0);
  const animated = s.animationName !== 'none' && !s.animationTimingFunction.startsWith('steps');
  return moving || animated;
}).map((e) => e.tagName + '.' + e.className).slice(0, 5)"""
"""The elements that would still glide or animate (a stepped countdown does not glide)."""


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
def test_nothing_moves_when_the_reader_asked_for_reduced_motion(
    browser: Browser, site: ServerProcess, motion: str
) -> None:
    page, _ = seated(browser, site, (1280, 800), MOVES, reduced_motion=motion)
    play_until_my_turn(page)
    page.locator(".hand .play-card").first.hover()
    page.wait_for_timeout(400)
    moved = page.evaluate("window.__moves")
    if motion == "reduce":
        assert moved == 0
        assert page.evaluate(STILL) == []
    else:  # the same steps move when motion is welcome: the check above can fail
        assert moved > 0
    assert page.errors == []  # type: ignore[attr-defined]


HIDDEN = """
window.__notes = [];
window.__hidden = false;    // another tab in front, or the browser minimised
window.__focused = true;    // false: another window in front, the page still showing
for (const [name, value] of [["hidden", () => window.__hidden],
    ["visibilityState", () => (window.__hidden ? "hidden" : "visible")]]) {
  Object.defineProperty(Document.prototype, name, { get: value, configurable: true });
}
Document.prototype.hasFocus = () => window.__focused && !window.__hidden;
const Shown = window.Notification;
window.Notification = class extends Shown {
  constructor(title, options) {
    window.__notes.push({ title, body: options && options.body });
    super(title, options);
  }
};
"""
"""A page that can be sent to the background, recording the notifications it shows."""


def test_a_seat_in_the_background_is_notified_when_its_turn_comes(
    browser: Browser, site: ServerProcess
) -> None:
    page, _ = seated(browser, site, (1280, 800), HIDDEN, permissions=["notifications"])
    expect(page.locator("#notify")).to_have_text("Turn notifications on")
    play_until_my_turn(page)  # in front: the page shows the turn, no notification
    assert page.evaluate("window.__notes") == []
    page.evaluate("window.__focused = false")  # the player turned to another window
    play_until_my_turn(page)  # (the move was sent just before)
    page.wait_for_function("() => window.__notes.length > 0")
    page.evaluate("window.__hidden = true; document.dispatchEvent(new Event('visibilitychange'))")
    play_until_my_turn(page)  # now another tab is in front
    page.wait_for_function("() => window.__notes.length > 1")
    notes = page.evaluate("window.__notes")
    assert [note["title"] for note in notes] == ["Your turn · Parade"] * 2
    assert page.errors == []  # type: ignore[attr-defined]


def first_moves(page: Page, game: str) -> None:
    """A few steps of a War or Wonderdice seat: a decision or rolls, and the bots' answers."""
    if game == "wonderdice":
        ready(page)
        for _ in range(3):
            roll = page.locator("#roll:not([disabled])")
            expect(roll).to_be_visible(timeout=10_000)
            clicked(roll)
            page.wait_for_timeout(400)
    else:
        choice = page.locator("#board button[data-action]:not([disabled])").first
        expect(choice).to_be_visible()
        choice.click()
    page.wait_for_timeout(1000)


@pytest.mark.parametrize("motion", ["reduce", "no-preference"])
@pytest.mark.parametrize("game", ["wonderlands_war", "wonderdice"])
def test_war_and_wonderdice_do_not_move_under_reduced_motion(
    browser: Browser, site: ServerProcess, game: str, motion: str
) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * (2 if game == "wonderlands_war" else 1)
    variants = {"roll_cooldown_ms": "300", "countdown_ms": "600"} if game == "wonderdice" else {}
    body = {"game": game, "seats": [{"kind": "human"}, *bots], "variants": variants}
    made = httpx.post(f"{site.url}/api/tables", json=body, timeout=10).json()
    page = page_of(browser, 1280, 800, reduced_motion=motion)
    page.add_init_script(MOVES)
    page.goto(made["seats"][0]["url"])
    first_moves(page, game)
    if motion == "reduce":
        assert page.evaluate("window.__moves") == 0
        assert page.evaluate(STILL) == []
    else:
        assert page.evaluate("window.__moves") > 0
    assert page.errors == []  # type: ignore[attr-defined]
