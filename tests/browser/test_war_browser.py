"""Wonderland's War in real Chromium: the drawn table against two bots.

The view each test compares with the picture is read from the websocket's state messages,
never from the page's own drawing.
"""

from __future__ import annotations

import json
import re
from typing import Any

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.support import ServerProcess

from .conftest import new_page


class Views:
    """The latest state message the server sent this page."""

    def __init__(self, page: Page) -> None:
        self.latest: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._frame)

    def _frame(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            self.latest = message
        elif message.get("type") == "welcome":
            self.welcome = message

    @property
    def view(self) -> dict[str, Any]:
        assert self.latest is not None, "no state message arrived"
        return self.latest["view"]  # type: ignore[no-any-return]


def open_table(
    browser: Browser, site: ServerProcess, width: int = 1280, height: int = 800
) -> tuple[Page, Views]:
    """A three-player table (you and two bots), opened at your seat."""
    page = new_page(browser, width, height)
    views = Views(page)
    seats = [
        {"kind": "human"},
        {"kind": "bot", "bot": "heuristic"},
        {"kind": "bot", "bot": "heuristic"},
    ]
    created = httpx.post(f"{site.url}/api/tables", json={"game": "wonderlands_war", "seats": seats})
    page.goto(created.json()["seats"][0]["url"])
    return page, views


def through_setup(page: Page) -> None:
    """Choose the first faction and keep the first quest drawn: the tea party begins."""
    page.locator(".faction-pick").first.click()
    page.locator(".quest-pick").first.click()
    expect(page.locator(".plate.legal").first).to_be_visible(timeout=20000)


def no_overflow(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert width <= 0, f"the page scrolls sideways by {width}px"


def markers(page: Page) -> list[dict[int, int]]:
    """The supporter markers drawn in each region: seat -> the count on the marker."""
    drawn = page.evaluate(
        """() => [...document.querySelectorAll('.map [data-region]')].map((spot) => ({
            region: Number(spot.dataset.region),
            sups: [...spot.querySelectorAll('.sup')]
                .map((m) => [Number(m.dataset.seat), Number(m.textContent)]),
        }))"""
    )
    out: list[dict[int, int]] = [{} for _ in drawn]
    for spot in drawn:
        out[spot["region"]] = dict(spot["sups"])
    return out


def expected(view: dict[str, Any]) -> list[dict[int, int]]:
    return [{s: n for s, n in enumerate(row) if n} for row in view["supporters"]]


def step(page: Page) -> str:
    """Take one decision on the picture: a highlighted plate (its first half) or the first
    button; returns what was clicked ("" when the table changed under the pointer: a bot's
    move redrew it, and the caller looks again)."""
    try:
        plate = page.locator(".plate.legal")
        if plate.count():
            plate.first.click(timeout=5000)
            half = page.locator(".tea-detail .half")
            if half.count():
                half.first.click(timeout=5000)
            return "plate"
        choice = page.locator(".ww button.choice:not([disabled])")
        if choice.count():
            kind = choice.first.get_attribute("data-kind", timeout=5000) or ""
            choice.first.click(timeout=5000)
            return kind
    except PlaywrightTimeoutError:
        pass
    return ""


def wait_for_decision(page: Page) -> None:
    decision = page.locator(".plate.legal, .ww button.choice:not([disabled]), .result")
    expect(decision.first).to_be_visible(timeout=20000)


RULE_WORDS = re.compile(
    r"rules? [A-Z]{1,2}\d{1,3}[a-z]?(?:(?:,\s?|/|–|-|\s(?:and|or)\s)[A-Z]{1,2}\d{1,3}[a-z]?)*"
)
"""A rule reference in words: "rule W48", "rules W53, W54"."""


def bare_rule_ids(page: Page) -> set[str]:
    """Texts, tooltips and labels of the page that hold a rule's id not written as a rule
    reference (a bare "(W48)", which reads like a code)."""
    texts: list[str] = page.evaluate(
        "[document.body.innerText, ...[...document.querySelectorAll('[title], [aria-label]')]"
        ".flatMap((e) => [e.getAttribute('title') || '', e.getAttribute('aria-label') || ''])]"
    )
    return {text for text in texts if re.search(r"\b[WG]\d{1,3}\b", RULE_WORDS.sub("", text))}


def test_tea_party_turn_and_a_battle(browser: Browser, site: ServerProcess) -> None:
    """Choose a faction, take a tea party card at a plate, then draw through a battle to its
    award (VP or a castle appear on the board); every label and tooltip on the way writes its
    rule references as words."""
    page, _ = open_table(browser, site)
    expect(page.locator(".tea")).to_be_visible(timeout=20000)
    took_card = awarded = False
    before: tuple[int, list[str]] | None = None
    bare = bare_rule_ids(page)
    for _ in range(300):
        wait_for_decision(page)
        now = (
            page.locator(".map .castle").count(),
            page.locator(".mat .stat.vp").all_inner_texts(),
        )
        if before is None and page.locator(".battle .cylinder").count():
            expect(page.locator(".battle .track")).to_be_visible()
            no_overflow(page)
            bare |= bare_rule_ids(page)
            before = now  # castles and scores when the first battle began
        awarded = before is not None and now != before
        if awarded or page.locator(".result").count():
            break
        took_card = step(page) == "plate" or took_card
        page.wait_for_timeout(100)
    assert took_card, "no tea party card was taken"
    assert before is not None, "no battle was shown"
    assert awarded, "the first battle gave no award"
    assert bare | bare_rule_ids(page) == set()
    expect(page.locator("#log li").first).to_be_visible()
    assert not page.errors  # type: ignore[attr-defined]


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_no_horizontal_overflow(
    browser: Browser, site: ServerProcess, width: int, height: int
) -> None:
    """Neither the set-up, the tea table nor the war scrolls sideways on a desktop or a phone."""
    page, _ = open_table(browser, site, width, height)
    expect(page.locator(".faction-pick").first).to_be_visible(timeout=20000)
    no_overflow(page)
    through_setup(page)
    no_overflow(page)
    for _ in range(200):
        wait_for_decision(page)
        if page.locator(".battle .cylinder").count():
            break
        step(page)
        page.wait_for_timeout(50)
    expect(page.locator(".battle .cylinder").first).to_be_visible()
    no_overflow(page)
    assert not page.errors  # type: ignore[attr-defined]


def test_region_markers_match_the_view(browser: Browser, site: ServerProcess) -> None:
    """At every decision of the first round, each region's supporter markers are the view's
    supporters there, seat by seat (a marker only where there are supporters)."""
    page, views = open_table(browser, site)
    through_setup(page)
    compared = 0
    for _ in range(120):
        wait_for_decision(page)
        page.wait_for_timeout(50)
        view = views.view
        if view["round"] > 1 or page.locator(".result").count():
            break
        drawn = markers(page)
        assert len(drawn) == len(view["supporters"]) == 5
        if drawn != expected(view):  # a newer state may be on its way: read both again
            page.wait_for_timeout(500)
            view = views.view
            drawn = markers(page)
        assert drawn == expected(view), f"round {view['round']}, decision {view['decisions']}"
        compared += any(expected(view))
        step(page)
    assert compared >= 3, "too few states with supporters on the map were compared"
    assert not page.errors  # type: ignore[attr-defined]


def test_tea_party_move_by_clicking_the_plate(browser: Browser, site: ServerProcess) -> None:
    """A plate that cannot be taken says why with its clause; clicking a highlighted plate
    moves your leader there and takes its card."""
    page, views = open_table(browser, site)
    through_setup(page)
    unused = page.locator('.plate.unused[aria-disabled="true"]')
    unused.first.focus()  # a keyboard reader lands on it
    expect(page.locator(".tea-detail .why")).to_contain_text("not used with 3 players")
    expect(page.locator(".tea-detail .why .rule-ref")).to_have_text("rule W9")
    unused.last.click(force=True)  # a tap on a plate Playwright counts as disabled
    space = unused.last.get_attribute("data-space")
    expect(page.locator(".tea-detail strong")).to_have_text(f"Plate {space}: ")
    me = views.latest["view"]["seat"] if views.latest else 0
    plates = page.locator(".plate.legal:not(.head)")
    expect(plates.first).to_be_visible()
    target = int(plates.first.get_attribute("data-space") or "-1")
    card = views.view["table"][target]
    assert card >= 0, "a highlighted plate holds a card"
    cards_before = list(views.view["players"][me]["cards"])
    plates.first.click()
    half = page.locator(".tea-detail .half")
    if half.count():
        half.first.click()
    for _ in range(100):
        if card in views.view["players"][me]["cards"]:
            break
        page.wait_for_timeout(100)
    view = views.view
    assert view["players"][me]["cards"] == [*cards_before, card]
    assert view["players"][me]["pos"] == target
    taken = page.locator(f'.plate[data-space="{target}"]')
    expect(taken).not_to_have_class(re.compile(r"\blegal\b"))
    expect(taken).to_have_class(re.compile(r"\boccupied\b"))
    assert not page.errors  # type: ignore[attr-defined]


# Every pair of boxes that must not intersect: on each plate its number, card name and marks;
# on the map every region's name, award and battle marker against every piece, and the
# region spots against each other and the pool's label. Returns one line per overlap.
OVERLAPS = """(root) => {
  const scope = root ? document.querySelector(root) : document;
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const boxes = (parent, sel) => [...parent.querySelectorAll(sel)]
    .map((n) => [n, n.getBoundingClientRect()]).filter(([, r]) => r.width && r.height);
  const name = (n) => `${n.className.baseVal ?? n.className} "${n.textContent.trim()}"`;
  const pairs = (list, out, where) => {
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++)
      if (hit(list[i][1], list[j][1]))
        out.push(`${where}: ${name(list[i][0])} over ${name(list[j][0])}`);
  };
  const out = [];
  for (const plate of scope.querySelectorAll('.tea .plate'))
    pairs(boxes(plate, '.plate-no, .plate-name, .plate-gain'), out, `plate ${plate.dataset.space}`);
  const map = scope.querySelector('.map');
  const marks = '.sup, .leader, .castle, .figure, .won, .gain, .pool-label';
  pairs(boxes(map, `.region-name, .award, .marker, ${marks}`), out, 'map');
  pairs(boxes(map, '.region, .pool-label'), out, 'map');
  return out;
}"""

SETTLED = "Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))"

# Draw the table with the page's own renderer into a second board just above the page's.
DRAW = """async ([content, view, seat, legal]) => {
  const renderer = await import('/games/wonderlands_war/renderer.js');
  const board = document.getElementById('board');
  let copy = document.getElementById('drawn-copy');
  if (!copy) {
    copy = document.createElement('div');
    copy.id = 'drawn-copy';
    copy.className = board.className;
    board.before(copy);
  }
  renderer.render(copy, {
    view, previous: copy.firstChild ? window.drawnBefore : null, state: null, seat, legal,
    act() {}, send() {}, seats: [], name: (s) => `seat ${s}`, content, replay: false,
    offline: false,
  });
  window.drawnBefore = view;
}"""


def crowded(view: dict[str, Any], factions: int) -> dict[str, Any]:
    """The view with `factions` factions each holding supporters, castles, a figure and
    (for two of them) a leader in every region, and the battle marker out."""
    view = json.loads(json.dumps(view))
    players = view["players"]
    while len(players) < factions:
        extra = json.loads(json.dumps(players[len(players) % view["n"]]))
        extra["faction"] = len(players)
        players.append(extra)
    view["n"] = factions
    regions = len(view["supporters"])
    view["supporters"] = [[12 - s for s in range(factions)] for _ in range(regions)]
    view["castles"] = [[1 + s % 2 for s in range(factions)] for _ in range(regions)]
    for s, player in enumerate(players):
        player["faction"] = s if player["faction"] < 0 else player["faction"]
        player["region"] = s % 2
        player["pos"] = -1
        player["figures"] = [[2 * s + k, (s + k) % regions] for k in range(2)]
    view["occupant"] = [-1 for _ in view["occupant"]]
    view["marker"] = 0
    return view


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_labels_never_overlap(
    browser: Browser, site: ServerProcess, width: int, height: int
) -> None:
    """Once the animations are over, no plate's number covers its card name and no marker
    covers a region's name; the same with five factions crowding every region; and a longer
    status line above the board does not drag pieces over the labels as they glide."""
    page, views = open_table(browser, site, width, height)
    through_setup(page)
    page.evaluate(SETTLED)
    assert page.evaluate(OVERLAPS, None) == []
    assert views.welcome is not None and views.latest is not None
    content, seat = views.welcome["content"], views.latest["view"]["seat"]
    legal = views.latest["legal"]
    assert legal, "it is this seat's decision at the tea party"
    full = crowded(views.view, 5)
    page.evaluate(DRAW, [content, full, seat, []])
    page.evaluate(SETTLED)
    copy = page.locator("#drawn-copy")
    expect(copy.locator(".map .region .sup")).to_have_count(5 * 5)
    assert page.evaluate(OVERLAPS, "#drawn-copy") == []
    status = copy.locator(".ww-status").bounding_box()
    page.evaluate(DRAW, [content, full, seat, legal])  # your decision: a longer status line
    longer = copy.locator(".ww-status").bounding_box()
    assert status is not None and longer is not None and longer["height"] > status["height"]
    page.evaluate("document.getAnimations().forEach((a) => { a.pause(); a.currentTime = 0; })")
    assert page.evaluate(OVERLAPS, "#drawn-copy") == [], "at the first frame of the animation"
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    assert page.evaluate(OVERLAPS, "#drawn-copy") == []
    no_overflow(page)
    assert not page.errors  # type: ignore[attr-defined]


MID_WORD_BREAKS = """(root) => {
  const names = document.querySelectorAll(`${root} .plate-name, ${root} .wl-name`);
  return [...names].flatMap((box) => {
  const broken = [];
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let top = null;
    for (let i = 0; i < node.data.length; i++) {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rects = range.getClientRects();  // a letter just after a break may have two
      const rect = rects[rects.length - 1];
      if (!rect || !rect.width) continue;
      const letters = /\\w/.test(node.data[i]) && /\\w/.test(node.data[i - 1] || "");
      const where = `${node.data.slice(0, i)}|${node.data.slice(i)}`;
      if (top !== null && rect.top > top + 2 && letters) broken.push(where);
      top = rect.top;
    }
  }
  return broken;
  });
}"""
"""The plate and market names broken between two letters with no hyphen."""


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_long_card_names_and_negative_scores_read_properly(
    browser: Browser, site: ServerProcess, width: int, height: int
) -> None:
    """Every plate holding the card with the longest one-word name ("Reinforcements"): on a
    phone the name breaks at a hyphen ("Reinforce-ments"), never between two letters; the
    final scoring writes shards with a minus sign ("−7"), not a hyphen."""
    page, views = open_table(browser, site, width, height)
    through_setup(page)
    assert views.welcome is not None and views.latest is not None
    content, seat = views.welcome["content"], views.latest["view"]["seat"]
    names = [re.sub(r" \(provisional\)|[*:].*", "", text).strip() for text in content["cards"]]
    longest = max(range(len(names)), key=lambda i: max(len(w) for w in names[i].split()))
    view = json.loads(json.dumps(views.view))
    view["table"] = [longest for _ in view["table"]]
    page.evaluate(DRAW, [content, view, seat, []])
    page.evaluate(SETTLED)
    shown = page.locator("#drawn-copy .plate-name").all_inner_texts()
    assert sum(names[longest] == text.replace("\u00ad", "").strip(" *") for text in shown) > 5, (
        names[longest],
        shown,
    )
    assert page.evaluate(MID_WORD_BREAKS, "#drawn-copy") == []
    page.locator("#drawn-copy .tea").screenshot(path=f"/tmp/war-plates-{width}.png")
    parts = {"battles": 4, "other": 1, "castles": 3, "quests": 0, "shards": -7, "total": 1}
    view["final_scores"] = [parts for _ in view["players"]]
    page.evaluate(DRAW, [content, view, seat, []])
    cells = page.locator("#drawn-copy table.scores td").all_inner_texts()
    assert "\u22127" in cells and not any(cell.startswith("-") for cell in cells), cells
    page.locator("#drawn-copy table.scores").screenshot(path=f"/tmp/war-scores-{width}.png")
    assert not page.errors  # type: ignore[attr-defined]
