"""Every page of the web table on a desktop (1280x800) and a phone (390x844): no sideways
scroll, and no serious or critical accessibility violation by axe-core. One load per page and
size, both checks on it; one server for the module."""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx2 as httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support import ServerProcess
from wonderland.core import game_ids
from wonderland.hosting.aids import aids_game_ids, scored_game_ids

from .conftest import new_page, overflow, serious_violations

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
BOTS = {"parade": "greedy", "wonderdice": "greedy", "wonderlands_war": "heuristic"}
SCORE_ENTRIES = {
    "parade": [{"cards": "R4 R5 R6"}, {"cards": "B1 B2"}, {"cards": "G9 K8"}],
    "wonderlands_war": [{"battles": "12", "castles": "2"}, {"battles": "9"}, {"battles": "14"}],
}
"""What each of three seats has at the end, for the score calculators."""
Loader = Callable[[Page, ServerProcess, dict[str, str]], None]
"""Opens a page ready to check: the page, the server, the finished tables by game."""
REPLAYED = ("parade", "wonderlands_war")
"""Games whose bots finish a game in moments (Wonderdice runs on the table's clock)."""


def create(site: ServerProcess, game: str, seats: list[dict[str, str]]) -> dict[str, object]:
    """A new table through the API."""
    response = httpx.post(f"{site.url}/api/tables", json={"game": game, "seats": seats}, timeout=10)
    assert response.status_code == 200, response.text
    created: dict[str, object] = response.json()
    return created


@pytest.fixture(scope="module")
def finished(shared_site: ServerProcess) -> dict[str, str]:
    """A game played to its end by bots, for each game in REPLAYED: table ids by game."""
    tables = {}
    for game in REPLAYED:
        bot = {"kind": "bot", "bot": BOTS[game]}
        tables[game] = str(create(shared_site, game, [bot, bot, bot])["table"])
    return tables


def wait_finished(site: ServerProcess, table: str) -> None:
    """Until the bots have finished ``table`` (its replay opens)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if httpx.get(f"{site.url}/api/tables/{table}/replay", timeout=10).status_code == 200:
            return
        time.sleep(0.2)
    raise AssertionError(f"the bots did not finish table {table}")


def lobby(page: Page, site: ServerProcess, finished: dict[str, str]) -> None:
    page.goto(site.url + "/")
    expect(page.locator(".game form").first).to_be_visible()
    expect(page.locator("#recent li").first).to_be_visible()


def table(game: str) -> Loader:
    def load(page: Page, site: ServerProcess, finished: dict[str, str]) -> None:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": BOTS[game]}, {"kind": "human"}]
        links = create(site, game, seats)["seats"]
        assert isinstance(links, list)
        page.goto(links[0]["url"])
        expect(page.locator("#seats li")).to_have_count(3)
        expect(page.locator("#board *").first).to_be_attached()
        page.wait_for_timeout(400)  # the first animations settle

    return load


def learn(game: str) -> Loader:
    def load(page: Page, site: ServerProcess, finished: dict[str, str]) -> None:
        page.goto(f"{site.url}/learn/{game}?seed=3")
        expect(page.locator("#script option").first).to_be_attached()
        page.locator("#start-lesson").click()
        expect(page.locator("#lesson-title")).not_to_be_empty()
        page.locator("#start-practice").click()
        expect(page.locator("#questions .answer").first).to_be_visible()

    return load


def score(game: str) -> Loader:
    def load(page: Page, site: ServerProcess, finished: dict[str, str]) -> None:
        page.goto(f"{site.url}/score/{game}")
        expect(page.locator(".entry").first).to_be_visible()
        for seat in range(page.locator(".entry").count()):
            for key, value in SCORE_ENTRIES[game][seat].items():
                page.locator(f"#{key}-{seat}").fill(value)
        page.locator("#calculate").click()
        expect(page.locator("#result .scores")).to_be_visible()

    return load


def replay(game: str) -> Loader:
    def load(page: Page, site: ServerProcess, finished: dict[str, str]) -> None:
        table_id = finished[game]
        wait_finished(site, table_id)
        page.goto(f"{site.url}/t/{table_id}")
        expect(page.locator("#game-over")).to_be_visible()
        expect(page.locator("#over-headline")).not_to_be_empty()
        page.locator("#replay-open").click()
        expect(page.locator("#replay-pos")).to_contain_text("start, before move 1 of")
        for _ in range(12):  # into the middle of the game
            page.locator("#replay-next").click()
        expect(page.locator("#replay-label")).to_contain_text("Move 12:")
        page.wait_for_timeout(400)

    return load


PAGES: dict[str, Loader] = {"lobby": lobby}
PAGES.update({f"table-{game}": table(game) for game in game_ids()})
PAGES.update({f"learn-{game}": learn(game) for game in aids_game_ids()})
PAGES.update({f"score-{game}": score(game) for game in scored_game_ids()})
PAGES.update({f"replay-{game}": replay(game) for game in REPLAYED})


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("name", list(PAGES))
def test_page_fits_and_passes_axe(
    browser: Browser,
    shared_site: ServerProcess,
    finished: dict[str, str],
    name: str,
    size: str,
) -> None:
    """The page scrolls only down and axe-core finds nothing serious or critical on it."""
    width, height = SIZES[size]
    page = new_page(browser, width, height)
    PAGES[name](page, shared_site, finished)
    problems = [f"{overflow(page)} px wider than the window"] if overflow(page) else []
    problems += serious_violations(page)
    assert not problems, f"{name} at {width}x{height}:\n" + "\n".join(problems)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_keys_press_the_boards_shortcuts(browser: Browser, shared_site: ServerProcess) -> None:
    """The tab title says when it is your turn; the skip link leads to the board; the key 1
    presses the board's button marked data-shortcut="1" (Parade: the first card in the hand)."""
    links = create(shared_site, "parade", [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
    assert isinstance(links["seats"], list)
    page = new_page(browser)
    page.goto(links["seats"][0]["url"])
    expect(page).to_have_title("Your turn · Parade · Wonderland Table")
    expect(page.locator('#board [data-shortcut="1"]').first).to_be_enabled()
    expect(page.locator("#log")).not_to_contain_text("(you) played")
    page.keyboard.press("Tab")
    expect(page.locator(".skip-link")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_be_focused()
    page.keyboard.press("1")
    expect(page.locator("#log")).to_contain_text("player 1 (you) played")
    assert not page.errors  # type: ignore[attr-defined]
