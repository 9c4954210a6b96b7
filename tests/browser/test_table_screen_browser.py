"""The table screen of each game in mid-game (and of a Parade at its end) fits a laptop
(1280x720) and a TV (1920x1080) without scrolling, with whose turn it is and the last moves
in large type, and passes axe.

The positions are reached by the players' seeded random moves over the websocket; the
players stay connected while the screens are looked at."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support import ServerProcess

from .conftest import new_page, serious_violations
from .positions import (
    QUICK,
    Players,
    State,
    at_battle,
    finished,
    in_tea_party,
    raced,
    seated,
    told,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

POSITIONS: dict[str, tuple[str, int, dict[str, str], Callable[[State], bool]]] = {
    # name: (game, players, variants, the position)
    "war-2-tea-party": ("wonderlands_war", 2, {}, in_tea_party(4)),
    "war-5-battle": ("wonderlands_war", 5, {}, at_battle(8)),
    "parade-2": ("parade", 2, {}, told(20)),
    "parade-6": ("parade", 6, {}, told(40)),  # a random game of six may end by 45 lines
    "parade-4-over": ("parade", 4, {}, finished),
    "wonderdice-6-race": ("wonderdice", 6, QUICK, raced(14)),
}
SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(scope="module")
def screen_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real server that lets one address hold every player's connection at once."""
    data = tmp_path_factory.mktemp("screen") / "data"
    process = ServerProcess(data, flags=("--sockets-per-address", "64"))
    process.start()
    yield process
    process.stop()


def measures(page: Page) -> dict[str, Any]:
    """The page's scroll sizes against its window, and the type sizes as drawn."""
    measured: dict[str, Any] = page.evaluate(
        """() => {
          const scale = parseFloat(document.body.style.zoom) || 1;
          const px = (node) => parseFloat(getComputedStyle(node).fontSize) * scale;
          const doc = document.documentElement;
          return {
            height: doc.scrollHeight, width: doc.scrollWidth, window: [innerWidth, innerHeight],
            turn: px(document.getElementById("turn")),
            log: [...document.querySelectorAll("#screen-log li")].map(px),
            players: [...document.querySelectorAll(".screen-player")].map(px),
          };
        }"""
    )
    return measured


@pytest.mark.parametrize("name", POSITIONS)
def test_the_screen_fits_without_scrolling(
    browser: Browser, screen_site: ServerProcess, name: str
) -> None:
    game, people, variants, done = POSITIONS[name]
    table = seated(screen_site.url, game, people, **variants)
    with Players(screen_site.url, table) as players:  # connected while the screen is looked at
        state = players.play_until(done, random.Random(name))
        for width, height in SIZES:
            look_at_the_screen(browser, players.screen, state, name, (width, height))


def look_at_the_screen(
    browser: Browser, url: str, state: State, name: str, size: tuple[int, int]
) -> None:
    """The screen at ``size`` fits without scrolling, in large type, and passes axe."""
    width, height = size
    page = new_page(browser, width, height)
    page.goto(url)
    expect(page.locator("#board > *").first).to_be_visible()
    expect(page.locator("#screen-log li").last).to_be_visible()
    page.wait_for_timeout(600)  # the renderer's stylesheet is in: the board is fitted
    seen = measures(page)
    assert seen["height"] <= height and seen["width"] <= width, (name, width, seen)
    smallest = 18 * width / 1280  # the screen's type at 1280x720, scaled with the window
    assert seen["log"] and min(seen["log"] + seen["players"]) >= smallest - 0.5, seen
    assert seen["turn"] >= smallest
    assert len(seen["players"]) == len(state["seats"])
    if state["to_move"] and not state["live"]:
        moving = page.locator(".screen-player.screen-moving")
        expect(moving).to_have_count(len(state["to_move"]))
    if width == 1920:
        assert serious_violations(page) == []
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()
